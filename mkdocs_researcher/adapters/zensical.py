"""The Zensical front end: a Python-Markdown extension that places each page's sections as Zensical converts it.

Zensical runs no MkDocs plugins, only the extensions under ``markdown_extensions``; it makes a Markdown instance
for every page and hands the page in through its rendering context. Everything that knows Zensical's internals
lives here: that context (``zensical.extensions.context`` as of Zensical 0.0.73) and the config dict it holds.
The site itself (site/core.py) lives at module level, as it must outlast a page, and scans again when a file of
docs_dir or one it read changed, so ``zensical serve`` shows edits.
"""

from __future__ import annotations

import os
import posixpath
import re
import sys
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

import markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from pathspec.gitignore import GitIgnoreSpec  # as MkDocs and Zensical read exclude_docs

from ..model.links import is_relative
from ..options import EXTENSION, SiteOptions
from ..options import read as read_options
from ..render.environment import theme_dir
from ..site.core import EngineSettings, Site
from ..site.files import files_in, generated_before, site_path
from ..site.pages import PLACEHOLDER

FIRST_BLOCK = PLACEHOLDER.format(0)  # in a page's HTML whenever it has sections
# The page's head tags (citation_*, JSON-LD, the feed link), which an extension cannot add to <head> itself: the
# Zensical page's meta is handed to the templates after conversion, unescaped, and the scaffold's overrides/main.html
# prints this key in its extrahead block. Under MkDocs the plugin adds the tags, and no page has the key.
HEAD_META = "researcher_head"
_BLANK = "<!--researcher-blank-page-->"


class ZensicalChanged(RuntimeError):
    """Zensical no longer hands extensions the page as this module reads it."""


class ResearcherExtension(markdown.Extension):
    def __init__(self, **options):
        # Checked by options.read, which warns where Extension's own config would raise.
        super().__init__()
        self.options = options

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Python-Markdown returns "" for a blank source before any preprocessor runs, and a page may hold nothing
        # but front matter: such a page is converted from a stand-in, which _Sections takes out again.
        convert = md.convert
        md.convert = lambda source: convert(source if source.strip() else _BLANK)
        step = _PageStep(self.options)
        # Before fenced code (25) stashes code blocks, so the core sees the body as written (markers inside code
        # are not markers, lines count as in the file); after whitespace normalisation (30) and macros (35).
        md.preprocessors.register(_Sections(md, step), "researcher_sections", 29)
        # After raw HTML (30) puts the stashed placeholder comments back.
        md.postprocessors.register(_Blocks(md, step), "researcher_blocks", 5)


@dataclass
class _PageStep:
    options: dict
    site: Site | None = None
    src_uri: str | None = None  # set once the preprocessor placed the page's sections


class _Sections(Preprocessor):
    def __init__(self, md: markdown.Markdown, step: _PageStep):
        super().__init__(md)
        self.step = step

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        if text.strip() == _BLANK:
            text = ""
        context = _context(self.md)
        if context is None:
            return text.split("\n")
        page, path, meta, config = context
        if page is _state.last_page:
            return text.split("\n")  # an inner conversion (mkdocstrings, markdown-exec) inside the page's own
        _state.last_page = page
        build = _build_for(config, self.step.options)
        docs_dir = build.site.engine.docs_dir
        # Relative to docs_dir in 0.0.73; joined, an absolute path would stay itself.
        src_uri = os.path.relpath(os.path.join(docs_dir, path), docs_dir).replace(os.sep, "/")
        text = build.site.page_markdown(src_uri, text, meta, build.src_uris)
        self.step.site, self.step.src_uri = build.site, src_uri
        head = build.site.head_tags(src_uri, site_path(src_uri, build.site.engine.use_directory_urls)[1])
        if head:
            meta[HEAD_META] = head
        else:
            meta.pop(HEAD_META, None)  # front matter does not write raw HTML into <head>
        return text.split("\n")


class _Blocks(Postprocessor):
    def __init__(self, md: markdown.Markdown, step: _PageStep):
        super().__init__(md)
        self.step = step

    def run(self, text: str) -> str:
        # toc runs the postprocessors on each heading's text too: only the page's own HTML holds the blocks.
        if self.step.src_uri is None or FIRST_BLOCK not in text:
            return text
        site, src_uri = self.step.site, self.step.src_uri
        shift = _url_below_source(src_uri, site.engine.use_directory_urls)
        if shift == ".":
            return site.page_html(src_uri, text)
        html = site.page_html(src_uri, _PLACEHOLDERS.sub(lambda found: _START + found[0] + _END, text))
        return _MARKED.sub(lambda block: _URLS.sub(lambda url: url[1] + _from_source(url[2], shift), block[1]), html)


