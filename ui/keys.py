"""The eight PyBadge buttons as key numbers, and the laptop keyboard's map onto them.

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

NAMES = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")

# The keyboard map, one table: (pygame key name, key number). The README's control
# table is checked against it. pygame.key.key_code(name) turns a name into a key code.
KEYBOARD = (
    ("left", LEFT),
    ("right", RIGHT),
    ("up", UP),
    ("down", DOWN),
    ("x", A),
    ("z", B),
    ("return", START),
    ("backspace", SELECT),
    ("right shift", SELECT),
)
# Closes the laptop window (the badge has no such key).
KEYBOARD_QUIT = "escape"


class Keys:
    """Pressed keys, one per poll(), from a `keypad` event queue. One `keypad.Event`
    is allocated here and reused (events.get_into); releases are skipped. An
    overflowed queue is cleared: those presses were too old to act on anyway."""

    def __init__(self, events):
        import keypad

        self.events = events
        self._event = keypad.Event()

    def poll(self):
        """The next pressed key number, or -1 when none is waiting."""
        events = self.events
        if events.overflowed:
            events.clear()
            return -1
        ev = self._event
        while events.get_into(ev):
            if ev.pressed:
                return ev.key_number
        return -1
