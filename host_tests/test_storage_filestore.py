"""ui.filestore: the laptop's nvm file, the same bytes as the board's (issue 8)."""
import os

import pytest

from engine import options, storage
from engine.storage import Storage
from ui import filestore
from ui.filestore import FileStore


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("POCKET_CARDS_DATA", str(d))
    return d


def test_path_comes_from_the_env_var(data_dir):
    assert filestore.default_path() == os.path.join(str(data_dir), "nvm.bin")
    assert FileStore().path == os.path.join(str(data_dir), "nvm.bin")


def test_default_path_is_in_the_users_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("POCKET_CARDS_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if os.name != "nt":
        assert filestore.default_path() == str(tmp_path / "xdg" / "pocket-cards" / "nvm.bin")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if os.name != "nt":
        assert filestore.default_path() == str(tmp_path / "home" / ".local" / "share" / "pocket-cards" / "nvm.bin")


def test_missing_file_reads_as_an_empty_store_and_writes_nothing(data_dir):
    fs = FileStore()
    assert len(fs) == 8192 and fs[0:8192] == bytes(8192)
    s = Storage(fs)
    assert s.load_game() is None and s.take_notice() is None
    assert not os.path.exists(fs.path)  # reading never creates the file


def test_saves_survive_a_restart_with_the_same_bytes_as_nvm(data_dir):
    fs = FileStore()
    s = Storage(fs)
    o = options.Options()
    o.target = 200
    s.save_game(storage.GAME_SPIT, 2, b"match bytes")
    s.save_options(o)
    assert fs.writes == s.writes == 2
    raw = open(fs.path, "rb").read()
    assert len(raw) == 8192
    # the same operations on a bytearray nvm give the same bytes
    nvm = bytearray(8192)
    t = Storage(nvm)
    t.save_game(storage.GAME_SPIT, 2, b"match bytes")
    t.save_options(o)
    assert raw == bytes(nvm)
    # a new run reads it back
    again = Storage(FileStore())
    assert again.load_game() == (storage.GAME_SPIT, 2, b"match bytes")
    assert again.load_options().target == 200
    assert not again.save_game(storage.GAME_SPIT, 2, b"match bytes")
    assert not os.path.exists(fs.path + ".tmp")


def test_write_is_atomic_replace(data_dir, monkeypatch):
    fs = FileStore()
    Storage(fs).save_game(0, 0, b"first")
    before = open(fs.path, "rb").read()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    Storage(fs).save_game(0, 0, b"second")  # must not raise into the game
    assert isinstance(fs.error, OSError)
    assert open(fs.path, "rb").read() == before  # the old file is untouched
    assert Storage(fs).load_game() == (0, 0, b"second")  # kept in memory for this run
    monkeypatch.undo()
    assert Storage(FileStore(fs.path)).load_game() == (0, 0, b"first")


def test_short_or_long_file_is_tolerated(data_dir):
    os.makedirs(str(data_dir))
    path = os.path.join(str(data_dir), "nvm.bin")
    nvm = bytearray(8192)
    Storage(nvm).save_options(options.Options())
    with open(path, "wb") as f:
        f.write(bytes(nvm[:100]))  # cut short: the options record is whole in it
    assert Storage(FileStore()).load_options() == options.Options()
    with open(path, "wb") as f:
        f.write(bytes(nvm) + b"junk" * 100)
    fs = FileStore()
    assert len(fs) == 8192 and fs[0:8192] == bytes(nvm)


def test_slice_writes_must_keep_the_length(data_dir):
    fs = FileStore()
    with pytest.raises(ValueError):
        fs[0:4] = b"toolong"
    fs[10:12] = b"ab"
    assert fs[10:12] == b"ab" and fs[10] == ord("a")
