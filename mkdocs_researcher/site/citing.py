"""Citations in a page's text (render/citations.py formats them): the entries a page may cite, and each citation
and the page's references as HTML, with a warning for a key that has no entry."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Reporter, did_you_mean
from ..model.records import Publication
from ..render import citations
from ..render.locale import Locale
from ..sources import formats

if TYPE_CHECKING:
    from .core import Site


def citation_entries(site: Site, src_uri: str) -> dict[str, Publication]:
    """The entries a page may cite, by key: those of its own publication files, then the site's bibliography
    (read through the parsed-file cache)."""
    page = site.scan_state.pages.get(src_uri) if site.scan_state else None
    if page is None:
        return {}
    files = list(page.publication_files)
    files += [(path, ()) for path in site.scan_state.site_bibliography if path not in dict(files)]
    reporter = Reporter(page.source.source_name, page.front_matter.lines if page.front_matter else {})
    prefix = os.path.relpath(site.options.assets_dir, os.path.dirname(src_uri) or ".").replace(os.sep, "/") + "/"
    entries: dict[str, Publication] = {}
    for path, where in files:
        assets = formats.links_prefix(path, page.source.page_dir, prefix)
        for pub in site.bibliographies.load(path, reporter, where, assets):
            entries.setdefault(pub.key, pub)
    site.report(reporter.found)
    return entries


def render_citations(
    site: Site, src_uri: str, clusters: list[citations.Cluster], entries: dict[str, Publication], full: bool
) -> tuple[list[str], str]:
    """Each cluster's HTML and the page's references (every entry when ``full``: ``\\full_bibliography``);
    a key with no entry is one warning at the line that first cites it."""
    try:
        styles = citations.load_styles(site.options.csl_style, site.engine.project_dir)
    except citations.StyleError as error:
        site.warn(f"mkdocs.yml: csl_style: {error}; apa is used")
        styles = citations.load_styles("apa", site.engine.project_dir)
    page = site.scan_state.pages.get(src_uri)
    url = page.source.url if page else ""
    built = site.files.by_src_uri if site.files else {}

    def page_link(pub: Publication) -> str | None:
        own = site.index.own_page(pub, url, built)
        return own.page if own else None

    cited = clusters + ([citations.Cluster(tuple(map(citations.Cite, entries)))] if full else [])
    ignored = set(site.options.citations_ignore)
    rendered = citations.render(cited, entries, styles, page_link, ignored)
    for key in rendered.missing:
        if key not in ignored and page is not None:
            line = _line_citing(page.source.text, key)
            problem = f"no entry '{key}'{did_you_mean(key, entries)}"
            site.report([Diagnostic(page.source.source_name, line, "citation", problem)])
    heading = site.options.references_heading
    if heading is None:
        language = page.source.language if page else site.language()
        heading = Locale(language, site.data.labels)("section.references")
    listed = citations.references_html(rendered, heading) if rendered.references else ""
    return rendered.citations[: len(clusters)], listed


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
