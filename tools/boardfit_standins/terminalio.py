# Stand-in for terminalio: FONT with the badge's 6 x 12 cells, one tile per ASCII
# character from the space on. On the badge the font's bitmap lives in flash; here its
# 1-bit Bitmap is heap the stand-ins' cost accounts for. Nothing is drawn, so it is blank.
import displayio


class _Glyph:
    def __init__(self, i):
        self.tile_index = i


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12, 0, -2)

    def get_glyph(self, cp):
        return _Glyph(cp - 32) if 32 <= cp < 127 else None


FONT = _Font()
