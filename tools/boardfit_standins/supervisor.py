# Stand-in for supervisor: the millisecond clock is the scripted player's (it moves
# on a fixed step per frame, so a run is the same at every heap size; with
# tools/battery.py it is board time, boardfit_pace.py); reload() ends
# this VM (boardfit_main.py then exits, and tools/boardfit.py starts the next file in
# a fresh VM process, as the badge does).
import boardfit_player

next_code_file = None


class ReloadException(BaseException):
    pass


def ticks_ms():
    return boardfit_player.clock()


def set_next_code_file(filename, **kw):
    global next_code_file
    next_code_file = filename


def reload():
    raise ReloadException()


class _Runtime:
    serial_connected = False


runtime = _Runtime()
