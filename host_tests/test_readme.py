"""The README says only what the code does: the library folder, key repeat, the bot
levels and Spit's matches, the title menu's entries (the key table: test_ui_keys)."""
import os
import re
import sys

from engine import options
from ui import keys, menu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.join(ROOT, "tools"))


def readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_readme_says_what_the_bundle_puts_in_lib():
    import bundle

    _, ship, errors, _ = bundle.plan(ROOT)
    libs = sorted(m.name for m in ship.values() if m.kind == "lib")
    text = readme()
    if libs:
        for name in libs:
            assert name in text, name
    else:
        assert "ships no library" in text and "lib: (no libraries needed)" in text
        assert "with the device libraries" not in text


def test_readme_key_repeat_figures_are_the_readers():
    text = readme()
    m = re.search(r"repeats it: after ([0-9.]+) s, then about (\w+) times a\s+second", text)
    assert m, "the README says how held keys repeat"
    assert float(m.group(1)) * 1000 == keys.REPEAT_DELAY
    words = {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
    assert abs(words[m.group(2)] - 1000 / keys.REPEAT_EVERY) < 0.5


def test_readme_explains_every_bot_level_and_spit_match():
    text = readme()
    spades = [f for f in options.FIELDS if f[0] == "level_spades4"][0][1]
    for level in spades:
        assert "- **%s**" % level in text, level
    spit = [f for f in options.FIELDS if f[0] == "level_spit"][0][1]
    assert "Spit level) %d to %d" % (spit[0], spit[-1]) in text
    for match in (options.SPIT_STANDARD, options.SPIT_POINTS):
        assert "- **%s**" % match in text, match


def test_readme_title_menu_table_names_every_entry():
    text = readme()
    table = text[text.index("### On the title menu"):text.index("### In Spades")]
    for label, _, _ in [menu.CONTINUE] + menu.ENTRIES:
        assert re.search(r"^\|[^|\n]*\b%s\b" % re.escape(label), table, re.M), label


def test_readme_names_every_pause_menu_entry_and_explains_why():
    from ui.spades_pause import MENU
    text = readme()
    row = re.search(r"^\| Start \| pause menu: ([^|]*)\|", text, re.M).group(1)
    assert [e.strip() for e in row.split(",")] == list(MENU)
    assert "**Why?**" in text and "why it made its last bid" in text


# ---- every documented command runs in `make test` (host_tests/test_commands.py)

OUTLINE = "### Building the board VM on a laptop without it"  # builds CircuitPython itself: sudo, git
COUNTS = ("--games", "--hands", "--matches", "--deals")  # the flags a short form may give smaller values


def documented_commands():
    """The commands the README shows: each line of its ```sh blocks (but the outline's
    build of the board VM), and inline `make ...`, `ENV=x make ...`, `tools/x.py args`
    and `.venv/bin/python tools/x.py`."""
    text = readme()
    cut = text.index("```sh", text.index(OUTLINE))
    text = text[:cut] + text[text.index("```", cut + 5) + 3:]
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("#")[0].strip()
            if line:
                found.append(line)
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for code in re.findall(r"`([^`\n]+)`", prose):
        if re.match(r"(\w+=\S+ )*make \w", code) or re.match(r"(\.venv/bin/python )?tools/\w+\.py \S", code) \
                or code.startswith(".venv/bin/python "):
            found.append(code)
    return found


def makefile_recipe(target):
    """The argv after `$(PY)` of a Makefile target: ["tools/bench.py"]."""
    with open(os.path.join(ROOT, "Makefile")) as f:
        mk = f.read()
    m = re.search(r"^%s:[^\n]*\n\t\$\(PY\) ([^\n]+)" % re.escape(target), mk, re.M)
    assert m, "Makefile has no $(PY) recipe for " + target
    return m.group(1).split()


def lanes(monkeypatch):
    """The commands tools/run_tests.py runs, its run() stubbed out."""
    import run_tests

    got = []
    monkeypatch.setattr(run_tests, "run", lambda cmd, *a, **k: (got.append(cmd[1:]), (0, ["1 passed"]))[1])
    monkeypatch.setattr(sys, "argv", ["run_tests.py"])
    run_tests.main()
    return [[a.replace(os.sep, "/") for a in cmd] for cmd in got]


def test_readme_commands_are_found():
    found = documented_commands()
    for c in ("make bench", "make budget", "make wear", "make screens", "make bundle", "make boardfit",
              ".venv/bin/python tools/arena.py --game spit --levels", "MPY_OPT=-O0 make bundle"):
        assert c in found, c
    assert not any("git clone" in c or "apt-get" in c for c in found)


def test_every_command_the_short_forms_stand_for_is_in_the_readme():
    from host_tests.test_commands import COMMANDS

    found = {" ".join(c.split()).replace(".venv/bin/python ", "") for c in documented_commands()}
    assert sorted(set(COMMANDS) - found) == []


def test_every_readme_command_runs_in_make_test_in_a_short_form(monkeypatch):
    from host_tests.test_commands import entry

    ran = lanes(monkeypatch)
    for command in documented_commands():
        e = entry(command)
        assert e is not None, "README command not run by make test (host_tests/test_commands.py): " + command
        words = command.split()
        env = {}
        while words and re.match(r"[A-Z_]+=", words[0]):
            k, v = words.pop(0).split("=", 1)
            env[k] = v
        if words[0] == ".venv/bin/python":
            words.pop(0)
        if words[0] == "make":
            target = words[1]
            env.update(w.split("=", 1) for w in words[2:] if "=" in w)
            want, readme_args = makefile_recipe(target), []
        else:
            want, readme_args = words[:1], words[1:]
        kind = e[0]
        if kind == "self":
            assert want == ["tools/run_tests.py"], command
        elif kind == "lane":
            assert e[1][0] == want[0], command
            assert any(cmd[:len(e[1])] == e[1] for cmd in ran), (command, ran)
        elif kind == "test":
            path, name = e[1].split("::")
            with open(os.path.join(ROOT, path)) as f:
                assert re.search(r"^def %s\(" % name, f.read(), re.M), e[1]
        else:
            argv = e[1]
            assert kind == "run" and argv[:len(want)] == want, (command, argv)
            assert (e[3] if len(e) > 3 else {}) == env, command
            i = 0
            while i < len(readme_args):  # each of the README's flags, its value the same or a smaller count
                flag = readme_args[i]
                has_value = i + 1 < len(readme_args) and not readme_args[i + 1].startswith("--")
                assert flag in argv, (command, flag)
                if has_value:
                    short = argv[argv.index(flag) + 1]
                    if flag in COUNTS:
                        assert 0 < int(short) <= int(readme_args[i + 1]), (command, flag)
                    else:
                        assert short == readme_args[i + 1], (command, flag)
                i += 2 if has_value else 1


def test_readme_hint_example_is_what_the_hint_writes():
    """Issue 24 item 12: the README quotes the hint's line as the table writes it: the
    card (its suit a glyph: ui/sprites.SUIT_CHARS), then the rule the bot followed."""
    from ui import spades_why
    from ui.spades_layout import card_text

    text = readme()
    m = re.search(r"the message line\s+says\s+why\s+\(\"(10|[2-9JQKA])([♣♦♥♠]): ([^\"]+)\"", text)
    assert m, "the README quotes a hint for a card"
    rank, suit, reason = m.groups()
    card = "23456789TJQKA".index(rank[0] if rank != "10" else "T") + 13 * "♣♦♥♠".index(suit)
    codes = [k for k in range(1, 45) if (spades_why.play_words(k) or (0, ''))[1] == reason]
    assert codes, "no play rule says " + reason
    assert spades_why.hint_line((codes[0],), 4, card_text(card)) == card_text(card) + ": " + reason
