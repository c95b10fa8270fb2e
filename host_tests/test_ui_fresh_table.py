"""The Spades table goes on in a fresh VM on the badge (issue 22): the next hand, and the
play after the pause menu's pages or its hint, start from the last save through a
reload (App.go_on_fresh), so a long session's cut-up heap never meets the hint's
search or a page's rows. What only the table knows goes in that save (ui/spades_keep.py)
so the fresh table is the table as it was; no save point is added (the pause menu's and
the hand's end's saves are the ones used)."""
import sys

from engine import storage
from engine.tricks import PLAY, HAND_OVER
from host_tests.spades_ui_support import app_with, launch, is_page
from host_tests.test_ui_home_module import _Supervisor
from host_tests.test_ui_spades import press, settle, until
from ui import keys, spades_game, spades_keep
from ui.spades_pause import MENU


class _CountingNvm(bytearray):
    """The badge's nvm, counting slice assignments (each one a flash erase)."""
    writes = 0

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            self.writes += 1
        bytearray.__setitem__(self, i, v)


def _table_in_hand_2(game_vm=False, monkeypatch=None):
    """(hw, app, t, sup): a four-player match in its second hand's play, a bot's card
    and its reasons on the table."""
    hw, app = app_with()
    hw.nvm = _CountingNvm(len(hw.nvm))
    app.storage = storage.attach(hw.nvm)
    t = launch(hw, app, 4)
    assert until(hw, app, lambda: t.m.hand_no == 2 and t.m.phase == PLAY and len(t.m.history) >= 2
                 and app.screen is t and t.bot is None and t.m.to_move == 0 and not t.trick_shown)
    sup = None
    if game_vm:
        sup = _Supervisor()
        monkeypatch.setitem(sys.modules, "supervisor", sup)
        app.game_vm = True
        app.home_module = "ui.menu"
    return hw, app, t, sup


def to_item(hw, app, t, item, key):
    """The pause menu's cursor moved with `key` to `item` (a few presses at most)."""
    for _ in range(len(MENU)):
        if t.menu.cursor == MENU.index(item):
            return
        press(hw, app, key)
    assert t.menu.cursor == MENU.index(item), "the cursor stays on %r" % MENU[t.menu.cursor]


def _choose(hw, app, t, item):
    if app.screen is not t or t.pause is None or t.pause.group.hidden:
        press(hw, app, keys.START)
    to_item(hw, app, t, item, keys.DOWN)
    hw.press(keys.A)
    app.step()
    settle(app)


def _key_reloads(hw, app, sup, key):
    """The file the next VM runs once `key` is pressed (None: this VM goes on)."""
    hw.press(key)
    try:
        app.step()
        settle(app)
    except sup.ReloadException:
        assert not app.running
        return sup.next_file
    return None


def _paused_vm(monkeypatch, hw, app, sup):
    """Start on the badge: the menu's save, then (hw, app, t) of the VM play_paused.py
    starts, the pause menu open on Resume over the table as saved."""
    assert _key_reloads(hw, app, sup, keys.START) == "play_paused.py"
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 3)  # play_paused.py
    sup.next_file = "unset"  # what this VM reloads into, if it does
    t2 = app2.screen
    assert not t2.pause.group.hidden and t2.menu.cursor == MENU.index("Resume")
    return hw2, app2, t2


def test_a_save_keeps_the_bots_reasons_and_your_bid():
    hw, app, t, _ = _table_in_hand_2()
    assert any(t.why) and 1 <= t.bid <= 13
    press(hw, app, keys.START)  # the pause menu's save
    game, level, blob = storage.Storage(hw.nvm).load_game()
    part, kept, replay = spades_keep.split(blob)
    assert part == t.m.to_bytes() and kept is not None and replay is None
    hw2, app2 = app_with()
    t2 = spades_game.resume(app2, blob, level, game)
    assert t2.m.to_bytes() == t.m.to_bytes()
    assert list(t2.why) == list(t.why)  # Why? after Continue: the reasons, not "reasons not saved"
    assert t2.bid == t.bid


