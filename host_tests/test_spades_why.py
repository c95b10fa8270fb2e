"""Why the bots decided (issue: "Why?"): each reason's codes name the facts the decision
used (a bid's counted honours and their shares, the lowest winning spade of a ruff, the
search's deciding figures), never a card the bot cannot see, and the words of
ui/spades_why.py fit the page and the hint's line."""
import re

import pytest

from engine.cards import parse
from engine.bots import spades_track as tr
from engine.bots import spades_bid as bd
from engine.bots import spades_search as ss
from engine.bots import spades_bot as sb
from engine.spades import Match
from engine.tricks import (BID, BLIND_NIL, PASS, DISCARD, PLAY, EXCHANGE, DISCARDING, DRAW,
                           HAND_OVER, MATCH_OVER, NEXT_HAND)
from ui import spades_why as why
from ui.spades_layout import card_text

from host_tests.test_spades_bot import cards, table4, Obs
from host_tests.test_spades_bot_play import view


def hand(text):
    return bytes(sorted(cards(text)))


def counted(w):
    """The cards a W_BID reason names as counted: honour bits per suit (A 16 .. 10 1)."""
    out = set()
    for s in range(4):
        bits = w[5 + s] & 31
        for i in range(5):
            if bits & (1 << i):
                out.add(s * 13 + 8 + i)
    return out


# ---- bids (RULES 1.3) ----

def test_a_bid_names_the_honours_it_counted_and_its_shares_add_up():
    v = Obs(hand=hand("AS KS 9S 4S AH KH 3H AC 5C 4C 7D 3D 2D"), seat=2)
    b = sb.Bot(2, "normal")
    a = b.act(v)
    w = b.why
    assert w[0] == why._BID and a == BID + w[1]
    assert counted(w) == set(cards("AS KS AH KH AC"))  # nothing else of the hand counts
    est = bd.tricks10(bd.masks(v.hand))
    assert w[2] == est == sum(w[5 + s] >> 5 for s in range(4)) + w[9]
    text = " ".join(why.lines(w, 4, True))
    assert "A-K hearts 1.8" in text and "A clubs 1.0" in text and "A-K spades" in text
    # an opponent's reason names suits only
    assert "A-K" not in " ".join(why.lines(w, 4, False)) and "hearts 1.8" in " ".join(why.lines(w, 4, False))


def test_a_queen_counts_only_with_length_or_a_higher_honour():
    # QD doubleton alone counts nothing; QH with the KH and a third heart counts
    w = [0] * 10
    bd.tricks10(bd.masks(cards("QD 2D KH QH 3H 5C 6C 7C 8C 9C 2S 3S 4S")), 4, w)
    assert w[6] & 31 == 0 and w[6] >> 5 == 0
    assert w[7] & 31 == 8 | 4
    assert w[8] & 31 == 0  # small spades: length only


def test_a_bid_over_an_opponents_nil_says_it_shaded():
    v = Obs(hand=hand("AS KS 9S 4S AH KH 3H AC 5C 4C 7D 3D 2D"), seat=2, bids=[-1, 0, -1, -1])
    b = sb.Bot(2, "hard")
    b.act(v)
    assert b.why[0] == why._BID and b.why[4] & 4  # CH_NIL
    assert b.why[1] == b.why[3] - 1


def test_a_nil_bid_gives_its_estimate_and_risk():
    v = Obs(hand=hand("2S 3H 4H 5H 6D 7D 2C 3C 4C 5C 6C 7C 8D"))
    b = sb.Bot(0, "normal")
    assert b.act(v) == BID
    k, _, est, risk, limit = b.why[:5]
    m = bd.masks(v.hand)
    assert k == why._NIL and est == bd.tricks10(m) and risk == bd.nil_risk(m) <= limit


def test_blind_nil_names_the_score_and_partners_bid():  # RULES 1.4
    v = Obs(hand=b"", looked=False, seat=1, bids=[-1, -1, -1, 5], scores=(400, 100), target=500)
    b = sb.Bot(1, "hard")
    assert b.act(v) == BLIND_NIL
    assert b.why == (why._BLIND, 100, 400, 5)  # West's side has 100, theirs 400
    assert why.lines(b.why, 4, False) == ["300 behind, they have 400, partner bid 5"]


# ---- cards (RULES 1.5) ----

