"""`make test`: pytest over host_tests/ (CPython), then the MicroPython lane.

Ends with one summary line, `total: <n> passed, <m> failed`, and exits non-zero on
any failure in either lane.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line.strip())
    return proc.wait(), lines


def count(lines, word):
    for line in reversed(lines):
        m = re.search(r"(\d+) " + word, line)
        if m and ("passed" in line or "failed" in line or "error" in line):
            return int(m.group(1))
    return 0


def main():
    py = sys.executable
    code1, out1 = run([py, "-m", "pytest", "host_tests"] + sys.argv[1:])
    p1 = count(out1, "passed")
    f1 = count(out1, "failed") + count(out1, "error")
    code2, out2 = run([py, os.path.join("tools", "mpy_lane.py")])
    p2 = count(out2, "passed")
    f2 = count(out2, "failed")
    bad = code1 != 0 or code2 != 0
    if bad and f1 + f2 == 0:
        f1 = 1  # a lane died without counting: still a failure
    print("pytest: %d passed, %d failed (exit %d); micropython lane: %d passed, %d failed (exit %d)"
          % (p1, f1, code1, p2, f2, code2))
    print("total: %d passed, %d failed" % (p1 + p2, f1 + f2))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
