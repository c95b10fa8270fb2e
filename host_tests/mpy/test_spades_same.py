# RULES 4: the same seed and actions give the same game, on CPython and MicroPython.
# The expected saves were recorded under CPython; the lane checks MicroPython agrees.
# (Save version 2: the same games, with the record of hand starts at the end: empty
# here, since these matches are driven by apply alone.)
from engine.rng import Rng
from engine import spades, spades2

EXPECT4 = ("a4020301f4030000077ffb957ffadd00000900000598c4f7adafc6913c6c17e85273e309c669"
           "f0445050f344ab8caa959396a6849280afa012001a29",
           [-1131, -1315], 7)
EXPECT2 = ("a2020301f4000000077ffbee7ffbab00000800000152b82b0524293130180c131f1e06280b05"
           "1108231a2b1b1c0a0f331400200e012502092622271d032a2c071204152d160d10212e191732"
           "2f52535555545555545455545455555555555454545554545454545554cdd8c2564421220019"
           "8f",
           [-1042, -1109], 7)


def _drive(mod, seed, steps):
    m = mod.Match(seed)
    r = Rng(seed + 1)
    for _ in range(steps):
        la = m.legal_actions()
        if not la:
            break
        if la[0] == mod.BID:
            a = mod.BID + 2 + r.below(3)
        else:
            a = la[r.below(len(la))]
        m.apply(a)
    return m.to_bytes(), m.scores, m.hand_no


def _hex(b):
    return "".join("%02x" % x for x in b)


def test_four_players_same_everywhere():
    b, scores, hand_no = _drive(spades, 4321, 400)
    assert (_hex(b), scores, hand_no) == EXPECT4, (_hex(b), scores, hand_no)


def test_two_players_same_everywhere():
    b, scores, hand_no = _drive(spades2, 8765, 400)
    assert (_hex(b), scores, hand_no) == EXPECT2, (_hex(b), scores, hand_no)
