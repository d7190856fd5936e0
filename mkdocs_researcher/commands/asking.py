"""Answers of web APIs, bounded: what `refresh` asks GitHub, OpenAlex and Crossref goes through here.

Every answer is untrusted and may be slow, huge or malformed: each has a deadline and a size cap, a whole run a
time limit, redirects stay on http(s) and a token never leaves its own host; a refreshed file is replaced whole.
"""

from __future__ import annotations

import functools
import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__

USER_AGENT = f"mkdocs-researcher/{__version__} (refresh of a researcher's homepage counts)"
TIME_LIMIT = 300.0  # seconds for a whole refresh: a daily job must end even when every answer crawls
LARGEST_ANSWER = 1_000_000  # bytes; GitHub's or OpenAlex's answer about one repository or work is a few KB


@dataclass(frozen=True)
class TimeLimit:
    """The whole refresh's time: ``seconds`` long, over at ``ends`` (a time.monotonic() value)."""

    seconds: float
    ends: float

    @classmethod
    def from_now(cls, seconds: float) -> TimeLimit:
        return cls(seconds, time.monotonic() + seconds)

    def left(self) -> float:
        return self.ends - time.monotonic()


class _TooLarge(Exception):
    """The answer is longer than LARGEST_ANSWER; nothing more of it was read."""


class _Deadline:
    """One request's whole time, however slowly the server sends.

    A socket timeout only bounds each read, and a server sending a byte at a time never trips it;
    so when the time is up, a timer shuts the request's sockets, which ends any read waiting on them.
    """

    def __init__(self, seconds: float):
        self.ends = time.monotonic() + seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._finished = False
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def left(self) -> float:
        return self.ends - time.monotonic()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def finish(self) -> bool:
        """Stops the timer; True if the time ran out before (what was read may be cut short)."""
        with self._lock:
            self._finished = True
            self._timer.cancel()
            return self.expired

    def _expire(self) -> None:
        with self._lock:
            if self._finished:
                return
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    try:
        # socket.socket's own shutdown: ssl.SSLSocket's would drop its TLS state under the reading thread.
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
    except OSError:  # already closed
        pass


class _WatchedConnection:
    """Mixed into http.client's connections: connects within the time left, then lets the deadline shut the socket."""

    def __init__(self, *args, deadline: _Deadline, **kwargs):
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def connect(self) -> None:
        self.timeout = self.deadline.left()  # bounds connecting and the TLS handshake (also after a redirect)
        if self.timeout <= 0:
            raise TimeoutError("no time left to connect")
        super().connect()
        self.deadline.watch(self.sock)


class _WatchedHTTPConnection(_WatchedConnection, http.client.HTTPConnection):
    pass


class _WatchedHTTPSConnection(_WatchedConnection, http.client.HTTPSConnection):
    pass


class _WatchedHandler:
    """Mixed into urllib's HTTP(S) handlers: every connection they open is watched by ``deadline``."""

    connection: type

    def __init__(self, deadline: _Deadline):
        super().__init__()
        self.deadline = deadline

    def do_open(self, http_class, req, **kwargs):
        return super().do_open(functools.partial(self.connection, deadline=self.deadline), req, **kwargs)


class _WatchedHTTPHandler(_WatchedHandler, urllib.request.HTTPHandler):
    connection = _WatchedHTTPConnection


class _WatchedHTTPSHandler(_WatchedHandler, urllib.request.HTTPSHandler):
    connection = _WatchedHTTPSConnection


def _origin(url: str) -> tuple[str, str, int | None] | None:
    parts = urlsplit(url)
    try:
        return (
            parts.scheme.lower(),
            (parts.hostname or ""),
            parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower()),
        )
    except ValueError:  # a port that is not a number
        return None


