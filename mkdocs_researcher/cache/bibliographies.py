"""Parsed publication files (.bib, CSL-JSON), kept by the file's name and content hash.

Parsing a large .bib is the one slow step of a build, so its entries are kept in memory (``mkdocs
serve`` rebuilds reuse them) and in a cache folder next to mkdocs.yml (a new ``mkdocs build`` reuses
them; see store.py). A changed file has a new hash, so the cache is never stale; it is safe to delete.
What a complete build's pages no longer name (an edited file's earlier content) is dropped at its end.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from .. import __version__
from ..diagnostics import Diagnostic, Place
from ..gcpause import gc_paused
from ..model.records import Author, Link, Publication
from .keys import package_files
from .store import CacheStore, DataclassCodec, WrongShape

_CODEC = DataclassCodec(Publication, Link, Diagnostic, Place, shared=(Author,))

Entries = tuple[list[Publication], list[Diagnostic]]  # a file's publications, and the problems reading it found


@dataclass
class ParsedFiles:
    """Parsed files, kept by the plugin across builds: in memory and in ``store``.

    One cache file per file name, content and assets prefix: ``SOURCE-PREFIX``, where SOURCE hashes the
    name and content. The key inside covers this package's version and code and the private fields as
    well, so a file written by another version or with other settings is read again and replaced.
    """

    store: CacheStore
    memory: dict[str, tuple[str, Entries]] = field(default_factory=dict)  # cache file name -> (key, entries)
    # The SOURCE of every file the pages of this complete build named (read or only hashed): its cache
    # files stay, since the next build that renders such a page needs them.
    named: set[str] = field(default_factory=set)

    def note(self, name: str, held: str) -> None:
        self.named.add(_source(name, held))

    def get(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> Entries | None:
        file, key = _file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields)
        self.note(name, held)
        known = self.memory.get(file)
        if known is not None and known[0] == key:
            if self.store.folder is not None and not self.store.exists(file):
                self._write(
                    file, key, known[1]
                )  # the folder was deleted while `mkdocs serve` ran: the next new build needs it
            return known[1]
        with gc_paused():
            entries = self.store.read(file, key, _decode)
        if entries is not None:
            self.memory[file] = (key, entries)
        return entries

    def put(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...], entries: Entries) -> None:
        file, key = _file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields)
        self.note(name, held)
        self.memory[file] = (key, entries)
        self._write(file, key, entries)

    def end_build(self, prune: bool) -> None:
        """The complete build is over; with ``prune``, the files no page of it named leave memory and disk."""

        def named(file: str) -> bool:
            return file.split("-", 1)[0] in self.named

        if prune:
            self.store.prune(named)
            for file in [file for file in self.memory if not named(file)]:
                del self.memory[file]
        self.named.clear()

    def _write(self, file: str, key: str, entries: Entries) -> None:
        self.store.write(file, key, [_CODEC.encode(entries[0]), _CODEC.encode(entries[1])])


def _source(name: str, held: str) -> str:
    return hashlib.sha256(f"{name}\0{held}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _file_name(name: str, held: str, assets_prefix: str) -> str:
    return f"{_source(name, held)}-{hashlib.sha256(assets_prefix.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


def _key(name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> str:
    parts = [__version__, repr(package_files()), name, held, assets_prefix, *private_fields]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _decode(data, texts: list[str]) -> Entries:
    if type(data) is not list or len(data) != 2:
        raise WrongShape("not a parsed file")
    return _CODEC.decode(list[Publication], data[0]), _CODEC.decode(list[Diagnostic], data[1])