def test_a_ruff_names_the_lowest_winning_spade():
    # void in hearts, West winning, last to play: the 3S takes it, the search leaves
    # nothing else to compare (RULES 1.5)
    t = table4(["3S 9S KS 2C", "QH 6C 7C 8C", "2H 9C TC JC", "4H QC KC AC"], [4, 3, 3, 3],
               leader=1, trick=("QH", "2H", "4H"), broken=1, taken=(2, 3, 2, 2))
    v, un = view(t, 0)
    s = ss.Search(1)
    s.start(v, 0, un, 900)
    assert s.why(s.result()) == (why._TAKE, parse("3S"))
    # the policy over a ruff with the 6S: over-ruffs with the 9S, the lowest that wins
    t = table4(["3S 9S KS 2C", "QH 6C 7C 8C", "2H 9C TC JC", "6S QC KC AC"], [4, 3, 3, 3],
               leader=1, trick=("QH", "2H", "6S"), broken=1, taken=(2, 3, 2, 2))
    assert tr.pick(t, 0) == parse("9S") and tr.WHY[0] == 26
    assert why.play_words(26)[1] == "lowest over-ruff"


def test_a_ruff_low_with_the_lowest_spade():
    # second to play, void in hearts, needing tricks: ruffs low
    t = table4(["3S 9S KS 2C", "QH 6C 7C 8C", "2H 9C TC JC", "4H QC KC AC"], [4, 3, 3, 3],
               leader=3, trick=("4H",), broken=1)
    assert tr.pick(t, 0) == parse("3S") and tr.WHY[0] == 27


def test_setting_a_nil_names_the_nil_bidder():
    # East bid Nil and has led the 5H; South, needing tricks, stays under it
    t = table4(["9H 2H 2C 3C", "QH 6C 7C 8C", "2S 9C TC JC", "5H QC KC AC"], [4, 3, 3, 0],
               leader=3, trick=("5H",))
    c = tr.pick(t, 0)
    assert c == parse("2H") and tr.WHY[0] == 11 and tr.WHY[1] == 3
    assert why.rule_text(11, 3, 4) == "setting East's Nil: stays under it"


def test_covering_partners_nil():
    # North bid Nil and holds the top heart lead; South wins with its lowest winner
    t = table4(["AH 4H 2C 3C", "5H 6C 7C 8C", "KH 9C TC JC", "3H QC KC AC"], [4, 3, 0, 3],
               leader=1, trick=("5H", "KH", "3H"))
    assert tr.pick(t, 0) == parse("AH") and tr.WHY[0] == 7


def test_the_search_gives_its_deciding_figures():
    # a choice the search makes: totals over the same deals, best and runner-up
    t = table4(["AC 4C KD 5D 6D", "AH 6C 7C 8C 9D", "2H 9C TC JC TD", "4H QC KC 2D 3D"],
               [4, 3, 3, 3], leader=1, trick=("AH", "2H", "4H"), taken=(2, 2, 2, 2))
    v, un = view(t, 0)
    s = ss.Search(3)
    s.start(v, 0, un, 900)
    while not s.step(100):
        pass
    c = s.result()
    w = s.why(c)
    assert w[0] == why._SEARCH and w[1] == c and w[5] == s.done > 0
    c1, m1, r, m2, deals, rule, p = w[1:8]
    i = s.cands.index(c)
    assert c1 == c and m1 == s.total[i] * 10 // s.done and deals == s.done
    j = s.cands.index(r)
    assert j != i and m2 == s.total[j] * 10 // s.done
    assert all(s.total[x] <= s.total[j] for x in range(len(s.cands)) if x != i)
    assert p == s.cands[0] and why.play_words(rule)


# ---- a reason never names a card its bot cannot see ----

def _named(w):
    """Every card a reason names."""
    k = w[0]
    if k == why._BID:
        return counted(w)
    if k == why._SEARCH:
        return {w[1], w[3], w[7]}
    if k == why._KEEP:
        return {w[2]}
    if k in (why._PASS, why._REPLACE, why._RANDOM) or why.play_words(k):
        return {w[1]} if 0 <= w[1] < 52 else set()
    return set()


def _seen(v):
    """The cards seat v.seat has seen: its hand, the cards played, the received ones,
    two-player: the drawn card and its own discards."""
    out = set(v.hand) | set(v.history) | set(getattr(v, "received", b""))
    if getattr(v, "drawn", -1) is not None and getattr(v, "phase", 0) == DRAW:
        out.add(v.drawn)
    return out


