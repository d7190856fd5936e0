"""The CV, on the pages that show it (al-folio's cv layout): _data/cv.yml in RenderCV's format or al-folio's older
list of sections, or the JSON Resume of assets/json/resume.json, and _data/<lang>/cv.yml for other languages.

Every format becomes a list of (title, entries) sections; a section's title says what it is (Education,
Honors and Awards, Teaching Experience…), and one reader per kind takes the field names of every format
(RenderCV's company/position/start_date, JSON Resume's name/studyType/startDate, the list style's
title/institution/year). A section no kind matches is kept as text on the CV page. The CV's name, label and
location fill the profile where the site gave none; its interests go to the profile card. The page shows it
all with the cv marker: the owner's profile and papers, and the CV's sections.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .assets import copy_asset, from_data
from .dates import parse_date, range_fields, span_fields
from .markup import strip_tags
from .samples import is_sample_cv_field, is_sample_entry, is_sample_person

if TYPE_CHECKING:
    from .importer import Importer, NewPage

CV_MARKER = "<!-- researcher cv -->"
_SOCIAL_NETWORKS = {  # RenderCV's and JSON Resume's network names -> link kinds
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
# Section title words -> kind, first match first: "Teaching Experience" is teaching, "Academic Interests" interests.
_KINDS = (
    (("public", "paper", "论文", "发表"), "publications"),
    (("project", "项目"), "projects"),
    (("teach", "course", "lectur", "教学", "助教"), "teaching"),
    (("service", "review", "committee", "volunteer", "服务"), "service"),
    (("talk", "presentation", "seminar", "报告", "演讲"), "talks"),
    (("language", "语言"), "languages"),
    (("interest", "hobb", "兴趣"), "interests"),
    (
        ("award", "honor", "honour", "prize", "scholarship", "fellowship", "grant", "certificat", "奖", "荣誉"),
        "awards",
    ),
    (("skill", "technolog", "技能"), "skills"),
    (("educat", "degree", "studies", "教育", "学历"), "education"),
    (("experien", "employ", "work", "position", "appointment", "career", "经历", "工作"), "experience"),
)
# A section whose title says nothing known (or is in another language) is known by its entries' fields.
_KINDS_BY_FIELDS = (
    ({"institution", "area"}, "education"),
    ({"institution", "studyType"}, "education"),
    ({"institution", "degree"}, "education"),
    ({"company", "position"}, "experience"),
    ({"awarder"}, "awards"),
    ({"language", "fluency"}, "languages"),
    ({"name", "keywords"}, "skills"),
)
_JSON_RESUME_SECTIONS = {
    "work": "Experience",
    "volunteer": "Volunteer",
    "education": "Education",
    "awards": "Awards",
    "certificates": "Certificates",
    "publications": "Publications",
    "skills": "Skills",
    "languages": "Languages",
    "interests": "Interests",
    "projects": "Projects",
    "references": "References",
}


@dataclass
class Cv:
    """A CV in any of the formats: who it is about, and its sections as (title, entries, where)."""

    where: str
    name: str | None = None
    label: str | None = None
    location: str | None = None
    email: str | None = None
    links: dict[str, str] = field(default_factory=dict)
    sections: list[tuple[str, list, str]] = field(default_factory=list)


def read_cv(importer: Importer) -> None:
    data_dir = importer.source.path / "_data"
    own = data_dir / "cv.yml"
    resume = importer.source.path / "assets" / "json" / "resume.json"
    localized = {
        lang: data_dir / lang / "cv.yml" for lang in importer.languages if (data_dir / lang / "cv.yml").is_file()
    }
    default_local = data_dir / str(importer.default_language) / "cv.yml" if importer.default_language else None
    if default_local is not None and not own.is_file() and default_local.is_file():
        own = default_local
    if not (own.is_file() or resume.is_file() or localized):
        return
    first = own if own.is_file() else resume
    pages = importer.place("cv", importer.source.rel(first))
    if not pages:
        return
    use_resume = not own.is_file() or any(p.old and p.old.meta.get("cv_format") == "jsonresume" for p in pages)
    chosen, other = (resume, own) if use_resume and resume.is_file() else (own, resume)
    if other.is_file():
        importer.report.skip(importer.source.rel(other), f"the CV page shows {importer.source.rel(chosen)} instead")
    _cv_pdf(importer, pages)
    cv = _read(importer, chosen)
    if cv is not None:
        _convert(importer, cv, pages, profile=True)
    for language, path in localized.items():
        cv = _read(importer, path)
        if cv is not None:
            targets = [importer.page_for(p.old, language) for p in pages if p.old is not None]
            _convert(importer, cv, targets, profile=False)


def _cv_pdf(importer: Importer, pages: list[NewPage]) -> None:
    """The CV page's PDF (cv_pdf:) as the profile's cv link, unless the site gave one already."""
    for page in pages:
        name = page.old.meta.get("cv_pdf") if page.old else None
        if not isinstance(name, str) or not name.strip() or "cv" in importer.profile.get("links", {}):
            continue
        if name.strip() == "example_pdf.pdf":
            importer.report.skip(f"{page.old.where}: cv_pdf", "al-folio's sample PDF")
            continue
        path = name.strip() if "/" in name or ":" in name else f"assets/pdf/{name.strip()}"
        copied = copy_asset(importer, path, f"{page.old.where}: cv_pdf", "CV file", folder="files")
        if copied:
            importer.profile.setdefault("links", {})["cv"] = from_data(copied)


def _read(importer: Importer, path: Path) -> Cv | None:
    where = importer.source.rel(path)
    if path.suffix == ".json":
        text = importer.source.read_text(path)
        if text is None:
            return None
        try:
            data = json.loads(text)
        except ValueError as error:
            importer.report.lose(where, f"not valid JSON ({error})")
            return None
        return _from_json_resume(data, where) if isinstance(data, dict) else None
    data = importer.source.read_yaml_file(path)
    if isinstance(data, dict) and isinstance(data.get("cv"), dict):
        return _from_rendercv(data["cv"], where)
    if isinstance(data, list):
        return _from_list(data, where)
    if data is not None:
        importer.report.lose(where, "neither RenderCV (cv: sections: …) nor al-folio's list of sections")
    return None


def _from_rendercv(cv: dict, where: str) -> Cv:
    result = Cv(
        where, _text(cv.get("name")), _text(cv.get("label")), _location(cv.get("location")), _text(cv.get("email"))
    )
    for network in _as_list(cv.get("social_networks")):
        if isinstance(network, dict):
            kind = _SOCIAL_NETWORKS.get(str(network.get("network", "")).lower())
            if kind and network.get("username"):
                result.links[kind] = str(network["username"])
    sections = cv.get("sections") if isinstance(cv.get("sections"), dict) else {}
    for title, entries in sections.items():
        result.sections.append(
            (str(title), entries if isinstance(entries, list) else [entries], f"{where}: sections.{title}")
        )
    return result


def _from_list(sections: list, where: str) -> Cv:
    """al-folio's older cv.yml: [{title, type: time_table|list|nested_list|map, contents: [...]}]."""
    result = Cv(where)
    for index, section in enumerate(sections):
        if not isinstance(section, dict):
            continue
        title = str(section.get("title") or f"section {index + 1}")
        contents = section.get("contents") if isinstance(section.get("contents"), list) else []
        if section.get("type") == "map":
            for item in contents:
                if isinstance(item, dict) and str(item.get("name", "")).lower() == "full name":
                    result.name = _text(item.get("value"))
        result.sections.append((title, contents, f"{where}: {title}"))
    return result


