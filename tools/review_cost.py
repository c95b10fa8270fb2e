"""What a hand's review and par cost on the board (engine/bots/spades_review.py):
deal numbers played to their end with a bot of one level in the player's seat, then
reviewed on the board VM (../shared/boardvm/), each in board seconds (VM CPU time
scaled by pystone, tools/pystone.py), with the slowest slice of --slice card plays and the
heap the review holds at its peak (collected after every slice, beside the hand played).

    python tools/review_cost.py [--first 300] [--deals 12] [--player easy] [--level normal] [--seats 4]
                                [--behind 0] [--slice 200]

--behind N reviews a match's hand 6 begun with the player's side N points behind (hard
bids Blind Nil unseen from 150 behind with its partner yet to bid, declares Double Nil
from 250), not a deal alone from 0-0; --slice is the card plays a step (the page's is
20: ui/spades_hand_review.py).

Prints one line per deal and `review: p50 <s> worst <s> board-s, slice worst <ms>
board-ms, heap peak <KB> KB` (target: 20 board-s a hand, par included).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from boardjudge import vm_path  # noqa: E402

_MAIN = """import gc, sys, time
sys.path[:0] = [%r, %r]
from engine import spades, spades2, numbered
from engine.bots import spades_bot as sb
from engine.tricks import HAND_OVER, MATCH_OVER
M = spades.Match if %d == 4 else spades2.Match
for number in range(%d, %d):
    m = M(1, True, True, 500, False)
    if %d:  # a match's hand 6, side 0 that far behind: Blind and Double Nils in play
        m.scores = [0, %d]
        m.hand_no = 6
    numbered.deal(m, number, not %d)
    while m.phase != HAND_OVER and m.phase != MATCH_OVER:
        s = m.to_move
        v = m.observation(s)
        m.apply(sb.Bot(s, %r if s == 0 else %r, sb.seed(v)).act(v), s)
    v = None
    gc.collect()
    base = gc.mem_alloc()
    peak = 0
    from engine.bots.spades_review import Review
    t0 = time.ticks_cpu()
    r = Review(m, %r)
    total = time.ticks_diff(time.ticks_cpu(), t0)
    worst = 0
    steps = 0
    while True:
        t1 = time.ticks_cpu()
        done = r.step(%d)
        us = time.ticks_diff(time.ticks_cpu(), t1)
        total += us
        worst = max(worst, us)
        steps += 1
        gc.collect()  # what the review holds, not its garbage (off the clock)
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        if done:
            break
    us = total
    print("review %%d us=%%d slice_us=%%d steps=%%d heap=%%d you=%%d par=%%d costly=%%d" %% (
        number, us, worst, steps, peak - base, r.you, r.par, len(r.costly)))
    r = None
    m = None
    sys.modules.pop("engine.bots.spades_review")
    gc.collect()
import pystone_cpu
print("pystones_per_cpu_s=%%d" %% pystone_cpu.rate())
"""

BOARD_PYSTONES = 1500


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=300, help="the first deal number")
    ap.add_argument("--deals", type=int, default=12, help="deal numbers from --first on")
    ap.add_argument("--player", default="easy", help="the level that plays the player's seat")
    ap.add_argument("--level", default="normal", help="the other seats' level")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--behind", type=int, default=0, help="the player's side this far behind at hand 6")
    ap.add_argument("--slice", type=int, default=200, help="card plays a step")
    ap.add_argument("--heap", default="400K")
    a = ap.parse_args(argv)
    vm = vm_path()
    if vm is None:
        print("review: skipped: no board VM: board-s unknown")
        return 0
    lo, hi = a.first, a.first + a.deals
    tmp = tempfile.mkdtemp(prefix="review-")
    dist = os.path.join(tmp, "CIRCUITPY")  # the bundle's .mpy, as the badge loads them: no compiling on the clock
    b = subprocess.run([sys.executable, os.path.join(HERE, "bundle.py"), "--out", dist], capture_output=True, text=True)
    if b.returncode:
        print(b.stdout[-2000:] + b.stderr[-2000:])
        return 1
    code = _MAIN % (dist, os.path.join(HERE, "boardfit_standins"), a.seats, lo, hi, a.behind, a.behind, a.behind,
                    a.player, a.level, a.level, a.slice)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
    env = dict(os.environ, MICROPYPATH=HERE)
    p = subprocess.run([vm, "-X", "heapsize=" + a.heap, f.name], capture_output=True, text=True, env=env,
                       cwd=HERE, timeout=3600)
    os.unlink(f.name)
    shutil.rmtree(tmp, ignore_errors=True)
    out = p.stdout
    rows = [l.split() for l in out.splitlines() if l.startswith("review ")]
    pps = [int(l.split("=")[1]) for l in out.splitlines() if l.startswith("pystones_per_cpu_s=")]
    if p.returncode or not rows or not pps:
        print(out[-2000:] + p.stderr[-2000:])
        return 1
    scale = pps[0] / BOARD_PYSTONES / 1e6  # VM us -> board s
    secs = []
    slices = []
    heaps = []
    for r in rows:
        f = dict(x.split("=") for x in r[2:])
        s = int(f["us"]) * scale
        secs.append(s)
        slices.append(int(f["slice_us"]) * scale * 1000)
        heaps.append(int(f["heap"]) / 1024)
        print("deal %s: %.1f board-s, %s slices, slowest %.0f board-ms, heap %.1f KB, you %s par %s, %s costly"
              % (r[1], s, f["steps"], slices[-1], heaps[-1], f["you"], f["par"], f["costly"]))
    secs.sort()
    print("review (%d deals, %d seats, player %s, others %s): p50 %.1f worst %.1f board-s, slice worst %.0f "
          "board-ms, heap peak %.1f KB" % (len(secs), a.seats, a.player, a.level, secs[len(secs) // 2], secs[-1],
                                           max(slices), max(heaps)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
