"""Library and GCC functions the frontend models, and what it knows about the others.

A call of a function without a body is, by SV-COMP's convention, an unknown value of
its return type (an :class:`~cpa.cfa.model.ExternalCallEdge`). Some functions mean
more than that, and a guess would give wrong verdicts, so each is either modelled
exactly here or refused:

* **Path ends** (:data:`STOP_FUNCTIONS`): ``abort``, ``exit``, ``__assert_fail`` and
  the like end the execution. They are targets only when the property names them.
* **Modelled exactly** (:data:`MODELLED`, lowered by :mod:`cpa.cfa.lowering` into plain
  edges): ``__VERIFIER_assume``, ``assert``, ``__builtin_expect``, ``abs``/``labs``/
  ``llabs``, the ``__builtin_*_overflow`` family, ``__builtin_constant_p`` (1 for
  what the frontend folds to a constant, else 0 or 1: gcc's answer follows its own
  folding) and ``memset``, ``memcpy`` and ``memmove`` of a whole number of elements
  of the pointer's type; gcc's bit counts ``__builtin_popcount``, ``parity``, ``ffs``,
  ``clz`` and ``ctz`` (and their ``l`` and ``ll`` forms), as shifts, masks and sums;
  the byte swaps ``__builtin_bswap16``, ``32`` and ``64``, as shifts and masks.
* **Refused** (:func:`unmodelled`): any other GCC builtin (``__builtin_*``, ``__sync_*``,
  ``__atomic_*``). The frontend keeps the call as an external call and an analysis
  that meets it answers UNKNOWN with its name and line (gcc gives each of them a
  meaning that an unknown return value does not capture; ``__builtin_unreachable``
  is undefined behaviour and gcc -O0 simply falls through it).
* ``__VERIFIER_nondet_<type>()`` not declared by the program returns the type its
  name says (:func:`nondet_type`).
"""

from __future__ import annotations

from cpa.cfa.data_model import DataModel
from cpa.cfa.types import (
    BOOL,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONGLONG,
    SCHAR,
    SHORT,
    UCHAR,
    UINT,
    ULONGLONG,
    USHORT,
    VOID,
    CType,
    IntegerType,
    PointerType,
)

#: Functions that end the execution (the path stops there).
STOP_FUNCTIONS = frozenset(
    [
        "abort",
        "exit",
        "_exit",
        "_Exit",
        "quick_exit",
        "__VERIFIER_abort",
        "__assert_fail",
        "__assert_perror_fail",
        "__assert",
        "__assert_rtn",
        "__builtin_abort",
        "__builtin_exit",
        "__builtin_trap",
    ]
)

#: C library functions (and macros) modelled exactly: their real implementation
#: computes the same (``cpa replay`` leaves them to libc and gcc).
LIBRARY_MODELLED = frozenset(["abs", "labs", "llabs", "offsetof", "memset", "memcpy", "memmove"])
#: ``memset`` under its names: modelled where the frontend can write the bytes as
#: typed stores (:meth:`cpa.cfa.lowering.FunctionLowering.fill_plan`), else an
#: ordinary call of a function without a body
MEMORY_FILL = frozenset(["memset", "__builtin_memset"])
#: ``memcpy`` and ``memmove`` under their names, modelled like ``memset``
#: (:meth:`cpa.cfa.lowering.FunctionLowering.copy_plan`)
MEMORY_COPY = frozenset(["memcpy", "__builtin_memcpy", "memmove", "__builtin_memmove"])
#: Functions lowered into plain edges when the program does not define them.
MODELLED = LIBRARY_MODELLED | frozenset(
    [
        "__VERIFIER_assume",
        "assert",
        "__builtin_expect",
        "__builtin_expect_with_probability",
        "__builtin_constant_p",
        "__builtin_abs",
        "__builtin_labs",
        "__builtin_llabs",
        "__builtin_assume_aligned",
        "__builtin_prefetch",
        "__builtin_memset",
        "__builtin_memcpy",
        "__builtin_memmove",
    ]
)

_OVERFLOW_OPERATORS = {"add": "+", "sub": "-", "mul": "*"}
_OVERFLOW_SUFFIX_TYPES = {"": "int", "l": "long", "ll": "long long"}


