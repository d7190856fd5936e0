"""The MkDocs adapter: hands pages to the core pipeline and puts its output into the build.

Everything that knows about MkDocs lives here; the work itself is done in
``page.py`` (front matter -> model -> HTML).
"""

from __future__ import annotations

import importlib.util
import os
import posixpath
import re
from pathlib import Path

import markdown as python_markdown
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from .page import PLACEHOLDER, PageInput, PageOutput, SiteSettings, build_page
from .sources.datafiles import DataFiles
from .renderer import RenderOptions, Renderer

log = get_plugin_logger("researcher")

ASSETS = ("researcher.css", "researcher.js")
ASSET_DIR = "assets/researcher"
_PLACEHOLDER = re.compile(r"(?:<p>)?" + re.escape(PLACEHOLDER).replace(r"\{\}", r"(\d+)") + r"(?:</p>)?")


def theme_dir() -> Path:
    """The templates and CSS: inside the installed package, or beside it in a source checkout."""
    packaged = Path(__file__).parent / "theme"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "theme"


class ResearcherConfig(base.Config):
    max_authors = c.Type(int, default=3)
    obfuscate_email = c.Type(bool, default=True)
    bibtex_toggle = c.Type(bool, default=True)
    language = c.Optional(c.Type(str))
    default_language = c.Type(str, default="en")
    labels = c.Type(dict, default={})
    publish_data = c.Type(bool, default=False)


class ResearcherPlugin(BasePlugin[ResearcherConfig]):
    supports_multiple_instances = False

    def __init__(self):
        self.outputs: dict[str, PageOutput] = {}
        self.site: SiteSettings | None = None
        self._markdown: python_markdown.Markdown | None = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
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
        self.site = SiteSettings(
            Renderer(config.theme.dirs, icon_dirs),
            RenderOptions(
                max_authors=self.config.max_authors,
                obfuscate_email=self.config.obfuscate_email,
                bibtex_toggle=self.config.bibtex_toggle,
            ),
            DataFiles(Path(config.config_file_path).parent),
            labels=self.config.labels,
        )
        self._markdown = None
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for name in ASSETS:
            source = theme_dir() / "researcher" / name
            files.append(File.generated(config, f"{ASSET_DIR}/{name}", abs_src_path=str(source)))
        return files

    def _render_markdown(self, config: MkDocsConfig):
        """The site's Markdown settings, for Markdown fields; one instance per build."""
        if self._markdown is None:
            self._markdown = python_markdown.Markdown(
                extensions=config.markdown_extensions, extension_configs=config.mdx_configs or {}
            )
        md = self._markdown
        return lambda text: md.reset().convert(text)

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

    # Late, so other plugins (macros, i18n) have finished with the Markdown first.
    @event_priority(-50)
    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        source_name = os.path.relpath(page.file.abs_src_path, os.path.dirname(config.config_file_path)) if page.file.abs_src_path else page.file.src_uri
        result = build_page(
            PageInput(
                source_name=source_name.replace(os.sep, "/"),
                source_text=page.file.content_string,
                meta=page.meta,
                body=markdown,
                language=self._language(page, config),
                default_language=self.config.default_language,
                find_file=lambda url: _find_file(url, page, files),
                markdown=self._render_markdown(config),
                page_dir=Path(page.file.abs_src_path or config.docs_dir).parent,
            ),
            self.site,
        )
        for diagnostic in result.diagnostics:
            log.warning(str(diagnostic))
        self._take_data_files(config, files)
        if result.blocks:
            self.outputs[page.file.src_uri] = result
        return result.markdown

    def _take_data_files(self, config: MkDocsConfig, files: Files) -> None:
        """Watch the data files pages read, and keep them out of the site unless asked."""
        for path in sorted(self.site.data_files.used):
            if str(path) not in config.watch:
                config.watch.append(str(path))
            if self.config.publish_data:
                continue
            try:
                src_uri = path.relative_to(Path(config.docs_dir).resolve()).as_posix()
            except ValueError:
                continue  # outside docs/: never copied anyway
            found = files.get_file_from_path(src_uri)
            if found is not None:
                files.remove(found)

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        result = self.outputs.pop(page.file.src_uri, None)
        if result is None:
            return html
        html = _PLACEHOLDER.sub(lambda m: result.blocks[PLACEHOLDER.format(m.group(1))], html)
        return html + result.sprite


def _find_file(url: str, page: Page, files: Files) -> str | None:
    """A link written relative to the page's source file, as a URL relative to the built page."""
    path, rest = re.match(r"([^?#]*)(.*)", url, re.DOTALL).groups()
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
    found = files.get_file_from_path(target)
    if found is None:
        return None
    return found.url_relative_to(page.file) + rest
