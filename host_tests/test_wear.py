"""tools/wear.py (issue 12): whole matches through the screens on a file-backed nvm
write at most once per hand (Spit: per round) plus 3, and the result line is exact."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)
from tools import wear  # noqa: E402


def test_writes_per_match_stay_within_hands_plus_three(capsys):
    wear.main(["--target", "200", "--seed", "3"])
    last = capsys.readouterr().out.strip().split("\n")[-1]
    m = re.fullmatch(r"result: spades4_match_writes=(\d+) spades4_hands=(\d+) spades2_match_writes=(\d+)"
                     r" spades2_hands=(\d+) spit_match_writes=(\d+) spit_rounds=(\d+)", last)
    assert m, last
    w4, h4, w2, h2, ws, rs = (int(x) for x in m.groups())
    assert h4 >= 1 and h2 >= 1 and rs >= 1
    assert w4 <= h4 + 3 and w2 <= h2 + 3 and ws <= rs + 3
    # and not fewer than the save points: the start, each hand's end, the pause menu once
    assert w4 == h4 + 2 and w2 == h2 + 1 and ws == rs + 1