class _TokenStaysHome(urllib.request.HTTPRedirectHandler):
    """Follows redirects over http(s) only, and hands the token on only while they stay at the API's origin.

    The token is an unredirected header, which urllib never copies to the next request; this hands
    it on when the scheme, host and port stay the same (GitHub moves a renamed repository within
    its API), and never again once a redirect has left.
    """

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if urlsplit(newurl).scheme.lower() not in ("http", "https"):
            return None  # ftp: would escape the deadline; the look-up fails as "HTTP 30x"
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        token = req.unredirected_hdrs.get("Authorization")
        origin = _origin(req.full_url)
        if new is not None and token and origin is not None and _origin(new.full_url) == origin:
            new.add_unredirected_header("Authorization", token)
        return new


def _read_body(response, largest: int) -> bytes:
    body = bytearray()
    while chunk := response.read1(64 * 1024):  # one read at a time, so that a deadline can stop it
        body += chunk
        if len(body) > largest:
            raise _TooLarge
    return bytes(body)


def fetch_json(
    url: str, timeout: float, headers: dict[str, str], largest: int = LARGEST_ANSWER
) -> tuple[int, object | None]:
    """(HTTP status, parsed JSON or None), all within ``timeout`` seconds.

    Network trouble raises OSError (running out of time: TimeoutError); an answer larger than
    ``largest`` bytes raises _TooLarge. An Authorization header goes to ``url``'s origin only.
    """
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    for name, value in headers.items():
        if name.lower() == "authorization":
            request.add_unredirected_header(
                name, value
            )  # urllib copies no such header to a redirect; _TokenStaysHome decides
        else:
            request.add_header(name, value)
    deadline = _Deadline(timeout)
    opener = urllib.request.build_opener(_WatchedHTTPHandler(deadline), _WatchedHTTPSHandler(deadline), _TokenStaysHome)
    try:
        with opener.open(request, timeout=timeout) as response:
            status, body = response.status, _read_body(response, largest)
    except urllib.error.HTTPError as error:
        return error.code, None
    except (OSError, http.client.HTTPException):
        if deadline.finish():  # what failed is the socket the deadline shut
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        raise
    finally:
        ran_out = deadline.finish()
    if ran_out:  # the body may be cut short
        raise TimeoutError(f"no answer within {timeout:g} s")
    try:
        return status, json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested too deeply
        return status, None


@dataclass
class Reply:
    """One look-up's parsed JSON answer (None if it is no JSON), or why there is none (``problem``)."""

    data: object = None
    problem: str | None = None
    rate_limited: bool = False
    missing: bool = False  # the service has no such thing (HTTP 404 or 410)


def ask_json(
    url: str,
    timeout: float,
    headers: dict[str, str] | None = None,
    limit: TimeLimit | None = None,
    largest: int = LARGEST_ANSWER,
) -> Reply:
    """One look-up, within ``timeout`` seconds and what is left of the refresh's time limit, of at most
    ``largest`` bytes."""
    seconds = min(timeout, limit.left()) if limit else timeout
    late = (
        f"no answer within {timeout:g} s"
        if seconds == timeout
        else f"no answer before the refresh's time limit of {limit.seconds:g} s"
    )
    try:
        status, data = fetch_json(url, seconds, headers or {}, largest)
    except _TooLarge:
        size = f"{largest // 1_000_000} MB" if largest >= 1_000_000 else f"{largest:,} bytes"
        return Reply(problem=f"the answer is larger than {size}")
    except TimeoutError:
        return Reply(problem=late)
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, TimeoutError):
            return Reply(problem=late)
        return Reply(problem=f"cannot connect ({reason})")
    except (
        OSError,
        http.client.HTTPException,
        ValueError,
    ) as error:  # refused, reset, a cut-off answer, a redirect to a bad address
        return Reply(problem=f"cannot connect ({error or type(error).__name__})")
    if status in (403, 429):
        return Reply(problem=f"rate limit reached (HTTP {status})", rate_limited=True)
    if status in (404, 410):
        return Reply(problem="not found (renamed, removed or private?)", missing=True)
    if status != 200:
        return Reply(problem=f"the server answered HTTP {status}")
    return Reply(data)


def write_whole(path: Path, text: str) -> None:
    """``text`` as the file at ``path``, replacing it at once: a cancelled job never leaves half a file."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
