# B on a hand's end page: the hand's review and par in a VM of its own, from the save
# that hand's end made (ui/spades_hand_review.py start; a match that is over is kept
# for it); back to that end page through play_ended.py. Nothing is written.
from ui.app import App
from ui.hardware_board import Hardware

hw = Hardware()
app = App(hw)
app.play("ui.spades_hand_review", 0)
hw.shutdown()
