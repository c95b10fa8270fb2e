"""The cost of one Spit game-loop frame (ui/spit_screen.py), on the laptop.

A frame is App.step(): poll the keys, the screen's tick (the table applies what is
due), a display refresh only if something changed. Measured on the Headless hardware
with the simulated clock:

- idle: a frame with no key and nothing due (the bot's move still in flight): host ms
  for the whole step and for the screen's tick alone, pixels redrawn (should be 0);
- play: a frame in which you press A and your card lands on a pile: host ms and
  pixels redrawn (the card leaving its place, the pile, two counts);
- bot: a frame in which the bot's card lands.

Host ms are CPython's; `board~ms` scales the screen's own Python (tick) by pystone
(tools/pystone.py: board = host * host_pystones / 1500). That is a rough guide only:
the display refresh on the badge is native code plus the SPI transfer of the pixels
redrawn (the whole 160 x 128 screen is 40960 bytes).

    python tools/bench_spit_frame.py [frames]
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _setup(seed=7):
    from engine import spit as S
    from ui.app import App
    from ui.hardware_laptop import Headless
    from ui.menu import Menu
    from ui import spit_screen

    hw = Headless()
    app = App(hw)
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    scr = spit_screen.new_match(app, seed, 3, "standard")
    app.step()
    while scr.game.phase != S.PH_PLAY:
        hw.advance(20)
        app.step()
    return hw, app, scr


def measure(frames=2000):
    from engine import spit as S
    from ui import keys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import pystone

    hw, app, scr = _setup()
    out = {}
    try:
        # idle frames: the bot's move is put far away so nothing is due
        scr.tab.bots[1] = None
        scr.tab.when[1] = -1
        for _ in range(5):
            hw.advance(16)
            app.step()
        d = hw.display
        r0 = d.refreshes
        t0 = time.perf_counter()
        for _ in range(frames):
            hw.advance(16)
            app.step()
        step_ms = (time.perf_counter() - t0) * 1000 / frames
        out["idle_refreshes"] = d.refreshes - r0
        out["idle_step_ms"] = step_ms
        now = app.now
        t0 = time.perf_counter()
        for i in range(frames):
            scr.tick(now + i)
        out["idle_tick_ms"] = (time.perf_counter() - t0) * 1000 / frames
        out["idle_pixels"] = 0 if out["idle_refreshes"] == 0 else d.last_pixels

        # a frame with your play
        v = scr.v
        play = None
        for i in range(5):
            for k in (0, 1):
                if play is None and v.counts[i] and S.adjacent(v.tops[i], v.pile_tops[k]):
                    play = (i, k)
        if play is not None:
            i, k = play
            for _ in range(i):  # walk the cursor first (its own frames)
                hw.press(keys.RIGHT)
                hw.advance(16)
                app.step()
            hw.press(keys.A if k == 0 else keys.B)
            hw.advance(16)
            t0 = time.perf_counter()
            app.step()
            out["play_step_ms"] = (time.perf_counter() - t0) * 1000
            out["play_pixels"] = d.last_pixels
        # a frame where the bot's card lands
        scr.tab.bots[1] = scr.bot
        scr.tab.idle[1] = False
        for _ in range(400):
            hw.advance(16)
            before = scr.game.clock
            t0 = time.perf_counter()
            app.step()
            dt = (time.perf_counter() - t0) * 1000
            if scr.game.clock != before:
                out["bot_step_ms"] = dt
                out["bot_pixels"] = d.last_pixels
                break
        # a cursor move
        hw.press(keys.RIGHT)
        hw.advance(16)
        t0 = time.perf_counter()
        app.step()
        out["cursor_step_ms"] = (time.perf_counter() - t0) * 1000
        out["cursor_pixels"] = d.last_pixels
        host_ps = pystone.pystones_per_second(20000)
        out["pystones"] = host_ps
        out["idle_tick_board_ms"] = out["idle_tick_ms"] * host_ps / pystone.BOARD_PYSTONES
    finally:
        hw.close()
    return out


def main(argv):
    frames = int(argv[1]) if len(argv) > 1 else 2000
    m = measure(frames)
    print("spit frame, no input:  step %.3f ms (host), tick %.4f ms (host) ~ %.2f ms board, "
          "refreshes %d, pixels redrawn %d"
          % (m["idle_step_ms"], m["idle_tick_ms"], m["idle_tick_board_ms"], m["idle_refreshes"], m["idle_pixels"]))
    if "play_step_ms" in m:
        print("spit frame, your play: step %.2f ms (host), pixels redrawn %d"
              % (m["play_step_ms"], m["play_pixels"]))
    if "bot_step_ms" in m:
        print("spit frame, bot play:  step %.2f ms (host), pixels redrawn %d"
              % (m["bot_step_ms"], m["bot_pixels"]))
    print("spit frame, cursor:    step %.2f ms (host), pixels redrawn %d"
          % (m["cursor_step_ms"], m["cursor_pixels"]))
    print("host pystones/s %.0f (board %d)" % (m["pystones"], 1500))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
