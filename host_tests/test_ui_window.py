"""`make play`: the pygame window twin under SDL's dummy driver, driven by injected
pygame key events, and tools/play.py's exits."""
import os
import subprocess
import sys

import pytest

from ui import hardware_laptop, keys, menu as menu_mod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def window(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("POCKET_CARDS_DATA", str(tmp_path))
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ui.app import App
    from ui.hardware_laptop import Window
    from ui.menu import Menu

    hw = Window(scale=4)
    app = App(hw)
    menu = Menu(app)
    app.home_screen = menu
    app.show(menu)
    app.step()
    yield pygame, hw, app, menu
    hw.close()


def close(rgb, color, tol=8):
    """A window pixel (r, g, b[, a]) is `color` (0xRRGGBB) up to RGB565 rounding."""
    want = ((color >> 16) & 0xFF, (color >> 8) & 0xFF, color & 0xFF)
    return all(abs(a - b) <= tol for a, b in zip(rgb[:3], want))


def post_key(pygame, code):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code))


def test_window_is_scaled_at_least_4x_with_a_pixel_strip(window):
    pygame, hw, _, _ = window
    w, h = hw.display.window.get_size()
    assert w == 160 * 4 and h > 128 * 4
    # the menu's bar shows in the scaled window at 4x its place
    y = (menu_mod.ROW_Y0 + 2) * 4
    assert close(hw.display.window.get_at((menu_mod.ROW_X * 4 + 8, y))[:3], menu_mod.BAR)


def test_arrow_keys_move_the_menu_cursor(window):
    pygame, hw, app, menu = window
    post_key(pygame, pygame.K_DOWN)
    post_key(pygame, pygame.K_DOWN)
    app.step()
    assert menu.cursor == 2
    post_key(pygame, pygame.K_UP)
    app.step()
    assert menu.cursor == 1
    # and the window shows it: the bar moved down one row
    y = (menu_mod.ROW_Y0 + menu_mod.ROW_H + 2) * 4
    assert close(hw.display.window.get_at((menu_mod.ROW_X * 4 + 8, y))[:3], menu_mod.BAR)


def test_every_mapped_key_arrives_as_its_badge_key(window):
    pygame, hw, _, _ = window
    for name, k in hardware_laptop.KEYBOARD:
        post_key(pygame, pygame.key.key_code(name))
        assert hw.keys.poll() == k, name
    assert hw.keys.poll() == -1


def test_the_title_bar_names_the_keys_of_the_buttons_the_screens_mention(window):
    pygame, hw, _, _ = window
    caption = pygame.display.get_caption()[0]
    assert caption.startswith("Pocket Cards")
    for part in ("A: x/a", "B: z/b", "Start: Enter", "Select: Backspace", "Esc: quit"):
        assert part in caption, (part, caption)


def test_a_and_b_keys_work_as_well_as_x_and_z(window):
    pygame, hw, _, _ = window
    for code, k in ((pygame.K_a, keys.A), (pygame.K_b, keys.B), (pygame.K_x, keys.A), (pygame.K_z, keys.B)):
        post_key(pygame, code)
        assert hw.keys.poll() == k


def test_a_held_arrow_key_repeats_in_the_window_until_released(window, monkeypatch):
    pygame, hw, app, menu = window
    now = [0]
    monkeypatch.setattr(hw, "ticks_ms", lambda: now[0])
    hw.keys._clock = hw.ticks_ms
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    assert hw.keys.poll() == keys.DOWN
    now[0] = keys.REPEAT_DELAY
    assert hw.keys.poll() == keys.DOWN
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
    now[0] += 5 * keys.REPEAT_EVERY
    assert hw.keys.poll() == -1


def test_escape_and_close_request_quit(window):
    pygame, hw, app, _ = window
    post_key(pygame, pygame.K_ESCAPE)
    app.run()  # returns: the loop sees quit_requested
    assert hw.quit_requested


def test_pixels_are_drawn_under_the_screen(window):
    pygame, hw, app, _ = window
    hw.pixels.fill(0)
    hw.pixels[2] = 0xFF8000
    app.step()
    s = hw.display.window
    step = s.get_width() // 5
    y = (128 + 6) * 4
    assert s.get_at((step * 2 + step // 2, y))[:3] == (255, 128, 0)
    assert s.get_at((step // 2, y))[:3] == (0, 0, 0)


def test_tone_does_not_block(window):
    import time

    _, hw, _, _ = window
    t = time.monotonic()
    hw.tone(440, 500)
    hw.tone(0, 0)
    assert time.monotonic() - t < 0.3
    assert [x[1:] for x in hw.tones] == [(440, 500), (0, 0)]


def run_play(env, *args):
    full = dict(os.environ)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        full.pop(k, None)
    full.update(env)
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "play.py")] + list(args),
                          cwd=ROOT, env=full, capture_output=True, text=True, timeout=60)


def test_play_without_a_screen_says_so_and_exits_2():
    r = run_play({})
    assert r.returncode == 2
    assert "no screen" in r.stderr
    assert "Traceback" not in r.stderr


def test_play_with_an_unreachable_display_exits_2_instead_of_drawing_nowhere():
    r = run_play({"DISPLAY": ":4242"})
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "no screen" in r.stderr and "Traceback" not in r.stderr


def test_play_under_the_dummy_driver_shows_the_menu_and_follows_arrow_keys(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "POCKET_CARDS_DATA": str(tmp_path)}
    r = run_play(env, "--frames", "5", "--press", "down", "down", "up")
    assert r.returncode == 0, r.stderr
    assert "screen Menu, menu cursor 1" in r.stdout


def test_h_or_f1_shows_the_key_map_over_the_screen_and_hides_it(window):
    pygame, hw, app, menu = window
    from ui.hardware_laptop import help_lines

    corner = hw.display.window.get_at((8, 8))[:3]  # the felt
    for code in (pygame.K_h, pygame.K_F1):
        post_key(pygame, code)
        assert hw.keys.poll() == -1  # not a button of the badge
        assert hw.display.help == help_lines()
        shaded = hw.display.window.get_at((8, 8))[:3]
        assert sum(shaded) < sum(corner) // 3  # the screen darkened under the text
        post_key(pygame, code)
        hw.keys.poll()
        assert hw.display.help is None
        app.dirty = True
        app.step()
        assert hw.display.window.get_at((8, 8))[:3] == corner
    lines = help_lines()
    assert ("A", "x or a") in lines and ("B", "z or b") in lines
    assert ("Select", "Backspace or RShift") in lines and ("Start", "Enter") in lines
