# A replay's play after its pause menu, in a VM of its own: the table (ui/spades_pause.py)
# starts this file with supervisor.set_next_code_file() + supervisor.reload() from the
# save the pause menu made during the replay, which keeps the replay after the match
# (ui/spades_keep.py); going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("continue", 7)
hw.shutdown()
