"""``mkdocs-researcher refresh``, its second half: papers from identifiers, kept in ``researcher-works.yml``.

Every identifier-only publication (``{doi: …}``, ``{arxiv: …}``, ``{openalex: W…}``) is looked up in OpenAlex
(Crossref for a DOI OpenAlex does not know), and with ``orcid_works`` the owner's works are listed from OpenAlex
(``/works?filter=author.orcid:…``, a cursor at a time). Each becomes a CSL-JSON item, which the build reads as it
reads the owner's CSL files (sources/works.py).

The look-ups are refresh.py's (one ``ask_json``: a time budget and a size cap per answer, a time limit for the
run, http(s) redirects only) rather than pyalex's or habanero's: those clients (requests, httpx) bound each read
but not a whole answer, read an answer of any size, and retry on their own schedule, so that a slow or huge answer
could hold a daily job or its memory; and the counts already run on this code. Answers are untrusted: every value
is checked for its type and cut to a bound length, Crossref's JATS abstracts lose their tags (nh3), and what the
build shows is sanitized again by the CSL reader. A failed look-up keeps the work found before; the file's date
changes only when its works do, so that the daily job commits it only then.
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

import nh3
import yaml

from ..model.identifiers import arxiv_id, doi_of_text
from ..model.names import parse_author
from ..sources.publication_fields import inline_html
from ..sources.works import WORKS_FILE, Works, read_works, work_key
from .asking import TimeLimit, ask_json, write_whole

PER_PAGE = 200  # OpenAlex's largest page
LARGEST_PAGE = 16_000_000  # bytes of one page of 200 works with their abstracts (a few MB in practice)
MOST_ORCID_WORKS = 2_000  # works listed for one ORCID: more than a career's, and a bound on the run
MOST_AUTHORS = 100  # OpenAlex lists 100 at most
LONGEST = {"title": 500, "container-title": 300, "abstract": 10_000, "name": 200, "short": 40, "url": 2_000}
# What one OpenAlex page asks for: what becomes an entry, not the references and topics of 200 works.
_SELECT = (
    "id,doi,title,display_name,publication_year,publication_date,type,type_crossref,authorships,"
    "primary_location,best_oa_location,open_access,biblio,abstract_inverted_index"
)
# Crossref's types (OpenAlex's type_crossref) and OpenAlex's own, as CSL's.
_CSL_TYPES = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "book-chapter": "chapter",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "dissertation": "thesis",
    "report": "report",
    "posted-content": "article",
    "preprint": "article",
    "article": "article-journal",
}
_HEADER = (
    "# Papers fetched by `mkdocs-researcher refresh` (OpenAlex, Crossref) for identifier-only publications\n"
    "# ({doi: …}, {arxiv: …}, {openalex: W…}) and, with orcid_works, the owner's ORCID; the build reads this file.\n"
    "# works: key -> a CSL-JSON item; orcid: ORCID iD -> the keys of its works. A failed look-up keeps what was\n"
    "# found before; delete a work to forget it. `updated` is the day the works last changed.\n"
)
_NO_TAGS = nh3.Cleaner(tags=set())


# --- Untrusted values, checked and bounded ----------------------------------------------------------------


def _text(value: object, longest: int) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    text = " ".join(str(value).split())
    return (text[: longest - 1] + "…" if len(text) > longest else text) or None


def _rich_text(value: object, longest: int) -> str | None:
    """Text that may hold inline HTML (<i>, <sup>… in titles): sanitized as the build sanitizes a CSL item's, so
    that the file holds no script, no attribute and no link."""
    text = _text(value, longest)
    found = inline_html(text, links=False) if text and "<" in text else None
    return (found[1].strip() or None) if found else text


def _dig(data: object, *names: str) -> object:
    for name in names:
        data = data.get(name) if isinstance(data, dict) else None
    return data


def _web_url(value: object) -> str | None:
    url = _text(value, LONGEST["url"])
    return url if url and url[:8].lower().startswith(("https://", "http://")) and " " not in url else None


def _year(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999 else None


def _name(display_name: object) -> dict | None:
    name = _text(display_name, LONGEST["name"])
    if not name:
        return None
    author = parse_author(name)
    return {"given": author.given, "family": author.family} if author.family else {"literal": name}


def abstract_of_index(index: object) -> str | None:
    """OpenAlex's abstract_inverted_index ({word: [positions]}) as text; words at positions past the longest
    abstract are left out, so that a forged index cannot ask for a list of any size."""
    if not isinstance(index, dict):
        return None
    words: dict[int, str] = {}
    for word, positions in index.items():
        if isinstance(word, str) and isinstance(positions, list):
            for position in positions:
                if isinstance(position, int) and not isinstance(position, bool) and 0 <= position < 5_000:
                    words.setdefault(position, word)
    return _rich_text(" ".join(words[position] for position in sorted(words)), LONGEST["abstract"])


def _jats_text(value: object) -> str | None:
    """Crossref's abstract, JATS XML, as text: its tags (and a script's or a style's text) removed."""
    text = _text(value, LONGEST["abstract"] * 2)
    return _text(html.unescape(_NO_TAGS.clean(text)), LONGEST["abstract"]) if text else None


