"""A real serve command on 127.0.0.1, polled over HTTP and stopped by its process group (tests/test_serve.py, the
README's first command in tests/test_packaging.py)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn
from urllib.error import URLError
from urllib.request import urlopen

import pytest
from bs4 import BeautifulSoup
from conftest import engine_command

WAIT = 30  # seconds for a change to reach the served page: a poll of the watcher (0.5 s) and a rebuild
SERVING = re.compile(r"Serving on (\S+)")
BUILDS = "Building documentation"  # logged at the start of every build


@dataclass
class Server:
    process: subprocess.Popen
    log_file: Path
    url: str = ""  # with the mount path site_url gives, once the server says where it serves

    def log(self) -> str:
        return self.log_file.read_text(encoding="utf-8", errors="replace")

    def fail(self, why: str) -> NoReturn:
        pytest.fail(f"{why}\n--- the server's log ---\n{self.log()[-6000:]}", pytrace=False)

    def until(self, check: Callable[[], object], what: str):
        """``check()``'s first true answer, polled until WAIT runs out; the server must live meanwhile."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.fail(f"the server exited (code {self.process.returncode}) waiting for {what}")
            answer = check()
            if answer:
                return answer
            time.sleep(0.2)
        self.fail(f"no {what} within {WAIT} s")

    def page(self, path: str) -> BeautifulSoup | None:
        """The page at ``path`` (relative to the site's root), parsed; None while the server does not answer."""
        try:
            with urlopen(self.url + path, timeout=WAIT) as answer:
                return BeautifulSoup(answer.read().decode("utf-8"), "html.parser")
        except (URLError, ConnectionError):
            return None

    def page_when(self, path: str, check: Callable[[BeautifulSoup], bool], what: str) -> BeautifulSoup:
        def served():
            soup = self.page(path)
            return soup if soup is not None and check(soup) else None

        return self.until(served, what)

    def logged(self, text: str) -> None:
        self.until(lambda: text in self.log(), f"'{text}' in the log")

    def rebuilt(self, change: Callable[[], object], what: str) -> None:
        """Make ``change``, and wait until the rebuild it starts is over."""
        builds = self.log().count(BUILDS)
        change()
        self.until(lambda: self.log().count(BUILDS) > builds, f"rebuild after {what}")
        self.page("")  # answers once the rebuild is over

    def assert_idle(self) -> None:
        """No rebuild starts by itself: nothing the build writes is followed back into another build."""
        time.sleep(1.5)  # a rebuild the last change started late (the watcher polls every 0.5 s) is over
        builds = self.log().count(BUILDS)
        time.sleep(2)  # four polls of the watcher
        assert self.log().count(BUILDS) == builds, self.log()[-3000:]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(engine: str, site: Path) -> Iterator[Server]:
    """``ENGINE serve`` in ``site``, live reload on (the default), until the block ends; then stopped as Ctrl-C
    stops it, and it must exit cleanly."""
    command = [*engine_command(engine), "serve", "-a", f"127.0.0.1:{free_port()}"]
    with serving_command(command, site, site.parent / f"{engine}-serve.log") as server:
        yield server


@contextmanager
def serving_command(command: list[str], cwd: Path, log_file: Path, env: dict | None = None) -> Iterator[Server]:
    """A serve command as a user types it (its address on 127.0.0.1 given), run in ``cwd`` until the block ends;
    then stopped by its process group as Ctrl-C stops it, and it must exit cleanly."""
    with log_file.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**(env or os.environ), "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"},
            start_new_session=True,  # its own process group, stopped as a whole
        )
    server = Server(process, log_file)
    try:
        server.url = server.until(lambda: (found := SERVING.search(server.log())) and found[1], "server address")
        server.page_when("", lambda soup: True, "home page")
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    assert process.returncode == 0, server.log()[-6000:]
