# Stand-in for the PyBadge's board module on the board VM: the pins as plain numbers
# and a DISPLAY that keeps its root group and counts refreshes (nothing is drawn).
BUTTON_CLOCK = 1
BUTTON_OUT = 2
BUTTON_LATCH = 3
NEOPIXEL = 4
SPEAKER = 5
SPEAKER_ENABLE = 6


class _Display:
    root_group = None
    auto_refresh = True
    refreshes = 0
    brightness = 1.0  # the backlight (ui/hardware_board.py dims it)

    def refresh(self):
        self.refreshes += 1
        return True


DISPLAY = _Display()
