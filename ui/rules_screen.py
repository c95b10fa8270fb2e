"""The Rules pages (title menu): short rules of each game, a page at a time.
Left/Right: the other games; Up/Down: the previous/next page; B or Start: back.

The text is the games' own (shown in their pause menus too): ui/rules_text.py, which
holds text only, so no game screen comes into the heap here.
"""
from ui import keys
from ui.rules_text import lines as game_lines
from ui.pages import ROWS, TEXT, TextPage

GAMES = ("Spades", "Spades for two", "Spit")


def rules_text(game):
    """The lines of a game's rules (engine.storage game id)."""
    return list(game_lines(game))


class RulesScreen(TextPage):
    def __init__(self, app, game=0):
        super().__init__(app)
        self.lines = ()
        self.page = 0
        self.show_game(game)

    @property
    def pages(self):
        return max(1, (len(self.lines) + ROWS - 1) // ROWS)

    def show_game(self, game):
        self.game = game
        self.lines = rules_text(game)
        self.set_title(GAMES[game] + " rules", arrows=True)
        self.show_page(0)

    def show_page(self, page):
        self.page = page
        first = page * ROWS
        self.set_rows([(line, "", TEXT) for line in self.lines[first:first + ROWS]])
        n = self.pages
        self.set_footer(("Page %d/%d  Up/Down  B: back" % (page + 1, n)) if n > 1 else "B: back")

    def on_key(self, key):
        if key == keys.DOWN or key == keys.UP:
            page = self.page + (1 if key == keys.DOWN else -1)
            if 0 <= page < self.pages:
                self.show_page(page)
                return True
            return False
        if key == keys.LEFT or key == keys.RIGHT:
            self.show_game((self.game + (1 if key == keys.RIGHT else -1)) % len(GAMES))
            return True
        if key == keys.B or key == keys.START:
            self.app.home()
            return True
        return False

    def tick(self, now):
        return False


def start(app, arg=0):
    app.show(RulesScreen(app, arg))
