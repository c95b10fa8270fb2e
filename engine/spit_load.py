"""Loading a saved Spit game (Spit.to_bytes), for Spit.from_bytes only: imported
when a save is loaded, so its code is not in the heap while a match is played.

Besides the 52 cards (RULES 4) every field must agree with the others as play
leaves them (issue 12), else ValueError naming the field.
"""
from engine.rng import Rng
from engine.spit import (END_STALEMATE, PH_MATCH_OVER, PH_PLAY, PH_SLAP, PH_SPIT, STANDARD,
                         TARGET)

_VERSION = 1  # engine.spit's _VERSION, _NONE, _CLOCK
_NONE = 255
_CLOCK = 0x3FFFFFFF


def decode(cls, d):
    if len(d) < 35 or d[0] != _VERSION or d[1] > 1 or d[2] > PH_MATCH_OVER:
        raise ValueError("spit: not a Spit save")
    g = object.__new__(cls)  # MicroPython has no cls.__new__
    g.mode = d[1]
    g.phase = d[2]
    g.one_pile = -1 if d[3] == 255 else d[3]
    g.winner = -1 if d[4] == 255 else d[4]
    g.round_no = d[5]
    g.ended = d[6]
    g.took = [d[7], d[8]]
    g.slap_pile = [d[9], d[10]]
    g.scores = [(d[11] << 8) | d[12], (d[13] << 8) | d[14]]
    vals = []
    for i in range(15, 27, 4):
        vals.append((d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3])
    g.clock = vals[0]
    g.slap_t = [vals[1], vals[2]]
    g.rng = Rng(1)
    g.rng.set_state(d[27:31])
    i = 31
    seen = bytearray(52)
    boxes = []
    for _ in range(16):
        n = d[i]
        b = bytearray(d[i + 1:i + 1 + n])
        if len(b) != n:
            raise ValueError("spit: truncated save")
        for c in b:
            if c > 51 or seen[c]:
                raise ValueError("4: a card twice or out of range")
            seen[c] = 1
        boxes.append(b)
        i += 1 + n
    if i != len(d) or sum(seen) != 52:
        raise ValueError("4: not 52 cards")
    g.stock = (boxes[0:5], boxes[8:13])
    g.spit = (boxes[5], boxes[13])
    g.piles = (boxes[6], boxes[14])
    g.hand = (boxes[7], boxes[15])
    for v in (g.one_pile, g.winner):
        if v > 1:
            raise ValueError("spit: bad player")
    for v in g.took + g.slap_pile:
        if v > 1 and v != _NONE:
            raise ValueError("spit: bad pile")
    reachable(g)
    return g


def reachable(g):
    """The fields agree as play leaves them (RULES 3), else ValueError naming the
    field: a save never loads into a state that fails later or offers moves that
    apply() refuses."""
    ph = g.phase
    one = g.one_pile
    spit = g.spit
    piles = g.piles
    took = g.took
    slaps = g.slap_pile
    live = ph <= PH_SLAP  # a round in progress
    first = g.round_no == 1 and live
    s0, s1 = g.scores
    if g.round_no < 1 or g.ended > END_STALEMATE or (g.ended == 0) != (first and ph != PH_SLAP):
        raise ValueError("spit: round number or how the last round ended")
    if g.clock > _CLOCK or g.slap_t[0] > g.clock or g.slap_t[1] > g.clock:
        raise ValueError("spit: clock")
    if (took[0] == took[1] == _NONE) != first or took[0] == took[1] != _NONE:
        raise ValueError("spit: piles taken (3.6)")
    if (g.winner >= 0) != (ph == PH_MATCH_OVER):
        raise ValueError("spit: winner")
    n = (slaps[0] != _NONE) + (slaps[1] != _NONE)  # slaps recorded
    if n > (0 if ph < PH_SLAP else 1 if ph == PH_SLAP else 2) or n == 1 and ph != PH_SLAP:
        raise ValueError("spit: slap outside the end of a round (3.6)")
    for p in (0, 1):
        laid = 0
        for i in range(5):
            n = len(g.stock[p][i])
            if n > i + 1:  # 3.2: place i is dealt i + 1 cards; a move fills only an empty place
                raise ValueError("spit: stockpile size")
            laid += n
        if live and g.hand[p] or not live and (laid or spit[p] or piles[p]):
            raise ValueError("spit: cards held between rounds")
        if ph < PH_SLAP and not laid:
            raise ValueError("spit: stockpiles empty in play (3.6)")
    if one >= 0 and live and (spit[1 - one] or piles[1 - one] or ph == PH_SLAP):
        raise ValueError("spit: one spit pile while both spit (3.7)")
    start = not (piles[0] or piles[1])
    if ph == PH_SPIT and (not (spit[0] or spit[1]) or start and one < 0 and not (spit[0] and spit[1])):
        raise ValueError("spit: nothing to spit (3.3)")
    if (ph == PH_PLAY) != (not start and (g.can_move(0) or g.can_move(1))) and ph <= PH_PLAY:
        raise ValueError("spit: phase and moves disagree (3.5)")
    if ph == PH_SLAP and (start or not (piles[0] and piles[1])):
        raise ValueError("spit: slap without two spit piles (3.6)")
    # 3.8: every round's end scores all 52 cards (points); standard scores nothing
    done = g.round_no - live
    over = (s0 >= TARGET or s1 >= TARGET) and s0 != s1
    if g.mode == STANDARD:
        if s0 or s1 or (ph == PH_MATCH_OVER) != (not live and not (g.hand[0] and g.hand[1])):
            raise ValueError("spit: standard match scores or winner")
        if ph == PH_MATCH_OVER and g.hand[g.winner]:
            raise ValueError("spit: winner")
    elif (g.round_no < 255 and s0 + s1 != 52 * done or over != (ph == PH_MATCH_OVER)
          or over and g.winner != (s1 < s0)):
        raise ValueError("spit: points (3.8)")
