"""What the import tells the researcher: what was converted, what to check, and what was left out and why."""

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
    "awards",
    "skills",
    "venues",
    "coauthors",
    "pages",
    "files in assets/pdf",
)


@dataclass
class Report:
    converted: dict[str, int] = field(default_factory=dict)
    details: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # done, but worth knowing
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (where, why)

    def count(self, kind: str, number: int = 1, detail: str | None = None) -> None:
        if number:
            self.converted[kind] = self.converted.get(kind, 0) + number
        if detail:
            self.details[kind] = detail

    def skip(self, where: str, why: str) -> None:
        self.skipped.append((where, why))

    def text(self, source: Path, out: Path) -> str:
        lines = [
            f"Imported the al-folio site in {source} into {out}.",
            "Its data is in docs/data/profile.yml (named by docs/index.md's data: line).",
            "",
        ]
        lines.append("Converted:" if self.converted else "Converted: nothing")
        width = max((len(k) for k in self.converted), default=0)
        order = {kind: index for index, kind in enumerate(_REPORT_ORDER)}
        for kind, number in sorted(self.converted.items(), key=lambda item: order.get(item[0], len(order))):
            detail = f"  ({self.details[kind]})" if kind in self.details else ""
            lines.append(f"  {kind.ljust(width)}  {number}{detail}")
        if self.notes:
            lines += ["", "Please check:"] + [f"  - {note}" for note in self.notes]
        lines += ["", f"Not converted ({len(self.skipped)}):" if self.skipped else "Not converted: nothing"]
        lines += [f"  - {where}: {why}" for where, why in self.skipped]
        lines += ["", f"Next: cd {out} && mkdocs serve"]
        return "\n".join(lines)
