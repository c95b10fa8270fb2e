"""How often a match writes the badge's nvm (`make wear`).

Scripted matches are played through the UI, from the title menu, on the laptop's
file-backed nvm (ui/filestore.FileStore in a temporary folder, headless), and every
slice assignment the store receives is counted. Each one is an erase of the whole
8 KB flash block on the board (shared/PLATFORM.md). The four-player match is left
through the pause menu (Quit) in its second hand and picked up again with Continue.

    .venv/bin/python tools/wear.py [--target 500] [--seed 1]

Last line: result: spades4_match_writes=<w> spades4_hands=<h> spades2_match_writes=<w2>
spades2_hands=<h2> spit_match_writes=<s> spit_rounds=<r>. The aim is writes <= hands + 3
per match (rounds + 3 for Spit).
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "host_tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import options as options_mod  # noqa: E402
from ui import keys  # noqa: E402

ERASES = 10000
DAYS = 3652.5  # ten years
LIMIT = 400000  # frames: a match that has not ended by then is a failure


def new_app(path, target, seed):
    """A headless badge on the title menu over the nvm file at `path`."""
    from ui.app import App
    from ui.hardware_laptop import Headless
    from ui.menu import Menu

    hw = Headless(nvm_path=path)
    hw.display.refresh = lambda *a, **k: True  # pixels are not what is measured here
    hw.advance(seed * 7919)  # the match's seed comes from the clock
    app = App(hw)
    o = options_mod.Options()
    o.target = target
    o.bot_speed = options_mod.FAST
    app.options = o  # for this run only: no options write in the count
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    return hw, app


def counted(hw, app, before):
    """Slice assignments the nvm file received since `before` (the Storage agrees)."""
    writes = hw.nvm.writes - before
    assert writes == app.storage.writes, (writes, app.storage.writes)
    hw.close()
    return writes


def spades(path, n, target, seed, leave_in_hand=0):
    """One match of Spades (n players) by keys; (writes, hands). With leave_in_hand,
    the pause menu's Quit in that hand and Continue from the title menu."""
    from spades_ui_support import human_keys, launch

    hw, app = new_app(path, target, seed)
    before = hw.nvm.writes
    t = launch(hw, app, n)
    left = False
    for _ in range(LIMIT):
        if app.screen is app.home_screen:
            if getattr(t, "over", False):
                break
            hw.press(keys.A)  # Continue heads the menu
            app.step()
            t = app.screen
            continue
        if not left and t.m.hand_no == leave_in_hand and len(t.m.history) >= 20 and app.screen is t:
            left = True
            for k in (keys.START, keys.UP, keys.A):  # pause menu, Quit
                hw.press(k)
                app.step()
            continue
        for k in human_keys(app):
            hw.press(k)
            app.step()
        hw.advance(300)
        app.step()
    else:
        raise SystemExit("wear: the Spades match did not end")
    return counted(hw, app, before), t.m.hand_no


def spit(path, seed):
    """One Spit match against level 1 by keys; (writes, rounds)."""
    from tools.screens_spit import human_keys
    from ui import spit_screen as SS
    from engine import spit as S

    hw, app = new_app(path, 500, seed)
    app.options.level_spit = 1
    before = hw.nvm.writes
    app.launch("ui.spit_screen")
    scr = app.screen
    for _ in range(LIMIT):
        m = scr.mode
        if m == SS.M_MATCH and app.now - scr.page_at >= SS.GUARD_MS:
            hw.press(keys.A)  # the match's result takes keys after a moment
            app.step()
            break
        if m == SS.M_ROUND:
            hw.press(keys.A)
        elif m == SS.M_TABLE:
            g = scr.game
            if g.phase == S.PH_SLAP and not scr.v.slapped:
                pc = scr.v.pile_counts
                hw.press(keys.LEFT if pc[0] <= pc[1] else keys.RIGHT)
            elif g.phase == S.PH_PLAY and app.frames % 20 == 0:
                ks = human_keys(scr)
                if ks:
                    hw.press(*ks)
        hw.advance(20)
        app.step()
    else:
        raise SystemExit("wear: the Spit match did not end")
    return counted(hw, app, before), scr.game.round_no


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", type=int, default=500, choices=(200, 300, 500))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "nvm.bin")
        w4, h4 = spades(path, 4, a.target, a.seed, leave_in_hand=2)
        print("four-player Spades: %d writes in %d hands (left and continued once)" % (w4, h4))
        w2, h2 = spades(path, 2, a.target, a.seed)
        print("two-player Spades: %d writes in %d hands" % (w2, h2))
        ws, rs = spit(path, a.seed)
        print("Spit: %d writes in %d rounds" % (ws, rs))
    for name, w in (("four-player Spades", w4), ("two-player Spades", w2), ("Spit", ws)):
        # every write is one erase of the block; 10,000 is the guaranteed endurance
        print("%s: %.2f such matches a day for ten years at 10,000 erases (%.1f at 100,000)"
              % (name, ERASES / w / DAYS, 10 * ERASES / w / DAYS))
    print("result: spades4_match_writes=%d spades4_hands=%d spades2_match_writes=%d spades2_hands=%d"
          " spit_match_writes=%d spit_rounds=%d" % (w4, h4, w2, h2, ws, rs))


if __name__ == "__main__":
    main()
