"""Spit engine: one targeted scenario per rule of RULES.md section 3."""
import pytest

from engine import spit as S
from engine.cards import parse
from engine.spit import Spit, IllegalAction, play, move, adjacent, SPIT, SLAP, NEXT_ROUND


def cs(text):
    return bytearray(parse(t) for t in text.split())


def make(stock0, stock1, spit0="", spit1="", pile0="", pile1="", phase=S.PH_PLAY,
         one_pile=-1, rest=1, mode="standard", clock=0):
    """A game in a chosen position. Stockpiles: 5 strings, bottom..top. Every card not
    named goes to player `rest`'s held cards, so 52 cards always exist."""
    g = Spit(1, mode)
    used = bytearray(52)
    for p, places in ((0, stock0), (1, stock1)):
        for i in range(5):
            g.stock[p][i][:] = cs(places[i]) if i < len(places) else b""
    for b, txt in ((g.spit[0], spit0), (g.spit[1], spit1), (g.piles[0], pile0), (g.piles[1], pile1)):
        b[:] = cs(txt)
    g.hand[0][:] = b""
    g.hand[1][:] = b""
    for box in g.stock[0] + g.stock[1] + list(g.spit) + list(g.piles):
        for c in box:
            assert not used[c], "card twice in setup"
            used[c] = 1
    g.hand[rest][:] = bytes(c for c in range(52) if not used[c])
    g.phase = phase
    g.one_pile = one_pile
    g.clock = clock
    check52(g)
    return g


def all_cards(g):
    out = bytearray()
    for p in (0, 1):
        for s in g.stock[p]:
            out.extend(s)
        out.extend(g.spit[p])
        out.extend(g.piles[p])
        out.extend(g.hand[p])
    return out


def check52(g):
    assert sorted(all_cards(g)) == list(range(52))


def top(b):
    return b[len(b) - 1]


def illegal(g, action, p, t, section):
    before = g.to_bytes()
    with pytest.raises(IllegalAction) as e:
        g.apply(action, p, t)
    assert str(e.value).startswith(section), str(e.value)
    assert g.to_bytes() == before


# ---- 3.1 -------------------------------------------------------------------
def test_3_1_ranks_circular_ace_links_king_and_two():
    A, K, two, Q = parse("AS"), parse("KD"), parse("2C"), parse("QH")
    assert adjacent(A, K) and adjacent(K, A)
    assert adjacent(A, two) and adjacent(two, A)
    assert adjacent(K, Q) and not adjacent(K, two) and not adjacent(A, Q)
    assert not adjacent(parse("5C"), parse("5D"))  # same rank never
    assert adjacent(parse("5C"), parse("6C")) and adjacent(parse("5C"), parse("4S"))  # suit never matters


def test_3_1_ace_on_king_and_on_two_king_and_two_on_ace():
    g = make(["AS", "KC AH", "2D", "", ""], ["9C", "", "", "", ""], pile0="KD", pile1="2C")
    assert g.apply(play(0, 0, parse("KD")), 0, 10) == S.DONE  # A on K
    assert g.apply(play(1, 1, parse("2C")), 0, 20) == S.DONE  # A on 2
    assert top(g.piles[0]) == parse("AS") and top(g.piles[1]) == parse("AH")
    assert g.apply(play(1, 0, parse("AS")), 0, 30) == S.DONE  # K on A
    assert g.apply(play(2, 1, parse("AH")), 0, 40) == S.DONE  # 2 on A
    check52(g)


def test_3_1_not_adjacent_is_illegal_and_changes_nothing():
    g = make(["7S", "", "", "", ""], ["9C", "", "", "", ""], pile0="4D", pile1="9D")
    illegal(g, play(0, 0, parse("4D")), 0, 5, "3.1")
    illegal(g, play(0, 0, parse("4D")), 2, 5, "3.1")  # a third player


# ---- 3.2 -------------------------------------------------------------------
def test_3_2_first_layout_five_stockpiles_1_to_5_and_11_spit_cards():
    g = Spit(7)
    assert g.phase == S.PH_SPIT
    for p in (0, 1):
        assert [len(s) for s in g.stock[p]] == [1, 2, 3, 4, 5]
        assert len(g.spit[p]) == 11
    check52(g)


