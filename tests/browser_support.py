"""Building a site, serving it on 127.0.0.1 and driving Debian's Chromium, for browser tests and screenshots."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("RESEARCHER_CHROMIUM", "/usr/bin/chromium")
# Without these, Chromium keeps trying to reach Google's hosts from a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


AXE_FOLDER = Path(__file__).resolve().parent / ".node"
AXE_INSTALL = f"npm install --prefix {AXE_FOLDER} axe-core@4"


@functools.cache
def install_axe() -> Path | None:
    """axe-core's script for the accessibility tests, fetched from the npm registry into tests/.node the first time
    (as .ci/run does); None when npm is missing or the registry cannot be reached."""
    script = AXE_FOLDER / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file() and shutil.which("npm"):
        AXE_FOLDER.mkdir(exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--silent", "axe-core@4"],
            cwd=AXE_FOLDER,
            capture_output=True,
            timeout=300,
        )
    return script if script.is_file() else None


@contextlib.contextmanager
def built_site(project: Path, *extra_args: str):
    """``mkdocs build`` of ``project`` into a temporary folder; yields the folder."""
    out = Path(tempfile.mkdtemp(prefix="researcher-site-"))
    try:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--quiet",
                "-f",
                str(project / "mkdocs.yml"),
                "-d",
                str(out),
                *extra_args,
            ],
            check=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        yield out
    finally:
        shutil.rmtree(out, ignore_errors=True)


@contextlib.contextmanager
def zensical_site(project: Path):
    """``mkdocs-researcher generate`` and ``zensical build`` of a copy of ``project`` (generate writes into docs/);
    yields the built folder."""
    work = Path(tempfile.mkdtemp(prefix="researcher-zensical-"))
    try:
        shutil.copytree(project, work / "project")
        for command in (["mkdocs_researcher", "generate"], ["zensical", "build"]):
            subprocess.run(
                [sys.executable, "-m", *command, "-f", "mkdocs.yml"],
                cwd=work / "project",
                check=True,
                stdout=subprocess.DEVNULL,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            )
        yield work / "project" / "site"
    finally:
        shutil.rmtree(work, ignore_errors=True)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the signature is http.server's
        pass


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serve(folder: Path, port: int = 0):
    """Serve ``folder`` on 127.0.0.1 (on a free port unless given); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def require(condition: bool, reason: str) -> None:
    """Skip a test whose tool is missing, with the reason; under CI (CI=true), which installs them, fail."""
    if not condition:
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI installs it in .ci/run)")
        pytest.skip(reason)


def chromium_available() -> bool:
    return Path(CHROMIUM).is_file()


@contextlib.contextmanager
def launch_chromium():
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()
