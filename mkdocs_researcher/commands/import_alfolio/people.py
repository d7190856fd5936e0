"""A lab's people: a collection of _config.yml (_people/, _members/…) whose entries are persons, listed by a shown
page through site.<name>. Each member becomes a person file of the plugin's people folder (docs/data/people/<id>.yml:
name, position, photo, e-mail, links, group), a member page (docs/people/<id>.md, when the collection has pages of
its own) and, when the member's page or the listing names a .bib for the member — also through a variable of the
member's front matter ({% bibliography --file {{page.bib_file}} %}) — that .bib as the member's publications. The
listing pages get the people section. Any other collection no step reads is named in the report.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from .assets import clean_liquid, copy_asset
from .config import SOCIALS
from .markup import strip_tags
from .publications import LIST_MARKER, bibliography_folder, check_bibliography
from .site import source_key
from .writer import prune

if TYPE_CHECKING:
    from .importer import Importer
    from .site import OldPage

PEOPLE_FOLDER = "docs/data/people"  # inside data/, which the new site reads but does not publish
# Collections other steps read (news.py, projects.py, teaching.py) or report (leftovers.py: _posts).
_READ_ELSEWHERE = {"news", "projects", "teachings", "teaching", "posts"}
_PERSON_LAYOUTS = re.compile(r"person|people|member|profile|bio", re.I)
_PERSON_KEYS = {
    "firstname",
    "lastname",
    "first_name",
    "last_name",
    "name",
    "position",
    "role",
    "img",
    "image",
    "photo",
    "email",
    "category",
    "pronouns",
    "github_username",
    "linkedin_username",
    "scholar_userid",
    "website",
}
# {% bibliography --file {{ page.bib_file }} %} or {{person.bib_file}}: the front-matter key naming a member's .bib.
_BIB_VARIABLE = re.compile(r"\{%-?\s*bibliography\b[^%]{0,300}?--file\s+\{\{\s*\w+\.(\w+)\s*\}\}")
_PEOPLE_MARKER = "<!-- researcher people -->"
_WHERE_CATEGORY = r"\s*\|\s*where:\s*[\"']category[\"']\s*,\s*[\"']([^\"']+)[\"']"  # | where: "category", "PhD"


def read_people(importer: Importer) -> None:
    site = importer.site
    for name in sorted(site.collections or {}):
        folder = importer.source.path / f"_{name}"
        if name in _READ_ELSEWHERE or not folder.is_dir():
            continue
        entries = importer.source.collection(f"_{name}")
        if entries and _holds_people(entries):
            _read_collection(importer, name, entries)
        elif entries:
            listing, why = site.shown_listing(name)
            if listing:
                importer.report.lose(
                    f"_{name}/",
                    f"a collection of {len(entries)} entries this plugin has no section for; "
                    f"copy what {listing[0].where} shows of it into that page's text",
                )
            else:
                importer.report.skip(f"_{name}/", why)


def _holds_people(entries: list[tuple[Path, dict, str]]) -> bool:
    """Most entries use a person's layout or give a person's fields (a name and a photo, e-mail, position…)."""
    persons = sum(
        1
        for _, meta, _ in entries
        if _PERSON_LAYOUTS.search(str(meta.get("layout") or "")) or len(_PERSON_KEYS & set(meta)) >= 3
    )
    return persons * 2 > len(entries)


def _read_collection(importer: Importer, name: str, entries: list[tuple[Path, dict, str]]) -> None:
    listing = importer.place(name, f"_{name}/")
    if not listing:
        return
    site = importer.site
    own_pages = site.has_own_pages(name)
    bib_keys = _bib_keys(importer, name)
    groups: list[str] = []
    for old in site.shown_listing(name)[0]:
        shown = old.meta.get("display_categories")
        groups += [str(g) for g in shown if str(g) not in groups] if isinstance(shown, list) else []
    taken: set[str] = set()
    for path, meta, body in entries:
        where = importer.source.rel(path)
        if meta.get("show") is False:
            importer.report.skip(where, "show: false (the people page leaves it out)")
            continue
        person_id = _unique(re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "person", taken)
        person = _person(importer, meta, where)
        if not person.get("name"):
            importer.report.lose(where, "no name (name, title, or firstname and lastname); left out")
            continue
        if person.get("group") and person["group"] not in groups:
            groups.append(person["group"])
        _write_person(importer, person_id, person)
        importer.report.count("people", 1, f"_{name}/ -> {PEOPLE_FOLDER}/")
        text = clean_liquid(importer, body, where, page_dir="people").strip()
        bib = next((meta[key] for key in bib_keys if isinstance(meta.get(key), str) and meta[key].strip()), None)
        if own_pages and not meta.get("redirect"):
            _member_page(importer, person_id, person["name"], text, bib, where)
        elif bib or text:
            importer.report.skip(
                f"{where}: text and publications" if bib else f"{where}: text",
                "the member has no page of their own (output: false, or redirect:)",
            )
    importer.options["people"] = PEOPLE_FOLDER
    if groups:
        importer.options["people_groups"] = groups
    for page in listing:
        page.markers += [m for m in _people_markers(page.old, name) if m not in page.markers]
        if not page.old.is_home and not page.body:
            page.body = clean_liquid(importer, page.old.body, page.old.where).strip()


def _people_markers(old: OldPage, name: str) -> list[str]:
    """The people section as the page showed it: one group (a category page, or site.people | where: "category",
    "Lab Director"), else everyone."""
    if not old.is_home and isinstance(old.meta.get("category"), str):
        groups = [old.meta["category"]]
    else:
        where = re.compile(r"\bsite\." + re.escape(name) + _WHERE_CATEGORY)
        listed = re.findall(r"\bsite\." + re.escape(name) + r"\b", old.body)
        groups = where.findall(old.body)
        groups = groups if groups and len(groups) == len(listed) else []
    return [f'<!-- researcher people group="{group}" -->' for group in dict.fromkeys(groups)] or [_PEOPLE_MARKER]


def _person(importer: Importer, meta: dict, where: str) -> dict:
    text = {key: value.strip() for key, value in meta.items() if isinstance(value, str) and value.strip()}
    full = " ".join(text[k] for k in ("firstname", "lastname") if k in text)
    name = text.get("name") or full or text.get("title")
    position = next((text[k] for k in ("position", "role", "description") if k in text), None)
    links = {}
    for key, value in meta.items():
        if key in SOCIALS and isinstance(value, (str, int)) and str(value).strip():
            kind, pattern = SOCIALS[key]
            links[kind] = pattern.format(id=str(value).strip().lstrip("@")) if pattern else str(value).strip()
    for key in ("website", "redirect"):
        if isinstance(meta.get(key), str) and re.match(r"^https?://", meta[key].strip()):
            links.setdefault("website", meta[key].strip())
    photo = copy_asset(importer, meta.get("img") or meta.get("image") or meta.get("photo"), f"{where}: img", "photo")
    return {
        "name": strip_tags(name).strip() if name else None,
        "pronouns": text.get("pronouns"),
        "photo": photo if photo is None or re.match(r"^[a-z]+:", photo) else "../../" + photo,
        "position": strip_tags(position).strip() if position else None,
        "email": text.get("email"),
        "links": links,
        "group": text.get("category"),
    }


def _write_person(importer: Importer, person_id: str, person: dict) -> None:
    folder = importer.out / PEOPLE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{person_id}.yml").write_text(
        "# Imported from al-folio by `mkdocs-researcher import-alfolio`: a member of the lab (see the README's "
        "'Lab sites').\n" + yaml.safe_dump({"profile": prune(person)}, allow_unicode=True, sort_keys=False),
        encoding="utf-8",
    )


def _member_page(importer: Importer, person_id: str, name: str, text: str, bib: str | None, where: str) -> None:
    page = importer.new_page(f"people/{person_id}", name, None)
    page.front["profile"] = person_id
    page.body = text
    if bib is None:
        return
    source = bibliography_folder(importer) / _bib_name(bib)
    real = importer.source.checked(source) if source.is_file() else None
    if real is None:
        if not source.is_file():
            importer.report.missing_file(importer.source.rel(source), f"{where}: {bib}")
        return
    target = importer.out / "docs" / "people" / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(real, target)
    importer.copied[str(real)] = f"people/{source.name}"  # so publications.py does not call it unused
    if check_bibliography(importer, target, importer.source.rel(source)):
        importer.bibliographies[f"people/{source.name}"] = f"people/{source.name}"
        page.front["publications"] = source.name
        page.markers.append(LIST_MARKER)
    else:
        target.unlink()


def _bib_keys(importer: Importer, name: str) -> list[str]:
    """The front-matter keys that name a member's .bib: those a {% bibliography --file {{x.KEY}} %} reads, in the
    members' layouts or in the pages listing them."""
    site = importer.site
    listing = [old for old in site.pages if source_key(name) in old.lists]
    members = importer.source.collection(f"_{name}")
    layouts = {str(meta.get("layout") or "") for _, meta, _ in members}
    layouts |= {str(old.meta.get("layout") or "") for old in listing}
    texts = [old.body for old in listing] + [body for _, _, body in members]
    texts += [text for layout in sorted(layouts) for text in site.layout_texts(layout)]
    return list(dict.fromkeys(key for text in texts for key in _BIB_VARIABLE.findall(text)))


def _bib_name(value: str) -> str:
    name = Path(value.strip()).name
    return name if name.endswith(".bib") else f"{name}.bib"


def _unique(name: str, taken: set[str]) -> str:
    while name in taken:
        name += "-2"
    taken.add(name)
    return name
