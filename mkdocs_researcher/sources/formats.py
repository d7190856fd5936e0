"""Publication files: which files hold publications, the reader of each format, and the sources a page names.

The one table pages, site-wide options, the build and ``refresh`` go by. A reader is imported
when a file is read, so that a build from the cache never loads bibtexparser or pylatexenc.

A source (an item of ``publications:`` in front matter, or of the site's ``bibliography`` option) is a
file, a folder or a glob; ``expand_sources`` turns them into the files to read, in a fixed order.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..diagnostics import Reporter
from ..model.records import Publication
from . import hugo


def _read_bibtex(text: str, reporter: Reporter, *, path=None, **options) -> list[Publication]:
    from .bibtex import read_bibtex

    return read_bibtex(text, reporter, **options)


def _read_csl_json(text: str, reporter: Reporter, *, path=None, **options) -> list[Publication]:
    from .csl import read_csl_json

    return read_csl_json(text, reporter, **options)


def _no_companions(path: Path, content: bytes) -> tuple[Path, ...]:
    return ()


@dataclass(frozen=True)
class PublicationFormat:
    name: str
    # (text, reporter, *, assets_prefix, private_fields, path) -> the file's publications; its problems on the
    # reporter. assets_prefix: what a relative file link of an entry is prefixed with (see links_prefix).
    read: Callable[..., list[Publication]]
    # (path, content) -> the other files one reading takes in (a Hugo folder's cite.bib): they are part of the
    # file's hash, so a changed one is read again, and the build watches them.
    companions: Callable[[Path, bytes], tuple[Path, ...]] = _no_companions
    links_beside_file: bool = False  # relative links point into the file's own folder (Hugo), not assets_dir
    # read takes memo=, what the chunks of one read of a file gave, for the next (sources/bibtex.py, EntryMemo)
    remembers_entries: bool = False


FORMATS = {
    ".bib": PublicationFormat("BibTeX", _read_bibtex, remembers_entries=True),
    ".json": PublicationFormat("CSL-JSON", _read_csl_json),
}
HUGO = PublicationFormat("Hugo publication", hugo.read_hugo_publication, hugo.companions, links_beside_file=True)
DATA_SUFFIXES = (*FORMATS, ".yml", ".yaml")  # what pages and mkdocs.yml name as data


def format_of(name: str) -> PublicationFormat | None:
    """The format of a file by its name (a suffix in any case); None if it holds no publications."""
    if PurePosixPath(name.replace("\\", "/")).name == hugo.PAGE:  # Hugo's names are case-sensitive
        return HUGO
    return next((found for suffix, found in FORMATS.items() if name.lower().endswith(suffix)), None)


def is_publication_file(name: str) -> bool:
    return format_of(name) is not None


def is_data_file(name: str) -> bool:
    """What a page or mkdocs.yml may name as data; the core leaves the ones read out of the site. A Hugo
    publication's index.md is data too: read as a source, it must never become a page of its own."""
    return name.lower().endswith(DATA_SUFFIXES) or format_of(name) is HUGO


def companions(path: Path, content: bytes) -> tuple[Path, ...]:
    """The other files a reading of ``path`` (whose bytes are ``content``) takes in."""
    found = format_of(path.name)
    return found.companions(path, content) if found else ()


def links_prefix(path: Path, page_dir: Path, assets_prefix: str) -> str:
    """What relative file links of the entries of ``path`` are prefixed with, shown on a page in ``page_dir``:
    ``assets_prefix`` (al-folio's assets folder, relative to the page) for .bib and CSL-JSON, the file's own
    folder relative to the page for a Hugo publication (its poster.pdf lies beside its index.md)."""
    found = format_of(path.name)
    if found is None or not found.links_beside_file:
        return assets_prefix
    return Path(os.path.relpath(path.parent, page_dir)).as_posix() + "/"


def described() -> str:
    """The formats as a message names them: "a .bib (BibTeX) or .json (CSL-JSON) file"."""
    return "a " + " or ".join(f"{suffix} ({found.name})" for suffix, found in FORMATS.items()) + " file"


# --- Sources: files, folders and globs -------------------------------------------------------------------

