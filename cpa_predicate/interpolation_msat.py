"""Sequence interpolation with MathSAT 5 through pysmt.

MathSAT is optional (``pysmt-install --msat`` downloads it from its vendor); this module
imports it lazily and :func:`cpa_predicate.interpolation.msat_available` tells whether it
is there.
"""

from __future__ import annotations

from collections.abc import Sequence

from pysmt.environment import Environment, get_env
from pysmt.exceptions import PysmtException
from pysmt.fnode import FNode

from cpa_predicate.interpolation import InterpolationError, Interpolator, msat_available

__all__ = ["MathSatInterpolator"]


class MathSatInterpolator(Interpolator):
    """Sequence interpolants from MathSAT's native interpolation (via pysmt)."""

    name = "msat"

    def __init__(self, timeout_ms: int | None = None, environment: Environment | None = None):
        """``timeout_ms`` is recorded but not enforced: pysmt's MathSAT interpolator has no
        timeout option (a known limitation of this backend)."""
        if not msat_available():
            raise InterpolationError(
                "MathSAT is not installed (install it with `pysmt-install --msat`); "
                "use the 'z3' interpolator instead"
            )
        self.timeout_ms = timeout_ms
        self.env = environment if environment is not None else get_env()
        self._itp = self.env.factory.Interpolator(name="msat")

    def sequence_interpolants(self, formulas: Sequence[FNode]) -> list[FNode] | None:
        """See :meth:`Interpolator.sequence_interpolants`."""
        formulas = list(formulas)
        n = len(formulas)
        if n == 0:
            return None
        if n == 1:
            return [] if not self.env.factory.is_sat(formulas[0], solver_name="msat") else None
        try:
            result = self._itp.sequence_interpolant(formulas)
        except PysmtException as exc:
            raise InterpolationError(f"MathSAT interpolation failed: {exc}") from exc
        return None if result is None else list(result)

    def close(self) -> None:
        """Free the MathSAT environment."""
        itp, self._itp = self._itp, None
        if itp is not None and hasattr(itp, "exit"):
            itp.exit()
