"""The CV: _data/cv.yml, in RenderCV's format or al-folio's older list of sections, else the JSON Resume of
assets/json/resume.json -> experience, education, awards and skills."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from .dates import parse_date, range_fields, span_fields

if TYPE_CHECKING:
    from .importer import Importer

_SOCIAL_NETWORKS = {  # RenderCV's social_networks names -> link kinds
    "github": "github",
    "gitlab": "gitlab",
    "linkedin": "linkedin",
    "orcid": "orcid",
    "google scholar": "scholar",
    "researchgate": "researchgate",
    "x": "x",
    "twitter": "twitter",
    "mastodon": "mastodon",
    "youtube": "youtube",
    "bluesky": "bluesky",
}


def read_cv(importer: Importer) -> None:
    path = importer.source.path / "_data" / "cv.yml"
    resume = importer.source.path / "assets" / "json" / "resume.json"
    if path.is_file():
        data = importer.source.read_yaml_file(path)
        if isinstance(data, dict) and isinstance(data.get("cv"), dict):
            _rendercv(importer, data["cv"], "_data/cv.yml")
        elif isinstance(data, list):
            _cv_list(importer, data, "_data/cv.yml")
        elif data is not None:
            importer.report.skip("_data/cv.yml", "neither RenderCV (cv: sections: …) nor al-folio's list of sections")
        if resume.is_file():
            importer.report.skip("assets/json/resume.json", "_data/cv.yml was used for the CV instead")
    elif resume.is_file():
        _json_resume(importer, resume)


def _rendercv(importer: Importer, cv: dict, where: str) -> None:
    profile = importer.profile
    if cv.get("name") and "name" not in profile:
        profile["name"] = str(cv["name"]).strip()
    if cv.get("email") and "email" not in profile:
        profile["email"] = str(cv["email"]).strip()
    links = profile.setdefault("links", {})
    for network in _as_list(cv.get("social_networks")):
        if not isinstance(network, dict):
            continue
        kind = _SOCIAL_NETWORKS.get(str(network.get("network", "")).lower())
        if kind and network.get("username") and kind not in links:
            links[kind] = str(network["username"])
    sections = cv.get("sections") if isinstance(cv.get("sections"), dict) else {}
    for title, entries in sections.items():
        _rendercv_section(
            importer, str(title), entries if isinstance(entries, list) else [], f"{where}: sections.{title}"
        )


def _rendercv_section(importer: Importer, title: str, entries: list, where: str) -> None:
    kind = _cv_kind(title)
    if kind is None:
        importer.report.skip(where, _cv_skip_reason(title))
        return
    for index, item in enumerate(entries):
        if not isinstance(item, dict):
            item = {"bullet": item}
        entry = _rendercv_entry(importer, kind, item, f"{where}[{index}]")
        if entry:
            importer.add(kind, entry)


def _rendercv_entry(importer: Importer, kind: str, item: dict, where: str) -> dict | None:
    report = importer.report
    details = [str(h) for h in _as_list(item.get("highlights"))] + (
        [str(item["summary"])] if item.get("summary") else []
    )
    dates = span_fields(report, item.get("start_date"), item.get("end_date"), where) if item.get("start_date") else {}
    if item.get("date") and not dates:
        dates = range_fields(report, item["date"], where)
    common = {"location": item.get("location"), "url": item.get("url"), **dates}
    if kind == "experience" and item.get("company") and item.get("position"):
        return {"organization": item["company"], "role": item["position"], **common, "details": details or None}
    if kind == "education" and item.get("institution"):
        degree = " in ".join(str(x) for x in (item.get("degree"), item.get("area")) if x)
        return {
            "degree": degree or "Studies",
            "institution": item["institution"],
            **common,
            "details": details or None,
        }
    if kind == "awards" and (item.get("name") or item.get("label") or item.get("bullet")):
        title = item.get("name") or item.get("label") or item.get("bullet")
        return {
            "title": str(title),
            "date": dates.get("start"),
            "details": item.get("details") or ("; ".join(details) or None),
        }
    if kind == "skills" and item.get("label"):
        return {
            "name": item["label"],
            "items": [s.strip() for s in str(item.get("details") or "").split(",") if s.strip()],
        }
    report.skip(where, f"an entry without the fields this section needs ({', '.join(sorted(item))})")
    return None


def _cv_list(importer: Importer, sections: list, where: str) -> None:
    """al-folio's older cv.yml: [{title, type: time_table, contents: [{title, institution, year, description}]}]."""
    for index, section in enumerate(sections):
        if not isinstance(section, dict):
            continue
        title = str(section.get("title") or f"section {index + 1}")
        kind = _cv_kind(title)
        contents = section.get("contents") if isinstance(section.get("contents"), list) else []
        if kind is None or section.get("type", "time_table") not in ("time_table", "list", "nested_list"):
            importer.report.skip(f"{where}: {title}", _cv_skip_reason(title))
            continue
        for item_index, item in enumerate(contents):
            for entry in _cv_list_entries(importer, kind, item, f"{where}: {title}[{item_index}]"):
                importer.add(kind, entry)


