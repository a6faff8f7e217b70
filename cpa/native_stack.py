"""Room on the main thread's stack for the solvers' native recursion.

Z3 recurses over terms in C++: Spacer's model-based projection of a Horn query over
heap arrays went 11,000 frames deep on a 60-line program and overflowed the default
8 MB stack, which ends the process with SIGSEGV and no answer. Linux grows the main
thread's stack on demand up to the soft ``RLIMIT_STACK`` in force at each growth, so
the soft limit is raised while an analysis runs; only the pages used are memory.
Threads of this process keep their size (glibc fixes it when the process starts). The
limit goes back when the analysis ends, since a process started under the raised
limit would give each of its threads that much address space; programs the analysis
runs itself (the compiled program that confirms a FALSE) get the limit the process
started with, so that they behave as when run by hand.
"""

from __future__ import annotations

import contextlib
import functools
import resource
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

__all__ = [
    "STACK_BYTES",
    "restore_stack_limit",
    "room_for_native_recursion",
    "with_room_for_native_recursion",
]

#: the soft stack limit an analysis raises to (at most the hard limit)
STACK_BYTES = 1 << 30

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: the limit before the first raise (what programs the analysis runs get)
_started_with: tuple[int, int] | None = None


@contextlib.contextmanager
def room_for_native_recursion() -> Iterator[None]:
    """Within the block, the soft stack limit is :data:`STACK_BYTES` (never lowered;
    at most the hard limit); after it, what it was."""
    global _started_with
    before = resource.getrlimit(resource.RLIMIT_STACK)
    if _started_with is None:
        _started_with = before
    soft, hard = before
    wanted = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    raised = False
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_STACK, (wanted, hard))
            raised = True
        except (ValueError, OSError):  # not allowed here: the analysis keeps the default
            pass
    try:
        yield
    finally:
        if raised:
            resource.setrlimit(resource.RLIMIT_STACK, before)


def with_room_for_native_recursion(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` run within :func:`room_for_native_recursion`."""

    @functools.wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with room_for_native_recursion():
            return function(*args, **kwargs)

    return wrapper


def restore_stack_limit() -> None:
    """In a child process before it executes a program: the limit this process had
    before it first made room (``preexec_fn`` of ``subprocess``)."""
    if _started_with is not None:
        resource.setrlimit(resource.RLIMIT_STACK, _started_with)
