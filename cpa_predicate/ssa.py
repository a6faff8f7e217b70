"""SSA maps and the symbol naming convention shared by all formula-based analyses.

Convention (owned by this module):

* a program value is a bit-vector: C integers and pointers are machine words. The
  *SSA name* of a variable is its qualified name with the width of its values,
  ``"main::x#32"`` (:func:`ssa_name`), so the name alone gives the sort and two
  variables of one name but different types (in different programs analysed by one
  process) never meet in pysmt's global symbol table;
* an *uninstantiated* variable is ``Symbol("main::x#32", BV32)``;
* its SSA instance with index ``i`` is ``Symbol("main::x#32@i", BV32)``.

Index 0 means "the value the variable had before the path started" (a read of a
variable the path never wrote); the first write on a path gets index 1. Predicates
are stored uninstantiated and instantiated with an SSA map when used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from pysmt.fnode import FNode
from pysmt.shortcuts import Equals, Symbol, get_env
from pysmt.typing import BVType, PySMTType

#: Separator between a variable name and its SSA index.
INDEX_SEPARATOR = "@"
#: Separator between a variable name and the width of its values.
WIDTH_SEPARATOR = "#"
#: Prefix of auxiliary names (fresh values of the encoding itself, e.g. an input of
#: another type than the variable receiving it). Auxiliary indices are allocated
#: through the SSA map so re-encoding a path is deterministic, but they are never
#: unified by :meth:`SSAMap.merge`.
AUX_PREFIX = "__aux"


#: entries of each module-level cache before it is cleared
_CACHE_LIMIT = 200_000
_symbols: dict[tuple[str, int | None], FNode] = {}
_equalities: dict[tuple[str, int, int], FNode] = {}
_sorts: dict[int, PySMTType] = {}


def ssa_name(name: str, bits: int) -> str:
    """The SSA name of the variable ``name`` whose values have ``bits`` bits."""
    return f"{name}{WIDTH_SEPARATOR}{bits}"


def sort_of(name: str) -> PySMTType:
    """The sort of the symbols of the SSA name ``name`` (a bit-vector sort)."""
    bits = int(name.rpartition(WIDTH_SEPARATOR)[2])
    sort = _sorts.get(bits)
    if sort is None:
        sort = _sorts[bits] = BVType(bits)
    return sort


def symbol(name: str, index: int | None = None) -> FNode:
    """The symbol of the SSA name ``name`` (uninstantiated when ``index`` is None)."""
    key = (name, index)
    cached = _symbols.get(key)
    if cached is None:
        full = name if index is None else f"{name}{INDEX_SEPARATOR}{index}"
        cached = Symbol(full, sort_of(name))
        if len(_symbols) > _CACHE_LIMIT:
            _symbols.clear()
        _symbols[key] = cached
    return cached


def is_program_symbol(s: FNode) -> bool:
    """Whether the symbol ``s`` follows this module's convention (a bit-vector)."""
    return s.symbol_type().is_bv_type()


def split_name(symbol_name: str) -> tuple[str, int | None]:
    """``"main::x@3"`` -> ``("main::x", 3)``; an uninstantiated name gets ``None``."""
    base, sep, index = symbol_name.rpartition(INDEX_SEPARATOR)
    if sep and index.isdigit():
        return base, int(index)
    return symbol_name, None


def is_auxiliary(name: str) -> bool:
    """True for names the encoding invented (no program variable behind them)."""
    return name.startswith(AUX_PREFIX)


