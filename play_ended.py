# Continue to a hand's end page, as saved at that hand's end (a match that is over
# too): where the hand's review (play_review.py) goes back to.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("continue", 8)
hw.shutdown()
