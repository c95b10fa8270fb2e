"""Replaying a hand of a Spades match (engine/spades_replay.py replay, result; the
save's record of hand starts, engine/tricks.py): the same cards from the same scores, bags and dealer (RULES
1.2, 2.2, 4), nothing changed in the match, illegal requests refused (RULES 4)."""
import pytest

from engine import spades, spades2
from engine.rng import Rng
from engine.spades_record import first, next_hand
from engine.numbered import deal as deal_number
from engine.spades_replay import replay, result
from engine.tricks import IllegalAction, BID, NEXT_HAND, HAND_OVER, MATCH_OVER, BIDDING, DECLARE
from engine.tricks import _DEALS as DEALS, _NO_NUMBER as NO_NUMBER
from engine.spades_record import ENTRY, KEPT


def dealt(saved):
    """A hand's save head and cards without the match's RNG (bytes 21-24): a replay
    deals the same hand, but does not go on with the match, nor draws its next number."""
    return saved[:21] + saved[25:]


def _act(m, r):
    la = m.legal_actions()
    a = BID + 2 + r.below(3) if la[0] == BID else la[r.below(len(la))]
    m.apply(a)


def _to_hand_end(m, r):
    while m.phase not in (HAND_OVER, MATCH_OVER):
        _act(m, r)


def played(mod, hands, seed=11, target=500, **kw):
    """A match of random legal play stopped at the end of hand `hands`; with each
    hand's start (scores, bags, dealer, the deal and head) and result kept aside."""
    m = mod.Match(seed, target=target, **kw)
    first(m)
    r = Rng(seed + 5)
    starts = []
    while True:
        starts.append((list(m.scores), list(m.bags), m.dealer, m._saved))
        before = list(m.scores)
        _to_hand_end(m, r)
        starts[-1] += ((m.scores[0] - before[0], m.scores[1] - before[1]),)
        if m.hand_no == hands or m.phase == MATCH_OVER:
            return m, starts
        next_hand(m)


def under_way(mod, hands):
    """played() on into the next hand, one action made."""
    m, starts = played(mod, hands)
    next_hand(m)
    _act(m, Rng(3))
    return m, starts


@pytest.mark.parametrize("mod", (spades, spades2))
def test_every_hand_deals_again_from_its_start(mod):
    # RULES 1.2 / 2.2 and 4: the same RNG state deals the same cards (two players: the
    # same stock order); the scores, bags and dealer are those the hand began with
    m, starts = played(mod, 6)
    assert m.phase == HAND_OVER and m.hand_no == 6
    for k in range(1, 7):
        r = replay(m, k)
        scores, bags, dealer, saved, points = starts[k - 1]
        assert (r.hand_no, r.scores, r.bags, r.dealer) == (k, scores, bags, dealer)
        assert dealt(r._saved) == dealt(saved)  # head and deal: byte for byte the hand as first dealt
        assert r.phase == (BIDDING if mod is spades else DECLARE)
        assert r.replay_of == k
        assert result(m, k) == points


@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_replay_changes_nothing_in_the_match(mod):
    m, _ = played(mod, 3)
    before = m.to_bytes()
    r = replay(m, 3)
    _to_hand_end(r, Rng(99))
    assert m.to_bytes() == before
    assert result(r, 3) == (r.scores[0] - replay(m, 3).scores[0], r.scores[1] - replay(m, 3).scores[1])
    # and a replay of the replay deals the same hand again
    assert replay(r, 3)._saved == replay(m, 3)._saved


@pytest.mark.parametrize("mod", (spades, spades2))
def test_replaying_a_hand_not_played_or_still_being_played_is_refused(mod):
    m, _ = under_way(mod, 2)  # hand 3 under way
    before = m.to_bytes()
    for k, why in ((3, "still being played"), (4, "no hand"), (0, "no hand"), (-1, "no hand"),
                   (True, "no hand"), (2.0, "no hand"), ("1", "no hand"), (None, "no hand")):
        with pytest.raises(IllegalAction) as e:
            replay(m, k)
        assert str(e.value).startswith("4: ") and why in str(e.value), (k, str(e.value))
        with pytest.raises(IllegalAction):
            result(m, k)
        assert m.to_bytes() == before
    assert replay(m, 2).hand_no == 2 and replay(m, 1).hand_no == 1