def _pages(first: object, last: object) -> str | None:
    first, last = _text(first, LONGEST["short"]), _text(last, LONGEST["short"])
    return f"{first}-{last}" if first and last and first != last else first


def _compact(item: dict) -> dict:
    return {name: value for name, value in item.items() if value not in (None, "", [], {})}


def _arxiv_of_doi(doi: str | None) -> str | None:
    """arXiv's own DOI (10.48550/arXiv.2410.12345) names the arXiv id."""
    return arxiv_id(doi[len("10.48550/arxiv.") :]) if doi and doi.lower().startswith("10.48550/arxiv.") else None


def item_of_openalex(work: object) -> dict | None:
    """An OpenAlex Work object as a CSL-JSON item; None without a title."""
    if not isinstance(work, dict):
        return None
    title = _rich_text(work.get("title") or work.get("display_name"), LONGEST["title"])
    if not title:
        return None
    doi = doi_of_text(_text(work.get("doi"), LONGEST["url"]) or "")
    authorships = work.get("authorships") if isinstance(work.get("authorships"), list) else []
    date = _text(work.get("publication_date"), 10) or ""
    month = int(date[5:7]) if len(date) >= 7 and date[5:7].isdigit() and 1 <= int(date[5:7]) <= 12 else None
    year = _year(work.get("publication_year"))
    kind = _text(work.get("type_crossref"), 40) or _text(work.get("type"), 40) or ""
    biblio = work.get("biblio")
    pdf = _web_url(_dig(work, "best_oa_location", "pdf_url")) or _web_url(_dig(work, "open_access", "oa_url"))
    return _compact(
        {
            "type": _CSL_TYPES.get(kind),
            "title": title,
            "author": [name for a in authorships[:MOST_AUTHORS] if (name := _name(_dig(a, "author", "display_name")))],
            "container-title": _text(
                _dig(work, "primary_location", "source", "display_name"), LONGEST["container-title"]
            ),
            "issued": {"date-parts": [[year, month] if month else [year]]} if year else None,
            "volume": _text(_dig(biblio, "volume"), LONGEST["short"]),
            "issue": _text(_dig(biblio, "issue"), LONGEST["short"]),
            "page": _pages(_dig(biblio, "first_page"), _dig(biblio, "last_page")),
            "DOI": doi if doi and doi.startswith("10.") else None,
            "arxiv": _arxiv_of_doi(doi),
            "URL": None if doi else _web_url(_dig(work, "primary_location", "landing_page_url")),
            "pdf": pdf,
            "abstract": abstract_of_index(work.get("abstract_inverted_index")),
        }
    )


