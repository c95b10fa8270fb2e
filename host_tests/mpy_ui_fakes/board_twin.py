# The hardware object the UI gets (ui/app.py's interface), for scripts that run the
# board-side UI under a real MicroPython with the stand-in displayio/keypad beside it.
import keypad
from ui import keys


class Display:
    root_group = None
    refreshes = 0

    def refresh(self):
        self.refreshes += 1


class Pixels:
    def __init__(self):
        self.colors = [0] * 5

    def fill(self, c):
        for i in range(5):
            self.colors[i] = c

    def __setitem__(self, i, c):
        self.colors[i] = c

    def __getitem__(self, i):
        return self.colors[i]


class Hw:
    quit_requested = False

    def __init__(self):
        self.display = Display()
        self.events = keypad.EventQueue(16)
        self.keys = keys.Keys(self.events, self.ticks_ms)
        self.now = 0
        self.tones = 0
        self.pixels = Pixels()
        self.nvm = bytearray(8192)

    def ticks_ms(self):
        return self.now

    def tone(self, hz, ms):
        self.tones += 1

    def frame_done(self, busy=False):
        pass

    def backlight(self, on):
        pass

    def press(self, *ks):
        for k in ks:
            self.events.record(k, True)
            self.events.record(k, False)
