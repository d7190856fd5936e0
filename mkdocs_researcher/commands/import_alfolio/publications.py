"""The publications: the bibliography _config.yml names (_bibliography/papers.bib) and any other .bib a shown page
names ({% bibliography --file talks %}), copied into docs/ and checked as the plugin will read them; and
_data/venues.yml and coauthors.yml, which the publication lists use, copied beside mkdocs.yml once they would
read without a warning."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from ...diagnostics import Reporter, counted
from ...sources.bibtex import read_bibtex_file
from ...sources.coauthors import read_coauthors
from ...sources.text_files import read_unicode
from ...sources.venues import read_venues
from .samples import sample_bibliography
from .site import cited_keys

if TYPE_CHECKING:
    from .importer import Importer, NewPage

LIST_MARKER = "<!-- researcher publications group_by=year heading=none -->"
SELECTED_MARKER = "<!-- researcher publications selected -->"


def read_bibliography(importer: Importer) -> None:
    source = importer.source
    scholar = importer.config.get("scholar") if isinstance(importer.config.get("scholar"), dict) else {}
    folder = bibliography_folder(importer)
    name = str(scholar.get("bibliography") or "papers.bib")
    path = folder / (name if name.endswith(".bib") else name + ".bib")
    for old in importer.site.shown_listing("publications")[0]:
        importer.page_for(old).claimed = True  # a publications page: its list, or nothing when there is none
    _cited_lists(importer)
    named = _named_bibliographies(importer, folder)
    for other in sorted(folder.glob("*.bib")) if folder.is_dir() else []:
        if other != path and other.stem not in named and os.path.realpath(other) not in importer.copied:
            _unused(importer, other)
    for stem, pages in named.items():
        _page_bibliography(importer, folder / f"{stem}.bib", pages)
    if not path.is_file():
        if importer.site.shown_listing("publications")[0]:
            where = f"{source.rel(folder) if folder.exists() else '_bibliography'}/{path.name}"
            importer.report.lose(where, "not found, though a page shows publications; the site has none yet")
        return
    pages = importer.place("publications", source.rel(path))
    if not pages:
        return
    if scholar.get("source") or scholar.get("bibliography"):
        real = source.checked(path, "_config.yml: scholar.bibliography", f"the bibliography '{source.rel(path)}'")
    else:
        real = source.checked(path)
    if real is None:
        return
    target = importer.out / "docs" / "papers.bib"
    shutil.copy2(real, target)
    pubs = check_bibliography(importer, target, source.rel(path))
    if not pubs:
        target.unlink()
        return
    importer.options["bibliography"] = ["docs/papers.bib"]
    importer.bibliographies["papers.bib"] = "papers.bib"
    for page in pages:
        if page.name != "index":
            page.markers.append(LIST_MARKER)
        elif any(pub.selected for pub in pubs):
            page.markers.append(SELECTED_MARKER)
        else:
            importer.report.lose(
                f"{importer.site.home.where}: selected_papers", "no entry of the bibliography has selected={true}"
            )


def _cited_lists(importer: Importer) -> None:
    """A page's {% bibliography --cited_in_order %} (al-folio's "References" of a page with
    related_publications) lists only the papers its {% cite %} tags name: said in the report, as the plugin's
    lists cannot pick entries by key."""
    for old in importer.site.pages:
        if not (old.shown and old.lists_cited):
            continue
        keys = cited_keys(old)
        if keys:
            importer.report.lose(
                old.where,
                f"its list of the {counted(len(keys), 'paper')} it cites ({', '.join(keys[:5])}"
                f"{', …' if len(keys) > 5 else ''}) is not carried over: a publications list of this plugin cannot "
                "pick entries by key; the citations in its text stay",
            )
        else:
            importer.report.skip(
                old.where, "{% bibliography --cited %} lists only the papers a page cites, and it cites none"
            )


def bibliography_folder(importer: Importer) -> Path:
    """Where jekyll-scholar reads .bib files: scholar.source of _config.yml, else _bibliography/."""
    scholar = importer.config.get("scholar") if isinstance(importer.config.get("scholar"), dict) else {}
    return importer.source.path / str(scholar.get("source") or "/_bibliography/").strip("/")


def _named_bibliographies(importer: Importer, folder: Path) -> dict[str, list[NewPage]]:
    """.bib files that shown pages name ({% bibliography --file talks %}) -> those pages."""
    named: dict[str, list[NewPage]] = {}
    for old in importer.site.pages:
        for name in old.bibliographies:
            stem = Path(name).stem
            if old.shown and (folder / f"{stem}.bib").is_file():
                page = importer.page_for(old)
                page.claimed = True
                named.setdefault(stem, []).append(page)
    return named


def _unused(importer: Importer, bib: Path) -> None:
    """A .bib no shown page names: say which hidden page does, or that none does."""
    naming = [p for p in importer.site.pages if bib.stem in (Path(n).stem for n in p.bibliographies)]
    why = (
        f"only {naming[0].where} names it, and that page is hidden ({naming[0].hidden_because})"
        if naming
        else "neither _config.yml (scholar: bibliography) nor any page ({% bibliography --file … %}) names it"
    )
    importer.report.skip(importer.source.rel(bib), why)


def _page_bibliography(importer: Importer, path: Path, pages: list[NewPage]) -> None:
    """A .bib of its own for the pages naming it: copied beside them, named in their front matter."""
    real = importer.source.checked(path)
    if real is None:
        return
    target = importer.out / "docs" / path.name
    shutil.copy2(real, target)
    if not check_bibliography(importer, target, importer.source.rel(path)):
        target.unlink()
        return
    importer.bibliographies[path.name] = path.name
    for page in pages:
        page.front["publications"] = path.name
        page.markers.append(LIST_MARKER)


def check_bibliography(importer: Importer, target: Path, where: str) -> list:
    """Read the copy as the plugin will; fix what would fail a strict build, report the rest. Its entries, or []
    when the copy is not worth keeping: no entry at all, or al-folio's sample papers."""
    reporter = Reporter(where)
    pubs = read_bibtex_file(target, reporter)
    authors = [[a.name for a in pub.authors] for pub in pubs]
    if not pubs:
        importer.report.lose(where, "no entries: nothing to show, so no page reads it")
        return []
    if sample_bibliography(authors, importer.name or importer.profile.get("name")):
        importer.report.skip(where, "al-folio's sample papers (Albert Einstein's)")
        return []
    text = read_unicode(target, errors="surrogateescape")
    for problem in reporter.found:
        renamed = re.search(r"this entry is kept as (\S+)$", problem.problem)
        if renamed and problem.line:
            text = _rename_key(text, problem.line, problem.path, renamed.group(1))
            importer.report.notes.append(
                f"{where}:{problem.line}: two entries used the key '{problem.path}'; "
                f"the second is renamed '{renamed.group(1)}' in the copy, so both are shown"
            )
        else:
            importer.report.notes.append(f"{problem} (mkdocs build --strict will stop on this until it is fixed)")
    target.write_text(text, encoding="utf-8", errors="surrogateescape")
    for pub in pubs:
        for link in pub.links:
            if (
                link.kind in ("pdf", "slides", "poster", "supp")
                and not re.match(r"^[a-z]+:", link.url)
                and not (importer.out / "docs" / link.url).is_file()
            ):
                importer.report.missing_file(link.url, f"{where}: {pub.key}.{link.kind}")
    _copy_previews(importer, pubs, where)
    importer.bib_authors += authors
    importer.report.count("publications", len(pubs), f"{where} -> docs/{target.name}")
    return pubs


