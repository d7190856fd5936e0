"""Papers from identifiers: ``{doi: …}``, ``{arxiv: …}``, ``{openalex: W…}`` and the owner's ORCID, fetched by
``mkdocs-researcher refresh`` into researcher-works.yml, which the build reads offline.

OpenAlex and Crossref are stub servers on 127.0.0.1 answering in the APIs' shapes: OpenAlex Work objects
(authorships, primary_location, biblio, best_oa_location, abstract_inverted_index; a list of them with
meta.next_cursor) and Crossref's ``{"status": "ok", "message-type": "work", "message": {…}}``.
"""

from __future__ import annotations

import http.server
import shutil
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import collecting_warnings, page, send_json

from mkdocs_researcher.commands import cli
from mkdocs_researcher.sources.works import WORKS_FILE

ORCID = "0000-0002-1825-0097"
NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing listens there


def openalex_work(number: int, title: str, doi: str | None, year: int, **more) -> dict:
    """An OpenAlex Work object, in the shape of GET /works/{id} (only the fields refresh reads, and a few more)."""
    work = {
        "id": f"https://openalex.org/W{number}",
        "doi": f"https://doi.org/{doi}" if doi else None,
        "title": title,
        "display_name": title,
        "publication_year": year,
        "publication_date": f"{year}-05-14",
        "type": "article",
        "type_crossref": "journal-article",
        "cited_by_count": 12,
        "authorships": [
            {
                "author_position": "first",
                "author": {
                    "id": "https://openalex.org/A5023888391",
                    "display_name": "Ada Lovelace",
                    "orcid": f"https://orcid.org/{ORCID}",
                },
                "institutions": [],
                "raw_author_name": "Ada Lovelace",
            },
            {
                "author_position": "last",
                "author": {"id": "https://openalex.org/A5000000002", "display_name": "Charles Babbage", "orcid": None},
                "institutions": [],
            },
        ],
        "primary_location": {
            "is_oa": False,
            "landing_page_url": f"https://doi.org/{doi}" if doi else "https://example.org/landing",
            "pdf_url": None,
            "source": {"id": "https://openalex.org/S1", "display_name": "Journal of Engines", "type": "journal"},
        },
        "best_oa_location": None,
        "open_access": {"is_oa": False, "oa_status": "closed", "oa_url": None},
        "biblio": {"volume": "12", "issue": "3", "first_page": "101", "last_page": "118"},
        "abstract_inverted_index": None,
    }
    work.update(more)
    return work


