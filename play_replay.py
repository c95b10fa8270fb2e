# Continue, then the replay of the hand just ended, in a VM of its own: Select on a hand's
# end page (ui/spades_hand_end.py) starts this file with supervisor.set_next_code_file() +
# supervisor.reload() from the save that hand's end made; going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("continue", 4)
hw.shutdown()
