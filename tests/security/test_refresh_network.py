"""``mkdocs-researcher refresh`` treats GitHub's and OpenAlex's answers as untrusted.

Every test runs a real refresh against stub HTTP servers on 127.0.0.1 (a redirect to another host,
an answer trickled one byte at a time, an endless answer, JSON nested too deeply) or reads a badly
shaped counts file, and checks that the token stays home, the run ends in time, the numbers found
before are kept and nothing but a message naming the problem comes out.
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from conftest import collecting_warnings, send_json

from mkdocs_researcher.commands import cli
from mkdocs_researcher.sources.counts import COUNTS_FILE, ConfigProblem, read_counts

TOKEN = "ghp_secret-token-of-the-daily-job"
NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing listens there
OLD_STARS = {"acme/alpha": 40, "acme/beta": 11, "acme/gamma": 3, "acme/delta": 8}


# --- Stub servers --------------------------------------------------------------------------------


@dataclass
class Stub:
    url: str
    requests: list[tuple[str, str | None]] = field(default_factory=list)  # (path, Authorization)
    finished: threading.Event = field(default_factory=threading.Event)  # a handler ran to its end
    sent: int = 0  # bytes of answer written before the client hung up


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


@contextmanager
def stub_server(respond: Callable[[http.server.BaseHTTPRequestHandler, Stub], None], host: str = "127.0.0.1"):
    """A server on 127.0.0.1 whose GET requests ``respond(handler, stub)`` answers; yields the Stub."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            stub.requests.append((self.path, self.headers.get("Authorization")))
            try:
                respond(self, stub)
            except OSError:
                pass  # the client hung up: what the slow and the large answers are for
            finally:
                stub.finished.set()

        def log_message(self, *args):
            pass

    server = _QuietServer(("127.0.0.1", 0), Handler)
    stub = Stub(f"http://{host}:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()


def send_body(handler, body: bytes) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.end_headers()
    handler.wfile.write(body)


def redirect(handler, location: str) -> None:
    handler.send_response(302)
    handler.send_header("Location", location)
    handler.send_header("Content-Length", "0")
    handler.end_headers()


# --- A site --------------------------------------------------------------------------------------


def make_site(root: Path, repos: list[str], counts: dict | str | None = None) -> Path:
    """A site whose home page has a project for each of ``repos``, and a counts file."""
    (root / "docs").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(
        "site_name: Counts\nplugins:\n  - researcher:\n      show_counts: true\n", encoding="utf-8"
    )
    front = {
        "profile": {"name": "Alex Sample"},
        "projects": [{"name": repo.split("/")[1], "repo": repo} for repo in repos],
    }
    (root / "docs" / "index.md").write_text("---\n" + yaml.safe_dump(front) + "---\n\nHello.\n", encoding="utf-8")
    counts = {"updated": "2020-01-01", "stars": OLD_STARS, "citations": {}} if counts is None else counts
    (root / COUNTS_FILE).write_text(counts if isinstance(counts, str) else yaml.safe_dump(counts), encoding="utf-8")
    return root / "mkdocs.yml"


def stars_in(root: Path) -> dict:
    return yaml.safe_load((root / COUNTS_FILE).read_text(encoding="utf-8"))["stars"]


def run_refresh(capsys, config: Path, github_api: str, timeout: float = 2.0, *options: str) -> tuple[int, str, str]:
    code = cli.main(
        [
            "refresh",
            "-f",
            str(config),
            "--github-api",
            github_api,
            "--openalex-api",
            NOWHERE,
            "--timeout",
            str(timeout),
            *options,
        ]
    )
    out, err = capsys.readouterr()
    return code, out, err


# --- The token stays with the API's host ---------------------------------------------------------


@pytest.mark.slow  # stub HTTP servers
@pytest.mark.parametrize("other_host", ["127.0.0.1", "localhost"])
def test_the_token_never_follows_a_redirect_to_another_host(tmp_path, capsys, monkeypatch, other_host):
    """GitHub moves a renamed repository within its API (the token goes along); a hop to any other
    scheme, host or port drops it, and it does not come back later in the same chain."""
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    config = make_site(tmp_path, ["acme/alpha"])

    def api(handler, stub):
        if handler.path == "/gh/repos/acme/alpha":
            redirect(handler, "/gh/repositories/1")  # same host: the token may come along
        elif handler.path == "/gh/repositories/1":
            redirect(handler, elsewhere.url + "/collect")
        else:
            send_json(handler, 200, {"stargazers_count": 42})

    def other(handler, stub):
        redirect(handler, main.url + "/gh/back")

    with stub_server(other, host=other_host) as elsewhere, stub_server(api) as main:
        code, _, err = run_refresh(capsys, config, main.url + "/gh")

    assert code == 0, err
    assert elsewhere.requests == [("/collect", None)]
    assert main.requests == [
        ("/gh/repos/acme/alpha", f"Bearer {TOKEN}"),
        ("/gh/repositories/1", f"Bearer {TOKEN}"),
        ("/gh/back", None),
    ]
    assert stars_in(tmp_path)["acme/alpha"] == 42  # redirects are still followed


# --- A slow answer cannot hold the run -----------------------------------------------------------


def trickle(handler, stub, data: bytes) -> None:
    for byte in data:
        handler.wfile.write(bytes([byte]))
        handler.wfile.flush()
        stub.sent += 1
        time.sleep(0.5)


def trickle_everything(handler, stub):
    trickle(
        handler, stub, b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nX-Padding: " + b"x" * 60 + b"\r\n\r\n{}"
    )


def trickle_the_body(handler, stub):
    body = b" " * 60 + b'{"stargazers_count": 99}'
    handler.send_response(200)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.flush()
    trickle(handler, stub, body)


@pytest.mark.slow  # stub HTTP servers
@pytest.mark.parametrize("respond", [trickle_everything, trickle_the_body])
def test_an_answer_trickled_a_byte_at_a_time_ends_at_the_timeout(tmp_path, capsys, monkeypatch, respond):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    config = make_site(tmp_path, ["acme/alpha"])
    with stub_server(respond) as api:
        started = time.monotonic()
        code, out, err = run_refresh(capsys, config, api.url, timeout=1.0)
        took = time.monotonic() - started

    assert code == 0, err
    assert took < 6, f"the refresh took {took:.1f} s with a 1 s timeout"
    assert "GitHub: acme/alpha: no answer within 1 s; kept the old number 40" in out
    assert stars_in(tmp_path) == OLD_STARS


@pytest.mark.slow  # stub HTTP servers
def test_the_whole_run_ends_at_its_time_limit_and_the_rest_keep_their_numbers(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    repos = sorted(OLD_STARS)
    config = make_site(tmp_path, repos)
    with stub_server(trickle_everything) as api:
        started = time.monotonic()
        code, out, err = run_refresh(capsys, config, api.url, 1.0, "--time-limit", "1.5")
        took = time.monotonic() - started
    notes = [line.strip().removeprefix("note: ") for line in out.splitlines() if line.strip().startswith("note: ")]
    assert code == 0, err

    assert took < 5, f"the refresh took {took:.1f} s with a time limit of 1.5 s"
    assert stars_in(tmp_path) == OLD_STARS
    assert len(api.requests) < len(repos)
    # A note for each, asked or not: the first gets its whole second, the next what is left, the last nothing.
    assert [note.split(":")[1].strip() for note in notes] == repos
    assert notes[0] == "GitHub: acme/alpha: no answer within 1 s; kept the old number 40"
    for note, repo in zip(notes[1:], repos[1:], strict=True):
        assert note in (
            f"GitHub: {repo}: no answer before the refresh's time limit of 1.5 s; "
            f"kept the old number {OLD_STARS[repo]}",
            f"GitHub: {repo}: not asked, the refresh's time limit of 1.5 s has passed; "
            f"kept the old number {OLD_STARS[repo]}",
        )
    assert "not asked" in notes[-1]


# --- A huge answer is not read -------------------------------------------------------------------

HUGE = 32 * 1024 * 1024  # JSON allows any amount of white space before the value


def endless_white_space(handler, stub):
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.end_headers()
    block = b" " * 65536
    while stub.sent < HUGE:
        handler.wfile.write(block)
        stub.sent += len(block)
    handler.wfile.write(b'{"stargazers_count": 5}')
    stub.sent += 23


@pytest.mark.slow  # stub HTTP servers
def test_an_answer_larger_than_the_cap_is_a_problem_and_is_not_read_to_its_end(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    config = make_site(tmp_path, ["acme/alpha"])
    with stub_server(endless_white_space) as api:
        code, out, err = run_refresh(capsys, config, api.url)
        assert api.finished.wait(10)

    assert code == 0, err
    assert "GitHub: acme/alpha: the answer is larger than 1 MB; kept the old number 40" in out
    assert api.sent < HUGE  # the client hung up long before the end
    assert stars_in(tmp_path) == OLD_STARS


# --- JSON that cannot be used --------------------------------------------------------------------


@pytest.mark.slow  # stub HTTP servers
@pytest.mark.parametrize(
    "body",
    [
        b"[" * 100_000,
        b'{"a":' * 100_000,
        b'{"stargazers_count": ' + b"9" * 4000 + b"}",  # a number, but none a repository has
        b'{"stargazers_count": -5}',
    ],
    ids=["deep-list", "deep-object", "huge-number", "negative"],
)
def test_json_that_cannot_be_used_is_a_problem_of_that_item(tmp_path, capsys, monkeypatch, body):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    config = make_site(tmp_path, ["acme/alpha", "acme/beta"])

    def api(handler, stub):
        if handler.path.endswith("/alpha"):
            send_body(handler, body)
        else:
            send_json(handler, 200, {"stargazers_count": 12})

    with stub_server(api) as server:
        code, out, err = run_refresh(capsys, config, server.url)

    assert code == 0, err
    assert "GitHub: acme/alpha: the answer has no stargazers_count; kept the old number 40" in out
    assert stars_in(tmp_path) == {**OLD_STARS, "acme/beta": 12}  # the next one is still asked


# --- A counts file of the wrong shape ------------------------------------------------------------

BAD_COUNTS = {
    "stars-a-list": "stars: [1, 2]\n",
    "stars-text": "stars: lots\n",
    "count-text": "stars: {acme/alpha: '40'}\n",
    "count-fraction": "stars: {acme/alpha: 4.5}\n",
    "count-infinite": "citations: {10.1/x: .inf}\n",
    "count-bool": "stars: {acme/alpha: true}\n",
    "count-negative": "stars: {acme/alpha: -1}\n",
    "count-empty": "stars: {acme/alpha: }\n",
    "count-mapping": "stars: {acme/alpha: {n: 1}}\n",
    "count-huge": "stars: {acme/alpha: 0x" + "f" * 3600 + "}\n",
    "name-not-text": "citations: {2401.10000: 3}\n",
    "updated-a-list": "updated: [2020]\n",
    "nested-deeply": "[" * 100_000 + "\n",
    "nested-deeply-inside": "stars: {acme/alpha: " + "[" * 100_000 + "}\n",
    "not-a-mapping": "false\n",
}


@pytest.mark.parametrize("text", BAD_COUNTS.values(), ids=BAD_COUNTS.keys())
def test_a_badly_shaped_counts_file_raises_only_a_config_problem_naming_it(tmp_path, text):
    path = tmp_path / COUNTS_FILE
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigProblem) as raised:
        read_counts(path)
    message = str(raised.value)
    assert message.startswith(COUNTS_FILE) and message.endswith("fix or delete it, it is not overwritten")
    assert len(message) < 300  # never the whole of a large value


def test_read_counts_gives_only_whole_numbers_under_each_name(tmp_path):
    path = tmp_path / COUNTS_FILE
    path.write_text(
        "# a comment\nupdated: 2024-05-01\nstars: {acme/alpha: 40}\ncitations:\nextra: [kept, out]\n", encoding="utf-8"
    )
    assert read_counts(path) == {"updated": "2024-05-01", "stars": {"acme/alpha": 40}, "citations": {}}
    assert read_counts(tmp_path / "none.yml") == {"updated": None, "stars": {}, "citations": {}}


def test_refresh_stops_before_overwriting_a_badly_shaped_counts_file(tmp_path, capsys):
    text = "stars: {acme/alpha: '40', acme/beta: 11}\n"
    config = make_site(tmp_path, ["acme/alpha"], counts=text)
    code, _, err = run_refresh(capsys, config, NOWHERE)
    assert code == 2 and "Traceback" not in err
    assert f"{COUNTS_FILE}: stars: 'acme/alpha': '40' is not a count" in err
    assert (tmp_path / COUNTS_FILE).read_text(encoding="utf-8") == text  # hand-written numbers are not lost


def test_the_build_warns_about_a_badly_shaped_counts_file_and_goes_on(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = make_site(tmp_path, ["acme/alpha"], counts="stars: [1, 2]\n")
    with collecting_warnings() as warnings:
        build(load_config(str(config)))
    assert any(f"{COUNTS_FILE}: stars is a list" in w for w in warnings), warnings
    assert (tmp_path / "site" / "index.html").is_file()
