"""Issue 23's patterns as positions hard must get right: keep a side winner while the
side needs tricks (not shed on the partner's spade lead), defend to set a contract one
trick short, defend against a Nil, cover a partner's Nil to the last trick. Each position is searched with
several seeds (host_tests/test_spades_bot_play.searched): the answer must not depend
on luck. The Nil position is a real hand replayed from its deal (the search reads the
play so far: what each seat's cards show, how the bids fit)."""
from engine.cards import parse
from engine.rng import Rng
from engine.spades import Match
from engine.bots import spades_bot as sb
from engine.bots import spades_search as ss
from engine.bots import spades_track as tr
from engine.tricks import BID, PLAY

from host_tests.test_spades4 import rig
from host_tests.test_spades_bot import table4
from host_tests.test_spades_bot_play import SEEDS, names, searched


def known_left(t):
    """Every card still out is in a hand (an end position: the rest were played)."""
    for s in range(4):
        x = 0
        for o in range(4):
            x |= t.h[o * 4 + s]
        t.left[s] = x


# ---- keep a side winner while the side needs tricks (RULES 1.5: spades trump; 1.7)

def test_keeps_a_side_ace_on_the_partners_spade_lead():
    # North (2) draws trumps with the KS; South (0), out of spades, must shed a side
    # card. North-South bid 7 and hold 4 with four tricks left: the AH is a trick the
    # side needs, so a club or the diamond goes
    t = table4(["AH 4C 5C 6D", "2H 3H 6C 7D", "KS 3S 8C 9D", "5S 4S TC JD"], [4, 3, 3, 3],
               leader=2, trick=("KS", "5S"), broken=1, taken=(2, 3, 2, 3))
    got = searched(t, 0)
    assert parse("AH") not in got, names(got)


def test_keeps_a_side_queen_that_is_now_the_top_on_the_partners_spade_lead():
    # as above, the AH and KH gone: the QH is the side's sure winner now
    t = table4(["QH 4C 5C 6D", "2H 3H 6C 7D", "KS 3S 8C 9D", "5S 4S TC JD"], [4, 3, 3, 3],
               leader=2, trick=("KS", "5S"), broken=1, taken=(2, 3, 2, 3))
    t.left[2] &= ~((1 << 12) | (1 << 11))  # the AH and KH were played earlier
    got = searched(t, 0)
    assert parse("QH") not in got, names(got)


# ---- defend to set a contract one trick short (RULES 1.7: set, -10 a trick bid)

def test_cashes_the_top_club_to_set_a_contract_one_short():
    # North (2) leads to the last three tricks. East-West bid 6 and hold 4: they need 2
    # of 3. Clubs out: North's 7 8 J, South's 4, West's 10; no spade is left, so East,
    # void in clubs, cannot trump (1.5). The JC wins, then the 7 and 8: set. The 7C
    # (the policy's lead: it calls a suit East is void in no sure winner) lets the 10C
    # win and West's JH make the contract.
    t = table4(["4C 9H TH", "TC 6H JH", "7C 8C JC", "QD 8H QH"], [3, 3, 2, 3],
               leader=2, broken=1, taken=(3, 1, 3, 3))
    for o, vd in enumerate((2, 2, 4, 1)):
        t.void[o] = vd
    known_left(t)
    assert searched(t, 2) == {parse("JC")}


# ---- cover a partner's Nil to the last trick (RULES 1.7: Nil +/-100)

NIL_HAND = ("2D 4D 7D KD 2C 4C TC AC QD 3D 9D 6D 7C 6C 5C QC 6H 3H 2H 5H 7H 4H 9H 8H "
            "AD 5D 8D 6S AS KS TS 5S QS 8S 4S 2S JS 3S QH KH 7S AH JC TD")