def _bot_plays(m, level, hands_wanted):
    """Bots of `level` play match m for a few hands: each decision as (its observation,
    the action, the bot's reason, how many actions were legal), before it is applied."""
    bots = [sb.Bot(s, level, 1, 300) for s in range(m.n)]
    hands = 0
    while m.phase != MATCH_OVER and hands < hands_wanted:
        if m.phase == HAND_OVER:
            hands += 1
            m.apply(NEXT_HAND)
            continue
        s = m.to_move
        v = m.observation(s)
        a = bots[s].act(v)
        yield v, a, bots[s].why, len(m.legal_actions())
        m.apply(a, s)


def _play_checking_reasons(m, level, hands_wanted):
    """Bots of `level` play match m for a few hands; every reason they give names only
    cards its bot has seen (two players: also its own discards). The kinds seen."""
    first = m.hand_no
    kinds = set()
    for v, a, w, _ in _bot_plays(m, level, hands_wanted):
        if w is not None:
            kinds.add(w[0])
            seen = _seen(v) | (set(v.rejected) if m.n == 2 else set())
            assert _named(w) <= seen, (w, v.hand)
            if m.phase == PLAY:
                assert w[1] == a  # a card's reason is about that card
    assert m.hand_no > first or m.phase == MATCH_OVER  # a whole hand was played
    return kinds


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_reasons_name_only_cards_their_bot_can_see(level):
    m = Match(23, target=500)
    m.scores[:] = [0, 400]  # Blind Nils and their exchanges come up
    assert len(_play_checking_reasons(m, level, 3)) >= 5


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_two_player_reasons_name_only_seen_cards(level):
    from engine.spades2 import Match as Match2
    m = Match2(7, target=500)
    m.scores[:] = [0, 450]
    kinds = _play_checking_reasons(m, level, 2)
    assert why._KEEP in kinds and why._BID in kinds | {why._NIL}


# ---- the words ----

def test_every_rule_of_the_policy_has_words():
    import re
    src = open(tr.__file__).read() + open(ss.__file__).read()
    codes = {int(x) for x in re.findall(r"WHY\[0\] = (\d+)", src)}
    codes |= {int(x) for x in re.findall(r"_card\([^\n]*, (\d+)\)", src)}
    codes |= {30, 31}
    rules = {k for k in range(1, 45) if why.play_words(k)}
    assert codes and codes <= rules, codes - rules


class _Table:
    """What rows() reads of the table screen."""

    def __init__(self, n, reasons):
        self.n = n
        self.why = reasons

    def _seat_name(self, s):
        return ("You", "Bot")[s] if self.n == 2 else ("You", "West", "North", "East")[s]


def _rows_of_a_hand(level, n=4, seed=5):
    m = Match(seed) if n == 4 else __import__("engine.spades2", None, None, ["Match"]).Match(seed)
    bots = [sb.Bot(s, level, 1, 300) for s in range(n)]
    t = _Table(n, [0] * 54)
    played = set()
    while m.phase not in (HAND_OVER, MATCH_OVER):
        s = m.to_move
        ph = m.phase
        a = bots[s].act(m.observation(s))
        w = bots[s].why
        if w is not None:
            i = s * 18 - 18 + (10 if ph in (PLAY, EXCHANGE, DISCARDING) else 0)
            k = 10 if i % 18 == 0 else 8
            t.why[i:i + k] = list(w) + [0] * (k - len(w))
        m.apply(a, s)
        if ph == PLAY and len(m.history) in (9, 23, 41):
            yield t, set(m.history)
    del played


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_page_fits_and_names_no_opponents_hidden_card(level):
    for n in (4, 2):
        for t, played in _rows_of_a_hand(level, n):
            rows = why.rows(t)
            assert len(rows) >= 2 * (n - 1)
            opp = True
            for text, right, _ in rows:
                assert len(text) <= why._WIDTH and right == ""
                if text.startswith(("North", "West", "East", "Bot")):
                    opp = not text.startswith("North")
                if opp:  # an opponent's unplayed cards stay hidden: no card, no honours
                    for c in range(52):
                        if c not in played:
                            assert not re.search(r"\b%s\b" % why.card_name(c), text), text
                    assert not re.search(r"\b(A|K|Q|J|10)(-\w+)* (clubs|diamonds|hearts|spades)", text), text


