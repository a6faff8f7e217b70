"""Ask gcc whether a file is C at all, before the frontend gives it a meaning.

The frontend is not a compiler: it reads many invalid programs as some valid one
(``int g = 1/0;`` at file scope, ``case x:`` with a variable, an assignment to a
``const`` object, a call with too many arguments, conflicting declarations) and an
answer about such a program is an answer about another program. gcc, which the
confirmation of a FALSE needs anyway, checks the file (``-fsyntax-only``, the
replay's dialect and data model) and an *error* it reports is bad input, with gcc's
file, line and message. Warnings (``-w``), fatal errors (a missing header: the
frontend's preprocessor says so itself; memory exhausted under ``--memlimit``) and a
machine without gcc or without 32-bit headers leave the decision to the frontend.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess

from cpa.cfa.data_model import DataModel
from cpa.errors import InputError

#: The dialect of the replay (:data:`cpa.replay.GCC_FLAGS`) without the code generation.
CHECK_FLAGS = ("-fsyntax-only", "-std=gnu11", "-w", "-fpermissive")
#: Seconds gcc may take; a file it cannot check in time is left to the frontend.
CHECK_TIMELIMIT = 60.0

_ERROR = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?:\d+:)?\s*error:\s*(?P<message>.*)$")


def check_with_gcc(path: str | os.PathLike, data_model: DataModel) -> None:
    """Raise :class:`InputError` at gcc's first error in the file at ``path``."""
    _, error = _check(path, data_model)
    if error is not None:
        raise error


def accepted_by_gcc(path: str | os.PathLike, data_model: DataModel) -> bool:
    """Whether gcc checked the file at ``path`` and found no error."""
    checked, error = _check(path, data_model)
    return checked and error is None


def _check(path: str | os.PathLike, data_model: DataModel) -> tuple[bool, InputError | None]:
    """(whether gcc checked the file to its end, the input error of its first error)."""
    gcc = shutil.which("gcc")
    machine = "-m32" if data_model.pointer_size == 4 else "-m64"
    if gcc is None or not _can_check(gcc, machine):
        return False, None
    command = [gcc, *CHECK_FLAGS, machine, os.fspath(path)]
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=CHECK_TIMELIMIT,
            env=dict(os.environ, LC_ALL="C"),
        )
    except (OSError, subprocess.TimeoutExpired):
        return False, None
    if result.returncode == 0:
        return True, None
    for line in result.stderr.splitlines():
        match = _ERROR.match(line)
        if match:
            message = f"gcc rejects the program: {match['message']}"
            return True, InputError(message, match["file"], int(match["line"]))
    return False, None  # no error line: a fatal error, memory, a crash


@functools.cache
def _can_check(gcc: str, machine: str) -> bool:
    """Whether gcc checks a file with a standard header for ``machine`` here (``-m32``
    needs the 32-bit headers of ``gcc-multilib``)."""
    try:
        probe = subprocess.run(
            [gcc, *CHECK_FLAGS, machine, "-x", "c", "-"],
            input="#include <stdlib.h>\nint main(void) { return 0; }\n",
            capture_output=True,
            text=True,
            timeout=CHECK_TIMELIMIT,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0
