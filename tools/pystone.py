"""Pystone (Reinhold Weicker's Dhrystone in Python), runnable under CPython and MicroPython.

Used to state a workload's cost in *board* time: CircuitPython on the PyBadge's
120 MHz SAMD51 runs about BOARD_PYSTONES passes per second (PLATFORM.md), so a
workload that takes `t` seconds in a process measuring `p` pystones/s costs
`t * p / BOARD_PYSTONES` seconds on the board. Measure both in the same process.
"""
try:
    from time import ticks_ms, ticks_diff

    def _now_ms():
        return ticks_ms()

    def _since_ms(t0):
        return ticks_diff(ticks_ms(), t0)
except ImportError:  # CPython
    from time import perf_counter

    def _now_ms():
        return perf_counter() * 1000.0

    def _since_ms(t0):
        return perf_counter() * 1000.0 - t0

BOARD_PYSTONES = 1500

IDENT1 = 1
IDENT2 = 2
IDENT3 = 3
IDENT4 = 4
IDENT5 = 5


class Record:
    def __init__(self, PtrComp=None, Discr=0, EnumComp=0, IntComp=0, StringComp=0):
        self.PtrComp = PtrComp
        self.Discr = Discr
        self.EnumComp = EnumComp
        self.IntComp = IntComp
        self.StringComp = StringComp

    def copy(self):
        return Record(self.PtrComp, self.Discr, self.EnumComp, self.IntComp, self.StringComp)


class _G:
    pass


g = _G()


def _reset():
    g.IntGlob = 0
    g.BoolGlob = False
    g.Char1Glob = "\0"
    g.Char2Glob = "\0"
    g.Array1Glob = [0] * 51
    g.Array2Glob = [[0] * 51 for _ in range(51)]
    g.PtrGlb = None
    g.PtrGlbNext = None


def Proc0(loops):
    _reset()
    g.PtrGlbNext = Record()
    g.PtrGlb = Record()
    g.PtrGlb.PtrComp = g.PtrGlbNext
    g.PtrGlb.Discr = IDENT1
    g.PtrGlb.EnumComp = IDENT3
    g.PtrGlb.IntComp = 40
    g.PtrGlb.StringComp = "DHRYSTONE PROGRAM, SOME STRING"
    String1Loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    g.Array2Glob[8][7] = 10
    for _ in range(loops):
        Proc5()
        Proc4()
        IntLoc1 = 2
        IntLoc2 = 3
        String2Loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        EnumLoc = IDENT2
        g.BoolGlob = not Func2(String1Loc, String2Loc)
        while IntLoc1 < IntLoc2:
            IntLoc3 = 5 * IntLoc1 - IntLoc2
            IntLoc3 = Proc7(IntLoc1, IntLoc2)
            IntLoc1 = IntLoc1 + 1
        Proc8(g.Array1Glob, g.Array2Glob, IntLoc1, IntLoc3)
        g.PtrGlb = Proc1(g.PtrGlb)
        CharIndex = "A"
        while CharIndex <= g.Char2Glob:
            if EnumLoc == Func1(CharIndex, "C"):
                EnumLoc = Proc6(IDENT1)
            CharIndex = chr(ord(CharIndex) + 1)
        IntLoc3 = IntLoc2 * IntLoc1
        IntLoc2 = IntLoc3 // IntLoc1
        IntLoc2 = 7 * (IntLoc3 - IntLoc2) - IntLoc1
        IntLoc1 = Proc2(IntLoc1)


def Proc1(PtrParIn):
    PtrParIn.PtrComp = NextRecord = g.PtrGlb.copy()
    PtrParIn.IntComp = 5
    NextRecord.IntComp = PtrParIn.IntComp
    NextRecord.PtrComp = PtrParIn.PtrComp
    NextRecord.PtrComp = Proc3(NextRecord.PtrComp)
    if NextRecord.Discr == IDENT1:
        NextRecord.IntComp = 6
        NextRecord.EnumComp = Proc6(PtrParIn.EnumComp)
        NextRecord.PtrComp = g.PtrGlb.PtrComp
        NextRecord.IntComp = Proc7(NextRecord.IntComp, 10)
    else:
        PtrParIn = NextRecord.copy()
    NextRecord.PtrComp = None
    return PtrParIn


