"""One page of the site as Markdown with its sections placed, from what the scan kept.

Sections are emitted as Markdown headings (so the table of contents and the
search index see them) around lines that each stand for a block of rendered
HTML; the Markdown extension (extension.py) puts the blocks into the
converter's HTML stash in their place, so long lists never pass through it. A rendered page is kept in the render cache
by a key computed from its inputs (see cache/pages.py).
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable, Container
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property

import markdown as python_markdown

from .. import __version__
from ..cache import keys as cache_keys
from ..cache import pages as render_cache
from ..cache.keys import digest
from ..cache.pages import RenderCache, RenderedPage, WatchedMarkdown
from ..diagnostics import Diagnostic, Place, Reporter, did_you_mean
from ..model import links as link_kinds
from ..model.names import SelfMatcher
from ..model.records import PUBLICATION_TYPES, PageData, Publication
from ..model.urls import pub_anchor, relative_url
from ..options import SiteOptions
from ..publish import pdf, rendercv
from ..publish.citation import bibtex_for
from ..publish.cv import CV_SECTIONS
from ..render.environment import OwnPage, PageRender, asset_text
from ..render.locale import Locale
from ..render.publication import search_html
from ..sources.fields import parse_boolean
from ..sources.markers import Marker, find_markers
from ..sources.people import People
from ..sources.sections import SECTION_KINDS, SECTIONS_BY_NAME, SectionKind
from . import cv
from .engine import EngineSettings
from .enrich import SiteFacts
from .files import SiteFiles, generated_before
from .index import PublicationEntry, SiteIndex
from .scan import Scan, ScannedPage
from .selection import SORTS, Selection, entry_place, marker_number, select
from .sitedata import SiteData

GROUP_BY = ("year", "type", "none")
FILTER_FROM = 6  # lists this long get a filter box unless the marker says filter=false
# Lists this long keep their BibTeX in a file beside the page (BIBTEX_FILE), which a toggle fetches when opened:
# inline, it was two fifths of each entry's HTML.
BIBTEX_FILE_FROM = 100
BIBTEX_FILE = "bibtex.bib"

_H1 = re.compile(r"^(#[ \t]+\S|[^\n]+\n=+[ \t]*$)", re.MULTILINE)
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")
PLACEHOLDER = "<!--researcher-block-{}-->"  # a line of the page's Markdown that a block's HTML replaces
AUTO = -1  # the "line" of a section placed by default rather than by a marker


@dataclass
class PageOutput:
    markdown: str
    blocks: dict[str, str] = field(default_factory=dict)  # placeholder -> HTML
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sprite: str = ""
    # placeholder -> what search parses there instead: a publication list's words, a paragraph an entry. A long
    # list's buttons, panels and icons are tens of tags an entry that search indexes nothing of, and parsing
    # them was most of a whole build (adapters/mkdocs.py swaps the two views around the search plugin).
    search_blocks: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # site path -> text: files the page's HTML links to
    kept: bool = True  # False: not for the render cache (made with something missing that a later build may have)


class FieldMarkdown:
    """Markdown fields converted with the site's Markdown settings; one converter per build, made when first needed
    (a page from the render cache, or from .bib files only, needs none)."""

    def __init__(self, engine: EngineSettings):
        self.engine = engine
        self._converter: python_markdown.Markdown | None = None

    def __call__(self, text: str) -> str:
        if self._converter is None:
            self._converter = python_markdown.Markdown(
                extensions=self.engine.markdown_extensions, extension_configs=self.engine.mdx_configs or {}
            )
        return self._converter.reset().convert(text)


@dataclass(frozen=True)
class SiteForPages:
    """What building a page reads of the site, the same for every page of a build (the scan makes it)."""

    options: SiteOptions
    engine: EngineSettings
    data: SiteData
    people: People
    scan: Scan  # the pages as read, and their data files
    index: SiteIndex
    files: SiteFiles
    render_cache: RenderCache
    markdown: Callable[[str], str]

    @cached_property
    def render_context(self) -> str:
        """A digest of everything outside a page and its data files that the page's HTML depends on."""
        engine, data = self.engine, self.data
        urls = [(uri, file.url) for uri, file in self.files.by_src_uri.items()]
        return cache_keys.digest(
            __version__,
            cache_keys.package_files(),
            render_cache.library_versions(),
            {name: value for name, value in asdict(self.options).items() if name not in ("cache", "cache_dir")},
            [engine.theme_name, list(engine.template_dirs), engine.theme_language, engine.theme_locale],
            [engine.markdown_extensions, engine.mdx_configs, engine.site_url, engine.use_directory_urls],
            engine.urls_relative_to_source,
            sorted(urls),  # where links to files resolve
            render_cache.template_files(engine.template_dirs, render_cache.emoji_icon_dirs(engine.mdx_configs)),
            [self.index.owner_names(), self.people, data.venues, data.coauthors, data.counts, data.math],
            [self.scan.works.items, self.scan.works.orcids],  # researcher-works.yml: what identifier entries show
            sorted(self.index.member_pages.items()),
            sorted((e.key, e.page_url, e.bib_url) for e in self.index.entries.values()),
        )

    def page_owners(self, data: PageData) -> list[str]:
        return self.index.page_owners(data, self.people)


