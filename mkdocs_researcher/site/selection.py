"""Which publications a publications marker shows: the page's list, narrowed by the marker's options.

The same answer serves the page as it is built and, before any page is, the choice of the list that each
publication's own page links back to (see index.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Place
from ..model.names import ET_AL, SelfMatcher
from ..model.records import PageData, Publication
from ..sources.fields import parse_boolean
from ..sources.markers import Marker
from ..sources.people import People, Person
from ..sources.sections import SECTIONS_BY_NAME

# The orders a marker may ask for (sort=): newest first; as the files list them; by title.
SORTS = ("year", "file", "title")


@dataclass
class Selection:
    entries: list[Publication]  # shown in the marker's order (newest first unless sort= says), at most `limit`
    person: Person | None = None  # the member whose papers these are (author=, or the member page's own)
    unknown_person: str | None = None  # author= names no one in the people folder
    # Left out of the member's list though they may be theirs: entries of a list shared with others whose
    # authors end in "and others" without naming the member.
    unclaimed: list[Publication] = field(default_factory=list)
    unknown_sort: str | None = None  # sort= names no order of SORTS: newest first instead


def marker_number(raw: str | None, low: int, high: int) -> int | None:
    """A marker's whole-number option, or None when it is not one from ``low`` to ``high``."""
    if raw is not None and raw.isdecimal() and len(raw) <= 9 and low <= int(raw) <= high:
        return int(raw)
    return None


def words(raw: str) -> set[str]:
    """A marker's list option (``type=journal,conference``), compared lower-case."""
    return {word.strip().lower() for word in raw.split(",")}


def select(data: PageData, options: dict[str, str], people: People) -> Selection:
    """The page's publications as the marker with ``options`` shows them."""
    entries = list(data.publications)
    selection = Selection(entries)
    # A member's page shows the member's own papers of a shared bibliography, unless author= says otherwise.
    author = options.get("author", data.member if data.shared_bibliography and data.member else "any")
    if author != "any":
        person = people.by_id.get(author)
        if person is None:
            selection.unknown_person = author
        else:
            selection.person = person
            # The page's own files on the member's own page are the member's list; anything else is shared.
            own = not data.shared_bibliography and data.member == person.id
            entries = _members_papers(entries, person, own, selection.unclaimed)
    if parse_boolean(options.get("selected", "false")) is True:
        entries = [pub for pub in entries if pub.selected]
    if "type" in options:
        wanted = words(options["type"])
        entries = [pub for pub in entries if pub.type in wanted]
    if "tag" in options:
        wanted = words(options["tag"])
        entries = [pub for pub in entries if wanted & {tag.lower() for tag in pub.tags}]
    order = options.get("sort", "year").strip().lower()
    if order not in SORTS:
        selection.unknown_sort, order = options["sort"], "year"
    if order == "year":
        entries.sort(key=SECTIONS_BY_NAME["publications"].sort_key, reverse=True)  # stable: same date keeps file order
    elif order == "title":
        entries.sort(key=lambda pub: pub.title.casefold())
    # "file": the order the owner wrote, file after file as the page lists them
    limit = marker_number(options.get("limit"), 0, 1_000_000) or 0
    selection.entries = entries[:limit] if limit else entries
    return selection


def _members_papers(entries: list[Publication], person: Person, own: bool, unclaimed: list) -> list[Publication]:
    """The entries that name ``person`` among their authors. One whose list ends in "and others" without naming
    them may be theirs all the same: kept from their own list, else set aside in ``unclaimed``."""
    matcher = SelfMatcher(person.names())
    kept = []
    for pub in entries:
        if person.id in pub.members or any(matcher.matches(author) for author in pub.authors):
            kept.append(pub)
        elif pub.authors and pub.authors[-1].name == ET_AL and not pub.members:
            (kept if own else unclaimed).append(pub)
    return kept


def entry_place(pub: Publication) -> str:
    """Where an entry was written, as messages name it: ``key (docs/papers.bib:25)``."""
    place = pub.origin[0] if pub.origin and type(pub.origin[0]) is Place else None
    if place is None:
        return pub.key
    return f"{pub.key} ({place.file}:{place.line})" if place.line else f"{pub.key} ({place.file})"


def shown_on_page(data: PageData, markers: list[Marker], people: People) -> list[Publication]:
    """Every publication a page shows, once each, in the order it first appears: what its markers select, or the
    whole list placed at the end when no marker places it."""
    placed = [marker for marker in markers if marker.kind == "publications"] or [Marker("publications")]
    shown: dict[str, Publication] = {}
    for marker in placed:
        for pub in select(data, marker.options, people).entries:
            shown.setdefault(pub.key, pub)
    return list(shown.values())
