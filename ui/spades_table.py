"""The Spades table (four-player and its two-seat form): the screen of a match. It
keeps the match and the screen's state, reads keys and turns them into actions for
the phase's controller, runs the bots a slice a frame, and after every action
decides what follows (save, sound, hold, message, the next prompt). The human is
seat 0 (RULES 1.1).

Its parts, one job each: ui/spades_build.py builds the table (then leaves the heap),
ui/spades_layout.py draws it;
ui/spades_bidding.py, ui/spades_exchange.py and ui/spades_play.py take the keys of
their phases (the first two imported when their phase comes, let go when the play
starts); ui/spades_thinking.py runs the bots and the hint; ui/spades_motion.py
moves the cards; ui/spades_pause.py (the pause menu) and ui/spades_hand_end.py (end of
a hand) are imported when first needed.
"""
import sys

from ui import keys, spades_layout as layout, spades_play as play, spades_thinking as thinking, spades_motion as motion
from ui.spades_layout import bid_text, card_text, ME, PLAYING, WHITE, TURN, YOU, THEM, SOFT, NIL_RED
from engine.tricks import (BID, BLIND_NIL, LOOK, DOUBLE_NIL, NO_DOUBLE_NIL, KEEP, REJECT, EXCHANGE, BIDDING,
                           PLAY, HAND_OVER, MATCH_OVER, DECLARE, DRAW, DISCARDING, IllegalAction)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_UNTIL_A = const(0x3FFFFFFF)  # a wait that only A ends (the largest small int on the board)


