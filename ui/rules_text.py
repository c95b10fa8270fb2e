"""The games' rules, shortened to the screen (26 characters a line): the one copy
shown by the title menu's Rules pages (ui/rules_screen.py) and by the games' pause
menus (ui/spades_pages.rules, ui/spit_screen). Text only, so showing rules from the
title menu never brings a game screen into the heap.

lines(game) gives the lines of a game by its engine.storage id (0 Spades, 1 Spades
for two, 2 Spit).
"""

# RULES 1
SPADES4 = (
    "Partners sit opposite:",
    " you (S) and North.",
    "Bid the tricks you",
    " will win, 0-13.",
    "0 is Nil: win none,",
    " +100 / -100.",
    "Blind Nil: bid before",
    " looking, +200/-200;",
    " partners swap 3 cards.",
    "Follow suit if you can.",
    "Spades are trumps.",
    "No spade lead until",
    " spades are broken.",
    "Made: 10 per trick bid",
    " +1 per extra (a bag).",
    "Set: -10 per trick bid.",
    "10 bags: -100.",
    "First side to the",
    " target wins.",
)

# RULES 2
SPADES2 = (
    "Draw: take the top",
    " card. Keep it (the",
    " next is thrown away)",
    " or throw it away",
    " (keep the next).",
    "13 cards each.",
    "Double Nil: declare",
    " before your first",
    " draw; swap up to 3",
    " cards after; +-200.",
    "Bid 0-13, 0 is Nil.",
    "Follow suit if you can.",
    "Spades are trumps.",
    "No spade lead until",
    " spades are broken.",
    "Made: 10 per trick bid",
    " +1 per bag.",
    "10 bags: -100.",
)

# RULES 3
SPIT = (
    "Play a top card on a",
    "pile 1 rank up or down",
    "(A goes on K and on 2).",
    "Left/Right: choose card",
    "A: left pile, B: right",
    "Down: to an empty place",
    "Empty your 5 places,",
    "slap the small pile L/R",
)


def lines(game):
    return SPIT if game == 2 else SPADES2 if game == 1 else SPADES4
