"""The MkDocs (and ProperDocs) adapter: MkDocs' events, translated for the site core (site/core.py).

Everything that knows about MkDocs lives here, and only the translation: its
config into the core's options and settings, its files into plain ones, the
core's generated files back into MkDocs files.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from ..malloc import keep_large_blocks_mapped
from ..render.environment import ASSET_DIR, ASSETS, asset_text, theme_dir
from ..site.core import EngineSettings, Site, SiteOptions
from ..site.files import SiteFile, generated_before
from ..sources.bibtex_fields import PRIVATE_FIELDS

log = get_plugin_logger("researcher")

EXTENSION = "mkdocs_researcher"  # the Markdown extension's name in markdown_extensions (adapters/zensical.py)


class ResearcherConfig(base.Config):
    """The options of SiteOptions, as MkDocs checks them; README lists them."""

    max_authors = c.Type(int, default=3)
    obfuscate_email = c.Type(bool, default=True)
    bibtex_toggle = c.Type(bool, default=True)
    language = c.Optional(c.Type(str))
    default_language = c.Type(str, default="en")
    labels = c.Type(object, default={})  # checked by the core, which warns instead of stopping the build
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
    show_tags = c.Type(bool, default=True)
    publication_pages = c.Type(bool, default=False)
    feed = c.Type(bool, default=False)
    json_resume = c.Type(bool, default=False)
    private_fields = c.ListOfItems(c.Type(str), default=list(PRIVATE_FIELDS))


class ResearcherPlugin(BasePlugin[ResearcherConfig]):
    supports_multiple_instances = False

    def __init__(self):
        keep_large_blocks_mapped()
        self.site = Site(SiteOptions(), log.warning)
        self._extension_options: dict[str, dict] = {}  # mkdocs.yml -> the options of its EXTENSION entry
        self._page_html: dict[str, str] = {}  # src_uri -> the page's HTML while search parses its search view
        self._publication_pages: dict[str, str] = {}  # src_uri of each publication page -> its list's

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defining this makes `mkdocs serve` keep one plugin instance, and with it the site's caches, across
        # rebuilds.
        self.site.start(serving=command == "serve")

    def on_shutdown(self) -> None:
        self.site.stop()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Appended, so a template of the same name in the site's custom_dir wins.
        config.theme.dirs.append(str(theme_dir()))
        for name in ASSETS:
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            if f"{ASSET_DIR}/{name}" not in target:
                target.append(f"{ASSET_DIR}/{name}")
        options = self._options(config)
        theme = config.theme
        engine = EngineSettings(
            Path(config.config_file_path),
            Path(config.docs_dir),
            list(theme.dirs),
            site_url=config.site_url,
            site_name=config.site_name,
            use_directory_urls=config.use_directory_urls,
            markdown_extensions=config.markdown_extensions,
            mdx_configs=config.mdx_configs,
            theme_name=theme.name,
            theme_language=theme.get("language"),
            theme_locale=str(theme["locale"]) if theme.get("locale") else None,
            writes_files=True,
            reads_search_views=True,
        )
        self.site.configure(options, engine)
        config.watch.extend(path for path in self.site.watched if path not in config.watch)
        return config

    def _options(self, config: MkDocsConfig) -> SiteOptions:
        """The site's options: the Markdown extension's (EXTENSION under markdown_extensions, the form every engine
        reads), else the plugin's own. Under MkDocs the plugin does the extension's work on each page, so the
        extension is taken out of MkDocs' Markdown: a page is never rendered twice."""
        if EXTENSION in config.markdown_extensions:
            config.markdown_extensions.remove(EXTENSION)
            self._extension_options[config.config_file_path] = config.mdx_configs.pop(EXTENSION, None) or {}
        # mkdocs-static-i18n configures each other language again from the config this has already changed.
        raw = self._extension_options.get(config.config_file_path)
        if raw is None:
            return SiteOptions(**{option.name: self.config[option.name] for option in fields(SiteOptions)})
        defaults = SiteOptions()
        if raw and any(self.config[option.name] != getattr(defaults, option.name) for option in fields(SiteOptions)):
            log.warning(
                f"mkdocs.yml: options are given both to the researcher plugin and to {EXTENSION} under "
                "markdown_extensions; only the second are read (every engine reads them there)"
            )
        return SiteOptions.from_mapping(raw, f"mkdocs.yml: markdown_extensions: {EXTENSION}", log.warning)

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
        for name in ASSETS:
            # MkDocs copies a theme folder's static files as they lie (researcher/NAME); the site gets them
            # once, under ASSET_DIR: a custom_dir's copy as it is, else ours as asset_text serves it.
            copied = files.get_file_from_path(f"researcher/{name}")
            if copied is not None:
                files.remove(copied)
            override = copied.abs_src_path if copied is not None else None
            if override and Path(override).resolve().parent != ours:
                files.append(File.generated(config, f"{ASSET_DIR}/{name}", abs_src_path=override))
            else:
                files.append(File.generated(config, f"{ASSET_DIR}/{name}", content=asset_text(name)))
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
        for src_uri in result.unpublished:
            files.remove(files.get_file_from_path(src_uri))
        config.watch.extend(path for path in self.site.watched if path not in config.watch)
        return files

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        # A publication page outside the nav gets its list as parent, as Material's blog gives each post the
        # blog's index: the theme marks the list, and the tab holding it, as where the reader is.
        in_nav = {id(page) for page in nav.pages}
        for src_uri, list_src_uri in self._publication_pages.items():
            file, listing = files.get_file_from_path(src_uri), files.get_file_from_path(list_src_uri)
            if file is None or file.page is None or id(file.page) in in_nav or listing is None:
                continue
            file.page.parent = listing.page
        return nav

    # Late, so other plugins (macros, i18n) have finished with the Markdown first.
    @event_priority(-50)
    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        page.meta.pop("researcher_head", None)  # the Zensical front end's key (overrides/main.html), never the page's
        if self.site.front_matter_refused(page.file.src_uri):
            page.meta = {}  # MkDocs may have loaded what the core refuses (an alias bomb): the theme must not walk it
        return self.site.page_markdown(page.file.src_uri, markdown, page.meta, files.src_uris)

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        return self.site.page_html(page.file.src_uri, html)

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

    on_page_context = CombinedEvent(_on_page_context_search_sees_its_view, _on_page_context_page_gets_its_html)

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        for path, text in self.site.page_files(page.file.src_uri).items():
            target = Path(config.site_dir, path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
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
        read=lambda: file.content_string,
    )


def _other_language_build(config: MkDocsConfig) -> bool:
    """True while mkdocs-static-i18n builds a language other than its default one."""
    i18n = config.plugins.get("i18n")
    current = getattr(i18n, "current_language", None)
    return i18n is not None and current is not None and current != getattr(i18n, "default_language", current)
