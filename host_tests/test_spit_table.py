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
    bot = SpitBot(5, 3)
    when, a = bot.next_move(v, 1000)
    lv = bot.p
    assert a == play(0, 0, parse("4D"))
    assert 1000 + lv[0] * (100 - lv[9]) // 100 <= when <= 1000 + lv[1] * (100 + lv[9]) // 100


# ---------------------------------------------------------------- the levels' skills

def test_3_4_level_3_and_up_cover_the_pile_the_opponent_could_play_on():
    # your 5H fits both piles; the bot's own QC fits the left pile's JD too. Covering
    # the 4D (the bot's 3H plays on it) is the better play from level 3 on.
    g = make(["KS", "", "", "", ""], ["5H", "", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="6S")
    v = g.observation(1)
    covers = play(0, 0, parse("4D"))
    other = play(0, 1, parse("6S"))
    g2 = make(["3H", "", "", "", ""], ["5H", "", "", "", ""], spit0="2C", spit1="2D",
              pile0="4D", pile1="6S")
    v2 = g2.observation(1)  # now the opponent's 3H fits the 4D
    for level in (3, 4, 5):
        assert SpitBot(level, 1).choose(v2, SpitBot(level, 1).p[5])[0] == covers
    picks = set(SpitBot(1, s).choose(v, 0, 0, 60)[0] for s in range(40))
    assert picks == {covers, other}  # level 1 takes either, at random


def test_3_6_slap_judgement_grows_with_the_level_and_low_levels_slap_first():
    g = make(["5S", "", "", "", ""], ["QH 9H", "TC", "", "", ""], spit0="2S", spit1="3H 4H",
             pile0="7C 7D 4D", pile1="JD", rest=0)
    v = g.observation(1)  # pile 1 (one card) is the smaller
    wrong = []
    first = []
    for level in (1, 3, 5):
        w = t = 0
        for s in range(400):
            when, pile = SpitBot(level, s).slap(v, 0)
            w += pile == 0
            t += when
        wrong.append(w / 400)
        first.append(t / 400)
    assert wrong[0] > 0.35 and wrong[0] > wrong[1] > wrong[2] and wrong[2] < 0.2
    assert first[0] < first[1] < first[2]  # level 1 slaps at once; higher ones look first


def test_a_level_keeps_its_pace_through_a_round_and_draws_a_new_one_next_round():
    g = make(["5S", "KC", "", "", ""], ["3H", "QC", "", "", ""], spit0="2C", spit1="2D",
             pile0="4D", pile1="JD")
    v = g.observation(1)
    bot = SpitBot(3, 5)
    paces = set()
    for r in range(30):
        v.round_no = r
        bot.next_move(v, 0)
        p = bot.pace
        bot.next_move(v, 0)
        assert bot.pace == p  # the same round, the same pace
        lo, hi = 100 - bot.p[9], 100 + bot.p[9]
        assert lo <= p <= hi
        paces.add(p)
    assert len(paces) > 10


def test_the_scripted_person_plays_through_the_tables_human_seat(monkeypatch):
    """tools/arena.py --human: every action of seat 0 goes through Table.human (the
    path the screen uses), never before the person's delay after what it saw."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import arena_spit as A

    calls = []
    real = Table.human

    def spy(tab, p, action, now):
        calls.append((p, action, now, tab.game.clock))
        return real(tab, p, action, now)

    monkeypatch.setattr(Table, "human", spy)
    won, winner = A.person_match(3, 1300, 11, "standard")
    assert calls and all(p == 0 for p, _, _, _ in calls)
    assert all(now >= 1300 for _, _, now, _ in calls)  # nothing before its first delay
    presses = sorted(now for _, _, now, _ in calls)
    assert all(b - a >= 1300 for a, b in zip(presses, presses[1:]))  # a fixed delay per move
    assert winner in (0, 1) and sum(won) > 0


def test_a_quick_person_beats_level_1_and_a_slow_one_loses_to_level_5():
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import arena_spit as A

    def rate(level, delay):
        won = [0, 0]
        for s in range(6):
            w, _ = A.person_match(level, delay, 100 + s, "standard")
            won[0] += w[0]
            won[1] += w[1]
        return won[0] / sum(won)

    assert rate(1, 800) > 0.8
    assert rate(5, 2500) < 0.2


def test_arena_human_prints_the_table_and_the_result_line():
    import os
    import re
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, os.path.join(root, "tools", "arena.py"), "--game", "spit",
                          "--human", "--matches", "2"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert any(ln.split()[:1] == ["2500"] for ln in lines)  # a row per delay
    assert re.fullmatch(r"result: l1_vs_2500=[01]\.\d{3} l3_vs_1300=[01]\.\d{3} l5_vs_800=[01]\.\d{3} "
                        r"l5_vs_500=[01]\.\d{3} ladder_min=[01]\.\d{3} ladder_max=[01]\.\d{3}", lines[-1])
