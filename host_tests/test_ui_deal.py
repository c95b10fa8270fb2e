"""The title menu's Deal number (issue 25): a number entered a digit at a time and that
deal played alone from 0-0, counted in no statistics (RULES 4: the number says the
cards)."""
from engine.numbered import deal as deal_number
from engine import spades, spades2, storage
from engine.tricks import MATCH_OVER
from host_tests.spades_ui_support import app_with, is_page, human_keys
from host_tests.test_ui_spades import until, press
from ui import keys, menu
from ui.deal_screen import DealScreen
from ui.spades_table import Table


def _to_deal_screen(hw, app):
    i = [e[1] for e in app.home_screen.entries].index(menu.DEAL_MODULE)
    for _ in range(i):
        hw.press(keys.DOWN)
        app.step()
    press(hw, app, keys.A)
    app.step()
    assert isinstance(app.screen, DealScreen), app.screen
    return app.screen


def _enter(hw, app, d, number):
    """Keys that set each of the six digits from 0."""
    for i, ch in enumerate("%06d" % number):
        assert d.at == i
        for _ in range(int(ch)):
            press(hw, app, keys.UP)
        press(hw, app, keys.RIGHT)
    assert d.at == 0 and d.number == number


def _play_out(hw, app, t):
    for _ in range(6000):
        if is_page(app.screen) and app.screen.title.text.startswith("Deal "):
            return app.screen
        for k in human_keys(app):
            hw.press(k)
            app.step()
        hw.advance(300)
        app.step()
    raise AssertionError("the deal did not end")


def test_digits_move_and_wrap_and_select_switches_the_players():
    hw, app = app_with()
    d = _to_deal_screen(hw, app)
    assert d.number == 0 and d.players == 4 and d.right[0].text == "[0]00000"
    press(hw, app, keys.DOWN)  # 0 down is 9
    press(hw, app, keys.LEFT)  # to the last digit
    press(hw, app, keys.UP, keys.UP)
    assert d.number == 900002 and d.right[0].text == "90000[2]"
    press(hw, app, keys.SELECT)
    assert d.players == 2 and d.right[1].text == "2"
    press(hw, app, keys.SELECT)
    assert d.players == 4
    press(hw, app, keys.B)
    app.step()
    assert app.screen is app.home_screen and app.storage.load_game() is None


def test_a_numbered_deal_is_its_cards_played_alone_and_counted_nowhere():
    hw, app = app_with(level="easy")
    stats_before = app.storage.load_stats().lines(0)
    d = _to_deal_screen(hw, app)
    _enter(hw, app, d, 314159)
    press(hw, app, keys.A)
    assert until(hw, app, lambda: isinstance(app.screen, Table), play=False, limit=20)
    t = app.screen
    m = t.m
    want = spades.Match(1, _deal=False)
    deal_number(want, 314159)
    assert m.single and m.number == 314159 and m._deal_bytes() == want._deal_bytes()
    assert (m.hand_no, m.scores, m.dealer) == (1, [0, 0], 314159 % 4)
    saved = app.storage.load_game()
    assert saved is not None and spades.Match.from_bytes(saved[2]).single  # Continue resumes it
    end = _play_out(hw, app, t)
    m = t.m
    assert m.phase == MATCH_OVER and m.hand_no == 1
    won = "a tie" if m.scores[0] == m.scores[1] else "you win" if m.scores[0] > m.scores[1] else "you lose"
    assert end.title.text == "Deal 314159: " + won
    assert app.storage.load_game() is None  # over: cleared, as a match that ends
    assert app.storage.load_stats().lines(0) == stats_before  # no hand, no match counted


def test_the_menu_asks_before_a_numbered_deal_replaces_a_saved_game():
    hw, app = app_with()
    st = app.storage
    m = spades.Match(3)
    st.save_game(storage.GAME_SPADES4, 1, m.to_bytes())
    app.show(app.home_screen)
    app.step()
    home = app.home_screen
    i = [e[1] for e in home.entries].index(menu.DEAL_MODULE)
    for _ in range(i):
        hw.press(keys.DOWN)
        app.step()
    press(hw, app, keys.A)
    assert home.noticing and "numbered deal" in " ".join(x.text for x in home.box_lines)
    press(hw, app, keys.B)  # keep it
    assert app.screen is home and st.load_game()[2] == m.to_bytes()
    press(hw, app, keys.A, keys.A)  # asked again; A: the deal screen
    app.step()
    d = app.screen
    assert isinstance(d, DealScreen)
    press(hw, app, keys.SELECT)  # two players
    press(hw, app, keys.UP)  # deal 100000
    press(hw, app, keys.A)
    assert until(hw, app, lambda: isinstance(app.screen, Table), play=False, limit=20)
    m2 = app.screen.m
    assert isinstance(m2, spades2.Match) and m2.single and m2.number == 100000 and m2.hand_no == 1
    assert st.load_game()[0] == storage.GAME_SPADES2


def test_a_replay_of_a_numbered_deal_is_played_alone_and_its_end_names_the_first_try():
    hw, app = app_with()
    d = _to_deal_screen(hw, app)
    _enter(hw, app, d, 42)
    press(hw, app, keys.A)
    assert until(hw, app, lambda: isinstance(app.screen, Table), play=False, limit=20)
    t = app.screen
    assert until(hw, app, lambda: is_page(app.screen) and app.screen.title.text == "Hand 1 over, deal 42")
    first = list(t.m.scores)
    press(hw, app, keys.SELECT)  # the same deal again, alone too
    assert until(hw, app, lambda: getattr(t.m, "replay_of", 0) and is_page(app.screen))
    assert t.m.single and t.m.number == 42
    press(hw, app, keys.A)
    assert until(hw, app, lambda: is_page(app.screen) and app.screen.title.text.startswith("Deal 42: "), play=False)
    won = "a tie" if first[0] == first[1] else "you win" if first[0] > first[1] else "you lose"
    assert app.screen.title.text == "Deal 42: " + won  # the first try's result, not the replay's
    assert app.storage.load_game() is None
