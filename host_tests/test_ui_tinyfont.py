"""ui/tinyfont.py: a 3x5 font in 4x6 cells for dense text."""
import pytest

from host_tests.ui_support import count_color
from ui import tinyfont, widgets
from ui.hardware_laptop import Headless


def glyph(bmp, k):
    return tuple(bmp[k * tinyfont.W + x, y] for y in range(tinyfont.H) for x in range(tinyfont.W))


def test_every_character_has_its_own_glyph_and_the_space_is_blank():
    bmp, w, h, index = tinyfont.font()
    assert (w, h) == (4, 6)
    shapes = [glyph(bmp, k) for k in range(len(tinyfont.CHARS))]
    assert not any(shapes[0])
    assert len(set(shapes)) == len(shapes)
    # a one-pixel gap right and below every glyph
    for s in shapes:
        assert not any(s[y * 4 + 3] for y in range(6)) and not any(s[20:24])


def test_lower_case_maps_to_capitals_and_unknown_to_blank():
    _, _, _, index = tinyfont.font()
    assert index[ord("a") - 32] == index[ord("A") - 32] == tinyfont.CHARS.index("A")
    assert index[ord("@") - 32] == 0


def test_a_tiny_text_line_draws_in_4px_cells():
    hw = Headless()
    try:
        import displayio

        g = displayio.Group()
        line = widgets.TextLine("1", 10, 10, 0xFFFFFF, chars=4, face=tinyfont.font())
        g.append(line.group)
        hw.display.root_group = g
        hw.display.refresh()
        assert count_color(hw.display, 0xFFFFFF, 10, 10, 14, 16) == 8  # .#. ##. .#. .#. ###
        line.set("10")
        hw.display.refresh()
        assert count_color(hw.display, 0xFFFFFF, 14, 10, 18, 16) == 12  # the 0
    finally:
        hw.close()
