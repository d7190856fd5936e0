"""The records of the front-matter interface: every section's fields, checked into the data model.

With the table of section kinds (sections.py) this is the one declaration of
what a page may say; ``sections.json_schema()`` publishes it for editors.
"""

from __future__ import annotations

from ..model import records as model
from ..model.names import ET_AL, parse_author, parse_listed_name, split_name_list
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
    Text,
    Url,
    type_name,
)


class Authors(Kind):
    """A list of names, or one string of names joined by "and" as in BibTeX ("Ada Lovelace and Babbage, Charles").

    A string with commas is refused unless it reads only one way: "Lovelace, Ada" alone could be one name or
    two, and "Ada Lovelace, Charles Babbage and Alan Turing" is a list that BibTeX would read as two names.
    """

    expected = 'a list of author names, like [Yu Cheng, "Wang, Lei"], or names joined by "and"'

    def check(self, value, ctx, path):
        if isinstance(value, str):
            return self._from_string(value.strip())
        if not isinstance(value, list):
            raise Invalid(f"expected {self.expected}, got {type_name(value)}")
        names = ListOf(Text()).check(value, ctx, path)
        return [parse_author(name) for name in names]

    def _from_string(self, text: str) -> list[model.Author]:
        names = split_name_list(" ".join(text.split()))
        authors = [parse_listed_name(name) for name in names]
        # {A Company, Inc.} is one name and "others" none: the commas of the rest must read one way.
        people = [
            name
            for name, author in zip(names, authors, strict=True)
            if not name.startswith("{") and author.name != ET_AL
        ]
        with_comma = [name for name in people if "," in name]
        if with_comma and (len(names) == 1 or len(with_comma) < len(people) or any(n.count(",") > 1 for n in people)):
            raise Invalid(
                f"'{text[:60]}' could be one \"Last, First\" name or several names: write a list, like [Ada "
                'Lovelace, Charles Babbage], or join the names with "and", like "Lovelace, Ada and Babbage, Charles"'
            )
        return authors

    def json_schema(self):
        names = {"type": "string", "description": 'Names joined by "and", as in BibTeX.'}
        return {"anyOf": [{"type": "array", "items": Text().json_schema()}, names]}


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
        Field(
            "photo_side",
            Choice(("left", "right")),
            description="The side the photo stands on, beside the name and the bio (al-folio's profile.align).",
        ),
        Field(
            "photo_shape",
            Choice(("round", "square")),
            description="A round or a square photo (al-folio's image_circular: true or false).",
        ),
    ],
    model.Profile,
    lenient=True,
    description="The profile card: photo, name, position, affiliations, links.",
)


def _finish_publication(values: dict, ctx: Context, path: tuple) -> dict:
    values.pop("openalex", None)  # what refresh looks the entry up by (sources/works.py); no field of its own
    if not values.get("key"):
        values["key"] = model.derive_key(values.get("authors", []), values.get("year"), values["title"])
    if values.get("pages"):
        values["pages"] = model.display_pages(values["pages"])
    return values


PUBLICATION = Record(
    "publication",
    [
        Field("title", Text(), required=True),
        Field("key", Text(localised=False), description="Citation key, used in anchors (#pub-KEY) and URLs."),
        Field(
            "authors",
            Authors(),
            description='"First Last" or "Last, First"; trailing * † ‡ § marks are kept. A list, or one string '
            'of names joined by "and", as in BibTeX.',
        ),
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
        Field(
            "members",
            ListOf(Text(localised=False)),
            description="Ids of the lab members (people/<id>.yml) whose paper this is, for a list of authors that "
            "ends in 'and others' before naming them.",
        ),
        Field("abstract", Markdown()),
        Field("note", Markdown()),
        Field("tags", ListOf(Text())),
        Field(
            "links",
            Links(),
            description="Link kind -> URL, id or file (pdf: paper.pdf, doi: 10.1/x). A field outside links named "
            "as a link kind (pdf, code, codelink…), or any field whose value is a web address, is a link too.",
        ),
        Field("page", Boolean(), description="false: no page of its own when publication_pages is on."),
        Field("image", Url(), description="A thumbnail shown beside the entry: a path relative to the page, or a URL."),
        Field(
            "openalex",
            Text(localised=False),
            description="An OpenAlex work id (W…). An entry that is only a doi, arxiv or openalex id takes its "
            "fields from researcher-works.yml, which `mkdocs-researcher refresh` fetches.",
        ),
    ],
    model.Publication,
    finish=_finish_publication,
    link_fields=True,
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
    link_fields=True,
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
    link_fields=True,
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
