"""The libraries against the hand-made widgets, on the board VM (README "Libraries").

Compiles the pinned adafruit_display_text (bitmap_label) and adafruit_displayio_layout
(GridLayout) from the virtual environment, as `make bundle` would ship them, and
measures on CircuitPython 10.2.1 (32-bit): the heap their modules take once imported,
and the heap of the same screen piece built both ways: 20 lines of 16 characters of
terminalio text (bitmap_label.Label against ui/widgets.TextLine) and a six-row list
(GridLayout of six labels against ui/widgets.MenuList), each after gc.collect().

    python tools/boardfit_libs.py
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import boardfit  # noqa: E402
import bundle  # noqa: E402

LIBS = ("adafruit_ticks.py", "adafruit_display_text/__init__.py", "adafruit_display_text/bitmap_label.py",
        "adafruit_displayio_layout/__init__.py", "adafruit_displayio_layout/layouts/__init__.py",
        "adafruit_displayio_layout/layouts/grid_layout.py")

SCRIPT = r'''
import gc
import displayio
import terminalio


class Glyph:  # the badge's fontio.Glyph fields, for bitmap_label
    def __init__(self, i):
        self.bitmap = terminalio.FONT.bitmap
        self.tile_index = i
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


terminalio.FONT.get_glyph = lambda cp: Glyph(cp - 32) if 32 <= cp < 127 else None
gc.collect()


def cost(what, f):
    gc.collect()
    a = gc.mem_alloc()
    keep = f()
    gc.collect()
    print("%s=%d" % (what, gc.mem_alloc() - a))
    return keep


TEXT = "Score 123 of 500"
W = cost("widgets_module", lambda: __import__("ui.widgets").widgets)
W.font()
cost("textline_x20", lambda: [W.TextLine(TEXT, 0, i * 6) for i in range(20)])
cost("menulist_6", lambda: W.MenuList(6, 36, 98, 6, 13, items=("Spades", "Two", "Spit", "Options", "Stats", "Rules")))
BL = cost("bitmap_label_module", lambda: __import__("adafruit_display_text.bitmap_label").bitmap_label)
cost("bitmap_label_x20", lambda: [BL.Label(terminalio.FONT, text=TEXT, x=0, y=i * 6) for i in range(20)])
GL = cost("grid_layout_module", lambda: __import__("adafruit_displayio_layout.layouts.grid_layout").layouts.grid_layout)


def grid():
    g = GL.GridLayout(x=6, y=36, width=98, height=78, grid_size=(1, 6), cell_padding=0)
    for i, t in enumerate(("Spades", "Two", "Spit", "Options", "Stats", "Rules")):
        g.add_content(BL.Label(terminalio.FONT, text=t), grid_position=(0, i), cell_size=(1, 1))
    return g


cost("grid_layout_6", grid)
print("libs: done")
'''


def main():
    vm = boardfit.vm_path()
    if vm is None:
        print("boardfit_libs: skipped: no board VM")
        return 0
    site = sysconfig.get_paths()["purelib"]
    work = tempfile.mkdtemp(prefix="boardfit-libs-")
    try:
        b = boardfit.Board(vm, work)
        lib = os.path.join(b.drive, "lib")
        compiler = bundle.default_compiler()
        for rel in LIBS:
            err = bundle.compile_one(compiler, os.path.join(site, rel), "lib/" + rel, os.path.join(
                lib, rel[:-3] + ".mpy"), True, cache=None)
            if err:
                raise SystemExit(err)
        with open(os.path.join(b.standins, "libs_probe.py"), "w") as f:
            f.write(SCRIPT)
        with open(os.path.join(b.standins, "vectorio.py"), "w") as f:  # the VM has none; GridLayout imports it
            f.write("class Rectangle:\n    pass\n")
        env = dict(os.environ, MICROPYPATH=b.standins + ":" + lib + ":")
        out = subprocess.run([vm, "-X", "heapsize=300K", "-c", "import libs_probe"], cwd=b.drive, env=env,
                             capture_output=True, text=True)
        print(out.stdout + out.stderr)
        return 0 if "libs: done" in out.stdout else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