def test_a_save_of_the_match_alone_continues_with_nothing_kept():
    hw, app, t, _ = _table_in_hand_2()
    blob = t.m.to_bytes()
    assert spades_keep.split(blob)[1] is None or blob[-1] == 0xE7
    hw2, app2 = app_with()
    t2 = spades_game.resume(app2, blob, 0, storage.GAME_SPADES4)
    assert t2.m.to_bytes() == blob and not any(t2.why)


def test_an_older_save_whose_last_byte_looks_like_the_mark_is_the_match_whole():
    # the match's checksum ends the older saves: 1 in 256 ends in the table's mark
    from engine.spades import Match
    from engine.bots.spades_bot import Bot
    from engine.tricks import NEXT_HAND
    found = None
    for seed in range(1, 40):
        m = Match(seed, target=500)
        bots = [Bot(s, "easy", seed) for s in range(4)]
        while m.hand_no < 3 and found is None:
            if m.phase == HAND_OVER:
                m.apply(NEXT_HAND)
                continue
            s = m.to_move
            m.apply(bots[s].act(m.observation(s)), s)
            if m.to_bytes()[-1] == 0xE7 and m.to_move == 0:
                found = m.to_bytes()
        if found:
            break
    assert found is not None
    hw, app = app_with()
    t = spades_game.resume(app, found, 0, storage.GAME_SPADES4)
    assert t is not None and t.m.to_bytes() == found


def test_back_to_the_play_after_a_page_goes_on_in_a_fresh_vm_without_another_write(monkeypatch):
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    _choose(hw, app, t, "Score history")
    written = hw.nvm.writes
    assert is_page(app.screen)
    press(hw, app, keys.A)  # back in the pause menu
    assert app.screen is t and sup.next_file == "unset"
    assert _key_reloads(hw, app, sup, keys.B) == "play_continue.py"  # back to the play
    assert hw.nvm.writes == written  # the save the menu made as it opened is the one resumed
    game, level, blob = storage.Storage(hw.nvm).load_game()
    assert spades_keep.split(blob)[0] == t.m.to_bytes()


def test_start_opens_the_pause_menu_in_a_fresh_vm_from_its_own_save(monkeypatch):
    # the menu's pages and the hint then never meet a heap the bots' search and names cut
    # up: every random player on the board VM ran out of memory there (a page built over
    # 1,275 interned names in seven pools, issue 22)
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    written = hw.nvm.writes
    why = list(t.why)
    hw2, app2, t2 = _paused_vm(monkeypatch, hw, app, sup)
    assert hw.nvm.writes == written + 1  # the menu's save, as in one VM
    assert hw2.nvm.writes == 0  # the fresh menu's save finds nothing changed
    assert t2.m.to_bytes() == t.m.to_bytes() and list(t2.why) == why
    assert "engine.bots" not in sys.modules  # no bot decides while paused


def test_resume_goes_on_in_a_fresh_vm_from_the_menus_save_without_another_write(monkeypatch):
    # issue 22: the menu's code came and went in its VM; the bots' search loaded after it
    # there ran out at 100 KB (make boardfit's random player 1), so the play goes on fresh
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.B) == "play_continue.py" and hw.nvm.writes == written
    hw, app = _next_vm(monkeypatch, hw, "continue", 0)  # play_continue.py: the table as paused
    sup.next_file = "unset"
    assert app.screen.m.to_bytes() == t.m.to_bytes() and app.screen.mode == 0
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    _choose(hw, app, t, "Last trick")  # the trick on the table, then the menu again
    press(hw, app, keys.A)
    assert app.screen is t and t.menu.cursor == MENU.index("Last trick") and sup.next_file == "unset"
    to_item(hw, app, t, "Resume", keys.UP)
    assert _key_reloads(hw, app, sup, keys.A) == "play_continue.py" and hw.nvm.writes == written
    game, level, blob = storage.Storage(hw.nvm).load_game()
    assert spades_keep.split(blob)[0] == t.m.to_bytes()


