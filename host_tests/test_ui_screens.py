"""`make screens` (tools/screens.py): the registry renders, and the PNGs show the menu
where its layout puts it."""
import os
import subprocess
import sys

from PIL import Image

from host_tests.ui_support import shown
from ui import menu as menu_mod, sprites

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def render(tmp_path, *names):
    sys.path.insert(0, ROOT)
    try:
        from tools import screens
    finally:
        sys.path.remove(ROOT)
    return screens, screens.render(list(names) or None, out=str(tmp_path))


def test_every_registry_entry_writes_a_png(tmp_path):
    screens, paths = render(tmp_path)
    names = [n for n, _ in screens.SCREENS]
    assert [os.path.basename(p) for p in paths] == [n + ".png" for n in names]
    assert {"menu", "sprites"} <= set(names)
    for p in paths:
        img = Image.open(p)
        assert img.size == (160, 128)
        colors = img.convert("RGB").getcolors(160 * 128)
        assert len(colors) >= 3 and max(colors)[0] < 0.97 * 160 * 128, p  # not blank
        big = Image.open(os.path.join(str(tmp_path), "4x", os.path.basename(p)))
        assert big.size == (640, 512)


def test_menu_png_has_the_bar_on_the_first_row_and_text_in_it(tmp_path):
    _, (path,) = render(tmp_path, "menu")
    img = Image.open(path).convert("RGB")
    bar = shown(menu_mod.BAR)
    felt = shown(sprites.FELT)
    col = [img.getpixel((menu_mod.ROW_X + 1, y)) for y in range(128)]
    rows = [y for y, c in enumerate(col) if c == bar]
    assert rows == list(range(menu_mod.ROW_Y0, menu_mod.ROW_Y0 + menu_mod.ROW_H - 1))
    assert img.getpixel((2, 126)) == felt
    # "Spades" in dark ink on the bar, between the bar's top and bottom
    ink = shown(menu_mod.TEXT_ON_BAR)
    dark = [(x, y) for y in rows for x in range(menu_mod.ROW_X, menu_mod.ROW_X + menu_mod.ROW_W)
            if img.getpixel((x, y)) == ink]
    assert len(dark) > 20
    assert min(x for x, _ in dark) >= menu_mod.ROW_X + 4
    assert max(x for x, _ in dark) < menu_mod.ROW_X + 4 + 6 * len("Spades") + 2
    # the other entries in white below it, one per row (as many as fit: the list scrolls)
    white = shown(menu_mod.TEXT)
    for i in range(1, min(len(menu_mod.ENTRIES), menu_mod.ROWS)):
        top = menu_mod.ROW_Y0 + i * menu_mod.ROW_H
        n = sum(1 for y in range(top, top + menu_mod.ROW_H - 1)
                for x in range(menu_mod.ROW_X, menu_mod.ROW_X + menu_mod.ROW_W)
                if img.getpixel((x, y)) == white)
        assert n > 10, (i, n)


def test_make_screens_command_writes_build_screens_menu_png():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "screens.py"), "menu", "sprites"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert os.path.exists(os.path.join(ROOT, "build", "screens", "menu.png"))
    assert os.path.exists(os.path.join(ROOT, "build", "screens", "sprites.png"))
    assert "screens: 2 written" in r.stdout
