"""CircuitPython, not CPython, judges the game's code: calls the board does not take.

CPython's built-in types have more than the board's: `bytes.index(int)` works on the
laptop and raises TypeError on the badge, `str.ljust` is not there at all. Host tests
under CPython cannot see such gaps, so three checks put them to the board VM
(CircuitPython 10.2.1, ../shared/boardvm/):

1. Calls the host tests make (dynamic). With BOARD_JUDGE=<file> set, pytest
   (host_tests/conftest.py) imports every board module of ui/ through `install()`: each
   call `x.name(...)` and each call of a built-in function is routed through a recorder
   that notes, for receivers of a built-in type (bytes, str, list, dict...), the site
   (file:line), the receiver and its arguments (their values where they are small, else
   stand-ins of the same type), the keywords and what CPython answered (a value or the
   exception's type); `"..." % args` is noted too. `replay()` makes each distinct call
   again on the board VM and reports every one the board answers differently (an
   exception where CPython had none, or another one).
2. Names (static): every method called anywhere in ui/ and engine/ (the modules the
   bundle ships) whose name CPython's built-in types have and the board's have not
   (probed on the VM: `dir(bytes)`, `dir(str)`...), unless the project defines a method
   of that name itself; every built-in function the board lacks (`format`, `vars`...)
   used and not defined in its module.
3. Syntax (static): every shipped source file compiles on the board VM (f-string
   features, keyword-only syntax the board's parser refuses...).
4. The same game on every port (RULES 4): host_tests/mpy's tests that pin a seed's
   game, a save's bytes and a deal number's cards run on the board VM too.

   The engine's calls are recorded the same way by a short workload of its own here
   (each game, each bot level, saves and loads): routing the engine in pytest would
   double the bots' tests' time.

    python tools/boardjudge.py [--calls FILE]   # 2, 3 and the engine's; the UI's from FILE

It prints one line per finding and `boardjudge: <n> passed, <m> failed`; exit 1 on any
finding. Without the VM it says `boardjudge: skipped` and exits 0.
"""
import argparse
import ast
import builtins
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_VM = os.path.join(os.path.dirname(ROOT), "shared", "boardvm", "circuitpython-board32")
PACKAGES = ("engine", "ui")
LAPTOP_MODULES = {"ui.hardware_laptop", "ui.filestore"}  # tools/bundle.py: never shipped
TYPES = ("bytes", "bytearray", "str", "list", "tuple", "dict", "set", "frozenset", "int", "float", "memoryview")
MAX_SHAPES_PER_SITE = 6


def vm_path():
    p = os.environ.get("BOARDVM") or DEFAULT_VM
    return p if os.path.isfile(p) and os.access(p, os.X_OK) else None


# -- 1. the recorder (CPython side)

_TYPE_OF = {getattr(builtins, n): n for n in TYPES}
# the built-in functions whose calls are noted (printing, files and introspection are not)
FUNCS = ("sorted", "min", "max", "sum", "round", "divmod", "abs", "pow", "chr", "ord", "hex", "bin", "oct",
         "format", "enumerate", "zip", "map", "filter", "reversed", "any", "all", "bool", "int", "float", "str",
         "bytes", "bytearray", "list", "tuple", "dict", "set", "frozenset", "range", "slice", "memoryview")

calls = {}  # shape -> record (a dict, JSON-ready)
_done = set()  # shapes with an exact record, and sites with their fill of shapes
_per_site = {}


class _Stand:
    """What a value is given as on the board: source text, and whether it is exact."""

    def __init__(self):
        self.exact = True
        self.opaque = False  # an object of the project's own stood in by a plain one

    def enc(self, v, depth=0):
        t = type(v)
        if v is None or t is bool:
            return repr(v)
        if t is int:
            return repr(v)
        if t is float:
            if v != v or v in (float("inf"), float("-inf")):
                return "float(%r)" % repr(v)
            return repr(v)
        if t is str:
            if len(v) > 200:
                self.exact = False
                v = v[:200]
            return repr(v)
        if t is bytes or t is bytearray:
            b = bytes(v)
            if len(b) > 200:
                self.exact = False
                b = b[:200]
            return repr(b) if t is bytes else "bytearray(%r)" % b
        if t is tuple or t is list or t is set or t is frozenset:
            items = list(v)
            if len(items) > 24 or depth > 3:
                self.exact = False
                items = items[:24] if depth <= 3 else []
            if t is set or t is frozenset:
                try:
                    items = sorted(items)
                except TypeError:
                    pass
            body = ", ".join(self.enc(x, depth + 1) for x in items)
            if t is tuple:
                return "(%s%s)" % (body, "," if len(items) == 1 else "")
            if t is list:
                return "[%s]" % body
            return "%s([%s])" % (t.__name__, body)
        if t is dict:
            items = list(v.items())
            if len(items) > 24 or depth > 3:
                self.exact = False
                items = items[:24] if depth <= 3 else []
            return "{%s}" % ", ".join("%s: %s" % (self.enc(k, depth + 1), self.enc(x, depth + 1)) for k, x in items)
        if t is range:
            return repr(v)
        self.exact = False
        if callable(v):
            return "_F"
        self.opaque = True
        return "_O()"


