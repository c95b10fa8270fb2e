"""The battery (issue 24 item 14): frames are paced and the rest of each is slept on the
badge (ui/hardware_board.py frame_done), except after a frame in which a bot thinks
(App.busy); the backlight dims after a minute without a key, and the key that lights
it again does nothing else. The board's own module runs here on fakes of its
CircuitPython modules; tools/boardfit.py --pace measures it on the board VM."""
import sys
import types

import pytest

from engine import options as options_mod
from host_tests.spades_ui_support import app_with, human_keys, launch
from ui import keys
from ui.app import DIM_MS


# ---------------------------------------------------------------- the badge's module

class _Clock:
    now = 0

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF


@pytest.fixture
def board(monkeypatch):
    """ui.hardware_board imported over fakes of board, keypad, supervisor...; the clock
    and time.sleep are the test's: a sleep moves the clock."""
    clock = _Clock()
    slept = []

    def sleep(s):
        slept.append(round(s * 1000))
        clock.now += round(s * 1000)

    class Display:
        auto_refresh = True
        brightness = 0.5

        def refresh(self):
            pass

    class Anything:
        def __init__(self, *a, **k):
            pass

        def __getattr__(self, name):
            return lambda *a, **k: None

    fakes = {
        "board": types.SimpleNamespace(DISPLAY=Display(), BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3,
                                       NEOPIXEL=4, SPEAKER=5, SPEAKER_ENABLE=6),
        "audiocore": types.SimpleNamespace(RawSample=Anything),
        "audioio": types.SimpleNamespace(AudioOut=Anything),
        "digitalio": types.SimpleNamespace(DigitalInOut=Anything, Direction=types.SimpleNamespace(OUTPUT=1)),
        "microcontroller": types.SimpleNamespace(nvm=bytearray(8192), Pin=object),
        "neopixel_write": types.SimpleNamespace(neopixel_write=lambda pin, buf: None),
        "supervisor": types.SimpleNamespace(ticks_ms=clock.ticks_ms),
        "micropython": types.SimpleNamespace(const=lambda x: x),
    }
    import keypad
    fakes["keypad"] = types.SimpleNamespace(ShiftRegisterKeys=lambda **k: types.SimpleNamespace(
        events=keypad.EventQueue(16)), Event=keypad.Event)
    for name, mod in fakes.items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "ui.hardware_board", raising=False)
    real_time = sys.modules["time"]
    sys.modules["time"] = types.SimpleNamespace(sleep=sleep)  # the module's own `time` only
    try:
        import ui.hardware_board as hb
    finally:
        sys.modules["time"] = real_time
    hw = hb.Hardware()
    yield hb, hw, clock, slept
    sys.modules.pop("ui.hardware_board", None)


def test_a_short_frame_sleeps_the_rest_of_frame_ms(board):
    hb, hw, clock, slept = board
    clock.now += 4  # a still menu's frame: 4 ms of work
    hw.frame_done(False)
    assert slept == [hb.FRAME_MS - 4]
    clock.now += 1
    hw.frame_done(False)  # the next frame counts from the end of the sleep
    assert slept == [hb.FRAME_MS - 4, hb.FRAME_MS - 1]


def test_a_long_frame_sleeps_nothing_and_is_not_made_up_for(board):
    hb, hw, clock, slept = board
    clock.now += hb.FRAME_MS + 30
    hw.frame_done(False)
    clock.now += 5
    hw.frame_done(False)
    assert slept == [hb.FRAME_MS - 5]


def test_a_thinking_frame_does_not_sleep(board):
    hb, hw, clock, slept = board
    for _ in range(5):
        clock.now += 3
        hw.frame_done(True)
    assert slept == []
    clock.now += 3
    hw.frame_done(False)  # counted from the last busy frame's end
    assert slept == [hb.FRAME_MS - 3]


def test_the_frame_clock_survives_the_ticks_wrap(board):
    hb, hw, clock, slept = board
    clock.now = 0x1FFFFFFF - 2
    hw.frame_done(True)
    clock.now += 10  # past 2**29: ticks_ms() starts again from 0
    hw.frame_done(False)
    assert slept == [hb.FRAME_MS - 10]


def test_the_backlight_dims_and_lights_and_a_new_vm_starts_lit(board):
    hb, hw, clock, slept = board
    assert hw.display.brightness == 1.0
    hw.backlight(False)
    assert 0 < hw.display.brightness == hb.DIM_BRIGHTNESS < 0.5
    hw.backlight(True)
    assert hw.display.brightness == 1.0


