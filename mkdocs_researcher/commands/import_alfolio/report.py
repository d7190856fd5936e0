"""What the import tells the researcher: one line per thing converted, then what was skipped on purpose and why,
then what the old site showed that the new one lost, then what to check, and last the verdict of a trial build.

Lines with the same reason are given once, naming every place it applies to; a file that is missing is named
once, with the number of places that refer to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

_REPORT_ORDER = (
    "profile",
    "home page text",
    "publications",
    "news",
    "projects",
    "project pages",
    "experience",
    "education",
    "teaching",
    "service",
    "awards",
    "talks",
    "skills",
    "languages",
    "interests",
    "CV text",
    "venues",
    "coauthors",
    "pages",
    "files in assets/pdf",
)
_SHOWN_PLACES = 3  # places named in a grouped line before "and N more"


@dataclass
class Report:
    converted: dict[str, int] = field(default_factory=dict)
    details: dict[str, str] = field(default_factory=dict)
    pages: list[str] = field(default_factory=list)  # the new site's pages, in the navigation's order
    notes: list[str] = field(default_factory=list)  # done, but worth knowing
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (where, why): the old site did not show it
    lost: list[tuple[str, str]] = field(default_factory=list)  # (where, why): shown there, not carried over
    missing: dict[str, list[str]] = field(default_factory=dict)  # file named but absent -> where it is named
    trial: list[str] = field(default_factory=list)  # the trial build's verdict, line by line

    def count(self, kind: str, number: int = 1, detail: str | None = None) -> None:
        if number:
            self.converted[kind] = self.converted.get(kind, 0) + number
        if detail and detail not in self.details.get(kind, ""):
            self.details[kind] = f"{self.details[kind]}; {detail}" if kind in self.details else detail

    def skip(self, where: str, why: str) -> None:
        """Not imported because the old site does not publish or show it (hidden, unpublished, sample content)."""
        if (where, why) not in self.skipped:
            self.skipped.append((where, why))

    def lose(self, where: str, why: str) -> None:
        """Shown by the old site (or needed to read it) but not carried over."""
        if (where, why) not in self.lost:
            self.lost.append((where, why))

    def missing_file(self, reference: str, where: str) -> None:
        self.missing.setdefault(reference, [])
        if where not in self.missing[reference]:
            self.missing[reference].append(where)

    def text(self, source: Path, out: Path) -> str:
        lines = [f"Imported the al-folio site in {source} into {out}.", ""]
        lines.append("Converted:" if self.converted else "Converted: nothing")
        width = max((len(k) for k in self.converted), default=0)
        order = {kind: index for index, kind in enumerate(_REPORT_ORDER)}
        for kind, number in sorted(self.converted.items(), key=lambda item: order.get(item[0], len(order))):
            detail = f"  ({self.details[kind]})" if kind in self.details else ""
            lines.append(f"  {kind.ljust(width)}  {number}{detail}")
        if self.pages:
            lines += ["", "Pages, in the navigation's order (al-folio's navbar):"] + [
                f"  {page}" for page in self.pages
            ]
        lines += _grouped("Skipped, because the old site does not show it", self.skipped)
        lost = self.lost + [(reference, _missing_reason(places)) for reference, places in sorted(self.missing.items())]
        lines += _grouped("Lost: the old site shows it, the new one does not", lost)
        if self.notes:
            lines += ["", "Please check:"] + [f"  - {note}" for note in dict.fromkeys(self.notes)]
        lines += ["", f"Next: cd {out} && mkdocs serve"]
        if self.trial:
            lines += ["", *self.trial]
        return "\n".join(lines)


def _grouped(title: str, items: list[tuple[str, str]]) -> list[str]:
    """One line per reason, naming the places it applies to, in the order first met."""
    if not items:
        return ["", f"{title}: nothing"]
    places: dict[str, list[str]] = {}
    for where, why in items:
        places.setdefault(why, []).append(where)
    lines = ["", f"{title} ({len(items)}):"]
    for why, wheres in places.items():
        named = ", ".join(wheres[:_SHOWN_PLACES])
        if len(wheres) > _SHOWN_PLACES:
            named += f" and {len(wheres) - _SHOWN_PLACES} more"
        lines.append(f"  - {named}: {why}")
    return lines


def _missing_reason(places: list[str]) -> str:
    first = places[0]
    if len(places) == 1:
        return f"not in the checkout (named in {first})"
    return f"not in the checkout (named in {len(places)} places, first in {first})"