class PageContext:
    """One page being built: what the scan kept, the Markdown the engine hands over, and the site."""

    def __init__(self, site: SiteForPages, page: ScannedPage, body: str, built: Container[str]):
        self.site, self.page, self.body, self.built = site, page, body, built
        source = page.source
        self.url = source.url
        self.link_base = site.files.link_base(source.src_uri, source.url)  # what the page's relative URLs start from
        self.markdown = site.markdown
        listing = site.index.page(source.src_uri)
        self.bibliography_url = (
            relative_url(listing.bibliography_uri, self.link_base) if listing and listing.bibliography_uri else None
        )

    def find_file(self, url: str) -> str | None:
        """A URL relative to this page's source file, as one relative to the built page; None if no such file."""
        return self.site.files.find_file(url, self.page.source.src_uri)

    def publication_url(self, pub: Publication) -> OwnPage | None:
        # Only where the page really is in this build (mkdocs-static-i18n drops generated pages from the builds
        # of other languages).
        if not self.site.options.publication_pages:
            return None
        return self.site.index.own_page(pub, self.link_base, self.built)

    def key(self, *inputs, publications: bool = True) -> str:
        """The render key: the page's text and front matter, every data file read (without ``publications``, but
        the .bib and CSL files), the site's context, ``inputs``."""
        source = self.page.source
        return digest(
            self.site.render_context,
            self.site.scan.data_files.contents_digest(publications),
            [source.source_name, source.url, str(source.page_dir), source.language, self.site.options.default_language],
            self.bibliography_url,
            source.text,
            self.body,
            self.page.meta,  # as other plugins left it: Material's meta plugin merges .meta.yml files into it
            inputs,
        )


