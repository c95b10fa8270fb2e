"""The menu's pages: Options (change, saved once on leaving and only if changed, sound
follows at once), Statistics (values shown, reset with a confirmation), Rules (the
games' own text, paged)."""
import pytest

from engine import options, stats, storage
from engine.storage import GAME_SPADES4, GAME_SPIT, Storage
from host_tests.ui_support import count_color, menu_app, shown
from ui import keys, menu as menu_mod, options_screen, pages


@pytest.fixture
def ui():
    hw, app, menu = menu_app()
    yield hw, app, menu
    hw.close()


def open_entry(hw, app, menu, label):
    i = [e[0] for e in menu.entries].index(label)
    for _ in range((i - menu.cursor) % len(menu.entries)):
        hw.press(keys.DOWN)
    hw.press(keys.A)
    app.step()
    return app.screen


def row_of(name):
    return [f for _, f in options_screen.ROWS_SHOWN].index(name)


# ---------------------------------------------------------------- Options

def test_options_page_lists_every_option_with_its_value(ui):
    hw, app, menu = ui
    scr = open_entry(hw, app, menu, "Options")
    assert type(scr).__name__ == "OptionsScreen" and app.game == "ui.options_screen"
    shown_fields = {f for _, f in options_screen.ROWS_SHOWN}
    assert shown_fields == {f[0] for f in options.FIELDS}  # nothing left out
    assert scr.list.lines[0].text == "%-16s%8s" % ("Blind/Double nil", "on")
    assert scr.list.lines[row_of("target")].text.endswith("500")
    # every row fits the screen's width
    for i in range(len(options_screen.ROWS_SHOWN)):
        assert len(options_screen.row_text(i, app.options)) * 6 <= options_screen.WIDTH - 6


def test_options_page_explains_the_row_and_value_under_the_cursor(ui):
    hw, app, menu = ui
    scr = open_entry(hw, app, menu, "Options")

    def help_text():
        return " ".join(line.text for line in scr.help)

    assert "Nil" in help_text()
    for _ in range(row_of("spit_match")):
        hw.press(keys.DOWN)
    app.step()
    assert "no cards" in help_text()  # RULES 3.8 standard
    hw.press(keys.A)
    app.step()
    assert "100" in help_text() and "lowest" in help_text()  # RULES 3.8 points
    hw.press(keys.DOWN)  # the Spades bots' level
    app.step()
    normal = help_text()
    hw.press(keys.RIGHT)
    app.step()
    assert app.options.level_spades4 == "hard" and help_text() != normal and help_text()
    # every field and every value has its help, and every line fits the screen
    for label, name in options_screen.ROWS_SHOWN:
        for choice in [f for f in options.FIELDS if f[0] == name][0][1]:
            lines = options_screen.help_lines(name, choice)
            assert len(lines) == 2 and lines[0], (name, choice)
            assert all(len(line) <= 26 for line in lines), (name, choice, lines)


def test_options_page_offers_blind_nil_only_behind(ui):  # RULES 1.4 option
    hw, app, menu = ui
    scr = open_entry(hw, app, menu, "Options")
    for _ in range(row_of("blind_nil_behind")):
        hw.press(keys.DOWN)
    hw.press(keys.A, keys.B)
    app.step()
    assert Storage(hw.nvm).load_options().blind_nil_behind is True


def test_options_change_with_left_right_and_a_and_save_once_on_leaving(ui):
    hw, app, menu = ui
    st = app.storage
    scr = open_entry(hw, app, menu, "Options")
    w0 = st.writes
    for _ in range(row_of("target")):
        hw.press(keys.DOWN)
    hw.press(keys.RIGHT)  # 500 -> 200 (wraps)
    hw.press(keys.RIGHT)  # 300
    hw.press(keys.DOWN)  # spit_match
    hw.press(keys.A)  # points
    hw.press(keys.DOWN, keys.LEFT)  # Spades level normal -> easy
    app.step()
    assert app.options.target == 300 and app.options.spit_match == options.SPIT_POINTS
    assert app.options.level_spades4 == "easy"
    assert scr.list.lines[scr.list.cursor - scr.list.top].text.endswith("easy")
    assert st.writes == w0  # nothing written while on the page
    hw.press(keys.B)
    app.step()
    assert app.screen is menu and app.game is None
    assert st.writes == w0 + 1  # one write on leaving
    o = Storage(hw.nvm).load_options()
    assert o.target == 300 and o.spit_match == "points" and o.level_spades4 == "easy"
    # open and leave without a change: no write; change and change back: no write
    open_entry(hw, app, menu, "Options")
    hw.press(keys.START)
    app.step()
    open_entry(hw, app, menu, "Options")
    hw.press(keys.RIGHT, keys.LEFT, keys.B)
    app.step()
    assert st.writes == w0 + 1
    # a new start reads them back
    hw2, app2, _ = menu_app()
    try:
        hw2.nvm[:] = hw.nvm
        from ui.app import App
        app3 = App(hw2)
        assert app3.options.target == 300 and app3.options.level_spades4 == "easy"
    finally:
        hw2.close()