def _cv_list_entries(importer: Importer, kind: str, item, where: str) -> list[dict]:
    if not isinstance(item, dict):
        return [{"title": str(item)}] if kind == "awards" else []
    dates = range_fields(importer.report, item["year"], where) if item.get("year") not in (None, "") else {}
    details = _flatten(item.get("description"))
    if kind == "awards":
        titles = [str(t) for t in _as_list(item.get("items"))] or ([str(item["title"])] if item.get("title") else [])
        return [{"title": t, "date": dates.get("start")} for t in titles]
    if not item.get("title") or not item.get("institution"):
        importer.report.skip(where, "an entry without title and institution")
        return []
    if kind == "skills":
        return [{"name": item["title"], "items": [str(i) for i in _as_list(item.get("items"))]}]
    key = {"experience": ("role", "organization"), "education": ("degree", "institution")}[kind]
    return [{key[0]: str(item["title"]), key[1]: str(item["institution"]), **dates, "details": details or None}]


def _json_resume(importer: Importer, path: Path) -> None:
    """al-folio's default CV source since 2023: JSON Resume."""
    report = importer.report
    where = importer.source.rel(path)
    text = importer.source.read_text(path)
    if text is None:
        return
    try:
        data = json.loads(text)
    except ValueError as error:
        report.skip(where, f"not valid JSON ({error})")
        return
    basics = data.get("basics") if isinstance(data.get("basics"), dict) else {}
    if basics.get("name") and "name" not in importer.profile:
        importer.profile["name"] = str(basics["name"])
    for item in data.get("work") or []:
        if isinstance(item, dict) and item.get("name") and item.get("position"):
            dates = span_fields(
                report,
                item.get("startDate"),
                item.get("endDate") or ("present" if item.get("startDate") else None),
                where,
            )
            importer.add(
                "experience",
                {
                    "organization": item["name"],
                    "role": item["position"],
                    "url": item.get("url"),
                    "location": item.get("location"),
                    **dates,
                    "details": [str(h) for h in _as_list(item.get("highlights"))]
                    + ([item["summary"]] if item.get("summary") else [])
                    or None,
                },
            )
    for item in data.get("education") or []:
        if isinstance(item, dict) and item.get("institution"):
            degree = " in ".join(str(x) for x in (item.get("studyType"), item.get("area")) if x) or "Studies"
            importer.add(
                "education",
                {
                    "degree": degree,
                    "institution": item["institution"],
                    "url": item.get("url"),
                    **span_fields(report, item.get("startDate"), item.get("endDate"), where),
                },
            )
    for item in data.get("awards") or []:
        if isinstance(item, dict) and item.get("title"):
            importer.add(
                "awards",
                {
                    "title": item["title"],
                    "awarder": item.get("awarder"),
                    "date": parse_date(item.get("date")),
                    "details": item.get("summary"),
                },
            )
    if basics.get("label") and "position" not in importer.profile:
        importer.profile["position"] = str(basics["label"])
    for item in data.get("skills") or []:
        if isinstance(item, dict) and item.get("name"):
            importer.add("skills", {"name": item["name"], "items": [str(k) for k in _as_list(item.get("keywords"))]})
    for key in sorted(set(data) - {"basics", "work", "education", "awards", "skills", "meta", "$schema"}):
        if data[key]:
            report.skip(f"{where}: {key}", _cv_skip_reason(key))


def _cv_kind(title: str) -> str | None:
    lowered = title.lower()
    for words, kind in (
        (("educat", "degree", "studies"), "education"),
        (("experien", "employ", "work", "position", "appointment", "career"), "experience"),
        (("award", "honor", "honour", "prize", "scholarship"), "awards"),
        (("skill", "technolog"), "skills"),
    ):
        if any(word in lowered for word in words):
            return kind
    return None


def _cv_skip_reason(title: str) -> str:
    lowered = title.lower()
    if "public" in lowered:
        return "publications come from papers.bib"
    if "project" in lowered:
        return "projects come from _projects/"
    return "no section of this plugin matches it"


def _as_list(value) -> list:
    """A list as written, or one value as a list of one (a lone string is not a list of letters)."""
    return value if isinstance(value, list) else [] if value in (None, "") else [value]


def _flatten(description) -> list[str]:
    """al-folio's description: strings, or {title, contents: [...]} groups -> Markdown strings."""
    if description is None:
        return []
    items = description if isinstance(description, list) else [description]
    result = []
    for item in items:
        if isinstance(item, dict):
            inner = "; ".join(str(x) for x in _as_list(item.get("contents")))
            result.append(f"{item.get('title', '')}: {inner}".strip(": ") if inner else str(item.get("title", "")))
        elif item not in (None, ""):
            result.append(str(item))
    return [r for r in result if r]
