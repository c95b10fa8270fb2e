# engine.storage keeps its record code (engine/storage_rw.py) out of the heap between
# loads and saves: a game holds its Storage for a whole match but writes only at its
# save points (the end of a hand or round, leaving the table).
import gc
import sys


def _alloc():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def test_record_code_gone_after_each_save_and_load():
    if "engine.storage_rw" in sys.modules:  # another test module imported it: forget it
        from engine import storage
        storage._forget("engine.storage_rw")
    nvm = bytearray(8192)
    blob = bytes(range(100))
    before = _alloc()
    from engine.storage import GAME_SPADES4, Storage
    st = Storage(nvm)
    assert st.save_game(GAME_SPADES4, 2, blob)
    assert st.load_game()[2] == blob
    assert st.writes == 1
    assert "engine.storage_rw" not in sys.modules
    assert "storage_rw" not in dir(sys.modules["engine"])
    # the module and a Storage holding its parts: 5.4 KB on this 64-bit lane (names
    # the record code interned stay); with the record code kept it was 10.7 KB
    assert _alloc() - before < 8192

    # a caller that imported the record code itself keeps it: no import per call
    from engine import storage_rw
    assert st.save_game(GAME_SPADES4, 0, b"ab")
    assert sys.modules["engine.storage_rw"] is storage_rw
