"""Cards are small ints 0..51: suit = card // 13, rank = card % 13.

Suits: 0 clubs, 1 diamonds, 2 hearts, 3 spades. Rank 0 is the 2, rank 12 the Ace
(RULES: A K Q J 10 9 8 7 6 5 4 3 2), so a higher rank number beats a lower one.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)
ACE = const(12)
KING = const(11)
QUEEN = const(10)
JACK = const(9)

RANK_NAMES = "23456789TJQKA"
SUIT_NAMES = "CDHS"


def suit(card):
    return card // 13


def rank(card):
    return card % 13


def card(suit_, rank_):
    return suit_ * 13 + rank_


def name(c):
    """'AS', 'TD', '2C': for messages and tests."""
    r = c % 13
    s = c // 13
    return RANK_NAMES[r:r + 1] + SUIT_NAMES[s:s + 1]  # slices: an index interns a name on the board


def parse(text):
    """The inverse of name(): 'QH' -> 34."""
    r = RANK_NAMES.find(text[0].upper())
    s = SUIT_NAMES.find(text[1].upper())
    if r < 0 or s < 0 or len(text) != 2:
        raise ValueError("not a card: " + text)
    return s * 13 + r


def fresh_deck():
    return bytearray(range(52))
