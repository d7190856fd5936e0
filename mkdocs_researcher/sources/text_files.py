"""Source files as text: decoded from UTF-8, UTF-16 or UTF-32 with a byte order mark (or Windows-1252), and
without binary junk. Every file the package reads is decoded here."""

from __future__ import annotations

import codecs
import re
from os import PathLike
from pathlib import Path

from ..diagnostics import Reporter
from ..regular_files import read_regular

# UTF-32's little-endian mark begins with UTF-16's: it is looked for first.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def marked_encoding(data: bytes) -> str | None:
    """UTF-16 or UTF-32 when the bytes start with its byte order mark (Windows PowerShell writes such files)."""
    return next((encoding for mark, encoding in _BYTE_ORDER_MARKS if data.startswith(mark)), None)


def decode_unicode(data: bytes, errors: str = "strict") -> str:
    """The bytes as text: UTF-16 or UTF-32 when a byte order mark says so, else UTF-8 (a BOM dropped).
    Raises UnicodeDecodeError as bytes.decode does; ``errors`` as there, except that "surrogateescape" (which
    only UTF-8 can undo) is "replace" in UTF-16 and UTF-32."""
    encoding = marked_encoding(data)
    if encoding is None:
        return data.decode("utf-8-sig", errors)
    return data.decode(encoding, "replace" if errors == "surrogateescape" else errors)


def read_unicode(path: str | PathLike, errors: str = "strict") -> str:
    """The file's text as ``decode_unicode`` reads it; OSError and UnicodeDecodeError as Path.read_text."""
    return decode_unicode(read_regular(path), errors)


def read_text_file(path: str | PathLike, reporter: Reporter) -> str | None:
    """A source file as text, or None with a warning when there is none (see ``decode_text``)."""
    name = Path(path).name
    try:
        data = read_regular(path)
    except OSError as error:
        reporter.warn((), f"cannot read {name}: {error.strerror or error}")
        return None
    return decode_text(data, name, reporter)


def decode_text(data: bytes, name: str, reporter: Reporter) -> str | None:
    """The bytes of file ``name`` as text, or None with a warning when it is empty.

    UTF-8 (a BOM is fine), or UTF-16 or UTF-32 with a byte order mark; a file that has no UTF-8 beyond
    ASCII is read as Windows-1252. Bytes that are neither come back as \\udc80-\\udcff, for ``drop_junk`` to
    skip with a warning.
    """
    encoding = marked_encoding(data)
    if encoding is not None:
        return _decode_marked(data, encoding, name, reporter)
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


def _decode_marked(data: bytes, encoding: str, name: str, reporter: Reporter) -> str | None:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        text = data.decode(encoding, errors="replace")
        reporter.warn(
            (),
            f"{name} starts as {encoding.upper()} but is not {encoding.upper()} throughout (the first bad "
            "character is on this line); what cannot be read shows as \ufffd",
            line=data[: error.start].decode(encoding, errors="replace").count("\n") + 1,
        )
    if not text.strip():
        reporter.warn((), f"{name} is empty")
        return None
    return text


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
