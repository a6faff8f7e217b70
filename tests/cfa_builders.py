"""Helpers for tests that build CFAs by hand (shared by several test modules)."""

from __future__ import annotations

from cpa.cfa.model import (
    CFA,
    CallSummaryEdge,
    CFANode,
    FunctionCallEdge,
    FunctionCFA,
    FunctionReturnEdge,
    connect,
)


def add_call(call: CFANode, ret: CFANode, callee: FunctionCFA) -> CallSummaryEdge:
    """Wire call, summary and return edges like the frontend does."""
    text = f"{callee.name}();"
    summary = CallSummaryEdge(call, ret, 0, text, callee=callee.name)
    call_edge = FunctionCallEdge(call, callee.entry, 0, text, callee=callee.name, summary=summary)
    return_edge = FunctionReturnEdge(callee.exit, ret, 0, text, callee=callee.name, summary=summary)
    summary.call_edge, summary.return_edge = call_edge, return_edge
    for edge in (summary, call_edge, return_edge):
        connect(edge)
    return summary


def program(*functions: FunctionCFA) -> CFA:
    """A CFA whose entry function is the first of ``functions``."""
    return CFA("test.c", {f.name: f for f in functions}, functions[0].name, [])
