# Stand-in for digitalio: pins that remember their value.


class Direction:
    INPUT = 0
    OUTPUT = 1


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.value = False

    def switch_to_output(self, value=False):
        self.direction = Direction.OUTPUT
        self.value = value

    def deinit(self):
        pass
