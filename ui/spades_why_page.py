"""The pause menu's Why? page in a VM of its own (play_why.py), on the badge: the table
VM reloads into it from the save the pause menu made as it opened, which keeps the bots'
reasons (ui/spades_keep.py), so the page is built over an empty heap with no table
beside it; back (A, B or Start) reloads into play_pause.py: Continue, the pause menu
open on Why?. Nothing is written. The rows are ui/spades_why.py's, as on the table."""
from array import array

from ui import spades_game


class Seen:
    """What the Why? rows read of a table: its match, its seats and the reasons kept."""

    def __init__(self, m):
        self.m = m
        self.n = m.n
        self.why = array("h", bytes(108))  # as Table.why
        self.bid = 1

    def _seat_name(self, s):
        return ("You", "Bot")[s] if self.n == 2 else ("You", "West", "North", "East")[s]


def start(app, arg=0):
    saved = spades_game._store(app).load_game()
    m = kept = None
    if saved is not None:
        try:
            m, kept, _ = spades_game._match(saved[0], saved[2], True)  # a replay's own reasons
        except ValueError:
            pass
    if m is None:  # nothing to explain: Continue tells the player what is wrong with the save
        app.go_on_fresh()
        return
    seen = Seen(m)
    if kept is not None:
        from ui.spades_keep import restore
        restore(seen, kept)
    from ui import spades_why
    rows = spades_why.rows(seen)
    from ui.spades_layout import let_go
    let_go("ui.spades_why", "ui.spades_keep")
    from ui.spades_pages import Page
    page = Page(app)
    page.fill("Why?", rows, "A: back", lambda: app.go_on_fresh("play_pause.py"))
    app.show(page)
