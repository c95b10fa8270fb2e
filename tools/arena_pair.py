"""Two duplicate-hand runs of the same deals compared deal by deal:

    python tools/arena.py --a hard --b ismcts:260 --hands 300 --seed 911 --dump before.txt
    ... change the bot ...
    python tools/arena.py --a hard --b ismcts:260 --hands 300 --seed 911 --dump after.txt
    python tools/arena_pair.py before.txt after.txt

Each deal's margin swings by a hundred points, so the difference of two runs' means is
mostly noise where a change moves few deals (the search's own choices: a budget, a
margin); the mean of the per-deal differences is not. A change to the play policy moves
most deals (ismcts plays its rollouts with it too) and pairing narrows its interval
little: count on about +/-6 bag-charged a deal at 300 deals there. Last line: `result: paired_points=<d> ci95=<lo>-<hi> paired_bag_charged=<d>
ci95=<lo>-<hi> changed=<k> deals=<n>`, after minus before, over the deals both played.
"""
import math
import sys


def read(path):
    """{deal index: (plain, bag-charged)} from an arena --dump file."""
    out = {}
    with open(path) as f:
        for line in f:
            i, p, c = line.split()
            out[int(i)] = (float(p), float(c))
    return out


def paired(before, after, col):
    """Mean of after - before over the deals both runs played, its 95% interval, and
    how many deals changed."""
    d = [after[i][col] - before[i][col] for i in sorted(before) if i in after]
    k = len(d)
    if not k:
        raise ValueError("the two runs share no deal")
    mu = sum(d) / k
    var = sum((x - mu) ** 2 for x in d) / (k - 1) if k > 1 else 0.0
    h = 1.96 * math.sqrt(var / k)
    return mu, mu - h, mu + h, sum(1 for x in d if x), k


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print(__doc__)
        return 2
    before, after = read(argv[0]), read(argv[1])
    mu, lo, hi, changed, k = paired(before, after, 0)
    g, glo, ghi, _, _ = paired(before, after, 1)
    print("result: paired_points=%.2f ci95=%.2f-%.2f paired_bag_charged=%.2f ci95=%.2f-%.2f "
          "changed=%d deals=%d" % (mu, lo, hi, g, glo, ghi, changed, k))
    return 0


if __name__ == "__main__":
    sys.exit(main())
