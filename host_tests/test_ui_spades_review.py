"""B on a hand's end page: the review of the hand and par (ui/spades_hand_review.py,
engine/bots/spades_review.py), four and two players: its progress shown, B stops it at
once, its page gives both results, the bid and the costliest cards; nothing of it is
saved or counted, and A goes on as on the end page."""
import sys

import pytest

from engine.storage import Storage
from engine.tricks import HAND_OVER
from host_tests.spades_ui_support import app_with, is_page
from host_tests.test_ui_spades import until, press, frames
from host_tests.test_ui_spades_replay import _hand_end
from ui import keys


def _left(page):
    return [a for a, _, _ in page.rows]


@pytest.mark.parametrize("n", [4, 2])
def test_review_at_a_hands_end_then_back_and_on(n):
    hw, app, t = _hand_end(n)
    page = app.screen
    assert page.footer.text == "A:next Sel:replay B:review"
    m = t.m
    before = (m.to_bytes(), bytes(hw.nvm), app.storage.writes)
    press(hw, app, keys.B)
    r = app.screen
    assert type(r).__name__ == "Review" and r.page.title.text == "Review, hand 1"
    assert r.page.footer.text == "B: stop" and _left(r.page)[0].startswith("Scoring your cards")
    assert until(hw, app, lambda: r.work is None, play=False, ms=20)  # well inside the minute before the screen dims
    rows = _left(r.page)
    assert rows[0] == "You" and rows[1] == "Hard in your seat"
    assert r.page.rows[0][1] == ("%+d" % (m.scores[0]) if m.scores[0] else "0")  # hand 1: from 0
    assert rows[2].startswith("You bid ")
    assert "No card cost points" in rows or any(x.startswith("Trick ") for x in rows)
    assert r.page.footer.text.endswith("A or B: back")  # "Up/Down" first when rows scroll
    # nothing saved, counted or changed
    assert (m.to_bytes(), bytes(hw.nvm), app.storage.writes) == before
    press(hw, app, keys.A)  # back to the hand's end page
    assert until(hw, app, lambda: is_page(app.screen), play=False, limit=10)
    assert app.screen.title.text.startswith("Hand 1 over")
    assert "engine.bots.spades_review" not in sys.modules  # its code gone
    press(hw, app, keys.B)  # again, and B stops it at once
    frames(hw, app, 2, 30)
    assert type(app.screen).__name__ == "Review" and app.screen.work is not None
    press(hw, app, keys.B)
    assert until(hw, app, lambda: is_page(app.screen), play=False, limit=10)
    assert app.screen.footer.text == "A:next Sel:replay B:review"
    press(hw, app, keys.A)  # on: the next hand
    assert until(hw, app, lambda: t.m.hand_no == 2 and t.m.phase != HAND_OVER, play=False, limit=50)
    assert Storage(hw.nvm).load_game() is not None


def _review_vm(monkeypatch, hw, app, sup):
    """B on the end page on the badge: (hw, app) of the VM play_review.py starts, the
    review under way from the hand's end as saved; nothing written."""
    from host_tests.test_ui_fresh_table import _key_reloads, _next_vm
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.B) == "play_review.py" and hw.nvm.writes == written
    for name in ("ui.spades_hand_end", "ui.spades_pages", "ui.pages", "ui.spades_table"):
        monkeypatch.delitem(sys.modules, name, raising=False)  # a fresh VM has none
    hw2, app2 = _next_vm(monkeypatch, hw, "ui.spades_hand_review", 0)  # play_review.py
    sup.next_file = "unset"
    r = app2.screen
    assert type(r).__name__ == "Review" and r.work is not None
    assert "ui.spades_table" not in sys.modules  # a page, no table
    return hw2, app2, r


def test_on_the_badge_the_review_runs_in_a_vm_of_its_own_and_goes_back_to_the_end_page(monkeypatch):
    from host_tests.test_ui_fresh_table import _table_in_hand_2, _key_reloads, _next_vm
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    assert until(hw, app, lambda: is_page(app.screen))  # hand 2's end, saved
    m = t.m
    hw2, app2, r = _review_vm(monkeypatch, hw, app, sup)
    assert until(hw2, app2, lambda: r.work is None, play=False, ms=20)
    assert _left(r.page)[0] == "You" and hw2.nvm.writes == 0
    assert _key_reloads(hw2, app2, sup, keys.A) == "play_ended.py" and hw2.nvm.writes == 0
    hw3, app3 = _next_vm(monkeypatch, hw2, "continue", 8)  # play_ended.py
    t3 = app3.screen
    assert until(hw3, app3, lambda: is_page(app3.screen), play=False, limit=20)
    assert app3.screen.title.text.startswith("Hand 2 over") and t3.m.phase == HAND_OVER
    assert hw3.nvm.writes == 0  # counted and saved once, at the hand's end
    assert t3.m.to_bytes() == m.to_bytes()


def _deal_alone_to_its_end(monkeypatch, digit_keys):
    """(hw, app, sup, t): a deal number entered with `digit_keys` on its screen and played
    alone to its end page, on a badge's nvm that counts its writes."""
    from host_tests.test_ui_home_module import _Supervisor
    from host_tests.test_ui_fresh_table import _CountingNvm
    from ui.deal_screen import DealScreen
    from engine import storage
    hw, app = app_with()
    hw.nvm = _CountingNvm(len(hw.nvm))
    app.storage = storage.attach(hw.nvm)
    sup = _Supervisor()
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    app.show(DealScreen(app))
    for k in digit_keys:
        press(hw, app, k)
    press(hw, app, keys.A)
    t = app.screen
    assert until(hw, app, lambda: is_page(app.screen))
    return hw, app, sup, t


