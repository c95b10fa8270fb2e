"""Two-player Spades, one scenario per rule (RULES 2.1-2.7, 4)."""
import pytest

from engine.rng import Rng
from host_tests.test_spades4 import unnumbered
from host_tests.rules_support import illegal
from engine.spades2 import (Match, IllegalAction, BID, BLIND_NIL, DOUBLE_NIL, NO_DOUBLE_NIL,
                            KEEP, REJECT, DISCARD, DISCARD_DONE, NEXT_HAND, LOOK, PASS,
                            DECLARE, DRAW, DISCARDING, BIDDING, PLAY, HAND_OVER, MATCH_OVER,
                            PILE)

CLUBS = list(range(0, 13))
DIAMONDS = list(range(13, 26))
HEARTS = list(range(26, 39))
SPADES = list(range(39, 52))


def rig(m, hand0, hand1, pile, first=0, scores=None):
    """Order the stock so that keeping every drawn card gives these hands."""
    m.dealer = first
    if scores is not None:
        m.scores[:] = scores
    want = {0: list(hand0), 1: list(hand1)}
    pile = list(pile)
    stock = []
    for t in range(26):
        drawer = first if t % 2 == 0 else first ^ 1
        stock.append(want[drawer].pop(0))
        stock.append(pile.pop(0))
    m.stock = bytearray(stock)
    unnumbered(m)
    m._begin()
    return m


def declare_none(m):
    while m.phase == DECLARE:
        m.apply(NO_DOUBLE_NIL)


def keep_all(m):
    while m.phase == DRAW:
        m.apply(KEEP)


def play_out(m, chooser=min):
    while m.phase == PLAY:
        m.apply(chooser(m.legal_actions()))


# ---- 2.1 / 2.2 draw

def test_first_player_random_2_2():
    assert set(Match(seed).first for seed in range(30)) == {0, 1}


def test_keep_and_reject_2_2():
    m = Match(5, blind_nil=False)
    assert m.phase == DRAW and m.to_move == m.first
    f = m.first
    st = bytes(m.stock)
    o = m.observation(f)
    assert o.drawn == st[0] and o.stock == 52
    assert m.observation(f ^ 1).drawn == -1  # the other player does not see it
    m.apply(KEEP)  # keeps st[0], st[1] goes on the pile, seen
    assert m.hands[f] == [st[0]] and m.holder[st[1]] == PILE
    assert m.to_move == f ^ 1
    assert m.observation(f ^ 1).drawn == st[2]
    m.apply(REJECT)  # st[2] on the pile, st[3] must be kept
    assert m.hands[f ^ 1] == [st[3]] and m.holder[st[2]] == PILE
    assert m.observation(f).rejected == bytes([st[1]])
    assert m.observation(f ^ 1).rejected == bytes([st[2]])
    assert m.observation(f).stock == 48
    illegal(m, KEEP, seat=f ^ 1, section="2.2")
    illegal(m, BID + 3, section="2.2")
    illegal(m, 0, section="2.2")


def test_draw_ends_13_each_26_on_pile_known_exactly_2_2():
    m = Match(8, blind_nil=False)
    r = Rng(4)
    while m.phase == DRAW:
        m.apply(KEEP if r.below(2) else REJECT)
    assert [len(h) for h in m.hands] == [13, 13]
    pile = [c for c in range(52) if m.holder[c] == PILE]
    assert len(pile) == 26
    for s in (0, 1):
        known = m.observation(s).rejected
        assert len(known) == 13
        assert all(m.holder[c] == PILE for c in known)
        other = m.observation(s ^ 1).rejected
        assert set(known).isdisjoint(other)
    assert sorted(m.observation(0).rejected + m.observation(1).rejected) == pile
    assert m.phase == BIDDING


# ---- 2.3 bidding

def test_second_player_bids_first_2_3():
    for first in (0, 1):
        m = rig(Match(1, blind_nil=False), SPADES, HEARTS, CLUBS + DIAMONDS, first=first)
        keep_all(m)
        assert m.phase == BIDDING and m.to_move == first ^ 1
        illegal(m, BID + 2, seat=first, section="2.3")
        illegal(m, BID + 14, section="2.3")
        illegal(m, LOOK, section="2.3")
        m.apply(BID + 4)
        assert m.to_move == first
        m.apply(BID + 0)  # Nil
        assert m.bids[first] == 0 and m.bids[first ^ 1] == 4
        assert m.phase == PLAY


# ---- 2.4 Double Nil

def test_declarations_first_player_first_2_4():
    m = rig(Match(1), SPADES, HEARTS, CLUBS + DIAMONDS, first=1)
    assert m.phase == DECLARE and m.to_move == 1
    assert m.legal_actions() == [DOUBLE_NIL, NO_DOUBLE_NIL]
    illegal(m, DOUBLE_NIL, seat=0, section="2.4")
    illegal(m, KEEP, section="2.4")
    m.apply(NO_DOUBLE_NIL)
    assert m.to_move == 0
    m.apply(DOUBLE_NIL)
    assert m.phase == DRAW and m.to_move == 1
    assert m.observation(1).declared == bytes([2, 1])
    assert m.bids == [BLIND_NIL, -1]


