# No test may touch the player's real saved games: the laptop store goes to a
# temporary folder for the whole run (tests that want their own set it again).
import os
import tempfile

os.environ.setdefault("POCKET_CARDS_DATA", tempfile.mkdtemp(prefix="pocket-cards-test-"))
