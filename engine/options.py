"""The player's options: game rules (RULES.md options), bot levels, sound, speed.

Options are plain attributes. FIELDS lists, in storage order, each attribute, its
choices (in the order a menu cycles through them) and the default choice. The saved
form is one byte per field: the index of the value in its choices.

    blind_nil    0/1, default 1          RULES 1.4 / 2.4 (Double Nil in two-player)
    bag_penalty  0/1, default 1          RULES 1.7 sandbagging
    target       200/300/500, def. 500   RULES 1.8 / 2.7
    spit_match   SPIT_STANDARD/SPIT_POINTS, default standard   RULES 3.8
    level_spades4, level_spades2, level_spit   EASY/MEDIUM/HARD, default MEDIUM
    sound        0/1, default 1
    bot_speed    SLOW/NORMAL/FAST, default NORMAL
    hand_sort    SORT_UP/SORT_DOWN, default SORT_UP: cards grouped by suit, ranks
                 low to high (SORT_UP) or high to low (SORT_DOWN)
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SPIT_STANDARD = const(0)
SPIT_POINTS = const(1)
EASY = const(0)
MEDIUM = const(1)
HARD = const(2)
SLOW = const(0)
NORMAL = const(1)
FAST = const(2)
SORT_UP = const(0)
SORT_DOWN = const(1)

FIELDS = (
    ("blind_nil", (0, 1), 1),
    ("bag_penalty", (0, 1), 1),
    ("target", (200, 300, 500), 2),
    ("spit_match", (0, 1), 0),
    ("level_spades4", (0, 1, 2), 1),
    ("level_spades2", (0, 1, 2), 1),
    ("level_spit", (0, 1, 2), 1),
    ("sound", (0, 1), 1),
    ("bot_speed", (0, 1, 2), 1),
    ("hand_sort", (0, 1), 0),
)

# bot level attribute per game id (engine.storage.GAME_SPADES4, _SPADES2, _SPIT)
LEVEL_FIELDS = ("level_spades4", "level_spades2", "level_spit")


class Options:
    def __init__(self):
        for name, choices, default in FIELDS:
            setattr(self, name, choices[default])

    def level(self, game):
        return getattr(self, LEVEL_FIELDS[game])

    def set_level(self, game, level):
        setattr(self, LEVEL_FIELDS[game], level)

    def cycle(self, name, step=1):
        """Move `name` to its next (step 1) or previous (step -1) choice; returns it."""
        for field, choices, default in FIELDS:
            if field == name:
                i = choices.index(getattr(self, name)) if getattr(self, name) in choices else default
                v = choices[(i + step) % len(choices)]
                setattr(self, name, v)
                return v
        raise ValueError("options: no field " + name)

    def to_bytes(self):
        """One byte per field; ValueError if a value is not one of its choices."""
        out = bytearray(len(FIELDS))
        i = 0
        for name, choices, default in FIELDS:
            v = getattr(self, name)
            if v not in choices:
                raise ValueError("options: %s=%r is not one of %r" % (name, v, choices))
            out[i] = choices.index(v)
            i += 1
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Options from to_bytes() output, or None if the bytes do not fit."""
        if data is None or len(data) != len(FIELDS):
            return None
        o = cls()
        i = 0
        for name, choices, default in FIELDS:
            k = data[i]
            if k >= len(choices):
                return None
            setattr(o, name, choices[k])
            i += 1
        return o

    def __eq__(self, other):
        return isinstance(other, Options) and self.to_bytes() == other.to_bytes()
