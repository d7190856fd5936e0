"""Reading a .bib file into publications, losing no entry without saying why.

bibtexparser splits the file into entries; this module resolves ``@string``
macros, ``#`` concatenation and ``crossref`` itself, decodes TeX only where a
value has some (pylatexenc is slow), and maps BibTeX, biblatex and al-folio
fields onto the model. Every entry becomes one Publication, or one warning
says why it could not. Text from a .bib file is never Markdown (``trusted``
is False); the inline HTML al-folio's files write in titles, venues, notes,
abstracts and awards is kept, sanitized (publication_fields.apply_inline_html).
Given what the file's last read found, an edit splits and reads again only
the part of the file it changed (_FileRead).
"""

from __future__ import annotations

import hashlib
import logging
import re
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from os import PathLike

import bibtexparser
from bibtexparser.model import (
    Block,
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ExplicitComment,
    Field,
    ImplicitComment,
    ParsingFailedBlock,
    String,
)

from ..diagnostics import Diagnostic, Place, Reporter, near_miss, quoting_written
from ..model.identifiers import arxiv_id
from ..model.names import (
    ANY_MARK,
    ET_AL,
    SEPARATOR_IN_BRACES,
    parse_author,
    split_marks,
    split_name_list,
    split_outside_braces,
)
from ..model.records import MONTH_NAMES, Author, Publication, display_pages
from .bibtex_fields import DISPLAY_ONLY_FIELDS, ENTRY_TYPES, KNOWN_FIELDS, PRIVATE_FIELDS, PrivateFields
from .keys import unique_keys
from .publication_fields import (
    COMMON_FIELDS,
    LEFT_OUT,
    apply_display_fields,
    joined,
    link_for,
    mentions_arxiv,
    misspelled,
    tags_from,
)
from .tex import has_tex, squash, tex_to_text
from .text_files import drop_junk, read_text_file

_TYPES = {
    "article": "journal",
    "inproceedings": "conference",
    "conference": "conference",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "book": "book",
    "incollection": "chapter",
    "inbook": "chapter",
    "techreport": "report",
    "report": "report",
    "patent": "patent",
    "proceedings": "other",
}
_PREPRINT_TYPES = ("misc", "unpublished", "online")  # preprints when they carry an arXiv id
_VENUE_FIELDS = ("journal", "booktitle", "journaltitle", "school", "institution", "howpublished", "publisher")
_THESIS_VENUE_FIELDS = ("school", "institution", *_VENUE_FIELDS)
# A crossref lends context (venue, year, publisher, editors), not the parent's own title, links or abstract.
_OWN_FIELDS = (
    frozenset(("title", "crossref", "url", "doi", "eprint", "abstract", "note", "keywords", "hal_id", "arxiv"))
    | DISPLAY_ONLY_FIELDS
)
_MONTH_MACROS = dict(
    zip(
        MONTH_NAMES,
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        strict=True,
    )
)


def read_bibtex_file(path: str | PathLike, reporter: Reporter, **kw) -> list[Publication]:
    text = read_text_file(path, reporter)
    return [] if text is None else read_bibtex(text, reporter, **kw)


# --- Splitting into entries -------------------------------------------------------------------

_ENTRY_OPENING = re.compile(r"@[ \t]*([A-Za-z]\w*)[ \t]*[{(]")
_NOT_ENTRIES = ("string", "comment", "preamble")


@dataclass
class _Entry:
    type: str
    key: str
    line: int
    offset: int  # turns bibtexparser's 0-based field lines into file lines
    fields: dict[str, Field]  # bibtexparser's, by lower-case name; values as written ({…}, "…", macro # …)
    bibtex: str  # the source as written (published_bibtex gives what a visitor may copy)
    every: list[Field]  # all fields in the order written, a name given twice included (only the first is read)
    written: list[str] | None = None  # values of ``every`` as written, where they differ (a re-read entry)


@contextmanager
def _quiet_bibtexparser():
    """bibtexparser logs each failed block; the warnings here say the same in a researcher's words."""
    logger = logging.getLogger("bibtexparser.splitter")
    disabled, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = disabled


def _parse(text: str) -> list[Block] | None:
    """bibtexparser's blocks of ``text``; None where it raised (it does where it suspects a bug of its own)."""
    try:
        with _quiet_bibtexparser():
            return bibtexparser.parse_string(text, parse_stack=[]).blocks
    except Exception:
        return None


_LINE_START_AT = re.compile(r"(?m)^[ \t]*@")


def _blocks_one_by_one(text: str, reporter: Reporter) -> list[tuple[Block, int]]:
    """The blocks of a file bibtexparser failed on as a whole, read from each "@" first on a line to the next,
    each with the number to add to its 0-based lines; a part it fails on again is left out, with a warning."""
    blocks, line, counted = [], 1, 0
    starts = [m.start() for m in _LINE_START_AT.finditer(text)]
    for start, end in zip([0] + starts, starts + [len(text)], strict=True):
        line, counted = line + text.count("\n", counted, start), start
        try:
            with _quiet_bibtexparser():
                blocks += [(block, line) for block in bibtexparser.parse_string(text[start:end], parse_stack=[]).blocks]
        except Exception as error:
            reporter.warn(
                _key_path(text[start:end].lstrip()),
                f"bibtexparser failed on this entry ({error}), {LEFT_OUT}",
                line=line,
            )
    return blocks


def _strings(blocks: list[tuple[Block, int]], reporter: Reporter, file_chars: int) -> _Macros:
    """The @string macros, each expanded once, in order as BibTeX reads them: a macro knows only those
    defined before it, and a later definition wins."""
    macros = _Macros(file_chars)
    defined: set[str] = set()  # a second definition is told here, not by bibtexparser: it may read them apart
    for block, offset in blocks:
        if isinstance(block, DuplicateBlockKeyBlock):
            block = block.ignore_error_block
        if isinstance(block, String):
            line = block.start_line + offset
            if block.key in defined:
                reporter.warn(
                    (block.key,), "this @string macro is defined a second time; the later definition is used", line=line
                )
            defined.add(block.key)
            text, unknown, cut = macros.expand(block.value)
            for name in unknown:
                reporter.warn(
                    (block.key,),
                    f"'{name}' is not a @string macro defined before this one; its name is used as the text",
                    line=line,
                )
            if cut:
                reporter.warn((block.key,), cut, line=line)
            macros.texts[block.key.lower()] = text
    return macros


