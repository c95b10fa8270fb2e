"""ui/keys.py: the key numbers and the allocation-free reader; the laptop keyboard map
(ui/hardware_laptop.py)."""
import os
import re
import warnings

import keypad

from ui import hardware_laptop, keys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_key_numbers_are_the_pybadge_order():
    # PLATFORM.md: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left
    assert (keys.B, keys.A, keys.START, keys.SELECT) == (0, 1, 2, 3)
    assert (keys.RIGHT, keys.DOWN, keys.UP, keys.LEFT) == (4, 5, 6, 7)
    assert hardware_laptop.NAMES[keys.START] == "Start" and keys.COUNT == 8


def test_keyboard_map_reaches_every_button_with_real_key_names():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    assert {k for _, k in hardware_laptop.KEYBOARD} == set(range(keys.COUNT))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # key_code works before pygame.init()
        codes = [pygame.key.key_code(name) for name, _ in hardware_laptop.KEYBOARD]
        assert pygame.key.key_code(hardware_laptop.KEYBOARD_QUIT) == pygame.K_ESCAPE
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
    assert set(rows) == set(hardware_laptop.NAMES)
    for name, k in hardware_laptop.KEYBOARD:
        shown = rows[hardware_laptop.NAMES[k]].lower()
        assert name in shown, (name, hardware_laptop.NAMES[k], shown)
    for button, cell in rows.items():
        mapped = [n for n, k in hardware_laptop.KEYBOARD if hardware_laptop.NAMES[k] == button]
        for word in re.split(r"\s+or\s+|,\s*", cell.lower()):
            assert word.strip(" `") in mapped, (button, word)


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def held_reader(key):
    q = keypad.EventQueue(8)
    clock = Clock()
    reader = keys.Keys(q, clock)
    q.keypad_eventqueue_record(key, True)
    return q, clock, reader


def test_a_held_direction_repeats_after_the_delay_then_steadily():
    q, clock, reader = held_reader(keys.RIGHT)
    assert reader.poll() == keys.RIGHT and not reader.repeated
    assert reader.poll() == -1
    clock.now = keys.REPEAT_DELAY - 1
    assert reader.poll() == -1
    clock.now = keys.REPEAT_DELAY
    assert reader.poll() == keys.RIGHT and reader.repeated
    assert reader.poll() == -1  # once a frame: App.step polls until -1
    clock.now += keys.REPEAT_EVERY - 1
    assert reader.poll() == -1
    clock.now += 1
    assert reader.poll() == keys.RIGHT
    q.keypad_eventqueue_record(keys.RIGHT, False)
    clock.now += 10 * keys.REPEAT_EVERY
    assert reader.poll() == -1 and reader.held == -1


def test_a_slow_frame_gives_one_repeat_not_a_burst():
    q, clock, reader = held_reader(keys.DOWN)
    reader.poll()
    clock.now = 5000
    assert reader.poll() == keys.DOWN
    assert reader.poll() == -1


def test_only_the_four_directions_repeat():
    for k in (keys.A, keys.B, keys.START, keys.SELECT):
        q, clock, reader = held_reader(k)
        assert reader.poll() == k
        clock.now = 5000
        assert reader.poll() == -1
    for k in (keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN):
        q, clock, reader = held_reader(k)
        reader.poll()
        clock.now = keys.REPEAT_DELAY
        assert reader.poll() == k


def test_a_tap_never_repeats_and_the_latest_direction_wins():
    q, clock, reader = held_reader(keys.UP)
    q.keypad_eventqueue_record(keys.UP, False)
    assert reader.poll() == keys.UP
    clock.now = 5000
    assert reader.poll() == -1
    q.keypad_eventqueue_record(keys.LEFT, True)
    q.keypad_eventqueue_record(keys.DOWN, True)
    q.keypad_eventqueue_record(keys.LEFT, False)  # the first one let go, DOWN still held
    assert reader.poll() == keys.LEFT
    assert reader.poll() == keys.DOWN
    clock.now += keys.REPEAT_DELAY
    assert reader.poll() == keys.DOWN


def test_a_press_of_a_while_holding_keeps_the_direction_repeating():
    q, clock, reader = held_reader(keys.LEFT)
    reader.poll()
    q.keypad_eventqueue_record(keys.A, True)
    q.keypad_eventqueue_record(keys.A, False)
    clock.now = keys.REPEAT_DELAY
    assert reader.poll() == keys.A
    assert reader.poll() == keys.LEFT


def test_repeat_survives_the_badge_clock_wrapping():
    q, clock, reader = held_reader(keys.RIGHT)
    clock.now = 0x1FFFFFFF - 100  # supervisor.ticks_ms() wraps at 2**29
    reader.poll()
    clock.now = (clock.now + keys.REPEAT_DELAY) & 0x1FFFFFFF
    assert reader.poll() == keys.RIGHT


def test_overflow_and_lost_focus_end_the_repeat():
    q, clock, reader = held_reader(keys.UP)
    reader.poll()
    for k in (keys.A, keys.B, keys.A, keys.B, keys.A, keys.B, keys.A, keys.B, keys.A):
        q.keypad_eventqueue_record(k, True)
    assert q.overflowed
    clock.now = 5000
    assert reader.poll() == -1
    assert reader.poll() == -1
    q, clock, reader = held_reader(keys.UP)
    reader.poll()
    reader.release_all()
    clock.now = 5000
    assert reader.poll() == -1


def test_without_a_clock_nothing_repeats():
    q = keypad.EventQueue(8)
    reader = keys.Keys(q)
    q.keypad_eventqueue_record(keys.LEFT, True)
    assert reader.poll() == keys.LEFT
    assert reader.poll() == -1


def test_every_hardware_reader_has_the_clock():
    from ui.hardware_laptop import Headless

    hw = Headless()
    try:
        hw.events.keypad_eventqueue_record(keys.DOWN, True)
        assert hw.keys.poll() == keys.DOWN
        hw.advance(keys.REPEAT_DELAY)
        assert hw.keys.poll() == keys.DOWN
    finally:
        hw.close()
    src = open(os.path.join(ROOT, "ui", "hardware_board.py")).read()
    assert "keys.Keys(self._scanner.events, supervisor.ticks_ms)" in src


def test_a_held_key_stops_at_a_lists_ends_a_press_wraps():
    q, clock, reader = held_reader(keys.DOWN)
    assert reader.poll() == keys.DOWN
    assert not reader.stops(4, 1, 5)  # a press: the list may wrap
    clock.now = keys.REPEAT_DELAY
    assert reader.poll() == keys.DOWN
    assert reader.stops(4, 1, 5) and reader.stops(0, -1, 5)
    assert not reader.stops(3, 1, 5)
