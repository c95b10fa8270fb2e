"""engine/ stays inside the CircuitPython / MicroPython subset (PLATFORM.md, STYLE.md).

Scans whatever modules engine/ holds at the time. An engine module may import:
- other engine modules;
- micropython, gc, sys, struct, array, math (present on the board and in MicroPython);
- anything else only under `try: ... except ImportError:` (the `typing` pattern),
except the modules STYLE.md keeps out of the engine altogether (board, displayio, keypad,
supervisor, time, ui, ...) and `random` (its sequences differ per port): never, guarded or not.
Nowhere in engine/, ui/, code.py or boot.py may random.shuffle / random.sample appear
(CircuitPython's random has neither).
"""
import ast
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(ROOT, "tools"))
from bundle import imports_of  # noqa: E402

ENGINE_ALLOWED = {"micropython", "gc", "sys", "struct", "array", "math"}
ENGINE_NEVER = {"board", "displayio", "keypad", "supervisor", "time", "ui", "random", "microcontroller",
                "digitalio", "analogio", "audioio", "audiocore", "neopixel_write", "terminalio", "busdisplay",
                "fourwire", "vectorio", "bitmaptools", "fontio", "storage", "nvm", "os", "pygame",
                "adafruit_display_text", "adafruit_displayio_layout", "adafruit_ticks"}
MISSING_ON_BOARD = ("shuffle", "sample")


def py_files(*tops):
    found = []
    for top in tops:
        path = os.path.join(ROOT, top)
        if os.path.isfile(path):
            found.append(path)
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            found.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py"))
    return found


def module_name(path):
    rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
    return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel


def engine_import_problems(source, module="engine.x", is_package=False, shown="engine/x.py"):
    """Every import of `source` that breaks the engine's subset, as 'file:line: why'."""
    problems = []
    for name, line, guarded, _ in imports_of(ast.parse(source), module, is_package):
        top = (name or "engine").split(".")[0]
        if top == "engine" or top in ENGINE_ALLOWED:
            continue
        if top in ENGINE_NEVER:
            problems.append("%s:%d: imports %s (never in engine/, STYLE.md)" % (shown, line, name))
        elif not guarded:
            problems.append("%s:%d: imports %s, not in the CircuitPython subset (guard it with "
                            "try/except ImportError if it is only for type hints)" % (shown, line, name))
    return problems


def shuffle_problems(source, shown="x.py"):
    """random.shuffle / random.sample, however random was imported or renamed."""
    tree = ast.parse(source)
    aliases = {"random"}
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update(a.asname or a.name for a in node.names if a.name == "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            for a in node.names:
                if a.name in MISSING_ON_BOARD or a.name == "*":
                    problems.append("%s:%d: from random import %s" % (shown, node.lineno, a.name))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in MISSING_ON_BOARD
                and isinstance(node.value, ast.Name) and node.value.id in aliases):
            problems.append("%s:%d: random.%s (CircuitPython has none: use engine.rng)"
                            % (shown, node.lineno, node.attr))
    return problems


ENGINE_FILES = py_files("engine")


def test_engine_has_modules():
    names = [os.path.basename(p) for p in ENGINE_FILES]
    assert "cards.py" in names and "rng.py" in names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: os.path.relpath(p, ROOT))
def test_engine_module_imports_only_the_subset(path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    rel = os.path.relpath(path, ROOT)
    assert engine_import_problems(source, module_name(path), path.endswith("__init__.py"), rel) == []


def test_no_random_shuffle_or_sample_anywhere():
    problems = []
    for path in py_files("engine", "ui", "code.py", "boot.py"):
        with open(path, encoding="utf-8") as f:
            problems += shuffle_problems(f.read(), os.path.relpath(path, ROOT))
    assert problems == []


# ---- the checks themselves catch what they should (so they can fail)

@pytest.mark.parametrize("source", [
    "import itertools\n", "from functools import reduce\n", "import dataclasses\n", "from enum import Enum\n",
    "import copy\n", "from collections import deque\n", "import abc\n", "import threading\n",
    "import typing\n", "import os\n", "import time\n", "from ui import screen\n", "import board\n",
    "import random\n", "try:\n    import time\nexcept ImportError:\n    pass\n",
    "try:\n    import random\nexcept ImportError:\n    pass\n",
    "def f():\n    import displayio\n",
])
def test_checker_flags_imports_outside_the_subset(source):
    assert engine_import_problems(source), source


@pytest.mark.parametrize("source", [
    "try:\n    from micropython import const\nexcept ImportError:\n    def const(x):\n        return x\n",
    "try:\n    from typing import List\nexcept ImportError:\n    pass\n",
    "import gc\nimport sys\nimport struct\nfrom micropython import const\n",
    "from engine import cards\nfrom engine.rng import Rng\nfrom . import cards\nfrom .rng import Rng\n",
])
def test_checker_allows_the_subset(source):
    assert engine_import_problems(source) == [], source


@pytest.mark.parametrize("source", [
    "import random\nrandom.shuffle(x)\n", "import random as r\nr.sample(x, 2)\n",
    "from random import shuffle\n", "from random import sample as pick\n",
])
def test_shuffle_checker_flags(source):
    assert shuffle_problems(source), source


def test_shuffle_checker_allows_rng_shuffle():
    assert shuffle_problems("from engine.rng import Rng\nRng(1).shuffle(deck)\nimport random\nrandom.randint(1, 2)\n") == []


RULE_FILES = [p for p in ENGINE_FILES if os.sep + "bots" + os.sep not in p]


def test_bots_live_in_their_own_folder():
    names = [os.path.relpath(p, ROOT) for p in ENGINE_FILES]
    assert os.path.join("engine", "bots", "spades_bot.py") in names
    assert os.path.join("engine", "bots", "spit_bot.py") in names
    assert not [n for n in names if "bot" in os.path.basename(n) and "bots" not in n]


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: os.path.relpath(p, ROOT))
def test_the_rules_never_import_a_bot(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    bots = [name for name, line, _, _ in imports_of(tree, module_name(path), path.endswith("__init__.py"))
            if name and name.startswith("engine.bots")]
    assert bots == [], "%s imports %s: the rules never depend on a bot" % (path, bots)
