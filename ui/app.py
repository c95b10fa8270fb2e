"""The main loop, and the interface every screen follows.

Hardware (ui/hardware_board.py on the badge, ui/hardware_laptop.py on a laptop):
    hw.display          displayio display, auto_refresh off: root_group = g, refresh()
    hw.keys.poll()      next pressed key number (ui/keys.py: B A START SELECT RIGHT
                        DOWN UP LEFT = 0..7) or -1 when none is waiting; never blocks
    hw.ticks_ms()       millisecond clock (wraps on the badge; screens get App.now)
    hw.pixels           the 5 NeoPixels: fill(0xRRGGBB), pixels[i] = 0xRRGGBB
    hw.tone(hz, ms)     starts a square-wave tone and returns at once (hz 0: stop)
    hw.nvm              8192 bytes, bytearray-like, kept across power-off (a missing or
                        smaller one, or writes raising OSError, only stop the saving)
    hw.mem_free()       free heap in bytes, -1 where unknown
    hw.frame_done(busy) called at the end of every frame: rests what is left of the frame
                        (the badge sleeps, the window paces), unless `busy` (App.busy)
    hw.backlight(on)    the backlight full (True) or dimmed (False: a minute without a key)
    hw.quit_requested   True once the laptop window is closed (never on the badge)

Screen interface (duck-typed; `Screen` below gives the defaults):
    screen.group        a displayio.Group, built once in the constructor; later frames
                        only change text, positions, tiles and palettes inside it
    screen.on_key(key)  a key was pressed; return True when something on screen changed
    screen.tick(now)    once per frame with App.now (ms since start, never wraps in
                        practice); return True when something on screen changed. Bots
                        think here in slices; nothing may block or sleep. A tick whose
                        work is not done (a bot thinking) sets app.busy: no rest follows.
    screen.leave()      optional: the app is about to show another screen
    screen.closing()    optional: the laptop's window is closing (App.window_closed), a
                        save point like Quit: save what Quit would keep, if it changed
A screen gets the App in its constructor and switches with app.show(other_screen),
app.home() (back to the title menu, unloading the game) or app.launch(module, arg).
The display is refreshed only in frames where something changed. After DIM_MS without
a key the backlight dims; the key that lights it again does nothing else (nor its repeat).

Saved things (engine/storage.py), one of each for the whole run, made at start (a
game in its own VM lets them go between save points: save_point, travel_light):
    app.storage         the Storage on hw.nvm (storage.attach: never raises; a missing
                        or too small nvm, or a failing write, runs in memory and the
                        menu tells the player once)
    app.options         the player's Options (the options page changes and saves them)
    app.stats           the statistics as saved now: a fresh Stats at each read (a game
                        keeps its own copy, counts into it and saves it)
    app.sound_on        follows app.options.sound
Continue: app.resume_saved() imports the saved game's module (CONTINUE) and calls its
resume(app, blob, level_byte[, game_id]); a save the game refuses (ValueError, or
None returned) is rejected (storage.reject) and the menu tells the player once.

Games are imported only when chosen (app.launch): the module's start(app, arg) shows
its first screen. Going home removes every module the game imported from sys.modules,
so one game at a time sits in the heap; gc.collect() runs at every screen change.

On the badge (code.py: app.run(home_module="ui.menu")) the title menu does not stay
in the heap while a game or a page of its own runs: a launch, Continue or going home
asked for by a screen waits for the start of the next frame, when no screen's code
is running; then the old screen, and the menu with its module, are let go before
the next one is imported and built (measured by `make boardfit`). A home screen given
as an object (app.run(menu), the tests) stays, and those calls act at once.

Each game in a fresh VM (app.fresh_vm, set by code.py on the badge): a game whose
entry file exists on the drive, play_<module leaf><arg>.py (play_spades_game4.py,
play_spit_screen0.py; play_continue.py for Continue), starts through
supervisor.set_next_code_file() + supervisor.reload(): it gets an empty heap, with
nothing of the menu and none of the interned names an earlier game left (those are
never freed in one VM: about 10 KB per game), and going home reloads code.py. The
entry file calls app.play(module, arg). A laptop keeps everything in one process.
A game goes on in a fresh VM from the save it just made (go_on_fresh: play_continue.py,
or play_hint.py, Continue then a hint) where a long stretch in one VM would cut its heap
up: the Spades table's next hand, and the play after the pause menu's pages or its hint.
"""
import gc
import sys

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms() wraps at 2**29
DIM_MS = const(60000)  # a minute without a key dims the backlight

