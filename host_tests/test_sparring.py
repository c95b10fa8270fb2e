"""Issue 23's sparring partners (laptop only, tools/): the information-set MCTS
(tools/spar_ismcts.py), the seer that sees every card (tools/spar_seer.py), the
arena's level names for them, and that the bundle ships neither."""
import copy
import os
import random
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import arena_hands as ah  # noqa: E402
import arena_spades  # noqa: E402
import spar_ismcts as im  # noqa: E402
import spar_seer as ss  # noqa: E402
from engine import spades, spades2  # noqa: E402
from engine.bots import spades_bot as sb  # noqa: E402
from engine.bots import spades_track as tr  # noqa: E402
from engine.cards import parse  # noqa: E402
from engine.tricks import BLIND_NIL, HAND_OVER, MATCH_OVER, PLAY  # noqa: E402

GAMES = {"spades4": spades.Match, "spades2": spades2.Match}


def positions(game, seeds, every=3, level="random"):
    """(match copy, seat) at every `every`-th card played of one hand per seed, the
    hands played by `level` bots (random bots bid Blind / Double Nil now and then:
    the exchange's known cards and the discard pile get their turn)."""
    out = []
    for seed in seeds:
        m = GAMES[game](seed)
        bots = [sb.Bot(s, level, seed) for s in range(m.n)]
        k = 0
        while m.phase not in (HAND_OVER, MATCH_OVER):
            s = m.to_move
            v = m.observation(s)
            if v.phase == PLAY:
                if k % every == 0 and len(m.legal_actions()) > 1:
                    out.append((copy.deepcopy(m), s))
                k += 1
            m.apply(bots[s].act(v), s)
    return out


def shown_voids(m):
    """Per seat, the suits it showed void in, read from the match's own play record
    (RULES 1.5: failing to follow suit; 1.6: leading spades unbroken)."""
    n = m.n
    void = [set() for _ in range(n)]
    broken = False
    hist = m.history
    for i, lead in enumerate(m.leaders):
        trick = hist[i * n:(i + 1) * n]
        ls = trick[0] // 13
        if ls == 3 and not broken:
            void[lead] |= {0, 1, 2}
        for j, c in enumerate(trick):
            if c // 13 != ls:
                void[(lead + j) % n].add(ls)
            if c // 13 == 3:
                broken = True
    return void


def hands_of(d, n):
    return [{s * 13 + r for s in range(4) for r in range(13) if d.h[o * 4 + s] >> r & 1}
            for o in range(n)]


