"""Issue 12 part 3: a loaded save describes a state play can reach.

Thousands of mutated saves per game (seeded), the Spades checksum recomputed so they
reach the parser: each is either refused with a ValueError or loads into a match
that bots play on to its end with no exception, every legal action of the loaded
state accepted by apply (RULES 4). And the named unreachable cases are refused."""
import random

import pytest

from engine import spades, spades2, spit as S
from engine.bots import spades_bot
from engine.bots.spit_bot import SpitBot
from engine.spit_match import play_match
from engine.tricks import BIDDING, EXCHANGE, HAND_OVER, MATCH_OVER, NEXT_HAND, PLAY
from host_tests.rules_support import spit_at

MUTATIONS = 2000


def spades_checksum(b):
    s = (sum(b[:-2]) + len(b) - 2) & 0xFFFF
    b[-2] = s >> 8
    b[-1] = s & 255
    return b


def spades_saves(mod, seed):
    """Saves of a match (easy bots, target 200) in every phase, hand starts and ends."""
    m = mod.Match(seed, target=200)
    bots = [spades_bot.Bot(s, "easy", seed) for s in range(m.n)]
    out = []
    k = 0
    while m.phase != MATCH_OVER:
        if k % 5 == 0 or m.phase != PLAY:
            out.append(m.to_bytes())
        k += 1
        if m.phase == HAND_OVER:
            m.apply(NEXT_HAND)
            continue
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
    return out


def mutate(b, r, head):
    b = bytearray(b)
    for _ in range(r.choice((1, 1, 2, 3))):
        i = r.randrange(head) if r.random() < 0.7 else r.randrange(len(b))
        b[i] = r.choice((r.randrange(256), b[i] ^ (1 << r.randrange(8)), 0, 255, b[i] + 1 & 255, b[i] - 1 & 255))
    return b


def every_legal_action_is_accepted(m, load, apply):
    """Each legal action applied to a fresh copy of the loaded state: never refused."""
    blob = m.to_bytes()
    for a in m.legal_actions():
        apply(load(blob), a)


def play_spades_out(m):
    bots = [spades_bot.Bot(s, "easy", 7) for s in range(m.n)]
    steps = 0
    while m.phase != MATCH_OVER:
        steps += 1
        assert steps < 40000, "the match does not end"
        if m.phase == HAND_OVER:
            m.apply(NEXT_HAND)
            continue
        s = m.to_move
        a = bots[s].act(m.observation(s))
        assert a in m.legal_actions()
        m.apply(a, s)
    assert m.winner in (0, 1)


def loaded_mutants(bases, seed, head, load, fix=bytes):
    """Mutated saves (seeded; `fix` recomputes a checksum): yields each one that
    loads, and checks at the end that both kinds, refused and loaded, were many."""
    r = random.Random(seed)
    loaded = refused = 0
    for i in range(MUTATIONS):
        b = bytes(fix(mutate(r.choice(bases), r, head)))
        try:
            g = load(b)
        except ValueError:
            refused += 1
            continue
        loaded += 1
        assert g.to_bytes() == b  # the state loaded is the state saved
        yield i, g
    print("%d mutated saves, %d refused, %d loaded" % (MUTATIONS, refused, loaded))
    assert refused > MUTATIONS // 4 and loaded > MUTATIONS // 20


@pytest.mark.parametrize("mod", [spades, spades2], ids=["four", "two"])
def test_mutated_spades_saves_are_refused_or_play_to_the_end(mod):
    bases = spades_saves(mod, 3) + spades_saves(mod, 4)
    for _, m in loaded_mutants(bases, 12, 25, mod.Match.from_bytes, spades_checksum):
        assert 1 <= m.hand_no and m.target in (200, 300, 500)
        assert not (m.bag_penalty and max(m.bags) >= 10)
        every_legal_action_is_accepted(m, mod.Match.from_bytes, lambda x, a: x.apply(a))
        play_spades_out(m)


def spit_saves(seed, mode):
    g = S.Spit(seed, mode)
    out = []

    def hook(g, p, a, t, res):
        if len(out) < 400 and (a >= S.MOVE or len(out) % 3 == 0):
            out.append(g.to_bytes())

    out.append(g.to_bytes())
    play_match(g, SpitBot(3, seed), SpitBot(2, seed + 1), 60, hook)
    out.append(g.to_bytes())
    return out


def test_mutated_spit_saves_are_refused_or_play_to_the_end():
    bases = spit_saves(5, "standard") + spit_saves(6, "points")
    for i, g in loaded_mutants(bases, 13, 31, S.Spit.from_bytes):
        blob = g.to_bytes()
        for p in (0, 1):
            for a in g.legal_actions(p):
                S.Spit.from_bytes(blob).apply(a, p, g.clock)
        w = play_match(g, SpitBot(3, i), SpitBot(4, i + 1), 400)
        assert w in (0, 1) and g.phase == S.PH_MATCH_OVER


