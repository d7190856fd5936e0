"""Citations in a page's text (render/citations.py formats them): the entries a page may cite, and each citation
and the page's references as HTML, with a warning for a key that has no entry."""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING

import citeproc

from ..cache.citations import CitedPage, Formatted, Missing
from ..cache.keys import digest
from ..diagnostics import Diagnostic, Reporter, did_you_mean
from ..model.records import Publication
from ..render import citations
from ..render.locale import Locale
from ..sources import formats

if TYPE_CHECKING:
    from .core import Site


class PageCitations:
    """One page's citations as it converts: whether a narrative ``@word`` is a key, and each citation and the
    page's references as HTML. From the citation cache when it holds them (cache/citations.py), else from the
    page's entries, read only then."""

    def __init__(self, site: Site, src_uri: str):
        self.site, self.src_uri = site, src_uri
        self.page = site.scan_state.pages.get(src_uri) if site.scan_state else None
        self._entries: dict[str, Publication] | None = None
        self._key: str | None = None  # None: nothing of this page is kept (no such page, a style that fails)
        self._stored: CitedPage | None = None  # what the cache held for the key
        self._asked: CitedPage | None = None  # what this build asked: written when it computed any of it
        self._computed = False
        self._looked = False

    def is_key(self, word: str) -> bool:
        stored = self._lookup()
        if stored is not None and word in stored.keys:
            known = stored.keys[word]
        else:
            known = word in self._read_entries()
            self._computed = True
        if self._asked is not None:
            self._asked.keys[word] = known
        return known

    def render(self, clusters: list[citations.Cluster], full: bool) -> tuple[list[str], str]:
        """Each cluster's HTML and the page's references (every entry when ``full``: ``\\full_bibliography``);
        a key with no entry is one warning at the line that first cites it."""
        written = digest(clusters, full)
        stored = self._lookup()
        formatted = stored.formatted.get(written) if stored is not None else None
        if formatted is None:
            formatted = self._format(clusters, full)
            self._computed = True
        if self._asked is not None:
            self._asked.formatted[written] = formatted
        for missing in formatted.missing:
            line = _line_citing(self.page.source.text, missing.key)
            self.site.report([Diagnostic(self.page.source.source_name, line, "citation", missing.problem)])
        return formatted.citations, formatted.references

    def keep(self) -> None:
        """The page is converted: what it computed goes to the cache, with what the cache answered."""
        if self._key is not None and self._asked is not None and self._computed:
            self.site.citation_cache.put(self._slot(), self._key, self._asked)
            self._computed = False

    def _lookup(self) -> CitedPage | None:
        if not self._looked:
            self._looked = True
            self._key = self._cache_key()
            if self._key is not None:
                self._stored = self.site.citation_cache.get(self._slot(), self._key)
            if self._stored is not None:
                self.site.report(self._stored.read_problems)  # as reading the entries would
                self._asked = CitedPage(self._stored.read_problems)
        return self._stored

    def _slot(self) -> str:
        source = self.page.source
        return f"{source.language} {source.url} {source.source_name}"

    def _cache_key(self) -> str | None:
        if self.page is None:
            return None
        options = self.site.options
        try:
            style = citations.style_text(options.csl_style, self.site.engine.project_dir)
        except citations.StyleError:
            return None  # the build warns, and falls back on apa: not kept, so it warns again next time
        held = []
        for path, where in self._files():
            self.site.bibliographies.note(path)  # its hash, as load() would take it; its parsed file stays
            held.append([str(path), where, self.site.data_files.contents.get(path)])
        source = self.page.source
        return digest(
            self.site.render_context(),
            citeproc.__version__,
            options.csl_style,
            hashlib.sha256(style).hexdigest(),
            held,
            self.page.front_matter.lines if self.page.front_matter else {},
            [source.url, source.source_name, str(source.page_dir), source.src_uri],
            self._heading(),
        )

    def _files(self) -> list[tuple]:
        """The publication files the page may cite from: its own, then the site's bibliography, then the files of
        citations_bibliography."""
        files = list(self.page.publication_files)
        scan = self.site.scan_state
        for path in [*scan.site_bibliography, *scan.cited_only]:
            if path not in dict(files):
                files.append((path, ()))
        return files

    def _read_entries(self) -> dict[str, Publication]:
        """The entries the page may cite, by key: those of its own publication files, then the site's
        bibliography and citations_bibliography (read through the parsed-file cache)."""
        if self._entries is not None:
            return self._entries
        self._entries = {}
        if self.page is None:
            return self._entries
        source = self.page.source
        reporter = Reporter(source.source_name, self.page.front_matter.lines if self.page.front_matter else {})
        assets_dir = self.site.options.assets_dir
        prefix = os.path.relpath(assets_dir, os.path.dirname(self.src_uri) or ".").replace(os.sep, "/") + "/"
        for path, where in self._files():
            assets = formats.links_prefix(path, source.page_dir, prefix)
            for pub in self.site.bibliographies.load(path, reporter, where, assets):
                self._entries.setdefault(pub.key, pub)
        self.site.report(reporter.found)
        self._lookup()
        if self._key is not None and self._asked is None:
            self._asked = CitedPage(reporter.found)
        return self._entries

    def _format(self, clusters: list[citations.Cluster], full: bool) -> Formatted:
        site = self.site
        entries = self._read_entries()
        try:
            styles = citations.load_styles(site.options.csl_style, site.engine.project_dir)
        except citations.StyleError as error:
            site.warn(f"mkdocs.yml: csl_style: {error}; apa is used")
            styles = citations.load_styles("apa", site.engine.project_dir)
            self._key = None  # warned on each build
        url = self.page.source.url if self.page else ""
        built = site.files.by_src_uri if site.files else {}

        def page_link(pub: Publication) -> str | None:
            own = site.index.own_page(pub, url, built)
            return own.page if own else None

        cited = clusters + ([citations.Cluster(tuple(map(citations.Cite, entries)))] if full else [])
        ignored = set(site.options.citations_ignore)
        rendered = citations.render(cited, entries, styles, page_link, ignored)
        missing = [
            Missing(key, f"no entry '{key}'{did_you_mean(key, entries)}")
            for key in rendered.missing
            if key not in ignored and self.page is not None
        ]
        listed = citations.references_html(rendered, self._heading()) if rendered.references else ""
        return Formatted(rendered.citations[: len(clusters)], listed, missing)

    def _heading(self) -> str:
        heading = self.site.options.references_heading
        if heading is None:
            language = self.page.source.language if self.page else self.site.language()
            heading = Locale(language, self.site.data.labels)("section.references")
        return heading


def _line_citing(text: str, key: str) -> int | None:
    """The line of ``text`` where ``@key`` first stands (a docstring's citation has none in the page)."""
    cited = f"@{key}"
    for number, line in enumerate(text.splitlines(), 1):
        start = line.find(cited)
        while start >= 0:
            end = start + len(cited)
            if end == len(line) or not (line[end].isalnum() or line[end] == "_"):
                return number
            start = line.find(cited, end)
    return None
