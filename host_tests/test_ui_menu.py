"""The title menu and the app loop around it, driven headlessly by key events."""
import sys

import pytest

from host_tests.ui_support import count_color, menu_app, shown
from ui import keys, menu as menu_mod
from ui.app import App
from ui.hardware_laptop import Headless


@pytest.fixture
def ui():
    hw, app, menu = menu_app()
    yield hw, app, menu
    hw.close()


def bar_rows(display):
    """Rows (y) where the highlight bar's colour fills the bar's left edge."""
    want = shown(menu_mod.BAR)
    return [y for y in range(display.height) if display.pixel(menu_mod.ROW_X + 1, y) == want]


def test_bar_sits_on_the_cursor_row_and_moves_with_down_and_up(ui):
    hw, app, menu = ui
    y0 = menu_mod.ROW_Y0
    assert bar_rows(hw.display) == list(range(y0, y0 + menu_mod.ROW_H - 1))
    hw.press(keys.DOWN, keys.DOWN)
    app.step()
    assert menu.cursor == 2
    y2 = y0 + 2 * menu_mod.ROW_H
    assert bar_rows(hw.display) == list(range(y2, y2 + menu_mod.ROW_H - 1))
    hw.press(keys.UP)
    app.step()
    assert menu.cursor == 1


def test_cursor_wraps_both_ways(ui):
    hw, app, menu = ui
    hw.press(keys.UP)
    app.step()
    assert menu.cursor == len(menu_mod.ENTRIES) - 1
    hw.press(keys.DOWN)
    app.step()
    assert menu.cursor == 0


def test_text_is_drawn_inside_its_row(ui):
    hw, app, menu = ui
    d = hw.display
    x0 = menu_mod.ROW_X + 4
    for i, (label, _, _) in enumerate(menu_mod.ENTRIES[:menu_mod.ROWS]):
        top = menu_mod.ROW_Y0 + i * menu_mod.ROW_H
        color = menu_mod.TEXT_ON_BAR if i == 0 else menu_mod.TEXT
        ink = count_color(d, color, x0, top, x0 + 6 * len(label) + 2, top + menu_mod.ROW_H - 1)
        assert ink > 4 * len(label), (label, ink)  # glyphs, not a stray pixel
        # nothing of that colour right of the text inside the bar's width
        right = x0 + 6 * len(label) + 2
        assert count_color(d, color, right, top, menu_mod.ROW_X + menu_mod.ROW_W, top + menu_mod.ROW_H - 1) == 0


def test_title_is_at_the_top(ui):
    hw, _, _ = ui
    d = hw.display
    assert count_color(d, menu_mod.TITLE, 0, menu_mod.TITLE_Y, 160, menu_mod.TITLE_Y + 24) > 200
    assert count_color(d, menu_mod.TITLE, 0, menu_mod.ROW_Y0, 160, 128) == 0


def test_a_game_not_there_yet_says_coming_soon_then_the_hint_returns(ui):
    hw, app, menu = ui
    menu.set_entries(menu_mod.ENTRIES[:2] + [("Later", "ui.no_such_game", 0)] + menu_mod.ENTRIES[2:])
    hw.press(keys.DOWN, keys.DOWN, keys.A)
    app.step()
    assert app.screen is menu
    assert menu.status.text == "Later: coming soon"
    assert "ui.no_such_game" not in sys.modules
    hw.advance(menu_mod.MESSAGE_MS + 1)
    app.step()
    assert "coming soon" not in menu.status.text


def test_quit_entry_ends_the_loop(ui):
    hw, app, menu = ui
    hw.press(keys.UP, keys.A)  # wraps to Quit
    app.run()
    assert not app.running


def test_idle_frames_do_not_refresh(ui):
    hw, app, menu = ui
    hw.display.refresh()  # Blinka redraws everything once more after the first refresh
    before = hw.display.refreshes
    for _ in range(20):
        hw.advance(16)
        app.step()
    assert hw.display.refreshes == before
    hw.press(keys.DOWN)
    app.step()
    assert hw.display.refreshes == before + 1
    # only the two rows that changed are redrawn, not the screen
    assert 0 < hw.display.last_pixels < 160 * 128 // 4