def item_of_crossref(message: object) -> dict | None:
    """A Crossref work (the ``message`` of /works/DOI) as a CSL-JSON item; None without a title."""
    if not isinstance(message, dict):
        return None
    titles = message.get("title")
    title = _rich_text(titles[0] if isinstance(titles, list) and titles else titles, LONGEST["title"])
    if not title:
        return None
    authors = []
    for author in (message.get("author") if isinstance(message.get("author"), list) else [])[:MOST_AUTHORS]:
        given, family = _text(_dig(author, "given"), LONGEST["name"]), _text(_dig(author, "family"), LONGEST["name"])
        literal = _text(_dig(author, "name"), LONGEST["name"])  # an organisation
        if family:
            authors.append(_compact({"given": given, "family": family}))
        elif literal or given:
            authors.append({"literal": literal or given})
    containers = message.get("container-title")
    parts = _dig(message, "issued", "date-parts")
    first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
    year = _year(first[0]) if first else None
    month = first[1] if year and len(first) > 1 and isinstance(first[1], int) and 1 <= first[1] <= 12 else None
    doi = doi_of_text(_text(message.get("DOI"), LONGEST["url"]) or "")
    return _compact(
        {
            "type": _CSL_TYPES.get(_text(message.get("type"), 40) or ""),
            "title": title,
            "author": authors,
            "container-title": _text(
                containers[0] if isinstance(containers, list) and containers else containers,
                LONGEST["container-title"],
            ),
            "issued": {"date-parts": [[year, month] if month else [year]]} if year else None,
            "volume": _text(message.get("volume"), LONGEST["short"]),
            "issue": _text(message.get("issue"), LONGEST["short"]),
            "page": _text(message.get("page"), LONGEST["short"]),
            "DOI": doi if doi and doi.startswith("10.") else None,
            "arxiv": _arxiv_of_doi(doi),
            "abstract": _jats_text(message.get("abstract")),
        }
    )


def key_of_item(item: dict, openalex_id: object) -> str | None:
    """What a listed work is kept under: its arXiv id, its DOI, else its OpenAlex id."""
    if item.get("arxiv"):
        return work_key("arxiv", item["arxiv"])
    if item.get("DOI"):
        return work_key("doi", item["DOI"])
    return work_key("openalex", str(openalex_id)) if isinstance(openalex_id, str) else None


# --- Asking OpenAlex and Crossref --------------------------------------------------------------------------


@dataclass
class Services:
    openalex: str
    crossref: str
    timeout: float
    limit: TimeLimit
    note: Callable[[str], None]
    mailto: str | None = None  # the owner's e-mail: OpenAlex's and Crossref's polite pools
    rate_limited: set[str] = field(default_factory=set)  # services not asked again this run

    def query(self, **params: str) -> str:
        params = {**params, **({"mailto": self.mailto} if self.mailto else {})}
        return "?" + urlencode(params) if params else ""

    def ask(self, service: str, url: str, largest: int | None = None):
        reply = ask_json(url, self.timeout, limit=self.limit, **({"largest": largest} if largest else {}))
        if reply.rate_limited:
            self.rate_limited.add(service)
        return reply


def _single_work_url(api: str, key: str) -> str:
    kind, value = key.split(":", 1)
    if kind == "arxiv":
        return f"{api.rstrip('/')}/works/doi:{quote(f'10.48550/arXiv.{value}', safe='/')}"
    if kind == "doi":
        return f"{api.rstrip('/')}/works/doi:{quote(value, safe='/')}"
    return f"{api.rstrip('/')}/works/{quote(value)}"


def fetch_work(key: str, services: Services) -> tuple[dict | None, str | None]:
    """(the CSL item of the work kept under ``key``, or None and why not)."""
    if services.limit.left() <= 0:
        return None, f"not asked, the refresh's time limit of {services.limit.seconds:g} s has passed"
    problem = "OpenAlex: not asked after its rate limit"
    if "OpenAlex" not in services.rate_limited:
        reply = services.ask("OpenAlex", _single_work_url(services.openalex, key) + services.query())
        if not reply.problem:
            item = item_of_openalex(reply.data)
            return (item, None) if item else (None, "OpenAlex: the answer is not a work with a title")
        problem = f"OpenAlex: {reply.problem}"
        if not (reply.missing and key.startswith("doi:")):
            return None, problem
    if key.startswith("doi:") and "Crossref" not in services.rate_limited:
        url = f"{services.crossref.rstrip('/')}/works/{quote(key[4:], safe='/')}" + services.query()
        reply = services.ask("Crossref", url)
        if reply.problem:
            return None, f"{problem}; Crossref: {reply.problem}"
        item = item_of_crossref(_dig(reply.data, "message"))
        return (item, None) if item else (None, f"{problem}; Crossref: the answer is not a work with a title")
    return None, problem


