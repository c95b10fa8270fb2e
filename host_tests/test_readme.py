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
