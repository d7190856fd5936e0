"""The site: one build of a researcher site, whatever engine runs it.

An engine adapter drives a build in this order, translating its own objects
into the plain ones below and back:

1. ``configure``: the options and the engine's settings; the site-wide data
   (people, venues, co-authors, counts) is read.
2. ``scan``: every page is read once (see scan.py); what spans pages follows:
   member pages, the site's owner, publication pages and their .bib files, the
   per-page .bib files, the feed and the résumé, handed back as plain files
   (path -> text), and the data files the site reads but does not publish.
3. ``page_markdown`` for each page: its sections as Markdown headings around
   lines that stand for the rendered HTML; the Markdown extension (extension.py)
   puts the HTML of those lines into the converter's HTML stash (``page_blocks``)
   as the engine converts the page; ``head_tags`` adds what machines read.
4. ``end_build``: the caches drop what the complete build did not use.

The site outlives one build: under ``mkdocs serve`` it keeps its caches across
rebuilds.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import posixpath
import re
from collections.abc import Callable, Container
from dataclasses import asdict, dataclass, field
from pathlib import Path

import markdown as python_markdown

from .. import __version__
from ..cache import keys as cache_keys
from ..cache import pages as render_cache
from ..cache.bibliographies import ParsedFiles
from ..cache.store import CacheStore
from ..diagnostics import Diagnostic, Reporter
from ..model import links as link_kinds
from ..model.records import PageData
from ..model.urls import relative_url
from ..options import SiteOptions
from ..publish import citation
from ..render.environment import Renderer
from ..render.locale import checked_labels
from ..render.publication import math_markup
from ..sources import formats
from ..sources.bibliography import Bibliographies
from ..sources.coauthors import read_coauthors
from ..sources.counts import COUNTS_FILE, ConfigProblem, read_counts
from ..sources.datafiles import DataFiles
from ..sources.frontmatter import front_matter_text, strip_front_matter
from ..sources.people import People, load_people
from ..sources.text_files import read_unicode
from ..sources.venues import read_venues
from . import pages
from .files import SiteFile, site_path
from .index import Listing, SiteIndex, bibliography_uri
from .scan import PageSource, Scan
from .selection import shown_on_page


@dataclass
class EngineSettings:
    """What the core needs of the engine's configuration."""

    config_file: Path  # mkdocs.yml: messages name files relative to its folder
    docs_dir: Path
    template_dirs: list[str]  # the theme's folders in lookup order, this package's among them
    site_url: str | None = None
    site_name: str = ""
    use_directory_urls: bool = True
    markdown_extensions: list = field(default_factory=list)
    mdx_configs: dict = field(default_factory=dict)
    theme_name: str | None = None
    theme_language: str | None = None
    theme_locale: str | None = None
    writes_files: bool = False  # writes the files a page links to (page_files) beside the page
    reads_search_views: bool = False  # its search parses a page's search view (search_view) in place of the page
    # Reads a relative URL in a page's HTML from the folder of the page's source file (Zensical: people/ for
    # people/qi.md), not from the page's own URL (MkDocs: people/qi/).
    urls_relative_to_source: bool = False

    @property
    def project_dir(self) -> Path:
        return self.config_file.parent


@dataclass
class ScanResult:
    generated: dict[str, str] = field(default_factory=dict)  # src_uri -> text of each file the site adds
    unpublished: list[str] = field(default_factory=list)  # src_uris of data files to leave out of the site


