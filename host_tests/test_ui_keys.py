"""ui/keys.py: the key numbers, the keyboard map and the allocation-free reader."""
import os
import re
import warnings

import keypad

from ui import keys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_key_numbers_are_the_pybadge_order():
    # PLATFORM.md: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left
    assert (keys.B, keys.A, keys.START, keys.SELECT) == (0, 1, 2, 3)
    assert (keys.RIGHT, keys.DOWN, keys.UP, keys.LEFT) == (4, 5, 6, 7)
    assert keys.NAMES[keys.START] == "Start" and keys.COUNT == 8


def test_keyboard_map_reaches_every_button_with_real_key_names():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    assert {k for _, k in keys.KEYBOARD} == set(range(keys.COUNT))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # key_code works before pygame.init()
        codes = [pygame.key.key_code(name) for name, _ in keys.KEYBOARD]
        assert pygame.key.key_code(keys.KEYBOARD_QUIT) == pygame.K_ESCAPE
    assert len(set(codes)) == len(codes)
    assert pygame.K_LEFT in codes and pygame.K_x in codes and pygame.K_RETURN in codes


def test_poll_returns_presses_and_skips_releases():
    q = keypad.EventQueue(8)
    reader = keys.Keys(q)
    assert reader.poll() == -1
    q.keypad_eventqueue_record(keys.LEFT, True)
    q.keypad_eventqueue_record(keys.LEFT, False)
    q.keypad_eventqueue_record(keys.A, False)
    q.keypad_eventqueue_record(keys.A, True)
    assert reader.poll() == keys.LEFT
    assert reader.poll() == keys.A
    assert reader.poll() == -1


def test_poll_reuses_one_event_object():
    q = keypad.EventQueue(8)
    reader = keys.Keys(q)
    ev = reader._event
    for k in (keys.UP, keys.DOWN):
        q.keypad_eventqueue_record(k, True)
        assert reader.poll() == k
        assert reader._event is ev


def test_overflowed_queue_is_cleared_not_replayed():
    q = keypad.EventQueue(2)
    reader = keys.Keys(q)
    for k in (keys.UP, keys.DOWN, keys.LEFT):
        q.keypad_eventqueue_record(k, True)
    assert q.overflowed
    assert reader.poll() == -1
    assert not q.overflowed and len(q) == 0
    q.keypad_eventqueue_record(keys.B, True)
    assert reader.poll() == keys.B


def readme_controls():
    """The README's control table: {button name: keyboard text}."""
    text = open(os.path.join(ROOT, "README.md")).read()
    rows = {}
    for line in text.splitlines():
        m = re.match(r"\|\s*(B|A|Start|Select|Right|Down|Up|Left)\s*\|[^|]*\|\s*([^|]+?)\s*\|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def test_readme_control_table_matches_the_keyboard_map():
    rows = readme_controls()
    assert set(rows) == set(keys.NAMES)
    for name, k in keys.KEYBOARD:
        shown = rows[keys.NAMES[k]].lower()
        assert name in shown, (name, keys.NAMES[k], shown)
    for button, cell in rows.items():
        mapped = [n for n, k in keys.KEYBOARD if keys.NAMES[k] == button]
        for word in re.split(r"\s+or\s+|,\s*", cell.lower()):
            assert word.strip(" `") in mapped, (button, word)
