"""`make play`: the game in a desktop window (160 x 128 scaled up), the keyboard
mapped onto the PyBadge's eight buttons (ui/keys.py, README). Esc or closing the
window quits. With no screen to open a window on it says so and exits with code 2.

    python tools/play.py [--scale N] [--frames N] [--press KEY ...]

--frames N stops after N frames; --press posts the named keyboard keys (pygame names:
down, x, return...) into the window's event queue at start. Both are for tests: with
SDL_VIDEODRIVER=dummy the window runs without a screen, and the last line printed
names the screen and the menu's cursor.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

NO_SCREEN = 2


def no_screen(why):
    sys.stderr.write("make play: no screen to open a window on (%s).\n"
                     "Run it on a desktop session, or set SDL_VIDEODRIVER=dummy to run "
                     "without showing anything.\n" % why)
    return NO_SCREEN


def has_screen_env():
    """On Linux/BSD a window needs X11 or Wayland (or an SDL driver chosen by hand)."""
    if sys.platform.startswith(("win", "darwin")) or os.environ.get("SDL_VIDEODRIVER"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pocket Cards in a window")
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--frames", type=int, default=0)
    ap.add_argument("--press", nargs="*", default=[])
    args = ap.parse_args(argv)
    if not has_screen_env():
        return no_screen("neither DISPLAY nor WAYLAND_DISPLAY is set")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError as e:
        sys.stderr.write("make play: pygame is missing (%s); run `make venv` first.\n" % e)
        return 1
    from ui.app import App
    from ui.hardware_laptop import NoScreen, Window
    from ui.menu import Menu

    try:
        hw = Window(scale=max(4, args.scale))
    except NoScreen as e:
        return no_screen(str(e))
    try:
        for name in args.press:
            code = pygame.key.key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code))
        app = App(hw)
        app.catch = True  # a crash shows the crash screen (ui/crash.py), as on the badge
        app.home_screen = Menu(app)
        app.show(app.home_screen)
        while app.running and not hw.quit_requested:
            app.frame()
            if args.frames and app.frames >= args.frames:
                break
        screen = type(app.screen).__name__
        cursor = getattr(app.home_screen, "cursor", -1)
        print("play: %d frames, %d refreshes, screen %s, menu cursor %d"
              % (app.frames, app.refreshes, screen, cursor))
    except KeyboardInterrupt:
        pass
    finally:
        hw.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
