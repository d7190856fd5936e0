"""Publication files (.bib, CSL-JSON) named in front matter, read once per content.

Parsing a large .bib is the one slow step of a build, so its results are kept by
the file's name and content hash (see cache/bibliographies.py): a file is read
again only when no earlier build has read the same content.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..cache.bibliographies import Entries, ParsedFiles
from ..diagnostics import Diagnostic, Reporter
from ..model.records import Publication
from ..regular_files import read_regular
from . import formats
from .bibtex_fields import PRIVATE_FIELDS
from .datafiles import DataFiles
from .text_files import decode_text


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
            held = self.data_files.contents[path] = self.data_files.source_hash(path, read_regular(path))
        except OSError:
            self.data_files.contents[path] = ""  # load() says why, when the page reads it
            return
        self.parsed.note(self.data_files.display_name(path), held)

    def load(self, path: Path, reporter: Reporter, where: tuple, assets_prefix: str) -> list[Publication]:
        """The publications of one file; its problems (from this read or a cached one) go to ``reporter``."""
        name = self.data_files.display_name(path)
        noted = self.data_files.contents.get(path)  # the hash note() took earlier in this build, if any
        self.data_files.contents[path] = noted or ""  # read, even if it turns out not to exist
        file_format = formats.format_of(path.name)
        if file_format is None:
            reporter.warn(where, f"'{name}' is not {formats.described()}")
            return []
        cached = (
            self.parsed.get(name, noted, assets_prefix, self.private_fields) if noted else None
        )  # a hit needs the hash only: the file is not read again
        if cached is None:
            try:
                content = read_regular(path)
            except FileNotFoundError:
                reporter.warn(
                    where, f"the publications file '{name}' does not exist (paths are relative to this page's file)"
                )
                return []
            except OSError as error:
                reporter.warn(where, f"the publications file '{name}' cannot be read: {error.strerror}")
                return []
            held = self.data_files.source_hash(path, content)  # of the bytes parsed here, which may have changed
            self.data_files.contents[path] = held
            cached = self.parsed.get(name, held, assets_prefix, self.private_fields)
            if cached is None:
                with _collection_paused():
                    cached = self._read(file_format, path, name, content, assets_prefix)
                    self.parsed.put(name, held, assets_prefix, self.private_fields, cached)
        reporter.found.extend(cached[1])
        return list(cached[0])

    def _read(
        self, file_format: formats.PublicationFormat, path: Path, name: str, content: bytes, assets_prefix: str
    ) -> Entries:
        found: list[Diagnostic] = []
        file_reporter = Reporter(name, {}, found)
        text = decode_text(content, path.name, file_reporter)
        options = {"assets_prefix": assets_prefix, "private_fields": self.private_fields, "path": path}
        if file_format.remembers_entries:
            options["memo"] = self.parsed.memo(name, assets_prefix, self.private_fields)
        pubs: list[Publication] = [] if text is None else file_format.read(text, file_reporter, **options)
        if not pubs and not found and text is not None:
            file_reporter.warn((), "the file has no entries")
        # In the order of the file's lines, not of the reader's steps (a key used twice is found once all are read).
        found.sort(key=lambda diagnostic: diagnostic.line or 0)
        return pubs, found


@contextmanager
def _collection_paused() -> Iterator[None]:
    """No cycle collection while a file is read and its result kept: the read makes some hundred thousand objects
    that live on, and the collections they set off walk them again and again (10,000 entries: 0.3 s of a 4.4 s cold
    build, peak memory the same). One collection at the end walks them once; left to the collector, each of its
    three generations would walk them in turn (10,000 entries: 0.15 s of collections in the build, 0.09 s with it);
    a small read (an edited chunk under serve) leaves them to the collector rather than walk the whole process.
    Only this read: the collector runs as before once it is over."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            if gc.get_count()[0] > _MANY_NEW_OBJECTS:  # objects made since the last collection
                gc.collect()
            gc.enable()


_MANY_NEW_OBJECTS = 50_000  # about 500 entries' worth: fewer cost the collector less than one walk of everything