def test_3_2_dealt_in_rows():
    cards = bytearray(range(14, -1, -1))  # pops 0, 1, 2, ...
    places = [bytearray() for _ in range(5)]
    assert S.deal_rows(cards, places) == 15
    assert [list(s) for s in places] == [[0], [1, 5], [2, 6, 9], [3, 7, 10, 12], [4, 8, 11, 13, 14]]


def test_3_2_observation_shows_tops_and_counts_only():
    g = Spit(3)
    v = g.observation(0)
    assert v.tops == [top(s) for s in g.stock[0]]
    assert v.opp_tops == [top(s) for s in g.stock[1]]
    assert v.counts == [1, 2, 3, 4, 5] and v.spit_counts == [11, 11]
    assert v.pile_tops == [-1, -1]
    # nothing else of the cards: the view's lists are exactly those
    assert sorted(k for k in vars(v) if isinstance(getattr(v, k), list)) == sorted(
        ["tops", "counts", "opp_tops", "opp_counts", "pile_tops", "pile_counts",
         "spit_counts", "held", "scores", "took"])


def test_3_2_same_seed_same_game():
    assert Spit(99).to_bytes() == Spit(99).to_bytes()
    assert Spit(99).to_bytes() != Spit(98).to_bytes()


# ---- 3.3 -------------------------------------------------------------------
def test_3_3_spit_turns_each_top_spit_card_onto_own_pile():
    g = Spit(5)
    assert not g.stalemate()  # the round start, not a stalemate
    a, b = top(g.spit[0]), top(g.spit[1])
    illegal(g, play(0, 0, a), 0, 1, "3.3")  # no move before Spit!
    assert g.legal_actions(0) == [SPIT]
    assert g.apply(SPIT, 0, 100) == S.DONE
    assert list(g.piles[0]) == [a] and list(g.piles[1]) == [b]
    assert len(g.spit[0]) == len(g.spit[1]) == 10
    assert g.phase in (S.PH_PLAY, S.PH_SPIT)
    illegal(g, SPIT, 1, 100, "3.5") if g.phase == S.PH_PLAY else None


# ---- 3.4 -------------------------------------------------------------------
def test_3_4_play_turns_up_the_card_below():
    g = make(["9C 5S", "", "", "", ""], ["JC", "", "", "", ""], pile0="4D", pile1="JD")
    assert g.apply(play(0, 0, parse("4D")), 0, 10) == S.DONE
    assert g.observation(0).tops[0] == parse("9C")
    assert g.observation(1).opp_tops[0] == parse("9C")


def test_3_4_refill_empty_place_and_card_below_turned_up():
    g = make(["9C 5S", "KC", "", "", ""], ["JC", "", "", "", ""], pile0="2D", pile1="TD")
    assert move(0, 2) in g.legal_actions(0)
    assert move(1, 2) not in g.legal_actions(0)  # a lone card: no gain
    assert g.apply(move(0, 2), 0, 10) == S.DONE
    assert [list(s) for s in g.stock[0]] == [[parse("9C")], [parse("KC")], [parse("5S")], [], []]
    illegal(g, move(0, 5), 0, 10, "3.4")  # never more than five stockpiles
    illegal(g, move(1, 2), 0, 10, "3.4")  # only into an empty place
    illegal(g, move(0, 3), 0, 10, "3.5")  # lone card


def test_3_4_card_must_be_on_top_of_own_stockpile():
    g = make(["", "", "", "", ""], ["5C", "", "", "", ""], spit0="2S", pile0="4D", pile1="JD")
    g.stock[0][0][:] = cs("5S")
    illegal(g, play(1, 0, parse("4D")), 0, 5, "3.4")  # empty place
    illegal(g, play(0, 0, parse("6D")), 0, 5, "3.4")  # 6D is not on that pile
    illegal(g, play(7, 0, parse("4D")), 0, 5, "3.4")
    illegal(g, 999, 0, 5, "3.4")
    illegal(g, (0, 1), 0, 5, "3.4")


