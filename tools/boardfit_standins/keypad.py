# Stand-in for keypad: ShiftRegisterKeys whose event queue the scripted player fills.
# The first get_into() of a frame is the frame boundary: the player looks at the game
# there and queues the keys it taps (press and release) in this frame. A frame starts
# after the hardware's frame_done() (boardfit_player marks the queue fresh there) or
# once the last frame's keys ran out: a frame that left a key's release waiting (a
# screen switch stops reading keys) still ends.
import boardfit_player


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


queue = None  # the one queue: the player marks it fresh at each frame's end (frame_done)


class EventQueue:
    overflowed = False

    def __init__(self):
        global queue
        queue = self
        self.fresh = True
        self.down = -1  # the key pressed, released by the next event

    def get_into(self, ev):
        if self.fresh:
            self.fresh = False
            boardfit_player.frame()
        if self.down >= 0:  # a tap: the release follows the press in the same frame
            ev.key_number = self.down
            ev.pressed = False
            self.down = -1
            return True
        k = boardfit_player.take()
        if k < 0:
            self.fresh = True
            return False
        ev.key_number = k
        ev.pressed = True
        self.down = k
        return True

    def get(self):
        return None

    def clear(self):
        pass

    def __len__(self):
        return 0


class ShiftRegisterKeys:
    def __init__(self, **kw):
        self.events = EventQueue()

    def deinit(self):
        pass
