"""Replay this deal (ui/spades_replay.py): from a hand's end page (Select) and from
the score history (choose a row, Select), four and two players: the same cards from
the same scores, bags and dealer; both results side by side at its end; nothing of
it saved or counted, so Continue (after a power cut too) resumes the match."""
import sys

from engine.spades_replay import replay, result
from engine.storage import Storage
from engine.tricks import PLAY, HAND_OVER, MATCH_OVER, BIDDING, DECLARE
from host_tests.spades_ui_support import app_with, launch, is_page
from host_tests.test_spades_replay import dealt
from host_tests.test_ui_continue import new_app
from host_tests.test_ui_spades import until, press, my_turn
from ui.spades_keep import split
from ui import keys
from ui.spades_pages import Page


def _hand_end(n=4, **kw):
    hw, app = app_with(**kw)
    t = launch(hw, app, n)
    assert until(hw, app, lambda: is_page(app.screen))
    assert app.screen.title.text.startswith("Hand 1 over")
    return hw, app, t


def _saved(hw):
    return Storage(hw.nvm).load_game()


def _cut_and_continue(hw):
    """The power is cut (hw closed); a new badge over the same nvm chooses Continue:
    (hw2, app2, its screen)."""
    nvm = bytearray(hw.nvm)
    hw.close()
    hw2, app2, _ = new_app(nvm)
    hw2.press(keys.A)
    app2.step()
    return hw2, app2, app2.screen


def _stats_hands(app, t):
    return app.storage.load_stats().to_bytes()


def test_replay_this_deal_at_a_hands_end_then_the_match_goes_on():
    hw, app, t = _hand_end()
    m = t.m
    assert "Sel:replay" in app.screen.footer.text
    after = (list(m.scores), list(m.bags), m.hand_no)
    first = result(m, 1)
    saved = _saved(hw)
    writes = app.storage.writes
    stats = _stats_hands(app, t)
    press(hw, app, keys.SELECT)
    r = t.m
    assert app.screen is t and r is not m and r.replay_of == 1
    assert dealt(r._saved) == dealt(m._saved)  # the same cards, scores, bags and dealer
    assert (r.hand_no, r.scores, r.bags, r.phase) == (1, [0, 0], [0, 0], BIDDING)
    assert t.banner.text.strip() == "Replay of hand 1"
    assert until(hw, app, lambda: is_page(app.screen))
    page = app.screen
    assert page.title.text == "Replay of hand 1"
    assert page.footer.text.startswith("A: next") and page.footer.text.endswith("Sel: again")
    rows = [a for a, _, _ in page.rows]
    assert rows[0].split() == ["Us", "Them"]
    assert rows[1].split() == ["First", "try", "%+d" % first[0] if first[0] else "0",
                               "%+d" % first[1] if first[1] else "0"]
    again = result(r, 1)
    assert rows[2].split()[1:] == ["%+d" % again[0] if again[0] else "0", "%+d" % again[1] if again[1] else "0"]
    # nothing written, nothing counted; the match untouched
    assert app.storage.writes == writes and _saved(hw) == saved and _stats_hands(app, t) == stats
    assert (list(m.scores), list(m.bags), m.hand_no, m.phase) == after + (HAND_OVER,)
    # replay again: the same deal once more
    press(hw, app, keys.SELECT)
    assert t.m is not r and dealt(t.m._saved) == dealt(m._saved) and t.m.phase == BIDDING
    assert until(hw, app, lambda: is_page(app.screen))
    press(hw, app, keys.A)  # next hand: the match goes on from the first result
    assert t.m is not m and t.m.hand_no == 2 and app.screen is t  # the match rebuilt from its bytes
    assert not hasattr(t.m, "replay_of") and t.replaying is None
    m = t.m
    assert list(m.scores) == after[0] and list(m.bags) == after[1]
    assert [h[:3] for h in t.history] == [(1, after[0][0], after[0][1])]
    assert "ui.spades_replay" not in sys.modules
    assert until(hw, app, lambda: is_page(app.screen))
    assert app.screen.title.text.startswith("Hand 2 over")  # counted and saved as ever
    assert _stats_hands(app, t) != stats


