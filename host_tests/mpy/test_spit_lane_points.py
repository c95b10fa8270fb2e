# Spit under MicroPython (76 KB heap): more complete bot-vs-bot matches, both options.
from test_spit_lane import matches


def test_matches_points():
    assert matches(100, 12, "points") == 12


def test_matches_standard_c():
    assert matches(200, 12, "standard") == 12
