# Stand-in for microcontroller: an 8 KB nvm kept in a file (on the badge nvm is flash,
# not heap, so the stand-in keeps none of its bytes in the heap either). The file is
# nvm.bin in the folder the VM runs in (tools/boardfit.py writes it first).


class Pin:
    pass


class _Nvm:
    def __init__(self, path, size=8192):
        self.path = path
        self.size = size
        self.f = None
        self.writes = 0  # slice assignments: on the badge each is an erase (the player files save points)

    def file(self):
        if self.f is None:
            self.f = open(self.path, "r+b")
        return self.f

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        f = self.file()
        if isinstance(i, slice):
            f.seek(i.start)
            return f.read(i.stop - i.start)
        f.seek(i)
        return f.read(1)[0]

    def __setitem__(self, i, data):
        self.writes += 1
        f = self.file()
        if isinstance(i, slice):
            f.seek(i.start)
            f.write(data)
        else:
            f.seek(i)
            f.write(bytes((data,)))
        f.flush()


nvm = _Nvm("nvm.bin")