def test_sound_follows_the_option_at_once(ui):
    hw, app, menu = ui
    open_entry(hw, app, menu, "Options")
    for _ in range(row_of("sound")):
        hw.press(keys.DOWN)
    hw.press(keys.A)
    app.step()
    assert app.sound_on is False and app.options.sound is False
    n = len(hw.tones)
    app.tone(880, 50)
    assert len(hw.tones) == n
    hw.press(keys.A, keys.B)
    app.step()
    assert app.sound_on is True
    assert Storage(hw.nvm).load_options().sound is True


def test_sound_off_saved_is_off_at_the_next_start():
    hw, app, menu = menu_app()
    try:
        o = options.Options()
        o.sound = False
        Storage(hw.nvm).save_options(o)
        from ui.app import App
        assert App(hw).sound_on is False
    finally:
        hw.close()


def test_options_bar_and_values_are_drawn(ui):
    hw, app, menu = ui
    open_entry(hw, app, menu, "Options")
    d = hw.display
    y0 = options_screen.ROW_Y0
    bar = count_color(d, options_screen.BAR, 0, y0, 160, y0 + options_screen.ROW_H - 1)
    assert bar > 100 * (options_screen.ROW_H - 1) // 2
    # the value "on" of the first row sits at its right end, in dark ink on the bar
    ink = count_color(d, options_screen.TEXT_ON_BAR, 130, y0, 157, y0 + options_screen.ROW_H - 1)
    assert ink > 10
    # the rows below in white
    assert count_color(d, pages.TEXT, 0, y0 + options_screen.ROW_H, 160, 112) > 200


# ---------------------------------------------------------------- Statistics

def saved_stats(hw):
    s = stats.Stats()
    for _ in range(7):
        s.match_over(GAME_SPADES4, True)
    s.match_over(GAME_SPADES4, False)
    s.add(GAME_SPADES4, stats.HANDS, 42)
    s.add(GAME_SPADES4, stats.CONTRACTS, 30)
    s.add(GAME_SPADES4, stats.CONTRACTS_MADE, 21)
    s.spit_round(True, 123)
    s.match_over(GAME_SPIT, True)
    Storage(hw.nvm).save_stats(s)
    return s


def test_the_statistics_page_fills_its_rows_in_the_frame_after_it_is_built(ui):
    # the page and its rows in one frame took up to 280 board-ms (make boardfit --frames)
    from ui.stats_screen import StatsScreen
    hw, app, menu = ui
    scr = StatsScreen(app, 2)
    assert scr.title.text == "" and not any(a.text for a in scr.left)
    app.show(scr)
    assert scr.tick(app.now) and scr.title.text == "Stats: Spit" and any(a.text for a in scr.left)
    assert not scr.tick(app.now)


def test_statistics_page_shows_the_saved_values_per_game():
    hw, app, menu = menu_app()
    try:
        saved_stats(hw)
        hw2, app2, menu2 = menu_app()
        hw2.nvm[:] = hw.nvm
        from ui.app import App
        from ui.menu import Menu
        app2 = App(hw2)
        app2.home_screen = Menu(app2)
        app2.show(app2.home_screen)
        scr = open_entry(hw2, app2, app2.home_screen, "Statistics")
        assert type(scr).__name__ == "StatsScreen"
        rows = [(a.text, b.text) for a, b in zip(scr.left, scr.right) if a.text]
        assert ("Matches played", "8") in rows and ("Matches won", "7") in rows
        assert ("Hands", "42") in rows and ("Contracts made", "21/30 70%") in rows
        assert scr.title.text == "Stats: Spades"
        hw2.press(keys.LEFT)  # wraps to Spit
        app2.step()
        rows = [(a.text, b.text) for a, b in zip(scr.left, scr.right) if a.text]
        assert scr.title.text == "Stats: Spit"
        assert ("Fastest round", "12.3 s") in rows and ("Rounds won", "1") in rows
        hw2.close()
    finally:
        hw.close()


