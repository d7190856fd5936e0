"""Publication files (.bib, CSL-JSON) named in front matter, read once per content.

Parsing a large .bib is the one slow step of a build, so results are kept by
the file's name and content hash (``ParsedFiles``): in memory (``mkdocs serve``
rebuilds reuse them) and in a cache folder next to mkdocs.yml (a new ``mkdocs
build`` reuses them; see cache_store.py). A changed file has a new hash, so the
cache is never stale; it is safe to delete. What a complete build's pages no
longer name (an edited file's earlier content) is dropped at its end.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..cache.pages import package_files
from ..cache.store import CacheStore, DataclassCodec, WrongShape
from ..diagnostics import Diagnostic, Reporter
from ..gcpause import gc_paused
from ..model.records import Author, Link, Publication
from .bibtex_fields import PRIVATE_FIELDS
from .datafiles import DataFiles

READERS = (".bib", ".json")  # BibTeX, CSL-JSON


_CODEC = DataclassCodec(Publication, Link, Diagnostic, shared=(Author,))

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


@dataclass
class Bibliographies:
    data_files: DataFiles
    parsed: ParsedFiles
    private_fields: tuple[str, ...] = PRIVATE_FIELDS  # BibTeX fields cut from every published form of an entry

    def note(self, path: Path) -> None:
        """Record what the file holds (cache keys cover it; serve watches it) without reading its entries."""
        if path in self.data_files.contents:
            return  # noted already in this build: the file list's scan and the page's build both note it
        try:
            held = self.data_files.contents[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            self.data_files.contents[path] = ""  # load() says why, when the page reads it
            return
        self.parsed.note(self.data_files.display_name(path), held)

    def load(self, path: Path, reporter: Reporter, where: tuple, assets_prefix: str) -> list[Publication]:
        """The publications of one file; its problems (from this read or a cached one) go to ``reporter``."""
        name = self.data_files.display_name(path)
        noted = self.data_files.contents.get(path)  # the hash note() took earlier in this build, if any
        self.data_files.contents[path] = noted or ""  # read, even if it turns out not to exist
        if path.suffix.lower() not in READERS:
            reporter.warn(where, f"'{name}' is neither a .bib nor a .json (CSL-JSON) file")
            return []
        cached = (
            self.parsed.get(name, noted, assets_prefix, self.private_fields) if noted else None
        )  # a hit needs the hash only: the file is not read again
        if cached is None:
            try:
                content = path.read_bytes()
            except FileNotFoundError:
                reporter.warn(
                    where, f"the publications file '{name}' does not exist (paths are relative to this page's file)"
                )
                return []
            except OSError as error:
                reporter.warn(where, f"the publications file '{name}' cannot be read: {error.strerror}")
                return []
            held = hashlib.sha256(content).hexdigest()  # of the bytes parsed here, which may have changed since
            self.data_files.contents[path] = held
            cached = self.parsed.get(name, held, assets_prefix, self.private_fields)
            if cached is None:
                cached = self._read(path, name, content, assets_prefix, self.private_fields)
                self.parsed.put(name, held, assets_prefix, self.private_fields, cached)
        reporter.found.extend(cached[1])
        return list(cached[0])

    @staticmethod
    def _read(path: Path, name: str, content: bytes, assets_prefix: str, private_fields: tuple[str, ...]) -> Entries:
        found: list[Diagnostic] = []
        file_reporter = Reporter(name, {}, found)
        # Imported on a miss only: a build from the cache never loads bibtexparser or pylatexenc.
        from .bibtex import decode_text, read_bibtex
        from .csl import read_csl_json

        text = decode_text(content, path.name, file_reporter)
        if text is None:
            pubs = []
        elif path.suffix.lower() == ".json":
            pubs = read_csl_json(text, file_reporter, assets_prefix=assets_prefix)
        else:
            pubs = read_bibtex(text, file_reporter, assets_prefix=assets_prefix, private_fields=private_fields)
        for pub in pubs:
            pub.origin = (pub.key,)  # later messages about an entry (a missing pdf) name its key
        if not pubs and not found and text is not None:
            file_reporter.warn((), "the file has no entries")
        return pubs, found
