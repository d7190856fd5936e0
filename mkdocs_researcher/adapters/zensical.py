"""The Zensical front end: the page's work of the Markdown extension (extension.py), as Zensical converts a page.

Zensical runs no MkDocs plugins, only the extensions under ``markdown_extensions``; it makes a Markdown instance
for every page and hands the page in through its rendering context: a preprocessor registered by the name
``rendering_context`` whose ``.page`` (``.path``, ``.meta``) and ``.config`` this module reads, as mkdocstrings
does, without importing Zensical. The site itself (site/core.py) lives at module level, as it must outlast a page.

A new build is told from another page of the same one without walking docs/: Zensical renders each page once a
build, so a page rendered again (``zensical serve`` rebuilds what changed), a page the scan did not see (a new
file), or other settings (an edited mkdocs.yml) begin a new build, which scans again: one scan a build.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

import markdown
from pathspec.gitignore import GitIgnoreSpec  # as MkDocs and Zensical read exclude_docs

from ..options import EXTENSION, SiteOptions
from ..options import read as read_options
from ..render.environment import theme_dir
from ..site.core import EngineSettings, Site
from ..site.files import files_in, generated_before, site_path

# The page's head tags (citation_*, JSON-LD, the feed link), which an extension cannot add to <head> itself: the
# Zensical page's meta is handed to the templates after conversion, unescaped, and the scaffold's overrides/main.html
# prints this key in its extrahead block. Under MkDocs the plugin adds the tags, and no page has the key.
HEAD_META = "researcher_head"
ZENSICAL_CONTEXT = "rendering_context"  # the preprocessor by which Zensical hands extensions the page


class ZensicalChanged(RuntimeError):
    """Zensical no longer hands extensions the page as this module reads it."""


def page_markdown(md: markdown.Markdown, options: dict, lines: list[str]) -> tuple[list[str], tuple[Site, str] | None]:
    """The lines of the page Zensical converts with its sections placed, and (site, src_uri) of the page whose
    blocks extension.py places in them; None for an inner conversion (mkdocstrings, markdown-exec) inside the
    page's own."""
    page, config = _context(md)
    if page is _state.last_page:
        return lines, None
    _state.last_page = page
    path, meta = _page_fields(page)
    build, src_uri = _build_for(config, options, path)
    _state.rendered.add(src_uri)
    text = build.site.page_markdown(src_uri, "\n".join(lines), meta, build.src_uris)
    head = build.site.head_tags(src_uri, site_path(src_uri, build.site.engine.use_directory_urls)[1])
    if head:
        meta[HEAD_META] = head
    else:
        meta.pop(HEAD_META, None)  # front matter does not write raw HTML into <head>
    return text.split("\n"), (build.site, src_uri)


# Zensical's context -------------------------------------------------------------------------------------------


def _context(md: markdown.Markdown) -> tuple[object, dict]:
    """(page, Zensical's config) of the page Zensical renders, from its rendering context."""
    try:
        context = md.preprocessors[ZENSICAL_CONTEXT]
        return context.page, context.config
    except AttributeError as error:
        raise ZensicalChanged(_changed(str(error))) from error


def _page_fields(page) -> tuple[str, dict]:
    try:
        return page.path, page.meta
    except AttributeError as error:
        raise ZensicalChanged(_changed(str(error))) from error


def _src_uri(docs_dir: Path, path: str) -> str:
    # Relative to docs_dir in 0.0.73; joined, an absolute path would stay itself.
    return os.path.relpath(os.path.join(docs_dir, path), docs_dir).replace(os.sep, "/")


def _changed(detail: str) -> str:
    return (
        f"mkdocs_researcher cannot read the page Zensical {version('zensical')} renders ({detail}): it reads "
        "the rendering context as Zensical 0.0.73 has it; install zensical==0.0.73"
    )