def check_deal(m, seat, d):
    """A determinized Table d for seat in match m fits what seat has seen."""
    n = m.n
    v = m.observation(seat)
    got = hands_of(d, n)
    void = shown_voids(m)
    seen = set(v.history) | set(v.hand)
    if n == 2 and v.declared[1 - seat] != 2:
        seen |= set(v.rejected) | set(getattr(v, "discarded", b""))
    assert got[seat] == set(v.hand)
    for o in range(n):
        assert len(got[o]) == len(m.hands[o]), (o, got[o])
        if o == seat:
            continue
        assert not got[o] & seen, ("a card already seen", o, got[o] & seen)
        for c in got[o]:
            assert c // 13 not in void[o], ("dealt into a shown void", o, c)
    if n == 4:
        # every card this seat has not seen is in some other hand
        assert set().union(*got) == set(range(52)) - set(v.history)
        for c in getattr(v, "passed", b""):
            if getattr(v, "received", b"") and c not in v.history:
                assert c in got[seat ^ 2]  # the cards it passed are its partner's
    for o in range(n):
        for s in range(4):
            assert d.h[o * 4 + s] & ~d.left[s] == 0


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_the_checker_accepts_the_true_deal_only(game):
    # the true hands fit (so check_deal asks nothing the rules do not), and a deal
    # with one card moved into a shown void does not (so it can fail)
    caught = 0
    for m, seat in positions(game, range(1, 6)):
        v = m.observation(seat)
        t = ss.true_table(v, m)
        check_deal(m, seat, t)
        void = shown_voids(m)
        for o in range(m.n):
            if o == seat or not void[o]:
                continue
            s = min(void[o])
            # a card of that suit some other place holds (two players: the pile)
            held = [c for c in range(52) if c // 13 == s and m.holder[c] not in (seat, o)
                    and c not in m.history]
            if not held or not m.hands[o]:
                continue
            a, b = held[0], m.hands[o][0]
            p = m.holder[a]
            bad = ss.true_table(v, m)
            bad.h[o * 4 + a // 13] |= 1 << a % 13
            bad.h[o * 4 + b // 13] &= ~(1 << b % 13)
            bad.left[a // 13] |= 1 << a % 13
            if p < m.n:
                bad.h[p * 4 + a // 13] &= ~(1 << a % 13)
                bad.h[p * 4 + b // 13] |= 1 << b % 13
            with pytest.raises(AssertionError):
                check_deal(m, seat, bad)
            caught += 1
    assert caught > 0


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_determinizations_fit_the_observation(game):
    rng = random.Random(3)
    n_void = 0
    for m, seat in positions(game, range(1, 13)):
        v = m.observation(seat)
        t = sb.table(v)
        dealer = im.Dealer(t, seat, sb.unseen_cards(v, t), sb.known_cards(v, t))
        n_void += any(t.void[o] for o in range(m.n) if o != seat)
        for _ in range(25):
            check_deal(m, seat, dealer.deal(rng))
        # the exact fallback (no rejection tries) fits as well
        exact = im.Dealer(t, seat, sb.unseen_cards(v, t), sb.known_cards(v, t), tries=0)
        for _ in range(5):
            check_deal(m, seat, exact.deal(rng))
    assert n_void > 10  # positions with voids shown were tried


def test_blind_nil_exchange_cards_stay_with_the_partner():
    # four players: a Blind Nil's exchange tells each partner three of the other's
    # cards (RULES 1.4); every determinization keeps them there
    rng = random.Random(1)
    tried = 0
    for seed in range(1, 200):
        m = spades.Match(seed)
        bots = [sb.Bot(s, "random", seed) for s in range(4)]
        while m.phase not in (HAND_OVER, MATCH_OVER) and m.phase != PLAY:
            s = m.to_move
            m.apply(bots[s].act(m.observation(s)), s)
        if BLIND_NIL not in m.bids or m.bids.count(BLIND_NIL) > 1 or m.phase != PLAY:
            continue
        for seat in range(4):
            v = m.observation(seat)
            if not getattr(v, "received", b""):
                continue
            t = sb.table(v)
            dealer = im.Dealer(t, seat, sb.unseen_cards(v, t), sb.known_cards(v, t))
            for _ in range(10):
                d = dealer.deal(rng)
                check_deal(m, seat, d)
                assert set(v.passed) <= hands_of(d, 4)[seat ^ 2]
            tried += 1
        if tried >= 4:
            break
    assert tried >= 4


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_ismcts_plays_only_legal_cards(game):
    # whole hands with every seat the MCTS (a few iterations): the engine refuses any
    # illegal card (RULES 1.5-1.6), and each card is checked against its list too
    plays = 0
    for seed in range(1, 9):
        m = GAMES[game](seed)
        bots = [im.Ismcts(s, 8 + seed, seed, policy=seed % 2 == 0) for s in range(m.n)]
        while m.phase not in (HAND_OVER, MATCH_OVER):
            s = m.to_move
            v = m.observation(s)
            a = bots[s].act(v)
            if v.phase == PLAY:
                assert a in m.legal_actions(), (seed, a)
                plays += 1
            m.apply(a, s)
    assert plays == 8 * 13 * m.n  # every card of every hand


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_ismcts_legal_from_many_random_positions(game):
    for m, seat in positions(game, range(20, 32), every=2):
        v = m.observation(seat)
        a = im.Ismcts(seat, 20, 7).act(v)
        assert a in m.legal_actions()


def swapped(m, seat, rng):
    """A copy of m whose hidden cards differ and fit seat's observation alike: two
    other seats trade one unplayed card each, neither into a suit it showed void in
    (two players: the opponent trades with the discard pile's unseen cards)."""
    n = m.n
    void = shown_voids(m)
    w = copy.deepcopy(m)
    v = m.observation(seat)
    if n == 4:
        pairs = [(p, q) for p in range(4) for q in range(4) if seat not in (p, q) and p < q]
        rng.shuffle(pairs)
        for p, q in pairs:
            opts = [(a, b) for a in m.hands[p] for b in m.hands[q]
                    if a // 13 not in void[q] and b // 13 not in void[p]]
            if opts:
                a, b = opts[rng.randrange(len(opts))]
                for x, frm, to in ((a, p, q), (b, q, p)):
                    w.hands[frm].remove(x)
                    w.hands[to].append(x)
                    w.hands[to].sort()
                    w.holder[x] = to
                    w.counts[frm * 4 + x // 13] -= 1
                    w.counts[to * 4 + x // 13] += 1
                return w
        return None
    o = 1 - seat
    seen = set(v.rejected) | set(getattr(v, "discarded", b""))
    pile = [c for c in range(52) if m.holder[c] == spades2.PILE and c not in seen]
    opts = [(a, b) for a in m.hands[o] for b in pile if b // 13 not in void[o]]
    if not opts or v.declared[o] == 2:
        return None
    a, b = opts[rng.randrange(len(opts))]
    w.hands[o].remove(a)
    w.hands[o].append(b)
    w.hands[o].sort()
    w.holder[a] = spades2.PILE
    w.holder[b] = o
    w.counts[o * 4 + a // 13] -= 1
    w.counts[o * 4 + b // 13] += 1
    return w


def same_view(a, b):
    for f in ("hand", "history", "bids", "leaders", "trick", "to_move", "phase"):
        assert getattr(a, f) == getattr(b, f), f


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_ismcts_never_reads_the_hidden_cards(game):
    # the same observation with other hidden hands (traded consistently with it) and
    # the same seed: the same card. The seer, which sees the hands, is told apart by
    # the same test (so it can fail)
    rng = random.Random(5)
    tried = 0
    seer_moved = 0
    for m, seat in positions(game, range(40, 49), every=4, level="normal"):
        w = swapped(m, seat, rng)
        if w is None:
            continue
        va = copy.copy(m.observation(seat))
        vb = copy.copy(w.observation(seat))
        same_view(va, vb)
        a = im.Ismcts(seat, 30, 11).act(va)
        b = im.Ismcts(seat, 30, 11).act(vb)
        assert a == b, (seat, a, b)
        sa = ss.Seer(seat, 30, 11, solve=8)
        sa.match = m
        sb_ = ss.Seer(seat, 30, 11, solve=8)
        sb_.match = w
        sa, sb_ = sa.act(va), sb_.act(vb)
        seer_moved += sa != sb_
        tried += 1
    assert tried >= 20
    assert seer_moved > 0


def end_table(hands, bids, taken, void, to_move, broken=1):
    """A hand-built four-player end position at a trick's start: every hand known."""
    t = tr.Table(4)
    for o in range(4):
        for name in hands[o].split():
            c = parse(name)
            t.h[o * 4 + c // 13] |= 1 << (c % 13)
            t.left[c // 13] |= 1 << (c % 13)
        t.size[o] = len(hands[o].split())
        t.bid[o] = bids[o]
        t.taken[o] = taken[o]
        t.void[o] = void[o]
    t.broken = broken
    t.to_move = to_move
    t.bag_penalty = 1
    return t


def as_seen_by(t, seat):
    """t as seat's observation builds it (spades_bot.table): the other hands unknown."""
    u = tr.Table(4)
    u.copy_from(t)
    for o in range(4):
        if o != seat:
            for s in range(4):
                u.h[o * 4 + s] = 0
    return u


def test_seer_finds_the_forced_set_normal_misses():
    # RULES 1.7 (a set contract scores -10 a trick bid), 1.5 (the highest card of the
    # suit led wins: no spade is left anywhere, so a void cannot trump). North (2)
    # leads to the last three tricks; North-South (bid 3 + 2) have made theirs,
    # East-West (3 + 3) have 4 and need 2 of the 3. Clubs out: North's 7 8 J, South's
    # 4, West's 10. Normal leads the 7 (East is void in clubs, so it calls the jack
    # no sure winner: but East holds no spade): West's 10 wins and West's heart jack
    # makes the contract. The jack wins, and so do both small clubs after it: set.
    hands = ("4C 9H TH", "TC 6H JH", "7C 8C JC", "QD 8H QH")
    t = end_table(hands, bids=(3, 3, 2, 3), taken=(3, 1, 3, 3), void=(2, 2, 4, 1), to_move=2)
    normal = tr.pick(as_seen_by(t, 2), 2)
    assert normal == parse("7C")
    card, best, vals = ss.Solver().choose(t, 2)
    assert card == parse("JC")
    assert ss.Seer(2, 50, 1).card(t, 2) == parse("JC")
    assert vals[parse("7C")] < 0 < best  # the low lead lets the contract make
    # after the jack, whatever East-West do, North-South take every trick left
    w = tr.Table(4)
    w.copy_from(t)
    w.play(2, parse("JC"))
    s = ss.Solver()
    assert s.value(w) == best
    for c in ss.moves(w, 3):
        x = tr.Table(4)
        x.copy_from(w)
        x.play(3, c)
        assert s.value(x) >= best  # East's choice cannot save the contract


def test_solver_agrees_with_plain_minimax():
    # the solver's merged cards and its memo change nothing: on random end positions
    # of three cards each it gives the value a plain search over every card gives
    def plain(w):
        s = w.to_move
        if not w.size[s]:
            return im.reward(w, 0)
        vals = []
        for c in im.legal_cards(w, s):
            x = tr.Table(4)
            x.copy_from(w)
            x.play(s, c)
            vals.append(plain(x))
        return max(vals) if w.side(s) == 0 else min(vals)
    checked = 0
    for m, seat in positions("spades4", range(60, 70), every=1, level="normal"):
        if len(m.history) < 40:
            continue
        t = ss.true_table(m.observation(seat), m)
        assert ss.Solver().value(t) == plain(t)
        checked += 1
    assert checked >= 20


def test_arena_parses_the_sparring_levels():
    assert ah.spar_level("ismcts:300") == ("ismcts", 300, True)
    assert ah.spar_level("ismcts:40:random") == ("ismcts", 40, False)
    assert ah.spar_level("seer") == ("seer", 1000)
    assert ah.spar_level("seer:64") == ("seer", 64)
    assert ah.spar_level("hard") is None
    assert ah.spar_level("ismcts:260@HEAD~3") == ("ismcts", 260, "HEAD~3")
    for bad in ("ismcts", "ismcts:", "ismcts:0", "ismcts:x", "ismcts:5:fast", "seer:0", "seer:1:2",
                "ismcts:5@", "ismcts:5:random@HEAD", "seer@HEAD"):
        with pytest.raises(ValueError):
            ah.spar_level(bad)
    assert isinstance(ah.make_bot(1, "ismcts:12", 3, 1050), im.Ismcts)
    assert ah.make_bot(1, "ismcts:12", 3, 1050).iterations == 12
    m = spades.Match(1)
    seer = ah.make_bot(2, "seer", 3, 1050, m)
    assert isinstance(seer, ss.Seer) and seer.match is m
    assert arena_spades.level_name("ismcts:9") == "ismcts:9"
    assert arena_spades.level_name("hard-bids") == "hard-bids"
    with pytest.raises(Exception):
        arena_spades.level_name("ismcts:zero")
    with pytest.raises(Exception):
        arena_spades.level_name("oracle")


def test_a_frozen_policy_is_the_policy_of_its_revision_and_no_other():
    # ismcts:<iterations>@<rev> rolls out with spades_track.pick as it was at rev: a
    # change to the live policy (what is being measured) leaves its rollouts alone
    with open(os.path.join(ROOT, "engine", "bots", "spades_track.py")) as f:
        if f.read() != im.policy_source("HEAD"):
            pytest.skip("spades_track.py differs from HEAD's")
    pick = im.frozen_pick("HEAD")
    assert pick is not tr.pick and pick is im.frozen_pick("HEAD")
    n = 0
    for m, seat in positions("spades4", range(1, 9), level="normal"):
        t = sb.table(m.observation(seat))
        assert pick(t, seat) == tr.pick(t, seat)
        n += 1
    assert n >= 100
    with pytest.raises(ValueError, match="no-such-rev"):
        im.frozen_pick("no-such-rev")


def test_an_mcts_on_a_frozen_policy_never_calls_the_live_one(monkeypatch):
    m, seat = [x for x in positions("spades4", [3], level="normal") if len(x[0].hands[x[1]]) > 5][0]
    v = m.observation(seat)
    before = ah.make_bot(seat, "ismcts:40@HEAD", 5, 1050).act(v)

    def broken(t, s):
        raise AssertionError("the live policy")
    monkeypatch.setattr(tr, "pick", broken)
    assert ah.make_bot(seat, "ismcts:40@HEAD", 5, 1050).act(v) == before
    with pytest.raises(AssertionError):
        ah.make_bot(seat, "ismcts:40", 5, 1050).act(v)


def test_a_level_with_nil_off_bids_its_tricks_where_it_would_bid_nil():
    # RULES 1.4: a Nil is a bid of 0; with Nil off the same hand bids 1 or more, and a
    # hand that bids tricks bids the same
    from engine.tricks import BID, BIDDING
    nils = same = 0
    for seed in range(1, 120):
        m = spades.Match(seed)
        while m.phase == BIDDING:
            s = m.to_move
            a = ah.make_bot(s, "normal", 5, 1050).act(m.observation(s))
            b = ah.make_bot(s, "normal-nonil", 5, 1050).act(m.observation(s))
            if a == BID:
                nils += 1
                assert b > BID
            else:
                same += 1
                assert b == a
            m.apply(a, s)
    assert nils >= 3 and same >= 100
    assert arena_spades.level_name("normal-nonil") == "normal-nonil"
    with pytest.raises(Exception):
        arena_spades.level_name("oracle-nonil")


def _arena(*args):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py")] + list(args)
                         + ["--quiet"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()


@pytest.mark.parametrize("game", ["spades4", "spades2"])
def test_arena_duplicate_hands_with_the_new_levels(game):
    lines = _arena("--game", game, "--a", "ismcts:6", "--b", "seer:6", "--hands", "1", "--seed", "101")
    assert lines[0].startswith("game %s  a=ismcts:6  b=seer:6" % game)
    assert lines[-1].startswith("result: pair_points=") and lines[-1].endswith("hands=1")


def test_arena_matches_with_the_new_levels():
    lines = _arena("--game", "spades2", "--a", "seer:4", "--b", "ismcts:4:random", "--games", "2",
                   "--target", "200", "--seed", "101")
    assert lines[-1].startswith("result: a_win_rate=") and lines[-1].endswith("games=2")
    bad = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--a", "ismcts:0"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and "ismcts" in bad.stderr
    bad = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--a", "ismcts:5@no-such-rev"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and "no policy at revision 'no-such-rev'" in bad.stderr


def test_bundle_holds_no_sparring_module():
    # tools/bundle.py ships engine/, ui/, lib/ and the entry files: the sparring
    # partners (and the arena that loads them) stay on the laptop
    import bundle
    _, ship, errors, _ = bundle.plan(ROOT)
    assert not errors
    names = set(ship)
    assert names and "engine.bots.spades_bot" in names
    for name in names:
        assert "spar" not in name and "arena" not in name, name
        assert name.split(".")[0] in ("engine", "ui", "lib") or "." not in name, name
    drive = {m.drive_path for m in ship.values()}
    assert not any(p.startswith("tools/") for p in drive)
