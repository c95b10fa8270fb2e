"""Four-player partnership Spades (RULES 1, 4): the match, its hands, the narrow face.

Seats: 0 South (human), 1 West, 2 North, 3 East; clockwise 0 -> 1 -> 2 -> 3; the
partnership of seat s is s & 1, the partner s ^ 2.

Face (notes/spades_face.md):
    m = Match(seed, blind_nil=True, bag_penalty=True, target=500, blind_nil_behind=False)
    m.phase, m.to_move, m.legal_actions(), m.apply(action, seat=None),
    m.observation(seat), m.scores, m.bags, m.dealer, m.hand_no, m.winner,
    m.last_breakdown, m.to_bytes(), Match.from_bytes(b),
    engine/spades_replay.py replay(m, k): hand k dealt again in a new Match
Actions: 0..51 play a card, BID + n, BLIND_NIL, LOOK (any seat that has not looked,
during bidding: apply(LOOK, seat)), PASS + card, NEXT_HAND. In HAND_OVER to_move is
-1 and NEXT_HAND is the only action; in MATCH_OVER there is none.

Deviations from the face, kept small:
- The two-player discard phase is named DISCARDING (DISCARD is the action base 192).
- bids[] holds -1 (not yet), 0..13, or BLIND_NIL (80) for Blind Nil.
- last_breakdown is None until the hand ends, then [lines of side 0, lines of side 1];
  last_boston is the side that made a Boston this hand, else -1.
- The observation is one object per seat, refreshed by each observation() call.
- Match(...) takes a private fifth argument (_deal) used by from_bytes.
- blind_nil_behind (1.4) matters only while blind_nil is on; "behind" compares the
  two sides' scores as the hand is dealt (scores do not change during a hand).
- Every bag is worth one point (RULES 2.6 "+1 per bag"), also a failed Nil's tricks
  and the tricks of a side whose contract is 0 (engine/scoring.py).
- Once bidding is over every seat sees its cards: the Blind Nil bidder chooses its
  exchange cards seeing its hand. The exchange goes clockwise from the dealer's left,
  each exchanging seat choosing its three cards in a row; both sets swap at once.
  A side with exactly one Blind Nil bidder exchanges; both sides may.
- A seat may LOOK any time during bidding, also after bidding Blind Nil.
Actions and seats are ints (not bools); anything else raises IllegalAction (RULES 4).
Saves: at most 112 bytes (25 head + 13 deal + 72 log + 2 checksum), and for replays
16 bytes a kept hand start plus a count byte (32 hands: 625 bytes in all).

Observation fields: seat, phase, to_move, dealer, hand_no, target, blind_nil,
bag_penalty, scores (2), bags (2), bids (4), tricks (bytes, per seat), hand (bytes,
sorted; empty until this seat has looked), looked, looked_by (bytes, per seat),
history (bytes: every card played this hand, in order), leaders (bytes: leader of each
trick begun), winners (bytes: winner of each trick done), trick (bytes: cards of the
trick in progress, from its leader), leader (of the trick in progress, -1 outside
play), lead_suit (-1 if none), broken (spades broken), passed (cards this seat chose
for the Blind Nil exchange), received (cards it got in the exchange, once done).
"""
from engine.tricks import (Table, IllegalAction, View, BID, BLIND_NIL, LOOK, DOUBLE_NIL,
                           NO_DOUBLE_NIL, KEEP, REJECT, DISCARD_DONE, NEXT_HAND, PASS,
                           DISCARD, BIDDING, EXCHANGE, PLAY, HAND_OVER, MATCH_OVER,
                           DECLARE, DRAW, DISCARDING, PLAYED)

SEAT_NAMES = ("South", "West", "North", "East")


