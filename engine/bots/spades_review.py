"""The review of a Spades hand just played (four or two players): each card the
player (seat 0) chose is scored by the hard search from what the player could see
then (their observation, rebuilt by playing the hand's log again), the card played
against every sensible other; then par, the same deal played once more with a hard
bot in the player's seat and the other seats at their level. Counts nowhere, saves
nothing.

    r = Review(m, level)        # m: a Match whose hand has just ended (not changed)
    while not r.step(200):      # about 200 card plays of search a slice
        ...                     # r.progress(): 0..100
    r.costly   # up to 3 (trick, card played, better card, points a deal x10, deals)
    r.bid      # (your bid action, the hand's worth in tricks x10 (-1: Double Nil, declared
               # before the draw), hard's bid action)
    r.you, r.par  # side 0's points in the hand, and with hard in seat 0

The search is the hard bot's own: its seed (spades_bot.seed), budget and deals, its
measure of a deal (points with bags and a set charged, spades_track.value). A card is
costly only where the search itself would have played the other: ahead by its margin
over the deals and on at least two deals more than behind, and by more than two
standard errors of the per-deal difference. So a player who plays hard's choices gets
no costly decision, and until the first decision where the player did otherwise, par's
hard bot would have done the same: par replays the log to there and plays on (with the
card the walk's search found there: hard's very search, not run twice). At a table of
hard bots par's would overrun the review's budgets (CAP): they think on what the walk
left of it, a quarter of hard's budget at least.
The choices before the play where the player's is not hard's (a bid, Blind Nil or a
look, Double Nil or not, the cards passed or replaced) are weighed on deals of their
own (engine/bots/spades_before.py) by the same test, and are costly entries of trick
0; two players' draws are compared with hard's for par only. The bid is also shown
against the hand's trick estimate (spades_bid.tricks10).
"""
import sys

from engine.lazy import call, forget
from engine.tricks import (IllegalAction, PLAY, HAND_OVER, MATCH_OVER, BIDDING, EXCHANGE,
                           DISCARDING, DECLARE, LOOK, DOUBLE_NIL, BID, BLIND_NIL, PASS, DISCARD)
from engine.bots import spades_bot as sb
from engine.bots.spades_bid import masks, tricks10, exchange_cards
from engine.bots.spades_track import const

ME = 0  # the player's seat
HARD = 3  # spades_bot.LEVELS
SHOWN = 3  # costly decisions kept, costliest first
MORE = 2  # a card hard would not have played: its search goes on this many budgets more
# a review's searches, par's included, in budgets: 0.38-0.47 board-s each, so 20 board-s
# a hand; a closer look is taken only while what is left of the review still fits, and
# par's hard bots think on what is left (three hard bots at the table: up to 48 choices)
CAP = 44
_THIN = const(4)  # ... but never on less than a quarter of hard's budget
AHEAD = 3  # a choice before the play unlike hard's: budgets for its deals (spades_before)
_LOOKED = 240  # the log's LOOK by seat 0 (engine/spades.py _replay: 240 + seat)
_BIDS = "engine.bots.spades_bidding"
_SEARCH = "engine.bots.spades_search"
_BEFORE = "engine.bots.spades_before"
_DRAW = "engine.bots.spades_draw"  # the bots' choices call it and let it go (engine.lazy)


def _twin(t, cands, card):
    """The index in cands of card or a card equal to it (same suit, no card still out
    between them, nor the trick's winner), else -1."""
    s = card // 13
    r = card % 13
    others = t.left[s] & ~t.h[ME * 4 + s]
    if t.played and t.win_suit == s:
        others |= 1 << t.win_rank
    for j in range(len(cands)):
        x = cands[j]
        if x // 13 == s:
            a = min(x % 13, r)
            b = max(x % 13, r)
            if b == a or not (others >> (a + 1)) & ((1 << (b - a - 1)) - 1):
                return j
    return -1


def spread(g, sq, n):
    """The mean and the variance of n per-deal differences whose sum is g and sum of
    squares sq (n >= 2)."""
    mean = g / n
    return mean, (sq - g * mean) / (n - 1)


def costly(mean, var, n, ahead, margin):
    """True when another choice, ahead of the one made by mean points a deal over n
    deals (ahead: deals ahead less deals behind), makes the one made costly: ahead by
    the margin, on at least two deals more than behind, by more than two standard
    errors (the cards' and the choices before the play's test alike)."""
    return mean > margin and ahead >= 2 and mean * mean * n > 4 * var


