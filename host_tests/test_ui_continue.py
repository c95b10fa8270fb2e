"""Continue from the title menu (issue 8): offered only while a game is saved, it
resumes a four-player Spades match and a Spit match exactly, on a new app over the
same nvm (a power cut); a save that cannot be read, or that the game refuses, is
told once and Continue goes; an nvm too small or a failing write never crash."""

from engine import options, storage
from engine.storage import GAME_SPADES4, GAME_SPIT, Storage
from engine.tricks import PLAY
from host_tests.spades_ui_support import app_with, human_keys, launch
from host_tests.ui_support import count_color
from ui.spades_keep import split
from ui import keys, menu as menu_mod
from ui.app import App
from ui.hardware_laptop import Headless
from ui.menu import Menu


def new_app(nvm):
    """A new badge (App + title menu) over a copy of `nvm`, or over `nvm` itself when
    it is not a bytearray of the full size (a small or failing nvm)."""
    hw = Headless()
    if type(nvm) is bytearray and len(nvm) == storage.SIZE:
        hw.nvm[:] = nvm
    else:
        hw.nvm = nvm
    app = App(hw)
    menu = Menu(app)
    app.home_screen = menu
    app.show(menu)
    app.step()
    return hw, app, menu


def labels(menu):
    return [e[0] for e in menu.entries]


def play_until(hw, app, cond, limit=4000):
    for _ in range(limit):
        if cond():
            return True
        for k in human_keys(app):
            hw.press(k)
            app.step()
            if cond():
                return True
        hw.advance(300)
        app.step()
    return cond()


def test_no_continue_without_a_saved_game():
    hw, app, menu = new_app(bytearray(storage.SIZE))
    try:
        assert labels(menu)[0] == "Spades" and "Continue" not in labels(menu)
        assert not menu.noticing and menu.status.text == "Up/Down, A: choose"
    finally:
        hw.close()


_LOADER = ("engine.spades_load", "engine.spades_record", "engine.scoring")


def test_continue_resumes_a_four_player_spades_match_exactly():
    hw, app = app_with(level="hard")
    t = launch(hw, app, 4)
    # opening the pause menu is a save point: the hand as it stands (issue 12)
    assert play_until(hw, app, lambda: t.m.phase == PLAY and len(t.m.history) >= 8 and app.screen is t)
    assert Storage(hw.nvm).load_game()[2] != t.m.to_bytes()  # tricks are not saved
    writes = app.storage.writes
    hw.press(keys.START)
    app.step()
    assert app.storage.writes == writes + 1
    game, level, blob = Storage(hw.nvm).load_game()
    assert split(blob)[0] == t.m.to_bytes()
    assert game == GAME_SPADES4 and level == options.level_byte(GAME_SPADES4, "hard")
    nvm = bytearray(hw.nvm)
    hw.close()
    # the power is cut; the badge starts again with other options
    hw2, app2, menu2 = new_app(nvm)
    try:
        app2.options.level_spades4 = "easy"
        app2.options.target = 300
        assert labels(menu2)[0] == "Continue" and menu2.cursor == 0
        assert menu2.status.text == "Saved: Spades"
        import sys
        from engine import lazy
        for name in _LOADER:  # a fresh VM has none (this process's tests may hold them)
            if name in sys.modules:
                lazy.forget(name)
        hw2.press(keys.A)
        app2.step()
        t2 = app2.screen
        assert type(t2).__name__ == "Table" and app2.game == "ui.spades_game"
        assert t2.m.to_bytes() == split(blob)[0]  # same cards, scores, bags, dealer, RNG state
        assert t2.m.target == t.m.target == 200  # the match keeps its own rules
        assert t2.game == GAME_SPADES4 and t2.level == "hard"  # the saved level, not the option
        assert t2.m.dealer == t.m.dealer and list(t2.m.scores) == list(t.m.scores)
        # the loader and what it used (the record of hand starts, the scoring) are let go
        assert [name for name in _LOADER if name in sys.modules] == []
        # and it plays on from there
        n = len(t2.m.history)
        assert play_until(hw2, app2, lambda: len(t2.m.history) > n + 4 or t2.m.hand_no > t.m.hand_no)
    finally:
        hw2.close()