def test_no_declaration_when_option_off_2_4():
    m = Match(3, blind_nil=False)
    assert m.phase == DRAW
    illegal(m, DOUBLE_NIL)


def test_double_nil_replacement_from_pile_not_just_discarded_2_4():
    m = rig(Match(1), HEARTS, SPADES, CLUBS + DIAMONDS, first=0)
    m.apply(DOUBLE_NIL)
    m.apply(NO_DOUBLE_NIL)
    keep_all(m)
    assert m.phase == DISCARDING and m.to_move == 0
    assert m.legal_actions() == [DISCARD + c for c in HEARTS] + [DISCARD_DONE]
    illegal(m, DISCARD + SPADES[0], section="2.4")  # not own card
    illegal(m, BID + 1, section="2.4")
    illegal(m, DISCARD + HEARTS[0], seat=1, section="2.4")
    for c in HEARTS[-3:]:
        m.apply(DISCARD + c)
    illegal(m, DISCARD + HEARTS[0], section="2.4")  # at most three
    assert m.legal_actions() == [DISCARD_DONE]
    m.apply(DISCARD_DONE)
    o = m.observation(0)
    assert o.discarded == bytes(HEARTS[-3:])
    assert len(o.replaced) == 3
    for c in o.replaced:
        assert c in CLUBS + DIAMONDS  # from the discard pile, never a card just discarded
        assert m.holder[c] == 0
    for c in HEARTS[-3:]:
        assert m.holder[c] == PILE
    assert m.hands[0] == sorted(HEARTS[:-3] + list(o.replaced))
    # the Double Nil bidder makes no other bid: player 1 bids, then play
    assert m.phase == BIDDING and m.to_move == 1
    m.apply(BID + 5)
    assert m.phase == PLAY and m.to_move == 1
    assert m.bids == [BLIND_NIL, 5]


def test_replacement_never_takes_own_discards_many_seeds_2_4():
    for seed in range(40):
        m = Match(seed)
        m.apply(DOUBLE_NIL)
        m.apply(DOUBLE_NIL)
        keep_all(m)
        for s in (m.first, m.first ^ 1):
            assert m.to_move == s
            mine = m.hands[s][:3]
            pile_before = [c for c in range(52) if m.holder[c] == PILE]
            for c in mine:
                m.apply(DISCARD + c)
            m.apply(DISCARD_DONE)
            got = m.observation(s).replaced
            assert len(got) == 3 and all(c in pile_before for c in got)
        assert m.phase == PLAY  # both Double Nil: no bidding


def test_discard_none_is_allowed_and_double_nil_scores_2_4():
    m = rig(Match(1), HEARTS, SPADES, CLUBS + DIAMONDS, first=0)
    m.apply(DOUBLE_NIL)
    m.apply(NO_DOUBLE_NIL)
    keep_all(m)
    m.apply(DISCARD_DONE)
    assert m.observation(0).replaced == b""
    m.apply(BID + 13)
    play_out(m)
    # player 1 holds every spade and leads: wins all 13
    assert list(m.tricks) == [0, 13]
    assert m.last_breakdown[0] == [("Blind Nil", 200)]
    assert m.last_breakdown[1] == [("Contract 13 made", 130), ("Boston", 0)]
    assert m.scores == [200, 130]


# ---- 2.5 play

def test_second_player_leads_follow_suit_2_5():
    hand0 = CLUBS[:7] + SPADES[:6]
    hand1 = CLUBS[7:] + HEARTS[:7]
    pile = SPADES[6:] + HEARTS[7:] + DIAMONDS
    m = rig(Match(1, blind_nil=False), hand0, hand1, pile, first=0)
    keep_all(m)
    m.apply(BID + 3)
    m.apply(BID + 3)
    assert m.to_move == 1  # second player leads
    assert m.legal_actions() == CLUBS[7:] + HEARTS[:7]
    illegal(m, SPADES[0], seat=1, section="1.5")
    m.apply(HEARTS[0])
    assert m.legal_actions() == hand0  # void in hearts: anything
    m.apply(CLUBS[0])
    assert m.winners[-1] == 1 and m.to_move == 1
    m.apply(CLUBS[7])
    illegal(m, SPADES[0], section="1.5")  # must follow clubs
    m.apply(CLUBS[1])
    assert m.winners[-1] == 1
    m.apply(HEARTS[1])
    m.apply(SPADES[0])  # trumps, breaks spades
    assert m.broken and m.winners[-1] == 0 and m.to_move == 0
    m.apply(SPADES[1])  # spades may be led now
    assert m.lead_suit == 3


