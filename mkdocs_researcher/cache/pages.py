"""Rendered pages kept by a digest of everything their HTML depends on.

Rendering a page of thousands of publications costs more than reading them, and
most rebuilds change nothing on it (``mkdocs serve`` rebuilds every page when
one changes). A page's key covers its own text and its front matter as other
plugins left it (Material's meta plugin merges ``.meta.yml`` files into it), the
content of every data file the site read, and the site-wide context the adapter
describes (settings, the templates of the site's own template folders, the list
of files, which publications have pages of their own); any change gives a new
key, so a cached page is never stale. What the key cannot cover is not cached:
a page whose Markdown fields were converted while a Markdown extension that may
read files is configured (``markdown_reads_files``). The warnings its rendering
raised are kept with it and reported again, so ``--strict`` fails on a cached
page exactly as on a fresh one.

Kept in memory under ``mkdocs serve`` (the plugin keeps this cache across its
rebuilds; a single build keeps none) and, when a cache folder is set, one file
per page in ``pages/`` there (see cache_store.py), replaced when its page
changes (under ``mkdocs serve``, when serving stops). At the end of a complete
build the pages it did not use are dropped from both.

Under ``mkdocs serve``, a page whose key changed only because a .bib file it
lists changed renders again only the entries that changed (``EntryRenders``):
each list entry's HTML of the last build is kept, by the page's key less its
publication files, and used again for the same publication, read from the same
text.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from ..diagnostics import Diagnostic
from .store import CacheStore, DataclassCodec, WrongShape


@dataclass
class RenderedPage:
    markdown: str
    blocks: dict[str, str]
    sprite: str
    diagnostics: list[Diagnostic]  # raised while rendering, after the page's data was read
    search_blocks: dict[str, str]  # what search parses in place of some blocks (see PageOutput)
    files: dict[str, str]  # site path -> text of the files the page links to (see PageOutput)


_CODEC = DataclassCodec(Diagnostic)


@dataclass
class RenderCache:
    store: CacheStore
    markdown_reads_files: bool = False  # see markdown_reads_files()
    memory: dict[str, tuple[str, RenderedPage]] = field(default_factory=dict)  # file name -> (key, page)
    used: set[str] = field(default_factory=set)  # the file names this complete build read or wrote
    # Rebuilds follow in this process (`mkdocs serve`): only then are rendered pages and their list entries kept in
    # memory (a single build would hold a copy of every page's HTML, at its peak, for nothing), and a page goes to
    # the store when serving stops (flush), not on every rebuild that changed it.
    serving: bool = False
    unwritten: set[str] = field(default_factory=set)  # file names
    entries: dict[str, EntryRenders] = field(default_factory=dict)  # slot -> its page's list entries

    def entry_renders(self, slot: str, key: str) -> EntryRenders:
        """The list entries of the slot's page to render now; those of its last build are used again if that
        build's key (the page's, less its publication files' contents) is ``key``."""
        last = self.entries.get(slot)
        self.entries[slot] = renders = EntryRenders(key, last if last and last.key == key else None)
        return renders

    def get(self, slot: str, key: str) -> RenderedPage | None:
        name = _file_name(slot)
        known = self.memory.get(name)
        if known is not None and known[0] == key:
            if self.store.folder is not None and name not in self.unwritten and not self.store.exists(name):
                self._write(name, known)  # the folder was deleted while `mkdocs serve` ran: the next new build needs it
        else:
            page = self.store.read(name, key, _decode)
            if page is None:
                return None
            known = (key, page)
            if self.serving:
                self.memory[name] = known
        self.used.add(name)
        return known[1]

    def put(self, slot: str, key: str, rendered: RenderedPage) -> None:
        name = _file_name(slot)
        self.used.add(name)
        if self.serving:
            self.memory[name] = (key, rendered)
            self.unwritten.add(name)
        else:
            self._write(name, (key, rendered))

    def flush(self) -> None:
        """Write what serving kept back."""
        for name in sorted(self.unwritten):
            if name in self.memory:
                self._write(name, self.memory[name])
        self.unwritten.clear()

    def end_build(self, prune: bool) -> None:
        """The complete build is over; with ``prune``, the pages it did not use leave memory and disk."""
        if prune:
            self.store.prune(self.used.__contains__)
            for name in [name for name in self.memory if name not in self.used]:
                del self.memory[name]
                self.unwritten.discard(name)
        self.used.clear()

    def _write(self, name: str, known: tuple[str, RenderedPage]) -> None:
        key, page = known
        # The HTML goes as text beside the JSON: see cache_store.py.
        self.store.write(
            name,
            key,
            [list(page.blocks), _CODEC.encode(page.diagnostics), list(page.search_blocks), list(page.files)],
            [page.markdown, page.sprite, *page.blocks.values(), *page.search_blocks.values(), *page.files.values()],
        )