def _from_json_resume(data: dict, where: str) -> Cv:
    basics = data.get("basics") if isinstance(data.get("basics"), dict) else {}
    result = Cv(where, _text(basics.get("name")), _text(basics.get("label")), _location(basics.get("location")))
    result.email = _text(basics.get("email"))
    for profile in _as_list(basics.get("profiles")):
        if isinstance(profile, dict):
            kind = _SOCIAL_NETWORKS.get(str(profile.get("network", "")).lower())
            value = profile.get("username") or profile.get("url")
            if kind and value:
                result.links[kind] = str(value)
    for key, title in _JSON_RESUME_SECTIONS.items():
        if data.get(key):
            result.sections.append((title, _as_list(data[key]), f"{where}: {key}"))
    return result


def _convert(importer: Importer, cv: Cv, pages: list[NewPage], profile: bool) -> None:
    if not _without_samples(importer, cv):
        importer.report.skip(cv.where, "al-folio's sample CV (Albert Einstein's)")
        return
    if profile:
        _fill_profile(importer, cv)
    text: list[str] = []
    for title, entries, where in cv.sections:
        kind = _kind(title, entries)
        if kind == "publications":
            importer.report.skip(where, "publications come from the bibliography")
        elif kind == "interests":
            interests = [i for i in (_interest(e) for e in entries) if i]
            if profile:
                importer.profile.setdefault("interests", []).extend(interests)
                importer.report.count("interests", len(interests), "the CV's -> the profile card")
        elif kind is None:
            text += _as_text(title, entries)
            importer.report.count("CV text", 1, "sections no kind matches, kept as text on the CV page")
        else:
            for index, item in enumerate(entries):
                for entry in _entries(importer, kind, item, f"{where}[{index}]"):
                    # Languages are one skill group, "Languages" (merged below).
                    importer.add("skills" if kind == "languages" else kind, entry, pages, counted=False)
                    if profile:
                        importer.report.count(kind)
    for page in pages:
        page.body = "\n\n".join(filter(None, [page.body, *text]))
        _merge_languages(page)
        # The whole CV (the owner's profile and papers, this page's sections), as al-folio's cv layout showed it.
        if CV_MARKER not in page.markers:
            page.markers.append(CV_MARKER)


