"""The C library's variables (declared ``extern``, never defined): a function without a
body may change them (``tzset()`` writes ``daylight``), so reading one when the program
calls such a function is refused, while declaring one, or reading one without such
calls, is not; other never-defined variables keep SV-COMP's convention."""

from __future__ import annotations

import pytest

from cpa.cfa.frontend import parse_source
from cpa.errors import UnsupportedFeature

HEADER = (
    "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
    "extern int daylight;\nextern void tzset(void);\n"
)


def _refusal(body: str) -> str | None:
    try:
        parse_source(HEADER + body)
    except UnsupportedFeature as error:
        return str(error)
    return None


@pytest.mark.parametrize(
    "body, line",
    [
        # libc's tzset() sets daylight: a compiled run reaches the target
        ("int main(void) { daylight = 5; tzset();\n if (daylight != 5) reach_error(); }", 6),
        # read through a pointer taken before the call
        ("int *p = &daylight;\nint main(void) { tzset(); return *p; }", 5),
        # declared in a block
        ("int main(void) { extern int optind; tzset();\n return optind; }", 6),
        # the call is in another function, after the function that reads
        (
            "int get(void) { return daylight; }\nvoid f(void) { tzset(); }\n"
            "int main(void) { f(); return get(); }",
            5,
        ),
    ],
)
def test_a_library_variable_read_after_a_call_without_a_body_is_refused(body, line):
    refusal = _refusal(body)
    assert refusal is not None
    assert f":{line}:" in refusal and "C library" in refusal


@pytest.mark.parametrize(
    "body",
    [
        # only declared (as every program including <time.h> does)
        "int main(void) { tzset(); return 0; }",
        # only written
        "int main(void) { tzset(); daylight = 1; return 0; }",
        # read, but the only calls are of nondet and the target
        "int main(void) { if (__VERIFIER_nondet_int()) reach_error(); return daylight; }",
        # defined by the program: the convention holds for the program's own variables
        "int daylight = 3;\nint main(void) { tzset(); return daylight; }",
        # not the C library's: part of the task's closed program (the driver tasks' ``s``)
        "extern int s;\nint main(void) { tzset(); return s; }",
    ],
)
def test_declaring_or_reading_without_such_calls_is_accepted(body):
    assert _refusal(body) is None
