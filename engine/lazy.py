"""Code a game in play never runs, kept out of its heap: call() imports the module it
lives in, runs one function and drops the module again. engine/storage.py (the menu's
and a game start's methods) and engine/stats.py (the statistics page) use it."""
import sys


def call(module, name, *args):
    """engine.<module>.<name>(*args), the module dropped from the heap again after,
    unless it was already imported (a caller that keeps it, or an outer call still
    running)."""
    full = "engine." + module
    held = full in sys.modules
    mod = __import__(full, None, None, (name,))
    try:
        return getattr(mod, name)(*args)
    finally:
        if not held:
            forget(full)


def hold(module):
    """Import engine.<module> for a stretch of call()s that would each load and drop
    it; give what hold returns to let_go() after."""
    full = "engine." + module
    if full in sys.modules:
        return None
    __import__(full)
    return full


def let_go(held):
    if held is not None:
        forget(held)


def forget(name):
    """Take module `name` out of sys.modules and its package. Each is set to None
    first: MicroPython's dicts keep a deleted entry's value until the slot is used
    again, and the collector would go on seeing the module through it."""
    pkg, _, leaf = name.rpartition(".")
    sys.modules[name] = None
    del sys.modules[name]
    pkg = sys.modules.get(pkg)
    if pkg is not None:
        setattr(pkg, leaf, None)
        delattr(pkg, leaf)