class SSAMap(Mapping[str, int]):
    """Immutable map variable name -> current SSA index (missing names have index 0).

    Hashable and compared by content. Updates copy the (small) dict; bulk updates go
    through :class:`SSABuilder` to copy once per edge instead of once per write.
    """

    __slots__ = ("_indices", "_hash")

    def __init__(self, indices: Mapping[str, int] | None = None):
        self._indices: dict[str, int] = dict(indices) if indices else {}
        self._hash: int | None = None

    @staticmethod
    def _of(indices: dict[str, int]) -> SSAMap:
        """Wrap ``indices`` without copying (the caller gives up ownership)."""
        result = SSAMap.__new__(SSAMap)
        result._indices = indices
        result._hash = None
        return result

    def index(self, name: str) -> int:
        """Current index of ``name`` (0 when the path has not written it)."""
        return self._indices.get(name, 0)

    def with_increment(self, name: str) -> SSAMap:
        """A copy in which ``name`` has its next index."""
        indices = dict(self._indices)
        indices[name] = indices.get(name, 0) + 1
        return SSAMap._of(indices)

    def with_index(self, name: str, index: int) -> SSAMap:
        """A copy in which ``name`` has index ``index``."""
        indices = dict(self._indices)
        indices[name] = index
        return SSAMap._of(indices)

    def with_indices(self, updates: Iterable[tuple[str, int]]) -> SSAMap:
        """A copy with the given ``(name, index)`` entries set."""
        indices = dict(self._indices)
        indices.update(updates)
        return SSAMap._of(indices)

    def items(self):  # faster than Mapping.items (no __getitem__ per entry)
        return self._indices.items()

    def builder(self) -> SSABuilder:
        """A mutable copy to apply many updates cheaply."""
        return SSABuilder(self)

    def merge(
        self, other: SSAMap
    ) -> tuple[SSAMap, list[tuple[str, int, int]], list[tuple[str, int, int]]]:
        """Pointwise maximum, plus what each side must add to catch up.

        Returns ``(merged, behind_self, behind_other)``; each list holds
        ``(name, old_index, new_index)`` for the program variables whose index on that
        side is lower than in ``merged`` (sorted by name, so the result is
        deterministic). The caller adds ``name@new = name@old`` on that side, as
        CPAchecker's SSA unification does. Auxiliary names are merged without
        equalities (nothing reads them across blocks).
        """
        merged, behind = merge_all([self, other])
        return merged, behind[0], behind[1]

    def __getitem__(self, name: str) -> int:
        return self._indices[name]

    def __contains__(self, name: object) -> bool:
        return name in self._indices

    def __iter__(self) -> Iterator[str]:
        return iter(self._indices)

    def __len__(self) -> int:
        return len(self._indices)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SSAMap):
            return self._indices == other._indices
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._indices.items()))
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}@{v}" for k, v in sorted(self._indices.items()))
        return f"SSAMap({inner})"


def merge_all(
    maps: Iterable[SSAMap],
) -> tuple[SSAMap, list[list[tuple[str, int, int]]]]:
    """Pointwise maximum of several maps and, per map, the entries behind it.

    Used for joined states and n-ary choices, so every side catches up with the
    maximum directly (one equality per variable and side, no chains). Only the names
    whose indices differ between the maps are looked at one by one: joined states of
    a block usually agree on almost every variable.
    """
    maps = list(maps)
    if not maps:
        return SSAMap(), []
    base = maps[0]._indices
    differing: set[str] = set()
    for ssa in maps[1:]:
        if ssa._indices is not base:
            differing.update(name for name, _ in base.items() ^ ssa._indices.items())
    merged = {name: index for name, index in base.items() if index > 0}
    for name in sorted(differing):  # sorted: the same run whatever the hash seed
        top = max(ssa._indices.get(name, 0) for ssa in maps)
        if top > 0:
            merged[name] = top
    names = sorted(n for n in differing if not is_auxiliary(n) and n in merged)
    behind: list[list[tuple[str, int, int]]] = []
    for ssa in maps:
        own = ssa._indices
        behind.append([(n, own.get(n, 0), merged[n]) for n in names if own.get(n, 0) < merged[n]])
    return SSAMap._of(merged), behind


def unification(behind: Iterable[tuple[str, int, int]]) -> list[FNode]:
    """The equalities ``name@new = name@old`` for entries returned by a merge."""
    result = []
    for entry in behind:
        equality = _equalities.get(entry)
        if equality is None:
            name, old, new = entry
            equality = Equals(symbol(name, new), symbol(name, old))
            if len(_equalities) > _CACHE_LIMIT:
                _equalities.clear()
            _equalities[entry] = equality
        result.append(equality)
    return result


class SSABuilder:
    """Mutable SSA map used while encoding one edge (copy-on-create, freeze at end)."""

    __slots__ = ("_indices",)

    def __init__(self, base: SSAMap | None = None):
        self._indices: dict[str, int] = dict(base._indices) if base is not None else {}

    def index(self, name: str) -> int:
        return self._indices.get(name, 0)

    def increment(self, name: str) -> int:
        """Advance ``name`` and return its new index."""
        idx = self._indices.get(name, 0) + 1
        self._indices[name] = idx
        return idx

    def set_index(self, name: str, index: int) -> None:
        self._indices[name] = index

    def build(self) -> SSAMap:
        return SSAMap(self._indices)


# --- instantiation -------------------------------------------------------------------

_instantiate_cache: dict[tuple, FNode] = {}
_uninstantiate_cache: dict[FNode, FNode] = {}
_program_symbols: dict[FNode, tuple[tuple[FNode, str], ...]] = {}


def _uninstantiated_symbols(formula: FNode) -> tuple[tuple[FNode, str], ...]:
    """The program symbols of ``formula`` without an SSA index, with their names."""
    symbols = _program_symbols.get(formula)
    if symbols is None:
        symbols = tuple(
            sorted(
                (
                    (s, s.symbol_name())
                    for s in formula.get_free_variables()
                    if is_program_symbol(s) and split_name(s.symbol_name())[1] is None
                ),
                key=lambda pair: pair[1],
            )
        )
        if len(_program_symbols) > _CACHE_LIMIT:
            _program_symbols.clear()
        _program_symbols[formula] = symbols
    return symbols


