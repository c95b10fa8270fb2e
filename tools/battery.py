"""`python tools/battery.py`: the battery's figures on the board VM (issue 24 item 14):
frames a second and the share of each second slept, on the title menu, at the table
waiting for you and while the bots think; the same with the frames back to back (as the
loop ran before it rested: no sleep moves the clock); and when the backlight dims.

The bundle runs on the board VM as `make boardfit` runs it (tools/boardfit.py, its
stand-ins in tools/boardfit_standins/), with a clock that is board time: the VM's CPU
time turned into board ms by pystone (1,500 pystones a board second), plus what
ui/hardware_board.py sleeps (a stand-in time.sleep that moves the clock and returns at
once). The scripted player (plan "pace", boardfit_pace.py) leaves the title menu
untouched until it dims, presses one key (which must only light it), then plays one
hand of four-player Spades against hard bots, waiting 2 board-seconds at each of its
turns, and quits. The display's refresh costs nothing on the VM: the badge's panel
transfer is not in the figures (a still screen refreshes nothing).

    python tools/battery.py [--runs N]   # N runs of each (default 2), the table and a
                                         # last `result:` line
    python tools/battery.py --paced      # one paced run only (make test: a check)
A busy host only slows a run, so of each kind the run whose decisions took least is shown.
Without the VM it says so and exits 0.
"""
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import boardfit  # noqa: E402

STATES = ("title_menu", "your_turn", "bots_thinking")
LABELS = {"title_menu": "title menu", "your_turn": "table, your turn", "bots_thinking": "bots thinking"}


def parse(out):
    """{state: [frames, board ms, slept ms, runs]} summed over the run's VMs, and the
    board-ms after which the backlight dimmed (-1: it did not)."""
    got = {}
    dim = -1
    got["deciding_slept"] = 0
    for line in out.splitlines():
        if line.startswith("pace: slept while a bot was deciding: "):
            got["deciding_slept"] += int(line.split()[-2])
        if line.startswith("pace ") and "frames=" in line:
            parts = line.split()
            vals = [int(p.split("=")[1]) for p in parts[2:6]]
            acc = got.setdefault(parts[1], [0, 0, 0, 0])
            for i in range(4):
                acc[i] += vals[i]
        elif line.startswith("pace: dimmed after "):
            dim = int(line.split()[3])
    return got, dim


def run(b, heap, mode):
    t0 = time.time()
    ok, out = b.run("boardfit_main", ["pace", mode], heap)
    if not ok or "pace: the waking key only lit the screen" not in out:
        raise SystemExit("battery: the %s run failed at %d KB:\n%s" % (mode, heap, out[-3000:]))
    got, dim = parse(out)
    return got, dim, time.time() - t0


def rate(row):
    frames, ms, slept, runs = row
    fps = frames * 1000.0 / ms if ms else 0.0
    share = 100.0 * slept / ms if ms else 0.0
    return fps, share


def best(b, heap, mode, n):
    """Of n runs, the one whose bots' decisions took the least board time."""
    out = None
    for _ in range(n):
        got = run(b, heap, mode)
        if out is None or decision_ms(got[0]) < decision_ms(out[0]):
            out = got
    return out


def decision_ms(got):
    row = got.get("bots_thinking", [0, 0, 0, 0])
    return row[1] / float(row[3]) if row[3] else 0.0


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=2, help="runs of each kind, the best shown")
    ap.add_argument("--paced", action="store_true", help="one paced run only, no back-to-back one")
    args = ap.parse_args(argv)
    vm = boardfit.vm_path()
    if vm is None:
        print("battery: skipped: no board VM at %s (BOARDVM= names one)"
              % (os.environ.get("BOARDVM") or boardfit.DEFAULT_VM))
        return 0
    work = tempfile.mkdtemp(prefix="battery-")
    try:
        b = boardfit.Board(vm, work)
        extra = b.overhead("boardfit_main", ["standins", "pace"])
        heap = boardfit.BADGE_FREE_KB + (extra + 1023) // 1024
        paced, dim, secs = best(b, heap, "pace", 1 if args.paced else args.runs)
        back, _, secs0 = ({}, -1, 0) if args.paced else best(b, heap, "pace0", args.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("battery: board VM %s, %d KB free for the game; board time (pystone), panel transfer not included"
          % (vm, boardfit.BADGE_FREE_KB))
    print("  %-18s %8s %9s %9s %8s   %s" % ("", "frames", "board s", "frames/s", "asleep",
                                            "" if args.paced else "back to back (before): frames/s"))
    res = []
    for st in STATES:
        row = paced.get(st, [0, 0, 0, 0])
        fps, share = rate(row)
        before = "" if args.paced else "%.0f" % rate(back.get(st, [0, 0, 0, 0]))[0]
        print("  %-18s %8d %9.1f %9.1f %7.1f%%   %s" % (LABELS[st], row[0], row[1] / 1000.0, fps, share, before))
        res.append("%s_fps=%.1f %s_asleep_pct=%.1f" % (st, fps, st, share))
    think = paced.get("bots_thinking", [0, 0, 0, 0])
    per = decision_ms(paced)
    print("  a bot's decision: %.0f board-ms, %.1f frames (%d decisions)" % (per, think[0] / float(think[3] or 1), think[3]))
    if not args.paced:
        think0 = back.get("bots_thinking", [0, 0, 0, 0])
        print("  back to back, the same deals and decisions: %.0f board-ms, %.1f frames (%d decisions)"
              % (decision_ms(back), think0[0] / float(think0[3] or 1), think0[3]))
        res.append("decision_board_ms_back_to_back=%.0f" % decision_ms(back))
    print("  slept while a bot was deciding: %d ms (the frame that ends a decision rests after it)"
          % paced["deciding_slept"])
    print("  backlight dimmed after %.1f board-s without a key; the waking key only lit it" % (dim / 1000.0))
    print("  (best of %d runs; one took %.0f s paced%s)" % (1 if args.paced else args.runs, secs,
                                                          "" if args.paced else ", %.0f s back to back" % secs0))
    print("result: " + " ".join(res) + " decision_board_ms=%.0f slept_deciding_ms=%d dim_after_s=%.1f"
          % (per, paced["deciding_slept"], dim / 1000.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
