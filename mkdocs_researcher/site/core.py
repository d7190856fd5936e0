"""The site: one build of a researcher site, whatever engine runs it.

An engine adapter drives a build in this order, translating its own objects
into the plain ones below and back:

1. ``configure``: the options and the engine's settings; the site-wide data
   (venues, co-authors, counts; see sitedata.py) is read.
2. ``scan``: every page is read once (see scan.py); what spans pages follows:
   member pages, the site's owner, publication pages and their .bib files, the
   per-page .bib files, the feed and the résumé, handed back as plain files
   (path -> text; see publishing.py), and the data files the site reads but does
   not publish.
3. ``page_markdown`` for each page (pages.py, from what the scan handed it):
   its sections as Markdown headings around lines that stand for the rendered
   HTML; the Markdown extension (extension.py)
   puts the HTML of those lines into the converter's HTML stash (``page_blocks``)
   as the engine converts the page; ``head_tags`` adds what machines read.
4. ``end_build``: the caches drop what the complete build did not use.

The site outlives one build: under ``mkdocs serve`` it keeps its caches across
rebuilds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from pathlib import Path

from ..cache import pages as render_cache
from ..cache.bibliographies import ParsedFiles
from ..cache.citations import CitationCache
from ..cache.kept import Kept
from ..cache.store import CacheStore
from ..cache.typeset import TypesetPdfs
from ..diagnostics import Diagnostic, Reporter
from ..model.records import Publication
from ..options import SiteOptions
from ..publish import pdf
from ..sources.bibliography import Bibliographies
from ..sources.datafiles import DataFiles
from ..sources.frontmatter import front_matter_text, strip_front_matter
from ..sources.people import People, load_people
from ..sources.works import RUN_REFRESH_ORCID, WORKS_FILE, Works, orcid_of, read_works
from . import pages, publishing
from .engine import EngineSettings
from .files import SiteFile, SiteFiles
from .index import SiteIndex
from .scan import PageSource, Scan
from .sitedata import SiteData, read_site_data


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
        self.citation_cache = CitationCache(CacheStore(None))
        self.typeset_pdfs = TypesetPdfs(CacheStore(None))
        self.watched: list[str] = []  # files a rebuild should follow, as resolved paths
        self.index = SiteIndex()
        self.scan_state: Scan | None = None
        self.files: SiteFiles | None = None
        self._for_pages: pages.SiteForPages | None = None  # what the scan hands each page's build
        self._outputs: dict[str, pages.PageOutput] = {}
        self._search_views: dict[str, str] = {}  # src_uri -> the page's HTML for search (search_view)
        self._page_files: dict[str, dict[str, str]] = {}  # src_uri -> its files (page_files)
        self._open_builds = 0  # more than one while mkdocs-static-i18n builds another language inside the first's
        # What this complete build has reported: a .bib that several pages (or languages) show is read for each,
        # and each reading hands over its problems again.
        self._reported: set[Diagnostic] = set()

    # 1. Settings and site-wide data --------------------------------------------------------------

    def configure(self, options: SiteOptions, engine: EngineSettings) -> None:
        self.options, self.engine = options, engine
        project = engine.project_dir
        self.data_files = DataFiles(project)
        self._set_cache_folders(project)
        self.bibliographies = Bibliographies(
            self.data_files, self.parsed_bibliographies, tuple(self.options.private_fields)
        )
        self.data: SiteData = read_site_data(options, engine, self.report, self.warn)
        self.watched = list(self.data.files_read)
        self.people = People()
        self._markdown = pages.FieldMarkdown(engine)

    def _set_cache_folders(self, project: Path) -> None:
        # Another cache folder, or none, gives the caches another store; what they hold in memory stays, its
        # keys covering what it was made from.
        folder = (project / self.options.cache_dir) if self.options.cache else None
        for subfolder, cache in self._kept_caches().items():
            cache_folder = folder / subfolder if folder else None
            if cache.store.folder != cache_folder:
                cache.store = CacheStore(cache_folder)
        self.render_cache.markdown_reads_files = render_cache.markdown_reads_files(self.engine.markdown_extensions)

    def _load_people(self, works: Works) -> None:
        reporter = Reporter("mkdocs.yml")
        self.people = load_people(
            (self.engine.project_dir / self.options.people).resolve(),
            self.options.people_groups,
            self.data_files,
            reporter,
            self.language(),
            self.options.default_language,
            works,
        )
        self.report(reporter.found)

    # 2. The scan, and what spans pages -----------------------------------------------------------

    def scan(self, files: list[SiteFile], *, publishes: bool = True) -> ScanResult:
        """Read every page; ``publishes``: this build writes the site-wide files (a multi-language site's other
        languages do not)."""
        self.files = SiteFiles(files, self.engine)
        self.index = SiteIndex()
        works = self._read_works()  # before the people: their files may list publications that are only a DOI
        if self.options.people:
            self._load_people(works)
        options_reporter = Reporter("mkdocs.yml")
        site_bibliography = self.data_files.publication_files(
            self.options.bibliography, self.engine.project_dir, options_reporter, "bibliography"
        )
        cited_only = self.data_files.publication_files(
            self.options.citations_bibliography, self.engine.project_dir, options_reporter, "citations_bibliography"
        )
        for path, _ in cited_only:
            self.bibliographies.note(path)  # read by citations only, as pages convert: watched and unpublished now
        self.report(options_reporter.found)
        self.scan_state = Scan(
            self.data_files,
            self.bibliographies,
            self.people,
            self.files.find_file,
            site_bibliography=[path for path, _ in site_bibliography],
            cited_only=[path for path, _ in cited_only],
            assets_dir=self.options.assets_dir,
            venues=self.data.venues,
            default_language=self.options.default_language,
            works=works,
        )
        scanned = [
            (file, self.scan_state.read(self._page_source(file)))
            for file in sorted((f for f in files if f.is_page), key=lambda f: f.src_uri)
        ]
        read_as_data = self.files.pages_read_as_data(self.data_files.used)
        listed = [page for file, page in scanned if page.has_sections and file.src_uri not in read_as_data]
        for page in listed:
            self.index.add_page(page.source.src_uri, page.source.url, page.data)
        if self.options.orcid_works:
            self.scan_state.owner_works = self._owner_works(works)
        if self.options.spans_pages:
            for page in listed:
                self.scan_state.publications(page)
        self.report(works.found)
        if (works.path.exists() or works.asked or self.options.orcid_works) and str(works.path) not in self.watched:
            self.watched.append(str(works.path))  # serve rebuilds when refresh writes it
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
            languages = publishing.publish_publications(
                result.generated,
                _language_folder(files),
                self.index,
                self.scan_state,
                self.people,
                self.files,
                self.report,
            )
        if publishes:
            publishing.publish_site_files(
                result.generated,
                self.index,
                self.scan_state,
                self.people,
                self.options,
                self.engine,
                self.files,
                self.report,
            )
        self.files.add_generated(result.generated, languages)
        self._for_pages = pages.SiteForPages(
            self.options,
            self.engine,
            self.data,
            self.people,
            self.scan_state,
            self.index,
            self.files,
            self.render_cache,
            self._markdown,
        )
        used = set(self.data_files.used) | {Path(path) for path in self.watched}
        result.unpublished = self.files.unpublished(used, self.options.publish_data, self.warn)
        self.watched.extend(str(path) for path in sorted(self.data_files.used) if str(path) not in self.watched)
        return result

    def _read_works(self) -> Works:
        """researcher-works.yml, written by `mkdocs-researcher refresh`; none yet is fine (the build never fetches)."""
        path = self.engine.project_dir / WORKS_FILE
        works = read_works(path)
        if works.problem:
            self.warn(
                f"{works.problem}; its works are not shown (fix or delete it, then run `mkdocs-researcher refresh`)"
            )
        return works

    def _owner_works(self, works: Works) -> list[Publication]:
        """orcid_works: the works fetched for the ORCID of the site owner's profile (one warning when there are none
        to show)."""
        reporter = Reporter("mkdocs.yml")
        owner = self.index.owner()
        orcid = orcid_of(owner.data.profile if owner else None)
        pubs = []
        if orcid is None:
            reporter.warn(("orcid_works",), "the site owner's profile has no orcid link, so no works are listed")
        elif orcid not in works.orcids:
            reporter.warn(("orcid_works",), f"the works of ORCID {orcid} are not fetched yet; {RUN_REFRESH_ORCID}")
        else:
            pubs = works.orcid_publications(orcid, self.options.orcid_exclude)
        self.report(reporter.found)
        return pubs

    def _page_source(self, file: SiteFile) -> PageSource:
        return PageSource(
            file.src_uri,
            file.url,
            self.files.source_name(file),
            file.read(),
            Path(file.abs_src_path or self.engine.docs_dir).parent,
            self.language(file),
        )

    def language(self, file: SiteFile | None = None) -> str:
        """A page's language: its file's (a multi-language plugin sets it), else the site's, which the people's
        files are read in."""
        return str(
            (file and file.language)
            or self.options.language
            or self.engine.theme_language
            or self.engine.theme_locale
            or self.options.default_language
        )

    def keeps_owners_file(self, src_uri: str, what: str, instead: str | None = None) -> bool:
        """Whether a file of the site's own lands where ``src_uri`` would (see publishing.py), said once."""
        return publishing.keeps_owners_file(self.files, self.report, src_uri, what, instead)

    def publication_list(self, src_uri: str) -> str | None:
        """The src_uri of the list a publication page links back to; None for any other file."""
        entry = self.index.publication_page(src_uri)
        return entry.list_src_uri if entry else None

    # 3. Pages -----------------------------------------------------------------------------------

    def page_markdown(self, src_uri: str, markdown: str, meta: dict, built: Container[str]) -> str:
        """The page's Markdown with its sections placed; ``built``: the src_uris of this build's files (a
        multi-language plugin may leave generated pages out of some builds)."""
        page = self.scan_state.pages.get(src_uri)
        if page is None:  # a publication page, or a page another plugin added after the scan
            file = self.files.by_src_uri.get(src_uri) or SiteFile(src_uri, "", "", is_page=True, read=lambda: markdown)
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
        context = pages.PageContext(self._for_pages, page, markdown, built)
        output = pages.build_publication_page(context, entry) if entry else pages.build_page(context)
        self.report(output.diagnostics)
        if output.blocks:
            self._outputs[src_uri] = output
        if output.files:
            self._page_files[src_uri] = output.files
        return output.markdown

    def render_context(self) -> str:
        """A digest of everything outside a page and its data files that its HTML depends on (pages.py)."""
        return self._for_pages.render_context

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

    def page_files(self, src_uri: str) -> dict[str, str | bytes]:
        """The files a page's HTML links to that the engine writes beside it (site path -> text, or the bytes of
        a PDF typeset from the HTML the page kept for it), once."""
        return {
            path: self._typeset(path, text) if path.endswith(pdf.PDF_SUFFIX) else text
            for path, text in self._page_files.pop(src_uri, {}).items()
        }

    def _typeset(self, path: str, document: str) -> bytes:
        """The PDF of ``document``: typeset by an earlier build, or now."""
        typeset = self.typeset_pdfs.get(path, document, pdf.installed_version())
        if typeset is None:
            typeset = pdf.typeset(document)
            self.typeset_pdfs.put(path, document, pdf.installed_version(), typeset)
        return typeset

    def cv_files(self) -> dict[str, str | bytes]:
        """The files beside each CV page (cv.pdf, cv.yaml; site path -> content), made by building those pages:
        for an engine that writes no files beside a page, `generate` writes them into docs/."""
        built = set(self.files.by_src_uri)
        found: dict[str, str | bytes] = {}
        for src_uri, page in sorted(self.scan_state.pages.items()):
            if any(marker.kind == "cv" for marker in page.markers):
                self.page_markdown(src_uri, page.body, page.meta, built)
                self._outputs.pop(src_uri, None)
                found.update(self.page_files(src_uri))
        return found

    def head_tags(self, src_uri: str, url: str) -> str:
        """Machine-readable metadata for the page's head: citation tags, JSON-LD, the feed link."""
        return self.index.head_tags(
            src_uri,
            url,
            self.engine.site_url,
            self.options.obfuscate_email,
            feed=self.options.feed and bool(self.engine.site_url),
        )

    # 4. Builds ----------------------------------------------------------------------------------

    def start(self, serving: bool) -> None:
        """The process starts; ``serving``: rebuilds follow until ``stop()`` (`mkdocs serve`). Then the caches keep
        in memory what the next rebuild uses again, and a rendered page, a parsed .bib or a typeset PDF goes to the
        cache folder when serving stops rather than on every edit."""
        for cache in self._kept_caches().values():
            cache.serving = serving

    def stop(self) -> None:
        for cache in self._kept_caches().values():
            cache.flush()

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
        for cache in self._kept_caches().values():
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

    def _kept_caches(self) -> dict[str, Kept]:
        """Every cache the site keeps, by its folder inside the cache folder (parsed files at its top)."""
        return {
            "pages": self.render_cache.kept,
            "": self.parsed_bibliographies.kept,
            "citations": self.citation_cache.kept,
            "pdf": self.typeset_pdfs.kept,
        }

    def report(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            if diagnostic not in self._reported:
                self._reported.add(diagnostic)
                self.warn(str(diagnostic))


def _language_folder(files: list[SiteFile]) -> str:
    """The folder of this build's pages when a multi-language plugin builds one language into a folder of its own
    (mkdocs-static-i18n: "zh/"); the build's own files go there too. "" otherwise."""
    pages = [file for file in files if file.is_page and not file.generated]
    first = {file.url.split("/", 1)[0] if "/" in file.url else "" for file in pages}
    folder = first.pop() if len(first) == 1 else ""
    return folder + "/" if folder and folder in {file.language for file in pages} else ""
