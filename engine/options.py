"""The player's options: game rules (RULES.md options), bot levels, sound, speed.

Options are plain attributes holding the values the engines take directly:
    Match(seed, blind_nil=o.blind_nil, bag_penalty=o.bag_penalty, target=o.target,
          blind_nil_behind=o.blind_nil_behind)   (four players; two players take no such rule)
    Spit(seed, spit_match=o.spit_match); Bot(seat, o.level(GAME_SPADES4)); SpitBot(o.level_spit)
FIELDS lists, in storage order, each attribute, its choices (in the order a menu
cycles through them) and its default choice. The saved form is one byte per field:
the index of the value in its choices. Fields are only ever added at the end, so a save
from an older version (the first FIRST_FIELDS bytes) still loads, the newer fields at
their defaults.

    blind_nil    False/True, default True    RULES 1.4 / 2.4 (Double Nil in two-player)
    bag_penalty  False/True, default True    RULES 1.7 sandbagging
    target       200/300/500, default 500    RULES 1.8 / 2.7
    spit_match   "standard"/"points", default "standard"   RULES 3.8
    level_spades4, level_spades2   "easy"/"normal"/"hard", default "normal"
                                   (engine.bots.spades_bot level names)
    level_spit   1..5, default 3   (engine.bots.spit_bot levels)
    sound        False/True, default True
    bot_speed    SLOW/NORMAL/FAST (0/1/2), default NORMAL: how long the UI lets
                 a bot's move show
    hand_sort    SORT_UP/SORT_DOWN (0/1), default SORT_UP: cards grouped by suit,
                 ranks low to high (SORT_UP) or high to low (SORT_DOWN)
    blind_nil_behind  False/True, default False   RULES 1.4: Blind Nil only for a side
                 100 or more points behind (four players)
    trick_wait   800/1500/3000/0 ms, default 1500: how long a finished Spades trick
                 stays on the table (0: until A is pressed)

A saved game keeps its own bot level as one byte: level_byte(game, level) and
level_value(game, byte) convert (options may change before Continue).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SPIT_STANDARD = "standard"
SPIT_POINTS = "points"
SLOW = const(0)
NORMAL = const(1)
FAST = const(2)
SORT_UP = const(0)
SORT_DOWN = const(1)

_SPADES_LEVELS = ("easy", "normal", "hard")
_SPIT_LEVELS = (1, 2, 3, 4, 5)

FIELDS = (
    ("blind_nil", (False, True), 1),
    ("bag_penalty", (False, True), 1),
    ("target", (200, 300, 500), 2),
    ("spit_match", (SPIT_STANDARD, SPIT_POINTS), 0),
    ("level_spades4", _SPADES_LEVELS, 1),
    ("level_spades2", _SPADES_LEVELS, 1),
    ("level_spit", _SPIT_LEVELS, 2),
    ("sound", (False, True), 1),
    ("bot_speed", (SLOW, NORMAL, FAST), 1),
    ("hand_sort", (SORT_UP, SORT_DOWN), 0),
    ("blind_nil_behind", (False, True), 0),
    ("trick_wait", (800, 1500, 3000, 0), 1),
)
FIRST_FIELDS = const(10)  # the fields of the first saved layout: a shorter save is damaged

# bot level attribute and choices per game id (engine.storage.GAME_SPADES4, _SPADES2, _SPIT)
LEVEL_FIELDS = ("level_spades4", "level_spades2", "level_spit")
LEVEL_CHOICES = (_SPADES_LEVELS, _SPADES_LEVELS, _SPIT_LEVELS)


def level_byte(game, level):
    """A bot level as the byte a saved game keeps (storage.save_game's `level`)."""
    return LEVEL_CHOICES[game].index(level)


def level_value(game, b):
    """The bot level a saved game's byte stands for (the default if unknown)."""
    choices = LEVEL_CHOICES[game]
    return choices[b] if 0 <= b < len(choices) else choices[len(choices) // 2]


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
        """Options from to_bytes() output (of this version or an older one, which lacks
        the last fields: they keep their defaults), or None if the bytes do not fit."""
        if data is None or not FIRST_FIELDS <= len(data) <= len(FIELDS):
            return None
        o = cls()
        i = 0
        for name, choices, default in FIELDS:
            if i == len(data):
                break
            k = data[i]
            if k >= len(choices):
                return None
            setattr(o, name, choices[k])
            i += 1
        return o

    def __eq__(self, other):
        return isinstance(other, Options) and self.to_bytes() == other.to_bytes()
