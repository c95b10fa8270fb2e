"""A card in words for the text pages, whose font has no suit glyphs: "QD", "10H". A
module this small so the review's page (ui/spades_hand_review.py) names cards without
bringing in the Why? page's words (ui/spades_why.py)."""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card_name(c):
    s = c // 13
    return RANKS[c % 13] + "CDHS"[s:s + 1]  # a slice: an index would intern the letter as a name
