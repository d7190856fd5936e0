"""Parsed publication files (.bib, CSL-JSON), kept by the file's name and content hash.

Parsing a large .bib is the one slow step of a build, so its entries are kept in memory (``mkdocs
serve`` rebuilds reuse them) and in a cache folder next to mkdocs.yml (a new ``mkdocs build`` reuses
them; see store.py). A changed file has a new hash, so the cache is never stale; it is safe to delete.
What a complete build's pages no longer name (an edited file's earlier content) is dropped at its end.
"""

from __future__ import annotations

import hashlib
import re
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
    # Per file name and reading options, the entries of its last read (sources/bibtex.py, EntryMemo): under
    # `mkdocs serve`, an edit of one entry of a large .bib reads that entry again, not the file. Kept in the
    # cache file too, so that the first edit after a build from the cache is as quick.
    entry_memos: dict[tuple, dict] = field(default_factory=dict)

    def entry_memo(self, name: str, assets_prefix: str, private_fields: tuple[str, ...]) -> dict:
        """The entries of the last read of the file ``name``, for its next read. A build whose pages all came
        from the render cache read no file: then they come from the cache file of the file's last content,
        which a small file named after ``name`` points to."""
        memo = self.entry_memos.setdefault((name, assets_prefix, private_fields), {})
        if not memo:
            pointer = self.store.read(_pointer_name(name, assets_prefix), _pointer_key(private_fields), _decode_pointer)
            found = pointer and self.store.read(*pointer, _decode)
            if found:
                memo.update(found[1])
        return memo

    def note(self, name: str, held: str) -> None:
        self.named.update((_source(name, held), _source(name, _POINTER)))

    def get(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> Entries | None:
        file, key = _file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields)
        self.note(name, held)
        read_as = (name, assets_prefix, private_fields)
        known = self.memory.get(file)
        if known is not None and known[0] == key:
            if self.store.folder is not None and not self.store.exists(file):
                # the folder was deleted while `mkdocs serve` ran: the next new build needs it
                self._write(file, key, known[1], read_as)
            return known[1]
        with gc_paused():
            found = self.store.read(file, key, _decode)
        if found is None:
            return None
        entries, self.entry_memos[read_as] = found
        self.memory[file] = (key, entries)
        return entries

    def put(self, name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...], entries: Entries) -> None:
        file, key = _file_name(name, held, assets_prefix), _key(name, held, assets_prefix, private_fields)
        self.note(name, held)
        self.memory[file] = (key, entries)
        self._write(file, key, entries, (name, assets_prefix, private_fields))

    def end_build(self, prune: bool) -> None:
        """The complete build is over; with ``prune``, the files no page of it named leave memory and disk."""

        def named(file: str) -> bool:
            return file.split("-", 1)[0] in self.named

        if prune:
            self.store.prune(named)
            for file in [file for file in self.memory if not named(file)]:
                del self.memory[file]
        self.named.clear()

    def _write(self, file: str, key: str, entries: Entries, read_as: tuple[str, str, tuple[str, ...]]) -> None:
        """The file's entries and its entry memo; and, named after the file, a pointer to them."""
        name, assets_prefix, private_fields = read_as
        records = _memo_records(entries, self.entry_memos.get(read_as, {}))
        self.store.write(file, key, [_CODEC.encode(entries[0]), _CODEC.encode(entries[1]), records])
        self.store.write(_pointer_name(name, assets_prefix), _pointer_key(private_fields), [file, key])


_POINTER = "\0the last read"  # in place of a file's content: what names the pointer to its last cache file


def _pointer_name(name: str, assets_prefix: str) -> str:
    return _file_name(name, _POINTER, assets_prefix)


def _pointer_key(private_fields: tuple[str, ...]) -> str:
    return _key("", _POINTER, "", private_fields)


# A cache file's name as _file_name makes it: a pointer read from the folder names nothing else (no path).
_CACHE_FILE_NAME = re.compile(r"[0-9a-f]{32}-[0-9a-f]{16}")


def _decode_pointer(data, texts: list[str]) -> tuple[str, str]:
    if type(data) is not list or len(data) != 2 or not all(type(part) is str for part in data):
        raise WrongShape("not a pointer to a parsed file")
    if not _CACHE_FILE_NAME.fullmatch(data[0]):
        raise WrongShape("a pointer to something other than a parsed file")
    return data[0], data[1]


def _source(name: str, held: str) -> str:
    return hashlib.sha256(f"{name}\0{held}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _file_name(name: str, held: str, assets_prefix: str) -> str:
    return f"{_source(name, held)}-{hashlib.sha256(assets_prefix.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


def _key(name: str, held: str, assets_prefix: str, private_fields: tuple[str, ...]) -> str:
    parts = [__version__, repr(package_files()), name, held, assets_prefix, *private_fields]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _memo_records(entries: Entries, memo: dict) -> list:
    """The memo as plain values: per entry digest, its line, the index of its publication in the file's (-1: it
    has none) and of its problems. An entry whose publication the file's read changed afterwards (a repeated key
    renamed) is left out: it is read again the next time."""
    pub_index = {id(pub): number for number, pub in enumerate(entries[0])}
    problem_index = {id(problem): number for number, problem in enumerate(entries[1])}
    records = []
    for digest, (pub, problems, line) in memo.items():
        pub_ref = -1 if pub is None else pub_index.get(id(pub))
        problem_refs = [problem_index.get(id(problem)) for problem in problems]
        if pub_ref is not None and None not in problem_refs:
            records.append([digest, line, pub_ref, problem_refs])
    return records


def _decode(data, texts: list[str]) -> tuple[Entries, dict]:
    if type(data) is not list or len(data) != 3 or type(data[2]) is not list:
        raise WrongShape("not a parsed file")
    pubs, problems = _CODEC.decode(list[Publication], data[0]), _CODEC.decode(list[Diagnostic], data[1])
    memo = {}
    for record in data[2]:
        match record:
            case [str(digest), int(line), int(pub_ref), list(problem_refs)] if -1 <= pub_ref < len(pubs) and all(
                type(ref) is int and 0 <= ref < len(problems) for ref in problem_refs
            ):
                pub = pubs[pub_ref] if pub_ref >= 0 else None
                memo[digest] = (pub, [problems[ref] for ref in problem_refs], line)
            case _:
                raise WrongShape("not an entry's record")
    return (pubs, problems), memo
