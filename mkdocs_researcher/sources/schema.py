"""The front-matter interface: every section's fields, checked into the data model.

This is the one declaration of what a page may say; ``json_schema()`` publishes
the same declaration for editors.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Any

from ..model import records as model
from ..model.names import parse_author
from .fields import (
    Boolean,
    Choice,
    Colour,
    Context,
    Date,
    Field,
    Integer,
    Invalid,
    Kind,
    Links,
    ListOf,
    Markdown,
    MarkdownList,
    Month,
    OneOf,
    Record,
    Reported,
    Text,
    Url,
)


class Authors(Kind):
    """A list of names; one string is refused because "A, B" is ambiguous with "Last, First"."""

    expected = 'a list of author names, like [Yu Cheng, "Wang, Lei"]'

    def check(self, value, ctx, path):
        if not isinstance(value, list):
            raise Invalid(f"expected {self.expected}, got {'a string' if isinstance(value, str) else 'something else'}")
        names = ListOf(Text()).check(value, ctx, path)
        return [parse_author(name) for name in names]

    def json_schema(self):
        return {"type": "array", "items": Text().json_schema()}


AFFILIATION = Record(
    "affiliation",
    [Field("name", Text(), required=True), Field("url", Url())],
    model.Affiliation,
)

PROFILE = Record(
    "profile",
    [
        Field("name", Text(), required=True, description="Your name as it should be shown."),
        Field("native_name", Text(), description="Your name in another script, shown beside the name (程羽)."),
        Field("pronouns", Text()),
        Field("photo", Url(), description="An image path relative to the page, or a URL."),
        Field("position", Text(), description="Your current position, e.g. Fourth-year PhD student."),
        Field("affiliations", ListOf(OneOf(Text(), AFFILIATION, model.Affiliation))),
        Field("email", Text(localised=False), description="Shown readable, never verbatim in the HTML source."),
        Field("interests", ListOf(Text())),
        Field(
            "aliases", ListOf(Text()), description="Other spellings of your name, for highlighting it in author lists."
        ),
        Field("links", Links(), description="Link kind -> handle or URL (github: octocat)."),
        Field("group", Text(), description="Lab sites: the group of the people page this person is listed under."),
    ],
    model.Profile,
    lenient=True,
    description="The profile card: photo, name, position, affiliations, links.",
)

_STOPWORDS = {"a", "an", "the", "on", "of", "for", "to", "in", "and", "with", "towards", "toward"}


def derive_key(authors: list[model.Author], year: int | None, title: str) -> str:
    """A citation key like al-folio's: first author's family name, year, first title word."""
    family = authors[0].family if authors else ""
    words = [w for w in re.findall(r"[^\W_]+", title.lower()) if w not in _STOPWORDS]
    key = f"{family.lower()}{year or ''}{words[0] if words else ''}"
    key = re.sub(r"[^\w-]+", "", key)
    return key or "publication"


def _finish_publication(values: dict, ctx: Context, path: tuple) -> dict:
    if not values.get("key"):
        values["key"] = derive_key(values.get("authors", []), values.get("year"), values["title"])
    if values.get("pages"):
        values["pages"] = model.display_pages(values["pages"])
    return values


PUBLICATION = Record(
    "publication",
    [
        Field("title", Text(), required=True),
        Field("key", Text(localised=False), description="Citation key, used in anchors (#pub-KEY) and URLs."),
        Field("authors", Authors(), description='"First Last" or "Last, First"; trailing * † ‡ § marks are kept.'),
        Field("venue", Text()),
        Field("abbr", Text(), description="Venue badge, e.g. OSDI."),
        Field("year", Integer("a year like 2024", 1000, 9999)),
        Field("month", Month()),
        Field("type", Choice(model.PUBLICATION_TYPES)),
        Field("volume", Text()),
        Field("issue", Text(), description="The issue or number within the volume."),
        Field("pages", Text(), description="A page range (12--25, 12-25) or an article number."),
        Field("publisher", Text()),
        Field("edition", Text()),
        Field("editors", Authors(), description="A book's or proceedings' editors, written like authors."),
        Field("series", Text()),
        Field("isbn", Text(localised=False)),
        Field("issn", Text(localised=False)),
        Field("award", Text()),
        Field("selected", Boolean()),
        Field("abstract", Markdown()),
        Field("note", Markdown()),
        Field("tags", ListOf(Text())),
        Field("links", Links()),
        Field("page", Boolean(), description="false: no page of its own when publication_pages is on."),
    ],
    model.Publication,
    finish=_finish_publication,
)

PROJECT = Record(
    "project",
    [
        Field("name", Text(), required=True),
        Field("description", Markdown()),
        Field("url", Url()),
        Field("repo", Text(localised=False), description="GitHub owner/name."),
        Field("image", Url()),
        Field("tags", ListOf(Text())),
        Field("group", Text(), description="Projects of one group are shown under their own sub-heading."),
        Field("links", Links()),
    ],
    model.Project,
)


def _check_range(values: dict, ctx: Context, path: tuple) -> dict:
    start, end = values.get("start"), values.get("end")
    if isinstance(start, model.PartialDate) and isinstance(end, model.PartialDate) and end.sort_key < start.sort_key:
        ctx.reporter.warn(path + ("end",), f"ends ({end.iso()}) before it starts ({start.iso()})")
    return values


def _timeline_fields_optional() -> list[Field]:
    return [
        Field("start", Date()),
        Field("end", Date(allow_present=True), description="A date, or present."),
        Field("location", Text()),
        Field("url", Url()),
        Field("logo", Url()),
        Field("details", MarkdownList()),
    ]


def _timeline_fields(first: Field, second: Field) -> list[Field]:
    return [first, second, *_timeline_fields_optional()]


def _organization(values: dict) -> dict:
    if "venue" in values:
        values.setdefault("organization", values.pop("venue"))
    return values


EXPERIENCE = Record(
    "experience entry",
    _timeline_fields(Field("organization", Text(), required=True), Field("role", Text(), required=True)),
    model.Experience,
    finish=_check_range,
)

EDUCATION = Record(
    "education entry",
    _timeline_fields(Field("degree", Text(), required=True), Field("institution", Text(), required=True)),
    model.Education,
    finish=_check_range,
)

NEWS = Record(
    "news item",
    [
        Field("date", Date(), required=True),
        Field("text", Markdown(), required=True),
        Field("url", Url(), description="Where the news item links to."),
    ],
    model.NewsItem,
)


def _awarder(values: dict, ctx: Context, path: tuple) -> dict:
    # al-folio and the seeds call the awarding body "venue"; both names are accepted.
    if "venue" in values:
        values.setdefault("awarder", values.pop("venue"))
    return values


AWARD = Record(
    "award",
    [
        Field("title", Text(), required=True),
        Field("awarder", Text(), description="Who gave it."),
        Field("venue", Text(), description="The same as awarder."),
        Field("date", Date()),
        Field("details", Markdown()),
    ],
    model.Award,
    finish=_awarder,
)

TALK = Record(
    "talk",
    [
        Field("title", Text(), required=True),
        Field("event", Text()),
        Field("location", Text()),
        Field("date", Date()),
        Field("links", Links()),
        Field("details", Markdown()),
    ],
    model.Talk,
)

TEACHING = Record(
    "teaching entry",
    [
        Field("course", Text(), required=True),
        Field("role", Text(), description="TA, instructor…"),
        Field("institution", Text()),
        Field("term", Text(), description='e.g. "2023 Spring"; shown instead of start/end.'),
        *_timeline_fields_optional(),
    ],
    model.Teaching,
    finish=_check_range,
)

SERVICE = Record(
    "service entry",
    [
        Field("role", Text(), required=True),
        Field("organization", Text()),
        Field("venue", Text(), description="The same as organization."),
        Field("year", Integer("a year like 2024", 1000, 9999)),
        *_timeline_fields_optional(),
    ],
    model.Service,
    finish=lambda values, ctx, path: _check_range(_organization(values), ctx, path),
)

SKILL = Record("skill", [Field("name", Text(), required=True), Field("note", Text())], model.Skill)

SKILL_GROUP = Record(
    "skill group",
    [
        Field("name", Text(), required=True),
        Field("items", ListOf(OneOf(Text(), SKILL, model.Skill))),
        Field("color", Colour()),
    ],
    model.SkillGroup,
)

# Front-matter key -> the record of one entry (the profile is one record, the others lists).
SECTIONS: dict[str, Record] = {
    "profile": PROFILE,
    "publications": PUBLICATION,
    "projects": PROJECT,
    "experience": EXPERIENCE,
    "education": EDUCATION,
    "news": NEWS,
    "awards": AWARD,
    "talks": TALK,
    "teaching": TEACHING,
    "service": SERVICE,
    "skills": SKILL_GROUP,
}
LIST_SECTIONS = [kind for kind in SECTIONS if kind != "profile"]

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


def read_page(meta: dict, ctx: Context) -> model.PageData:
    """The sections of one page's front matter; problems go to ``ctx.reporter``."""
    data = model.PageData()
    for key in meta:
        if key not in SECTIONS and key not in _OTHER_KEYS:
            # Other plugins own other keys: only a near miss of a section name is ours to report.
            close = difflib.get_close_matches(str(key), list(SECTIONS), n=1, cutoff=0.75)
            if close:
                ctx.reporter.warn(
                    (key,), f"unknown front-matter key; did you mean '{close[0]}'? Its entries are not shown"
                )
    if isinstance(meta.get("profile"), str):
        data.member = meta["profile"].strip()  # a lab member's id: resolved by the page (see page.read_sections)
    elif meta.get("profile") is not None:
        data.profile = _read_one(PROFILE, meta["profile"], ctx, ("profile",))
    for kind in LIST_SECTIONS:
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
    record = SECTIONS[kind]
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
            continue  # a .bib or CSL-JSON file: read by the page (see page.read_sections)
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
                PROFILE.json_schema(),
                {"type": "string", "description": "The id of a person in the people folder."},
            ]
        },
    }
    for kind in LIST_SECTIONS:
        properties[kind] = {"type": "array", "items": SECTIONS[kind].json_schema()}
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
    """Regenerate the shipped schema file: ``python -m mkdocs_researcher.sources.schema``."""
    SCHEMA_FILE.parent.mkdir(exist_ok=True)
    SCHEMA_FILE.write_text(
        json.dumps(json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    return SCHEMA_FILE


if __name__ == "__main__":
    print(write_json_schema())
