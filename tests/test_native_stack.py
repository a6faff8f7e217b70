"""While an analysis runs the soft stack limit is raised so that Z3's native recursion
has room (:mod:`cpa.native_stack`); programs it runs get the limit the process started
with, and the limit goes back afterwards."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from cpa import native_stack

_DEEP_COMPARISON = """
import sys
from cpa.native_stack import room_for_native_recursion
sys.setrecursionlimit(10**7)
left, right = [], []
for _ in range(100_000):
    left, right = [left], [right]
if sys.argv[1] == "room":
    with room_for_native_recursion():
        print(left == right)
else:
    print(left == right)
"""


def _deep_native_recursion(mode: str) -> subprocess.CompletedProcess:
    # comparing nested lists recurses in C, as Z3's term walkers do
    return subprocess.run(
        [sys.executable, "-c", _DEEP_COMPARISON, mode], capture_output=True, text=True, timeout=120
    )


_HARD = resource.getrlimit(resource.RLIMIT_STACK)[1]


@pytest.mark.skipif(
    _HARD != resource.RLIM_INFINITY and _HARD < native_stack.STACK_BYTES,
    reason="the hard stack limit here is below what the analysis asks for",
)
def test_native_recursion_100000_deep_runs_with_room():
    with_room = _deep_native_recursion("room")
    assert with_room.returncode == 0, with_room.stderr
    assert with_room.stdout.strip() == "True"  # under 8 MB it ends with SIGSEGV


def test_the_limit_is_raised_in_the_block_and_restored_after_it():
    before = resource.getrlimit(resource.RLIMIT_STACK)
    with native_stack.room_for_native_recursion():
        soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
        assert soft == resource.RLIM_INFINITY or soft >= min(native_stack.STACK_BYTES, before[1])
        shown = subprocess.run(
            ["sh", "-c", "ulimit -s"],
            capture_output=True,
            text=True,
            preexec_fn=native_stack.restore_stack_limit,
        ).stdout.strip()
    started = native_stack._started_with
    assert started is not None
    expected = "unlimited" if started[0] == resource.RLIM_INFINITY else str(started[0] // 1024)
    assert shown == expected  # a program run from the analysis
    assert resource.getrlimit(resource.RLIMIT_STACK) == before
