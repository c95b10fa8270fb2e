"""What only the table knows, kept in its save after the match's bytes, so that a fresh
VM (the next hand, or the play after the pause menu's pages: App.go_on_fresh) and
Continue show the table as it was: each bot's reasons for its last bid and card (Why?)
and your last bid (where the picker starts). The score history needs nothing: the
match keeps its hands (its page rebuilds the rows).

    the match's bytes, the reasons (108 bytes), your bid, _MARK

Imported at save points and at Continue only. A save without them (a new match's, or
an older one) is the match's bytes alone: split() gives None for the rest."""
from array import array

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_MARK = const(0xE7)
_KEPT = const(110)  # Table.why (54 signed 16-bit slots), the bid, the mark


def blob(t):
    return t.m.to_bytes() + bytes(t.why) + bytes((t.bid & 255, _MARK))


def split(b):
    """(the match's bytes, the rest or None)."""
    n = len(b)
    if n <= _KEPT or b[-1] != _MARK:
        return b, None
    return b[:n - _KEPT], b[n - _KEPT:]


def restore(t, kept):
    w = array("h", kept[:_KEPT - 2])
    for i in range(len(w)):
        t.why[i] = w[i]
    b = kept[-2]
    if 0 < b <= 13:
        t.bid = b