# the module that continues each saved game id (engine.storage GAME_SPADES4, _SPADES2, _SPIT)
CONTINUE = ("ui.spades_game", "ui.spades_game", "ui.spit_screen")


# what a crash leaves in the heap: the app, the hardware and the crash screen's widgets
_KEEP = ("ui.app", "ui.keys", "ui.hardware_board", "ui.widgets", "ui.sprites")

_HOME = const(0)  # the pending switches (App._pending): ui/app_start.py has the others


class Screen:
    """Defaults for the screen interface; subclassing it is optional."""

    def __init__(self, app):
        import displayio

        self.app = app
        self.group = displayio.Group()

    def on_key(self, key):
        return False

    def tick(self, now):
        return False

    def leave(self):
        pass


class Prefs:
    """An Options' values as plain attributes: what a game in its own VM keeps, so
    that engine/options.py need not stay in its heap (App.travel_light)."""

    def __init__(self, opts):
        from engine.options import FIELDS
        for f in FIELDS:
            setattr(self, f[0], getattr(opts, f[0]))


class App:
    """Runs one screen at a time on the hardware `hw`."""

    def __init__(self, hw):
        from engine import storage

        self.hw = hw
        self.screen = None
        self.home_screen = None
        self.running = True
        self.storage = storage.attach(getattr(hw, "nvm", None))
        self.options = self.storage.load_options()
        self.sound_on = bool(self.options.sound)  # the options page keeps it in step
        self.now = 0
        self.frames = 0
        self.refreshes = 0
        self.dirty = True
        self._last = hw.ticks_ms()
        self._before = None  # sys.modules names before the last launch
        self.game = None  # module name of the game in the heap, if any
        self.home_module = None  # set: the home screen is built anew from it after a game
        self.fresh_vm = False  # set (badge, code.py): games start through a reload
        self.game_vm = False  # set by play(): this VM runs one game; home reloads code.py
        self._pending = None  # (what, module, arg) to do at the start of the next frame
        self._loads = None  # (module names, then): load_then's
        self._held = -1  # a key pressed in a switch's first frame, for the screen it brings
        self._trouble = 0  # the storage's trouble, kept while none is (travel_light)
        self.busy = False  # set by a tick whose work goes on next frame (a bot thinking)
        self.lit = True  # the backlight; dimmed after DIM_MS without a key
        self.key_at = 0  # App.now of the last key

    # -- switching screens

    @property
    def stats(self):
        return self.save_point().load_stats()

    # -- saving from a game's own VM

    def save_point(self):
        """The Storage to save through now. A game in its own VM keeps none between
        save points (travel_light): one is attached for the save, as the badge's
        start does, and travel_light() lets it go again after."""
        st = self.storage
        if st is None:
            from engine import storage
            st = self.storage = storage.attach(getattr(self.hw, "nvm", None))
            if self._trouble:  # a write failed earlier in this VM: in memory only, as before
                st.trouble = self._trouble
        return st

    def travel_light(self):
        """In a game's own VM (play_*.py), once its screen is up and after each save
        point: the storage, options and statistics code leaves the heap (about 10 KB
        under the bots) until the next save point brings it back. Elsewhere (one VM
        for the menu and the games) it all stays."""
        if not self.game_vm:
            return
        st = self.storage
        if st is not None:
            self._trouble = st.trouble
        self.storage = None
        self.options = None
        self._forget([name for name in ("engine.storage", "engine.options", "engine.stats") if name in sys.modules])
        gc.collect()

    def show(self, screen):
        """Make `screen` the current one; the next frame redraws. A screen with an
        enter() method (the title menu) has it called each time it is shown."""
        old = self.screen
        if old is not None and old is not screen and hasattr(old, "leave"):
            old.leave()
        self.screen = screen
        self.hw.display.root_group = screen.group
        self.dirty = True
        enter = getattr(screen, "enter", None)
        if enter is not None:
            enter()
        gc.collect()

    def home(self):
        """Back to the title menu; the game's modules leave the heap."""
        if self._later(_HOME, None, 0):
            return
        if self.game_vm and self.game is not None:
            self._reload(None)  # back to code.py and its menu, in a fresh VM
            return
        if self.home_screen is None and self.home_module is not None:
            self._let_go()
            self.unload()
            __import__(self.home_module)
            self.home_screen = sys.modules[self.home_module].Menu(self)
        if self.home_screen is not None:
            self.show(self.home_screen)
        self.unload()

    def load_then(self, names, then):
        """Import the modules `names`, one a frame from the next, then call then() in
        the frame after them (a page's code and its build in one frame took up to 150
        board-ms)."""
        self._loads = (names, then)

    def load_rules(self, then):
        """load_then for the rules viewer's code (from a game's pause menu)."""
        self.load_then(("ui.pages", "ui.rules_text", "ui.rules_screen"), then)

    @staticmethod
    def load_next(names):
        """Import the first of `names` not in the heap: True if one came in."""
        for name in names:
            if name not in sys.modules:
                __import__(name)  # (names inline: each global is one more interned name)
                return True
        return False

    def _load_one(self):
        names, then = self._loads
        if not self.load_next(names):
            self._loads = None
            then()

    def _later(self, what, module_name, arg):
        """With a home module, a switch a screen asks for waits for the next frame."""
        if self.home_module is None or self.screen is None:
            return False
        self._pending = (what, module_name, arg)
        return True

    def _let_go(self):
        """Nothing on screen holds the old screen or the menu any more."""
        old = self.screen
        if old is not None and hasattr(old, "leave"):
            old.leave()
        self.screen = None
        import displayio
        self.hw.display.root_group = displayio.Group()  # the glass keeps its picture: no refresh
        if self.home_module is not None and self.home_screen is not None:
            self.home_screen = None
            self._forget((self.home_module,))
        gc.collect()

    def _reload(self, code_file):
        """Run `code_file` (None: code.py) in a fresh VM: the supervisor stops this one."""
        import supervisor
        self.running = False
        supervisor.set_next_code_file(code_file)
        supervisor.reload()

    def go_on_fresh(self, entry="play_continue.py"):
        """The badge: the game goes on from its last save in a fresh VM (`entry`: Continue,
        or play_hint.py: Continue and a hint), its heap whole again. False, and nothing
        done, where that would lose play: not a game's own VM, or saves that failed."""
        if not self.game_vm or self._trouble:
            return False
        self._reload(entry)
        return True

    def _switch(self):
        """A switch a screen asked for (ui/app_start.py switch). A game's own VM goes home
        here, with no code to load: its heap may be full."""
        if self._pending[0] == _HOME and self.game_vm and self.game is not None:
            self._pending = None
            self._let_go()  # the screen's leave() first, as everywhere
            self._reload(None)
            return
        self._start().switch(self)

    # -- starting games (ui/app_start.py: a game in its own VM lets it go once it is up)

    @staticmethod
    def _start():
        from ui import app_start
        return app_start

    def launch(self, module_name, arg=0):
        """Import `module_name` now and call its start(self, arg), which shows the first
        screen. Returns False (nothing imported) when that module does not exist yet.
        With a home module, the switch happens at the next frame (True if the module
        exists)."""
        return self._start().launch(self, module_name, arg)

    def resume_saved(self):
        """Continue the saved game where it was left. True if its screen is showing;
        else (no save, or one the game refuses) the save is set aside, the title
        menu is shown again and tells the player once."""
        return self._start().resume_saved(self)

    def unload(self):
        """Drop every module imported since the last launch (the game's, including those
        it imported later), and collect."""
        self._start().unload(self)

    def _home_now(self):
        """Home at once (Continue's refusals, which tell the menu something)."""
        self._start().home_now(self)

    @staticmethod
    def _forget(names):
        from engine.lazy import forget  # one way to let a module go, engine's and ui's
        for name in names:
            forget(name)

    def quit(self):
        self.running = False

    # -- helpers for screens

    def tone(self, hz, ms):
        """A tone, unless sound is off in the options."""
        if self.sound_on:
            self.hw.tone(hz, ms)

    # -- the loop

    def step(self):
        """One frame: keys to the screen, the screen's tick, a refresh if needed."""
        hw = self.hw
        if self._pending is not None:
            # a switch is a frame of its own: the old screen goes and the next module comes
            # in, or the new screen is built; its first tick and picture come in the next
            # (a page built, filled and drawn in one frame took up to 210 board-ms)
            self._switch()
            if not self.running:
                return
            if self._held < 0:  # a key pressed now is for the screen it brings (the
                self._held = hw.keys.poll()  # way back takes three frames: kept through them)
            self.frames += 1
            hw.frame_done(True)
            return
        if self._loads is not None:  # a frame for a module: the keys wait in their queue
            self._load_one()
            self.frames += 1
            hw.frame_done(True)
            return
        t = hw.ticks_ms()
        self.now += (t - self._last) & _TICKS_MASK
        self._last = t
        changed = False
        self.busy = False
        k = self._held
        self._held = -1
        if k < 0:
            k = hw.keys.poll()
        if k >= 0:
            self.key_at = self.now
            if not self.lit:  # this key only lights the screen again
                self.lit = True
                hw.backlight(True)
                hw.keys.release_all()  # held, it does not repeat either
                k = hw.keys.poll()
        while k >= 0:
            if self.screen.on_key(k):
                changed = True
            if self._pending is not None:
                break  # the rest of the keys are for the next screen
            k = hw.keys.poll()
        if self.screen.tick(self.now):
            changed = True
        if self.lit and self.now - self.key_at >= DIM_MS:
            self.lit = False
            hw.backlight(False)
        if changed or self.dirty:
            hw.display.refresh()
            self.dirty = False
            self.refreshes += 1
        self.frames += 1
        hw.frame_done(self.busy)
        if hw.quit_requested:
            self.window_closed()

    def window_closed(self):
        """The laptop's window was closed (Esc, or its close button): a save point, as
        Quit is. The screen's closing() saves what Quit would keep (one write, none when
        nothing changed since the last save); then the loop ends."""
        self.running = False
        closing = getattr(self.screen, "closing", None)
        if closing is not None:
            closing()

    def play(self, module_name, arg=0):
        """The badge's play_*.py entry files: one game (or "continue": the saved game)
        in this fresh VM, with no title menu in the heap; going home reloads code.py.
        The starting code (ui/app_start.py play) leaves the heap once the game is up."""
        try:
            self._start().play(self, module_name, arg)
        except Exception as e:  # the game's start is inside the game too
            self.crash(e)
        self.run()

    def run(self, home=None, home_module=None):
        """Show `home` (the title menu), or the `Menu` of `home_module` (built again
        each time the player comes home), and run frames until quit."""
        if home_module is not None:
            self.home_module = home_module
            self.home()
        if home is not None:
            self.home_screen = home
            self.show(home)
        while self.running and not self.hw.quit_requested:
            self.frame()

    def frame(self):
        """One frame (step). A crash in it (any exception, MemoryError too) ends on the
        crash screen (ui/crash.py) on the badge, or with catch set, never on a traceback:
        the game's screen goes first (its heap comes back), then the rest of the game."""
        try:
            self.step()
        except Exception as e:  # a reload (BaseException) goes on
            self.crash(e)

    def crash(self, e):
        """The crash screen for `e`, raised out of a frame or a game's start."""
        if not (self.fresh_vm or self.catch) or self.crashed:
            raise e
        if self.game_vm and self.game is not None and isinstance(e, MemoryError):
            # out of memory in a game's own VM: the crash screen in a VM of its own
            # (play_crash0.py), where it always fits; A there goes on to Continue, as here.
            # Nothing is saved. Its name is made as _switch makes a play file's: no new
            # interned name (at the peak the VM's six name pools are full, and a seventh is
            # a 9 KB block). The title menu's VM (a page of it) keeps its screen here.
            self._reload("play_%s%d.py" % ("crash", 0))
            return
        self.crashed = True
        self.screen = self._pending = None  # no leave(): nothing is saved after a crash
        in_game = self.game is not None
        if self.fresh_vm:  # the badge: whatever still holds the game (a module's global)
            ui = sys.modules.get("ui")  # goes before the crash screen's code comes in
            for name in [m for m in sys.modules if m.startswith("engine") or m.startswith("ui.") and m not in _KEEP]:
                sys.modules[name] = None  # as engine.lazy.forget does (it goes too)
                del sys.modules[name]
                if name.startswith("ui.") and hasattr(ui, name[3:]):
                    delattr(ui, name[3:])
            self._before = self.game = self.storage = None
            if self.home_module is not None:
                self.home_screen = None
            gc.collect()
            import displayio
            self.hw.display.root_group = displayio.Group()  # the game's pictures go too
        gc.collect()
        try:
            from ui import crash
            crash.show(self, e, in_game)
        except Exception:
            if not self.fresh_vm:
                raise
            self._reload(None)  # not even that fits: the title menu, and Continue there

    catch = False  # set (tools/play.py): the crash screen on the laptop too
    crashed = False

