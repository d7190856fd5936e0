"""Rendered pages kept by a digest of everything their HTML depends on.

Rendering a page of thousands of publications costs more than reading them, and
most rebuilds change nothing on it (``mkdocs serve`` rebuilds every page when
one changes). A page's key covers its own text, the content of every data file
the site read, and the site-wide context the adapter describes (settings,
templates, the list of files, which publications have pages of their own); any
change gives a new key, so a cached page is never stale. The warnings its
rendering raised are kept with it and reported again, so ``--strict`` fails on
a cached page exactly as on a fresh one.

Kept in memory (the plugin instance lives across ``mkdocs serve`` rebuilds)
and, when a cache folder is set, one file per page in ``pages/`` there, each
replaced when its page changes.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import inspect
import json
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic
from .gcpause import gc_paused


@dataclass
class RenderedPage:
    markdown: str
    blocks: dict[str, str]
    sprite: str
    diagnostics: list[Diagnostic]  # raised while rendering, after the page's data was read


@dataclass
class RenderCache:
    cache_dir: Path | None  # None: memory only
    memory: dict[str, tuple[str, RenderedPage]] = field(default_factory=dict)  # page -> (key, page)

    def get(self, page: str, key: str) -> RenderedPage | None:
        known = self.memory.get(page)
        if known is not None and known[0] == key and self.cache_dir is not None and not self._path(page).exists():
            self._to_disk(page, known)  # the folder was deleted while `mkdocs serve` ran: the next new build needs it
        known = known or self._from_disk(page)
        if known is None or known[0] != key:
            return None
        self.memory[page] = known
        return known[1]

    def put(self, page: str, key: str, rendered: RenderedPage) -> None:
        self.memory[page] = (key, rendered)
        self._to_disk(page, (key, rendered))

    def _to_disk(self, page: str, value: tuple[str, RenderedPage]) -> None:
        if self.cache_dir is None:
            return
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            temporary = self._path(page).with_suffix(".tmp")
            with open(temporary, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            temporary.replace(self._path(page))
        except OSError:
            pass  # a read-only checkout still builds, only slower

    def _path(self, page: str) -> Path:
        return self.cache_dir / (hashlib.sha256(page.encode()).hexdigest()[:32] + ".pickle")

    def _from_disk(self, page: str):
        if self.cache_dir is None:
            return None
        try:
            with open(self._path(page), "rb") as handle, gc_paused():
                return pickle.load(handle)
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None  # absent, or written by another version: render again


def digest(*parts) -> str:
    """A stable digest of plain data: dataclasses, mappings, lists, paths, functions by their names."""
    text = json.dumps(parts, sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _plain(value):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__qualname__, {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if isinstance(value, (Path, bytes)):
        return str(value)
    if inspect.isfunction(value) or inspect.isbuiltin(value) or inspect.isclass(value):
        return f"{value.__module__}.{value.__qualname__}"  # as !!python/name: gives them in mkdocs.yml
    return repr(value)  # an object without a stable form at worst misses the cache, never hits a stale one


# What shapes the HTML besides this package: templates, Markdown and its extensions, icons (Material's, on
# any theme). Each module's own __version__ costs nothing, where asking importlib.metadata costs ~8 ms.
# pymdownx counts once imported: MkDocs imports every Markdown extension a site names when it loads
# mkdocs.yml. MarkupSafe (the five HTML escapes, the same in every version) is left out.
_LIBRARIES = ("jinja2", "markdown", "mkdocs", "material")


@functools.lru_cache(maxsize=None)
def library_versions() -> tuple:
    found = []
    for name in _LIBRARIES:
        try:
            found.append((name, getattr(importlib.import_module(name), "__version__", None)))
        except ImportError:
            found.append((name, None))
    extensions = sys.modules.get("pymdownx")
    return (*found, ("pymdownx", getattr(extensions, "__version__", None)))


@functools.lru_cache(maxsize=None)
def package_files() -> tuple:
    """This package's own files by size and time: its code writes HTML too (an entry, the author list), and an
    edited checkout keeps its version number."""
    package = os.path.dirname(__file__)
    found = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            stat = os.stat(os.path.join(folder, name))
            found.append((os.path.relpath(os.path.join(folder, name), package), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


def template_files(template_dirs) -> list:
    """What the templates and icons in the site's template folders hold, for the context digest.

    Templates are hashed; icons in installed packages (Material's thousands) are covered by the
    package's version in the digest, so only a site's own ``.icons`` folder is listed.
    """
    found = []
    for folder in map(Path, template_dirs):
        for path in sorted((folder / "researcher").glob("*")):
            if path.is_file():
                found.append([str(path), hashlib.sha256(path.read_bytes()).hexdigest()])
        if "site-packages" not in folder.parts and "dist-packages" not in folder.parts:
            for path in sorted((folder / ".icons").rglob("*.svg")):
                stat = path.stat()
                found.append([str(path), stat.st_size, stat.st_mtime_ns])
    return found
