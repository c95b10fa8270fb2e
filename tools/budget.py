"""`make budget`: what the Spades bots cost on the board.

Runs on the board VM (`BOARDVM=`, default ../shared/boardvm/circuitpython-board32 when it
exists: CircuitPython 10.2.1, 32-bit, the badge's object layout; engine/ compiled and
patched to `C` .mpy as tools/bundle.py does), else under the 64-bit MicroPython of the
lane (`--vm micropython`). In one process: measures pystone, plays four-player and
two-player hands with normal and hard bots, and times every bot decision (board ms =
host ms * host pystones/s / 1500, tools/pystone.py; on the VM both are read from its
`time.ticks_cpu()`, CPU time a loaded host does not distort; each decision is run by
fresh bots with the same seed, the least of the runs counts). A third run plays
four hard bots through the first hand of match seed 4 (bot seeds as the arena's),
where the sampler once needed 539 redeals for one decision. The heap figure is what
the bot adds above the engine's own: the bot modules and objects after import, plus
the most any single decision allocates (gc is held off during a decision and
collected after it, so that is an upper bound on the decision's peak).

Last line: `result: normal_worst_board_ms=<x> hard_p95_board_ms=<y> hard_worst_board_ms=<w> peak_heap_kb=<z> vm=<name>`.
Options: --hands N (per variant, default 6), --budget B (hard's card plays), --heap, --vm.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from mpy_lane import compile_tree, tool  # noqa: E402

MPY_SCRIPT = r'''
import gc
import sys
import time
gc.collect()
import pystone
CLOCK = getattr(time, "%(clock)s")
HANDS = %(hands)d
BUDGET = %(budget)d
GAMES = %(games)s
REPEAT = %(repeat)d


def pystones(loops):
    t0 = CLOCK()
    pystone.Proc0(loops)
    return loops * 1e6 / max(1, time.ticks_diff(CLOCK(), t0))


PPS = pystones(3000)
gc.collect()
NAMES = {4: "spades4", 2: "spades2", 44: "spades4-match4-hand1"}


def run(game):
    gc.collect()
    n = game %% 10
    if n == 4:
        from engine.spades import Match
    else:
        from engine.spades2 import Match
    from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND, PLAY
    hands = HANDS
    if game == 44:  # four hard bots, match seed 4, seats seeded as the arena seeds them
        m = Match(4)
        levels = ("hard",) * 4
        seeds = [4 * 8 + s for s in range(4)]
        hands = 1
    else:
        m = Match(7 + n)
        levels = ("hard", "normal", "hard", "normal") if n == 4 else ("hard", "normal")
        seeds = [11 + s for s in range(n)]
    gc.collect()
    base = gc.mem_alloc()
    from engine.bots import spades_bot
    from engine.bots import spades_search
    bots = [spades_bot.Bot(s, levels[s], seeds[s], BUDGET) for s in range(n)]
    spades_bot._searcher()  # the Search all hard bots share, allocated once
    gc.collect()
    resident = gc.mem_alloc() - base
    times = {"hard": [], "normal": []}
    worst_alloc = 0
    done = 0
    while done < hands and m.phase != MATCH_OVER:
        if m.phase == HAND_OVER:
            done += 1
            m.apply(NEXT_HAND)
            continue
        s = m.to_move
        v = m.observation(s)
        # the least-loaded of REPEAT runs of the same decision (a fresh bot, same seed)
        best = None
        for rep in range(REPEAT):
            seed = seeds[s] if game == 44 else 1000 + len(times[levels[s]])
            bot = spades_bot.Bot(s, levels[s], seed, BUDGET)
            if game == 44:  # the match's own bot, where its generator stands
                bot.rng.hi = bots[s].rng.hi
                bot.rng.lo = bots[s].rng.lo
            gc.collect()
            pps = pystones(300)  # beside this very run
            gc.collect()
            a0 = gc.mem_alloc()
            gc.disable()
            t0 = CLOCK()
            a = bot.act(v)
            dt = time.ticks_diff(CLOCK(), t0)
            used = gc.mem_alloc() - a0
            gc.enable()
            b = dt * pps / 1500.0 / 1000.0
            if best is None or b < best:
                best = b
        times[levels[s]].append(best)
        if used > worst_alloc:
            worst_alloc = used
        if game == 44:
            a = bots[s].act(v)  # moves the match's own bot on, as in the arena
        m.apply(a, s)
    for lv in ("normal", "hard"):
        ts = sorted(times[lv])
        times[lv] = ts
        if ts:
            p95 = ts[(len(ts) * 95) // 100 if len(ts) > 1 else 0]
            print("%%s %%s decisions=%%d worst_board_ms=%%d p95_board_ms=%%d median_board_ms=%%d"
                  %% (NAMES[game], lv, len(ts), ts[-1], p95, ts[len(ts) // 2]))
    print("%%s resident_bytes=%%d worst_decision_alloc_bytes=%%d" %% (NAMES[game], resident, worst_alloc))
    return times, resident + worst_alloc


print("pystones/s=%%d" %% PPS)
alln = []
allh = []
peak = 0
for g in GAMES:
    try:
        tm, pk = run(g)
    except ImportError as e:
        print("%%s skipped: %%r" %% (NAMES[g], e))
        continue
    alln += tm["normal"]
    allh += tm["hard"]
    peak = max(peak, pk)
    for k in list(sys.modules):
        if k.startswith("engine."):
            del sys.modules[k]
    gc.collect()
alln.sort()
allh.sort()
nw = alln[-1] if alln else 0
hp = allh[(len(allh) * 95) // 100] if allh else 0
hw = allh[-1] if allh else 0
print("RESULT %%d %%d %%d %%d" %% (nw, hp, hw, (peak + 1023) // 1024))
'''


def default_vm():
    vm = os.environ.get("BOARDVM") or os.path.join(os.path.dirname(ROOT), "shared", "boardvm",
                                                   "circuitpython-board32")
    return vm if os.path.exists(vm) else "micropython"


def compile_for_vm(out):
    """engine/ as the bundle ships it: `C` .mpy files (tools/bundle.py's compile)."""
    import bundle
    compiler = bundle.default_compiler()
    for d, _, files in os.walk(os.path.join(ROOT, "engine")):
        for fn in sorted(files):
            if fn.endswith(".py"):
                src = os.path.join(d, fn)
                rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
                err = bundle.compile_one(compiler, src, rel, os.path.join(out, rel[:-3] + ".mpy"),
                                         True, cache=None)
                if err:
                    raise SystemExit("budget: " + err)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Spades bot budgets on the board VM or MicroPython")
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--heap", default="512K")
    ap.add_argument("--games", default="4,2,44", help="4, 2, and 44: match seed 4's first hand, all hard")
    ap.add_argument("--vm", default=None, help="board VM path, or `micropython` for the lane's")
    args = ap.parse_args(argv)
    sys.path.insert(0, ROOT)
    from engine.bots.spades_bot import HARD_BUDGET
    budget = args.budget or HARD_BUDGET
    vm = args.vm or default_vm()
    board = vm != "micropython"
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    out = tempfile.mkdtemp(prefix="budget-", dir=os.path.join(ROOT, "build"))
    try:
        if board:
            compile_for_vm(out)
        else:
            compile_tree(os.path.join(ROOT, "engine"), "engine/", os.path.join(out, "engine"))
        shutil.copy(os.path.join(ROOT, "tools", "pystone.py"), os.path.join(out, "pystone.py"))
        res = []
        for g in args.games.split(","):
            # each variant in its own process: one game's modules at a time
            with open(os.path.join(out, "budget_run.py"), "w") as f:
                f.write(MPY_SCRIPT % {"hands": args.hands, "budget": budget, "games": "(" + g + ",)",
                                      "clock": "ticks_cpu" if board else "ticks_us",
                                      "repeat": 2 if board else 3})
            exe = vm if board else tool("micropython")
            proc = subprocess.run([exe, "-X", "heapsize=" + args.heap, "budget_run.py"],
                                  cwd=out, capture_output=True, text=True, timeout=3000)
            got = None
            for line in (proc.stdout + proc.stderr).splitlines():
                if line.startswith("RESULT "):
                    got = [int(x) for x in line.split()[1:]]
                else:
                    print(line)
            if proc.returncode != 0 or got is None:
                print("budget: %s failed (exit %s)" % (os.path.basename(exe), proc.returncode))
                return 1
            res.append(got)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print("hard budget %d card plays, measured on %s" % (budget, vm))
    print("result: normal_worst_board_ms=%d hard_p95_board_ms=%d hard_worst_board_ms=%d peak_heap_kb=%d vm=%s"
          % (max(r[0] for r in res), max(r[1] for r in res), max(r[2] for r in res),
             max(r[3] for r in res), os.path.basename(vm)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