def heading_text(text: str) -> str:
    """User text made safe as the text of a Markdown heading."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(" ".join(text.split()), quote=False))


def build_page(context: PageContext) -> PageOutput:
    site, page = context.site, context.page
    # After the scan, so the key covers the files this page names; a page from the cache reads no .bib entries
    # (their warnings are among the cached ones).
    key, cached = _cached(context, *_cv_inputs(context))
    if cached is not None:
        return PageOutput(
            cached.markdown,
            dict(cached.blocks),
            page.read_problems + cached.diagnostics,
            cached.sprite,
            dict(cached.search_blocks),
            dict(cached.files),
        )
    data = site.scan.publications(page)
    reporter = Reporter(page.source.source_name, page.front_matter.lines if page.front_matter else {})
    output = PageOutput(context.body)

    def resolve(url: str, path: tuple) -> str | None:
        found = context.find_file(url)
        if found is None and path and type(path[0]) is Place:
            # An entry of a publications file: its link was made relative to this page (under assets_dir, or beside
            # a Hugo file), so neither the page nor the entry's own text says where it was looked for.
            looked_for = site.files.docs_path(url, page.source.src_uri)
            reporter.warn(path, f"the file '{looked_for}' does not exist")
        elif found is None:
            reporter.warn(path, f"the file '{url}' does not exist (paths are relative to this page's file)")
        return found

    render = _page_render(context, site.page_owners(data), resolve)
    output.markdown = _Assembler(context, render, data, output, reporter).run()
    output.sprite = render.icons.sprite()
    rendered_problems = page.publication_problems + reporter.found
    output.diagnostics = page.read_problems + rendered_problems
    _keep(context, key, output, rendered_problems)
    return output


def build_publication_page(context: PageContext, entry: PublicationEntry) -> PageOutput:
    """The page of one publication: its heading in Markdown, the rest rendered straight to HTML."""
    site = context.site
    listing = site.index.page(entry.list_src_uri)
    back_url = relative_url(listing.url, context.link_base) + "#" + pub_anchor(entry.pub)
    bib_url = relative_url(entry.bib_url, context.link_base)
    # Cached only under serve, where rebuilds follow in memory: a publication page renders in about the time that
    # reading it back from the cache folder takes, and writing 2,000 of them there made a first build 10% slower.
    key, cached = (
        _cached(context, entry.pub, entry.owners, back_url, bib_url) if site.render_cache.kept.serving else ("", None)
    )
    if cached is not None:
        return PageOutput(
            cached.markdown, dict(cached.blocks), list(cached.diagnostics), cached.sprite, dict(cached.search_blocks)
        )
    reporter = Reporter(context.page.source.source_name)
    render = _page_render(context, entry.owners, lambda url, path: context.find_file(url))
    pub = entry.pub if site.options.show_tags else replace(entry.pub, tags=[])
    abstract = site.data.renderer.field(render, pub, "abstract")
    html_text = site.data.renderer.render(
        "publication_page.html", render, pub=pub, back_url=back_url, bib_url=bib_url, abstract=abstract
    )
    output = PageOutput("# " + heading_text(entry.pub.title) + "\n\n" + PLACEHOLDER.format(0) + "\n")
    output.blocks[PLACEHOLDER.format(0)] = html_text
    # Search reads the words of the entry and its abstract: not its buttons, BibTeX and icons, which took most of
    # the time search spent on a site of publication pages.
    output.search_blocks[PLACEHOLDER.format(0)] = search_html([pub]) + "\n" + str(abstract)
    output.sprite = render.icons.sprite()
    output.diagnostics = reporter.found
    _keep(context, key, output, reporter.found)
    return output


def beside_page(url: str, name: str) -> str:
    """The site path of a file named ``name`` beside the page served at ``url`` (a language plugin may have moved
    it: its URL says where)."""
    return posixpath.normpath(posixpath.join(url if url.endswith("/") else posixpath.dirname(url), name))


def published_beside(site: SiteForPages, path: str) -> bool:
    """Whether the site publishes a file at ``path``: its own, one this build adds, or, for an engine that
    writes none beside a page, one `generate` wrote into docs/."""
    if site.files.publishes_file(path):
        return True
    return not site.engine.writes_files and path in generated_before(site.engine.docs_dir)


def _cv_inputs(context: PageContext) -> tuple:
    """What a page's CV shows that its render key does not cover already: the owner's page, when the CV is
    theirs, and whether a PDF can be made."""
    if not any(marker.kind == "cv" for marker in context.page.markers):
        return ()
    page = cv.cv_page(context.page, context.site.scan, context.site.index)
    owner = cv.watched_text(page) if page is not None and page is not context.page else None
    # WeasyPrint's version, not its import (half a second): a CV page rendered while it could not load is not kept.
    weasyprint = pdf.installed_version() if context.site.options.cv_pdf else None
    return owner, weasyprint, published_beside(context.site, beside_page(context.url, "cv.pdf"))


def _slot(context: PageContext) -> str:
    source = context.page.source
    return f"{source.language} {source.url} {source.source_name}"  # one cached page per built page


def _cached(context: PageContext, *inputs) -> tuple[str, RenderedPage | None]:
    """The page's render key and its cached render."""
    cache = context.site.render_cache
    key = context.key(*inputs)
    if cache.markdown_reads_files:
        context.markdown = WatchedMarkdown(context.markdown)  # _keep() asks whether the render converted any
    return key, cache.get(_slot(context), key)


