"""Publication files (.bib, CSL-JSON) named in front matter, read once per content.

Parsing a large .bib is the one slow step of a build, so results are kept by
the file's content hash: in memory (``mkdocs serve`` rebuilds reuse them) and
in a cache folder next to mkdocs.yml (a new ``mkdocs build`` reuses them). A
changed file has a new hash, so the cache is never stale; it is safe to delete.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..diagnostics import Diagnostic, Reporter
from ..gcpause import gc_paused
from ..model import Publication
from ..render_cache import package_files
from .bibtex_fields import PRIVATE_FIELDS
from .datafiles import DataFiles

READERS = (".bib", ".json")  # BibTeX, CSL-JSON


@dataclass
class Bibliographies:
    data_files: DataFiles
    cache_dir: Path | None  # None: no cache on disk
    memory: dict[str, tuple[list[Publication], list[Diagnostic]]] = field(default_factory=dict)
    private_fields: tuple[str, ...] = PRIVATE_FIELDS  # BibTeX fields cut from every published form of an entry

    def note(self, path: Path) -> None:
        """Record what the file holds (cache keys cover it; serve watches it) without reading its entries."""
        if path in self.data_files.contents:
            return  # noted already in this build: the file list's scan and the page's build both note it
        try:
            self.data_files.contents[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            self.data_files.contents[path] = ""  # load() says why, when the page reads it

    def load(self, path: Path, reporter: Reporter, where: tuple, assets_prefix: str) -> list[Publication]:
        """The publications of one file; its problems (from this read or a cached one) go to ``reporter``."""
        name = self.data_files.display_name(path)
        noted = self.data_files.contents.get(path)  # the hash note() took earlier in this build, if any
        self.data_files.contents[path] = noted or ""  # read, even if it turns out not to exist
        if path.suffix.lower() not in READERS:
            reporter.warn(where, f"'{name}' is neither a .bib nor a .json (CSL-JSON) file")
            return []
        key = self._key(name, assets_prefix, noted, self.private_fields) if noted else None
        cached = self._cached(key) if key else None  # a hit needs the hash only: the file is not read again
        if cached is None:
            try:
                content = path.read_bytes()
            except FileNotFoundError:
                reporter.warn(where, f"the publications file '{name}' does not exist (paths are relative to this page's file)")
                return []
            except OSError as error:
                reporter.warn(where, f"the publications file '{name}' cannot be read: {error.strerror}")
                return []
            held = hashlib.sha256(content).hexdigest()  # of the bytes parsed here, which may have changed since
            self.data_files.contents[path] = held
            key = self._key(name, assets_prefix, held, self.private_fields)
            cached = self._cached(key)
            if cached is None:
                cached = self._read(path, name, content, assets_prefix, self.private_fields)
                self._to_disk(key, cached)
        self.memory[key] = cached
        reporter.found.extend(cached[1])
        return list(cached[0])

    @staticmethod
    def _key(name: str, assets_prefix: str, held: str, private_fields: tuple[str, ...]) -> str:
        return hashlib.sha256("\0".join([__version__, repr(package_files()), name, assets_prefix, held, *private_fields]).encode()).hexdigest()

    def _cached(self, key: str):
        held = self.memory.get(key)
        if held is None:
            return self._from_disk(key)
        if self.cache_dir is not None and not (self.cache_dir / f"{key}.pickle").exists():
            self._to_disk(key, held)  # the folder was deleted while `mkdocs serve` ran: the next new build needs it
        return held

    @staticmethod
    def _read(path: Path, name: str, content: bytes, assets_prefix: str, private_fields: tuple[str, ...]) -> tuple[list[Publication], list[Diagnostic]]:
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

    def _from_disk(self, key: str):
        if self.cache_dir is None:
            return None
        try:
            with open(self.cache_dir / f"{key}.pickle", "rb") as handle, gc_paused():
                return pickle.load(handle)
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None  # absent, or written by another version: read the file again

    def _to_disk(self, key: str, value) -> None:
        if self.cache_dir is None:
            return
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            temporary = self.cache_dir / f"{key}.tmp"
            with open(temporary, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            temporary.replace(self.cache_dir / f"{key}.pickle")
        except OSError:
            pass  # a read-only checkout still builds, only slower