class Table:
    """The table screen of a match (engine/spades.py or engine/spades2.py Match).
    `game` is engine.storage's game id (0 four-player, 1 two-player)."""

    def __init__(self, app, match, game, level, opts, store, stats=None):
        from ui import spades_build  # once: its bytecode leaves the heap after building
        spades_build.setup(self, app, match, game, level, opts, store, stats)
        spades_build.build(self)
        layout.let_go("ui.spades_build")
        self.refresh()
        v = self.v
        if match.phase in (BIDDING, DECLARE) and max(v.bids) < 0 and not v.history and (self.n == 4 or not v.hand):
            self.open_hand()  # a new match: its first hand opens as every hand does
        self._prompt()  # the human may act first (new match or Continue): offer, picker, "Your turn"

    def refresh(self):
        """Bring every widget in line with the match (only changed ones redraw)."""
        layout.refresh(self)

    def open_hand(self):
        """A new hand: the banner names it and who deals (or draws first), the dealt
        cards arrive, and the bots wait for the banner."""
        m = self.m
        now = self.app.now
        if self.n == 4:
            d = m.dealer
            text = "Hand %d: %s deal%s" % (m.hand_no, self._seat_name(d), "" if d == ME else "s")
        else:
            f = getattr(m, "first", m.dealer)
            text = "Hand %d: %s first" % (m.hand_no, "you draw" if f == ME else "Bot draws")
        pad = (23 - len(text)) // 2  # a bar the width of the message line, the text centred
        self.banner.set(" " * pad + text + " " * (23 - pad - len(text)))
        layout.reveal(self.banner.group, True)
        self.banner_until = now + motion.banner_ms(self.opts.bot_speed)
        self.wait = self.banner_until
        if self.hand.count:
            motion.deal(self, now)

    def _close_banner(self):
        self.banner_until = 0
        layout.reveal(self.banner.group, False)

    def say(self, text, color=WHITE):
        self.msg.set(text)
        self.msg.set_color(color)

    # ------------------------------------------------------------ keys

    def on_key(self, key):
        if self.quiet == self.app.frames or self.then is not None:
            return False  # this frame closed a page or the menu (its other keys were meant for
            # them), or the next frame brings one (the hand's end page after its save)
        if self.banner_until:  # seen: the bots need not wait for it
            self._close_banner()
            self.wait = 0
            self._key(key)
            return True
        return self._key(key)

    def _key(self, key):
        if self.mode != PLAYING:  # the pause menu, or the last trick it shows
            from ui import spades_pause
            return spades_pause.on_key(self, key)
        if key == keys.START:
            self.stop_bots()  # before the menu's code comes in
            from ui import spades_pause
            return spades_pause.open_menu(self)
        if self.trick_shown and key == keys.A:
            self.wait = 0  # seen it: on with the game
            return False
        m = self.m
        ph = m.phase
        if ph == BIDDING and self.n == 4 and not self.v.looked and m.to_move != ME:
            if key == keys.SELECT or key == keys.A:
                return self._act(LOOK)
            return False
        if m.to_move != ME or self.trick_shown or self.bot is not None and not self.hinting:
            return False
        if ph == PLAY:
            return play.on_key(self, key)
        if ph == BIDDING:
            from ui import spades_bidding
            return spades_bidding.on_key(self, key)
        if ph in (EXCHANGE, DISCARDING):
            from ui import spades_exchange
            return spades_exchange.pick_key(self, key)
        if ph == DECLARE:
            from ui import spades_bidding
            return spades_bidding.choice_key(self, key, (NO_DOUBLE_NIL, DOUBLE_NIL))
        if ph == DRAW:
            from ui import spades_exchange
            return spades_exchange.draw_key(self, key)
        return False

    def _act(self, a):
        """The human's action: applied if legal, else the rule is shown."""
        try:
            self.m.apply(a, ME)
        except IllegalAction as e:
            why = e.args[0]
            trick = self.v.trick
            if why.endswith("follow suit") and trick:  # 1.5: name the card led
                self.say(card_text(trick[0]) + " led: follow suit", NIL_RED)
            else:
                self.say(_why(why), NIL_RED)
            self.app.tone(160, 80)
            return True
        self._after(ME, a)
        return True

    # ------------------------------------------------------------ pages over the table

    def _side_names(self):
        return ("Us", "Them") if self.n == 4 else ("You", "Bot")

    def _page(self, title, rows, footer, done):
        """The page built now and, over the table, shown in the next frame (both and
        a whole screen's refresh in one took up to 340 board-ms: make boardfit --frames)."""
        if self.page is None:
            from ui.spades_pages import Page
            self.page = Page(self.app)
        self.page.fill(title, rows, footer, done)
        if self.app.screen is self:
            self.later(_show_page)
        else:
            self.app.show(self.page)

    def later(self, then):
        """then(self) at the start of the tick of a frame after this one: a key's
        frame (its screen's refresh) is enough for one frame."""
        self.then = then
        self.then_frame = self.app.frames

    def after_page(self, then):
        """Leave the page on show for the table and run then(self) at the start of the
        table's tick: by then nothing holds the page, so its rows and code leave the heap
        before what comes next (a hand's bidding, a replay) needs the room."""
        self.page = None
        self.app.show(self)
        self.quiet = self.app.frames
        self.later(then)

    def stop_bots(self):
        """No bot decides while paused: a search (or a hint) stops, and on Resume begins
        again, seeded from the play, making the same choice (ui/spades_thinking.py begin);
        the bots' code and the search's tables make room for the save and the menu's
        pages, not a cut-up heap beside them."""
        if self.bot is not None or self.hinting:  # a hint may be loading its code (begin)
            self.bot = None
            self.bot_seat = -1
            if self.hinting:
                self.hinting = False
                self.say("")
        layout.let_go("engine.bots")

    def _seat_name(self, s):
        if self.n == 2:
            return ("You", "Bot")[s]
        return ("You", "West", "North", "East")[s]

    # ------------------------------------------------------------ after an action

    def _after(self, seat, a, now=None):
        """Whatever follows an applied action: sounds, holds, messages (no save: flash wears)."""
        if now is None:
            now = self.app.now
        m = self.m
        v = m.observation(ME)
        self.hint_card = -1
        if seat == ME and self.hinting:  # the human did not wait for the hint
            self.hinting = False
            self.bot = None
        n = self.n
        slide_from = None
        kept = -1
        if 0 <= a < 52:
            if seat == ME:
                if self.got:
                    self.got = b""
                i = self.shown_tiles.find(bytes((a,)))
                g = self.hand.slot(i if i >= 0 else 0)
                slide_from = (self.hand.group.x + g.x, self.hand.group.y + g.y)
            else:
                slide_from = motion.origin(self, seat)
            h = len(v.history)
            if h % n == 0:
                self.trick_shown = True
                stay = getattr(self.opts, "trick_wait", 1500)
                self.wait = now + stay if stay else _UNTIL_A
                w = v.winners[-1]
                side = w & 1 if n == 4 else w
                self.flash_side = side
                self.flash_until = now + (stay if stay else 1500)
                self.app.tone(988 if side == 0 else 494, 70)
                self.say("%s won the trick" % self._seat_name(w), YOU if side == 0 else THEM)
            else:
                self.wait = now + (self.hold if seat != ME else 0)
                if m.to_move != ME:  # "Your turn" or a refusal would stay up while bots play
                    self.say("%s to play" % self._seat_name(m.to_move), SOFT)
            if v.broken and not self.was_broken:
                self.app.tone(1320, 60)
                if h % n:
                    self.say("Spades broken!", TURN)
        elif BID <= a <= BID + 13 or a == BLIND_NIL:
            self.say("%s bid %s" % (self._seat_name(seat), bid_text(v.bids[seat], n)), SOFT)
            self.wait = now + (self.hold if seat != ME else 0)
        elif a == LOOK:
            pass
        elif a == KEEP or a == REJECT:
            if seat == ME:
                got = v.hand[0] if len(v.hand) == 1 else -1
                for c in v.hand:
                    if c not in self.shown_tiles:
                        got = c
                self.took.set(("kept " if a == KEEP else "took ") + card_text(got))
                self.threw.set("threw " + card_text(v.rejected[-1]))
                self.say("")  # "A: keep  B: reject" is done with
                if a == KEEP:
                    kept = got
            else:
                self.say("Bot drew", SOFT)
            self.wait = now + (self.hold // 2 if seat != ME else 0)
        elif a == DOUBLE_NIL or a == NO_DOUBLE_NIL:
            self.say("%s: %s" % (self._seat_name(seat), "Double Nil!" if a == DOUBLE_NIL else "no Double Nil"),
                     NIL_RED if a == DOUBLE_NIL else SOFT)
            self.wait = now + (self.hold if seat != ME else 0)
        else:
            self.wait = now + (self.hold // 2 if seat != ME else 0)
        if m.phase == EXCHANGE and m.to_move != ME:  # 1.4: bots choose their three
            from ui import spades_exchange
            self.say(spades_exchange.swap_text(self), SOFT)
        elif m.phase == PLAY and self.got is None and len(v.hand) == 13 and getattr(v, "received", b""):
            self.got = v.received  # 1.4: shown, and marked in the hand until you play
            self.say("Got " + " ".join([card_text(c) for c in v.received]), YOU)
            self.wait = now + max(1500, 2 * self.hold)  # time to see them before the play
        self.was_broken = v.broken
        if m.phase == PLAY and ("ui.spades_bidding" in sys.modules or "ui.spades_exchange" in sys.modules):
            from ui import spades_bidding
            spades_bidding.let_go(self)  # the hand's bids are in: the picker and its keys make room for the play
        self.refresh()
        if slide_from is not None:
            motion.slide_in(self, seat, slide_from[0], slide_from[1], now)
        elif kept >= 0:
            motion.arrive(self, kept, now)
        self._prompt()

    def _saving(self):
        """The Storage of a save point: the table's own, or in a game's own VM the
        app's, attached for this save point (App.save_point)."""
        return self.app.save_point() if self.light else self.store

    def _stats_now(self):
        """The statistics to count into: the table's, or in a game's own VM, which keeps
        none between save points, the saved ones read now."""
        return self._saving().load_stats() if self.light else self.stats

    def _save(self, stats=None):
        """A save point (flash wears: the hand's end and leaving the table only); the
        game and `stats` in one write. A finished match is kept marked as over (its last
        hand's review loads it in a VM of its own; Continue never offers it); a replay of
        a hand (ui/spades_replay.py) is saved after the match it replays
        (ui/spades_keep.py), unless that match is over."""
        replay = getattr(self.m, "replay_of", 0)
        if replay and self.replaying[3] is not None:
            return
        st = self._saving()
        if st is not None:
            from ui.spades_keep import blob  # the match, and what only the table knows
            from engine.storage import ENDED
            over = ENDED if self.m.phase == MATCH_OVER and not replay else 0
            st.save_game(self.game, self._level_byte() | over, blob(self), stats)
            layout.let_go("ui.spades_keep")
            if self.light:
                self.app.travel_light()

    def closing(self):
        """The laptop's window closes mid-hand: saved as the pause menu saves (Quit),
        the tricks since the hand's start with it; a replay stays unsaved (Continue
        resumes the match, never a replay). A hand's end under way is counted and saved
        first (ui/spades_hand_end.py)."""
        end = sys.modules.get("ui.spades_hand_end")
        if end is not None:
            end.finish(self)
        if not getattr(self.m, "replay_of", 0):
            self._save()

    def _level_byte(self):
        from engine import options
        return options.level_byte(self.game, self.level)

    def _prompt(self):
        """The picker and the message for the human's turn."""
        m = self.m
        ph = m.phase
        v = self.v
        mine = m.to_move == ME and not self.trick_shown and self.mode == PLAYING
        if ph == BIDDING and self.n == 4 and not v.looked and not mine:
            self.say("Select: look at cards", SOFT)
        if not mine or self.bot is not None and not self.hinting:
            self.hide_picker()
            return
        if ph == PLAY:
            self.hide_picker()
            if self.was_turn != len(v.history):
                self.was_turn = len(v.history)
                self.app.tone(880, 40)
                legal = m.legal_actions()
                # the cursor starts on a legal card
                if self.shown_tiles and self.shown_tiles[self.cursor] not in legal:
                    for i in range(len(self.shown_tiles)):
                        if self.shown_tiles[i] in legal:
                            self.cursor = i
                            break
                    layout.draw_hand(self)
            if self.hint_card < 0 and not self.msg.text.startswith("Hint") and not self.msg.text.startswith("Got"):
                self.say("Your turn", YOU)
            return
        if ph == BIDDING or ph == DECLARE:
            from ui import spades_bidding
            spades_bidding.picker(self).show(True)
        else:
            self.hide_picker()
        if ph == BIDDING:
            from ui import spades_bidding
            if self.n == 4 and not v.looked:
                spades_bidding.offer(self, "Blind Nil?", ("Look at cards", "Blind Nil"), "+200 / -200")
            else:
                spades_bidding.draw_picker(self)
        elif ph == DECLARE:
            from ui import spades_bidding
            spades_bidding.offer(self, "Double Nil?", ("Play normally", "Double Nil"), "+200 / -200")
        elif ph in (EXCHANGE, DISCARDING):
            from ui import spades_exchange
            spades_exchange.pick_prompt(self)
            layout.draw_hand(self)
        elif ph == DRAW:
            keep_only = getattr(v, "must_keep", False)
            self.say("A: keep" if keep_only else "A: keep  B: reject", YOU)

    def hide_picker(self):
        if self.picker is not None:  # built only while a bid is due (ui/spades_bidding.py)
            self.picker.show(False)

    # ------------------------------------------------------------ frames

    def tick(self, now):
        then = self.then
        if then is not None:
            if self.then_frame == self.app.frames:
                return False  # asked for in this frame (Table.later)
            self.then = None
            then(self)
            return True
        changed = False
        if self.flash_side >= 0:
            if now >= self.flash_until:
                self.flash_side = -1
            layout.lights(self, self.m.to_move if self.m.phase not in (HAND_OVER, MATCH_OVER) else -1, now)
        if self.banner_until and now >= self.banner_until:
            self._close_banner()
            changed = True
        mo = self.motion
        if mo.active:
            if mo.step(now):
                return True  # the game waits while cards move
            changed = True
            if mo.kind == motion.COLLECTED:
                mo.kind = motion.NOTHING
                self._trick_gone()
                return True  # what follows (a bot's start, the hand's end) in the next frame
        if self.mode != PLAYING:
            return changed
        if self.hinting:
            return thinking.think(self, now) or changed
        if now < self.wait:
            return changed
        if self.trick_shown:
            motion.collect(self, self.v.winners[-1], now)
            return True
        m = self.m
        ph = m.phase
        if ph == HAND_OVER or ph == MATCH_OVER:
            for i in range(54):  # the bots' reasons belong to the hand: they go with the bots
                self.why[i] = 0
            layout.let_go("engine.bots")  # no bot decides until the next hand: the page has their room
            from ui import spades_hand_end
            spades_hand_end.end_hand(self)
            return True
        if m.to_move != ME:
            if self.bot is None:
                if self.quiet == self.app.frames:  # a key's frame (a menu closed) is enough
                    self.app.busy = True
                    return changed
                thinking.begin(self, m.to_move)
                return changed  # its first slice next frame: one frame, one piece of work
            return thinking.think(self, now) or changed
        return changed

    def _trick_gone(self):
        """The finished trick has slid off to its winner: the table for the next."""
        motion.home(self)
        self.trick_shown = False
        self.refresh()
        self._prompt()
        if self.m.phase == PLAY and self.m.to_move != ME:
            self.say("%s to lead" % self._seat_name(self.m.to_move), SOFT)

    def leave(self):
        pass


def _show_page(t):
    t.app.show(t.page)


def _why(msg):
    """An IllegalAction message ("1.6: spades not broken") as a short line."""
    i = msg.find(": ")
    text = msg[i + 2:] if i >= 0 else msg
    return text[:1].upper() + text[1:23]