def test_spades_not_led_until_broken_2_5():
    hand0 = CLUBS[:7] + SPADES[:6]
    hand1 = CLUBS[7:] + HEARTS[:7]
    pile = SPADES[6:] + HEARTS[7:] + DIAMONDS
    m = rig(Match(1, blind_nil=False), hand1, hand0, pile, first=0)  # 1 holds spades, leads
    keep_all(m)
    m.apply(BID + 3)
    m.apply(BID + 3)
    assert m.to_move == 1
    illegal(m, SPADES[0], section="1.6")
    assert m.legal_actions() == CLUBS[:7]


# ---- 2.6, 2.7 scoring, end and role swaps

def test_scoring_per_player_2_6():
    m = rig(Match(1, blind_nil=False), HEARTS, SPADES, CLUBS + DIAMONDS, first=0)
    keep_all(m)
    m.apply(BID + 10)  # player 1
    m.apply(BID + 0)  # player 0 Nil
    play_out(m)
    assert m.last_breakdown == [[("Nil", 100)], [("Contract 10 made", 100), ("Bags 3", 3),
                                                 ("Boston", 0)]]
    assert m.scores == [100, 103] and m.bags == [0, 3]


def test_roles_swap_every_hand_2_2_2_7():
    m = Match(12, blind_nil=False)
    firsts = []
    r = Rng(1)
    while m.hand_no <= 4:
        if m.phase == DRAW and m.pos == 0:
            firsts.append(m.first)
            assert m.to_move == m.first
        if m.phase == PLAY and not m.history:
            assert m.to_move == m.first ^ 1
        la = m.legal_actions()
        m.apply(la[r.below(len(la))] if m.phase != BIDDING else BID + 3)
    assert firsts == [firsts[0], firsts[0] ^ 1, firsts[0], firsts[0] ^ 1]


def nil_hand(scores, target=500):
    # player 1 wins all 13: bids 13 -> +130 + Boston; player 0 Nil -> +100
    m = rig(Match(1, blind_nil=False, target=target), HEARTS, SPADES, CLUBS + DIAMONDS,
            first=0, scores=scores)
    keep_all(m)
    m.apply(BID + 13)
    m.apply(BID + 0)
    play_out(m)
    return m


def test_end_at_target_and_tie_2_7():
    m = nil_hand([400, 300])
    assert m.scores == [500, 430] and m.phase == MATCH_OVER and m.winner == 0
    illegal(m, NEXT_HAND, section="2.7")
    m = nil_hand([430, 400])
    assert m.scores == [530, 530] and m.phase == HAND_OVER and m.winner == -1
    m.apply(NEXT_HAND)
    assert m.hand_no == 2 and m.first == 1
    m = nil_hand([431, 400])
    assert m.winner == 0
    m = nil_hand([0, 100], target=200)
    assert m.winner == 1


# ---- 4

def test_illegal_every_phase_and_round_trip_2_4():
    m = Match(21)
    r = Rng(5)
    sizes = []
    while m.hand_no < 3:
        for a in (-1, 52, 88, 255, LOOK, PASS, DISCARD + 60, BID + 14):
            illegal(m, a)
        if m.to_move >= 0:
            illegal(m, (m.legal_actions() or [0])[0], seat=m.to_move ^ 1)
        la = m.legal_actions()
        if m.phase == BIDDING:
            a = BID + 3
        elif m.phase == DECLARE:
            a = DOUBLE_NIL if r.below(3) == 0 else NO_DOUBLE_NIL
        else:
            a = la[r.below(len(la))]
        m.apply(a)
        b = m.to_bytes()
        sizes.append(len(b))
        m2 = Match.from_bytes(b)
        assert m2.to_bytes() == b and m2.hands == m.hands and m2.phase == m.phase
        if m.phase == HAND_OVER:
            m.apply(NEXT_HAND)
            m2.apply(NEXT_HAND)
            assert m2.to_bytes() == m.to_bytes()
    assert max(sizes) <= 160 + 1 + 16 * min(m.hand_no, 32)  # and the hand starts kept for replays


def test_from_bytes_garbage_4():
    m = Match(2)
    b = m.to_bytes()
    for bad in (b"", b[:-3], bytes(150), b"\xa2" * 80):
        with pytest.raises(ValueError):
            Match.from_bytes(bad)
    from engine.spades import Match as Match4
    with pytest.raises(ValueError):
        Match4.from_bytes(b)  # a two-player save is no four-player match
    body = bytearray(b[:-2])
    body[30], body[31] = body[31], body[31]  # a stock that is no deck
    s = (sum(body) + len(body)) & 0xFFFF
    with pytest.raises(ValueError):
        Match.from_bytes(bytes(body) + bytes((s >> 8, s & 255)))
