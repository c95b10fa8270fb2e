"""The battery on the board VM (issue 24 item 14; tools/battery.py --paced): the title
menu and the table waiting for you sleep most of each frame at about 40 frames a
second, no sleep falls inside a bot's decision, and the backlight dims after a minute
without a key (the key that lights it only lights it: the run fails otherwise).
Skipped where there is no board VM."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import boardfit  # noqa: E402


@pytest.mark.skipif(boardfit.vm_path() is None, reason="no board VM")
def test_a_still_screen_sleeps_and_a_thinking_bot_does_not():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "battery.py"), "--paced"],
                         capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    line = [x for x in out.stdout.splitlines() if x.startswith("result: ")][-1]
    got = dict(p.split("=") for p in line.split()[1:])
    for state in ("title_menu", "your_turn"):
        assert 36 <= float(got[state + "_fps"]) <= 41, line  # FRAME_MS 25
        assert float(got[state + "_asleep_pct"]) >= 80, line
    # only the frame ending a decision rests: at most one frame's 25 ms a decision
    per = float(got["decision_board_ms"])
    assert float(got["bots_thinking_asleep_pct"]) <= 100 * 25 / (per + 25), line
    assert int(got["slept_deciding_ms"]) == 0, line
    assert 60.0 <= float(got["dim_after_s"]) <= 61.0, line