def test_a_power_cut_during_a_replay_returns_to_the_match():
    hw, app, t = _hand_end()
    m = t.m
    blob = m.to_bytes()
    assert split(_saved(hw)[2])[0] == blob
    press(hw, app, keys.SELECT)
    assert until(hw, app, lambda: my_turn(t, PLAY) and len(t.m.history) >= 6)
    writes = app.storage.writes
    press(hw, app, keys.START)  # the pause menu's save: the match as it was, the replay after it
    saved = split(_saved(hw)[2])
    assert app.storage.writes == writes + 1 and saved[0] == blob and saved[2] is not None
    hw2, app2, t2 = _cut_and_continue(hw)
    try:
        assert type(t2).__name__ == "Table" and not hasattr(t2.m, "replay_of")
        assert t2.m.hand_no == 2 and list(t2.m.scores) == list(m.scores)  # the match's next hand
    finally:
        hw2.close()


def test_quit_during_a_replay_keeps_the_matchs_save():
    from ui import spades_pause
    hw, app, t = _hand_end()
    blob = t.m.to_bytes()
    press(hw, app, keys.SELECT)
    assert until(hw, app, lambda: my_turn(t, PLAY))
    press(hw, app, keys.START)
    for _ in range(spades_pause.MENU.index("Quit")):
        press(hw, app, keys.DOWN)
    press(hw, app, keys.A)
    assert app.screen is app.home_screen
    assert split(_saved(hw)[2])[0] == blob


def test_replay_a_hand_from_the_score_history_then_back_to_the_hand_under_way():
    from ui import spades_pause
    hw, app, t = _hand_end()
    m = t.m
    start1 = m._saved
    press(hw, app, keys.A)  # hand 2
    assert until(hw, app, lambda: my_turn(t, PLAY) and len(m.history) >= 4)
    press(hw, app, keys.START)
    saved = _saved(hw)
    before = m.to_bytes()
    for _ in range(spades_pause.MENU.index("Score history")):
        press(hw, app, keys.DOWN)
    press(hw, app, keys.A)
    page = app.screen
    assert is_page(page) and page.title.text == "Score history"
    assert page.at == 1 and page.left[1].text.startswith("> 1")  # the last hand played is chosen
    press(hw, app, keys.UP)
    assert page.at == 1  # hand 1 is the first row
    press(hw, app, keys.SELECT)
    r = t.m
    assert app.screen is t and r.replay_of == 1 and dealt(r._saved) == dealt(start1) and r.scores == [0, 0]
    assert until(hw, app, lambda: is_page(app.screen))
    assert app.screen.footer.text.startswith("A: back")
    press(hw, app, keys.A)
    assert t.m.to_bytes() == before and app.screen is t and t.mode == 0  # the match rebuilt from its bytes
    m = t.m
    assert _saved(hw) == saved
    n = len(m.history)
    assert until(hw, app, lambda: len(m.history) > n + 2)  # and the hand plays on


def test_two_players_replay_the_same_pile_order():
    hw, app, t = _hand_end(2)
    m = t.m
    press(hw, app, keys.SELECT)
    r = t.m
    assert r.replay_of == 1 and r.phase == DECLARE
    assert bytes(r.stock) == bytes(m.stock) and dealt(r._saved) == dealt(m._saved)  # 2.2: the same stock, in order
    assert until(hw, app, lambda: is_page(app.screen))
    rows = [a for a, _, _ in app.screen.rows]
    assert rows[0].split() == ["You", "Bot"] and rows[1].startswith("First try")
    press(hw, app, keys.A)
    assert t.m.hand_no == 2 and list(t.m.scores) == list(m.scores) and not hasattr(t.m, "replay_of")


