# Issue 25: par (and the review) are the same on every port for a deal number and
# levels: CPython, the MicroPython lane and the board VM (tools/boardjudge.py check 4).
# A module of its own: the lane's heap holds a review beside a played hand, not beside
# the other same-everywhere tests' matches.
from engine.numbered import deal as deal_number
from engine import spades, spades2

# (deal number, seats, the player's level, the others') -> (your points, par, the first
# decision hard would have made otherwise (log index), the costly cards and choices
# before the play: a bid's action, the cards passed as bytes) of its review
PARS = (
    ((305, 4, "random", "normal"), (-227, -80, 4, [(0, b'\x0e"-', b"&/0", 1658, 20), (3, 48, 38, 1209, 23),
                                                    (8, 33, 26, 996, 46)])),  # passed 3D 10H 8S, not AH 10S JS
    # a look where hard (its partner bid 4 or more) bids Blind Nil; a bid of 1: Nil +125 a deal
    ((328, 4, "easy", "normal"), (-50, 242, 6, [(0, 81, 80, 1928, 18), (0, 65, 64, 1250, 15)])),
    ((302, 4, "easy", "hard"), (42, 41, 20, [(9, 31, 21, 71, 7), (7, 8, 10, 45, 11)])),
    ((303, 2, "easy", "normal"), (62, 82, 3, [(9, 22, 50, 93, 40)])),
    # a match's hand 6, 300 behind: hard bids Blind Nil unseen where normal looks (its
    # unseen cards drawn too); two players 445 behind: hard declares Double Nil where
    # normal does not (the whole stock drawn on each deal)
    ((302, 4, "normal", "normal", 300), (50, -178, 2, [(0, 81, 80, 1097, 19), (5, 37, 8, 623, 22)])),
    ((300, 2, "normal", "normal", 445), (32, -198, 0, [(10, 27, 36, 785, 108)])),
)


def _reviewed(number, n, player, level, behind=0):
    from engine.bots import spades_bot as sb
    from engine.bots.spades_review import Review
    from engine.tricks import HAND_OVER, MATCH_OVER
    m = (spades if n == 4 else spades2).Match(1, _deal=False)
    if behind:
        m.scores = [0, behind]
        m.hand_no = 6
    deal_number(m, number, not behind)
    while m.phase != HAND_OVER and m.phase != MATCH_OVER:
        s = m.to_move
        v = m.observation(s)
        m.apply(sb.Bot(s, player if s == 0 else level, sb.seed(v)).act(v), s)
    v = None
    r = Review(m, level)
    while not r.step(200):
        pass
    return r.you, r.par, r.div, [tuple(c) for c in r.costly]


def test_review_and_par_same_everywhere():
    # issue 25: par (and the review) the same on every port for a deal number and level
    for args, expect in PARS:
        got = _reviewed(*args)
        assert got == expect, (args, got)
