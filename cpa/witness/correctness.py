"""A correctness witness from a TRUE answer: loop invariants from the abstractions.

When the ARG is complete and has no target, every reachable state at a loop head is
represented by some abstraction state there, so the disjunction of the abstraction
labels at a loop head (over all call contexts) is an invariant of that loop; the
labels at all loop heads together are inductive and exclude the target, which is
what a validator checks (:mod:`cpa.witness.invariants`).

The labels are bit-vector formulas over SSA names (``main::x#32``); they are written
as C expressions with C's meaning under gcc: a comparison of two's complement values
compares the variables (or casts to the signed type), arithmetic is done in the
unsigned type of the width, so it wraps as the analysis assumed; arithmetic whose
bounds show it cannot wrap is plain ``long long`` arithmetic (:meth:`_Renderer.exact`). A label that
mentions anything else (memory, another function's locals, a Boolean auxiliary) is
not written: that loop gets no invariant, which keeps the witness true but may leave
a validator without the proof.
"""

from __future__ import annotations

from pathlib import Path

from pysmt.fnode import FNode
from pysmt.shortcuts import Or

from cpa.cfa.expressions import Variable
from cpa.cfa.lbe import program_edges
from cpa.cfa.model import CFA, AssumeEdge, BlankEdge, CFANode, DeclarationEdge
from cpa.cfa.targets import Specification
from cpa.cfa.types import IntegerType
from cpa.witness.format import CorrectnessWitness, Invariant, Location, task_info
from cpa.witness.source import branching_column, source_lines
from cpa.witness.violation import PRODUCER, specification_text

#: where a loop is in the source: (line, column, function)
LoopLocation = tuple[int, int, str]


def loop_locations(cfa: CFA) -> dict[CFANode, LoopLocation]:
    """The source location of each loop head that comes from a ``while``, ``for`` or
    ``do`` (the keyword; loops made of ``goto`` have none), as witnesses give it."""
    lines = source_lines(cfa.file)
    found: dict[CFANode, LoopLocation] = {}
    for node in cfa.nodes():
        if not node.is_loop_head:
            continue
        for edge in node.leaving:
            branching = edge.branching if isinstance(edge, AssumeEdge) else None
            if branching is not None and branching.construct in ("while", "for", "do"):
                column = branching_column(lines, branching) or 0
                found[node] = (branching.line, column, node.function)
                break
        else:
            for edge in node.entering:
                if isinstance(edge, BlankEdge) and edge.text in ("while", "for", "do"):
                    found[node] = (edge.line, edge.column, node.function)
                    break
    return found


def collect_invariants(reached, composite) -> dict[CFANode, FNode]:
    """The disjunction of the abstraction labels at each loop head of ``reached``
    (an ARG reached set of ``composite``, after a complete run without target)."""
    from cpa_location.location import LocationCPA
    from cpa_predicate.labels import BddLabels
    from cpa_predicate.predicate_cpa import PredicateCPA

    try:
        location = composite.component(LocationCPA)
        predicate = composite.component(PredicateCPA)
    except ValueError:
        return {}
    analysis = composite.cpas[predicate]
    bdds = isinstance(analysis.labels, BddLabels)
    labels: dict[CFANode, list] = {}
    for state in reached:
        components = state.wrapped.components
        node = components[location]
        predicate_state = components[predicate]
        if not node.is_loop_head or not predicate_state.is_abstraction:
            continue
        abstraction = predicate_state.abstraction
        labels.setdefault(node, []).append(abstraction.region if bdds else abstraction.formula)
    if bdds:  # one BDD per loop head: its formula is far smaller than a disjunction
        regions, registry = analysis.regions, analysis.registry
        return {
            node: regions.to_formula(regions.disj(*found), registry.formula)
            for node, found in labels.items()
        }
    return {node: Or(found) if len(found) > 1 else found[0] for node, found in labels.items()}