def test_the_page_chooses_a_row_with_up_down_and_select():
    hw, app = app_with()
    page = Page(app)
    got = []
    rows = [("Hand   Us     Them", "", 0xFFFFFF)] + [("%3d    %-6d %d" % (i, i * 10, 0), "", 0xFFFFFF)
                                                     for i in range(1, 12)]
    page.fill("Score history", rows, "Up/Dn Sel: replay A: back", lambda: got.append("back"))
    page.choose(got.append, 1)
    app.show(page)
    assert page.at == 11 and page.left[7].text.startswith(">11")
    for _ in range(20):
        press(hw, app, keys.UP)
    assert page.at == 1 and page.top == 1 and page.left[0].text.startswith("> 1 ")
    press(hw, app, keys.DOWN)
    press(hw, app, keys.SELECT)
    assert got == [2]
    press(hw, app, keys.B)
    assert got == [2, "back"]
    page.fill("Hand 1 over", rows[:3], "A: next", lambda: None)
    press(hw, app, keys.SELECT)  # no alt: nothing
    assert got == [2, "back"] and page.at == -1


def test_after_continue_the_score_history_holds_every_kept_hand_to_replay():
    from ui import spades_pause
    hw, app, t = _hand_end()
    m = t.m
    start1 = m._saved
    press(hw, app, keys.A)
    assert until(hw, app, lambda: is_page(app.screen))
    press(hw, app, keys.A)  # hand 3
    assert until(hw, app, lambda: my_turn(t, PLAY))
    history = list(t.history)
    press(hw, app, keys.START)  # saved
    hw2, app2, t2 = _cut_and_continue(hw)
    try:
        assert t2.m.hand_no == 3
        press(hw2, app2, keys.START, *([keys.DOWN] * spades_pause.MENU.index("Score history")))
        press(hw2, app2, keys.A)
        assert t2.history == history and len(history) == 2  # the save keeps every hand
        assert app2.screen.at == 2 and app2.screen.left[2].text.startswith("> 2")
        press(hw2, app2, keys.UP, keys.SELECT)
        assert t2.m.replay_of == 1 and dealt(t2.m._saved) == dealt(start1)
    finally:
        hw2.close()


# what a replay may hold beyond a hand in play: the first try's two results and the
# match it goes back to; the hand-end page, its modules and the loader make room for
# the bots (tools/boardfit.py: the four-player play-through with a replay)
# (engine.spades_replay: lazy.call drops it after each use, but this file holds it)
_PAGE_MODULES = ("ui.pages", "ui.spades_pages", "ui.spades_hand_end", "ui.spades_replay",
                 "engine.spades_record", "engine.spades_load", "engine.scoring")


def test_a_replay_holds_no_page_and_no_replay_code_while_it_is_played():
    from engine.tricks import Table
    hw, app, t = _hand_end()
    m = t.m
    first = result(m, 1)
    from engine import lazy
    for name in _PAGE_MODULES[4:]:  # imported by this file's own result(), outside lazy.call
        if name in sys.modules:
            lazy.forget(name)
    press(hw, app, keys.SELECT)
    assert t.m.replay_of == 1 and t.page is None
    assert [name for name in _PAGE_MODULES if name in sys.modules] == []
    assert not isinstance(t.replaying, Table)  # the match kept as its bytes
    assert t.replaying[0] == m.to_bytes() and t.replaying[1] == first
    assert until(hw, app, lambda: is_page(app.screen))
    assert [a for a, _, _ in app.screen.rows][1].split()[2:] == [
        "%+d" % p if p else "0" for p in first]
    press(hw, app, keys.A)
    assert t.m.hand_no == 2 and list(t.m.scores) == list(m.scores) and t.replaying is None
    # back with the match: its loader and what that used are let go again
    assert [name for name in _PAGE_MODULES[4:] if name in sys.modules] == []



def _page_gone_when(monkeypatch, app, module, name):
    """Wrap module.name (what a key on the page on show leads to): the list returned
    gets, each time it runs, whether the page had left the heap by then."""
    import gc
    import weakref
    page = weakref.ref(app.screen)
    seen = []
    real = getattr(module, name)

    def wrapped(*args):
        gc.collect()
        seen.append(page() is None)
        return real(*args)
    monkeypatch.setattr(module, name, wrapped)
    return seen


