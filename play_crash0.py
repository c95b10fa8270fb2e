# The crash screen of a game that ran out of memory, in a VM of its own (App.crash starts
# this file with supervisor.set_next_code_file() + supervisor.reload()): its heap is
# whole, so the screen always fits; A goes on to Continue from the last save.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("ui.crash", 0)
hw.shutdown()
