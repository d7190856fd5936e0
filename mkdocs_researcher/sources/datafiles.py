"""Data files named in front matter (``data: people/qi.yml``, ``publications: pubs/*.bib``), read relative to
the page.

Every file read is remembered, so the adapter can watch it under ``mkdocs serve`` and keep it out of the
built site; so is every folder a glob or folder source looked into, where a new file changes the site.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Reporter
from ..regular_files import read_regular
from . import formats
from .frontmatter import LoadedYaml, load_yaml
from .text_files import read_unicode


@dataclass
class DataFiles:
    project_dir: Path  # messages name files relative to this folder (where mkdocs.yml is)
    parsed: dict[Path, tuple[str, LoadedYaml]] = field(default_factory=dict)  # each file parsed once per content
    # Every file read, with a hash of what it held ("" if it could not be read): rendered pages are cached against it.
    contents: dict[Path, str] = field(default_factory=dict)
    seen: set[Path] = field(default_factory=set)  # what glob and folder sources looked at besides (Expanded.seen)

    @property
    def used(self) -> set[Path]:
        """Every file read, and every folder and file a source looked at: the adapter watches them and keeps the
        files out of the site."""
        return self.contents.keys() | self.seen

    def publication_files(self, value, base: Path, reporter: Reporter, key: str = "publications"):
        """The files the ``publications`` of a page (or the site's ``bibliography`` option, ``key``) name, each
        with where it is named; paths are relative to ``base``. See formats.expand_sources."""
        expanded = formats.expand_sources(value, base, self.project_dir, reporter, key)
        self.seen |= expanded.seen
        return expanded.files

    def source_hash(self, path: Path, content: bytes) -> str:
        """The hash a publication file's parsed entries are kept under: of its bytes, and of the files a reading
        takes in with it (a Hugo folder's cite.bib, there or not), which are remembered as read."""
        hashed = hashlib.sha256(content)
        for companion in formats.companions(path, content):
            try:
                held = hashlib.sha256(read_regular(companion)).hexdigest()
            except OSError:
                held = ""
            self.contents.setdefault(companion, held)
            hashed.update(f"\0{companion.name}\0{held}".encode())
        return hashed.hexdigest()

    def locate(self, page_dir: Path, reference: str) -> Path:
        return (page_dir / reference).resolve()

    def display_name(self, path: Path) -> str:
        try:
            return Path(os.path.relpath(path, self.project_dir)).as_posix()
        except ValueError:  # another drive on Windows
            return path.as_posix()

    def contents_digest(self, publications: bool = True) -> str:
        """A digest of every file read; without ``publications``, of those that are not .bib or CSL files."""
        held = [
            (str(path), digest)
            for path, digest in self.contents.items()
            if publications or formats.format_of(path.name) is None
        ]
        return hashlib.sha256(repr(sorted(held)).encode()).hexdigest()

    def read_text(self, path: Path, reporter: Reporter, where: tuple) -> str | None:
        """The file's text, or None with a warning on ``reporter`` (the page that named it)."""
        self.contents[path] = ""
        try:
            text = read_unicode(path)
            self.contents[path] = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            return text
        except FileNotFoundError:
            reporter.warn(
                where,
                f"the data file '{self.display_name(path)}' does not exist (paths are relative to this page's file)",
            )
        except UnicodeDecodeError as error:
            reporter.warn(
                where,
                f"the data file '{self.display_name(path)}' is not UTF-8 text (byte {error.start}); save it as UTF-8",
            )
        except OSError as error:
            reporter.warn(where, f"the data file '{self.display_name(path)}' cannot be read: {error.strerror}")
        return None

    def read_yaml(self, path: Path, reporter: Reporter, where: tuple) -> tuple[LoadedYaml, Reporter] | None:
        """The parsed file and a reporter for messages about its own lines."""
        text = self.read_text(path, reporter, where)
        if text is None:
            return None
        known = self.parsed.get(path)
        loaded = known[1] if known and known[0] == text else load_yaml(text)
        self.parsed[path] = (text, loaded)
        file_reporter = Reporter(self.display_name(path), loaded.lines, reporter.found)
        if loaded.error:
            file_reporter.warn((), f"not valid YAML: {loaded.error}; nothing is read from it", line=loaded.error_line)
            return None
        for where_twice, line, first in loaded.repeated:
            file_reporter.warn(
                where_twice, f"this key is given twice (also on line {first}); only the last one is read", line=line
            )
        if not isinstance(loaded.data, dict):
            file_reporter.warn((), "expected a mapping of section names (profile, publications, …) at the top level")
            return None
        return loaded, file_reporter