def test_3_4_simultaneous_plays_first_to_land_stays_other_void():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], pile0="4D", pile1="JD")
    four = parse("4D")
    assert g.apply(play(0, 0, four), 0, 100) == S.DONE  # landed first
    before = g.to_bytes()
    assert g.apply(play(0, 0, four), 1, 100) == S.VOID  # same instant, later: void
    assert g.to_bytes() == before
    assert top(g.stock[1][0]) == parse("3H")  # it stays where it was
    assert top(g.piles[0]) == parse("5S")


def test_3_4_move_that_fitted_when_decided_is_void_after_pile_changed():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], pile0="4D", pile1="JD")
    decided = g.legal_actions(1)  # player 1 decides at t=0: 3H on 4D
    assert play(0, 0, parse("4D")) in decided
    g.apply(play(0, 0, parse("4D")), 0, 50)
    assert g.apply(play(0, 0, parse("4D")), 1, 80) == S.VOID


def test_3_4_actions_come_in_time_order():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], pile0="4D", pile1="JD", clock=500)
    illegal(g, play(0, 0, parse("4D")), 0, 499, "3.4")
    assert g.apply(play(0, 0, parse("4D")), 0, 500) == S.DONE


# ---- 3.5 -------------------------------------------------------------------
def test_3_5_stalemate_then_spit_again():
    g = make(["9C 5S", "", "", "", ""], ["9H", "", "", "", ""], spit0="8D", spit1="KH",
             pile0="4D", pile1="JD")
    assert not g.stalemate()
    assert g.apply(play(0, 0, parse("4D")), 0, 10) == S.DONE
    # 9C, 9H: nothing fits 5S or JD, no empty place with 2+ cards -> stalemate
    assert g.phase == S.PH_SPIT and g.stalemate()
    assert g.legal_actions(0) == [SPIT] and g.legal_actions(1) == [SPIT]
    g.apply(SPIT, 0, 700)
    assert top(g.piles[0]) == parse("8D") and top(g.piles[1]) == parse("KH")
    assert g.phase == S.PH_PLAY
    assert play(0, 0, parse("8D")) in g.legal_actions(0)


def test_3_5_empty_place_and_tall_pile_is_not_stalemate():
    g = make(["9C 9D 5S", "", "", "", ""], ["9H", "", "", "", ""], spit0="8D", spit1="KH",
             pile0="4D", pile1="JD")
    g.apply(play(0, 0, parse("4D")), 0, 10)
    assert g.phase == S.PH_PLAY
    assert g.legal_actions(0) == [move(0, 1), move(0, 2), move(0, 3), move(0, 4)]
    assert g.legal_actions(1) == []


def test_3_5_stalemate_with_one_player_out_of_spit_cards():
    g = make(["9C 5S", "", "", "", ""], ["9H", "", "", "", ""], spit0="", spit1="KH 8D",
             pile0="4D", pile1="JD")
    g.apply(play(0, 0, parse("4D")), 0, 10)
    assert g.phase == S.PH_SPIT
    g.apply(SPIT, 1, 20)
    assert top(g.piles[0]) == parse("5S")  # player 0 has nothing to spit
    assert top(g.piles[1]) == parse("8D") and len(g.spit[1]) == 1
    assert g.phase == S.PH_PLAY
    assert g.legal_actions(0) == [play(0, 1, parse("8D"))]
    check52(g)


def test_3_5_no_moves_and_no_spit_cards_ends_round():
    g = make(["9C 5S", "", "", "", ""], ["9H", "", "", "", ""], pile0="4D", pile1="JD")
    g.apply(play(0, 0, parse("4D")), 0, 10)
    assert g.phase == S.PH_SLAP and g.ended == S.END_STALEMATE


def test_3_5_spit_that_unblocks_nobody_is_stalemate_again():
    g = make(["9C", "", "", "", ""], ["9H", "", "", "", ""], spit0="2C 3C", spit1="2D 3D",
             pile0="4D", pile1="JD", phase=S.PH_SPIT)
    g.apply(SPIT, 0, 10)
    assert g.phase == S.PH_SPIT  # 3C, 3D: still no move
    g.apply(SPIT, 0, 20)
    assert g.phase == S.PH_SLAP  # 2C, 2D: none fit, no spit cards left