# Zensical reads every relative URL in a page's HTML from the folder of the page's source file, where MkDocs (and
# so the core) reads them from the page's own URL: one folder deeper for people/qi.md (people/qi/). The URLs of
# the blocks are rewritten to the source's folder; Zensical turns them back.
_PLACEHOLDERS = re.compile("(?:<p>)?" + re.escape(PLACEHOLDER).replace(r"\{\}", r"\d+") + "(?:</p>)?")
_START, _END = "<!--researcher-from-page-url-->", "<!--/researcher-from-page-url-->"
_MARKED = re.compile(re.escape(_START) + "(.*?)" + re.escape(_END), re.DOTALL)
_URLS = re.compile(r'(\s(?:href|src)=")([^"#?][^"]*)')  # the templates' only URL attributes


def _url_below_source(src_uri: str, use_directory_urls: bool) -> str:
    """The page's URL folder relative to its source's folder: "qi" for people/qi.md, "." for an index.md."""
    url = site_path(src_uri, use_directory_urls)[1]
    folder = "/" + url if url.endswith("/") else posixpath.dirname("/" + url)
    return posixpath.relpath(folder, "/" + posixpath.dirname(src_uri))


def _from_source(url: str, shift: str) -> str:
    if not is_relative(url):
        return url
    path, rest = re.match(r"([^?#]*)(.*)", url, re.DOTALL).groups()
    return posixpath.normpath(posixpath.join(shift, path)) + ("/" if path.endswith("/") else "") + rest


# Zensical's context -------------------------------------------------------------------------------------------


def _context(md: markdown.Markdown):
    """(page, its path, its meta, Zensical's config) of the page Zensical renders; None outside a Zensical build
    (plain Python-Markdown)."""
    zensical_config = sys.modules.get("zensical.config")
    try:
        if zensical_config is None or zensical_config.get_config() is None:
            return None
        from zensical.extensions.context import ContextPreprocessor

        found = ContextPreprocessor.from_markdown(md)
        if found is None:
            raise ZensicalChanged(_changed("the page's Markdown has no rendering context"))
        return found.page, found.page.path, found.page.meta, found.config
    except (ImportError, AttributeError) as error:
        raise ZensicalChanged(_changed(str(error))) from error


def _changed(detail: str) -> str:
    return (
        f"mkdocs_researcher cannot read the page Zensical {version('zensical')} renders ({detail}): it reads "
        "zensical.extensions.context as Zensical 0.0.73 has it; install zensical==0.0.73"
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
    settings: tuple = ()  # (options, engine, exclude_docs) of the last configure
    fingerprint: frozenset = frozenset()  # of docs_dir and the files the site read, at the last scan
    src_uris: frozenset = frozenset()


@dataclass
class _State:
    builds: dict = field(default_factory=dict)  # (config folder, docs_dir) -> _Build
    last_page: object = None  # the Zensical page whose sections were placed last
    warned: set = field(default_factory=set)


_state = _State()


def _warn(message: str) -> None:
    """Once each: Zensical has no logger for extensions, and renders some pages again on every edit."""
    if message not in _state.warned:
        _state.warned.add(message)
        print(f"researcher: {message}", file=sys.stderr)


def _build_for(config: dict, options: dict) -> _Build:
    """The site of this config, configured and scanned again if the options, the settings or a file changed."""
    engine, exclude_docs = _settings(config)
    key = (engine.project_dir, engine.docs_dir)
    if key not in _state.builds:
        _state.builds[key] = _Build(Site(SiteOptions(), _warn))
    build = _state.builds[key]
    settings = (options, engine, exclude_docs)
    if build.settings == settings and build.fingerprint == _fingerprint(engine.docs_dir, build.site.watched):
        return build
    site = build.site
    site_options = read_options(options, f"mkdocs.yml: markdown_extensions: {EXTENSION}", _warn)
    generated = generated_before(engine.docs_dir)
    if site_options.spans_pages and not generated:
        _warn(
            "publication_pages, feed and json_resume make files of their own, which an extension cannot add to a "
            "Zensical build: run `mkdocs-researcher generate` before it to write them into docs/"
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
    build.fingerprint = _fingerprint(engine.docs_dir, site.watched)
    build.src_uris = frozenset(file.src_uri for file in files) | generated
    return build


def _fingerprint(docs_dir: Path, watched: list[str]) -> frozenset:
    """Names, sizes and times of the files of docs_dir and of the files the site read: cheap, taken per page."""
    paths = [os.path.join(folder, name) for folder, _, names in os.walk(docs_dir) for name in names]
    return frozenset(_stamp(path) for path in [*paths, *watched])


def _stamp(path: str) -> tuple:
    try:
        stat = os.stat(path)
    except OSError:
        return (path,)
    return (path, stat.st_size, stat.st_mtime_ns)