_GLOB_CHARACTERS = frozenset("*?[")
# Entries a folder or glob source looks through at most: a pattern over a whole project (``**/*.bib``) stops
# here, with a warning, instead of walking every file of a large checkout.
MAX_LOOKED_AT = 20_000
_KNOWN = ".bib, .json or a Hugo publication's index.md"


def is_glob(spec: str) -> bool:
    return not _GLOB_CHARACTERS.isdisjoint(spec)


@dataclass
class Expanded:
    """The files a list of sources names, each once, with where it is named; and what else they looked at: the
    folders of globs and folder sources (a file added there changes the site, so a rebuild must follow them)
    and the files of Hugo drafts (data that must not become pages either)."""

    files: list[tuple[Path, tuple]]
    seen: set[Path]


def expand_sources(value, base: Path, project: Path, reporter: Reporter, key: str = "publications") -> Expanded:
    """The publication files the strings of ``value`` name (entries written as mappings are skipped).

    ``value`` is one string or a list, as ``publications:`` and the ``bibliography`` option take them; paths are
    relative to ``base`` (the page's folder, or the project's for the option). A file is kept as written, read
    or not (its reader says when it is missing). A folder is every publication file under it; a glob
    (``content/publication/*/cite.bib``, ``**`` for any depth) every one it matches, and every one under a
    folder it matches. Folders and globs stay inside ``project`` (the folder of mkdocs.yml), never follow a
    link to a folder, skip hidden files and folders (unless the pattern names one) and Hugo drafts, look through
    at most MAX_LOOKED_AT entries, and give their files sorted by path. A cite.bib beside a Hugo publication's
    index.md stands for that publication: the index.md is read, with it. Problems are warned on ``reporter``
    at ``(key,)`` or ``(key, index)``.
    """
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    expanded = Expanded([], set())
    named: dict[Path, tuple] = {}  # insertion-ordered: the first naming of a file is where it is named
    for index, item in enumerate(items):
        if not isinstance(item, str):
            continue
        where = (key,) if isinstance(value, str) else (key, index)
        source = _Source(item.strip(), base, project.resolve(), reporter, where, expanded.seen)
        for path in source.files():
            named.setdefault(path, where)
    expanded.files = list(named.items())
    return expanded