def test_reasons_of_a_game_saved_before_they_were_given_are_not_called_missing():
    # a game continued from its save: the bots' reasons are not in the save, but a bot
    # that has bid (or played this hand) did so; "no bid yet" would be wrong
    m = Match(5)
    bots = [sb.Bot(s, "normal", 1) for s in range(4)]
    while len(m.history) < 2:  # two seats have played to the first trick
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
    t = _Table(4, [0] * 54)
    t.m = m
    rows = [text for text, _, _ in why.rows(t)]
    want = []
    for seat, name in ((1, "West"), (2, "North"), (3, "East")):
        if len(m.hands[seat]) < 13:  # bid and played: one row
            want.append(name + ": reasons not saved")
        else:
            want += [name + ": reason not saved", name + ": no card yet"]
    assert rows == want and any(r.endswith(": no card yet") for r in want)
    assert all(len(r) <= why._WIDTH for r in rows)
    t.m = Match(6)  # a new hand, nobody has bid
    assert [text for text, _, _ in why.rows(t)][0] == "West: no bid yet"


def test_hint_lines_fit_the_message_line():
    for w, what in [((16, 5), "7{"), ((43, parse("TS")), "10~"),
                    ((40, 5, 235, 3, 180, 40, 16, 3), "7{"), ((40, 5, -1105, 3, -1100, 4, 36, 5), "7{"),
                    ((51, 4, 43, 4, 0, 100, 0, 600, 792, 9), "bid 4"), ((50, 0, 12, 3, 5), "bid Nil"),
                    ((54, 1, 30, 0), "keep it"), ((55, 7, 1), "9{"), ((56, -1), "replace no more")]:
        line = why.hint_line(w, 4, what)
        assert 0 < len(line) <= why._HINT_WIDTH, line
    assert why.hint_line((16, 5), 4, "7{") == "7{: lowest sure winner"
    assert why.hint_line((40, 5, 235, 3, 180, 40, 16, 3), 4, "7{") == "beats 5{ by 5.5 points"  # marked


# ---- at the table ----

def test_why_page_from_the_pause_menu_and_the_hint_says_why():
    import sys
    from ui import keys
    from ui.spades_pause import MENU
    from host_tests.test_ui_spades import at_first_play, press
    from host_tests.spades_ui_support import is_page
    from ui.spades_layout import let_go, PAUSED
    let_go("ui.spades_why")  # this file's own import of it
    hw, app, t = at_first_play()
    # every bot has bid; West and North have played a card (West leads after the dealer)
    assert all(t.why[s * 18 - 18] for s in (1, 2, 3))
    assert any(t.why[s * 18 - 8] for s in (1, 2, 3))
    assert "ui.spades_why" not in sys.modules  # nothing of it during play
    press(hw, app, keys.START, *([keys.DOWN] * MENU.index("Why?")), keys.A)
    page = app.screen
    assert is_page(page) and page.title.text == "Why?"
    assert "ui.spades_why" not in sys.modules  # let go once the rows are made
    assert page.left[0].text.startswith("West bid ")
    press(hw, app, keys.A)
    assert app.screen is t and t.mode == PAUSED  # back to the pause menu
    press(hw, app, keys.UP, keys.A)  # Hint
    from host_tests.test_ui_spades import until
    assert until(hw, app, lambda: t.hint_card >= 0, play=False, ms=20)
    assert t.msg.text.startswith(card_text(t.hint_card) + ": ")
    assert "ui.spades_why" not in sys.modules


def _forced_plays(m, level, hands_wanted):
    """Bots of `level` play match m; per card played: (legal cards, reason, card)."""
    return [(k, w, a) for v, a, w, k in _bot_plays(m, level, hands_wanted) if v.phase == PLAY]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_forced_card_says_it_was_the_only_legal_card(level):  # RULES 1.5
    # "Bot played KS: bid made, no bags: leads low" when the king was its only card
    from engine.spades2 import Match as Match2
    plays = _forced_plays(Match(23, target=500), level, 2) + _forced_plays(Match2(7, target=500), level, 1)
    forced = [(w, a) for k, w, a in plays if k == 1]
    assert len(forced) >= 8
    for w, a in forced:
        assert w == (why._FORCED, a)
        assert why.lines(w, 4, False) == ["only legal card"]
        assert why.hint_line(w, 4, card_text(a)) == card_text(a) + ": only legal card"
    assert all(w[0] != why._FORCED for k, w, a in plays if k > 1)  # a choice is never called forced


def test_a_two_player_bid_says_what_the_rounding_means():  # RULES 2.3
    w = [why._BID, 7, 52, 7, 0, 0, 0, 0, 0, 0]
    text = " ".join(why.lines(w, 2, True))
    assert "rounds to" not in text  # jargon
    assert "two players share 13 tricks: about 7" in text


def test_the_bag_mode_says_it_avoids_bags():
    # "bid made, no bags" read as "no bags taken yet" while the bot was taking them
    assert why.rule_text(31, 0, 4) == "bid made, avoids bags: leads low"