@pytest.mark.parametrize("mod", (spades, spades2))
def test_only_the_last_hands_are_kept_and_the_save_stays_small(mod):
    from engine import storage
    # a long match: 40 hands to a target never reached (bags off, scores wander)
    m = mod.Match(5, bag_penalty=False)
    first(m)
    r = Rng(6)
    for _ in range(KEPT + 8):
        _to_hand_end(m, r)
        if m.phase == MATCH_OVER:
            break
        next_hand(m)
    while m.phase not in (HAND_OVER, MATCH_OVER):  # the hand's end: its save is the largest
        _act(m, r)
    h = m.hand_no
    assert h > KEPT and len(m.past) == KEPT * ENTRY
    with pytest.raises(IllegalAction) as e:
        replay(m, h - KEPT)
    assert "no longer kept" in str(e.value)
    assert replay(m, h - KEPT + 1).hand_no == h - KEPT + 1
    b = m.to_bytes()
    # 25 head, the deal (13 or 52), the log (72 or 62), 32 starts, count, checksum
    assert len(b) <= 25 + mod.Match.deal_size + 72 + KEPT * ENTRY + 3 <= 700
    assert len(b) <= storage.MAX_GAME_BLOB  # the saved game's room in a 4 KB slot
    st = storage.Storage(bytearray(storage.SIZE))
    assert st.save_game(0, 0, b) and st.load_game()[2] == b
    assert mod.Match.from_bytes(b).to_bytes() == b


@pytest.mark.parametrize("mod", (spades, spades2))
def test_the_record_survives_a_save_and_loads_checked(mod):
    m, starts = under_way(mod, 4)
    b = m.to_bytes()
    m2 = mod.Match.from_bytes(b)
    assert m2.to_bytes() == b
    for k in range(1, 5):
        assert dealt(replay(m2, k)._saved) == dealt(starts[k - 1][3])
        assert result(m2, k) == starts[k - 1][4]
    # a start play cannot reach (hand 1 not at 0-0), an RNG state that cannot deal,
    # or more starts than hands are refused
    k = b[-3]
    at = len(b) - 3 - k * ENTRY
    for i, x in ((at + 4, b"\x55"), (at, b"\0\0\0\0"), (len(b) - 3, bytes((k + 1,)))):
        bad = bytearray(b)
        bad[i:i + len(x)] = x
        s = sum(bad[:-2]) + len(bad) - 2
        bad[-2:] = bytes(((s >> 8) & 255, s & 255))
        with pytest.raises(ValueError):
            mod.Match.from_bytes(bytes(bad))


@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_version_1_save_still_loads_with_an_empty_record(mod):
    m, _ = under_way(mod, 2)
    b = m.to_bytes()
    k = b[-3]
    old = bytearray(bytes((b[0], 1)) + b[2:25] + b[28:len(b) - 3 - k * ENTRY])  # a 25-byte head
    s = sum(old) + len(old)
    old += bytes(((s >> 8) & 255, s & 255))
    m1 = mod.Match.from_bytes(bytes(old))
    assert m1.past == b"" and m1.hand_no == 3 and m1.number == NO_NUMBER
    with pytest.raises(IllegalAction):
        replay(m1, 2)  # its start was never kept
    assert mod.Match.from_bytes(m1.to_bytes()).to_bytes() == m1.to_bytes()


@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_version_2_save_loads_with_no_deal_number_and_no_record(mod):
    # version 2 kept RNG states where version 3 keeps deal numbers: its hand goes on,
    # its record (which this engine cannot read) is dropped, and the hand has no number
    m, _ = under_way(mod, 2)
    b = m.to_bytes()
    k = b[-3]
    old = bytearray(bytes((b[0], 2)) + b[2:25] + b[28:len(b) - 2])
    s = sum(old) + len(old)
    old += bytes(((s >> 8) & 255, s & 255))
    m2 = mod.Match.from_bytes(bytes(old))
    assert k == 3 and m2.past == b"" and m2.number == NO_NUMBER
    assert (m2.hand_no, m2.scores, list(m2.history)) == (m.hand_no, m.scores, list(m.history))
    assert mod.Match.from_bytes(m2.to_bytes()).to_bytes() == m2.to_bytes()
    _to_hand_end(m2, Rng(4))
    if m2.phase == HAND_OVER:  # the next hand has a number again, and its start is kept
        next_hand(m2)
        assert 0 <= m2.number < DEALS and m2.number % m2.n == m2.dealer
        with pytest.raises(IllegalAction):
            replay(m2, m2.hand_no - 1)  # the version 2 hand: its start was never kept
        _to_hand_end(m2, Rng(5))
        assert replay(m2, m2.hand_no).number == m2.number


@pytest.mark.parametrize("mod", (spades, spades2))
def test_the_score_history_of_a_resumed_match_comes_from_the_record(mod):
    from engine.spades_replay import history
    m, starts = under_way(mod, 3)
    m2 = mod.Match.from_bytes(m.to_bytes())
    after = [starts[1][0], starts[2][0], list(m2.scores)]  # the scores each next hand began with
    numbers = [int.from_bytes(st[3][25:28], "big") for st in starts]  # each hand's deal number, in its head
    assert history(m2) == [(k, after[k - 1][0], after[k - 1][1], numbers[k - 1]) for k in (1, 2, 3)]
    assert len(set(numbers)) == 3 and all(numbers[k] % mod.Match.n == starts[k][2] for k in range(3))
    m, _ = played(mod, 2)
    assert history(m)[-1] == (2, m.scores[0], m.scores[1], m.number)  # the hand just over: its end


