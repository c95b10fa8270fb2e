"""Four-player partnership Spades, one scenario per rule (RULES 1.1-1.8, 4)."""
import pytest

from engine import spades
from engine.cards import parse, fresh_deck
from engine.rng import Rng
from host_tests.rules_support import illegal
from engine.spades import (Match, IllegalAction, BID, BLIND_NIL, LOOK, PASS, NEXT_HAND,
                           BIDDING, EXCHANGE, PLAY, HAND_OVER, MATCH_OVER)

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
CLUBS = list(range(0, 13))
DIAMONDS = list(range(13, 26))
HEARTS = list(range(26, 39))
SPADES = list(range(39, 52))


def unnumbered(m):
    """A hand not dealt from a number (as an older save's, engine/spades_load.py): it
    draws from a copy of the match's RNG."""
    m.number = 0xFFFFFF
    m.hand_rng = Rng()
    m.hand_rng.set_state(m.rng.state())


def rig(m, hands, dealer=EAST, scores=None, bags=None):
    """Give the seats these hands (lists of cards) as if dealt; seat 0 South first."""
    m.dealer = dealer
    if scores is not None:
        m.scores[:] = scores
    if bags is not None:
        m.bags[:] = bags
    m._clear_hand()
    for s, h in enumerate(hands):
        for c in sorted(h):
            m._give(c, s)
    assert sorted(sum(hands, [])) == list(range(52))
    unnumbered(m)
    m._begin()
    return m


def bid_all(m, bids):
    """bids in seat order; BLIND_NIL allowed; looks as needed."""
    while m.phase == BIDDING:
        s = m.to_move
        b = bids[s]
        if b == BLIND_NIL:
            m.apply(BLIND_NIL)
        else:
            if not m.looked[s]:
                m.apply(LOOK)
            m.apply(BID + b)


def play_out(m, chooser=min):
    while m.phase == PLAY:
        m.apply(chooser(m.legal_actions()))


def suits_hands():
    return [CLUBS, DIAMONDS, HEARTS, SPADES]


# ---- 1.1 seats and partnerships

def test_seats_and_partnerships_1_1():
    assert [s & 1 for s in range(4)] == [0, 1, 0, 1]
    assert spades.SEAT_NAMES == ("South", "West", "North", "East")
    m = rig(Match(1, blind_nil=False), suits_hands(), dealer=NORTH)
    order = []
    while m.phase == BIDDING:
        order.append(m.to_move)
        m.apply(BID + 1)
    assert order == [EAST, SOUTH, WEST, NORTH]  # clockwise from the dealer's left


# ---- 1.2 deal

def test_deal_one_at_a_time_from_dealers_left_1_2():
    m = Match(77)
    r = Rng(77)
    dealer = r.below(4)
    assert m.dealer == dealer
    k = r.below(1000) * 1000 + r.below(1000)  # the deal number (4; engine/tricks.py)
    assert m.number == k - k % 4 + dealer
    deck = fresh_deck()
    Rng(m.number).shuffle(deck)
    for i, c in enumerate(deck):
        assert m.holder[c] == (dealer + 1 + i) % 4
    assert [len(h) for h in m.hands] == [13] * 4
    assert all(h == sorted(h) for h in m.hands)


def test_first_dealer_random_and_deal_passes_left_1_2():
    dealers = set(Match(seed).dealer for seed in range(40))
    assert dealers == {0, 1, 2, 3}
    m = rig(Match(3), suits_hands(), dealer=WEST)
    bid_all(m, [1, 1, 1, 1])
    play_out(m)
    assert m.phase == HAND_OVER and m.to_move == -1
    assert m.legal_actions() == [NEXT_HAND]
    m.apply(NEXT_HAND)
    assert m.dealer == NORTH and m.hand_no == 2 and m.phase == BIDDING
    assert m.to_move == EAST


# ---- 1.3 bidding

def test_bids_0_to_13_no_pass_no_change_1_3():
    m = rig(Match(1, blind_nil=False), suits_hands(), dealer=EAST)
    assert m.legal_actions() == list(range(BID, BID + 14))
    illegal(m, BID + 14, section="1.3")
    illegal(m, BID - 1, section="1.3")
    illegal(m, 5, section="1.3")  # a card is no bid
    illegal(m, BID + 3, seat=WEST, section="1.3")  # not West's turn
    m.apply(BID + 5)
    illegal(m, BID + 4, seat=SOUTH, section="1.3")  # a bid is never changed
    m.apply(BID + 2)  # need not rise
    m.apply(BID + 0)  # Nil
    m.apply(BID + 13)
    assert m.bids == [5, 2, 0, 13]
    assert m.phase == PLAY