_PLACEHOLDER = "\x00"  # stands in for a backslash before a brace; junk removal guarantees the text has none
_ESCAPED_BRACE = re.compile(r"\\(?=[{}])")
_BIBTEX_MARKS = re.compile(r"[{}]|\n[ \t]*@")
# The spaces before and after a comma are apart: "[ \t]*,?[ \t]*" would split a line's run of spaces
# between its two quantifiers in every way before failing.
_FIELDS_OUTSIDE = re.compile(r"(?m)^[ \t]*(?:,[ \t]*)?([A-Za-z][\w-]*)[ \t]*=[ \t]*[{\"\d]")


class _Splitter:
    """Turns bibtexparser's blocks into entries, re-reading the ones it cut short or gave up on."""

    def __init__(self, text: str):
        self.text = text
        self._line_starts: list[int] | None = None
        self.reporter = Reporter("")
        self.entries: list[_Entry] = []
        self._reread_until = 0  # last line of an entry re-read here; bibtexparser's leftovers of it are skipped

    def read(self, blocks: list[tuple[Block, int]], reporter: Reporter) -> list[_Entry]:
        """The entries of one chunk's blocks (see _Chunks: what is re-read never reaches past its chunk)."""
        self.reporter, self.entries, self._reread_until = reporter, [], 0
        for block, offset in blocks:
            self.add(block, offset)
        return self.entries

    def add(self, block: Block, offset: int) -> None:
        line = block.start_line + offset
        if isinstance(block, (DuplicateBlockKeyBlock, DuplicateFieldKeyBlock)) and isinstance(
            block.ignore_error_block, (Entry, String)
        ):
            # Duplicate keys and fields are handled for all entries alike; a macro defined twice, by _strings.
            block = block.ignore_error_block
        if isinstance(block, Entry):
            # Unbalanced as BibTeX counts braces: bibtexparser may have ended it at an escaped \{ or \}.
            balanced = _bibtex_depth(block.raw) == 0
            if balanced or not self._reread(block.raw, line):
                if not balanced:
                    self.reporter.warn(
                        (block.key,),
                        "an escaped brace \\{ or \\} may end this entry early; check that its last fields are there",
                        line=line,
                    )
                self.entries.append(_entry(block, offset, self.reporter))
        elif isinstance(block, ParsingFailedBlock):
            raw = _own_text(block.raw)
            opening = _ENTRY_OPENING.match(raw)
            kind = opening.group(1).lower() if opening else "entry"
            if kind in _NOT_ENTRIES:
                self.reporter.warn((), f"this @{kind} block could not be read: {_explain(block.error)}", line=line)
            elif not self._reread(raw, line):
                self.reporter.warn(_key_path(raw), f"{_explain(block.error)}, {LEFT_OUT}", line=line)
        elif isinstance(block, ImplicitComment) and line > self._reread_until:
            self._check_fragment(block.raw, line)

    def _reread(self, raw: str, line: int) -> bool:
        """Read the entry again counting braces as BibTeX does; False if BibTeX could not read it either."""
        start = self.text.find(raw[:80], self._offset_of_line(line))
        opening = _ENTRY_OPENING.match(self.text, start) if start >= 0 else None
        end = _bibtex_end(self.text, opening.end() - 1) if opening and opening.group().endswith("{") else None
        if end is None:
            return False
        source = self.text[start:end]
        with _quiet_bibtexparser():
            blocks = bibtexparser.parse_string(_ESCAPED_BRACE.sub(_PLACEHOLDER, source), parse_stack=[]).blocks
        block = blocks[0] if len(blocks) == 1 else None
        if isinstance(block, DuplicateFieldKeyBlock):
            block = block.ignore_error_block  # the field given twice is told by _add_field
        if not isinstance(block, Entry):
            return False
        entry = _entry(block, line, self.reporter)
        entry.bibtex = entry.bibtex.replace(_PLACEHOLDER, "\\")
        entry.written = [field.value.replace(_PLACEHOLDER, "\\") for field in entry.every]
        for field in entry.every:
            field.value = field.value.replace(_PLACEHOLDER, "")  # \{ read as the brace BibTeX takes it for
        self.entries.append(entry)
        self._reread_until = line + source.count("\n")
        return True

    def _offset_of_line(self, line: int) -> int:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        return self._line_starts[min(line, len(self._line_starts)) - 1]

    def _check_fragment(self, text: str, line: int) -> None:
        """Text between entries is a comment to BibTeX, unless it looks like fields that lost their entry."""
        first = _FIELDS_OUTSIDE.search(text)
        if first:
            names = ", ".join(_FIELDS_OUTSIDE.findall(text)[:3])
            self.reporter.warn(
                (),
                f"text outside any entry looks like fields ({names} = ...); it belongs to no entry and is "
                "ignored - is an '@type{key,' line missing before it?",
                line=line + text.count("\n", 0, first.start()),
            )


_BLOCK_START = re.compile(r"[ \t]*@\w*[ \t]*")


def _own_text(raw: str) -> str:
    """A failed block's text without the "@type" of the next block that bibtexparser may end it with (where it
    wanted the comma after a key, or the "=" of a macro): that is the next chunk's (see _Chunks)."""
    line_start = raw.rfind("\n") + 1
    if line_start and _BLOCK_START.fullmatch(raw, line_start):
        return raw[: raw.index("@", line_start)]
    return raw


def _bibtex_depth(raw: str) -> int:
    return raw.count("{") - raw.count("}")


def _bibtex_end(text: str, opening: int) -> int | None:
    """End of the entry whose ``{`` is at ``opening``, every brace counted; None if another entry starts first."""
    depth = 0
    for mark in _BIBTEX_MARKS.finditer(text, opening):
        if mark.group() == "{":
            depth += 1
        elif mark.group() == "}":
            depth -= 1
            if depth == 0:
                return mark.end()
        else:
            return None
    return None


def _key_path(raw: str) -> tuple:
    """The path naming an entry's key, read from its text: for entries bibtexparser could not read."""
    key = _KEY.match(raw)
    return (key.group(1),) if key else ()


_KEY = re.compile(r"@[ \t]*\w+[ \t]*[{(]\s*([^,\s{}()=]+)")


