"""Storage that cannot save never stops a game: a store too small for the layout (or
none), a write that raises OSError, a file store that records an error."""
from engine import options, stats, storage, storage_admin
from engine.storage import GAME, GAME_SPIT, Storage


class Flaky(bytearray):
    """An nvm whose writes raise OSError after `ok` good ones (worn or locked flash)."""

    def __init__(self, ok):
        super().__init__(storage.SIZE)
        self.ok = ok
        self.tries = 0

    def __setitem__(self, i, v):
        self.tries += 1
        if self.tries > self.ok:
            raise OSError(5, "EIO")
        super().__setitem__(i, v)


def test_too_small_or_missing_store_runs_in_memory_and_tells_once():
    for nvm in (bytearray(256), None, bytearray(storage.END - 1)):
        st = storage.attach(nvm)
        assert st.trouble == storage.NO_ROOM
        assert st.load_game() is None
        o = st.load_options()
        o.cycle("target")
        assert st.save_options(o) is True
        assert st.load_options() == o  # this run remembers
        assert st.save_options(o) is False
        st.save_game(GAME_SPIT, 2, b"\x01\x02\x03")
        assert st.load_game() == (GAME_SPIT, 2, b"\x01\x02\x03")
        st.clear_game()
        assert st.load_game() is None
        s = st.load_stats()
        s.match_over(GAME_SPIT, True)
        st.save_stats(s)
        assert st.load_stats().get(GAME_SPIT, stats.WINS) == 1
        assert st.writes == 0
        if nvm is not None:
            assert nvm == bytearray(len(nvm))  # never touched
        assert st.take_notice() == storage_admin.TROUBLES[storage.NO_ROOM]
        assert st.take_notice() is None


def test_attach_a_full_size_store_is_a_plain_storage():
    nvm = bytearray(storage.SIZE)
    st = storage.attach(nvm)
    assert st.trouble == 0 and st.take_notice() is None
    st.save_game(0, 1, b"abc")
    assert Storage(nvm).load_game() == (0, 1, b"abc")


def test_write_raising_oserror_is_caught_told_once_and_play_goes_on():
    nvm = Flaky(ok=1)
    st = storage.attach(nvm)
    assert st.save_game(0, 1, b"first") is True  # written
    assert st.save_game(0, 1, b"second") is True  # raises inside: caught
    assert st.trouble == storage.WRITE_FAILED
    assert st.load_game() == (0, 1, b"second")  # this run goes on with it
    tries = nvm.tries
    assert st.save_game(0, 1, b"third") is True
    assert nvm.tries == tries  # no more attempts at the worn flash
    s = st.load_stats()
    s.spit_round(True, 50)
    st.save_stats(s)
    assert st.load_stats() == s
    assert st.take_notice() == storage_admin.TROUBLES[storage.WRITE_FAILED]
    assert st.take_notice() is None
    # what the flash holds is still the last good record
    assert Storage(bytes(nvm)).load_game() == (0, 1, b"first")


def test_a_store_that_records_an_error_counts_as_a_failed_write():
    class Sticky(bytearray):
        error = None

        def __setitem__(self, i, v):
            super().__setitem__(i, v)
            self.error = OSError(28, "No space left on device")

    st = storage.attach(Sticky(storage.SIZE))
    st.save_options(options.Options())
    assert st.trouble == storage.WRITE_FAILED
    assert st.take_notice() == storage_admin.TROUBLES[storage.WRITE_FAILED]


def test_recover_on_a_small_or_missing_store_does_nothing():
    assert storage.recover(bytearray(256)) == 0
    assert storage.recover(None) == 0


def test_notice_lists_an_unreadable_game_and_the_trouble_together():
    nvm = bytearray(storage.SIZE)
    Storage(nvm).save_game(0, 1, b"abc")
    nvm[storage.SLOT + 12] ^= 0xFF  # corrupt the only copy
    st = storage.attach(nvm)
    assert st.load_game() is None
    st.trouble = storage.WRITE_FAILED
    msg = st.take_notice()
    assert msg.split("\n") == [storage_admin.NOTICES[storage.RECORD], storage_admin.TROUBLES[storage.WRITE_FAILED]]
    assert st.take_notice() is None


def test_a_rejected_game_stays_rejected_when_loaded_again():
    nvm = bytearray(storage.SIZE)
    Storage(nvm).save_game(0, 1, b"not a match")
    s = Storage(nvm)
    assert s.load_game() is not None
    s.reject(GAME)
    assert s.load_game() is None  # the menu asks again before telling
    assert s.take_notice() == storage_admin.NOTICES[GAME]
    assert s.take_notice() is None and Storage(nvm).load_game() is None
