"""The MkDocs adapter: hands pages to the core pipeline and puts its output into the build.

Everything that knows about MkDocs lives here; the work itself is done in
``page.py`` (front matter -> model -> HTML).
"""

from __future__ import annotations

import dataclasses
import html
import importlib.util
import json
import os
import posixpath
import re
from pathlib import Path

import markdown as python_markdown
import yaml
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from .. import __version__, gcpause
from ..cache import pages as render_cache
from ..cache.store import CacheStore
from ..commands.refresh import COUNTS_FILE, ConfigProblem, read_counts
from ..diagnostics import Diagnostic, Reporter
from ..model import links as link_kinds
from ..model import urls
from ..model.urls import relative_url
from ..publish import citation
from ..render.environment import Renderer, RenderOptions
from ..render.locale import checked_labels
from ..site.assemble import (
    PLACEHOLDER,
    PageInput,
    PageOutput,
    SiteSettings,
    build_page,
    build_publication_page,
    owner_names,
    read_sections,
)
from ..site.index import SiteIndex, bibliography_uri
from ..sources.bibliography import Bibliographies, ParsedFiles
from ..sources.bibtex_fields import PRIVATE_FIELDS
from ..sources.coauthors import read_coauthors
from ..sources.datafiles import DataFiles
from ..sources.frontmatter import load_front_matter, strip_front_matter
from ..sources.people import load_people
from ..sources.schema import SECTIONS
from ..sources.venues import read_venues

log = get_plugin_logger("researcher")
SECTION_KEYS = set(SECTIONS) | {"data"}

ASSETS = ("researcher.css", "researcher.js")
DATA_SUFFIXES = (".bib", ".json", ".yml", ".yaml")  # what pages and mkdocs.yml name as data
ASSET_DIR = "assets/researcher"
_PLACEHOLDER = re.compile(r"(?:<p>)?" + re.escape(PLACEHOLDER).replace(r"\{\}", r"(\d+)") + r"(?:</p>)?")


def theme_dir() -> Path:
    """The templates and CSS: inside the installed package, or beside it in a source checkout."""
    package = Path(__file__).parent.parent
    packaged = package / "theme"
    return packaged if packaged.is_dir() else package.parent / "theme"


class ResearcherConfig(base.Config):
    max_authors = c.Type(int, default=3)
    obfuscate_email = c.Type(bool, default=True)
    bibtex_toggle = c.Type(bool, default=True)
    language = c.Optional(c.Type(str))
    default_language = c.Type(str, default="en")
    labels = c.Type(object, default={})  # checked by checked_labels, which warns instead of stopping the build
    publish_data = c.Type(bool, default=False)
    bibliography = c.Type(list, default=[])
    venues = c.Optional(c.Type(str))
    coauthors = c.Optional(c.Type(str))
    people = c.Optional(c.Type(str))
    people_groups = c.Type(list, default=[])
    assets_dir = c.Type(str, default="assets/pdf/")
    cache = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/researcher")
    show_counts = c.Type(bool, default=False)
    publication_pages = c.Type(bool, default=False)
    feed = c.Type(bool, default=False)
    json_resume = c.Type(bool, default=False)
    private_fields = c.ListOfItems(c.Type(str), default=list(PRIVATE_FIELDS))


