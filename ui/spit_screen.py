"""Spit at the table (RULES 3): you (player 0, the bottom row) against a SpitBot
(player 1, the top row), in real time. This module runs the phases and turns keys
into actions; ui/spit_draw.py lays out and draws the table, ui/spit_results.py writes
the results.

Controls: Left/Right choose a place; A plays its card on the left pile, B on the right
one (in a one-pile round both play on the one pile); Down moves it into the leftmost
empty place (3.4); Start pauses (Resume, Rules, Quit). SPIT! (round start, stalemate
3.5): both spit after a short countdown, or at once on A; an A within SPIT_GRACE of a
Spit! is that Spit!'s press, late, and plays nothing. Slap (3.6): Left or Right. The
reveal and the results ignore keys for GUARD_MS after they open.
A move that fails (the bot landed first, or the card does not fit) shakes back with a
buzz and costs nothing.

Time: the frame loop reads keys every frame; the engine's clock is App.now plus
`shift` (a pause moves `shift` back, so no bot move is due while paused). Bot moves
are scheduled by engine.spit_match.Table and land when their time comes; a frame
with no key and nothing due changes nothing and redraws nothing.

Saving: the match is saved (storage game GAME_SPIT) at its start and after every round,
statistics at every round's end; Continue calls resume(app, blob, level_byte), which
starts the saved round from its beginning. Quit keeps the save; a finished match
clears it. In a game's own VM (the badge) the storage, options and statistics code
leaves the heap between those save points (App.travel_light), as the Spades table's
does: the pause menu's Rules page needs the room.
"""
import sys

from engine import spit as S
from engine.bots.spit_bot import SpitBot
from engine.spit_match import Table
from ui import keys, sprites
from ui.spit_draw import (SpitDrawing, PAUSE_ITEMS, M_TABLE, M_REVEAL, M_ROUND, M_MATCH,
                          M_PAUSE, PILE_X0, PILE_X1, PILE_MID, YOU_COLOR,
                          BOT_COLOR, MSG)
from ui.spit_results import round_lines, match_lines

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

GAME_SPIT = const(2)  # engine.storage.GAME_SPIT

# timings (ms)
START_PAUSE = const(3000)  # countdown before the first Spit! of a round
REVEAL_MS = const(1800)  # who took which pile, before the results
PULSE_MS = const(140)
FLASH_MS = const(350)
HINT_MS = const(400)  # the bot's card lands with a cyan edge for this long
NOTE_MS = const(800)
# An A this soon after a Spit! is a late "Spit! now", not a play: a press begun before the
# new spit cards showed lands within a reaction time (about 0.25 s), while seeing a new
# card, judging it and pressing takes longer than this.
SPIT_GRACE = const(400)
# The reveal and a results page ignore keys this long after they open: a press already
# on its way (a late Spit! now, a double press) lands within about half a second, and
# nobody has read a page's first line before a second; 0.8 s stops the first kind and
# is not felt as a wait by the second.
GUARD_MS = const(800)

_NONE = const(255)
_COUNTDOWN = ("SPIT!  A: now", "SPIT! 1  A: now", "SPIT! 2  A: now", "SPIT! 3  A: now")


def _storage(app):
    st = getattr(app, "storage", None)
    if st is None:
        from engine.storage import Storage

        st = Storage(app.hw.nvm)
    return st


def _options(app, st):
    """The run's Options (app.options, kept by the App), else the stored ones."""
    o = getattr(app, "options", None)
    return o if o is not None else st.load_options()