def instantiate(formula: FNode, ssa: SSAMap) -> FNode:
    """Rename every uninstantiated program symbol ``x`` to ``x@ssa.index(x)``.

    Symbols that already carry an index, and other symbols, stay as they are.
    The result depends only on the indices of the formula's own variables, which is
    the cache key: predicates are instantiated at many SSA maps that agree there.
    """
    symbols = _uninstantiated_symbols(formula)
    if not symbols:
        return formula
    indices = tuple(ssa.index(name) for _, name in symbols)
    key = (formula, indices)
    cached = _instantiate_cache.get(key)
    if cached is not None:
        return cached
    substitution = {
        s: symbol(name, index) for (s, name), index in zip(symbols, indices, strict=True)
    }
    result = rename_symbols(formula, substitution)
    if len(_instantiate_cache) > _CACHE_LIMIT:
        _instantiate_cache.clear()
    _instantiate_cache[key] = result
    return result


def rename_symbols(formula: FNode, renaming: Mapping[FNode, FNode]) -> FNode:
    """``formula`` with its symbols replaced as ``renaming`` says (quantifier-free)."""
    return rebuild(formula, dict(renaming))


def rebuild(
    formula: FNode,
    done: dict[FNode, FNode],
    rewrite: Callable[[FNode, tuple[FNode, ...]], FNode | None] | None = None,
) -> FNode:
    """``formula`` rebuilt bottom-up: a node in ``done`` becomes its entry there; any
    other node becomes ``rewrite(node, new_args)`` if that is not None, else the node
    over its new arguments. ``done`` collects every result (a memo the caller may keep).

    Each node of the DAG is visited once and rebuilt only if an argument changed; the
    formula manager's hash-consing shares the rest. pysmt's generic walkers do the same
    at several times the cost, and renaming runs at every abstraction.
    """
    create = get_env().formula_manager.create_node
    stack = [formula]
    while stack:
        node = stack[-1]
        if node in done:
            stack.pop()
            continue
        args = node.args()
        pending = [arg for arg in args if arg not in done]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        new_args = tuple(done[arg] for arg in args)
        result = None if rewrite is None else rewrite(node, new_args)
        if result is not None:
            done[node] = result
        elif new_args == args:
            done[node] = node
        else:
            done[node] = create(node.node_type(), new_args, node._content.payload)
    return done[formula]


def uninstantiate(formula: FNode) -> FNode:
    """Strip the SSA index from every program symbol (``x@3`` -> ``x``)."""
    cached = _uninstantiate_cache.get(formula)
    if cached is not None:
        return cached
    substitution = {}
    for s in formula.get_free_variables():
        if not is_program_symbol(s):
            continue
        base, idx = split_name(s.symbol_name())
        if idx is not None:
            substitution[s] = symbol(base)
    result = rename_symbols(formula, substitution) if substitution else formula
    if len(_uninstantiate_cache) > _CACHE_LIMIT:
        _uninstantiate_cache.clear()
    _uninstantiate_cache[formula] = result
    return result


# --- block-local indices -----------------------------------------------------------


class IndexShift:
    """Renames block-local SSA symbols to path-wide ones: ``x@j`` -> ``x@(j + offset[x])``.

    Every block of the predicate analysis starts at index 0 (``x@0`` is the value of
    ``x`` when the block starts), so the same block from the same abstraction is the
    same formula wherever it is explored, and the caches of encodings, instantiations,
    solver terms and abstractions apply to it. A path of several blocks is put
    together by shifting each block past the indices of the blocks before it.
    """

    def __init__(self, offsets: Mapping[str, int]):
        self.offsets = dict(offsets)
        self._symbols: dict[FNode, FNode] = {}

    def symbol(self, original: FNode) -> FNode:
        """The path-wide symbol of the block-local ``original`` (others stay)."""
        shifted = self._symbols.get(original)
        if shifted is None:
            shifted = original
            if is_program_symbol(original):
                name, index = split_name(original.symbol_name())
                offset = self.offsets.get(name, 0)
                if index is not None and offset:
                    shifted = symbol(name, index + offset)
            self._symbols[original] = shifted
        return shifted

    def formula(self, formula: FNode) -> FNode:
        renaming = {}
        for original in formula.get_free_variables():
            shifted = self.symbol(original)
            if shifted is not original:
                renaming[original] = shifted
        return rename_symbols(formula, renaming) if renaming else formula


def sequence_shifts(block_ends: Iterable[SSAMap]) -> list[IndexShift]:
    """One shift per block, given each block's SSA map at its end.

    Block ``i`` is shifted by the sum of the end indices of blocks ``0 .. i-1``: its
    ``x@0`` becomes the last ``x`` of the block before.
    """
    shifts = []
    offsets: dict[str, int] = {}
    for ssa in block_ends:
        shifts.append(IndexShift(offsets))
        for name, index in ssa.items():
            offsets[name] = offsets.get(name, 0) + index
    return shifts
