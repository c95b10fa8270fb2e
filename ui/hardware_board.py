"""The PyBadge's hardware, and the only module that touches it: display and its
backlight, the eight buttons, the five NeoPixels, the speaker, nvm, the millisecond
clock and the frame's rest. Everything else receives a `Hardware` (the laptop twins in
ui/hardware_laptop.py have the same face; ui/app.py documents it).

The battery: each frame lasts FRAME_MS at least. frame_done() sleeps what is left of it
(time.sleep: the SAMD51 idles until the next interrupt; the keypad scanner keeps
queueing presses meanwhile), except after a frame in which a bot thinks (busy): its
next slice follows at once, so thinking is as fast as without the rest. The backlight
dims (backlight(False)) after a minute without a key (ui/app.py).

`make test` type-checks this file with mypy against circuitpython-stubs with the
PyBadge selected, so a wrong pin name or argument fails the build.
"""
import array
import gc
import time

import audiocore
import audioio
import board
import digitalio
import keypad
import microcontroller
import neopixel_write
import supervisor
from micropython import const

from ui import keys

_TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms() wraps at 2**29
_TICKS_HALF = const(0x10000000)
_PIXEL_COUNT = const(5)
_DIM_SHIFT = const(3)  # NeoPixels at 1/8 brightness: full is blinding a foot away
_WAVE_SAMPLES = const(16)
FRAME_MS = const(25)  # 40 frames a second at most; the rest of a frame is slept
DIM_BRIGHTNESS = 0.1  # the backlight after a minute without a key


class Pixels:
    """The five NeoPixels (GRB) through the built-in neopixel_write: no library, one
    15-byte buffer. Colours are 0xRRGGBB; each write goes out at once (~0.2 ms)."""

    def __init__(self, pin: microcontroller.Pin, count: int = _PIXEL_COUNT) -> None:
        self._pin = digitalio.DigitalInOut(pin)
        self._pin.direction = digitalio.Direction.OUTPUT
        self._buf = bytearray(count * 3)
        self.colors = [0] * count

    def __len__(self) -> int:
        return len(self.colors)

    def __getitem__(self, i: int) -> int:
        return self.colors[i]

    def __setitem__(self, i: int, color: int) -> None:
        self._put(i, color)
        neopixel_write.neopixel_write(self._pin, self._buf)

    def fill(self, color: int) -> None:
        for i in range(len(self.colors)):
            self._put(i, color)
        neopixel_write.neopixel_write(self._pin, self._buf)

    def _put(self, i: int, color: int) -> None:
        self.colors[i] = color
        b = self._buf
        b[i * 3] = ((color >> 8) & 0xFF) >> _DIM_SHIFT
        b[i * 3 + 1] = ((color >> 16) & 0xFF) >> _DIM_SHIFT
        b[i * 3 + 2] = (color & 0xFF) >> _DIM_SHIFT


class Hardware:
    """The badge. See ui/app.py for the face every hardware object shows."""

    quit_requested = False  # nothing closes the badge

    def __init__(self) -> None:
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.display.brightness = 1.0  # lit, whatever the VM before left (the display outlives it)
        self._scanner = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=keys.COUNT,
            value_when_pressed=True,
            max_events=16,
        )
        # the scanner reports releases too: Keys repeats a held direction until its release
        self.keys = keys.Keys(self._scanner.events, supervisor.ticks_ms)
        self.pixels = Pixels(board.NEOPIXEL)
        self.pixels.fill(0)
        # None on a build without nvm: storage then keeps saves in memory and says so once
        self.nvm = microcontroller.nvm
        self._speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._speaker_on.switch_to_output(value=False)
        self._audio = audioio.AudioOut(board.SPEAKER)
        # one period of a quiet square wave, unsigned 16-bit around the midpoint
        half = _WAVE_SAMPLES // 2
        self._wave = array.array("H", [0x9800] * half + [0x6800] * half)
        self._tone_end = -1
        self._frame_start = supervisor.ticks_ms()

    def ticks_ms(self) -> int:
        return supervisor.ticks_ms()

    def tone(self, hz: int, ms: int) -> None:
        """Start a tone of `hz` for `ms` milliseconds and return at once; frame_done()
        stops it when its time is up. hz <= 0 stops the current tone."""
        self._audio.stop()
        if hz <= 0:
            self._speaker_on.value = False
            self._tone_end = -1
            return
        sample = audiocore.RawSample(self._wave, sample_rate=hz * _WAVE_SAMPLES)
        self._speaker_on.value = True
        self._audio.play(sample, loop=True)
        self._tone_end = (supervisor.ticks_ms() + ms) & _TICKS_MASK

    def frame_done(self, busy: bool = False) -> None:
        """The frame's end: a tone whose time is up stops; then, unless `busy` (a bot
        is thinking: its next slice goes at once), the rest of FRAME_MS is slept. The
        next frame counts from here: a slow frame is not made up for."""
        now = supervisor.ticks_ms()
        if self._tone_end >= 0:
            if ((now - self._tone_end) & _TICKS_MASK) < _TICKS_HALF:
                self.tone(0, 0)
        if not busy:
            rest = FRAME_MS - ((now - self._frame_start) & _TICKS_MASK)
            if rest > 0:
                time.sleep(rest / 1000)
                now = supervisor.ticks_ms()
        self._frame_start = now

    def backlight(self, on: bool) -> None:
        """The backlight full (on) or dimmed (after a minute without a key)."""
        self.display.brightness = 1.0 if on else DIM_BRIGHTNESS

    def mem_free(self) -> int:
        return gc.mem_free()  # type: ignore[attr-defined]  # CircuitPython's gc has it

    def shutdown(self) -> None:
        """Lights and sound off (after the menu's Quit)."""
        self.tone(0, 0)
        self.pixels.fill(0)
