# The Spades pause menu's Why? page in a VM of its own: the table (ui/spades_pause.py)
# starts this file with supervisor.set_next_code_file() + supervisor.reload() from the
# save the pause menu made; back goes to play_pause.py, going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("ui.spades_why_page", 0)
hw.shutdown()
