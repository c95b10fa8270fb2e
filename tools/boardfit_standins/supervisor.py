# Stand-in for supervisor: the millisecond clock is the scripted player's (it moves
# on a fixed step per frame, so a run is the same at every heap size).
import boardfit_player


def ticks_ms():
    return boardfit_player.now


class _Runtime:
    serial_connected = False


runtime = _Runtime()
