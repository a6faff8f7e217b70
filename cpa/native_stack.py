"""Room on the main thread's stack for the solvers' native recursion.

Z3 recurses over terms in C++: Spacer's model-based projection of a Horn query over
heap arrays went 11,000 frames deep on a 60-line program and overflowed the default
8 MB stack, which ends the process with SIGSEGV and no answer. Linux grows the main
thread's stack on demand up to the soft ``RLIMIT_STACK`` in force at each growth, so
raising the soft limit when an analysis starts gives that recursion room; only the
pages used are memory. Threads are unaffected (glibc fixes their stack size at start).
Programs the analysis runs (the compiled program that confirms a FALSE) get the
limit the process started with, so that they behave as when run by hand.
"""

from __future__ import annotations

import resource

__all__ = ["STACK_BYTES", "allow_deep_native_recursion", "restore_stack_limit"]

#: the soft stack limit an analysis raises to (at most the hard limit)
STACK_BYTES = 1 << 30

_started_with: tuple[int, int] | None = None


def allow_deep_native_recursion() -> None:
    """Raise the soft stack limit to :data:`STACK_BYTES` (once; never lowers it)."""
    global _started_with
    if _started_with is not None:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    _started_with = (soft, hard)
    wanted = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_STACK, (wanted, hard))
        except (ValueError, OSError):  # not allowed here: the analysis keeps the default
            pass


def restore_stack_limit() -> None:
    """In a child process before it executes a program: the limit this process had
    before :func:`allow_deep_native_recursion` (``preexec_fn`` of ``subprocess``)."""
    if _started_with is not None:
        resource.setrlimit(resource.RLIMIT_STACK, _started_with)