def _scored():
    """A Search that also keeps, card by card, how each other card did against the one
    played on the same deals. Its class is made here, not at import: the search's
    module may be dropped and loaded again by the bots (spades_bot._let_search_go), and
    a class at module level would hold the old copy in the heap beside the new."""
    from engine.bots.spades_search import Search

    class Scored(Search):
        def __init__(self):
            Search.__init__(self, 1)
            self.gain = [0] * 52  # per card: the sum of (its value - the card played's)
            self.sq = [0] * 52  # ... of its squares (the spread)
            self.n = [0] * 52  # ... deals compared
            self.ahead = [0] * 52  # ... deals ahead minus deals behind
            self.last = [0] * 13  # the totals at the last deal's end
            self.card = -1
            self.own = True

        def begin(self, v, t, card, budget):
            """Score card, played by seat 0 from observation v (t: its Table, from
            spades_bot.table). True when there is nothing to search (hard's one sensible
            card, the card played)."""
            for i in range(52):
                self.gain[i] = self.sq[i] = self.n[i] = self.ahead[i] = 0
            for i in range(13):
                self.last[i] = 0
            bot = sb.Bot(ME, HARD, sb.seed(v))  # the seed hard's search would get (Bot.begin)
            self.rng.seed(bot.rng.next16() + 1)
            done = self.start(t, ME, sb.unseen_cards(v, t), budget, sb.known_cards(v, t), 12, v)
            c = self.cands
            j = _twin(t, c, card)
            self.own = j >= 0  # the played card is one hard weighs: its very search
            self.card = c[j] if j >= 0 else card
            if j < 0:
                c.append(card)
                self.i = len(c)  # a deal to draw first
                self.budget = budget
                return False
            return done

        def _dealt(self, k):
            c = self.cands
            tot = self.total
            last = self.last
            if self.card in c:
                p = c.index(self.card)
                vp = tot[p] - last[p]
                for j in range(k):
                    if j != p:
                        d = tot[j] - last[j] - vp
                        x = c[j]
                        self.gain[x] += d
                        self.sq[x] += d * d  # |d| < 1,000, 100 deals: a small int
                        self.n[x] += 1
                        self.ahead[x] += (d > 0) - (d < 0)
            k = Search._dealt(self, k)
            for j in range(k):
                last[j] = tot[j]
            return k

        def _drop(self, k):
            # the card played stays in, however far behind: its figures are the review
            lo = self._behind(k)
            if lo and self.cands[lo] == self.card:
                self.own = False  # hard would drop it: not its choice, and no longer its search
                return k
            return Search._drop(self, k)

        def verdict(self, settled=False):
            """(the best other card, its points a deal more x10, deals) when the card
            played was costly, else None. With `settled`: True when the figures already
            say it was not (each other card short of the margin even at two standard
            errors above its mean): no closer look needed."""
            best = None
            clear = self.done >= 2
            for x in range(52):
                n = self.n[x]
                if n < 2 or x == self.card:
                    continue
                mean, var = spread(self.gain[x], self.sq[x], n)
                d = self.margin - mean
                if d <= 0 or d * d * n <= 4 * var:
                    clear = False  # not below the margin by two standard errors
                if costly(mean, var, n, self.ahead[x], self.margin) and (best is None or mean > best[1]):
                    best = (x, mean, n)
            if settled:  # stopping on a flag this early would flag more by chance
                return best is None and clear
            if best is None:
                return None
            return best[0], int(best[1] * 10 + 0.5), best[2]

    return Scored()


