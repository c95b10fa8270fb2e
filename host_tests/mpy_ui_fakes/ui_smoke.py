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


from board_twin import Hw

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

# a held direction repeats, and reading it allocates nothing frame after frame
hw.events.record(keys.DOWN, True)
assert hw.keys.poll() == keys.DOWN
repeats = 0
gc.collect()
before = gc.mem_alloc()
for _ in range(200):
    hw.now += 16
    k = hw.keys.poll()
    while k >= 0:
        repeats += 1
        k = hw.keys.poll()
grew = gc.mem_alloc() - before
assert grew == 0, "key repeat allocated %d bytes" % grew
assert repeats == 1 + (200 * 16 - keys.REPEAT_DELAY) // (keys.REPEAT_EVERY + 8), repeats
hw.events.record(keys.DOWN, False)
hw.now += 1000
assert hw.keys.poll() == -1

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
# the menu's pages: options (saved once on leaving), statistics reset, rules
menu.set_entries(menu.entries[1:])  # without "Later"
labels = [e[0] for e in menu.entries]


def choose(label):
    i = labels.index(label)
    while menu.cursor != i:
        hw.press(keys.DOWN)
        app.step()
    hw.press(keys.A)
    app.step()
    return app.screen


w0 = app.storage.writes
scr = choose("Options")
hw.press(keys.DOWN, keys.DOWN, keys.DOWN, keys.RIGHT)  # target 500 -> 200
app.step()
assert app.options.target == 200, app.options.target
assert scr.list.lines[3].text == "%-16s%8s" % ("Target", "200"), scr.list.lines[3].text
assert scr.help[0].text.startswith("First to 200"), scr.help[0].text
hw.press(keys.B)
app.step()
assert app.screen is menu and app.storage.writes == w0 + 1
scr = choose("Statistics")
hw.press(keys.A)
app.step()
assert scr.footer.text == "Press A again to reset"
hw.press(keys.A, keys.LEFT)
app.step()
assert scr.title.text == "Stats: Spit", scr.title.text
hw.press(keys.B)
app.step()
scr = choose("Rules")
hw.press(keys.DOWN, keys.RIGHT)
app.step()
assert scr.title.text == "Spades for two rules" and scr.left[0].text
hw.press(keys.RIGHT)  # the rules text only: no game screen comes into the heap
app.step()
assert scr.title.text == "Spit rules" and scr.left[0].text
for m in ("ui.spit_screen", "ui.spades_table", "ui.spades_pages"):
    assert m not in sys.modules, m
hw.press(keys.B)
app.step()
assert app.screen is menu and "ui.rules_text" not in sys.modules and "ui.rules_screen" not in sys.modules
gc.collect()
app.storage.save_game(1, 1, b"junk")  # a save the game refuses: told once, never a crash
app.show(menu)
assert menu.entries[0][0] == "Continue"
hw.press(keys.A)
app.step()
assert app.screen is menu and menu.noticing and menu.entries[0][0] != "Continue"
hw.press(keys.A)
app.step()
assert not menu.noticing

hw.press(keys.UP, keys.A)  # wraps to Quit
app.run()
assert not app.running
gc.collect()
print("heap: ui code from source %d bytes, with the menu built %d bytes (64-bit MicroPython; "
      "stand-in bitmaps take a byte per pixel)" % (code, with_menu))
print("ui_smoke: ok")
