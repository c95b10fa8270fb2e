"""The Spit screens (ui/spit_screen.py): layout pixels, keys, scripted rounds against the
level-1 and level-5 bots on the simulated clock (a void move, a refill, a stalemate, a
slap, a whole match), saving and Continue, lights and sound, idle frames."""
import os
import sys

import pytest

from engine import spit as S
from engine import stats as ST
from engine.bots.spit_bot import THINK
from engine.storage import GAME_SPIT, Storage
from host_tests.ui_support import count_color, shown
from ui import keys, rules_text, sprites, spit_draw as D, spit_screen as SS, widgets
from ui.app import App
from ui.hardware_laptop import Headless
from ui.menu import Menu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)
from tools import screens_spit as T  # noqa: E402

STEP = 20  # ms per simulated frame


@pytest.fixture
def hw():
    h = Headless()
    yield h
    h.close()


def make(hw, seed=7, level=3, spit_match="standard"):
    app = App(hw)
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    scr = SS.new_match(app, seed, level, spit_match)
    app.step()
    return app, scr


def to_play(app, scr, grace=True):
    """On to the play after the first Spit!, and (grace) past the moment in which an
    A still counts as the Spit! press."""
    assert T.run_until(app, lambda: scr.game.phase == S.PH_PLAY, ms=STEP, limit=1000)
    if grace:
        assert T.run_until(app, lambda: app.now - scr.spit_at >= SS.SPIT_GRACE, ms=STEP, limit=100)


