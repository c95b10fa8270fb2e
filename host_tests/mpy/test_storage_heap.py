# engine.storage keeps in the heap only the Storage a game holds; the save path (the
# end of a hand or round, leaving the table) is engine/storage_record.py, loaded per
# save, and what the menu and a game's start do
# (engine.storage ADMIN: loading options and statistics, the notice, attach) lives in
# engine/storage_admin.py, imported while it runs and dropped right after.
import sys


def test_admin_code_gone_after_each_use():
    from engine import lazy, storage
    if "engine.storage_admin" in sys.modules:  # another test module imported it: forget it
        lazy.forget("engine.storage_admin")
    st = storage.attach(bytearray(8192))
    st.load_options()
    st.load_stats()
    assert st.save_game(storage.GAME_SPADES4, 2, bytes(range(100)))
    assert st.load_game()[2] == bytes(range(100))
    assert st.take_notice() is None
    assert st.writes == 1
    assert "engine.storage_admin" not in sys.modules
    assert "storage_admin" not in dir(sys.modules["engine"])
    for name in storage.ADMIN:  # found through the instance, never held by the class
        assert name not in dir(storage.Storage), name
    # a caller that imported the admin code itself keeps it: no import per call
    from engine import storage_admin
    assert st.load_game() is not None
    assert sys.modules["engine.storage_admin"] is storage_admin


def test_statistics_page_code_gone_after_each_use():
    # a game counts hands and matches; the page's rows, percentages and reset are
    # engine/stats_page.py, loaded only while one of them runs
    from engine import lazy, stats
    if "engine.stats_page" in sys.modules:
        lazy.forget("engine.stats_page")
    s = stats.Stats()
    s.spades_hand(0, 0, (3, 3, 3, 3), (4, 3, 3, 3), [("Contract 6 made", 60), ("Bags 1", 1)])
    assert s.percent(0, stats.CONTRACTS_MADE, stats.CONTRACTS) == 100
    assert s.lines(0)[2] == ("Hands", "1")
    s.reset_game(0)
    assert s.get(0, stats.HANDS) == 0
    assert "engine.stats_page" not in sys.modules
    for name in stats.PAGE:
        assert name not in dir(stats.Stats), name
    # a caller that imported the page itself keeps it
    from engine import stats_page
    assert s.lines(2)[0] == ("Matches played", "0")
    assert sys.modules["engine.stats_page"] is stats_page


def test_record_code_gone_between_saves():
    # a game in play holds its Storage but none of the record's code (reading, CRC,
    # writing: engine/storage_record.py); a save loads it and drops it again
    from engine import lazy, storage
    name = "engine.storage_record"
    if name in sys.modules:
        lazy.forget(name)
    st = storage.attach(bytearray(8192))
    assert name not in sys.modules
    assert st.save_game(storage.GAME_SPADES4, 2, bytes(range(50)))
    assert not st.save_game(storage.GAME_SPADES4, 2, bytes(range(50)))  # unchanged: no write
    assert st.clear_game()
    assert st.writes == 2
    assert name not in sys.modules
    assert "storage_record" not in dir(sys.modules["engine"])
    for fn in storage.RECORD_CODE:
        assert fn not in dir(storage.Storage), fn
    for fn in ("crc32", "split", "join", "record"):
        assert fn not in dir(storage), fn