def test_the_score_history_checks_the_record_once(monkeypatch):
    # a check once a kept hand took a pause page's frame to 190 board-ms (it shuffled a deck then)
    from engine import spades_replay
    m, _ = played(spades, 5)
    m2 = spades.Match.from_bytes(m.to_bytes())
    checks = []
    real = spades_replay._current
    monkeypatch.setattr(spades_replay, "_current", lambda m: checks.append(1) or real(m))
    assert [h[0] for h in spades_replay.history(m2)] == list(range(1, m.hand_no + 1))
    assert m.hand_no >= 3
    assert len(checks) == 1


@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_record_not_kept_through_next_hand_is_not_used(mod):
    # NEXT_HAND applied without next_hand(): the record no longer ends with the hand in
    # play, so its hands are not kept (never dealt from the wrong start)
    m, _ = played(mod, 2)
    m.apply(NEXT_HAND)
    _to_hand_end(m, Rng(4))
    for k in (1, 2):
        with pytest.raises(IllegalAction) as e:
            replay(m, k)
        assert "no longer kept" in str(e.value)
    assert replay(m, 3)._saved == m._saved  # the hand just played: from its own head


@pytest.mark.parametrize("mod", (spades, spades2))
def test_next_hand_refuses_as_apply_does_and_changes_nothing(mod):
    m, _ = under_way(mod, 1)
    before = m.to_bytes()
    with pytest.raises(IllegalAction):
        next_hand(m)
    assert m.to_bytes() == before


@pytest.mark.parametrize("mod", (spades, spades2))
def test_the_match_a_replay_keeps_as_bytes_comes_back_whole(mod):
    # ui/spades_replay.py keeps the match aside as to_bytes() while a hand is
    # replayed and rebuilds it after (RULES 4: a replay counts nowhere): at a hand's
    # end, at the match's end and in the middle of a hand, the rebuilt match is the
    # same and replays and scores its hands as the match did
    ms = [played(mod, 3)[0], under_way(mod, 2)[0]]
    if mod is spades:
        ms.append(played(mod, 9, seed=9, target=200)[0])  # this one is over after a hand
        assert ms[-1].phase == MATCH_OVER
    for m in ms:
        b = m.to_bytes()
        m2 = mod.Match.from_bytes(b)
        assert m2.to_bytes() == b and m2.phase == m.phase and m2.to_move == m.to_move
        last = m.hand_no if m.phase in (HAND_OVER, MATCH_OVER) else m.hand_no - 1
        for k in range(max(1, last - KEPT + 2), last + 1):  # the hands still kept
            assert result(m2, k) == result(m, k) and replay(m2, k)._saved == replay(m, k)._saved
    assert ms[1].phase not in (HAND_OVER, MATCH_OVER)


# ---- a deal number played alone (issue 25; the title menu's Deal number)

@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_deal_number_deals_the_same_cards_and_draws_as_the_match_that_dealt_it(mod):
    # RULES 4: the number alone says the cards and what the hand draws (2.4's pile)
    m = mod.Match(77)
    first(m)
    m2 = mod.Match(5, _deal=False)
    deal_number(m2, m.number)
    assert (m2.dealer, m2._deal_bytes(), m2.hand_no, m2.scores) == (m.dealer, m._deal_bytes(), 1, [0, 0])
    r1, r2 = Rng(9), Rng(9)
    while m.phase != HAND_OVER:  # the same actions give the same hand, replacements too
        _act(m, r1)
        _act(m2, r2)
        assert list(m.hands) == list(m2.hands)
    assert m2.phase == MATCH_OVER and m2.scores == m.scores
    assert m2.winner == (-1 if m.scores[0] == m.scores[1] else int(m.scores[1] > m.scores[0]))
    assert m2.legal_actions() == [] and m2.single and not m.single


@pytest.mark.parametrize("mod", (spades, spades2))
def test_a_deal_played_alone_survives_the_save_and_a_bad_number_changes_nothing(mod):
    m = mod.Match(1, _deal=False)
    for bad in (-1, DEALS, 2.0, "7"):
        with pytest.raises(ValueError):
            deal_number(m, bad)
        assert m.number == NO_NUMBER and not m.single
    deal_number(m, 123457)
    first(m)
    assert m.dealer == 123457 % mod.Match.n and m.number == 123457
    _act(m, Rng(2))
    b = m.to_bytes()
    m2 = mod.Match.from_bytes(b)
    assert m2.single and m2.number == 123457 and m2.to_bytes() == b
    body = bytearray(b[:-2])
    body[2] &= 0xF7  # the same cards as a match's first hand: loads, not alone
    s = sum(body) + len(body)
    m3 = mod.Match.from_bytes(bytes(body) + bytes(((s >> 8) & 255, s & 255)))
    assert not m3.single and m3.number == 123457
    body[2] |= 8
    body[27] ^= 1  # another number: not the cards saved
    s = sum(body) + len(body)
    with pytest.raises(ValueError):
        mod.Match.from_bytes(bytes(body) + bytes(((s >> 8) & 255, s & 255)))
