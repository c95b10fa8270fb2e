"""The duplicate-hand arena (tools/arena.py --hands): its figures and its last-seat count."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import arena_hands as ah  # noqa: E402
from engine.spades import Match  # noqa: E402
from engine.bots import spades_bot as sb  # noqa: E402
from engine.tricks import HAND_OVER, MATCH_OVER  # noqa: E402


def test_same_level_both_ways_is_exactly_even():
    # normal plays the same cards the same way from either seat: every duplicate pair
    # cancels to 0, so any nonzero margin would be a bookkeeping error
    lines = []
    A, B, plain, charged = ah.run("spades4", "normal", "normal", 4, 5, 300, True, lines.append)
    assert plain == (0.0, 0.0, 0.0) and charged == (0.0, 0.0, 0.0)
    assert A.contracts == B.contracts and A.made == B.made and A.nils == B.nils
    assert lines[-1] == ("result: pair_points=0.0 ci95=0.0-0.0 bag_charged=0.0 "
                         "bag_ci95=0.0-0.0 hands=4")


def test_margin_is_side_a_over_side_b():
    lines = []
    _, _, plain, charged = ah.run("spades4", "normal", "random", 6, 2, 300, True, lines.append)
    assert plain[0] > 0 and plain[1] <= plain[0] <= plain[2]
    assert "hands=6" in lines[-1]


def test_last_seat_chance_counts_only_needed_tricks():
    # play a hand with normal bots and check each last-seat chance by hand
    seen = 0
    for seed in (4, 7):  # hands with chances in them
        m = Match(seed, blind_nil=False)
        bots = [sb.Bot(s, "normal", 1) for s in range(4)]
        while m.phase not in (HAND_OVER, MATCH_OVER):
            s = m.to_move
            v = m.observation(s)
            win = ah.last_seat_chance(v)
            if win is not None:
                seen += 1
                assert len(v.trick) == 3 and v.bids[s] != 0
                for c in win:
                    assert c in m.legal_actions()
            a = bots[s].act(v)
            if win is not None:
                assert a in win  # normal takes a trick its side needs (RULES 1.7 contract)
            m.apply(a, s)
    assert seen >= 5


def test_arena_hands_command_line_with_hard_bids():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--game",
                          "spades4", "--a", "hard-bids", "--b", "normal", "--hands", "2",
                          "--seed", "3", "--budget", "200", "--quiet"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("result: pair_points=") and last.endswith(" hands=2")
    assert "bag_charged=" in last and "last seat declined" in out.stdout


def test_a_level_that_bids_blind_nil_at_every_chance():
    # `<level>-blind` (what a Blind Nil is worth, RULES 1.4): from 0-0 normal never bids
    # one; normal-blind bids one on every side's first bid, and the page counts them
    lines = []
    A, B, _, _ = ah.run("spades4", "normal-blind", "normal", 4, 7, 300, True, lines.append)
    assert A.blind == A.nils == 8 and B.blind == 0  # 4 deals, each played twice
    assert "blind nils made %d/8" % A.blind_made in lines[1]
    assert ah.modified_level("hard-blindafter3") == ("hard", 3, True) and ah.modified_level("hard") is None


def test_dump_and_pair_compare_two_runs_deal_by_deal(tmp_path):
    # tools/arena.py --dump writes each deal's margins; arena_pair's mean of the
    # per-deal differences equals the difference of the two runs' means
    import arena_pair
    one, two = str(tmp_path / "one.txt"), str(tmp_path / "two.txt")
    _, _, p1, c1 = ah.run("spades4", "normal", "random", 3, 2, 300, True, [].append, dump=one)
    _, _, p2, c2 = ah.run("spades4", "easy", "random", 3, 2, 300, True, [].append, dump=two)
    a, b = arena_pair.read(one), arena_pair.read(two)
    assert sorted(a) == [0, 1, 2]
    assert abs(sum(x[1] for x in a.values()) / 3 - c1[0]) < 1e-9
    same = arena_pair.paired(a, a, 1)
    assert same[:4] == (0.0, 0.0, 0.0, 0)
    mu, lo, hi, changed, k = arena_pair.paired(a, b, 1)
    assert k == 3 and lo <= mu <= hi and abs(mu - (c2[0] - c1[0])) < 1e-9
    assert abs(arena_pair.paired(a, b, 0)[0] - (p2[0] - p1[0])) < 1e-9
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena_pair.py"), one, two],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("changed=%d deals=3" % changed)


def test_deals_shared_among_processes_give_the_same_figures(tmp_path):
    # --jobs: each deal's bots are seeded from the deal alone, so two processes playing
    # alternate deals get what one gets playing them all in order (but the ms a card)
    one, two = str(tmp_path / "one.txt"), str(tmp_path / "two.txt")
    A1, B1, p1, c1 = ah.run("spades4", "hard", "normal", 4, 3, 120, True, [].append, dump=one)
    A2, B2, p2, c2 = ah.run("spades4", "hard", "normal", 4, 3, 120, True, [].append, dump=two, jobs=2)
    assert (p1, c1) == (p2, c2)
    assert open(one).read() == open(two).read()
    for x, y in ((A1, A2), (B1, B2)):
        assert x.cards == y.cards and x.think > 0 and y.think > 0
        x.think = y.think = 0
        assert vars(x) == vars(y)


def test_arena_command_line_shares_deals_and_dumps_them(tmp_path):
    path = str(tmp_path / "before.txt")
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "arena.py"), "--a", "normal", "--b",
                          "random", "--hands", "3", "--seed", "2", "--jobs", "2", "--dump", path, "--quiet"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].endswith(" hands=3")
    assert [line.split()[0] for line in open(path)] == ["0", "1", "2"]
