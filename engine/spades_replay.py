"""Replaying a hand of a Spades match (four or two players). The record of hand
starts (m.past, engine/tricks.py) is kept by whoever drives the match with
engine/spades_record.py: first(m) right after Match(seed), next_hand(m) in
place of m.apply(NEXT_HAND). Then replay(m, k) deals hand k of m again in a new Match, result(m, k) gives the points
each side scored in it, history(m) the score after each kept hand; the loader
checks the record with check(). Imported only while one of them runs
(engine.lazy.call): none of it is in the heap during play.

A record whose last entry does not deal the hand in play (a NEXT_HAND applied
without next_hand) is not used: its hands are "no longer kept", never dealt wrong.

RULES 4: the same deal number deals the same cards, so an entry (the number, the
scores and bags) gives the very hand; the dealer moves on one seat a hand (1.2; two
players: the first player alternates, 2.2), and is the number's remainder by the seats.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.rng import small
from engine.tricks import IllegalAction, HAND_OVER, MATCH_OVER

_OFF = 0x800000  # engine.tricks._OFF: scores in the save head are offset by 2**23
_ENTRY = 16  # engine.spades_record.ENTRY, not imported: the record stays out of the heap
_DEALS = const(1000000)  # engine.tricks's deal numbers


def number(e):
    """The deal number of an entry."""
    return (e[0] << 24) | (e[1] << 16) | (e[2] << 8) | e[3]


def _current(m):
    """True when the record's last entry deals the hand in play: the same number,
    scores and bags."""
    e = m.past[-_ENTRY:]
    return len(e) == _ENTRY and e[4:] == m._saved[9:21] and number(e) == m.number


def played(m):
    """The last hand played to its end: this one once it is over, else the one before."""
    return m.hand_no if m.phase in (HAND_OVER, MATCH_OVER) else m.hand_no - 1


def start(m, k):
    """Hand k's entry in m.past (the current hand is the last), or None if not kept."""
    i = len(m.past) - (m.hand_no - k + 1) * _ENTRY
    if i < 0 or k > m.hand_no or not _current(m):
        return None
    return m.past[i:i + _ENTRY]


def unpack(e, at=4):
    """[score 0, score 1, bags 0, bags 1] of an entry (or of a save head, at=9): 3
    bytes each, high first, the scores offset by 2**23."""
    v = [(e[i] << 16) | (e[i + 1] << 8) | e[i + 2] for i in range(at, at + 12, 3)]
    v[0] -= _OFF
    v[1] -= _OFF
    return v


def dealt(m, k, e, deal=True):
    """A new Match at the start of hand k of m from its entry e (dealt unless `deal`
    is False): the same options, scores, bags and dealer, the same cards."""
    r = type(m)(1, m.blind_nil, m.bag_penalty, m.target, False)
    r.blind_nil_behind = m.blind_nil_behind
    r.single = m.single  # a deal played alone is replayed alone
    r.hand_no = k
    r.dealer = (m.dealer - m.hand_no + k) % m.n  # 1.2, 2.2: one seat a hand
    v = unpack(e)
    r.scores = [v[0], v[1]]
    r.bags = [v[2], v[3]]
    n = number(e)
    if n >= _DEALS or n % r.n != r.dealer:
        raise ValueError("save: bad deal number in the record")
    if deal:
        r._deal(n)
    return r


def replay(m, k):
    """Hand k of m dealt again in a new Match: the same scores, bags, dealer and
    options, bidding and play to do; its replay_of is k (a match has none). Its
    result counts nowhere. Only a hand played to its end and still kept can be
    replayed; anything else raises IllegalAction and changes nothing. A hand is
    dealt from its entry in m.past (no loader in the heap); the hand just played,
    when the record does not deal it, from its own saved head and cards."""
    if not small(k, 1, played(m)):
        if small(k, 1, m.hand_no):
            raise IllegalAction("4: hand %d is still being played" % k)
        raise IllegalAction("4: no hand %r played yet to replay" % (k,))
    e = start(m, k)
    if e is not None:
        r = dealt(m, k, e)
    elif k == m.hand_no:  # no record that deals it: a save of its start, head and cards
        r = again(m)
    else:
        raise IllegalAction("4: hand %d is no longer kept" % k)
    if e is not None:
        r.past = e  # its own start: a replay of it deals it again
    r.replay_of = k
    return r


def again(m):
    """The hand in play of m as it was dealt, from its saved head and cards (a new
    Match: no record, nothing played)."""
    b = m._saved + b"\x00"
    s = (sum(b) + len(b)) & 0xFFFF
    return type(m).from_bytes(b + bytes((s >> 8, s & 255)))


def result(m, k):
    """(side 0's points, side 1's points) scored in hand k, a hand played to its end
    and kept (1.7, 2.6: what the scores moved by, bag penalties included)."""
    if not small(k, 1, played(m)):
        raise IllegalAction("4: no result for hand %r" % (k,))
    if k == m.hand_no:  # from this hand's saved head: the scores as it began
        a = unpack(m._saved, 9)
        b = m.scores
    else:
        e = start(m, k)  # start() checks the whole record (a shuffle): not twice for k
        if e is None:
            raise IllegalAction("4: hand %d is no longer kept" % k)
        a = unpack(e)
        b = unpack(start(m, k + 1))
    return b[0] - a[0], b[1] - a[1]


def history(m):
    """(hand number, side 0's score, side 1's score, its deal number) after each kept
    hand played to its end: the score history of a resumed match."""
    out = []
    last = played(m)
    if not _current(m):
        return out
    # hand k's end is hand k + 1's start (read here: start() checks the record each time)
    n = len(m.past)
    for k in range(m.hand_no - n // _ENTRY + 1, last + 1):
        if k == m.hand_no:
            s = m.scores
        else:
            i = n - (m.hand_no - k) * _ENTRY
            s = unpack(m.past[i:i + _ENTRY])
        j = n - (m.hand_no - k + 1) * _ENTRY
        out.append((k, s[0], s[1], number(m.past[j:j + _ENTRY])))
    return out


def check(m, k):
    """The loader's check of the k kept hand starts: each reachable for its hand
    number (engine/spades_load.py reachable), with a deal number of its dealer, so a
    replay of one is a hand play can reach. (This hand replays from its head.)"""
    from engine.spades_load import reachable
    for i in range(k):
        h = m.hand_no - k + 1 + i
        p = dealt(m, h, m.past[i * _ENTRY:(i + 1) * _ENTRY], False)  # its number checked
        reachable(p)
