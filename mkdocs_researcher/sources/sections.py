"""The kinds of section, in one table, and a page's sections read from its front matter.

Each row names the front-matter key, the record one entry is checked against
(schema.py), the options its placement marker takes, how its list is sorted
(newest first), the template that renders it, and the fields that hold paths
(rebased when the entry comes from a data file in another folder); its heading
is the locale label ``section.NAME``. Sections placed without a marker: the
profile above the page's text, news right after its opening text (academic homepages put recent news near the
top), the others below the text in the order of the table (also the order their front matter is checked in).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import near_miss
from ..model.records import PageData
from . import schema, works
from .fields import Context, Invalid, Record, Reported

_COMMON_OPTIONS = frozenset({"heading", "level", "limit"})
_PATH_FIELDS = ("photo", "logo", "image", "url")
_NO_DATE = (0, 0, 0)


@dataclass(frozen=True)
class SectionKind:
    name: str  # the front-matter key and the marker's word
    record: schema.Record | None  # None: the section is not written in front matter (people)
    marker_options: frozenset[str] = _COMMON_OPTIONS
    sort_key: Callable | None = None  # newest first by this key; None keeps the order written
    template: str = ""  # in theme/researcher/; "" for the kinds the assembler lays out itself
    path_fields: tuple[str, ...] = _PATH_FIELDS
    placed_on_top: bool = False  # without a marker: above the page's own text, else below it
    # Without a marker: right after the page's opening text (its bio), before the first section placed by a marker.
    placed_after_bio: bool = False

    @property
    def label(self) -> str:
        """The locale key of its heading."""
        return f"section.{self.name}"


def timeline_sort_key(entry) -> tuple:
    """Newest first: ongoing entries on top, then by end, then by start."""
    end = entry.end
    start_key = entry.start.sort_key if entry.start else _NO_DATE
    end_key = (10_000, 0, 0) if end == "present" else end.sort_key if end else start_key
    return (end_key, start_key)


def _term_sort_key(entry) -> tuple:
    """Teaching by its dates, or by the year written in its term ("2023 Spring")."""
    if entry.start or entry.end:
        return timeline_sort_key(entry)
    year = re.search(r"\d{4}", entry.term or "")
    return ((int(year.group()) if year else 0, 0, 0), _NO_DATE)


def _dated(entry) -> tuple:
    return entry.date.sort_key if entry.date else _NO_DATE


SECTION_KINDS: tuple[SectionKind, ...] = (
    SectionKind("profile", schema.PROFILE, frozenset(), placed_on_top=True),
    SectionKind(
        "publications",
        schema.PUBLICATION,
        _COMMON_OPTIONS | {"selected", "group_by", "type", "tag", "filter", "author", "sort", "show_tags"},
        sort_key=lambda pub: pub.sort_key,
    ),
    SectionKind("projects", schema.PROJECT, _COMMON_OPTIONS | {"group"}),
    SectionKind("experience", schema.EXPERIENCE, sort_key=timeline_sort_key, template="timeline.html"),
    SectionKind("education", schema.EDUCATION, sort_key=timeline_sort_key, template="timeline.html"),
    SectionKind("news", schema.NEWS, sort_key=_dated, template="news.html", placed_after_bio=True),
    SectionKind("awards", schema.AWARD, sort_key=_dated, template="awards.html"),
    SectionKind("talks", schema.TALK, sort_key=_dated, template="talks.html"),
    SectionKind("teaching", schema.TEACHING, sort_key=_term_sort_key, template="teaching.html"),
    SectionKind(
        "service",
        schema.SERVICE,
        sort_key=lambda entry: ((entry.year or 0, 0, 0), timeline_sort_key(entry)),
        template="service.html",
    ),
    SectionKind("skills", schema.SKILL_GROUP, template="skills.html"),
    SectionKind("people", None, frozenset({"heading", "level", "group"})),
    # The whole CV of the page's person (publish/cv.py): only where a marker puts it.
    SectionKind("cv", None, frozenset({"level", "order"})),
)
SECTIONS_BY_NAME = {kind.name: kind for kind in SECTION_KINDS}
# Front-matter key -> the record of one entry (the profile is one record, the others lists).
RECORDS: dict[str, Record] = {kind.name: kind.record for kind in SECTION_KINDS if kind.record is not None}
LIST_KINDS = [name for name in RECORDS if name != "profile"]


# Keys MkDocs, Material and common plugins read from front matter: never "did you mean" these.
_OTHER_KEYS = {
    "data",
    "title",
    "description",
    "template",
    "hide",
    "tags",
    "status",
    "icon",
    "subtitle",
    "search",
    "comments",
    "date",
    "authors",
    "categories",
    "draft",
    "slug",
    "links",
    "readtime",
    "social",
    "nav_exclude",
}


def read_page(meta: dict, ctx: Context) -> PageData:
    """The sections of one page's front matter; problems go to ``ctx.reporter``."""
    data = PageData()
    for key in meta:
        if key not in RECORDS and key not in _OTHER_KEYS:
            # Other plugins own other keys: only a near miss of a section name is ours to report.
            close = near_miss(str(key), RECORDS)
            if close:
                ctx.reporter.warn(
                    (key,), f"unknown front-matter key; did you mean '{close}'? Its entries are not shown"
                )
    if isinstance(meta.get("profile"), str):
        data.member = meta["profile"].strip()  # a lab member's id: resolved by the scan (site/scan.py)
    elif meta.get("profile") is not None:
        data.profile = _read_one(schema.PROFILE, meta["profile"], ctx, ("profile",))
    for kind in LIST_KINDS:
        if kind in meta:
            setattr(data, kind, read_list(kind, meta[kind], ctx))
    return data