class Match(Table):
    n = 4
    magic = 0xA4
    deal_size = 13
    seat_names = SEAT_NAMES

    def __init__(self, seed=1, blind_nil=True, bag_penalty=True, target=500, _deal=True,
                 blind_nil_behind=False):
        self._setup(seed, blind_nil, bag_penalty, target)
        self.blind_nil_behind = blind_nil_behind
        if _deal:
            self.dealer = self.rng.below(4)  # 1.2: the first dealer at random
            self._deal()

    # ---- dealing (1.2) ----

    def _shuffle(self, rng):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        to = bytearray(52)
        s = self.dealer
        for c in deck:  # one at a time, from the dealer's left
            s = (s + 1) & 3
            to[c] = s
        self._hold(to)

    def _hold(self, to):
        """Hands from to[card] = seat, every seat 13 cards."""
        self._clear_hand()
        hands = self.hands
        counts = self.counts
        for c in range(52):
            s = to[c]
            hands[s].append(c)
            counts[s * 4 + c // 13] += 1
        self.holder = to
        self._begin()

    def _deal_bytes(self):
        h = self.holder
        return bytes([h[i] | (h[i + 1] << 2) | (h[i + 2] << 4) | (h[i + 3] << 6)
                      for i in range(0, 52, 4)])

    def _redeal(self, d):
        to = bytearray(52)
        for c in range(52):
            to[c] = (d[c >> 2] >> ((c & 3) << 1)) & 3
        self._hold(to)
        for h in self.hands:
            if len(h) != 13:
                raise ValueError("save: bad deal")

    def _begin(self):
        # 1.4: dealt face down while Blind Nil is on; with blind_nil_behind only to a
        # side 100 or more behind
        looked = self.looked = bytearray(4)
        d = self.scores[1] - self.scores[0]  # how far side 0 is behind
        for s in range(4):
            if not self.blind_nil or self.blind_nil_behind and (-d if s & 1 else d) < 100:
                looked[s] = 1
        self.picks = [[], [], [], []]
        self._pickers = []
        self.last_breakdown = None
        self.last_boston = -1
        self.phase = BIDDING
        self.to_move = (self.dealer + 1) & 3  # 1.3: left of the dealer bids first
        self._head()

    # ---- the face ----

    def legal_actions(self):
        ph = self.phase
        s = self.to_move
        if ph == PLAY:
            return self._play_legal(s)
        if ph == BIDDING:
            if self.looked[s]:
                return list(range(BID, BID + 14))
            return [BLIND_NIL, LOOK]
        if ph == EXCHANGE:
            p = self.picks[s]
            return [PASS + c for c in self.hands[s] if c not in p]
        if ph == HAND_OVER:
            return [NEXT_HAND]
        return []

    def apply(self, a, seat=None):
        seat = self._who(a, seat)
        ph = self.phase
        if ph == PLAY:
            self._card(a, seat)
        elif ph == BIDDING:
            self._bid(a, seat)
            self._epoch += 1
        elif ph == EXCHANGE:
            self._pick(a, seat)
            self._epoch += 1
        else:
            self._next_hand(a, "1.8")
            self.dealer = (self.dealer + 1) & 3  # 1.2: the deal passes left
            self._deal()

    def _replay(self, a):
        if a >= 240:
            self.apply(LOOK, a - 240)
        else:
            self.apply(a)

    # ---- bidding (1.3, 1.4) ----

    def _bid(self, a, s):
        if a == LOOK:
            if not 0 <= s < 4:
                raise IllegalAction("1.1: no such seat")
            if self.looked[s]:
                raise IllegalAction("1.4: cards already seen")
            self.looked[s] = 1
            self._log.append(240 + s)
            return
        if s != self.to_move:
            raise IllegalAction("1.3: not your turn to bid")
        if a == BLIND_NIL:
            if not self.blind_nil:
                raise IllegalAction("1.4: Blind Nil is off")
            if self.looked[s]:  # seen, or dealt face up (blind_nil_behind: not 100 behind)
                raise IllegalAction("1.4: Blind Nil only with cards unseen")
            bid = BLIND_NIL
        elif BID <= a <= BID + 13:
            if not self.looked[s]:
                raise IllegalAction("1.4: look at your cards before a numeric bid")
            bid = a - BID
        else:
            raise IllegalAction("1.3: a bid is 0 to 13")
        self.bids[s] = bid
        self._log.append(a)
        s = (s + 1) & 3
        if self.bids[s] < 0:
            self.to_move = s
            return
        for x in range(4):  # bidding is over: every hand is seen now
            self.looked[x] = 1
        bids = self.bids
        for i in range(1, 5):
            x = (self.dealer + i) & 3
            # 1.4: a side with exactly one Blind Nil bidder exchanges three cards
            if (bids[x] == BLIND_NIL) != (bids[x ^ 2] == BLIND_NIL):
                self._pickers.append(x)
        if self._pickers:
            self.phase = EXCHANGE
            self.to_move = self._pickers[0]
        else:
            self._start_play()

    def _pick(self, a, s):
        if s != self.to_move:
            raise IllegalAction("1.4: not your turn to choose exchange cards")
        c = a - PASS
        if not 0 <= c < 52 or self.holder[c] != s:
            raise IllegalAction("1.4: pass three cards of your own hand")
        p = self.picks[s]
        if c in p:
            raise IllegalAction("1.4: card already chosen")
        p.append(c)
        self._log.append(a)
        if len(p) < 3:
            return
        q = self._pickers
        q.pop(0)
        if q:
            self.to_move = q[0]
            return
        for x in (0, 1):  # 1.4: both sets swap at the same time
            if len(self.picks[x]) == 3:
                y = x ^ 2
                for c in self.picks[x]:
                    self._take(c, x, PLAYED)
                    self._give(c, y)
                for c in self.picks[y]:
                    self._take(c, y, PLAYED)
                    self._give(c, x)
                self.hands[x].sort()
                self.hands[y].sort()
        self._start_play()

    def _start_play(self):
        self.phase = PLAY
        self.lead_suit = -1
        self.to_move = (self.dealer + 1) & 3  # 1.5: left of the dealer leads

    # ---- end of hand (1.7, 1.8) ----

    def _end_hand(self):
        self.last_breakdown = [None, None]
        for side in (0, 1):
            mem = []
            for x in (side, side + 2):
                b = self.bids[x]
                blind = b == BLIND_NIL
                mem.append((SEAT_NAMES[x], 0 if blind else b, blind, self.tricks[x]))
            self._score(side, mem)
        self._finish()

    # ---- observation (fields of Table.observation, and these) ----

    def _slow(self, v, seat):
        v.looked_by = bytes(self.looked)
        v.passed = bytes(self.picks[seat])
        done = self.phase >= PLAY and len(self.picks[seat]) == 3
        v.received = bytes(self.picks[seat ^ 2]) if done else b""
