"""Spit bot decision cost in board milliseconds.

A decision is what the game loop pays each time a bot looks at the table: the
observation for its seat plus SpitBot.next_move (and slap). Timed under the real
MicroPython (the lane's `micropython`) next to pystone in the same process, then
converted to board time (board = tools/pystone.BOARD_PYSTONES passes/s).

    python tools/bench_spit.py        -> spit_decision_board_ms=<mean>  (and the max)

bench.py calls `measure()` -> (mean, p99, max board ms, decisions, median board ms,
'micropython'|'cpython'); `main()` prints the line.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = r"""
import sys
sys.path.insert(0, %(root)r)
sys.path.insert(0, %(tools)r)
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter
    def ticks_us():
        return int(perf_counter() * 1000000)
    def ticks_diff(a, b):
        return a - b
import pystone
from engine import spit as S
from engine.spit_bot import SpitBot
from engine.spit_match import play_match

total = 0
worst = 0
n = 0
times = []
view = S.View()
probes = [SpitBot(lv, 77 + lv) for lv in (1, 2, 3, 4, 5)]


def hook(g, p, a, t, r):
    global total, worst, n
    if g.phase != S.PH_PLAY and g.phase != S.PH_SLAP:
        return
    for q in (0, 1):
        bot = probes[n %% 5]
        t0 = ticks_us()
        g.observation(q, view)
        if g.phase == S.PH_PLAY:
            bot.next_move(view, t)
        else:
            bot.slap(view, t)
        d = ticks_diff(ticks_us(), t0)
        times.append(d)
        total += d
        if d > worst:
            worst = d
        n += 1


ps = pystone.pystones_per_second(%(loops)d)
for i in range(%(matches)d):
    g = S.Spit(500 + i)
    play_match(g, SpitBot(1 + i %% 5, i), SpitBot(5 - i %% 5, i + 9), 60, hook)
ps = (ps + pystone.pystones_per_second(%(loops)d)) / 2
times.sort()
print("RESULT %%d %%d %%d %%d %%d %%d" %% (total, worst, n, int(ps), times[n * 99 // 100], times[n // 2]))
"""


def _run(cmd, matches=6, loops=1500):
    fd, path = tempfile.mkstemp(suffix=".py", prefix="bench_spit_")
    with os.fdopen(fd, "w") as f:
        f.write(SCRIPT % {"root": ROOT, "tools": os.path.join(ROOT, "tools"),
                          "matches": matches, "loops": loops})
    try:
        out = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=600)
    finally:
        os.remove(path)
    for line in out.stdout.splitlines():
        if line.startswith("RESULT "):
            total, worst, n, ps, p99, med = (int(x) for x in line.split()[1:])
            board = ps / 1500.0  # board_s = host_s * host_pystones / 1500
            return (total / n / 1000.0 * board, p99 / 1000.0 * board, worst / 1000.0 * board, n,
                    med / 1000.0 * board)
    raise RuntimeError("bench_spit failed: " + out.stdout[-500:] + out.stderr[-2000:])


def measure():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    mp = here if os.path.exists(here) else "micropython"
    try:
        return _run([mp, "-X", "heapsize=1M"]) + ("micropython",)  # source + pystone tables
    except (OSError, RuntimeError):
        return _run([sys.executable]) + ("cpython",)


def main():
    mean, p99, worst, n, med, where = measure()
    print("spit decision: %d decisions under %s: median %.2f, p99 %.2f, max %.2f board ms"
          " (p99/max include gc and host scheduling)" % (n, where, med, p99, worst))
    print("spit_decision_board_ms=%.2f" % mean)
    return 0


if __name__ == "__main__":
    sys.exit(main())
