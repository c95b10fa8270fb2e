"""The laptop's nvm: 8192 bytes in a file, the same bytes as the board's
`microcontroller.nvm`, for engine.storage.Storage.

The file is `<data dir>/nvm.bin`; the data dir is $POCKET_CARDS_DATA when set (tests
point it at a temporary folder), else $XDG_DATA_HOME/pocket-cards, else
~/.local/share/pocket-cards (on Windows %APPDATA%/pocket-cards).

Every write rewrites the whole file through a temporary file in the same folder,
flushed and fsync'ed, then `os.replace`d over the old one: a crash leaves either the
old bytes or the new, never half of each. If the disk refuses the write, the bytes
stay in memory for this run, `error` holds the OSError and a warning is printed once.
"""
import os
import sys

SIZE = 8192
FILENAME = "nvm.bin"


def data_dir():
    d = os.environ.get("POCKET_CARDS_DATA")
    if d:
        return d
    if os.name == "nt" and os.environ.get("APPDATA"):
        return os.path.join(os.environ["APPDATA"], "pocket-cards")
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-cards")


def default_path():
    return os.path.join(data_dir(), FILENAME)


class FileStore:
    """A bytearray-like store of `size` bytes backed by a file."""

    def __init__(self, path=None, size=SIZE):
        self.path = path or default_path()
        self.size = size
        self.error = None
        self.writes = 0
        self._bytes = bytearray(size)
        try:
            with open(self.path, "rb") as f:
                got = f.read(size)
            self._bytes[:len(got)] = got  # a short file reads as zeros past its end
        except FileNotFoundError:
            pass
        except OSError as e:  # unreadable: start empty, keep playing
            self._fail(e)

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self._bytes[index])
        return self._bytes[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1 or len(value) != stop - start:
                raise ValueError("filestore: a write must replace a slice with the same length")
        self._bytes[index] = value
        self._flush()

    def _flush(self):
        self.writes += 1
        tmp = self.path + ".tmp"
        try:
            os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            with open(tmp, "wb") as f:
                f.write(self._bytes)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError as e:
            try:
                os.remove(tmp)
            except OSError:
                pass
            self._fail(e)

    def _fail(self, e):
        if self.error is None:
            sys.stderr.write("pocket-cards: saving to %s failed: %s\n" % (self.path, e))
        self.error = e
