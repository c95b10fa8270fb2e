"""CircuitPython judges the UI's code (tools/boardjudge.py): a call CPython takes and the
board does not (bytes.index(int), str.ljust, str.split(maxsplit=), format()...) is found
on the board VM, from the calls the host tests make and from the sources themselves.
Skipped without the board VM (../shared/boardvm/, BOARDVM=)."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import boardjudge as bj  # noqa: E402

VM = bj.vm_path()
needs_vm = pytest.mark.skipif(VM is None, reason="no board VM")

SNIPPET = '''
def hint(shown, c):
    return shown.index(c)          # line 3: bytes.index(int): TypeError on the board


def fine(shown, c, name):
    n = shown.find(bytes((c,)))    # line 7: what the board takes
    parts = ("%d-%s" % (n, name)).split("-", 1)
    return sorted(parts, key=len, reverse=True), int.from_bytes(b"\\x01\\x00", "big")


def split_max(s):
    return s.split(" ", maxsplit=1)  # line 13: no keywords for str.split on the board
'''


@pytest.fixture(autouse=True)
def own_records():
    """The recorder's notes start empty here and are given back after: with BOARD_JUDGE
    set, the session's own (the UI's calls) are in the same module."""
    kept = (dict(bj.calls), set(bj._done), dict(bj._per_site))
    for x in (bj.calls, bj._done, bj._per_site):
        x.clear()
    yield
    for x, old in zip((bj.calls, bj._done, bj._per_site), kept):
        x.clear()
        x.update(old)


def taken():
    recs = list(bj.calls.values())
    for x in (bj.calls, bj._done, bj._per_site):
        x.clear()
    return recs


def replay_snippet(calls_made):
    d = bj.run_routed(SNIPPET, "snippet.py")
    for name, args in calls_made:
        d[name](*args)
    recs = taken()
    return recs, [bj.describe(r, got) for r, got in bj.replay(VM, recs)]


@needs_vm
def test_the_judge_finds_bytes_index_of_an_int_and_passes_what_the_board_takes():
    recs, found = replay_snippet([("hint", (b"\x03\x05\x07", 5)), ("fine", (b"\x03\x05\x07", 5, "y")),
                                  ("split_max", ("a b c",))])
    assert {r["site"] for r in recs} >= {"snippet.py:3", "snippet.py:7", "snippet.py:8", "snippet.py:9",
                                         "snippet.py:13"}
    assert len(found) == 2, found
    assert found[0].startswith("snippet.py:3: bytes.index(int): TypeError on the board VM"), found
    assert found[1].startswith("snippet.py:13: str.split(str, maxsplit=): TypeError"), found


@needs_vm
def test_a_call_that_fails_on_both_the_same_way_is_no_finding():
    recs, found = replay_snippet([("fine", (b"\x03", 5, "y"))])  # find: -1 on both
    assert found == []
    d = bj.run_routed("def f(x):\n    try:\n        return [1].index(x)\n    except ValueError:\n"
                      "        return -1\n", "snippet2.py")
    assert d["f"](7) == -1
    recs = taken()
    assert recs and recs[0]["cpython"] == "ValueError"
    assert bj.replay(VM, recs) == []


@needs_vm
def test_the_static_scan_finds_methods_and_built_ins_the_board_lacks(tmp_path):
    src = tmp_path / "judged.py"
    src.write_text("def f(s, n):\n    return s.ljust(n), format(n, 'd'), s.zfill(4)\n")
    types, names = bj.probe(VM)
    assert "index" in types["bytes"] and "ljust" not in types["str"] and "format" not in names
    found = bj.scan_names(types, names, [("judged", str(src))])
    assert sorted(f.split(": ", 1)[1] for f in found) == [
        ".ljust(): no built-in type on the board has it (CPython: bytes, bytearray, str)",
        ".zfill(): no built-in type on the board has it (CPython: bytes, bytearray, str)",
        "format: not a built-in on the board"], found


@needs_vm
def test_the_syntax_scan_finds_what_the_board_cannot_compile(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(a, /, b):\n    return a\n")
    good = tmp_path / "good.py"
    good.write_text("def f(a, b=1, *c, d=2):\n    return a\n")
    found = bj.scan_syntax(VM, [("bad", str(bad)), ("good", str(good))])
    assert len(found) == 1 and "bad.py: does not compile on the board" in found[0], found


@needs_vm
def test_the_shipped_sources_pass_the_static_checks():
    sources = bj.shipped_sources()
    assert any(m == "ui.spades_why" for m, _ in sources) and not any(m == "ui.hardware_laptop" for m, _ in sources)
    types, names = bj.probe(VM)
    assert bj.scan_names(types, names, sources) == []
    assert bj.scan_syntax(VM, sources) == []


@needs_vm
def test_a_hint_during_play_makes_only_calls_the_board_takes(tmp_path):
    """The Hint crash: the hint's words (ui/spades_hint.py now) marked the card with bytes.index(int)."""
    calls = tmp_path / "calls.json"
    env = dict(os.environ, BOARD_JUDGE=str(calls))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                        "host_tests/test_ui_spades.py::test_hint_highlights_and_does_not_play",
                        "host_tests/test_spades_why.py::test_why_page_from_the_pause_menu_and_the_hint_says_why"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    with open(calls) as f:
        recs = json.load(f)
    assert any(r["site"].startswith("ui/spades_hint.py") for r in recs)
    found = [bj.describe(r, got) for r, got in bj.replay(VM, recs)]
    assert found == []
