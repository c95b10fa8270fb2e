"""The badge's way home (code.py: app.run(home_module="ui.menu")): the title menu and
its module leave the heap while a game runs, and come back built anew (issue 11)."""
import sys

from ui import keys
from ui.app import App
from ui.hardware_laptop import Headless


def _choose(hw, app, label):
    """Down to `label` on the title menu, then A, with keys."""
    for _ in range([e[0] for e in app.screen.entries].index(label)):
        hw.press(keys.DOWN)
    hw.press(keys.A)


def test_the_menu_is_not_kept_while_a_game_runs_and_is_rebuilt_at_home(monkeypatch):
    monkeypatch.delitem(sys.modules, "ui.spit_screen", raising=False)  # as on a badge: not loaded yet
    hw = Headless()
    app = App(hw)
    app.home_module = "ui.menu"
    app.home()
    first = app.home_screen
    assert type(first).__name__ == "Menu" and app.screen is first
    _choose(hw, app, "Spit")
    app.step()  # A asks for Spit: it starts at the next frame, not under the menu's code
    assert app.screen is first
    app.step()  # the menu goes and the game's module comes in; its screen is the next frame's work
    assert app.game == "ui.spit_screen" and app.screen is None
    assert app.home_screen is None and "ui.menu" not in sys.modules
    app.step()
    assert type(app.screen).__name__ == "SpitScreen"
    app.home()  # asked by the game: at the next frame
    app.step()  # the game goes, the menu's module comes in
    assert app.game is None and "ui.spit_screen" not in sys.modules and app.screen is None
    app.step()  # the menu is built (ui/app_start.py switch: with its showing, up to 170 board-ms)
    assert app.screen is None and type(app.home_screen).__name__ == "Menu"
    app.step()  # and shown
    assert type(app.screen).__name__ == "Menu" and app.screen is app.home_screen and app.screen is not first


def test_a_key_pressed_while_a_page_comes_in_is_the_pages(monkeypatch):
    # each way takes two frames (the module in, then the screen built: in one frame the
    # title menu's slowest, up to 220 board-ms); a key pressed between them is not lost
    hw, app, sup = _fresh_app(monkeypatch)
    _choose(hw, app, "Statistics")
    app.step()
    app.step()
    assert app.screen is None and app.game == "ui.stats_screen"
    hw.press(keys.RIGHT)  # polled in the frame that builds the page, given to it in the next
    app.step()
    assert type(app.screen).__name__ == "StatsScreen" and app.screen.game == 0
    app.step()
    assert app.screen.game == 1
    hw.press(keys.B)
    app.step()  # B asks for the menu: at the next frame
    app.step()
    assert app.screen is None and "ui.menu" in sys.modules and "ui.stats_screen" not in sys.modules
    hw.press(keys.DOWN)  # polled in the frame that builds the menu, kept through its showing
    app.step()
    assert app.screen is None
    app.step()
    assert type(app.screen).__name__ == "Menu" and app.screen.cursor == 0
    app.step()
    assert app.screen.cursor == 1


def test_a_missing_module_still_says_coming_soon():
    hw = Headless()
    app = App(hw)
    app.home_module = "ui.menu"
    app.home()
    assert app.launch("no_such_game.screens") is False
    assert app.screen is app.home_screen


class _Supervisor:
    """Records what the badge's supervisor would be asked to do."""

    class ReloadException(BaseException):
        pass

    def __init__(self):
        self.next_file = "unset"

    def set_next_code_file(self, filename, **kw):
        self.next_file = filename

    def reload(self):
        raise self.ReloadException()


def _reloads(app, sup):
    """The next frame ends this VM through supervisor.reload()."""
    try:
        app.step()
    except sup.ReloadException:
        return not app.running
    return False


def _fresh_app(monkeypatch, game_vm=False):
    """(hw, app, sup) as on the badge: code.py's menu VM, or (game_vm) a play_*.py VM."""
    sup = _Supervisor()
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    hw = Headless()
    app = App(hw)
    app.home_module = "ui.menu"
    app.fresh_vm = True
    app.game_vm = game_vm
    if not game_vm:
        app.home()
    return hw, app, sup


