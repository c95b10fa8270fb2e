# The board-side ui modules under a real MicroPython (stand-ins for displayio,
# terminalio and keypad): a scripted walk through the title menu, a hand row and the
# texts, with the heap they take. Prints "ui_smoke: ok" and heap figures at the end.
import gc
import sys

gc.collect()
base = gc.mem_alloc()

import keypad
from ui import keys
from ui.app import App
from ui.menu import Menu
from ui import sprites, widgets, tinyfont

gc.collect()
code = gc.mem_alloc() - base


class Display:
    root_group = None
    refreshes = 0

    def refresh(self):
        self.refreshes += 1


class Hw:
    quit_requested = False

    def __init__(self):
        self.display = Display()
        self.events = keypad.EventQueue(8)
        self.keys = keys.Keys(self.events)
        self.now = 0
        self.tones = []
        self.nvm = bytearray(8192)

    def ticks_ms(self):
        return self.now

    def tone(self, hz, ms):
        self.tones.append(hz)

    def frame_done(self):
        pass

    def press(self, *ks):
        for k in ks:
            self.events.record(k, True)
            self.events.record(k, False)


hw = Hw()
app = App(hw)
menu = Menu(app)
app.home_screen = menu
app.show(menu)
app.step()
gc.collect()
with_menu = gc.mem_alloc() - base
assert hw.display.refreshes == 1
app.step()
assert hw.display.refreshes == 1, "an idle frame refreshed"
hw.press(keys.DOWN, keys.DOWN)
app.step()
assert menu.cursor == 2 and hw.display.refreshes == 2
menu.set_entries([("Later", "ui.no_such_game", 0)] + menu.entries)
hw.press(keys.A)  # a game whose module is not there
app.step()
assert menu.status.text == "Later: coming soon", menu.status.text
assert app.screen is menu and "ui.no_such_game" not in sys.modules
hw.now += 3000
app.step()
assert "coming soon" not in menu.status.text
assert app.launch("ui.no_such_game") is False

row = widgets.HandRow(y=98)
row.show([51, 50, 46, 42, 37, 36, 34, 25, 21, 20, 12, 8, 0], cursor=0)
assert row.step == sprites.SHOW and row.slot(0).y == 0 and row.slot(1).y == widgets.RAISE
row.set_cursor(1)
assert row.slot(0).y == widgets.RAISE and row.slot(1).y == 0
row.set_style(2, sprites.DIM)
assert row.slot(2).pixel_shader is sprites.palette(46, sprites.DIM)
t = widgets.TextLine("N 3/2", 10, 10, face=tinyfont.font(), chars=8)
t.set("S NIL/0")
assert t.grid[2] == tinyfont.CHARS.index("N")
hw.press(keys.UP, keys.A)  # wraps to Quit
app.run()
assert not app.running
gc.collect()
print("heap: ui code from source %d bytes, with the menu built %d bytes (64-bit MicroPython; "
      "stand-in bitmaps take a byte per pixel)" % (code, with_menu))
print("ui_smoke: ok")
