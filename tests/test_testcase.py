"""Test-Comp test cases: the XML the format prescribes, read back in order, one-line
errors for files that are not test cases."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cpa.errors import InputError
from cpa.results import InputValue
from cpa.testcase import format_testcase, read_testcase, write_testcase

NONDET = "__VERIFIER_nondet_int"


def test_written_file_follows_the_test_format(tmp_path):
    path = tmp_path / "t.xml"
    write_testcase(
        path,
        [
            InputValue("x", 3, -1, "int", NONDET),
            InputValue("c", 4, 255, "unsigned char", "__VERIFIER_nondet_uchar"),
        ],
    )
    lines = path.read_text().splitlines()
    assert lines[0] == '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
    assert lines[1] == (
        '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" '
        '"https://sosy-lab.org/test-format/testcase-1.1.dtd">'
    )
    assert lines[2:] == [
        "<testcase>",
        '  <input variable="x" type="int">-1</input>',
        '  <input variable="c" type="unsigned char">255</input>',
        "</testcase>",
    ]


def test_attributes_are_optional_and_values_plain_decimal():
    text = format_testcase(
        [InputValue("", 1, 18446744073709551615, function="f"), InputValue("", 2, -5, function="g")]
    )
    assert "<input>18446744073709551615</input>" in text
    assert "<input>-5</input>" in text
    assert "variable=" not in text and "type=" not in text


def test_names_are_escaped(tmp_path):
    path = tmp_path / "t.xml"
    write_testcase(path, [InputValue('a<"b">&', 1, 7, function=NONDET)])
    assert read_testcase(path) == ["7"]
    assert "a&lt;&quot;b&quot;&gt;&amp;" in path.read_text()


def test_round_trip_keeps_the_order(tmp_path):
    path = tmp_path / "t.xml"
    values = [5, -3, 0, 2**63, -(2**63)]
    write_testcase(path, [InputValue(f"v{i}", i, v, function=NONDET) for i, v in enumerate(values)])
    assert read_testcase(path) == [str(v) for v in values]


def test_uninitialised_locals_are_comments_that_harnesses_skip_and_replay_reads(tmp_path):
    # a Test-Comp harness serves the <input> values to the calls in order: an <input>
    # for the local u, which no call reads, would hand 34 to the call that needs 42
    path = tmp_path / "t.xml"
    write_testcase(path, [InputValue("u", 4, 34, "int"), InputValue("x", 5, 42, "int", NONDET)])
    text = path.read_text()
    assert "<!-- cpa:uninitialised u line 4 value 34 -->" in text
    inputs = ET.fromstring(text.split("\n", 2)[2]).findall("input")
    assert [(element.get("variable"), element.text) for element in inputs] == [("x", "42")]
    assert read_testcase(path) == ["34", "42"]  # cpa replay: in the order of consumption


def test_other_comments_are_no_inputs(tmp_path):
    path = tmp_path / "t.xml"
    path.write_text(
        "<testcase><!-- value 3 --><input>1</input><!-- cpa:uninitialised --></testcase>"
    )
    assert read_testcase(path) == ["1"]


def test_empty_test_case(tmp_path):
    path = tmp_path / "t.xml"
    write_testcase(path, [])
    assert read_testcase(path) == []


def test_reads_files_of_other_tools(tmp_path):
    path = tmp_path / "t.xml"
    path.write_text(
        "<?xml version='1.0'?>\n<testcase coversError=\"true\">\n"
        "<input>  42\n</input>\n<input type='char'>-1</input>\n"
        "<input/>\n</testcase>\n"
    )
    assert read_testcase(path) == ["42", "-1", ""]


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError) as caught:
        read_testcase(tmp_path / "missing.xml")
    assert "not found" in str(caught.value) and "missing.xml" in str(caught.value)


def test_malformed_xml_names_file_and_line(tmp_path):
    path = tmp_path / "bad.xml"
    path.write_text("<testcase>\n<input>1</input>\n<input>2</inpt>\n</testcase>\n")
    with pytest.raises(InputError) as caught:
        read_testcase(path)
    assert caught.value.line == 3
    assert str(caught.value).startswith(f"{path}:3: invalid test case XML")
    assert "\n" not in str(caught.value)


def test_other_xml_is_not_a_test_case(tmp_path):
    path = tmp_path / "other.xml"
    path.write_text("<witness><input>1</input></witness>")
    with pytest.raises(InputError, match="root element is <witness>"):
        read_testcase(path)
