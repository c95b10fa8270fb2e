"""Loading a saved Spades hand (the save format of engine/tricks.py), for
Table.from_bytes only: imported when a save is loaded, so its code is not in the
heap while a match is played.

The head is checked against what play can reach, else ValueError naming the field
(issue 12), and so is each kept hand start (the record replays use); then the hand
is re-dealt from the saved cards and its log replayed through apply(), so every
rule is checked again; a numbered hand's cards must be its number's deal. Version 1
saves (before the record) and 2 (before deal numbers: their record's entries are RNG
states) load with no record and no number for the hand in play.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.lazy import call
from engine.rng import Rng
from engine.tricks import TARGETS

_HEAD = 28  # engine.tricks._HEAD, _OFF, _VERSION, _ENTRY, _KEPT
_HEAD2 = 25  # versions 1 and 2
_OFF = 0x800000
_VERSION = 3
_DEALS = const(1000000)  # engine.tricks's
_NO_NUMBER = const(0xFFFFFF)
_ENTRY = 16
_KEPT = 32


def load(cls, b):
    n = len(b)
    if n < _HEAD2 + cls.deal_size + 2 or b[0] != cls.magic:
        raise ValueError("save: not a saved match of this game")
    s = (sum(b[:-2]) + n - 2) & 0xFFFF
    if b[-2] != s >> 8 or b[-1] != s & 255:
        raise ValueError("save: checksum does not match")
    ver = b[1]
    # options: bits 0, 1 the rules, 2 blind_nil_behind (four players), 3 single (version 3)
    if not 1 <= ver <= _VERSION or b[2] & (255 ^ (3 | (cls.n & 4) | (8 if ver == _VERSION else 0))):
        raise ValueError("save: unknown version or options")
    if ver < _VERSION:  # a head with no number: the hand in play has none, no record
        b = _upgrade(b, ver)
    elif n < _HEAD + cls.deal_size + 3:
        raise ValueError("save: too short")
    target = (b[3] << 8) | b[4]
    if target not in TARGETS:
        raise ValueError("save: target not one of the options (1.8)")
    m = cls(1, b[2] & 1, b[2] & 2, target, False)
    m.blind_nil_behind = (b[2] >> 2) & 1  # before the re-deal: it decides who sees their cards
    m.single = bool(b[2] & 8)
    if b[5] >= m.n:
        raise ValueError("save: bad dealer")
    m.dealer = b[5]
    vals = [(b[6 + 3 * i] << 16) | (b[7 + 3 * i] << 8) | b[8 + 3 * i] for i in range(5)]
    m.hand_no = vals[0]
    m.scores[0] = vals[1] - _OFF
    m.scores[1] = vals[2] - _OFF
    m.bags[0] = vals[3]
    m.bags[1] = vals[4]
    reachable(m)
    number = (b[25] << 16) | (b[26] << 8) | b[27]
    if number != _NO_NUMBER and (number >= _DEALS or number % m.n != m.dealer):
        raise ValueError("save: bad deal number")
    if m.single and (number == _NO_NUMBER or m.hand_no != 1):  # reachable: from 0-0
        raise ValueError("save: a deal played alone is hand 1 of a number")
    end = _HEAD + cls.deal_size
    m.rng.set_state(b[21:25])  # before the deal: the head keeps it
    if number != _NO_NUMBER:  # its cards are the number's
        m._deal(number)
        if m._deal_bytes() != b[_HEAD:end]:
            raise ValueError("save: the cards are not deal %d" % number)
    else:  # an older save: the match's RNG state was also the hand's
        m.hand_rng = Rng()
        m.hand_rng.set_state(b[21:25])
        m._redeal(b[_HEAD:end])
    n = len(b)
    k = b[-3]  # the record of hand starts and its count (engine/tricks.py)
    log_end = n - 3 - k * _ENTRY
    if k > min(_KEPT, m.hand_no) or log_end < end:
        raise ValueError("save: bad record of hand starts")
    m.past = bytearray(b[log_end:-3])
    call("spades_replay", "check", m, k)
    for a in b[end:log_end]:
        m._replay(a)
    out = m.to_bytes()
    if out != b:  # e.g. a NEXT_HAND in the log: never written by to_bytes
        raise ValueError("save: not a save this engine writes")
    return m


def _upgrade(b, ver):
    """A version 1 or 2 save as version 3 writes it: the head with no number, the
    record dropped (a version 2 record keeps RNG states)."""
    end = len(b) - 2
    if ver == 2:
        end -= 1 + b[-3] * _ENTRY
        if end < _HEAD2:
            raise ValueError("save: bad record of hand starts")
    out = bytes((b[0], _VERSION)) + b[2:_HEAD2] + bytes((255, 255, 255)) + b[_HEAD2:end] + b"\x00"
    s = (sum(out) + len(out)) & 0xFFFF
    return out + bytes((s >> 8, s & 255))


def reachable(m):
    """The head of a hand as play can leave it: a hand number from 1, the match not
    yet won (1.8), bags under 10 with the penalty on (1.7), and no more points or bags
    than the hands before this one can give."""
    if m.hand_no < 1:
        raise ValueError("save: hand number 0")
    h = min(m.hand_no - 1, 20000)  # hands played before; keeps the bounds below 2**30
    for side in (0, 1):
        # a hand moves a score by at most 500 (two Blind Nils and a bag penalty)
        if abs(m.scores[side]) > 500 * h:
            raise ValueError("save: scores beyond the hands played")
        if m.bags[side] > (min(9, 13 * h) if m.bag_penalty else 13 * h):
            raise ValueError("save: bags (1.7)")
    if call("scoring", "winner", m.scores, m.target) >= 0:
        raise ValueError("save: scores past the target in a hand (1.8)")
