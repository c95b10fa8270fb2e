"""The eight PyBadge buttons as key numbers (the laptop keyboard's map onto them, and
their names, are in ui/hardware_laptop.py: the badge does not carry them).

Key numbers are the order `keypad.ShiftRegisterKeys` reports them on the PyBadge
(PLATFORM.md): 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

B = const(0)
A = const(1)
START = const(2)
SELECT = const(3)
RIGHT = const(4)
DOWN = const(5)
UP = const(6)
LEFT = const(7)
COUNT = const(8)

# Holding a direction repeats it: first after REPEAT_DELAY ms, then every REPEAT_EVERY ms
REPEAT_DELAY = const(400)
REPEAT_EVERY = const(120)
_REPEATS = const(0xF0)  # one bit per key number: Right, Down, Up, Left repeat
_TICKS_MASK = const(0x1FFFFFFF)  # the badge's ticks_ms() wraps at 2**29
_TICKS_HALF = const(0x10000000)


class Keys:
    """Pressed keys, one per poll(), from a `keypad` event queue. One `keypad.Event`
    is allocated here and reused (events.get_into). A press of Left/Right/Up/Down is
    held until its release event: while held, poll() gives it again after REPEAT_DELAY
    ms and then every REPEAT_EVERY ms, at most once a frame (App.step polls until -1).
    `repeated` says whether the last key given was such a repeat. `clock` gives
    milliseconds (hw.ticks_ms); without one nothing repeats. An overflowed queue is
    cleared and ends any repeat: those events were too old to act on, and a release
    may be among them."""

    def __init__(self, events, clock=None):
        import keypad

        self.events = events
        self._event = keypad.Event()
        self._clock = clock
        self.held = -1  # the direction key repeating now, or -1
        self._due = 0  # clock time of its next repeat
        self.repeated = False

    def poll(self):
        """The next pressed (or repeating) key number, or -1 when none is waiting."""
        events = self.events
        if events.overflowed:
            events.clear()
            self.held = -1
            return -1
        ev = self._event
        while events.get_into(ev):
            k = ev.key_number
            if ev.pressed:
                self.repeated = False
                if (_REPEATS >> k) & 1 and self._clock is not None:
                    self.held = k
                    self._due = (self._clock() + REPEAT_DELAY) & _TICKS_MASK
                return k
            if k == self.held:
                self.held = -1
        k = self.held
        if k >= 0:
            now = self._clock()
            if ((now - self._due) & _TICKS_MASK) < _TICKS_HALF:
                self._due = (now + REPEAT_EVERY) & _TICKS_MASK  # no catching up after a slow frame
                self.repeated = True
                return k
        return -1

    def stops(self, cursor, step, count):
        """True when the key just given is a repeat that would carry a list's cursor
        past either end: a press wraps around, a held key stops at the ends."""
        i = cursor + step
        return self.repeated and (i < 0 or i >= count)

    def release_all(self):
        """Forget the held key (the window lost the keyboard: its release may never come)."""
        self.held = -1
