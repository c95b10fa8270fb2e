"""A crash is never the end, on the board VM: a MemoryError at a random frame of a game,
then the crash screen, then Continue in a fresh VM resumes the last save exactly.

The bundle and boardfit's stand-ins are built as `make boardfit` builds them
(tools/boardfit.py's Board); the VM's main file is tools/boardvm_crash_main.py, which
lets boardfit's scripted player play the plan and strikes, at the first frame from a
seeded random frame N with a game on screen, with a MemoryError: raised at the frame's
key poll ("raise"), or by filling the heap with blocks hung on the game's screen so
that the game's own next allocation fails ("hog"; odd seeds). It passes when the crash
screen comes up with nvm untouched, and A's Continue VM shows the saved game as Continue
rebuilds it, nvm still byte for byte as it was when the MemoryError struck.

    python tools/boardvm_crash.py [--seeds 1 2 ...] [--plan all] [--kb 100]

Last line `boardvm_crash: <n> passed, <m> failed`; exit 1 on a failure. Without the VM
it says `boardvm_crash: skipped`.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import boardfit  # noqa: E402
import bundle  # noqa: E402

MAIN = "boardvm_crash_main"
# where to strike: boardfit's plans take about 29,700 frames ("all": four-player Spades
# to frame 20,500, two-player to 21,600, Spit to 26,300, Continue's hands after the
# menu pages), 20,500 ("spades4") and 1,900 ("spit"); a strike past the end fails
FRAMES = {"all": (100, 29500), "spades4": (100, 20400), "spit": (50, 1900)}


def prepare(b):
    err = bundle.compile_one(bundle.default_compiler(), os.path.join(HERE, MAIN + ".py"), MAIN + ".py",
                             os.path.join(b.standins, MAIN + ".mpy"), True, cache=None)
    if err:
        raise SystemExit("boardvm_crash: " + err)


def run(b, plan, at, mode, heap_kb):
    """(passed, output): one play-through struck at frame `at`, VM after VM."""
    for f in ("nvm.bin", "nvm-saved.bin", "nvm-crash.bin", "player.state", "crash.state"):
        p = os.path.join(b.drive, f)
        if os.path.exists(p):
            os.remove(p)
    with open(os.path.join(b.drive, "nvm.bin"), "wb") as f:
        f.write(b.nvm)
    env = dict(os.environ)
    env["MICROPYPATH"] = b.standins + ":" + os.path.join(b.drive, "lib") + ":"
    outs = []
    code_file, resume = "code.py", "-"
    struck = False  # a strike whose crash screen is still to come
    for _ in range(boardfit.MAX_VMS):
        cmd = [b.vm, "-X", "heapsize=%dK" % heap_kb, "-c", "import " + MAIN, plan, str(at), mode, code_file,
               resume]
        try:
            proc = subprocess.run(cmd, cwd=b.drive, env=env, capture_output=True, text=True,
                                  timeout=boardfit.TIMEOUT)
        except subprocess.TimeoutExpired:
            outs.append("timeout after %ds" % boardfit.TIMEOUT)
            break
        out = proc.stdout + proc.stderr
        outs.append("[VM %s]\n" % code_file + out)
        if "crash: resumed" in out or "crash: FAIL" in out or proc.returncode != 0:
            break
        nxt = [line.split(" ", 2)[2] for line in out.splitlines() if line.startswith("boardfit: reload ")]
        if not nxt:
            break
        struck = struck or "crash: MemoryError" in out
        if struck and "crash: the crash screen" not in "".join(outs) \
                and nxt[-1].lstrip("/") != "play_crash0.py":  # out of memory: its screen in a VM of its own
            if mode != "hog" or "crash: MemoryError" not in out:
                outs.append("crash: FAIL the VM reloaded into %s without the crash screen" % nxt[-1])
                break
            # the game went on in a fresh VM (a hand's end) before it allocated again: the
            # hog went with that heap and nothing failed; strike again in the next VM
            with open(os.path.join(b.drive, "crash.state"), "w") as f:
                f.write("0 0\n")
            outs.append("crash: the game went on in %s before it allocated: strike again there\n" % nxt[-1])
            struck = False
        code_file, resume = nxt[-1].lstrip("/"), "resume"
    out = "".join(outs)
    ok = ("crash: the crash screen" in out and "crash: resumed" in out and "crash: FAIL" not in out
          and "Traceback" not in out.split("crash: the crash screen")[-1])
    return ok, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--plan", default="all", choices=sorted(FRAMES))
    ap.add_argument("--at", type=int, default=0, help="strike from this frame (not a seeded one)")
    ap.add_argument("--kb", type=int, default=100, help="heap for the game (the stand-ins' own added)")
    args = ap.parse_args(argv)
    vm = boardfit.vm_path()
    if vm is None:
        print("boardvm_crash: skipped: no board VM (BOARDVM= names one)")
        return 0
    work = tempfile.mkdtemp(prefix="boardvm-crash-")
    passed = failed = 0
    try:
        b = boardfit.Board(vm, work)
        prepare(b)
        extra = b.overhead("boardfit_main", [args.plan])
        heap = args.kb + (extra + 1023) // 1024
        lo, hi = FRAMES[args.plan]
        for seed in args.seeds:
            at = args.at or random.Random(seed).randrange(lo, hi)
            mode = "hog" if seed % 2 else "raise"
            t0 = time.time()
            ok, out = run(b, args.plan, at, mode, heap)
            done = [line for line in out.splitlines() if line.startswith("boardfit: done frames=")]
            if done and "crash: MemoryError" not in out:  # the session ended first: strike within it
                frames = int(done[-1].split("=")[1])
                at = lo + at % max(1, frames - lo - 50)
                ok, out = run(b, args.plan, at, mode, heap)
            lines = [line for line in out.splitlines() if line.startswith("crash: ")]
            print("boardvm_crash: seed %d, %s from frame %d, %d KB for the game: %s (%.0fs)"
                  % (seed, mode, at, args.kb, "passed" if ok else "FAILED", time.time() - t0))
            for line in lines:
                print("  " + line)
            if os.environ.get("BOARDVM_CRASH_VERBOSE"):
                print(out)
            if ok:
                passed += 1
            else:
                failed += 1
                print(out[-3000:])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("boardvm_crash: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