class ResearcherPlugin(BasePlugin[ResearcherConfig]):
    supports_multiple_instances = False

    def __init__(self):
        self.outputs: dict[str, PageOutput] = {}
        self.index = SiteIndex()
        self.site: SiteSettings | None = None
        self._extra_watch: list[str] = []  # site-wide data files (venues, coauthors, counts), as resolved paths
        self._data_like_files: list[tuple[File, Path]] = []
        self._markdown: python_markdown.Markdown | None = None
        self._open_builds = 0  # more than one while mkdocs-static-i18n builds another language inside the first's build

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defining this makes `mkdocs serve` keep one plugin instance across rebuilds, and with it
        # the in-memory cache of parsed .bib files.
        pass

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._extra_watch = []
        # Appended, so a template of the same name in the site's custom_dir wins.
        config.theme.dirs.append(str(theme_dir()))
        for name in ASSETS:
            path = f"{ASSET_DIR}/{name}"
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            if path not in target:
                target.append(path)
        icon_dirs = list(config.theme.dirs)
        material = importlib.util.find_spec("material")
        if material and material.submodule_search_locations:
            # The plain theme has no icons of its own: borrow Material's bundled set.
            icon_dirs.append(os.path.join(list(material.submodule_search_locations)[0], "templates"))
        project = Path(config.config_file_path).parent
        data_files = DataFiles(project)
        labels_reporter = Reporter("mkdocs.yml")
        labels = checked_labels(self.config.labels, labels_reporter)
        for diagnostic in labels_reporter.found:
            log.warning(str(diagnostic))
        self.site = SiteSettings(
            Renderer(config.theme.dirs, icon_dirs),
            RenderOptions(
                max_authors=self.config.max_authors,
                obfuscate_email=self.config.obfuscate_email,
                bibtex_toggle=self.config.bibtex_toggle,
                counts=self._counts(project) if self.config.show_counts else None,
            ),
            data_files,
            # The in-memory part survives between `mkdocs serve` rebuilds: the plugin instance does.
            self._bibliographies(data_files, project),
            labels=labels,
            site_bibliography=[(project / path).resolve() for path in self.config.bibliography],
            assets_dir=self.config.assets_dir,
            venues=self._site_data(project, self.config.venues, "venues", read_venues),
            coauthors=self._site_data(project, self.config.coauthors, "coauthors", read_coauthors),
            render_cache=self._render_cache(project, config),
        )
        self._markdown = None
        config.watch.extend(p for p in self._extra_watch if p not in config.watch)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        gcpause.build_started()  # what .bib files and caches hold lives as long as the build (see gcpause.py)
        self._open_builds += 1

    # After mkdocs-static-i18n's, which builds each other language inside its own on_post_build: the
    # caches are pruned once the complete build (every language) is over, so no language loses an entry
    # another one of the same build still needs.
    @event_priority(-110)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        gcpause.build_ended()
        self._open_builds -= 1
        if self._open_builds == 0:
            unreadable = self._end_caches(prune=True)
            if unreadable:
                # One warning for the build, however many files: a damaged folder is one problem, and each
                # of its entries has been made and written again already.
                names = [
                    os.path.relpath(path, Path(config.config_file_path).parent).replace(os.sep, "/")
                    for path in unreadable
                ]
                log.warning(
                    f"ignored {len(names)} unreadable cache file{'s' if len(names) > 1 else ''} "
                    "(damaged, cut short or of the wrong shape) "
                    f"and made {'them' if len(names) > 1 else 'it'} again: {', '.join(names[:3])}"
                    + (f" and {len(names) - 3} more" if len(names) > 3 else "")
                )

    def on_build_error(self, *, error: Exception) -> None:
        gcpause.build_ended()
        self._open_builds = max(self._open_builds - 1, 0)
        if self._open_builds == 0 and self.site is not None:
            self._end_caches(prune=False)  # what a failed build used says little of what the site needs

    # Last, so plugins that rework the file list (mkdocs-static-i18n) see only the user's files.
    @event_priority(-100)
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for name in ASSETS:
            # MkDocs copies a theme folder's static files as they lie (researcher/NAME); the site gets
            # them once, under ASSET_DIR, from the folder that wins (a custom_dir's copy overrides ours).
            copied = files.get_file_from_path(f"researcher/{name}")
            source = (
                copied.abs_src_path
                if copied is not None and copied.abs_src_path
                else str(theme_dir() / "researcher" / name)
            )
            if copied is not None:
                files.remove(copied)
            files.append(File.generated(config, f"{ASSET_DIR}/{name}", abs_src_path=source))
        self.index = SiteIndex()
        if self.config.people:
            self._load_people(config)
        self._scan(files, config)
        owner = self.index.owner()
        self.site.site_owner = owner_names(owner.data) if owner else []
        # Site-wide files are written once, by the default language's build.
        if not _other_language_build(config) and (
            self.config.publication_pages or self.config.feed or self.config.json_resume
        ):
            if not config.site_url:
                log.warning(
                    "publication pages, feeds and citation meta tags need an absolute site_url in mkdocs.yml; "
                    "without it their URLs stay relative and no feed is written"
                )
            self._publish(files, config)
        self.site.render_context = self._render_context(config, files)
        # The files a page may name as data, each with the file it really is (see _take_data_files).
        self._data_like_files = [
            (file, Path(file.abs_src_path).resolve())
            for file in files
            if file.abs_src_path and file.generated_by is None and file.src_uri.lower().endswith(DATA_SUFFIXES)
        ]
        return files

    def _scan(self, files: Files, config: MkDocsConfig) -> None:
        """Read every page's sections before the build, for what spans pages: publication pages, feed, résumé."""
        for file in sorted(files.documentation_pages(), key=lambda f: f.src_uri):
            text = file.content_string
            loaded = load_front_matter(text)
            meta = loaded.data if loaded is not None and isinstance(loaded.data, dict) else {}
            if not set(meta) & SECTION_KEYS and "<!-- researcher" not in text:
                continue
            body = text.split("\n---", 2)[-1]  # enough to see placement markers
            # Problems are reported when the page itself is built. The entries are read here only for the
            # site-wide outputs that need them: without those, a page from the render cache never reads its .bib.
            wanted = bool(self.config.publication_pages or self.config.feed or self.config.json_resume)
            data, _ = read_sections(
                self._page_input(file, text, meta, body, config, files), self.site, publications=wanted
            )
            self.index.add_page(file.src_uri, file.url, data)
            if data.member in self.site.people.by_id:
                self.site.people.by_id[data.member].page_url = file.url

    def _load_people(self, config: MkDocsConfig) -> None:
        project = Path(config.config_file_path).parent
        reporter = Reporter("mkdocs.yml")
        language = self.config.language or config.theme.get("language") or self.config.default_language
        self.site.people = load_people(
            (project / self.config.people).resolve(),
            self.config.people_groups,
            self.site.data_files,
            reporter,
            language,
            self.config.default_language,
        )
        for diagnostic in reporter.found:
            log.warning(str(diagnostic))

    def _publish(self, files: Files, config: MkDocsConfig) -> None:
        """Generated files that span pages: publication pages and .bib files, the feed, the résumé."""
        if self.config.publication_pages:
            listings = [listing for listing in self.index.pages if listing.data.publications]
            for listing in listings:
                listing.bibliography_uri = bibliography_uri(listing.url)
            # Compared as (case-folded) destinations: a publication page must never replace another file.
            published = {file.dest_uri.lower() for file in files} | {
                listing.bibliography_uri.lower() for listing in listings
            }

            def taken(slug: str) -> bool:
                return any(
                    File.generated(config, f"publications/{slug}{suffix}", content="").dest_uri.lower() in published
                    for suffix in (".md", ".bib")
                )

            entries, moved = self.index.choose_publication_pages(taken)
            for entry, wanted in moved:
                problem = (
                    f"the key '{entry.key}' would make publications/{wanted}, which another page, file or key has; "
                    f"its page is publications/{entry.slug}"
                )
                log.warning(
                    str(
                        Diagnostic(
                            self._source_name(files.get_file_from_path(entry.list_src_uri), config),
                            None,
                            "publications",
                            problem,
                        )
                    )
                )
            for entry in entries:
                listing_file = files.get_file_from_path(entry.list_src_uri)
                entry.pub = dataclasses.replace(
                    entry.pub,
                    links=[
                        dataclasses.replace(link, url=_site_url(link.url, listing_file, files, config))
                        for link in entry.pub.links
                    ],
                )
                page_file = File.generated(
                    config, f"publications/{entry.slug}.md", content=_publication_page_source(entry.pub)
                )
                files.append(page_file)
                bib_file = File.generated(
                    config, f"publications/{entry.slug}.bib", content=citation.bibtex_for(entry.pub)
                )
                files.append(bib_file)
                self.index.place(entry.key, page_file.src_uri, page_file.url, bib_file.url)
            for listing in listings:
                files.append(
                    File.generated(
                        config, listing.bibliography_uri, content=citation.bibliography_for(listing.data.publications)
                    )
                )
        if self.config.feed and config.site_url:
            files.append(File.generated(config, "feed.xml", content=self.index.feed(config.site_url, config.site_name)))
        if self.config.json_resume:
            resume = self.index.resume(config.site_url, self.config.obfuscate_email)
            if resume is not None:
                files.append(
                    File.generated(
                        config,
                        "resume.json",
                        content=json.dumps(resume, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
                    )
                )

    # Both caches live as long as the plugin instance (across `mkdocs serve` rebuilds and the languages of
    # one build); a build with another cache folder, or none, gives them another store and keeps what they
    # hold in memory, whose keys cover what it was made from.
    def _bibliographies(self, data_files: DataFiles, project: Path) -> Bibliographies:
        folder = (project / self.config.cache_dir) if self.config.cache else None
        parsed = self.site.bibliographies.parsed if self.site is not None else ParsedFiles(CacheStore(folder))
        if parsed.store.folder != folder:
            parsed.store = CacheStore(folder)
        return Bibliographies(data_files, parsed, tuple(self.config.private_fields))

    def _render_cache(self, project: Path, config: MkDocsConfig) -> render_cache.RenderCache:
        folder = (project / self.config.cache_dir / "pages") if self.config.cache else None
        pages = self.site.render_cache if self.site is not None else render_cache.RenderCache(CacheStore(folder))
        if pages.store.folder != folder:
            pages.store = CacheStore(folder)
        pages.markdown_reads_files = render_cache.markdown_reads_files(config.markdown_extensions)
        return pages

    def _end_caches(self, prune: bool) -> list[Path]:
        """The complete build is over: with ``prune``, what it did not use leaves both caches. The cache files it
        could not read."""
        unreadable = []
        for cache in (self.site.render_cache, self.site.bibliographies.parsed):
            cache.end_build(prune)
            unreadable.extend(cache.store.problems)
            cache.store.problems.clear()
        return unreadable

    def _render_context(self, config: MkDocsConfig, files: Files) -> str:
        """A digest of everything outside a page and its data files that the page's HTML depends on."""
        theme = config.theme
        return render_cache.digest(
            __version__,
            render_cache.package_files(),
            render_cache.library_versions(),
            {name: value for name, value in self.config.items() if name not in ("cache", "cache_dir")},
            [theme.name, list(theme.dirs), theme.get("language"), theme.get("locale")],
            [config.markdown_extensions, config.mdx_configs, config.site_url, config.use_directory_urls],
            sorted((f.src_uri, f.url) for f in files),  # where links to files resolve
            render_cache.template_files(theme.dirs, render_cache.emoji_icon_dirs(config.mdx_configs)),
            [self.site.site_owner, self.site.people, self.site.venues, self.site.coauthors, self.site.options],
            sorted((e.key, e.page_url, e.bib_url) for e in self.index.entries.values()),
        )

    def _counts(self, project: Path) -> dict:
        """Stars and citations written by `mkdocs-researcher refresh`; none yet is fine (the build never fetches)."""
        path = project / COUNTS_FILE
        self._extra_watch.append(str(path))
        try:
            return read_counts(path)
        except ConfigProblem as problem:
            log.warning(str(problem))
            return {}

    def _site_data(self, project: Path, name: str | None, option: str, read) -> dict:
        """A site-wide data file named by a plugin option (venues, coauthors), watched under serve."""
        if not name:
            return {}
        path = (project / name).resolve()
        reporter = Reporter(os.path.relpath(path, project).replace(os.sep, "/"))
        try:
            data = read(path.read_text(encoding="utf-8-sig"), reporter)
        except OSError:
            reporter.warn((), f"the file given in mkdocs.yml ({option}:) does not exist")
            data = {}
        for diagnostic in reporter.found:
            log.warning(str(diagnostic))
        self._extra_watch.append(str(path))
        return data

    def _render_markdown(self, config: MkDocsConfig):
        """The site's Markdown settings, for Markdown fields; one instance per build, made when first needed."""

        def convert(text: str) -> str:
            if self._markdown is None:  # a page from the render cache, or from .bib files only, needs none
                self._markdown = python_markdown.Markdown(
                    extensions=config.markdown_extensions, extension_configs=config.mdx_configs or {}
                )
            return self._markdown.reset().convert(text)

        return convert

    def _language(self, page: Page, config: MkDocsConfig) -> str:
        # mkdocs-static-i18n tells each file's language; otherwise the site's (read per page,
        # since i18n may also switch the theme's language for each language it builds).
        return str(
            getattr(page.file, "locale", None)
            or self.config.language
            or config.theme.get("language")
            or config.theme.get("locale")
            or self.config.default_language
        )

    @staticmethod
    def _source_name(file: File, config: MkDocsConfig) -> str:
        """A page's file as messages name it: relative to the folder of mkdocs.yml."""
        name = (
            os.path.relpath(file.abs_src_path, os.path.dirname(config.config_file_path))
            if file.abs_src_path
            else file.src_uri
        )
        return name.replace(os.sep, "/")

    def _page_input(
        self,
        file: File,
        text: str,
        meta: dict,
        body: str,
        config: MkDocsConfig,
        files: Files,
        language: str | None = None,
    ) -> PageInput:
        listing = self.index.page(file.src_uri)
        return PageInput(
            source_name=self._source_name(file, config),
            source_text=text,
            meta=meta,
            body=body,
            language=language or self.config.language or config.theme.get("language") or self.config.default_language,
            default_language=self.config.default_language,
            find_file=lambda url: _find_file(url, file, files),
            markdown=self._render_markdown(config),
            page_dir=Path(file.abs_src_path or config.docs_dir).parent,
            docs_relative_dir=posixpath.dirname(file.src_uri),
            page_url=file.url,
            # Only where the page really is in this build (mkdocs-static-i18n drops generated pages
            # from the builds of other languages).
            publication_url=(lambda pub: self.index.own_page(pub, file.url, files.src_uris))
            if self.config.publication_pages
            else (lambda pub: None),
            bibliography_url=relative_url(listing.bibliography_uri, file.url)
            if listing and listing.bibliography_uri
            else None,
        )

    # Late, so other plugins (macros, i18n) have finished with the Markdown first.
    @event_priority(-50)
    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        entry = self.index.publication_page(page.file.src_uri)
        source = page.file.content_string
        loaded = load_front_matter(source)
        if loaded is not None and loaded.error:
            # MkDocs may have read what this loader refuses (an alias bomb, deep nesting): the theme must not walk it.
            page.meta = {}
        meta = page.meta
        if not meta:
            # MkDocs drops front matter it cannot load (a date like 2022-02-30) and keeps it in the body.
            if loaded is not None and isinstance(loaded.data, dict):
                meta, markdown = loaded.data, strip_front_matter(markdown)
        page_input = self._page_input(page.file, source, meta, markdown, config, files, self._language(page, config))
        if entry is not None:
            listing = self.index.page(entry.list_src_uri)
            result = build_publication_page(
                page_input,
                self.site,
                entry.pub,
                entry.owners,
                back_url=relative_url(listing.url, page.file.url) + "#" + urls.pub_anchor(entry.pub),
                bib_url=relative_url(entry.bib_url, page.file.url),
            )
        else:
            result = build_page(page_input, self.site)
        for diagnostic in result.diagnostics:
            log.warning(str(diagnostic))
        self._take_data_files(config, files)
        if result.blocks:
            self.outputs[page.file.src_uri] = result
        return result.markdown

    def _take_data_files(self, config: MkDocsConfig, files: Files) -> None:
        """Watch the data files pages read, and keep them out of the site unless asked.

        Files are matched by their real paths: a file linked into docs/ is the file it points to. One that
        leaves docs/ is never published, publish_data or not: a link may reach what was never meant for the site.
        """
        used = self.site.data_files.used
        for path in sorted(used):
            if str(path) not in config.watch:
                config.watch.append(str(path))
        docs = Path(config.docs_dir).resolve()
        for file, real in list(self._data_like_files):
            if real not in used and str(real) not in self._extra_watch:
                continue
            self._data_like_files.remove((file, real))
            if not real.is_relative_to(docs):
                files.remove(file)
                if self.config.publish_data:
                    log.warning(
                        f"{self._source_name(file, config)}: a link to a file outside docs/ ({real.name}); "
                        "it is read, not published"
                    )
            elif not self.config.publish_data:
                files.remove(file)

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        result = self.outputs.pop(page.file.src_uri, None)
        if result is None:
            return html
        # One join of pieces whose sizes are known: re.sub grows its result step by step, copying megabytes.
        pieces = _PLACEHOLDER.split(html)  # text, block number, text, …, text
        pieces[1::2] = [result.blocks[PLACEHOLDER.format(number)] for number in pieces[1::2]]
        pieces.append(result.sprite)
        return "".join(pieces)

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Machine-readable metadata in the head: citation tags, JSON-LD, the feed link."""
        head = self.index.head_tags(
            page.file.src_uri,
            page.file.url,
            config.site_url,
            self.config.obfuscate_email,
            feed=self.config.feed and bool(config.site_url),
        )
        if not head:
            return output
        return output.replace("</head>", head + "</head>", 1)


def _other_language_build(config: MkDocsConfig) -> bool:
    """True while mkdocs-static-i18n builds a language other than its default one."""
    i18n = config.plugins.get("i18n")
    current = getattr(i18n, "current_language", None)
    return i18n is not None and current is not None and current != getattr(i18n, "default_language", current)


def _publication_page_source(pub) -> str:
    # The page is rendered by the plugin; the file only carries the title (for nav, search, <title>).
    # Themes print a front-matter title as HTML, so it is escaped here.
    return "---\n" + yaml.safe_dump({"title": html.escape(pub.title, quote=False)}, allow_unicode=True) + "---\n"


def _site_url(url: str, file: File, files: Files, config: MkDocsConfig) -> str:
    """A link relative to ``file``'s source as one that works from any page: absolute under site_url, else
    root-relative."""
    if not link_kinds.is_relative(url):
        return url
    found = _find_file(url, file, files)
    if found is None:
        return url
    site_path = posixpath.normpath(
        posixpath.join(posixpath.dirname("/" + file.url) if not file.url.endswith("/") else "/" + file.url, found)
    )
    return (config.site_url.rstrip("/") + site_path) if config.site_url else site_path


def _find_file(url: str, file: File, files: Files) -> str | None:
    """A link written relative to the page's source file, as a URL relative to the built page."""
    path, rest = re.match(r"([^?#]*)(.*)", url, re.DOTALL).groups()
    target = posixpath.normpath(posixpath.join(posixpath.dirname(file.src_uri), path))
    found = files.src_uris.get(target)  # normpath has made it the POSIX form MkDocs keys files by
    if found is None:
        return None
    return found.url_relative_to(file) + rest
