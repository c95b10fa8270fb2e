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
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from arena_hands import interval  # noqa: E402


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
    if not d:
        raise ValueError("the two runs share no deal")
    mu, lo, hi = interval(d)
    return mu, lo, hi, sum(1 for x in d if x), len(d)


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
