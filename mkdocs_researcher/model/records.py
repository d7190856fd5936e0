"""The one data model every source (front matter, data files, .bib, CSL-JSON) is loaded into.

Text here is already resolved to the page's language and is plain text
unless the field is documented as Markdown; the renderer decides escaping.
A publication's text written with inline HTML (al-folio's .bib files, CSL's
rich text) is plain text here too, its sanitized HTML kept beside it in
``Publication.markup``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class PartialDate:
    """A date known to the year, the month or the day."""

    year: int
    month: int | None = None
    day: int | None = None

    def iso(self) -> str:
        parts = [f"{self.year:04d}"]
        if self.month:
            parts.append(f"{self.month:02d}")
            if self.day:
                parts.append(f"{self.day:02d}")
        return "-".join(parts)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.year, self.month or 0, self.day or 0)


PRESENT = "present"  # the value of an `end` that has not happened yet

# BibTeX's month macros, which front matter may write too (month: jul).
MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


@dataclass(frozen=True, slots=True)
class Link:
    kind: str  # github, pdf, arxiv, website… or a user's own word
    url: str  # safe to put in an href (checked by links.safe_url)
    label: str


@dataclass(frozen=True)
class Affiliation:
    name: str
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Author:
    name: str  # as displayed, without contribution marks
    marks: str = ""  # "*", "†"… equal-contribution or corresponding-author marks
    given: str = ""
    family: str = ""
    url: str | None = None  # a co-author's homepage


@dataclass
class Profile:
    name: str
    native_name: str | None = None
    pronouns: str | None = None
    photo: str | None = None
    position: str | None = None
    affiliations: list[Affiliation] = field(default_factory=list)
    email: str | None = None
    interests: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    group: str | None = None  # lab sites: Faculty, PhD students, Alumni…
    photo_side: str = "left"  # left | right: the side of the bio the photo stands on
    photo_shape: str = "round"  # round | square
    origin: tuple = ()  # where it was written: the field path in its file, for messages

    def names(self) -> list[str]:
        """Every spelling of the person's name, for finding them among a publication's authors."""
        return [self.name, *self.aliases, *([self.native_name] if self.native_name else [])]


PUBLICATION_TYPES = (
    "conference",
    "journal",
    "workshop",
    "preprint",
    "thesis",
    "book",
    "chapter",
    "report",
    "patent",
    "other",
)


# Slots: a 10,000-entry .bib holds 10,000 publications and ~34,000 authors, whose dicts took 17 MB; without
# them the cold build of such a site peaks ~25 MiB lower (benchmarks: ~330 -> ~305 MiB).
@dataclass(slots=True)
class Publication:
    title: str
    key: str = ""
    authors: list[Author] = field(default_factory=list)
    venue: str | None = None
    abbr: str | None = None
    year: int | None = None
    month: int | None = None
    type: str = "other"
    award: str | None = None
    selected: bool = False
    abstract: str | None = None  # Markdown (YAML) or plain text (.bib/CSL): see `trusted`
    note: str | None = None
    tags: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    # False for entries read from .bib/CSL files: their text is never Markdown or HTML.
    trusted: bool = True
    bibtex: str | None = None  # the entry's own BibTeX source, for the BibTeX toggle
    venue_url: str | None = None
    venue_color: str | None = None
    page: bool = True  # False: no page of its own, even when the site generates them
    # Ids of a lab's members (people/<id>.yml) whose entry this is, for lists its author list cannot decide
    # (one that ends in "and others" before naming them).
    members: list[str] = field(default_factory=list)
    origin: tuple = ()
    slug: str = ""  # its anchor's part when the key's own slug is taken on its page (see urls.key_slug)
    # Where in the venue it is, and who published it: plain text, shown after the venue ("vol. 12, no. 3").
    volume: str | None = None
    issue: str | None = None  # BibTeX's number
    pages: str | None = None  # "12–25" (en dash, see display_pages) or one page or article number
    publisher: str | None = None
    edition: str | None = None
    editors: list[Author] = field(default_factory=list)
    series: str | None = None
    isbn: str | None = None
    issn: str | None = None
    image: str | None = None  # a thumbnail shown beside the entry (al-folio's preview): a URL or a path
    # Inline HTML that text fields of a .bib/CSL entry were written with (title, venue, note, abstract,
    # award), sanitized: by the field's text without its tags, which the field itself holds. A field changed
    # later (a Hugo index.md's title over its cite.bib's) no longer finds its old HTML here.
    markup: dict[str, str] = field(default_factory=dict)

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.year or 0, self.month or 0)


_STOPWORDS = {"a", "an", "the", "on", "of", "for", "to", "in", "and", "with", "towards", "toward"}


def derive_key(authors: list[Author], year: int | None, title: str) -> str:
    """A citation key like al-folio's: first author's family name, year, first title word."""
    family = authors[0].family if authors else ""
    words = [w for w in re.findall(r"[^\W_]+", title.lower()) if w not in _STOPWORDS]
    key = f"{family.lower()}{year or ''}{words[0] if words else ''}"
    key = re.sub(r"[^\w-]+", "", key)
    return key or "publication"


# One dash between the first and last page: BibTeX's "--", a hyphen, an en or em dash (spaces around it too).
# The dash alone is matched, then the parts are stripped: "\s*-\s*" would read a long run of spaces again.
_PAGE_DASH = re.compile(r"-{1,3}|[\u2013\u2014]")


def page_range(pages: str | None) -> tuple[str | None, str | None]:
    """First and last page of "12--25", "12-25" or "12–25"; a single page or article number is the first."""
    first, last = (_PAGE_DASH.split(pages or "", maxsplit=1) + [""])[:2]
    return first.strip() or None, last.strip() or None


def display_pages(pages: str | None) -> str | None:
    """Pages as shown: a range with an en dash ("12–25"), else the text as written."""
    first, last = page_range(pages)
    return f"{first}\u2013{last}" if first and last else (first or last)


@dataclass
class Project:
    name: str
    description: str | None = None  # Markdown
    url: str | None = None
    repo: str | None = None  # GitHub owner/name
    image: str | None = None
    tags: list[str] = field(default_factory=list)
    group: str | None = None
    links: list[Link] = field(default_factory=list)
    origin: tuple = ()


@dataclass(kw_only=True)
class TimelineEntry:
    """What experience and education entries share: a date range and details."""

    start: PartialDate | None = None
    end: PartialDate | str | None = None  # a date or PRESENT
    location: str | None = None
    url: str | None = None
    logo: str | None = None
    details: list[str] = field(default_factory=list)  # Markdown
    origin: tuple = ()


@dataclass(kw_only=True)
class Experience(TimelineEntry):
    organization: str
    role: str


@dataclass(kw_only=True)
class Education(TimelineEntry):
    degree: str
    institution: str


@dataclass
class NewsItem:
    date: PartialDate
    text: str  # Markdown
    url: str | None = None
    origin: tuple = ()


@dataclass
class Award:
    title: str
    awarder: str | None = None
    date: PartialDate | None = None
    details: str | None = None  # Markdown
    origin: tuple = ()


@dataclass
class Talk:
    title: str
    event: str | None = None
    location: str | None = None
    date: PartialDate | None = None
    links: list[Link] = field(default_factory=list)
    details: str | None = None  # Markdown
    origin: tuple = ()


@dataclass(kw_only=True)
class Teaching(TimelineEntry):
    course: str
    role: str | None = None
    institution: str | None = None
    term: str | None = None  # "2023 Spring", shown instead of the dates


@dataclass(kw_only=True)
class Service(TimelineEntry):
    role: str
    organization: str | None = None
    year: int | None = None


@dataclass
class Skill:
    name: str
    note: str | None = None


@dataclass
class SkillGroup:
    name: str
    items: list[Skill] = field(default_factory=list)
    color: str | None = None  # a checked CSS colour
    origin: tuple = ()


@dataclass
class PageData:
    """Everything the plugin found in one page's front matter."""

    member: str | None = None  # the id of the lab member whose profile the page shows (profile: ID)
    shared_bibliography: bool = False  # its publications are the site's bibliography option

    profile: Profile | None = None
    publications: list[Publication] = field(default_factory=list)
    projects: list[Project] = field(default_factory=list)
    experience: list[Experience] = field(default_factory=list)
    education: list[Education] = field(default_factory=list)
    news: list[NewsItem] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    talks: list[Talk] = field(default_factory=list)
    teaching: list[Teaching] = field(default_factory=list)
    service: list[Service] = field(default_factory=list)
    skills: list[SkillGroup] = field(default_factory=list)

    def section(self, kind: str):
        return getattr(self, kind)