def _without_samples(importer: Importer, cv: Cv) -> bool:
    """Leave out what is still the template's (Einstein's name and card, each untouched sample entry) and keep
    what the owner wrote; False when nothing is left, the whole file being the template's."""
    owner = importer.name or importer.profile.get("name")
    sample_name = is_sample_person(cv.name, owner)
    own_sections, left_out, samples, owners = [], [], 0, 0
    for title, entries, where in cv.sections:
        own = [entry for entry in entries if not is_sample_entry(entry)]
        samples, owners = samples + len(entries) - len(own), owners + len(own)
        if len(own) < len(entries):
            left_out.append(f"{where} ({len(entries) - len(own)} of {len(entries)})")
        if own:
            own_sections.append((title, own, where))
    # Still Einstein's name and mostly his entries: the template's file, where a few values no check knows
    # ("Languages: English, German", a fork's own project) are the template's too.
    if (not owners and cv.name is None) or (sample_name and samples >= owners):
        return False
    if sample_name:
        cv.name = None
        left_out.insert(0, f"{cv.where}: name")
    if sample_name or left_out:
        cv.label, cv.location = (None if is_sample_cv_field(v) else v for v in (cv.label, cv.location))
    cv.sections = own_sections
    for where in left_out:
        importer.report.skip(where, "al-folio's sample CV entries (Albert Einstein's); the owner's own are imported")
    return True


def _fill_profile(importer: Importer, cv: Cv) -> None:
    profile = importer.profile
    for key, value in (("name", cv.name), ("email", cv.email), ("position", cv.label)):
        if value and key not in profile:
            profile[key] = value
    if cv.location and not profile.get("affiliations"):
        profile["affiliations"] = [cv.location]
        importer.report.notes.append(f"the CV's location '{cv.location}' became the profile's affiliation")
    links = profile.setdefault("links", {})
    for kind, value in cv.links.items():
        links.setdefault(kind, value)


def _kind(title: str, entries: list) -> str | None:
    lowered = title.lower()
    kind = next((kind for words, kind in _KINDS if any(word in lowered for word in words)), None)
    if kind is None and entries and all(isinstance(e, dict) for e in entries):
        fields = set.intersection(*(set(e) for e in entries))
        kind = next((kind for needed, kind in _KINDS_BY_FIELDS if needed <= fields), None)
    return kind


def _entries(importer: Importer, kind: str, item, where: str) -> list[dict]:
    """One CV item as entries of kind; [] (reported) when it lacks what the kind needs."""
    if not isinstance(item, dict):
        item = {"bullet": item}
    if isinstance(item.get("items"), list) and kind in ("awards", "service", "teaching", "talks"):
        # The list style's {year, items: [...]}: one entry per item, all of that year.
        return [
            e for sub in item["items"] for e in _entries(importer, kind, {**item, "items": None, "bullet": sub}, where)
        ]
    entry = _READERS[kind](item, _dates(importer, kind, item, where), _details(item))
    if entry is None:
        importer.report.lose(where, f"an entry without {_NEEDS[kind]}, which a {kind} entry needs")
        return []
    return [entry]


