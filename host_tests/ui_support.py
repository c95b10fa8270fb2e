"""Helpers for the UI tests: a headless app on the title menu, colour comparison."""
from ui.app import App
from ui.hardware_laptop import Headless, rgb565_to_rgb
from ui.menu import Menu


def shown(color):
    """0xRRGGBB as the panel shows it: through RGB565 and back."""
    r = (color >> 16) & 0xFF
    g = (color >> 8) & 0xFF
    b = color & 0xFF
    return rgb565_to_rgb(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3))


def menu_app(**kw):
    """(hw, app, menu): a Headless app showing the title menu, one frame drawn."""
    hw = Headless(**kw)
    app = App(hw)
    menu = Menu(app)
    app.home_screen = menu
    app.show(menu)
    app.step()
    return hw, app, menu


def count_color(display, color, x0, y0, x1, y1):
    """How many pixels in [x0, x1) x [y0, y1) show `color` (0xRRGGBB)."""
    want = shown(color)
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if display.pixel(x, y) == want:
                n += 1
    return n
