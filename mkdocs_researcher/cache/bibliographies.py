"""Parsed publication files (.bib, CSL-JSON), kept by the file's name and content hash (see kept.py).

Parsing a large .bib is the one slow step of a build, so its entries are kept in memory (several pages may
show one file; ``mkdocs serve`` rebuilds reuse them) and in a cache folder next to mkdocs.yml (a new ``mkdocs
build`` reuses them; see store.py). A changed file has a new hash, so the cache is never stale; it is safe to
delete. What a complete build's pages no longer name (an edited file's earlier content) is dropped at its end.
"""

from __future__ import annotations

import dataclasses
import hashlib

from .. import __version__
from ..diagnostics import Diagnostic, Place
from ..model.records import Author, Link, Publication
from .kept import Kept
from .keys import package_files
from .store import CacheStore, DataclassCodec, WrongShape

_CODEC = DataclassCodec(Publication, Link, Diagnostic, Place, shared=(Author,))

Entries = tuple[list[Publication], list[Diagnostic]]  # a file's publications, and the problems reading it found


class ParsedFiles:
    """Parsed files, kept by the plugin across builds.

    One cache file per file name, content and assets prefix: ``SOURCE-PREFIX``, where SOURCE hashes the
    name and content. The key inside covers this package's version and code and the private fields as
    well, so a file written by another version or with other settings is read again and replaced.
    """

    def __init__(self, store: CacheStore):
        self.kept: Kept[Entries] = Kept(store, _encode, _decode, hold=True, group=lambda file: file.split("-", 1)[0])
        # Per file name and reading options, what its reader remembers of its last read for the next (a .bib's
        # chunks, sources/bibtex.py): under `mkdocs serve`, an edit of one entry reads that entry again, not the file.
        self.memos: dict[tuple, dict] = {}

    def memo(self, name: str, assets_prefix: str, private_fields: tuple[str, ...]) -> dict | None:
        """What the file's reader keeps for its next read, under `mkdocs serve`; None in a single build, which
        has no next read (a cold 10,000-entry build: 3 MiB less at its peak, and no chunk digests to make)."""
        if not self.kept.serving:
            return None
        return self.memos.setdefault((name, assets_prefix, private_fields), {})

    def note(self, name: str, held: str) -> None:
        """The file's content is named by a page of this build: its cache file stays."""
        self.kept.use(_source(name, held))

    def get(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> Entries | None:
        return self.kept.get(_file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields))

    def put(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...], entries: Entries) -> None:
        self.kept.put(_file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields), entries)


# An entry's longest texts, full of quotes and backslashes that JSON would escape: kept beside the JSON (store.py),
# each field holding its text's number (10,000 entries: 16 MB of JSON written in 0.08 s, 5 MB in 0.06 s).
_TEXT_FIELDS = tuple(
    index for index, f in enumerate(dataclasses.fields(Publication)) if f.name in ("abstract", "bibtex")
)


def _encode(entries: Entries) -> tuple[list, list[str]]:
    tables, rows = _CODEC.encode(entries[0])
    texts: list[str] = []
    for row in rows:
        for index in _TEXT_FIELDS:
            if row[index] is not None:
                texts.append(row[index])
                row[index] = len(texts) - 1
    return [[tables, rows], _CODEC.encode(entries[1])], texts


def _decode(data, texts: list[str]) -> Entries:
    if type(data) is not list or len(data) != 2 or type(data[0]) is not list or len(data[0]) != 2:
        raise WrongShape("not a parsed file")
    rows = data[0][1]
    if type(rows) is not list:
        raise WrongShape("not a list of entries")
    count = len(texts)
    for row in rows:
        if type(row) is not list or len(row) <= _TEXT_FIELDS[-1]:
            raise WrongShape("not an entry")
        for index in _TEXT_FIELDS:
            number = row[index]
            if number is not None:
                if type(number) is not int or not 0 <= number < count:
                    raise WrongShape("not the number of a text")
                row[index] = texts[number]
    return _CODEC.decode(list[Publication], data[0]), _CODEC.decode(list[Diagnostic], data[1])


def _source(name: str, held: str) -> str:
    return hashlib.sha256(f"{name}\0{held}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _file_name(name: str, held: str, assets_prefix: str) -> str:
    return f"{_source(name, held)}-{hashlib.sha256(assets_prefix.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


def _key(name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> str:
    parts = [__version__, repr(package_files()), name, held, assets_prefix, *private_fields]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