def test_a_power_cut_mid_hand_resumes_at_the_start_of_that_hand():  # issue 12
    hw, app = app_with()
    t = launch(hw, app, 4)
    hw.display.refresh = lambda *a, **k: True
    assert play_until(hw, app, lambda: t.m.hand_no == 2 and len(t.m.history) >= 10)
    start = t.m.to_bytes()[:25 + 13]  # the hand's head and deal: dealer, scores, bags, cards
    stats_then = app.storage.load_stats()
    assert stats_then.get(GAME_SPADES4, 2) == 1  # HANDS: the first hand counted, once
    nvm = bytearray(hw.nvm)  # the power is cut
    hw.close()
    hw2, app2, menu2 = new_app(nvm)
    try:
        hw2.press(keys.A)  # Continue
        app2.step()
        t2 = app2.screen
        assert t2.m.hand_no == 2 and len(t2.m.history) == 0 and t2.m.phase != PLAY
        assert t2.m.to_bytes()[:25 + 13] == start  # same cards, scores and bags
        assert list(t2.m.scores) == list(t.m.scores) and list(t2.m.bags) == list(t.m.bags)
        assert app2.storage.load_stats() == stats_then  # the first hand is not counted again
    finally:
        hw2.close()


def test_blind_nil_behind_goes_into_the_match_and_survives_continue():  # RULES 1.4 option
    hw, app = app_with(blind_nil_behind=True)
    t = launch(hw, app, 4)
    assert t.m.blind_nil_behind and t.v.looked  # 0 to 0: nobody behind, cards seen at once
    blob = Storage(hw.nvm).load_game()[2]
    nvm = bytearray(hw.nvm)
    hw.close()
    hw2, app2, menu2 = new_app(nvm)
    try:
        app2.options.blind_nil_behind = False  # options changed since: the match keeps its own
        hw2.press(keys.A)
        app2.step()
        t2 = app2.screen
        assert t2.m.to_bytes()[:38] == blob[:38]  # the same deal and head (its bots may bid on)
        assert t2.m.blind_nil_behind and t2.v.looked
    finally:
        hw2.close()
    hw3, app3 = app_with(blind_nil_behind=True)
    try:
        t3 = launch(hw3, app3, 2)  # two players: Double Nil (2.4) has no such rule
        assert not t3.m.blind_nil_behind
    finally:
        hw3.close()


def test_continue_resumes_a_spit_match_into_the_spit_screen():
    hw, app, menu = new_app(bytearray(storage.SIZE))
    try:
        hw.press(keys.DOWN, keys.DOWN, keys.DOWN, keys.DOWN, keys.A)  # Options
        from ui.options_screen import ROWS_SHOWN
        hw.press(*[keys.DOWN] * [r[1] for r in ROWS_SHOWN].index("level_spit"))  # Spit level, 3
        hw.press(keys.RIGHT, keys.RIGHT, keys.B)  # 5, back: saved
        app.step()
        assert app.screen is menu and app.options.level_spit == 5
        hw.press(keys.UP, keys.UP, keys.A)  # Spit
        app.step()
        app.step()
        scr = app.screen
        assert type(scr).__name__ == "SpitScreen" and scr.level == 5
        game, level, blob = Storage(hw.nvm).load_game()
        assert game == GAME_SPIT and blob == scr.game.to_bytes()
        nvm = bytearray(hw.nvm)
    finally:
        hw.close()
    hw2, app2, menu2 = new_app(nvm)
    try:
        app2.options.level_spit = 1
        assert labels(menu2)[0] == "Continue" and menu2.status.text == "Saved: Spit"
        hw2.press(keys.A)
        app2.step()
        scr2 = app2.screen
        assert type(scr2).__name__ == "SpitScreen" and app2.game == "ui.spit_screen"
        assert scr2.level == 5 and scr2.game.to_bytes() == blob
        # back to the menu: the game leaves the heap, Continue stays (the match is saved)
        hw2.press(keys.START)
        app2.step()
        hw2.press(keys.UP, keys.A)  # pause menu: Quit is last
        app2.step()
        assert app2.screen is menu2 and app2.game is None
        assert labels(menu2)[0] == "Continue"
    finally:
        hw2.close()


