"""The screen a crash leaves the player on (App.crash, after the game's objects and,
on the badge, its code have let go): one line saying what went wrong, that the game resumes at its last
save, and "A: continue". On the badge A starts Continue in a fresh VM
(supervisor.set_next_code_file + reload, as the title menu starts a game), or the title
menu when the crash was not in a game; on a laptop Continue runs in this process.
Nothing is saved from here: the save the last save point made is what Continue finds,
and nvm is not written."""
import displayio

from ui import keys
from ui.widgets import TextLine

_WIDTH = 26  # characters of terminalio on the 160-pixel screen


def what(e):
    """What went wrong, in one line."""
    if isinstance(e, MemoryError):
        return "Out of memory"
    msg = str(e)
    name = type(e).__name__
    return (name + ": " + msg if msg else name)[:_WIDTH]


class Crash:
    def __init__(self, app, line, in_game):
        self.app = app
        self.in_game = in_game
        self.group = g = displayio.Group()
        self.lines = []
        for y, text, color in ((10, "Something went wrong:", 0xFFC040), (26, line, 0xFFFFFF),
                               (54, "The game resumes at", 0xC0C0C0), (68, "its last save.", 0xC0C0C0),
                               (100, "A: continue", 0x60FF60)):
            line = TextLine(text, x=80, y=y, anchor=(0.5, 0), color=color)
            self.lines.append(line)
            g.append(line.group)

    def on_key(self, k):
        if k != keys.A:
            return False
        app = self.app
        app.crashed = False
        if app.fresh_vm:
            app._reload("play_continue.py" if self.in_game and app.game_vm else None)
        elif self.in_game:
            app.resume_saved()
        else:
            app.home()
        return True

    def tick(self, now):
        return False


def let_go(app):
    """What App.crash left of the game leaves too: on the badge it has let go of every
    module of engine/ and ui/ but the app's, the hardware's and the widgets' (a
    MemoryError may have left almost nothing); on a laptop the game's modules go, as
    going home lets them go. Nothing is saved and no screen's leave() runs."""
    import gc
    if app.home_module is not None:
        app.home_screen = None  # built again when the player comes home
    if app._before is not None:
        app.unload()
    app.hw.display.root_group = displayio.Group()
    gc.collect()


def show(app, e, in_game):
    """The crash screen for exception `e` (App.crash); in_game: it struck in a game."""
    let_go(app)
    line = what(e)
    app.show(Crash(app, line, in_game))
    print("crash:", line)  # the console's line, also where the board has no traceback module
    try:  # on the serial console (the badge) or the terminal (a laptop), not the screen
        import traceback  # CircuitPython's sys has no print_exception; its traceback takes e alone
        traceback.print_exception(e)
    except Exception:
        pass


def start(app, arg=0):
    """play_crash0.py: the crash screen of a game that ran out of memory (App.crash), in a
    fresh VM; A goes on to Continue."""
    line = what(MemoryError())
    app.show(Crash(app, line, True))
    print("crash:", line)  # the console's line, as show() prints it
