"""Statistics per game: counters for the statistics screen, saved as compact bytes.

Games are engine.storage.GAME_SPADES4 (0), GAME_SPADES2 (1) and GAME_SPIT (2).
Counters are ints 0..MAX (they stop at MAX rather than wrap), saved as 3 bytes each,
little-endian: 11 counters for each Spades game then 5 for Spit (81 bytes).

Spades (four-player: the human's partnership; two-player: the human):
    MATCHES, WINS          matches played (finished) and won
    HANDS                  hands played to the end
    CONTRACTS, CONTRACTS_MADE   hands with a non-nil contract, and those made (RULES 1.7)
    NILS, NILS_MADE        Nil bids by the human, and those made
    BLIND_NILS, BLIND_NILS_MADE Blind Nil (two-player: Double Nil) bids by the human
    BOSTONS                all 13 tricks taken by the human's side (RULES 1.7)
    BAG_PENALTIES          times the human's side lost 100 for 10 bags (RULES 1.7)
Spit:
    MATCHES, WINS          matches played and won (RULES 3.8)
    ROUNDS, ROUNDS_WON     rounds played, and rounds the human emptied their
                           stockpiles first
    FASTEST_ROUND          the human's fastest won round in tenths of a second (0: none)

Counting: match_over(game, won) at a match's end; spades_hand(...) at each Spades
HAND_OVER; spit_round(won, tenths) at each Spit round's end; then storage.save_stats.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.lazy import call

MATCHES = const(0)
WINS = const(1)
# Spades
HANDS = const(2)
CONTRACTS = const(3)
CONTRACTS_MADE = const(4)
NILS = const(5)
NILS_MADE = const(6)
BLIND_NILS = const(7)
BLIND_NILS_MADE = const(8)
BOSTONS = const(9)
BAG_PENALTIES = const(10)
# Spit
ROUNDS = const(2)
ROUNDS_WON = const(3)
FASTEST_ROUND = const(4)

MAX = const(0xFFFFFF)
BLIND_NIL_BID = const(80)  # engine.tricks.BLIND_NIL: the bids[] marker for Blind/Double Nil
COUNTS = (11, 11, 5)  # counters per game id
SIZE = const(81)  # 3 * sum(COUNTS)
PAGE = ("percent", "reset_game", "lines")


class Stats:
    def __init__(self):
        self.counts = [[0] * n for n in COUNTS]

    def get(self, game, field):
        return self.counts[game][field]

    def add(self, game, field, n=1):
        """Add n to a counter (IndexError for a field the game does not have)."""
        row = self.counts[game]
        v = row[field] + n
        row[field] = MAX if v > MAX else (0 if v < 0 else v)

    def round_time(self, game, tenths):
        """Record a won round's time; keeps the fastest. True if it is a new best."""
        if tenths <= 0:
            return False
        if tenths > MAX:
            tenths = MAX
        row = self.counts[game]
        if row[FASTEST_ROUND] == 0 or tenths < row[FASTEST_ROUND]:
            row[FASTEST_ROUND] = tenths
            return True
        return False

    def spades_hand(self, game, seat, bids, tricks, lines):
        """Count one finished Spades hand for the human at `seat`: `bids` and
        `tricks` per seat (the observation's at HAND_OVER), `lines` the breakdown of
        the human's side (match.last_breakdown[seat & 1] four-player, [seat] two)."""
        self.add(game, HANDS)
        bid = bids[seat]
        if bid == 0 or bid == BLIND_NIL_BID:
            f = NILS if bid == 0 else BLIND_NILS
            self.add(game, f)
            if tricks[seat] == 0:
                self.add(game, f + 1)  # NILS_MADE / BLIND_NILS_MADE
        for label, points in lines:
            if label.startswith("Contract"):
                self.add(game, CONTRACTS)
                if label.endswith("made"):
                    self.add(game, CONTRACTS_MADE)
            elif label == "Bag penalty":
                self.add(game, BAG_PENALTIES)
            elif label == "Boston":
                self.add(game, BOSTONS)

    def spit_round(self, won, tenths=0):
        """Count one finished Spit round; a won round's time (tenths of a second)
        may set the fastest. True if it is a new best."""
        self.add(2, ROUNDS)
        if won:
            self.add(2, ROUNDS_WON)
            return self.round_time(2, tenths)
        return False

    def match_over(self, game, won):
        self.add(game, MATCHES)
        if won:
            self.add(game, WINS)

    def __getattr__(self, name):
        # the statistics page's methods (PAGE): engine/stats_page.py, loaded per call
        if name not in PAGE:
            raise AttributeError(name)
        return lambda *args: call("stats_page", name, self, *args)

    def to_bytes(self):
        out = bytearray(SIZE)
        i = 0
        for row in self.counts:
            for v in row:
                out[i] = v & 0xFF
                out[i + 1] = (v >> 8) & 0xFF
                out[i + 2] = (v >> 16) & 0xFF
                i += 3
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Stats from to_bytes() output, or None if the bytes do not fit."""
        if data is None or len(data) != SIZE:
            return None
        s = cls()
        i = 0
        for row in s.counts:
            for k in range(len(row)):
                row[k] = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16)
                i += 3
        return s

    def __eq__(self, other):
        return isinstance(other, Stats) and self.counts == other.counts
