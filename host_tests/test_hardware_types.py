"""ui/hardware_board.py (and code.py) cannot run here, so mypy checks them against
circuitpython-stubs with the PyBadge selected (`circuitpython_setboard pybadge`, run
when the Makefile creates the venv): a wrong pin name or argument fails the build."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD = os.path.join(ROOT, "ui", "hardware_board.py")


def mypy(*paths, cache):
    cmd = [sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary",
           "--cache-dir", str(cache), "--python-version", "3.11"] + list(paths)
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("mypy-cache")


def test_stubs_know_the_pybadge():
    import sysconfig

    stub = os.path.join(sysconfig.get_paths()["purelib"], "board-stubs", "__init__.pyi")
    text = open(stub).read()
    assert "board_id: pybadge" in text and "BUTTON_LATCH" in text, "run circuitpython_setboard pybadge"


def test_board_module_and_code_py_type_check(cache):
    code, out = mypy("ui/hardware_board.py", "code.py", cache=cache)
    assert code == 0, out


def bad_copy(tmp_path, old, new):
    text = open(BOARD).read()
    assert old in text
    path = tmp_path / "hardware_board.py"
    path.write_text(text.replace(old, new, 1))
    return str(path)


def test_a_wrong_pin_name_fails(tmp_path, cache):
    path = bad_copy(tmp_path, "board.BUTTON_LATCH", "board.BUTTON_WRONG")
    code, out = mypy(path, cache=cache)
    assert code != 0
    assert 'has no attribute "BUTTON_WRONG"' in out


def test_a_wrong_argument_fails(tmp_path, cache):
    path = bad_copy(tmp_path, "key_count=keys.COUNT", "key_cnt=keys.COUNT")
    code, out = mypy(path, cache=cache)
    assert code != 0
    assert "key_cnt" in out


def test_a_misspelt_module_fails(tmp_path, cache):
    path = bad_copy(tmp_path, "import neopixel_write\n", "import neopixel_writer\n")
    code, out = mypy(path, cache=cache)
    assert code != 0
    assert "neopixel_writer" in out
