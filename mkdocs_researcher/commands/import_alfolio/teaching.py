"""The teaching of al-folio's _teachings/ collection, _teaching/ on some sites (a teaching page's own list comes in
listpages.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .assets import clean_liquid
from .samples import is_sample_course

if TYPE_CHECKING:
    from .importer import Importer


def read_teachings(importer: Importer) -> None:
    # al-folio names the collection teachings; sites that added it themselves often name it teaching
    folder = next((name for name in ("teachings", "teaching") if (importer.source.path / f"_{name}").is_dir()), None)
    if folder is None or not importer.published(folder):
        return
    pages = importer.place(folder, f"_{folder}/")
    for path, meta, body in importer.source.collection(f"_{folder}") if pages else []:
        where = importer.source.rel(path)
        if is_sample_course(meta, body):
            importer.report.skip(where, "al-folio's sample course")
            continue
        entry = _teaching_entry(importer, meta, clean_liquid(importer, body, where).strip(), where)
        if entry:
            importer.add("teaching", entry, pages)
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
                    "time",
                },
                where,
            )


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
        importer.report.lose(where, "no course name (a title, or text like 'TA, Course name.')")
        return None
    entry.update({"term": term, "location": meta.get("location"), "institution": meta.get("institution")})
    entry["role"] = entry.get("role") or meta.get("role")
    if meta.get("schedule"):
        importer.report.lose(f"{where}: schedule", "a week-by-week course schedule; link the course page instead")
    return entry