def _outcome(fn, args, kw):
    try:
        return fn(*args, **kw), None
    except BaseException as e:  # noqa: B036  # raised again once it is noted
        return e, type(e).__name__


def _judged(shape, site, rtype, name, recv_src, args, kw, fn):
    """fn(*args, **kw), its values written down before the call (a call may change
    its receiver) and its shape noted with what CPython answered."""
    s = _Stand()
    try:
        rec = {"site": site, "type": rtype, "name": name, "recv": recv_src(s),
               "args": [s.enc(a) for a in args], "kw": [[k, s.enc(kw[k])] for k in sorted(kw)]}
    except RecursionError:
        rec = None
    got, exc = _outcome(fn, args, kw)
    if rec is not None:
        rec["exact"] = s.exact
        rec["opaque"] = s.opaque
        rec["cpython"] = exc
        old = calls.get(shape)
        if old is None:
            n = _per_site.get(site, 0) + 1
            _per_site[site] = n
            if n >= MAX_SHAPES_PER_SITE:
                _done.add(site)
        if old is None or not old["exact"]:
            calls[shape] = rec
        if s.exact:
            _done.add(shape)
    if exc is not None:
        raise got
    return got


def __bjm__(site, recv, name, /, *args, **kw):
    """recv.name(*args, **kw), noted when recv is of a built-in type (or is one)."""
    fn = getattr(recv, name)
    t = type(recv)
    if t is type:
        rtype = _TYPE_OF.get(recv)
        if rtype is None:
            return fn(*args, **kw)
        recv_src = lambda s: rtype  # noqa: E731  # int.from_bytes, bytes.fromhex
    else:
        rtype = _TYPE_OF.get(t)
        if rtype is None:
            return fn(*args, **kw)
        recv_src = lambda s: s.enc(recv)  # noqa: E731
    if site in _done:
        return fn(*args, **kw)
    shape = (site, rtype, name, tuple(map(type, args)), tuple(kw))
    if shape in _done:
        return fn(*args, **kw)
    return _judged(shape, site, rtype, name, recv_src, args, kw, fn)


def __bjf__(site, fn, name, /, *args, **kw):
    """fn(*args, **kw), noted when fn is still the built-in of that name."""
    if getattr(builtins, name, None) is not fn or site in _done:
        return fn(*args, **kw)
    shape = (site, None, name, tuple(map(type, args)), tuple(kw))
    if shape in _done:
        return fn(*args, **kw)
    return _judged(shape, site, None, name, lambda s: None, args, kw, fn)


def __bjmod__(site, fmt, args):
    """fmt % args for a literal format string."""
    if site in _done:
        return fmt % args
    shape = (site, "str", "%", type(args), fmt)
    if shape in _done:
        return fmt % args
    return _judged(shape, site, "str", "%", lambda s: s.enc(fmt), (args,), {}, lambda a: fmt % a)


class _Route(ast.NodeTransformer):
    """Every call through __bjm__/__bjf__, every `"..." % x` through __bjmod__."""

    def __init__(self, rel):
        self.rel = rel

    def _site(self, node):
        return ast.Constant("%s:%d" % (self.rel, node.lineno))

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and isinstance(f.ctx, ast.Load):
            new = ast.Call(ast.Name("__bjm__", ast.Load()), [self._site(node), f.value, ast.Constant(f.attr)]
                           + node.args, node.keywords)
        elif isinstance(f, ast.Name) and f.id in FUNCS:
            new = ast.Call(ast.Name("__bjf__", ast.Load()), [self._site(node), f, ast.Constant(f.id)]
                           + node.args, node.keywords)
        else:
            return node
        return ast.copy_location(new, node)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            new = ast.Call(ast.Name("__bjmod__", ast.Load()), [self._site(node), node.left, node.right], [])
            return ast.copy_location(new, node)
        return node