def _read_one(record: Record, value: Any, ctx: Context, path: tuple):
    try:
        entry = record.check(value, ctx, path)
        entry.origin = path
        return entry
    except Reported:
        return None
    except Invalid as problem:
        ctx.reporter.warn(path, f"{problem}; this {record.name} is left out")
        return None


def read_list(kind: str, value: Any, ctx: Context) -> list:
    """The valid entries of a section's list; each bad entry is reported and left out."""
    record = RECORDS[kind]
    path = (kind,)
    if kind == "publications" and isinstance(value, str):
        value = [value]
    if value is None or value == []:
        ctx.reporter.warn(path, f"the list is empty; add entries or remove the '{kind}' key")
        return []
    if not isinstance(value, list):
        value = [value] if isinstance(value, dict) else value
        if not isinstance(value, list):
            ctx.reporter.warn(path, f"expected a list of {record.name} entries, got {type(value).__name__}")
            return []
    entries = []
    for index, raw in enumerate(value):
        if kind == "publications" and isinstance(raw, str):
            continue  # a .bib or CSL-JSON file: read by the scan (site/scan.py)
        if kind == "publications" and ctx.works is not None and works.is_identifier_only(raw):
            entry = _read_one(works.IdentifiedPublication(ctx.works), raw, ctx, path + (index,))
        else:
            entry = _read_one(record, raw, ctx, path + (index,))
        if entry is not None:
            entries.append(entry)
    return entries


SCHEMA_FILE = Path(__file__).parent.parent / "schemas" / "front-matter.schema.json"


def json_schema() -> dict:
    """JSON Schema (draft 2020-12) of a page's front matter or a data file, from the declarations above.

    Other front-matter keys (title, template, …) belong to MkDocs and other plugins, so they are allowed.
    """
    properties: dict = {
        "data": {"type": "string", "description": "A YAML data file with these same sections, relative to the page."},
        "profile": {
            "anyOf": [
                schema.PROFILE.json_schema(),
                {"type": "string", "description": "The id of a person in the people folder."},
            ]
        },
    }
    for kind in LIST_KINDS:
        properties[kind] = {"type": "array", "items": RECORDS[kind].json_schema()}
    # A publication may be only an identifier, which refresh fetches into researcher-works.yml (sources/works.py).
    publication = properties["publications"]["items"]
    publication["anyOf"] = [{"required": [name]} for name in [*publication.pop("required"), *works.IDENTIFIER_FIELDS]]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "mkdocs-researcher front matter",
        "type": "object",
        "properties": properties,
        "$defs": {
            "localised_text": {
                "type": "object",
                "description": "The same text per language: {en: …, zh: …}.",
                "propertyNames": {"pattern": "^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$"},
                "additionalProperties": {"type": ["string", "number"]},
            }
        },
    }


def write_json_schema() -> Path:
    """Regenerate the shipped schema file: ``python -m mkdocs_researcher.sources.sections``."""
    SCHEMA_FILE.parent.mkdir(exist_ok=True)
    SCHEMA_FILE.write_text(
        json.dumps(json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    return SCHEMA_FILE


if __name__ == "__main__":
    print(write_json_schema())