def _dates(importer: Importer, kind: str, item: dict, where: str) -> dict:
    """start/end, or a single date; an ongoing entry (a start and no end) runs to the present."""
    start = _first(item, "start_date", "startDate")
    end = _first(item, "end_date", "endDate")
    report = importer.report
    if start not in (None, ""):
        return span_fields(report, start, "present" if end in (None, "") else end, where)
    single = _first(item, "date", "releaseDate", "year")
    if single in (None, ""):
        return {}
    if kind in ("awards", "talks"):
        date = parse_date(single)
        found = range_fields(report, single, where) if date is None else {"start": date}
        return {"date": found.get("start")} if found else {}
    return range_fields(report, single, where)


def _details(item: dict) -> list[str]:
    details = [str(h) for h in _as_list(item.get("highlights")) if str(h).strip()]
    for key in ("summary", "description"):
        details += _flatten(item.get(key))
    if item.get("courses"):
        details.append("Courses: " + ", ".join(str(c) for c in _as_list(item["courses"])))
    for key, label in (("score", "Score"), ("gpa", "GPA")):
        if item.get(key):
            details.append(f"{label}: {item[key]}")
    return details


def _experience(item: dict, dates: dict, details: list[str]) -> dict | None:
    organization = _first(item, "company", "organization", "name", "institution")
    role = _first(item, "position", "title", "role")
    if not organization or not role:
        return None
    return {"organization": str(organization), "role": str(role), **_where(item), **dates, "details": details or None}


def _education(item: dict, dates: dict, details: list[str]) -> dict | None:
    institution = _first(item, "institution", "school", "name")
    degree = _first(item, "degree", "studyType", "title")
    area = item.get("area")
    if not institution:
        return None
    # "Ph.D." and "Applied Mathematics" -> "Ph.D. in Applied Mathematics"
    named = " in ".join(str(x).strip() for x in (degree, area) if x and str(x).strip()) or "Studies"
    return {"degree": named, "institution": str(institution), **_where(item), **dates, "details": details or None}


def _award(item: dict, dates: dict, details: list[str]) -> dict | None:
    title = _first(item, "title", "name", "label", "bullet")
    if not title:
        return None
    if item.get("label") and item.get("details"):  # RenderCV's one-line entry: "label: details"
        details = [str(item["details"]), *details]
    awarder = _first(item, "awarder", "issuer", "institution", "organization")
    return {"title": str(title), "awarder": awarder, **dates, "details": "\n\n".join(details) or None}


def _skill(item: dict, dates: dict, details: list[str]) -> dict | None:
    name = _first(item, "name", "label", "title")
    if not name:
        return None
    keywords = _as_list(item.get("keywords")) or _as_list(item.get("items"))
    items = [str(k) for k in keywords] or [s.strip() for s in str(item.get("details") or "").split(",") if s.strip()]
    level = item.get("level")
    return {"name": f"{name} ({level})" if level else str(name), "items": items or None}


def _language(item: dict, dates: dict, details: list[str]) -> dict | None:
    """Languages become one skill group, "Languages", merged on each page once all are read."""
    name = _first(item, "language", "name", "label", "bullet")
    if not name:
        return None
    note = _first(item, "fluency", "level", "details")
    if not item.get("label") and not note and "," in str(name):  # the list style's "English, German"
        return {"name": "Languages", "items": [s.strip() for s in str(name).split(",") if s.strip()]}
    return {"name": "Languages", "items": [{"name": str(name), "note": str(note) if note else None}]}


def _service(item: dict, dates: dict, details: list[str]) -> dict | None:
    role = _first(item, "position", "role", "title", "name", "label", "bullet")
    if not role:
        return None
    organization = _first(item, "company", "organization", "institution", "awarder") or (
        item.get("details") if item.get("label") else None
    )
    return {
        "role": strip_tags(str(role)),
        "organization": organization,
        **_where(item),
        **_year(dates),
        "details": details or None,
    }


def _teaching(item: dict, dates: dict, details: list[str]) -> dict | None:
    course = _first(item, "course", "name", "title", "label", "bullet")
    if not course:
        return None
    return {
        "course": strip_tags(str(course)),
        "role": _first(item, "position", "role"),
        "institution": _first(item, "company", "institution", "organization"),
        **dates,
        "details": details or None,
    }


