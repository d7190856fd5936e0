"""``mkdocs-researcher refresh``: GitHub stars and citation counts, kept in ``researcher-counts.yml``.

The site's own readers find what to look up (projects with ``repo:``, publications with a DOI or
an arXiv id, in front matter, data files and .bib / CSL-JSON files); urllib asks GitHub and
OpenAlex. A look-up that fails never removes a number found earlier: a daily job that hits a rate
limit must not blank the site's counts. Neither service's answers are trusted: each look-up has a
time budget and a size cap, the whole refresh a time limit, and GitHub's token goes to its API alone.
"""

from __future__ import annotations

import datetime
import functools
import http.client
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

import yaml

from .. import __version__
from ..diagnostics import Reporter
from ..model.identifiers import normalise_repo, work_id
from ..model.records import PageData
from ..site.files import files_in
from ..sources.counts import COUNTS_FILE, ConfigProblem, is_count, read_counts
from ..sources.works import WORKS_FILE, orcid_of, read_works
from . import site_config

if TYPE_CHECKING:
    from .refresh_works import WorksSummary

GITHUB_API = "https://api.github.com"
OPENALEX_API = "https://api.openalex.org"
CROSSREF_API = "https://api.crossref.org"
USER_AGENT = f"mkdocs-researcher/{__version__} (refresh of a researcher's homepage counts)"
_HEADER = (
    "# GitHub stars and citation counts (OpenAlex), written by `mkdocs-researcher refresh`.\n"
    "# stars: GitHub owner/name -> stars; citations: DOI (lower case) or arXiv id -> citations.\n"
    "# A failed look-up keeps the number found before; delete a line to forget it.\n"
)


# --- What the site mentions --------------------------------------------------------------------


@dataclass
class Wanted:
    repos: set[str] = field(default_factory=set)  # owner/name
    works: set[str] = field(default_factory=set)  # DOI (lower case) or arXiv id
    identified: set[str] = field(default_factory=set)  # keys of identifier-only entries (sources/works.py)
    orcid: str | None = None  # the owner's, with orcid_works
    orcid_exclude: list[str] = field(default_factory=list)  # its works the site does not show
    email: str | None = None  # the owner's, for the APIs' polite pools


def _add(wanted: Wanted, data: PageData) -> None:
    for project in data.projects:
        if project.repo and (repo := normalise_repo(project.repo)):
            wanted.repos.add(repo)
    for pub in data.publications:
        if (work := work_id(pub)) is not None:
            wanted.works.add(work)


def counts_shown(config_path: Path) -> bool:
    """Whether the site shows the counts (``show_counts``): a refresh of numbers nobody sees is wasted look-ups."""
    config = site_config.read_mkdocs_config(config_path)
    return site_config.researcher_options(config, config_path.name, lambda problem: None).show_counts


def collect(config_path: Path) -> Wanted:
    """Every repository and work the site shows, found by the build's own scan of its pages (site/scan.py)."""
    site = site_config.site_of(config_path, lambda problem: None, cache=False)  # its problems are the build's
    site.scan(files_in(site.engine.docs_dir, site.engine.use_directory_urls), publishes=False)
    wanted = Wanted()
    for page in site.scan_state.pages.values():
        if page.has_sections:
            _add(wanted, site.scan_state.publications(page))
    for person in site.people.by_id.values():
        _add(wanted, person.data)
    for path in site.scan_state.site_bibliography:
        _add(wanted, PageData(publications=site.bibliographies.load(path, Reporter(path.name), (), "")))
    wanted.identified = set(site.scan_state.works.asked)
    owner = site.index.owner()
    profile = owner.data.profile if owner else None
    wanted.email = profile.email if profile else None
    wanted.orcid = orcid_of(profile) if site.options.orcid_works else None
    wanted.orcid_exclude = site.options.orcid_exclude
    return wanted


# --- Asking GitHub and OpenAlex ---------------------------------------------------------------------


TIME_LIMIT = 300.0  # seconds for a whole refresh: a daily job must end even when every answer crawls
LARGEST_ANSWER = 1_000_000  # bytes; GitHub's or OpenAlex's answer about one repository or work is a few KB


@dataclass
class Answer:
    count: int | None = None
    problem: str | None = None  # why there is no count
    rate_limited: bool = False


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


def ask(
    url: str, field_name: str, timeout: float, headers: dict[str, str] | None = None, limit: TimeLimit | None = None
) -> Answer:
    """One count, within ``timeout`` seconds and what is left of the refresh's time limit."""
    reply = ask_json(url, timeout, headers, limit)
    if reply.problem:
        return Answer(problem=reply.problem, rate_limited=reply.rate_limited)
    value = reply.data.get(field_name) if isinstance(reply.data, dict) else None
    if not is_count(value):
        return Answer(problem=f"the answer has no {field_name}")
    return Answer(count=value)


