"""The pause menu of the Spades table (Start): Resume, Hint, Why?, Last trick, Score
history, Rules, Quit; and the last-trick review it opens. Back from any of its pages
(B, A or Start) is back in the menu; only Resume, B or Start in the menu (or Hint)
return to the table, and a key in the frame the menu or a page closes goes nowhere,
so no key meant for the menu plays a card. On the badge the menu itself opens in a
fresh VM (play_paused.py), and the play after it (Resume, or after a page: Why?, Score
history, Rules; or the hint) goes on in another, from the save made as the menu opened
(App.go_on_fresh): no menu's, page's or search's leftovers cut the heap under the play
(the search's code, loaded after the menu had come and gone in one VM, ran out at 100 KB:
make boardfit's random player 1). A replay of a match that is over, never saved, keeps
its VM.
Imported when first paused, let go when closed."""
import sys

from ui import keys, widgets, spades_layout as layout, spades_thinking as thinking
from ui.spades_layout import ME, PLAYING, PAUSED, REVIEW, TURN

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

MENU = ("Resume", "Hint", "Why?", "Last trick", "Score history", "Rules", "Quit")
_M_RESUME = const(0)
_M_HINT = const(1)
_M_WHY = const(2)
_M_LAST = const(3)
_M_HISTORY = const(4)
_M_RULES = const(5)
_M_QUIT = const(6)


def open_menu(t, here=False):
    """Start: the menu opens from the save it makes, on the badge in a fresh VM
    (play_paused.py) unless `here` (that VM's first act), so its pages and the hint
    never meet a heap the bots' search and names cut up (its callers stop the bots
    first: Table._key, go_on)."""
    t.mode = PAUSED
    t._save()  # leaving the table: the hand as it stands now (its code gone before the menu is built)
    if not here and _fresh(t, "play_paused.py"):
        return True
    if t.pause is None:  # built as it opens, on top of everything; close() lets it go
        p = widgets.Panel(30, 4, 100, 105)
        p.title.set("Paused")
        t.menu = widgets.MenuList(34, 17, 92, 7, 13, MENU)
        p.group.append(t.menu.group)
        t.pause = p
        t.group.append(p.group)
    t.menu.set_items(MENU)
    t.pause.show(True)
    t.hide_picker()
    return True


def close(t, fresh=True):
    """Back to the play: on the badge in a fresh VM (unless not `fresh`: a replay chosen
    in the score history plays here)."""
    if fresh and _fresh(t):
        return
    t.mode = PLAYING
    t.quiet = t.app.frames  # a key after the one that closed it, in the same frame, plays nothing
    if t.pause is not None:  # no room kept for it, or this code, under the play
        t.group.remove(t.pause.group)
        t.pause = t.menu = None
        layout.let_go(__name__)
    t._prompt()


def on_key(t, key):
    if t.mode == REVIEW:  # any key: back to the menu the last trick was chosen in
        t.mode = PAUSED
        t.say("")
        t.refresh()
        layout.draw_hand(t)
        t.pause.show(True)
        return True
    t.pause.title.set("Paused")  # after "No trick yet" or "No hint now"
    if key == keys.UP or key == keys.DOWN:
        t.menu.move(1 if key == keys.DOWN else -1)
        return True
    if key == keys.START or key == keys.B:
        close(t)
        return True
    if key != keys.A:
        return False
    i = t.menu.cursor
    if i == _M_HINT:
        if t.m.to_move != ME or t.bot is not None:
            t.pause.title.set("No hint now")  # not your turn: the menu stays
            return True
        if _fresh(t, "play_hint.py"):
            return True
        close(t)
        thinking.start_hint(t)
    elif i == _M_WHY:
        if _fresh(t, "play_why.py"):  # the page in a VM of its own (ui/spades_why_page.py)
            return True
        from ui import spades_why  # words only now, and only for this page
        rows = spades_why.rows(t)
        layout.let_go("ui.spades_why")
        t._page("Why?", rows, "A: back", lambda: back(t))
    elif i == _M_LAST:
        review(t)
    elif i == _M_HISTORY:  # the key's frame is enough: the page in frames of its own
        t.later(_history)
    elif i == _M_RULES:
        t.later(_rules)
    elif i == _M_QUIT:
        # saved as the menu opened, and nothing plays while it is open
        t.app.hw.pixels.fill(0)
        t.app.home()  # the match stays saved: Continue resumes it
    else:
        close(t)
    return True


def _history(t):
    """The score history: its code in this frame; the hands, the page and its showing
    in frames of their own (ui/spades_pages.py show_history)."""
    import ui.spades_pages  # noqa: F401
    t.later(lambda t: ui.spades_pages.show_history(t, lambda: back(t)))


def _rules(t):
    """The rules viewer: its code a module a frame, then built, then shown in the
    next (all in one frame took up to 260 board-ms; the code alone up to 125)."""
    def build():
        scr = sys.modules["ui.rules_screen"].RulesScreen(t.app, t.game, lambda: back(t))
        t.later(lambda t: t.app.show(scr))
    t.app.load_rules(build)


def _fresh(t, entry="play_continue.py"):
    """The badge: back to the play in a fresh VM, from the save made as the menu opened
    (nothing plays while it is open), so the pages and the hint's search never meet a
    heap cut up by the pages before (App.go_on_fresh). A replay goes on in a VM that
    takes it up again from that save (play_replaying.py), not Continue's; a replay of
    a match that is over is never saved: it goes on here."""
    if getattr(t.m, "replay_of", 0):
        if t.replaying[3] is not None:
            return False
        if entry == "play_continue.py":
            entry = "play_replaying.py"
    return t.app.go_on_fresh(entry)


def go_on(t, arg):
    """A fresh VM's first act (App.play; play_hint.py 1, play_pause.py 2, play_paused.py
    3): the hint asked for as the menu closed, the menu open on Why? again, back from its
    page's VM, or the menu Start opened."""
    if arg >= 2:
        t.stop_bots()
        open_menu(t, True)  # its save is the one the page was made from: nothing is written
        if arg == 2:
            t.menu.set_items(MENU, _M_WHY)
        return
    layout.let_go(__name__)
    thinking.start_hint(t)


def back(t):
    """Back from a pause page (Why?, Score history, Rules): to the pause menu, as it was
    left; the rest of this frame's keys were for the page."""
    t.app.show(t)
    t.quiet = t.app.frames


def review(t):
    """Last trick: the menu steps aside for the trick; any key brings it back."""
    v = t.v
    if len(v.winners) == 0:
        t.pause.title.set("No trick yet")
        return
    t.mode = REVIEW
    t.pause.show(False)
    layout.draw_trick(t, True)
    layout.draw_hand(t)
    w = v.winners[-1]
    t.say("Last trick: %s won" % t._seat_name(w), TURN)
