"""Replay this deal: a hand of the match dealt again (engine/spades_replay.py
replay: the same cards, scores, bags and dealer), the bots at the same level, bidding and play from
the start. Asked for with Select on a hand's end page or on a row of the score
history; imported then and let go when the match goes on.

While a replay runs, the table holds the replayed Match (its replay_of set) and
keeps aside only what the match goes back to: its bytes (to_bytes(), rebuilt with
from_bytes when the replay ends) and the first try's points. The hand's end page,
this module, the record and the loader leave the heap before the bots are loaded
again, so a replay holds what a hand in play holds (tools/boardfit.py plays one).
The hand's end goes to this module's page, not to the statistics, and nothing of a
replay is ever counted. The pause menu opened in a replay saves the match as the
replay began it with the replay after it (ui/spades_keep.py), so the replay's pages
and hint go on in VMs of their own from that save, as the match's do; Continue (after
a power cut too) resumes the match, never the replay: only those VMs take the replay
up again (ui/app_start.py keep_replay). A replay of a match that is over is never
saved (nothing would resume it).
Its end page shows the first try's points and the replay's side by side; A goes on
with the match (the next hand, or back to the hand under way), Select replays it
again.
"""
from ui.spades_layout import let_go, ME, PAUSED
from engine import lazy
from engine.lazy import call
from engine.tricks import IllegalAction, HAND_OVER, MATCH_OVER


def start(t, k):
    """Deal hand k of the match again on the table t (the match kept aside as bytes),
    once the page it was asked for on has left the heap (Table.after_page): a frame's
    work at a time (the table takes no key meanwhile), the deal, the table on it, the
    hand opened. In one frame they took up to 650 board-ms (make boardfit --frames)."""
    t.after_page(lambda t: _deal(t, k))


_dealt = None  # between frames: the loader held, the match a replay of a replay is dealt from, the replay


def _deal(t, k):
    global _dealt
    held = getattr(t, "replaying", None)
    if held is None:
        _deal_from(t, k, t.m)
        return
    if t.m.replay_of == k:  # again: a replay keeps its own start (engine/spades_replay.py)
        _dealt = call("spades_replay", "replay", t.m, k)
        t.then = _on_table
        return
    # another hand chosen in the score history during a replay: the match it was dealt
    # from, loaded first; the loader's code in this frame, the match in the next
    _dealt = lazy.hold("spades_load")
    t.then = lambda t: _load(t, k, held[0])


def _load(t, k, data):
    global _dealt
    held = _dealt
    _dealt = type(t.m).from_bytes(data)
    lazy.let_go(held)
    t.then = lambda t: _deal_from(t, k, _dealt)


def _deal_from(t, k, m):
    global _dealt
    _dealt = None
    try:
        r = call("spades_replay", "replay", m, k)
        first = call("spades_replay", "result", m, k)
    except (IllegalAction, ValueError) as e:  # not played, or no longer kept
        t.app.show(t)
        t.say(e.args[0][3:26])
        return
    # what go_on needs; of a match that is over, its final score too (match_over)
    final = (m.scores[0], m.scores[1], m.winner, m.hand_no, m.target) if m.phase == MATCH_OVER else None
    t.replaying = (m.to_bytes(), first, m.phase, final)
    _dealt = r
    t.then = _on_table


def _on_table(t):
    global _dealt
    r = _dealt
    _dealt = None
    _switch(t, r)
    t.page = None  # built again for the replay's end
    t.then = _open


def _open(t):
    let_go(*_CODE)
    t.open_hand()
    _banner(t)


def _banner(t):
    text = "Replay of hand %d" % t.m.replay_of
    pad = (23 - len(text)) // 2
    t.banner.set(" " * pad + text + " " * (23 - pad - len(text)))


def restored(t, held):
    """A replay in a fresh VM (ui/spades_game.py resume): the replay of the hand just
    ended (play_replay.py; the match was dealt ahead as it loaded, so its end page says
    "A: next"), or Continue of a save made during a replay in one of its pages' or
    hint's VMs. The table is on the replay; held is what it keeps aside (the match's
    bytes, the first try's points, the match's phase, no final score) and whether the
    match was dealt ahead."""
    t.replaying = held[0]
    t.dealt_ahead = held[1] == 1
    _banner(t)


# the hand's end page and its code: none of it is needed while the replay is played,
# and the bots want the room
_CODE = ("ui.spades_pages", "ui.pages", "ui.spades_hand_end", __name__)


