"""issue 8: save after every action of a four-player match through storage, rebuild
the match from the stored bytes alone each time, and finish identically."""
import pytest

from engine import options, storage
from engine.storage import Storage

spades = pytest.importorskip("engine.spades")
spades_bot = pytest.importorskip("engine.bots.spades_bot")
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND  # noqa: E402

LEVEL = "normal"


def decide(m, seat):
    # a bot's random stream is not part of the saved match, so a resumed game can only
    # continue identically if bots are seeded from the match itself: a fresh bot per
    # decision, seeded from the hand and the number of cards played
    v = m.observation(seat)
    seed = m.hand_no * 131 + len(v.history) * 7 + seat
    return spades_bot.Bot(seat, LEVEL, seed).act(v)


def play(m, nvm=None, hand_cap=60):
    """Play to the end; with nvm, save after every action and reload from the bytes."""
    trace = []
    st = Storage(nvm) if nvm is not None else None
    biggest = 0
    hands = 0
    while m.phase != MATCH_OVER and hands < hand_cap:
        if m.phase == HAND_OVER:
            a, seat = NEXT_HAND, None
            hands += 1
            m.apply(a)
        else:
            seat = m.to_move
            a = decide(m, seat)
            m.apply(a, seat)
        trace.append(a)
        if st is not None:
            blob = m.to_bytes()
            biggest = max(biggest, len(blob))
            st.save_game(storage.GAME_SPADES4, options.level_byte(0, LEVEL), blob)
            st.save_game(storage.GAME_SPADES4, options.level_byte(0, LEVEL), blob)  # no-op
            # the next start: nothing but the store's bytes
            game_id, level, saved = Storage(nvm).load_game()
            assert game_id == storage.GAME_SPADES4
            assert options.level_value(game_id, level) == LEVEL
            m = spades.Match.from_bytes(saved)
            assert m.to_bytes() == blob
    return m, trace, (st.writes if st else 0), biggest


@pytest.mark.parametrize("seed,target", [(1, 200), (2, 200), (3, 500)])
def test_save_every_step_and_finish_identically(seed, target):
    plain, trace_a, _, _ = play(spades.Match(seed, target=target))
    nvm = bytearray(8192)
    saved, trace_b, writes, biggest = play(spades.Match(seed, target=target), nvm)
    assert trace_b == trace_a
    assert saved.to_bytes() == plain.to_bytes()
    assert saved.phase == MATCH_OVER and tuple(saved.scores) == tuple(plain.scores)
    assert saved.winner == plain.winner
    # one write per action, none for the repeated saves
    assert writes == len(trace_a)
    Storage(nvm).clear_game()  # finishing the match clears it
    assert Storage(nvm).load_game() is None
    print("seed %d, target %d: %d actions, %d store writes, largest blob %d bytes (max %d)"
          % (seed, target, len(trace_a), writes, biggest, storage.MAX_GAME_BLOB))


def test_spit_game_round_trips_through_storage():
    spit = pytest.importorskip("engine.spit")
    g = spit.Spit(seed=5, spit_match="points")
    blob = g.to_bytes()
    nvm = bytearray(8192)
    Storage(nvm).save_game(storage.GAME_SPIT, options.level_byte(storage.GAME_SPIT, 4), blob)
    game_id, level, saved = Storage(nvm).load_game()
    assert (game_id, options.level_value(game_id, level)) == (storage.GAME_SPIT, 4)
    assert spit.Spit.from_bytes(saved).to_bytes() == blob


def test_statistics_over_a_real_match():
    from engine import stats
    m = spades.Match(4, target=300)
    st = stats.Stats()
    G = storage.GAME_SPADES4
    hands = bostons = 0
    while m.phase != MATCH_OVER:
        if m.phase == HAND_OVER:
            m.apply(NEXT_HAND)
            continue
        seat = m.to_move
        m.apply(decide(m, seat), seat)
        if m.phase in (HAND_OVER, MATCH_OVER):
            v = m.observation(0)
            st.spades_hand(G, 0, v.bids, v.tricks, m.last_breakdown[0])
            hands += 1
            bostons += m.last_boston == 0
    st.match_over(G, m.winner == 0)
    assert st.get(G, stats.HANDS) == hands and st.get(G, stats.BOSTONS) == bostons
    assert 0 < st.get(G, stats.CONTRACTS_MADE) <= st.get(G, stats.CONTRACTS) <= hands
    assert st.get(G, stats.MATCHES) == 1
    nvm = bytearray(8192)
    Storage(nvm).save_stats(st)
    assert Storage(nvm).load_stats() == st
    print(dict(st.lines(G)))