class SpitScreen(SpitDrawing):
    """The table, its pause menu and the results, as one screen (one Group)."""

    def __init__(self, app, game, level, storage=None):
        self.app = app
        self.game = game
        self.level = level
        # a game's own VM keeps no storage between save points (App.save_point)
        self.light = getattr(app, "game_vm", False)
        self.ending = 0  # a round's end still to save: 1 attach the storage, 2 read the statistics, 3 save
        self.storage = None if self.light else (storage if storage is not None else _storage(app))
        self.stats = None if self.light else self.storage.load_stats()
        self.bot = SpitBot(level, 1)
        self.v = S.View()
        self.mode = M_TABLE
        self.cursor = 0
        self.shift = 0
        self.paused_at = 0
        self.back_mode = M_TABLE
        self.dirty = True
        self.until = 0  # end of the reveal
        self.lights_off = -1
        self.shake = -1  # place shaking, or -1
        self.shake_t0 = 0
        self.shake_i = 0
        self.count_shown = -1
        self.round_t0 = -1
        self.emptied = -1
        self.end_t = 0
        self.spit_at = -SPIT_GRACE  # when the last Spit! came (app time)
        self.page_at = 0  # when the reveal or results page opened
        self.new_best = False
        self.took_sizes = bytearray(2)
        self.history = bytearray()  # points each round (you, bot) in this session
        self.hist_base = (game.scores[0], game.scores[1])
        self.refusals = 0  # void or refused moves (tests)
        self.msg_until = -1  # a short note ("Too late!") shows until then
        self.hint_pile = -1  # the pile the bot just played on (cyan edge)
        self.hint_until = -1
        self.your_pile = -1  # the pile left to you once the bot has slapped (3.6)
        self._build()
        self.tab = None
        self._new_table()

    # ---- the engine ----------------------------------------------------------
    def _new_table(self):
        """A Table from the game's current state (a new round: PH_SPIT, or a resume)."""
        g = self.game
        self.tab = Table(g, [None, self.bot], spit_pause=START_PAUSE, auto_next=False,
                         hook=self._hook)
        self.shift = g.clock - self.app.now
        self._round_start()

    def _round_start(self):
        """A round is laid out: reseed the bot from the deal (Continue replays alike)."""
        g = self.game
        s = g.rng.state()
        self.bot.rng.seed(((s[0] << 22) | (s[1] << 14) | (s[2] << 6) | s[3]) ^ g.round_no)
        self.bot.last = -1
        self.tab.spit_pause = START_PAUSE
        self.round_t0 = -1
        self.emptied = -1
        self.new_best = False
        self.cursor = 0
        g.observation(0, self.v)
        one = self.v.one_pile
        for k in (0, 1):
            x = (PILE_X0, PILE_X1)[k] if one < 0 else PILE_MID
            self.piles[k].grid.x = x
            self.pile_counts[k].x = x + 10
            self.slap_labels[k].x = x + 10
            self.slap_labels[k].set("")
        self.count_shown = -1
        self.dirty = True

    def _hook(self, g, p, action, t, r):
        """After every applied action (Table's hook): lights, tones, round end."""
        app = self.app
        ph = g.phase
        over = ph == S.PH_ROUND_OVER or ph == S.PH_MATCH_OVER
        if action == S.SPIT:
            if self.round_t0 < 0:
                self.round_t0 = t
            self.spit_at = t - self.shift
            self._lights(0xFFFFFF, FLASH_MS, t)
            app.tone(660, 150)
            self.count_shown = -1
        elif action == S.NEXT_ROUND:
            return
        elif action >= S.SLAP:
            self._lights(0xFF8000, FLASH_MS, t)
            app.tone(330 if p else 523, 60)
            if not over:
                lab = self.slap_labels[action - S.SLAP]
                lab.set("Bot" if p else "You")
                lab.set_color(BOT_COLOR if p else YOU_COLOR)
                if p:
                    # 3.6: whichever pile you slap now, you take the other one
                    self.your_pile = 1 - (action - S.SLAP)
        elif r == S.DONE:
            if action < S.MOVE:
                self._lights(0x00C040 if p == 0 else 0xC02000, PULSE_MS, t)
                app.tone(880 if p == 0 else 440, 30)
                if p == 1:
                    self.hint_pile = (action >> 6) & 1
                    self.hint_until = t - self.shift + HINT_MS
                elif self.hint_pile == (action >> 6) & 1:
                    self.hint_pile = -1  # your card is on top now
            if ph != S.PH_PLAY and ph != S.PH_SPIT:
                self.emptied = p if g.ended == S.END_EMPTY else -1
                self.end_t = t
        if ph == S.PH_SPIT:
            # 3.5: in a stalemate the bot calls Spit! when its level says
            self.tab.spit_pause = self.bot.spit_call() if g.stalemate() else START_PAUSE
        if over:
            if action < S.SPIT:
                if r == S.DONE and action < S.MOVE:
                    self._land(p, action)  # the engine gathered at once (3.7): show it
            elif action == S.SPIT:
                self.emptied = -1
                self.end_t = t
            self._round_over(g, t)
        else:
            g.observation(0, self.v)
        self.dirty = True

    def _land(self, p, action):
        """Show `action` (a play by p) on the view without asking the engine, which
        has already gathered the cards (a one-pile round ends at once, 3.7)."""
        v = self.v
        place = action >> 7
        k = (action >> 6) & 1
        tops = v.tops if p == 0 else v.opp_tops
        counts = v.counts if p == 0 else v.opp_counts
        v.pile_tops[k] = tops[place]
        v.pile_counts[k] += 1
        counts[place] -= 1
        if counts[place] == 0:
            tops[place] = -1
        else:
            tops[place] = sprites.BACK  # turned up after the round ended: not known here

    def _round_over(self, g, t):
        """3.6-3.8 settled: statistics, saving, the reveal of who took which pile."""
        self.mode = M_REVEAL
        self.until = t - self.shift + REVEAL_MS
        self.page_at = self.app.now
        for k in (0, 1):
            self.took_sizes[k] = self.v.pile_counts[k]
            self.slap_labels[k].set("")
        for p in (0, 1):
            k = g.took[p]
            if k != _NONE:
                lab = self.slap_labels[k]
                lab.set("You" if p == 0 else "Bot")
                lab.set_color(YOU_COLOR if p == 0 else BOT_COLOR)
        if g.mode == S.POINTS:
            self.history.append(g.cards_held(0))
            self.history.append(g.cards_held(1))
        self.message.set("Round over")
        won = self.emptied == 0
        self.round_tenths = (self.end_t - self.round_t0) // 100 if self.round_t0 >= 0 else 0
        self.app.tone(1047 if won else 220, 300)
        if self.light:  # the storage, the statistics, then the count and the save: a frame each
            self.ending = 1  # (all in this one: up to 310 board-ms, make boardfit --frames)
            return
        self._count(self.stats)

    def _ending(self):
        """A round's end in a game's own VM, a frame a step: the storage attached, its
        statistics read, then counted and saved."""
        if self.ending == 1:
            self._saving()
            self.ending = 2
            return
        if self.ending == 2:
            self.stats = self._saving().load_stats()
            self.ending = 3
            return
        st = self.stats
        self.stats = None
        self._count(st)

    def _count(self, st):
        """The round's end counted into statistics st and saved (the match's end: the save
        cleared), in one write."""
        g = self.game
        self.ending = 0
        self.new_best = st.spit_round(self.emptied == 0, self.round_tenths)
        if g.phase == S.PH_MATCH_OVER:
            st.match_over(GAME_SPIT, g.winner == 0)
            self.stats = st  # the match's results show its all-time lines (ui/spit_results.py)
            self._saving().clear_game(st)  # match and statistics: one write
            if self.light:
                self.app.travel_light()
        else:
            self.save(st)

    def _saving(self):
        return self.app.save_point() if self.light else self.storage

    def save(self, stats=None):
        from engine.options import level_byte

        self._saving().save_game(GAME_SPIT, level_byte(GAME_SPIT, self.level), self.game.to_bytes(), stats)
        if self.light:
            self.app.travel_light()

    def _lights(self, color, ms, t):
        self.app.hw.pixels.fill(color)
        self.lights_off = t - self.shift + ms

    def _human(self, action):
        """Your action now; DONE, VOID, or -1 if the engine refused it."""
        try:
            return self.tab.human(0, action, self.app.now + self.shift)
        except ValueError:
            return -1

    # ---- your moves ----------------------------------------------------------
    def _play(self, k):
        v = self.v
        i = self.cursor
        if v.one_pile >= 0:
            k = v.one_pile
        seen = v.pile_tops[k]
        if v.counts[i] == 0:
            self._refuse(i, "Place is empty")
            return
        if seen < 0 or not S.adjacent(v.tops[i], seen):
            # 3.1: does not fit the pile you see
            self._refuse(i, "%s won't go on %s" % (_rank(v.tops[i]), _rank(seen)) if seen >= 0 else "")
            return
        r = self._human(S.play(i, k, seen))
        if r != S.DONE:
            self._refuse(i, "Too late!" if r == S.VOID else "")  # 3.4: the bot landed first (void)

    def _fill(self):
        """Down: the chosen card into the leftmost empty place (3.4)."""
        v = self.v
        i = self.cursor
        e = 0
        while e < 5 and v.counts[e]:
            e += 1
        if e == 5:
            self._refuse(i, "No empty place")
        elif v.counts[i] < 2:
            self._refuse(i, "Nothing under it" if v.counts[i] else "Place is empty")
        elif self._human(S.move(i, e)) != S.DONE:
            self._refuse(i)

    def _refuse(self, i, why=""):
        """A move that did not happen: the card shakes back, a short buzz, and `why`
        on the message line for a moment (kept short: the line runs between the
        spit decks)."""
        if why:
            self.message.set(why)
            self.msg_until = self.app.now + NOTE_MS
        self.refusals += 1
        if self.shake >= 0 and self.shake != i:
            self._home(self.shake)  # cut short: it would stay off its place, over a count
        self.shake = i
        self.shake_t0 = self.app.now
        self.shake_i = -1
        self.app.tone(110, 90)

    # ---- the screen interface ---------------------------------------------------
    def on_key(self, key):
        m = self.mode
        if m == M_TABLE:
            if key == keys.START:
                self._pause()
                return True
            ph = self.game.phase
            if ph == S.PH_SLAP:
                if (key == keys.LEFT or key == keys.RIGHT) and not self.v.slapped:
                    self._human(S.SLAP + (0 if key == keys.LEFT else 1))
                    return True
                return False
            if key == keys.LEFT or key == keys.RIGHT:
                self.cursor = (self.cursor + (1 if key == keys.RIGHT else 4)) % 5
                self.dirty = True
                return False  # drawn in tick
            if ph == S.PH_SPIT:
                if key == keys.A:
                    self.tab.run_until(self.app.now + self.shift)
                    if self.game.phase == S.PH_SPIT:
                        self._human(S.SPIT)
                return False
            if ph != S.PH_PLAY:
                return False
            if key == keys.A and self.app.now - self.spit_at < SPIT_GRACE:
                return False  # the Spit! press, late: the table spat already
            if key == keys.A or key == keys.B:
                self._play(0 if key == keys.A else 1)
            elif key == keys.DOWN and not self.app.hw.keys.repeated:
                self._fill()  # one card a press: a held Down repeats for lists only
            return False
        if m != M_PAUSE and self.app.now - self.page_at < GUARD_MS:
            return False  # a page just opened: a key meant for the table
        if m == M_REVEAL:
            if key == keys.A or key == keys.START:
                self.until = 0
            return False
        if m == M_ROUND:
            if key == keys.A or key == keys.START:
                self.next_round()
                return True
            return False
        if m == M_MATCH:
            if key == keys.A or key == keys.START or key == keys.B:
                self.app.home()
                return True
            return False
        if m == M_PAUSE:
            if key == keys.UP or key == keys.DOWN:
                self.menu.move(1 if key == keys.DOWN else -1)
                return True
            if key == keys.B:
                self._resume()
                return True
            if key == keys.A or key == keys.START:
                c = self.menu.cursor
                if c == 0:
                    self._resume()
                elif c == 1:
                    self._rules()
                else:
                    self.app.home()  # the match stays saved at this round's start
                return True
            return False
        return False

    def tick(self, now):
        changed = False
        if self.ending:
            self._ending()
        if self.lights_off >= 0 and now >= self.lights_off:
            self.lights_off = -1
            self.app.hw.pixels.fill(0)
        if self.shake >= 0:
            changed = self._shake_step(now)
        if self.hint_until >= 0 and now >= self.hint_until:
            self.hint_until = -1
            self.hint_pile = -1
            self.dirty = True
        if self.msg_until >= 0 and now >= self.msg_until:
            self.msg_until = -1
            self.dirty = True
        m = self.mode
        if m == M_TABLE:
            t = now + self.shift
            self.tab.run_until(t)
            if self.your_pile >= 0:
                # the bot slapped first: the round resolves without your key
                k = self.your_pile
                self.your_pile = -1
                if self.game.phase == S.PH_SLAP and not self.v.slapped:
                    self._human(S.SLAP + k)
            if self.mode == M_TABLE and self.game.phase == S.PH_SPIT:
                left = self.tab.since + self.tab.spit_pause - t
                secs = (left + 999) // 1000 if left > 0 else 0
                if secs > 3:
                    secs = 3
                if secs != self.count_shown:
                    self.count_shown = secs
                    self.message.set(_COUNTDOWN[secs])
                    changed = True
        elif m == M_REVEAL:
            if now >= self.until:
                self._results()
                changed = True
        if self.dirty:
            self.dirty = False
            self._draw()
            changed = True
        return changed

    def leave(self):
        self.app.hw.pixels.fill(0)
        while self.ending:  # left within a round end's frames: counted and saved first
            self._ending()

    def _pause(self):
        if self.mode == M_TABLE or self.mode == M_REVEAL:
            self.back_mode = self.mode
            self.paused_at = self.app.now
        self.mode = M_PAUSE
        g = self.game
        self._panel("Paused", ())
        if g.mode == S.POINTS:
            self.lines[5].set("Points: you %d, bot %d" % (g.scores[0], g.scores[1]))
        self.lines[6].set("Level %d  %s" % (self.level, "points" if g.mode == S.POINTS else "standard"))
        self.lines[7].set("Round %d  B: back" % g.round_no)
        self.menu.set_items(PAUSE_ITEMS, 0)
        self.menu.group.hidden = False

    def _resume(self):
        self.menu.group.hidden = True
        self.panel.hidden = True
        self.shift -= self.app.now - self.paused_at  # the table stood still
        if self.back_mode == M_REVEAL:
            self.until += self.app.now - self.paused_at
        self.mode = self.back_mode
        self.count_shown = -1
        self.dirty = True

    def _rules(self):
        self.app.load_rules(lambda: sys.modules["ui.rules_screen"].show(
            self.app, GAME_SPIT, lambda: self.app.show(self)))  # back to the pause menu

    def _results(self):
        g = self.game
        self.page_at = self.app.now
        if g.phase == S.PH_MATCH_OVER:
            self.mode = M_MATCH
            self._panel("You win!" if g.winner == 0 else "Bot wins", match_lines(self))
            self.lines[0].set_color(YOU_COLOR if g.winner == 0 else BOT_COLOR)
            return
        self.mode = M_ROUND
        e = self.emptied
        self._panel("Round %d" % g.round_no, round_lines(g, e, self.took_sizes,
                                                         self.round_tenths if self.new_best else -1))
        self.lines[0].set_color(YOU_COLOR if e == 0 else BOT_COLOR if e == 1 else MSG)

    def next_round(self):
        """A on the round results: lay out again (3.6, 3.7)."""
        self.panel.hidden = True
        for k in (0, 1):
            self.slap_labels[k].set_color(YOU_COLOR)
        self.mode = M_TABLE
        self._human(S.NEXT_ROUND)
        self._round_start()


