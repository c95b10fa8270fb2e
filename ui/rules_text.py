"""The games' rules, shortened to the screen (26 characters a line, eight lines a page,
each page one or two whole topics; "" ends a page early):
the one copy, shown by the one rules viewer (ui/rules_screen.py) from the title menu's
Rules and from the games' pause menus. Text only, so showing rules from the title menu
never brings a game screen into the heap.

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
    "Follow suit if you can.",
    "Spades are trumps.",
    "No spade lead until",
    " spades are broken.",
    "Made: 10 per trick bid",
    " +1 per extra (a bag).",
    "Set: -10 per trick bid.",
    "10 bags: -100.",
    "First side to the target",
    " wins (both: the higher).",
    "Blind Nil: bid before",
    " looking, +200/-200;",
    " partners swap 3 cards.",
    " Option: only for a side",
    " 100 or more behind.",
)

# RULES 2
SPADES2 = (
    "Draw: take the top",
    " card. Keep it (the",
    " next is thrown away)",
    " or throw it away",
    " (keep the next).",
    "13 cards each.",
    "Bid 0-13, 0 is Nil:",
    " win none, +100/-100.",
    "Follow suit if you can.",
    "Spades are trumps.",
    "No spade lead until",
    " spades are broken.",
    "Made: 10 per trick bid",
    " +1 per bag.",
    "Set: -10 per trick bid.",
    "10 bags: -100.",
    "First to the target wins",
    " (both: the higher).",
    "Double Nil: declare",
    " before your first",
    " draw; swap up to 3",
    " cards after; +-200.",
)

# RULES 3
SPIT = (
    "Both play at once.",
    "Play a top card on a",
    " pile 1 rank up or down",
    " (A goes on K and on 2).",
    "Left/Right: choose card",
    "A: left pile, B: right",
    "Down: to an empty place",
    "",
    "SPIT!: each turns a spit",
    " card onto their pile.",
    "Stall (no one can move):",
    " SPIT! again (A: now).",
    "Empty your 5 places,",
    " then slap the smaller",
    " pile (Left/Right): it",
    " joins your cards.",
    "Under 15 cards: one pile,",
    " no spit cards, no slap;",
    " out first takes nothing.",
    "Standard match: end a",
    " round with no cards.",
    "Points match: a point a",
    " card held each round;",
    " at 100 the lowest wins.",
)


def lines(game):
    return SPIT if game == 2 else SPADES2 if game == 1 else SPADES4