def _settings(config: dict) -> tuple[EngineSettings, str]:
    """The core's settings from Zensical's config, and its exclude_docs patterns."""
    try:
        root = Path(config["root_dir"])  # the folder of the config file, whose own path Zensical does not keep
        theme = config["theme"]
        engine = EngineSettings(
            root / "mkdocs.yml",  # the core needs only its folder
            (root / config["docs_dir"]).resolve(),
            [*config["theme_dirs"], str(theme_dir())],
            site_url=config["site_url"],
            site_name=config["site_name"],
            use_directory_urls=config["use_directory_urls"],
            urls_relative_to_source=True,
            # The fields' own Markdown: without this extension, and without the instance of Zensical's context
            # extension (the only entry that is not a name), which belongs to the page being rendered.
            markdown_extensions=[
                name for name in config["markdown_extensions"] if isinstance(name, str) and name != EXTENSION
            ],
            mdx_configs={name: value for name, value in config["mdx_configs"].items() if name != EXTENSION},
            theme_name=theme.get("name"),
            theme_language=theme.get("language"),
            theme_locale=theme.get("locale"),
        )
        return engine, config["exclude_docs"] or ""
    except (KeyError, TypeError, AttributeError) as error:
        raise ZensicalChanged(_changed(f"its config has changed shape: {error!r}")) from error


# The site, kept for the process --------------------------------------------------------------------------------


@dataclass
class _Build:
    site: Site
    settings: tuple = ()  # (options, engine, exclude_docs) of the last scan
    src_uris: frozenset = frozenset()


@dataclass
class _State:
    builds: dict = field(default_factory=dict)  # (config folder, docs_dir) -> _Build
    last_page: object = None  # the Zensical page whose sections were placed last
    rendered: set = field(default_factory=set)  # the src_uris rendered since the last scan
    warned: set = field(default_factory=set)


_state = _State()


def _warn(message: str) -> None:
    """Once each: Zensical has no logger for extensions, and renders some pages again on every edit."""
    if message not in _state.warned:
        _state.warned.add(message)
        print(f"researcher: {message}", file=sys.stderr)


def _build_for(config: dict, options: dict, path: str) -> tuple[_Build, str]:
    """The site of this config, configured and scanned again when a new build begins (see the module's text), and
    the src_uri of the page at ``path``."""
    engine, exclude_docs = _settings(config)
    key = (engine.project_dir, engine.docs_dir)
    if key not in _state.builds:
        _state.builds[key] = _Build(Site(SiteOptions(), _warn))
    build = _state.builds[key]
    settings = (options, engine, exclude_docs)
    src_uri = _src_uri(engine.docs_dir, path)
    if build.settings == settings and src_uri in build.src_uris and src_uri not in _state.rendered:
        return build, src_uri
    _state.rendered.clear()
    site = build.site
    site_options = read_options(options, f"mkdocs.yml: markdown_extensions: {EXTENSION}", _warn)
    generated = generated_before(engine.docs_dir)
    if (site_options.spans_pages or site_options.cv_pdf or site_options.cv_rendercv) and not generated:
        _warn(
            "publication_pages, feed, json_resume, cv_pdf and cv_rendercv make files of their own, which an "
            "extension cannot add to a Zensical build: run `mkdocs-researcher generate` before it to write them "
            "into docs/"
        )
    site.configure(site_options, engine)
    excluded = GitIgnoreSpec.from_lines(exclude_docs.splitlines())
    files = [
        file for file in files_in(engine.docs_dir, engine.use_directory_urls) if not excluded.match_file(file.src_uri)
    ]
    # Publishing places the publication pages `generate` wrote: entries link to them, and they render as such.
    result = site.scan(files, publishes=True)
    if result.unpublished:
        # An extension cannot take files out of the site, as the MkDocs plugin does.
        _warn(
            f"Zensical copies these data files into the site: {', '.join(result.unpublished)} "
            "(list them under exclude_docs in mkdocs.yml to leave them out)"
        )
    build.settings = settings
    build.src_uris = frozenset(file.src_uri for file in files) | generated
    return build, src_uri