def routed_code(source, path, rel):
    tree = ast.parse(source, path)
    tree = ast.fix_missing_locations(_Route(rel).visit(tree))
    return compile(tree, path, "exec", dont_inherit=True)


def run_routed(source, rel, name="judged"):
    """The namespace of `source` run with its calls routed (the tests' snippets)."""
    d = {"__name__": name, "__bjm__": __bjm__, "__bjf__": __bjf__, "__bjmod__": __bjmod__}
    exec(routed_code(source, rel, rel), d)
    return d


class _Loader(importlib.machinery.SourceFileLoader):
    def get_code(self, fullname):  # never the cached bytecode, and none written
        path = self.get_filename(fullname)
        with open(path, "rb") as f:
            src = f.read()
        return routed_code(src, path, os.path.relpath(path, ROOT).replace(os.sep, "/"))

    def exec_module(self, module):
        d = module.__dict__
        d["__bjm__"] = __bjm__
        d["__bjf__"] = __bjf__
        d["__bjmod__"] = __bjmod__
        super().exec_module(module)


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, prefixes):
        self.prefixes = prefixes

    def find_spec(self, fullname, path, target=None):
        if fullname in LAPTOP_MODULES or not any(fullname.startswith(p) for p in self.prefixes):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return spec
        spec.loader = _Loader(fullname, spec.origin)
        return spec


_finder = None


def install(prefixes=("ui.",)):
    """Route the calls of modules named with these prefixes (imported from now on)."""
    global _finder
    if _finder is None:
        _finder = _Finder(tuple(prefixes))
        sys.meta_path.insert(0, _finder)
    return _finder


def uninstall():
    global _finder
    if _finder is not None:
        sys.meta_path.remove(_finder)
        _finder = None


def save(path):
    """Write the calls noted so far (merged with those already in the file)."""
    old = []
    if os.path.exists(path):
        with open(path) as f:
            old = json.load(f)
    seen = {(r["site"], r["type"], r["name"], tuple(r["args"]), tuple(map(tuple, r["kw"]))) for r in old}
    for r in calls.values():
        k = (r["site"], r["type"], r["name"], tuple(r["args"]), tuple(map(tuple, r["kw"])))
        if k not in seen:
            old.append(r)
            seen.add(k)
    with open(path, "w") as f:
        json.dump(old, f)


def engine_workload(seed=5):
    """The engine's calls (its modules routed as the UI's are in pytest, which would
    double the bots' tests' time): each Spades game with each bot level for a few
    hands, a save and a load after each, Spit at each level for a few rounds, storage's
    saves and loads. Returns the number of decisions made."""
    install(("engine",))
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from engine import options, storage
    from engine.bots.spades_bot import Bot
    from engine.bots.spit_bot import SpitBot
    from engine.spit import Spit
    from engine.spit_match import play_match
    from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND
    from engine import spades, spades2
    st = storage.Storage(bytearray(storage.SIZE))
    st.save_options(options.Options())
    st.load_options()
    n = 0
    for mod, seats, game in ((spades, 4, storage.GAME_SPADES4), (spades2, 2, storage.GAME_SPADES2)):
        for i, level in enumerate(("random", "easy", "normal", "hard")):
            m = mod.Match(seed + i, target=200)
            bots = [Bot(s, level, seed + s, 300) for s in range(seats)]
            hands = 0
            while m.phase != MATCH_OVER and hands < (1 if level == "hard" else 3):
                if m.phase == HAND_OVER:
                    hands += 1
                    st.save_game(game, 0, m.to_bytes(), st.load_stats())
                    m = mod.Match.from_bytes(st.load_game()[2])
                    m.apply(NEXT_HAND)
                    continue
                s = m.to_move
                m.apply(bots[s].act(m.observation(s)), s)
                n += 1
    for level in range(1, 6):
        for mode in ("standard", "points"):
            g = Spit(seed * 7 + level, mode)
            play_match(g, SpitBot(level, seed + 1), SpitBot(6 - level, seed + 2), max_rounds=2)
            st.save_game(storage.GAME_SPIT, level, g.to_bytes())
            Spit.from_bytes(st.load_game()[2])
            n += g.round_no
    return n


# -- on the board VM

_PRELUDE = """
def _F(*a, **k):
    return 0
class _O:
    pass
def _t(i, f, want, exact, opaque):
    try:
        f()
        got = None
    except Exception as e:
        got = type(e).__name__
    if got != want and (exact or got in ("AttributeError", "NotImplementedError")
                        or got == "TypeError" and not opaque):
        print("J %d %s" % (i, got))
"""


