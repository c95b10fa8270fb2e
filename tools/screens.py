"""`make screens`: render every screen of the UI into build/screens/<name>.png,
headlessly (ui/hardware_laptop.Headless: a bus-less display writing an RGB565
framebuffer), at 1x, plus a 4x copy in build/screens/4x/ for reviewing by eye.

The registry: SCREENS lists (name, "module:function"). The function gets a fresh
`App` on a `Headless` hardware with the title menu as its home screen, and brings the
screen into the state to draw: by showing it (app.show) and/or by pressing keys
(app.hw.press(...) then app.step()), advancing the simulated clock with
app.hw.advance(ms). Whatever is on the display afterwards is saved. To add a screen or
a state, add a line here (functions may live in any module, e.g. tools/screens_spit.py).

    python tools/screens.py [name ...]    only the named ones
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

OUT = os.path.join(ROOT, "build", "screens")

SCREENS = [
    ("menu", "tools.screens:menu"),
    ("sprites", "tools.screens:sprite_sheet"),
    ("fonts", "tools.screens:fonts"),
    ("crash", "tools.screens:crash"),
]
SCREENS += __import__("tools.screens_spades", fromlist=["STATES"]).STATES  # the Spades screens
SCREENS += __import__("tools.screens_spit", None, None, ["SCREENS"]).SCREENS  # Spit states
SCREENS += __import__("tools.screens_pages", None, None, ["SCREENS"]).SCREENS  # menu pages


# ---------------------------------------------------------------- the states

def menu(app):
    app.step()


def crash(app):
    """The crash screen (ui/crash.py) after a MemoryError in a game."""
    app.catch = True
    app.game = "ui.spades_game"

    def boom(now):
        raise MemoryError()

    app.screen.tick = boom
    app.frame()


SAMPLE_HAND = (51, 50, 46, 42, 37, 36, 34, 25, 21, 20, 12, 8, 0)  # AS KS 9S 5S QH JH 9H AD 10D 9D AC 10C 2C


def sprite_sheet(app):
    """A 13-card hand (cursor raised, some cards dimmed as illegal), a trick in the
    middle, a back, an empty place and a hinted card: every look a card can take."""
    import displayio
    from ui import sprites, widgets

    g = displayio.Group()
    g.append(sprites.felt())
    hand = widgets.HandRow(y=98)
    styles = [sprites.NORMAL] * 4 + [sprites.DIM] * 9
    hand.show(SAMPLE_HAND, styles, cursor=1)
    g.append(hand.group)
    for c, x, y in ((9, 70, 4), (23, 40, 32), (30, 100, 32), (49, 70, 60)):
        g.append(sprites.card_grid(c, sprites.NORMAL, x, y))
    g.append(sprites.card_grid(sprites.BACK, sprites.NORMAL, 4, 4))
    g.append(sprites.card_grid(sprites.BACK, sprites.NORMAL, 6, 6))
    g.append(sprites.card_grid(sprites.EMPTY, sprites.NORMAL, 4, 60))
    g.append(sprites.card_grid(44, sprites.HINT, 136, 4))
    g.append(sprites.card_grid(18, sprites.DIM, 136, 60))
    g.append(widgets.TextLine("AS led", 156, 90, 0xFFFFFF, (1, 0)).group)

    app.show(Still(g))
    app.step()


class Still:
    """A screen that only shows a group (for samples of pieces)."""

    def __init__(self, group):
        self.group = group

    def on_key(self, key):
        return False

    def tick(self, now):
        return False


def fonts(app):
    """Both text faces: terminalio (6x12) and ui/tinyfont.py (4x6), with a scoreboard."""
    import displayio
    from ui import sprites, tinyfont, widgets

    g = displayio.Group()
    g.append(sprites.felt())
    tiny = tinyfont.font()
    y = 2
    for text in ("terminalio 6x12: Bid 3 Nil", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789 .:/-+!?%()*<>="):
        g.append(widgets.TextLine(text, 2, y, 0xFFFFFF).group)
        y += 13
    y += 3
    for text in ("TINYFONT 4X6: 40 CHARACTERS ON A LINE.", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                 "0123456789 .:/-+!?%()*<>=,'#", "lower case shows as capitals"):
        g.append(widgets.TextLine(text, 2, y, 0xFFFFFF, face=tiny).group)
        y += 7
    y += 4
    rows = (("", "BID", "TOOK", "SCORE", "BAGS"), ("US", "3+4", "5", "124", "3"), ("THEM", "NIL+2", "6", "-37", "9"))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            color = 0xFFE9A0 if r == 0 or c == 0 else 0xFFFFFF
            g.append(widgets.TextLine(text, 4 + c * 30, y + r * 8, color, face=tiny).group)
    g.append(widgets.TextLine("N:3/1  E:NIL/0  S:4/2  W:2/2 *", 4, y + 28, 0xA8D8B0, face=tiny).group)
    g.append(widgets.TextLine("SPADES BROKEN", 156, y + 36, 0xFF8080, (1, 0), face=tiny).group)
    app.show(Still(g))
    app.step()


# ---------------------------------------------------------------- the runner

def load(target):
    import importlib

    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)


def render(names=None, out=OUT, scale=4):
    """Render the registry (or the named entries); returns the paths written."""
    from ui.app import App
    from ui.hardware_laptop import Headless
    from ui.menu import Menu

    written = []
    for name, target in SCREENS:
        if names and name not in names:
            continue
        hw = Headless()
        try:
            app = App(hw)
            app.home_screen = Menu(app)
            app.show(app.home_screen)
            load(target)(app)
            if app.dirty:
                app.step()
            path = os.path.join(out, name + ".png")
            hw.save_png(path)
            hw.save_png(os.path.join(out, "4x", name + ".png"), scale)
            written.append(path)
            app.unload()
        finally:
            hw.close()
    return written


def main(argv):
    paths = render(argv[1:] or None)
    for p in paths:
        print(os.path.relpath(p, ROOT))
    print("screens: %d written to %s" % (len(paths), os.path.relpath(OUT, ROOT)))
    return 0 if paths else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
