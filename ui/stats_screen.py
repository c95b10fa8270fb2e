"""The Statistics page (title menu): the counters of one game at a time (engine/stats.py
lines()), Left/Right to the other games, A twice to reset the shown game's counters
(the first A asks "Press A again to reset", any other key cancels), B or Start back.
"""
from engine import stats as stats_mod
from ui import keys
from ui.pages import HEAD, TEXT, WARN, TextPage

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

GAMES = ("Spades", "Spades for two", "Spit")  # engine.storage game ids 0, 1, 2
FOOTER = "A: reset   B: back"
CONFIRM = "Press A again to reset"


class StatsScreen(TextPage):
    def __init__(self, app, game=0):
        super().__init__(app)
        self.stats = app.stats  # as saved now (a game saves its own copy as it counts)
        self.game = game
        self.confirm = False
        # the rows in the next frame: the page and its rows in one took up to 280 board-ms
        self.filled = False

    def show_game(self, game):
        self.filled = True
        self.game = game
        self.confirm = False
        self.set_title("Stats: " + GAMES[game], arrows=True)
        rows = []
        for label, value in self.stats.lines(game):
            rows.append((label, value, TEXT))
        self.set_rows(rows)
        self.set_footer(FOOTER)

    def on_key(self, key):
        if key == keys.A:
            if not self.confirm:
                self.confirm = True
                self.set_footer(CONFIRM, WARN)
                return True
            self.reset()
            return True
        if self.confirm:  # anything else cancels the reset
            self.confirm = False
            self.set_footer(FOOTER)
            if key != keys.LEFT and key != keys.RIGHT and key != keys.B and key != keys.START:
                return True
        if key == keys.LEFT or key == keys.RIGHT:
            step = 1 if key == keys.RIGHT else -1
            self.show_game((self.game + step) % len(GAMES))
            return True
        if key == keys.B or key == keys.START:
            self.app.home()
            return True
        return False

    def reset(self):
        """Zero the shown game's counters and save (no write if they were zero)."""
        self.stats.reset_game(self.game)
        self.app.storage.save_stats(self.stats)
        self.show_game(self.game)
        self.set_footer("Reset: " + GAMES[self.game], HEAD)

    def tick(self, now):
        if not self.filled:
            self.show_game(self.game)
            return True
        return False


def start(app, arg=0):
    app.show(StatsScreen(app, arg))
