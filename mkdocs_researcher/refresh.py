"""``mkdocs-researcher refresh``: GitHub stars and citation counts, kept in ``researcher-counts.yml``.

The site's own readers find what to look up (projects with ``repo:``, publications with a DOI or
an arXiv id, in front matter, data files and .bib / CSL-JSON files); urllib asks GitHub and
OpenAlex. A look-up that fails never removes a number found earlier: a daily job that hits a rate
limit must not blank the site's counts.
"""

from __future__ import annotations

import datetime
import http.client
import json
import os
import re
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import quote, unquote, urlsplit

import yaml

from . import __version__, schema
from .diagnostics import Reporter
from .fields import Context
from .model import PageData, Publication
from .sources.frontmatter import load_front_matter, load_yaml

COUNTS_FILE = "researcher-counts.yml"
GITHUB_API = "https://api.github.com"
OPENALEX_API = "https://api.openalex.org"
USER_AGENT = f"mkdocs-researcher/{__version__} (refresh of a researcher's homepage counts)"
_HEADER = (
    "# GitHub stars and citation counts (OpenAlex), written by `mkdocs-researcher refresh`.\n"
    "# stars: GitHub owner/name -> stars; citations: DOI (lower case) or arXiv id -> citations.\n"
    "# A failed look-up keeps the number found before; delete a line to forget it.\n"
)


class ConfigProblem(Exception):
    """mkdocs.yml is missing or unreadable: nothing to refresh."""


# --- What the site mentions --------------------------------------------------------------------


@dataclass
class Wanted:
    repos: set[str] = field(default_factory=set)  # owner/name
    works: set[str] = field(default_factory=set)  # DOI (lower case) or arXiv id


class _LenientLoader(yaml.SafeLoader):
    """mkdocs.yml may carry !ENV and !!python/name tags; their values do not matter here."""


def _any_tag(loader, suffix, node):
    if isinstance(node, yaml.SequenceNode) and suffix == "!ENV":
        values = loader.construct_sequence(node)
        return os.environ.get(str(values[0]), values[-1] if len(values) > 1 else None) if values else None
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        return os.environ.get(value) if suffix == "!ENV" else value
    return None


_LenientLoader.add_multi_constructor("!", _any_tag)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


