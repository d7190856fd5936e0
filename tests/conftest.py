"""Real MkDocs builds in temporary folders, and their HTML parsed."""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SITE = REPO / "example_site"
SHARED = REPO.parent / "shared"


def engine_command(engine: str) -> list[str]:
    """The engine's own console script beside this interpreter, as a user types it; ``python -m`` without one."""
    script = Path(sys.executable).with_name(engine)
    return [str(script)] if script.exists() else [sys.executable, "-m", engine]


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


def shared_or_skip(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing; CI always has ../shared beside the repository")
        pytest.skip(
            f"{path} is not here: the tests on real data read ../shared (two seed homepages and a corpus of other "
            "people's .bib and CSL files), kept beside the project's own checkout and never copied into it; "
            "place that folder beside the repository to run them"
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