def Proc2(IntParIO):
    IntLoc = IntParIO + 10
    EnumLoc = 0
    while True:
        if g.Char1Glob == "A":
            IntLoc = IntLoc - 1
            IntParIO = IntLoc - g.IntGlob
            EnumLoc = IDENT1
        if EnumLoc == IDENT1:
            break
    return IntParIO


def Proc3(PtrParOut):
    if g.PtrGlb is not None:
        PtrParOut = g.PtrGlb.PtrComp
    else:
        g.IntGlob = 100
    g.PtrGlb.IntComp = Proc7(10, g.IntGlob)
    return PtrParOut


def Proc4():
    BoolLoc = g.Char1Glob == "A"
    BoolLoc = BoolLoc or g.BoolGlob
    g.Char2Glob = "B"


def Proc5():
    g.Char1Glob = "A"
    g.BoolGlob = False


def Proc6(EnumParIn):
    EnumParOut = EnumParIn
    if not Func3(EnumParIn):
        EnumParOut = IDENT4
    if EnumParIn == IDENT1:
        EnumParOut = IDENT1
    elif EnumParIn == IDENT2:
        if g.IntGlob > 100:
            EnumParOut = IDENT1
        else:
            EnumParOut = IDENT4
    elif EnumParIn == IDENT3:
        EnumParOut = IDENT2
    elif EnumParIn == IDENT4:
        pass
    elif EnumParIn == IDENT5:
        EnumParOut = IDENT3
    return EnumParOut


def Proc7(IntParI1, IntParI2):
    IntLoc = IntParI1 + 2
    IntParOut = IntParI2 + IntLoc
    return IntParOut


def Proc8(Array1Par, Array2Par, IntParI1, IntParI2):
    IntLoc = IntParI1 + 5
    Array1Par[IntLoc] = IntParI2
    Array1Par[IntLoc + 1] = Array1Par[IntLoc]
    Array1Par[IntLoc + 30] = IntLoc
    for IntIndex in range(IntLoc, IntLoc + 2):
        Array2Par[IntLoc][IntIndex] = IntLoc
    Array2Par[IntLoc][IntLoc - 1] = Array2Par[IntLoc][IntLoc - 1] + 1
    Array2Par[IntLoc + 20][IntLoc] = Array1Par[IntLoc]
    g.IntGlob = 5


def Func1(CharPar1, CharPar2):
    CharLoc1 = CharPar1
    CharLoc2 = CharLoc1
    if CharLoc2 != CharPar2:
        return IDENT1
    return IDENT2


def Func2(StrParI1, StrParI2):
    IntLoc = 1
    while IntLoc <= 1:
        if Func1(StrParI1[IntLoc], StrParI2[IntLoc + 1]) == IDENT1:
            CharLoc = "A"
            IntLoc = IntLoc + 1
    if CharLoc >= "W" and CharLoc <= "Z":
        IntLoc = 7
    if CharLoc == "X":
        return True
    if StrParI1 > StrParI2:
        IntLoc = IntLoc + 7
        return True
    return False


def Func3(EnumParIn):
    EnumLoc = EnumParIn
    if EnumLoc == IDENT3:
        return True
    return False


def pystones_per_second(loops=2000):
    """Run `loops` passes and return passes per second in this process."""
    t0 = _now_ms()
    Proc0(loops)
    ms = _since_ms(t0)
    if ms <= 0:
        ms = 1
    return loops * 1000.0 / ms


def board_seconds(host_seconds, host_pystones):
    """Host time measured beside `host_pystones` -> the same work's time on the board."""
    return host_seconds * host_pystones / BOARD_PYSTONES


if __name__ == "__main__":
    print("pystones/s=%d" % pystones_per_second(5000))
