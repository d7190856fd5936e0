"""Real MkDocs builds in temporary folders, and their HTML parsed."""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import sys
import sysconfig
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pytest
import yaml
from bs4 import BeautifulSoup

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SITE = REPO / "example_site"
SHARED = REPO.parent / "shared"
SHARED_README_SECTION = "Tests on real data (`../shared`)"  # the README's heading that describes SHARED


def engine_command(engine: str) -> list[str]:
    """The engine's own console script beside this interpreter, as a user types it; ``python -m`` without one."""
    script = Path(sys.executable).with_name(engine)
    return [str(script)] if script.exists() else [sys.executable, "-m", engine]


class _MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled templates kept in memory, by template file and source checksum (Jinja drops a stale one)."""

    def __init__(self):
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.store:
            bucket.bytecode_from_string(self.store[bucket.key])

    def dump_bytecode(self, bucket):
        self.store[bucket.key] = bucket.bytecode_to_string()


INSTALLED = Path(sysconfig.get_paths()["purelib"]).resolve()


def _hidden(name: str) -> bool:
    return name.startswith(".") or "/." in name


@pytest.fixture(scope="session", autouse=True)
def _themes_read_once():
    """Most of a small build's time is its theme read anew: every template compiled, and every file of the theme
    folders listed (Material's holds thousands of icons in a hidden folder) to find the static files to copy.
    For the session, compiled templates are kept in memory for the Jinja environments that have none of their own
    (Jinja drops one whose source changed), and an installed theme folder is listed once, without the hidden
    files MkDocs never copies. Folders a test writes, and this package's theme, are listed each time."""
    cache = _MemoryBytecodeCache()
    original_init = jinja2.Environment.__init__
    original_list = jinja2.FileSystemLoader.list_templates
    listed: dict[str, list[str]] = {}

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if self.bytecode_cache is None:
            self.bytecode_cache = cache

    def list_templates(self):
        names: set[str] = set()
        for folder in self.searchpath:
            one = jinja2.FileSystemLoader(folder, encoding=self.encoding, followlinks=self.followlinks)
            if not Path(folder).resolve().is_relative_to(INSTALLED):
                names.update(original_list(one))
                continue
            if folder not in listed:
                listed[folder] = [name for name in original_list(one) if not _hidden(name)]
            names.update(listed[folder])
        return sorted(names)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jinja2.Environment, "__init__", init)
        patch.setattr(jinja2.FileSystemLoader, "list_templates", list_templates)
        yield


@dataclass
class Build:
    site: Path
    docs: Path
    warnings: list[str]
    error: Exception | None

    def html(self, page: str = "index.html") -> BeautifulSoup:
        return BeautifulSoup((self.site / page).read_text(encoding="utf-8"), "html.parser")

    def text(self, page: str = "index.html") -> str:
        return (self.site / page).read_text(encoding="utf-8")

    def researcher_warnings(self) -> list[str]:
        return [w for w in self.warnings if w.startswith("researcher: ")]


class CollectWarnings(logging.Handler):
    """Keeps the text of every warning logged during a build."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@contextmanager
def collecting_warnings():
    """The text of every warning MkDocs and its plugins log inside the block."""
    handler = CollectWarnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


def page(front_matter: dict | None = None, body: str = "") -> str:
    """A Markdown page with ``front_matter`` dumped as YAML."""
    head = (
        "---\n" + yaml.safe_dump(front_matter, allow_unicode=True, sort_keys=False) + "---\n\n" if front_matter else ""
    )
    return head + textwrap.dedent(body)


@pytest.fixture
def build_site(tmp_path):
    """``build_site({"index.md": text}, theme="material", strict=False, **config)`` -> Build.

    ``links`` maps names in docs/ to the paths they are symbolic links to.
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    def run(
        pages: dict[str, str | bytes],
        theme: str | dict = "material",
        strict: bool = False,
        plugins=None,
        links: dict[str, Path] | None = None,
        **config,
    ) -> Build:
        root = tmp_path / f"site{len(list(tmp_path.iterdir()))}"
        docs = root / "docs"
        for name, content in pages.items():
            target = docs / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        docs.mkdir(parents=True, exist_ok=True)
        for name, target in (links or {}).items():
            (docs / name).symlink_to(target)
        settings = {
            "site_name": "Test",
            "theme": theme if isinstance(theme, dict) else {"name": theme},
            "plugins": plugins if plugins is not None else ["researcher"],
            **config,
        }
        (root / "mkdocs.yml").write_text(yaml.safe_dump(settings, allow_unicode=True), encoding="utf-8")
        error = None
        with collecting_warnings() as messages:
            try:
                cfg = load_config(str(root / "mkdocs.yml"), strict=strict)
                build(cfg)
            except BaseException as exc:  # mkdocs raises SystemExit-like Abort in strict mode
                if isinstance(exc, KeyboardInterrupt):
                    raise
                error = exc
        return Build(root / "site", docs, messages, error)

    return run


