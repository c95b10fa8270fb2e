"""`make bench`: what a game step costs, on CPython and under the real MicroPython,
stated in board seconds against pystone measured in the same process (PLATFORM.md:
the board runs tools/pystone.BOARD_PYSTONES passes per second).

Each entry of BENCHES is a function bench(run, quick) -> (lines, result_fields):
`run(script_source, args)` runs a script under CPython and under MicroPython (engine/
and tools/pystone.py compiled with mpy-cross beside it, `-X heapsize` as HEAP) and
returns {"cpython": {key: value}, "micropython": {key: value}} from the `key=value`
lines the script printed. Lines are printed in order; the result fields of every
entry are joined into the last line, `result: ...` (an entry with no result field
returns None for it). To add a bench, write one function and append it to BENCHES.

    python tools/bench.py [--quick]

--quick (`make test`: host_tests/test_commands.py) plays 20 Spades hands a lane in one
round, not 100 in the best of 5: the same code on both lanes in a few seconds; its
figures are not a measure. Spit keeps its full count: it is 3 s, and its heap is what
grows.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
HEAP = os.environ.get("BENCH_HEAP", "128K")

from pystone import BOARD_PYSTONES  # noqa: E402


def _tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else name


def _parse(out):
    got = {}
    for line in out.splitlines():
        if "=" in line and " " not in line.strip():
            k, v = line.strip().split("=", 1)
            try:
                got[k] = float(v)
            except ValueError:
                got[k] = v
    return got


def run(source, args=()):
    """Run `source` under CPython and MicroPython; return their key=value lines."""
    tmp = tempfile.mkdtemp(prefix="bench-")
    try:
        script = os.path.join(tmp, "bench_script.py")
        with open(script, "w") as f:
            f.write(source)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tools")]))
        cp = subprocess.run([sys.executable, script] + list(args), capture_output=True,
                            text=True, env=env, cwd=tmp)
        if cp.returncode:
            raise SystemExit("bench failed under CPython:\n" + cp.stdout + cp.stderr)
        # MicroPython: engine/ (with engine/bots/) and pystone as .mpy, like the board
        from mpy_lane import compile_tree
        compile_tree(os.path.join(ROOT, "engine"), "engine/", os.path.join(tmp, "engine"))
        subprocess.run([_tool("mpy-cross"), "-o", os.path.join(tmp, "pystone.mpy"),
                        os.path.join(ROOT, "tools", "pystone.py")], check=True)
        mp = subprocess.run([_tool("micropython"), "-X", "heapsize=" + HEAP,
                             "bench_script.py"] + list(args),
                            capture_output=True, text=True, cwd=tmp)
        if mp.returncode:
            raise SystemExit("bench failed under MicroPython:\n" + mp.stdout + mp.stderr)
        return {"cpython": _parse(cp.stdout), "micropython": _parse(mp.stdout)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---- Spades: full random hands through the engine face, and a bare loop ----

SPADES_SCRIPT = r'''
import sys
import gc
try:
    from time import ticks_ms, ticks_diff
except ImportError:
    from time import perf_counter

    def ticks_ms():
        return perf_counter() * 1000.0

    def ticks_diff(a, b):
        return a - b
import pystone
from engine.rng import Rng
from engine import spades, spades2

HANDS4 = int(sys.argv[1])
HANDS2 = int(sys.argv[2])
ROUNDS = int(sys.argv[3])
BID = spades.BID


def bare(n):
    """Deal and play random legal cards, nothing else: the floor of any engine."""
    r = Rng(1)
    deck = bytearray(range(52))
    for _ in range(n):
        r.shuffle(deck)
        hands = [sorted(deck[i * 13:i * 13 + 13]) for i in range(4)]
        leader = 0
        for _t in range(13):
            lead = -1
            best = -1
            win = leader
            s = leader
            for _k in range(4):
                h = hands[s]
                if lead >= 0:
                    ok = [c for c in h if c // 13 == lead] or h
                else:
                    ok = h
                c = ok[r.below(len(ok))]
                h.remove(c)
                if lead < 0:
                    lead = c // 13
                    best = c
                    win = s
                elif (c // 13 == best // 13 and c > best) or (c >= 39 and best < 39):
                    best = c
                    win = s
                s = (s + 1) & 3
            leader = win


def full(mod, n, bids):
    """n complete hands of random legal play through legal_actions, observation and
    apply at every step, as a bot-driven game does."""
    r = Rng(2)
    m = mod.Match(3)
    done = 0
    BIDDING = mod.BIDDING
    HAND_OVER = mod.HAND_OVER
    while done < n:
        ph = m.phase
        if ph >= HAND_OVER and ph <= 4:
            if ph == HAND_OVER:
                m.apply(mod.NEXT_HAND)
            else:
                m = mod.Match(done)
            done += 1
            continue
        la = m.legal_actions()
        m.observation(m.to_move)
        if la[0] == mod.BLIND_NIL or la[0] == mod.DOUBLE_NIL:
            a = la[1]  # look / no Double Nil
        elif ph == BIDDING:
            a = BID + bids + r.below(2)
        else:
            a = la[r.below(len(la))]
        m.apply(a)


def timed(f, *a):
    gc.collect()
    t0 = ticks_ms()
    f(*a)
    return ticks_diff(ticks_ms(), t0) / 1000.0


# The laptop is shared and its load moves: interleave the rounds and keep the best
# of each (the fastest pystone, the fastest workload), so both see a quiet moment
# (ROUNDS: 5, or 1 for bench.py --quick).
ps = 0.0
t_bare = t4 = t2 = 1e9
for _ in range(ROUNDS):
    ps = max(ps, pystone.pystones_per_second(3000))
    t_bare = min(t_bare, timed(bare, HANDS4))
    t4 = min(t4, timed(full, spades, HANDS4, 2))
    t2 = min(t2, timed(full, spades2, HANDS2, 4))
print("pystones=%d" % ps)
print("bare4_hands_per_s=%.1f" % (HANDS4 / t_bare))
print("spades4_hands_per_s=%.1f" % (HANDS4 / t4))
print("spades2_hands_per_s=%.1f" % (HANDS2 / t2))
print("bare4_hand_board_s=%.4f" % (t_bare / HANDS4 * ps / pystone.BOARD_PYSTONES))
print("spades4_hand_board_s=%.4f" % (t4 / HANDS4 * ps / pystone.BOARD_PYSTONES))
print("spades2_hand_board_s=%.4f" % (t2 / HANDS2 * ps / pystone.BOARD_PYSTONES))
'''


def bench_spades(run, quick=False):
    got = run(SPADES_SCRIPT, ["20", "20", "1"] if quick else ["100", "100", "5"])
    lines = []
    for lane in ("cpython", "micropython"):
        g = got[lane]
        lines.append("%s: pystones/s=%d  hands/s: bare four-player %.0f, spades4 %.0f, spades2 %.0f"
                     % (lane, g["pystones"], g["bare4_hands_per_s"], g["spades4_hands_per_s"],
                        g["spades2_hands_per_s"]))
    g = got["micropython"]
    lines.append("board seconds per hand (MicroPython x pystone): bare four-player loop %.4f, "
                 "spades4 full face %.4f (%.1fx bare; target < 0.1), spades2 full face %.4f"
                 % (g["bare4_hand_board_s"], g["spades4_hand_board_s"],
                    g["spades4_hand_board_s"] / g["bare4_hand_board_s"], g["spades2_hand_board_s"]))
    result = "spades4_hand_board_s=%.4f spades2_hand_board_s=%.4f" % (
        g["spades4_hand_board_s"], g["spades2_hand_board_s"])
    return lines, result


from bench_spit import bench_entry as bench_spit  # noqa: E402  (Spit bot decision cost)

BENCHES = [bench_spades, bench_spit]


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="engine speed on CPython and MicroPython, in board seconds")
    ap.add_argument("--quick", action="store_true", help="a short run that checks the benches work")
    args = ap.parse_args(argv)
    results = []
    for bench in BENCHES:
        lines, result = bench(run, args.quick)
        for line in lines:
            print(line)
        if result:
            results.append(result)
    print("result: " + " ".join(results))


if __name__ == "__main__":
    main()
