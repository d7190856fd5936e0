"""The MkDocs (and ProperDocs) adapter: MkDocs' events, translated for the site core (site/core.py).

Everything that knows about MkDocs lives here, and only the translation: its
config into the core's options and settings, its files into plain ones, the
core's generated files back into MkDocs files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from ..extension import ResearcherExtension, converting
from ..options import EXTENSION, SiteOptions
from ..options import read as read_options
from ..render.environment import ASSET_DIR, ASSETS, asset_text, theme_dir
from ..site.core import EngineSettings, Site
from ..site.files import SiteFile, generated_before
from ..sources.text_files import marked_encoding, read_unicode

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer

log = get_plugin_logger("researcher")


class ResearcherPlugin(BasePlugin):
    supports_multiple_instances = False

    def __init__(self):
        self.site = Site(SiteOptions(), log.warning)
        self._plugin_options: dict = {}  # as written under plugins: - researcher:
        self._extension_options: dict[str, dict] = {}  # mkdocs.yml -> the options of its EXTENSION entry
        self._page_html: dict[str, str] = {}  # src_uri -> the page's HTML while search parses its search view
        self._publication_pages: dict[str, str] = {}  # src_uri of each publication page -> its list's
        self._server: LiveReloadServer | None = None  # under `serve` with live reload, from on_serve
        self._followed: set[Path] = set()  # what the server watches for the site (_follow)

    def load_config(self, options: dict, config_file_path: str | None = None) -> tuple[list, list]:
        # Kept as written, and read in on_config as the extension's are: an unknown or mistyped option is a warning
        # (README, Options), where MkDocs' own check of a plugin's options would stop the build.
        self._plugin_options = options
        return [], []

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defining this makes `mkdocs serve` keep one plugin instance, and with it the site's caches, across
        # rebuilds.
        self.site.start(serving=command == "serve")

    def on_shutdown(self) -> None:
        self.site.stop()
        self._server = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Appended, so a template of the same name in the site's custom_dir wins.
        config.theme.dirs.append(str(theme_dir()))
        for name in ASSETS:
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            if f"{ASSET_DIR}/{name}" not in target:
                target.append(f"{ASSET_DIR}/{name}")
        options = self._options(config)
        # The fields' Markdown: without this package's extension.
        markdown_extensions = [name for name in config.markdown_extensions if not isinstance(name, ResearcherExtension)]
        if len(markdown_extensions) == len(config.markdown_extensions):
            # The page's own Markdown places the blocks of its sections (extension.py); as an instance, so that
            # a configuration read again by mkdocs-static-i18n is not read as the extension's options.
            config.markdown_extensions.append(ResearcherExtension())
        theme = config.theme
        engine = EngineSettings(
            Path(config.config_file_path),
            Path(config.docs_dir),
            list(theme.dirs),
            site_url=config.site_url,
            site_name=config.site_name,
            use_directory_urls=config.use_directory_urls,
            markdown_extensions=markdown_extensions,
            mdx_configs=config.mdx_configs,
            theme_name=theme.name,
            theme_language=theme.get("language"),
            theme_locale=str(theme["locale"]) if theme.get("locale") else None,
            writes_files=True,
            reads_search_views=True,
        )
        self.site.configure(options, engine)
        return config

    def _options(self, config: MkDocsConfig) -> SiteOptions:
        """The site's options: the Markdown extension's (EXTENSION under markdown_extensions, the form every engine
        reads), else the plugin's own. Under MkDocs the plugin does the page's work in on_page_markdown, so the
        extension's name is taken out of MkDocs' Markdown (on_config adds an extension that only places blocks)."""
        if EXTENSION in config.markdown_extensions:
            config.markdown_extensions.remove(EXTENSION)
            self._extension_options[config.config_file_path] = config.mdx_configs.pop(EXTENSION, None) or {}
        # mkdocs-static-i18n configures each other language again from the config this has already changed.
        raw = self._extension_options.get(config.config_file_path)
        if raw is None:
            return read_options(self._plugin_options, "mkdocs.yml: plugins: researcher", log.warning)
        if self._plugin_options:
            log.warning(
                f"mkdocs.yml: options are given both to the researcher plugin and to {EXTENSION} under "
                "markdown_extensions; only the second are read (every engine reads them there)"
            )
        return read_options(raw, f"mkdocs.yml: markdown_extensions: {EXTENSION}", log.warning)

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self.site.begin_build()

    # After mkdocs-static-i18n's, which builds each other language inside its own on_post_build: the caches
    # are pruned once the complete build (every language) is over.
    @event_priority(-110)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self.site.end_build()

    def on_build_error(self, *, error: Exception) -> None:
        self.site.end_build(failed=True)

    # Last, so plugins that rework the file list (mkdocs-static-i18n) see only the user's files.
    @event_priority(-100)
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for src_uri in generated_before(Path(config.docs_dir)):
            # What `mkdocs-researcher generate` wrote for another engine: made anew here, as the build's own.
            if (written := files.get_file_from_path(src_uri)) is not None:
                files.remove(written)
        ours = (theme_dir() / "researcher").resolve()
        overrides = {}
        for name in ASSETS:
            # MkDocs copies a theme folder's static files as they lie (researcher/NAME); the site gets them
            # once, under ASSET_DIR: a custom_dir's copy as it is, else ours as asset_text serves it.
            copied = files.get_file_from_path(f"researcher/{name}")
            if copied is not None:
                files.remove(copied)
                if Path(copied.abs_src_path).resolve().parent != ours:
                    overrides[name] = copied.abs_src_path
        result = self.site.scan([_site_file(file) for file in files], publishes=not _other_language_build(config))
        self._publication_pages = {}
        for src_uri, content in result.generated.items():
            listing = self.site.publication_list(src_uri)
            if listing is None:
                files.append(File.generated(config, src_uri, content=content))
                continue
            # Out of MkDocs' automatic nav, as Material's blog keeps its posts: a nav of thousands of pages,
            # rendered into every page, made a build quadratic. The list links to each (see on_nav).
            self._publication_pages[src_uri] = listing
            files.append(File.generated(config, src_uri, content=content, inclusion=InclusionLevel.NOT_IN_NAV))
        for name in ASSETS:  # after the scan, which knows the site's own files: a docs/ file of that name stays
            src_uri = f"{ASSET_DIR}/{name}"
            if self.site.keeps_owners_file(src_uri, f"mkdocs-researcher's {name}"):
                continue
            if name in overrides:
                files.append(File.generated(config, src_uri, abs_src_path=overrides[name]))
            else:
                files.append(File.generated(config, src_uri, content=asset_text(name)))
        for src_uri in result.unpublished:
            files.remove(files.get_file_from_path(src_uri))
        if self._server is not None:
            self._follow()
        return files

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder) -> LiveReloadServer:
        # Once, after the first build, as MkDocs hands the server config.watch. The server is kept: a rebuild may
        # read files the first build did not (a .bib named since), which on_files hands it.
        self._server, self._followed = server, set()
        self._follow()
        return server

    def _follow(self) -> None:
        """Have the server rebuild when a file the site reads changes, or appears. Its watcher stops `serve` at a
        path that does not exist: a file not there yet (researcher-counts.yml before the first `refresh`, a file
        mkdocs.yml names but the owner has still to write) is followed through its folder, that folder's own files
        only, never what lies below (the project folder holds the cache, and maybe site/)."""
        for name in self.site.watched:
            path = Path(name)
            if path.exists():
                target, recursive = path, True
            elif path.parent.is_dir():
                target, recursive = path.parent, False
            else:
                continue  # nowhere to follow it from; the build has warned that it is missing
            if target not in self._followed:
                self._followed.add(target)
                self._server.watch(str(target), recursive=recursive)

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        # A publication page outside the nav gets its list as parent, as Material's blog gives each post the
        # blog's index: the theme marks the list, and the tab holding it, as where the reader is.
        in_nav = {page.file.src_uri for page in nav.pages}
        for src_uri, list_src_uri in self._publication_pages.items():
            file, listing = files.get_file_from_path(src_uri), files.get_file_from_path(list_src_uri)
            if file is None or file.page is None or src_uri in in_nav or listing is None:
                continue
            file.page.parent = listing.page
        return nav

    def on_page_read_source(self, page: Page, config: MkDocsConfig) -> str | None:
        # MkDocs reads pages as UTF-8: a page saved as UTF-16 or UTF-32 (Windows PowerShell's default) is read with
        # its byte order mark's encoding, as this package reads every other file. None: MkDocs reads it.
        path = page.file.abs_src_path
        if not path or page.file.generated_by is not None:
            return None
        with open(path, "rb") as source:
            if marked_encoding(source.read(4)) is None:
                return None
        return read_unicode(path, errors="replace")

    # Late, so other plugins (macros, i18n) have finished with the Markdown first.
    @event_priority(-50)
    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        page.meta.pop("researcher_head", None)  # the Zensical front end's key (overrides/main.html), never the page's
        if self.site.front_matter_refused(page.file.src_uri):
            page.meta = {}  # MkDocs may have loaded what the core refuses (an alias bomb): the theme must not walk it
        placed = self.site.page_markdown(page.file.src_uri, markdown, page.meta, files.src_uris)
        converting(self.site, page.file.src_uri)  # the extension places the blocks as MkDocs converts the page
        return placed

    # Search (Material's, MkDocs' own) parses each page's HTML in on_page_context, at priority 0. A long publication
    # list is tens of tags an entry of buttons, panels and icons it indexes nothing of: search parses the page's
    # search view instead (the lists' words, a paragraph an entry), and the page has its HTML back before the
    # theme writes it. Just around priority 0, so that other plugins' handlers of this event see the page.
    @event_priority(1)
    def _on_page_context_search_sees_its_view(self, context, page: Page, config: MkDocsConfig, nav):
        view = self.site.search_view(page.file.src_uri)
        if view is not None:
            self._page_html[page.file.src_uri] = page.content
            page.content = view
        return context

    @event_priority(-1)
    def _on_page_context_page_gets_its_html(self, context, page: Page, config: MkDocsConfig, nav):
        html = self._page_html.pop(page.file.src_uri, None)
        if html is not None:
            page.content = html
        return context

    on_page_context = CombinedEvent(
        _on_page_context_search_sees_its_view,
        _on_page_context_page_gets_its_html,
    )

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        for path, content in self.site.page_files(page.file.src_uri).items():
            target = Path(config.site_dir, path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        head = self.site.head_tags(page.file.src_uri, page.file.url)
        return output.replace("</head>", head + "</head>", 1) if head else output


def _site_file(file: File) -> SiteFile:
    return SiteFile(
        file.src_uri,
        file.dest_uri,
        file.url,
        abs_src_path=file.abs_src_path,
        is_page=file.is_documentation_page(),
        generated=file.generated_by is not None,
        language=getattr(file, "locale", None),  # set by mkdocs-static-i18n
        # MkDocs reads UTF-8 only; the scan reads the file as every source file is read (a Hugo index.md is one).
        read=lambda: read_unicode(file.abs_src_path) if file.abs_src_path else file.content_string,
    )


def _other_language_build(config: MkDocsConfig) -> bool:
    """True while mkdocs-static-i18n builds a language other than its default one."""
    i18n = config.plugins.get("i18n")
    current = getattr(i18n, "current_language", None)
    return i18n is not None and current is not None and current != getattr(i18n, "default_language", current)