def _expr(r):
    args = list(r["args"]) + ["%s=%s" % (k, v) for k, v in r["kw"]]
    if r["name"] == "%":
        return "(%s) %% %s" % (r["recv"], r["args"][0])
    if r["type"] is None:
        return "%s(%s)" % (r["name"], ", ".join(args))
    return "(%s).%s(%s)" % (r["recv"], r["name"], ", ".join(args))


def run_vm(vm, src, heap="4M"):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src)
        path = f.name
    try:
        p = subprocess.run([vm, "-X", "heapsize=" + heap, path], capture_output=True, text=True, timeout=600)
    finally:
        os.remove(path)
    return p.returncode, p.stdout + p.stderr


def replay(vm, records):
    """[(record, what the board answered)] for each call the board answers otherwise."""
    if not records:
        return []
    lines = [_PRELUDE]
    for i, r in enumerate(records):
        lines.append("_t(%d, lambda: %s, %r, %r, %r)" % (i, _expr(r), r["cpython"], r["exact"], r.get("opaque", True)))
    lines.append("print('replayed %d')" % len(records))
    code, out = run_vm(vm, "\n".join(lines) + "\n")
    if "replayed %d" % len(records) not in out:
        if len(records) == 1:
            return [(records[0], "the board VM could not run it: " + out.strip().splitlines()[-1])]
        half = len(records) // 2  # one call the VM cannot even compile: find it
        return replay(vm, records[:half]) + replay(vm, records[half:])
    bad = []
    for line in out.splitlines():
        if line.startswith("J "):
            _, i, got = line.split()
            bad.append((records[int(i)], got))
    return bad


def describe(r, got):
    args = ", ".join([type_of(a) for a in r["args"]] + ["%s=" % k for k, _ in r["kw"]])
    what = "%%-format %s" % r["args"][0] if r["name"] == "%" else (
        "%s(%s)" % (r["name"], args) if r["type"] is None else "%s.%s(%s)" % (r["type"], r["name"], args))
    return "%s: %s: %s on the board VM (CPython: %s): %s" % (
        r["site"], what, got, r["cpython"] or "no exception", _expr(r)[:160])


def type_of(src):
    """The type of a value from its stand-in text (for the message)."""
    if src.startswith("b'") or src.startswith('b"'):
        return "bytes"
    if src.startswith("bytearray("):
        return "bytearray"
    if src[:1] in "'\"":
        return "str"
    if src[:1] == "(":
        return "tuple"
    if src[:1] == "[":
        return "list"
    if src[:1] == "{":
        return "dict"
    if src in ("True", "False"):
        return "bool"
    if src == "None":
        return "None"
    if src == "_F":
        return "function"
    if src == "_O()":
        return "object"
    return "float" if "." in src or "e" in src else "int"


# -- 2. names the board's types lack (static)

def probe(vm):
    """{type name: set of attribute names} and the set of built-in names, on the VM."""
    src = "import builtins\n" + "".join("print(%r, ' '.join(dir(%s)))\n" % (t, t) for t in TYPES) + \
        "print('builtins', ' '.join(dir(builtins)))\n"
    code, out = run_vm(vm, src)
    got = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and (parts[0] in TYPES or parts[0] == "builtins"):
            got[parts[0]] = set(parts[1:])
    if len(got) != len(TYPES) + 1:
        raise SystemExit("boardjudge: the probe failed on the VM:\n" + out)
    return got, got.pop("builtins")


def shipped_sources(root=ROOT):
    """(module name, path) of every module under engine/ and ui/ the bundle ships."""
    out = []
    for pkg in PACKAGES:
        for dirpath, dirs, files in os.walk(os.path.join(root, pkg)):
            dirs[:] = sorted(d for d in dirs if not d.startswith(("_", ".")) or d == "__pycache__")
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for fn in sorted(files):
                if fn.endswith(".py"):
                    path = os.path.join(dirpath, fn)
                    mod = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                    if mod.endswith(".__init__"):
                        mod = mod[:-9]
                    if mod not in LAPTOP_MODULES:
                        out.append((mod, path))
    return out


