"""Tests for the CFA analyses: loop heads, orders, targets, pruning, DOT, statistics."""

from __future__ import annotations

import io
import random

import pytest
from cfa_builders import add_call, program

from cpa.cfa.dot import to_dot, write_dot
from cpa.cfa.loops import find_loop_heads, function_loop_heads, mark_loop_heads
from cpa.cfa.model import (
    CFA,
    BlankEdge,
    CFANode,
    FunctionCallEdge,
    FunctionCFA,
    FunctionEntryNode,
    FunctionExitNode,
    FunctionReturnEdge,
    connect,
)
from cpa.cfa.order import (
    WTOComponent,
    assign_rpo_ids,
    format_wto,
    reverse_postorder,
    weak_topological_order,
    wto_heads,
)
from cpa.cfa.prune import check_consistency, prune_unreachable_to_target
from cpa.cfa.statistics import summarize
from cpa.cfa.targets import Specification, target_nodes

# --------------------------------------------------------------------------- helpers


def build(
    name: str, edges: list[tuple], entry=0, exit=None
) -> tuple[FunctionCFA, dict[object, CFANode]]:
    """A function CFA from ``(source, target[, text])`` triples over arbitrary keys.

    ``entry``/``exit`` name the keys of the entry and exit location; without ``exit``
    an unconnected exit location is added.
    """
    nodes: dict[object, CFANode] = {}

    def node(key) -> CFANode:
        if key not in nodes:
            if key == entry:
                nodes[key] = FunctionEntryNode(name)
            elif key == exit:
                nodes[key] = FunctionExitNode(name)
            else:
                nodes[key] = CFANode(name)
        return nodes[key]

    node(entry)
    for source, target, *text in edges:
        connect(BlankEdge(node(source), node(target), 0, text[0] if text else ""))
    exit_node = node(exit) if exit is not None else FunctionExitNode(name)
    entry_node = nodes[entry]
    assert isinstance(entry_node, FunctionEntryNode)
    entry_node.exit = exit_node  # type: ignore[assignment]
    node_list = list(nodes.values())
    if exit is None:
        node_list.append(exit_node)
    function_cfa = FunctionCFA(name, entry_node, exit_node, [], None, node_list)  # type: ignore[arg-type]
    return function_cfa, nodes


def names(nodes: dict[object, CFANode]):
    by_node = {node: str(key) for key, node in nodes.items()}
    return lambda node: by_node[node]


def reaches(source: CFANode, target: CFANode) -> bool:
    seen, pending = {source}, [source]
    while pending:
        node = pending.pop()
        if node is target:
            return True
        for edge in node.leaving:
            if not isinstance(edge, (FunctionCallEdge, FunctionReturnEdge)):
                if edge.successor not in seen:
                    seen.add(edge.successor)
                    pending.append(edge.successor)
    return False


def random_function(seed: int, size: int = 30, extra: int = 25):
    rng = random.Random(seed)
    edges = [(i, i + 1) for i in range(size - 1)]
    edges += [(rng.randrange(size), rng.randrange(size)) for _ in range(extra)]
    return build(f"f{seed}", edges)


BOURDONCLE = [(1, 2), (2, 3), (3, 4), (4, 5), (4, 7), (5, 6), (6, 5), (6, 7), (7, 3), (7, 8)]
NESTED = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 3), (3, 5), (5, 1), (1, 6)]

# --------------------------------------------------------------------------- loop heads


def test_while_loop_head():
    # 0: i = 0; 1: while (i < n) { 2: i++; } 3: return
    f, n = build("main", [(0, 1), (1, 2), (2, 1), (1, 3)], exit=3)
    assert mark_loop_heads(program(f)) == {n[1]}
    assert n[1].is_loop_head and not n[2].is_loop_head


def test_nested_loop_heads():
    f, n = build("main", NESTED)
    assert mark_loop_heads(program(f)) == {n[1], n[3]}


def test_goto_loop_head():
    # 1: L: x++; 2: if (x < 10) goto L; 3: ...
    f, n = build("main", [(0, 1, "x++;"), (1, 2), (2, 1, "goto L;"), (2, 3)])
    assert function_loop_heads(f) == {n[1]}


