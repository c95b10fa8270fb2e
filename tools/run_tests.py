"""`make test`: pytest over host_tests/ (CPython; host_tests/test_commands.py runs every
command the README shows in a short form), then the MicroPython lane, then the
board-VM play-throughs (tools/boardfit.py --check BOARD_HEAP_KB: the whole scripted
session on CircuitPython 10.2.1 with that heap for the game; then the full plan and one
random player at BOARD_FULL_HEAP_KB and BOARD_MONKEY_HEAP_KB) when the board VM is there
(BOARDVM=, default ../shared/boardvm/circuitpython-board32); without it, that lane
says plainly that it was skipped. The pytest lane notes the UI's calls of built-ins
(BOARD_JUDGE, host_tests/conftest.py) and tools/boardjudge.py makes them again on the
board VM; tools/boardvm_crash.py strikes two play-throughs with a MemoryError and
checks that Continue resumes the last save.

Ends with one summary line, `total: <n> passed, <m> failed`, and exits non-zero on
any failure in any lane.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The heap the game must fit in on the board VM is 100 KB (30-50 KB of margin on a badge's
# 130-150 KB free). 2026-12-02, Spades going on in a fresh VM at each hand and after the pause
# menu's pages or hint: the scripted session completes at 98, 100 and 102 (it failed at 97, 98
# and 100 before). Passing is not monotone in the heap: scan, do not bisect, before moving this.
BOARD_HEAP_KB = "100"
JUDGE_CALLS = os.path.join(ROOT, "build", "boardjudge-calls.json")
# The full plan (everything a player can reach: tools/boardfit_standins/boardfit_full.py) and
# random players (issue 22: the target is 100 KB for every plan and seed). 2026-12-02,
# `--scan 90:130:2`: the full plan completed at every heap from 100, random players 1-4 from
# 98. 2026-12-03, the frames split (a replay's deal, a hand's end page, a bot's start each a
# frame's work at a time): the full plan fails at 98-102 and completes at 104 and 106 (twice);
# random players 2-4 complete at 102 and 104; random player 1 now walks a path none took
# before, a replay chosen in the score history of a pause menu's VM, then the pause menu's
# pages in that replay (its VM is never fresh: a replay is never saved), and needs 122-124
# KB (two scans): 1,295 interned names, a seventh name pool. make test runs the full plan at
# 106, random player 2 at 104, and random player 1 at 130 (a margin: its lowest passing heap
# moved between scans), so that path cannot get worse unseen. The full plan runs at 106: at
# 104 it completed 6 runs of 6, but a change meant to hold no more (the replay's frames handing
# on through closures) made it run out there in a two-player replay, as 102 did once.
# 2026-12-03, the title menu's switches in two frames and the code that starts a game out of
# ui/app.py (ui/app_start.py: switch, play): the full plan fails at 100 and completes at
# every heap from 101 to 106 (scans of 100-106 and 100-105; at 106 before, one run of 12
# failed); random player 2 fails at 92-97 and completes at every heap from 98 to 105. Run
# with the drive in folders of other names (the same bundle, the heap laid out a few bytes
# apart), the full plan completed 4 of 4 at 102 and 104, 0 of 4 at 100, and random player 2
# 0 of 4 at 100: so make test runs both at 104. Random player 1 now walks
# another path (the menu's frames moved its keys): its replay VM reaches 1,260 names, the
# harness's seventh pool, at every heap to 130, where the badge would hold 1,092 names in six
# (BOARDFIT_BADGE_POOLS=1 places the pools as the badge has them: fails at 100-115, completes
# at 120-130). It runs with the badge's pools at 130.
# 2026-12-04, a hand's end, a replay's end and the score history a step a frame, the hint's
# words smaller: `--scan 94:104`: the full plan fails at 94-99 and completes at every heap
# from 100; random player 2 fails at 94-98 and completes from 99. At 100 both completed in
# four more layouts of the heap (the drive in folders of four other name lengths): both run
# at 100, the target. Then a replay's pause menu saves it after the match (its pages and
# hint in VMs of their own, as the match's) and Spit lets its saving code go between save
# points: random player 1 (the replay path above) with the badge's pools fails at 100 and
# completes at every heap from 102 to 120 (was 120), without them from 100. A replay taken
# up again in such a VM then let its end's code go for its play: random player 1 with the
# badge's pools fails at 98 and completes from 100 to 104, and at 100 in two more layouts
# of the heap: every plan runs at 100, the target.
BOARD_FULL_HEAP_KB = "100"
BOARD_MONKEY_HEAP_KB = "100"
BOARD_MONKEY1_HEAP_KB = "100"
# (heap, plan, the badge's name pools: BOARDFIT_BADGE_POOLS)
BOARD_FULL_PLANS = ((BOARD_FULL_HEAP_KB, "full", False), (BOARD_MONKEY_HEAP_KB, "monkey:2", False),
                    (BOARD_MONKEY1_HEAP_KB, "monkey:1", True))


def run(cmd, env=None):
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line.strip())
    return proc.wait(), lines


def count(lines, word):
    for line in reversed(lines):
        m = re.search(r"(\d+) " + word, line)
        if m and ("passed" in line or "failed" in line or "error" in line):
            return int(m.group(1))
    return 0


def main():
    py = sys.executable
    os.makedirs(os.path.dirname(JUDGE_CALLS), exist_ok=True)
    if os.path.exists(JUDGE_CALLS):
        os.remove(JUDGE_CALLS)
    code1, out1 = run([py, "-m", "pytest", "host_tests"] + sys.argv[1:], dict(os.environ, BOARD_JUDGE=JUDGE_CALLS))
    p1 = count(out1, "passed")
    f1 = count(out1, "failed") + count(out1, "error")
    code2, out2 = run([py, os.path.join("tools", "mpy_lane.py")])
    p2 = count(out2, "passed")
    f2 = count(out2, "failed")
    code3, out3 = run([py, os.path.join("tools", "boardfit.py"), "--check", BOARD_HEAP_KB])
    p3 = count(out3, "passed")
    f3 = count(out3, "failed")
    skipped = any(line.startswith("boardfit: skipped") for line in out3)
    if not skipped:
        for heap_kb, plans, badge_pools in BOARD_FULL_PLANS:
            env = dict(os.environ, BOARDFIT_BADGE_POOLS="1" if badge_pools else "0")
            code4, out4 = run([py, os.path.join("tools", "boardfit.py"), "--check", heap_kb, "--plan", plans], env)
            p3 += count(out4, "passed")
            f3 += count(out4, "failed")
            code3 = code3 or code4
    for cmd in (["boardjudge.py", "--calls", JUDGE_CALLS], ["boardvm_crash.py", "--seeds", "1", "2", "--kb", BOARD_HEAP_KB]):
        c, out = run([py, os.path.join("tools", cmd[0])] + cmd[1:])  # each VM lane counted with the third
        p3 += count(out, "passed")
        f3 += count(out, "failed")
        code3 = code3 or c
    bad = code1 != 0 or code2 != 0 or code3 != 0
    if bad and f1 + f2 + f3 == 0:
        f1 = 1  # a lane died without counting: still a failure
    print("pytest: %d passed, %d failed (exit %d); micropython lane: %d passed, %d failed (exit %d); "
          "board VM lane: %s"
          % (p1, f1, code1, p2, f2, code2,
             "SKIPPED (no board VM)" if skipped else "%d passed, %d failed (exit %d)" % (p3, f3, code3)))
    print("total: %d passed, %d failed" % (p1 + p2 + p3, f1 + f2 + f3))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