# ---- 1.4 Blind Nil

def test_cards_face_down_until_looked_1_4():
    m = rig(Match(1), suits_hands(), dealer=EAST)
    assert m.legal_actions() == [BLIND_NIL, LOOK]
    o = m.observation(SOUTH)
    assert o.hand == b"" and not o.looked
    illegal(m, BID + 3, section="1.4")  # look before a numeric bid
    m.apply(LOOK, NORTH)  # any seat may look at any time during bidding
    assert m.observation(NORTH).hand == bytes(HEARTS)
    assert m.to_move == SOUTH
    illegal(m, LOOK, NORTH, section="1.4")  # only once
    m.apply(LOOK)
    assert m.legal_actions() == list(range(BID, BID + 14))
    illegal(m, BLIND_NIL, section="1.4")  # Blind Nil only before looking
    m.apply(BID + 2)
    m.apply(BLIND_NIL)  # West, not looked
    illegal(m, BLIND_NIL, section="1.4")  # North has looked
    m.apply(BID + 3)
    assert m.observation(WEST).hand == b""
    m.apply(LOOK)
    m.apply(BID + 4)
    # bidding over: the Blind Nil bidder now sees their cards for the exchange
    assert m.phase == EXCHANGE
    assert m.observation(WEST).hand == bytes(DIAMONDS)


def test_blind_nil_exchange_swaps_three_cards_1_4():
    m = rig(Match(1), suits_hands(), dealer=EAST)
    bid_all(m, [3, BLIND_NIL, 4, 2])
    assert m.phase == EXCHANGE
    # order: clockwise from the dealer's left, West then East
    assert m.to_move == WEST
    assert m.legal_actions() == [PASS + c for c in DIAMONDS]
    illegal(m, PASS + CLUBS[0], section="1.4")  # not West's card
    illegal(m, PASS + DIAMONDS[0], seat=EAST, section="1.4")  # not East's turn
    for c in DIAMONDS[:2]:
        m.apply(PASS + c)
    illegal(m, PASS + DIAMONDS[0], section="1.4")  # chosen already
    assert PASS + DIAMONDS[0] not in m.legal_actions()
    m.apply(PASS + DIAMONDS[2])
    assert m.to_move == EAST
    assert m.observation(EAST).passed == b""  # East does not see West's choice
    for c in SPADES[-3:]:
        m.apply(PASS + c)
    assert m.phase == PLAY and m.to_move == SOUTH
    west = m.observation(WEST)
    assert west.hand == bytes(sorted(DIAMONDS[3:] + SPADES[-3:]))
    assert west.passed == bytes(DIAMONDS[:3]) and west.received == bytes(SPADES[-3:])
    east = m.observation(EAST)
    assert east.hand == bytes(sorted(SPADES[:-3] + DIAMONDS[:3]))
    assert east.received == bytes(DIAMONDS[:3])
    assert m.observation(SOUTH).received == b""
    assert m.counts[WEST * 4 + 3] == 3 and m.counts[EAST * 4 + 1] == 3


def test_both_partners_blind_nil_no_exchange_1_4():
    m = rig(Match(1), suits_hands(), dealer=EAST)
    bid_all(m, [BLIND_NIL, 3, BLIND_NIL, 3])
    assert m.phase == PLAY
    assert m.hands[SOUTH] == CLUBS and m.hands[NORTH] == HEARTS


def test_blind_nil_off_1_4():
    m = rig(Match(1, blind_nil=False), suits_hands(), dealer=EAST)
    assert m.observation(SOUTH).hand == bytes(CLUBS)
    illegal(m, BLIND_NIL, section="1.4")
    illegal(m, LOOK, section="1.4")


def test_two_sides_each_one_blind_nil_both_exchange_1_4():
    m = rig(Match(1), suits_hands(), dealer=NORTH)
    bid_all(m, [BLIND_NIL, 2, 3, BLIND_NIL])
    assert m.phase == EXCHANGE
    seen = []
    while m.phase == EXCHANGE:
        seen.append(m.to_move)
        m.apply(m.legal_actions()[0])
    assert seen == [3] * 3 + [0] * 3 + [1] * 3 + [2] * 3
    assert m.hands[SOUTH] == sorted(CLUBS[3:] + HEARTS[:3])
    assert m.hands[WEST] == sorted(DIAMONDS[3:] + SPADES[:3])