def _explain(error: Exception) -> str:
    """bibtexparser's reason in a researcher's words."""
    reason = getattr(error, "abort_reason", None) or str(error)
    if reason.startswith("Expected comma after entry key"):
        return "a comma is missing after the key"
    # Where a field or its comma was due, the next entry's "@type" (quoted as found, which would make the
    # message depend on the entry after this one).
    if reason.startswith("Unexpected block start") or "found `@" in reason or "found a @" in reason:
        return "the entry does not end before the next one starts (a brace or quote is not closed)"
    if reason.startswith("Unexpectedly reached end of file"):
        return "the entry does not end before the end of the file (a brace or quote is not closed)"
    if reason.startswith("Expected equals sign"):
        return "a field name is not followed by '='"
    return f"bibtexparser cannot read it ({reason.strip()})"


def _entry(block: Entry, offset: int, reporter: Reporter) -> _Entry:
    """One entry with its fields by lower-case name."""
    for item in block.fields:
        if "%" in item.key:
            item.key = _without_comment_lines(item.key)
    fields, every = {item.key.lower(): item for item in block.fields}, block.fields
    # More "=" than fields: some value holds one, maybe because a comma is missing before a field.
    if len(fields) != len(block.fields) or block.raw.count("=") > len(fields):
        fields, every = {}, []
        for item in block.fields:
            every += _add_field(fields, item, offset, block.key, reporter)
    return _Entry(block.entry_type.lower(), block.key, block.start_line + offset, offset, fields, block.raw, every)


def _without_comment_lines(key: str) -> str:
    """A field name as bibtexparser reads it after `% …` lines (``"% my note\n  author"``): the name alone."""
    *before, name = key.split("\n")
    return name.strip() if all(line.strip().startswith("%") for line in before) else key


def _add_field(fields: dict[str, Field], item: Field, offset: int, key: str, reporter: Reporter) -> list[Field]:
    """Add a field, repairing missing commas and warning about a field given twice; the fields it was made of."""
    split = list(_split_at_missing_commas(item, offset, key, reporter))
    for field in split:
        name = field.key.lower()
        if name in fields:
            reporter.warn(
                (key, name),
                "this field appears twice in the entry; the first one is used",
                line=field.start_line + offset,
            )
        else:
            fields[name] = field
    return split


def _split_at_missing_commas(item: Field, offset: int, key: str, reporter: Reporter) -> Iterator[Field]:
    """The field, then each field that a missing comma joined to its value, in one pass over the value.

    bibtexparser reads "title = {A} year = 2020", a comma missing, as one value.
    """
    if "=" not in item.value:
        yield item
        return
    value, name, start, line = item.value, item.key, 0, item.start_line
    while missed := _MISSED_FIELD.match(value, _pieces(value, start)[1]):
        reporter.warn(
            (key, name.lower()),
            f"a comma is missing before the field '{missed.group(1)}'; both fields are read",
            line=line + offset,
        )
        yield Field(name, value[start : missed.start()].rstrip(), line)
        line += value.count("\n", start, missed.start())
        name, start = missed.group(1), missed.end()
    yield item if start == 0 else Field(name, value[start:], line)


_MISSED_FIELD = re.compile(r"([A-Za-z][\w-]*)\s*=\s*")  # a field's name and its "=", right after a whole value
_COMMENT_LINE = re.compile(r"(?m)^[ \t]*%")
_SPACES = re.compile(r"[ \t\r\n]*")
# A field's comma, the spaces after it, its name and its "=", as most are written: one match. A name that is not
# matched whole (a `%` comment in the gap, a name of other characters) is looked for the longer way (_field_at).
_FIELD_HEAD = re.compile(r"[ \t\r\n]*(,)([ \t\r\n]*)([^\s=%]+)[ \t\r\n]*=[ \t\r\n]*")
_EQUALS_GAP = re.compile(r"[ \t\r\n]*=[ \t\r\n]*")


def published_bibtex(entry: _Entry, private: PrivateFields) -> str | None:
    """The entry as a visitor may copy it: as written, minus display-only and private fields and `%` lines.

    Every other byte is kept. Every copy of a field given twice is matched and dropped alike. None when the
    text cannot be matched field by field (the reader then writes the entry from its fields), so nothing
    private is ever copied through unseen.
    """
    raw = entry.bibtex
    dropped = DISPLAY_ONLY_FIELDS.intersection(entry.fields) | private.among(entry.fields)
    if not dropped and not ("%" in raw and _COMMENT_LINE.search(raw)):
        return raw
    pos = raw.find(",")
    if pos < 0:
        return None
    # The text is copied in runs as written: a field kept whose comma follows the value before it, and whose name
    # follows the comma on its line or at the start of the next, continues the run; a field dropped ends it, and a
    # field kept but written otherwise (spaces before its comma, a blank line after it) is written anew.
    kept, run = [], 0
    written_values = entry.written
    for index, item in enumerate(entry.every):
        key = item.key
        head = _FIELD_HEAD.match(raw, pos)
        if head is not None and head.group(3) == key:
            comma, value = head.start(1), head.end()
            spaces = head.group(2)
            line_start = spaces.rfind("\n")
            as_written = comma == pos and (line_start == 0 or line_start < 0 and spaces == " ")
            name_at = head.start(3)
        else:
            found = _field_at(raw, pos, key)
            if found is None:
                return None
            comma, name_at, value = found
            as_written = False
        written = written_values[index] if written_values else item.value
        if not raw.startswith(written, value):
            return None
        end = value + len(written)
        if key.lower() in dropped:
            kept.append(raw[run:pos])
            run = end
        elif not as_written:
            indent = _indent_before(raw, comma, name_at)
            kept.append(f"{raw[run:pos]},{indent}{raw[name_at:end]}")
            run = end
        pos = end
    kept.append(raw[run:pos])
    rest = raw[pos:]
    if "=" in rest and any("=" in line for line in rest.splitlines() if not line.lstrip().startswith("%")):
        return None  # a field not matched above
    kept.append(_COMMENT_LINE.sub("", rest) if "%" in rest else rest)
    text = "".join(kept)
    return None if "%" in text and _COMMENT_LINE.search(text) else text


def _field_at(raw: str, pos: int, key: str) -> tuple[int, int, int] | None:
    """Where the field named ``key`` (in any case) follows ``pos``, past spaces and `%` comments: its comma, its
    name and its value; None if it does not."""
    comma = _after_gap(raw, pos)
    if not raw.startswith(",", comma):
        return None
    head = _after_gap(raw, comma + 1)
    if raw[head : head + len(key)].lower() != key.lower():
        return None
    equals = _EQUALS_GAP.match(raw, head + len(key))
    return None if equals is None else (comma, head, equals.end())


def _after_gap(raw: str, pos: int) -> int:
    """Past white space and `%` comments (each to its line's end)."""
    while True:
        pos = _SPACES.match(raw, pos).end()
        if not raw.startswith("%", pos):
            return pos
        end = raw.find("\n", pos)
        pos = len(raw) if end < 0 else end


