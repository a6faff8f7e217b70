"""A run's memory limit, kept by a parent process that outlives the analysis.

A limit on the address space (``RLIMIT_AS``) inside the process that analyses is not
enough by itself: Python raises :class:`MemoryError` where it allocates, but the
native libraries do not all fail cleanly at the limit (Z3 may crash in the middle of
a Horn query, CUDD ends the process). So ``cpa verify --memlimit`` runs the analysis
in a forked child under the limit, relays its standard output, and answers for it
when it dies before its answer: ``UNKNOWN`` with the reason and the statistics the
parent knows (the child's CPU time and peak memory), as ``cpa bench`` does for its
workers. The console's ``cpa verify`` runs the analysis in such a child without a
limit too, so that a native crash (Z3 overflowing its stack, say) is an answer as well.

The parent also keeps the run's time and its signals. The child's own deadline and
watchdog cover the analysis, but not every step before it (a preprocessor expanding
a macro bomb, a pathological input to the translation): past ``wall_limit_s`` the
parent ends the child. The child leads a process group of its own, so that ending
it ends what it started (``cpp``, gcc); and Ctrl-C, SIGTERM and SIGHUP reach the
parent, which ends the child's group first (Z3 takes SIGINT for itself, to cancel
one query, and a child left behind would run on to its own limit).
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["ChildOutcome", "killed_by", "run_under_memory_limit"]

#: the child's exit status when it ran out of memory before its answer
_OUT_OF_MEMORY = 75
#: the child's exit status when it failed otherwise before its answer
_FAILED = 70
#: the child ends with this plus the status ``body`` returned, so that a status a
#: native library ends the process with (CUDD's 1) is not taken for the command's
_RETURNED = 100
#: what an answer's first line starts with (``Verification result: ...``)
ANSWER_PREFIX = b"Verification result:"


@dataclass
class ChildOutcome:
    """How the child ended: its exit ``status`` (as the command's), whether it
    printed an ``answered`` line, and if it died first, the ``reason``; its CPU
    seconds, wall seconds and peak resident memory in MB."""

    status: int
    answered: bool
    reason: str | None
    cpu_time_s: float
    wall_time_s: float
    max_rss_mb: float
    #: the parent ended the child: past its time (``"timeout"``) or on a signal
    #: (``"interrupted"`` for Ctrl-C)
    ended_by_parent: str | None = None


def run_under_memory_limit(
    limit_mb: int | None, body: Callable[[], int], wall_limit_s: float | None = None
) -> ChildOutcome:
    """Run ``body`` (which prints an answer and returns an exit status) in a forked
    child whose address space is limited to ``limit_mb`` MB (None: not limited); its
    standard output is passed through. The caller answers for a child that died
    without an answer (``reason`` is set, ``answered`` is False), and for one the
    parent ended (``ended_by_parent``): after ``wall_limit_s`` seconds, or on Ctrl-C.
    SIGTERM and SIGHUP end the child's process group and then the parent by the same
    signal."""
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.setpgid(0, 0)
        os.close(read_end)
        os.dup2(write_end, sys.stdout.fileno())
        os.close(write_end)
        _child(limit_mb, body)
    with contextlib.suppress(OSError):  # the child may have done it already
        os.setpgid(pid, pid)
    os.close(write_end)
    ended: list[str] = []

    def end_child(why: str) -> None:
        if not ended:
            ended.append(why)
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)

    def on_signal(number: int, frame) -> None:
        if number == signal.SIGINT:
            end_child("interrupted")
            return
        end_child("terminated")
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {}
    if threading.current_thread() is threading.main_thread():  # where Python takes signals
        previous = {number: signal.signal(number, on_signal) for number in handled}
    timer = None
    if wall_limit_s is not None:
        timer = threading.Timer(wall_limit_s, end_child, args=("timeout",))
        timer.daemon = True
        timer.start()
    try:
        try:
            answered = _relay(read_end)
        except BrokenPipeError:  # our reader left (``cpa ... | head``): so does the child
            end_child("the reader left")
            os.waitpid(pid, 0)
            raise
        _, wait_status, usage = os.wait4(pid, 0)
    finally:
        if timer is not None:
            timer.cancel()
        for number, handler in previous.items():
            signal.signal(number, handler)
        os.close(read_end)
    outcome = ChildOutcome(
        status=0,
        answered=answered,
        reason=None,
        cpu_time_s=round(usage.ru_utime + usage.ru_stime, 3),
        wall_time_s=round(time.perf_counter() - started, 3),
        max_rss_mb=round(usage.ru_maxrss / 1024, 1),
    )
    if ended and os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) == signal.SIGKILL:
        outcome.ended_by_parent = ended[0]
        outcome.reason = ended[0]
        return outcome
    within = "" if limit_mb is None else f" (memory limit {limit_mb} MB)"
    if os.WIFEXITED(wait_status):
        code = os.WEXITSTATUS(wait_status)
        if code >= _RETURNED:
            outcome.status = code - _RETURNED
        elif code == 0 and answered:  # the watchdog's end, after its answer
            outcome.status = 0
        elif code == _OUT_OF_MEMORY:
            outcome.reason = "out of memory" + (
                "" if limit_mb is None else f" (limit {limit_mb} MB)"
            )
        elif code == _FAILED:
            outcome.reason = "crashed: the analysis failed"
        else:  # a native library ended the process (CUDD does on a failed allocation)
            outcome.reason = f"crashed: the analysis process exited with status {code}{within}"
        return outcome
    number = os.WTERMSIG(wait_status)
    outcome.reason = killed_by(number)
    if number != signal.SIGKILL:
        outcome.reason += within
    return outcome


def killed_by(number: int) -> str:
    """The reason for a run whose process signal ``number`` ended: the system's
    SIGKILL is its out-of-memory killer, any other signal a crash (shared with the
    workers of ``cpa bench``)."""
    if number == signal.SIGKILL:
        return "out of memory (killed by the system)"
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    return f"crashed: killed by {name}"


def _child(limit_mb: int | None, body: Callable[[], int]) -> None:
    """Limit the address space, run ``body``, and end the process with its status."""
    code = _FAILED
    faulthandler.disable()  # a crash is the parent's one-line answer, not a stack dump
    try:
        if limit_mb is not None:
            limit = limit_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        code = _RETURNED + body()
    except MemoryError:
        code = _OUT_OF_MEMORY
    except BrokenPipeError:  # the parent's reader left: it ends the run
        code = _FAILED
    except BaseException as error:  # noqa: BLE001 - the parent answers, in one line
        first = (str(error).splitlines() or [""])[0]
        with contextlib.suppress(Exception):
            print(f"cpa: {type(error).__name__}: {first}".rstrip(": "), file=sys.stderr)
        code = _OUT_OF_MEMORY if "memory" in first.lower() else _FAILED
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _relay(descriptor: int) -> bool:
    """Copy the child's output to ours until it closes; whether an answer line came."""
    answered = False
    pending = b""
    out = sys.stdout.buffer
    while True:
        chunk = os.read(descriptor, 65536)
        if not chunk:
            break
        out.write(chunk)
        out.flush()
        if not answered:
            pending += chunk
            lines = pending.split(b"\n")
            answered = any(line.startswith(ANSWER_PREFIX) for line in lines)
            pending = lines[-1]
    return answered
