"""Parsed publication files (.bib, CSL-JSON), kept by the file's name and content hash.

Parsing a large .bib is the one slow step of a build, so its entries are kept in memory (``mkdocs
serve`` rebuilds reuse them) and in a cache folder next to mkdocs.yml (a new ``mkdocs build`` reuses
them; see store.py). A changed file has a new hash, so the cache is never stale; it is safe to delete.
What a complete build's pages no longer name (an edited file's earlier content) is dropped at its end.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace

from .. import __version__
from ..diagnostics import Diagnostic, Place
from ..model.records import Author, Link, Publication
from .keys import package_files
from .store import CacheStore, DataclassCodec, WrongShape

_CODEC = DataclassCodec(Publication, Link, Diagnostic, Place, shared=(Author,))

Entries = tuple[list[Publication], list[Diagnostic]]  # a file's publications, and the problems reading it found


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
    # Per file name and reading options, what each chunk of its last read gave (sources/bibtex.py, EntryMemo):
    # under `mkdocs serve`, an edit of one entry of a large .bib splits and reads that entry's chunk again, not
    # the file. Kept in the cache file too, so that the first edit after a build from the cache is as quick.
    entry_memos: dict[tuple, EntryMemo] = field(default_factory=dict)
    # Rebuilds follow in this process (`mkdocs serve`): a parsed file goes to the store when serving stops
    # (flush), not on every edit, where writing it was a fifth of the rebuild. Cache file name -> what to write.
    serving: bool = False
    unwritten: dict[str, tuple] = field(default_factory=dict)

    def entry_memo(self, name: str, assets_prefix: str, private_fields: tuple[str, ...]) -> EntryMemo:
        """The chunks of the last read of the file ``name``, for its next read. A build whose pages all came
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
            if self.store.folder is not None and file not in self.unwritten and not self.store.exists(file):
                # the folder was deleted while `mkdocs serve` ran: the next new build needs it
                self._write(file, key, known[1], read_as)
            return known[1]
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
        if self.serving:
            self.unwritten[file] = (key, entries, (name, assets_prefix, private_fields))
        else:
            self._write(file, key, entries, (name, assets_prefix, private_fields))

    def flush(self) -> None:
        """Write what serving kept back."""
        for file, (key, entries, read_as) in sorted(self.unwritten.items()):
            self._write(file, key, entries, read_as)
        self.unwritten.clear()

    def end_build(self, prune: bool) -> None:
        """The complete build is over; with ``prune``, the files no page of it named leave memory and disk."""

        def named(file: str) -> bool:
            return file.split("-", 1)[0] in self.named

        if prune:
            self.store.prune(named)
            for file in [file for file in self.memory if not named(file)]:
                del self.memory[file]
                self.unwritten.pop(file, None)
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


def _memo_records(entries: Entries, memo: EntryMemo) -> list:
    """The memo as plain values: per chunk digest, its line, its entries' keys, and the indexes in the file's
    publications and problems of what it gave. A chunk whose publication the file's read changed afterwards (a
    repeated key renamed) is left out: it is read again the next time."""
    pub_index = {id(pub): number for number, pub in enumerate(entries[0])}
    problem_index = {id(problem): number for number, problem in enumerate(entries[1])}
    records = []
    for digest, chunk in memo.items():
        refs = [
            [index.get(id(item)) for item in items]
            for index, items in (
                (problem_index, chunk.found_splitting),
                (pub_index, chunk.publications),
                (problem_index, chunk.found_reading),
            )
        ]
        if all(None not in part for part in refs):
            records.append([digest, chunk.line, sorted(chunk.keys), *refs, chunk.macro_text])
    return records


def _decode(data, texts: list[str]) -> tuple[Entries, EntryMemo]:
    if type(data) is not list or len(data) != 3 or type(data[2]) is not list:
        raise WrongShape("not a parsed file")
    pubs, problems = _CODEC.decode(list[Publication], data[0]), _CODEC.decode(list[Diagnostic], data[1])
    memo = {}
    for record in data[2]:
        match record:
            case [str(digest), int(line), list(keys), list(splitting), list(read), list(reading), int(macro_text)] if (
                macro_text >= 0 and all(type(key) is str for key in keys)
            ):
                memo[digest] = ChunkRead(
                    line,
                    frozenset(keys),
                    _referred(splitting, problems),
                    _referred(read, pubs),
                    _referred(reading, problems),
                    macro_text,
                )
            case _:
                raise WrongShape("not a chunk's record")
    return (pubs, problems), memo


def _referred(refs: list, items: list) -> list:
    if not all(type(ref) is int and 0 <= ref < len(items) for ref in refs):
        raise WrongShape("not an index of the file's publications or problems")
    return [items[ref] for ref in refs]