def _keep(context: PageContext, key: str, output: PageOutput, diagnostics: list[Diagnostic]) -> None:
    # Markdown converted by an extension that may read files (snippets) can hold text the key does not cover.
    if key and output.kept and not (isinstance(context.markdown, WatchedMarkdown) and context.markdown.converted):
        context.site.render_cache.put(
            _slot(context),
            key,
            RenderedPage(
                output.markdown, output.blocks, output.sprite, diagnostics, output.search_blocks, output.files
            ),
        )


def _page_render(context: PageContext, owners: list[str], resolve) -> PageRender:
    site = context.site
    render = site.data.renderer.page(
        Locale(context.page.source.language, site.data.labels),
        SelfMatcher(owners),
        resolve,
        context.markdown,
        site.options,
        site.data.math,
    )
    render.publication_url = context.publication_url
    render.bibliography_url = context.bibliography_url
    # Co-authors who are lab members link to their member pages.
    members = [
        (SelfMatcher(names), relative_url(url, context.link_base))
        for person_id, url in site.index.member_pages.items()
        if (names := site.people.by_id[person_id].names()) and not set(names) & set(owners)
    ]
    render.facts = SiteFacts(members, site.data.coauthors, site.data.counts)
    return render


class _Assembler:
    def __init__(self, context: PageContext, render: PageRender, data: PageData, output: PageOutput, reporter):
        self.context, self.site, self.render, self.data = context, context.site, render, data
        self.output, self.reporter = output, reporter
        self.h1_in_body = bool(_H1.search(context.body))
        self.profile_shown = False  # only the first profile card of a page may be its <h1>
        self.bibtex_entries: list[str] = []  # what the page's BIBTEX_FILE holds, entry by entry
        self.cv_page = cv.cv_page(context.page, context.site.scan, context.site.index)

    def run(self) -> str:
        lines = self.context.body.split("\n")
        markers = find_markers(self.context.body)
        placed: set[str] = set()
        for marker in markers:  # each marker line is replaced in place: line numbers stay valid
            lines[marker.line] = self.place(marker)
            placed.add(marker.kind)
        top, after_bio, bottom = [], [], []
        # A page with a CV shows its sections there, and nowhere else.
        for kind in () if "cv" in placed else SECTION_KINDS:
            if kind.name in placed or kind.record is None or not self.has(kind.name):
                continue
            text = self.place(Marker(kind.name, line=AUTO))
            (top if kind.placed_on_top else after_bio if kind.placed_after_bio else bottom).append(text)
        # The page's opening text (its bio) ends at its first section marker, or with the page.
        bio_end = next((marker.line for marker in markers if marker.kind != "profile"), None)
        if after_bio and bio_end is not None:
            lines[bio_end] = "\n\n".join([*after_bio, lines[bio_end]])
        elif after_bio:
            bottom = after_bio + bottom
        return "\n\n".join(part for part in ("\n\n".join(top), "\n".join(lines), "\n\n".join(bottom)) if part)

    def has(self, kind: str) -> bool:
        if kind == "people":
            return bool(self.site.people.by_id)
        if kind == "cv":
            return self.cv_page is not None
        return bool(self.data.section(kind))

    def marker_line(self, marker: Marker) -> int | None:
        """The file line of a marker: body lines start after the front matter."""
        if marker.line == AUTO:
            return None
        source = self.context.page.source
        offset = source.text.count("\n") - self.context.body.count("\n")
        return offset + marker.line + 1

    def place(self, marker: Marker) -> str:
        line = self.marker_line(marker)
        kind = SECTIONS_BY_NAME.get(marker.kind)
        if kind is None:
            self.reporter.warn(
                (),
                f"unknown section '{marker.kind}' in a researcher marker{did_you_mean(marker.kind, SECTIONS_BY_NAME)}",
                line=line,
            )
            return ""
        for problem in marker.problems:
            self.reporter.warn((), f"researcher {marker.kind} marker: {problem}", line=line)
        for name in marker.options:
            if name not in kind.marker_options:
                self.reporter.warn(
                    (),
                    (
                        f"researcher {marker.kind} marker: unknown option '{name}'"
                        f"{did_you_mean(name, kind.marker_options)}"
                    ),
                    line=line,
                )
        if not self.has(marker.kind):
            if marker.kind != "cv":
                problem = f"this page has no {marker.kind} to show"
                self.reporter.warn((), f"researcher {marker.kind} marker: {problem}", line=line)
            elif not any(page.front_matter_refused for page in self.site.scan.pages.values()):
                # (A page whose front matter was refused, the home page's perhaps, has its own warning.)
                problem = "no profile to show a CV of: this page has none, nor has the home page"
                self.reporter.warn((), f"researcher cv marker: {problem}", line=line)
            return ""
        return LAYOUTS[kind.name](self, kind, marker, line)

    # Pieces of Markdown -------------------------------------------------------------------

    def block(self, html_text: str) -> str:
        placeholder = PLACEHOLDER.format(len(self.output.blocks))
        self.output.blocks[placeholder] = html_text
        return placeholder

    def level(self, marker: Marker, line) -> int:
        return self.option_int(marker, "level", line, 2, 1, 6)

    def section(self, kind: str, marker: Marker, level: int, default_heading: str, pieces: list[str]) -> str:
        """The section element (opened and closed by placeholders) around its heading and pieces."""
        heading = marker.options.get("heading", default_heading)
        parts = [self.block(f'<div class="researcher-section researcher-{kind}">')]
        if heading and heading.lower() != "none" and parse_boolean(heading) is not False:
            parts.append(self.heading(heading, level))
        parts.extend(pieces)
        parts.append(self.block("</div>"))
        return "\n\n".join(parts)

    def option_bool(self, marker: Marker, name: str, line, default: bool) -> bool:
        raw = marker.options.get(name)
        if raw is None:
            return default
        value = parse_boolean(raw)
        if value is None:
            self.reporter.warn(
                (), f"researcher {marker.kind} marker: {name} should be true or false, not '{raw}'", line=line
            )
            return default
        return value

    def option_int(self, marker: Marker, name: str, line, default: int, low: int, high: int) -> int:
        raw = marker.options.get(name)
        if raw is None:
            return default
        number = marker_number(raw, low, high)
        if number is not None:
            return number
        self.reporter.warn(
            (),
            f"researcher {marker.kind} marker: {name} should be a whole number from {low} to {high}, not '{raw}'",
            line=line,
        )
        return default

    def limited(self, entries: list, marker: Marker, line) -> list:
        limit = self.option_int(marker, "limit", line, 0, 0, 1_000_000)
        return entries[:limit] if limit else entries

    @staticmethod
    def heading(text: str, level: int) -> str:
        return "#" * min(level, 6) + " " + heading_text(text)

    def html(self, template: str, **values) -> str:
        return self.block(self.site.data.renderer.render(template, self.render, **values))

    # Sections ----------------------------------------------------------------------------

    def _list(self, kind: SectionKind, marker: Marker, line) -> str:
        """A section shown as one list in its own template, newest first when its kind sorts."""
        entries = list(self.data.section(kind.name))
        if kind.sort_key is not None:
            entries.sort(key=kind.sort_key, reverse=True)
        piece = self.html(kind.template, kind=kind.name, entries=self.limited(entries, marker, line))
        return self.section(kind.name, marker, self.level(marker, line), self.render.locale(kind.label), [piece])

    def _profile(self, kind: SectionKind, marker: Marker, line) -> str:
        as_h1 = not self.profile_shown and not self.h1_in_body
        self.profile_shown = True
        html_text = self.site.data.renderer.render("profile.html", self.render, profile=self.data.profile, as_h1=as_h1)
        return self.block(html_text)

    def _publications(self, kind: SectionKind, marker: Marker, line) -> str:
        t = self.render.locale
        self.option_int(marker, "limit", line, 0, 0, 1_000_000)  # only to report a bad one: select() applies it
        chosen = select(self.data, marker.options, self.site.people)
        if chosen.unknown_person is not None:
            self.reporter.warn(
                (),
                (
                    f"researcher publications marker: no person '{chosen.unknown_person}' in the people folder"
                    f"{did_you_mean(chosen.unknown_person, self.site.people.by_id)}"
                ),
                line=line,
            )
        if chosen.unclaimed:
            person_file = self.site.scan.data_files.display_name(chosen.person.path)
            self.reporter.warn((), _unclaimed_problem(chosen, person_file), line=line)
        if chosen.unknown_sort is not None:
            self.reporter.warn(
                (),
                f"researcher publications marker: sort should be one of {', '.join(SORTS)}, not "
                f"'{chosen.unknown_sort}'; newest first instead",
                line=line,
            )
        entries = chosen.entries
        if not self.option_bool(marker, "show_tags", line, self.site.options.show_tags):
            entries = [replace(pub, tags=[]) for pub in entries]  # Zotero's and ADS's keywords: up to 24 an entry
        if not entries:
            self.reporter.warn((), self._nothing_shown(marker), line=line)
            return ""
        group_by = marker.options.get("group_by", "none").lower()
        if group_by not in GROUP_BY:
            self.reporter.warn(
                (),
                f"researcher publications marker: group_by should be one of {', '.join(GROUP_BY)}, not '{group_by}'",
                line=line,
            )
            group_by = "none"
        selected = parse_boolean(marker.options.get("selected", "false")) is True
        default_heading = t("section.selected_publications") if selected else t("section.publications")
        level = self.level(marker, line)
        pieces = []
        wants_filter = marker.options.get("filter", "auto").lower()
        if self.context.bibliography_url:
            pieces.append(self.html("bibliography_link.html"))
        if parse_boolean(wants_filter) or (wants_filter == "auto" and len(entries) >= FILTER_FROM):
            pieces.append(self.html("filter.html"))
        if self.site.options.bibtex_toggle:
            pieces.append(self.html("bibtex_panel.html"))
        bibtex_files = self._bibtex_files(entries)
        for label, group in _group_publications(entries, group_by, t):
            if label:
                pieces.append(self.heading(label, level + 1))
            files = [bibtex_files[id(pub)] for pub in group] if bibtex_files else []
            pieces.append(self._publication_list(group, files))
        return self.section("publications", marker, level, default_heading, pieces)

    def _publication_list(self, pubs: list[Publication], bibtex_files: list[str]) -> str:
        """One list of publications, and what search reads of it."""
        values = {"publications": pubs, "bibtex_files": bibtex_files}
        placeholder = self.block(self.site.data.renderer.render_long("publications.html", self.render, **values))
        self.output.search_blocks[placeholder] = search_html(pubs)
        return placeholder

    def _bibtex_files(self, entries: list[Publication]) -> dict[int, str]:
        """Where a long list's entries have their BibTeX, by id(): "bibtex.bib#N", the Nth entry (from 0) of the
        page's file of them beside it; none when the list keeps it inline (short, no toggle, an engine that
        writes no files, or a site file of that name already)."""
        site = self.site
        if len(entries) < BIBTEX_FILE_FROM or not site.options.bibtex_toggle or not site.engine.writes_files:
            return {}
        path = self._beside_page(BIBTEX_FILE)
        if site.files.publishes_file(path):
            return {}
        first = len(self.bibtex_entries)  # after the entries of an earlier list on the page
        self.bibtex_entries.extend(bibtex_for(pub).strip() for pub in entries)
        self.output.files[path] = "\n\n".join(self.bibtex_entries) + "\n"
        url = relative_url(path, self.context.link_base)
        return {id(pub): f"{url}#{first + number}" for number, pub in enumerate(entries)}

    def _nothing_shown(self, marker: Marker) -> str:
        """Why a publications marker shows nothing though the page has publications: its options, and the site
        bibliography this page's own publications keep out."""
        asked = [f"{name}={marker.options[name]}" for name in ("type", "tag", "author") if name in marker.options]
        if parse_boolean(marker.options.get("selected", "false")) is True:
            asked.insert(0, "selected")
        if "author" not in marker.options and self.data.shared_bibliography and self.data.member:
            asked.append(f"author={self.data.member} (this member's page)")
        problem = (
            f"researcher publications marker: no publication of this page matches {', '.join(asked)}; nothing is shown"
        )
        if not self.data.shared_bibliography and self.site.scan.site_bibliography:
            problem += (
                "; the site's bibliography (bibliography: in mkdocs.yml) is not read on a page with publications of "
                "its own"
            )
        return problem

    def _projects(self, kind: SectionKind, marker: Marker, line) -> str:
        entries = list(self.data.projects)
        if "group" in marker.options:
            wanted = marker.options["group"]
            entries = [p for p in entries if (p.group or "") == wanted]
        groups: dict[str, list] = {}
        for project in self.limited(entries, marker, line):
            groups.setdefault(project.group or "", []).append(project)
        level = self.level(marker, line)
        pieces = []
        for name, group in groups.items():
            if name and "group" not in marker.options:
                pieces.append(self.heading(name, level + 1))
            pieces.append(self.html("projects.html", projects=group))
        heading = marker.options["group"] if "group" in marker.options else self.render.locale("section.projects")
        return self.section("projects", marker, level, heading, pieces)

    def _cv(self, kind: SectionKind, marker: Marker, line) -> str:
        """The whole CV of the page's person (site/cv.py): a header, then each section with entries, in the order
        of the marker's order= or the cv_sections option; beside it cv.pdf and cv.yaml, when the options ask."""
        site, t = self.site, self.render.locale
        order = site.options.cv_sections
        if "order" in marker.options:
            order = [name.strip().lower() for name in marker.options["order"].split(",") if name.strip()]
            for name in order:
                if name not in CV_SECTIONS:
                    self.reporter.warn(
                        (),
                        f"researcher cv marker: order: unknown section '{name}'{did_you_mean(name, CV_SECTIONS)}",
                        line=line,
                    )
            order = [name for name in order if name in CV_SECTIONS]
        document = cv.page_cv(self.context.page, site.scan, site.index, site.people, order)
        if document is None:  # has("cv") found its person's page, so only when that page lost its profile since
            return ""
        # The CV's person is the one highlighted among authors, whoever's page shows it.
        render = replace(self.render, matcher=SelfMatcher(document.profile.names()), author_views={})
        level = self.level(marker, line)
        pdf_path, yaml_path = self._beside_page("cv.pdf"), self._beside_page("cv.yaml")
        makes_pdf = site.options.cv_pdf and site.engine.writes_files and not site.files.owners_file(pdf_path)
        if site.options.cv_pdf and not pdf.available():
            # Named by mkdocs.yml, not the page: one warning for the build, however many CV pages it has.
            self.reporter.found.append(Diagnostic("mkdocs.yml", None, "", pdf.unavailable()))
            makes_pdf = False
            self.output.kept = False  # the next build tries again: its system libraries may be installed by then
        shows_pdf = makes_pdf or published_beside(site, pdf_path)
        as_h1 = not self.h1_in_body and not self.profile_shown
        links = [(link, href) for link in document.profile.links if (href := link_kinds.safe_url(link.url))]
        # One list of pieces, written as the page's Markdown (headings the table of contents sees) and as the
        # HTML the PDF is typeset from.
        pieces: list[tuple[int, str]] = []  # (heading level, its text) or (0, HTML)

        def piece(template: str, **values) -> None:
            pieces.append((0, site.data.renderer.render(template, render, **values)))

        pdf_url = relative_url(pdf_path, self.context.link_base) if shows_pdf else None
        piece("cv_header.html", profile=document.profile, as_h1=as_h1, links=links, pdf_url=pdf_url)
        for section in document.sections:
            pieces.append((level, t(f"section.{section.name}")))
            if section.name != "publications":
                piece("cv_entries.html", entries=section.entries)
                continue
            for type_name, group in section.publications:
                pieces.append((level + 1, t(f"pub_type.{type_name}")))
                piece("cv_publications.html", publications=group)
        paper = "letter" if site.options.cv_paper == "letter" else "A4"
        page_rule = f"<style>@page {{ size: {paper}; margin: 16mm 15mm; }}</style>"  # printed and typeset alike
        opening = f'<div class="researcher-section researcher-cv">\n{page_rule}'
        markdown = [self.block(opening)]
        markdown.extend(self.block(text) if not depth else self.heading(text, depth) for depth, text in pieces)
        markdown.append(self.block("</div>"))
        if makes_pdf:
            body = "\n".join(
                text if not depth else f"<h{depth}>{html.escape(text)}</h{depth}>" for depth, text in pieces
            )
            title = f"{document.profile.name} – {t('section.cv')}"
            self.output.files[pdf_path] = pdf.document(
                f"{opening}\n{body}\n</div>",
                title=title,
                language=self.context.page.source.language,
                stylesheet=asset_text("researcher.css"),
            )
        if site.options.cv_rendercv and site.engine.writes_files:
            if site.files.owners_file(yaml_path):
                self.reporter.warn((), f"the site's own file, kept: cv.yaml ({yaml_path}) would replace it; not made")
            else:
                rendercv_data = rendercv.rendercv_document(
                    document,
                    lambda name: t(f"section.{name}"),
                    paper=site.options.cv_paper,
                    obfuscate_email=site.options.obfuscate_email,
                    site_url=site.engine.site_url,
                )
                self.output.files[yaml_path] = rendercv.rendercv_yaml(rendercv_data)
        return "\n\n".join(markdown)

    def _beside_page(self, name: str) -> str:
        return beside_page(self.context.url, name)

    def _people(self, kind: SectionKind, marker: Marker, line) -> str:
        level = self.level(marker, line)
        pieces = []
        scan = self.site.scan
        for group, members in self.site.people.ordered_groups(self.context.page.source.language):
            if "group" in marker.options and group != marker.options["group"]:
                continue
            if group and "group" not in marker.options:
                pieces.append(self.heading(group, level + 1))
            cards = []
            for person in members:
                page_url = self.site.index.member_pages.get(person.id)
                cards.append(
                    (
                        scan.member_profile(person.id, self.context.page, self.reporter),
                        relative_url(page_url, self.context.link_base) if page_url is not None else None,
                    )
                )
            pieces.append(self.html("people.html", members=[c for c in cards if c[0] is not None]))
        heading = marker.options.get("group") or self.render.locale("section.people")
        return self.section("people", marker, level, heading, pieces)


