"""engine/scoring.py against sums worked by hand (RULES 1.7, 1.8, 2.6, 2.7)."""
from engine.scoring import score_side, winner


def side(b1, t1, b2, t2, bags=0, blind1=False, blind2=False, penalty=True):
    return score_side((("North", b1, blind1, t1), ("South", b2, blind2, t2)), bags, penalty)


def test_contract_made_with_overtricks_1_7():
    pts, bags, lines = side(3, 4, 2, 2)
    assert (pts, bags) == (51, 1)
    assert lines == [("Contract 5 made", 50), ("Bags 1", 1)]


def test_contract_set_no_bags_1_7():
    pts, bags, lines = side(4, 2, 3, 2, bags=4)
    assert (pts, bags) == (-70, 4)
    assert lines == [("Contract 7 set", -70)]


def test_worked_example_one_1_7():
    # 337 with 7 bags, bid 5: take 7, 8 or 9
    for took, score, bags_after in ((7, 389, 9), (8, 290, 0), (9, 291, 1)):
        pts, bags, _ = side(3, took - 2, 2, 2, bags=7)
        assert (337 + pts, bags) == (score, bags_after), took


def test_worked_example_two_1_7():
    score, bags = 0, 0
    lines = None
    for bid, took in ((4, 7), (3, 6), (4, 9)):
        pts, bags, lines = side(bid - 1, took - 1, 1, 1, bags=bags)
        score += pts
    assert bags == 1  # 3 + 3 + 5 = 11 bags: -100 once, 1 carried
    assert score == 43 + 33 + 45 - 100
    assert ("Bag penalty", -100) in lines and lines.count(("Bag penalty", -100)) == 1


def test_bag_penalty_off_bags_only_count_1_7():
    pts, bags, lines = side(3, 8, 2, 2, bags=7, penalty=False)
    assert (pts, bags) == (55, 12)
    assert ("Bag penalty", -100) not in lines


def test_nil_made_partner_alone_1_7():
    pts, bags, lines = side(0, 0, 4, 5)
    assert (pts, bags) == (100 + 41, 1)
    assert ("Nil North", 100) in lines


def test_failed_nil_tricks_are_bags_not_contract_1_7():
    # North Nil takes 2, South bid 4 takes 3: the 2 do not help the contract
    pts, bags, lines = side(0, 2, 4, 3)
    assert lines == [("Nil North failed", -100), ("Contract 4 set", -40), ("Bags 2", 2)]
    assert (pts, bags) == (-138, 2)


def test_failed_nil_partner_made_1_7():
    pts, bags, lines = side(0, 1, 3, 4)
    assert (pts, bags) == (-100 + 30 + 1 + 1, 2)


def test_both_nil_1_7():
    assert side(0, 0, 0, 0)[0] == 200
    pts, bags, lines = side(0, 2, 0, 1)
    assert (pts, bags) == (-200 + 3, 3)  # contract 0: every trick is a bag
    assert side(0, 0, 0, 3)[0] == 0 + 3
    assert side(0, 0, 0, 0, blind1=True, blind2=True)[0] == 400
    assert side(0, 1, 0, 1, blind1=True, blind2=True)[0] == -400 + 2
    assert side(0, 5, 0, 0, blind1=True, blind2=True)[0] == 0 + 5


def test_contract_zero_all_tricks_bags_with_penalty_1_7():
    pts, bags, lines = side(0, 4, 0, 2, bags=5)
    assert bags == 1
    assert pts == -200 + 6 - 100


def test_blind_nil_1_4_1_7():
    pts, bags, lines = side(0, 0, 5, 5, blind1=True)
    assert pts == 250 and ("Blind Nil North", 200) in lines
    pts, bags, lines = side(0, 1, 5, 5, blind1=True)
    assert pts == -200 + 50 + 1 and ("Blind Nil North failed", -200) in lines


def test_boston_1_7():
    pts, bags, lines = side(6, 7, 4, 6)
    assert lines[-1] == ("Boston", 0)
    assert pts == 103
    assert ("Boston", 0) not in side(6, 7, 4, 5)[2]


def test_two_player_2_6():
    assert score_side((("", 5, False, 7),), 0) == (52, 2, [("Contract 5 made", 50), ("Bags 2", 2)])
    assert score_side((("", 5, False, 4),), 3)[:2] == (-50, 3)
    assert score_side((("", 0, False, 0),), 0)[0] == 100
    assert score_side((("", 0, False, 2),), 9)[:2] == (-100 + 2 - 100, 1)
    assert score_side((("", 0, True, 0),), 0)[:2] == (200, 0)
    assert score_side((("", 0, True, 1),), 0)[2] == [("Blind Nil failed", -200), ("Bags 1", 1)]


def test_winner_1_8():
    assert winner([499, 300], 500) == -1
    assert winner([500, 300], 500) == 0
    assert winner([510, 520], 500) == 1
    assert winner([520, 520], 500) == -1  # tie at the target: another hand
    assert winner([190, 205], 200) == 1
