"""The site's files, named as MkDocs names them, and the URLs between them; and a docs folder as such files, for
what runs without an engine's file list (the refresh command, front ends that see one page at a time)."""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..model import links as link_kinds
from ..model.urls import relative_url
from ..sources import formats
from ..sources.text_files import read_unicode
from .engine import EngineSettings

PAGE_SUFFIXES = (".md", ".markdown", ".mdown", ".mkdn", ".mkd", ".mdwn")  # what MkDocs reads as pages
# In docs/: the files `mkdocs-researcher generate` wrote there (for engines without plugins), one per line after
# the hash of what it wrote. A build leaves them out and makes them anew: they are the site's output, not its
# sources.
GENERATED_LIST = ".researcher-generated"


@dataclass
class SiteFile:
    """A file of the engine's build."""

    src_uri: str  # POSIX path inside docs/
    dest_uri: str
    url: str
    abs_src_path: str | None = None
    is_page: bool = False
    generated: bool = False  # made by the engine or a plugin, not a file in docs/
    language: str | None = None  # set by a multi-language plugin (mkdocs-static-i18n)
    read: Callable[[], str] = lambda: ""  # its text


def site_path(src_uri: str, use_directory_urls: bool = True) -> tuple[str, str]:
    """(dest_uri, url) of a file of docs/: ``people/qi.md`` -> ``people/qi/index.html``, ``people/qi/``; the home
    page's URL is ``./``."""
    stem, suffix = os.path.splitext(src_uri)
    if suffix.lower() not in PAGE_SUFFIXES:
        return src_uri, quote(src_uri)
    folder, name = os.path.split(stem)
    if name in ("index", "README"):
        dest = f"{folder}/index.html" if folder else "index.html"
        return dest, quote(dest if not use_directory_urls else f"{folder or '.'}/")
    if not use_directory_urls:
        return f"{stem}.html", quote(f"{stem}.html")
    return f"{stem}/index.html", quote(f"{stem}/")


class SiteFiles:
    """The files of one build by src_uri (the engine's, then those the site adds), and the URLs between them."""

    def __init__(self, files: list[SiteFile], engine: EngineSettings):
        self.engine = engine
        self.by_src_uri = {file.src_uri: file for file in files}
        # Case-folded dest_uri -> a file of the site's own (docs/, theme).
        self._own = {file.dest_uri.lower(): file for file in files if not file.generated}

    def add_generated(self, generated: dict[str, str], languages: dict[str, str | None]) -> None:
        """The files the site adds (src_uri -> text), each page in its language."""
        for src_uri, text in generated.items():
            dest_uri, url = self.site_path(src_uri)
            self.by_src_uri[src_uri] = SiteFile(
                src_uri,
                dest_uri,
                url,
                is_page=src_uri.endswith(".md"),
                generated=True,
                language=languages.get(src_uri),
                read=lambda text=text: text,
            )

    def site_path(self, src_uri: str) -> tuple[str, str]:
        return site_path(src_uri, self.engine.use_directory_urls)

    def source_name(self, file: SiteFile) -> str:
        """A file as messages name it: relative to the folder of mkdocs.yml."""
        if not file.abs_src_path:
            return file.src_uri
        return os.path.relpath(file.abs_src_path, self.engine.project_dir).replace(os.sep, "/")

    def owners_file(self, src_uri: str) -> SiteFile | None:
        """The file of the site's own that lands where ``src_uri`` would (compared case-folded: on Windows and
        macOS one would replace the other)."""
        return self._own.get(self.site_path(src_uri)[0].lower())

    def publishes_file(self, dest_uri: str) -> bool:
        """Whether a file of the site (the docs folder's, or one this package adds) lands at ``dest_uri``."""
        dest_uri = dest_uri.lower()
        return any(file.dest_uri.lower() == dest_uri for file in self.by_src_uri.values())

    def link_base(self, src_uri: str, url: str) -> str:
        """What the engine reads a relative URL in the page's HTML from, as ``relative_url`` takes it: the page's
        URL, or its source file's path (``urls_relative_to_source``)."""
        return src_uri if self.engine.urls_relative_to_source else url

    def find_file(self, url: str, from_src_uri: str) -> str | None:
        """A link written relative to a page's source file, as the page's HTML must hold it (``link_base``)."""
        path, rest = re.match(r"([^?#]*)(.*)", url, re.DOTALL).groups()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(from_src_uri), path))
        found = self.by_src_uri.get(target)
        if found is None:
            return None
        page = self.by_src_uri.get(from_src_uri)
        return relative_url(found.url, self.link_base(from_src_uri, page.url if page else "")) + rest

    def docs_path(self, url: str, from_src_uri: str) -> str:
        """Where a link written relative to a page's source file points, as messages name files (relative to the
        folder of mkdocs.yml): ``docs/assets/pdf/paper.pdf``."""
        path = re.match(r"[^?#]*", url).group()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(from_src_uri), path))
        return os.path.relpath(self.engine.docs_dir / target, self.engine.project_dir).replace(os.sep, "/")

    def site_url(self, url: str, from_src_uri: str) -> str:
        """A link relative to a page's source as one that works from any page: absolute under site_url, else
        root-relative."""
        if not link_kinds.is_relative(url):
            return url
        found = self.find_file(url, from_src_uri)
        if found is None:
            return url
        base = self.link_base(from_src_uri, self.by_src_uri[from_src_uri].url)
        path = posixpath.normpath(
            posixpath.join(posixpath.dirname("/" + base) if not base.endswith("/") else "/" + base, found)
        )
        site_url = self.engine.site_url
        return (site_url.rstrip("/") + path) if site_url else path

    def pages_read_as_data(self, used: set[Path]) -> set[str]:
        """The pages another page reads as data (a Hugo publication's index.md): never pages of the site."""
        return {
            file.src_uri
            for file in self.by_src_uri.values()
            if file.is_page and file.abs_src_path and Path(file.abs_src_path).resolve() in used
        }

    def unpublished(self, used: set[Path], publish_data: bool, warn: Callable[[str], None]) -> list[str]:
        """The data files pages read (``used``), left out of the site unless ``publish_data`` asks for them.

        Files are matched by their real paths: a file linked into docs/ is the file it points to. One that leaves
        docs/ is never published, publish_data or not: a link may reach what was never meant for the site.
        """
        docs = self.engine.docs_dir.resolve()
        left_out = []
        for file in self.by_src_uri.values():
            if file.generated or not file.abs_src_path or not formats.is_data_file(file.src_uri):
                continue
            real = Path(file.abs_src_path).resolve()
            if real not in used:
                continue
            if not real.is_relative_to(docs):
                left_out.append(file.src_uri)
                if publish_data:
                    warn(
                        f"{self.source_name(file)}: a link to a file outside docs/ ({real.name}); "
                        "it is read, not published"
                    )
            elif not publish_data or file.is_page:
                left_out.append(file.src_uri)  # a page read as data is not published as a page either
        return left_out


