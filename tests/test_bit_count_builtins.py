"""gcc's bit-counting builtins (``__builtin_popcount``, ``parity``, ``ffs``, ``clz``,
``ctz`` and their ``l``/``ll`` forms), lowered to shifts, masks and sums
(cpa/cfa/lowering.py): the same values as gcc's."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.errors import InputError, UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify

ENGINE_ALONE = ["analysis.search_by_execution=0", "analysis.search_after_unknown=0"]
HEADER = "extern void reach_error(void);\n"


def _verify(tmp_path: Path, source: str, config: str = "lbe", searches: bool = False):
    program = tmp_path / "program.c"
    program.write_text(source)
    configuration = load_configuration(config, [] if searches else ENGINE_ALONE)
    return verify(program, configuration, Specification.unreach_call(), timelimit=120)


def _program(body: str, ctype: str = "unsigned int", nondet: str = "uint") -> str:
    """``main`` reading ``x`` of type ``ctype`` from ``__VERIFIER_nondet_<nondet>``,
    then ``body`` (statements, each line indented and ended)."""
    return HEADER + (
        f"extern {ctype} __VERIFIER_nondet_{nondet}(void);\n"
        f"int main(void) {{\n  {ctype} x = __VERIFIER_nondet_{nondet}();\n"
        + body
        + "  return 0;\n}\n"
    )


def _confirmed_false(tmp_path: Path, source: str):
    """The result of ``source``, which must be FALSE with a run gcc confirmed."""
    result = _verify(tmp_path, source)
    assert result.verdict is Verdict.FALSE, result.reason
    assert result.counterexample.confirmation.startswith("gcc: reached")
    return result


def _naive_sum(var: str, bits: int) -> str:
    return " + ".join(f"(int)(({var} >> {k}) & 1)" for k in range(bits))


def _naive_first(var: str, bits: int, from_top: bool) -> str:
    """The count of zero bits above (``from_top``) or below the first set bit."""
    expression = str(bits)
    order = range(bits) if from_top else reversed(range(bits))
    for k in order:
        count = bits - 1 - k if from_top else k
        expression = f"((({var} >> {k}) & 1) ? {count} : {expression})"
    return expression


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_32_bit_counts_equal_their_definitions_for_every_word(tmp_path: Path, config: str):
    """Proved over all 2^32 words, against the bit-by-bit definitions."""
    pop, clz, ctz = _naive_sum("x", 32), _naive_first("x", 32, True), _naive_first("x", 32, False)
    source = _program(
        f"  if (__builtin_popcount(x) != {pop}) reach_error();\n"
        f"  if (__builtin_parity(x) != (({pop}) & 1)) reach_error();\n"
        f"  if (x != 0 && __builtin_clz(x) != {clz}) reach_error();\n"
        f"  if (x != 0 && __builtin_ctz(x) != {ctz}) reach_error();\n"
        f"  if (__builtin_ffs((int) x) != (x == 0 ? 0 : {ctz} + 1)) reach_error();\n"
    )
    result = _verify(tmp_path, source, config)
    assert result.verdict is Verdict.TRUE, result.reason


WORDS_64 = [1, 6, 0x830, 0xFFFFFFFF, 0x100000000, 0x123456789ABCDEF0, 1 << 63, (1 << 64) - 1]


def test_64_bit_counts_have_gccs_values(tmp_path: Path):
    """The values for some 64-bit words (Python's counts; gcc's builtins agree with
    them, as the compiled run of the unsafe variant below confirms)."""
    checks = []
    for word in WORDS_64:
        pop = bin(word).count("1")
        clz = 64 - word.bit_length()
        ctz = (word & -word).bit_length() - 1
        wrong = (
            f"__builtin_popcountl(x) != {pop} || __builtin_parityll(x) != {pop & 1}"
            f" || __builtin_clzl(x) != {clz} || __builtin_ctzll(x) != {ctz}"
            f" || __builtin_ffsl((long) x) != {ctz + 1}"
        )
        checks.append(f"  if (x == {word}UL && ({wrong})) reach_error();\n")
    source = _program("".join(checks), "unsigned long", "ulong")
    assert _verify(tmp_path, source).verdict is Verdict.TRUE


def test_a_count_the_program_asks_for_is_found_and_confirmed_by_gcc(tmp_path: Path):
    source = _program(
        "  if (__builtin_popcount(x) == 3 && __builtin_ctz(x) == 4 && __builtin_clz(x) == 20)\n"
        "    reach_error();\n"
    )
    result = _confirmed_false(tmp_path, source)
    (word,) = [value.value for value in result.counterexample.inputs]
    assert bin(word).count("1") == 3 and word & 0xFFF == word and word & 0x1F == 0x10
    assert word >> 11 == 1  # 20 zero bits above bit 11


@pytest.mark.parametrize("name", ["__builtin_clz", "__builtin_ctzl"])
def test_clz_and_ctz_of_zero_are_undefined(tmp_path: Path, name: str):
    source = _program(f"  if ({name}(x) == 99) reach_error();\n")
    result = _verify(tmp_path, source)
    assert result.verdict is Verdict.UNKNOWN
    assert f"{name} of 0" in result.reason


def test_byte_swaps_have_gccs_values_and_undo_themselves(tmp_path: Path):
    source = _program(
        "  unsigned int w = (unsigned int) x;\n"
        "  unsigned short h = (unsigned short) x;\n"
        "  if (__builtin_bswap64(__builtin_bswap64(x)) != x) reach_error();\n"
        "  if (__builtin_bswap32(__builtin_bswap32(w)) != w) reach_error();\n"
        "  if (__builtin_bswap16(__builtin_bswap16(h)) != h) reach_error();\n"
        "  if (__builtin_bswap32(0x12345678u) != 0x78563412u) reach_error();\n"
        "  if (__builtin_bswap16(0xABCD) != 0xCDAB) reach_error();\n"
        "  if (__builtin_bswap64(0x0102030405060708ULL) != 0x0807060504030201ULL)"
        " reach_error();\n"
        "  if ((__builtin_bswap32(w) & 0xFF) != (w >> 24)) reach_error();\n",
        "unsigned long long",
        "ulonglong",
    )
    assert _verify(tmp_path, source).verdict is Verdict.TRUE


def test_a_byte_swap_the_program_asks_for_is_found_and_confirmed_by_gcc(tmp_path: Path):
    source = _program("  if (__builtin_bswap32(x) == 0xEFBEADDE) reach_error();\n")
    result = _confirmed_false(tmp_path, source)
    assert [value.value for value in result.counterexample.inputs] == [0xDEADBEEF]


@pytest.mark.parametrize(
    ("value", "error", "says"),
    [
        # gcc folds these too, to values we do not compute: not bad input
        ("__builtin_clrsb(5)", UnsupportedFeature, "__builtin_clrsb in a constant expression"),
        ("__builtin_clz(0)", UnsupportedFeature, "__builtin_clz of 0 in a constant"),
        # gcc rejects a call of a function of the program
        ("f()", InputError, "enumerator value is not constant"),
    ],
)
def test_a_call_gcc_may_fold_in_a_constant_is_unknown_not_bad_input(
    value: str, error: type, says: str
):
    source = f"int f(void);\nenum {{ X = {value} }};\nint main(void) {{ return X; }}\n"
    with pytest.raises(error, match=says):
        parse_source(source, "p.c")
