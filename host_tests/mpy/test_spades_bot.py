# Spades bots under MicroPython (76 KB heap, engine and bots imported together):
# complete hands and a short match with the rule-based levels (hard: test_spades_bot_hard).
from lane_bots import play
from engine.spades import Match
from engine.tricks import MATCH_OVER
from engine.bots import spades_bot as sb


def test_normal_and_easy_play_a_match():
    m = Match(3, target=200)
    bots = [sb.Bot(s, "normal" if s & 1 else "easy", 1) for s in range(4)]
    play(m, bots, 30)
    assert m.phase == MATCH_OVER
    assert m.winner in (0, 1)



def test_every_choice_before_the_play_says_why():
    # spades_bidding on the board's compiler: each reason kind it names must exist
    # there (RULES 1.4 Blind Nil before looking, the bid, the exchange)
    from engine.tricks import BID, BLIND_NIL, BIDDING, EXCHANGE, PASS

    class Obs:
        seat = 0
        phase = BIDDING
        blind_nil = True
        looked = False
        bids = [-1, 4, 5, 3]
        scores = [100, 420]
        bags = [0, 0]
        target = 500
        hand = b""
        passed = b""

    v = Obs()
    b = sb.Bot(0, "hard", 1)
    assert b.act(v) == BLIND_NIL and b.why[0] == 52
    v.looked = True
    v.hand = bytes((0, 1, 2, 3, 13, 14, 15, 26, 27, 28, 39, 40, 41))
    a = b.act(v)
    assert BID <= a <= BID + 13 and b.why[0] in (50, 51)
    v.phase = EXCHANGE
    v.bids = [BLIND_NIL, 4, 5, 3]
    a = b.act(v)
    assert a - PASS in v.hand and b.why[0] == 55