# ---- the cases issue 12 names ------------------------------------------------------

def spades_head(mod, **fields):
    """A save of a new hand with head fields replaced, checksum recomputed."""
    m = mod.Match(9, target=500)
    b = bytearray(m.to_bytes())
    for name, v in fields.items():
        if name == "target":
            b[3:5] = bytes((v >> 8, v & 255))
        else:
            at = {"hand": 6, "score0": 9, "score1": 12, "bags0": 15, "bags1": 18}[name]
            if name.startswith("score"):
                v += 0x800000
            b[at:at + 3] = bytes((v >> 16, (v >> 8) & 255, v & 255))
    return bytes(spades_checksum(b))


@pytest.mark.parametrize("mod", [spades, spades2], ids=["four", "two"])
@pytest.mark.parametrize("fields,word", [
    ({"hand": 5, "bags0": 10}, "bags"), ({"hand": 5, "bags1": 0xFFFFFF}, "bags"),
    ({"hand": 3, "score0": 520}, "target"), ({"hand": 9, "score1": 777, "score0": 100}, "target"),
    ({"target": 250}, "target"), ({"target": 0}, "target"), ({"hand": 0}, "hand number"),
    ({"hand": 1, "score0": 40}, "scores"), ({"hand": 1, "bags1": 2}, "bags"), ({"hand": 3, "score0": -1200}, "scores"),
], ids=["bags10", "bags-huge", "past-target", "past-target-2", "target-250", "target-0", "hand-0",
        "first-hand-score", "first-hand-bags", "too-low"])
def test_spades_heads_play_cannot_reach_are_refused(mod, fields, word):  # RULES 1.7, 1.8, 2.6, 2.7
    with pytest.raises(ValueError, match=word):
        mod.Match.from_bytes(spades_head(mod, **fields))


def test_reachable_spades_heads_still_load():  # the bounds are not too tight
    for mod in (spades, spades2):
        for fields in ({"hand": 5, "bags0": 9, "score0": 499, "score1": -300}, {"hand": 40, "score0": 600, "score1": 600},
                       {"hand": 2, "score0": -487, "score1": 200}, {"target": 200}):
            m = mod.Match.from_bytes(spades_head(mod, **fields))
            assert m.phase in (BIDDING, EXCHANGE) or m.n == 2
    m = spades.Match(9, bag_penalty=False)
    m.hand_no = 4
    m.bags[0] = 30
    m._head()
    assert spades.Match.from_bytes(m.to_bytes()).bags[0] == 30  # no penalty: bags pile up


def spit_round_start(mode="standard"):
    return S.Spit(21, mode)


def spit_state(cond, mode="standard"):
    return spit_at(cond, mode)[0]


def refused_as(g, word):
    with pytest.raises(ValueError, match=word):
        S.Spit.from_bytes(g.to_bytes())


def test_spit_fields_that_disagree_are_refused():  # RULES 3.3, 3.5-3.8
    g = spit_state(lambda g: g.phase == S.PH_PLAY)
    g.slap_pile[0] = 1  # a slap before the round ended
    refused_as(g, "slap")
    g = spit_state(lambda g: g.phase == S.PH_PLAY and g.spit[0] and g.spit[1])
    g.one_pile = 0  # one pile while both hold spit cards
    refused_as(g, "one spit pile")
    g = spit_round_start()
    g.phase = S.PH_PLAY  # play before anyone spat
    refused_as(g, "phase")
    g = spit_state(lambda g: g.phase == S.PH_SLAP and g.slap_pile[0] == 255 and g.slap_pile[1] == 255)
    g.slap_pile[0] = 0
    g.slap_pile[1] = 1  # both slapped, never settled
    refused_as(g, "slap")
    g = spit_state(lambda g: g.phase == S.PH_ROUND_OVER)
    g.winner = 1  # a winner while the match goes on
    refused_as(g, "winner")
    g = spit_state(lambda g: g.phase == S.PH_ROUND_OVER, "points")
    g.scores[0] += 1  # points that no round could give
    refused_as(g, "points")
    g = spit_round_start()
    g.took[0] = 0  # a pile taken before any round ended
    refused_as(g, "taken")
    g = spit_state(lambda g: g.stalemate())
    g.phase = S.PH_PLAY  # play on when nobody can move
    refused_as(g, "phase")
    g = spit_state(lambda g: g.phase == S.PH_PLAY)
    g.clock = 1 << 31
    refused_as(g, "clock")


def test_a_saved_slap_round_with_one_slap_plays_on():
    g = spit_state(lambda g: g.phase == S.PH_SLAP and g.slap_pile[0] != 255)
    g2 = S.Spit.from_bytes(g.to_bytes())
    assert play_match(g2, SpitBot(3, 1), SpitBot(3, 2), 400) in (0, 1)
