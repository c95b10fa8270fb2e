"""The one rules viewer: the title menu's Rules and the games' pause menus show the
games' rules (ui/rules_text.py) here, a page at a time. Up/Down or A turn the pages
(A after the last page goes back), B or Start go back. From the title menu Left/Right
show the other games; from a game only its own rules show.

    rules_screen.show(app, game, back)   # a pause menu: back() is called to return

The text module holds text only, so no game screen comes into the heap here.
"""
from ui import keys
from ui.rules_text import lines as game_lines
from ui.pages import ROWS, TEXT, TextPage

GAMES = ("Spades", "Spades for two", "Spit")


def rules_text(game):
    """The lines of a game's rules (engine.storage game id)."""
    return list(game_lines(game))


class RulesScreen(TextPage):
    right_chars = 0  # text on the left only: no right column is built

    def __init__(self, app, game=0, back=None):
        super().__init__(app)
        self.back = back  # None: the title menu's Rules (all games, back goes home)
        self.lines = ()
        self.page = 0
        self.show_game(game)

    @property
    def pages(self):
        return max(1, (len(self.lines) + ROWS - 1) // ROWS)

    def show_game(self, game):
        self.game = game
        self.lines = rules_text(game)
        self.set_title(GAMES[game] + " rules", arrows=self.back is None)
        self.show_page(0)

    def show_page(self, page):
        self.page = page
        first = page * ROWS
        self.set_rows([(line, "", TEXT) for line in self.lines[first:first + ROWS]])
        n = self.pages
        self.set_footer(("Page %d/%d  Up/Down  B: back" % (page + 1, n)) if n > 1 else "B: back")

    def on_key(self, key):
        if key == keys.DOWN or key == keys.UP or key == keys.A:
            page = self.page + (-1 if key == keys.UP else 1)
            if 0 <= page < self.pages:
                self.show_page(page)
                return True
            if key != keys.A:
                return False
            key = keys.B  # A on the last page: done reading
        if (key == keys.LEFT or key == keys.RIGHT) and self.back is None:
            self.show_game((self.game + (1 if key == keys.RIGHT else -1)) % len(GAMES))
            return True
        if key == keys.B or key == keys.START:
            if self.back is None:
                self.app.home()
            else:
                self.back()
            return True
        return False

    def tick(self, now):
        return False


def show(app, game, back):
    """Show game's rules (engine.storage game id) from a game; back() returns to it
    (it shows the game's screen again). Returns the viewer."""
    scr = RulesScreen(app, game, back)
    app.show(scr)
    return scr


def start(app, arg=0):
    app.show(RulesScreen(app, arg))