def written_hash(data: bytes) -> str:
    """How GENERATED_LIST records the content ``generate`` wrote to a file."""
    return hashlib.sha256(data).hexdigest()


def generated_list(docs_dir: Path) -> set[tuple[str, str]]:
    """GENERATED_LIST's entries: (src_uri, hash of the content written there). A name may come twice, once for
    what an earlier run wrote and once for what the running one writes: either content is generate's."""
    try:
        lines = (docs_dir / GENERATED_LIST).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return set()
    entries = set()
    for line in lines:
        digest, _, src_uri = line.partition(" ")
        # Only paths inside docs/: generate deletes what the list names, and a list in a cloned repository could
        # name anything.
        if len(digest) == 64 and posixpath.normpath(src_uri) == src_uri and not src_uri.startswith(("/", "..")):
            entries.add((src_uri, digest))
    return entries


def generated_before(docs_dir: Path) -> set[str]:
    """The src_uris of the files of ``docs_dir`` that ``mkdocs-researcher generate`` wrote and that still hold
    what it wrote. One changed since is the owner's: no build or run replaces or deletes it."""
    entries = generated_list(docs_dir)
    ours = set()
    for src_uri in sorted({src_uri for src_uri, _ in entries}):
        try:
            content = (docs_dir / src_uri).read_bytes()
        except OSError:  # gone, or a folder
            continue
        if (src_uri, written_hash(content)) in entries:
            ours.add(src_uri)
    return ours


def files_in(docs_dir: Path, use_directory_urls: bool = True) -> list[SiteFile]:
    """Every file of ``docs_dir`` but hidden ones, ``templates/`` folders (MkDocs' default exclusions) and what
    ``generate`` wrote; a README.md beside an index.md is left out, as MkDocs does."""
    generated = generated_before(docs_dir)
    found = []
    for folder, subfolders, names in os.walk(docs_dir):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d != "templates")
        visible = sorted(name for name in names if not name.startswith("."))
        for name in visible:
            if name == "README.md" and "index.md" in visible:
                continue
            path = Path(folder) / name
            src_uri = path.relative_to(docs_dir).as_posix()
            if src_uri in generated:
                continue
            dest_uri, url = site_path(src_uri, use_directory_urls)
            found.append(
                SiteFile(
                    src_uri,
                    dest_uri,
                    url,
                    abs_src_path=str(path),
                    is_page=path.suffix.lower() in PAGE_SUFFIXES,
                    read=lambda path=path: read_unicode(path),
                )
            )
    return found