def test_no_loop():
    f, n = build("main", [(0, 1), (1, 2), (1, 3), (2, 4), (3, 4)], exit=4)
    assert mark_loop_heads(program(f)) == set()
    assert not any(node.is_loop_head for node in f.nodes)


def test_irreducible_loop_gets_one_head():
    f, n = build("main", [(0, 1), (0, 2), (1, 2), (2, 1)])
    heads = function_loop_heads(f)
    assert len(heads) == 1 and heads <= {n[1], n[2]}


def test_loop_heads_do_not_enter_callees():
    callee, c = build("g", [(0, 1), (1, 0)], exit=2)
    connect(BlankEdge(c[1], c[2], 0, ""))
    main, m = build("main", [(0, 1), (2, 3)])
    add_call(m[1], m[2], callee)
    # the call edge into g plus g's loop would look like a cycle only through g
    assert find_loop_heads(program(main, callee)) == {c[0]}
    assert function_loop_heads(main) == set()


def test_mark_loop_heads_resets_stale_flags():
    f, n = build("main", [(0, 1), (1, 2)])
    n[2].is_loop_head = True
    mark_loop_heads(program(f))
    assert not n[2].is_loop_head


# --------------------------------------------------------------------------- orders


def test_rpo_simple_diamond():
    f, n = build("main", [(0, 1), (1, 2), (1, 3), (2, 4), (3, 4)], exit=4)
    order = reverse_postorder(f)
    assert order[0] is n[0] and order[-1] is n[4]
    assert set(order) == set(f.nodes)


@pytest.mark.parametrize("seed", range(20))
def test_rpo_property_on_random_graphs(seed):
    f, _ = random_function(seed)
    assign_rpo_ids(program(f))
    heads = function_loop_heads(f)
    assert sorted(node.rpo_id for node in f.nodes) == list(range(len(f.nodes)))
    for edge in f.edges():
        u, v = edge.predecessor, edge.successor
        if u.rpo_id >= v.rpo_id:  # only DFS back edges may go backwards
            assert v in heads and reaches(v, u)


def test_rpo_puts_unreachable_nodes_last():
    f, n = build("main", [(0, 1), (5, 1)])
    order = reverse_postorder(f)
    assert order[:2] == [n[0], n[1]]
    assert n[5] in order and order.index(n[5]) > 1


def test_wto_bourdoncle_example():
    f, n = build("main", BOURDONCLE, entry=1)
    wto = weak_topological_order(f)
    assert format_wto(wto, names(n)) == "1 2 (3 4 (5 6) 7) 8"
    assert wto_heads(wto) == {n[3], n[5]} == function_loop_heads(f)


def test_wto_nested_loops_and_str():
    f, n = build("main", NESTED)
    wto = weak_topological_order(f)
    assert format_wto(wto, names(n)) == "0 (1 2 (3 4) 5) 6"
    ids = {key: node.id for key, node in n.items()}
    assert str(wto) == f"{ids[0]} ({ids[1]} {ids[2]} ({ids[3]} {ids[4]}) {ids[5]}) {ids[6]}"
    component = wto[1]
    assert isinstance(component, WTOComponent) and component.head is n[1]
    assert component.elements[0] is n[2] and isinstance(component.elements[1], WTOComponent)


def test_wto_self_loop_and_straight_line():
    f, n = build("main", [(0, 1), (1, 1), (1, 2)])
    assert format_wto(weak_topological_order(f), names(n)) == "0 (1) 2"
    g, m = build("g", [(0, 1), (1, 2)])
    assert format_wto(weak_topological_order(g), names(m)) == "0 1 2"


def _flatten(elements, depth=()):
    for element in elements:
        if isinstance(element, WTOComponent):
            yield element.head, (*depth, element.head)
            yield from _flatten(element.elements, (*depth, element.head))
        else:
            yield element, depth


@pytest.mark.parametrize("seed", range(20))
def test_wto_is_valid_on_random_graphs(seed):
    f, _ = random_function(seed)
    wto = weak_topological_order(f)
    flat = list(_flatten(wto))
    position = {node: index for index, (node, _) in enumerate(flat)}
    nesting = dict(flat)
    assert len(position) == len(flat)  # every location once
    assert set(position) == {node for node in f.nodes if reaches(f.entry, node)}
    for edge in f.edges():
        u, v = edge.predecessor, edge.successor
        if u in position and position[u] >= position[v]:
            # a backward edge must go to the head of a component containing u
            assert v in nesting[u]