def _indent_before(raw: str, comma: int, head: int) -> str:
    """The line break and indent a field name was written with after its comma (a space if it shares the
    comma's line). Only that gap is searched: a line of many fields must not be scanned again for each."""
    line_start = raw.rfind("\n", comma, head)
    return "\n" + raw[line_start + 1 : head] if line_start >= 0 else " "


# --- Field values -------------------------------------------------------------------------------

_BRACES = re.compile(r"[{}](?<!\\[{}])")  # unescaped, as bibtexparser counts them when it delimits a value
_QUOTE_MARKS = re.compile(r'[{}"](?<!\\[{}"])')
_MACRO = re.compile(r"[^\s\"#%'(),={}]+")


def _pieces(value: str, start: int = 0) -> tuple[list[tuple[bool, str]], int]:
    """The parts of the value at ``start`` joined by ``#`` as (is_macro, text), and where the text that is no
    part of it starts (``len(value)`` when there is none)."""
    pieces: list[tuple[bool, str]] = []
    pos, size = start, len(value)
    while True:
        while pos < size and value[pos].isspace():
            pos += 1
        if pos == size:
            return pieces, size
        if value[pos] in '{"':
            end = _group_end(value, pos)
            if end is None:
                return pieces, pos
            pieces.append((False, value[pos + 1 : end]))
            pos = end + 1
        else:
            word = _MACRO.match(value, pos)
            if not word:
                return pieces, pos
            pieces.append((not word.group().isdigit(), word.group()))
            pos = word.end()
        while pos < size and value[pos].isspace():
            pos += 1
        if pos == size:
            return pieces, size
        if value[pos] != "#":
            return pieces, pos
        pos += 1


def _group_end(value: str, start: int) -> int | None:
    """Index of the brace or quote closing the one at ``start``."""
    depth, quoted = 0, value[start] == '"'
    for mark in (_QUOTE_MARKS if quoted else _BRACES).finditer(value, start + quoted):
        char = mark.group()
        if char == '"' and depth == 0:
            return mark.start()
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0 and not quoted:
            return mark.start()
    return None


class _Values:
    """The fields of one entry: macros resolved, crossref filled in, TeX decoded on request."""

    def __init__(
        self, entry: _Entry, parent: _Entry | None, macros: _Macros, reporter: Reporter, private: PrivateFields
    ):
        self.entry, self.parent = entry, parent
        self.fields = entry.fields
        if parent is not None:
            inherited = {name: field for name, field in parent.fields.items() if name not in _OWN_FIELDS}
            if "title" in parent.fields:
                inherited["booktitle"] = parent.fields["title"]  # a proceedings' title is its papers' booktitle
            self.fields = {**inherited, **entry.fields}
        self.key = entry.key
        self.macros = macros
        self.reporter = reporter
        self.private = private
        self._resolved: dict[str, str] = {}  # each macro warning once, however often a field is read
        self._read = {"crossref"}  # the names asked for, present or not; crossref named the parent already
        self._urls: dict[str, tuple[str, str]] = {}  # name -> (what url() read, the value as written), if unlike

    def warn(self, name: str, problem: str) -> None:
        if name in self._urls:
            problem = quoting_written(problem, *self._urls[name])
        self.reporter.warn((self.key, name), problem, line=self._line(name))

    def _line(self, name: str) -> int:
        for entry in (self.entry, self.parent):
            if entry is not None and name in entry.fields:
                return entry.fields[name].start_line + entry.offset
        return self.entry.line

    def raw(self, name: str) -> str | None:
        """The value with macros resolved but TeX left as written."""
        self._read.add(name)
        field = self.fields.get(name)
        if field is None:
            return None
        value = field.value
        if value[:1] in '{"' and value[-1:] in '}"' and "#" not in value:
            return value[1:-1]  # the common case, "{...}" alone, needs no parsing
        if value.isdigit():
            return value  # year = 2024
        if name not in self._resolved:
            self._resolved[name], unknown, cut = self.macros.expand(value)
            for macro in unknown:
                self.warn(name, f"'{macro}' is not a defined @string macro; its name is used as the text")
            if cut:
                self.warn(name, cut)
        return self._resolved[name]

    def text(self, name: str) -> str | None:
        if name not in self.fields:  # most of the fields asked for: no call of raw()
            self._read.add(name)
            return None
        value = self.raw(name)
        return (tex_to_text(value) or None) if value is not None else None

    def first_text(self, *names: str) -> str | None:
        """The text of the first of ``names`` that has some. They are one field under several names: all of them
        count as read."""
        self._read.update(names)
        return next(filter(None, map(self.text, names)), None)

    def url(self, name: str) -> str | None:
        """A URL or id: no braces, \\_ or \\% written as _ and %, and no spaces (a long URL may be wrapped onto
        the next line), except single ones in HTML markup, where they part a tag from its attributes:
        <a href="…">. Messages about it quote the value as written."""
        written = self.raw(name)
        if not written:
            return None
        wrapped = _URL_COMMAND.match(written)  # \url{…}, \href{…}{text}: what LaTeX and BibDesk write
        value = wrapped.group(1) if wrapped else written
        value = _URL_NOISE.sub("", value) if _URL_NOISE.search(value) else value
        value = squash(value) if "<" in value else "".join(value.split())
        if value != written:
            self._urls[name] = (value, squash(written))
        return value or None

    def unread_field_names(self) -> list[str]:
        """The entry's own fields that nothing has read, private ones left out, in the order written: once every
        field this reader knows is read, those left may be links under names of the researcher's choosing."""
        return [name for name in self.entry.fields if name not in self._read and name not in self.private]


_URL_NOISE = re.compile(r"[{}]|\\(?=[_%&#~$])")
_URL_COMMAND = re.compile(r"\s*\\(?:url|href)\s*\{([^{}]*)\}(?:\s*\{[^{}]*\})?\s*$")


# A value's text once @string macros are expanded. Far more than any real field (a long abstract is a few
# KB), and a bound on what nested macros make of a few bytes: each level of "a # a" doubles the text.
MAX_VALUE_CHARS = 64 * 1024
# All the text @string macros may add to one file, so that reading it costs in proportion to its size:
# 4 characters for each of the file's own, and 256 KB in any file. Real files add far less (under 1% of
# their size in a corpus of them); unbounded, thousands of short uses of one 64 KB macro add gigabytes.
MACRO_TEXT_PER_FILE_CHAR = 4
MIN_MACRO_TEXT = 256 * 1024


