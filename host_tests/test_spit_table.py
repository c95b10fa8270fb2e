"""The Spit table (engine/spit_match.py): bots and a human seat in time order."""
from engine import spit as S
from engine.cards import parse
from engine.spit import play
from engine.bots.spit_bot import SpitBot, THINK
from engine.spit_match import Table, play_match
from host_tests.test_spit_rules import make


class Fixed:
    """A bot that plays a given action after a fixed delay (or slaps a given pile)."""

    def __init__(self, delay, action=None, pile=0):
        self.delay = delay
        self.action = action
        self.pile = pile

    def next_move(self, v, now):
        if self.action is None:
            return None
        a, self.action = self.action, None
        return (now + self.delay, a)

    def slap(self, v, now):
        return (now + self.delay, self.pile)


def test_table_spits_after_pause_then_bots_play():
    g = S.Spit(5)
    tab = Table(g, [SpitBot(5, 1), SpitBot(5, 2)], spit_pause=700)
    assert tab.due() == 700
    tab.run_until(699)
    assert g.phase == S.PH_SPIT
    tab.run_until(700)
    assert g.phase != S.PH_SPIT or g.clock == 700


def test_3_4_human_lands_first_bot_move_is_void():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="JD")
    bot = Fixed(800, play(0, 0, parse("4D")))  # decides at 0: 3H on 4D, lands at 800
    tab = Table(g, [None, bot])
    assert tab.due() == 800
    assert tab.human(0, play(0, 0, parse("4D")), 500) == S.DONE  # the human lands at 500
    results = []
    tab.hook = lambda g, p, a, t, r: results.append((p, t, r))
    tab.run_until(1000)
    assert results == [(1, 800, S.VOID)]
    assert g.stock[1][0][-1] == parse("3H")  # stayed where it was


def test_3_6_bot_slaps_first_human_gets_the_other_pile():
    g = make(["5S", "", "", "", ""], ["QH 9H", "TC", "", "", ""], spit0="2S", spit1="3H 4H",
             pile0="7C 7D 4D", pile1="JD", rest=0)
    tab = Table(g, [None, Fixed(300, pile=1)])
    tab.human(0, play(0, 0, parse("4D")), 100)
    assert g.phase == S.PH_SLAP and tab.due() == 400
    tab.human(0, S.SLAP + 1, 450)  # too late: the bot slapped the small pile at 400
    assert g.took == [0, 1]


def test_think_means_look_again():
    class Dozy:
        n = 0

        def next_move(self, v, now):
            self.n += 1
            return (now + 100, THINK)

    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="JD")
    d = Dozy()
    tab = Table(g, [None, d])
    tab.run_until(1000)
    assert d.n == 11 and g.clock == 0  # asked every 100 ms, never moved


def test_play_match_deterministic():
    a = S.Spit(21)
    b = S.Spit(21)
    assert play_match(a, SpitBot(3, 1), SpitBot(4, 2)) == play_match(b, SpitBot(3, 1), SpitBot(4, 2))
    assert a.to_bytes() == b.to_bytes()


def test_bot_sees_only_its_view_and_rejects_bad_level():
    import pytest
    with pytest.raises(ValueError):
        SpitBot(6, 1)
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="JD")
    v = g.observation(0)
    when, a = SpitBot(5, 3).next_move(v, 1000)
    assert a == play(0, 0, parse("4D")) and 1000 < when <= 1000 + 900