def test_long_chain_needs_no_recursion():
    size = 6000
    f, n = build("main", [(i, i + 1) for i in range(size)] + [(size, 1)])
    assert function_loop_heads(f) == {n[1]}
    assert len(reverse_postorder(f)) == size + 2
    wto = weak_topological_order(f)
    assert len(wto) == 2 and wto_heads(wto) == {n[1]}


# --------------------------------------------------------------------------- targets


def _target_fixture():
    f, n = build("main", [(0, 1), (0, 2), (0, 3), (0, 4)])
    n[1].labels = ("ERROR",)
    n[2].error_call = "reach_error"
    n[3].error_call = "__assert_fail"
    n[4].labels = ("LOOP",)
    return program(f), n


def test_targets_by_specification():
    cfa, n = _target_fixture()
    assert Specification.unreach_label().target_nodes(cfa) == [n[1]]
    assert Specification.unreach_call().target_nodes(cfa) == [n[2]]
    assert Specification.unreach_call(("foo",)).target_nodes(cfa) == []
    assert Specification.unreach_call(("__assert_fail",)).target_nodes(cfa) == [n[3]]
    assert target_nodes(cfa) == [n[1], n[2]]
    assert Specification.any_error().is_target(n[1])
    assert not Specification.any_error().is_target(n[4])
    assert Specification.unreach_label("LOOP").target_nodes(cfa) == [n[4]]


def test_specification_from_property():
    spec = Specification.from_property("CHECK( init(main()), LTL(G ! call(reach_error())) )")
    assert spec == Specification.unreach_call(("reach_error",))
    assert Specification.from_property("CHECK( init(main()), LTL(G ! label(ERROR)) )") == (
        Specification.unreach_label()
    )
    with pytest.raises(ValueError):
        Specification.from_property("CHECK( init(main()), LTL(G valid-free) )")


# --------------------------------------------------------------------------- pruning


def test_prune_removes_branch_without_target():
    # if (c) { 2: x = 1; ERROR: } else { 4: y = 1; } return;
    f, n = build("main", [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5)], exit=5)
    n[3].labels = ("ERROR",)
    cfa = program(f)
    assert prune_unreachable_to_target(cfa, Specification.unreach_label()) == 2
    assert set(f.nodes) == {n[0], n[1], n[2], n[3]}
    assert n[4].entering == [] and n[4].leaving == []
    assert [e.successor for e in n[1].leaving] == [n[2]]
    assert check_consistency(cfa) == []


def test_prune_keeps_callee_that_returns_towards_target():
    g, c = build("g", [(0, 1), (1, 2), (0, 3)], exit=2)  # 3 is a dead end
    main, m = build("main", [(0, 1), (2, 3), (2, 4)], exit=4)
    m[3].labels = ("ERROR",)
    summary = add_call(m[1], m[2], g)
    cfa = program(main, g)
    removed = prune_unreachable_to_target(cfa, [m[3]])
    assert removed == 2  # g's dead end and main's exit
    assert set(g.nodes) == {c[0], c[1], c[2]}
    assert summary in m[1].leaving and summary in m[2].entering
    assert check_consistency(cfa) == []


def test_prune_keeps_error_inside_callee_drops_return():
    g, c = build("g", [(0, 1), (1, 2), (0, 3)], exit=3)
    c[2].error_call = "reach_error"
    main, m = build("main", [(0, 1), (2, 3)], exit=3)
    summary = add_call(m[1], m[2], g)
    cfa = program(main, g)
    prune_unreachable_to_target(cfa, Specification.unreach_call())
    assert set(main.nodes) == {m[0], m[1]}
    assert set(g.nodes) == {c[0], c[1], c[2]}
    assert [type(e) for e in m[1].leaving] == [FunctionCallEdge]
    assert summary not in m[1].leaving
    assert c[3].entering == [] and c[3].leaving == []
    assert check_consistency(cfa) == []