def test_a_deal_number_played_alone_is_reviewed_at_its_end(monkeypatch):
    # the match is over with its one hand: kept in the save, marked over, for the
    # review's VM; Continue never offers it
    from engine.storage import Storage
    hw, app, sup, t = _deal_alone_to_its_end(monkeypatch, (keys.UP, keys.UP, keys.RIGHT, keys.UP))  # deal 210000
    assert t.m.single and t.m.number == 210000
    assert app.screen.title.text == "Hand 1 over, deal 210000"
    st = Storage(bytes(hw.nvm))
    assert st.load_game() is None and st.load_game(True)[2][:1] == bytes((0xA4,))
    app.game_vm = True
    app.home_module = "ui.menu"
    hw2, app2, r = _review_vm(monkeypatch, hw, app, sup)
    assert r.page.title.text == "Review, deal 210000"
    assert until(hw2, app2, lambda: r.work is None, play=False, ms=20)
    assert r.work is None and _left(r.page)[1] == "Hard in your seat"
    from host_tests.test_ui_fresh_table import _key_reloads, _next_vm
    assert _key_reloads(hw2, app2, sup, keys.B) == "play_ended.py" and hw2.nvm.writes == 0
    hw3, app3 = _next_vm(monkeypatch, hw2, "continue", 8)  # play_ended.py: the match that is over
    assert until(hw3, app3, lambda: is_page(app3.screen), play=False, limit=20)
    assert app3.screen.title.text == "Hand 1 over, deal 210000"
    press(hw3, app3, keys.A)  # its end: the deal's result, then the menu
    assert until(hw3, app3, lambda: app3.screen.title.text.startswith("Deal 210000: "), play=False, limit=20)
    assert hw3.nvm.writes == 0 and Storage(bytes(hw3.nvm)).load_game() is None


def test_a_finished_matchs_last_hand_is_replayed_in_a_vm_of_its_own(monkeypatch):
    # the match that is over stays in the save (marked over): Select on its last hand's
    # end page replays it in a fresh VM as any hand's, then the final score, nothing written
    from host_tests.test_ui_fresh_table import _key_reloads, _next_vm
    hw, app, sup, t = _deal_alone_to_its_end(monkeypatch, (keys.UP, keys.RIGHT, keys.UP))  # deal 110000
    app.game_vm = True
    app.home_module = "ui.menu"
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.SELECT) == "play_replay.py" and hw.nvm.writes == written
    hands = [bytes(h) for h in __import__("engine.spades_replay", None, None, ["again"]).again(t.m).hands]
    for name in ("ui.spades_hand_end", "ui.spades_pages", "ui.pages"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 4)  # play_replay.py
    t2 = app2.screen
    assert getattr(t2.m, "replay_of", 0) == 1 and [bytes(h) for h in t2.m.hands] == hands
    assert until(hw2, app2, lambda: is_page(app2.screen) and app2.screen.title.text == "Replay of hand 1")
    press(hw2, app2, keys.A)
    assert until(hw2, app2, lambda: is_page(app2.screen) and app2.screen.title.text.startswith("Deal 110000: "),
                 play=False, limit=20)
    assert hw2.nvm.writes == 0


class _Done:
    """A finished review's figures (engine/bots/spades_review.py) for the page's rows."""
    def __init__(self, costly, bid=(70, 31, 68)):
        self.you, self.par, self.bid, self.costly = -60, 40, bid, costly


@pytest.mark.parametrize("n,costly,lines", [
    (4, [(0, 70, 68, 312, 14)], ["Your bid: 6", " 4: +31 a deal more", " (14 deals)"]),
    (4, [(0, 64, 65, 150, 16)], ["Your bid: Nil", " 1: +15 a deal more"]),
    (4, [(0, 81, 80, 1839, 19)], ["You looked at your cards", " Blind Nil: +184 a deal"]),
    (4, [(0, 80, 81, 1000, 19)], ["Your bid: Blind Nil", " A look: +100 a deal more"]),
    (4, [(0, bytes((0, 13, 39)), bytes((12, 25, 51)), 452, 20)], ["You passed 2C 2D 2S", " AC AD AS: +45 a deal more"]),
    (4, [(0, bytes((8, 21, 47)), bytes((0, 13, 39)), 1842, 20)], ["You passed 10C 10D 10S", " 2C 2D 2S: +184 a deal"]),
    (2, [(0, bytes((0, 1)), b"", 71, 38)], ["You replaced 2C 3C", " none: +7 a deal more", " (38 deals)"]),
    (2, [(0, 82, 83, 1083, 21)], ["You declared Double Nil", " Not declared: +108 a deal"]),
    (2, [(0, 83, 82, 200, 21)], ["No Double Nil declared", " Double Nil: +20 a deal"]),
    (4, [(3, 48, 38, 1209, 23)], ["Trick 3: you played JS", " AH: +121 a deal more"]),
])
def test_the_reviews_page_names_a_choice_before_the_play(n, costly, lines):
    # issue 25: a bid, the cards passed (RULES 1.4) or replaced (2.4) in the page's words
    from ui.spades_hand_review import rows
    got = [(a, b) if b else a for a, b, _ in rows(_Done(costly), n)]
    assert got[:2] == [("You", "-60"), ("Hard in your seat", "+40")] and got[2] == ("You bid 6; cards worth", "3.1")
    got = [a for a, _, _ in rows(_Done(costly), n)]
    i = got.index(lines[0])
    assert got[i:i + len(lines)] == lines and "No card cost points" not in got
    assert all(len(a) <= 26 for a in got)  # 160 px: 26 letters
