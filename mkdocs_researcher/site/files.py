"""The site's files, named as MkDocs names them; and a docs folder as such files, for what runs without an
engine's file list (the refresh command, front ends that see one page at a time)."""

from __future__ import annotations

import hashlib
import os
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..sources.text_files import read_unicode

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
