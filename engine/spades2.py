"""Two-player Spades (RULES 2, 4): Double Nil declarations, the keep/reject draw,
discard-and-replace after Double Nil, bidding, play, role swaps.

Players: 0 (human) and 1. The face is engine/spades.py's, with these additions:
- phases DECLARE, DRAW, DISCARDING (named so: DISCARD is the action base 192),
  then BIDDING, PLAY, HAND_OVER, MATCH_OVER;
- actions DOUBLE_NIL / NO_DOUBLE_NIL (declare, first player first, before the
  draw; only with blind_nil on), KEEP / REJECT (the drawn card), DISCARD + card (a
  card to replace after Double Nil, up to three), DISCARD_DONE, BID + n, cards;
- .dealer and .first are both the first player of the hand (2.2); roles swap every
  hand; the second player bids first and leads first;
- bids[] holds BLIND_NIL (80) for a Double Nil declarer.

Observation fields beyond the four-player ones: first, declared (bytes per player:
0 undecided, 1 no, 2 Double Nil), stock (cards left in the stock), drawn (the card
this player is looking at during its draw turn, else -1), rejected (bytes: every
card this player put on the discard pile during the draw, in order; it saw each),
discarded (cards chosen to replace after Double Nil), replaced (cards drawn from the
discard pile in their place). looked is always True; there is no exchange, so passed
and received are absent.

Double Nil replacement (2.4): the replacements are drawn at random from the discard
pile as it is before this player discards; the discarded cards then go on the pile.
When both declared, the first player replaces first, and the second player's draw may
take the first player's discards. After KEEP the next stock card goes on the pile seen
by the drawer: it is in `rejected` too. Declarations are public (declared, bids).
Saves: at most 141 bytes (25 head + 52 stock order + 62 log + 2 checksum), and for
replays 16 bytes a kept hand start plus a count byte (32 hands: 654 bytes in all).
"""
from engine.tricks import (Table, IllegalAction, View, BID, BLIND_NIL, LOOK, DOUBLE_NIL,
                           NO_DOUBLE_NIL, KEEP, REJECT, DISCARD_DONE, NEXT_HAND, PASS,
                           DISCARD, BIDDING, EXCHANGE, PLAY, HAND_OVER, MATCH_OVER,
                           DECLARE, DRAW, DISCARDING, PLAYED, STOCK, PILE)


