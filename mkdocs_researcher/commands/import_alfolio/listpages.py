"""The other pages a visitor of the old site reaches: a service page's list as service entries, a teaching page's
list as teaching entries, and any other page as its own text.

A list page is read line by line: a heading (or a line of bold text alone) names what the items under it are
("Reviewer", "Teaching Assistant"), each top-level item is one entry, and an item with sub-items gives one entry
per sub-item. Text that is not a list stays on the page, above the entries.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .assets import clean_liquid
from .markup import strip_tags
from .samples import is_sample_text

if TYPE_CHECKING:
    from .importer import Importer, NewPage
    from .site import OldPage

_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$|^\*\*([^*]+?)\*\*:?\s*$|^__([^_]+?)__:?\s*$")
_LINK = re.compile(r"\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?[^)\n]*\)")
_LABEL = re.compile(r"^\**([^:*\[\]()\n]{1,60}?)\**\s*:(?!//)\s*(.+)$")  # "**Reviewer**: NeurIPS, ICML"
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_YEAR_RANGE = re.compile(r"\(?\b((?:19|20)\d{2})\s*(?:–|—|-{1,2}|to)\s*((?:19|20)\d{2}|present|now)\b\)?", re.I)
_TRAILING_YEAR = re.compile(r"[\s,(]*\b(?:19|20)\d{2}\)?\s*$")
_SEASON = r"(?:spring|summer|fall|autumn|winter)"
_TERM = re.compile(rf"\b(?:{_SEASON}\s+(?:19|20)\d{{2}}|(?:19|20)\d{{2}}\s+{_SEASON}|(?:19|20)\d{{2}})\b", re.I)
_ROLE = re.compile(
    r"^(teaching assistant|head ta|ta|instructor|co-instructor|lecturer|guest lecturer|tutor|grader)\s*[,:–—-]\s*",
    re.I,
)
_ROLE_WORDS = ("assistant", "instructor", "lecturer", "tutor", "grader", " ta")


def read_list_pages(importer: Importer) -> None:
    for old in importer.site.pages:
        if not old.shown or old.is_home:
            continue
        page = importer.page_for(old)
        if page.claimed or not page.empty or old.meta.get("dropdown"):
            continue  # a page that lists a collection or data (filled by its reader), or a menu of the navbar
        if is_sample_text(old.body):
            importer.report.skip(old.where, "al-folio's sample page")
            continue
        if not clean_liquid(importer, old.body, old.where, quiet=True).strip():
            importer.report.lose(
                old.where, "nothing but Jekyll templating (a listing of something this plugin does not import)"
            )
            continue
        text = clean_liquid(importer, old.body, old.where).strip()
        kind = _list_kind(old)
        if kind:
            count = _read_list(importer, page, kind, text, old)
            if count:
                importer.report.count(kind, 0, f"{old.where} -> docs/{page.file}, from its list")
                continue
        page.body = text
        importer.report.count("pages", 1)
        importer.report.notes.append(f"{old.where} became docs/{page.file} as it is: its text, without Jekyll's")


def _list_kind(old: OldPage) -> str | None:
    name = f"{old.key} {old.title}".lower()
    return "service" if "service" in name else "teaching" if "teach" in name else None


def _read_list(importer: Importer, page: NewPage, kind: str, text: str, old: OldPage) -> int:
    """Entries of kind from the page's list items; what is not a list stays as the page's text. How many."""
    prose: list[str] = []
    count = 0
    for item, children, heading in _items(text, prose):
        for child in children or [None]:
            entry = (_service if kind == "service" else _teaching)(item, child, heading)
            if entry:
                importer.add(kind, entry, [page])
                count += 1
    if count:
        page.body = "\n".join(prose).strip()
    return count


def _items(text: str, prose: list[str]):
    """(item, [sub-items], heading above it) for each top-level list item; other lines go to prose."""
    heading, current, children = None, None, []
    for line in text.splitlines():
        item = _ITEM.match(line)
        head = None if item else _HEADING.match(line.strip())
        if item and len(item.group(1)) < 2:
            if current is not None:
                yield current, children, heading
            current, children = item.group(2).strip(), []
        elif item and current is not None:
            children.append(item.group(2).strip())
        elif head:
            if current is not None:
                yield current, children, heading
                current, children = None, []
            heading = strip_tags(next(g for g in head.groups() if g)).strip(" :*_")
        elif line.strip() and current is not None and line.startswith(" "):
            current += " " + line.strip()
        else:
            if current is not None and line.strip():
                yield current, children, heading
                current, children = None, []
            prose.append(line)
    if current is not None:
        yield current, children, heading


def _service(item: str, child: str | None, heading: str | None) -> dict | None:
    """ "**Reviewer**: NeurIPS 2024", "NeurIPS 2024" under "Reviewer", "Reviewer" with sub-items per venue."""
    label = _LABEL.match(item) if child is None else None
    if child is not None:
        role, rest = _plain(item), child
    elif label:
        role, rest = _plain(label.group(1)), label.group(2)
    elif heading:
        role, rest = heading, item
    else:
        role, rest = _plain(item), None
    if not role:
        return None
    entry: dict = {"role": role}
    if rest:
        links = _LINK.findall(rest)
        entry.update(_years(rest))
        organization = _TRAILING_YEAR.sub("", _YEAR_RANGE.sub("", _plain(rest))).strip(" ,;-–")
        if len(links) > 1:
            entry["details"] = [rest]
        else:
            entry["organization"] = organization or None
            entry["url"] = links[0][1] if links else None
    return entry


def _teaching(item: str, child: str | None, heading: str | None) -> dict | None:
    """ "TA, Algorithm Design and Analysis, Spring 2022" or the course under a "Teaching Assistant" heading."""
    text = _plain(child if child is not None else item)
    role = _plain(item) if child is not None else None
    found = _ROLE.match(text)
    if found:
        role, text = found.group(1), text[found.end() :]
    terms = _TERM.findall(text)
    term = terms[-1] if terms else None
    course = re.sub(r"\(\s*\)", "", _TERM.sub("", text)).strip(" ,;-–")  # "Compilers (Fall 2021)" -> "Compilers"
    if not course:
        return None
    entry = {"course": course, "role": role, "term": term}
    if heading and not role:
        key = "role" if any(w in f" {heading.lower()}" for w in _ROLE_WORDS) else "institution"
        entry[key] = heading
    return entry


def _years(text: str) -> dict:
    """A service item's year (one year in its text) or span (2019 – 2022, 2021 – present)."""
    span = _YEAR_RANGE.search(text)
    if span:
        end = span.group(2).lower()
        return {"start": span.group(1), "end": "present" if end in ("present", "now") else end}
    years = set(_YEAR.findall(text))
    return {"year": int(years.pop())} if len(years) == 1 else {}


def _plain(markdown: str) -> str:
    """Markdown as plain text: links as their text, no emphasis markers."""
    text = _LINK.sub(lambda m: m.group(1), markdown)
    return strip_tags(re.sub(r"[*_`]{1,3}", "", text)).strip(" :")