def test_with_fresh_vms_a_game_starts_its_play_file_through_a_reload(monkeypatch):
    hw, app, sup = _fresh_app(monkeypatch)
    _choose(hw, app, "Spit")
    app.step()
    assert _reloads(app, sup)
    assert sup.next_file == "play_spit_screen0.py" and app.game is None  # the game is for the next VM


def test_a_page_of_the_menu_stays_in_this_vm(monkeypatch):
    hw, app, sup = _fresh_app(monkeypatch)
    _choose(hw, app, "Rules")
    app.step()
    app.step()
    app.step()
    assert app.game == "ui.rules_screen" and sup.next_file == "unset"
    app.home()
    app.step()  # the page goes, the menu's module comes in
    app.step()  # the menu is built
    app.step()  # and shown
    assert type(app.screen).__name__ == "Menu" and sup.next_file == "unset"


def test_a_game_vm_goes_home_through_a_reload_of_code_py(monkeypatch):
    hw, app, sup = _fresh_app(monkeypatch, game_vm=True)
    assert app.launch("ui.spit_screen", 0)
    assert type(app.screen).__name__ == "SpitScreen" and app.home_screen is None
    app.home()
    assert _reloads(app, sup)
    assert sup.next_file is None


def test_every_play_file_names_a_module_and_the_bundle_ships_it():
    import os
    import sys as _sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    _sys.path.insert(0, os.path.join(root, "tools"))
    try:
        import bundle
    finally:
        _sys.path.pop(0)
    from ui import menu
    games = [(m, a) for _, m, a in menu.ENTRIES if m in ("ui.spades_game", "ui.spit_screen")]
    for m, a in games:
        name = "play_%s%d.py" % (m[m.rfind(".") + 1:], a)
        assert name in bundle.ENTRY_POINTS, name
        with open(os.path.join(root, name)) as f:
            assert 'app.play("%s", %d)' % (m, a) in f.read(), name
    # and the fresh VMs a game goes on in (App.go_on_fresh)
    for name, call in (("play_continue.py", 'app.play("continue")'), ("play_hint.py", 'app.play("continue", 1)'),
                       ("play_pause.py", 'app.play("continue", 2)'), ("play_replay.py", 'app.play("continue", 4)'), ("play_why.py", 'app.play("ui.spades_why_page", 0)'),
                       ("play_crash0.py", 'app.play("ui.crash", 0)'), ("play_review.py", 'app.play("ui.spades_hand_review", 0)'),
                       ("play_ended.py", 'app.play("continue", 8)')):
        assert name in bundle.ENTRY_POINTS, name
        with open(os.path.join(root, name)) as f:
            assert call in f.read(), name


def test_a_game_vm_lets_its_starting_code_go_once_the_game_is_up(monkeypatch):
    hw, app, sup = _fresh_app(monkeypatch, game_vm=True)
    monkeypatch.setattr(app, "run", lambda *a, **k: None)  # no frames: only the start
    app.play("ui.spit_screen", 0)
    assert type(app.screen).__name__ == "SpitScreen" and app.game == "ui.spit_screen"
    assert "ui.app_start" not in sys.modules  # launch and Continue's code (ui/app_start.py)
    app.home()
    assert _reloads(app, sup) and sup.next_file is None