ICSE = openalex_work(
    4391234567,
    "Difference Engines for Code Review",
    "10.1145/3597503.3639187",
    2024,
    type="article",
    type_crossref="proceedings-article",
    primary_location={
        "is_oa": True,
        "landing_page_url": "https://dl.acm.org/doi/10.1145/3597503.3639187",
        "source": {"display_name": "International Conference on Software Engineering", "type": "conference"},
    },
    best_oa_location={"is_oa": True, "pdf_url": "https://dl.acm.org/doi/pdf/10.1145/3597503.3639187"},
    open_access={"is_oa": True, "oa_status": "hybrid", "oa_url": "https://dl.acm.org/doi/pdf/10.1145/3597503.3639187"},
    biblio={"volume": None, "issue": None, "first_page": "1", "last_page": "13"},
    abstract_inverted_index={"We": [0], "review": [1], "code": [2, 5], "with": [3], "engines;": [4], "wins.": [6]},
)
PREPRINT = openalex_work(
    4400000001,
    "Poetical Science at Scale",
    "10.48550/arxiv.2410.12345",
    2024,
    type="preprint",
    type_crossref="posted-content",
    primary_location={
        "landing_page_url": "http://arxiv.org/abs/2410.12345",
        "source": {"display_name": "arXiv (Cornell University)", "type": "repository"},
    },
    biblio={"volume": None, "issue": None, "first_page": None, "last_page": None},
)
# The same paper as the owner's .bib entry (its DOI), which adds an abstract the .bib has not.
ENGINES = openalex_work(
    2000000001,
    "Engines of analysis",
    "10.1000/engines",
    2023,
    abstract_inverted_index={"Engines": [0], "weave": [1], "algebraic": [2], "patterns.": [3]},
    type_crossref="proceedings-article",
)
# The same paper as the .bib entry again, found by title and year only (no DOI): it is not listed twice.
ENGINES_COPY = openalex_work(2000000002, "Engines of Analysis.", None, 2023)
NOTES = openalex_work(
    2000000003,
    "Notes on the Analytical Engine",
    "10.1000/notes",
    2022,
    best_oa_location={"is_oa": True, "pdf_url": "javascript:alert(1)"},  # no http(s) URL: no link
    open_access={"is_oa": True, "oa_url": "https://example.org/notes.pdf"},
)
HOSTILE = openalex_work(
    2000000004,
    "<script>alert('title')</script>Bernoulli <i>numbers</i>",
    "10.1000/bernoulli",
    2021,
    abstract_inverted_index={"<img": [0], "src=x": [1], "onerror=alert(1)>": [2], "Numbers.": [3]},
)
EXCLUDED = openalex_work(2000000005, "A Work the Owner Leaves Out", "10.1000/unwanted", 2020)
CROSSREF_MESSAGE = {
    "indexed": {"date-parts": [[2024, 1, 9]], "date-time": "2024-01-09T10:00:00Z", "timestamp": 1704794400000},
    "publisher": "Example Society",
    "issue": "2",
    "DOI": "10.5555/crossref.only",
    "type": "journal-article",
    "page": "45-67",
    "source": "Crossref",
    "is-referenced-by-count": 3,
    "title": ["On the Loom of Numbers"],
    "prefix": "10.5555",
    "volume": "7",
    "author": [
        {"given": "Ada", "family": "Lovelace", "sequence": "first", "affiliation": []},
        {"given": "Mary", "family": "Somerville", "sequence": "additional", "affiliation": []},
    ],
    "container-title": ["Annals of Computing"],
    "abstract": "<jats:p>Looms <jats:italic>weave</jats:italic> numbers.<script>alert(1)</script></jats:p>",
    "issued": {"date-parts": [[2019, 6]]},
    "URL": "https://doi.org/10.5555/crossref.only",
}

SINGLE = {
    "/oa/works/doi:10.1145/3597503.3639187": ICSE,
    "/oa/works/doi:10.48550/arXiv.2410.12345": PREPRINT,
    "/oa/works/W2000000003": NOTES,
}
ORCID_PAGES = {"*": ([ENGINES, NOTES], "c2"), "c2": ([ENGINES_COPY, HOSTILE, EXCLUDED], "c3"), "c3": ([], None)}


class Stub:
    """OpenAlex under /oa and Crossref under /cr; ``override`` answers a path its own way."""

    def __init__(self):
        self.requests: list[str] = []
        self.override = None

    def answer(self, handler) -> None:
        parts = urlsplit(handler.path)
        path, query = unquote(parts.path), parse_qs(parts.query)
        self.requests.append(handler.path)
        if self.override and self.override(handler, path, query):
            return
        if path == "/oa/works" and query.get("filter") == [f"author.orcid:{ORCID}"]:
            results, cursor = ORCID_PAGES[query["cursor"][0]]
            meta = {"count": 5, "db_response_time_ms": 12, "page": None, "per_page": 200, "next_cursor": cursor}
            return send_json(handler, 200, {"meta": meta, "results": results, "group_by": []})
        if path in SINGLE:
            return send_json(handler, 200, SINGLE[path])
        if path == "/cr/works/10.5555/crossref.only":
            return send_json(
                handler,
                200,
                {"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": CROSSREF_MESSAGE},
            )
        send_json(handler, 404, {"error": "not found"})


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


@contextmanager
def stub_apis():
    """The stub on a free port of 127.0.0.1; yields (Stub, base URL); shut down on leaving."""
    stub = Stub()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            try:
                stub.answer(self)
            except OSError:
                pass  # the client hung up: the slow and the huge answers are for that

        def log_message(self, *args):
            pass

    server = _QuietServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield stub, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# --- A site of identifiers ---------------------------------------------------------------------------------