# How each kind of section is laid out: the kinds with a template of their own as one list of it, the others
# (their template "") by their own method.
_OWN_LAYOUTS = {
    "profile": _Assembler._profile,
    "publications": _Assembler._publications,
    "projects": _Assembler._projects,
    "people": _Assembler._people,
    "cv": _Assembler._cv,
}
LAYOUTS = {kind.name: _OWN_LAYOUTS[kind.name] if not kind.template else _Assembler._list for kind in SECTION_KINDS}


def _unclaimed_problem(chosen: Selection, person_file: str) -> str:
    """The one message naming the entries left out of a member's list because it cannot tell, and how to claim
    them."""
    name, many = chosen.person.data.profile.name, len(chosen.unclaimed) > 1
    listed = ", ".join(entry_place(pub) for pub in chosen.unclaimed)
    return (
        f"researcher publications marker: left out of {name}'s list, as {'their' if many else 'its'} authors end in "
        f"'and others' without naming {name}: {listed}; if {'one' if many else 'it'} is {name}'s, add "
        f"members = {{{chosen.person.id}}} to the entry (members: [{chosen.person.id}] in front matter), write its "
        f"authors out in full, or add the spelling of {name}'s name used there to aliases in {person_file}; an entry "
        "with members is left out of other members' lists without a word"
    )


def _group_publications(entries: list[Publication], group_by: str, t: Locale) -> list[tuple[str, list[Publication]]]:
    if group_by == "none" or not entries:
        return [("", entries)]
    groups: dict[str, list[Publication]] = {}
    if group_by == "year":
        for entry in entries:
            groups.setdefault(str(entry.year) if entry.year else t("no_year"), []).append(entry)
        return list(groups.items())
    for entry in entries:
        groups.setdefault(entry.type, []).append(entry)
    return [(t(f"pub_type.{kind}"), groups[kind]) for kind in PUBLICATION_TYPES if kind in groups]