def test_prune_drops_uncalled_function_and_untargeted_main():
    g, c = build("g", [(0, 1)])
    c[1].labels = ("ERROR",)
    main, m = build("main", [(0, 1), (1, 2)], exit=2)
    cfa = program(main, g)
    removed = prune_unreachable_to_target(cfa)
    assert "g" not in cfa.functions
    assert main.nodes == [m[0]] and m[0].leaving == []
    assert removed == 2 + 3  # main's two other locations, all of g (with its exit)
    assert check_consistency(cfa) == []


@pytest.mark.parametrize("seed", range(10))
def test_prune_keeps_exactly_locations_on_target_paths(seed):
    f, n = random_function(seed, size=25, extra=15)
    target = n[12]
    target.labels = ("ERROR",)
    expected = {node for node in f.nodes if reaches(f.entry, node) and reaches(node, target)}
    cfa = program(f)
    prune_unreachable_to_target(cfa)
    assert set(f.nodes) == expected
    assert check_consistency(cfa) == []


# --------------------------------------------------------------------------- dot, stats


def test_dot_output():
    g, c = build("g", [(0, 1)], exit=1)
    main, m = build("main", [(0, 1, 'printf("a\\b");'), (2, 3), (3, 2), (2, 4)])
    m[4].error_call = "reach_error"
    add_call(m[1], m[2], g)
    cfa = program(main, g)
    mark_loop_heads(cfa)
    text = to_dot(cfa)
    assert text.startswith("digraph")
    assert text.rstrip().endswith("}")
    assert text.count("{") == text.count("}")
    for node in cfa.nodes():
        assert f"N{node.id} [" in text
    assert 'label="printf(\\"a\\\\b\\");"' in text
    assert "doublecircle" in text and "style=dashed" in text and "style=dotted" in text
    buffer = io.StringIO()
    write_dot(cfa, buffer)
    assert buffer.getvalue() == text


def test_write_dot_to_path(tmp_path):
    f, _ = build("main", [(0, 1)])
    path = tmp_path / "cfa.dot"
    write_dot(program(f), path)
    assert path.read_text().startswith("digraph")


def test_summary():
    cfa, _ = _target_fixture()
    f = cfa.main
    connect(BlankEdge(f.nodes[4], f.entry, 0, ""))  # a loop back to the entry
    summary = summarize(cfa)
    assert (summary.functions, summary.locations, summary.edges) == (1, 6, 5)
    assert (summary.loop_heads, summary.targets) == (1, 2)
    assert summary.format() == "functions: 1, locations: 6, edges: 5, loop heads: 1, targets: 2"
    assert len(summary.format(multiline=True).splitlines()) == 5


# --------------------------------------------------------------------------- with the frontend

WHILE_PROGRAM = """
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0;
  int n = __VERIFIER_nondet_int();
  while (i < n) {
    i++;
  }
  if (n > 0 && i != n) {
    reach_error();
  }
  return 0;
}
"""

GOTO_PROGRAM = """
int main(void) {
  int x = 0;
L:
  x++;
  if (x < 10) goto L;
  if (x != 10) {
  ERROR:
    return 1;
  }
  return 0;
}
"""


def _parse(text: str) -> CFA:
    frontend = pytest.importorskip("cpa.cfa.frontend")
    return frontend.parse_source(text, "test.c")


def test_frontend_while_loop():
    cfa = _parse(WHILE_PROGRAM)
    heads = mark_loop_heads(cfa)
    assert len(heads) == 1
    wto = weak_topological_order(cfa.main)
    assert wto_heads(wto) == heads
    targets = Specification.unreach_call().target_nodes(cfa)
    assert len(targets) == 1
    prune_unreachable_to_target(cfa, targets)
    assert check_consistency(cfa) == []
    assert targets[0] in cfa.main.nodes and cfa.main.entry in cfa.main.nodes
    assert to_dot(cfa).startswith("digraph")


def test_frontend_goto_loop():
    cfa = _parse(GOTO_PROGRAM)
    assert len(mark_loop_heads(cfa)) == 1
    assert len(Specification.unreach_label().target_nodes(cfa)) == 1
    assert Specification.unreach_call().target_nodes(cfa) == []
    summary = summarize(cfa, Specification.unreach_label())
    assert summary.loop_heads == 1 and summary.targets == 1
