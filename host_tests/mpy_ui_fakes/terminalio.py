# Stand-in for terminalio: a 6x12 font whose tiles are ASCII from the space on.
import displayio


class _Glyph:
    def __init__(self, i):
        self.tile_index = i


class _Font:
    bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, c):
        return _Glyph(c - 32) if 32 <= c < 127 else None


FONT = _Font()
