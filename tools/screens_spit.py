"""Spit screen states for `make screens` (tools/screens.py registry), built by driving
the engine and bots with seeds on the Headless simulated clock, plus the helpers the
scripted tests use: `human_keys` (the keys a player would press for a good move) and
`autopilot` (a bot in your seat, for states many rounds away).
"""
from engine import spit as S
from engine.bots.spit_bot import SpitBot
from ui import keys

FRAME = 50  # ms per simulated frame


def table(app, seed=7, level=3, spit_match="standard"):
    from ui import spit_screen

    scr = spit_screen.new_match(app, seed, level, spit_match)
    app.step()
    return scr


def frames(app, n, ms=FRAME):
    for _ in range(n):
        app.hw.advance(ms)
        app.step()


def run_until(app, cond, ms=FRAME, limit=200000):
    """Step frames until cond() is true; False if `limit` frames ran out."""
    for _ in range(limit):
        if cond():
            return True
        app.hw.advance(ms)
        app.step()
    return cond()


def autopilot(scr, level=5, seed=99):
    """A bot plays your seat through the screen's table (and slaps for you)."""
    scr.tab.bots[0] = SpitBot(level, seed)
    scr.tab.idle[0] = False


def human_keys(scr):
    """Keys for one good move by you, read from what the screen shows (its view):
    walk the cursor to a card that fits a pile and press A or B; else fill an empty
    place with Down; else nothing ([])."""
    v = scr.v
    if v.phase != S.PH_PLAY:
        return []
    best = None
    for i in range(5):
        if not v.counts[i]:
            continue
        for k in (0, 1):
            t = v.pile_tops[k]
            if t >= 0 and S.adjacent(v.tops[i], t):
                if v.one_pile >= 0:
                    k = 0
                best = (i, keys.A if k == 0 else keys.B)
                break
        if best:
            break
    if best is None:
        empty = [i for i in range(5) if not v.counts[i]]
        tall = [i for i in range(5) if v.counts[i] > 1]
        if empty and tall:
            best = (tall[0], keys.DOWN)
        else:
            return []
    i, key = best
    out = []
    c = scr.cursor
    while c != i:
        out.append(keys.RIGHT if i > c else keys.LEFT)
        c += 1 if i > c else -1
    out.append(key)
    return out


# ---------------------------------------------------------------- the states

def first(app):
    """Round 1 right after the first Spit!: the first layout."""
    scr = table(app)
    run_until(app, lambda: scr.game.phase == S.PH_PLAY)


def countdown(app):
    """Round 1 before the first Spit!: the banner and the countdown."""
    table(app)
    frames(app, 5)


def mid(app):
    """Mid-round with empty places on both sides (your seat on autopilot)."""
    scr = table(app, seed=11, level=2)
    autopilot(scr, 3)

    def empties():
        v = scr.v
        return v.phase == S.PH_PLAY and 0 in v.counts and 0 in v.opp_counts
    run_until(app, empties, ms=20)


def prompt(app):
    """A stalemate: the SPIT! prompt with its countdown."""
    scr = table(app, seed=3, level=3)
    autopilot(scr, 4)
    run_until(app, lambda: scr.game.stalemate(), ms=20)
    frames(app, 2, 20)


def slap(app):
    """The slap: you slapped the left pile, the bot has not slapped yet."""
    scr = table(app, seed=5, level=3)
    autopilot(scr, 5)
    run_until(app, lambda: scr.game.phase == S.PH_SLAP, ms=20)
    scr.tab.bots[0] = None
    scr.tab.when[0] = -1
    app.hw.press(keys.LEFT)
    app.step()


def slap_taken(app):
    """After the slap: who took which pile, on the table."""
    scr = table(app, seed=5, level=3)
    autopilot(scr, 5)
    run_until(app, lambda: scr.mode == 1, ms=20)  # M_REVEAL


def round_results(app):
    scr = table(app, seed=5, level=3)
    autopilot(scr, 5)
    run_until(app, lambda: scr.mode == 2, ms=50)  # M_ROUND


def _one_pile_game(seed=1):
    """A bot match played on until a round is laid out with one spit pile (3.7)."""
    from engine.spit_match import Table

    for s in range(seed, seed + 200):
        g = S.Spit(s)
        tab = Table(g, [SpitBot(5, s), SpitBot(1, s + 1)])
        while g.phase != S.PH_MATCH_OVER and g.round_no < 40:
            tab.step()
            if g.phase == S.PH_SPIT and not g.stalemate() and g.one_pile >= 0:
                return g
    raise RuntimeError("no one-pile round found")


def one_pile(app):
    """A one-pile round (a player under 15 cards), saved and resumed, after Spit!."""
    from ui import spit_screen

    g = _one_pile_game()
    scr = spit_screen.resume(app, g.to_bytes(), 2)
    run_until(app, lambda: scr.game.phase == S.PH_PLAY)
    frames(app, 12)


def _match(app, spit_match, seed):
    scr = table(app, seed=seed, level=1, spit_match=spit_match)
    autopilot(scr, 5)
    for _ in range(300):
        run_until(app, lambda: scr.mode in (2, 3), ms=400)  # M_ROUND, M_MATCH
        if scr.mode == 3:
            return scr
        frames(app, 17)  # the results take keys after a moment (spit_screen.GUARD_MS)
        app.hw.press(keys.A)
        app.step()
    raise RuntimeError("match did not end")


def match_standard(app):
    _match(app, "standard", 21)


def match_points(app):
    _match(app, "points", 22)


def pause(app):
    scr = table(app)
    run_until(app, lambda: scr.game.phase == S.PH_PLAY)
    app.hw.press(keys.START)
    app.step()


def rules(app):
    pause(app)
    app.hw.press(keys.DOWN, keys.A)
    app.step()


SCREENS = [
    ("spit_countdown", "tools.screens_spit:countdown"),
    ("spit_first", "tools.screens_spit:first"),
    ("spit_mid", "tools.screens_spit:mid"),
    ("spit_prompt", "tools.screens_spit:prompt"),
    ("spit_slap", "tools.screens_spit:slap"),
    ("spit_slap_taken", "tools.screens_spit:slap_taken"),
    ("spit_one_pile", "tools.screens_spit:one_pile"),
    ("spit_round", "tools.screens_spit:round_results"),
    ("spit_match_standard", "tools.screens_spit:match_standard"),
    ("spit_match_points", "tools.screens_spit:match_points"),
    ("spit_pause", "tools.screens_spit:pause"),
    ("spit_rules", "tools.screens_spit:rules"),
]