def test_the_next_hand_is_dealt_once_nothing_holds_the_hands_end_page(monkeypatch):
    # the board's heap: the page's rows and code leave before the bidding's code loads
    from ui import spades_hand_end
    hw, app, t = _hand_end()
    seen = _page_gone_when(monkeypatch, app, spades_hand_end, "deal_next")
    press(hw, app, keys.A)
    assert seen == [True] and t.m.hand_no == 2 and app.screen is t and t.then is None


def test_a_replay_is_dealt_once_nothing_holds_the_page_it_was_chosen_on(monkeypatch):
    hw, app, t = _hand_end()
    from ui import spades_replay  # the game's start let any earlier copy go
    seen = _page_gone_when(monkeypatch, app, spades_replay, "_deal")
    press(hw, app, keys.SELECT)
    assert seen == [True] and t.m.replay_of == 1 and app.screen is t


def test_the_replays_match_leaves_the_heap_before_the_match_is_loaded_again(monkeypatch):
    import gc
    import weakref
    hw, app, t = _hand_end()
    press(hw, app, keys.SELECT)
    assert until(hw, app, lambda: is_page(app.screen))
    cls = type(t.m)
    replayed = weakref.ref(t.m)
    seen = []
    real = cls.from_bytes.__func__

    def from_bytes(c, blob):
        gc.collect()
        seen.append(replayed() is None)
        return real(c, blob)
    monkeypatch.setattr(cls, "from_bytes", classmethod(from_bytes))
    press(hw, app, keys.A)
    assert seen == [True] and t.m.hand_no == 2 and t.replaying is None


def _offer_on_screen(hw, t, items):
    """The offer box shows its rows and its cursor on the first, safe one (pixels too:
    the highlight bar is drawn inside the box)."""
    from host_tests.ui_support import count_color
    c = t.choice
    assert not t.picker.group.hidden and not c.group.hidden
    assert c.items == list(items) and c.cursor == 0
    assert [line.text for line in c.lines] == list(items)
    assert not c.bar.hidden and c.bar.y == c.y
    assert count_color(hw.display, 0xF8C800, c.x, c.y, c.x + 100, c.y + 12) > 300


def test_a_replay_of_hand_1_shows_the_blind_nil_box_with_its_rows_and_cursor():  # RULES 1.4
    # the replay's offer is (hand 1, BIDDING) again: the new box was left without rows
    hw, app, t = _hand_end()
    press(hw, app, keys.SELECT)
    assert t.m.replay_of == 1
    assert until(hw, app, lambda: my_turn(t, BIDDING) and not t.v.looked, play=False)
    app.step()
    _offer_on_screen(hw, t, ("Look at cards", "Blind Nil"))
    press(hw, app, keys.A)  # the first row: look at the cards
    assert t.v.looked and t.m.bids[0] == -1


def test_a_replay_of_hand_1_shows_the_double_nil_box_with_its_rows_and_cursor():  # RULES 2.4
    hw, app, t = _hand_end(2)
    press(hw, app, keys.SELECT)
    assert t.m.replay_of == 1
    assert until(hw, app, lambda: my_turn(t, DECLARE), play=False)
    app.step()
    _offer_on_screen(hw, t, ("Play normally", "Double Nil"))


def test_b_on_a_hands_end_page_reviews_it_never_skips_it_and_a_goes_on():  # README: In Spades, B
    hw, app, t = _hand_end()
    page = app.screen
    press(hw, app, keys.B)  # the review (ui/spades_hand_review.py), never the next hand unread
    assert type(app.screen).__name__ == "Review" and t.m.hand_no == 1
    press(hw, app, keys.B)  # stopped: back on the end page
    assert until(hw, app, lambda: app.screen is page, play=False, limit=10) and t.m.hand_no == 1
    press(hw, app, keys.SELECT)  # the replay's end page: B does nothing there
    assert until(hw, app, lambda: is_page(app.screen))
    page = app.screen
    assert page.title.text == "Replay of hand 1"
    press(hw, app, keys.B)
    assert app.screen is page
    press(hw, app, keys.A)
    assert app.screen is t and t.m.hand_no == 2
    # a pause page still goes back with B
    assert until(hw, app, lambda: my_turn(t, PLAY))
    press(hw, app, keys.START, keys.DOWN, keys.DOWN, keys.A)
    assert is_page(app.screen) and app.screen.title.text == "Why?"
    press(hw, app, keys.B)
    assert app.screen is t