def test_hint_when_it_is_not_your_turn_says_so_and_the_menu_stays(monkeypatch):
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    assert until(hw, app, lambda: t.m.to_move != 0 and t.mode == 0)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    assert t.m.to_move != 0
    press(hw, app, keys.DOWN)  # Hint
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.A) is None
    assert t.pause.title.text == "No hint now" and not t.pause.group.hidden and hw.nvm.writes == written


def test_the_hint_runs_in_a_fresh_vm_that_continues_then_hints(monkeypatch):
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    _choose(hw, app, t, "Rules")
    press(hw, app, keys.B)
    assert app.screen is t and sup.next_file == "unset"  # back in the pause menu
    written = hw.nvm.writes
    to_item(hw, app, t, "Hint", keys.UP)
    assert _key_reloads(hw, app, sup, keys.A) == "play_hint.py" and hw.nvm.writes == written
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 1)  # play_hint.py
    t2 = app2.screen
    assert t2.m.to_bytes() == t.m.to_bytes() and t2.hinting
    for _ in range(5):  # its first frames bring the bots' code in, a module a frame
        app2.step()
        if t2.bot is not None:
            break
    assert t2.hinting and t2.bot is not None  # the hint's search begins


def _continue_deals_hand_3(hw, t):
    """The next VM's Continue, from the save in hw's nvm: hand 3, with t's reasons."""
    game, level, blob = storage.Storage(hw.nvm).load_game()
    hw2, app2 = app_with()
    t2 = spades_game.resume(app2, blob, level, game)
    assert t2.m.hand_no == 3 and list(t2.why) == list(t.why)


def test_the_next_hand_is_dealt_in_a_fresh_vm_from_the_hands_end_save(monkeypatch):
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    assert until(hw, app, lambda: is_page(app.screen))  # hand 2's end, saved
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.A) == "play_continue.py" and hw.nvm.writes == written
    _continue_deals_hand_3(hw, t)


def test_where_the_saves_fail_the_play_goes_on_in_this_vm(monkeypatch):
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    app._trouble = storage.WRITE_FAILED  # a reload would lose the play since the last good save
    _choose(hw, app, t, "Why?")
    press(hw, app, keys.A, keys.B)
    assert app.running and sup.next_file == "unset" and app.screen is t


def _next_vm(monkeypatch, hw, module, arg):
    """(hw, app) of the next VM: `module` and `arg` as its play_*.py gives them, on the
    nvm as the VM before left it, counting writes; its frames are the test's."""
    from ui.app import App
    from ui.hardware_laptop import Headless
    hw2 = Headless()
    hw2.nvm = _CountingNvm(bytes(hw.nvm))
    app2 = App(hw2)
    monkeypatch.setattr(app2, "run", lambda *a, **k: None)
    app2.play(module, arg)
    return hw2, app2


def test_why_is_a_page_in_a_vm_of_its_own_and_back_is_the_pause_menu_again(monkeypatch):
    from ui import spades_why
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    written = hw.nvm.writes
    expected = spades_why.rows(t)  # the table's own page, were it built here
    for _ in range(MENU.index("Why?")):
        press(hw, app, keys.DOWN)
    assert _key_reloads(hw, app, sup, keys.A) == "play_why.py" and hw.nvm.writes == written
    hw2, app2 = _next_vm(monkeypatch, hw, "ui.spades_why_page", 0)  # play_why.py
    page = app2.screen
    assert is_page(page) and page.title.text == "Why?" and page.rows == expected
    assert _key_reloads(hw2, app2, sup, keys.B) == "play_pause.py" and hw2.nvm.writes == 0
    hw3, app3 = _next_vm(monkeypatch, hw2, "continue", 2)  # play_pause.py
    t3 = app3.screen
    assert t3.m.to_bytes() == t.m.to_bytes() and list(t3.why) == list(t.why)
    assert not t3.pause.group.hidden and t3.menu.cursor == MENU.index("Why?")
    assert hw3.nvm.writes == 0  # the menu's save finds nothing changed
    assert _key_reloads(hw3, app3, sup, keys.B) == "play_continue.py"  # and the play goes on fresh
    assert hw3.nvm.writes == 0


