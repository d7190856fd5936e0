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

import re
from dataclasses import dataclass, field
from html import escape

import markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from .adapters import zensical
from .adapters.zensical import ZENSICAL_CONTEXT
from .render import citations
from .site import citing as page_citations
from .site.core import Site
from .site.pages import PLACEHOLDER

FIRST_BLOCK = PLACEHOLDER.format(0)  # a line of the page's Markdown whenever it has sections
_BLANK = "<!--researcher-blank-page-->"


@dataclass
class _Converting:
    site: Site
    src_uri: str


@dataclass
class _Citing:
    """The citations of the page converting, its inner conversions' (mkdocstrings' docstrings) among them."""

    cited: page_citations.PageCitations
    clusters: list[citations.Cluster] = field(default_factory=list)
    rendered: dict[tuple[int, ...], tuple[list[str], str]] = field(default_factory=dict)


class _State:
    converting: _Converting | None = None  # the page whose Markdown the engine converts next (MkDocs)
    citing: _Citing | None = None  # the page being converted, whichever Markdown instance converts its parts


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
        tree_done = _TreeDone(md)
        placing = _PlaceBlocks(md, self.options, tree_done)
        # Before fenced code (25) stashes code blocks, so the core sees the body as written (markers inside code
        # are not markers, lines count as in the file); after whitespace normalisation (30) and macros (35).
        md.preprocessors.register(placing, "researcher_sections", 29)
        # Just before raw HTML (30) takes the blocks out of the stash.
        md.postprocessors.register(_SearchView(md, placing), "researcher_search_view", 31)
        # After raw HTML (90), so that no citation is read inside a tag's attributes; after links and autolinks, so
        # none is read in a URL or an e-mail address; before emphasis, which would take a key's underscores.
        # Code spans (190) and code blocks (stashed before inline patterns) are never read.
        md.inlinePatterns.register(_BracketedCitation(md), "researcher_citation", 85)
        md.inlinePatterns.register(_NarrativeCitation(md), "researcher_narrative_citation", 84)
        md.treeprocessors.register(tree_done, "researcher_tree_done", 0)
        # After raw HTML (30) puts the stash back: inner conversions' HTML holds their citations too.
        md.postprocessors.register(_PlaceCitations(md, placing, tree_done), "researcher_citations", 25)
        if ZENSICAL_CONTEXT in md.preprocessors:
            # Python-Markdown returns "" for a blank source before any extension runs, and a Zensical page may hold
            # nothing but front matter: such a page is converted from a stand-in, which _PlaceBlocks takes out.
            # (Under MkDocs the plugin hands over the page's Markdown with its sections: never blank.)
            convert = md.convert
            md.convert = lambda source: convert(source if source.strip() else _BLANK)


class _PlaceBlocks(Preprocessor):
    def __init__(self, md: markdown.Markdown, options: dict, tree_done: _TreeDone):
        super().__init__(md)
        self.options, self.tree_done = options, tree_done
        self.search_view: tuple[Site, str, dict[int, str]] | None = None  # (site, src_uri, stash index -> HTML)

        self.citing: _Citing | None = None  # set when this conversion is a page's own

    def run(self, lines: list[str]) -> list[str]:
        self.citing, self.tree_done.done = None, False
        if lines == [_BLANK]:
            lines = [""]
        if ZENSICAL_CONTEXT in self.md.preprocessors:
            lines, page = zensical.page_markdown(self.md, self.options, lines)
            return self._place(lines, page and _Converting(*page))
        page = _state.converting
        if page is not None:
            # The page's own conversion follows the plugin's on_page_markdown; inner ones run inside it.
            _state.converting = None
            return self._place(lines, page)
        return lines

    def _place(self, lines: list[str], page: _Converting | None) -> list[str]:
        if page is not None:
            self.citing = _state.citing = _Citing(page_citations.PageCitations(page.site, page.src_uri))
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


# Citations ------------------------------------------------------------------------------------------------------

_TOKEN = "\x02researcher-cite:{}\x03"  # a cluster's place until the page's clusters are all known
_TOKENS = re.compile("\x02researcher-cite:(\\d+)\x03")
_REFERENCES_MARKER = "<!-- researcher references -->"
_BIBLIOGRAPHY_MARKER = "<p>\\bibliography</p>"  # mkdocs-bibtex's commands, alone in a paragraph
_FULL_BIBLIOGRAPHY_MARKER = "<p>\\full_bibliography</p>"


def _token(cluster: citations.Cluster) -> str | None:
    citing = _state.citing
    if citing is None:
        return None
    citing.clusters.append(cluster)
    return _TOKEN.format(len(citing.clusters) - 1)


class _BracketedCitation(InlineProcessor):
    """``[@key]``, ``[see @a, p. 3; -@b]``: the text between the brackets is read by citations.parse_bracketed."""

    def __init__(self, md: markdown.Markdown):
        super().__init__(r"\[([^\[\]\n]*)\]", md)  # linear: no "[" inside, so each "[" starts a scan of its own

    def handleMatch(self, m: re.Match, data: str):
        cluster = citations.parse_bracketed(m[1]) if "@" in m[1] else None
        token = cluster and _token(cluster)
        return (token, m.start(0), m.end(0)) if token else (None, None, None)


class _NarrativeCitation(InlineProcessor):
    """``@key`` in a sentence, when the key has an entry (``@name`` is otherwise a handle, and stays text)."""

    def __init__(self, md: markdown.Markdown):
        super().__init__(rf"(?<![\w@/.:\\])@({citations.KEY})", md)

    def handleMatch(self, m: re.Match, data: str):
        citing = _state.citing
        if citing is None or not citing.cited.is_key(m[1]):
            return None, None, None
        return _token(citations.narrative(m[1])), m.start(0), m.end(0)


class _TreeDone(Treeprocessor):
    """Whether the tree is finished: before, toc runs the postprocessors over each heading's text alone."""

    def __init__(self, md: markdown.Markdown):
        super().__init__(md)
        self.done = False

    def run(self, root):
        self.done = True


class _PlaceCitations(Postprocessor):
    """Each cluster formatted in the page's order (a numeric style numbers so), its references at the marker or
    at the end. Runs on the page's own conversion; an inner one leaves its tokens to the page's."""

    def __init__(self, md: markdown.Markdown, placing: _PlaceBlocks, tree_done: _TreeDone):
        super().__init__(md)
        self.placing, self.tree_done = placing, tree_done

    def run(self, text: str) -> str:
        citing = self.placing.citing
        if citing is None:
            return text
        if not self.tree_done.done:  # a heading's text for the table of contents: the citation as written
            return _TOKENS.sub(lambda m: escape(citing.clusters[int(m[1])].source), text)
        full = _FULL_BIBLIOGRAPHY_MARKER in text
        order = tuple(int(index) for index in _TOKENS.findall(text))
        if not order and not full:
            citing.cited.keep()  # the answers to whether each @word is a key
            return text
        if order not in citing.rendered:
            clusters = [citing.clusters[index] for index in order]
            citing.rendered[order] = citing.cited.render(clusters, full)
            citing.cited.keep()
        formatted, references = citing.rendered[order]
        by_index = dict(zip(order, formatted, strict=True))
        text = _TOKENS.sub(lambda m: by_index[int(m[1])], text)
        for marker in (_FULL_BIBLIOGRAPHY_MARKER, _REFERENCES_MARKER, _BIBLIOGRAPHY_MARKER):
            if marker in text:
                return text.replace(marker, references, 1)
        return f"{text}\n{references}" if references else text