def _file_name(slot: str) -> str:
    return hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _decode(data, texts: list[str]) -> RenderedPage:
    if type(data) is not list or len(data) != 4:
        raise WrongShape("not a rendered page")
    names, diagnostics, search_names, file_names = data
    groups = (names, search_names, file_names)
    if not all(type(group) is list and all(type(name) is str for name in group) for group in groups):
        raise WrongShape("the names of the blocks are not strings")
    if len(texts) != 2 + sum(map(len, groups)):
        raise WrongShape("the blocks do not match their texts")
    start, parts = 2, []
    for group in groups:
        parts.append(dict(zip(group, texts[start : start + len(group)], strict=True)))
        start += len(group)
    blocks, search_blocks, files = parts
    return RenderedPage(texts[0], blocks, texts[1], _CODEC.decode(list[Diagnostic], diagnostics), search_blocks, files)


class WatchedMarkdown:
    """A page's Markdown function that notes whether it converted anything."""

    def __init__(self, convert):
        self.convert = convert
        self.converted = False

    def __call__(self, text: str) -> str:
        self.converted = True
        return self.convert(text)


# Markdown extensions known to read no file and fetch nothing while they convert: Python-Markdown's own,
# and PyMdown's but snippets (which includes files and URLs) and b64 (which inlines images). Emoji read
# their icons from installed packages (whose versions are in the key) or from custom_icons folders (listed
# in the key, see template_files). Any other extension may read what the key cannot cover.
FILE_FREE_EXTENSIONS = frozenset(
    {
        "abbr",
        "admonition",
        "attr_list",
        "codehilite",
        "def_list",
        "extra",
        "fenced_code",
        "footnotes",
        "legacy_attrs",
        "legacy_em",
        "md_in_html",
        "meta",
        "nl2br",
        "sane_lists",
        "smarty",
        "tables",
        "toc",
        "wikilinks",
        "pymdownx.arithmatex",
        "pymdownx.betterem",
        "pymdownx.blocks.admonition",
        "pymdownx.blocks.caption",
        "pymdownx.blocks.definition",
        "pymdownx.blocks.details",
        "pymdownx.blocks.html",
        "pymdownx.blocks.tab",
        "pymdownx.caret",
        "pymdownx.critic",
        "pymdownx.details",
        "pymdownx.emoji",
        "pymdownx.escapeall",
        "pymdownx.extra",
        "pymdownx.fancylists",
        "pymdownx.highlight",
        "pymdownx.inlinehilite",
        "pymdownx.keys",
        "pymdownx.magiclink",
        "pymdownx.mark",
        "pymdownx.pathconverter",
        "pymdownx.progressbar",
        "pymdownx.saneheaders",
        "pymdownx.smartsymbols",
        "pymdownx.striphtml",
        "pymdownx.superfences",
        "pymdownx.tabbed",
        "pymdownx.tasklist",
        "pymdownx.tilde",
    }
)


def markdown_reads_files(extensions) -> bool:
    """Whether converting Markdown with the site's extensions may take in the text of other files."""
    for extension in extensions:
        name = extension.split(":", 1)[0] if isinstance(extension, str) else ""
        if name.removeprefix("markdown.extensions.") not in FILE_FREE_EXTENSIONS:
            return True
    return False


# What shapes the HTML besides this package: templates, Markdown and its extensions, icons (Material's, on
# any theme). Each module's own __version__ costs nothing, where asking importlib.metadata costs ~8 ms.
# pymdownx counts once imported: MkDocs imports every Markdown extension a site names when it loads
# mkdocs.yml. MarkupSafe (the five HTML escapes, the same in every version) is left out.
_LIBRARIES = ("jinja2", "markdown", "mkdocs", "material")


@functools.cache
def library_versions() -> tuple:
    found = []
    for name in _LIBRARIES:
        try:
            found.append((name, getattr(importlib.import_module(name), "__version__", None)))
        except ImportError:
            found.append((name, None))
    extensions = sys.modules.get("pymdownx")
    return (*found, ("pymdownx", getattr(extensions, "__version__", None)))


