"""A page's formatted citations and references, kept by a digest of all they are made from (see kept.py).

citeproc-py formats slowly: a page citing 200 keys of a 10,000-entry .bib spent about 2.5 s of a warm build
formatting them, and 0.34 s reading the .bib's 10,000 entries back from the parsed-file cache to find the 200 it
cites. Warm build of the benchmark's site with that page, then without it: 3.70 s against 1.15 s (3.2x) before;
kept here, a warm build does neither: 1.09 s against 1.04 s (1.05x; target 1.25x).

One cache file per page (its slot: language, URL, source file). Its key covers what every citation of the page
may depend on, but the citations themselves: this package's version and code and the site's context (every
option, the engines' settings, which publications have pages of their own: site/pages.py ``render_context``),
citeproc-py's version, the style file's name and content, the content of each publication file the page may
cite from (so the cited entries' content too), where the page names them, and the references' heading. Inside,
by the digest of the citations as written (in the page's order; with ``\\full_bibliography`` or not), their
HTML and the keys that had no entry; and, by word, whether a narrative ``@word`` is a key. A warm build whose
page asks only what the file answers reads no entry and formats nothing; any other question (an edited or new
citation) is answered from the entries, and the file is written again with what this build asked.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from .kept import Kept
from .store import CacheStore, DataclassCodec, WrongShape


@dataclass
class Missing:
    key: str
    problem: str  # the warning's text: no entry, and the keys it may mean


@dataclass
class Formatted:
    citations: list[str]  # HTML of each citation, in the page's order
    references: str  # HTML of the list of references, "" when there is none
    missing: list[Missing]  # each key without an entry, its warning's line found again in the page's text


@dataclass
class CitedPage:
    read_problems: list[Diagnostic]  # found reading the publication files the page may cite from
    keys: dict[str, bool] = field(default_factory=dict)  # narrative @word -> whether it is a key
    formatted: dict[str, Formatted] = field(default_factory=dict)  # digest of the citations as written -> HTML


_CODEC = DataclassCodec(CitedPage, Formatted, Missing, Diagnostic)


class CitationCache:
    """Pages' citations by slot and key."""

    def __init__(self, store: CacheStore):
        self.kept: Kept[CitedPage] = Kept(store, _encode, _decode)

    def get(self, slot: str, key: str) -> CitedPage | None:
        return self.kept.get(_file_name(slot), key)

    def put(self, slot: str, key: str, page: CitedPage) -> None:
        self.kept.put(_file_name(slot), key, page)


def _file_name(slot: str) -> str:
    return hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _encode(page: CitedPage) -> tuple[list, list[str]]:
    return _CODEC.encode(page), []


def _decode(data, texts: list[str]) -> CitedPage:
    if texts:
        raise WrongShape("not a page's citations")
    return _CODEC.decode(CitedPage, data)
