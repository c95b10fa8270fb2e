# Continue, with the pause menu open, in a VM of its own: the Spades table
# (ui/spades_pause.py) starts this file with supervisor.set_next_code_file() +
# supervisor.reload() from the save Start made; going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("continue", 3)
hw.shutdown()