def rebuild(result, new_process=True, serve=False):
    """Build again; ``new_process=False`` keeps the plugin instance, as `mkdocs serve` does; ``serve``: a new
    process is `mkdocs serve` starting (its on_startup)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.config.defaults import MkDocsConfig

    if new_process:
        # MkDocs keeps plugins with on_startup for the life of the process: start from none, as a new
        # `mkdocs build` does.
        dict(MkDocsConfig._schema)["plugins"].plugin_cache.clear()
    with collecting_warnings() as messages:
        config = load_config(str(result.site.parent / "mkdocs.yml"))
        if new_process and serve:
            config.plugins.on_startup(command="serve", dirty=False)
        build(config)
    return config, [w for w in messages if w.startswith("researcher: ")]


def serve_watches(config) -> dict[str, bool]:
    """What the researcher plugin asks `mkdocs serve`'s server to watch after a build with ``config``: each path,
    with whether what lies below it is watched too. The server is MkDocs' own, never started."""
    from mkdocs.livereload import LiveReloadServer

    asked: dict[str, bool] = {}

    class Server(LiveReloadServer):
        def watch(self, path: str, func=None, *, recursive: bool = True) -> None:
            asked[path] = recursive
            super().watch(path, func, recursive=recursive)

    server = Server(builder=lambda: None, host="127.0.0.1", port=0, root=config.site_dir)
    try:
        config.plugins["researcher"].on_serve(server, config=config, builder=server.builder)
    finally:
        config.plugins.on_shutdown()  # as serve ends: the plugin instance lives on in this process
        server.server_close()
    return asked


@dataclass
class CoreBuild:
    """What the site core made of a docs folder without any engine (``build_core``)."""

    pages: dict[str, str]  # src_uri -> the page's content HTML (no theme around it)
    warnings: list[str]  # as the core reports them, without the "researcher: " an engine's log adds
    generated: dict[str, str]  # src_uri -> text of the files the core adds to the site
    site: object  # the mkdocs_researcher.site.core.Site, after its build

    def html(self, src_uri: str = "index.md") -> BeautifulSoup:
        return BeautifulSoup(self.pages[src_uri], "html.parser")


def build_without_engine(project: Path, options) -> CoreBuild:
    """Every page of ``project``/docs as HTML, with Python-Markdown and the site core only: the core's steps in
    the order an engine takes them (configure, scan, each page's Markdown then HTML, end of build)."""
    import markdown

    from mkdocs_researcher.extension import converting
    from mkdocs_researcher.render.environment import theme_dir
    from mkdocs_researcher.site.core import EngineSettings, Site
    from mkdocs_researcher.site.files import files_in

    warnings: list[str] = []
    site = Site(options, warnings.append)
    site.configure(
        options,
        EngineSettings(project / "mkdocs.yml", project / "docs", [str(theme_dir())], site_url="https://qi.example/"),
    )
    site.begin_build()
    files = files_in(project / "docs")
    result = site.scan(files)
    converter = markdown.Markdown(extensions=["toc", "attr_list", "mkdocs_researcher"])
    built = {file.src_uri for file in files} | set(result.generated)
    html = {}
    for file in files:
        if file.is_page:
            text = file.read()
            body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
            meta = site.scan_state.pages[file.src_uri].meta
            source = site.page_markdown(file.src_uri, body, meta, built)
            converting(site, file.src_uri)
            html[file.src_uri] = converter.reset().convert(source)
    site.end_build()
    return CoreBuild(html, warnings, result.generated, site)


@pytest.fixture
def build_core(tmp_path):
    """``build_core({"index.md": text}, **options)`` -> CoreBuild: ``build_site`` without MkDocs, for what the
    core alone decides (messages, sections' HTML); ``options`` are SiteOptions' (cache off unless given)."""
    from mkdocs_researcher.options import SiteOptions

    def run(pages: dict[str, str], **options) -> CoreBuild:
        root = tmp_path / f"core{len(list(tmp_path.iterdir()))}"
        for name, content in pages.items():
            target = root / "docs" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
        (root / "docs").mkdir(parents=True, exist_ok=True)
        (root / "mkdocs.yml").write_text("site_name: Test\n", encoding="utf-8")
        return build_without_engine(root, SiteOptions(**{"cache": False, **options}))

    return run


def shared_or_skip(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing; CI always has ../shared beside the repository")
        pytest.skip(
            f"{path} is not here: the tests on real data read ../shared (two seed homepages and a corpus of other "
            "people's .bib and CSL files), kept beside the project's own checkout and never copied into it; "
            f"README.md, '{SHARED_README_SECTION}', says what it holds and how to get it"
        )
    return path


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through Playwright, for the browser tests (tests/browser_support.py)."""
    from browser_support import chromium_available, launch_chromium, require

    require(chromium_available(), "no Chromium at /usr/bin/chromium: apt-get install chromium")
    pytest.importorskip("playwright")
    with launch_chromium() as chromium:
        yield chromium


# Room for one build on top of what the test process already holds, and time for it: a regression that
# reads without bound fails its own test instead of exhausting the machine.
BOUNDED_MEMORY = 1 << 30
BOUNDED_SECONDS = 120
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the bounded call runs in a forked process")


def _call_in_child(sending, function, args, kwargs):
    import resource

    try:
        with open("/proc/self/statm") as statm:
            held = int(statm.read().split()[0]) * resource.getpagesize()
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = held + BOUNDED_MEMORY
        resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    except OSError:
        pass  # no /proc: the time limit alone guards
    sending.send(function(*args, **kwargs))


def bounded_call(function, *args, seconds: float = BOUNDED_SECONDS, **kwargs):
    """``function(*args, **kwargs)`` in a child process with bounded memory and time (``seconds``); what it
    returns must pickle."""
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_call_in_child, args=(sending, function, args, kwargs))
    child.start()
    sending.close()
    try:
        if not receiving.poll(seconds):
            pytest.fail(f"the call ran for more than {seconds} s")
        return receiving.recv()
    except EOFError:
        pytest.fail("the child process died before it finished")
    finally:
        child.kill()
        child.join()


def send_json(handler, status: int, data) -> None:
    """A stub API server's answer (refresh's tests): ``data`` as JSON, with its length."""
    payload = json.dumps(data).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(payload)))
    handler.end_headers()
    handler.wfile.write(payload)