def _talk(item: dict, dates: dict, details: list[str]) -> dict | None:
    title = _first(item, "title", "name", "label", "bullet")
    if not title:
        return None
    event = _first(item, "event", "company", "institution", "publisher", "conference")
    return {
        "title": strip_tags(str(title)),
        "event": event,
        "location": item.get("location"),
        **dates,
        "details": "\n\n".join(details) or None,
    }


def _project(item: dict, dates: dict, details: list[str]) -> dict | None:
    name = _first(item, "name", "title", "label", "bullet")
    if not name:
        return None
    return {"name": strip_tags(str(name)), "url": item.get("url"), "description": "\n\n".join(details) or None}


_READERS = {
    "experience": _experience,
    "education": _education,
    "awards": _award,
    "skills": _skill,
    "languages": _language,
    "service": _service,
    "teaching": _teaching,
    "talks": _talk,
    "projects": _project,
}
_NEEDS = {
    "experience": "an organization (company, name or institution) and a role (position or title)",
    "education": "an institution",
    "awards": "a title (title, name or label)",
    "skills": "a name (name or label)",
    "languages": "a language (language or name)",
    "service": "a role (position, role, title or name)",
    "teaching": "a course (course, name or title)",
    "talks": "a title (title or name)",
    "projects": "a name (name or title)",
}


def _merge_languages(page: NewPage) -> None:
    """The "Languages" skill groups read one per language, as one group."""
    skills = page.sections.get("skills") or []
    languages = [group for group in skills if group.get("name") == "Languages"]
    if len(languages) > 1:
        merged = {"name": "Languages", "items": [item for group in languages for item in group.get("items", [])]}
        page.sections["skills"] = [g for g in skills if g.get("name") != "Languages"] + [merged]


def _interest(item) -> str | None:
    if isinstance(item, dict):
        name = _first(item, "name", "label", "title")
        keywords = (
            _as_list(item.get("keywords"))
            or _as_list(item.get("items"))
            or [s for s in str(item.get("details") or "").split(",") if s.strip()]
        )
        if not name:
            return None
        return f"{name} ({', '.join(str(k).strip() for k in keywords)})" if keywords else str(name)
    return strip_tags(str(item)) or None


def _as_text(title: str, entries: list) -> list[str]:
    """A section no kind matches, as Markdown: its title as a heading, each entry a paragraph or a list item."""
    lines = []
    for entry in entries:
        if isinstance(entry, dict):
            if "value" in entry and "name" in entry:  # the list style's map
                lines.append(f"- **{entry['name']}**: {entry['value']}")
                continue
            head = ", ".join(
                str(entry[k])
                for k in ("title", "name", "label", "degree", "area", "institution", "company", "position")
                if entry.get(k)
            )
            dates = " – ".join(str(entry[k]) for k in ("start_date", "end_date") if entry.get(k))
            rest = [str(entry[k]) for k in ("details", "year", "date") if entry.get(k)] + [dates] + _details(entry)
            rest += [str(x) for x in _as_list(entry.get("items"))]
            lines.append("- " + "; ".join(filter(None, [head, *rest])))
        elif entry not in (None, ""):
            lines.append(f"- {entry}" if len(entries) > 1 else str(entry))
    heading = title[:1].upper() + title[1:] if title == title.lower() else title  # RenderCV's keys: "summary"
    return [f"## {heading}\n\n" + "\n".join(lines)] if lines else []


def _where(item: dict) -> dict:
    return {
        "location": _location(item.get("location")),
        "url": item.get("url") if isinstance(item.get("url"), str) else None,
    }


def _year(dates: dict) -> dict:
    """Service shows a year: a single date's year, else the span."""
    start, end = dates.get("start"), dates.get("end")
    if start and not end and str(start)[:4].isdigit():
        return {"year": int(str(start)[:4])}
    return dates


def _first(item: dict, *keys: str):
    return next((item[k] for k in keys if item.get(k) not in (None, "", [])), None)


def _text(value) -> str | None:
    return strip_tags(str(value)) if value not in (None, "") else None


def _location(value) -> str | None:
    if isinstance(value, dict):  # JSON Resume: {city, region, countryCode}
        value = ", ".join(str(value[k]) for k in ("city", "region", "countryCode") if value.get(k))
    return _text(value)


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