def github_headers() -> dict[str, str]:
    headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
    token = os.environ.get("GITHUB_TOKEN")
    if token:  # set by the workflow: a much higher rate limit than anonymous requests
        headers["Authorization"] = f"Bearer {token}"
    return headers


def star_url(api: str, repo: str) -> str:
    return f"{api.rstrip('/')}/repos/{quote(repo, safe='/')}"


def citation_url(api: str, work: str) -> str:
    doi = work if work.startswith("10.") else f"10.48550/arXiv.{work}"  # arXiv's own DOIs
    return f"{api.rstrip('/')}/works/doi:{quote(doi, safe='/')}"


def refresh_kind(
    names: list[str],
    old: dict,
    url_of: Callable[[str], str],
    field_name: str,
    service: str,
    timeout: float,
    note: Callable[[str], None],
    headers: dict[str, str] | None = None,
    limit: TimeLimit | None = None,
) -> tuple[dict, int]:
    """New numbers merged over ``old``; after a rate limit the rest keep their old numbers unasked, and past the
    time limit too."""
    merged, fetched = dict(old), 0
    for index, name in enumerate(names):
        if limit and limit.left() <= 0:
            answer = Answer(problem=f"not asked, the refresh's time limit of {limit.seconds:g} s has passed")
        else:
            answer = ask(url_of(name), field_name, timeout, headers, limit)
        if answer.count is not None:
            merged[name] = answer.count
            fetched += 1
            continue
        kept = f"; kept the old number {old[name]}" if name in old else ""
        note(f"{service}: {name}: {answer.problem}{kept}")
        if answer.rate_limited:
            rest = names[index + 1 :]
            if rest:
                note(
                    f"{service}: not asking about the other {len(rest)} after the rate limit; "
                    "they keep their old numbers"
                )
            break
    return merged, fetched


# --- The counts file ---------------------------------------------------------------------------


def write_counts(path: Path, stars: dict, citations: dict, updated: str | None) -> None:
    data = {"updated": updated, "stars": dict(sorted(stars.items())), "citations": dict(sorted(citations.items()))}
    text = _HEADER + yaml.safe_dump(
        {k: v for k, v in data.items() if v is not None}, allow_unicode=True, sort_keys=False
    )
    write_whole(path, text)


def write_whole(path: Path, text: str) -> None:
    """``text`` as the file at ``path``, replacing it at once: a cancelled job never leaves half a file."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


@dataclass
class Summary:
    stars: int
    citations: int
    asked_repos: int
    asked_works: int
    path: Path | None  # None: the counts were not refreshed (show_counts is off)
    works: WorksSummary | None = None  # None: no paper to look up


def refresh(
    config_path: Path,
    github_api: str,
    openalex_api: str,
    timeout: float,
    note: Callable[[str], None],
    time_limit: float = TIME_LIMIT,
    crossref_api: str = CROSSREF_API,
    counts: bool = True,
) -> Summary:
    """Papers for identifier-only entries and the owner's ORCID first (their DOIs' citations are then counted
    too), then, when ``counts``, stars and citations."""
    from . import refresh_works  # which asks through this module

    limit = TimeLimit.from_now(time_limit)
    wanted = collect(config_path)
    works_path = config_path.parent / WORKS_FILE
    old_works = read_works(works_path)
    if old_works.problem:
        raise ConfigProblem(f"{old_works.problem}; fix or delete it, it is not overwritten")
    counts_path = config_path.parent / COUNTS_FILE
    old = read_counts(counts_path) if counts else None
    services = refresh_works.Services(openalex_api, crossref_api, timeout, limit, note, wanted.email)
    works = refresh_works.refresh_works(config_path, wanted.identified, wanted.orcid, services, old_works)
    if not counts:
        return Summary(0, 0, 0, 0, None, works)
    if works:
        fresh = read_works(works_path)
        listed = fresh.orcid_publications(wanted.orcid, wanted.orcid_exclude) if wanted.orcid else []
        for pub in [fresh.publication(key) for key in wanted.identified] + listed:
            if pub and (work := work_id(pub)):
                wanted.works.add(work)
    stars, got_stars = refresh_kind(
        sorted(wanted.repos),
        old["stars"],
        lambda r: star_url(github_api, r),
        "stargazers_count",
        "GitHub",
        timeout,
        note,
        github_headers(),
        limit,
    )
    citations, got_citations = refresh_kind(
        sorted(wanted.works),
        old["citations"],
        lambda w: citation_url(openalex_api, w),
        "cited_by_count",
        "OpenAlex",
        timeout,
        note,
        limit=limit,
    )
    # "updated" says when numbers last came in: a run where every look-up failed leaves it alone.
    updated = datetime.date.today().isoformat() if got_stars or got_citations else old["updated"]
    write_counts(counts_path, stars, citations, updated)
    return Summary(got_stars, got_citations, len(wanted.repos), len(wanted.works), counts_path, works)
