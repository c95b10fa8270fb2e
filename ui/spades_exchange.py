"""Choosing cards at the Spades table outside the play: the Blind Nil exchange (mark
3 cards to pass, RULES 1.4), the two-player draw (keep or reject, RULES 2.2) and the
Double Nil discard-and-replace picker (RULES 2.4)."""
from ui import keys, spades_layout as layout, spades_play as play
from ui.spades_layout import ME, TURN, YOU
from engine.tricks import KEEP, REJECT, PASS, DISCARD, DISCARD_DONE, EXCHANGE, DISCARDING


def draw_key(t, key):
    if key == keys.A:
        return t._act(KEEP)
    if key == keys.B:
        return t._act(REJECT)
    return False


def pick_key(t, key):
    if key == keys.LEFT or key == keys.RIGHT:
        return play.move_cursor(t, key)
    most = 3
    if key == keys.A:
        c = t.shown_tiles[t.cursor]
        if c in t.marked:
            t.marked.remove(c)
        elif len(t.marked) < most:
            t.marked.append(c)
        pick_prompt(t)
        layout.draw_hand(t)
        return True
    if key == keys.SELECT:
        ph = t.m.phase
        if ph == EXCHANGE and len(t.marked) != 3:
            t.say("Choose 3 cards first")
            return True
        base = PASS if ph == EXCHANGE else DISCARD
        for c in t.marked:
            t.m.apply(base + c, ME)
        t.marked = []
        if ph == DISCARDING:
            t.m.apply(DISCARD_DONE, ME)
        t._after(ME, -1)
        if ph == DISCARDING:
            got = t.v.replaced  # 2.4: the cards drawn from the pile in their place
            if got:  # told and marked until you play, as the Blind Nil exchange's
                t.got = got
                t.say("Got " + " ".join([layout.card_text(c) for c in got]), YOU)
                t.wait = t.app.now + max(1500, 2 * t.hold)  # time to see them before the bot bids
                layout.draw_hand(t)
        return True
    return False


def pick_prompt(t):
    """What A and Select do now (each text fits the message line, 23 cells)."""
    k = len(t.marked)
    if t.m.phase == EXCHANGE:
        t.say("Select: pass these 3" if k == 3 else "A: mark 3 to pass (%d/3)" % k, TURN)
    else:
        t.say("A: mark, Select: swap %d" % k, TURN)


def swap_text(t):
    """Who chooses three cards now, and for whom (1.4: the Blind Nil bidder and their
    partner swap three each); fits the message line."""
    s = t.m.to_move
    to = s ^ 2
    return "%s picks 3 for %s" % (t._seat_name(s), "you" if to == ME else t._seat_name(to))