def test_a_corrupt_saved_game_is_told_once_and_not_offered():
    nvm = bytearray(storage.SIZE)
    Storage(nvm).save_game(GAME_SPADES4, 1, bytes(range(101)))
    nvm[storage.SLOT + storage.HEADER + 30] ^= 0x10  # one bit of the only copy flips
    hw, app, menu = new_app(nvm)
    try:
        assert "Continue" not in labels(menu)
        assert menu.noticing
        box = count_color(hw.display, menu_mod.BOX, 0, 0, 160, 128)
        assert box > menu_mod.BOX_W * menu_mod.BOX_H // 2  # the box is on the screen
        assert count_color(hw.display, menu_mod.NOTICE, menu_mod.BOX_X, menu_mod.BOX_Y,
                           menu_mod.BOX_X + menu_mod.BOX_W, menu_mod.BOX_Y + 30) > 40  # its text
        assert "Saved data could not be read" in " ".join(line.text for line in menu.box_lines)
        hw.press(keys.DOWN)  # keys other than A/B/Start do not pass the box
        app.step()
        assert menu.noticing and menu.cursor == 0
        hw.press(keys.A)
        app.step()
        assert not menu.noticing and app.screen is menu
        assert count_color(hw.display, menu_mod.BOX, 0, 0, 160, 128) == 0
        app.show(menu)  # shown again (back from a page): told once only
        assert not menu.noticing
        nvm2 = bytearray(hw.nvm)
    finally:
        hw.close()
    hw, app, menu = new_app(nvm2)  # and not at the next start either
    try:
        assert not menu.noticing and "Continue" not in labels(menu)
    finally:
        hw.close()


def test_a_save_the_game_refuses_is_rejected_told_once_and_never_crashes():
    for game in (GAME_SPADES4, storage.GAME_SPADES2, GAME_SPIT):
        nvm = bytearray(storage.SIZE)
        Storage(nvm).save_game(game, 1, b"\x07not a match")  # good CRC, bad match
        hw, app, menu = new_app(nvm)
        try:
            assert labels(menu)[0] == "Continue" and not menu.noticing
            hw.press(keys.A)
            app.step()
            assert app.screen is menu and app.game is None
            assert menu.noticing, game
            assert "Continue" not in labels(menu)
            hw.press(keys.A)
            app.step()
            app.show(menu)
            assert not menu.noticing
            assert Storage(hw.nvm).load_game() is None
        finally:
            hw.close()


def test_nvm_too_small_runs_without_saving_and_says_so_once():
    small = bytearray(256)
    hw, app, menu = new_app(small)
    try:
        assert app.storage.trouble == storage.NO_ROOM
        assert menu.noticing and "no room to save" in " ".join(x.text for x in menu.box_lines).lower()
        hw.press(keys.A)
        app.step()
        t = launch(hw, app, 4)
        assert play_until(hw, app, lambda: t.m.phase == PLAY and t.m.to_move == 0)
        hw.press(keys.START)
        app.step()
        hw.press(keys.UP, keys.A)  # Quit
        app.step()
        assert app.screen is menu and not menu.noticing
        assert labels(menu)[0] == "Continue"  # kept in memory for this run
        assert small == bytearray(256)
    finally:
        hw.close()


class Worn(bytearray):
    """Flash that refuses writes (OSError) after the first `ok`."""

    def __init__(self, ok):
        super().__init__(storage.SIZE)
        self.ok = ok

    def __setitem__(self, i, v):
        if self.ok <= 0:
            raise OSError(5, "Input/output error")
        self.ok -= 1
        super().__setitem__(i, v)


def test_a_failing_write_keeps_the_game_going_and_is_told_once():
    hw, app, menu = new_app(Worn(ok=1))
    try:
        t = launch(hw, app, 4)
        assert play_until(hw, app, lambda: t.m.phase == PLAY and len(t.m.history) >= 5)
        assert app.storage.trouble == 0  # the new match was the one good write
        hw.press(keys.START)  # a save point: this write fails
        app.step()
        assert app.storage.trouble == storage.WRITE_FAILED
        hw.press(keys.UP, keys.A)  # Quit
        app.step()
        assert app.screen is menu and menu.noticing
        assert "saving failed" in " ".join(x.text for x in menu.box_lines).lower()
        hw.press(keys.B)
        app.step()
        app.show(menu)
        assert not menu.noticing
    finally:
        hw.close()


def test_quit_on_the_badge_says_everything_is_saved(monkeypatch):
    hw, app, menu = new_app(bytearray(storage.SIZE))
    try:
        monkeypatch.setattr(menu_mod, "ON_BADGE", True)
        hw.pixels.fill(0x123456)
        hw.press(keys.UP, keys.A)  # Quit
        app.step()
        assert app.running and menu.noticing and hw.pixels[0] == 0
        assert "switch the badge off" in " ".join(x.text for x in menu.box_lines)
        hw.press(keys.A)
        app.step()
        assert not menu.noticing and app.running
    finally:
        hw.close()
