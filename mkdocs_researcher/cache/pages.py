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

Kept (kept.py) in memory under ``mkdocs serve`` only (a single build would hold a copy of every page's HTML, at
its peak, for nothing) and, when a cache folder is set, one file per page in ``pages/`` there.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import sys
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Diagnostic
from .kept import Kept
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


class RenderCache:
    """Rendered pages by slot (one per built page) and key."""

    def __init__(self, store: CacheStore):
        self.kept: Kept[RenderedPage] = Kept(store, _encode, _decode)
        self.markdown_reads_files = False  # see markdown_reads_files()

    def get(self, slot: str, key: str) -> RenderedPage | None:
        return self.kept.get(_file_name(slot), key)

    def put(self, slot: str, key: str, rendered: RenderedPage) -> None:
        self.kept.put(_file_name(slot), key, rendered)


def _file_name(slot: str) -> str:
    return hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _encode(page: RenderedPage) -> tuple[list, list[str]]:
    # The HTML goes as text beside the JSON: see store.py.
    return (
        [list(page.blocks), _CODEC.encode(page.diagnostics), list(page.search_blocks), list(page.files)],
        [page.markdown, page.sprite, *page.blocks.values(), *page.search_blocks.values(), *page.files.values()],
    )


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
