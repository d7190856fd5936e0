"""``researcher-works.yml``: papers fetched by ``mkdocs-researcher refresh`` from a DOI, an arXiv id, an OpenAlex id
or the owner's ORCID, which the build reads and never fetches.

Each work is kept as a CSL-JSON item (in YAML) and read by the CSL reader (csl.py) like an item of the owner's own
CSL file: its text is never Markdown, its inline HTML sanitized, its links checked. A front-matter entry that is
only an identifier (``{doi: 10.1145/…}``) takes its fields from here, the fields the owner writes beside it
winning; with ``orcid_works``, the owner's works join the site bibliography, once each (see ``merged_works``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Reporter
from ..model.identifiers import arxiv_id, arxiv_id_of, doi_of, doi_of_text
from ..model.records import Profile, Publication, derive_key
from . import csl
from .bibtex_fields import PRIVATE_FIELDS, PrivateFields
from .fields import Context, Invalid, Reported
from .frontmatter import load_yaml
from .schema import PUBLICATION
from .text_files import read_unicode

WORKS_FILE = "researcher-works.yml"
RUN_REFRESH = "run `mkdocs-researcher refresh` to fetch it, or give the entry a title"
RUN_REFRESH_ORCID = "run `mkdocs-researcher refresh` to fetch them"
IDENTIFIER_FIELDS = ("doi", "arxiv", "openalex")  # what an entry may be alone: {doi: 10.1145/…}
_OPENALEX_ID = re.compile(r"(?:https?://openalex\.org/)?(W\d{1,12})", re.IGNORECASE)
_ORCID = re.compile(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]")


def work_key(kind: str, value: str) -> str | None:
    """The key a work is kept under: ``doi:`` and the DOI in lower case, ``arxiv:`` and the id without version,
    ``openalex:W…``; None when ``value`` is no such identifier."""
    if kind == "doi":
        doi = doi_of_text(value)
        return f"doi:{doi.lower()}" if doi and doi.startswith("10.") and "/" in doi else None
    if kind == "arxiv":
        found = arxiv_id(value, version=False)
        return f"arxiv:{found}" if found else None
    if kind == "openalex":
        found = _OPENALEX_ID.fullmatch(value.strip())
        return f"openalex:{found.group(1).upper()}" if found else None
    return None


def orcid_of(profile: Profile | None) -> str | None:
    """The ORCID iD (0000-0002-1825-0097) of a profile's orcid link."""
    urls = [link.url for link in profile.links if link.kind == "orcid"] if profile else []
    found = _ORCID.search(urls[0]) if urls else None
    return found.group() if found else None


def identifiers_of(pub: Publication) -> set[str]:
    """The keys a publication could be kept under: its DOI's and its arXiv id's."""
    keys = set()
    if (doi := doi_of(pub)) and (key := work_key("doi", doi)):
        keys.add(key)
    if (arxiv := arxiv_id_of(pub)) and (key := work_key("arxiv", arxiv)):
        keys.add(key)
    return keys


@dataclass
class Works:
    """What researcher-works.yml holds, read once a build; the identifiers the site asked for are remembered, so
    that refresh knows what to fetch."""

    path: Path | None = None
    items: dict[str, dict] = field(default_factory=dict)  # work key -> CSL item
    orcids: dict[str, list[str]] = field(default_factory=dict)  # ORCID iD -> the keys of its works
    lines: dict[tuple, int] = field(default_factory=dict)
    updated: str | None = None  # the day its works last changed
    asked: set[str] = field(default_factory=set)  # work keys the pages asked for, fetched or not
    problem: str | None = None  # why the file cannot be used: the build warns, refresh stops
    _built: dict[str, Publication | None] = field(default_factory=dict)
    found: list = field(default_factory=list)  # problems of the file's own items, reported once

    def publication(self, key: str) -> Publication | None:
        """The work kept under ``key`` for an entry that names it, as a publication (untrusted, like a CSL file's
        item), or None; refresh looks ``key`` up again next time."""
        self.asked.add(key)
        return self._publication(key)

    def _publication(self, key: str) -> Publication | None:
        if key not in self._built:
            self._built[key] = self._read(key)
        return self._built[key]

    def _read(self, key: str) -> Publication | None:
        item = self.items.get(key)
        if item is None:
            return None
        name = self.path.name if self.path else WORKS_FILE
        reporter = Reporter(name, self.lines, self.found)
        line = self.lines.get(("works", key))
        pub = csl.publication_of_item(item, line, reporter, PrivateFields(PRIVATE_FIELDS))
        if pub is not None and not pub.key:
            pub.key = derive_key(pub.authors, pub.year, pub.title)
        return pub

    def orcid_publications(self, orcid: str, exclude: list[str]) -> list[Publication]:
        """The works found for ``orcid``, but those whose DOI, arXiv id or OpenAlex id ``exclude`` names."""
        dropped = {key for value in exclude for kind in IDENTIFIER_FIELDS if (key := work_key(kind, str(value)))}
        pubs = []
        for key in self.orcids.get(orcid, []):
            pub = self._publication(key) if key not in dropped else None
            if pub is not None and not (identifiers_of(pub) & dropped):
                pubs.append(pub)
        return pubs


