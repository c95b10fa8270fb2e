"""Pure game logic: the same code on the board, under MicroPython and under CPython."""
