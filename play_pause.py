# Continue, with the pause menu open on Why?, in a VM of its own: the Why? page's VM
# (ui/spades_why_page.py) starts this file with supervisor.set_next_code_file() +
# supervisor.reload() when the player goes back; going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("continue", 2)
hw.shutdown()
