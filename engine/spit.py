"""Spit (Speed, Slam): two players in real time, RULES.md section 3.

Time: every action carries a time in milliseconds supplied by the caller (the engine has
no clock of its own). Actions must come in time order (a time earlier than the last
applied action raises). Two moves aimed at one spit pile: the one applied first (the
earlier time) lands; the later one finds a new top and is VOID (3.4).

Players 0 and 1. Spit pile k is player k's own spit pile (3.3); in a one-pile round
(3.7) only the spitting player's pile is in use (`one_pile` = its index, else -1).

Actions (small ints; `apply(action, player, t_ms)`):
- PLAY:  (place << 7) | (pile << 6) | seen   place 0..4, pile 0..1, seen = the card on
         top of that spit pile when the move was decided (0..51).  Values 0..627.
         Lands if the card fits the pile's top when it lands; VOID if it fitted `seen`
         but the pile has changed since (another card landed first: 3.4); an error if
         it never fitted or `seen` was never on that pile.
- MOVE:  MOVE + (place << 3) + empty   move the top card of `place` (2+ cards) into the
         empty place `empty` (3.4).  Values 640..676.
- SPIT = 704: both players turn their next spit card (3.3, 3.5); one call for both.
- SLAP + k = 705/706: slap spit pile k (3.6). The round is settled once both slapped:
  the earlier time takes the pile both aimed at.
- NEXT_ROUND = 708: gather, shuffle and lay out again (3.6, 3.7).

apply() returns DONE (1) or VOID (0); an illegal action raises IllegalAction (a
ValueError) naming the RULES section, with the state unchanged.

Phases: PH_SPIT (waiting for "Spit!": at round start, or in stalemate: `stalemate()`;
3.3/3.5), PH_PLAY, PH_SLAP (both must slap, 3.6), PH_ROUND_OVER (NEXT_ROUND lays out;
`took`, `ended` tell how the round went), PH_MATCH_OVER (`winner` set).
Option spit_match: 'standard' (no cards left wins) or 'points' (`scores`, to 100, 3.8).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.rng import Rng, small

SPIT = const(704)
SLAP = const(705)
NEXT_ROUND = const(708)
MOVE = const(640)
VOID = const(0)
DONE = const(1)

PH_SPIT = const(0)
PH_PLAY = const(1)
PH_SLAP = const(2)
PH_ROUND_OVER = const(3)
PH_MATCH_OVER = const(4)

STANDARD = const(0)
POINTS = const(1)
TARGET = const(100)  # 3.8 points
_NONE = const(255)
_VERSION = const(1)
_CLOCK = const(0x3FFFFFFF)  # times are ints 0..2**30-1 ms (12 days): never a big int

# End of the last round, for the screen: how it ended
END_EMPTY = const(1)  # a player played every stockpile card (3.6)
END_STALEMATE = const(2)  # no moves and no spit cards (3.5)


class IllegalAction(ValueError):
    pass


def _player(p):
    if not small(p, 0, 1):
        raise IllegalAction("3.1: two players, 0 and 1")


def play(place, pile, seen):
    return (place << 7) | (pile << 6) | seen


def move(place, empty):
    return MOVE + (place << 3) + empty


def adjacent(a, b):
    """3.1: ranks one apart, circular (A links K and 2)."""
    d = a % 13 - b % 13
    return d == 1 or d == -1 or d == 12 or d == -12


def take_top(b):
    """Remove and return the top (last) card of a bytearray (MicroPython's has no pop)."""
    n = len(b) - 1
    c = b[n]
    b[n:] = b""
    return c


def deal_rows(cards, places):
    """3.2/3.7: deal stockpiles row by row (5, 4, 3, 2, 1 cards) while cards last.
    `cards` is consumed from the end; returns how many were laid."""
    n = 0
    for row in range(5):
        for i in range(row, 5):
            if not cards:
                return n
            places[i].append(take_top(cards))
            n += 1
    return n


class View:
    """What one player may see (observation): face-up cards and counts only."""

    def __init__(self):
        self.me = 0
        self.phase = 0
        self.one_pile = -1
        self.tops = [-1] * 5  # my stockpile tops (-1: empty place)
        self.counts = [0] * 5
        self.opp_tops = [-1] * 5
        self.opp_counts = [0] * 5
        self.pile_tops = [-1, -1]  # spit piles, -1 empty / not in use
        self.pile_counts = [0, 0]
        self.spit_counts = [0, 0]  # face-down spit cards per player
        self.held = [0, 0]  # cards held between rounds / total per player
        self.scores = [0, 0]
        self.slapped = False
        self.took = [255, 255]  # last round end: the pile each took (255: none)
        self.ended = 0  # END_EMPTY / END_STALEMATE of the last round
        self.stalemate = False
        self.round_no = 0
        self.winner = -1
        self.clock = 0


class Spit:
    def __init__(self, seed=1, spit_match="standard"):
        if spit_match not in ("standard", "points"):
            raise ValueError("3.8: spit_match is 'standard' or 'points'")
        if not small(seed, 0, _CLOCK):
            raise ValueError("4: the seed is an int 0..2**30-1")
        self.mode = POINTS if spit_match == "points" else STANDARD
        self.rng = Rng(seed)
        self.stock = ([bytearray() for _ in range(5)], [bytearray() for _ in range(5)])
        self.spit = (bytearray(), bytearray())  # face-down spit cards, top = last
        self.piles = (bytearray(), bytearray())  # spit piles, top = last
        self.hand = (bytearray(), bytearray())  # cards held between rounds
        self.scores = [0, 0]
        self.slap_pile = [_NONE, _NONE]
        self.slap_t = [0, 0]
        self.took = [_NONE, _NONE]  # pile each took at the last round end
        self.ended = 0  # END_* of the last round
        self.one_pile = -1
        self.winner = -1
        self.clock = 0
        self.round_no = 0
        self._split()
        self._lay_out()

    # ---- setup -------------------------------------------------------------
    def _split(self):
        """3.2: shuffle and split 26/26."""
        deck = bytearray(range(52))
        self.rng.shuffle(deck)
        self.hand[0][:] = deck[:26]
        self.hand[1][:] = deck[26:]

    def _lay_out(self):
        """3.2/3.6/3.7: shuffle each player's cards, deal stockpiles, rest are spit."""
        self.round_no += 1
        for p in (0, 1):
            h = self.hand[p]
            self.rng.shuffle(h)
            deal_rows(h, self.stock[p])
            self.spit[p][:] = h
            h[:] = b""
        # 3.7: a player without spit cards (15 or fewer cards) does not spit
        if not self.spit[0]:
            self.one_pile = 1
        elif not self.spit[1]:
            self.one_pile = 0
        else:
            self.one_pile = -1
        self.slap_pile[0] = self.slap_pile[1] = _NONE
        self.phase = PH_SPIT

    # ---- queries -----------------------------------------------------------
    def stalemate(self):
        """3.5: PH_SPIT after play began (round start has empty spit piles)."""
        return self.phase == PH_SPIT and (len(self.piles[0]) + len(self.piles[1])) > 0

    def pile_in_use(self, k):
        return self.one_pile < 0 or self.one_pile == k

    def can_move(self, p):
        """3.5: a card fits a spit pile, or an empty place plus a pile of 2+."""
        _player(p)
        empty = False
        tall = False
        piles = self.piles
        for s in self.stock[p]:
            n = len(s)
            if not n:
                empty = True
                continue
            if n > 1:
                tall = True
            c = s[n - 1]
            for k in (0, 1):
                pk = piles[k]
                if pk and adjacent(c, pk[len(pk) - 1]):
                    return True
        return empty and tall

    def legal_actions(self, p):
        _player(p)
        ph = self.phase
        if ph == PH_SPIT:
            return [SPIT]
        if ph == PH_ROUND_OVER:
            return [NEXT_ROUND]
        if ph == PH_SLAP:
            return [] if self.slap_pile[p] != _NONE else [SLAP, SLAP + 1]
        if ph != PH_PLAY:
            return []
        out = []
        places = self.stock[p]
        empties = []
        for i in range(5):
            s = places[i]
            if not s:
                empties.append(i)
                continue
            c = s[len(s) - 1]
            for k in (0, 1):
                pk = self.piles[k]
                if pk and adjacent(c, pk[len(pk) - 1]):
                    out.append(play(i, k, pk[len(pk) - 1]))
        for e in empties:
            for i in range(5):
                if len(places[i]) > 1:
                    out.append(move(i, e))
        return out

    def cards_held(self, p):
        _player(p)
        n = len(self.spit[p]) + len(self.hand[p])
        for s in self.stock[p]:
            n += len(s)
        return n

    def observation(self, p, v=None):
        """Only face-up cards and counts of face-down ones. Pass `v` to refill a View."""
        _player(p)
        if v is None:
            v = View()
        v.me = p
        v.phase = self.phase
        v.one_pile = self.one_pile
        for q, tops, counts in ((p, v.tops, v.counts), (1 - p, v.opp_tops, v.opp_counts)):
            places = self.stock[q]
            for i in range(5):
                s = places[i]
                n = len(s)
                counts[i] = n
                tops[i] = s[n - 1] if n else -1
        for k in (0, 1):
            pk = self.piles[k]
            n = len(pk)
            v.pile_counts[k] = n
            v.pile_tops[k] = pk[n - 1] if n else -1
            v.spit_counts[k] = len(self.spit[k])
            v.held[k] = self.cards_held(k)
            v.scores[k] = self.scores[k]
        v.slapped = self.slap_pile[p] != _NONE
        v.took[0] = self.took[0]
        v.took[1] = self.took[1]
        v.ended = self.ended
        v.stalemate = self.stalemate()
        v.round_no = self.round_no
        v.winner = self.winner
        v.clock = self.clock
        return v

    # ---- actions -----------------------------------------------------------
    def apply(self, action, p, t):
        _player(p)
        if not small(action, 0, NEXT_ROUND) or not small(t, 0, _CLOCK):
            raise IllegalAction("3.4: an action is a small int with a time in ms")
        if t < self.clock:
            raise IllegalAction("3.4: actions come in time order")
        ph = self.phase
        if action == SPIT:
            if ph != PH_SPIT:
                raise IllegalAction("3.5: Spit! only at the start or in stalemate")
            self._spit()
        elif action == NEXT_ROUND:
            if ph != PH_ROUND_OVER:
                raise IllegalAction("3.6: the round is not over")
            if self.mode == POINTS and not (self.hand[0] and self.hand[1]):
                self._split()  # points: a player with no cards left: deal afresh (3.2)
            self._lay_out()
        elif action == SLAP or action == SLAP + 1:
            if ph != PH_SLAP:
                raise IllegalAction("3.6: slap only at the end of a two-pile round")
            if self.slap_pile[p] != _NONE:
                raise IllegalAction("3.6: already slapped")
            self.slap_pile[p] = action - SLAP
            self.slap_t[p] = t
            if self.slap_pile[1 - p] != _NONE:
                self._settle_slap()
        elif 0 <= action < MOVE + 40:
            if ph == PH_SPIT:
                raise IllegalAction("3.3: no move before Spit!")
            if ph != PH_PLAY:
                raise IllegalAction("3.6: the round is over")
            if action >= MOVE:
                self._move(p, action - MOVE)
            elif not self._play(p, action):
                return VOID
            self._after_move(p)
        else:
            raise IllegalAction("3.4: not a Spit action")
        self.clock = t
        return DONE

    def _play(self, p, action):
        place = action >> 7
        k = (action >> 6) & 1
        seen = action & 63
        if place > 4 or seen > 51:
            raise IllegalAction("3.4: five stockpile places, cards 0..51")
        if not self.pile_in_use(k):
            raise IllegalAction("3.7: only one spit pile this round")
        s = self.stock[p][place]
        if not s:
            raise IllegalAction("3.4: that stockpile place is empty")
        c = s[len(s) - 1]
        pk = self.piles[k]
        n = len(pk)
        i = 0
        while i < n and pk[i] != seen:
            i += 1
        if i == n:
            raise IllegalAction("3.4: that card is not on that spit pile")
        if adjacent(c, pk[n - 1]):
            pk.append(take_top(s))  # 3.4: lands; the card below is turned face up
            return True
        if i < n - 1 and adjacent(c, seen):
            return False  # 3.4: fitted when decided, another card landed first: void
        raise IllegalAction("3.1: ranks are not adjacent")

    def _move(self, p, code):
        src = code >> 3
        dst = code & 7
        if src > 4 or dst > 4:
            raise IllegalAction("3.4: never more than five stockpiles")
        places = self.stock[p]
        if places[dst]:
            raise IllegalAction("3.4: only into an empty place")
        if len(places[src]) < 2:
            raise IllegalAction("3.5: moving a lone card changes nothing")
        places[dst].append(take_top(places[src]))

    def _after_move(self, p):
        for s in self.stock[p]:
            if s:
                break
        else:
            self._end_round(END_EMPTY, p)  # 3.6: every stockpile card played
            return
        if self.can_move(0) or self.can_move(1):
            return
        if self.spit[0] or self.spit[1]:
            self.phase = PH_SPIT  # 3.5 stalemate: Spit! again
        else:
            self._end_round(END_STALEMATE, -1)

    def _spit(self):
        for p in (0, 1):
            if self.spit[p]:  # 3.5: no spit cards, no spit
                self.piles[p].append(take_top(self.spit[p]))
        self.phase = PH_PLAY
        if not (self.can_move(0) or self.can_move(1)):
            if self.spit[0] or self.spit[1]:
                self.phase = PH_SPIT
            else:
                self._end_round(END_STALEMATE, -1)

    def _end_round(self, how, emptied):
        self.ended = how
        one = self.one_pile
        if one < 0:
            self.phase = PH_SLAP  # 3.6: both slap
            return
        # 3.7: one-pile round, no slap
        if how == END_EMPTY and emptied != one:
            taker = one  # the player without spit cards went out first
        else:
            taker = 1 - emptied if how == END_EMPTY else one
        self.took[0] = self.took[1] = _NONE
        self.took[taker] = one
        self.hand[taker].extend(self.piles[one])
        self.piles[one][:] = b""
        self._gather()

    def _settle_slap(self):
        t0 = self.slap_t[0]
        t1 = self.slap_t[1]
        a = self.slap_pile[0]
        b = self.slap_pile[1]
        if a == b:
            # 3.6: the first slap takes it; an exact tie: a coin toss
            first = 0 if t0 < t1 else 1 if t1 < t0 else self.rng.below(2)
            if first == 0:
                b = 1 - a
            else:
                a = 1 - b
        self.took[0] = a
        self.took[1] = b
        self.hand[0].extend(self.piles[a])
        self.hand[1].extend(self.piles[b])
        self.piles[0][:] = b""
        self.piles[1][:] = b""
        self._gather()

    def _gather(self):
        """3.6: remaining spit and stockpile cards join the cards taken; 3.8 end."""
        for p in (0, 1):
            h = self.hand[p]
            h.extend(self.spit[p])
            self.spit[p][:] = b""
            for s in self.stock[p]:
                h.extend(s)
                s[:] = b""
        self.phase = PH_ROUND_OVER
        n0 = len(self.hand[0])
        n1 = len(self.hand[1])
        if self.mode == STANDARD:
            if n0 == 0 or n1 == 0:
                self.winner = 0 if n0 == 0 else 1
                self.phase = PH_MATCH_OVER
            return
        s = self.scores
        s[0] += n0
        s[1] += n1
        if (s[0] >= TARGET or s[1] >= TARGET) and s[0] != s[1]:
            self.winner = 0 if s[0] < s[1] else 1
            self.phase = PH_MATCH_OVER

    # ---- saving ------------------------------------------------------------
    def to_bytes(self):
        """The whole state (any phase, RNG included): at most 103 bytes."""
        s0, s1 = self.scores
        c, a, b = self.clock, self.slap_t[0], self.slap_t[1]
        out = bytearray((_VERSION, self.mode, self.phase, self.one_pile & 255,
                         self.winner & 255, min(self.round_no, 255), self.ended,
                         self.took[0], self.took[1], self.slap_pile[0], self.slap_pile[1],
                         s0 >> 8, s0 & 255, s1 >> 8, s1 & 255,
                         (c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255,
                         (a >> 24) & 255, (a >> 16) & 255, (a >> 8) & 255, a & 255,
                         (b >> 24) & 255, (b >> 16) & 255, (b >> 8) & 255, b & 255))
        out.extend(self.rng.state())
        for p in (0, 1):
            for b in self.stock[p]:
                out.append(len(b))
                out.extend(b)
            for b in (self.spit[p], self.piles[p], self.hand[p]):
                out.append(len(b))
                out.extend(b)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Rebuild a game; raises ValueError on anything malformed, or that play cannot
        reach (engine/spit_load.py: imported only here, out of the heap in play)."""
        from engine.spit_load import decode
        try:
            g = decode(cls, data)
        except (IndexError, TypeError):
            raise ValueError("spit: truncated save")
        return g
