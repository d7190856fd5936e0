"""The publications: _config.yml's bibliography (_bibliography/papers.bib) copied to docs/papers.bib and checked as
the plugin will read it, and _data/venues.yml and coauthors.yml, which the publication list uses."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from ...diagnostics import Reporter
from ...sources.bibtex import read_bibtex_file

if TYPE_CHECKING:
    from .importer import Importer


def read_bibliography(importer: Importer) -> None:
    source = importer.source
    scholar = importer.config.get("scholar") if isinstance(importer.config.get("scholar"), dict) else {}
    folder = source.path / str(scholar.get("source") or "/_bibliography/").strip("/")
    name = str(scholar.get("bibliography") or "papers.bib")
    path = folder / (name if name.endswith(".bib") else name + ".bib")
    for other in sorted(folder.glob("*.bib")) if folder.is_dir() else []:
        if other != path:
            importer.report.skip(source.rel(other), "al-folio's publications page does not use it, so it is not copied")
    if not path.is_file():
        importer.report.skip(
            f"{source.rel(folder) if folder.exists() else '_bibliography'}/{path.name}",
            "not found; the site has no publications yet",
        )
        return
    if scholar.get("source") or scholar.get("bibliography"):
        real = source.checked(path, "_config.yml: scholar.bibliography", f"the bibliography '{source.rel(path)}'")
    else:
        real = source.checked(path)
    if real is None:
        return
    target = importer.out / "docs" / "papers.bib"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(real, target)
    importer.options["bibliography"] = ["docs/papers.bib"]
    _check_bibliography(importer, target, source.rel(path))
    importer.nav.append({"Publications": "publications.md"})


def _check_bibliography(importer: Importer, target: Path, where: str) -> None:
    """Read the copy as the plugin will; fix what would fail a strict build, report the rest."""
    reporter = Reporter(where)
    pubs = read_bibtex_file(target, reporter)
    text = target.read_text(encoding="utf-8-sig", errors="surrogateescape")
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
                importer.report.skip(
                    f"{where}: {pub.key}.{link.kind}",
                    f"the file '{link.url}' is not in the checkout; the link would be reported by the build, "
                    "remove it or add the file under docs/",
                )
    importer.bib_authors = [[a.name for a in pub.authors] for pub in pubs]
    importer.report.count("publications", len(pubs), f"{where} -> docs/papers.bib")


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
    """_data/venues.yml and coauthors.yml, copied beside mkdocs.yml and named by the plugin's options."""
    for name, option in (("venues.yml", "venues"), ("coauthors.yml", "coauthors")):
        path = importer.source.path / "_data" / name
        real = importer.source.checked(path) if path.is_file() else None
        if real is None:
            continue
        data = importer.source.read_yaml_file(path)
        if not isinstance(data, dict):
            if data is not None:
                importer.report.skip(f"_data/{name}", "expected a mapping; not copied")
            continue
        shutil.copy2(real, importer.out / name)
        importer.options[option] = name
        importer.report.count(option, len(data), f"_data/{name} -> {name}")