def _rank(c):
    """A card's rank as its face shows it ('10', 'Q'), for messages."""
    r = "23456789TJQKA"[c % 13]
    return "10" if r == "T" else r


# ---- entry points ------------------------------------------------------------------
def new_match(app, seed, level=None, spit_match=None, storage=None):
    """A new match shown on `app`; level and match type default to the options
    (app.options, else storage's)."""
    st = storage if storage is not None else _storage(app)
    if level is None or spit_match is None:
        o = _options(app, st)
        app.sound_on = bool(o.sound)
        level = o.level_spit if level is None else level
        spit_match = o.spit_match if spit_match is None else spit_match
    scr = SpitScreen(app, S.Spit(seed, spit_match), level, st)
    scr.save()
    app.show(scr)
    return scr


def start(app, arg=0):
    """The menu's Spit entry (ui/menu.py ENTRIES)."""
    t = app.hw.ticks_ms()
    return new_match(app, (t & 0xFFFFF) * 1021 + 1 + arg)


def resume(app, blob, level_byte):
    """Continue: the saved match (storage GAME_SPIT) from the start of its round.
    Raises ValueError if the bytes are not a Spit match saved between rounds."""
    from engine.options import level_value

    g = S.Spit.from_bytes(blob)
    if g.phase == S.PH_ROUND_OVER:
        pass
    elif g.phase != S.PH_SPIT or g.stalemate():
        raise ValueError("spit: not saved between rounds")
    st = _storage(app)
    app.sound_on = bool(_options(app, st).sound)
    scr = SpitScreen(app, g, level_value(GAME_SPIT, level_byte), st)
    if g.phase == S.PH_ROUND_OVER:
        scr.next_round()
    app.show(scr)
    if scr.light:
        app.travel_light()
    return scr