def test_reset_needs_a_second_a_and_clears_only_the_shown_game():
    hw, app, menu = menu_app()
    try:
        saved_stats(hw)
        from ui.app import App
        from ui.menu import Menu
        app = App(hw)
        app.home_screen = menu = Menu(app)
        app.show(menu)
        scr = open_entry(hw, app, menu, "Statistics")
        w0 = app.storage.writes
        hw.press(keys.A)
        app.step()
        assert scr.footer.text == "Press A again to reset"
        assert count_color(hw.display, pages.WARN, 0, pages.FOOTER_Y, 160, 128) > 30
        assert scr.right[0].text == "8" and app.storage.writes == w0
        hw.press(keys.RIGHT)  # anything else cancels (and moves on)
        app.step()
        assert scr.footer.text != "Press A again to reset" and scr.game == 1
        hw.press(keys.LEFT, keys.A, keys.B)  # B cancels too, and goes back
        app.step()
        assert app.screen is menu and app.storage.writes == w0
        assert Storage(hw.nvm).load_stats().get(GAME_SPADES4, stats.MATCHES) == 8
        scr = open_entry(hw, app, menu, "Statistics")
        hw.press(keys.A, keys.A)
        app.step()
        assert scr.right[0].text == "0" and scr.right[3].text == "0/0 -"
        assert app.storage.writes == w0 + 1
        s = Storage(hw.nvm).load_stats()
        assert s.get(GAME_SPADES4, stats.MATCHES) == 0 and s.get(GAME_SPADES4, stats.HANDS) == 0
        assert s.get(GAME_SPIT, stats.WINS) == 1  # the other games keep theirs
        hw.press(keys.A, keys.A)  # resetting zeros again writes nothing
        app.step()
        assert app.storage.writes == w0 + 1
    finally:
        hw.close()


# ---------------------------------------------------------------- Rules

def page_texts(scr):
    return [x.text for x in scr.left if x.text]


def test_rules_pages_use_the_games_text_and_page_with_up_down(ui):
    hw, app, menu = ui
    from ui import rules_screen, rules_text

    scr = open_entry(hw, app, menu, "Rules")
    four = list(rules_text.SPADES4)
    assert scr.lines == four and scr.title.text == "Spades rules"
    assert [x.text for x in scr.left] == four[:pages.ROWS]
    assert scr.footer.text == "Page 1/3  Up/Down  B: back"
    hw.press(keys.DOWN)
    app.step()
    assert page_texts(scr) == four[pages.ROWS:2 * pages.ROWS] and scr.footer.text.startswith("Page 2/3")
    hw.press(keys.UP, keys.UP)  # no page before the first
    app.step()
    assert scr.page == 0
    hw.press(keys.RIGHT)
    app.step()
    assert scr.lines == list(rules_text.SPADES2) and scr.title.text == "Spades for two rules"
    assert scr.page == 0
    hw.press(keys.RIGHT)
    app.step()
    assert scr.lines == list(rules_text.SPIT) and scr.title.text == "Spit rules"
    assert rules_screen.rules_text(2) == scr.lines
    hw.press(keys.B)
    app.step()
    assert app.screen is menu and app.game is None


def test_a_turns_the_page_and_closes_after_the_last(ui):
    hw, app, menu = ui
    scr = open_entry(hw, app, menu, "Rules")
    for page in range(1, scr.pages):
        hw.press(keys.A)
        app.step()
        assert scr.page == page and app.screen is scr
    hw.press(keys.A)
    app.step()
    assert app.screen is menu


