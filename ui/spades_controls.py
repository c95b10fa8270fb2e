"""What each button does at the Spades table: the README's "In Spades" rows
(host_tests/test_ui_spades.py reads both). Documentation kept as data, never imported
by the game: its text is not in the heap while a table runs."""

CONTROLS = (
    ("Left/Right", "move along your hand; change the bid"),
    ("Up/Down", "change the bid; move in a list; choose a hand in the score history"),
    ("A", "play the card; bid; choose; mark a card to pass; keep the drawn card; go on after a trick or from a hand's end page"),
    ("B", "reject the drawn card (two players); close the pause menu; back from its pages to it; review the hand on a hand's end page, stop the review, back from it"),
    ("Select", "look at your cards, on your bidding turn or while others bid; pass or replace the marked cards; replay the deal (at a hand's end or the score history's chosen hand)"),
    ("Start", "pause menu: Resume, Hint, Why?, Last trick, Score history, Rules, Quit"),
)