def _defined_names(trees):
    """Every name the project binds anywhere: functions, classes, attributes it assigns."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return names


def scan_names(board_types, board_builtins, sources):
    """Findings: methods of CPython's built-in types the board's lack, called in the
    sources; built-in functions the board lacks, used there."""
    cpython = set()
    for t in TYPES:
        cpython |= {n for n in dir(getattr(builtins, t)) if not n.startswith("_")}
    board = set()
    for names in board_types.values():
        board |= names
    missing = cpython - board
    trees = []
    for mod, path in sources:
        with open(path) as f:
            trees.append((path, ast.parse(f.read(), path)))
    project = _defined_names([t for _, t in trees])
    missing_builtins = {n for n in dir(builtins) if not n.startswith("_")} - board_builtins
    found = []
    for path, tree in trees:
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        local = _defined_names([tree])
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                n = node.func.attr
                if n in missing and n not in project:
                    found.append("%s:%d: .%s(): no built-in type on the board has it (CPython: %s)"
                                 % (rel, node.lineno, n, ", ".join(t for t in TYPES
                                                                   if hasattr(getattr(builtins, t), n))))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                if node.id in missing_builtins and node.id not in local:
                    found.append("%s:%d: %s: not a built-in on the board" % (rel, node.lineno, node.id))
    return found


# -- 3. every shipped file compiles on the board

def scan_syntax(vm, sources):
    lines = ["import gc", "for p in ("]
    for _, path in sources:
        lines.append("    %r," % path)
    lines += ["):",
              "    try:",
              "        with open(p) as f:",
              "            compile(f.read(), p, 'exec')",
              "    except SyntaxError as e:",
              "        print('S', p, e)",
              "    gc.collect()",
              "print('compiled')"]
    code, out = run_vm(vm, "\n".join(lines) + "\n", heap="8M")
    if "compiled" not in out:
        return ["the board VM could not compile the sources: " + out.strip()[-300:]]
    return ["%s: does not compile on the board: %s" % (os.path.relpath(line.split()[1], ROOT), " ".join(
        line.split()[2:])) for line in out.splitlines() if line.startswith("S ")]


# -- 4. the same game on every port

SAME = ("test_rng", "test_spades_same", "test_spades_review_same")  # host_tests/mpy: seeds, saves, deal numbers, par
_SAME_RUN = """import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
for name in %r:
    mod = __import__(name)
    for t in dir(mod):
        if t.startswith("test_"):
            try:
                getattr(mod, t)()
                print("same ok", name, t)
            except Exception as e:
                print("same FAIL", name, t, repr(e)[:300])
"""


def same_everywhere(vm):
    """RULES 4 on the board itself: the tests that pin a seed's game, a save's bytes
    and a deal number's cards to the values CPython and MicroPython give, run on the VM."""
    code, out = run_vm(vm, _SAME_RUN % (ROOT, os.path.join(ROOT, "host_tests", "mpy"), SAME))
    ok = [l for l in out.splitlines() if l.startswith("same ok")]
    bad = ["%s (board VM)" % l[5:] for l in out.splitlines() if l.startswith("same FAIL")]
    print("boardjudge: %d same-everywhere tests on the board VM, %d failed" % (len(ok) + len(bad), len(bad)))
    if not ok and not bad:
        bad = ["the same-everywhere tests did not run on the board VM: " + out.strip()[-300:]]
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", help="the calls recorded by pytest with BOARD_JUDGE=FILE: replay them")
    args = ap.parse_args(argv)
    vm = vm_path()
    if vm is None:
        print("boardjudge: skipped: no board VM at %s" % (os.environ.get("BOARDVM") or DEFAULT_VM))
        return 0
    sources = shipped_sources()
    found = []
    types, names = probe(vm)
    found += scan_names(types, names, sources)
    found += scan_syntax(vm, sources)
    checks = 3
    calls.clear()
    t0 = time.time()
    n = engine_workload()
    records = list(calls.values())
    print("boardjudge: %d distinct calls of built-ins in engine/ (%d decisions and rounds, %.0fs), at %d places"
          % (len(records), n, time.time() - t0, len({r["site"] for r in records})))
    found += [describe(r, got) for r, got in replay(vm, records)]
    checks += 1
    found += same_everywhere(vm)
    if args.calls:
        checks += 1
        if not os.path.exists(args.calls):
            found.append("%s: no calls recorded (was BOARD_JUDGE set for pytest?)" % args.calls)
            records = []
        else:
            with open(args.calls) as f:
                records = json.load(f)
        print("boardjudge: %d distinct calls of built-ins recorded by the host tests, at %d places"
              % (len(records), len({r["site"] for r in records})))
        found += [describe(r, got) for r, got in replay(vm, records)]
    for line in found:
        print("boardjudge: " + line)
    print("boardjudge: %d passed, %d failed" % (checks if not found else 0, len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