# ---------------------------------------------------------------- the app's part

def idle(hw, app, ms, step=500):
    for _ in range(ms // step):
        hw.advance(step)
        app.step()


def test_a_minute_without_a_key_dims_and_the_waking_key_does_nothing_else():
    hw, app = app_with()
    try:
        menu = app.screen
        idle(hw, app, DIM_MS - 1000)
        assert hw.lit
        idle(hw, app, 1500)
        assert not hw.lit and not app.lit
        hw.press(keys.DOWN)
        app.step()
        assert hw.lit and menu.cursor == 0  # lit again, the cursor where it was
        hw.press(keys.DOWN)
        app.step()
        assert menu.cursor == 1  # the next key acts
    finally:
        hw.close()


def test_each_key_starts_the_minute_again():
    hw, app = app_with()
    try:
        idle(hw, app, DIM_MS - 5000)
        hw.press(keys.DOWN)
        app.step()
        idle(hw, app, DIM_MS - 5000)
        assert hw.lit
        idle(hw, app, 6000)
        assert not hw.lit
    finally:
        hw.close()


def test_a_held_key_that_wakes_the_screen_does_not_repeat():
    hw, app = app_with()
    try:
        menu = app.screen
        idle(hw, app, DIM_MS + 500)
        assert not hw.lit
        hw.events.keypad_eventqueue_record(keys.DOWN, True)  # pressed and held
        app.step()
        for _ in range(10):
            hw.advance(keys.REPEAT_EVERY)
            app.step()
        assert hw.lit and menu.cursor == 0
        hw.events.keypad_eventqueue_record(keys.DOWN, False)
        app.step()
        assert menu.cursor == 0
    finally:
        hw.close()


def test_the_key_that_wakes_the_table_plays_no_card():
    hw, app = app_with()
    try:
        t = launch(hw, app, 2)
        for _ in range(400):  # to the human's turn in the play
            if t.m.phase == 2 and t.m.to_move == 0 and t.bot is None and not t.trick_shown \
                    and not t.motion.active and app.screen is t:
                break
            for k in human_keys(app):
                hw.press(k)
                app.step()
            hw.advance(200)
            app.step()
        n = len(t.m.history)
        assert t.m.to_move == 0 and t.m.phase == 2
        idle(hw, app, DIM_MS + 1000)
        assert not hw.lit and len(t.m.history) == n
        hw.press(keys.A)
        app.step()
        assert hw.lit and len(t.m.history) == n  # the A only lit the screen
        hw.press(keys.A)
        app.step()
        assert len(t.m.history) == n + 1
    finally:
        hw.close()


def test_frames_end_busy_while_a_bot_thinks_and_only_then():
    # the rest is skipped while a bot thinks: its decision takes the frames it took before
    hw, app = app_with(level="hard", speed=options_mod.FAST)
    try:
        busy_on_menu = hw.busy_frames
        idle(hw, app, 3000, 100)
        assert hw.busy_frames == busy_on_menu == 0
        t = launch(hw, app, 4)
        thinking = 0
        calls = []
        real = hw.frame_done

        def frame_done(busy=False):
            calls.append((busy, t.bot is not None))
            real(busy)
        hw.frame_done = frame_done
        for _ in range(1500):
            if len(t.m.history) >= 6:
                break
            for k in human_keys(app):
                hw.press(k)
                app.step()
            hw.advance(30)
            app.step()
        assert len(t.m.history) >= 6
        thinking = sum(1 for busy, bot in calls if bot)
        assert thinking > 0
        assert all(busy for busy, bot in calls if bot)  # every frame a bot decides in
        assert any(not busy for busy, bot in calls)  # holds, slides, your turn: rested
    finally:
        hw.close()


def test_the_window_shows_the_dimmed_backlight_by_darkening(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("POCKET_CARDS_DATA", str(tmp_path))
    from ui import menu as menu_mod
    from ui.app import App
    from ui.hardware_laptop import Window
    from ui.menu import Menu
    hw = Window(scale=4)
    try:
        app = App(hw)
        app.home_screen = Menu(app)
        app.show(app.home_screen)
        app.step()
        at = (menu_mod.ROW_X * 4 + 8, (menu_mod.ROW_Y0 + 2) * 4)  # on the yellow bar
        lit = hw.display.window.get_at(at)[:3]
        hw.backlight(False)
        dim = hw.display.window.get_at(at)[:3]
        assert sum(dim) * 3 < sum(lit)
        hw.backlight(True)
        assert hw.display.window.get_at(at)[:3] == lit
    finally:
        hw.close()
