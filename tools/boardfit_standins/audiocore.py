# Stand-in for audiocore: a sample that keeps nothing.


class RawSample:
    def __init__(self, buffer, sample_rate=8000):
        self.sample_rate = sample_rate
