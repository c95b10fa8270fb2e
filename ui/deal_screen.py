"""Deal number (title menu): a deal's number entered a digit at a time, then that
deal played as a single hand from 0-0 against the bots at the chosen level (four or
two players). Friends who play the same number get the same cards (engine/tricks.py)
and compare their results; the hand counts in no statistics.

Up/Down change the digit under the brackets, Left/Right move to another digit, Select
switches four or two players, A plays, B or Start go back to the menu. A starts the
deal as a new match does (its first save: numbered) and goes on as Continue: on the
badge in a fresh VM.
"""
from ui import keys
from ui.pages import DIM, HEAD, TEXT, TextPage

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

DIGITS = const(6)  # deal numbers 0..999,999 (engine/tricks.py)
FOOTER = "A: play   B: back"


class DealScreen(TextPage):
    def __init__(self, app, players=4):
        super().__init__(app)
        self.digits = bytearray(DIGITS)
        self.at = 0
        self.players = players
        self.set_title("Deal number")
        self.set_footer(FOOTER)
        self.show()

    @property
    def number(self):
        n = 0
        for d in self.digits:
            n = n * 10 + d
        return n

    def show(self):
        shown = ""
        for i in range(DIGITS):
            d = chr(48 + self.digits[i])
            shown += "[" + d + "]" if i == self.at else d
        self.set_rows([
            ("Deal", shown, HEAD),
            ("Players", "%d" % self.players, TEXT),
            ("", "", TEXT),
            ("Up/Down: the digit", "", DIM),
            ("Left/Right: another digit", "", DIM),
            ("Select: 4 or 2 players", "", DIM),
            ("One hand from 0-0, with", "", DIM),
            ("no statistics kept", "", DIM),
        ])

    def on_key(self, key):
        if key == keys.UP or key == keys.DOWN:
            step = 1 if key == keys.UP else 9
            self.digits[self.at] = (self.digits[self.at] + step) % 10
        elif key == keys.LEFT or key == keys.RIGHT:
            self.at = (self.at + (1 if key == keys.RIGHT else DIGITS - 1)) % DIGITS
        elif key == keys.SELECT:
            self.players = 6 - self.players
        elif key == keys.A:
            numbered(self.app, self.players, self.number)
            return True
        elif key == keys.B or key == keys.START:
            self.app.home()
            return True
        else:
            return False
        self.show()
        return True

    def tick(self, now):
        return False


def start(app, arg=4):
    app.show(DealScreen(app, arg))


def numbered(app, players, number):
    """Deal `number` alone, from 0-0: made and saved as a new match is (its save takes
    the place of any saved game), then played as Continue plays a save: on the badge in
    a fresh VM, the menu and this screen out of its heap."""
    from engine import options
    from ui.spades_game import _new
    m, game, st, opts, stats = _new(app, players, number)
    st.save_game(game, options.level_byte(game, opts.level(game)), m.to_bytes())
    app.resume_saved()


def over(number, winner):
    """The words of a numbered deal's end page (ui/spades_hand_end.py match_over), here
    so that no match's end interns them: its title and last row."""
    result = "a tie" if winner < 0 else "you lose" if winner else "you win"
    return "Deal %d: %s" % (number, result), "One hand, not counted"