def test_a_game_vm_saves_once_when_paused_before_the_menu_is_built_and_not_again_to_quit(monkeypatch):
    # the save point's storage code comes and goes before the pause menu takes its room;
    # nothing plays while the menu is open, so Quit has nothing new to save
    from ui import keys
    hw, app, sup = _fresh_app(monkeypatch, game_vm=True)
    assert app.launch("ui.spades_game", 4)
    t = app.screen
    points = []
    real = app.save_point

    def save_point():
        points.append(t.pause)
        return real()
    monkeypatch.setattr(app, "save_point", save_point)
    hw.press(keys.START)
    assert _reloads(app, sup) and sup.next_file == "play_paused.py"  # the menu in a fresh VM
    assert points == [None] and t.pause is None and app.storage is None
    hw2 = Headless()
    hw2.nvm[:] = hw.nvm
    app2 = App(hw2)  # play_paused.py: Continue, the menu open
    app2.home_module, app2.fresh_vm = "ui.menu", True
    monkeypatch.setattr(app2, "run", lambda *a, **k: None)
    monkeypatch.setattr(app2, "save_point", save_point)
    app2.play("continue", 3)
    hw, app, t = hw2, app2, app2.screen
    saved = bytes(hw.nvm)
    n = len(points)
    assert t.pause is not None and app.storage is None
    for _ in range(6):  # down to Quit
        hw.press(keys.DOWN)
        app.step()
    assert t.menu.cursor == 6
    hw.press(keys.A)
    app.step()
    assert _reloads(app, sup) and sup.next_file is None
    assert len(points) == n and bytes(hw.nvm) == saved  # nothing new to save, in either VM


def test_out_of_memory_in_a_game_vm_shows_the_crash_screen_in_a_vm_of_its_own(monkeypatch):
    # the crash screen must fit where the game ran out of memory: a fresh VM's heap is
    # whole (play_crash0.py); no save is made on the way, and A there goes on to Continue
    from ui import keys
    hw, app, sup = _fresh_app(monkeypatch, game_vm=True)
    monkeypatch.setattr(app, "run", lambda *a, **k: None)
    app.play("ui.spit_screen", 0)
    before = bytes(hw.nvm)

    def full(now):
        raise MemoryError()
    monkeypatch.setattr(app.screen, "tick", full)
    try:
        app.frame()
    except sup.ReloadException:
        pass
    assert not app.running and sup.next_file == "play_crash0.py" and bytes(hw.nvm) == before
    hw2, app2, sup2 = _fresh_app(monkeypatch, game_vm=True)
    monkeypatch.setattr(app2, "run", lambda *a, **k: None)
    app2.play("ui.crash", 0)
    assert type(app2.screen).__name__ == "Crash" and app2.screen.lines[1].text == "Out of memory"
    blank = bytes(hw2.nvm)
    hw2.press(keys.A)
    assert _reloads(app2, sup2) and sup2.next_file == "play_continue.py" and bytes(hw2.nvm) == blank


def test_out_of_memory_on_a_page_of_the_title_menus_vm_keeps_the_crash_screen_there(monkeypatch):
    # no game's own VM, no Continue to go on to: the crash screen comes up in this VM and
    # its A leads back to the title menu (play_crash0.py's A would start Continue)
    hw, app, sup = _fresh_app(monkeypatch)
    _choose(hw, app, "Rules")
    app.step()
    app.step()
    app.step()
    assert app.game == "ui.rules_screen"
    monkeypatch.setattr(sys, "modules", dict(sys.modules))  # the crash lets the game's modules go

    def full(now):
        raise MemoryError()
    monkeypatch.setattr(app.screen, "tick", full)
    app.frame()
    assert type(app.screen).__name__ == "Crash" and sup.next_file == "unset"


def test_options_save_in_the_frame_of_b_and_the_menu_comes_back_in_the_next(monkeypatch):
    # Options left with a change: its save and the title menu built again in one frame
    # were the board's slowest save point (up to 355 board-ms against 300, make
    # boardfit --frames); the save is B's frame, the menu the next one's
    from engine import storage
    hw, app, sup = _fresh_app(monkeypatch)
    app.storage = storage.attach(hw.nvm)
    _choose(hw, app, "Options")
    app.step()
    app.step()
    app.step()
    assert type(app.screen).__name__ == "OptionsScreen"
    hw.press(keys.RIGHT)  # a change: leaving saves it
    app.step()
    before = bytes(hw.nvm)
    hw.press(keys.B)
    app.step()
    assert bytes(hw.nvm) != before and type(app.screen).__name__ == "OptionsScreen"
    written = bytes(hw.nvm)
    app.step()  # the menu's module in, then the menu built, then shown
    app.step()
    app.step()
    assert type(app.screen).__name__ == "Menu" and bytes(hw.nvm) == written  # saved once