def test_a_hint_in_its_own_vm_keeps_the_bots_code_for_the_bots_that_follow(monkeypatch):
    # letting the search go and loading it again for the next bot cut the fresh VM's heap
    # up (the board VM's full plan needed 120 KB so, 104 without); one VM for a long
    # stretch (the laptop) lets it go, as before
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    to_item(hw, app, t, "Hint", keys.DOWN)
    assert _key_reloads(hw, app, sup, keys.A) == "play_hint.py"
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 1)
    t2 = app2.screen
    assert until(hw2, app2, lambda: not t2.hinting and t2.hint_card >= 0, play=False, ms=20)
    assert "engine.bots.spades_bot" in sys.modules and "ui.spades_why" not in sys.modules
    app2.game_vm = False  # the laptop: the same hint lets the bots' code go
    t2.hint_card = -1
    from ui import spades_thinking
    spades_thinking.start_hint(t2)
    assert until(hw2, app2, lambda: not t2.hinting and t2.hint_card >= 0, play=False, ms=20)
    assert "engine.bots.spades_bot" not in sys.modules


def _replay_vm(monkeypatch, hw, app, t, sup):
    """Select on hand 2's end page on the badge: (hw, app, t) of the VM play_replay.py
    starts, from the hand's end as saved (nothing more written), the replay of hand 2
    on its table."""
    assert until(hw, app, lambda: is_page(app.screen))  # hand 2's end, saved
    written = hw.nvm.writes
    assert _key_reloads(hw, app, sup, keys.SELECT) == "play_replay.py" and hw.nvm.writes == written
    for name in ("ui.spades_hand_end", "ui.spades_pages", "ui.pages"):  # the page's code: a fresh VM has none
        monkeypatch.delitem(sys.modules, name, raising=False)
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 4)  # play_replay.py
    sup.next_file = "unset"
    t2 = app2.screen
    assert until(hw2, app2, lambda: getattr(t2.m, "replay_of", 0) == 2 and t2.then is None, play=False)
    return hw2, app2, t2


def test_select_on_a_hands_end_page_replays_the_hand_in_a_fresh_vm(monkeypatch):
    # the hand's end page, its code and its rows came and went in the VM before: the
    # replay starts on a whole heap, from the hand's end as saved, as the next hand does
    from engine.spades_replay import replay
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    assert until(hw, app, lambda: is_page(app.screen))
    deal = [bytes(h) for h in replay(t.m, 2).hands]  # hand 2 as it was dealt
    hw2, app2, t2 = _replay_vm(monkeypatch, hw, app, t, sup)
    assert hw2.nvm.writes == 0 and sup.next_file == "unset"
    assert [bytes(h) for h in t2.m.hands] == deal and t2.m.hand_no == 2
    assert "ui.spades_hand_end" not in sys.modules and "ui.spades_pages" not in sys.modules


def test_after_a_replay_at_a_hands_end_the_next_hand_is_dealt_in_a_fresh_vm(monkeypatch):
    # the replay saved nothing: the next hand goes on from the hand's end as saved, as A
    # on the hand's end page does
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, _ = _replay_vm(monkeypatch, hw, app, t, sup)
    written = hw.nvm.writes
    assert until(hw, app, lambda: is_page(app.screen))  # the replay's end page
    # A goes on to the next hand, as on the hand's end page the replay was asked on
    assert app.screen.footer.text.startswith("A: next")
    assert _key_reloads(hw, app, sup, keys.A) == "play_continue.py" and hw.nvm.writes == written
    _continue_deals_hand_3(hw, t)