def test_blind_nil_behind_deals_face_down_only_to_a_side_100_behind_1_4():
    m = rig(Match(1, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[120, 240])
    # South and North are 120 behind: face down; West and East see their cards at once
    assert list(m.looked) == [0, 1, 0, 1]
    assert m.observation(WEST).hand == bytes(DIAMONDS) and m.observation(SOUTH).hand == b""
    assert m.legal_actions() == [BLIND_NIL, LOOK]
    m.apply(BLIND_NIL)
    assert m.to_move == WEST and m.legal_actions() == list(range(BID, BID + 14))
    illegal(m, BLIND_NIL, section="1.4")  # West's side is ahead
    illegal(m, LOOK, section="1.4")  # dealt face up: nothing to look at
    bid_all(m, [BLIND_NIL, 3, 4, 2])
    assert m.phase == EXCHANGE and m.bids[SOUTH] == BLIND_NIL


def test_blind_nil_behind_needs_at_least_100_points_1_4():
    m = rig(Match(1, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[-50, 49])
    assert list(m.looked) == [1, 1, 1, 1]  # 99 behind: nobody may bid Blind Nil
    assert msg_of(m, BLIND_NIL) == "1.4: Blind Nil only with cards unseen"  # dealt face up
    m = rig(Match(1, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[-50, 50])
    assert list(m.looked) == [0, 1, 0, 1]  # exactly 100 behind
    m = rig(Match(1, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[300, 150])
    assert list(m.looked) == [1, 0, 1, 0]  # West and East, 150 behind
    m.apply(BID + 3)
    m.apply(BLIND_NIL)  # West
    assert m.bids[WEST] == BLIND_NIL


def msg_of(m, action):
    return illegal(m, action, section="1.4")


def test_blind_nil_behind_is_judged_on_the_scores_when_each_hand_is_dealt_1_4():
    m = Match(3, blind_nil_behind=True)
    assert list(m.looked) == [1, 1, 1, 1]  # 0 to 0: nobody is behind
    for _ in range(6):
        bid_all(m, [4, 3, 4, 3])
        play_out(m)
        if m.phase == MATCH_OVER:
            break
        m.apply(NEXT_HAND)
        gap = m.scores[1] - m.scores[0]
        want = [int(gap < 100), int(-gap < 100)] * 2
        assert list(m.looked) == want, (m.scores, list(m.looked))


def test_blind_nil_behind_off_by_default_and_nothing_without_blind_nil_1_4():
    m = rig(Match(1), suits_hands(), dealer=EAST, scores=[0, 0])
    assert not m.blind_nil_behind and list(m.looked) == [0, 0, 0, 0]
    assert not Match.from_bytes(m.to_bytes()).blind_nil_behind
    m = rig(Match(1, blind_nil=False, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[0, 400])
    assert list(m.looked) == [1, 1, 1, 1]
    illegal(m, BLIND_NIL, section="1.4")


def test_blind_nil_behind_survives_the_save_4():
    m = rig(Match(1, blind_nil_behind=True), suits_hands(), dealer=EAST, scores=[0, 200])
    m.hand_no = 2  # 200 points need a hand played: a head play can reach (issue 12)
    m._head()  # the save head as if this hand had been dealt so
    m.apply(BLIND_NIL)
    b = m.to_bytes()
    m2 = Match.from_bytes(b)
    assert m2.blind_nil_behind and m2.bids[SOUTH] == BLIND_NIL and list(m2.looked) == [0, 1, 0, 1]
    assert m2.to_bytes() == b
    plain = Match(1)
    assert not Match.from_bytes(plain.to_bytes()).blind_nil_behind


def test_two_player_saves_refuse_the_four_player_option_bit_4():
    from engine.spades2 import Match as Match2

    b = bytearray(Match2(2).to_bytes())
    b[2] |= 4
    s = (sum(b[:-2]) + len(b) - 2) & 0xFFFF
    b[-2:] = bytes((s >> 8, s & 255))
    with pytest.raises(ValueError):
        Match2.from_bytes(bytes(b))


# ---- 1.5 play

def test_leader_follow_suit_and_winner_leads_1_5():
    south = [parse(x) for x in "2C 3C AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD".split()]
    west = [parse(x) for x in "4C 5C 6C 7C 8C 9C TC JC QC KC QD KD AD".split()]
    rest = [c for c in range(52) if c not in south + west]
    north = rest[:13]  # hearts
    east = rest[13:]  # spades
    m = rig(Match(1, blind_nil=False), [south, west, north, east], dealer=EAST)
    bid_all(m, [2, 3, 3, 3])
    assert m.to_move == SOUTH  # left of the dealer leads
    m.apply(parse("2C"))
    assert m.to_move == WEST
    illegal(m, parse("QD"), section="1.5")  # West holds clubs: must follow
    illegal(m, parse("2H"), section="1.5")  # not West's card
    assert sorted(m.legal_actions()) == sorted(west[:10])
    m.apply(parse("KC"))
    m.apply(parse("2H"))  # North cannot follow: any card
    m.apply(parse("AS"))  # East trumps
    assert list(m.winners) == [EAST] and m.to_move == EAST and m.tricks[EAST] == 1
    assert m.broken  # 1.6: a spade played by one who could not follow
    # East holds only spades and leads one; all discard; East wins
    m.apply(parse("2S"))
    m.apply(parse("AC"))
    m.apply(parse("QC"))
    m.apply(parse("2H") + 1)
    assert m.winners[-1] == EAST


def test_highest_of_suit_led_wins_without_spades_1_5():
    south = CLUBS[:6] + DIAMONDS[:7]
    west = CLUBS[6:] + DIAMONDS[7:13]
    north = HEARTS
    east = SPADES
    m = rig(Match(1, blind_nil=False), [south, west, north, east], dealer=EAST)
    bid_all(m, [1, 1, 1, 1])
    m.apply(CLUBS[5])  # 7C
    m.apply(CLUBS[12])  # AC
    m.apply(HEARTS[12])  # AH: off suit, cannot win
    m.apply(SPADES[0])  # 2S trumps
    assert m.winners[-1] == EAST
    m.apply(SPADES[1])
    m.apply(CLUBS[0])
    m.apply(CLUBS[6])
    m.apply(HEARTS[0])
    assert m.winners[-1] == EAST


def test_off_suit_high_card_loses_1_5():
    south = DIAMONDS[:6] + CLUBS[:7]
    west = DIAMONDS[6:] + HEARTS[:6]
    north = CLUBS[7:] + HEARTS[6:]
    east = SPADES
    m = rig(Match(1, blind_nil=False), [south, west, north, east], dealer=EAST)
    bid_all(m, [1, 1, 1, 1])
    m.apply(CLUBS[0])  # 2C led
    m.apply(HEARTS[5])  # West void in clubs: discards 7H
    m.apply(CLUBS[12])  # AC
    assert m.observation(SOUTH).trick == bytes([CLUBS[0], HEARTS[5], CLUBS[12]])
    m.apply(SPADES[12])
    assert m.winners[-1] == EAST
    m.apply(SPADES[0])  # East only spades: may lead them
    m.apply(DIAMONDS[0])
    m.apply(DIAMONDS[6])
    m.apply(CLUBS[7])
    # now a trick without spades: South leads after... East won again; check a plain trick
    assert m.winners[-1] == EAST


# ---- 1.6 spades

def test_spades_not_led_until_broken_1_6():
    south = CLUBS[:10] + SPADES[:3]
    west = CLUBS[10:] + DIAMONDS[:10]
    north = DIAMONDS[10:] + HEARTS[:10]
    east = HEARTS[10:] + SPADES[3:]
    m = rig(Match(1, blind_nil=False), [south, west, north, east], dealer=EAST)
    bid_all(m, [1, 1, 1, 1])
    assert not m.broken
    assert m.legal_actions() == CLUBS[:10]
    msg = illegal(m, SPADES[0], section="1.6")
    assert "broken" in msg
    m.apply(CLUBS[0])  # 2C
    m.apply(CLUBS[10])  # QC wins so far
    m.apply(DIAMONDS[10])  # North void: discards
    m.apply(HEARTS[10])  # East void, does not trump
    assert not m.broken and m.winners[-1] == WEST
    # West leads clubs again; East still has hearts
    m.apply(CLUBS[11])
    m.apply(DIAMONDS[11])
    m.apply(SPADES[3])  # East trumps: spades are broken now
    assert m.broken
    m.apply(CLUBS[1])
    assert m.winners[-1] == EAST
    # East may lead spades now (the rule OpenSpiel's Spades once missed)
    assert SPADES[4] in m.legal_actions()
    m.apply(SPADES[4])
    assert m.lead_suit == 3


def test_only_spades_may_lead_and_breaks_1_6():
    m = rig(Match(1, blind_nil=False), [SPADES, CLUBS, DIAMONDS, HEARTS], dealer=EAST)
    bid_all(m, [13, 0, 0, 0])
    assert not m.broken
    assert m.legal_actions() == SPADES  # the leader holds only spades
    m.apply(SPADES[0])
    assert m.broken
    play_out(m)
    assert list(m.tricks) == [13, 0, 0, 0]


# ---- 1.7 scoring through the engine

def test_boston_and_breakdown_1_7():
    m = rig(Match(1, blind_nil=False), [SPADES, CLUBS, DIAMONDS, HEARTS], dealer=EAST)
    bid_all(m, [6, 0, 4, 0])
    play_out(m)
    assert m.last_boston == 0
    side0, side1 = m.last_breakdown
    assert side0 == [("Contract 10 made", 100), ("Bags 3", 3), ("Boston", 0)]
    assert side1 == [("Nil West", 100), ("Nil East", 100)]
    assert m.scores == [103, 200] and m.bags == [3, 0]


def test_failed_nil_tricks_are_bags_not_partner_contract_1_7():
    m = rig(Match(1, blind_nil=False), [SPADES, CLUBS, DIAMONDS, HEARTS], dealer=EAST,
            bags=[5, 0])
    bid_all(m, [0, 2, 1, 2])  # South Nil but wins all 13; North bid 1 alone
    play_out(m)
    assert m.last_breakdown[0] == [("Nil South failed", -100), ("Contract 1 set", -10),
                                   ("Bags 13", 13), ("Bag penalty", -100), ("Boston", 0)]
    assert m.scores[0] == -197 and m.bags[0] == 8
    assert m.last_breakdown[1] == [("Contract 4 set", -40)]


def test_blind_nil_scored_200_1_7():
    m = rig(Match(1), [CLUBS, DIAMONDS, HEARTS, SPADES], dealer=EAST)
    bid_all(m, [3, 0, BLIND_NIL, 5])
    # North passes 3 hearts, South passes 3 clubs
    while m.phase == EXCHANGE:
        m.apply(m.legal_actions()[0])
    play_out(m)
    assert ("Blind Nil North", 200) in m.last_breakdown[0] or \
        ("Blind Nil North failed", -200) in m.last_breakdown[0]
    assert m.tricks[EAST] == 13
    assert ("Blind Nil North", 200) in m.last_breakdown[0]


def test_bag_penalty_option_1_7():
    for penalty, score, bags in ((True, -197, 8), (False, -97, 18)):
        m = rig(Match(1, blind_nil=False, bag_penalty=penalty),
                [SPADES, CLUBS, DIAMONDS, HEARTS], dealer=EAST, bags=[5, 0])
        bid_all(m, [0, 2, 1, 2])
        play_out(m)
        assert (m.scores[0], m.bags[0]) == (score, bags)


# ---- 1.8 end

def boston_hand(scores, target=500):
    # South wins all 13: South 13 + North Nil = +230; West and East Nil = +200
    m = rig(Match(1, blind_nil=False, target=target), [SPADES, CLUBS, DIAMONDS, HEARTS],
            dealer=EAST, scores=scores)
    bid_all(m, [13, 0, 0, 0])
    play_out(m)
    return m


def test_target_reached_wins_1_8():
    m = boston_hand([300, 0])
    assert m.scores == [530, 200]
    assert m.phase == MATCH_OVER and m.winner == 0 and m.to_move == -1
    assert m.legal_actions() == []
    illegal(m, NEXT_HAND, section="1.8")


def test_both_past_target_higher_wins_1_8():
    m = boston_hand([300, 331])
    assert m.scores == [530, 531] and m.winner == 1 and m.phase == MATCH_OVER


def test_tie_at_target_plays_another_hand_1_8():
    m = boston_hand([300, 330])
    assert m.scores == [530, 530]
    assert m.phase == HAND_OVER and m.winner == -1
    m.apply(NEXT_HAND)
    assert m.phase == BIDDING and m.hand_no == 2


def test_target_option_1_8():
    m = boston_hand([0, 0], target=200)
    assert m.winner == 0  # 230 vs 200: both past, higher wins
    m = boston_hand([0, 0], target=300)
    assert m.phase == HAND_OVER
    with pytest.raises(ValueError):
        Match(1, target=0)


# ---- 4: guarantees

def test_illegal_in_every_phase_leaves_state_4():
    m = rig(Match(1), suits_hands(), dealer=EAST)
    for a in (-1, 52, 90, 200, 255, NEXT_HAND, PASS + 1):
        illegal(m, a)
    bid_all(m, [2, BLIND_NIL, 3, 3])
    assert m.phase == EXCHANGE
    for a in (0, BID, NEXT_HAND, LOOK, BLIND_NIL, PASS + 60):
        illegal(m, a)
    while m.phase == EXCHANGE:
        m.apply(m.legal_actions()[0])
    for a in (BID + 1, NEXT_HAND, LOOK, PASS + 1, 60, -5):
        illegal(m, a)
    illegal(m, 0, seat=WEST)  # wrong seat
    play_out(m)
    for a in (0, BID, LOOK, 99):
        illegal(m, a)


def test_same_seed_same_match_4():
    def run(seed):
        m = Match(seed)
        r = Rng(9)
        out = []
        for _ in range(300):
            la = m.legal_actions()
            a = la[r.below(len(la))] if la != [BLIND_NIL, LOOK] else LOOK
            if len(la) == 14:
                a = BID + 3
            m.apply(a)
            out.append(a)
        return out, m.to_bytes()
    assert run(5) == run(5)
    assert run(5) != run(6)


def test_save_size_round_trip_and_future_cards_4():
    m = Match(11)
    r = Rng(2)
    sizes = []
    while m.hand_no < 3:
        la = m.legal_actions()
        a = la[r.below(len(la))]
        if len(la) == 14:
            a = BID + 3
        m.apply(a)
        b = m.to_bytes()
        sizes.append(len(b))
        m2 = Match.from_bytes(b)
        assert m2.to_bytes() == b
        assert m2.phase == m.phase and m2.to_move == m.to_move
        assert m2.hands == m.hands and m2.scores == m.scores and m2.bags == m.bags
        if m.phase == HAND_OVER:
            assert m2.last_breakdown == m.last_breakdown
            m.apply(NEXT_HAND)
            m2.apply(NEXT_HAND)  # the next deal is the same: the RNG state was saved
            assert m2.hands == m.hands and m2.to_bytes() == m.to_bytes()
    assert max(sizes) <= 160


def test_from_bytes_garbage_raises_4():
    m = Match(4)
    m.apply(LOOK)
    b = m.to_bytes()
    for bad in (b"", b"\x00" * 40, b[:-1], b[:10], bytes(200), b"hello world" * 5):
        with pytest.raises(ValueError):
            Match.from_bytes(bad)
    flipped = bytearray(b)
    flipped[25] ^= 1
    with pytest.raises(ValueError):
        Match.from_bytes(bytes(flipped))
    # a log that breaks a rule, with a good checksum: rejected by the replay
    rec = len(b) - 3 - 16 * b[-3]  # the log ends where the record of hand starts begins
    body = bytearray(b[:rec]) + bytes([BID + 20]) + b[rec:-2]
    s = (sum(body) + len(body)) & 0xFFFF
    with pytest.raises(ValueError) as e:
        Match.from_bytes(bytes(body) + bytes((s >> 8, s & 255)))
    assert "1.3" in str(e.value)


def test_observation_shows_only_own_cards_4():
    m = rig(Match(1, blind_nil=False), suits_hands(), dealer=EAST)
    allowed = {"seat", "phase", "to_move", "dealer", "hand_no", "target", "blind_nil",
               "bag_penalty", "scores", "bags", "bids", "tricks", "hand", "looked",
               "looked_by", "history", "leaders", "winners", "trick", "leader",
               "lead_suit", "broken", "passed", "received"}
    for s in range(4):
        o = m.observation(s)
        assert set(vars(o)) == allowed
        assert o.hand == bytes(suits_hands()[s])
    with pytest.raises(ValueError):
        m.observation(4)


def test_from_bytes_rejects_a_log_to_bytes_never_writes_4():
    m = boston_hand([0, 0])
    assert m.phase == HAND_OVER
    b = m.to_bytes()
    body = bytearray(b[:-2]) + bytes([NEXT_HAND])
    s = (sum(body) + len(body)) & 0xFFFF
    with pytest.raises(ValueError):
        Match.from_bytes(bytes(body) + bytes((s >> 8, s & 255)))
    assert Match.from_bytes(b).to_bytes() == b
