"""Clear Spades screens: the bid picker stops at its ends, overlapped cards show no
sliver of their corner suit, the seat labels and markers are explained, the
two-player draw speaks of its owner, the Blind Nil exchange says what happens."""
from engine.tricks import BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, BLIND_NIL
from host_tests.ui_support import shown
from host_tests.spades_ui_support import app_with, launch
from host_tests.test_ui_spades import press, frames, my_turn, until, at_first_play
from ui import keys, sprites, widgets


def at_my_bid():
    hw, app = app_with()
    t = launch(hw, app, 4)
    assert until(hw, app, lambda: my_turn(t, BIDDING), play=False)
    press(hw, app, keys.A)  # look at the cards
    return hw, app, t


def test_the_bid_picker_stops_at_nil_and_at_thirteen():  # RULES 1.3: a bid is 0 to 13
    hw, app, t = at_my_bid()
    press(hw, app, *([keys.DOWN] * 5))
    assert t.big.text == "  Nil >"
    press(hw, app, *([keys.UP] * 20))
    assert t.big.text == "< 13  "
    press(hw, app, keys.RIGHT)
    assert t.big.text == "< 13  "
    press(hw, app, keys.LEFT)
    assert t.big.text == "< 12 >"


def _ink(card):
    return shown(sprites.SUIT_COLORS[card // 13])


def test_an_overlapped_card_shows_its_corner_suit_whole_or_not_at_all():
    hw, app, t = at_first_play()
    hand = t.hand
    for k in range(hand.count - 1):
        seen = hand.slot(k + 1).x - hand.slot(k).x
        assert seen <= sprites.SHOW or seen >= sprites.CARD_W - 2, (hand.count, seen)
    # the card left of the raised cursor card: its uncovered bottom rows hold no ink
    if t.cursor == 0:
        press(hw, app, keys.RIGHT)
    i = t.cursor
    left = hand.slot(i - 1)
    x0 = hand.group.x + left.x
    y0 = hand.group.y + left.y
    ink = _ink(hand.cards[i - 1])
    for y in range(y0 + sprites.CARD_H - widgets.RAISE, y0 + sprites.CARD_H):
        for x in range(x0 + hand.step, x0 + sprites.CARD_W):
            assert hw.display.pixel(x, y) != ink, (x, y)


def test_the_seat_labels_say_tricks_won_of_the_bid_once():
    hw, app, t = at_first_play()
    assert "WON/BID" in t.legend.text.upper()
    assert not t.legend.group.hidden


def at_two_player_draw():
    hw, app = app_with()
    t = launch(hw, app, 2)
    assert until(hw, app, lambda: my_turn(t, DECLARE), play=False)
    press(hw, app, keys.A)  # play normally
    return hw, app, t


def test_two_player_seat_names_the_bot_and_its_card_count():  # RULES 2.2
    hw, app, t = at_two_player_draw()
    assert t.names[1].text == "Bot"
    # the count sits under the bot's name, not alone at the top
    assert t.counts[1].y > t.names[1].y
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    press(hw, app, keys.A)
    held = len(t.m.hands[0])
    assert t.counts[0].text == ("1 card" if held == 1 else "%d cards" % held)
    # your own draw is logged on your side of the table, by your seat, below the bot's
    assert t.took.y > t.counts[1].y and abs(t.took.y - t.names[0].y) <= 12 and t.threw.y > t.took.y
    # the first player's "1" is explained while drawing
    assert "FIRST" in t.legend.text.upper() and not t.legend.group.hidden


def test_one_card_is_one_card():
    hw, app, t = at_two_player_draw()
    assert until(hw, app, lambda: len(t.m.hands[0]) == 1 or len(t.m.hands[1]) == 1, play=False)
    for s in (0, 1):
        if len(t.m.hands[s]) == 1:
            assert t.counts[s].text == "1 card"


def test_keep_or_reject_leaves_once_the_draw_is_over():  # RULES 2.2, 2.3
    hw, app, t = at_two_player_draw()
    assert until(hw, app, lambda: t.m.phase == BIDDING and my_turn(t, BIDDING))
    assert "keep" not in t.msg.text and "reject" not in t.msg.text


def _blind_nil_and_exchange(hw, app, t):
    press(hw, app, keys.DOWN, keys.A)  # Blind Nil
    assert t.m.bids[0] == BLIND_NIL
    assert until(hw, app, lambda: my_turn(t, EXCHANGE), play=False)
    press(hw, app, keys.A, keys.RIGHT, keys.A, keys.RIGHT, keys.A, keys.SELECT)


def test_after_passing_the_line_moves_on_and_the_cards_received_are_shown():  # RULES 1.4
    hw, app = app_with()
    t = launch(hw, app, 4)
    assert until(hw, app, lambda: my_turn(t, BIDDING), play=False)
    _blind_nil_and_exchange(hw, app, t)
    assert "pass these" not in t.msg.text
    assert until(hw, app, lambda: t.m.phase == PLAY, play=False)
    got = t.v.received
    assert len(got) == 3
    app.step()
    from ui.spades_layout import card_text
    for c in got:
        assert card_text(c) in t.msg.text or t.hand.styles[t.shown_tiles.index(c)] == sprites.HINT
    marked = [t.shown_tiles[i] for i in range(t.hand.count) if t.hand.styles[i] == sprites.HINT]
    assert sorted(marked) == sorted(got)


def test_when_bots_exchange_the_line_says_so():  # RULES 1.4
    hw, app = app_with()
    t = launch(hw, app, 4)
    press(hw, app, keys.SELECT)  # look at once: no Blind Nil for the human
    # the first bot to bid goes Blind Nil (as a bot may)
    assert until(hw, app, lambda: t.m.phase == BIDDING and t.m.to_move != 0 and t.bot is None, ms=1)
    seat = t.m.to_move
    t.m.apply(BLIND_NIL, seat)
    t._after(seat, BLIND_NIL)
    assert until(hw, app, lambda: t.m.phase == EXCHANGE)
    if t.m.to_move == 0:
        return  # the partner of the human went Blind Nil: the picker test covers it
    frames(hw, app, 1, 1)
    assert "picks 3 for" in t.msg.text, t.msg.text


def _cell(face, ch):
    bmp, w, h, index = face
    k = index[ord(ch) - 32]
    cols = bmp.width // w
    return tuple(bmp[(k % cols) * w + x, (k // cols) * h + y] for y in range(h) for x in range(w))


def test_the_text_face_draws_the_four_suits_in_place_of_their_characters():
    face = sprites.suit_font()
    plain = widgets.font()
    suits = [_cell(face, ch) for ch in sprites.SUIT_CHARS]
    assert len(set(suits)) == 4 and all(any(s) for s in suits)
    assert all(s != _cell(plain, ch) for s, ch in zip(suits, sprites.SUIT_CHARS))
    for ch in "AKQJ1023456789 :abz":
        assert _cell(face, ch) == _cell(plain, ch)


def test_hints_and_draws_name_cards_with_suit_glyphs():
    from ui.spades_layout import card_text
    assert card_text(51) == "A" + sprites.SUIT_CHARS[3] and card_text(8) == "10" + sprites.SUIT_CHARS[0]
    hw, app, t = at_first_play()
    assert t.msg.grid.bitmap is sprites.suit_font()[0]
    press(hw, app, keys.START, keys.DOWN, keys.A)  # Hint
    assert until(hw, app, lambda: t.hint_card >= 0, play=False, ms=20)
    assert t.msg.text.startswith(card_text(t.hint_card) + ": ")  # and why (ui/spades_why.py)
    hw, app, t = at_two_player_draw()
    assert until(hw, app, lambda: my_turn(t, DRAW), play=False)
    c = t.v.drawn
    press(hw, app, keys.A)
    assert t.took.text == "kept " + card_text(c) and t.took.grid.bitmap is sprites.suit_font()[0]


def test_a_refused_card_names_the_card_led_with_its_suit_glyph():  # RULES 1.5
    from ui.spades_layout import card_text
    hw, app, t = at_first_play()
    for _ in range(13):
        legal = t.m.legal_actions()
        bad = [i for i in range(t.hand.count) if t.shown_tiles[i] not in legal]
        if t.v.trick and bad:  # following, with cards of other suits: 1.5 refuses them
            break
        press(hw, app, keys.A)
        assert until(hw, app, lambda: my_turn(t, PLAY) or t.m.phase != PLAY, play=False)
        if t.m.phase != PLAY:
            return  # no refusal in this deal
    while t.cursor != bad[0]:
        press(hw, app, keys.RIGHT)
    press(hw, app, keys.A)
    assert t.msg.text == card_text(t.v.trick[0]) + " led: follow suit"