class Site:
    def __init__(self, options: SiteOptions, warn: Callable[[str], None]):
        self.options = options
        self.warn = warn  # how the engine reports a problem (counted by --strict)
        self.engine: EngineSettings | None = None
        # Kept across `mkdocs serve` rebuilds; the folder is set by configure().
        self.parsed_bibliographies = ParsedFiles(CacheStore(None))
        self.render_cache = render_cache.RenderCache(CacheStore(None))
        self.watched: list[str] = []  # files a rebuild should follow, as resolved paths
        self.index = SiteIndex()
        self.scan_state: Scan | None = None
        self._files: dict[str, SiteFile] = {}
        self._own_files: dict[str, SiteFile] = {}  # case-folded dest_uri -> a file of the site's own (docs/, theme)
        self._outputs: dict[str, pages.PageOutput] = {}
        self._search_views: dict[str, str] = {}  # src_uri -> the page's HTML for search (search_view)
        self._page_files: dict[str, dict[str, str]] = {}  # src_uri -> its files (page_files)
        self._markdown: python_markdown.Markdown | None = None
        self._open_builds = 0  # more than one while mkdocs-static-i18n builds another language inside the first's
        # What this complete build has reported: a .bib that several pages (or languages) show is read for each,
        # and each reading hands over its problems again.
        self._reported: set[Diagnostic] = set()

    # 1. Settings and site-wide data --------------------------------------------------------------

    def configure(self, options: SiteOptions, engine: EngineSettings) -> None:
        self.options, self.engine = options, engine
        self.watched = []
        project = engine.project_dir
        self.data_files = DataFiles(project)
        self._set_cache_folders(project)
        self.bibliographies = Bibliographies(
            self.data_files, self.parsed_bibliographies, tuple(self.options.private_fields)
        )
        labels_reporter = Reporter("mkdocs.yml")
        self.labels = checked_labels(options.labels, labels_reporter)
        self._report(labels_reporter.found)
        self.math = math_markup(engine.markdown_extensions, engine.mdx_configs)
        self.counts = self._counts() if options.show_counts else None
        self.renderer = Renderer(engine.template_dirs, _icon_dirs(engine.template_dirs))
        self.venues = self._site_data(options.venues, "venues", read_venues)
        self.coauthors = self._site_data(options.coauthors, "coauthors", read_coauthors)
        self.people = People()
        self._markdown = None

    def _set_cache_folders(self, project: Path) -> None:
        # Another cache folder, or none, gives the caches another store; what they hold in memory stays, its
        # keys covering what it was made from.
        folder = (project / self.options.cache_dir) if self.options.cache else None
        if self.parsed_bibliographies.kept.store.folder != folder:
            self.parsed_bibliographies.kept.store = CacheStore(folder)
        pages_folder = folder / "pages" if folder else None
        if self.render_cache.kept.store.folder != pages_folder:
            self.render_cache.kept.store = CacheStore(pages_folder)
        self.render_cache.markdown_reads_files = render_cache.markdown_reads_files(self.engine.markdown_extensions)

    def _counts(self) -> dict:
        """Stars and citations written by `mkdocs-researcher refresh`; none yet is fine (the build never fetches)."""
        path = self.engine.project_dir / COUNTS_FILE
        self.watched.append(str(path))
        try:
            return read_counts(path)
        except ConfigProblem as problem:
            self.warn(str(problem))
            return {}

    def _site_data(self, name: str | None, option: str, read) -> dict:
        """A site-wide data file named by an option (venues, coauthors)."""
        if not name:
            return {}
        project = self.engine.project_dir
        path = (project / name).resolve()
        reporter = Reporter(os.path.relpath(path, project).replace(os.sep, "/"))
        try:
            data = read(read_unicode(path), reporter)
        except OSError:
            reporter.warn((), f"the file given in mkdocs.yml ({option}:) does not exist")
            data = {}
        except UnicodeDecodeError as error:
            reporter.warn((), f"the file given in mkdocs.yml ({option}:) is not UTF-8 text (byte {error.start})")
            data = {}
        self._report(reporter.found)
        self.watched.append(str(path))
        return data

    def _load_people(self) -> None:
        reporter = Reporter("mkdocs.yml")
        self.people = load_people(
            (self.engine.project_dir / self.options.people).resolve(),
            self.options.people_groups,
            self.data_files,
            reporter,
            self._language(),
            self.options.default_language,
        )
        self._report(reporter.found)

    # 2. The scan, and what spans pages -----------------------------------------------------------

    def scan(self, files: list[SiteFile], *, publishes: bool = True) -> ScanResult:
        """Read every page; ``publishes``: this build writes the site-wide files (a multi-language site's other
        languages do not)."""
        self._files = {file.src_uri: file for file in files}
        self._own_files = {file.dest_uri.lower(): file for file in files if not file.generated}
        self.index = SiteIndex()
        if self.options.people:
            self._load_people()
        options_reporter = Reporter("mkdocs.yml")
        site_bibliography = self.data_files.publication_files(
            self.options.bibliography, self.engine.project_dir, options_reporter, "bibliography"
        )
        self._report(options_reporter.found)
        self.scan_state = Scan(
            self.data_files,
            self.bibliographies,
            self.people,
            self.find_file,
            site_bibliography=[path for path, _ in site_bibliography],
            assets_dir=self.options.assets_dir,
            venues=self.venues,
            default_language=self.options.default_language,
        )
        scanned = [
            (file, self.scan_state.read(self._page_source(file)))
            for file in sorted((f for f in files if f.is_page), key=lambda f: f.src_uri)
        ]
        read_as_data = self._pages_read_as_data(files)
        for file, page in scanned:
            if page.has_sections and file.src_uri not in read_as_data:
                if self.options.spans_pages:
                    self.scan_state.publications(page)
                self.index.add_page(file.src_uri, file.url, page.data)
        self.index.attach_members(self.people)
        result = ScanResult()
        if publishes and self.options.spans_pages and not self.engine.site_url:
            self.warn(
                "publication pages, feeds and citation meta tags need an absolute site_url in mkdocs.yml; "
                "without it their URLs stay relative and no feed is written"
            )
        # Publication pages and .bib files in every language's build (each in its own folder and language);
        # the feed and the résumé once.
        languages: dict[str, str | None] = {}
        if self.options.publication_pages:
            languages = self._publish_publications(result.generated, _language_folder(files))
        if publishes:
            self._publish_site_files(result.generated)
        for src_uri, text in result.generated.items():
            dest_uri, url = self._site_path(src_uri)
            self._files[src_uri] = SiteFile(
                src_uri,
                dest_uri,
                url,
                is_page=src_uri.endswith(".md"),
                generated=True,
                language=languages.get(src_uri),
                read=lambda text=text: text,
            )
        self.render_context = self._render_context()
        result.unpublished = self._unpublished(files)
        self.watched.extend(str(path) for path in sorted(self.data_files.used) if str(path) not in self.watched)
        return result

    def _page_source(self, file: SiteFile) -> PageSource:
        return PageSource(
            file.src_uri,
            file.url,
            self._source_name(file),
            file.read(),
            Path(file.abs_src_path or self.engine.docs_dir).parent,
            self._language(file),
        )

    def _language(self, file: SiteFile | None = None) -> str:
        """A page's language: its file's (a multi-language plugin sets it), else the site's, which the people's
        files are read in."""
        return str(
            (file and file.language)
            or self.options.language
            or self.engine.theme_language
            or self.engine.theme_locale
            or self.options.default_language
        )

    def _source_name(self, file: SiteFile) -> str:
        """A file as messages name it: relative to the folder of mkdocs.yml."""
        if not file.abs_src_path:
            return file.src_uri
        return os.path.relpath(file.abs_src_path, self.engine.project_dir).replace(os.sep, "/")

    def _publish_publications(self, generated: dict[str, str], folder: str) -> dict[str, str | None]:
        """Each shown publication's page and .bib under ``folder``, each list's .bib beside its page; the language
        of each page made (its list's)."""
        for listing in self.index.pages:
            page = self.scan_state.pages[listing.src_uri]
            listing.shown = shown_on_page(listing.data, page.markers, self.people)
        listings = [listing for listing in self.index.pages if listing.shown]
        bibliographies: set[str] = set()
        for listing in listings:
            listing.bibliography_uri = self._free_bibliography_uri(listing, bibliographies)
            bibliographies.add(self._site_path(listing.bibliography_uri)[0].lower())
        # Compared as (case-folded) destinations: a publication page must never replace another file.
        published = {file.dest_uri.lower() for file in self._files.values()} | {
            listing.bibliography_uri.lower() for listing in listings
        }

        def taken(slug: str) -> bool:
            return any(
                self._site_path(f"{folder}publications/{slug}{suffix}")[0].lower() in published
                for suffix in (".md", ".bib")
            )

        entries, moved = self.index.choose_publication_pages(taken, self.page_owners)
        for entry, wanted in moved:
            own = self._owners_file(f"{folder}publications/{wanted}.md") or self._owners_file(
                f"{folder}publications/{wanted}.bib"
            )
            holder = f"the site's own {self._source_name(own)}" if own else "another page, file or key"
            problem = (
                f"the key '{entry.key}' would make publications/{wanted}, which {holder} has; "
                f"its page is publications/{entry.slug}"
            )
            listing_file = self._files[entry.list_src_uri]
            self._report([Diagnostic(self._source_name(listing_file), None, "publications", problem)])
        languages = {}
        for entry in entries:
            links = [
                dataclasses.replace(link, url=self._site_url(link.url, entry.list_src_uri)) for link in entry.pub.links
            ]
            image = entry.pub.image and self._site_url(entry.pub.image, entry.list_src_uri)
            entry.pub = dataclasses.replace(entry.pub, links=links, image=image)
            page_uri, bib_uri = f"{folder}publications/{entry.slug}.md", f"{folder}publications/{entry.slug}.bib"
            generated[page_uri] = pages.publication_page_source(entry.pub)
            generated[bib_uri] = citation.bibtex_for(entry.pub)
            languages[page_uri] = self._files[entry.list_src_uri].language
            self.index.place(entry.key, page_uri, self._site_path(page_uri)[1], self._site_path(bib_uri)[1])
        for listing in listings:
            generated[listing.bibliography_uri] = citation.bibliography_for(listing.shown)
        return languages

    def _free_bibliography_uri(self, listing: Listing, taken: set[str]) -> str:
        """Where a list's publications go as one .bib: beside its page, unless a file of the site's own (the .bib
        the page reads, often) or another list's .bib is there; then under the first free name of
        ``publications-2.bib``, ``publications-3.bib``…, saying so once when the site's file is kept."""
        wanted = bibliography_uri(listing.url)
        uri, number = wanted, 1
        while self._owners_file(uri) or self._site_path(uri)[0].lower() in taken:
            number += 1
            uri = f"{wanted.removesuffix('.bib')}-{number}.bib"
        if uri != wanted:
            self.keeps_owners_file(
                wanted, f"the publications of {self._source_name(self._files[listing.src_uri])} as one .bib", uri
            )
        return uri

    def _publish_site_files(self, generated: dict[str, str]) -> None:
        """The feed and the résumé, unless a file of the site's own has their name."""
        site_url = self.engine.site_url
        if self.options.feed and site_url and not self.keeps_owners_file("feed.xml", "the Atom feed"):
            generated["feed.xml"] = self.index.feed(site_url, self.engine.site_name)
        if self.options.json_resume and not self.keeps_owners_file("resume.json", "the JSON Resume"):
            resume = self.index.resume(site_url, self.options.obfuscate_email)
            if resume is not None:
                generated["resume.json"] = json.dumps(resume, indent=2, ensure_ascii=False, sort_keys=True) + "\n"

    def _owners_file(self, src_uri: str) -> SiteFile | None:
        """The file of the site's own that lands where ``src_uri`` would (compared case-folded: on Windows and
        macOS one would replace the other)."""
        return self._own_files.get(self._site_path(src_uri)[0].lower())

    def keeps_owners_file(self, src_uri: str, what: str, instead: str | None = None) -> bool:
        """Whether a file of the site's own lands where ``src_uri``, ``what`` the build would add, would: that file
        stays and is published, and one warning names both; ``instead``: the name ``what`` takes, else it is
        left out. No build, and no command, replaces a file it did not write."""
        own = self._owners_file(src_uri)
        if own is not None:
            outcome = f"made as {instead} instead" if instead else "not made"
            problem = f"the site's own file, kept: {what} ({src_uri}) would replace it; {outcome}"
            self._report([Diagnostic(self._source_name(own), None, "", problem)])
        return own is not None

    def _pages_read_as_data(self, files: list[SiteFile]) -> set[str]:
        """The pages another page reads as data (a Hugo publication's index.md): never pages of the site."""
        used = self.data_files.used
        return {
            file.src_uri
            for file in files
            if file.is_page and file.abs_src_path and Path(file.abs_src_path).resolve() in used
        }

    def _unpublished(self, files: list[SiteFile]) -> list[str]:
        """The data files pages read, left out of the site unless ``publish_data`` asks for them.

        Files are matched by their real paths: a file linked into docs/ is the file it points to. One that leaves
        docs/ is never published, publish_data or not: a link may reach what was never meant for the site.
        """
        used = set(self.data_files.used) | {Path(path) for path in self.watched}
        docs = self.engine.docs_dir.resolve()
        left_out = []
        for file in files:
            if file.generated or not file.abs_src_path or not formats.is_data_file(file.src_uri):
                continue
            real = Path(file.abs_src_path).resolve()
            if real not in used:
                continue
            if not real.is_relative_to(docs):
                left_out.append(file.src_uri)
                if self.options.publish_data:
                    self.warn(
                        f"{self._source_name(file)}: a link to a file outside docs/ ({real.name}); "
                        "it is read, not published"
                    )
            elif not self.options.publish_data or file.is_page:
                left_out.append(file.src_uri)  # a page read as data is not published as a page either
        return left_out

    def _render_context(self) -> str:
        """A digest of everything outside a page and its data files that the page's HTML depends on."""
        engine = self.engine
        urls = [(uri, file.url) for uri, file in self._files.items()]
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
            [self.site_owner(), self.people, self.venues, self.coauthors, self.counts, self.math],
            sorted(self.index.member_pages.items()),
            sorted((e.key, e.page_url, e.bib_url) for e in self.index.entries.values()),
        )

    def publication_list(self, src_uri: str) -> str | None:
        """The src_uri of the list a publication page links back to; None for any other file."""
        entry = self.index.publication_page(src_uri)
        return entry.list_src_uri if entry else None

    def site_owner(self) -> list[str]:
        owner = self.index.owner()
        return owner.data.profile.names() if owner else []

    def page_owners(self, data: PageData) -> list[str]:
        """The names a page highlights: its profile's; on a page of no one, every member's, else the site owner's."""
        own = data.profile.names() if data.profile else []
        return own or (self.people.names() if self.people.by_id else self.site_owner())

    # 3. Pages -----------------------------------------------------------------------------------

    def page_markdown(self, src_uri: str, markdown: str, meta: dict, built: Container[str]) -> str:
        """The page's Markdown with its sections placed; ``built``: the src_uris of this build's files (a
        multi-language plugin may leave generated pages out of some builds)."""
        page = self.scan_state.pages.get(src_uri)
        if page is None:  # a publication page, or a page another plugin added after the scan
            file = self._files.get(src_uri) or SiteFile(src_uri, "", "", is_page=True, read=lambda: markdown)
            page = self.scan_state.read(self._page_source(file))
        block = front_matter_text(markdown)
        if block is not None and block == front_matter_text(page.source.text):
            # MkDocs hands front matter it cannot load (bad YAML, a date like 2022-02-30) over as the page's text,
            # with no meta: only the body is ever published, with what this package could read of the block.
            meta, markdown = page.meta, strip_front_matter(markdown)
        elif page.front_matter_refused:
            meta = {}
        page = self.scan_state.with_meta(page, meta)
        entry = self.index.publication_page(src_uri)
        context = pages.PageContext(self, page, markdown, built)
        output = pages.build_publication_page(context, entry) if entry else pages.build_page(context)
        self._report(output.diagnostics)
        if output.blocks:
            self._outputs[src_uri] = output
        if output.files:
            self._page_files[src_uri] = output.files
        return output.markdown

    def front_matter_refused(self, src_uri: str) -> bool:
        """Whether this package refused the page's front matter: the engine must not show what it loaded."""
        page = self.scan_state.pages.get(src_uri) if self.scan_state else None
        return page is not None and page.front_matter_refused

    def page_blocks(self, src_uri: str) -> pages.PageOutput | None:
        """The rendered blocks of the page whose Markdown the engine converts, once: each stands on a line of its
        own in what ``page_markdown`` returned (its key in ``blocks``)."""
        return self._outputs.pop(src_uri, None)

    def keep_search_view(self, src_uri: str, html: str) -> None:
        """The page's HTML with its publication lists as search should read them (``search_view``)."""
        self._search_views[src_uri] = html

    def search_view(self, src_uri: str) -> str | None:
        """The page's HTML as search should parse it (its publication lists a paragraph an entry), once; None when
        it is the page itself."""
        return self._search_views.pop(src_uri, None)

    def head_tags(self, src_uri: str, url: str) -> str:
        """Machine-readable metadata for the page's head: citation tags, JSON-LD, the feed link."""
        return self.index.head_tags(
            src_uri,
            url,
            self.engine.site_url,
            self.options.obfuscate_email,
            feed=self.options.feed and bool(self.engine.site_url),
        )

    def markdown(self, text: str) -> str:
        """Markdown fields with the site's Markdown settings; one converter per build, made when first needed (a
        page from the render cache, or from .bib files only, needs none)."""
        if self._markdown is None:
            self._markdown = python_markdown.Markdown(
                extensions=self.engine.markdown_extensions, extension_configs=self.engine.mdx_configs or {}
            )
        return self._markdown.reset().convert(text)

    # 4. Builds ----------------------------------------------------------------------------------

    def start(self, serving: bool) -> None:
        """The process starts; ``serving``: rebuilds follow until ``stop()`` (`mkdocs serve`). Then the caches keep
        in memory what the next rebuild uses again, and a rendered page or a parsed .bib goes to the cache folder
        when serving stops rather than on every edit."""
        self.render_cache.kept.serving = self.parsed_bibliographies.kept.serving = serving

    def stop(self) -> None:
        self.render_cache.kept.flush()
        self.parsed_bibliographies.kept.flush()

    def begin_build(self) -> None:
        if not self._open_builds:
            self._reported.clear()
        self._open_builds += 1

    def end_build(self, failed: bool = False) -> None:
        """A build is over. Once the complete build (every language) is, the caches drop what it did not use —
        unless it failed: what a failed build used says little of what the site needs."""
        self._open_builds = max(self._open_builds - 1, 0)
        if self._open_builds:
            return
        unreadable = []
        for cache in (self.render_cache.kept, self.parsed_bibliographies.kept):
            cache.end_build(prune=not failed)
            unreadable.extend(cache.store.problems)
            cache.store.problems.clear()
        if unreadable and not failed:
            # One warning for the build, however many files: a damaged folder is one problem, and each
            # of its entries has been made and written again already.
            names = [os.path.relpath(path, self.engine.project_dir).replace(os.sep, "/") for path in unreadable]
            self.warn(
                f"ignored {len(names)} unreadable cache file{'s' if len(names) > 1 else ''} "
                "(damaged, cut short or of the wrong shape) "
                f"and made {'them' if len(names) > 1 else 'it'} again: {', '.join(names[:3])}"
                + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            )

    # Files and URLs ------------------------------------------------------------------------------

    def _report(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            if diagnostic not in self._reported:
                self._reported.add(diagnostic)
                self.warn(str(diagnostic))

    def _site_path(self, src_uri: str) -> tuple[str, str]:
        return site_path(src_uri, self.engine.use_directory_urls)

    def publishes_file(self, dest_uri: str) -> bool:
        """Whether a file of the site (the docs folder's, or one this package adds) lands at ``dest_uri``."""
        dest_uri = dest_uri.lower()
        return any(file.dest_uri.lower() == dest_uri for file in self._files.values())

    def page_files(self, src_uri: str) -> dict[str, str]:
        """The files a page's HTML links to that the engine writes beside it (site path -> text), once."""
        return self._page_files.pop(src_uri, {})

    def link_base(self, src_uri: str, url: str) -> str:
        """What the engine reads a relative URL in the page's HTML from, as ``relative_url`` takes it: the page's
        URL, or its source file's path (``urls_relative_to_source``)."""
        return src_uri if self.engine.urls_relative_to_source else url

    def find_file(self, url: str, from_src_uri: str) -> str | None:
        """A link written relative to a page's source file, as the page's HTML must hold it (``link_base``)."""
        path, rest = re.match(r"([^?#]*)(.*)", url, re.DOTALL).groups()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(from_src_uri), path))
        found = self._files.get(target)
        if found is None:
            return None
        page = self._files.get(from_src_uri)
        return relative_url(found.url, self.link_base(from_src_uri, page.url if page else "")) + rest

    def docs_path(self, url: str, from_src_uri: str) -> str:
        """Where a link written relative to a page's source file points, as messages name files (relative to the
        folder of mkdocs.yml): ``docs/assets/pdf/paper.pdf``."""
        path = re.match(r"[^?#]*", url).group()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(from_src_uri), path))
        return os.path.relpath(self.engine.docs_dir / target, self.engine.project_dir).replace(os.sep, "/")

    def _site_url(self, url: str, from_src_uri: str) -> str:
        """A link relative to a page's source as one that works from any page: absolute under site_url, else
        root-relative."""
        if not link_kinds.is_relative(url):
            return url
        found = self.find_file(url, from_src_uri)
        if found is None:
            return url
        base = self.link_base(from_src_uri, self._files[from_src_uri].url)
        site_path = posixpath.normpath(
            posixpath.join(posixpath.dirname("/" + base) if not base.endswith("/") else "/" + base, found)
        )
        site_url = self.engine.site_url
        return (site_url.rstrip("/") + site_path) if site_url else site_path


def _language_folder(files: list[SiteFile]) -> str:
    """The folder of this build's pages when a multi-language plugin builds one language into a folder of its own
    (mkdocs-static-i18n: "zh/"); the build's own files go there too. "" otherwise."""
    pages = [file for file in files if file.is_page and not file.generated]
    first = {file.url.split("/", 1)[0] if "/" in file.url else "" for file in pages}
    folder = first.pop() if len(first) == 1 else ""
    return folder + "/" if folder and folder in {file.language for file in pages} else ""


def _icon_dirs(template_dirs: list[str]) -> list[str]:
    dirs = list(template_dirs)
    material = importlib.util.find_spec("material")
    if material and material.submodule_search_locations:
        # The plain theme has no icons of its own: borrow Material's bundled set.
        dirs.append(os.path.join(list(material.submodule_search_locations)[0], "templates"))
    return dirs
