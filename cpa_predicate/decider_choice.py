"""Which of two exact deciders answers the next query, chosen by the time each took.

Used where two encodings or tactics give the same answer and only their speed
depends on the program: the abstraction's integer reading against bit-vectors
(:mod:`cpa_predicate.abstraction`) and the interpolator's two probe tactics
(:mod:`cpa_predicate.interpolation_z3`).
"""

from __future__ import annotations

__all__ = ["DeciderChoice"]


class DeciderChoice:
    """Which of two exact deciders answers the next query: the one with the lower mean
    time so far (``pick``: True for the first, the integer reading in abstraction).

    Both give the same answer (the reading is exact; the probe's tactics are
    equisatisfiable rewritings), so the choice changes only the time. Which is faster
    depends on the program: on the ``ssh`` and ``token_ring`` blocks the reading halves
    Cartesian abstraction, on ``pc_sfifo_2``'s small blocks it is 2.5 times slower. The
    first ``warm_up`` queries alternate; afterwards every ``RESAMPLE``-th goes to the
    slower one, so that a program whose queries change character (later unrollings,
    more predicates) can change the choice. The means are exponential, weighted to the
    recent ``1 / DECAY`` queries of each decider.
    """

    WARM_UP = 8
    RESAMPLE = 16
    DECAY = 0.125

    def __init__(self, warm_up: int = WARM_UP) -> None:
        """``warm_up``: how many queries alternate before the means decide."""
        self.warm_up = warm_up
        self.calls = 0
        self.mean: dict[bool, float | None] = {True: None, False: None}

    def pick(self) -> bool:
        """True: the first decider (the integer reading); False: the second."""
        self.calls += 1
        reading, bits = self.mean[True], self.mean[False]
        if self.calls <= self.warm_up or reading is None or bits is None:
            return self.calls % 2 == 1
        faster = reading <= bits
        return (not faster) if self.calls % self.RESAMPLE == 0 else faster

    def record(self, reading: bool, seconds: float) -> None:
        mean = self.mean[reading]
        self.mean[reading] = seconds if mean is None else mean + self.DECAY * (seconds - mean)
