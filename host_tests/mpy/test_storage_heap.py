# engine.storage keeps in the heap only what a game in play uses: the save path (the
# end of a hand or round, leaving the table). What the menu and a game's start do
# (engine.storage ADMIN: loading options and statistics, the notice, attach) lives in
# engine/storage_admin.py, imported while it runs and dropped right after.
import sys


def test_admin_code_gone_after_each_use():
    from engine import storage
    if "engine.storage_admin" in sys.modules:  # another test module imported it: forget it
        storage._forget("engine.storage_admin")
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