# ---- 3.6 -------------------------------------------------------------------
def _ending(pile0="7C 7D 4D", pile1="JD"):
    # player 0 plays their last stockpile card; player 1 could still play
    return make(["5S", "", "", "", ""], ["QH 9H", "TC", "", "", ""], spit0="2S", spit1="3H 4H",
                pile0=pile0, pile1=pile1, rest=0)


def test_3_6_round_ends_when_a_player_plays_every_stockpile_card():
    g = _ending()
    g.apply(play(0, 0, parse("4D")), 0, 10)
    assert g.phase == S.PH_SLAP and g.ended == S.END_EMPTY
    illegal(g, play(1, 1, parse("JD")), 1, 10, "3.6")  # play is over
    assert g.legal_actions(0) == [SLAP, SLAP + 1]


def test_3_6_slap_different_piles_each_takes_own():
    g = _ending()
    g.apply(play(0, 0, parse("4D")), 0, 10)
    held0 = len(g.hand[0]) + 1  # + spit card 2S
    g.apply(SLAP + 1, 0, 300)
    assert g.phase == S.PH_SLAP  # settled only once both slapped
    g.apply(SLAP + 0, 1, 400)
    assert g.took == [1, 0]
    assert len(g.hand[0]) == held0 + 1  # JD
    assert len(g.hand[1]) == 3 + 2 + 4  # stockpiles 3 + spit 2 + pile 0 (4 cards)
    check52(g)
    assert g.phase == S.PH_ROUND_OVER


def test_3_6_slap_same_pile_first_slap_takes_it():
    g = _ending()
    g.apply(play(0, 0, parse("4D")), 0, 10)
    g.apply(SLAP + 1, 1, 250)  # player 1 slaps the small pile first
    g.apply(SLAP + 1, 0, 260)
    assert g.took == [0, 1]
    illegal(g, SLAP, 0, 300, "3.6")  # slap is over


def test_3_6_exact_tie_is_settled_and_slap_only_once():
    g = _ending()
    g.apply(play(0, 0, parse("4D")), 0, 10)
    g.apply(SLAP, 0, 250)
    illegal(g, SLAP + 1, 0, 250, "3.6")  # already slapped
    g.apply(SLAP, 1, 250)
    assert sorted(g.took) == [0, 1]
    check52(g)


def test_3_6_relayout_with_unequal_counts():
    g = _ending()
    g.hand[1][:] = g.hand[0][:20]  # both hold more than 15 cards
    g.hand[0][:] = g.hand[0][20:]
    g.apply(play(0, 0, parse("4D")), 0, 10)
    g.apply(SLAP + 1, 0, 300)
    g.apply(SLAP + 1, 1, 320)
    n0, n1 = len(g.hand[0]), len(g.hand[1])
    assert n0 != n1 and n0 + n1 == 52
    illegal(g, SPIT, 0, 400, "3.5")
    g.apply(NEXT_ROUND, 0, 1000)
    for p, n in ((0, n0), (1, n1)):
        assert [len(s) for s in g.stock[p]] == [1, 2, 3, 4, 5]
        assert len(g.spit[p]) == n - 15
    assert g.phase == S.PH_SPIT and g.one_pile == -1
    check52(g)


def test_3_6_slap_only_in_slap_phase():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="9D")
    illegal(g, SLAP, 0, 10, "3.6")
    illegal(g, NEXT_ROUND, 0, 10, "3.6")


# ---- 3.7 -------------------------------------------------------------------
def _round_end_with(n0):
    """A settled round where player 0 holds n0 cards."""
    g = make([], [], rest=1, phase=S.PH_ROUND_OVER)
    g.hand[0][:] = g.hand[1][:n0]
    g.hand[1][:] = g.hand[1][n0:]
    return g


def test_3_7_fewer_than_15_rows_as_far_as_cards_go_no_spit():
    g = _round_end_with(12)
    g.apply(NEXT_ROUND, 0, 10)
    assert [len(s) for s in g.stock[0]] == [1, 2, 3, 3, 3]
    assert len(g.spit[0]) == 0 and len(g.spit[1]) == 40 - 15
    assert g.one_pile == 1
    g2 = _round_end_with(7)
    g2.apply(NEXT_ROUND, 0, 10)
    assert [len(s) for s in g2.stock[0]] == [1, 2, 2, 1, 1]
    g3 = _round_end_with(3)
    g3.apply(NEXT_ROUND, 0, 10)
    assert [len(s) for s in g3.stock[0]] == [1, 1, 1, 0, 0]


