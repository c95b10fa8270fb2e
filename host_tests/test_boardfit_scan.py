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


def test_qstr_peak_is_the_fullest_vm_as_the_badge_holds_it():
    # each VM: its count once the harness is set up, then at its end; the badge has only
    # the game's names, and the harness's that the game shares (here 85)
    out = ("heap_standins=43120\n"
           "qstr pool: n_pool=7, n_qstr=1365, n_str_data_bytes=8040, n_total_bytes=23496\n"
           "qstr pool: n_pool=7, n_qstr=2334, n_str_data_bytes=16000, n_total_bytes=31000\n"
           "boardfit: reload play_spades_game4.py\n"
           "heap_standins=43120\n"
           "qstr pool: n_pool=7, n_qstr=1365, n_str_data_bytes=8040, n_total_bytes=23496\n"
           "qstr pool: n_pool=7, n_qstr=1900, n_str_data_bytes=12000, n_total_bytes=27000\n")
    assert boardfit.qstr_peak(out, 85) == (2334 - 1365 + 85, 6)
    assert boardfit.qstr_peak(out) == (969, 6)
    over = out.replace("n_qstr=2334", "n_qstr=2600")
    assert boardfit.qstr_peak(over, 85) == (1320, 7)  # past 1,260 names: a seventh pool on the badge
    assert boardfit.qstr_peak("") == (0, 0)


def test_mpy_names_are_the_ones_a_module_interns(tmp_path):
    import bundle
    src = tmp_path / "m.py"
    src.write_text("def deal_next(t):\n    return t.zebra_count + len('Hi')\n")
    out = tmp_path / "m.mpy"
    assert bundle.compile_one(bundle.default_compiler(), str(src), "m.py", str(out), True, cache=None) is None
    names = boardfit.mpy_names(str(out))
    assert {"deal_next", "zebra_count", "Hi", "m.mpy"} <= names
    assert "len" not in names  # a static name: in flash on every port


def test_plan_names():
    f = boardfit.MONKEY_FRAMES
    assert boardfit.plan_names("all,full") == ["all", "full"]
    assert boardfit.plan_names("monkey:7") == ["monkey:7:%d" % f]
    assert boardfit.plan_names("monkey:7:500") == ["monkey:7:500"]
    assert boardfit.plan_names("monkey") == ["monkey:%d:%d" % (s, f) for s in boardfit.MONKEY_SEEDS]
    assert len(boardfit.MONKEY_SEEDS) >= 3


def _timed_run(slow, buckets):
    """A timed run's output: `slow` {frame: (kind, us)}, `buckets` {kind: {bucket: count}}."""
    lines = ["slow frame %d %s us=%d Table phase=2 hist=0 stage=fs:0 key=-1 was=same" % (f, k, us)
             for f, (k, us) in sorted(slow.items())]
    for k, bs in buckets.items():
        worst = max([us for kk, us in slow.values() if kk == k] + [(max(bs) + 1) * 10])
        lines.append("frames %s worst_us=%d buckets_us=10 %s" % (k, worst, " ".join("%d:%d" % bc for bc in bs.items())))
    return "\n".join(lines)


def test_a_frame_slow_in_one_timed_run_only_is_the_hosts():
    # the plan is the same frames in every run: frame 7's 4,000 us in run one and 900 in
    # run two is the host's; frame 9, slow in both, counts at its cheaper run
    one = _timed_run({7: ("other", 4000), 9: ("other", 1400)}, {"other": {50: 3, 399: 1, 139: 1}})
    two = _timed_run({9: ("other", 1300)}, {"other": {50: 3, 89: 1, 129: 1}})
    runs = [boardfit.parse_hists(o)[0] for o in (one, two)]
    slows = [boardfit.slow_frames(o) for o in (one, two)]
    assert boardfit.repeatable_worst("other", runs, slows) == 1300
    # without frame 9 the worst is the largest bucket under the line, in either run
    one = _timed_run({7: ("other", 4000)}, {"other": {50: 3, 399: 1}})
    two = _timed_run({}, {"other": {50: 3, 89: 1}})
    runs = [boardfit.parse_hists(o)[0] for o in (one, two)]
    slows = [boardfit.slow_frames(o) for o in (one, two)]
    assert boardfit.repeatable_worst("other", runs, slows) == 900


def test_a_fresh_vms_start_counts_for_the_file_it_runs():
    # each VM runs the file the VM before it reloaded into: code.py first
    out = "\n".join(["vm start us=900", "boardfit: reload play_hint.py", "vm start us=4000",
                     "boardfit: reload code.py", "vm start us=1200", "boardfit: reload /play_hint.py",
                     "vm start us=3000"])
    assert boardfit.vm_starts(out) == {"code.py": [900, 1200], "play_hint.py": [4000, 3000]}
