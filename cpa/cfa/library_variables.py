"""The C library's variables: functions without a body may change them.

A call of a function without a body changes nothing the program can see (SV-COMP's
convention, :mod:`cpa.cfa.builtins`): a task is one closed program, and a variable it
declares ``extern`` without defining it (the ``s`` and ``KeNumberProcessors`` of the
Windows driver tasks) is part of that program's model. The variables of the C library
itself are another matter: gcc links the real library, whose functions change them
(``tzset()`` writes ``daylight`` and ``timezone``, ``getopt()`` writes ``optind`` and
``optarg``, most functions may set ``errno``). Reading one after such a call under the
convention would be a guess that gives wrong TRUE answers, so
:func:`refuse_library_reads` makes the frontend refuse a program that reads one of
:data:`C_LIBRARY_VARIABLES` (declared ``extern``, never defined) and calls a function
without a body that may change it. A program that only declares them (as every program
including ``<time.h>`` or ``<unistd.h>`` does) is not affected, and neither is a program
without such calls: the variable's value is then merely unknown, which the analyses
model. ``stdin``, ``stdout`` and ``stderr`` are not in the list: no library function
changes where they point.
"""

from __future__ import annotations

from cpa.cfa.addresses import edge_expressions
from cpa.cfa.allocations import FREE
from cpa.cfa.builtins import NONDET_PREFIX, STOP_FUNCTIONS
from cpa.cfa.expressions import Variable, VariableRef, variables_of
from cpa.cfa.inputs import ALLOCATION_FUNCTIONS
from cpa.cfa.model import CFA, CFAEdge, DeclarationEdge, ExternalCallEdge
from cpa.cfa.types import FunctionType
from cpa.errors import UnsupportedFeature

#: the variables of glibc's headers that its functions change (``<time.h>``, ``<getopt.h>``,
#: ``errno`` as old programs declare it, ``<math.h>``, ``<netdb.h>``, ``<errno.h>``, ``environ``)
C_LIBRARY_VARIABLES = frozenset(
    [
        "daylight",
        "timezone",
        "tzname",
        "__daylight",
        "__timezone",
        "__tzname",
        "optind",
        "optarg",
        "opterr",
        "optopt",
        "errno",
        "signgam",
        "h_errno",
        "getdate_err",
        "program_invocation_name",
        "program_invocation_short_name",
        "environ",
        "__environ",
    ]
)

#: bodiless functions whose whole effect the analyses know: they change no variable
_WITHOUT_HIDDEN_EFFECTS = frozenset(["__VERIFIER_assume", FREE]) | ALLOCATION_FUNCTIONS


def refuse_library_reads(
    cfa: CFA, declarations: dict[Variable, DeclarationEdge], targets: frozenset[str]
) -> None:
    """Raise :class:`UnsupportedFeature` at the first read of a never-defined ``extern``
    variable of the C library if the program also calls a function without a body that
    may change it.

    ``declarations`` are the global declaration edges (a never-defined ``extern``
    variable is the one whose edge has no initialiser); ``targets`` the property's
    functions, whose calls end the path."""
    undefined = {
        variable
        for variable, edge in declarations.items()
        if edge.initializer is None
        and variable.c_name in C_LIBRARY_VARIABLES
        and not isinstance(variable.type, FunctionType)
    }
    if not undefined:
        return
    call = next(
        (edge for edge in cfa.edges() if _may_change_library_state(edge, targets)),
        None,
    )
    if call is None:
        return
    reads = [
        (edge.line, variable.c_name)
        for edge in cfa.edges()
        for variable in _variables_read(edge) & undefined
    ]
    if reads:
        line, name = min(reads)
        callee = call.function_name if call.function_name != "*" else "a function pointer"
        raise UnsupportedFeature(
            f"'{name}' is the C library's variable (declared extern, never defined), "
            f"and the call of {callee} (line {call.line}), a function without a body, "
            "may change it",
            cfa.file,
            line,
        )


def _may_change_library_state(edge: CFAEdge, targets: frozenset[str]) -> bool:
    """Whether ``edge`` calls a function without a body that may change library variables."""
    if not isinstance(edge, ExternalCallEdge):
        return False
    name = edge.function_name
    return not (
        name.startswith(NONDET_PREFIX)
        or name in _WITHOUT_HIDDEN_EFFECTS
        or name in STOP_FUNCTIONS
        or name in targets
    )


def _variables_read(edge: CFAEdge) -> set[Variable]:
    """The variables ``edge`` mentions other than as the whole left-hand side of an
    assignment (taking an address counts: the value may be read through it)."""
    found: set[Variable] = set()
    for expression in edge_expressions(edge):
        if expression is getattr(edge, "lhs", None) and isinstance(expression, VariableRef):
            continue
        found |= variables_of(expression)
    return found