def make_site(root: Path, publications: list | None = None, **options) -> Path:
    """A site whose home page lists DOIs and an arXiv id and names the owner's ORCID; papers.md shows the site
    bibliography (one .bib entry), where the ORCID's works join it."""
    (root / "docs").mkdir(parents=True)
    settings = {
        "site_name": "Works",
        "theme": {"name": "material"},
        "plugins": [{"researcher": {"orcid_works": True, "bibliography": ["docs/papers.bib"], **options}}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    front = {
        "profile": {"name": "Ada Lovelace", "email": "ada@example.org", "links": {"orcid": ORCID}},
        "publications": publications
        if publications is not None
        else [
            {"doi": "10.1145/3597503.3639187", "selected": True, "code": "https://github.com/ada/engines"},
            {"arxiv": "2410.12345"},
            {"doi": "https://doi.org/10.5555/CROSSREF.only"},
            {"openalex": "W2000000003", "venue": "Owner's Own Venue"},
        ],
    }
    (root / "docs" / "index.md").write_text(page(front, "Hello.\n"), encoding="utf-8")
    (root / "docs" / "papers.md").write_text("# Papers\n\n<!-- researcher publications -->\n", encoding="utf-8")
    (root / "docs" / "papers.bib").write_text(
        "@inproceedings{lovelace2023own,\n  title = {Engines of Analysis},\n  author = {Lovelace, Ada and Babbage, "
        "Charles},\n  booktitle = {Proc. of the Owner},\n  year = {2023},\n  doi = {10.1000/engines},\n}\n",
        encoding="utf-8",
    )
    return root / "mkdocs.yml"


def refresh(capsys, config: Path, api: str, *more: str) -> tuple[int, str]:
    code = cli.main(
        [
            "refresh",
            "-f",
            str(config),
            "--openalex-api",
            f"{api}/oa",
            "--crossref-api",
            f"{api}/cr",
            "--github-api",
            NOWHERE,
            *more,
        ]
    )
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out + err


def build(config: Path) -> tuple[dict[str, bytes], list[str]]:
    """Every HTML file of the built site (by path), and the plugin's warnings."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    with collecting_warnings() as messages:
        mkdocs_build(load_config(str(config)))
    site = config.parent / "site"
    pages = {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*.html"))}
    return pages, [m for m in messages if m.startswith("researcher: ")]


def entries(html: bytes) -> dict[str, BeautifulSoup]:
    """Each publication of a page by its title's text."""
    soup = BeautifulSoup(html, "html.parser")
    return {
        " ".join(entry.select_one(".researcher-publication__title").get_text().split()): entry
        for entry in soup.select(".researcher-publication")
    }


@contextmanager
def no_network():
    """Any connection from this process fails, as on a machine with no network."""
    real = socket.socket.connect

    def refuse(self, address):
        raise OSError("network is off in this test")

    socket.socket.connect = refuse
    try:
        yield
    finally:
        socket.socket.connect = real


def titles(html: bytes) -> list[str]:
    return list(entries(html))


def link(entry, label: str) -> str | None:
    found = [a for a in entry.select("a") if a.get_text(strip=True) == label]
    return found[0]["href"] if found else None


def abstract(entry) -> str:
    details = [d for d in entry.select("details") if "Abstract" in d.select_one("summary").get_text()]
    return " ".join(details[0].get_text(" ").replace("Abstract", "", 1).split()) if details else ""


def bibtex(entry) -> str:
    code = entry.select_one("pre") or entry.select_one("code")
    return code.get_text() if code else ""


# --- One refresh, then builds with no network ----------------------------------------------------------------


@pytest.mark.slow  # a stub server and three MkDocs builds
def test_a_site_of_dois_and_an_orcid_lists_every_paper_after_one_refresh_and_builds_the_same_offline(tmp_path, capsys):
    config = make_site(tmp_path, orcid_exclude=["https://doi.org/10.1000/UNWANTED"])
    _, warnings = build(config)  # before any refresh: each identifier is one warning naming the command
    assert sorted(warnings) == sorted(
        [
            f"researcher: docs/index.md:{line}: publications[{index}].{kind}: {value} is not fetched yet; run "
            "`mkdocs-researcher refresh` to fetch it, or give the entry a title"
            for line, index, kind, value in [
                (8, 0, "doi", "10.1145/3597503.3639187"),
                (11, 1, "arxiv", "2410.12345"),
                (12, 2, "doi", "https://doi.org/10.5555/CROSSREF.only"),
                (13, 3, "openalex", "W2000000003"),
            ]
        ]
        + [
            f"researcher: mkdocs.yml: orcid_works: the works of ORCID {ORCID} are not fetched yet; run "
            "`mkdocs-researcher refresh` to fetch them"
        ]
    )

    with stub_apis() as (stub, api):
        code, out = refresh(capsys, config, api)
        online, warnings = build(config)
    assert code == 0 and "Fetched 9 papers for 5 identifiers" in out, out
    assert warnings == []
    # The polite pools: the owner's e-mail on every request; Crossref asked only for the DOI OpenAlex lacks.
    assert all("mailto=ada%40example.org" in request for request in stub.requests)
    assert [r.split("?")[0] for r in stub.requests if r.startswith("/cr/")] == ["/cr/works/10.5555/crossref.only"]
    assert [parse_qs(urlsplit(r).query)["cursor"][0] for r in stub.requests if "filter=" in r] == ["*", "c2", "c3"]

    home = entries(online["index.html"])
    assert list(home) == [  # newest first, as every list
        "Difference Engines for Code Review",
        "Poetical Science at Scale",
        "Notes on the Analytical Engine",
        "On the Loom of Numbers",
    ]
    icse = home["Difference Engines for Code Review"]
    assert " ".join(icse.select_one(".researcher-publication__authors").get_text(" ").split()) == (
        "Ada Lovelace and Charles Babbage"
    )
    # The owner is found among the API's names as among a .bib's.
    assert [a.get_text() for a in icse.select(".researcher-self")] == ["Ada Lovelace"]
    assert "International Conference on Software Engineering" in icse.select_one(".researcher-publication__venue").text
    assert link(icse, "DOI") == "https://doi.org/10.1145/3597503.3639187"
    assert link(icse, "PDF") == "https://dl.acm.org/doi/pdf/10.1145/3597503.3639187"  # best_oa_location
    assert link(icse, "Code") == "https://github.com/ada/engines"  # the owner's own field beside the DOI
    assert abstract(icse) == "We review code with engines; code wins."  # the inverted index rebuilt
    assert "@inproceedings{lovelace2024difference," in bibtex(icse)
    assert "booktitle = {International Conference on Software Engineering}" in bibtex(icse)
    assert "pages = {1--13}" in bibtex(icse)
    assert link(home["Poetical Science at Scale"], "arXiv") == "https://arxiv.org/abs/2410.12345"
    loom = home["On the Loom of Numbers"]  # from Crossref: JATS abstract without its tags
    assert (
        "Mary Somerville" in loom.text
        and "Annals of Computing" in loom.text
        and "vol. 7, no. 2, pp. 45–67" in loom.text
    )
    assert abstract(loom) == "Looms weave numbers."
    notes = home["Notes on the Analytical Engine"]
    assert "Owner's Own Venue" in notes.text and "Journal of Engines" not in notes.text  # the owner's field wins
    assert link(notes, "PDF") == "https://example.org/notes.pdf"  # open_access.oa_url; javascript: never a link

    papers = entries(online["papers/index.html"])
    # The .bib entry once (same DOI, and same title and year), completed by OpenAlex; the excluded work left out.
    assert list(papers) == ["Engines of Analysis", "Notes on the Analytical Engine", "Bernoulli numbers"]
    engines = papers["Engines of Analysis"]
    assert "Proc. of the Owner" in engines.text and "Journal of Engines" not in engines.text
    assert abstract(engines) == "Engines weave algebraic patterns."
    assert "@inproceedings{lovelace2023own," in bibtex(engines)  # the owner's BibTeX, as written
    hostile = papers["Bernoulli numbers"]
    title = hostile.select_one(".researcher-publication__title")
    assert [tag.name for tag in title.find_all(True) if tag.name not in ("a", "span")] == ["i"]
    assert abstract(hostile) == "Numbers."
    for html in online.values():
        soup = BeautifulSoup(html, "html.parser")
        assert not [s for s in soup.find_all("script") if "alert" in s.get_text()]
        assert not soup.find(attrs={"onerror": True})
        assert not [a for a in soup.find_all("a", href=True) if a["href"].lower().startswith("javascript:")]

    # Offline: no server, no network; the same bytes, with or without the render cache.
    with no_network():
        offline, warnings = build(config)
        assert offline == online and warnings == []
        shutil.rmtree(tmp_path / ".cache")
        offline, _ = build(config)
        assert offline == online

    written = yaml.safe_load((tmp_path / WORKS_FILE).read_text(encoding="utf-8"))
    assert sorted(written["works"]) == [
        "arxiv:2410.12345",
        "doi:10.1000/bernoulli",
        "doi:10.1000/engines",
        "doi:10.1000/notes",
        "doi:10.1000/unwanted",
        "doi:10.1145/3597503.3639187",
        "doi:10.5555/crossref.only",
        "openalex:W2000000002",
        "openalex:W2000000003",
    ]
    assert "<script" not in (tmp_path / WORKS_FILE).read_text(encoding="utf-8")


# --- Answers that cannot be used keep what was found before ------------------------------------------------------


def _failing(status: int):
    def answer(handler, path, query):
        send_json(handler, status, {"error": "down"})
        return True

    return answer


def _slow(handler, path, query):
    time.sleep(1.0)  # beyond the --timeout of 0.4 s
    send_json(handler, 200, SINGLE.get(path, {}))
    return True


def _huge(handler, path, query):
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.end_headers()
    handler.wfile.write(b'{"title": "' + b"x" * 1_100_000 + b'"}')
    return True


def _malformed(handler, path, query):
    if path.startswith("/cr/"):
        send_json(handler, 200, {"status": "ok", "message": {"title": [], "author": "nobody"}})
    elif path == "/oa/works":
        send_json(handler, 200, {"meta": {"next_cursor": None}, "results": "none"})
    elif "W2000000003" in path:
        send_json(handler, 200, [ICSE])  # a list, not a work
    else:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.end_headers()
        handler.wfile.write(b'{"title": "cut off')
    return True


@pytest.mark.slow  # stub servers, answers that take their time
@pytest.mark.parametrize(
    "override",
    [_failing(500), _failing(429), _slow, _huge, _malformed],
    ids=["http-500", "rate-limit", "slow", "huge", "malformed"],
)
def test_a_failed_slow_huge_or_malformed_answer_keeps_the_works_found_before(tmp_path, capsys, monkeypatch, override):
    monkeypatch.setattr("mkdocs_researcher.commands.refresh_works.LARGEST_PAGE", 1_000_000)
    config = make_site(tmp_path)
    with stub_apis() as (stub, api):
        assert refresh(capsys, config, api)[0] == 0
        before = (tmp_path / WORKS_FILE).read_text(encoding="utf-8")
        built, _ = build(config)
        stub.override = override
        code, out = refresh(capsys, config, api, "--timeout", "0.4")
    assert code == 0
    assert (tmp_path / WORKS_FILE).read_text(encoding="utf-8") == before  # its date too: nothing changed
    assert "doi:10.1145/3597503.3639187: OpenAlex: " in out and "kept the work found before" in out
    assert f"ORCID {ORCID}: " in out and "kept the works listed before" in out
    after, _ = build(config)
    assert titles(after["index.html"]) == titles(built["index.html"])
    assert titles(after["papers/index.html"]) == titles(built["papers/index.html"])


@pytest.mark.slow  # MkDocs builds
def test_a_works_file_that_cannot_be_used_is_one_warning_and_refresh_does_not_overwrite_it(tmp_path, capsys):
    config = make_site(tmp_path, publications=[{"title": "Written by Hand", "year": 2020}, {"doi": "10.1000/x"}])
    (tmp_path / WORKS_FILE).write_text("- a list\n- not works\n", encoding="utf-8")
    pages, warnings = build(config)
    assert titles(pages["index.html"]) == ["Written by Hand"]
    assert [w for w in warnings if WORKS_FILE in w] == [
        f"researcher: {WORKS_FILE} is not a mapping of works (not a mapping); its works are not shown (fix or "
        "delete it, then run `mkdocs-researcher refresh`)"
    ]
    code, out = refresh(capsys, config, NOWHERE)
    assert code == 2 and "it is not overwritten" in out
    assert (tmp_path / WORKS_FILE).read_text(encoding="utf-8") == "- a list\n- not works\n"

    # One work the file keeps that is not a work: one warning at its line; the others are shown.
    works = {"works": {"doi:10.1000/x": {"author": [{"family": "Lovelace"}]}, "doi:10.1000/y": {"title": "Fine"}}}
    (tmp_path / WORKS_FILE).write_text(yaml.safe_dump(works), encoding="utf-8")
    config = make_site(tmp_path / "again", publications=[{"doi": "10.1000/x"}, {"doi": "10.1000/y"}])
    shutil.copy(tmp_path / WORKS_FILE, tmp_path / "again" / WORKS_FILE)
    pages, warnings = build(config)
    assert titles(pages["index.html"]) == ["Fine"]
    assert any(w.startswith(f"researcher: {WORKS_FILE}:2: ") and "has no title" in w for w in warnings), warnings


def test_yaml_values_json_has_not_in_a_works_file_are_text_or_a_warning(tmp_path):
    # The file is CSL-JSON written as YAML: YAML's own types (bytes, sets, dates as keys or values) are not JSON's;
    # a work that was bytes stopped the build with a TypeError.
    from mkdocs_researcher.sources.works import read_works

    path = tmp_path / WORKS_FILE
    path.write_text(
        "works:\n"
        "  doi:10.1/b: !!binary aGVsbG8=\n"
        "  doi:10.1/c: {title: !!set {a}, issued: 2020-01-01, page: 2020-01-01}\n"
        "  2020-01-01: {title: Keyed by a date}\n"
        "orcid: {0000-0002-1825-0097: [doi:10.1/b, doi:10.1/c]}\n",
        encoding="utf-8",
    )
    works = read_works(path)
    assert works.problem is None
    assert works.publication("doi:10.1/b") is None
    fetched = works.publication("doi:10.1/c")
    assert (fetched.title, fetched.pages) == ("{'a'}", "2020–01-01")  # a page range's dash
    assert [pub.title for pub in works.orcid_publications("0000-0002-1825-0097", [])] == ["{'a'}"]
    assert [str(found) for found in works.found][:1] == [
        f"{WORKS_FILE}:2: item 1 of the list is \"b'hello'\", not an object, so this entry is left out"
    ]


def test_the_abstract_is_rebuilt_from_an_inverted_index_in_word_order_and_bounded():
    from mkdocs_researcher.commands.refresh_works import abstract_of_index

    assert abstract_of_index({"world": [1, 3], "Hello": [0], "again,": [2]}) == "Hello world again, world"
    assert abstract_of_index({"kept": [0], "far": [10**12], "odd": ["1", True, -1]}) == "kept"
    assert abstract_of_index(["not", "an", "index"]) is None


def test_serve_follows_the_works_file_before_and_after_refresh_writes_it(tmp_path):
    from conftest import serve_watches
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    config_path = make_site(tmp_path)
    project = tmp_path.resolve()
    config = load_config(str(config_path))
    mkdocs_build(config)
    watched = serve_watches(config)
    assert str(project / WORKS_FILE) not in watched and watched[str(project)] is False  # its folder, not below
    (tmp_path / WORKS_FILE).write_text("works: {}\n", encoding="utf-8")
    config = load_config(str(config_path))
    mkdocs_build(config)
    assert serve_watches(config)[str(project / WORKS_FILE)] is True


@pytest.mark.slow  # git, a few times
def test_the_scaffolded_workflow_commits_the_works_file_only_when_refresh_changed_it(tmp_path):
    """The scheduled job's refresh step, run by bash -e as GitHub runs it, with a stand-in for refresh that writes
    the works file it is given (and no counts file, as on a site that shows none)."""
    import subprocess

    workflow = Path(cli.__file__).parent / "new" / "files" / "site-workflow.yml"
    steps = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"]["deploy"]["steps"]
    step = next(step for step in steps if "mkdocs-researcher refresh" in step.get("run", ""))
    assert "if" not in step  # on pushes too: a paper added as a DOI is fetched before the strict build
    script = step["run"]
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "mkdocs-researcher").write_text('#!/bin/sh\nprintf "%s" "$WORKS" > researcher-works.yml\n')
    (tools / "mkdocs-researcher").chmod(0o755)
    remote, repo = tmp_path / "remote.git", tmp_path / "site"

    def git(*args: str, cwd: Path = repo) -> str:
        return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout

    git("init", "-q", "--bare", str(remote), cwd=tmp_path)
    git("clone", "-q", str(remote), str(repo), cwd=tmp_path)
    git("config", "user.name", "Test")
    git("config", "user.email", "test@example.org")
    (repo / "mkdocs.yml").write_text("site_name: Works\n")
    git("add", "mkdocs.yml")
    git("commit", "-qm", "Start")
    git("push", "-q", "origin", "HEAD")
    env = {"PATH": f"{tools}:/usr/bin:/bin", "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"}
    for works in ("works: {a: 1}\n", "works: {a: 1}\n", "works: {a: 2}\n"):
        subprocess.run(["bash", "-e", "-c", script], cwd=repo, env={**env, "WORKS": works}, check=True)
    log = git("log", "--format=%s", "HEAD", cwd=remote).splitlines()
    assert log == ["Refresh papers, star and citation counts"] * 2 + ["Start"]


# --- A lab member's file lists identifiers too -----------------------------------------------------------------


@pytest.mark.slow  # a stub server and two MkDocs builds
def test_a_people_file_of_dois_shows_each_paper_on_the_members_page_after_refresh(tmp_path, capsys):
    (tmp_path / "docs" / "people").mkdir(parents=True)
    (tmp_path / "docs" / "members").mkdir()
    settings = {
        "site_name": "Lab",
        "theme": {"name": "material"},
        "plugins": [{"researcher": {"people": "docs/people"}}],
    }
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    (tmp_path / "docs" / "people" / "ada.yml").write_text(
        "profile:\n  name: Ada Lovelace\n  group: Faculty\npublications:\n"
        "  - doi: 10.1145/3597503.3639187\n    venue: ICSE 2024\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "members" / "ada.md").write_text(
        page({"profile": "ada"}, "<!-- researcher cv -->\n"), encoding="utf-8"
    )
    (tmp_path / "docs" / "index.md").write_text("# Lab\n\n<!-- researcher people -->\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"

    pages, warnings = build(config)  # before any refresh: one warning at the file's line, naming the command
    assert warnings == [
        "researcher: docs/people/ada.yml:5: publications[0].doi: 10.1145/3597503.3639187 is not fetched yet; run "
        "`mkdocs-researcher refresh` to fetch it, or give the entry a title"
    ]
    assert not BeautifulSoup(pages["members/ada/index.html"], "html.parser").select(".researcher-cv__publication")

    with stub_apis() as (stub, api):
        code, out = refresh(capsys, config, api)
    assert code == 0 and "Fetched 1 paper for 1 identifier" in out, out
    assert [request.split("?")[0] for request in stub.requests] == ["/oa/works/doi:10.1145/3597503.3639187"]
    with no_network():
        pages, warnings = build(config)
    assert warnings == []
    cv = BeautifulSoup(pages["members/ada/index.html"], "html.parser").select_one(".researcher-cv")
    [entry] = cv.select(".researcher-cv__publication")
    assert entry.select_one(".researcher-cv__title").get_text(strip=True) == "Difference Engines for Code Review"
    assert " ".join(entry.select_one(".researcher-cv__authors").get_text(" ").split()) == (
        "Ada Lovelace and Charles Babbage"
    )
    assert [a.get_text() for a in entry.select(".researcher-self")] == ["Ada Lovelace"]  # the member, found
    venue = entry.select_one(".researcher-cv__venue").get_text(" ")
    assert "ICSE 2024" in venue and "International Conference" not in venue  # the owner's field wins