def read_mkdocs_config(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text(encoding="utf-8-sig"), Loader=_LenientLoader)
    except FileNotFoundError:
        raise ConfigProblem(f"there is no {path.name} at '{path}'; run this in your site's folder or pass -f path/to/mkdocs.yml") from None
    except (OSError, ValueError) as error:
        raise ConfigProblem(f"{path} cannot be read: {error}") from None
    except yaml.YAMLError as error:
        raise ConfigProblem(f"{path} is not valid YAML: {str(error).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise ConfigProblem(f"{path} does not hold MkDocs settings (expected a mapping at the top)")
    return data


def plugin_options(config: dict) -> dict:
    """The researcher plugin's options from mkdocs.yml's plugins (a list or a mapping)."""
    plugins = config.get("plugins") or []
    entries = list(plugins.items()) if isinstance(plugins, dict) else []
    for item in plugins if isinstance(plugins, list) else []:
        if isinstance(item, str):
            entries.append((item, None))
        elif isinstance(item, dict):
            entries.extend(item.items())
    for name, options in entries:
        if name == "researcher":
            return options if isinstance(options, dict) else {}
    return {}


def _page_data(meta: dict, name: str) -> PageData:
    # Problems are the build's business (it reports them); here only the valid entries matter.
    try:
        return schema.read_page(meta, Context(Reporter(name)))
    except (ValueError, TypeError):
        return PageData()


def _publication_files(meta: dict, base: Path) -> list[Path]:
    value = meta.get("publications")
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [(base / item.strip()).resolve() for item in items if isinstance(item, str) and item.strip().lower().endswith((".bib", ".json"))]


def _read_publication_file(path: Path) -> list[Publication]:
    from .sources.bibtex import read_bibtex_file  # here: the plugin imports this module, and reads no .bib on a cached build
    from .sources.csl import read_csl_file

    reader = read_csl_file if path.suffix.lower() == ".json" else read_bibtex_file
    return reader(path, Reporter(path.name)) if path.is_file() else []


def _add(wanted: Wanted, data: PageData) -> None:
    for project in data.projects:
        if project.repo and (repo := normalise_repo(project.repo)):
            wanted.repos.add(repo)
    for pub in data.publications:
        if (work := work_id(pub)) is not None:
            wanted.works.add(work)


def _add_meta(wanted: Wanted, meta: dict, base: Path, name: str, seen: set[Path]) -> None:
    """One page's front matter (or data file): its entries and the publication files it names."""
    _add(wanted, _page_data(meta, name))
    for path in _publication_files(meta, base):
        if path not in seen:
            seen.add(path)
            for pub in _read_publication_file(path):
                if (work := work_id(pub)) is not None:
                    wanted.works.add(work)


def _read_yaml_mapping(path: Path) -> dict:
    try:
        loaded = load_yaml(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return {}
    return loaded.data if isinstance(loaded.data, dict) else {}


def collect(config_path: Path) -> Wanted:
    """Every repository and work the site mentions."""
    project = config_path.parent
    config = read_mkdocs_config(config_path)
    options = plugin_options(config)
    docs = (project / str(config.get("docs_dir") or "docs")).resolve()
    wanted, seen = Wanted(), set()
    for page in sorted(docs.rglob("*.md")):
        try:
            loaded = load_front_matter(page.read_text(encoding="utf-8-sig"))
        except (OSError, ValueError):  # unreadable, not UTF-8, or a value PyYAML cannot build (2022-02-30)
            continue
        meta = loaded.data if loaded is not None and isinstance(loaded.data, dict) else {}
        _add_meta(wanted, meta, page.parent, page.name, seen)
        if isinstance(meta.get("data"), str):
            data_path = (page.parent / meta["data"].strip()).resolve()
            _add_meta(wanted, _read_yaml_mapping(data_path), data_path.parent, data_path.name, seen)
    if isinstance(options.get("people"), str):
        for person in sorted((project / options["people"]).glob("*.y*ml")):
            _add_meta(wanted, _read_yaml_mapping(person), person.parent, person.name, seen)
    for name in options.get("bibliography") or []:
        path = (project / str(name)).resolve()
        if path not in seen:
            seen.add(path)
            for pub in _read_publication_file(path):
                if (work := work_id(pub)) is not None:
                    wanted.works.add(work)
    return wanted


def normalise_repo(value: str) -> str | None:
    """'owner/name', also from a github.com URL; None if it is neither."""
    text = re.sub(r"^(https?://)?(www\.)?github\.com/", "", value.strip()).strip("/")
    text = re.sub(r"\.git$", "", text)
    parts = text.split("/")
    return "/".join(parts[:2]) if len(parts) >= 2 and all(re.fullmatch(r"[\w.-]+", p) for p in parts[:2]) else None


def work_id(pub: Publication) -> str | None:
    """The DOI (lower case) of a publication, else its arXiv id without version; None if it has neither."""
    by_kind = {link.kind: link.url for link in pub.links}
    if "doi" in by_kind:
        doi = unquote(re.sub(r"^https?://(dx\.)?doi\.org/", "", by_kind["doi"].strip(), flags=re.I))
        if doi.startswith("10."):
            return doi.lower()
    if "arxiv" in by_kind:
        path = urlsplit(by_kind["arxiv"]).path if "://" in by_kind["arxiv"] else by_kind["arxiv"]
        found = re.search(r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?", path)
        if found:
            return found.group(1)
    return None


# --- Asking ------------------------------------------------------------------------------------


@dataclass
class Answer:
    count: int | None = None
    problem: str | None = None  # why there is no count
    rate_limited: bool = False


def fetch_json(url: str, timeout: float, headers: dict[str, str]) -> tuple[int, object | None]:
    """(HTTP status, parsed JSON or None). Network trouble raises OSError (timeouts included)."""
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        return error.code, None
    try:
        return status, json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return status, None


def ask(url: str, field_name: str, timeout: float, headers: dict[str, str] | None = None) -> Answer:
    try:
        status, data = fetch_json(url, timeout, headers or {})
    except (socket.timeout, TimeoutError):
        return Answer(problem=f"no answer within {timeout:g} s")
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            return Answer(problem=f"no answer within {timeout:g} s")
        return Answer(problem=f"cannot connect ({reason})")
    except (OSError, http.client.HTTPException) as error:  # refused, reset, a cut-off answer
        return Answer(problem=f"cannot connect ({error or type(error).__name__})")
    if status in (403, 429):
        return Answer(problem=f"rate limit reached (HTTP {status})", rate_limited=True)
    if status in (404, 410):
        return Answer(problem="not found (renamed, removed or private?)")
    if status != 200:
        return Answer(problem=f"the server answered HTTP {status}")
    value = data.get(field_name) if isinstance(data, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
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


def refresh_kind(names: list[str], old: dict, url_of: Callable[[str], str], field_name: str, service: str,
                 timeout: float, note: Callable[[str], None], headers: dict[str, str] | None = None) -> tuple[dict, int]:
    """New numbers merged over ``old``; after a rate limit the rest keep their old numbers unasked."""
    merged, fetched = dict(old), 0
    for index, name in enumerate(names):
        answer = ask(url_of(name), field_name, timeout, headers)
        if answer.count is not None:
            merged[name] = answer.count
            fetched += 1
            continue
        kept = f"; kept the old number {old[name]}" if name in old else ""
        note(f"{service}: {name}: {answer.problem}{kept}")
        if answer.rate_limited:
            rest = names[index + 1:]
            if rest:
                note(f"{service}: not asking about the other {len(rest)} after the rate limit; they keep their old numbers")
            break
    return merged, fetched


# --- The counts file ---------------------------------------------------------------------------


def read_counts(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, ValueError, yaml.YAMLError) as error:
        raise ConfigProblem(f"{path.name} cannot be read ({str(error).splitlines()[0]}); fix or delete it, it is not overwritten") from None
    if not isinstance(data, dict):
        raise ConfigProblem(f"{path.name} is not a mapping of stars and citations; fix or delete it, it is not overwritten")
    return data


def _numbers(value) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)}


def write_counts(path: Path, stars: dict, citations: dict, updated: str | None) -> None:
    data = {"updated": updated, "stars": dict(sorted(stars.items())), "citations": dict(sorted(citations.items()))}
    text = _HEADER + yaml.safe_dump({k: v for k, v in data.items() if v is not None}, allow_unicode=True, sort_keys=False)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)  # a cancelled job never leaves half a file


@dataclass
class Summary:
    stars: int
    citations: int
    asked_repos: int
    asked_works: int
    path: Path


def refresh(config_path: Path, github_api: str, openalex_api: str, timeout: float, note: Callable[[str], None]) -> Summary:
    wanted = collect(config_path)
    counts_path = config_path.parent / COUNTS_FILE
    old = read_counts(counts_path)
    old_stars, old_citations = _numbers(old.get("stars")), _numbers(old.get("citations"))
    stars, got_stars = refresh_kind(sorted(wanted.repos), old_stars, lambda r: star_url(github_api, r), "stargazers_count", "GitHub", timeout, note, github_headers())
    citations, got_citations = refresh_kind(sorted(wanted.works), old_citations, lambda w: citation_url(openalex_api, w), "cited_by_count", "OpenAlex", timeout, note)
    # "updated" says when numbers last came in: a run where every look-up failed leaves it alone.
    updated = datetime.date.today().isoformat() if got_stars or got_citations else (str(old["updated"]) if old.get("updated") else None)
    write_counts(counts_path, stars, citations, updated)
    return Summary(got_stars, got_citations, len(wanted.repos), len(wanted.works), counts_path)
