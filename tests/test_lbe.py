"""Tests for large-block encoding (LBE) summarisation: Rules 0, 1, 2 and their fixpoint."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from cfa_builders import add_call, program

from cpa import plugins
from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.lbe import (
    LBEStatistics,
    apply_rule0,
    apply_rule1,
    apply_rule2,
    block_size,
    expand_paths,
    finalise_block,
    make_choice,
    make_sequence,
    original_edges,
    rule1_applicable,
    summarise,
    summarise_function,
)
from cpa.cfa.loops import mark_loop_heads
from cpa.cfa.model import (
    CFA,
    AssumeEdge,
    BlankEdge,
    CallSummaryEdge,
    CFAEdge,
    CFANode,
    ChoiceEdge,
    FunctionCallEdge,
    FunctionCFA,
    FunctionEntryNode,
    FunctionExitNode,
    FunctionReturnEdge,
    SequenceEdge,
    connect,
)
from cpa.cfa.prune import check_consistency
from cpa.cfa.targets import Specification
from cpa.core.context import AnalysisContext

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
ANY_ERROR = Specification.any_error()

# --------------------------------------------------------------------------- helpers


def build(
    name: str, edges: list[tuple], entry=0, exit="exit", targets=()
) -> tuple[FunctionCFA, dict[object, CFANode]]:
    """A function CFA from ``(source, target[, text])`` over arbitrary keys; keys in
    ``targets`` carry the label ERROR. Edge texts default to ``source->target``."""
    nodes: dict[object, CFANode] = {}

    def node(key) -> CFANode:
        if key not in nodes:
            if key == entry:
                nodes[key] = FunctionEntryNode(name)
            elif key == exit:
                nodes[key] = FunctionExitNode(name)
            else:
                nodes[key] = CFANode(name)
            if key in targets:
                nodes[key].labels = ("ERROR",)
        return nodes[key]

    node(entry)
    node(exit)
    for index, (source, target, *text) in enumerate(edges):
        label = text[0] if text else f"{source}->{target}"
        connect(BlankEdge(node(source), node(target), index + 1, label))
    entry_node, exit_node = nodes[entry], nodes[exit]
    entry_node.exit = exit_node  # type: ignore[attr-defined]
    function_cfa = FunctionCFA(name, entry_node, exit_node, [], None, list(nodes.values()))  # type: ignore[arg-type]
    return function_cfa, nodes


def edge_count(function_cfa: FunctionCFA) -> int:
    return sum(len(node.leaving) for node in function_cfa.nodes)


def only_edge(source: CFANode, target: CFANode) -> CFAEdge:
    edges = [edge for edge in source.leaving if edge.successor is target]
    assert len(edges) == 1, edges
    return edges[0]


def error_paths(start: CFANode, max_edges: int, expand: bool) -> set[tuple[CFAEdge, ...]]:
    """Paths (as original edges) from ``start`` to a target with at most ``max_edges``
    original edges; with ``expand``, summarised edges are expanded into their paths."""
    found: set[tuple[CFAEdge, ...]] = set()
    stack: list[tuple[CFANode, tuple[CFAEdge, ...]]] = [(start, ())]
    while stack:
        node, path = stack.pop()
        if ANY_ERROR.is_target(node):
            found.add(path)
            continue
        for edge in node.leaving:
            pieces = list(expand_paths(edge)) if expand else [(edge,)]
            for piece in pieces:
                if len(path) + len(piece) <= max_edges:
                    stack.append((edge.successor, path + piece))
    return found


def assert_flat(edge: CFAEdge) -> None:
    """No sequence directly inside a sequence, no choice directly inside a choice."""
    stack = [edge]
    while stack:
        current = stack.pop()
        if isinstance(current, SequenceEdge):
            assert not any(isinstance(p, SequenceEdge) for p in current.parts)
            stack.extend(current.parts)
        elif isinstance(current, ChoiceEdge):
            assert not any(isinstance(a, ChoiceEdge) for a in current.alternatives)
            stack.extend(current.alternatives)


def assert_fixpoint(cfa: CFA, spec: Specification = ANY_ERROR) -> None:
    """No rule applies any more anywhere in ``cfa``."""
    for node in cfa.nodes():
        assert not rule1_applicable(node, spec.is_target), node
        if spec.is_target(node):
            assert node.leaving == []
        pairs = [
            (e.predecessor, e.successor)
            for e in node.leaving
            if not isinstance(e, (FunctionCallEdge, FunctionReturnEdge, CallSummaryEdge))
        ]
        assert len(pairs) == len(set(pairs)), node


# --------------------------------------------------------------------------- edge builders


def test_make_sequence_flattens_and_describes():
    f, n = build("f", [(0, 1, "a = 1"), (1, 2, "[a > 0]"), (2, "exit", "b = 2")])
    e01, e12, e2x = n[0].leaving[0], n[1].leaving[0], n[2].leaving[0]
    inner = make_sequence(e01, e12)
    outer = make_sequence(inner, e2x)
    assert outer.parts == (e01, e12, e2x)
    assert outer.predecessor is n[0] and outer.successor is n["exit"]
    assert outer.line == e01.line
    assert outer.text == "a = 1; [a > 0]; b = 2"
    assert list(original_edges(outer)) == [e01, e12, e2x]
    assert block_size(outer) == 3


def test_make_choice_flattens_and_rejects_non_parallel():
    f, n = build("f", [(0, 1, "a"), (0, 1, "b"), (0, 1, "c"), (1, "exit")])
    a, b, c = n[0].leaving
    nested = make_choice([make_choice([a, b]), c])
    assert nested.alternatives == (a, b, c)
    assert nested.text == "choice(a | b | c)"
    assert sorted(len(p) for p in expand_paths(nested)) == [1, 1, 1]
    with pytest.raises(ValueError):
        make_choice([a, n[1].leaving[0]])


def test_finalise_block_flattens_deep_nesting_without_recursion():
    f, n = build("f", [(i, i + 1, f"s{i}") for i in range(5000)] + [(5000, "exit")])
    edges = [node.leaving[0] for node in (n[i] for i in range(5001))]
    nested = edges[0]
    for edge in edges[1:]:
        nested = SequenceEdge(nested.predecessor, edge.successor, 0, "", parts=(nested, edge))
    finalise_block(nested)
    assert nested.parts == tuple(edges)
    assert nested.text.startswith("s0; s1; s2")
    assert len(nested.text) <= 120


# --------------------------------------------------------------------------- single rules


def test_rule0_removes_edges_leaving_targets_only():
    f, n = build("f", [(0, "E"), ("E", 1), (1, "exit"), (0, "exit")], targets={"E"})
    removed = apply_rule0(f, ANY_ERROR.is_target)
    assert removed == 1
    assert n["E"].leaving == [] and n[1].entering == []
    assert len(n["E"].entering) == 1 and len(n[0].leaving) == 2
    assert check_consistency(program(f)) == []


def test_rule1_on_a_chain_location():
    f, n = build("f", [(0, 1, "a"), (1, 2, "b"), (2, "exit", "c")])
    assert rule1_applicable(n[1], ANY_ERROR.is_target)
    (new,) = apply_rule1(n[1])
    assert isinstance(new, SequenceEdge)
    assert [p.text for p in new.parts] == ["a", "b"]
    assert n[0].leaving == [new] and n[2].entering == [new]
    assert n[1].entering == [] and n[1].leaving == []


def test_rule1_duplicates_the_incoming_operation_onto_each_outgoing_edge():
    f, n = build("f", [(0, 1, "a"), (1, 2, "b"), (1, 3, "c"), (2, "exit"), (3, "exit")])
    incoming = n[0].leaving[0]
    new = apply_rule1(n[1])
    assert len(new) == 2
    assert {e.successor for e in new} == {n[2], n[3]}
    assert all(e.parts[0] is incoming for e in new)
    assert len(n[0].leaving) == 2


def test_rule1_removes_a_sink_with_its_incoming_edge():
    f, n = build("f", [(0, 1, "a"), (1, "exit"), (1, "sink", "abort")])
    assert rule1_applicable(n["sink"], ANY_ERROR.is_target)
    assert apply_rule1(n["sink"]) == []
    assert [e.successor for e in n[1].leaving] == [n["exit"]]


def test_rule1_not_applicable():
    f, n = build(
        "f",
        [(0, 1), (1, 2), (0, 2), (2, 3), (3, 3), (2, "E"), (3, "exit"), ("E", "exit")],
        targets={"E"},
    )
    spec = ANY_ERROR.is_target
    assert not rule1_applicable(n[0], spec)  # entry
    assert not rule1_applicable(n["exit"], spec)  # exit
    assert not rule1_applicable(n[2], spec)  # two incoming edges
    assert not rule1_applicable(n[3], spec)  # incoming self-loop besides 2 -> 3
    assert not rule1_applicable(n["E"], spec)  # target
    assert rule1_applicable(n[1], spec)


def test_rule1_not_applicable_at_call_and_return_locations():
    callee, _ = build("g", [(0, "exit")])
    f, n = build("f", [(0, "call"), ("ret", "exit")])
    add_call(n["call"], n["ret"], callee)
    n["call"].function = n["ret"].function = "f"
    assert len(n["call"].entering) == 1
    assert not rule1_applicable(n["call"], ANY_ERROR.is_target)  # leaving call edge
    assert not rule1_applicable(n["ret"], ANY_ERROR.is_target)  # entering return edge


def test_rule2_merges_parallel_edges():
    f, n = build("f", [(0, 1, "a"), (0, 1, "b"), (0, 1, "c"), (1, "exit")])
    a, b, c = n[0].leaving
    choice = apply_rule2(n[0], n[1])
    assert isinstance(choice, ChoiceEdge)
    assert choice.alternatives == (a, b, c)
    assert n[0].leaving == [choice] and n[1].entering == [choice]
    assert apply_rule2(n[0], n[1]) is None  # nothing parallel any more


def test_rule2_leaves_call_summary_edges_alone():
    callee, _ = build("g", [(0, "exit")])
    f, n = build("f", [(0, "call"), ("call", "ret", "skip"), ("ret", "exit")])
    summary = add_call(n["call"], n["ret"], callee)
    assert apply_rule2(n["call"], n["ret"]) is None
    assert summary in n["call"].leaving and len(n["ret"].entering) == 3


# --------------------------------------------------------------------------- fixpoint


def diamond_edges() -> list[tuple]:
    """0 -> 1 -> (then 2 -> (3 | 4) -> 5 | else 6) -> 7 -> exit, with an error branch."""
    return [
        (0, 1, "x = 0"),
        (1, 2, "[c]"),
        (1, 6, "[!c]"),
        (2, 3, "[d]"),
        (2, 4, "[!d]"),
        (3, 5, "x = 1"),
        (4, 5, "x = 2"),
        (5, 7, "skip"),
        (6, 7, "x = 3"),
        (7, "E", "[x == 2]"),
        (7, "exit", "[x != 2]"),
    ]


def test_fixpoint_on_nested_diamonds():
    f, n = build("f", diamond_edges(), targets={"E"})
    stats = summarise_function(f, ANY_ERROR.is_target)
    assert set(f.nodes) == {n[0], n["exit"], n["E"]}
    assert edge_count(f) == 2
    to_error, to_exit = only_edge(n[0], n["E"]), only_edge(n[0], n["exit"])
    for edge in (to_error, to_exit):
        assert isinstance(edge, SequenceEdge)
        assert_flat(edge)
        (outer,) = [p for p in edge.parts if isinstance(p, ChoiceEdge)]
        then_branch = next(a for a in outer.alternatives if a.parts[0].text == "[c]")
        assert any(isinstance(p, ChoiceEdge) for p in then_branch.parts)  # inner diamond
    assert [p.text for p in to_error.parts if not isinstance(p, ChoiceEdge)] == [
        "x = 0",
        "[x == 2]",
    ]
    assert stats.rule1_applications == 7 and stats.rule2_applications == 2
    assert check_consistency(program(f)) == []
    assert_fixpoint(program(f))


def test_fixpoint_preserves_error_paths_acyclic():
    f, n = build("f", diamond_edges() + [(6, "E", "[x < 0]")], targets={"E"})
    before = error_paths(n[0], 50, expand=False)
    summarise_function(f, ANY_ERROR.is_target)
    after = error_paths(n[0], 50, expand=True)
    assert len(before) == 4
    assert after == before


def test_fixpoint_preserves_error_paths_with_loops():
    f, n = build(
        "f",
        [
            (0, 1, "i = 0"),
            (1, 2, "[i < n]"),
            (2, 3, "[a]"),
            (2, 4, "[!a]"),
            (3, 5, "i++"),
            (4, 5, "i += 2"),
            (5, 6, "[i == 7]"),
            (5, 1, "[i != 7]"),
            (6, "E", "skip"),
            (1, 7, "[i >= n]"),
            (7, "E", "[i > n]"),
            (7, "exit", "[i <= n]"),
            ("E", 8, "after error"),
            (8, "exit", "return"),
        ],
        targets={"E"},
    )
    before = error_paths(n[0], 14, expand=False)
    stats = summarise_function(f, ANY_ERROR.is_target)
    after = error_paths(n[0], 14, expand=True)
    assert stats.rule0_edges == 1 and stats.dead_locations == 1  # location 8
    assert before and after == before
    assert set(f.nodes) == {n[0], n[1], n["E"], n["exit"]}


def test_unreachable_cycle_terminates_without_dead_code_removal():
    f, n = build("f", [(0, "exit"), (1, 2, "a"), (2, 3, "b"), (3, 1, "c")])
    summarise_function(f, ANY_ERROR.is_target, remove_dead=False)
    (survivor,) = [node for node in f.nodes if node not in (n[0], n["exit"])]
    (loop,) = survivor.leaving
    assert loop.successor is survivor and block_size(loop) == 3


def test_call_edges_are_block_boundaries():
    callee, g = build("g", [(0, 1, "int r"), (1, "exit", "return r")])
    main, m = build("main", [(0, 1, "int x"), (1, "call", "x = 0"), ("ret", 2, "y"), (2, "exit")])
    summary = add_call(m["call"], m["ret"], callee)
    call_edge, return_edge = summary.call_edge, summary.return_edge
    cfa = program(main, callee)
    summarise(cfa)
    assert set(main.nodes) == {m[0], m["call"], m["ret"], m["exit"]}
    assert set(callee.nodes) == {g[0], g["exit"]}
    assert [p.text for p in only_edge(m[0], m["call"]).parts] == ["int x", "x = 0"]
    assert set(m["call"].leaving) == {summary, call_edge}
    assert return_edge in m["ret"].entering and summary in m["ret"].entering
    assert call_edge.successor is g[0] and return_edge.predecessor is g["exit"]
    assert check_consistency(cfa) == []


def test_error_location_that_is_a_call_drops_its_call():
    callee, g = build("g", [(0, "exit")])
    main, m = build("main", [(0, "E"), (0, "exit"), ("ret", "exit")], targets={"E"})
    summary = add_call(m["E"], m["ret"], callee)
    cfa = program(main, callee)
    stats = summarise(cfa)
    assert stats.rule0_edges == 2  # call and summary edge
    assert m["E"].leaving == [] and g[0].entering == [] and g["exit"].leaving == []
    assert m["ret"] not in main.nodes and summary.return_edge not in g["exit"].leaving
    assert check_consistency(cfa) == []


def test_exit_of_a_function_that_never_returns_stays():
    source = "int main() { int x = 0; while (1) { x = x + 1; if (x < 0) { ERROR: x = 2; } } }"
    cfa = parse_source(source, "t.c")
    summarise(cfa)
    main = cfa.main
    assert main.exit in main.nodes and main.exit.entering == []
    assert len(main.nodes) == 4  # entry, loop head, ERROR, exit
    assert check_consistency(cfa) == []
    assert_fixpoint(cfa)


def test_specification_decides_what_is_a_target():
    source = "int main() { int x = 0; if (x) { ERROR: x = 1; } return 0; }"
    with_label = parse_source(source, "t.c")
    summarise(with_label, Specification.unreach_label())
    assert any(node.labels == ("ERROR",) for node in with_label.main.nodes)
    without = parse_source(source, "t.c")
    summarise(without, Specification.unreach_call())
    assert not any(node.labels == ("ERROR",) for node in without.main.nodes)
    assert len(without.main.nodes) == 2  # entry and exit only


# --------------------------------------------------------------------------- C programs

EXAMPLE = """
extern int __VERIFIER_nondet_int(void);
int main() {
    int i = 0;
    int a = __VERIFIER_nondet_int();
    int b = 0;
    while (i < 10) {
        if (a > 0) {
            b = b + 1;
        } else {
            b = b - 1;
        }
        i = i + 1;
    }
    if (i != 10) {
        ERROR: return 1;
    }
    return 0;
}
"""


def test_example_program_summarises_to_loop_head_entry_exit_error():
    cfa = parse_source(EXAMPLE, "example.c")
    main = cfa.main
    summarise(cfa)
    mark_loop_heads(cfa)
    (head,) = [node for node in main.nodes if node.is_loop_head]
    (error,) = [node for node in main.nodes if ANY_ERROR.is_target(node)]
    assert set(main.nodes) == {main.entry, main.exit, head, error}
    assert edge_count(main) == 4
    assert only_edge(main.entry, head).successor is head
    back = only_edge(head, head)
    assert isinstance(back, SequenceEdge)
    assert isinstance(back.parts[0], AssumeEdge) and back.parts[0].truth
    (choice,) = [p for p in back.parts if isinstance(p, ChoiceEdge)]
    assert len(choice.alternatives) == 2
    assert {alt.parts[0].text for alt in choice.alternatives} == {"[a > 0]", "[!(a > 0)]"}
    to_error, to_exit = only_edge(head, error), only_edge(head, main.exit)
    assumes = [p.text for p in to_error.parts if isinstance(p, AssumeEdge)]
    assert assumes == ["[!(i < 10)]", "[i != 10]"]
    assert to_exit.parts[0] is to_error.parts[0]  # Rule 1 duplicated the loop exit
    assert error.leaving == []
    assert all(node.function == "main" for node in main.nodes)
    assert check_consistency(cfa) == []
    assert_fixpoint(cfa)


def test_example_program_preserves_bounded_error_paths():
    cfa = parse_source(EXAMPLE, "example.c")
    before = error_paths(cfa.main.entry, 40, expand=False)
    summarise(cfa)
    after = error_paths(cfa.main.entry, 40, expand=True)
    assert before and after == before


def locks(n: int) -> Path:
    path = BENCHMARKS / "lbe-2009" / "locks" / f"test_locks_{n}.c"
    if not path.exists():
        pytest.skip(f"benchmark {path} not available")
    return path


@pytest.mark.parametrize("n", [5, 15])
def test_locks_main_collapses_to_a_handful_of_locations(n):
    source = locks(n).read_text()
    cfa = parse_source(source, str(locks(n)))
    summarise(cfa)
    mark_loop_heads(cfa)
    main = cfa.main
    (head,) = [node for node in main.nodes if node.is_loop_head]
    (error,) = [node for node in main.nodes if ANY_ERROR.is_target(node)]
    (call,) = [
        node for node in main.nodes if any(isinstance(e, FunctionCallEdge) for e in node.leaving)
    ]
    (ret,) = [
        node for node in main.nodes if any(isinstance(e, FunctionReturnEdge) for e in node.entering)
    ]
    # The call of get_exit_nondet() keeps its call and return location (block boundaries).
    assert set(main.nodes) == {main.entry, main.exit, head, call, ret, error}
    assert edge_count(main) == 7
    assert {e.successor for e in ret.leaving} == {head, error, main.exit}
    to_error = only_edge(ret, error)
    assert sum(1 for e in original_edges(to_error) if e.text.startswith("[lk")) == n
    assert len(cfa.functions["get_exit_nondet"].nodes) == 2
    assert check_consistency(cfa) == []
    assert_fixpoint(cfa)


def test_large_functions_are_summarised():
    body = "\n".join(f"if (x > {i}) x = x + 1; else x = x - 1;" for i in range(1500))
    cases = "\n".join(f"case {i}: x = x + {i}; break;" for i in range(500))
    source = (
        "extern int __VERIFIER_nondet_int(void);\n"
        "int main() { int x = __VERIFIER_nondet_int();\n"
        f"{body}\nswitch (x) {{ {cases} }}\n"
        "if (x < 0) { ERROR: return 1; } return 0; }"
    )
    cfa = parse_source(source, "big.c")
    summarise(cfa)
    assert len(cfa.main.nodes) == 3
    for edge in cfa.main.edges():
        assert_flat(edge)
    assert check_consistency(cfa) == []
    assert_fixpoint(cfa)


@pytest.mark.parametrize(
    "relative",
    [
        "lbe-2009/locks/test_locks_10.c",
        "ufo-2012/ntdrivers-simplified/cdaudio_simpl1.cil.c",
        "ufo-2012/ssh-simplified/s3_clnt_1.cil.c",
        "ufo-2012/systemc/mem_slave_tlm.1.cil.c",
    ],
)
def test_benchmarks_reach_the_fixpoint(relative):
    path = BENCHMARKS / relative
    if not path.exists():
        pytest.skip(f"benchmark {path} not available")
    cfa = parse_program(path)
    before = sum(1 for _ in cfa.nodes())
    summarise(cfa)
    assert sum(1 for _ in cfa.nodes()) < before / 2
    assert check_consistency(cfa) == []
    assert_fixpoint(cfa)
    for edge in cfa.edges():
        assert_flat(edge)


# --------------------------------------------------------------------------- transformation


def test_transformation_is_registered_and_reports_statistics():
    transformation = plugins.load(plugins.CFA_TRANSFORMATIONS, "lbe")()
    cfa = parse_source(EXAMPLE, "example.c")
    before = sum(1 for _ in cfa.nodes())
    context = AnalysisContext(cfa, ANY_ERROR, deadline=None)  # type: ignore[arg-type]
    assert transformation.apply(cfa, context) is cfa
    removed = context.statistics.get("lbe_removed_locations")
    assert removed > 0 and before - removed == sum(1 for _ in cfa.nodes())
    assert context.statistics.get("lbe_rule1_applications") > 0
    assert context.statistics.get("lbe_rule0_edges") == 1


def test_statistics_accumulate():
    total = LBEStatistics()
    total.add(LBEStatistics(1, 2, 3, 4))
    total.add(LBEStatistics(1, 1, 1, 1))
    assert total == LBEStatistics(2, 3, 4, 5)


def test_summarising_twice_changes_nothing():
    cfa = parse_source(EXAMPLE, "example.c")
    summarise(cfa)
    shape = {node: list(node.leaving) for node in cfa.nodes()}
    stats = summarise(cfa)
    assert stats == LBEStatistics()
    assert {node: list(node.leaving) for node in cfa.nodes()} == shape


def test_paths_of_a_block_edge():
    f, n = build("f", [(0, 1, "a"), (1, 2, "b"), (1, 2, "c"), (2, "exit", "d")])
    summarise_function(f, ANY_ERROR.is_target)
    (edge,) = n[0].leaving
    paths = {tuple(e.text for e in path) for path in expand_paths(edge)}
    assert paths == {("a", "b", "d"), ("a", "c", "d")}
    assert list(itertools.islice(original_edges(edge), 2))[0].text == "a"