class Match(Table):
    n = 2
    magic = 0xA2
    deal_size = 52

    def __init__(self, seed=1, blind_nil=True, bag_penalty=True, target=500, _deal=True):
        self._setup(seed, blind_nil, bag_penalty, target)
        if _deal:
            self.dealer = self.rng.below(2)  # 2.2: the first player at random
            self._deal()

    def _shuffle(self, rng):
        deck = bytearray(range(52))
        rng.shuffle(deck)
        self.stock = deck
        self._begin()

    def _deal_bytes(self):
        return bytes(self.stock)

    def _redeal(self, d):
        if sorted(d) != list(range(52)):
            raise ValueError("save: bad stock")
        self.stock = bytearray(d)
        self._begin()

    def _begin(self):
        self._clear_hand()
        self.holder = bytearray(bytes((STOCK,)) * 52)
        self.looked = b"\x01\x01"  # both players always see their cards
        self.first = self.dealer
        self.pos = 0  # next card of the stock
        self.declared = bytearray(2)
        self.rejected = [bytearray(), bytearray()]
        self.discards = [[], []]
        self.replaced = [b"", b""]
        self._discarders = []
        self.last_breakdown = None
        self.last_boston = -1
        self.to_move = self.dealer
        self.phase = DECLARE if self.blind_nil else DRAW
        self._head()

    # ---- the face ----

    def legal_actions(self):
        ph = self.phase
        s = self.to_move
        if ph == PLAY:
            return self._play_legal(s)
        if ph == DRAW:
            return [KEEP, REJECT]
        if ph == BIDDING:
            return list(range(BID, BID + 14))
        if ph == DECLARE:
            return [DOUBLE_NIL, NO_DOUBLE_NIL]
        if ph == DISCARDING:
            ch = self.discards[s]
            if len(ch) == 3:
                return [DISCARD_DONE]
            return [DISCARD + c for c in self.hands[s] if c not in ch] + [DISCARD_DONE]
        if ph == HAND_OVER:
            return [NEXT_HAND]
        return []

    def apply(self, a, seat=None):
        seat = self._who(a, seat)
        ph = self.phase
        if ph == PLAY:
            self._card(a, seat)
            return
        if ph == DRAW:
            self._draw(a, seat)
            if self.phase == DRAW:
                return  # observation() refreshes the draw fields itself
        elif ph == BIDDING:
            self._bid(a, seat)
        elif ph == DECLARE:
            self._declare(a, seat)
        elif ph == DISCARDING:
            self._discard(a, seat)
        else:
            self._next_hand(a, "2.7")
            self.dealer ^= 1  # 2.2: the roles swap every hand
            self._deal()
            return
        self._epoch += 1

    # ---- 2.4 declarations ----

    def _declare(self, a, s):
        if s != self.to_move:
            raise IllegalAction("2.4: not your turn to declare")
        if a == DOUBLE_NIL:
            self.declared[s] = 2
            self.bids[s] = BLIND_NIL
        elif a == NO_DOUBLE_NIL:
            self.declared[s] = 1
        else:
            raise IllegalAction("2.4: declare Double Nil or not, before drawing")
        self._log.append(a)
        if s == self.first:
            self.to_move = s ^ 1
        else:
            self.phase = DRAW
            self.to_move = self.first

    # ---- 2.2 drawing ----

    def _draw(self, a, s):
        if s != self.to_move:
            raise IllegalAction("2.2: not your turn to draw")
        if a != KEEP and a != REJECT:
            raise IllegalAction("2.2: keep or reject the card drawn")
        p = self.pos
        keep = self.stock[p]
        off = self.stock[p + 1]
        if a == REJECT:  # the next card must be kept
            keep, off = off, keep
        self._give(keep, s)
        self.hands[s].sort()
        self.holder[off] = PILE
        self.rejected[s].append(off)
        self._log.append(a)
        self.pos = p + 2
        if p + 2 < 52:
            self.to_move = s ^ 1
            return
        f = self.first
        for x in (f, f ^ 1):
            if self.declared[x] == 2:
                self._discarders.append(x)
        if self._discarders:
            self.phase = DISCARDING
            self.to_move = self._discarders[0]
        else:
            self._start_bidding()

    # ---- 2.4 discard and replace ----

    def _discard(self, a, s):
        if s != self.to_move:
            raise IllegalAction("2.4: not your turn to discard")
        ch = self.discards[s]
        if a == DISCARD_DONE:
            self._log.append(a)
            # drawn from the pile before these go on it: never the cards just discarded
            pile = [c for c in range(52) if self.holder[c] == PILE]
            got = []
            for _ in ch:
                got.append(pile.pop(self.hand_rng.below(len(pile))))
            for c in ch:
                self._take(c, s, PILE)
            for c in got:
                self._give(c, s)
            self.hands[s].sort()
            self.replaced[s] = bytes(got)
            q = self._discarders
            q.pop(0)
            if q:
                self.to_move = q[0]
            else:
                self._start_bidding()
            return
        c = a - DISCARD
        if not 0 <= c < 52 or self.holder[c] != s:
            raise IllegalAction("2.4: discard cards of your own hand")
        if c in ch:
            raise IllegalAction("2.4: card already chosen")
        if len(ch) == 3:
            raise IllegalAction("2.4: at most three cards")
        ch.append(c)
        self._log.append(a)

    # ---- 2.3 bidding ----

    def _start_bidding(self):
        self.phase = BIDDING
        second = self.first ^ 1  # 2.3: the second player bids first
        if self.bids[second] < 0:
            self.to_move = second
        elif self.bids[second ^ 1] < 0:
            self.to_move = second ^ 1
        else:
            self._start_play()

    def _bid(self, a, s):
        if s != self.to_move:
            raise IllegalAction("2.3: not your turn to bid")
        if not BID <= a <= BID + 13:
            raise IllegalAction("2.3: a bid is 0 to 13")
        self.bids[s] = a - BID
        self._log.append(a)
        if self.bids[s ^ 1] < 0:
            self.to_move = s ^ 1
        else:
            self._start_play()

    def _start_play(self):
        self.phase = PLAY
        self.lead_suit = -1
        self.to_move = self.first ^ 1  # 2.5: the second player leads

    # ---- 2.6, 2.7 ----

    def _end_hand(self):
        self.last_breakdown = [None, None]
        for s in (0, 1):
            b = self.bids[s]
            blind = b == BLIND_NIL
            self._score(s, (("", 0 if blind else b, blind, self.tricks[s]),))
        self._finish()

    def _slow(self, v, seat):  # fields beyond Table.observation's
        v.first = self.first
        v.declared = bytes(self.declared)
        self._drawing(v, seat)
        v.discarded = bytes(self.discards[seat])
        v.replaced = self.replaced[seat]

    def _drawing(self, v, seat):
        v.stock = 52 - self.pos
        v.drawn = self.stock[self.pos] if self.phase == DRAW and seat == self.to_move else -1
        v.rejected = bytes(self.rejected[seat])

    def observation(self, seat):
        v = Table.observation(self, seat)
        if self.phase == DRAW:
            self._drawing(v, seat)
        return v
