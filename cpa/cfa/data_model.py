"""The data models of x86 C compilers: ILP32 (gcc -m32) and LP64 (gcc -m64).

A data model fixes what the C standard leaves to the implementation: the sizes of
``long``, pointers and ``long double``, the types behind ``size_t`` and ``ptrdiff_t``,
and the alignments. The figures are gcc's on x86 (``sizeof``/``_Alignof`` as gcc 12
reports them, System V ABIs). SV-COMP task definitions name the model
(``options: data_model``); a bare ``.c`` file gets :data:`DEFAULT` (the model of a
plain ``gcc`` on x86-64).
"""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa.types import INT, UINT, FloatType, IntegerType


@dataclass(frozen=True, eq=False)
class DataModel:
    """Sizes and alignments of one data model; compare models by ``name``."""

    name: str
    long: IntegerType
    unsigned_long: IntegerType
    pointer_size: int
    long_double: FloatType
    size_t: IntegerType
    ptrdiff_t: IntegerType
    #: the element type of a wide string literal ``L"..."`` (gcc's ``__WCHAR_TYPE__``)
    wchar: IntegerType
    #: C11 ``_Alignof`` of the scalar types whose alignment is not their size
    #: (under ILP32 an 8-byte ``long long`` or ``double`` is 4-aligned)
    alignments: tuple[tuple[str, int], ...]

    def alignment(self, name: str, size: int) -> int:
        """``_Alignof`` of the arithmetic type called ``name`` of ``size`` bytes."""
        for scalar, align in self.alignments:
            if scalar == name:
                return align
        return size

    def __str__(self) -> str:
        return self.name


_LONG32 = IntegerType("long", 4, True)
_ULONG32 = IntegerType("unsigned long", 4, False)
_LONG64 = IntegerType("long", 8, True)
_ULONG64 = IntegerType("unsigned long", 8, False)

ILP32 = DataModel(
    name="ILP32",
    long=_LONG32,
    unsigned_long=_ULONG32,
    pointer_size=4,
    long_double=FloatType("long double", 12),
    size_t=UINT,
    ptrdiff_t=INT,
    wchar=_LONG32,
    alignments=(
        ("long long", 4),
        ("unsigned long long", 4),
        ("double", 4),
        ("long double", 4),
    ),
)

LP64 = DataModel(
    name="LP64",
    long=_LONG64,
    unsigned_long=_ULONG64,
    pointer_size=8,
    long_double=FloatType("long double", 16),
    size_t=_ULONG64,
    ptrdiff_t=_LONG64,
    wchar=INT,
    alignments=(),
)

MODELS = {model.name: model for model in (ILP32, LP64)}
#: the model of a bare ``.c`` file: what ``gcc`` without ``-m32`` uses on x86-64
DEFAULT = LP64


def data_model(name: str) -> DataModel:
    """The model called ``name`` (``ILP32`` or ``LP64``, any case); ValueError otherwise."""
    model = MODELS.get(name.upper())
    if model is None:
        raise ValueError(f"unknown data model '{name}' (known: {', '.join(MODELS)})")
    return model