def _copy_previews(importer: Importer, pubs: list, where: str) -> None:
    """Each entry's preview image, from where al-folio keeps it to where the plugin looks for it: the same
    assets/img/publication_preview/ path, inside docs/."""
    copied = 0
    for pub in pubs:
        image = pub.image
        if not image or re.match(r"^[a-z]+:", image):
            continue
        image = os.path.normpath(image)
        if image.startswith(("..", "/")):  # the plugin will say so; the copy must not land outside docs/
            continue
        found = importer.source.path / image
        if not found.is_file():
            importer.report.missing_file(image, f"{where}: {pub.key}.preview")
            continue
        real = importer.source.checked(found, f"{where}: {pub.key}.preview", f"the preview '{image}'")
        target = importer.out / "docs" / image
        if real is None or str(real) in importer.copied:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(real, target)
        importer.copied[str(real)] = image
        copied += 1
    if copied:
        importer.report.count("preview images", copied, f"{where} -> docs/assets/img/publication_preview")


def _rename_key(text: str, line: int, key: str, new_key: str) -> str:
    lines = text.split("\n")
    index = line - 1
    if 0 <= index < len(lines):
        lines[index] = re.sub(
            r"(@\s*\w+\s*[{(]\s*)" + re.escape(key) + r"(\s*,)",
            lambda m: m.group(1) + new_key + m.group(2),
            lines[index],
            count=1,
        )
    return "\n".join(lines)