def read_works(path: Path) -> Works:
    """The works file; none yet is fine. A file of another shape is one problem (``Works.problem``) and no works."""
    works = Works(path)
    try:
        text = read_unicode(path)
    except FileNotFoundError:
        return works
    except (OSError, ValueError) as error:
        works.problem = f"{path.name} cannot be read ({error})"
        return works
    loaded = load_yaml(text)
    data = loaded.data if not loaded.error else None
    if loaded.error or not isinstance(data, (dict, type(None))):
        works.problem = f"{path.name} is not a mapping of works ({loaded.error or 'not a mapping'})"
        return works
    # JSON's values only, as CSL has them: YAML's own (bytes, sets, dates) become text, keys that are no scalar go.
    data = json.loads(json.dumps(data or {}, default=str, skipkeys=True))
    items, orcids = data.get("works") or {}, data.get("orcid") or {}
    if not isinstance(items, dict) or not isinstance(orcids, dict):
        works.problem = f"{path.name}: works and orcid must be mappings"
        return works
    works.lines = loaded.lines
    works.updated = str(data["updated"]) if data.get("updated") else None
    works.items = {str(key): item for key, item in items.items()}
    works.orcids = {
        str(orcid): [str(key) for key in keys if isinstance(key, str)]
        for orcid, keys in orcids.items()
        if isinstance(keys, list)
    }
    return works


# --- An entry that is only an identifier ------------------------------------------------------------------


def is_identifier_only(raw: object) -> bool:
    """A front-matter entry with an identifier and no title: ``{doi: 10.1145/…, selected: true}``."""
    return isinstance(raw, dict) and raw.get("title") is None and any(raw.get(name) for name in IDENTIFIER_FIELDS)


_WHAT = {"doi": "a DOI (10.…/…)", "arxiv": "an arXiv id (2410.12345)", "openalex": "an OpenAlex work id (W…)"}


class IdentifiedPublication:
    """Checks an identifier-only entry the way schema.PUBLICATION checks others: the fetched work, with the fields
    the owner writes beside the identifier winning (``merged``)."""

    name = "publication"

    def __init__(self, works: Works):
        self.works = works

    def check(self, value: dict, ctx: Context, path: tuple) -> Publication:
        kind = next(name for name in IDENTIFIER_FIELDS if value.get(name))
        written = value[kind]
        key = work_key(kind, written) if isinstance(written, str) else None
        if key is None:
            raise Invalid(f"{kind}: {str(written)[:60]!r} is not {_WHAT[kind]}")
        fetched = self.works.publication(key)
        if fetched is None:
            ctx.reporter.warn(path + (kind,), f"{written} is not fetched yet; {RUN_REFRESH}")
            raise Reported("left out")
        own_fields = {name: field_value for name, field_value in value.items() if name != "openalex"}
        own = PUBLICATION.check({**own_fields, "title": fetched.title}, ctx, path)
        if "key" not in value:
            own.key = fetched.key
        return merged(own, fetched)


# --- The same paper from two sources -----------------------------------------------------------------------


def same_title_key(pub: Publication) -> str:
    """The title in lower case, letters and digits only, with the year: how a paper is known without an id."""
    return "".join(filter(str.isalnum, pub.title.casefold())) + f"/{pub.year or ''}"


# Fields the owner's entry takes from a fetched one when it has none of its own.
_FILLED = (
    "authors",
    "venue",
    "year",
    "month",
    "volume",
    "issue",
    "pages",
    "publisher",
    "edition",
    "editors",
    "series",
    "isbn",
    "issn",
    "tags",
)


def merged(own: Publication, fetched: Publication) -> Publication:
    """The owner's entry, field by field, with what the fetched work adds: fields the owner left empty, links of
    kinds the owner has none of.

    Text from front matter is Markdown and fetched text never is: an owner's entry with an abstract or a note of
    its own keeps them and takes no abstract; else the fetched abstract is shown as text (not trusted)."""
    values = {name: getattr(fetched, name) for name in _FILLED if not getattr(own, name) and getattr(fetched, name)}
    if own.type == "other" and fetched.type != "other":
        values["type"] = fetched.type
    if not (own.trusted and (own.abstract or own.note)) and not own.abstract and fetched.abstract:
        values["abstract"] = fetched.abstract
        values["trusted"] = False
    kinds = {link.kind for link in own.links}
    values["links"] = own.links + [link for link in fetched.links if link.kind not in kinds]
    values["markup"] = {**fetched.markup, **own.markup} if fetched.markup else own.markup
    return dataclasses.replace(own, **values)


def merged_works(own: list[Publication], fetched: list[Publication]) -> list[Publication]:
    """The owner's entries, each completed by the fetched work that is the same paper (by DOI, arXiv id, or title
    and year), then the fetched works that are none of them."""
    by_id: dict[str, int] = {}
    for index, pub in enumerate(own):
        for key in [*identifiers_of(pub), same_title_key(pub)]:
            by_id.setdefault(key, index)
    result = list(own)
    extra = []
    for pub in fetched:
        match = next((by_id[key] for key in [*sorted(identifiers_of(pub)), same_title_key(pub)] if key in by_id), None)
        if match is None:
            extra.append(pub)
            for key in [*identifiers_of(pub), same_title_key(pub)]:
                by_id.setdefault(key, len(own) + len(extra) - 1)
        elif match < len(own):
            result[match] = merged(result[match], pub)
    return result + extra
