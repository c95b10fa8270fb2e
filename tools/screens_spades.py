"""The Spades states for `make screens` (tools/screens.py SCREENS): every screen of
the four-player and two-player games, reached with key presses from the title
menu on a Headless app (options: target 200, bot speed fast), as a player would."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "host_tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine import options as options_mod  # noqa: E402
from ui import keys  # noqa: E402

STATES = [
    ("spades_menu", "tools.screens_spades:menu_on_spades"),
    ("spades_bid_wait", "tools.screens_spades:bid_wait"),
    ("spades_blind_offer", "tools.screens_spades:blind_offer"),
    ("spades_bid_picker", "tools.screens_spades:bid_picker"),
    ("spades_bid_nil", "tools.screens_spades:bid_nil"),
    ("spades_exchange", "tools.screens_spades:exchange"),
    ("spades_received", "tools.screens_spades:received"),
    ("spades_hand13", "tools.screens_spades:hand13"),
    ("spades_trick", "tools.screens_spades:mid_trick"),
    ("spades_trick_won", "tools.screens_spades:trick_won"),
    ("spades_hand2", "tools.screens_spades:hand2"),
    ("spades_thinking", "tools.screens_spades:thinking"),
    ("spades_hint", "tools.screens_spades:hint"),
    ("spades_pause", "tools.screens_spades:pause"),
    ("spades_why", "tools.screens_spades:why"),
    ("spades_why_more", "tools.screens_spades:why_more"),
    ("spades_why_hard", "tools.screens_spades:why_hard"),
    ("spades_last_trick", "tools.screens_spades:last_trick"),
    ("spades_pause_back", "tools.screens_spades:pause_back"),
    ("spades_hand_over", "tools.screens_spades:hand_over"),
    ("spades_review_busy", "tools.screens_spades:review_busy"),
    ("spades_review", "tools.screens_spades:review"),
    ("spades_history", "tools.screens_spades:history"),
    ("spades_replay_banner", "tools.screens_spades:replay_banner"),
    ("spades_replay_end", "tools.screens_spades:replay_end"),
    ("spades_history_pick", "tools.screens_spades:history_pick"),
    ("spades_rules", "tools.screens_spades:rules4"),
    ("spades_match_over", "tools.screens_spades:match_over"),
]
STATES2 = [
    ("spades2_declare", "tools.screens_spades:declare2"),
    ("spades2_draw", "tools.screens_spades:draw2"),
    ("spades2_discard", "tools.screens_spades:discard2"),
    ("spades2_replaced", "tools.screens_spades:replaced2"),
    ("spades2_table", "tools.screens_spades:table2"),
    ("spades2_why", "tools.screens_spades:why2"),
    ("spades2_rules", "tools.screens_spades:rules2"),
    ("spades2_replay_end", "tools.screens_spades:replay_end2"),
]
if os.path.exists(os.path.join(ROOT, "engine", "spades2.py")):  # the two-player engine is there
    STATES += STATES2


def _setup(app, level="normal"):
    o = options_mod.Options()
    o.target = 200
    o.bot_speed = options_mod.FAST
    o.level_spades4 = level
    o.level_spades2 = level
    app.options = o


def _launch(app, n=4, level="normal"):
    from spades_ui_support import launch
    _setup(app, level)
    return launch(app.hw, app, n)


def _frames(app, k=1, ms=300):
    for _ in range(k):
        app.hw.advance(ms)
        app.step()


def _press(app, *ks):
    """Each key, and the frames its work takes (a page is built and shown a frame's
    work at a time: Table.then)."""
    for k in ks:
        app.hw.press(k)
        app.step()
        for _ in range(8):
            if getattr(app.screen, "then", None) is None:
                break
            app.step()


def _until(app, cond, limit=3000, ms=300, play=True):
    """Frames (the human playing by spades_ui_support.human_keys) until cond()."""
    from spades_ui_support import human_keys
    for _ in range(limit):
        if cond():
            return True
        if play:
            for k in human_keys(app):
                if cond():
                    return True
                _press(app, k)
        _frames(app, 1, ms)
    return cond()


def _my_turn(t, phase):
    return lambda: t.m.phase == phase and t.m.to_move == 0 and not t.trick_shown and t.bot is None and \
        t.app.screen is t and not t.motion.active and not t.banner_until


def menu_on_spades(app):
    app.step()


def bid_wait(app):
    t = _launch(app)
    _frames(app, 1, 10)  # the first bot has bid or is about to: hand face down


def blind_offer(app):
    from engine.tricks import BIDDING
    t = _launch(app)
    _until(app, _my_turn(t, BIDDING), play=False)


def bid_picker(app):
    blind_offer(app)
    _press(app, keys.A, keys.UP)


def bid_nil(app):
    blind_offer(app)
    _press(app, keys.A, keys.DOWN, keys.DOWN, keys.DOWN)


def exchange(app):
    from engine.tricks import EXCHANGE
    blind_offer(app)
    t = app.screen
    _press(app, keys.DOWN, keys.A)  # Blind Nil
    _until(app, _my_turn(t, EXCHANGE), play=False)
    _press(app, keys.A, keys.RIGHT, keys.A, keys.RIGHT)


def received(app):
    from engine.tricks import PLAY
    exchange(app)
    t = app.screen
    _press(app, keys.A, keys.SELECT)  # the third card, passed
    _until(app, lambda: t.m.phase == PLAY and not t.motion.active, play=False)


def trick_won(app):
    t = _launch(app)
    _until(app, lambda: t.trick_shown and not t.motion.active, ms=50)


def hand2(app):
    hand_over(app)
    _press(app, keys.A)
    _frames(app, 1, 60)


def hand13(app):
    from engine.tricks import PLAY
    t = _launch(app)
    _until(app, _my_turn(t, PLAY))


def mid_trick(app):
    from engine.tricks import PLAY
    t = _launch(app)
    _until(app, lambda: t.m.phase == PLAY and len(t.m.history) >= 9 and len(t.v.trick) >= 2 and
           _my_turn(t, PLAY)())
    _press(app, keys.RIGHT)


def thinking(app):
    from engine.tricks import PLAY
    t = _launch(app, level="hard")
    _until(app, lambda: t.m.phase == PLAY and t.bot is not None and t.think_since >= 0, ms=20)


def hint(app):
    from engine.tricks import PLAY
    t = _launch(app)
    _until(app, lambda: t.m.phase == PLAY and len(t.m.history) >= 5 and _my_turn(t, PLAY)())
    _press(app, keys.START, keys.DOWN, keys.A)
    _until(app, lambda: t.hint_card >= 0, play=False, ms=20)


def pause(app):
    hand13(app)
    _press(app, keys.START)


def why(app, level="normal", n=4):
    """The pause menu's "Why?" after a few tricks: each bot's last bid and card."""
    from engine.tricks import PLAY
    t = _launch(app, n, level)
    _until(app, lambda: t.m.phase == PLAY and len(t.m.history) >= 6 and _my_turn(t, PLAY)(), ms=50)
    _press(app, keys.START, keys.DOWN, keys.DOWN, keys.A)


def why_more(app):
    """The same page scrolled to its end (East)."""
    why(app)
    _press(app, *([keys.DOWN] * 12))


def why_hard(app):
    """Hard bots: a card's reason is the search's deciding figures."""
    why(app, "hard")
    _press(app, *([keys.DOWN] * 3))


def why2(app):
    why(app, n=2)


def pause_back(app):
    """Back from the Why? page: the pause menu again, its cursor on Why?."""
    why(app)
    _press(app, keys.B)


def last_trick(app):
    from engine.tricks import PLAY
    t = _launch(app)
    _until(app, lambda: t.m.phase == PLAY and len(t.m.history) >= 14 and _my_turn(t, PLAY)())
    _press(app, keys.START, keys.DOWN, keys.DOWN, keys.DOWN, keys.A)


def hand_over(app):
    _launch(app)
    _until(app, lambda: _is_page(app.screen))


def review_busy(app):
    """B on the hand's end page: the review under way."""
    hand_over(app)
    _press(app, keys.B)
    _frames(app, 30, 30)