def test_a_replay_is_dealt_a_frames_work_at_a_time_and_no_key_is_read_meanwhile():
    # in one frame the deal, the table switched to it and the hand opened took up to
    # 650 board-ms (make boardfit --frames; the target is 150): three frames now
    hw, app, t = _hand_end()
    m = t.m
    hw.press(keys.SELECT)
    app.step()  # the page goes; the deal waits for the table's tick
    works = 0
    while t.then is not None:
        hw.press(keys.A)  # read and dropped: nothing is bid, nothing chosen
        app.step()
        works += 1
        assert works < 8
    r = t.m
    assert works >= 2 and r is not m and r.replay_of == 1 and r.phase == BIDDING
    assert r.bids == [-1] * 4 or r.to_move != 0  # no bid of the human's from those keys
    assert t.banner.text.strip() == "Replay of hand 1"
    # the replay's end: its code in one frame, both results in the next, its rows in the
    # third, its page built in the fourth, shown in the fifth
    assert until(hw, app, lambda: t.m.phase == HAND_OVER and t.then is not None)
    assert app.screen is t
    for _ in range(3):
        app.step()
        assert app.screen is t and t.page is None
    app.step()
    assert app.screen is t and t.page is not None  # built; shown in the next frame
    app.step()
    assert is_page(app.screen) and app.screen.title.text == "Replay of hand 1"


def test_a_replay_again_is_dealt_from_the_replay_with_no_match_loaded(monkeypatch):
    # RULES 4: the replay keeps its own start (engine/spades_replay.py replay), so
    # "Sel: again" deals it from there; loading the match for it was the slowest
    # frame of a replay (up to 490 board-ms, make boardfit --frames)
    hw, app, t = _hand_end()
    m = t.m
    press(hw, app, keys.SELECT)
    assert until(hw, app, lambda: is_page(app.screen))
    r = t.m
    cls = type(r)
    loads = []
    real = cls.from_bytes.__func__
    monkeypatch.setattr(cls, "from_bytes", classmethod(lambda c, b: loads.append(1) or real(c, b)))
    press(hw, app, keys.SELECT)
    assert t.m is not r and t.m.replay_of == 1 and dealt(t.m._saved) == dealt(m._saved) and t.m.phase == BIDDING
    assert loads == [] and "engine.spades_load" not in sys.modules


def test_a_replay_of_the_matchs_last_hand_goes_on_to_the_final_score_with_no_match_loaded(monkeypatch):
    # the final score comes from what the replay kept of the match: loading it took up
    # to 520 board-ms in one frame (make boardfit --frames), and nothing follows it
    hw, app = app_with(target=200)
    t = launch(hw, app, 2)
    assert until(hw, app, lambda: is_page(app.screen) and t.m.phase == MATCH_OVER, limit=20000)
    m = t.m
    final = (list(m.scores), m.winner, m.hand_no)
    press(hw, app, keys.SELECT)
    assert t.m.replay_of == m.hand_no
    assert until(hw, app, lambda: is_page(app.screen) and app.screen.title.text.startswith("Replay"))
    cls = type(m)
    loads = []
    real = cls.from_bytes.__func__
    monkeypatch.setattr(cls, "from_bytes", classmethod(lambda c, b: loads.append(1) or real(c, b)))
    press(hw, app, keys.A)
    page = app.screen
    assert is_page(page) and loads == []
    assert page.title.text == ("You win!" if final[1] == 0 else "The bot wins")
    rows = [(a, b) for a, b, _ in page.rows]
    assert (rows[1][1], rows[2][1], rows[3][1]) == (
        str(final[0][0]), str(final[0][1]), str(final[2]))
    press(hw, app, keys.A)
    assert app.screen is app.home_screen
