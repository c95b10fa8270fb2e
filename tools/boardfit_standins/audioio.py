# Stand-in for audioio: an output that plays silently.


class AudioOut:
    playing = False

    def __init__(self, pin):
        pass

    def play(self, sample, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False
