# Two-player Spades bots under MicroPython, alone in their process (76 KB heap):
# the draw, Double Nil discards, bidding and play, hard's search included.
from lane_bots import play
from engine.spades2 import Match
from engine.tricks import MATCH_OVER
from engine.bots import spades_bot as sb


def test_hard_and_normal_play_hands():
    m = Match(7, target=200)
    bots = [sb.Bot(0, "hard", 1, 250), sb.Bot(1, "normal", 2)]
    assert play(m, bots, 2, 7) == 2


def test_easy_and_normal_play_a_match():
    m = Match(8, target=200)
    bots = [sb.Bot(0, "easy", 1), sb.Bot(1, "normal", 2)]
    play(m, bots, 60, 7)
    assert m.phase == MATCH_OVER


def test_double_nil_hand():
    m = Match(9)
    m.scores[0] = 0
    m.scores[1] = 450  # far behind: normal declares Double Nil (RULES 2.4)
    bots = [sb.Bot(0, "normal", 1), sb.Bot(1, "normal", 2)]
    play(m, bots, 1, 7)
    assert m.hand_no == 2 or m.phase == MATCH_OVER