def _switch(t, m):
    """The table on match m: whatever the screen kept of the other one is dropped
    (a bot's thought, a trick on show, a card in flight, the pause menu)."""
    if t.mode == PAUSED:  # a hand chosen in the score history
        from ui import spades_pause
        spades_pause.close(t, False)  # the replay plays here; its end goes on fresh (go_on)
    from ui import spades_motion
    mo = t.motion
    if mo.active:
        mo.finish()
    mo.kind = spades_motion.NOTHING  # nothing follows the motion (no trick to clear)
    spades_motion.home(t)
    t.m = m
    t.bot = None
    t.bot_seat = -1
    t.hinting = False
    t.hint_card = -1
    t.trick_shown = False
    t.wait = 0
    t.marked = []
    t.got = None
    t.offered = None  # the replay's offers start on their first, safe choice again
    t.counted = m.phase in (HAND_OVER, MATCH_OVER)
    t.was_broken = m.broken if m.phase not in (HAND_OVER, MATCH_OVER) else False
    t.was_turn = -1
    t.bid = t.bid or 1  # your last bid, as for a new hand (ui/spades_hand_end.py)
    t.banner_until = 0
    t.say("")
    t.app.show(t)
    t.refresh()
    t._prompt()


def rows(names, first, again):
    """The end page's comparison: the first try's points and the replay's, per side."""
    from ui.spades_pages import HEAD, TEXT, GOOD, BAD, signed
    better = again[0] - again[1] - first[0] + first[1]  # what the other choices were worth
    return [("%-10s%6s%6s" % ("", names[0], names[1]), "", HEAD),
            ("First try %6s%6s" % (signed(first[0]), signed(first[1])), "", TEXT),
            ("Replay    %6s%6s" % (signed(again[0]), signed(again[1])), "",
             GOOD if better > 0 else (BAD if better < 0 else TEXT))]


def ended(t):
    """The replayed hand is over: both results side by side, then its breakdown, a
    frame's work at a time: the results now, the rows in the next frame, the page in
    the one after (in one frame: up to 340 board-ms; results and rows: up to 200)."""
    global _rows
    r = t.m
    _rows = call("spades_replay", "result", r, r.replay_of)
    t.then = _page_rows


_rows = None  # the original hand's results, then the page's rows, until _end_page


def _page_rows(t):
    from ui.spades_pages import breakdown_rows, HEAD
    from ui.spades_layout import lights
    global _rows
    r = t.m
    names = t._side_names()
    out = rows(names, t.replaying[1], _rows)
    out.append(("The replay's hand", "", HEAD))
    out += breakdown_rows(r.last_breakdown, names, r.scores, r.bags, t.n)
    lights(t, -1)
    _rows = out
    t.then = _end_page


def _end_page(t):
    global _rows
    out = _rows
    _rows = None
    k = t.m.replay_of
    on = "A: next" if t.replaying[2] in (HAND_OVER, MATCH_OVER) or getattr(t, "dealt_ahead", False) else "A: back"
    t._page("Replay of hand %d" % k, out, on + "  Sel: again", lambda: go_on(t))
    t.page.b_too = False  # A goes on; B does nothing here
    t.page.choose(lambda row: start(t, k))


def go_on(t):
    """Back to the match: its next hand (or its end), or the hand under way, once the
    replay's page has left the heap. On the badge the match goes on in a fresh VM from
    its last save (the replay saved nothing: the hand's end, or the pause menu's save
    the score history was opened from), as A on the hand's end page does: the replay's
    code and names stay out of the play that follows."""
    final = t.replaying[3]
    if final is not None:  # nothing goes on: the final score, the replay's match kept (never saved)
        from ui import spades_hand_end
        t.after_page(lambda t: spades_hand_end.match_over(t, final))
        return
    if t.app.go_on_fresh():
        return
    t.after_page(_back)


def _back(t):
    cls = type(t.m)
    t.m = t.v = None  # the replay's match leaves the heap before the match is loaded again
    m = cls.from_bytes(t.replaying[0])
    t.replaying = None
    _switch(t, m)
    let_go(__name__)
    if m.phase == HAND_OVER:  # (a match over goes to its final score: go_on)
        from ui import spades_hand_end
        spades_hand_end.deal_next(t)
    elif m.to_move == ME:
        t._prompt()
