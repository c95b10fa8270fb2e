# Four-player Spades in a VM of its own: the title menu (code.py) starts this file with
# supervisor.set_next_code_file() + supervisor.reload(); going home reloads code.py.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("ui.spades_game", 4)
hw.shutdown()
