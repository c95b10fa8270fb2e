"""boot.py on the laptop: fake board modules, Select held or not (issue 8)."""
import os
import runpy
import sys
import types

import pytest

from engine import options, stats, storage
from engine.storage import Storage

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOT = os.path.join(ROOT, "boot.py")


class Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class Board:
    """Fakes for the modules boot.py imports; records what it does."""

    def __init__(self, nvm, events):
        self.nvm = nvm
        self.pending = list(events)
        self.keys_args = None
        self.deinit_keys = False
        self.pixels = []
        self.slept = 0.0
        self.remounted = False

    def modules(self):
        fake = self
        board = types.ModuleType("board")
        for pin in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL"):
            setattr(board, pin, "pin:" + pin)

        class Queue:
            def get(self):
                return fake.pending.pop(0) if fake.pending else None

        class ShiftRegisterKeys:
            def __init__(self, **kw):
                fake.keys_args = kw
                self.events = Queue()

            def deinit(self):
                fake.deinit_keys = True

        keypad = types.ModuleType("keypad")
        keypad.ShiftRegisterKeys = ShiftRegisterKeys
        keypad.Event = Event

        class DigitalInOut:
            def __init__(self, pin):
                assert pin == "pin:NEOPIXEL"
                self.direction = None

            def deinit(self):
                pass

        digitalio = types.ModuleType("digitalio")
        digitalio.DigitalInOut = DigitalInOut
        digitalio.Direction = types.SimpleNamespace(OUTPUT="out", INPUT="in")
        npw = types.ModuleType("neopixel_write")

        def neopixel_write(pin, buf):
            assert pin.direction == "out"
            fake.pixels.append(bytes(buf))

        npw.neopixel_write = neopixel_write
        mc = types.ModuleType("microcontroller")
        mc.nvm = self.nvm
        tm = types.ModuleType("time")

        def sleep(s):
            fake.slept += s

        tm.sleep = sleep
        cpstorage = types.ModuleType("storage")  # CircuitPython's, for remount

        def remount(*a, **k):
            fake.remounted = True

        cpstorage.remount = remount
        return {"board": board, "keypad": keypad, "digitalio": digitalio,
                "neopixel_write": npw, "microcontroller": mc, "time": tm,
                "storage": cpstorage}


def run_boot(monkeypatch, nvm, events):
    fake = Board(nvm, events)
    for name, mod in fake.modules().items():
        monkeypatch.setitem(sys.modules, name, mod)
    runpy.run_path(BOOT, run_name="__main__")
    monkeypatch.undo()
    return fake


def saved_nvm():
    nvm = bytearray(8192)
    s = Storage(nvm)
    o = options.Options()
    o.sound = False
    st = stats.Stats()
    st.add(storage.GAME_SPADES4, stats.MATCHES, 3)
    s.save_game(storage.GAME_SPADES4, 1, b"a match")
    s.save_options(o)
    s.save_stats(st)
    return nvm, st


def test_select_held_clears_game_and_options_and_lights_up(monkeypatch):
    nvm, st = saved_nvm()
    fake = run_boot(monkeypatch, nvm, [Event(3, True)])
    assert fake.keys_args == dict(clock="pin:BUTTON_CLOCK", data="pin:BUTTON_OUT",
                                  latch="pin:BUTTON_LATCH", key_count=8, value_when_pressed=True)
    assert fake.deinit_keys
    t = Storage(nvm)
    assert t.load_game() is None
    assert t.load_options() == options.Options()
    assert t.load_stats() == st  # statistics are kept
    assert t.take_notice() is None  # cleared, not corrupt
    assert len(fake.pixels) == 2
    assert fake.pixels[0] != bytes(15) and len(fake.pixels[0]) == 15  # 5 pixels lit
    assert fake.pixels[1] == bytes(15)  # and off again
    assert not fake.remounted


@pytest.mark.parametrize("events", [
    [],                                   # nothing held
    [Event(2, True)],                     # Start held, not Select
    [Event(1, True), Event(1, False)],    # A tapped
])
def test_without_select_boot_changes_nothing(monkeypatch, events):
    nvm, st = saved_nvm()
    before = bytes(nvm)
    fake = run_boot(monkeypatch, nvm, events)
    assert bytes(nvm) == before
    assert fake.pixels == []
    assert not fake.remounted
    assert fake.deinit_keys
    assert Storage(nvm).load_game() == (storage.GAME_SPADES4, 1, b"a match")


def test_select_among_other_keys_still_counts(monkeypatch):
    nvm, st = saved_nvm()
    run_boot(monkeypatch, nvm, [Event(0, True), Event(3, True), Event(0, False)])
    assert Storage(nvm).load_game() is None


def test_select_held_on_a_corrupt_nvm_does_not_crash(monkeypatch):
    nvm = bytearray(range(256)) * 32
    fake = run_boot(monkeypatch, nvm, [Event(3, True)])
    assert Storage(nvm).load_game() is None and len(fake.pixels) == 2


def test_boot_py_stays_small_and_never_remounts():
    src = open(BOOT).read()
    code = [ln for ln in src.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    assert len(code) <= 30, len(code)
    assert "remount" not in src.replace("never remounted", "")
    assert "storage.remount" not in src


def test_boot_py_type_checks_against_the_pybadge_stubs():
    """circuitpython-stubs (board set to pybadge by `make venv`) know the real pin
    names and signatures: a wrong pin such as board.BUTTON_WRONG fails here."""
    pytest.importorskip("mypy")
    import subprocess
    proc = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent",
                           "--no-incremental", "boot.py"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