class _Macros:
    """A file's @string macros, expanded, and how much text they may still add to the file."""

    def __init__(self, file_chars: int):
        self.texts: dict[str, str] = {}  # by lower-case name: BibTeX ignores case
        self.limit = max(MIN_MACRO_TEXT, MACRO_TEXT_PER_FILE_CHAR * file_chars)
        self.budget = self.limit

    def peek(self, value: str) -> str:
        """``value``'s text as ``expand`` gives it now, taking nothing from what the file may add."""
        budget = self.budget
        text = self.expand(value)[0]
        self.budget = budget
        return text

    def expand(self, value: str) -> tuple[str, list[str], str | None]:
        """``value``'s text with macros replaced; the macros that are not defined; why the text was cut, if it was."""
        parts, unknown, room, cut = [], [], MAX_VALUE_CHARS, None
        for is_macro, piece in _pieces(value)[0]:
            name = piece.lower() if is_macro else None
            expanded = name in self.texts
            if expanded:
                piece = self.texts[name]
            elif name in _MONTH_MACROS:
                piece = _MONTH_MACROS[name]
            elif is_macro:
                unknown.append(piece)
            if len(piece) > room:
                piece = piece[:room]
                cut = (
                    f"the text is longer than {MAX_VALUE_CHARS:,} characters once @string macros are expanded; "
                    "it is cut there"
                )
            if expanded:
                if len(piece) > self.budget:
                    piece = piece[: self.budget]
                    cut = (
                        f"the @string macros of this file add more text than {self.limit:,} characters in all "
                        f"({MACRO_TEXT_PER_FILE_CHAR} times the file's size, at least {MIN_MACRO_TEXT // 1024} KB); "
                        "the text is cut there"
                    )
                self.budget -= len(piece)
            parts.append(piece)
            room -= len(piece)
            if cut:
                break
        return "".join(parts), list(dict.fromkeys(unknown)), cut


# --- Names -------------------------------------------------------------------------------------

# {Family, Given Names}, nothing else. The given names are apart (\s+): words that could also run
# together, as (\s*[A-Z]\w*)+ lets them, split a run of capitals in exponentially many ways.
_PERSON_IN_BRACES = re.compile(r"^\{[^{},]+,\s*[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*\}$")
_COMPANY = re.compile(r"\b(?:Inc|Ltd|LLC|GmbH|Co|Corp|AG|SA|plc|and)\b\.?", re.IGNORECASE)
# The comma alone: "\s*,\s*" would read a long run of spaces again from each of them. The spaces stay
# with the parts, whose words are split at spaces anyway.
_COMMA = re.compile(r"(,)")
_SPACE = re.compile(r"(\s+)")


def _authors(values: _Values, field: str) -> list[Author]:
    """BibTeX's name list: names separated by the word "and" outside braces.

    A comma that ends a name, as in "Park, Soobeen, and Kim, Jae", would make BibTeX read "Soobeen" as a
    suffix (like Jr.) and no given name at all: it is left out, with a warning.
    """
    names = split_name_list(squash(values.raw(field) or ""))
    ending_in_comma = [name for name in names if name.endswith(",")]
    if ending_in_comma:
        first = ending_in_comma[0]
        values.warn(
            field,
            f"the name '{first}' ends with a comma; it is read as '{first.rstrip(', ')}'"
            if len(ending_in_comma) == 1
            else f"{len(ending_in_comma)} names end with a comma ('{first}' and {len(ending_in_comma) - 1} more); "
            "each is read without it",
        )
        names = [name.rstrip(", ") for name in names]
    return [_author(name) for name in names if name]


@lru_cache(maxsize=65536)
def _author(raw: str) -> Author:
    """One BibTeX name: "First von Last", "von Last, First" or "von Last, Jr, First"; marks kept apart."""
    words = raw.split()
    plain = raw.count(",") == 1 or "," not in raw and not _has_von(words)
    if plain and not ("{" in raw and SEPARATOR_IN_BRACES.search(raw)):
        # "First Last" or "Last, First" (no von, no Jr) mean the same in BibTeX and front matter, once decoded.
        return parse_author(" ".join(map(_word_text, words)))  # words repeat: each is decoded once
    name, marks = split_marks(raw) if ANY_MARK.search(raw) else (raw, "")
    if name.startswith("{") and _group_end(name, 0) == len(name) - 1:  # {Corporate Name}: never split
        if name[1:-1].strip().casefold() == "others":
            return Author(name=ET_AL)  # Zotero writes Google Scholar's "and others" as "and {others}"
        if _PERSON_IN_BRACES.match(name) and not _COMPANY.search(name):
            # Zotero braces a one-field name whole, as in {Kvamsdal, Trond}; it is still Last, First.
            return replace(_author(name[1:-1]), marks=marks)
        whole = tex_to_text(name)
        return Author(name=whole, marks=marks, family=whole)
    parts = [
        [(word, _word_text(word)) for word in split_outside_braces(part, _SPACE) if word]
        for part in split_outside_braces(name, _COMMA)
    ]
    for part in parts:  # marks written in TeX, like \textsuperscript{\dag}, show once decoded
        if part and ANY_MARK.search(part[-1][1]):
            word, more = split_marks(part[-1][1])
            part[-1] = (part[-1][0], word)
            marks += more
    jr: list[str] = []
    if len(parts) == 1:
        first, family = _first_and_family(parts[0])
    else:
        family = [text for _, text in parts[0]]
        if len(parts) > 2:
            jr = [text for _, text in parts[1]]
        first = [text for part in parts[2:] or parts[1:] for _, text in part]
    given, family_name = " ".join(first), " ".join(family)
    return Author(name=" ".join(first + family + jr), marks=marks, given=given, family=family_name)


def _has_von(words: list[str]) -> bool:
    return any(word[:1].islower() for word in words[:-1])


@lru_cache(maxsize=8192)
def _word_text(word: str) -> str:
    return tex_to_text(word) if has_tex(word) else word