GAME = '''
import displayio
from ui import keys

started = []

class Table:
    def __init__(self, app, arg):
        self.app = app
        self.arg = arg
        self.group = displayio.Group()
        self.ticks = 0

    def on_key(self, key):
        if key == keys.START:
            self.app.home()
        return True

    def tick(self, now):
        self.ticks += 1
        return False

def start(app, arg):
    started.append(arg)
    app.show(Table(app, arg))
'''


def test_registry_launches_a_game_lazily_and_home_unloads_it(ui, tmp_path, monkeypatch):
    hw, app, menu = ui
    pkg = tmp_path / "fakegames"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "table.py").write_text(GAME)
    monkeypatch.syspath_prepend(str(tmp_path))
    menu.set_entries([("Fake", "fakegames.table", 7)] + menu_mod.ENTRIES)
    assert "fakegames.table" not in sys.modules
    hw.press(keys.A)
    app.step()
    assert type(app.screen).__name__ == "Table" and app.screen.arg == 7
    assert "fakegames.table" in sys.modules and app.game == "fakegames.table"
    hw.press(keys.START)
    app.step()
    assert app.screen is menu
    assert "fakegames.table" not in sys.modules and "fakegames" not in sys.modules
    assert app.game is None


def test_a_broken_game_module_raises_instead_of_coming_soon(tmp_path, monkeypatch):
    hw = Headless()
    try:
        app = App(hw)
        (tmp_path / "brokengame.py").write_text("import no_such_module_anywhere\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        with pytest.raises(ImportError):
            app.launch("brokengame")
        assert app.launch("no_such_game.screens") is False
    finally:
        hw.close()


def test_now_advances_with_the_clock_and_survives_a_wrap():
    class Clock(Headless):
        def ticks_ms(self):
            return self.now & 0x1FFFFFFF

    hw = Clock()
    try:
        hw.now = 0x1FFFFFFF - 5
        app = App(hw)
        seen = []

        class S:
            group = __import__("displayio").Group()

            def on_key(self, k):
                return False

            def tick(self, now):
                seen.append(now)
                return False

        app.show(S())
        hw.advance(10)  # crosses the 2**29 wrap
        app.step()
        assert seen == [10]
    finally:
        hw.close()


def test_more_entries_than_rows_scroll_and_the_bar_stays_on_screen(ui):
    hw, app, menu = ui
    menu.set_entries([("Item %d" % i, None, 0) for i in range(9)])
    app.dirty = True
    hw.press(*[keys.DOWN] * 7)
    app.step()
    assert menu.cursor == 7 and menu.list.top == 7 - menu_mod.ROWS + 1
    assert [line.text for line in menu.list.lines] == ["Item %d" % i for i in range(8 - menu_mod.ROWS, 8)]
    last = menu_mod.ROW_Y0 + (menu_mod.ROWS - 1) * menu_mod.ROW_H
    assert bar_rows(hw.display) == list(range(last, last + menu_mod.ROW_H - 1))
    hw.press(keys.DOWN, keys.DOWN)  # wraps to the top
    app.step()
    assert menu.cursor == 0 and menu.list.top == 0
    assert bar_rows(hw.display)[0] == menu_mod.ROW_Y0


def test_tone_respects_sound_off(ui):
    hw, app, _ = ui
    app.tone(880, 50)
    app.sound_on = False
    app.tone(440, 50)
    assert [t[1:] for t in hw.tones] == [(880, 50)]


def test_home_keeps_libraries_a_game_pulled_in(ui, tmp_path, monkeypatch):
    # numpy and PIL cannot be imported twice in one process: going home must drop only
    # the game's own modules, not a library first imported while the game ran.
    hw, app, menu = ui
    pkg = tmp_path / "fakegames2"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "table.py").write_text("import fakelib_outside\n" + GAME)
    (tmp_path / "fakelib_outside.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert app.launch("fakegames2.table", 1)
    assert "fakelib_outside" in sys.modules
    app.home()
    assert "fakegames2.table" not in sys.modules and "fakegames2" not in sys.modules
    assert "fakelib_outside" in sys.modules
    sys.modules.pop("fakelib_outside", None)


def save_some(app, game_id):
    from engine import spades, storage

    if game_id == storage.GAME_SPIT:
        from engine.spit import Spit
        app.storage.save_game(game_id, 2, Spit(5).to_bytes())
    else:
        app.storage.save_game(game_id, 1, spades.Match(11).to_bytes())


def test_every_entry_is_on_screen_and_with_continue_the_list_scrolls(ui):
    hw, app, menu = ui
    labels = [e[0] for e in menu.entries]
    assert "Continue" not in labels and len(labels) == menu_mod.ROWS
    for i in range(len(labels)):
        menu.list.cursor = 0
        hw.press(*[keys.DOWN] * i)
        app.step()
        assert menu.list.top == 0 and [line.text for line in menu.list.lines][:len(labels)] == labels
        assert menu.up_mark.group.hidden and menu.down_mark.group.hidden
        hw.press(*[keys.UP] * i)
        app.step()
    # the last row's bar ends above the status line
    hw.press(keys.UP)
    app.step()
    assert menu.cursor == menu_mod.ROWS - 1
    assert bar_rows(hw.display)[-1] < menu_mod.STATUS_Y
    assert count_color(hw.display, menu_mod.TEXT_ON_BAR, menu_mod.ROW_X, bar_rows(hw.display)[0],
                       menu_mod.ROW_X + menu_mod.ROW_W, bar_rows(hw.display)[-1] + 1) > 20  # "Quit"
    # Continue makes one more: the last goes below, and "v" says so until it is reached
    save_some(app, 0)
    app.show(menu)
    app.step()
    labels = [e[0] for e in menu.entries]
    assert labels[0] == "Continue" and len(labels) == menu_mod.ROWS + 1
    assert menu.up_mark.group.hidden and not menu.down_mark.group.hidden
    hw.press(*[keys.DOWN] * menu_mod.ROWS)
    app.step()
    assert menu.list.top == 1 and not menu.up_mark.group.hidden and menu.down_mark.group.hidden
    assert menu.list.lines[menu_mod.ROWS - 1].text == "Quit"


def choose_label(hw, app, menu, label):
    i = [e[0] for e in menu.entries].index(label)
    hw.press(*[keys.DOWN] * i)
    hw.press(keys.A)
    app.step()


@pytest.mark.parametrize("label, saved, name", [("Spades", 2, "Spit"), ("Spades for two", 0, "Spades"),
                                               ("Spit", 1, "Spades for two")])
def test_a_new_match_over_a_saved_game_asks_first(ui, label, saved, name):
    hw, app, menu = ui
    save_some(app, saved)
    app.show(menu)
    before = app.storage.load_game()
    choose_label(hw, app, menu, label)
    assert app.screen is menu and menu.noticing and app.game is None
    text = " ".join(line.text for line in menu.box_lines if line.text)
    assert text.startswith("Replace the saved %s game?" % name), text
    assert menu.box_keys.text == "A: replace  B: keep"
    hw.press(keys.START)  # only A replaces: B or Start keep the saved game
    app.step()
    assert not menu.noticing and app.screen is menu and app.storage.load_game() == before
    assert [e[0] for e in menu.entries][menu.cursor] == label
    hw.press(keys.A)
    app.step()
    assert menu.noticing
    hw.press(keys.B)
    app.step()
    assert not menu.noticing and app.storage.load_game() == before
    hw.press(keys.A, keys.A)  # asked again, and this time replaced
    app.step()
    assert app.screen is not menu and app.game is not None
    assert app.storage.load_game() != before
    app.home()
    menu.notice("No room to save")
    assert menu.box_keys.text == "A: OK" and menu.asking is None  # a later notice is a plain one


def test_no_question_without_a_saved_game_or_for_continue(ui):
    hw, app, menu = ui
    choose_label(hw, app, menu, "Spit")
    assert app.screen is not menu and app.game == "ui.spit_screen"
    app.home()
    save_some(app, 0)
    app.show(menu)
    hw.press(keys.A)  # Continue
    app.step()
    assert app.screen is not menu and not menu.noticing


def test_a_held_key_runs_down_the_menu_and_stops_at_the_end(ui):
    hw, app, menu = ui
    n = len(menu.entries)
    hw.events.keypad_eventqueue_record(keys.DOWN, True)
    app.step()
    assert menu.cursor == 1
    for _ in range(200):  # three seconds held at 60 frames a second
        hw.advance(16)
        app.step()
    assert menu.cursor == n - 1  # a held key stops at the end instead of going round
    hw.events.keypad_eventqueue_record(keys.DOWN, False)
    hw.press(keys.DOWN)  # a press still wraps
    app.step()
    assert menu.cursor == 0
