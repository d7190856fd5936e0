"""The teaching: al-folio's _teachings/ collection, and _pages/teaching.md kept as a page of free text."""

from __future__ import annotations

from typing import TYPE_CHECKING

import yaml

from .assets import clean_liquid

if TYPE_CHECKING:
    from .importer import Importer


def read_teachings(importer: Importer) -> None:
    for path, meta, body in importer.source.collection("_teachings"):
        where = importer.source.rel(path)
        entry = _teaching_entry(importer, meta, clean_liquid(importer, body, where).strip(), where)
        if entry:
            importer.add("teaching", entry)
            importer.source.unused_keys(
                meta,
                {
                    "sem",
                    "term",
                    "year",
                    "title",
                    "description",
                    "location",
                    "course_id",
                    "instructor",
                    "institution",
                    "role",
                },
                where,
            )
    _teaching_page(importer)


def _teaching_entry(importer: Importer, meta: dict, body: str, where: str) -> dict | None:
    term = " ".join(str(meta[k]).strip() for k in ("term", "year") if meta.get(k)) or None
    term = str(meta["sem"]).strip() if meta.get("sem") else term
    if meta.get("title"):
        entry = {
            "course": str(meta["title"]).strip(),
            "details": str(meta.get("description") or "").strip() or None,
        }
    else:
        first = body.splitlines()[0].strip().rstrip(".") if body else ""
        role, _, course = first.partition(",")  # the seed's "TA, Algorithm Design and Analysis."
        entry = {"course": course.strip(), "role": role.strip()} if course.strip() else {"course": first}
    if not entry["course"]:
        importer.report.skip(where, "no course name (a title, or text like 'TA, Course name.')")
        return None
    entry.update({"term": term, "location": meta.get("location"), "institution": meta.get("institution")})
    entry["role"] = entry.get("role") or meta.get("role")
    if meta.get("schedule"):
        importer.report.skip(f"{where}: schedule", "a week-by-week course schedule; link the course page instead")
    return entry


def _teaching_page(importer: Importer) -> None:
    path = importer.source.path / "_pages" / "teaching.md"
    read = importer.source.read_page(path) if path.is_file() else None
    if read is None:
        return
    meta, body = read
    text = clean_liquid(importer, body, importer.source.rel(path), page_dir="").strip()
    if not text:
        return
    title = str(meta.get("title") or "Teaching").strip()
    page = (
        "---\n"
        + yaml.safe_dump({"title": title.capitalize()}, allow_unicode=True)
        + "---\n\n# "
        + title.capitalize()
        + "\n\n"
        + text
        + "\n"
    )
    (importer.out / "docs" / "teaching.md").write_text(page, encoding="utf-8")
    importer.nav.append({title.capitalize(): "teaching.md"})
    importer.report.count("pages", 1, "_pages/teaching.md -> docs/teaching.md, as free text")
