"""Every command the README documents runs in `make test`, in a short form (issue 24,
item 13: `make bench` died under MicroPython and nothing noticed).

COMMANDS maps each command, as the README writes it (without `.venv/bin/python `), to
how `make test` exercises it:
- ("run", argv, last[, env]): run here as a subprocess with this Python; argv is the
  script the Makefile (or the README) names with its own arguments, counts cut down and
  only flags added; it exits 0 and its last line matches the regular expression `last`;
- ("test", "host_tests/test_x.py::name"): that existing test runs the same script;
- ("lane", argv): a lane of tools/run_tests.py runs argv (the board VM's boardfit);
- ("self",): `make test` itself, which runs all of these.
test_readme.py checks that every command in the README has its entry here and that each
short form is the command it stands for (the Makefile's recipe, the README's flags).
"""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BOARD_LANE = ("lane", ["tools/boardfit.py", "--check"])  # tools/run_tests.py: --check BOARD_HEAP_KB
# the Spades hands cut to 20 a lane, one round; Spit keeps its 6 matches (3 s): its sort
# of every decision time is what ran out of heap
BENCH = ("run", ["tools/bench.py", "--quick"], r"result: spades4_hand_board_s=\S+ spades2_")
PLAY_TEST = "host_tests/test_ui_window.py::test_play_under_the_dummy_driver_shows_the_menu_and_follows_arrow_keys"

PAIR_TEST = "host_tests/test_spades_bot_arena.py::test_dump_and_pair_compare_two_runs_deal_by_deal"
JOBS_TEST = "host_tests/test_spades_bot_arena.py::test_deals_shared_among_processes_give_the_same_figures"

COMMANDS = {
    "make play": ("test", PLAY_TEST),
    "SDL_VIDEODRIVER=dummy make play": ("test", PLAY_TEST),
    "make test": ("self",),
    "make bundle": ("test", "host_tests/test_bundle.py::test_real_repo_bundles"),
    "make flash": ("test", "host_tests/test_bundle.py::test_flash_copies_ours_and_keeps_user_files"),
    "make bundle MPY_CROSS=/path/to/circuitpython/mpy-cross":
        ("test", "host_tests/test_bundle.py::test_mpy_cross_override_is_used_unpatched"),
    "MPY_OPT=-O0 make bundle": ("run", ["tools/bundle.py", "--out", "{tmp}/CIRCUITPY"],
                                r"bundle: written to ", {"MPY_OPT": "-O0"}),
    "make bench": BENCH,
    "tools/bench.py --quick": BENCH,
    "make budget": ("run", ["tools/budget.py", "--hands", "1", "--budget", "100"],
                    r"result: normal_worst_board_ms=\d+ hard_p95_board_ms=\d+ .* vm="),
    "make screens": ("test", "host_tests/test_ui_screens.py::test_make_screens_command_writes_build_screens_menu_png"),
    "tools/arena.py --game spades4 --a hard --b normal --games 200 --seed 1":
        ("run", ["tools/arena.py", "--game", "spades4", "--a", "hard", "--b", "normal", "--games", "2",
                 "--seed", "1", "--target", "200", "--budget", "100", "--quiet"], r"result: a_win_rate=\S+ .* games=2$"),
    "tools/arena.py --a hard --b normal --hands 300 --seed 1":
        ("run", ["tools/arena.py", "--a", "hard", "--b", "normal", "--hands", "2", "--seed", "1",
                 "--budget", "100"], r"result: pair_points=\S+ .* hands=2$"),
    "tools/arena.py --a hard --b ismcts:260 --hands 300 --seed 911 --jobs 2 --dump before.txt":
        ("test", JOBS_TEST),
    "tools/arena_pair.py before.txt after.txt": ("test", PAIR_TEST),
    "tools/arena.py --a hard --b ismcts:26@HEAD --hands 2 --seed 911":
        ("run", ["tools/arena.py", "--a", "hard", "--b", "ismcts:26@HEAD", "--hands", "1", "--seed", "911",
                 "--budget", "100"], r"result: pair_points=\S+ .* hands=1$"),
    "tools/arena.py --a hard-blind":
        ("run", ["tools/arena.py", "--a", "hard-blind", "--b", "normal", "--hands", "2", "--seed", "1",
                 "--budget", "100"], r"result: pair_points=\S+ .* hands=2$"),
    # 10 matches a pair: the ladder holds (exit 0) where 2 would leave it to chance
    "tools/arena.py --game spit --levels": ("run", ["tools/arena.py", "--game", "spit", "--levels", "--matches", "10"],
                                            r"result: ladder_ok=1 top_vs_1="),
    "tools/arena.py --game spit --human": ("run", ["tools/arena.py", "--game", "spit", "--human", "--matches", "1"],
                                           r"result: l1_vs_2500=\S+ .* ladder_max="),
    "make wear": ("run", ["tools/wear.py", "--target", "200"], r"result: spades4_match_writes=\d+ "),
    "tools/review_cost.py --deals 12": ("run", ["tools/review_cost.py", "--deals", "1"],
                                                r"^review(: skipped| \(1 deals).* board-s"),
    "make boardfit": BOARD_LANE,
    "BOARDVM=/path/to/it make boardfit": BOARD_LANE,
    # the board VM lane runs these two after boardfit (tools/run_tests.py)
    "tools/boardjudge.py --calls <file>": ("lane", ["tools/boardjudge.py", "--calls"]),
    "tools/boardvm_crash.py --seeds 1 2 ...": ("lane", ["tools/boardvm_crash.py", "--seeds", "1", "2"]),
    "tools/boardfit_libs.py": ("run", ["tools/boardfit_libs.py"], r"libs: done|boardfit_libs: skipped: no board VM"),
}


def entry(command):
    """The entry for a README command (`.venv/bin/python ` and extra spaces dropped);
    every form of tools/boardfit.py is the board VM lane's (its options are that tool's,
    --check K --plan P, --scan LO:HI, --frames), None if there is none."""
    command = " ".join(command.split())
    if command.startswith(".venv/bin/python "):
        command = command[len(".venv/bin/python "):]
    if command in COMMANDS:
        return COMMANDS[command]
    if command.startswith("tools/boardfit.py ") or command == "tools/boardfit.py":
        return BOARD_LANE
    return None


def _runs():
    """The commands run here, each short form once (the first command naming it)."""
    seen = {}
    for k, v in COMMANDS.items():
        if v[0] == "run":
            seen.setdefault(repr(v), k)
    return list(seen.values())


RUN = _runs()


@pytest.mark.parametrize("command", RUN)
def test_documented_command_runs_in_its_short_form(command, tmp_path):
    _, argv, last = COMMANDS[command][:3]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(COMMANDS[command][3] if len(COMMANDS[command]) > 3 else {})
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    r = subprocess.run([sys.executable] + argv, cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=600)
    out = r.stdout.strip().splitlines()
    assert r.returncode == 0, (command, r.stdout[-2000:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr
    assert out and re.match(last, out[-1]), (command, out[-3:])


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