def test_3_7_exactly_15_cards_has_no_spit_cards_one_pile():
    g = _round_end_with(15)
    g.apply(NEXT_ROUND, 0, 10)
    assert [len(s) for s in g.stock[0]] == [1, 2, 3, 4, 5] and not g.spit[0]
    assert g.one_pile == 1


def test_3_7_only_the_other_spits_one_pile_no_second_pile():
    g = _round_end_with(12)
    g.apply(NEXT_ROUND, 0, 10)
    g.apply(SPIT, 0, 20)
    assert len(g.piles[1]) == 1 and len(g.piles[0]) == 0
    if g.phase == S.PH_PLAY:
        for a in g.legal_actions(0) + g.legal_actions(1):
            assert a >= S.MOVE or (a >> 6) & 1 == 1
    g.phase = S.PH_PLAY
    g.piles[0][:] = b""
    illegal(g, play(0, 0, parse("4D")), 0, 30, "3.7")


def test_3_7_one_pile_win_player_without_spit_cards_goes_out():
    g = make(["5S", "", "", "", ""], ["QH 9H", "TC", "", "", ""], spit1="3H 4H",
             pile1="JD 4D", one_pile=1, rest=1)
    g.apply(play(0, 1, parse("4D")), 0, 10)
    assert g.phase == S.PH_MATCH_OVER and g.winner == 0
    assert g.cards_held(0) == 0 and g.cards_held(1) == 52
    illegal(g, SLAP, 0, 20, "3.6")  # no slap in a one-pile round
    assert g.legal_actions(0) == [] and g.legal_actions(1) == []


def test_3_7_one_pile_spitter_goes_out_first_takes_nothing_play_goes_on():
    g = make(["QH 9H", "TC", "", "", ""], ["5S", "", "", "", ""], spit1="3H 4H",
             pile1="JD 4D", one_pile=1, rest=1)
    g.hand[0].extend(g.hand[1][:3])  # player 0 (no spit cards) holds 3 more... as if
    g.hand[1][:] = g.hand[1][3:]
    pile = len(g.piles[1])
    held1 = len(g.hand[1]) + 2  # spit cards stay with player 1
    held0 = len(g.hand[0]) + 3  # stockpile cards
    g.apply(play(0, 1, parse("4D")), 1, 10)
    assert g.phase == S.PH_ROUND_OVER and g.winner == -1
    assert len(g.hand[1]) == held1  # took nothing from the centre
    assert len(g.hand[0]) == held0 + pile + 1  # took the spit pile
    assert g.took == [1, 255]
    check52(g)


def test_3_7_one_pile_stalemate_spitter_takes_the_pile():
    g = make(["9C 5S", "", "", "", ""], ["9H", "", "", "", ""], spit0="", spit1="",
             pile1="JD 4D", one_pile=1, rest=1)
    # player 0 has no spit cards (one-pile round); player 1 spits and has none left
    g.apply(play(0, 1, parse("4D")), 0, 10)
    assert g.phase == S.PH_ROUND_OVER
    assert g.took == [255, 1]
    assert len(g.hand[0]) == 1  # 9C only
    check52(g)


# ---- 3.8 -------------------------------------------------------------------
def test_3_8_standard_winner_has_no_cards():
    g = make(["5S", "", "", "", ""], ["QH 9H", "", "", "", ""], spit1="3H",
             pile1="4D", one_pile=1, rest=1)
    g.apply(play(0, 1, parse("4D")), 0, 10)
    assert g.winner == 0 and g.phase == S.PH_MATCH_OVER
    illegal(g, NEXT_ROUND, 0, 20, "3.6")