def program_variables(cfa: CFA) -> dict[str, Variable]:
    """Every variable of ``cfa`` by its qualified name (the SSA names' stem)."""
    variables = {variable.name: variable for variable in cfa.global_variables}
    for function in cfa.functions.values():
        for parameter in function.parameters:
            variables[parameter.name] = parameter
        for edge in program_edges(function):  # LBE's large blocks hold declarations
            if isinstance(edge, DeclarationEdge) and edge.variable is not None:
                variables[edge.variable.name] = edge.variable
    return variables


def correctness_witness(
    invariants: dict[LoopLocation, FNode],
    cfa: CFA,
    program: str | Path,
    specification: Specification,
    data_model: str,
    configuration: str = "",
) -> CorrectnessWitness:
    """The witness of the loop invariants (those expressible in C)."""
    variables = program_variables(cfa)
    records = []
    file_name = str(program)
    for (line, column, function), formula in sorted(invariants.items()):
        text = c_expression(formula, variables, function)
        if text is None:
            continue
        where = Location(file_name, line, column or None, function)
        records.append(Invariant("loop_invariant", where, text))
    task = task_info(program, specification_text(specification), data_model)
    producer = dict(PRODUCER, **({"configuration": configuration} if configuration else {}))
    return CorrectnessWitness(records, task, producer)


# ----------------------------------------------------------------------------- C text
class _NotExpressible(Exception):
    pass


_UNSIGNED = {8: "unsigned char", 16: "unsigned short", 32: "unsigned int", 64: "unsigned long long"}
_SIGNED = {8: "signed char", 16: "short", 32: "int", 64: "long long"}


def _arithmetic(f: FNode) -> bool:
    """Whether ``f`` is a sum, difference, product or sign extension."""
    return f.is_bv_add() or f.is_bv_sub() or f.is_bv_mul() or f.is_bv_sext()


def _negated(f: FNode) -> FNode | None:
    """``t`` if ``f`` is ``-1 * t`` or ``t * -1`` (all bits set), else None."""
    if not f.is_bv_mul() or len(f.args()) != 2:
        return None
    left, right = f.args()
    ones = (1 << f.bv_width()) - 1
    if left.is_bv_constant() and left.constant_value() == ones:
        return right
    if right.is_bv_constant() and right.constant_value() == ones:
        return left
    return None


def _long_long(value: int) -> str:
    """``value`` as a C constant of type ``long long``."""
    if value == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    return f"{value}LL" if value >= 0 else f"({value}LL)"


def c_expression(formula: FNode, variables: dict[str, Variable], function: str) -> str | None:
    """``formula`` as a C expression in the scope of ``function`` (None if it is not
    expressible: see the module docstring)."""
    if formula.is_true():
        return "1"
    if formula.is_false():
        return "0"
    try:
        return _Renderer(variables, function).boolean(formula)
    except _NotExpressible:
        return None


