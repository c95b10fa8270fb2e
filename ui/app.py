"""The main loop, and the interface every screen follows.

Hardware (ui/hardware_board.py on the badge, ui/hardware_laptop.py on a laptop):
    hw.display          displayio display, auto_refresh off: root_group = g, refresh()
    hw.keys.poll()      next pressed key number (ui/keys.py: B A START SELECT RIGHT
                        DOWN UP LEFT = 0..7) or -1 when none is waiting; never blocks
    hw.ticks_ms()       millisecond clock (wraps on the badge; screens get App.now)
    hw.pixels           the 5 NeoPixels: fill(0xRRGGBB), pixels[i] = 0xRRGGBB
    hw.tone(hz, ms)     starts a square-wave tone and returns at once (hz 0: stop)
    hw.nvm              8192 bytes, bytearray-like, kept across power-off
    hw.mem_free()       free heap in bytes, -1 where unknown
    hw.frame_done()     called at the end of every frame (the laptop window paces here)
    hw.quit_requested   True once the laptop window is closed (never on the badge)

Screen interface (duck-typed; `Screen` below gives the defaults):
    screen.group        a displayio.Group, built once in the constructor; later frames
                        only change text, positions, tiles and palettes inside it
    screen.on_key(key)  a key was pressed; return True when something on screen changed
    screen.tick(now)    once per frame with App.now (ms since start, never wraps in
                        practice); return True when something on screen changed. Bots
                        think here in slices; nothing may block or sleep.
    screen.leave()      optional: the app is about to show another screen
A screen gets the App in its constructor and switches with app.show(other_screen),
app.home() (back to the title menu, unloading the game) or app.launch(module, arg).
The display is refreshed only in frames where something changed.

Games are imported only when chosen (app.launch): the module's start(app, arg) shows
its first screen. Going home removes every module the game imported from sys.modules,
so one game at a time sits in the heap; gc.collect() runs at every screen change.
"""
import gc
import sys

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms() wraps at 2**29


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


def _missing_name(e):
    """The module name an ImportError says is missing (CPython and CircuitPython)."""
    name = getattr(e, "name", None)
    if name:
        return name
    msg = str(e)
    i = msg.find("'")
    j = msg.rfind("'")
    return msg[i + 1:j] if 0 <= i < j else ""


class App:
    """Runs one screen at a time on the hardware `hw`."""

    def __init__(self, hw):
        self.hw = hw
        self.screen = None
        self.home_screen = None
        self.running = True
        self.sound_on = True  # the options screen sets this; app.tone() respects it
        self.now = 0
        self.frames = 0
        self.refreshes = 0
        self.dirty = True
        self._last = hw.ticks_ms()
        self._loaded = ()
        self.game = None  # module name of the game in the heap, if any

    # -- switching screens

    def show(self, screen):
        """Make `screen` the current one; the next frame redraws."""
        old = self.screen
        if old is not None and old is not screen and hasattr(old, "leave"):
            old.leave()
        self.screen = screen
        self.hw.display.root_group = screen.group
        self.dirty = True
        gc.collect()

    def home(self):
        """Back to the title menu; the game's modules leave the heap."""
        if self.home_screen is not None:
            self.show(self.home_screen)
        self.unload()

    def launch(self, module_name, arg=0):
        """Import `module_name` now and call its start(self, arg), which shows the first
        screen. Returns False (nothing imported) when that module does not exist yet."""
        self.unload()
        before = set(sys.modules)
        try:
            __import__(module_name)
        except ImportError as e:
            missing = _missing_name(e)
            if missing and (module_name == missing or module_name.startswith(missing + ".")):
                self._forget([m for m in sys.modules if m not in before])
                return False
            raise
        self._loaded = [m for m in sys.modules if m not in before]
        self.game = module_name
        gc.collect()
        sys.modules[module_name].start(self, arg)
        return True

    def unload(self):
        """Drop every module the last launch imported, and collect."""
        if self._loaded:
            self._forget(self._loaded)
        self._loaded = ()
        self.game = None
        gc.collect()

    @staticmethod
    def _forget(names):
        for name in names:
            sys.modules.pop(name, None)
            dot = name.rfind(".")
            parent = name[:dot]
            leaf = name[dot + 1:]
            if dot > 0 and parent in sys.modules:
                try:
                    delattr(sys.modules[parent], leaf)
                except (AttributeError, TypeError):
                    pass

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
        t = hw.ticks_ms()
        self.now += (t - self._last) & _TICKS_MASK
        self._last = t
        changed = False
        k = hw.keys.poll()
        while k >= 0:
            if self.screen.on_key(k):
                changed = True
            k = hw.keys.poll()
        if self.screen.tick(self.now):
            changed = True
        if changed or self.dirty:
            hw.display.refresh()
            self.dirty = False
            self.refreshes += 1
        self.frames += 1
        hw.frame_done()

    def run(self, home=None):
        """Show `home` (the title menu) and run frames until quit."""
        if home is not None:
            self.home_screen = home
            self.show(home)
        while self.running and not self.hw.quit_requested:
            self.step()
