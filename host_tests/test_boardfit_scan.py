"""tools/boardfit.py's heap scan: how its results are summed up (the runs themselves
need the board VM: make boardfit, and the board VM lane of make test)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import boardfit  # noqa: E402


def test_scan_summary_is_not_a_bisection():
    # passing is not monotone in the heap: 97 passes below a failing 98
    res = {96: (False, "x"), 97: (True, ""), 98: (False, "x"), 99: (True, ""), 100: (True, "")}
    reliable, lowest, fails = boardfit.scan_summary(res)
    assert reliable == 99
    assert lowest == 97
    assert fails == [96, 98]


def test_scan_summary_when_the_top_fails():
    res = {100: (True, ""), 101: (False, "x")}
    assert boardfit.scan_summary(res) == (None, 100, [101])


def test_failing_heaps_as_ranges():
    assert boardfit._ranges([90, 91, 92, 95, 97, 98]) == "90-92, 95, 97-98"
    assert boardfit._ranges([]) == "none"


def test_qstr_peak_is_the_fullest_vm():
    out = ("qstr pool: n_pool=4, n_qstr=263, n_str_data_bytes=2502, n_total_bytes=4422\n"
           "boardfit: reload play_spades_game4.py\n"
           "qstr pool: n_pool=7, n_qstr=1352, n_str_data_bytes=12302, n_total_bytes=27758\n"
           "qstr pool: n_pool=6, n_qstr=681, n_str_data_bytes=6035, n_total_bytes=13779\n")
    assert boardfit.qstr_peak(out) == (1352, 7)
    assert boardfit.qstr_peak("") == (0, 0)


def test_plan_names():
    f = boardfit.MONKEY_FRAMES
    assert boardfit.plan_names("all,full") == ["all", "full"]
    assert boardfit.plan_names("monkey:7") == ["monkey:7:%d" % f]
    assert boardfit.plan_names("monkey:7:500") == ["monkey:7:500"]
    assert boardfit.plan_names("monkey") == ["monkey:%d:%d" % (s, f) for s in boardfit.MONKEY_SEEDS]
    assert len(boardfit.MONKEY_SEEDS) >= 3
