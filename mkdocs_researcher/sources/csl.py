"""Reading CSL-JSON (Zotero, citation-js, pandoc) into publications.

A file is an array of items, or an object with an ``items`` array. Every item
becomes one Publication, or one warning (with the item's line) says why not.
Text from CSL-JSON is never Markdown (``trusted`` is False). CSL's rich-text
tags (<i>, <sup>…) are kept, sanitized, in the title, venue, abstract and note
(see publication_fields.apply_inline_html) and dropped from other fields.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate, islice
from os import PathLike
from typing import Any

from ..diagnostics import Place, Reporter, quoting_written
from ..model.names import ET_AL, parse_author, split_marks
from ..model.records import Author, Publication, display_pages
from .bibtex_fields import PRIVATE_FIELDS, PrivateFields
from .keys import unique_keys
from .publication_fields import (
    COMMON_FIELDS,
    LEFT_OUT,
    apply_display_fields,
    joined,
    mentions_arxiv,
    misspelled,
    tags_from,
)
from .text_files import drop_junk, read_text_file

_TYPES = {
    "article-journal": "journal",
    "paper-conference": "conference",
    "thesis": "thesis",
    "book": "book",
    "chapter": "chapter",
    "report": "report",
    "patent": "patent",
}
_THESIS_GENRES = {"phdthesis": "PhD thesis", "mastersthesis": "Master's thesis"}  # citation-js keeps BibTeX's words
# CSL's HTML-like markup in titles. An attribute stops at "<" too: "<i " over and over, no ">" to close
# any of them, would otherwise read the rest of the title once for each.
_RICH_TEXT = re.compile(r"</?(?:i|b|sup|sub|span)(?:\s[^<>]*)?>")
_SPACES = re.compile(r"\s+")
_ARRAY = re.compile(r"\s*\[")
_ITEMS_ARRAY = re.compile(r'"items"\s*:\s*\[')
_BETWEEN_ITEMS = re.compile(r"[\s,]*")
_DATE = re.compile(r"(?<!\d)(\d{4})(?:-(\d{1,2}))?")
# Deeper than CSL-JSON ever nests (an item's names are three levels down, its date-parts four): Python's
# json, and every walk over what it returns, recurse once per level, and must not reach the recursion limit.
MAX_JSON_DEPTH = 64
# A string; one not closed ends with its line. Runs of plain characters in one step, escapes between them.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # json reads a pair of halves as one character already
_JSON_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"?')
_JSON_BRACKET = re.compile(r"[\[\]{}]")
_DEPTH_CHANGE = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_csl_file(path: str | PathLike, reporter: Reporter, **kw) -> list[Publication]:
    text = read_text_file(path, reporter)
    return [] if text is None else read_csl_json(text, reporter, **kw)


def read_csl_json(
    text: str, reporter: Reporter, *, assets_prefix: str = "assets/pdf/", private_fields=PRIVATE_FIELDS
) -> list[Publication]:
    """The publications of a CSL-JSON text; an item left out is reported with its line, index and id. An item
    publishes no BibTeX of its own; its private fields (a BibTeX export's, kept by citation-js) are no links."""
    text = drop_junk(text, reporter).lstrip("\ufeff")  # json refuses a byte order mark
    too_deep = _too_deep(text)
    if too_deep:
        reporter.warn(
            (),
            f"this JSON is nested too deeply (more than {MAX_JSON_DEPTH} arrays and objects inside one another); "
            "no publication is read from the file",
            line=too_deep,
        )
        return []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        reporter.warn(
            (),
            f"this is not valid JSON ({error.msg}, column {error.colno}); no publication is read from the file",
            line=error.lineno,
        )
        return []
    except ValueError as error:  # a number of more digits than Python converts
        reporter.warn((), f"this JSON cannot be read ({error}); no publication is read from the file")
        return []
    items = data.get("items") if isinstance(data, dict) else data
    if not isinstance(items, list):
        reporter.warn(
            (),
            "expected a list of CSL items (or an object with an 'items' list); no publication is read from the file",
            line=1,
        )
        return []
    lines = _item_lines(text, len(items))
    private = PrivateFields(private_fields)
    pubs = []
    for index, item in enumerate(items):
        item, lone_surrogates = _lone_surrogates_replaced(item)
        pub = _publication(item, index, lines[index], reporter, assets_prefix, private)
        if lone_surrogates:
            key = pub.key if pub is not None else _key(item) if isinstance(item, dict) else ""
            reporter.warn(
                (key,) if key else (),
                f"item {index + 1} of the list has text with a lone surrogate escape (\\ud800-\\udfff), "
                "which is no character; it is shown as \ufffd",
                line=lines[index],
            )
        if pub is not None:
            pubs.append(pub)
    return unique_keys(pubs, reporter)


def _lone_surrogates_replaced(value: Any) -> tuple[Any, bool]:
    """``value`` with each lone surrogate in its strings (JSON's "\\ud800" not followed by its other half) as
    U+FFFD, which UTF-8 can write; and whether there was any. The walk is as deep as MAX_JSON_DEPTH at most."""
    if isinstance(value, str):
        replaced = _LONE_SURROGATE.sub("\ufffd", value)
        return replaced, replaced != value
    if isinstance(value, list):
        items = [_lone_surrogates_replaced(item) for item in value]
        return [item for item, _ in items], any(found for _, found in items)
    if isinstance(value, dict):
        pairs = [(_lone_surrogates_replaced(name), _lone_surrogates_replaced(item)) for name, item in value.items()]
        return {name: item for (name, _), (item, _) in pairs}, any(a or b for (_, a), (_, b) in pairs)
    return value, False


def _too_deep(text: str) -> int | None:
    """The line where arrays and objects first nest more than MAX_JSON_DEPTH deep, or None."""
    skeleton = _JSON_STRING.sub('""', text)  # brackets in strings are text; the lines stay where they were
    depths = list(accumulate(map(_DEPTH_CHANGE.__getitem__, _JSON_BRACKET.findall(skeleton))))
    if not depths or max(depths) <= MAX_JSON_DEPTH:
        return None
    bracket = next(islice(_JSON_BRACKET.finditer(skeleton), depths.index(MAX_JSON_DEPTH + 1), None))
    return skeleton.count("\n", 0, bracket.start()) + 1


def _item_lines(text: str, count: int) -> list[int | None]:
    """The line each item of the items array starts on; json.loads keeps no positions, raw_decode does."""
    opening = _ARRAY.match(text) or _ITEMS_ARRAY.search(text)
    lines: list[int | None] = []
    decoder = json.JSONDecoder()
    pos = opening.end() if opening else len(text)
    line, counted = 1, 0
    while len(lines) < count:
        pos = _BETWEEN_ITEMS.match(text, pos).end()
        try:
            end = decoder.raw_decode(text, pos)[1]
        except json.JSONDecodeError:
            break
        line, counted = line + text.count("\n", counted, pos), pos
        lines.append(line)
        pos = end
    return lines + [None] * (count - len(lines))


class _Item:
    """One CSL item as a FieldSource: lower-case names, strings, warnings with the item's line."""

    def __init__(self, item: dict, key: str, line: int | None, reporter: Reporter, private: PrivateFields):
        self.fields = {str(name).lower(): value for name, value in item.items()}
        self.private = private
        self.key = key
        self.line = line
        self.reporter = reporter
        self._read = set(_READ_AS_DATA)  # the names asked for, present or not
        self._urls: dict[str, tuple[str, str]] = {}  # name -> (what url() read, the value as written), if unlike

    def text(self, name: str, markup: bool = False) -> str | None:
        """The field's text; with ``markup``, its rich-text tags kept for apply_inline_html, else removed."""
        self._read.add(name)
        value = self.fields.get(name)
        if isinstance(value, list):  # container-title may be a list of alternatives; the first is the main one
            value = value[0] if value else None
        if value is None or isinstance(value, (dict, list)):
            return None
        text = str(value) if markup else _RICH_TEXT.sub("", str(value))
        return _SPACES.sub(" ", text).strip() or None

    def url(self, name: str) -> str | None:
        """A URL or id: no spaces, except single ones in HTML markup, where they part a tag from its attributes:
        <a href="…">. Messages about it quote the value as written."""
        written = self.text(name)
        if not written or "<" in written or " " not in written:
            return written
        self._urls[name] = (written.replace(" ", ""), written)
        return self._urls[name][0]

    def unread_field_names(self) -> list[str]:
        """The item's fields nothing has read so far: once the known fields are read, those left may be links
        under names of the author's choosing."""
        return [name for name in self.fields if name not in self._read and name not in self.private]

    def warn(self, name: str, problem: str) -> None:
        if name in self._urls:
            problem = quoting_written(problem, *self._urls[name])
        self.reporter.warn((self.key, name), problem, line=self.line)


# CSL's variables (CSL 1.0.2, Appendix IV: standard, number, date and name variables) and the other keys of an
# item in CSL-JSON's schema, plus those Zotero and citation-js add; a key close to one of them, and to no name of
# COMMON_FIELDS, is a misspelling.
_CSL_KEYS = COMMON_FIELDS | frozenset(
    """abstract annote archive archive_collection archive_location archive-place authority call-number
    chapter-number citation-key citation-label citation-number collection-number collection-title container-title
    container-title-short dimensions division doi edition event event-place event-title
    first-reference-note-number genre isbn issn issue jurisdiction keyword language license locator medium note
    number number-of-pages number-of-volumes original-publisher original-publisher-place original-title page
    page-first part-number part-title pmcid pmid printing publisher publisher-place references reviewed-genre
    reviewed-title scale section source status supplement-number title title-short url version volume
    volume-title volume-title-short year-suffix accessed available-date event-date issued original-date submitted
    author chair collection-editor compiler composer container-author contributor curator director editor
    editorial-director editor-translator executive-producer guest host illustrator interviewer narrator organizer
    original-author performer producer recipient reviewed-author script-writer series-creator translator id type
    categories custom journalabbreviation shorttitle zotero-item-key""".split()
)


# What an item's Publication takes from its fields without asking for their text.
_READ_AS_DATA = ("citation-key", "id", "issued", "author", "editor")


def _publication(
    item: Any, index: int, line: int | None, reporter: Reporter, assets_prefix: str, private: PrivateFields
) -> Publication | None:
    if not isinstance(item, dict):
        reporter.warn(
            (), f"item {index + 1} of the list is {json.dumps(item)[:40]}, not an object, {LEFT_OUT}", line=line
        )
        return None
    key = _key(item)
    source = _Item(item, key, line, reporter, private)
    for name in source.fields:
        close = None if name in private else misspelled(name, _CSL_KEYS)
        if close:
            source.warn(name, f"unknown key; did you mean '{close}'?")
    title = source.text("title", markup=True)
    if not title:
        reporter.warn(
            (key,), f"item {index + 1} of the list (id {key or 'missing'}) has no title, {LEFT_OUT}", line=line
        )
        return None
    year, month, date_words = _issued(item.get("issued"), source)
    venue = _venue(source)
    pub = Publication(
        title=title,
        key=key,
        authors=_authors(item.get("author"), source),
        venue=venue,
        year=year,
        month=month,
        type=_type(source, venue),
        abstract=source.text("abstract", markup=True),
        note=joined(source.text("note", markup=True), date_words),
        tags=tags_from(source.text("keyword")),
        trusted=False,
        volume=source.text("volume"),
        issue=source.text("issue"),
        pages=display_pages(source.text("page")),
        # A thesis' publisher is its school, in the venue already.
        publisher=None if source.text("type") == "thesis" else source.text("publisher"),
        edition=source.text("edition"),
        editors=_authors(item.get("editor"), source, "editor"),
        series=source.text("collection-title"),
        isbn=source.text("isbn"),
        issn=source.text("issn"),
        origin=(Place(reporter.file, line), key),  # messages from the page name the item
    )
    apply_display_fields(pub, source, assets_prefix)
    return pub


def publication_of_item(
    item: dict, line: int | None, reporter: Reporter, private: PrivateFields, assets_prefix: str = ""
) -> Publication | None:
    """One CSL item read on its own (a work researcher-works.yml keeps), as an item of a CSL file is."""
    return _publication(item, 0, line, reporter, assets_prefix, private)


def _key(item: dict) -> str:
    """The item's citation key or id: text or a whole number (an id of another kind is none)."""
    for name in ("citation-key", "id"):
        value = item.get(name)
        if isinstance(value, str | int) and not isinstance(value, bool) and value != "":
            return str(value)
    return ""


def _venue(source: _Item) -> str | None:
    if source.text("type") == "thesis":
        genre = source.text("genre")
        genre = _THESIS_GENRES.get((genre or "").lower(), genre)
        return ", ".join(filter(None, (genre, source.text("publisher")))) or None
    return source.text("container-title", markup=True) or source.text("publisher")


def _type(source: _Item, venue: str | None) -> str:
    kind = source.text("type") or ""
    arxiv = mentions_arxiv(venue) or any(
        "arxiv" in (source.text(name) or "").lower() for name in ("archive", "url", "doi", "number")
    )
    if kind in ("article", "article-journal") and arxiv:
        return "preprint"  # CSL 1.0.2 calls a preprint "article"; Zotero also files arXiv papers as journal articles
    return _TYPES.get(kind, "other")


def _issued(issued: Any, source: _Item) -> tuple[int | None, int | None, str | None]:
    """Year, month, and a date that is words ("in press") to show in the note."""
    if not isinstance(issued, dict):
        return None, None, None
    parts = issued.get("date-parts")
    first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
    year = _date_part(first[0], 4) if first else None
    if year is not None:
        month = _date_part(first[1], 2) if len(first) > 1 else None
        return year, month if month is not None and 1 <= month <= 12 else None, None  # 13-16 are seasons
    if first and any(char.isnumeric() for char in str(first[0])):
        source.warn(
            "issued",
            f"the year '{str(first[0])[:20]}' in date-parts is not a number of at most four digits; it is left out",
        )
    words = str(issued.get("raw") or issued.get("literal") or "").strip()
    date = _DATE.search(words)
    if not date:
        return None, None, words or None
    month = int(date.group(2)) if date.group(2) and 1 <= int(date.group(2)) <= 12 else None
    return int(date.group(1)), month, None


def _date_part(value: Any, digits: int) -> int | None:
    """A number in date-parts, written as a number or as text of at most ``digits`` decimal digits.

    Decimal digits of any script are what int() reads; isdigit() also takes ², which int() refuses.
    """
    text = str(value).strip() if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    return int(text) if text.isdecimal() and len(text) <= digits else None


def _authors(names: Any, source: _Item, field: str = "author") -> list[Author]:
    if names is None:
        return []
    if not isinstance(names, list):
        source.warn(field, f"expected a list of names; the {field}s are left out")
        return []
    authors = []
    for number, name in enumerate(names, 1):
        not_text = [
            part for part in _NAME_PARTS if isinstance(name, dict) and not isinstance(name.get(part), str | None)
        ]
        if not_text:
            name = {part: value for part, value in name.items() if part not in not_text}
        if isinstance(name, dict) and (name.get("literal") or name.get("family") or name.get("given")):
            authors.append(_author(name))
            if not_text:
                parts = ", ".join(f"'{part}'" for part in not_text)
                source.warn(field, f"name {number} has {parts} that is not text; the name is shown without it")
        else:
            source.warn(field, f"name {number} is not a CSL name (family/given or literal); it is left out")
    return authors


_NAME_PARTS = ("literal", "family", "given", "dropping-particle", "non-dropping-particle", "suffix")


def _author(name: dict) -> Author:
    """A CSL name; particles ("van", "de") belong to the family name, as with BibTeX's "von"."""
    if name.get("literal"):
        literal = str(name["literal"]).strip()
        if parse_author(literal).name == ET_AL:
            return Author(name=ET_AL)
        literal, marks = split_marks(literal)
        return Author(name=literal, marks=marks, family=literal)
    family, family_marks = split_marks(" ".join(_parts(name, "dropping-particle", "non-dropping-particle", "family")))
    given, given_marks = split_marks(" ".join(_parts(name, "given")))
    display = " ".join(filter(None, (given, family, *_parts(name, "suffix"))))
    return Author(name=display, marks=family_marks + given_marks, given=given, family=family)


def _parts(name: dict, *keys: str) -> list[str]:
    return [str(name[key]).strip() for key in keys if str(name.get(key) or "").strip()]
