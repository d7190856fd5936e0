"""The Markdown extension ``mkdocs_researcher``: a page's rendered sections, placed as every engine converts it.

The core (site/core.py) turns a page's Markdown into headings around lines that each stand for a block of rendered
HTML. This extension puts each block into the converter's HTML stash in its line's place, as Python-Markdown does
with raw HTML and mkdocstrings with its own: whatever the engine does to a page's HTML after conversion (MkDocs,
ProperDocs, Zensical), it does to the blocks as to the rest, and no engine needs a step of its own to place them.

Which page is converting: under Zensical the extension does the page's work itself, from Zensical's rendering
context (adapters/zensical.py); under MkDocs the plugin made the page's Markdown in on_page_markdown and says so
with ``converting``. In plain Python-Markdown, with neither, it leaves the text as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from .adapters import zensical
from .adapters.zensical import ZENSICAL_CONTEXT
from .site.core import Site
from .site.pages import PLACEHOLDER

FIRST_BLOCK = PLACEHOLDER.format(0)  # a line of the page's Markdown whenever it has sections
_BLANK = "<!--researcher-blank-page-->"


@dataclass
class _Converting:
    site: Site
    src_uri: str


class _State:
    converting: _Converting | None = None  # the page whose Markdown the engine converts next (MkDocs)


_state = _State()


def converting(site: Site, src_uri: str) -> None:
    """The engine converts this page's Markdown (as ``site.page_markdown`` returned it) next: its conversion places
    the page's blocks. Inner conversions (mkdocstrings, markdown-exec) hold none of its lines, and leave it be."""
    _state.converting = _Converting(site, src_uri)


class ResearcherExtension(markdown.Extension):
    def __init__(self, **options):
        # Checked by SiteOptions.from_mapping, which warns where Extension's own config would raise.
        super().__init__()
        self.options = options

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        placing = _PlaceBlocks(md, self.options)
        # Before fenced code (25) stashes code blocks, so the core sees the body as written (markers inside code
        # are not markers, lines count as in the file); after whitespace normalisation (30) and macros (35).
        md.preprocessors.register(placing, "researcher_sections", 29)
        # Just before raw HTML (30) takes the blocks out of the stash.
        md.postprocessors.register(_SearchView(md, placing), "researcher_search_view", 31)
        if ZENSICAL_CONTEXT in md.preprocessors:
            # Python-Markdown returns "" for a blank source before any extension runs, and a Zensical page may hold
            # nothing but front matter: such a page is converted from a stand-in, which _PlaceBlocks takes out.
            # (Under MkDocs the plugin hands over the page's Markdown with its sections: never blank.)
            convert = md.convert
            md.convert = lambda source: convert(source if source.strip() else _BLANK)


class _PlaceBlocks(Preprocessor):
    def __init__(self, md: markdown.Markdown, options: dict):
        super().__init__(md)
        self.options = options
        self.search_view: tuple[Site, str, dict[int, str]] | None = None  # (site, src_uri, stash index -> HTML)

    def run(self, lines: list[str]) -> list[str]:
        if lines == [_BLANK]:
            lines = [""]
        if ZENSICAL_CONTEXT in self.md.preprocessors:
            lines, page = zensical.page_markdown(self.md, self.options, lines)
            return self._place(lines, page and _Converting(*page))
        page = _state.converting
        if page is not None and FIRST_BLOCK in lines:
            _state.converting = None
            return self._place(lines, page)
        return lines

    def _place(self, lines: list[str], page: _Converting | None) -> list[str]:
        if page is None or FIRST_BLOCK not in lines:
            return lines
        output = page.site.page_blocks(page.src_uri)
        if output is None:
            return lines
        stash = self.md.htmlStash
        searched: dict[int, str] = {}
        placed = []
        for line in lines:
            block = output.blocks.get(line)
            if block is None:
                placed.append(line)
                continue
            if line == FIRST_BLOCK:
                block += output.sprite  # the icons' definitions, hidden: anywhere on the page will do
            placed.append(stash.store(block))
            if line in output.search_blocks:
                searched[len(stash.rawHtmlBlocks) - 1] = output.search_blocks[line]
        if searched and page.site.engine.reads_search_views:
            self.search_view = (page.site, page.src_uri, searched)
        return placed


class _SearchView(Postprocessor):
    """The page as search should read it: the rest of the conversion again, with each publication list's search
    HTML in the stash in place of the list (site/pages.py PageOutput.search_blocks)."""

    def __init__(self, md: markdown.Markdown, placing: _PlaceBlocks):
        super().__init__(md)
        self.placing = placing

    def run(self, text: str) -> str:
        if self.placing.search_view is None:
            return text
        site, src_uri, searched = self.placing.search_view
        if self.md.htmlStash.get_placeholder(next(iter(searched))) not in text:
            return text  # toc runs the postprocessors on each heading's text too
        self.placing.search_view = None
        stash = self.md.htmlStash.rawHtmlBlocks
        full = {index: stash[index] for index in searched}
        for index, html in searched.items():
            stash[index] = html
        try:
            processors = list(self.md.postprocessors)
            view = text
            for processor in processors[processors.index(self) + 1 :]:
                view = processor.run(view)
        finally:
            for index, html in full.items():
                stash[index] = html
        site.keep_search_view(src_uri, view)
        return text
