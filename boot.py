# boot.py runs once at power-on or reset, before the USB drive appears.
# Holding Select while the board starts clears the saved game and the options (a way
# out if a bad save ever stops the game from starting); statistics are kept. The five
# NeoPixels then glow orange for a second. Nothing else happens here: the drive is
# never remounted, so the computer can still write CIRCUITPY.
import board
import digitalio
import keypad
import neopixel_write
import time

keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
time.sleep(0.1)  # a few scans: a key already held shows up as a press event
held = False
ev = keys.events.get()
while ev:
    held = held or (ev.pressed and ev.key_number == 3)  # 3: Select
    ev = keys.events.get()
keys.deinit()

if held:
    import microcontroller
    from engine import storage
    storage.recover(microcontroller.nvm)
    pin = digitalio.DigitalInOut(board.NEOPIXEL)
    pin.direction = digitalio.Direction.OUTPUT
    neopixel_write.neopixel_write(pin, bytes((0x10, 0x40, 0x00) * 5))  # GRB orange
    time.sleep(1.0)
    neopixel_write.neopixel_write(pin, bytes(15))
    pin.deinit()