def test_3_8_points_match_to_100_lowest_wins():
    g = make(["5S", "", "", "", ""], ["QH 9H", "", "", "", ""], spit0="2C", spit1="3H",
             pile0="KC", pile1="4D", mode="points", rest=1)
    g.scores[:] = [90, 60]
    g.apply(play(0, 1, parse("4D")), 0, 10)
    g.apply(SLAP + 0, 0, 100)
    g.apply(SLAP + 1, 1, 200)
    # player 0: 2C + KC = 2 cards; player 1: the rest (50)
    assert g.scores == [92, 110]
    assert g.phase == S.PH_MATCH_OVER and g.winner == 0


def test_3_8_points_no_one_at_100_plays_on_and_equal_plays_another_round():
    g = _round_end_with(26)
    g.mode = S.POINTS
    g.phase = S.PH_PLAY
    g.scores[:] = [74, 74]
    g._gather()
    assert g.scores == [100, 100] and g.phase == S.PH_ROUND_OVER  # equal: another round
    g.scores[:] = [10, 20]
    for p in (0, 1):  # nobody at 100 yet
        g.hand[p][:] = g.hand[p]
    g.phase = S.PH_PLAY
    g._gather()
    assert g.scores == [36, 46] and g.phase == S.PH_ROUND_OVER


def test_3_8_points_player_with_no_cards_gets_a_fresh_deal():
    g = make(["5S", "", "", "", ""], ["QH 9H", "", "", "", ""], spit1="3H",
             pile1="4D", one_pile=1, rest=1, mode="points")
    g.apply(play(0, 1, parse("4D")), 0, 10)
    assert g.scores == [0, 52] and g.phase == S.PH_ROUND_OVER
    g.apply(NEXT_ROUND, 0, 20)
    assert g.cards_held(0) == 26 and g.cards_held(1) == 26
    check52(g)


def test_3_8_option_checked():
    with pytest.raises(ValueError):
        Spit(1, "fastest")


# ---- saving and section 4 ----------------------------------------------------
def test_bytes_round_trip_every_phase():
    from engine.bots.spit_bot import SpitBot
    from engine.spit_match import play_match
    seen = set()

    def hook(g, p, a, t, r):
        b = g.to_bytes()
        h = Spit.from_bytes(b)
        assert h.to_bytes() == b
        seen.add(g.phase)

    g = Spit(11, "points")
    play_match(g, SpitBot(2, 1), SpitBot(4, 2), hook=hook)
    assert {S.PH_PLAY, S.PH_SLAP, S.PH_ROUND_OVER, S.PH_MATCH_OVER} <= seen
    assert len(g.to_bytes()) <= 120


def test_from_bytes_rejects_garbage():
    b = Spit(4).to_bytes()
    for bad in (b"", b[:-1], b + b"\x00", b"\x07" + b[1:], b[:40] + bytes([b[40] ^ 1]) + b[41:]):
        with pytest.raises(ValueError):
            Spit.from_bytes(bad)


def test_3_7_player_drops_under_15_after_slap_next_round_is_one_pile():
    g = _ending()
    g.hand[1][:] = g.hand[0]  # player 0 holds only 5S and the spit card 2S
    g.hand[0][:] = b""
    g.apply(play(0, 0, parse("4D")), 0, 10)
    g.apply(SLAP + 1, 0, 200)  # the one-card pile (JD)
    g.apply(SLAP + 1, 1, 300)
    assert sorted(g.hand[0]) == sorted(cs("2S JD"))
    g.apply(NEXT_ROUND, 0, 400)
    assert [len(s) for s in g.stock[0]] == [1, 1, 0, 0, 0]  # 3.7: a row as far as it goes
    assert not g.spit[0] and g.one_pile == 1 and len(g.spit[1]) == 50 - 15
    g.apply(SPIT, 0, 500)
    assert not g.piles[0] and len(g.piles[1]) == 1


def test_3_4_pile_changed_but_card_still_fits_lands():
    # decided on 4D; meanwhile 5S then 4C landed; 3H still fits 4C when it lands
    g = make(["9C", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D 5S 4C", pile1="JD")
    assert g.apply(play(0, 0, parse("4D")), 1, 50) == S.DONE
    assert top(g.piles[0]) == parse("3H")
    illegal(g, play(1, 0, parse("7H")), 1, 60, "3.4")  # 7H was never on that pile
