"""Motion and pacing at the Spades table (ui/spades_motion.py): a played card slides
from its seat to the trick, a finished trick slides to its winner and waits for A or
the trick-wait option, dealt cards arrive at the hand, a banner opens each hand; the
bot-speed option scales the motion; frames move the existing tile grids only."""
from engine import options as options_mod
from engine.tricks import PLAY, BIDDING
from host_tests.spades_ui_support import app_with, launch, is_page
from host_tests.ui_support import shown
from host_tests.test_ui_spades import press, frames, my_turn, until, at_first_play
from ui import keys, spades_layout as lay, spades_build as build, spades_motion


def _grids(t):
    return [id(x) for x in t.group], [id(x) for x in t.hand.group]


def test_a_played_card_slides_from_the_hand_to_its_place_in_the_trick():
    hw, app, t = at_first_play()
    before = _grids(t)
    hw.press(keys.A)
    hw.advance(1)
    app.step()
    tg = t.slots[0]
    home = build.SLOTS4[0]
    assert not tg.hidden and (tg.x, tg.y) != home
    assert tg.y > home[1]  # on its way up from the hand
    seen = set()
    for _ in range(40):
        hw.advance(10)
        app.step()
        seen.add((tg.x, tg.y))
    assert (tg.x, tg.y) == home and len(seen) >= 3  # a few frames, then at rest
    assert _grids(t) == before  # the same grids moved, nothing built


def test_a_bot_card_comes_from_its_seat():
    hw, app, t = at_first_play()
    press(hw, app, keys.A)
    assert until(hw, app, lambda: t.m.to_move == 1 and t.bot is None, play=False, ms=5)
    played = len(t.m.history)
    for _ in range(400):  # West plays: its card enters from the left
        hw.advance(5)
        app.step()
        if len(t.m.history) > played:
            break
    assert t.m.history[-1] == t.slots[1][0]
    tg = t.slots[1]
    assert tg.x < build.SLOTS4[1][0]


def test_a_finished_trick_waits_then_slides_to_its_winner():
    hw, app, t = at_first_play()
    assert until(hw, app, lambda: t.trick_shown, ms=20)
    w = t.v.winners[-1]
    shown_at = app.now
    frames(hw, app, 1, 1400)
    assert t.trick_shown  # ~1.5 s by default
    moved = False
    for _ in range(60):
        frames(hw, app, 1, 20)
        if t.slots[w].hidden:
            break
        if any((g.x, g.y) != build.SLOTS4[s] for s, g in enumerate(t.slots) if not g.hidden):
            moved = True
    assert moved and not t.trick_shown and app.now - shown_at >= 1500
    # back home for the next trick
    assert all((g.x, g.y) == build.SLOTS4[s] for s, g in enumerate(t.slots))


def test_until_a_the_trick_stays_for_ever():
    hw, app, t = at_first_play(trick_wait=0)
    assert until(hw, app, lambda: t.trick_shown, ms=20)
    frames(hw, app, 30, 1000)
    assert t.trick_shown
    press(hw, app, keys.A)
    frames(hw, app, 20, 50)
    assert not t.trick_shown


def test_the_trick_wait_is_an_option_on_the_options_screen():
    o = options_mod.Options()
    assert o.trick_wait == 1500
    names = [f[0] for f in options_mod.FIELDS]
    assert "trick_wait" in names and 0 in options_mod.FIELDS[names.index("trick_wait")][1]
    from ui import options_screen
    assert "trick_wait" in [r[1] for r in options_screen.ROWS_SHOWN]
    assert options_screen.value_text("trick_wait", 0) == "until A"
    assert options_screen.value_text("trick_wait", 1500) == "1.5 s"


def test_dealt_cards_arrive_at_the_hand_under_a_hand_banner():
    hw, app = app_with()
    t = launch(hw, app, 4)
    assert not t.banner.group.hidden and t.banner.text.strip().startswith("Hand 1:")
    assert any(t.hand.slot(i).y < 0 for i in range(13))  # still on the way down from the deck
    frames(hw, app, 10, 300)
    assert t.banner.group.hidden
    assert all(t.hand.slot(i).y <= 4 for i in range(13))


def test_the_second_hand_opens_with_its_banner():
    hw, app = app_with()
    t = launch(hw, app, 4)
    assert until(hw, app, lambda: is_page(app.screen))
    press(hw, app, keys.A)
    assert app.screen is t and t.m.hand_no == 2
    assert not t.banner.group.hidden and t.banner.text.strip().startswith("Hand 2:")
    gold = shown(build.DEALER_BG)
    assert hw.display.pixel(14, lay.MSG_Y + 1) == gold
    press(hw, app, keys.B)  # any key: on at once
    assert t.banner.group.hidden and hw.display.pixel(14, lay.MSG_Y + 1) != gold


def test_bot_speed_scales_the_motion():
    ms = [spades_motion.move_ms(s) for s in (options_mod.SLOW, options_mod.NORMAL, options_mod.FAST)]
    assert ms[0] > ms[1] > ms[2] > 0


def test_a_motion_frame_moves_grids_and_keeps_them():
    class G:
        x = 0
        y = 0
    m = spades_motion.Motion(4)
    g = G()
    m.add(g, 0, 0, 100, 50)
    m.begin(1000, 100)
    assert m.step(1050) and 50 <= g.x < 100 and 25 <= g.y < 50  # eased: slows as it lands
    assert not m.step(1100) and (g.x, g.y) == (100, 50)
    assert not m.active


def test_a_card_drawn_and_kept_moves_into_the_hand():  # RULES 2.2
    from engine.tricks import DECLARE, DRAW
    hw, app = app_with()
    t = launch(hw, app, 2)
    assert until(hw, app, lambda: my_turn(t, DECLARE), play=False)
    press(hw, app, keys.A)  # play normally
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    c = t.v.drawn
    hw.press(keys.A)
    hw.advance(1)
    app.step()
    g = t.hand.slot(bytes(t.shown_tiles).index(bytes((c,))))
    assert g.y < 0  # on its way down from the middle of the table
    frames(hw, app, 10, 50)
    assert g.y == 4


def test_readme_names_the_trick_wait_choices():
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "README.md")) as f:
        text = f.read()
    from ui import options_screen
    choices = [f[1] for f in options_mod.FIELDS if f[0] == "trick_wait"][0]
    assert "Trick stays" in text and "0.8, 1.5 or 3 s, or until A" in text
    assert [options_screen.value_text("trick_wait", v) for v in choices] == ["0.8 s", "1.5 s", "3.0 s", "until A"]