def past_guard(app):
    """Wait until a page just opened takes keys (SS.GUARD_MS)."""
    T.frames(app, SS.GUARD_MS // STEP + 1, STEP)


def place_x(i):
    return D.PLACE_X0 + D.PITCH * i


class Recorder:
    """Wraps the table's hook: counts every applied action by seat, kind and result."""

    def __init__(self, scr):
        self.scr = scr
        self.inner = scr.tab.hook
        scr.tab.hook = self
        self.voids = 0
        self.plays = [0, 0]
        self.fills = [0, 0]
        self.spits = 0
        self.slaps = [0, 0]
        self.rounds_ended = 0

    def __call__(self, g, p, action, t, r):
        if action < S.MOVE:
            if r == S.VOID:
                self.voids += p == 0
            else:
                self.plays[p] += 1
        elif action < S.SPIT:
            self.fills[p] += 1
        elif action == S.SPIT:
            self.spits += 1
        elif action < S.NEXT_ROUND:
            self.slaps[p] += 1
        self.inner(g, p, action, t, r)


# ---------------------------------------------------------------- layout

def test_first_layout_has_five_places_a_side_and_two_piles(hw):
    app, scr = make(hw)
    to_play(app, scr)
    d = hw.display
    v = scr.v
    assert v.one_pile == -1 and v.pile_counts == [1, 1]
    for i in range(5):  # RULES 3.2: 1..5 cards, top face up
        assert v.counts[i] == i + 1 and v.opp_counts[i] == i + 1
        for y in (D.YOU_Y + 8, D.BOT_Y + 8):
            assert count_color(d, 0xFFFFFF, place_x(i) + 2, y, place_x(i) + 18, y + 10) > 40
    for k, x in ((0, D.PILE_X0), (1, D.PILE_X1)):
        c = v.pile_tops[k]
        assert d.pixel(x + 10, D.PILE_Y + 23) == shown(0xFFFFFF)  # the pile card's face
        ink = sprites.SUIT_COLORS[c // 13]
        assert count_color(d, ink, x + 1, D.PILE_Y + 1, x + 11, D.PILE_Y + 20) > 8, "suit colour"
    # the face-down count beside place 4 (four cards below) and a back peeking out
    assert count_color(d, D.TEXT, place_x(4) + D.DIGIT_DX, D.YOU_Y + 7, place_x(4) + 29, D.YOU_Y + 19) > 5
    assert count_color(d, D.TEXT, place_x(0) + D.DIGIT_DX, D.YOU_Y + 7, place_x(0) + 29, D.YOU_Y + 19) == 0
    assert scr.edges[4].hidden is False and scr.edges[0].hidden is True
    # both players' spit cards with their counts (26 - 15 - 1 = 10)
    assert v.spit_counts == [10, 10]
    assert count_color(d, 0x1C3C9C, D.YOU_DECK_X, D.YOU_DECK_Y, D.YOU_DECK_X + 20, D.YOU_DECK_Y + 26) > 100
    assert count_color(d, 0x1C3C9C, D.BOT_DECK_X, D.BOT_DECK_Y, D.BOT_DECK_X + 20, D.BOT_DECK_Y + 26) > 100


def test_the_three_kinds_of_numbers_are_labelled(hw):
    """Face-down cards under a stockpile read "+n" (n more below, 3.2), a spit pile's
    size "n cards" (what a slap takes, 3.6), the face-down spit cards "spit" (3.3)."""
    app, scr = make(hw)
    to_play(app, scr)
    assert [t.text for t in scr.below[:5]] == ["", "+1", "+2", "+3", "+4"]
    assert [t.text for t in scr.below[5:]] == ["", "+1", "+2", "+3", "+4"]
    assert [t.text for t in scr.pile_counts] == ["1 card", "1 card"]
    assert [t.text for t in scr.deck_counts] == ["10", "10"]
    assert [t.hidden for t in scr.deck_labels] == [False, False]
    d = hw.display
    for x, y in ((D.YOU_DECK_X, D.YOU_DECK_Y - 10), (D.BOT_DECK_X, D.BOT_DECK_Y + 29)):
        assert count_color(d, D.TEXT, x, y, x + 22, y + 6) > 10  # "SPIT" over / under the deck
    for k, x in ((0, D.PILE_X0), (1, D.PILE_X1)):
        assert count_color(d, D.TEXT, x - 6, D.COUNT_Y, x + 26, D.COUNT_Y + 6) > 20


def test_cursor_is_gold_at_the_chosen_place_and_moves_with_left_right(hw):
    app, scr = make(hw)
    to_play(app, scr)
    d = hw.display
    gold = shown(D.YOU_COLOR)
    edge = shown(0xFFC800)  # sprites CURSOR edge
    assert d.pixel(place_x(0) + 5, D.CURSOR_Y) == gold
    assert d.pixel(place_x(0) + 8, D.YOU_Y - D.RAISE) == edge
    assert d.pixel(place_x(1) + 5, D.CURSOR_Y) != gold
    hw.press(keys.RIGHT)
    app.step()
    assert scr.cursor == 1
    assert d.pixel(place_x(1) + 5, D.CURSOR_Y) == gold
    assert d.pixel(place_x(1) + 8, D.YOU_Y - D.RAISE) == edge
    assert d.pixel(place_x(0) + 5, D.CURSOR_Y) != gold
    assert d.pixel(place_x(0) + 8, D.YOU_Y) == shown(0x303030)  # back down, plain edge
    hw.press(keys.LEFT, keys.LEFT)
    app.step()
    assert scr.cursor == 4  # wraps


def test_countdown_banner_then_spit_on_a(hw):
    app, scr = make(hw)
    d = hw.display
    assert scr.game.phase == S.PH_SPIT
    assert count_color(d, D.YOU_COLOR, 28, D.MSG_Y, 134, D.MSG_Y + 13) > 60  # SPIT! ...
    assert count_color(d, D.BANNER, 28, D.MSG_Y, 134, D.MSG_Y + 13) > 500  # on its band
    assert scr.message.text == "SPIT! 3  A: now"
    hw.advance(100)
    hw.press(keys.A)
    app.step()
    assert scr.game.phase == S.PH_PLAY
    assert count_color(d, D.BANNER, 28, D.MSG_Y, 134, D.MSG_Y + 13) == 0  # the band goes
    assert count_color(d, D.YOU_COLOR, 28, D.MSG_Y, 134, D.MSG_Y + 13) == 0
    assert scr.v.pile_counts == [1, 1]
    assert any(hz == 660 for _, hz, _ in hw.tones)  # SPIT! tone
    assert hw.pixels.colors[0] == 0xFFFFFF  # the flash
    T.frames(app, 20, STEP)
    assert hw.pixels.colors[0] in (0, 0x00C040, 0xC02000)  # flash over


def test_in_a_stalemate_the_bot_calls_spit_when_its_level_says(hw):
    """3.5: when neither can move, both call Spit!; the bot calls it (ending the
    countdown) sooner the higher its level; A still calls it at once."""
    from engine.bots.spit_bot import SpitBot
    calls = [SpitBot(level, 1).spit_call() for level in (1, 2, 3, 4, 5)]
    assert calls == sorted(calls, reverse=True) and calls[0] > calls[4]
    app = App(hw)
    scr = T.table(app, seed=3, level=5)
    T.autopilot(scr, 4)
    assert T.run_until(app, lambda: scr.game.stalemate(), ms=STEP)
    assert scr.tab.spit_pause == calls[4]
    t0 = scr.tab.since
    assert T.run_until(app, lambda: not scr.game.stalemate(), ms=STEP, limit=200)
    assert scr.game.clock - t0 <= calls[4] + STEP


def test_spit_countdown_runs_out_by_itself(hw):
    app, scr = make(hw)
    T.frames(app, (SS.START_PAUSE - 100) // STEP, STEP)
    assert scr.game.phase == S.PH_SPIT
    T.frames(app, 10, STEP)
    assert scr.game.phase != S.PH_SPIT


def _still_table_with_a_misfit(hw):
    """Play under way, the bot held still, and the places whose top does not fit
    the left pile (there is at least one)."""
    app, scr = make(hw, seed=7)
    to_play(app, scr)
    scr.tab.bots[1] = None  # keep the table still
    scr.tab.when[1] = -1
    v = scr.v
    bad = [i for i in range(5) if not S.adjacent(v.tops[i], v.pile_tops[0])]
    assert bad
    return app, scr, v, bad


def test_a_card_that_does_not_fit_shakes_back_and_costs_nothing(hw):
    app, scr, v, bad = _still_table_with_a_misfit(hw)
    before = scr.game.to_bytes()
    keys_ = [keys.RIGHT] * bad[0] + [keys.A]
    hw.press(*keys_)
    app.step()
    assert scr.game.to_bytes() == before
    assert scr.refusals == 1
    assert hw.tones[-1][1] == 110  # the buzz
    grid = scr.cards[bad[0]].grid
    ys = set()
    xs = set()
    for _ in range(20):
        ys.add(grid.y)
        xs.add(grid.x)
        hw.advance(D.SHAKE_STEP)
        app.step()
    assert len(xs) > 2 and min(ys) < D.YOU_Y - D.RAISE  # it moved, then settled
    assert grid.x == place_x(bad[0]) and grid.y == D.YOU_Y - D.RAISE


def test_a_play_lands_pulses_the_lights_and_beeps(hw):
    app, scr = make(hw, seed=7)
    to_play(app, scr)
    scr.tab.bots[1] = None
    scr.tab.when[1] = -1
    v = scr.v
    for i in range(5):
        for k in (0, 1):
            if S.adjacent(v.tops[i], v.pile_tops[k]):
                card = v.tops[i]
                hw.press(*([keys.RIGHT] * i + [keys.A if k == 0 else keys.B]))
                app.step()
                assert scr.v.pile_tops[k] == card
                assert scr.v.counts[i] == i
                assert hw.pixels.colors[2] == 0x00C040
                assert hw.tones[-1][1] == 880
                x = D.PILE_X0 if k == 0 else D.PILE_X1
                ink = sprites.SUIT_COLORS[card // 13]
                assert count_color(hw.display, ink, x + 1, D.PILE_Y + 1, x + 11, D.PILE_Y + 20) > 8
                T.frames(app, 10, STEP)
                assert hw.pixels.colors[2] == 0
                return
    pytest.skip("no play in this deal")


def test_sound_off_makes_no_tones(hw):
    app, scr = make(hw)
    app.sound_on = False
    hw.press(keys.A)
    app.step()
    assert scr.game.phase == S.PH_PLAY and hw.tones == []


def test_idle_frames_redraw_nothing(hw):
    app, scr = make(hw, seed=7)
    to_play(app, scr)
    scr.tab.bots[1] = None  # no bot move will come
    scr.tab.when[1] = -1
    T.frames(app, 30, STEP)
    r = app.refreshes
    T.frames(app, 200, STEP)
    assert app.refreshes == r
    hw.press(keys.RIGHT)
    app.step()
    assert app.refreshes == r + 1


def test_pause_stops_the_clock_and_rules_show(hw):
    app, scr = make(hw, seed=7)
    to_play(app, scr)
    g = scr.game
    hw.press(keys.START)
    app.step()
    assert scr.mode == SS.M_PAUSE and scr.panel.hidden is False
    before = g.to_bytes()
    T.frames(app, 500, STEP)  # 10 s: the bot would have played
    assert g.to_bytes() == before
    hw.press(keys.DOWN, keys.A)
    # the rules' code comes in a module a frame (App.load_then), then the page shows
    assert T.run_until(app, lambda: app.screen is not scr, ms=STEP, limit=10)
    assert app.screen.title.text == "Spit rules" and app.screen.left[0].text == rules_text.SPIT[0]
    T.frames(app, 100, STEP)
    assert g.to_bytes() == before  # still paused while reading
    hw.press(keys.B)
    app.step()
    assert app.screen is scr and scr.mode == SS.M_PAUSE and scr.menu.cursor == 1
    hw.press(keys.UP, keys.A)
    app.step()
    assert scr.mode == SS.M_TABLE and scr.panel.hidden
    T.frames(app, 300, STEP)
    assert g.to_bytes() != before  # the bot plays again


def test_quit_from_pause_goes_home_and_keeps_the_saved_round(hw):
    app, scr = make(hw, seed=7)
    to_play(app, scr)
    hw.press(keys.START, keys.UP, keys.A)  # Quit is the last item
    app.step()
    assert app.screen is app.home_screen
    saved = Storage(hw.nvm).load_game()
    assert saved is not None and saved[0] == GAME_SPIT


# ---------------------------------------------------------------- scripted rounds

def force_void(app, scr):
    """If the bot's move in flight is a play on a pile your card also fits, press that
    card in the very frame the bot's lands: the bot's lands first (earlier in the
    frame), yours is void (3.4). True if it was tried."""
    tab = scr.tab
    g = scr.game
    v = scr.v
    a = tab.what[1]
    if g.phase != S.PH_PLAY or tab.when[1] < 0 or a == THINK or a >= S.MOVE:
        return False
    k = (a >> 6) & 1
    for i in range(5):
        if v.counts[i] and S.adjacent(v.tops[i], v.pile_tops[k]):
            wait = tab.when[1] - (app.now + scr.shift)
            if wait < 0:
                return False
            app.hw.advance(wait)
            ks = []
            c = scr.cursor
            while c != i:
                ks.append(keys.RIGHT if i > c else keys.LEFT)
                c += 1 if i > c else -1
            ks.append(keys.A if k == 0 else keys.B)
            app.hw.press(*ks)
            app.step()
            return True
    return False


def test_void_move_too_late_shakes_buzzes_and_costs_nothing(hw):
    app, scr = make(hw, seed=44, level=5)
    rec = Recorder(scr)
    to_play(app, scr)
    for _ in range(3000):
        if scr.game.phase == S.PH_PLAY and scr.tab.when[1] >= 0:
            k = (scr.tab.what[1] >> 6) & 1
            bot_card = scr.v.opp_tops[scr.tab.what[1] >> 7] if scr.tab.what[1] < S.MOVE else -1
            counts = list(scr.v.counts)
            if force_void(app, scr):
                assert rec.voids == 1
                assert scr.v.pile_tops[k] == bot_card  # the bot's card landed first (3.4)
                assert scr.v.counts == counts  # yours stayed where it was
                assert scr.message.text == "Too late!"
                assert hw.tones[-1][1] == 110 and scr.shake >= 0
                assert scr.piles[k].style == sprites.HINT  # the bot's card, marked
                T.frames(app, 60, STEP)
                assert scr.shake == -1 and scr.message.text != "Too late!"
                return
        hw.advance(STEP)
        app.step()
    raise AssertionError("no chance for a void move")


def play_round(app, scr, rec, move_ms, want_void=True, spit_key=True):
    """You play by keys, one move every `move_ms`, until the round's results show."""
    hw = app.hw
    next_move = app.now + move_ms
    stalls = set()
    for _ in range(60000):
        if scr.mode in (SS.M_ROUND, SS.M_MATCH):
            return stalls
        g = scr.game
        if scr.mode == SS.M_TABLE:
            if g.phase == S.PH_SLAP and not scr.v.slapped:
                pc = scr.v.pile_counts
                hw.press(keys.LEFT if pc[0] <= pc[1] else keys.RIGHT)
            elif g.phase == S.PH_SPIT and g.stalemate():
                if (g.round_no, g.clock) not in stalls:
                    stalls.add((g.round_no, g.clock))
                    if spit_key and len(stalls) % 2:
                        hw.press(keys.A)  # every other one: spit at once
            elif g.phase == S.PH_PLAY:
                if want_void and rec.voids == 0 and force_void(app, scr):
                    continue
                if app.now >= next_move:
                    ks = T.human_keys(scr)
                    if ks:
                        hw.press(*ks)
                    next_move = app.now + move_ms
        hw.advance(STEP)
        app.step()
    raise AssertionError("round did not end")


@pytest.mark.parametrize("level,move_ms", [(1, 900), (5, 450)])
def test_scripted_rounds_against_a_bot_void_refill_stalemate_slap(hw, level, move_ms):
    app, scr = make(hw, seed=40 + level, level=level)
    store = scr.storage
    rec = Recorder(scr)
    seen_stall = 0
    rounds = 0
    while rounds < 6 and scr.mode != SS.M_MATCH:
        seen_stall += len(play_round(app, scr, rec, move_ms))
        rounds += 1
        assert scr.stats.get(GAME_SPIT, ST.ROUNDS) == rounds
        assert Storage(hw.nvm).load_stats().get(GAME_SPIT, ST.ROUNDS) == rounds  # saved
        writes = store.writes
        if scr.mode == SS.M_ROUND:
            assert scr.lines[7].text == "A: next round"
            past_guard(app)
            hw.press(keys.A)
            app.step()
            assert scr.mode == SS.M_TABLE and scr.game.phase == S.PH_SPIT
            assert store.writes == writes  # nothing saved by starting a round
        if rec.voids and rec.fills[0] and seen_stall and rec.slaps[0] and rounds >= 2:
            break
    print("level %d: %d rounds, you played %d, bot %d, voids %d, fills %d, stalemates %d, slaps %r"
          % (level, rounds, rec.plays[0], rec.plays[1], rec.voids, rec.fills[0], seen_stall, rec.slaps))
    assert rec.voids >= 1  # 3.4 void move, shown and free
    assert rec.fills[0] >= 1  # a refill of an empty place by Down
    assert seen_stall >= 1  # 3.5 stalemate, SPIT! again
    assert rec.slaps[0] >= 1 and rec.slaps[1] >= 1  # 3.6 slap
    assert rec.plays[1] > 0


def test_a_whole_standard_match_against_level_1_ends_and_counts(hw):
    app, scr = make(hw, seed=3, level=1)
    rec = Recorder(scr)
    for _ in range(40):
        play_round(app, scr, rec, 400, want_void=False)
        if scr.mode == SS.M_MATCH:
            break
        past_guard(app)
        hw.press(keys.A)
        app.step()
    assert scr.mode == SS.M_MATCH
    g = scr.game
    assert g.phase == S.PH_MATCH_OVER and g.cards_held(g.winner) == 0  # RULES 3.8 standard
    assert scr.title.text == ("You win!" if g.winner == 0 else "Bot wins")
    st = Storage(hw.nvm)
    assert st.load_game() is None  # a finished match is cleared
    s = st.load_stats()
    assert s.get(GAME_SPIT, ST.MATCHES) == 1
    assert s.get(GAME_SPIT, ST.WINS) == (1 if g.winner == 0 else 0)
    assert s.get(GAME_SPIT, ST.ROUNDS) == g.round_no
    hw.press(keys.A)  # the match's result stays for a moment
    app.step()
    assert app.screen is scr
    past_guard(app)
    hw.press(keys.A)
    app.step()
    assert app.screen is app.home_screen


def test_in_a_games_own_vm_the_saving_code_comes_only_for_the_save_points(hw):
    # issue 22: the board VM's full plan ran out of memory opening Rules from Spit's pause
    # menu, the storage, options and statistics code kept beside it; the Spades table
    # lets it go between save points (App.travel_light), and so does Spit now
    saving = ("engine.storage", "engine.options", "engine.stats")
    app = App(hw)
    app.game_vm = True
    scr = SS.new_match(app, 3, 1, "standard")
    app.step()
    assert scr.storage is None and scr.stats is None
    assert not [m for m in saving if m in sys.modules]
    rec = Recorder(scr)
    for rounds in range(1, 40):
        play_round(app, scr, rec, 400, want_void=False)
        assert not [m for m in saving[:2] if m in sys.modules]
        st = Storage(hw.nvm)
        assert st.load_stats().get(GAME_SPIT, ST.ROUNDS) == rounds  # counted and saved
        if scr.mode == SS.M_MATCH:
            break
        assert st.load_game()[2] == scr.game.to_bytes()
        past_guard(app)
        hw.press(keys.A)
        app.step()
    assert scr.mode == SS.M_MATCH and Storage(hw.nvm).load_game() is None
    assert "All-time matches: 1/" in " ".join(ln.text for ln in scr.lines)


def test_in_a_games_own_vm_a_round_end_reads_then_saves_and_leaving_saves_it_first(hw):
    # the storage attached, its statistics read, then counted and saved, a frame each (in
    # one: up to 310 board-ms on the board VM); going home within those frames counts and
    # saves the round first
    app = App(hw)
    app.game_vm = True
    scr = SS.new_match(app, 3, 1, "standard")
    app.step()
    rec = Recorder(scr)
    ended = []
    real = scr._round_over
    scr._round_over = lambda g, t: ended.append(app.frames) or real(g, t)
    writes = []
    real_save = scr.save
    scr.save = lambda stats=None: writes.append(app.frames) or real_save(stats)
    play_round(app, scr, rec, 400, want_void=False)
    assert writes == [ended[0] + 3] and scr.mode == SS.M_ROUND
    past_guard(app)
    hw.press(keys.A)
    app.step()
    ended.clear()
    T.autopilot(scr, 5)
    assert T.run_until(app, lambda: ended, ms=STEP, limit=60000)
    assert scr.ending == 1
    scr.leave()
    assert scr.ending == 0 and Storage(hw.nvm).load_stats().get(GAME_SPIT, ST.ROUNDS) == 2


def test_points_match_shows_the_points_table(hw):
    app, scr = make(hw, seed=22, level=1, spit_match="points")
    T.autopilot(scr, 5)
    for _ in range(100):
        T.run_until(app, lambda: scr.mode in (SS.M_ROUND, SS.M_MATCH), ms=100)
        if scr.mode == SS.M_MATCH:
            break
        assert scr.lines[4].text.startswith("Points: you")
        past_guard(app)
        hw.press(keys.A)
        app.step()
    g = scr.game
    assert scr.mode == SS.M_MATCH and max(g.scores) >= S.TARGET
    assert g.winner == (0 if g.scores[0] < g.scores[1] else 1)  # RULES 3.8: lowest wins
    texts = [ln.text for ln in scr.lines]
    assert texts[0] == "Lowest score wins"
    total = [t for t in texts if t.startswith("Total")][0].split()
    assert int(total[1]) == g.scores[0] and int(total[2]) == g.scores[1]


# ---------------------------------------------------------------- saving, Continue

def test_continue_resumes_the_saved_round_from_its_start(hw):
    app, scr = make(hw, seed=9, level=4)
    T.autopilot(scr, 5)
    T.run_until(app, lambda: scr.mode == SS.M_ROUND, ms=50)
    gid, lvl, blob = Storage(hw.nvm).load_game()
    assert gid == GAME_SPIT
    past_guard(app)
    hw.press(keys.A)
    app.step()
    live = scr.game
    bot_state = scr.bot.rng.state()
    # a second badge: the same nvm, Continue
    hw2 = Headless()
    try:
        hw2.nvm[:] = hw.nvm
        app2 = App(hw2)
        app2.home_screen = Menu(app2)
        scr2 = SS.resume(app2, bytes(blob), lvl)
        app2.step()
        g2 = scr2.game
        assert scr2.level == 4 and app2.screen is scr2
        assert g2.phase == S.PH_SPIT and g2.round_no == live.round_no == 2
        assert [bytes(s) for s in g2.stock[0] + g2.stock[1]] == [bytes(s) for s in live.stock[0] + live.stock[1]]
        assert g2.spit == live.spit and g2.hand == live.hand
        assert scr2.bot.rng.state() == bot_state  # the bot replays alike
        assert scr2.v.tops == scr.v.tops
    finally:
        hw2.close()


def test_resume_refuses_a_game_saved_mid_round(hw):
    app, scr = make(hw, seed=9)
    to_play(app, scr)
    with pytest.raises(ValueError):
        SS.resume(app, scr.game.to_bytes(), 2)
    with pytest.raises(ValueError):
        SS.resume(app, b"\x01junk", 2)


def test_menu_entry_launches_the_spit_screen(hw):
    from ui import menu as menu_mod

    labels = [e[0] for e in menu_mod.ENTRIES]
    app = App(hw)
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    hw.press(*([keys.DOWN] * labels.index("Spit") + [keys.A]))
    app.step()
    assert type(app.screen).__name__ == "SpitScreen"
    assert app.game == "ui.spit_screen"


def test_one_pile_round_plays_on_one_pile_with_a_or_b(hw):
    app = App(hw)
    app.home_screen = Menu(app)
    g = T._one_pile_game()
    one = g.one_pile
    scr = SS.resume(app, g.to_bytes(), 2)
    to_play(app, scr)
    v = scr.v
    assert v.one_pile == one and v.pile_counts[1 - one] == 0
    assert scr.piles[1 - one].grid.hidden and scr.piles[one].grid.x == D.PILE_MID
    assert scr.message.text == "One pile: A or B"
    scr.tab.bots[1] = None
    scr.tab.when[1] = -1
    for i in range(5):
        if v.counts[i] and S.adjacent(v.tops[i], v.pile_tops[one]):
            hw.press(*([keys.RIGHT] * i + [keys.B if one == 0 else keys.A]))  # the "other" key
            app.step()
            assert scr.v.pile_counts[one] == 2
            return
    pytest.skip("no play on the one pile in this deal")


def _message_clear_of_the_decks(scr):
    """The message line's text, checked to stay between the two spit decks (the
    bot's deck reaches up into the message row)."""
    m = scr.message
    width = len(m.text) * widgets.font()[1]
    left = m.group.x
    assert left >= D.YOU_DECK_X + sprites.CARD_W + D.EDGE_DX or width == 0, m.text
    assert left + width <= D.BOT_DECK_X, m.text
    return m.text


def test_the_slap_prompt_stays_clear_of_the_bots_deck(hw):
    app = App(hw)
    scr = T.table(app, seed=5, level=3)
    T.autopilot(scr, 5)
    assert T.run_until(app, lambda: scr.game.phase == S.PH_SLAP, ms=STEP)
    scr.tab.bots[0] = None
    scr.tab.when[0] = -1
    app.step()
    assert _message_clear_of_the_decks(scr).startswith("Slap")


def test_a_refused_move_says_why_for_a_moment(hw):
    app, scr, v, bad = _still_table_with_a_misfit(hw)
    hw.press(*([keys.RIGHT] * bad[0] + [keys.A]))
    app.step()
    text = _message_clear_of_the_decks(scr)
    assert text == "%s won't go on %s" % (SS._rank(v.tops[bad[0]]), SS._rank(v.pile_tops[0]))
    hw.press(keys.DOWN)  # no empty place yet in the first layout
    app.step()
    assert _message_clear_of_the_decks(scr) == "No empty place"
    for _ in range(SS.NOTE_MS // STEP + 2):
        hw.advance(STEP)
        app.step()
    assert scr.message.text == ""  # gone again
    assert SS._rank(8) == "10" and SS._rank(12) == "A"


def test_the_bots_slap_is_labelled_and_the_round_resolves_by_itself(hw):
    """RULES 3.6: once the bot has slapped, your slap cannot change the outcome (either
    pile you slap, you take the other one), so the round resolves without a key; it
    used to wait on "Slap! Left/Right" for ever (the table had nothing left to do)."""
    app = App(hw)
    scr = T.table(app, seed=5, level=3)
    scr.bot.p = scr.bot.p[:8] + (0,) + scr.bot.p[9:]  # it slaps the smaller pile
    T.autopilot(scr, 5)
    assert T.run_until(app, lambda: scr.game.phase == S.PH_SLAP, ms=STEP)
    scr.tab.bots[0] = None  # you wait: the bot slaps first
    scr.tab.when[0] = -1
    pc = list(scr.v.pile_counts)
    assert T.run_until(app, lambda: any(lab.text == "Bot" for lab in scr.slap_labels), ms=STEP, limit=500)
    k = [lab.text for lab in scr.slap_labels].index("Bot")
    assert scr.slap_labels[k].palette[1] == D.BOT_COLOR  # was gold, like your own "You"
    assert T.run_until(app, lambda: scr.mode == SS.M_REVEAL, ms=STEP, limit=5)  # no key pressed
    assert scr.game.took == [1 - k, k]
    other = scr.slap_labels[1 - k]
    assert other.text == "You" and other.palette[1] == D.YOU_COLOR
    assert pc[k] <= pc[1 - k]
    assert T.run_until(app, lambda: scr.mode == SS.M_ROUND, ms=STEP, limit=200)


def test_new_match_takes_the_level_from_app_options_not_storage(hw):
    app = App(hw)
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    stored = app.storage.load_options()
    assert stored.level_spit == 3
    app.options.level_spit = 5  # changed on the options page, not saved yet
    app.options.spit_match = "points"
    app.options.sound = 0
    scr = SS.start(app)
    app.step()
    assert scr.level == 5 and scr.bot.level == 5
    assert scr.game.mode == S.POINTS and app.sound_on is False
    assert app.storage.load_options().level_spit == 3  # still not saved
    app.options = None  # an app without options: the stored ones
    scr = SS.start(app)
    assert scr.level == 3 and scr.bot.level == 3 and scr.game.mode == S.STANDARD


def test_the_round_results_name_the_piles_taken_with_their_sizes(hw):
    app = App(hw)
    scr = T.table(app, seed=5, level=3)
    T.autopilot(scr, 5)
    assert T.run_until(app, lambda: scr.mode == SS.M_ROUND, ms=50)
    g = scr.game
    texts = [ln.text for ln in scr.lines]
    for p, who in ((0, "You"), (1, "Bot")):
        k = g.took[p]
        want = "%s took %s: %d cards" % (who, ("left", "right")[k], scr.took_sizes[k])
        assert want in texts and len(want) <= scr.lines[0].chars


def test_a_held_down_moves_one_card_not_one_per_repeat(hw):
    """RULES 3.4 moves one card into an empty place per press: holding Down must not
    repeat the move (the keys repeat a held direction for the lists' cursors)."""
    app, scr, v, bad = _still_table_with_a_misfit(hw)
    before = scr.refusals
    hw.events.keypad_eventqueue_record(keys.DOWN, True)  # held, not released
    for _ in range((keys.REPEAT_DELAY + 4 * keys.REPEAT_EVERY) // STEP):
        hw.advance(STEP)
        app.step()
    assert scr.refusals == before + 1  # "No empty place" once, not once a repeat


# ---------------------------------------------------------------- issue 24: the row, the countdown, the pages

def _count_reads(d, x, y, text):
    """True when the tiny-font `text` drawn at (x, y) shows whole on the felt: every
    ink pixel of its glyphs is text white and every other pixel of its cells (and the
    column after them) is felt, so no card lies over any part of it."""
    from ui import tinyfont
    felt = shown(sprites.FELT)
    ink = shown(D.TEXT)
    for n, ch in enumerate(text):
        g = tinyfont.CHARS.index(ch)
        for row in range(5):
            bits = tinyfont._ROWS[(g - 1) * 5 + row]
            for col in range(tinyfont.W):
                on = col < 3 and bits & (4 >> col)
                if d.pixel(x + n * tinyfont.W + col, y + row) != (ink if on else felt):
                    return False
    return True


def test_every_face_down_count_beside_a_place_reads_whole_after_refused_moves(hw):
    """Issue 24.3: a refused card shakes; a second refusal at another place during the
    shake left the first card standing 2-3 px off its place (12 px in the 4x window),
    over the "+N" of the place beside it (only the "+" showed). Every card goes home,
    your row stays in line with the bot's, and every count reads whole, with a clear
    pixel between it and the next card."""
    app, scr, v, bad = _still_table_with_a_misfit(hw)
    assert len(bad) >= 2
    c = 0
    for i in bad:  # refuse at one place after another, each during the last one's shake
        hw.press(*([keys.RIGHT] * ((i - c) % 5) + [keys.A]))
        c = i
        app.step()
        for _ in range(5):  # 100 ms: the card stands 3 px to the left
            hw.advance(STEP)
            app.step()
    T.frames(app, 30, STEP)
    d = hw.display
    for i in range(5):
        assert scr.cards[i].grid.x == scr.cards[5 + i].grid.x == place_x(i)
    for q, y in ((0, D.YOU_Y), (1, D.BOT_Y)):
        for i in range(5):
            text = scr.below[q * 5 + i].text
            assert text == ("+%d" % i if i else "")
            if text:
                assert _count_reads(d, place_x(i) + D.DIGIT_DX, y + 10, text), (q, i)
    # the layout's room: the count clears its own card's back and the next card
    ink_end = D.DIGIT_DX + 2 * 4 - 1  # two 4-px cells, the last column blank
    assert D.DIGIT_DX > D.EDGE_DX + sprites.CARD_W and ink_end < D.PITCH
    assert place_x(4) + ink_end <= 160


def test_a_pressed_just_after_the_countdown_ran_out_is_the_spit_press_not_a_move(hw):
    """Issue 24.4: "A: Spit! now" pressed a moment after the table spat by itself played
    the chosen card instead ("7 won't go on 5", a buzz). An A that soon after a Spit!
    (SPIT_GRACE, shorter than anyone takes to see the new spit cards and answer them)
    is the late Spit! press: nothing happens. After it A plays again."""
    app, scr = make(hw, seed=7)
    assert T.run_until(app, lambda: scr.game.phase == S.PH_PLAY, ms=STEP, limit=1000)
    scr.tab.bots[1] = None  # keep the table still
    scr.tab.when[1] = -1
    v = scr.v
    bad = [i for i in range(5) if not S.adjacent(v.tops[i], v.pile_tops[0])]
    good = [i for i in range(5) if S.adjacent(v.tops[i], v.pile_tops[0])]
    assert bad and good
    before = scr.game.to_bytes()
    tones = len(hw.tones)
    for i in (bad[0], good[0]):  # neither a refusal nor a card played
        while scr.cursor != i:
            hw.press(keys.RIGHT)
            app.step()
        hw.advance(SS.SPIT_GRACE // 4)
        hw.press(keys.A)
        app.step()
    assert scr.game.to_bytes() == before
    assert scr.refusals == 0 and len(hw.tones) == tones and scr.message.text == ""
    card = v.tops[good[0]]
    T.frames(app, SS.SPIT_GRACE // STEP, STEP)
    hw.press(keys.A)  # the card that fits, now played
    app.step()
    assert scr.v.pile_tops[0] == card and scr.refusals == 0


def test_a_round_result_page_ignores_presses_for_a_moment_after_it_opens(hw):
    """Issue 24.4: one A after the countdown skipped round 1's results before they could
    be read. The reveal and the results each ignore every key for GUARD_MS after they
    open (a press already on its way when they opened); then A goes on."""
    assert 600 <= SS.GUARD_MS <= 1000
    app = App(hw)
    scr = T.table(app, seed=5, level=3)
    T.autopilot(scr, 5)
    assert T.run_until(app, lambda: scr.mode == SS.M_REVEAL, ms=STEP)
    for m in (SS.M_REVEAL, SS.M_ROUND):
        assert scr.mode == m
        opened = app.now
        while app.now - opened < SS.GUARD_MS - STEP:
            hw.press(keys.A, keys.START)
            app.step()
            assert scr.mode == m, (m, app.now - opened)
            hw.advance(STEP)
        T.frames(app, 2, STEP)
        hw.press(keys.A)
        app.step()
        if m == SS.M_REVEAL:
            assert scr.mode == SS.M_ROUND  # A skips the rest of the reveal
    assert scr.mode == SS.M_TABLE and scr.game.phase == S.PH_SPIT  # the next round


def test_the_countdown_leaves_the_centre_piles_in_view(hw):
    """Issue 24.5: SPIT! covered both spit piles during the countdown, so in a stalemate
    you could not check that you really have no move. It now stands in the message row
    above them, on a dark band between the decks; the piles and their sizes show."""
    app = App(hw)
    scr = T.table(app, seed=3, level=3)
    T.autopilot(scr, 4)
    assert T.run_until(app, lambda: scr.game.stalemate(), ms=STEP)
    T.frames(app, 2, STEP)
    d = hw.display
    v = scr.v
    assert scr.message.text.startswith("SPIT!") and "A: now" in scr.message.text
    _message_clear_of_the_decks(scr)
    assert count_color(d, D.BANNER, 28, D.MSG_Y - 1, 134, D.MSG_Y + 13) > 500  # the band
    assert count_color(d, D.YOU_COLOR, 28, D.MSG_Y - 1, 134, D.MSG_Y + 13) > 60  # its text, gold
    for k, x in ((0, D.PILE_X0), (1, D.PILE_X1)):
        assert count_color(d, D.BANNER, x - 8, D.PILE_Y - 1, x + 28, D.COUNT_Y + 8) == 0
        assert d.pixel(x + 10, D.PILE_Y + 23) == shown(0xFFFFFF)  # the pile card's face
        ink = sprites.SUIT_COLORS[v.pile_tops[k] // 13]
        assert count_color(d, ink, x + 1, D.PILE_Y + 1, x + 11, D.PILE_Y + 20) > 8
        assert count_color(d, D.TEXT, x - 6, D.COUNT_Y, x + 26, D.COUNT_Y + 6) > 20  # "n cards"
    for j in range(10):  # and every stockpile place
        assert scr.cards[j].grid.hidden is False
