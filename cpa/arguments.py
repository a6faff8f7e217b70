"""Types of the command line's numbers: a limit that is not a positive finite number
is bad usage, said in one line by argparse, not a crash deep in a run (``inf`` cannot
become a timer, ``nan`` compares false with everything, and the kernel takes no
address-space limit of 10^20 MB)."""

from __future__ import annotations

import argparse
import math

__all__ = ["megabytes", "seconds"]

#: the largest limit in MB whose bytes ``setrlimit`` takes (a signed 64-bit number)
_LARGEST_MB = (2**63 - 1) // (1024 * 1024)


def seconds(text: str) -> float:
    """A time limit: a positive finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive finite number: {text!r}")
    return value


def megabytes(text: str) -> int:
    """A memory limit: a positive whole number of MB that the kernel can take."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of MB: {text!r}") from None
    if not 0 < value <= _LARGEST_MB:
        raise argparse.ArgumentTypeError(f"must be between 1 and {_LARGEST_MB}: {text!r}")
    return value
