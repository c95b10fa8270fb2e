"""The card sprites and the hand row: readable at 160 x 128, every look distinct, and
a cursor move redraws only the cards it touches."""
import displayio
import pytest

from host_tests.ui_support import count_color, shown
from ui import sprites, widgets
from ui.hardware_laptop import Headless

HAND = (51, 50, 46, 42, 37, 36, 34, 25, 21, 20, 12, 8, 0)  # 13 cards, all suits


@pytest.fixture
def table():
    hw = Headless()
    g = displayio.Group()
    g.append(sprites.felt())
    hw.display.root_group = g
    yield hw, g
    hw.close()


def draw(hw):
    hw.display.refresh()


def test_thirteen_cards_fit_the_screen_with_the_index_showing():
    assert sprites.CARD_W + 12 * sprites.SHOW <= 160
    row = widgets.HandRow(y=98)
    row.show(HAND)
    assert row.step == sprites.SHOW
    xs = [row.slot(i).x for i in range(13)]
    assert xs[0] >= 0 and xs[-1] + sprites.CARD_W <= 160


def test_every_card_tile_differs_in_its_visible_strip():
    """The 11 visible columns of each card (rank and suit) are unique: no two cards
    look the same in a hand, whatever their colour."""
    sheet = sprites.sheet()
    strips = set()
    for c in range(52):
        x0 = c * sprites.CARD_W
        strips.add(tuple(sheet[x0 + x, y] for y in range(sprites.CARD_H) for x in range(sprites.SHOW)))
    assert len(strips) == 52  # palette indices alone tell all 52 apart


def test_suit_colours_and_styles(table):
    hw, g = table
    for s in range(4):
        g.append(sprites.card_grid(s * 13 + 12, sprites.NORMAL, 4 + s * 24, 4))
    g.append(sprites.card_grid(51, sprites.DIM, 4, 40))
    g.append(sprites.card_grid(51, sprites.CURSOR, 28, 40))
    g.append(sprites.card_grid(51, sprites.HINT, 52, 40))
    g.append(sprites.card_grid(sprites.BACK, sprites.NORMAL, 76, 40))
    draw(hw)
    d = hw.display
    for s in range(4):
        x = 4 + s * 24
        ink = count_color(d, sprites.SUIT_COLORS[s], x, 4, x + sprites.CARD_W, 4 + sprites.CARD_H)
        assert ink > 30, (s, ink)  # the rank A and two suit symbols
        assert d.pixel(x + 5, 4 + 20) == shown(0xFFFFFF)  # white face
    # dimmed: grey face, no pure black ink
    assert d.pixel(4 + 5, 40 + 20) == shown(0x8C8C8C)
    assert count_color(d, 0x000000, 4, 40, 4 + sprites.CARD_W, 40 + sprites.CARD_H) == 0
    # cursor and hint edges
    assert d.pixel(28 + 5, 40) == shown(0xFFC800)
    assert d.pixel(52 + 5, 40) == shown(0x00D8FF)
    # back: no white face
    assert count_color(d, 0xFFFFFF, 76 + 2, 42, 76 + 18, 40 + 24) == 0
    # rounded corners show the felt
    assert d.pixel(4, 4) == shown(sprites.FELT)


def test_cursor_card_is_raised_and_illegal_cards_dimmed(table):
    hw, g = table
    row = widgets.HandRow(y=98)
    styles = [sprites.NORMAL] * 4 + [sprites.DIM] * 9
    row.show(HAND, styles, cursor=1)
    g.append(row.group)
    draw(hw)
    d = hw.display
    x1 = row.slot(1).x
    x5 = row.slot(5).x
    top = 98 + widgets.RAISE
    assert row.slot(1).y == 0 and row.slot(0).y == widgets.RAISE
    # above the row only the raised card shows, with its gold edge
    assert d.pixel(x1 + 5, 98) == shown(0xFFC800)
    assert d.pixel(row.slot(0).x + 5, 98) == shown(sprites.FELT)
    # a legal card's face is white, an illegal one's grey, in the strip that shows
    assert d.pixel(row.slot(2).x + 9, top + 20) == shown(0xFFFFFF)
    assert d.pixel(x5 + 9, top + 20) == shown(0x8C8C8C)


def test_cursor_move_redraws_only_the_two_cards_it_touches(table):
    hw, g = table
    row = widgets.HandRow(y=98)
    row.show(HAND, cursor=0)
    g.append(row.group)
    draw(hw)
    draw(hw)  # Blinka redraws everything once more after the first refresh
    row.set_cursor(1)
    draw(hw)
    card_area = sprites.CARD_W * (sprites.CARD_H + widgets.RAISE)
    assert 0 < hw.display.last_pixels <= 2 * card_area
    row.set_cursor(1)  # no change: nothing to draw
    draw(hw)
    assert hw.display.last_pixels == 0


def test_fewer_cards_spread_out_and_unused_slots_hide():
    row = widgets.HandRow()
    row.show(HAND[:5])
    assert row.step == row.max_step
    assert [row.slot(i).hidden for i in range(13)] == [False] * 5 + [True] * 8
    row.show(())
    assert all(row.slot(i).hidden for i in range(13))


def test_text_line_rewrites_tiles_only_and_keeps_its_anchor():
    bmp, w, h, index = widgets.font()
    line = widgets.TextLine("Bid 3", 80, 10, anchor=(0.5, 0), chars=8)
    grid = line.grid
    assert [grid[i] for i in range(5)] == [index[ord(ch) - 32] for ch in "Bid 3"]
    assert line.group.x == 80 - (5 * w) // 2
    line.set("Bid 10")
    assert line.grid is grid and grid.bitmap is bmp  # nothing new allocated
    assert grid[5] == index[ord("0") - 32]
    assert line.group.x == 80 - (6 * w) // 2
    line.set("a much longer text than eight")
    assert [grid[i] for i in range(8)] == [index[ord(ch) - 32] for ch in "a much l"]


class _Unindexed(str):
    """Text whose characters may not be taken one by one: on the board each one taken
    (text[i], or a loop over the text) is interned as a name, never freed."""

    def __getitem__(self, i):
        raise AssertionError("indexed: each character would be an interned name on the board")

    def __iter__(self):
        raise AssertionError("iterated: each character would be an interned name on the board")


def test_text_line_never_takes_its_text_apart_by_character():
    bmp, w, h, index = widgets.font()
    line = widgets.TextLine(_Unindexed("Won 7"), 0, 0, chars=8)
    assert [line.grid[i] for i in range(5)] == [index[ord(ch) - 32] for ch in "Won 7"]
    line.set(_Unindexed("Bag {|}"))
    assert [line.grid[i] for i in range(7)] == [index[ord(ch) - 32] for ch in "Bag {|}"]


def test_text_line_draws_the_font(table):
    hw, g = table
    line = widgets.TextLine("A", 10, 10, color=0xFFFFFF)
    g.append(line.group)
    big = widgets.TextLine("A", 40, 10, color=0xFFFFFF, scale=2)
    g.append(big.group)
    draw(hw)
    small = count_color(hw.display, 0xFFFFFF, 10, 10, 16, 22)
    assert small > 10
    assert count_color(hw.display, 0xFFFFFF, 40, 10, 52, 34) == 4 * small