def nil_position():
    """The deal seed 1000 gave (blind_nil off), bids South 1, West 5, North 3, East Nil, the first
    44 cards as a hard table played them: West (1) leads to trick 12 with 3C 9S. East
    (the Nil, nothing taken) holds 9C JH; North 8C KC; South JD TH. Spades: only the
    9S is left, so it wins; every seat is out of spades but West."""
    r = Rng(1000)  # the cards Match(1000) dealt before deals had numbers
    dealer = r.below(4)
    deck = bytearray(range(52))
    r.shuffle(deck)
    hands = [[c for i, c in enumerate(deck) if (dealer + 1 + i) % 4 == s] for s in range(4)]
    m = rig(Match(1, blind_nil=False), hands, dealer=dealer)
    bids = {0: 1, 1: 5, 2: 3, 3: 0}
    while m.phase != PLAY:
        s = m.to_move
        m.apply(BID + bids[s], s)
    for c in NIL_HAND.split():
        m.apply(parse(c), m.to_move)
    return m


def test_the_nil_position_is_as_described():
    m = nil_position()
    assert m.to_move == 1 and [sorted(h) for h in m.hands] == [
        [parse(c) for c in h.split()] for h in ("JD TH", "3C 9S", "8C KC", "9C JH")]
    assert list(m.tricks) == [2, 7, 2, 0]


def test_cover_cashes_its_sure_winner_before_the_low_card_the_nil_must_win():
    # West leads 3C: North plays the 8C under, East must follow with the 9C and wins
    # (South, out of clubs, cannot help): the Nil is set. West's 9S wins the trick
    # whoever holds what, East sheds its club on it, and the 3C at trick 13 is safe.
    # The policy's own lead is the 9S (a sure winner first while covering). The search
    # called the 3C safe while its samples' defenders ducked with the KC and the Nil
    # shed its highest card, not its most exposed one, and while only the best fit of
    # twelve samples was played (the deal as it lies was never drawn)
    m = nil_position()
    v = m.observation(1)
    assert tr.pick(sb.table(v), 1) == parse("9S")
    got = set()
    for seed in SEEDS:
        got.add(sb.Bot(1, "hard", seed).act(m.observation(1)))
    assert got == {parse("9S")}, names(got)


def test_cover_position_without_the_plays_leads_the_sure_winner():
    # the same cards as a bare table (no play record: no inferences, no bid fit):
    # the search keeps the policy's 9S
    t = table4(["JD TH", "3C 9S", "8C KC", "9C JH"], [1, 5, 3, 0], leader=1, broken=1,
               taken=(2, 7, 2, 0))
    for o, vd in enumerate((8, 2, 8, 8)):
        t.void[o] = vd
    known_left(t)
    assert ss.candidates(t, 1) == [parse("3C"), parse("9S")]
    assert searched(t, 1) == {parse("9S")}


# ---- defend against a Nil, and the Nil's own discard (RULES 1.7: Nil +/-100)

def test_defender_with_its_contract_made_stays_low_for_the_nil_to_win():
    # West leads the 3C at trick 12; North-South have made their 4. North holds 8C KC
    # and East (the Nil) plays after it: the 8C leaves East's club the winner (a set
    # Nil is 100 for North-South), the KC (the duck's highest) rescues it. The policy
    # plays the playouts' defenders, so its card decides what the cover's search sees
    m = nil_position()
    m.apply(parse("3C"), 1)
    v = m.observation(2)
    assert tr.pick(sb.table(v), 2) == parse("8C")
    assert {sb.Bot(2, "hard", seed).act(m.observation(2)) for seed in SEEDS} == {parse("8C")}


def test_nil_sheds_the_card_most_cards_can_be_led_under():
    # West's 9S wins trick 12 and West leads the last one. East (the Nil) holds 9C JH:
    # two clubs still out lie under the 9C (3C 8C), one heart under the JH (TH), so a
    # club lead catches the Nil more often: the 9C goes
    m = nil_position()
    m.apply(parse("9S"), 1)
    m.apply(parse("KC"), 2)
    v = m.observation(3)
    assert tr.pick(sb.table(v), 3) == parse("9C")
    assert sb.Bot(3, "hard", 1).act(m.observation(3)) == parse("9C")
