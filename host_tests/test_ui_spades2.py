"""The two-player Spades screens: the Double Nil offer, the draw (keep/reject, the
drawn card shown, counts held and left), the discard-and-replace picker, the two-seat
table, a complete match from keys alone, Continue."""
from engine import storage
from engine.tricks import DECLARE, DRAW, DISCARDING, BIDDING, PLAY, BLIND_NIL
from host_tests.ui_support import shown
from host_tests.spades_ui_support import app_with, launch
from host_tests.test_ui_spades import press, frames, my_turn, until, play_match_by_keys, _check_match
from ui import keys, sprites, spades_table as st, spades_layout as lay, spades_build as build


def at_declare():
    hw, app = app_with()
    t = launch(hw, app, 2)
    assert t.n == 2 and t.m.n == 2
    assert until(hw, app, lambda: my_turn(t, DECLARE), play=False)
    return hw, app, t


def test_double_nil_offer_before_the_first_draw():  # RULES 2.4
    hw, app, t = at_declare()
    assert not t.picker.group.hidden
    assert t.choice.items == ["Play normally", "Double Nil"]
    assert len(t.m.hands[0]) == 0  # nothing drawn yet
    # what it means, in lines of its own under the box (the hand is empty till the draw)
    assert [line.text for line in t.explain] == ["Nil before your first draw", "then replace up to 3 cards"]
    assert all(not line.group.hidden and len(line.text) <= 26 for line in t.explain)
    soft = shown(lay.SOFT)
    assert sum(hw.display.pixel(x, y) == soft for x in range(160) for y in range(98, 122)) > 200
    press(hw, app, keys.A)
    assert t.m.declared[0] == 1
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    assert t.picker.group.hidden  # and the note with the box
    assert until(hw, app, lambda: my_turn(t, BIDDING))
    assert not t.picker.group.hidden and all(line.text == "" for line in t.explain)  # the bid says nothing of it


def test_the_draw_shows_the_card_and_keep_or_reject():  # RULES 2.2
    hw, app, t = at_declare()
    press(hw, app, keys.A)  # play normally
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    c = t.v.drawn
    assert 0 <= c < 52 and t.drawn[0] == c and not t.drawn.hidden
    assert hw.display.pixel(t.drawn.x + 9, t.drawn.y + 9) == shown(0xFFFFFF)
    assert t.msg.text == "A: keep  B: reject"
    assert t.stock.text == "stock %d" % t.v.stock
    held = len(t.m.hands[0])
    press(hw, app, keys.A)
    assert c in t.m.hands[0] and len(t.m.hands[0]) == held + 1
    assert t.took.text.startswith("kept ")
    assert t.counts[0].text == ("1 card" if held == 0 else "%d cards" % (held + 1))
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    c = t.v.drawn
    press(hw, app, keys.B)
    assert c not in t.m.hands[0] and c in t.m.rejected[0]
    assert t.threw.text.startswith("threw ") and t.took.text.startswith("took ")
    assert len(t.m.hands[0]) == held + 2


def test_double_nil_discard_and_replace_picker():  # RULES 2.4
    hw, app, t = at_declare()
    press(hw, app, keys.DOWN, keys.A)
    assert t.m.bids[0] == BLIND_NIL and t.counts[0].text == "Double Nil"  # it was "DN", "1 DN" .. "13 DN"
    assert until(hw, app, lambda: my_turn(t, DISCARDING))
    assert t.counts[0].text == "Double Nil"
    hand = bytes(t.shown_tiles)
    assert len(hand) == 13
    press(hw, app, keys.A, keys.RIGHT, keys.A)
    assert len(t.marked) == 2
    press(hw, app, keys.SELECT)
    gone = set(hand[:2])
    assert not (gone & set(t.m.hands[0])) and len(t.m.hands[0]) == 13
    got = bytes(t.m.replaced[0])
    assert len(got) == 2 and set(got) <= set(t.m.hands[0])
    # told which cards came back, as Blind Nil's exchange tells (and marked in the hand)
    assert t.msg.text == "Got " + " ".join(lay.card_text(c) for c in got)
    assert t.got == got
    assert all(t.hand.styles[t.shown_tiles.find(bytes((c,)))] == sprites.HINT for c in got)
    frames(hw, app, 1, 100)
    assert t.msg.text.startswith("Got ")  # time to read it before the bot's bid
    assert until(hw, app, lambda: t.m.phase in (BIDDING, PLAY), play=False)
    if t.m.phase == BIDDING:
        assert t.counts[0].text == "Double Nil"  # while the bot bids too


def test_two_seat_table():
    hw, app = app_with()
    t = launch(hw, app, 2)
    assert until(hw, app, lambda: my_turn(t, PLAY) and len(t.m.history) % 2 == 1)
    assert len(t.slots) == 2
    lead = t.m.history[-1]
    assert t.slots[1][0] == lead and not t.slots[1].hidden
    x, y = build.SLOTS2[1]
    assert hw.display.pixel(x + 9, y + 9) == shown(0xFFFFFF)
    assert t.slots[0][0] == sprites.EMPTY
    assert t.hand.count == len(t.m.hands[0]) >= 1


def test_a_complete_two_player_match_from_keys_alone():  # RULES 2.7
    hw, app, t, presses, over = play_match_by_keys(2)
    assert over and app.screen is app.home_screen
    assert t.m.winner in (0, 1) and max(t.m.scores) >= 200
    assert storage.Storage(hw.nvm).load_game() is None
    assert storage.Storage(hw.nvm).load_stats().get(1, 0) == 1
    print("two-player match: %d hands, %d key presses, %d saves written" % (t.m.hand_no, presses, t.store.writes))
    assert t.store.writes <= t.m.hand_no * 36


def test_continue_a_two_player_match():
    from ui import spades_game
    hw, app, t = at_declare()
    press(hw, app, keys.A)
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    press(hw, app, keys.START, keys.UP, keys.A)  # Quit
    game, level, blob = storage.Storage(hw.nvm).load_game()
    assert game == storage.GAME_SPADES2
    t2 = spades_game.resume(app, blob, level)  # the game id told by the bytes
    assert t2.n == 2 and t2.m.to_bytes() == t.m.to_bytes()
    _check_match(t2.m)


def test_hint_while_replacing_after_double_nil_and_a_bot_that_declares():
    hw, app, t = at_declare()
    press(hw, app, keys.DOWN, keys.A)
    assert until(hw, app, lambda: my_turn(t, DISCARDING))
    press(hw, app, keys.START, keys.DOWN, keys.A)  # Hint
    assert until(hw, app, lambda: t.bot is None and not t.hinting and t.then is None, play=False, ms=20)
    assert t.m.phase == DISCARDING
    # a bot far behind declares Double Nil and replaces cards itself
    from engine import spades2
    hw, app = app_with()
    m = spades2.Match(5, target=300)
    m.scores[0] = 250  # the human near the target, the bot 310 behind (a last resort)
    m.scores[1] = -60
    m.hand_no = 2  # after a hand played: a head a save can hold (issue 12)
    m._head()  # the save's head holds the scores as the hand began (nothing drawn yet)
    t = st.Table(app, m, storage.GAME_SPADES2, "normal", app.options, storage.Storage(hw.nvm))
    app.show(t)
    assert until(hw, app, lambda: t.m.phase in (BIDDING, PLAY) or t.m.hand_no > 2)
    assert t.m.declared[1] == 2 and len(t.m.hands[1]) == 13
    _check_match(t.m)
