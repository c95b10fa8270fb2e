# Pocket Cards on the PyBadge: the title menu, then the chosen game (ui/app.py).
import sys

# Only on the badge: on a laptop with this folder on sys.path, `import code` (pdb does
# it) finds this file instead of the standard library's and must get an empty module.
if sys.implementation.name == "circuitpython":
    from ui.app import App
    from ui.hardware_board import Hardware

    hw = Hardware()
    app = App(hw)
    app.fresh_vm = True  # each game in a fresh VM (play_*.py), the menu gone from it
    app.run(home_module="ui.menu")  # and out of the heap while a page of its own runs
    hw.shutdown()
