# A tiny stand-in for CircuitPython's displayio, for running ui/ under a real
# MicroPython (host_tests/test_ui_micropython.py): it keeps state, draws nothing.


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._v = bytearray(width * height)

    def __getitem__(self, xy):
        return self._v[xy[1] * self.width + xy[0]]

    def __setitem__(self, xy, value):
        self._v[xy[1] * self.width + xy[0]] = value


class Palette:
    def __init__(self, n):
        self._c = [0] * n

    def __getitem__(self, i):
        return self._c[i]

    def __setitem__(self, i, c):
        self._c[i] = c

    def make_transparent(self, i):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=0, tile_height=0,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self._tiles = bytearray([default_tile] * (width * height))

    def __getitem__(self, i):
        return self._tiles[i]

    def __setitem__(self, i, t):
        self._tiles[i] = t


class Group:
    def __init__(self, x=0, y=0, scale=1):
        self.x = x
        self.y = y
        self.scale = scale
        self.hidden = False
        self._items = []

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def index(self, item):
        return self._items.index(item)

    def remove(self, item):
        self._items.remove(item)

    def __len__(self):
        return len(self._items)