def test_rules_text_fits_and_every_game_has_the_whole_rules():
    from ui import rules_text

    for g in range(3):
        lines = rules_text.lines(g)
        assert all(len(line) <= 26 for line in lines), g
    four = " ".join(rules_text.SPADES4)
    two = " ".join(rules_text.SPADES2)
    spit = " ".join(rules_text.SPIT)
    for text in (four, two):
        for part in ("Nil", "Follow suit", "spades are broken", "Made: 10 per trick bid",
                     "Set: -10 per trick bid", "10 bags: -100", "target"):
            assert part in text, part
    assert "First to the target wins" in two  # RULES 2.7
    assert "Double Nil" in two and "100 or more behind" in four  # RULES 2.4, 1.4
    for part in ("SPIT!", "Stall", "slap the smaller", "Under 15 cards: one pile", "Standard match",
                 "Points match", "at 100 the lowest wins"):  # RULES 3.3-3.8
        assert part in spit, part


def test_a_game_shows_the_same_viewer_for_its_own_rules_only(ui):
    hw, app, menu = ui
    from ui import rules_screen, rules_text

    came_back = []
    here = app.screen
    scr = rules_screen.show(app, 2, lambda: came_back.append(1))
    assert app.screen is scr and isinstance(scr, rules_screen.RulesScreen)
    assert scr.title.text == "Spit rules" and scr.left_mark.group.hidden  # no other games here
    assert scr.right == []  # no right column built: heap a pause menu need not spend
    assert scr.footer.text == "Page 1/3  Up/Down  B: back"  # the title menu's footer
    hw.press(keys.RIGHT, keys.LEFT, keys.DOWN)
    app.step()
    assert scr.lines == list(rules_text.SPIT) and scr.page == 1
    hw.press(keys.B)
    app.step()
    assert came_back == [1] and app.screen is scr  # back() decides what shows next
    app.show(here)
    scr = rules_screen.show(app, 0, lambda: came_back.append(2))
    hw.press(keys.START)
    app.step()
    assert came_back == [1, 2]


def test_rules_pages_bring_no_game_screen_into_the_heap(ui):
    import sys
    hw, app, menu = ui
    games = ("ui.spit_screen", "ui.spades_table", "ui.spades_pages")
    saved = {m: sys.modules.pop(m) for m in games if m in sys.modules}  # loaded by other tests
    try:
        scr = open_entry(hw, app, menu, "Rules")
        for title in ("Spades rules", "Spades for two rules", "Spit rules"):
            assert scr.title.text == title and scr.left[0].text
            assert [m for m in games if m in sys.modules] == [], title
            hw.press(keys.RIGHT)
            app.step()
    finally:
        sys.modules.update(saved)


def test_rules_text_is_drawn_in_white_on_the_felt(ui):
    hw, app, menu = ui
    open_entry(hw, app, menu, "Rules")
    n = count_color(hw.display, pages.TEXT, 0, pages.ROW_Y0, 160, pages.ROW_Y0 + pages.ROWS * pages.ROW_H)
    assert n > 400
    assert count_color(hw.display, pages.TITLE, 0, 0, 160, 14) > 50


def test_menu_lists_the_pages_and_continue_first_when_saved(ui):
    hw, app, menu = ui
    labels = [e[0] for e in menu.entries]
    assert labels == ["Spades", "Spades for two", "Spit", "Deal number", "Options", "Statistics", "Rules", "Quit"]
    app.storage.save_game(GAME_SPIT, 2, b"x")
    app.show(menu)
    assert [e[0] for e in menu.entries][0] == "Continue" and menu.cursor == 0
    hw.press(keys.DOWN)
    app.step()
    assert menu.status.text == "Up/Down, A: choose"
    app.storage.clear_game()
    app.show(menu)
    assert [e[0] for e in menu.entries] == labels and menu.cursor == 0  # still on Spades
    assert shown(menu_mod.BAR)  # the colour helper works on the menu's bar


def test_a_held_key_runs_through_the_options_and_stops_at_the_ends(ui):
    hw, app, menu = ui
    scr = open_entry(hw, app, menu, "Options")
    hw.events.keypad_eventqueue_record(keys.UP, True)
    app.step()
    assert scr.cursor == len(options_screen.ROWS_SHOWN) - 1  # a press wraps to the last row
    for _ in range(300):
        hw.advance(16)
        app.step()
    assert scr.cursor == 0
    assert scr.help[0].text == options_screen.help_lines("blind_nil", True)[0]