class Review:
    def __init__(self, m, level, budget=sb.HARD_BUDGET):
        if m.phase != HAND_OVER and m.phase != MATCH_OVER:
            raise IllegalAction("4: the hand is not over: nothing to review")
        self.m = m
        self.level = sb.LEVELS.index(level) if isinstance(level, str) else level  # the others' level, as Bot takes it
        self.budget = budget
        self.log = bytes(m._log)
        self.w = None  # the walk through the hand, dealt again in the first step
        self.base = 0  # side 0's score as the hand began
        self.you = 0
        self.i = 0  # the next action of the log
        self.div = -1  # the log's index where hard in seat 0 would first do otherwise
        self.search = None
        self.scored = None
        self.before = None  # a choice before the play being scored (spades_before)
        self.weighed = -1  # the log's index of the last such choice looked at
        self.found = []
        self.costly = []
        self.bid = None
        self.p = None  # par's match: it follows the walk until hard would do otherwise
        self.playing = False  # the walk is over: par plays on
        self.bot = None  # par's deciding bot
        self.seat = -1
        self.first = -1  # hard's card at div, from the walk's search there
        self.spent = 0  # card plays the walk's searches have spent
        self.thinks = budget  # par's hard bots' budget: what the walk left of CAP
        self.par = None

    def progress(self):
        if self.par is not None:
            return 100
        if not self.playing:
            return 50 * self.i // max(1, len(self.log))
        p = self.p
        return 50 + 50 * len(p.history) // (13 * p.n)

    def step(self, n):
        """About n card plays of work; True when the review and par are done."""
        if self.par is not None:
            return True
        if self.w is None and not self.playing:  # each deal again a step of its own
            w = self.w = call("spades_replay", "again", self.m)
            self.base = w.scores[0]
            self.you = self.m.scores[0] - self.base
            return False
        if self.p is None:
            self.p = call("spades_replay", "again", self.m)
            return False
        if not self.playing:
            self._walk(n)
            return False
        return self._play(n)

    def _both(self, a):
        """The walk's next action; par's match takes it too until hard would not have."""
        self.w._replay(a)
        if self.div < 0:
            self.p._replay(a)
        self.i += 1

    def _walk(self, n):
        w = self.w
        log = self.log
        while n > 0:
            b = self.before
            if b is not None:
                if not b.step(n):
                    return
                self.spent += b.spent
                self.before = None
                got = b.verdict()
                if got is not None:
                    self.found.append((0, b.cands[0]) + got)
                forget(_BEFORE)
                if _DRAW in sys.modules:  # its draws' rules (two players, before the draw)
                    forget(_DRAW)
                return  # the choice itself in the next step
            s = self.search
            if s is not None:
                before = s.spent
                if not s.step(n):
                    return
                n -= s.spent - before + 1
                a = log[self.i]
                if s.own and s.result() == s.card:  # hard's own choice: its search says no more
                    if s.card != a and self.div < 0:
                        self.div = self.i  # an equal card, not the very one: par plays on from here
                        self.first = s.card
                elif s.budget <= self.budget:
                    if self.div < 0:
                        self.div = self.i
                        if s.own:  # hard's very search: par's first card, not searched again
                            self.first = s.result()
                    if not s.verdict(True) and self._room(s.spent + self.budget * MORE):
                        s.budget = s.spent + self.budget * MORE  # another card, not clearly as good: a closer look
                        continue
                self.spent += s.spent
                self.search = None
                got = s.verdict()
                if got is not None:
                    self.found.append((len(w.history) // w.n + 1, a) + got)
                self._both(a)
                continue
            if self.i >= len(log):
                self._par()
                return
            a = log[self.i]
            if w.to_move == ME and a <= _LOOKED:  # seat 0's choice (a LOOK before its turn is not)
                v = w.observation(ME)
                if w.phase == PLAY:
                    t = sb.table(v)
                    if len(v.hand) > 1 and len(sb.legal(v, t)) > 1:
                        if self.scored is None:  # the search's code and tables: a step of their own
                            self.scored = _scored()
                            return
                        if not self.scored.begin(v, t, a, self.budget):
                            self.search = self.scored
                            continue
                        # hard's one sensible card, the card played or an equal one
                        if self.scored.card != a and self.div < 0:
                            self.div = self.i
                else:
                    if _BIDS not in sys.modules:  # the bids' code: a step of its own
                        __import__(_BIDS)
                        return
                    act = LOOK if a == _LOOKED else a
                    hard = sb.Bot(ME, HARD, sb.seed(v)).act(v)
                    if act == DOUBLE_NIL:  # declared before the draw: no hand to weigh yet
                        self.bid = (act, -1, hard)
                    elif w.phase == BIDDING and act != LOOK:
                        self.bid = (act, tricks10(masks(w.hands[ME]), w.n), hard)
                    if self.weighed != self.i:
                        c = self._choices(w, v, act, hard)
                        if c and _BEFORE not in sys.modules:  # its code: a step of its own
                            __import__(_BEFORE)
                            return
                        self.weighed = self.i
                        if c:
                            k = self.budget * AHEAD
                            self.before = sys.modules[_BEFORE].Before(
                                w, c, self.level, k if self._room(k) else self.budget, sb.seed(v))
                            return
                    if hard != act and self.div < 0:
                        self.div = self.i
                    self._both(a)
                    return  # a bot's choice before the play may load its code: a slice of its own
            self._both(a)
            n -= 5  # an action played in two matches, a trick's end, the hand's scoring: a few a step

    def _choices(self, w, v, act, hard):
        """The choices to weigh on deals where seat 0's choice before the play (act, or
        from here on in the log: the three cards passed, the cards replaced) is not
        hard's: the player's first, then hard's and a bid either side of the player's;
        None where it is hard's, or where nothing is scored (two players' draws, a
        replacement after the opponent's own Double Nil)."""
        ph = w.phase
        log = self.log
        if ph == BIDDING:
            if act == hard:
                return None
            if act == LOOK or act == BLIND_NIL:  # the cards unseen: hard's choice the other
                return [act, hard]
            if not BID <= act <= BID + 13:
                return None
            out = [act, hard]
            for x in (act - 1, act + 1):
                if BID <= x <= BID + 13 and x != hard:
                    out.append(x)
            return out
        if ph == DECLARE:
            return None if act == hard else [act, hard]  # Double Nil or not, before the draw
        if ph == EXCHANGE and not v.passed:
            mine = bytes(sorted(x - PASS for x in log[self.i:self.i + 3]))
            theirs = bytes(sorted(exchange_cards(v.hand, v.bids[ME] == BLIND_NIL)))
        elif ph == DISCARDING and not v.discarded and v.declared[1] != 2:
            j = self.i
            while DISCARD <= log[j] < DISCARD + 52:
                j += 1
            mine = bytes(sorted(x - DISCARD for x in log[self.i:j]))
            theirs = bytes(sorted(call("bots.spades_draw", "double_nil_discards", v.hand, HARD)))
        else:
            return None
        return None if mine == theirs else [mine, theirs]

    def _room(self, more):
        """True when `more` card plays of search now leave room in CAP for the rest:
        a budget for each later card of the player's, and for each card par's hard
        bots will choose (the last trick's are forced)."""
        rest = len(self.w.hands[ME]) - 2 + self._par_choices()
        return self.spent + more + rest * self.budget <= CAP * self.budget

    def _par_choices(self):
        """The card choices par's hard bots have left from where par's match is (the
        last trick's are forced; the first, where the walk searched it, is known)."""
        p = self.p
        k = 0
        for seat in range(p.n):
            if seat == ME or self.level == HARD:
                k += len(p.hands[seat]) - 1
        return k - (self.first >= 0)

    def _par(self):
        """The walk is over: the costliest decisions kept; par plays on from where hard
        would first have done otherwise."""
        # costliest first, equal ones in the hand's order (MicroPython's sort is not
        # stable: the order must be in the key, the same on every port)
        f = [(-self.found[i][3], i) for i in range(len(self.found))]
        f.sort()
        self.costly = [self.found[i] for _, i in f[:SHOWN]]
        self.found = None
        self.w = None
        self.search = self.scored = None
        self.playing = True
        if self.div < 0:  # hard would have chosen as the player did, every time
            self.par = self.you
            self.p = None
            return
        k = self._par_choices()
        room = CAP * self.budget - self.spent
        if k * self.budget > room:
            self.thinks = max(self.budget // _THIN, room // k)

    def _play(self, n):
        p = self.p
        while n > 0:
            if p.phase == HAND_OVER or p.phase == MATCH_OVER:
                self.par = p.scores[0] - self.base
                self.p = None
                self.bot = None
                return True
            if self.first >= 0:  # the walk searched this very position as hard
                p.apply(self.first, ME)
                self.first = -1
                n -= 10
                continue
            b = self.bot
            if b is None:
                seat = self.seat = p.to_move
                lv = HARD if seat == ME else self.level
                if lv == HARD and p.phase == PLAY and len(p.hands[seat]) > 1 and _SEARCH not in sys.modules:
                    __import__(_SEARCH)  # the search's code: a step of its own
                    return False
                v = p.observation(seat)
                b = self.bot = sb.Bot(seat, lv, sb.seed(v), self.thinks)
                b.begin(v)
                n -= 1
            searched = b._searching
            if not b.step(n):
                return False
            self.bot = None
            p.apply(b.result(), self.seat)
            if searched or p.phase != PLAY:  # a search's last slice, or a choice that
                return False  # may load its code (the bidding, the draws): the share spent
            n -= 10
        return False

