"""Test-Comp test cases (format 1.1): the inputs of a counterexample as a file.

A FALSE verdict is only as good as the evidence behind it; writing its inputs in the
format of https://gitlab.com/sosy-lab/test-comp/test-format lets ``cpa replay`` (and
any Test-Comp validator) confirm it by a real, compiled execution::

    <testcase>
      <input variable="x" type="int">-1</input>
    </testcase>

One ``<input>`` per nondeterministic value, in the order the program consumes them.
Values are written as plain decimal integers. No DTD is fetched when reading.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

from cpa.errors import InputError
from cpa.results import InputValue

HEADER = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" '
    '"https://sosy-lab.org/test-format/testcase-1.1.dtd">\n'
)


def format_testcase(inputs: Iterable[InputValue]) -> str:
    """The XML text of a test case with ``inputs`` in consumption order."""
    root = ET.Element("testcase")
    for item in inputs:
        element = ET.SubElement(root, "input")
        if item.name:
            element.set("variable", item.name)
        if item.ctype:
            element.set("type", item.ctype)
        element.text = str(int(item.value))
    ET.indent(root, space="  ")
    if not len(root):
        root.text = "\n"
    return HEADER + ET.tostring(root, encoding="unicode") + "\n"


def write_testcase(path: str | os.PathLike, inputs: Iterable[InputValue]) -> None:
    """Write ``inputs`` as a Test-Comp test case to ``path``."""
    Path(path).write_text(format_testcase(inputs), encoding="utf-8")


def read_testcase(path: str | os.PathLike) -> list[str]:
    """The input texts of the test case at ``path``, in order (whitespace stripped).

    A missing or unreadable file, malformed XML or a root element other than
    ``<testcase>`` is an :class:`InputError` naming the file (and line, if known).
    """
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("test case file not found", name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a test case file", name) from None
    except OSError as error:
        raise InputError(f"cannot read test case file: {error.strerror}", name) from None
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        line = error.position[0] if error.position else None
        message = str(error).split(":", 1)[0]
        raise InputError(f"invalid test case XML: {message}", name, line) from None
    if root.tag != "testcase":
        raise InputError(f"not a Test-Comp test case: root element is <{root.tag}>", name)
    return [(element.text or "").strip() for element in root.findall("input")]
