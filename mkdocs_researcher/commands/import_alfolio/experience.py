"""The experience of al-folio's _experiences/ collection (the CV's comes in cv.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .assets import clean_liquid, copy_asset, from_data
from .dates import span_fields
from .markup import link_text

if TYPE_CHECKING:
    from .importer import Importer


def read_experiences(importer: Importer) -> None:
    if not (importer.source.path / "_experiences").is_dir() or not importer.published("experiences"):
        return
    pages = importer.place("experiences", "_experiences/")
    for path, meta, body in importer.source.collection("_experiences") if pages else []:
        where = importer.source.rel(path)
        entry = _experience_entry(importer, meta, clean_liquid(importer, body, where), where)
        if entry is None:
            continue
        logo = copy_asset(importer, meta.get("img") or meta.get("logo"), f"{where}: img", "logo")
        entry["logo"] = from_data(logo)
        importer.add("experience", entry, pages)
        importer.source.unused_keys(
            meta,
            {
                "start_date",
                "end_date",
                "img",
                "logo",
                "title",
                "company",
                "organization",
                "position",
                "role",
                "location",
                "url",
            },
            where,
        )


def _experience_entry(importer: Importer, meta: dict, body: str, where: str) -> dict | None:
    """Front matter dates; the body's first line is the organization, its first bullet the role."""
    lines = [line.strip() for line in body.strip().splitlines() if line.strip()]
    head = [line for line in lines if not line.startswith(("-", "*"))]
    bullets = [re.sub(r"^[-*]\s*", "", line) for line in lines if line.startswith(("-", "*"))]
    organization = meta.get("company") or meta.get("organization") or meta.get("title") or (head[0] if head else None)
    role = meta.get("position") or meta.get("role") or (bullets.pop(0) if bullets else None)
    if not organization or not role:
        importer.report.lose(
            where,
            "no organization and role found "
            "(expected the organization on the first line, the role as the first '- ' line)",
        )
        return None
    name, url = link_text(str(organization))
    entry = {
        "organization": name,
        "role": str(role).strip(),
        "url": meta.get("url") or url,
        "location": meta.get("location"),
    }
    entry.update(span_fields(importer.report, meta.get("start_date"), meta.get("end_date"), where))
    entry["details"] = bullets + head[1:] if (bullets or head[1:]) else None
    return entry