def template_files(template_dirs, icon_dirs=()) -> list:
    """What the site's own template folders hold, and the icons Markdown may take, for the context digest.

    A template may include, import or extend any file of any template folder, so the site's own folders
    (custom_dir; this package's theme/ in a source checkout) are hashed whole; templates in installed
    packages (Material's, this package's) are covered by the package's version. Icons, thousands of them
    at times, are listed by size and time: a ``.icons`` folder in the site's own template folders, and
    ``icon_dirs`` (the custom_icons of the emoji extension).
    """
    found, icon_folders = [], list(icon_dirs)
    for folder in map(Path, template_dirs):
        if "site-packages" in folder.parts or "dist-packages" in folder.parts:
            continue
        for path in sorted(folder.rglob("*")):
            if ".icons" not in path.relative_to(folder).parts and path.is_file():
                found.append([str(path), hashlib.sha256(path.read_bytes()).hexdigest()])
        icon_folders.append(folder / ".icons")
    for folder in map(Path, icon_folders):
        for path in sorted(folder.rglob("*.svg")):
            stat = path.stat()
            found.append([str(path), stat.st_size, stat.st_mtime_ns])
    return found


def emoji_icon_dirs(mdx_configs: dict) -> list:
    """The folders of custom icons the emoji extension reads (Material's ``custom_icons``)."""
    emoji = (mdx_configs or {}).get("pymdownx.emoji")
    options = emoji.get("options") if isinstance(emoji, dict) else None
    folders = options.get("custom_icons") if isinstance(options, dict) else None
    return [folder for folder in folders if isinstance(folder, str)] if isinstance(folders, list) else []


@dataclass
class _EntryRender:
    pub: object  # the very publication it was rendered from (objects read from unchanged text are kept)
    html: str
    icons: tuple[str, ...]
    resolved: tuple[tuple[str, tuple, str | None], ...]  # each file the entry linked: (url, field path, found)


class EntryRenders:
    """One page's publication lists and their entries: those of its last build, those of this one."""

    def __init__(self, key: str, last: EntryRenders | None):
        self.key = key
        self.last = last.current if last else {}
        self.last_lists = last.current_lists if last else {}
        self.current: dict[tuple[int, str | None], _EntryRender] = {}
        self.current_lists: dict[tuple, tuple[str, str]] = {}  # a list's entries -> its HTML and search view
        self._checked: dict[tuple[int, str | None], bool] = {}

    def publication_list(self, pubs: list, files: list, page, make: Callable[[], tuple[str, str]]) -> tuple[str, str]:
        """``make()``'s list of ``pubs`` (its HTML and its search view), or the same from the last build when
        every entry of it holds (see ``render``): an edit of one entry renders only its own list again."""
        slots = tuple(zip(map(id, pubs), files or [None] * len(pubs), strict=True))
        known = self.last_lists.get(slots)
        if known is not None and all([self._holds(slot, pub, page) for slot, pub in zip(slots, pubs, strict=True)]):
            for slot in slots:
                self._reuse(slot, page)
        else:
            known = make()
        self.current_lists[slots] = known
        return known

    def render(self, pub, bibtex_file: str | None, page, make: Callable[[], str]) -> Markup:
        """``make()``'s HTML for ``pub``, or the same from the last build if it holds."""
        slot = (id(pub), bibtex_file)
        if self._holds(slot, pub, page):
            return Markup(self._reuse(slot, page).html)
        resolve, resolved, icons = page.resolve, [], []

        def recording(url: str, path: tuple) -> str | None:
            found = resolve(url, path)
            resolved.append((url, path, found))
            return found

        page.resolve, page.icons.recording = recording, icons
        try:
            html = make()
        finally:
            page.resolve, page.icons.recording = resolve, None
        self.current[slot] = _EntryRender(pub, html, tuple(dict.fromkeys(icons)), tuple(resolved))
        return Markup(html)

    def _reuse(self, slot: tuple[int, str | None], page) -> _EntryRender:
        """The last build's entry, kept for the next, its icons used on ``page`` again."""
        self.current[slot] = known = self.last[slot]
        for name in known.icons:
            page.icons.note(name)
        return known

    def _holds(self, slot: tuple[int, str | None], pub, page) -> bool:
        """Whether the last build's HTML of the entry holds for ``pub``: the very object (read from the same
        text), and each file it linked found as then. ``page`` (render.PageRender) looks each file up again,
        once a build, which also reports a missing one again; a file that appeared or went renders it anew."""
        if slot not in self._checked:
            known = self.last.get(slot)
            self._checked[slot] = (
                known is not None and known.pub is pub and all(page.resolve(*f[:2]) == f[2] for f in known.resolved)
            )
        return self._checked[slot]
