# No test may touch the player's real saved games: the laptop store goes to a
# temporary folder for the whole run (tests that want their own set it again).
import os
import tempfile

os.environ.setdefault("POCKET_CARDS_DATA", tempfile.mkdtemp(prefix="pocket-cards-test-"))

# BOARD_JUDGE=<file> (tools/run_tests.py sets it): the board's ui modules are imported
# with their calls of built-ins noted, and the calls go to <file> at the end, for
# tools/boardjudge.py to make again on the board VM (CircuitPython judges them).
if os.environ.get("BOARD_JUDGE"):
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import boardjudge
    boardjudge.install()

    def pytest_sessionfinish(session, exitstatus):
        boardjudge.save(os.environ["BOARD_JUDGE"])