class _Renderer:
    def __init__(self, variables: dict[str, Variable], function: str):
        self.variables = variables
        self.function = function
        self._c_names: dict[str, set[str]] = {}
        for variable in variables.values():
            visible = variable.function == self.function or (
                variable.is_global
                and (variable.name == variable.c_name or variable.name.startswith(f"{function}::"))
            )
            if visible:
                self._c_names.setdefault(variable.c_name, set()).add(variable.name)

    def boolean(self, f: FNode) -> str:
        if f.is_true():
            return "1"
        if f.is_false():
            return "0"
        if f.is_and():
            return "(" + " && ".join(self.boolean(a) for a in f.args()) + ")"
        if f.is_or():
            return "(" + " || ".join(self.boolean(a) for a in f.args()) + ")"
        if f.is_not():
            return f"!{self.boolean(f.arg(0))}"
        if f.is_implies():
            return f"(!{self.boolean(f.arg(0))} || {self.boolean(f.arg(1))})"
        if f.is_iff():
            a, b = self.boolean(f.arg(0)), self.boolean(f.arg(1))
            return f"({a} == {b})"
        if f.is_equals() and any(_arithmetic(a) for a in f.args()):
            # equal bits are equal signed values: plain arithmetic where nothing wraps
            left, right = self.exact(f.arg(0)), self.exact(f.arg(1))
            if left is not None and right is not None:
                return f"({left[0]} == {right[0]})"
        if f.is_equals() or f.is_bv_ult() or f.is_bv_ule():
            operator = "==" if f.is_equals() else "<" if f.is_bv_ult() else "<="
            left, right = f.arg(0), f.arg(1)
            return f"({self.unsigned(left)} {operator} {self.unsigned(right)})"
        if f.is_bv_slt() or f.is_bv_sle():
            operator = "<" if f.is_bv_slt() else "<="
            return f"({self.signed(f.arg(0))} {operator} {self.signed(f.arg(1))})"
        raise _NotExpressible(str(f.node_type()))

    def _ambiguous(self, variable: Variable) -> bool:
        """Whether another variable visible in the function has the same C name (a
        shadowing local, a block variable declared twice)."""
        names = self._c_names.get(variable.c_name)
        return names is not None and len(names) > 1

    def _variable(self, f: FNode) -> tuple[Variable, int]:
        name = f.symbol_name()
        stem, _, bits = name.rpartition("#")
        variable = self.variables.get(stem)
        if variable is None or not bits.isdigit():
            raise _NotExpressible(name)
        if not variable.is_global and variable.function != self.function:
            raise _NotExpressible(f"{name}: not in scope")
        if variable.is_global and variable.name != variable.c_name:
            if not variable.name.startswith(f"{self.function}::"):
                raise _NotExpressible(f"{name}: a static local of another function")
        if self._ambiguous(variable):
            raise _NotExpressible(f"{name}: its C name means several variables here")
        if not isinstance(variable.type, IntegerType) or variable.type.bits != int(bits):
            raise _NotExpressible(f"{name}: not an integer of that width")
        return variable, int(bits)

    def unsigned(self, f: FNode) -> str:
        """``f`` as a C value of the unsigned type of its width (a width that no C
        type has, as the 33 bits of an overflow-free sum, is kept in ``unsigned long
        long`` and masked)."""
        width = f.bv_width()
        if width > 64:
            raise _NotExpressible(f"width {width}")
        standard = width in _UNSIGNED
        kind = _UNSIGNED[width] if standard else "unsigned long long"
        mask = "" if standard else f" & {(1 << width) - 1}ULL"
        if f.is_symbol():
            variable, _ = self._variable(f)
            return variable.c_name if not variable.type.signed else f"({kind}){variable.c_name}"
        if f.is_bv_constant():
            value = f.constant_value()
            if width == 64 or not standard:
                return f"{value}ULL"
            return f"{value}U" if width == 32 else f"({kind}){value}"
        if f.is_bv_add() or f.is_bv_sub() or f.is_bv_mul():
            operator = "+" if f.is_bv_add() else "-" if f.is_bv_sub() else "*"
            parts = f" {operator} ".join(self.unsigned(a) for a in f.args())
            return f"(({kind})({parts}){mask})"
        if f.is_bv_neg():
            return f"(({kind})-{self.unsigned(f.arg(0))}{mask})"
        if f.is_bv_zext():
            return f"({kind}){self.unsigned(f.arg(0))}"
        if f.is_bv_sext():
            return f"(({kind})(long long){self.signed(f.arg(0))}{mask})"
        if f.is_bv_extract():
            start, inner = f.bv_extract_start(), self.unsigned(f.arg(0))
            # the operand's unsigned value is non-negative: shifting it in unsigned
            # long long drops the low bits exactly, the cast or mask the high ones
            shifted = f"((unsigned long long){inner} >> {start})" if start else inner
            return f"(({kind}){shifted}{mask})"
        if f.is_ite():
            condition = self.boolean(f.arg(0))
            return f"({condition} ? {self.unsigned(f.arg(1))} : {self.unsigned(f.arg(2))})"
        raise _NotExpressible(str(f.node_type()))

    def exact(self, f: FNode) -> tuple[str, int, int] | None:
        """``f``'s signed value as a C ``long long`` expression of plain arithmetic,
        with the value's bounds, if no operation in ``f`` wraps (an interpolant's
        ``sext(y) + -1 * sext(x)`` in 33 bits is ``y - x``); else None."""
        width = f.bv_width()
        if width > 64:
            return None
        if f.is_bv_constant():
            value = f.constant_value()
            if value >= 1 << (width - 1):
                value -= 1 << width
            return _long_long(value), value, value
        if f.is_symbol():
            variable, bits = self._variable(f)
            if bits not in _SIGNED:
                return None
            # in long long: the operations must not happen in the variable's type
            view = (
                variable.c_name if variable.type.signed else f"({_SIGNED[bits]}){variable.c_name}"
            )
            return f"(long long){view}", -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        if f.is_bv_sext():
            return self.exact(f.arg(0))
        if f.is_bv_zext():
            inner = f.arg(0).bv_width()
            if inner >= 64:
                return None
            return f"(long long){self.unsigned(f.arg(0))}", 0, (1 << inner) - 1
        if not (f.is_bv_add() or f.is_bv_sub() or f.is_bv_mul()):
            return None
        operator = "+" if f.is_bv_add() else "-" if f.is_bv_sub() else "*"
        # a sum's term -1 * t is written - t (the value is the same modulo 2^width,
        # and the bounds below are those of the difference)
        operators = [operator] * len(f.args())
        arguments = list(f.args())
        if f.is_bv_add():
            for index in range(1, len(arguments)):
                negated = _negated(arguments[index])
                if negated is not None:
                    operators[index], arguments[index] = "-", negated
        parts = [self.exact(a) for a in arguments]
        if any(p is None for p in parts):
            return None
        text, low, high = parts[0]
        for operator, (part_text, part_low, part_high) in zip(
            operators[1:], parts[1:], strict=True
        ):
            if operator == "+":
                low, high = low + part_low, high + part_high
            elif operator == "-":
                low, high = low - part_high, high - part_low
            else:
                corners = [a * b for a in (low, high) for b in (part_low, part_high)]
                low, high = min(corners), max(corners)
            text = f"{text} {operator} {part_text}"
            if low < -(1 << (width - 1)) or high >= 1 << (width - 1):
                return None  # it wraps in the analysis' width: keep the modular text
        return f"({text})", low, high

    def signed(self, f: FNode) -> str:
        """``f`` as a C value of the signed type of its width (``long long`` for a
        width no C type has)."""
        width = f.bv_width()
        if width > 64:
            raise _NotExpressible(f"width {width}")
        if _arithmetic(f):
            found = self.exact(f)
            if found is not None:
                return found[0]
        if f.is_symbol():
            variable, _ = self._variable(f)
            if variable.type.signed:
                return variable.c_name
        if f.is_bv_constant():
            value = f.constant_value()
            if value >= 1 << (width - 1):
                value -= 1 << width
            kind = _SIGNED.get(width, "long long")
            if value == -(1 << 63):
                return "(-9223372036854775807LL - 1)"
            if value == -(1 << 31) and width == 32:
                return "(-2147483647 - 1)"
            text = str(value) if -(1 << 31) <= value < (1 << 31) else f"{value}LL"
            return text if width >= 32 or width not in _SIGNED else f"({kind}){text}"
        if width in _SIGNED:
            return f"({_SIGNED[width]}){self.unsigned(f)}"
        sign = 1 << (width - 1)
        return f"((long long)({self.unsigned(f)} ^ {sign}ULL) - {sign}LL)"
