"""What both Spades variants share: action and phase numbers, the trick play of
RULES 1.5-1.6 (follow suit, spades broken, trick winner), the observation object and
the save format. engine/spades.py (four players) and engine/spades2.py (two players)
build their Match on Table; bots and the UI import the constants from either.

Card places: holder[card] is the seat holding it (0..3), PLAYED, STOCK or PILE.
A seat's hand is a sorted list, so its spades are always at its end.

Deal numbers: every hand is deal number `number` (0..999,999), whose remainder by the
seats is the dealer (two players: who draws first). The match's RNG draws the next
hand's number, and an RNG seeded with that number shuffles and then draws whatever the
hand draws (2.4): the same number deals the same cards on every port (RULES 4), so a
player can share it (engine/numbered.py deal: a match whose first hand is deal n,
from 0-0; alone, `single`, the title menu's Deal number).

Save format (to_bytes): a 28-byte head (magic, version, options, target, dealer or
first player, hand number, scores and bags as they were when the hand began, 3 bytes
each, the match's RNG state right after it drew the deal number, the number in 3 bytes,
0xFFFFFF for a hand dealt by an older version), the cards of the hand (the variant
says how), then the log of this hand's actions, then the record of hand starts (`past`,
below) and its entry count in one byte, then a 2-byte checksum. from_bytes
re-deals from the saved cards and replays the log through apply(), so a match it
returns has passed every rule check; anything else raises ValueError. Version 1 and
2 saves (a 25-byte head, no number) still load, with an empty record.

Replays: `past` keeps the start of each of the last 32 hands, the current one last,
16 bytes each: the deal number (4 bytes), then both scores and both bags as in the
head (3 bytes each). It is kept by engine/spades_record.py (first, next_hand), not in
play: the bytes are only carried through the save here. The dealer is not kept: it
moves on by one seat a hand (1.2, 2.2). engine/spades_replay.py (imported only while
it runs) deals hand k again in a new Match from the same scores, bags and dealer, and
gives the points of each side in it.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.rng import Rng, small
# scoring (engine/scoring.py) is imported at a hand's end only and dropped after: by
# then the hard bot's search has left the heap (its last trick), so there is room
from engine.lazy import call, hold, let_go

# actions (RULES 1.3-1.6, 2.2-2.4)
BID = const(64)  # BID + n bids n tricks, BID + 0 is Nil
BLIND_NIL = const(80)  # also the marker in bids[] for Blind Nil / Double Nil
LOOK = const(81)
DOUBLE_NIL = const(82)
NO_DOUBLE_NIL = const(83)
KEEP = const(84)
REJECT = const(85)
DISCARD_DONE = const(86)
NEXT_HAND = const(87)
PASS = const(128)  # PASS + card: a card for the Blind Nil exchange
DISCARD = const(192)  # DISCARD + card: a card to replace after Double Nil

# phases
BIDDING = const(0)
EXCHANGE = const(1)
PLAY = const(2)
HAND_OVER = const(3)
MATCH_OVER = const(4)
DECLARE = const(5)
DRAW = const(6)
DISCARDING = const(7)

# card places besides a seat number
PLAYED = const(4)
STOCK = const(5)
PILE = const(6)

TARGETS = (200, 300, 500)  # 1.8: the target's choices
_HEAD = const(28)
_OFF = const(0x800000)
_VERSION = const(3)
_DEALS = const(1000000)  # deal numbers 0..999,999 (private consts: no interned names)
_NO_NUMBER = const(0xFFFFFF)  # a hand dealt before deals had numbers (an older save)


class IllegalAction(ValueError):
    pass


class View:
    """What one seat may know (Match.observation). One object per seat, refreshed
    on every call: copy what you want to keep."""
    pass


class Table:
    n = 4  # seats
    magic = 0xA4
    blind_nil_behind = 0  # RULES 1.4's option: four players only (engine/spades.py)

    def _setup(self, seed, blind_nil, bag_penalty, target):
        self.blind_nil = bool(blind_nil)
        self.bag_penalty = bool(bag_penalty)
        if not small(seed, 0, 0x3FFFFFFF):
            raise ValueError("4: the seed is an int 0..2**30-1")
        if target not in TARGETS or not small(target, 200, 500):
            raise ValueError("1.8: target 200, 300 or 500")
        self.target = target
        self.rng = Rng(seed)
        self.number = _NO_NUMBER
        self.hand_rng = None  # the hand's own RNG, once dealt (_deal)
        self.single = False  # a numbered deal played alone: its one hand is the match
        self.past = b""  # hand starts kept for replays (module docstring)
        self.scores = [0, 0]
        self.bags = [0, 0]
        self.hand_no = 1
        self.winner = -1
        self.last_breakdown = None
        self.last_boston = -1
        self.phase = BIDDING
        self.to_move = -1
        self._views = [None] * self.n
        self._seen = [-1] * self.n  # the epoch of each seat's last observation
        self._epoch = 0  # moves on with every change the slow view fields show
        self._seen_tk = [-1] * self.n
        self._tk = 0  # moves on when a trick begins or ends

    def _deal(self, number=-1):
        """Deal deal `number`, or the next one the match's RNG draws for the dealer
        already chosen (1.2, 2.2: its remainder by the seats is the dealer)."""
        r = self.rng
        if number < 0:
            k = r.below(1000) * 1000 + r.below(1000)
            number = k - k % self.n + self.dealer
        self.number = number
        d = Rng(number)  # the hand's own RNG: the number alone says the cards,
        self._shuffle(d)  # and what the hand draws after them (2.4)
        self.hand_rng = d

    def _clear_hand(self):
        n = self.n
        self.holder = bytearray(52)
        self.hands = [[] for _ in range(n)]
        self.counts = bytearray(4 * n)  # counts[seat * 4 + suit]
        self.bids = [-1] * n
        self.history = bytearray()  # cards played, in order
        self.leaders = bytearray()  # leader of each trick begun
        self.winners = bytearray()  # winner of each trick completed
        self.tricks = bytearray(n)
        self.broken = False
        self.lead_suit = -1
        self._trick_at = 0
        self._log = bytearray()
        self._epoch += 1
        self._tk += 1

    def _give(self, c, s):
        self.holder[c] = s
        self.hands[s].append(c)
        self.counts[s * 4 + c // 13] += 1

    def _take(self, c, s, place):
        self.holder[c] = place
        self.hands[s].remove(c)
        self.counts[s * 4 + c // 13] -= 1

    def _head(self):
        """The save head as the hand begins: called right after shuffling."""
        b = bytearray(_HEAD)
        b[0] = self.magic
        b[1] = _VERSION
        b[2] = self.blind_nil | (self.bag_penalty << 1) | (self.blind_nil_behind << 2) | (self.single << 3)
        b[3] = self.target >> 8
        b[4] = self.target & 255
        b[5] = self.dealer
        # hand number, scores (offset by 2**23) and bags: 3 bytes each
        vals = (self.hand_no, self.scores[0] + _OFF, self.scores[1] + _OFF, self.bags[0],
                self.bags[1])
        for i in range(5):
            v = min(max(vals[i], 0), 0xFFFFFF)
            b[6 + 3 * i] = v >> 16
            b[7 + 3 * i] = (v >> 8) & 255
            b[8 + 3 * i] = v & 255
        b[21:25] = self.rng.state()
        n = self.number
        b[25] = n >> 16
        b[26] = (n >> 8) & 255
        b[27] = n & 255
        self._saved = bytes(b) + self._deal_bytes()

    # ---- trick play (RULES 1.5, 1.6) ----

    def _play_legal(self, s):
        h = self.hands[s]
        cnt = self.counts
        b = s * 4
        ls = self.lead_suit
        if ls >= 0:
            k = cnt[b + ls]
            if k:
                i = 0
                for x in range(b, b + ls):
                    i += cnt[x]
                return h[i:i + k]
            return h[:]
        if self.broken or cnt[b + 3] == len(h):
            return h[:]
        return h[:len(h) - cnt[b + 3]]

    def _card(self, c, s):
        """Play card c for seat s: every check first (state untouched on error), then
        the move, the log, and the end of the trick and of the hand."""
        if s != self.to_move:
            raise IllegalAction("1.5: not your turn to play")
        if not 0 <= c < 52 or self.holder[c] != s:
            raise IllegalAction("1.5: card not in hand")
        ls = self.lead_suit
        su = c // 13
        cnt = self.counts
        if ls >= 0:
            if su != ls and cnt[s * 4 + ls]:
                raise IllegalAction("1.5: must follow suit")
        elif su == 3 and not self.broken and cnt[s * 4 + 3] != len(self.hands[s]):
            raise IllegalAction("1.6: spades not broken")
        self._log.append(c)
        self.holder[c] = PLAYED
        self.hands[s].remove(c)
        cnt[s * 4 + su] -= 1
        h = self.history
        h.append(c)
        if ls < 0:
            self._tk += 1
            self.lead_suit = su
            self.leaders.append(s)
            if su == 3:  # 1.6: legal only if broken or holding only spades
                self.broken = True
        elif su == 3:
            self.broken = True  # 1.6: could not follow, played a spade
        t0 = self._trick_at
        n = self.n
        if len(h) - t0 < n:
            self.to_move = (s + 1) % n
            return
        # 1.5: highest spade, else highest card of the suit led
        best = h[t0]
        bi = 0
        for i in range(1, n):
            x = h[t0 + i]
            if (x // 13 == best // 13 and x > best) or (x >= 39 and best < 39):
                best = x
                bi = i
        w = (self.leaders[-1] + bi) % n
        self._tk += 1
        self.winners.append(w)
        self.tricks[w] += 1
        self._trick_at = len(h)
        self.lead_suit = -1
        self.to_move = w
        if len(h) == 13 * n:
            held = hold("scoring")  # once for both sides' scores and the winner
            try:
                self._end_hand()
            finally:
                let_go(held)

    def _score(self, side, members):
        pts, bags, lines = call("scoring", "score_side", members, self.bags[side], self.bag_penalty)
        self.scores[side] += pts
        self.bags[side] = bags
        self.last_breakdown[side] = lines
        if ("Boston", 0) in lines:
            self.last_boston = side

    def _finish(self):
        sc = self.scores
        if self.single:  # a numbered deal alone ends with its hand: the side ahead wins
            self.winner = -1 if sc[0] == sc[1] else int(sc[1] > sc[0])
        else:
            self.winner = call("scoring", "winner", sc, self.target)
        self._epoch += 1
        self.phase = HAND_OVER if self.winner < 0 and not self.single else MATCH_OVER
        self.to_move = -1

    def _who(self, a, seat):
        """The acting seat; RULES 4: the action and seat are checked before anything
        changes (a float or bool would index like an int and half-apply)."""
        if not small(a, 0, 255):
            raise IllegalAction("4: an action is an int 0..255")
        if seat is None:
            return self.to_move
        if not small(seat, 0, self.n - 1):
            raise IllegalAction("%d.1: no such seat" % (3 - self.n // 2))
        return seat

    def _next_hand(self, a, section):
        if self.phase == MATCH_OVER:
            raise IllegalAction(section + ": the match is over")
        if a != NEXT_HAND:
            raise IllegalAction(section + ": the hand is over, deal the next")
        self.hand_no += 1

    # ---- observation ----

    def observation(self, seat):
        """What `seat` may know, as a View (one per seat, refreshed here). Fields that
        change only with a non-play action or at the end of a hand are refreshed only
        when such a change happened since this seat's last observation."""
        if not small(seat, 0, self.n - 1):
            raise IllegalAction("%d.1: no such seat" % (3 - self.n // 2))
        v = self._views[seat]
        if v is None:
            v = self._views[seat] = View()
            v.seat = seat
            v.blind_nil = self.blind_nil
            v.bag_penalty = self.bag_penalty
            v.target = self.target
        if self._seen[seat] != self._epoch:
            self._seen[seat] = self._epoch
            v.dealer = self.dealer
            v.hand_no = self.hand_no
            v.scores = tuple(self.scores)
            v.bags = tuple(self.bags)
            v.bids = tuple(self.bids)
            v.looked = self.looked[seat] == 1
            self._slow(v, seat)
        v.phase = self.phase
        v.to_move = self.to_move
        v.hand = bytes(self.hands[seat]) if self.looked[seat] else b""
        v.history = hb = bytes(self.history)
        if self._seen_tk[seat] != self._tk:  # a trick began or ended
            self._seen_tk[seat] = self._tk
            v.leaders = bytes(self.leaders)
            v.winners = bytes(self.winners)
            v.tricks = bytes(self.tricks)
            v.lead_suit = self.lead_suit
        v.broken = self.broken
        t0 = self._trick_at
        if len(hb) > t0:
            v.trick = hb[t0:]
            v.leader = self.leaders[-1]
        else:
            v.trick = b""
            v.leader = self.to_move if self.phase == PLAY else -1
        return v

    # ---- saving ----

    def to_bytes(self):
        # one block of the final size (a save point's largest), no growing copies
        parts = (self._saved, bytes(self._log), self.past, bytes((len(self.past) >> 4,)))  # 16 bytes a hand start
        s = 0
        for b in parts:
            s += sum(b) + len(b)
        s &= 0xFFFF
        return b"".join(parts + (bytes((s >> 8, s & 255)),))

    @classmethod
    def from_bytes(cls, b):
        # the loader is imported only here and leaves with what it imported (the
        # scoring, the check of the record of hand starts): out of the heap in play
        from engine.lazy import call
        try:
            m = call("spades_load", "load", cls, bytes(b))
        except IllegalAction as e:
            raise ValueError("save: " + e.args[0])
        except (IndexError, TypeError, KeyError) as e:
            raise ValueError("save: damaged (%r)" % (e,))
        return m

    def _replay(self, a):
        self.apply(a)
