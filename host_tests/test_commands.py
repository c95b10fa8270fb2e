"""Every command the README documents runs in `make test`, in a short form (issue 24,
item 13: `make bench` died under MicroPython and nothing noticed).

COMMANDS maps each command, as the README writes it, to how `make test` exercises it:
- ("run", argv, last): run here as a subprocess with this Python; argv is the script
  the Makefile (or the README) names with its own arguments, counts cut down and only
  flags added; it exits 0 and its last line starts with `last`;
- ("test", "host_tests/test_x.py::name"): that existing test runs the same script;
- ("lane", name): the lane of tools/run_tests.py of that name runs it.
test_readme.py checks that every command in the README has its entry here and that each
short form is the command it stands for (the Makefile's recipe, the README's flags).
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMANDS = {
    # the Spades hands cut to 20 a lane, one round; Spit keeps its 6 matches (3 s): its
    # sort of every decision time is what ran out of heap
    "make bench": ("run", ["tools/bench.py", "--quick"], "result: spades4_hand_board_s="),
}

RUN = sorted(k for k, v in COMMANDS.items() if v[0] == "run")


@pytest.mark.parametrize("command", RUN)
def test_documented_command_runs_in_its_short_form(command, tmp_path):
    _, argv, last = COMMANDS[command][:3]
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    r = subprocess.run([sys.executable] + argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    out = r.stdout.strip().splitlines()
    assert r.returncode == 0, (command, r.stdout[-2000:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr
    assert out and out[-1].startswith(last), (command, out[-3:])


def test_bench_spit_sorts_its_decision_times_in_place_and_right():
    """`make bench`'s Spit script sorts its array of decision times in place (sorted()
    made a list of 8-byte entries: the 32 KB block the lane's heap could not give)."""
    from array import array

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import bench_spit
    finally:
        sys.path.remove(os.path.join(ROOT, "tools"))
    script = bench_spit.SCRIPT
    assert "sorted(times)" not in script and "sort_in_place(times)" in script
    ns = {}
    exec(script[script.index("def _sift"):script.index("ps = pystone")], ns)
    seed = 12345
    for n in (0, 1, 2, 3, 8, 100, 1001):
        vals = []
        for _ in range(n):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            vals.append(seed % (50 if n > 50 else 65536))  # repeats too
        a = array("H", vals)
        ns["sort_in_place"](a)
        assert list(a) == sorted(vals), n
