"""Playing a card at the Spades table: Left/Right move along the hand, A plays the
chosen card (the engine refuses an illegal one, and the table says why)."""
from ui import keys


def move_cursor(t, key):
    count = t.hand.count
    if count == 0:
        return False
    t.cursor = (t.cursor + (1 if key == keys.RIGHT else -1)) % count
    t.hand.set_cursor(t.cursor)
    return True


def on_key(t, key):
    if key == keys.LEFT or key == keys.RIGHT:
        return move_cursor(t, key)
    if key == keys.A:
        c = t.shown_tiles[t.cursor]
        return t._act(c)
    return False
