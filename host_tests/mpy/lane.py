# The MicroPython lane's runner: plain functions and asserts, no pytest.
# Usage (from the compiled folder): micropython -X heapsize=76K lane.py test_module
import gc
import sys

import lane_heap


def main():
    name = sys.argv[1]
    mod = __import__(name)
    passed = 0
    failed = 0
    names = [a for a in dir(mod) if a.startswith("test_")]
    names.sort()
    for attr in names:
        gc.collect()
        try:
            getattr(mod, attr)()
            passed += 1
            print("PASS", name, attr)
        except Exception as e:  # MemoryError included: it fails the lane
            failed += 1
            print("FAIL", name, attr, repr(e))
            sys.print_exception(e)
        lane_heap.sample()
    loaded = [m for m in sys.modules if m.startswith("engine.")]
    print("modules=" + ",".join(loaded))
    print("peak_heap_bytes=%d" % lane_heap.peak)
    print("counts=%d,%d" % (passed, failed))


main()