def test_after_a_replay_from_the_score_history_the_hand_goes_on_in_a_fresh_vm(monkeypatch):
    # back to the hand under way from the save the pause menu made as it opened: the
    # replay saved nothing, so that save is the match the replay was asked from
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _paused_vm(monkeypatch, hw, app, sup)
    before = t.m.to_bytes()
    _choose(hw, app, t, "Score history")
    written = hw.nvm.writes
    assert is_page(app.screen)
    press(hw, app, keys.UP)  # hand 1
    assert _key_reloads(hw, app, sup, keys.SELECT) is None  # the replay plays here
    assert t.m.replay_of == 1
    assert until(hw, app, lambda: is_page(app.screen))  # the replay's end page
    assert app.screen.footer.text.startswith("A: back")  # to the hand under way
    assert _key_reloads(hw, app, sup, keys.A) == "play_continue.py" and hw.nvm.writes == written
    game, level, blob = storage.Storage(hw.nvm).load_game()
    assert spades_keep.split(blob)[0] == before


def test_a_replay_pauses_hints_and_plays_on_in_vms_of_their_own_from_the_pause_menus_save(monkeypatch):
    # issue 22: a replay kept its pause menu, pages and hint in the VM it began in (it was
    # never saved), and random player 1 needed 120 KB there; the pause menu's save now keeps
    # the replay after the match (ui/spades_keep.py), so they go on fresh as the match's do,
    # while Continue and the replay's end still go on with the match
    hw, app, t, sup = _table_in_hand_2(True, monkeypatch)
    hw, app, t = _replay_vm(monkeypatch, hw, app, t, sup)
    assert until(hw, app, lambda: app.screen is t and t.bot is None and t.m.to_move == 0
                 and t.m.phase == PLAY and not t.trick_shown)
    replay, match, first, ahead = t.m.to_bytes(), t.replaying[0], t.replaying[1], t.dealt_ahead
    assert _key_reloads(hw, app, sup, keys.START) == "play_paused.py" and hw.nvm.writes == 1
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 3)  # play_paused.py
    t2 = app2.screen
    assert t2.m.to_bytes() == replay and t2.m.replay_of == 2 and not t2.pause.group.hidden
    assert t2.replaying[0] == match and t2.replaying[1] == first and t2.dealt_ahead == ahead
    assert list(t2.why) == list(t.why) and "Replay of hand 2" in t2.banner.text
    to_item(hw2, app2, t2, "Hint", keys.DOWN)
    assert _key_reloads(hw2, app2, sup, keys.A) == "play_hint.py" and hw2.nvm.writes == 0
    hw3, app3 = _next_vm(monkeypatch, hw2, "continue", 1)  # play_hint.py
    t3 = app3.screen
    assert t3.m.replay_of == 2 and t3.m.to_bytes() == replay
    assert until(hw3, app3, lambda: not t3.hinting and t3.hint_card >= 0, play=False, ms=20)
    assert t3.hint_card in t3.m.hands[0]
    # a page, then back to the play: the replay's play goes on fresh, and Continue is the match's
    hw2, app2 = _next_vm(monkeypatch, hw, "continue", 3)  # play_paused.py again
    t2 = app2.screen
    sup.next_file = "unset"
    _choose(hw2, app2, t2, "Score history")
    assert is_page(app2.screen)
    press(hw2, app2, keys.A)  # back in the pause menu
    assert _key_reloads(hw2, app2, sup, keys.B) == "play_replaying.py" and hw2.nvm.writes == 0
    hw4, app4 = _next_vm(monkeypatch, hw2, "continue", 7)  # play_replaying.py
    t4 = app4.screen
    assert t4.m.to_bytes() == replay and t4.pause is None and app4.running
    assert "ui.spades_replay" not in sys.modules  # back with the replay's end, not during its play
    hw5, app5 = _next_vm(monkeypatch, hw2, "continue", 0)  # play_continue.py: Continue
    assert app5.screen.m.to_bytes() == match and not getattr(app5.screen.m, "replay_of", 0)
    # the replay's end: its page, then A goes on with the match, nothing more written
    assert until(hw4, app4, lambda: is_page(app4.screen))
    assert app4.screen.title.text == "Replay of hand 2"
    assert app4.screen.footer.text.startswith("A: next")
    assert _key_reloads(hw4, app4, sup, keys.A) == "play_continue.py" and hw4.nvm.writes == 0
    _continue_deals_hand_3(hw4, t)


