"""Test-Comp test cases (format 1.1): the inputs of a counterexample as a file.

A FALSE verdict is only as good as the evidence behind it; writing its inputs in the
format of https://gitlab.com/sosy-lab/test-comp/test-format lets ``cpa replay`` (and
any Test-Comp validator) confirm it by a real, compiled execution::

    <testcase>
      <input variable="x" type="int">-1</input>
    </testcase>

One ``<input>`` per value a call returned (``__VERIFIER_nondet_*``, a function without
body), in the order the program consumes them; values are plain decimal integers. That
is all a Test-Comp harness serves. A value the analysis gave an uninitialised local
(BLAST's convention, :mod:`cpa.cfa.inputs`) is no call's, and an ``<input>`` for it
would shift every later value a harness hands out; it is written in its place as a
comment, ``<!-- cpa:uninitialised u line 4 value 34 -->``, which harnesses skip and
:func:`read_testcase` reads back, so ``cpa replay`` serves it as before. No DTD is
fetched when reading.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

from cpa.errors import InputError
from cpa.results import InputValue

#: how a comment in a test case starts that holds an uninitialised local's value
_UNINITIALISED = "cpa:uninitialised"
_UNINITIALISED_VALUE = re.compile(rf"^\s*{_UNINITIALISED}\b.*\bvalue (-?\d+)\s*$")

HEADER = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" '
    '"https://sosy-lab.org/test-format/testcase-1.1.dtd">\n'
)


def format_testcase(inputs: Iterable[InputValue]) -> str:
    """The XML text of a test case with ``inputs`` in consumption order."""
    root = ET.Element("testcase")
    for item in inputs:
        if not item.function:
            name = f" {item.name}" if item.name else ""
            root.append(ET.Comment(f" {_UNINITIALISED}{name} line {item.line} value {item.value} "))
            continue
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
        parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as error:
        line = error.position[0] if error.position else None
        message = str(error).split(":", 1)[0]
        raise InputError(f"invalid test case XML: {message}", name, line) from None
    if root.tag != "testcase":
        raise InputError(f"not a Test-Comp test case: root element is <{root.tag}>", name)
    texts = []
    for element in root:
        if element.tag == "input":
            texts.append((element.text or "").strip())
        elif element.tag is ET.Comment:
            value = _UNINITIALISED_VALUE.match(element.text or "")
            if value is not None:
                texts.append(value.group(1))
    return texts
