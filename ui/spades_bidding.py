"""Bidding at the Spades table: the bid picker (a number, or Nil), the Blind Nil offer
before the cards are seen (RULES 1.4) and the two-player Double Nil offer (RULES 2.4),
both a short list whose first choice is the safe one."""
from ui import keys, widgets
from ui.spades_layout import let_go as _let_go, reveal, WHITE, SOFT, NIL_RED
from engine.tricks import BID, BLIND_NIL, LOOK


def picker(t):
    """The bid picker (also the Blind Nil / Double Nil offer, with a list): built when a
    bid is due, over the banner and under the pause menu; let_go() drops it."""
    p = t.picker
    if p is None:
        p = widgets.Panel(26, 28, 108, 56, covers=t.cover)
        t.big = widgets.TextLine("", 80, 44, WHITE, (0.5, 0), scale=2, chars=7)
        t.sub = widgets.TextLine("", 80, 70, SOFT, (0.5, 0), chars=17)
        p.group.append(t.big.group)
        p.group.append(t.sub.group)
        t.choice = widgets.MenuList(30, 44, 100, 2, 13)
        p.group.append(t.choice.group)
        if t.n == 2:  # what Double Nil means, under the box: the hand is empty before the draw
            t.explain = [widgets.TextLine("", 80, y, SOFT, (0.5, 0), chars=26) for y in (99, 111)]
            for line in t.explain:
                p.group.append(line.group)
        t.group.insert(t.group.index(t.banner.group) + 1, p.group)
        t.picker = p
        t.offered = None  # a new box has no rows yet: whatever offer comes sets them
    return p


def let_go(t):
    """The bids are in: the picker, this module, the exchange's and the bots' bidding
    code leave the heap, room for the play and for the search a hard bot's first card
    loads (the next hand's bidding builds them again)."""
    p = t.picker
    if p is not None:
        p.show(False)
        t.group.remove(p.group)
        t.picker = t.big = t.sub = t.choice = t.explain = None
    _let_go("ui.spades_bidding", "ui.spades_exchange", "engine.bots.spades_bidding", "engine.bots.spades_draw")


def on_key(t, key):
    if not t.v.looked:
        if key == keys.SELECT:  # looks at your turn too, as while the others bid
            return t._act(LOOK)
        return choice_key(t, key, (LOOK, BLIND_NIL))
    if key in (keys.UP, keys.RIGHT, keys.DOWN, keys.LEFT):
        step = 1 if key in (keys.UP, keys.RIGHT) else -1
        t.bid = min(13, max(0, t.bid + step))  # 1.3: Nil to 13, no wrap from one end to the other
        draw_picker(t)
        return True
    if key == keys.A:
        return t._act(BID + t.bid)
    return False


def choice_key(t, key, actions):
    if key == keys.UP or key == keys.DOWN:
        t.choice.move(1 if key == keys.DOWN else -1)
        return True
    if key == keys.A:
        return t._act(actions[t.choice.cursor])
    return False


def offer(t, title, items, sub):
    picker(t).title.set(title)
    t.big.set("")
    offer = (t.m.hand_no, t.m.phase)
    if t.offered != offer:  # a new offer starts on its first, safe choice
        t.offered = offer
        t.choice.set_items(items)
    reveal(t.choice.group, True)
    t.sub.set(sub)
    t.sub.set_color(SOFT)
    _explain(t, DOUBLE_NIL_NOTE)  # two players: the Double Nil offer (RULES 2.4)


# 2.4 in the player's words: Nil declared before the first card is drawn, then up to
# three cards replaced from the discard pile
DOUBLE_NIL_NOTE = ("Nil before your first draw", "then replace up to 3 cards")


def _explain(t, note):
    if t.explain:
        for i in range(2):
            t.explain[i].set(note[i])


def draw_picker(t):
    picker(t).title.set("Your bid")
    reveal(t.choice.group, False)
    _explain(t, ("", ""))
    b = t.bid
    if b == 0:
        t.big.set("  Nil >")  # an end: no arrow that way
        t.big.set_color(NIL_RED)
        t.sub.set("A: bid, win none!")  # still how to bid it, in the warning's red
        t.sub.set_color(NIL_RED)
    else:
        t.big.set("< 13  " if b == 13 else "< %d >" % b)
        t.big.set_color(WHITE)
        t.sub.set("A: bid  Up/Down")
        t.sub.set_color(SOFT)
