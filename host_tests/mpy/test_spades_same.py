# RULES 4: the same seed and actions give the same game, on CPython and MicroPython.
# The expected saves were recorded under CPython; the lane checks MicroPython agrees.
# (Save version 3: each hand is dealt from a deal number the match draws, kept in the head;
# the record of hand starts at the end is empty here, since these matches are driven by
# apply alone.)
from engine.numbered import deal as deal_number
from engine.rng import Rng
from engine import spades, spades2

EXPECT4 = ("a4030301f4030000077ff9ad7ff92c0000010000028676808c0eab8f737bab82118dbd26dc07"
           "4ec859f0445050f344ac8eaa9492989c8a8c80afa12000193f",
           [-1619, -1748], 7)
EXPECT2 = ("a2030301f4000000077ffc1d7ffc050000050000014b0f39260b0cf6052f180a020f092d060d"
           "27111f2e212010121e002b32031c01280b291a2a1b0e23222c24311907171513330c1d080416"
           "2514263052535555545555545455545455555555555454545554545454545554d5dfc2564420"
           "230018b6",
           [-995, -1019], 7)
# (number, (dealer, the cards as the save keeps them)) for a few deal numbers
DEALS4 = (
    (0, (0, "b5cb966a0c7208c31ad97f7634")),
    (1, (1, "4708d4b3f665b9d82ba1e374c8")),
    (2, (2, "e4bc3083a551fede116bdb8096")),
    (3, (3, "ccadb6b0704b96fdb065c14a1b")),
    (4321, (1, "4c68e6d9240c92fbf7b4581f92")),
    (500002, (2, "1ec41e4ce69fe4f889c7e19168")),
    (999999, (3, "51dc46ecbee143e3b098768693")),
)
DEALS2 = (
    (0, (0, "17190713260b28120920321822142e1d0f0d2933242c2730310e"
             "04232d032a062b081c1a0a051f1e010c111b002502102f211615")),
    (1, (1, "2628062f311a3224050c0811270e25181d0b2c150f3329031613"
             "231e101f1c091b2b0d0a192e0701212004142a1230172200022d")),
    (2, (0, "2b2e14132800110f240d3225032122291f04171c0a2c20070c0b"
             "1e121a0927331d232a18190e312f05081002061516261b2d0130")),
    (3, (1, "2e191b050d27150321170b222009261d2a2f071e021a2d140c04"
             "2c0e111c18121625082b0024061f1028310a2913233033320f01")),
    (4321, (1, "181c02111215240e0a2d13323022192e1d0f101a06232f21081f"
                "312a1b0b160c271e1703292004093301282b0d2c000705261425")),
    (500002, (0, "0906252f07290f122b302c210103332a1b1819000d04111a240b"
                  "161d142d0523150e0231132228171e0c2e10271c20081f260a32")),
    (999999, (1, "2e2b1e301a0b081f24022c17211b2f120a03231c011410111906"
                  "13073129250d15320e1804001622202d330f1d0928050c26272a")),
)


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


def _dealt(mod, number):
    m = mod.Match(1, _deal=False)
    deal_number(m, number)
    return m.dealer, _hex(m._deal_bytes())


def test_deal_numbers_same_everywhere():
    # RULES 4, issue 25: a deal number deals the same cards on every badge and in the window
    for number, expect in DEALS4:
        assert _dealt(spades, number) == expect, (number, _dealt(spades, number))
    for number, expect in DEALS2:
        assert _dealt(spades2, number) == expect, (number, _dealt(spades2, number))
