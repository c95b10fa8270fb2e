"""The laptop twins of ui/hardware_board.py: `Headless` (tests, `make screens`) and
`Window` (`make play`). Same face as the board's `Hardware`:

    hw.display        displayio display: root_group = group, refresh(); auto_refresh off
    hw.keys.poll()    next pressed key number (ui/keys.py) or -1; never blocks
    hw.ticks_ms()     milliseconds (Headless: a simulated clock moved by advance())
    hw.pixels         5 NeoPixels: fill(0xRRGGBB), pixels[i] = 0xRRGGBB, pixels[i]
    hw.tone(hz, ms)   starts a tone and returns at once (hz 0 stops it)
    hw.nvm            8192 bytes, bytearray-like (FileStore on the laptop)
    hw.mem_free()     free heap in bytes (-1 where unknown)
    hw.frame_done(busy)  end of a frame (the window paces itself to 60 fps here, busy or
                      not: a bot thinks hw.think_slices slices a frame in it)
    hw.backlight(on)  the backlight full or dimmed (Headless: `lit`; the window darkens)
    hw.quit_requested True once the window was closed or Esc pressed

Only this module and ui/hardware_board.py know which machine they run on.
"""
import contextlib
import io
import os
import time

import displayio
import keypad

with contextlib.redirect_stdout(io.StringIO()):  # Blinka prints a board warning here
    import busdisplay
from displayio._area import Area

from ui import keys

WIDTH = 160
HEIGHT = 128
PIXEL_COUNT = 5
NVM_SIZE = 8192

# the badge's buttons by key number (ui/keys.py)
NAMES = ("B", "A", "Start", "Select", "Right", "Down", "Up", "Left")

# The keyboard map, one table: (pygame key name, key number). The README's control
# table is checked against it. pygame.key.key_code(name) turns a name into a key code.
KEYBOARD = (
    ("left", keys.LEFT),
    ("right", keys.RIGHT),
    ("up", keys.UP),
    ("down", keys.DOWN),
    ("x", keys.A),
    ("a", keys.A),
    ("z", keys.B),
    ("b", keys.B),
    ("return", keys.START),
    ("backspace", keys.SELECT),
    ("right shift", keys.SELECT),
)
# Closes the laptop window (the badge has no such key).
KEYBOARD_QUIT = "escape"


def rgb565_to_rgb(value):
    """A 16-bit RGB565 value as an (r, g, b) triple of 0..255, bits widened as panels do."""
    r = (value >> 11) & 0x1F
    g = (value >> 5) & 0x3F
    b = value & 0x1F
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


