"""``mkdocs-researcher refresh``: GitHub stars and citation counts, kept in ``researcher-counts.yml``.

The site's own readers find what to look up (projects with ``repo:``, publications with a DOI or
an arXiv id, in front matter, data files and .bib / CSL-JSON files); urllib asks GitHub and
OpenAlex. A look-up that fails never removes a number found earlier: a daily job that hits a rate
limit must not blank the site's counts. Neither service's answers are trusted: every look-up goes through
asking.py (a time budget and a size cap each, the whole refresh a time limit, GitHub's token to its API alone);
papers from identifiers are refresh_works.py's.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import yaml

from ..diagnostics import Reporter
from ..model.identifiers import normalise_repo, work_id
from ..model.records import PageData
from ..site.files import files_in
from ..sources.counts import COUNTS_FILE, ConfigProblem, is_count, read_counts
from ..sources.works import WORKS_FILE, orcid_of, read_works
from . import site_config
from .asking import TIME_LIMIT, TimeLimit, ask_json, write_whole

if TYPE_CHECKING:
    from .refresh_works import WorksSummary

GITHUB_API = "https://api.github.com"
OPENALEX_API = "https://api.openalex.org"
CROSSREF_API = "https://api.crossref.org"
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


@dataclass
class Answer:
    count: int | None = None
    problem: str | None = None  # why there is no count
    rate_limited: bool = False


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