def fetch_orcid(orcid: str, services: Services) -> tuple[dict[str, dict], bool, str | None]:
    """(the works OpenAlex lists for ``orcid`` by key, whether the list is whole, and why not)."""
    found: dict[str, dict] = {}
    cursor = "*"
    while len(found) < MOST_ORCID_WORKS:
        if services.limit.left() <= 0:
            return found, False, f"the refresh's time limit of {services.limit.seconds:g} s passed"
        if "OpenAlex" in services.rate_limited:
            return found, False, "not asked after OpenAlex's rate limit"
        query = services.query(
            filter=f"author.orcid:{orcid}", select=_SELECT, **{"per-page": str(PER_PAGE)}, cursor=cursor
        )
        reply = services.ask("OpenAlex", f"{services.openalex.rstrip('/')}/works{query}", LARGEST_PAGE)
        results = _dig(reply.data, "results")
        if reply.problem or not isinstance(results, list):
            return found, False, reply.problem or "the answer has no list of results"
        for work in results:
            item = item_of_openalex(work)
            key = (
                key_of_item(item, _dig(work, "id").rsplit("/", 1)[-1] if isinstance(_dig(work, "id"), str) else None)
                if item
                else None
            )
            if key:
                found.setdefault(key, item)
        next_cursor = _dig(reply.data, "meta", "next_cursor")
        if not results or not isinstance(next_cursor, str) or not next_cursor or next_cursor == cursor:
            return found, True, None
        cursor = next_cursor
    services.note(f"OpenAlex: ORCID {orcid}: only the first {MOST_ORCID_WORKS} works are listed")
    return found, True, None


# --- The works file ----------------------------------------------------------------------------------------


def write_works(path: Path, works: dict[str, dict], orcids: dict[str, list[str]], updated: str | None) -> None:
    data = {"updated": updated, "works": dict(sorted(works.items())), "orcid": dict(sorted(orcids.items()))}
    text = _HEADER + yaml.safe_dump(
        {name: value for name, value in data.items() if value}, allow_unicode=True, sort_keys=False, width=100
    )
    write_whole(path, text)


@dataclass
class WorksSummary:
    fetched: int
    asked: int
    path: Path


def refresh_works(
    config_path: Path, asked: set[str], orcid: str | None, services: Services, old: Works | None = None
) -> WorksSummary | None:
    """Looks up ``asked`` (work keys) and the works of ``orcid``; writes researcher-works.yml, keeping every work
    found before that a look-up did not find again. None: nothing to look up and no file yet."""
    path = config_path.parent / WORKS_FILE
    old = old or read_works(path)
    if not asked and not orcid and not old.items:
        return None
    works = {key: item for key, item in old.items.items() if isinstance(item, dict)}
    orcids = dict(old.orcids)
    fetched = 0
    for key in sorted(asked):
        item, problem = fetch_work(key, services)
        if item:
            works[key] = item
            fetched += 1
        else:
            kept = "; kept the work found before" if key in works else ""
            services.note(f"{key}: {problem}{kept}")
    if orcid:
        found, whole, problem = fetch_orcid(orcid, services)
        for key, item in found.items():
            works[key] = item
        fetched += len(found)
        listed = list(found)
        if not whole:
            kept = orcids.get(orcid, [])
            listed = kept + [key for key in listed if key not in kept]
            services.note(f"OpenAlex: ORCID {orcid}: {problem}; kept the works listed before")
        orcids[orcid] = sorted(listed)
    changed = works != old.items or orcids != old.orcids
    updated = datetime.date.today().isoformat() if changed else old.updated
    write_works(path, works, orcids, updated)
    return WorksSummary(fetched, len(asked) + (1 if orcid else 0), path)