class FrameDisplay(busdisplay.BusDisplay):
    """A display with no bus: each refresh copies the dirty areas into `frame`, an
    RGB565 framebuffer (big-endian, as the panel receives it). `last_pixels` counts the
    pixels the last refresh() redrew, `refreshes` the refreshes so far."""

    def __init__(self, width=WIDTH, height=HEIGHT):
        self.frame = bytearray(width * height * 2)
        self.last_pixels = 0
        self.refreshes = 0
        super().__init__(None, b"", width=width, height=height, auto_refresh=False)

    def _refresh_display(self):
        self.last_pixels = 0
        self.refreshes += 1
        return super()._refresh_display()

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w = clipped.width()
        h = clipped.height()
        n = w * h
        buffer = memoryview(bytearray(((n + 1) // 2) * 4)).cast("I")
        mask = memoryview(bytearray(((n // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        raw = buffer.tobytes()
        stride = self.width * 2
        for row in range(h):
            start = (clipped.y1 + row) * stride + clipped.x1 * 2
            self.frame[start:start + w * 2] = raw[row * w * 2:(row + 1) * w * 2]
        self.last_pixels += n
        return True

    def pixel(self, x, y):
        """The (r, g, b) shown at x, y after the last refresh."""
        i = (y * self.width + x) * 2
        return rgb565_to_rgb((self.frame[i] << 8) | self.frame[i + 1])

    def image(self, scale=1):
        """The framebuffer as a Pillow RGB image, scaled up by whole pixels."""
        import numpy as np
        from PIL import Image

        arr = np.frombuffer(bytes(self.frame), dtype=">u2").reshape(self.height, self.width)
        rgb = np.empty((self.height, self.width, 3), dtype=np.uint8)
        r = (arr >> 11) & 0x1F
        g = (arr >> 5) & 0x3F
        b = arr & 0x1F
        rgb[..., 0] = (r << 3) | (r >> 2)
        rgb[..., 1] = (g << 2) | (g >> 4)
        rgb[..., 2] = (b << 3) | (b >> 2)
        img = Image.fromarray(rgb, "RGB")
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        return img

    def save_png(self, path, scale=1):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        self.image(scale).save(path)


class Pixels:
    """Five NeoPixels in memory: colours as 0xRRGGBB. `changed` is set on every write
    (the window redraws its strip from it)."""

    def __init__(self, count=PIXEL_COUNT):
        self.colors = [0] * count
        self.changed = True

    def __len__(self):
        return len(self.colors)

    def __getitem__(self, i):
        return self.colors[i]

    def __setitem__(self, i, color):
        self.colors[i] = color
        self.changed = True

    def fill(self, color):
        for i in range(len(self.colors)):
            self.colors[i] = color
        self.changed = True


class Headless:
    """No screen, no sound: a framebuffer display, scripted keys (`press`), a simulated
    clock (`advance`), pixels and tones recorded for tests. `nvm` is an in-memory
    bytearray unless `nvm_path` names a FileStore file."""

    quit_requested = False

    def __init__(self, nvm_path=None):
        displayio.release_displays()  # Blinka allows one display at a time
        self.pixels = Pixels()
        self.display = self._make_display()
        self.display.auto_refresh = False
        self.events = keypad.EventQueue(32)
        self.keys = keys.Keys(self.events, self.ticks_ms)
        self.nvm = make_nvm(nvm_path) if nvm_path else bytearray(NVM_SIZE)
        self.now = 0
        self.tones = []  # (ticks_ms, hz, ms) for every tone() call
        self.lit = True  # the backlight (backlight())
        self.busy_frames = 0  # frames ended busy (frame_done): a bot thinking

    def _make_display(self):
        return FrameDisplay()

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now += ms

    def press(self, *key_numbers):
        """Queue a press and a release of each key, as the keypad scanner would."""
        for k in key_numbers:
            self.events.keypad_eventqueue_record(k, True)
            self.events.keypad_eventqueue_record(k, False)

    def tone(self, hz, ms):
        self.tones.append((self.ticks_ms(), hz, ms))

    def mem_free(self):
        return -1

    def frame_done(self, busy=False):
        if busy:
            self.busy_frames += 1

    def backlight(self, on):
        self.lit = bool(on)

    def save_png(self, path, scale=1):
        self.display.save_png(path, scale)

    def close(self):
        displayio.release_displays()


def make_nvm(path=None):
    """The laptop's 8192-byte nvm: a FileStore (ui/filestore.py) at `path` or its
    default place."""
    from ui.filestore import FileStore

    return FileStore(path)


# ---------------------------------------------------------------- the window

SCALE = 4
STRIP = 12  # height of the NeoPixel strip under the screen, in screen pixels
DIM_SHADE = 200  # the dimmed backlight: black of this alpha over the screen (about 1/5 left)


def _window_display_class():
    """Built here so that importing this module never needs pygame."""
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay

    class WindowDisplay(PyGameDisplay):
        """PyGameDisplay drawing into a 160 x 128 surface that is shown scaled up, with
        the five NeoPixels as a strip of lights under it."""

        def __init__(self, scale, pixels, caption):
            self._scale = scale
            self._pixels_ref = pixels
            self.window = None
            self.help = None  # lines of the key map drawn over the screen (h or F1)
            self.dimmed = False  # the badge's backlight dimmed: the screen drawn darker
            self._font = None
            super().__init__(width=WIDTH, height=HEIGHT, caption=caption, auto_refresh=False)

        def _initialize(self, init_sequence):
            pygame.display.init()
            pygame.display.set_caption(self._caption)
            s = self._scale
            self.window = pygame.display.set_mode((WIDTH * s, (HEIGHT + STRIP) * s))
            self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))  # the panel

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self.present()
            self._refresh_pending = False

        def present(self):
            """Scale the panel into the window, draw the pixel strip, flip."""
            if self.window is None:
                return
            s = self._scale
            pygame.transform.scale(self._pygame_screen, (WIDTH * s, HEIGHT * s), self.window.subsurface((0, 0, WIDTH * s, HEIGHT * s)))
            if self.dimmed:
                shade = pygame.Surface((WIDTH * s, HEIGHT * s), pygame.SRCALPHA)
                shade.fill((0, 0, 0, DIM_SHADE))
                self.window.blit(shade, (0, 0))
            self.window.fill((24, 24, 24), (0, HEIGHT * s, WIDTH * s, STRIP * s))
            colors = self._pixels_ref.colors
            step = WIDTH * s // len(colors)
            r = STRIP * s // 3
            for i, c in enumerate(colors):
                center = (step * i + step // 2, HEIGHT * s + STRIP * s // 2)
                rgb = ((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)
                pygame.draw.circle(self.window, (60, 60, 60), center, r + 2)
                pygame.draw.circle(self.window, rgb, center, r)
            self._pixels_ref.changed = False
            if self.help:
                self._draw_help(s)
            pygame.display.flip()

        def _draw_help(self, s):
            if self._font is None:
                pygame.font.init()
                self._font = pygame.font.Font(None, 7 * s)
            shade = pygame.Surface((WIDTH * s, HEIGHT * s), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 215))
            self.window.blit(shade, (0, 0))
            step = self._font.get_linesize()
            for i, (name, text) in enumerate(self.help):
                y = 4 * s + i * step
                self.window.blit(self._font.render(name, True, (255, 233, 160)), (4 * s, y))
                self.window.blit(self._font.render(text, True, (255, 255, 255)), (40 * s, y))

    return WindowDisplay


_KEY_LABELS = {"return": "Enter", "backspace": "Backspace", "right shift": "RShift", "escape": "Esc"}
HELP_KEYS = ("h", "f1")  # show or hide the key map over the screen


def _names(k):
    """The keyboard keys of badge button k (ui/keys.py KEYBOARD), as the keys read."""
    return [_KEY_LABELS.get(n, n) for n, key in KEYBOARD if key == k]


def help_lines():
    """The key map for the window's help overlay (h or F1): (badge button, keys) rows."""
    out = [("Button", "Keyboard")]
    for k in (keys.A, keys.B, keys.START, keys.SELECT):
        out.append((NAMES[k], " or ".join(_names(k))))
    out.append(("Arrows", "arrows (held: repeat)"))
    out.append(("Help", "h or F1 (again: hide)"))
    out.append(("Quit", "Esc closes the window"))
    return out


def key_help():
    """The keyboard map for the window's title bar, from ui/keys.py's KEYBOARD: the
    screens name the badge's buttons ("A: play"), this says which keys they are (the
    arrows are the arrows)."""
    out = []
    for k in (keys.A, keys.B, keys.START, keys.SELECT):
        out.append("%s: %s" % (NAMES[k], "/".join(_names(k))))
    out.append(_KEY_LABELS.get(KEYBOARD_QUIT, KEYBOARD_QUIT) + ": quit")
    out.append("h: help")
    return "  ".join(out)


class WindowKeys(keys.Keys):
    """keys.Keys fed from pygame's key events, read here (the display library's own
    key handling drops events)."""

    def __init__(self, window):
        super().__init__(window.events, window.ticks_ms)
        self._window = window

    def poll(self):
        self._window.pump()
        return super().poll()


class Window(Headless):
    """A pygame window: the 160 x 128 screen scaled `scale` times, the NeoPixels as a
    strip under it, the keyboard mapped by ui/keys.py, tones through pygame.mixer.
    Raises `NoScreen` when there is no screen to open a window on."""
    think_slices = 8  # a bot's slices a frame (ui/spades_thinking.py): frames are paced here

    def __init__(self, scale=SCALE, nvm_path=None, caption=None):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self._pygame = pygame
        self._scale = max(1, int(scale))
        self._caption = caption or "Pocket Cards   " + key_help()
        self.quit_requested = False
        try:
            with _quiet_stderr():  # SDL reports every video driver it tried
                super().__init__(nvm_path=None)
        except pygame.error as e:
            displayio.release_displays()
            raise NoScreen(str(e))
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
            # SDL fell back to drawing nowhere: a window nobody can see is no window
            displayio.release_displays()
            raise NoScreen("SDL found no usable display and chose its '%s' driver" % driver)
        self.nvm = make_nvm(nvm_path)
        self.keys = WindowKeys(self)
        self.keymap = {pygame.key.key_code(name): k for name, k in KEYBOARD}
        self._quit_code = pygame.key.key_code(KEYBOARD_QUIT)
        self._help_codes = [pygame.key.key_code(name) for name in HELP_KEYS]
        self._clock = pygame.time.Clock()
        self._start = time.monotonic()
        self._sounds = {}
        self._mixer = False
        with _quiet_stderr():  # ALSA reports a missing sound card at length
            try:
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self._mixer = True
            except pygame.error:
                pass

    def _make_display(self):
        return _window_display_class()(self._scale, self.pixels, self._caption)

    def ticks_ms(self):
        return int((time.monotonic() - self._start) * 1000)

    def advance(self, ms):
        raise TypeError("the window runs on the real clock")

    def pump(self):
        """Move pygame's events into the key queue; notice quit and expose events."""
        pygame = self._pygame
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                self.quit_requested = True
            elif e.type == pygame.KEYDOWN or e.type == pygame.KEYUP:
                if e.key == self._quit_code:
                    self.quit_requested = True
                    continue
                if e.key in self._help_codes:
                    if e.type == pygame.KEYDOWN:
                        self.display.help = None if self.display.help else help_lines()
                        self.display.present()
                    continue
                k = self.keymap.get(e.key)
                if k is not None:
                    self.events.keypad_eventqueue_record(k, e.type == pygame.KEYDOWN)
            elif e.type == pygame.WINDOWFOCUSLOST:
                self.keys.release_all()  # a key let go elsewhere sends no release here
            elif e.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self.display.present()

    def tone(self, hz, ms):
        super().tone(hz, ms)
        if not self._mixer:
            return
        if hz <= 0:
            self._pygame.mixer.stop()
            return
        sound = self._sounds.get(hz)
        if sound is None:
            import numpy as np

            rate, _, channels = self._pygame.mixer.get_init()
            period = max(2, rate // hz)
            wave = np.where(np.arange(period) < period // 2, 3000, -3000).astype(np.int16)
            wave = np.tile(wave, max(1, rate // period))  # one second, cut by maxtime
            if channels > 1:
                wave = np.repeat(wave[:, None], channels, axis=1)
            sound = self._pygame.sndarray.make_sound(np.ascontiguousarray(wave))
            self._sounds[hz] = sound
        sound.play(maxtime=ms)

    def frame_done(self, busy=False):
        if self.pixels.changed:
            self.display.present()
        self._clock.tick(60)

    def backlight(self, on):
        """Dimmed, the window shows the screen darkened, as the badge's backlight."""
        super().backlight(on)
        self.display.dimmed = not self.lit
        self.display.present()

    def close(self):
        displayio.release_displays()
        self._pygame.quit()


@contextlib.contextmanager
def _quiet_stderr():
    """Silence C libraries writing to file descriptor 2 for a moment."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class NoScreen(Exception):
    """No display to open a window on."""
