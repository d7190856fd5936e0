"""Source files as text: decoded from UTF-8 (or Windows-1252), and without binary junk."""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path

from ..diagnostics import Reporter


def read_text_file(path: str | PathLike, reporter: Reporter) -> str | None:
    """A source file as text, or None with a warning when there is none (see ``decode_text``)."""
    name = Path(path).name
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        reporter.warn((), f"cannot read {name}: {error.strerror or error}")
        return None
    return decode_text(data, name, reporter)


def decode_text(data: bytes, name: str, reporter: Reporter) -> str | None:
    """The bytes of file ``name`` as text, or None with a warning when it is empty.

    UTF-8 (a BOM is fine); a file that has no UTF-8 beyond ASCII is read as Windows-1252. Bytes that
    are neither come back as \\udc80-\\udcff, for ``drop_junk`` to skip with a warning.
    """
    if not data.strip():
        reporter.warn((), f"{name} is empty")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        text = data.decode("utf-8-sig", errors="surrogateescape")
        if _BEYOND_ASCII.search(text) or "\x00" in text:
            return text  # UTF-8 with some binary junk in it
        reporter.warn(
            (),
            f"{name} is not UTF-8 (the first such character is on this line); it was read as Windows-1252 "
            "- save it as UTF-8 so that accents are certain to be right",
            line=data.count(b"\n", 0, error.start) + 1,
        )
        return data.decode("cp1252", errors="replace")


_BEYOND_ASCII = re.compile(r"[^\x00-\x7f\udc80-\udcff]")  # a character that decoded as real UTF-8
_JUNK = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\udc80-\udcff]")  # control characters and undecodable bytes


def drop_junk(text: str, reporter: Reporter) -> str:
    """``text`` without binary junk, which no source file means to contain; warns once where it starts."""
    first = _JUNK.search(text)
    if not first:
        return text
    reporter.warn(
        (),
        f"the file contains {len(_JUNK.findall(text))} bytes that are not text (binary junk), "
        "the first on this line; they are skipped",
        line=text.count("\n", 0, first.start()) + 1,
    )
    return _JUNK.sub("", text)