def _first_and_family(words: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """ "Ludwig van Beethoven": the family name starts at the first lower-case ("von") word, as in BibTeX."""
    von = [i for i, (raw, text) in enumerate(words[:-1]) if _is_von(raw, text)]
    cut = von[0] if von else len(words) - 1
    return [text for _, text in words[:cut]], [text for _, text in words[cut:]]


def _is_von(raw: str, text: str) -> bool:
    # A braced word is protected from the test, unless it starts with an accent like {\"u}.
    return (not raw.startswith("{") or raw.startswith("{\\")) and text[:1].islower()


# --- Mapping -----------------------------------------------------------------------------------


def _arxiv_eprint(values: _Values) -> bool:
    return (values.first_text("archiveprefix", "eprinttype") or "").lower() == "arxiv"


def _type(entry_type: str, values: _Values, venue: str | None) -> str:
    if entry_type in _PREPRINT_TYPES and (_arxiv_eprint(values) or mentions_arxiv(venue)):
        return "preprint"
    if entry_type == "article" and mentions_arxiv(venue):
        return "preprint"  # Google Scholar exports arXiv papers as @article{journal={arXiv preprint ...}}
    return _TYPES.get(entry_type, "other")


_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
_ISO_DATE = re.compile(r"^\s*(\d{4})(?:-(\d{1,2}))?")
_MONTH_NAME = re.compile(r"[A-Za-z]{3}")
_LEADING_NUMBER = re.compile(r"\s*(\d{1,2})(?!\d)")
_FULL_DATE = re.compile(r"\s*\d{4}[-/.](\d{1,2})(?:[-/.]\d{1,2})?\s*$")  # BibDesk's month = {2019/06/05}
# "jan", "january", "1" and "01"; June written out is what the month macros resolve to.
_MONTHS = {
    spelling: number
    for number, (short, full) in enumerate(_MONTH_MACROS.items(), 1)
    for spelling in (short, full.lower(), str(number), f"{number:02d}")
}


def _date(values: _Values) -> tuple[int | None, int | None, str | None]:
    """Year, month, and a year that is words ("In Press") to show in the note."""
    year_text = values.text("year") or ""
    date_text = values.text("date") or ""  # biblatex: date = {2019-03-15}
    month = _month(values)
    # Decimal digits of any script are what int() reads (as \d does); isdigit() also takes ², which int() refuses.
    if len(year_text) == 4 and year_text.isdecimal():
        return int(year_text), month, None
    year = _YEAR.search(year_text)
    if year:
        return int(year.group(1)), month, None
    date = _ISO_DATE.match(date_text)
    if date:
        return int(date.group(1)), month or _MONTHS.get(date.group(2) or ""), None
    if any(char.isnumeric() for char in year_text):  # "In Press" is meant as words; "²" or "99" is a mistake
        values.warn("year", f"'{year_text[:40]}' is not a year of four digits; it is shown in the note as written")
    return None, month, year_text or None


def _month(values: _Values) -> int | None:
    text = values.text("month")
    if not text:
        return None
    name, leading = _MONTH_NAME.search(text), _LEADING_NUMBER.match(text)  # also "Jun.", "10 June", "11/2020"
    full_date = _FULL_DATE.match(text)
    number = (
        _MONTHS.get(text.lower())
        or (full_date and _MONTHS.get(full_date.group(1)))
        or (name and _MONTHS.get(name.group().lower()))
        or (leading and _MONTHS.get(leading.group(1)))
    )
    if not number:
        values.warn("month", f"'{text}' is not a month; it is left out")
    return number or None


def _publication(entry: _Entry, values: _Values, assets_prefix: str) -> Publication | None:
    title = values.text("title")
    if not title:
        values.warn("title", f"there is no title, {LEFT_OUT}")
        return None
    year, month, year_words = _date(values)
    # A thesis is "at" its school: biblatex exports may put subject categories in journaltitle.
    venue_fields = _THESIS_VENUE_FIELDS if _TYPES.get(entry.type) == "thesis" else _VENUE_FIELDS
    venue = values.first_text(*venue_fields)
    eprint = values.url("eprint")
    # An arXiv preprint written as @misc: its eprint, and archivePrefix (eprinttype) or howpublished saying arXiv.
    arxiv_preprint = bool(eprint) and entry.type in _PREPRINT_TYPES and (_arxiv_eprint(values) or mentions_arxiv(venue))
    arxiv = arxiv_id(eprint) if arxiv_preprint else None
    if arxiv and (venue is None or arxiv not in venue):
        venue = f"arXiv preprint arXiv:{arxiv}"  # as Google Scholar and al-folio name it
    pub = Publication(
        title=title,
        key=values.key,
        authors=_authors(values, "author"),
        venue=venue,
        year=year,
        month=month,
        type=_type(entry.type, values, venue),
        abstract=values.text("abstract"),
        note=joined(values.text("note"), year_words),
        tags=tags_from(values.text("keywords")),
        trusted=False,
        volume=values.text("volume"),
        issue=values.first_text("number", "issue"),
        pages=display_pages(values.text("pages")),
        publisher=values.text("publisher"),
        edition=values.text("edition"),
        editors=_authors(values, "editor"),
        series=values.text("series"),
        isbn=values.text("isbn"),
        issn=values.text("issn"),
        origin=(Place(values.reporter.file, entry.line), entry.key),  # messages from the page name the entry
    )
    link = link_for("arxiv", eprint, values, "eprint") if eprint and (arxiv or _arxiv_eprint(values)) else None
    if link:
        pub.links.append(link)
    apply_display_fields(pub, values, assets_prefix)
    if arxiv and not pub.abbr:
        pub.abbr = "arXiv"  # its badge, as the venue's abbreviation is a paper's
    return pub


def read_bibtex(
    text: str,
    reporter: Reporter,
    *,
    assets_prefix: str = "assets/pdf/",
    private_fields=PRIVATE_FIELDS,
    memo: EntryMemo | None = None,
) -> list[Publication]:
    """The publications of a .bib file's text; every entry left out is reported with its line. ``memo``: what the
    chunks of this file's previous read (with the same assets prefix and private fields) gave, replaced by this
    read's; the result is the same with it as without."""
    return _read_bibtex(text, reporter, assets_prefix, PrivateFields(private_fields), memo)


def _read_bibtex(
    text: str, reporter: Reporter, assets_prefix: str, private: PrivateFields, memo: EntryMemo | None
) -> list[Publication]:
    text = drop_junk(text, reporter)
    chunks = _Chunks(text)
    try:
        read = _FileRead(chunks, reporter, assets_prefix, private, in_batches=True)
        results, remembered = read.read(memo)
    except _ReadAgain:
        read = _FileRead(chunks, reporter, assets_prefix, private, in_batches=False)
        results, remembered = read.read(None if memo is None else {})
    reporter.found.extend(read.reporter.found)
    for result in results:
        reporter.found.extend(result.found_splitting)
    for result in results:
        reporter.found.extend(result.found_reading)
    if memo is not None:
        memo.clear()
        memo.update(remembered)
    pubs = [pub for result in results for pub in result.publications]
    # pylatexenc keeps the exceptions it catches in a reference cycle with their frames, and so with the frames
    # above them, these included: emptied here, the chunks' reads are freed now, not walked by a later collection.
    results.clear()
    return unique_keys(pubs, reporter)


_FIELD_NAMES = KNOWN_FIELDS | COMMON_FIELDS


def _check_names(entry: _Entry, private: PrivateFields, reporter: Reporter) -> None:
    """One warning for each misspelled entry type or field name: BibTeX reads neither (``yaer`` files the entry
    under no year), and a style would not either. Names of the author's own, not close to a known one, are
    silent."""
    if entry.type not in ENTRY_TYPES:
        close = near_miss(entry.type, ENTRY_TYPES)
        if close:
            reporter.warn(
                (entry.key,), f"unknown entry type '@{entry.type}'; did you mean '@{close}'?", line=entry.line
            )
    for name, field in entry.fields.items():
        if name in _FIELD_NAMES:
            continue  # most names are known: no look-up of a misspelling
        close = None if name in private else misspelled(name, _FIELD_NAMES)
        if close:
            reporter.warn(
                (entry.key, name), f"unknown field; did you mean '{close}'?", line=field.start_line + entry.offset
            )


# --- Reading again only what changed ------------------------------------------------------------


@dataclass
class ChunkRead:
    """What one chunk of a .bib file gave its read (sources/bibtex.py, _Chunks: the text from an "@type{" that
    starts a line to the next)."""

    line: int  # where the chunk started: the same text elsewhere moves its lines along
    keys: frozenset[str]  # its entries' keys in lower case, as a crossref names them
    found_splitting: list[Diagnostic]  # problems found splitting it into entries
    publications: list[Publication]
    found_reading: list[Diagnostic]  # problems found reading its entries
    macro_text: int  # the text @string macros added to its values: it counts against the file's (bibtex._Macros)

    def moved(self, line: int) -> ChunkRead:
        """What the same text gives on ``line``."""
        shift = line - self.line
        if not shift:
            return self
        return ChunkRead(
            line,
            self.keys,
            _moved_diagnostics(self.found_splitting, shift),
            [_moved(pub, shift) for pub in self.publications],
            _moved_diagnostics(self.found_reading, shift),
            self.macro_text,
        )


def _moved(pub: Publication, shift: int) -> Publication:
    place, key = pub.origin
    return replace(pub, origin=(replace(place, line=place.line + shift), key))


def _moved_diagnostics(found: list[Diagnostic], shift: int) -> list[Diagnostic]:
    return [problem if problem.line is None else replace(problem, line=problem.line + shift) for problem in found]


# What each chunk of a file gave its last read, by a digest of the chunk's text and the file's @string macros: a
# file edited under `mkdocs serve` splits and reads again only the chunks that changed.
EntryMemo = dict[str, ChunkRead]


# Where bibtexparser starts a block whatever came before it: "@type{" or "@type(" first on its line (a block still
# open there ends, cut short). The text from one such mark to the next is split into the same blocks whether
# bibtexparser reads it alone or in the whole file: a file is read in these chunks, and an edit splits again only
# the chunks it changed. A line after a backslash starts none: bibtexparser does not count it (see _Chunks).
_CHUNK_START = re.compile(r"\n(?<!\\\n)[ \t]*(?=@\w*[ \t]*[{(])")
# Ends chunks split without the one that follows them in the file: a block open at their end is cut short by it,
# as by that chunk, not by the end of the text.
_NEXT_CHUNK = "@comment{}"


class _Chunks:
    """A file's text cut at _CHUNK_START, with the line each chunk starts on. bibtexparser counts no line after a
    backslash (its line marks are unescaped newlines): a block's line is its chunk's, plus bibtexparser's count
    from the chunk's start, the same whichever chunks it split together."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0, *(match.end() for match in _CHUNK_START.finditer(text))]
        self.ends = [*self.starts[1:], len(text)]
        self.lines: list[int] = []  # the file line each starts on
        self.parser_lines: list[int] = []  # the lines in each as bibtexparser counts them
        escaped = "\\\n" in text
        line = 1
        for start, end in zip(self.starts, self.ends, strict=True):
            self.lines.append(line)
            newlines = text.count("\n", start, end)
            self.parser_lines.append(newlines - text.count("\\\n", start, end) if escaped else newlines)
            line += newlines

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, number: int) -> str:
        return self.text[self.starts[number] : self.ends[number]]

    def naming(self, *words: str) -> set[int]:
        """The chunks whose text holds one of ``words`` (lower case) in any case."""
        lowered = self.text.lower()
        if len(lowered) != len(self.text):  # some letter is longer in lower case (İ): no position is the same
            return {number for number in range(len(self)) if any(word in self[number].lower() for word in words)}
        found = set()
        for word in words:
            at = lowered.find(word)
            while at >= 0:
                found.add(bisect_right(self.starts, at) - 1)
                at = lowered.find(word, at + 1)
        return found


# Chunks split and read at a time on a first read (see _FileRead).
_BATCH = 200


class _ReadAgain(Exception):
    """A chunk taken from the memo might give something else read now: the file is read whole."""


class _FileRead:
    """One read of a file, chunk by chunk. With a memo, a chunk whose text and macros are unchanged is taken
    from it, not split, unless reading it could now give something else: a chunk that defines macros, has a
    crossref or is named by one is always read. Those are split by one call of bibtexparser, the other chunks
    to read by another.

    A first read ``in_batches`` splits the chunks that define macros or have a crossref first, then the others
    _BATCH at a time, each batch read and let go before the next is split: bibtexparser's blocks of a whole
    10,000-entry file take ~200 MB at once, and the memory they leave behind stays with the process (freed in
    small pieces, it is not given back), 80 MB of the peak of a build. A file whose crossrefs name other
    entries is split whole, as is one bibtexparser fails on (``_ReadAgain``: read again not in batches)."""

    def __init__(
        self,
        chunks: _Chunks,
        file_reporter: Reporter,
        assets_prefix: str,
        private: PrivateFields,
        *,
        in_batches: bool,
    ):
        self.chunks = chunks
        self.reporter = Reporter(file_reporter.file, file_reporter.lines)  # bibtexparser's failures, the macros'
        self.assets_prefix, self.private = assets_prefix, private
        self.in_batches = in_batches
        self.splitter = _Splitter(chunks.text)
        self.blocks: dict[int, list[tuple[Block, int]]] = {}  # of the chunks split, each with its line offset
        self.entries: dict[int, tuple[list[_Entry], list[Diagnostic]]] = {}  # and the problems splitting found
        self.macros = _Macros(len(chunks.text))
        self.named: set[str] | None = None  # the keys crossrefs name, when chunks are split apart
        self.one_by_one = False  # bibtexparser failed on the file as a whole: there are no chunks to remember

    def read(self, memo: EntryMemo | None) -> tuple[list[ChunkRead], EntryMemo]:
        """Each chunk's read, in order, and (with a memo) what to remember of them for the next read."""
        count = len(self.chunks)
        taken: dict[int, ChunkRead] = {}
        always: set[int] = set()
        if memo or self.in_batches:
            always = self.chunks.naming("@string", "crossref")
            self._split(sorted(always))
            self._define_macros()
            self.named = {
                self.macros.peek(entry.fields["crossref"].value).strip().lower()
                for number in sorted(always)
                for entry in self._entries(number)[0]
                if "crossref" in entry.fields
            }
        else:
            self._split(list(range(count)))
            self._define_macros()
        digests = self._digests() if memo is not None else None
        if memo:
            for number in range(count):
                known = memo.get(digests[number]) if number not in always else None
                if known is not None and known.keys.isdisjoint(self.named):
                    taken[number] = known
        # A crossref's parent may be in any chunk: all are split before one is read.
        batch = _BATCH if self.in_batches and not memo and not self.named else count
        results, remembered = [], {}
        for first in range(0, count, batch):
            numbers = range(first, min(first + batch, count))
            self._split([number for number in numbers if number not in self.blocks and number not in taken])
            by_key: dict[str, _Entry] = {}
            for number in sorted(self.blocks):
                for entry in self._entries(number)[0]:
                    by_key.setdefault(entry.key.lower(), entry)
            for number in numbers:
                known = taken.get(number)
                if known is None:
                    result = self._read_chunk(number, by_key)
                elif known.macro_text > self.macros.budget:
                    raise _ReadAgain  # its macros would now be cut short
                else:
                    self.macros.budget -= known.macro_text
                    result = known.moved(self.chunks.lines[number])
                results.append(result)
                # Once macros are cut short, what is cut depends on every chunk before.
                if digests and not self.one_by_one and self.macros.budget > 0:
                    remembered[digests[number]] = result
            # pylatexenc keeps an exception in a local, a reference cycle that holds every frame above the call,
            # these included, until the cycle collector runs: emptied here, the blocks and entries are freed at
            # once instead of being walked by that collection.
            for number in numbers:
                entries, _ = self.entries.pop(number, ([], []))
                entries.clear()
                self.blocks.pop(number, None)
            by_key.clear()
        return results, remembered

    def _split(self, numbers: list[int]) -> None:
        """Split these chunks (in order) with one call of bibtexparser."""
        if not numbers:
            return
        whole = len(numbers) == len(self.chunks)
        text = self.chunks.text if whole else "".join(self.chunks[number] for number in numbers)
        closed = numbers[-1] < len(self.chunks) - 1
        blocks = _parse(text + _NEXT_CHUNK if closed else text)
        if closed:
            last = blocks.pop() if blocks else None
            if not isinstance(last, ExplicitComment) or last.raw != _NEXT_CHUNK:
                blocks = None
        if blocks is None:
            if not whole:
                raise _ReadAgain
            self.one_by_one = True  # not in chunks: all the blocks are the first chunk's
            self.blocks = {number: [] for number in numbers}
            self.blocks[0] = _blocks_one_by_one(text, self.reporter)
            return
        place, first_line, next_line = 0, 0, self.chunks.parser_lines[numbers[0]]
        for number in numbers:
            self.blocks[number] = []
        for block in blocks:
            while place + 1 < len(numbers) and block.start_line >= next_line:
                place += 1
                first_line, next_line = next_line, next_line + self.chunks.parser_lines[numbers[place]]
            number = numbers[place]
            self.blocks[number].append((block, self.chunks.lines[number] - first_line))

    def _define_macros(self) -> None:
        blocks = [pair for number in sorted(self.blocks) for pair in self.blocks[number]]
        self.macros = _strings(blocks, self.reporter, len(self.chunks.text))

    def _digests(self) -> list[str]:
        """Each chunk's text with the file's macros, digested."""
        macros = hashlib.sha256(repr(sorted(self.macros.texts.items())).encode("utf-8", "surrogatepass"))
        digests = []
        for number in range(len(self.chunks)):
            digest = macros.copy()
            digest.update(self.chunks[number].encode("utf-8", "surrogatepass"))
            digests.append(digest.hexdigest())
        return digests

    def _entries(self, number: int) -> tuple[list[_Entry], list[Diagnostic]]:
        if number not in self.entries:
            reporter = Reporter(self.reporter.file, self.reporter.lines)
            self.entries[number] = self.splitter.read(self.blocks[number], reporter), reporter.found
        return self.entries[number]

    def _read_chunk(self, number: int, by_key: dict[str, _Entry]) -> ChunkRead:
        entries, found = self._entries(number)
        reporter = Reporter(self.reporter.file, self.reporter.lines)
        budget = self.macros.budget
        pubs = []
        for entry in entries:
            _check_names(entry, self.private, reporter)
            values = _Values(entry, self._parent(entry, by_key, reporter), self.macros, reporter, self.private)
            pub = _publication(entry, values, self.assets_prefix)
            if pub is not None:
                pub.bibtex = published_bibtex(entry, self.private)
                pubs.append(pub)
        keys = frozenset(entry.key.lower() for entry in entries)
        return ChunkRead(self.chunks.lines[number], keys, found, pubs, reporter.found, budget - self.macros.budget)

    def _parent(self, entry: _Entry, by_key: dict[str, _Entry], reporter: Reporter) -> _Entry | None:
        field = entry.fields.get("crossref")
        if field is None:
            return None
        target = self.macros.expand(field.value)[0].strip()
        if self.named is not None and target.lower() not in self.named:
            raise _ReadAgain  # the entry it names may be in a chunk taken unsplit
        parent = by_key.get(target.lower())  # BibTeX matches crossref keys ignoring case
        if parent is None:
            reporter.warn(
                (entry.key, "crossref"),
                f"no entry has the key '{target}'; no fields are filled in from it",
                line=field.start_line + entry.offset,
            )
        return parent
