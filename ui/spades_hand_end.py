"""The end of a Spades hand and of the match: statistics counted once, the hand's
breakdown page (RULES 1.7), the next hand, the final score. Imported when a hand
ends (the table lets the bots go first: none decides until the next hand); it and
the page leave the heap when the next hand starts (on the badge the next hand starts in a
fresh VM, dealt from the hand's end as saved). Select on the page replays the
hand (ui/spades_replay.py), B reviews it (ui/spades_hand_review.py); a replayed
hand's end is that module's page."""
from ui.spades_layout import let_go, lights, ME
from engine.tricks import MATCH_OVER


def end_hand(t):
    """The hand's end, a frame's work at a time, each in the table's next tick (the
    table takes no key meanwhile): the bots let go and this code in, the storage
    attached, the statistics read, the hand counted into them, the save, the page's
    code, its rows, the page built, then shown. In one frame they were the board's
    slowest save point."""
    m = t.m
    if getattr(m, "replay_of", 0):  # nothing of a replay is counted or saved
        t.then = _replay_over  # its code in the next frame (with this one's: up to 148 board-ms)
        return
    if t.counted:  # the page of a hand's end resumed: its code and rows from the next frame
        t.then = show_page
        return
    t.counted = True
    t.history.append((m.hand_no, m.scores[0], m.scores[1], m.number))
    for side in range(2):
        for label, p in m.last_breakdown[side]:
            if label.endswith("set"):
                t.app.tone(196, 300)
    t.then = _attach


def _replay_over(t):
    from ui import spades_replay
    t.then = spades_replay.ended


def _attach(t):
    t._saving()  # a game's own VM: its storage code comes back for this save point
    from engine import stats  # noqa: F401 (here, not in _read's frame: with it, up to 150 board-ms)
    t.then = _read


_stats = None  # the statistics the hand's end counted into, until its save


def _read(t):
    global _stats
    _stats = t._stats_now()
    t.then = _count


def _count(t):
    m = t.m
    st = _stats
    if st is not None and not m.single:  # a deal played alone counts nowhere
        v = m.observation(ME)
        st.spades_hand(t.game, ME, v.bids, v.tricks, m.last_breakdown[0])
        if m.phase == MATCH_OVER:
            st.match_over(t.game, m.winner == 0)
    t.then = _save


def _save(t):
    """Game and statistics in one write; Continue deals the next hand from it
    (ui/spades_game.py)."""
    global _stats
    st = _stats
    _stats = None
    t._save(st)
    t.then = show_page


def finish(t):
    """The laptop's window closes between those frames: the count and the save now."""
    while t.then is _attach or t.then is _read or t.then is _count or t.then is _save:
        step = t.then
        t.then = None
        step(t)


def show_page(t):
    """The hand's breakdown page (RULES 1.7): A goes on, Select replays the hand. This
    frame brings its code in, the next makes its rows, the one after builds it (in one
    frame with the rows: up to 160 board-ms, make boardfit --frames)."""
    from ui import spades_pages  # noqa: F401
    t.then = _rows


def _rows(t):
    from ui.spades_pages import breakdown_rows
    m = t.m
    n = t.n
    lines = m.last_breakdown
    names = t._side_names()
    rows = breakdown_rows(lines, names, m.scores, m.bags, n)
    lights(t, -1)
    t.then = lambda t: _page(t, rows)  # built in the next frame, shown in the one after


def _page(t, rows):
    m = t.m
    title = "Hand %d over" % m.hand_no
    if m.number < 1000000:  # the deal's number, to share (engine/tricks.py; none: an older save's)
        title += ", deal %d" % m.number
    t._page(title, rows, "A:next Sel:replay B:review", lambda: next_hand(t))
    t.page.b_too = False  # A goes on; B reviews the hand
    t.page.b_key = lambda: review(t)
    t.page.choose(lambda row: replay(t))


def review(t):
    """B: the review of the hand and par (ui/spades_hand_review.py). On the badge in a
    fresh VM from the hand's end as saved (play_review.py): beside the table and its
    page it ran out of room at 100 KB (make boardfit)."""
    if t.app.go_on_fresh("play_review.py"):
        return
    from ui import spades_hand_review
    spades_hand_review.here(t)


def replay(t):
    """Select: the hand again. On the badge in a fresh VM from the hand's end as saved
    (play_replay.py: ui/spades_game.py deals it as the match loads): the page's code, rows and names, and
    the heap they cut up, stay out of the replay, as they stay out of the next hand (a
    replay in this VM was the full play-through's peak: make boardfit). No save: the
    hand's end made it (a match that is over keeps its save, marked over, for this)."""
    if t.app.go_on_fresh("play_replay.py"):  # a match that is over too: its save is kept for this
        return
    from ui import spades_replay
    spades_replay.start(t, t.m.hand_no)


def next_hand(t):
    """A on the hand's end page: the match's end, or the next hand once the page has
    left the heap (Table.after_page)."""
    if t.m.phase == MATCH_OVER:
        match_over(t)
        return
    if t.app.go_on_fresh():  # the badge: the next hand in a fresh VM, dealt from the hand's end as saved
        return
    t.after_page(deal_next)


def deal_next(t):
    from engine.lazy import call
    call("spades_record", "next_hand", t.m)  # NEXT_HAND, the new hand's start kept for replays
    let_go("ui.spades_pages", "ui.pages", "ui.spades_replay", __name__)  # back with the next hand's end
    # the bots' bidding code now, before the bid picker cuts the heap up (it stays
    # until the hand's first card: engine/bots/spades_bot.py)
    import engine.bots.spades_bidding  # noqa: F401
    t.counted = False
    t.was_broken = False
    t.was_turn = -1
    t.bid = t.bid or 1  # your last bid (1 after a Nil): where the picker starts advises nothing
    t.got = None
    t.say("")
    t.app.show(t)
    t.refresh()
    t._prompt()
    t.open_hand()


def match_over(t, final=None):
    """The final score: of t.m, or `final` (scores, winner, hands, target) after a
    replay of the last hand (ui/spades_replay.py go_on)."""
    from ui.spades_pages import GOOD, BAD, TEXT, HEAD
    m = t.m
    if final is None:
        final = (m.scores[0], m.scores[1], m.winner, m.hand_no, m.target)
    names = t._side_names()
    won = final[2] == 0
    if m.single:  # a deal number played alone: its own words (ui/deal_screen.py)
        from ui.deal_screen import over
        title, last = over(m.number, final[2])
    elif t.n == 4:
        title = "You win the match!" if won else "They win the match"
    else:
        title = "You win!" if won else "The bot wins"
    rows = [("Final score", "", HEAD),
            (" " + names[0], str(final[0]), GOOD),
            (" " + names[1], str(final[1]), BAD)]
    if m.single:
        rows.append((last, "", TEXT))
    else:
        rows.append(("Hands played", str(final[3]), TEXT))
        rows.append(("Target", str(final[4]), TEXT))
    t.over = True
    t._page(title, rows, "A: menu", t.app.home)