def test_a_save_made_in_a_replay_splits_into_the_match_and_the_replay():
    from engine.spades_replay import replay
    hw, app, t, _ = _table_in_hand_2()
    m = t.m
    r = replay(m, 1)
    t.m, t.replaying, t.dealt_ahead = r, (m.to_bytes(), (0, 0), m.phase, None), True
    blob = spades_keep.blob(t)
    part, kept, rp = spades_keep.split(blob)
    assert part == m.to_bytes() and rp == (r.to_bytes(), 1)
    assert kept == bytes(t.why) + bytes((t.bid, 0xE8))
    assert spades_keep.split(blob[:-1] + b"\xe7")[2] is None  # the match's own mark: no replay
    t.m = m  # a save of the match in play holds no replay
    t.replaying = None
    assert spades_keep.split(spades_keep.blob(t))[2] is None


def test_a_hands_end_reads_the_statistics_saves_and_shows_its_page_in_frames_of_their_own(monkeypatch):
    # a game's own VM reads its statistics at the save point; the reading, the count, the
    # save and the page's rows and widgets in one frame were the board's slowest save
    # point (about 360 board-ms against 300, make boardfit --frames): each is a frame's
    # work of its own
    from engine import storage_admin
    from host_tests.test_ui_home_module import _fresh_app
    hw, app, sup = _fresh_app(monkeypatch, game_vm=True)
    assert app.launch("ui.spades_game", 4)
    t = app.screen
    assert t.light
    read = []
    real = storage_admin.load_stats
    monkeypatch.setattr(storage_admin, "load_stats", lambda st: read.append(app.frames) or real(st))
    before = bytes(hw.nvm)
    assert until(hw, app, lambda: bytes(hw.nvm) != before and t.m.phase == HAND_OVER)
    saved = app.frames  # the frame that wrote is over: frames counts it
    assert read and read[-1] < saved - 1 and app.screen is t  # read in a frame before
    for _ in range(3):  # the page's code, its rows, then its widgets (Table._page); shown in the fourth
        hw.advance(20)
        app.step()
        assert app.screen is t
    assert t.page is not None
    hw.advance(20)
    app.step()
    assert is_page(app.screen) and app.screen.title.text.startswith("Hand 1 over")
    written = bytes(hw.nvm)
    hw.advance(20)
    app.step()
    assert bytes(hw.nvm) == written and len(read) == 1  # saved once, read once


def test_a_hands_end_saves_in_one_frame_and_shows_its_page_in_the_next():
    # the save and the page's rows and widgets in one frame were the board's slowest save
    # point (about 350 board-ms against 300, make boardfit --frames)
    hw, app = app_with()
    hw.nvm = _CountingNvm(len(hw.nvm))
    app.storage = storage.attach(hw.nvm)
    t = launch(hw, app, 4)
    written = hw.nvm.writes
    assert until(hw, app, lambda: hw.nvm.writes > written and t.m.phase == HAND_OVER)
    assert app.screen is t  # the hand's end saved; its page is the next frame's work
    for _ in range(3):  # the page's code, its rows, then its widgets (Table._page); shown in the fourth
        hw.advance(20)
        app.step()
        assert app.screen is t
    assert t.page is not None
    hw.advance(20)
    app.step()
    assert is_page(app.screen) and app.screen.title.text.startswith("Hand 1 over")
    written = hw.nvm.writes
    hw.advance(20)
    app.step()
    assert hw.nvm.writes == written  # saved once


def test_the_window_closing_between_a_hands_end_frames_counts_and_saves_the_hand():
    hw, app = app_with()
    hw.nvm = _CountingNvm(len(hw.nvm))
    app.storage = storage.attach(hw.nvm)
    t = launch(hw, app, 4)
    assert until(hw, app, lambda: t.m.phase == HAND_OVER and t.counted)
    assert t.then is not None and app.screen is t  # counted, its page not yet shown
    hands = app.storage.load_stats().to_bytes()
    app.window_closed()
    assert app.storage.load_stats().to_bytes() != hands  # the hand is in the statistics
    game, level, blob = storage.Storage(hw.nvm).load_game()
    assert spades_keep.split(blob)[0] == t.m.to_bytes()
