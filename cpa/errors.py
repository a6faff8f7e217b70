"""Errors that reach the user as one line: file, line and problem.

Every error a user can cause (bad input, unsupported construct, bad configuration)
is a :class:`CpaError`; the command line prints ``str(error)`` and exits, so no
Python traceback ever reaches a user for these.
"""

from __future__ import annotations


class CpaError(Exception):
    """Base class of errors that are reported to the user as one line."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    @property
    def location(self) -> str:
        """``file:line`` (or what of it is known) for messages."""
        if self.file and self.line:
            return f"{self.file}:{self.line}"
        return self.file or ""

    def __str__(self) -> str:
        where = self.location
        return f"{where}: {self.message}" if where else self.message


class InputError(CpaError):
    """The input program or task cannot be read or parsed."""


class UnsupportedFeature(CpaError):
    """A construct the frontend or an analysis cannot represent soundly.

    Raised instead of guessing: the run ends with UNKNOWN and this message.
    """

    def __init__(self, construct: str, file: str | None = None, line: int | None = None):
        super().__init__(f"unsupported feature: {construct}", file, line)
        self.construct = construct


class ConfigError(CpaError):
    """A configuration file or option is invalid (unknown key, bad value)."""


class PluginError(CpaError):
    """A component named by a configuration cannot be loaded: its module does not
    import, or lacks the attribute its entry point names (exit status 1)."""


class UsageError(CpaError):
    """The command line was used wrongly (exit status 2)."""


class WitnessRejected(CpaError):
    """A correctness witness' invariant failed its check during the analysis that
    validates it: ``definite`` when a path from the program's start (no other
    invariant assumed, no approximation) violates it, else it is only not inductive."""

    def __init__(self, message: str, definite: bool):
        super().__init__(message)
        self.definite = definite
