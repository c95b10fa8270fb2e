"""What only the table knows, kept in its save after the match's bytes, so that a fresh
VM (the next hand, or the play after the pause menu's pages: App.go_on_fresh) and
Continue show the table as it was: each bot's reasons for its last bid and card (Why?)
and your last bid (where the picker starts). The score history needs nothing: the
match keeps its hands (its page rebuilds the rows).

    the match's bytes, the reasons (108 bytes), your bid, _MARK

A save made during a replay (the pause menu opened in it, ui/spades_replay.py) keeps
the replay after the match as the replay began it, so its pages and hint go on in VMs
of their own as the match's do:

    the match's bytes, the replay's (its hand number is the hand replayed), their
    length (2 bytes), 1 if the match was dealt ahead, the reasons, your bid, _REPLAY

Imported at save points and at Continue only. A save without them (a new match's, or
an older one) is the match's bytes alone: split() gives None for the rest."""
from array import array

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_MARK = const(0xE7)
_REPLAY = const(0xE8)  # the mark of a save made during a replay
_KEPT = const(110)  # Table.why (54 signed 16-bit slots), the bid, the mark


def blob(t):
    """The save of table t: its match (of a replay, the match it replays, and the replay
    after it) and what only the table knows."""
    rp = getattr(t, "replaying", None)
    if rp is None:
        return t.m.to_bytes() + bytes(t.why) + bytes((t.bid & 255, _MARK))
    r = t.m.to_bytes()
    n = len(r)
    ahead = 1 if getattr(t, "dealt_ahead", False) else 0
    return (rp[0] + r + bytes((n >> 8, n & 255, ahead)) + bytes(t.why) +
            bytes((t.bid & 255, _REPLAY)))


def split(b):
    """(the match's bytes, the rest or None, the replay or None): the replay is (its
    bytes, 1 if the match was dealt ahead)."""
    n = len(b)
    if n <= _KEPT or (b[-1] != _MARK and b[-1] != _REPLAY):
        return b, None, None
    rest = b[n - _KEPT:]
    if b[-1] == _MARK:
        return b[:n - _KEPT], rest, None
    e = n - _KEPT - 3
    k = (b[e] << 8) | b[e + 1] if e >= 0 else n
    if k >= e:
        return b, None, None
    return b[:e - k], rest, (b[e - k:e], b[e + 2])


def restore(t, kept):
    w = array("h", kept[:_KEPT - 2])
    for i in range(len(w)):
        t.why[i] = w[i]
    b = kept[-2]
    if 0 < b <= 13:
        t.bid = b