def read_site_data(importer: Importer) -> None:
    """_data/venues.yml and coauthors.yml, beside mkdocs.yml and named by the plugin's options: copied as they are
    when the plugin reads them without a warning, else as a copy with what it would refuse mended or left out."""
    if "bibliography" not in importer.options and not importer.bibliographies:
        return
    for name, option, reader in (("venues.yml", "venues", read_venues), ("coauthors.yml", "coauthors", read_coauthors)):
        path = importer.source.path / "_data" / name
        real = importer.source.checked(path) if path.is_file() else None
        if real is None:
            continue
        data = importer.source.read_yaml_file(path)
        if not isinstance(data, dict):
            if data is not None:
                importer.report.lose(f"_data/{name}", "expected a mapping; not copied")
            continue
        reporter = Reporter(f"_data/{name}")
        reader(read_unicode(real), reporter)
        if reporter.found:
            mended = _mended(importer, name, data, reader)
            (importer.out / name).write_text(
                f"# _data/{name} of the al-folio site, mended where this plugin would refuse it (see the import's "
                "report).\n" + yaml.safe_dump(mended, allow_unicode=True, sort_keys=False),
                encoding="utf-8",
            )
        else:
            shutil.copy2(real, importer.out / name)
        importer.options[option] = name
        importer.report.count(option, len(data), f"_data/{name} -> {name}")


def _mended(importer: Importer, name: str, data: dict, reader) -> dict:
    """data with a list of URLs cut to its first one, then without each entry the plugin still refuses."""
    where = f"_data/{name}"
    mended: dict = {}
    for key, value in data.items():
        people = value if isinstance(value, list) else [value]
        kept = []
        for index, person in enumerate(people):
            if isinstance(person, dict) and isinstance(person.get("url"), list):
                urls = [u for u in person["url"] if isinstance(u, str) and u.strip()]
                person = {**person, "url": urls[0] if urls else None}
                importer.report.notes.append(
                    f"{where}: {key}: url is a list; the first address is used ({person['url']}), "
                    "as a link can lead to one place only"
                )
            reporter = Reporter(where)
            reader(yaml.safe_dump({key: [person] if isinstance(value, list) else person}), reporter)
            if reporter.found:
                importer.report.lose(
                    f"{where}: {key}" + (f"[{index}]" if isinstance(value, list) else ""),
                    "; ".join(d.problem for d in reporter.found),
                )
                if not isinstance(person, dict) or name == "coauthors.yml":
                    continue
                person = {
                    k: v for k, v in person.items() if k not in {d.path.rsplit(".", 1)[-1] for d in reporter.found}
                }
            kept.append(person)
        if kept:
            mended[key] = kept if isinstance(value, list) else kept[0]
    return mended
