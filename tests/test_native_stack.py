"""The analysis raises the soft stack limit so that Z3's native recursion has room
(:mod:`cpa.native_stack`), and the programs it runs get the limit it started with."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from cpa import native_stack

_DEEP_COMPARISON = """
import sys
from cpa.native_stack import allow_deep_native_recursion
if sys.argv[1] == "raise":
    allow_deep_native_recursion()
sys.setrecursionlimit(10**7)
left, right = [], []
for _ in range(100_000):
    left, right = [left], [right]
print(left == right)
"""


def _deep_native_recursion(mode: str) -> subprocess.CompletedProcess:
    # comparing nested lists recurses in C, as Z3's term walkers do
    return subprocess.run(
        [sys.executable, "-c", _DEEP_COMPARISON, mode], capture_output=True, text=True, timeout=120
    )


@pytest.mark.skipif(
    resource.getrlimit(resource.RLIMIT_STACK)[1] not in (resource.RLIM_INFINITY,)
    and resource.getrlimit(resource.RLIMIT_STACK)[1] < native_stack.STACK_BYTES,
    reason="the hard stack limit here is below what the analysis asks for",
)
def test_native_recursion_100000_deep_runs_after_the_raise():
    raised = _deep_native_recursion("raise")
    assert raised.returncode == 0, raised.stderr
    assert raised.stdout.strip() == "True"  # under 8 MB it ends with SIGSEGV


def test_programs_run_by_the_analysis_get_the_limit_it_started_with():
    native_stack.allow_deep_native_recursion()
    started = native_stack._started_with
    assert started is not None
    soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
    assert soft == resource.RLIM_INFINITY or soft >= min(native_stack.STACK_BYTES, started[1])
    shown = subprocess.run(
        ["sh", "-c", "ulimit -s"],
        capture_output=True,
        text=True,
        preexec_fn=native_stack.restore_stack_limit,
    ).stdout.strip()
    expected = "unlimited" if started[0] == resource.RLIM_INFINITY else str(started[0] // 1024)
    assert shown == expected