def overflow_builtin(name: str) -> tuple[str, bool, str | None, bool] | None:
    """``(operator, predicate form, operand type, signed)`` of a ``__builtin_*_overflow``.

    ``__builtin_add_overflow`` and ``_p`` are generic (operand type ``None``);
    ``__builtin_saddl_overflow`` and friends convert their operands to
    ``long`` (``s``: signed, ``u``: unsigned) first.
    """
    if not name.startswith("__builtin_") or "_overflow" not in name:
        return None
    core = name[len("__builtin_") :]
    predicate = core.endswith("_overflow_p")
    core = core.removesuffix("_overflow_p") if predicate else core.removesuffix("_overflow")
    if core in _OVERFLOW_OPERATORS:
        return _OVERFLOW_OPERATORS[core], predicate, None, True
    if predicate or core[:1] not in ("s", "u"):
        return None
    for operation, operator in _OVERFLOW_OPERATORS.items():
        suffix = core[1:].removeprefix(operation)
        if core[1:].startswith(operation) and suffix in _OVERFLOW_SUFFIX_TYPES:
            return operator, False, _OVERFLOW_SUFFIX_TYPES[suffix], core[0] == "s"
    return None


#: gcc's bit-counting builtins, each in three widths (no suffix: ``unsigned int``,
#: ``l``: ``unsigned long``, ``ll``: ``unsigned long long``; ``ffs`` takes the signed
#: types); all answer an ``int``
BIT_COUNTS = ("popcount", "parity", "ffs", "clz", "ctz")
_BIT_COUNT_SUFFIXES = ("", "l", "ll")


def bit_count_builtin(name: str) -> tuple[str, str] | None:
    """``(operation, width suffix)`` of a bit-counting builtin (``__builtin_popcountl``:
    ``("popcount", "l")``), None for any other name."""
    core = name.removeprefix("__builtin_")
    if core == name:
        return None
    for operation in BIT_COUNTS:
        suffix = core.removeprefix(operation)
        if suffix != core and suffix in _BIT_COUNT_SUFFIXES:
            return operation, suffix
    return None


#: gcc's byte swaps and the unsigned type of their argument and result
BYTE_SWAPS = {
    "__builtin_bswap16": USHORT,
    "__builtin_bswap32": UINT,
    "__builtin_bswap64": ULONGLONG,
}


def bit_count_types(suffix: str, model: DataModel) -> tuple[IntegerType, IntegerType]:
    """The unsigned and the signed argument type of a bit count with width ``suffix``
    ("", "l", "ll"; ``ffs`` takes the signed one)."""
    if suffix == "l":
        return model.unsigned_long, model.long
    return (ULONGLONG, LONGLONG) if suffix == "ll" else (UINT, INT)


def is_modelled(name: str) -> bool:
    return (
        name in MODELLED
        or name in BYTE_SWAPS
        or overflow_builtin(name) is not None
        or bit_count_builtin(name) is not None
    )


def unmodelled(name: str) -> str | None:
    """The construct a call of the undefined function ``name`` is, if it is refused."""
    if name.startswith(("__builtin_", "__sync_", "__atomic_")) and not is_modelled(name):
        if name in STOP_FUNCTIONS or name == "__builtin_alloca":
            return None
        return f"GCC builtin {name}()"
    return None


NONDET_PREFIX = "__VERIFIER_nondet_"

#: GCC builtins that return a pointer and that a program may call undeclared (gcc knows
#: them; ``<alloca.h>`` turns ``alloca(n)`` into ``__builtin_alloca(n)``)
_POINTER_BUILTINS = frozenset(
    ["__builtin_alloca", "__builtin_memset", "__builtin_memcpy", "__builtin_memmove"]
)


def implicit_type(name: str, model: DataModel) -> CType | None:
    """The return type of an undeclared function whose name says more than C's
    implicit ``int``: ``__VERIFIER_nondet_<type>`` and the pointer-valued builtins."""
    if name in _POINTER_BUILTINS:
        return PointerType(VOID)
    return nondet_type(name, model)


def nondet_type(name: str, model: DataModel) -> CType | None:
    """The return type of an undeclared ``__VERIFIER_nondet_<type>()``, if known."""
    if not name.startswith(NONDET_PREFIX):
        return None
    suffix = name[len(NONDET_PREFIX) :]
    types: dict[str, CType] = {
        "bool": BOOL,
        "_Bool": BOOL,
        "char": CHAR,
        "schar": SCHAR,
        "uchar": UCHAR,
        "short": SHORT,
        "ushort": USHORT,
        "int": INT,
        "uint": UINT,
        "unsigned": UINT,
        "unsigned_int": UINT,
        "long": model.long,
        "ulong": model.unsigned_long,
        "longlong": LONGLONG,
        "ulonglong": ULONGLONG,
        "size_t": model.size_t,
        "u8": UCHAR,
        "u16": USHORT,
        "u32": UINT,
        "u64": ULONGLONG,
        "s8": SCHAR,
        "s16": SHORT,
        "s32": INT,
        "s64": LONGLONG,
        "loff_t": LONGLONG,
        "pointer": PointerType(VOID),
        "float": FLOAT,
        "double": DOUBLE,
    }
    return types.get(suffix)
