# Spades bots under MicroPython (64 KB heap, engine and bots imported together):
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

