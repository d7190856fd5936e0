"""What BibTeX entries and CSL-JSON items have in common once read: al-folio's display fields, links,
keywords, and the words of the messages about entries left out."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from ..model.links import expand, field_link_kind, is_relative, is_web_link, label_for, safe_url
from ..model.records import Link, Publication
from .bibtex_fields import DISPLAY_ONLY_FIELDS
from .fields import parse_boolean

LEFT_OUT = "so this entry is left out"  # ends every message about an entry that gives no Publication
# Link fields in the order al-folio shows its buttons; BibTeX's url is the publisher's page.
_LINK_FIELDS = (
    ("arxiv", "arxiv"),
    ("doi", "doi"),
    ("url", "html"),
    ("html", "html"),
    ("pdf", "pdf"),
    ("supp", "supp"),
    ("video", "video"),
    ("blog", "blog"),
    ("code", "code"),
    ("poster", "poster"),
    ("slides", "slides"),
    ("website", "website"),
    ("hal", "hal"),
    ("hal_id", "hal"),
)
_FILE_LINKS = frozenset(("pdf", "slides", "poster", "supp"))  # al-folio looks these up under assets/pdf/
# Fields with a URL that is no link for a reader: al-folio's own (preview is an image), DBLP's record of
# where the entry came from, Zotero's copyright (a licence).
_NOT_LINKS = DISPLAY_ONLY_FIELDS | frozenset(("biburl", "bibsource", "copyright"))


class FieldSource(Protocol):
    """One record's fields as text (BibTeX entry or CSL-JSON item), and where to report on them."""

    fields: Mapping[str, object]  # by lower-case name; only presence is used here

    def text(self, name: str) -> str | None: ...

    def url(self, name: str) -> str | None: ...

    def warn(self, name: str, problem: str) -> None: ...

    def unread_fields(self) -> Iterable[tuple[str, str]]:
        """(lower-case name, value) of each field nothing has read so far, in the order written, never a private
        one: once the known fields are read, those whose value is a web address become links."""
        ...


def apply_display_fields(pub: Publication, source: FieldSource, assets_prefix: str) -> None:
    """al-folio's fields (abbr, selected, award, additional_info) and every link field onto ``pub``."""
    if not DISPLAY_ONLY_FIELDS.isdisjoint(source.fields):  # most entries outside al-folio have none: no look-ups
        pub.abbr = source.text("abbr")
        pub.award = source.text("award") or source.text("award_name")
        pub.selected = _selected(source)
        pub.members = (source.text("members") or "").replace(",", " ").split()  # members = {yu-cheng, lei-wang}
        # al-folio prints additional_info right after the venue, so it often starts with ". " or ", ".
        pub.note = joined(pub.note, (source.text("additional_info") or "").lstrip(" .,;") or None)
    for field, kind in _LINK_FIELDS:
        value = source.url(field) if field in source.fields else None
        link = link_for(kind, value, source, field, assets_prefix) if value else None
        if link:
            pub.links.append(link)
    for field in [field for field, _ in source.unread_fields() if field not in _NOT_LINKS]:
        value = source.url(field)
        link = link_for(field_link_kind(field), value, source, field) if value and is_web_link(value) else None
        if link:
            pub.links.append(link)
    unique: dict[str, Link] = {}
    for link in pub.links:
        unique.setdefault(_same_url_key(link.url), link)  # a url that is the DOI's page is no second button
    pub.links = list(unique.values())


def _selected(source: FieldSource) -> bool:
    selected = source.text("selected") or "false"
    answer = parse_boolean(selected)
    if answer is None:
        source.warn("selected", f"'{selected}' is not true or false; the entry is not marked as selected")
    return answer is True


def link_for(kind: str, value: str, source: FieldSource, field: str, assets_prefix: str = "") -> Link | None:
    """The link for a field's value, or None (with a warning) when its URL is not safe in an href."""
    url, _ = expand(kind, value)
    if kind in _FILE_LINKS and (
        ":" not in url and url[:1] != "/" or is_relative(url)
    ):  # no ":", no scheme: skip urlsplit
        url = assets_prefix + url  # al-folio's convention: a bare file name lives under assets/pdf/
    safe = safe_url(url)
    if safe is None:
        source.warn(field, f"'{value[:60]}' is not an http(s), mailto or relative URL; this link is left out")
        return None
    return Link(kind, safe, label_for(kind))


def _same_url_key(url: str) -> str:
    return url.split("://", 1)[-1].rstrip("/").lower()  # http and https, with or without the last /


def joined(*notes: str | None) -> str | None:
    """The notes that are there, in one line; None if none is."""
    return " ".join(n for n in notes if n) or None


_KEYWORD_SEPARATOR = re.compile(r"[,;]")


def tags_from(keywords: str | None) -> list[str]:
    """Keywords separated by commas or semicolons, each once."""
    return list(dict.fromkeys(k.strip() for k in _KEYWORD_SEPARATOR.split(keywords or "") if k.strip()))


def mentions_arxiv(venue: str | None) -> bool:
    return bool(venue) and ("arxiv" in venue.lower() or venue == "CoRR")  # CoRR is DBLP's name for arXiv