def review(app):
    """The review's page: both results, the bid, the costliest cards."""
    review_busy(app)
    r = app.screen
    _until(app, lambda: r.work is None, ms=20, play=False)


def history(app):
    from engine.tricks import PLAY
    hand_over(app)
    t = app.hw  # noqa: F841
    _press(app, keys.A)
    table = app.screen
    _until(app, lambda: table.m.hand_no >= 2 and _my_turn(table, PLAY)())
    _press(app, keys.START, keys.DOWN, keys.DOWN, keys.DOWN, keys.A)


def replay_banner(app):
    """Select on a hand's end page: the same deal again, named by its banner."""
    hand_over(app)
    _press(app, keys.SELECT)


def replay_end(app, n=4):
    """The replayed hand's end: the first try and the replay side by side."""
    t = _launch(app, n)
    _until(app, lambda: _is_page(app.screen))
    _press(app, keys.SELECT)
    _until(app, lambda: getattr(t.m, "replay_of", 0) and _is_page(app.screen))


def replay_end2(app):
    replay_end(app, 2)


def history_pick(app):
    """The score history at hand 3: Up/Down choose the hand to replay (Select)."""
    from engine.tricks import PLAY
    from ui import spades_pause
    t = _launch(app)
    for _ in range(2):
        _until(app, lambda: _is_page(app.screen))
        _press(app, keys.A)
    _until(app, lambda: t.m.hand_no >= 3 and _my_turn(t, PLAY)())
    _press(app, keys.START, *([keys.DOWN] * spades_pause.MENU.index("Score history")))
    _press(app, keys.A, keys.UP)


def rules4(app):
    hand13(app)
    _press(app, keys.START, keys.UP, keys.UP, keys.A)


def _is_page(screen):
    """A Spades text page (ui/spades_pages.py Page, loaded again for each hand's end:
    told by its class name)."""
    return type(screen).__name__ == "Page"


def match_over(app):
    from engine.tricks import MATCH_OVER
    t = _launch(app)
    t.m.scores[0] = 170  # close to the target: the match ends in a hand or two
    t.m.scores[1] = 160
    _until(app, lambda: t.m.phase == MATCH_OVER and _is_page(app.screen) and
           app.screen.title.text.find("match") >= 0, limit=20000)


def declare2(app):
    from engine.tricks import DECLARE
    t = _launch(app, 2)
    _until(app, _my_turn(t, DECLARE), play=False)


def draw2(app):
    from engine.tricks import DRAW
    t = _launch(app, 2)
    _until(app, lambda: t.m.phase == DRAW and len(t.v.hand) >= 3 and _my_turn(t, DRAW)())


def discard2(app):
    from engine.tricks import DISCARDING
    declare2(app)
    t = app.screen
    _press(app, keys.DOWN, keys.A)  # Double Nil
    _until(app, _my_turn(t, DISCARDING))
    _press(app, keys.A, keys.RIGHT)


def replaced2(app):
    """After Double Nil's replacement: the cards that came back, named and marked."""
    discard2(app)
    _press(app, keys.A, keys.SELECT)


def table2(app):
    from engine.tricks import PLAY
    t = _launch(app, 2)
    _until(app, lambda: t.m.phase == PLAY and len(t.m.history) >= 5 and _my_turn(t, PLAY)())


def rules2(app):
    table2(app)
    _press(app, keys.START, keys.UP, keys.UP, keys.A)
