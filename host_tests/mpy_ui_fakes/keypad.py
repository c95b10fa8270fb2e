# Stand-in for keypad: Event and an EventQueue that tests can record into.


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    def __init__(self, size=16):
        self._q = []
        self._size = size
        self.overflowed = False

    def record(self, key, pressed):
        if len(self._q) >= self._size:
            self.overflowed = True
        else:
            self._q.append((key, pressed))

    def get_into(self, ev):
        if not self._q:
            return False
        ev.key_number, ev.pressed = self._q.pop(0)
        return True

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        return len(self._q)