@dataclass
class _Source:
    spec: str
    base: Path
    project: Path  # resolved
    reporter: Reporter
    where: tuple
    seen: set[Path]

    def files(self) -> list[Path]:
        if is_glob(self.spec):
            return self._glob()
        path = (self.base / self.spec).resolve()
        if path.is_dir():
            found = self._walk(path) if self._inside(path, "folder") else None
            if found == []:
                self.warn(f"the folder '{self.spec[:60]}' holds no publication file ({_KNOWN})")
            return found or []
        if not is_publication_file(self.spec):
            self.warn(
                f"'{self.spec[:60]}' is not a publication: expected a mapping with a title, or a .bib or .json file"
            )
            return []
        if path.name == hugo.CITATION and hugo.page_kind(path.parent / hugo.PAGE):
            return [path.parent / hugo.PAGE]  # its reader says when it is a draft
        if path.name == hugo.PAGE and path.is_file() and hugo.page_kind(path) is None:
            self.warn(
                f"'{self.spec[:60]}' is no Hugo publication: its front matter names neither publication nor "
                "publication_types"
            )
            return []
        return [path]

    def warn(self, problem: str) -> None:
        self.reporter.warn(self.where, problem)

    def _inside(self, path: Path, what: str) -> bool:
        """Whether a folder or glob stays in the project: it would otherwise read what was never meant for the
        site (a glob of ../../** sweeps a home folder)."""
        if path.is_relative_to(self.project):
            return True
        self.warn(
            f"the {what} '{self.spec[:60]}' leads out of the project folder (where mkdocs.yml is); nothing is read "
            "from it"
        )
        return False

    def _glob(self) -> list[Path]:
        parts = PurePosixPath(self.spec.replace("\\", "/")).parts
        literal = next(i for i, part in enumerate(parts) if is_glob(part))
        root = self.base.joinpath(*parts[:literal]).resolve()
        if not self._inside(root, "pattern"):
            return []
        found = self._walk(root, parts[literal:]) if root.is_dir() else []
        if found == []:
            self.warn(f"the pattern '{self.spec[:60]}' matches no publication file ({_KNOWN})")
        return found or []

    def _walk(self, root: Path, pattern: tuple[str, ...] = ("**",)) -> list[Path] | None:
        """The publication files under ``root`` that ``pattern`` (its parts, ``**`` for any folders) matches,
        or that lie under a folder it matches, by path; None when the walk stopped at MAX_LOOKED_AT."""
        self._watch(root)
        wants_hidden = any(part.startswith(".") for part in pattern)
        # Without **, a pattern of n parts names nothing deeper than n, but in a folder it matches.
        depth = None if "**" in pattern else len(pattern)
        taken = {root: False}  # each folder visited: whether the pattern matches it or a folder above it
        looked_at, matched = 0, []
        for current, subfolders, names in os.walk(root):  # links to folders are not followed
            folder = Path(current)
            relative = folder.relative_to(root).parts
            subfolders[:] = [
                name
                for name in sorted(subfolders)
                if (wants_hidden or not name.startswith("."))
                and self._descends(folder / name, relative + (name,), pattern, depth, taken[folder], taken)
            ]
            names = sorted(name for name in names if wants_hidden or not name.startswith("."))
            looked_at += len(subfolders) + len(names)
            if looked_at > MAX_LOOKED_AT:
                self.warn(
                    f"'{self.spec[:60]}' looks through more than {MAX_LOOKED_AT} files and folders; nothing is "
                    "read from it: name a narrower folder"
                )
                return None
            matched += [folder / name for name in names if taken[folder] or _matches(relative + (name,), pattern)]
        return self._kept(sorted(matched, key=lambda path: path.as_posix()))

    @staticmethod
    def _descends(folder: Path, relative: tuple, pattern: tuple, depth: int | None, above: bool, taken: dict) -> bool:
        """Whether the walk goes into ``folder``: it, or a file under it, may match."""
        taken[folder] = above or _matches(relative, pattern)
        if taken[folder] or depth is None:
            return True
        return len(relative) < depth and fnmatch.fnmatchcase(relative[-1], pattern[len(relative) - 1])

    def _watch(self, folder: Path) -> None:
        """A rebuild follows the folder, where a new file changes the site; but never the project folder as a
        whole, where the build writes its own cache (the files read from it are followed one by one)."""
        if folder != self.project:
            self.seen.add(folder)

    def _kept(self, paths: list[Path]) -> list[Path]:
        """The publication files among ``paths``, as read: a Hugo publication once, by its index.md; a draft's
        files are only seen (data all the same, never pages); links out of the project are left out."""
        kept: dict[Path, None] = {}  # in order, each once
        outside = 0
        for path in paths:
            if not is_publication_file(path.name):
                continue
            page = path.parent / hugo.PAGE if path.name in (hugo.PAGE, hugo.CITATION) else None
            kind = hugo.page_kind(page) if page else None
            if kind == "draft":
                self.seen.update((page, path))
                continue
            if path.name == hugo.PAGE and kind is None:
                continue  # a page of the site
            real = (page if kind else path).resolve()
            if not real.is_relative_to(self.project):
                outside += 1
            else:
                kept[real] = None
        if outside:
            self.warn(
                f"{outside} of the files '{self.spec[:60]}' names {'is a link' if outside == 1 else 'are links'} "
                "leading out of the project folder (where mkdocs.yml is); not read"
            )
        return list(kept)


def _matches(parts: tuple[str, ...], pattern: tuple[str, ...]) -> bool:
    """Whether a path (its parts) matches a glob (its parts): each part by fnmatch, case-sensitively as on
    Linux, ``**`` for any number of folders. The positions of the pattern reachable so far are carried along
    the path: work in proportion to the two lengths, however many ``**`` there are."""

    def with_skipped(positions: set[int]) -> set[int]:
        for position in sorted(positions):
            while position < len(pattern) and pattern[position] == "**":
                position += 1
                positions = positions | {position}
        return positions

    positions = with_skipped({0})
    for part in parts:
        following = set()
        for position in positions:
            if position < len(pattern) and pattern[position] == "**":
                following.add(position)
            elif position < len(pattern) and fnmatch.fnmatchcase(part, pattern[position]):
                following.add(position + 1)
        positions = with_skipped(following)
        if not positions:
            return False
    return len(pattern) in positions
