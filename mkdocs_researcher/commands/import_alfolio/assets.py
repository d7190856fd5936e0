"""The files the old site refers to, copied into docs/, and the Liquid in its Markdown that refers to them.

assets/pdf/ is copied whole; a photo, image, figure or file that a setting or a page names is copied on its
own, once. Jekyll's Liquid is resolved where it names such a file (or cites a paper) and removed elsewhere.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from ...diagnostics import counted
from .markup import separate_lists

if TYPE_CHECKING:
    from .importer import Importer


def copy_pdfs(importer: Importer) -> None:
    """assets/pdf/ as a whole: al-folio's bare pdf names in papers.bib resolve there (assets_dir).

    A link to a folder is not followed (two links to "." would copy the folder into itself 2^depth times), and
    each file is copied once, under its own name before any link's (another name for a file copied already
    is reported and left out).
    """
    source = importer.source
    pdfs = source.path / "assets" / "pdf"
    if not pdfs.is_dir() or source.checked(pdfs) is None:
        return
    target = importer.out / "docs" / "assets" / "pdf"
    target.mkdir(parents=True, exist_ok=True)
    copied = 0
    for folder, folders, files in os.walk(pdfs):  # never into a linked folder: followlinks is False
        here = Path(folder)
        folders.sort()
        for name in folders:
            if (here / name).is_symlink():
                source.report.lose(
                    source.rel(here / name), "a link to a folder is not followed, so its files are not copied"
                )
        for path in sorted((here / name for name in files), key=lambda path: (path.is_symlink(), path.name)):
            real = source.checked(path)
            if real is None or not real.is_file():
                continue  # leads out of the checkout (reported), or a link to nothing
            docs_path = (target / path.relative_to(pdfs)).relative_to(importer.out / "docs").as_posix()
            first = importer.copied.setdefault(str(real), docs_path)
            if first != docs_path:
                source.report.lose(source.rel(path), f"another name for docs/{first}, which is copied once")
                continue
            (target / path.relative_to(pdfs)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(real, target / path.relative_to(pdfs))
            copied += 1
    importer.options["assets_dir"] = "assets/pdf/"
    importer.report.count("files in assets/pdf", copied)


def copy_asset(importer: Importer, reference, where: str, what: str, folder: str = "images") -> str | None:
    """Copy a file the old site refers to into docs/<folder>/; its path inside docs/, or None (reported)."""
    if not isinstance(reference, str) or not reference.strip():
        return None
    text = clean_liquid(importer, reference.strip(), where, quiet=True).lstrip("/")
    if re.match(r"^[a-z]+:", text):
        return text  # a URL: nothing to copy
    if text.startswith("assets/pdf/") and (importer.out / "docs" / text).is_file():
        return text  # copied with the whole of assets/pdf/
    source = importer.source
    candidates = [source.path / text, source.path / "assets" / "img" / text]
    found = next((c for c in candidates if c.is_file()), None)
    if found is None:
        importer.report.missing_file(text if text.startswith("assets/") else f"assets/img/{text}", where)
        return None
    named = (
        f"the {what} '{reference}'" if source.rel(found) == text else f"the {what} '{reference}' ({source.rel(found)})"
    )
    real = source.checked(found, where, named)
    if real is None:
        return None
    key = str(real)
    if key not in importer.copied:
        target = f"{folder}/{found.name}"
        taken = set(importer.copied.values())
        if target in taken:
            target = f"{folder}/{found.parent.name}-{found.name}"
        (importer.out / "docs" / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(real, importer.out / "docs" / target)
        importer.copied[key] = target
    return importer.copied[key]


def from_data(docs_path: str | None) -> str | None:
    """A path inside docs/ as written in docs/data/profile.yml (paths there are relative to it)."""
    return None if docs_path is None else docs_path if re.match(r"^[a-z]+:", docs_path) else "../" + docs_path


def clean_liquid(importer: Importer, text: str, where: str, page_dir: str = "", quiet: bool = False) -> str:
    """Markdown without Jekyll's Liquid: site.baseurl and figures are resolved, the rest removed (reported); in a
    text (not quiet), lists set apart as kramdown reads them."""
    text = re.sub(r"\{\{\s*site\.(?:url|baseurl)\s*\}\}", "", text)
    text = re.sub(r"\{\{\s*['\"]([^'\"]+)['\"]\s*\|\s*(?:relative_url|absolute_url|prepend:[^}]*)\s*\}\}", r"\1", text)
    text = re.sub(r"\{%-?\s*(?:end)?raw\s*-?%\}", "", text)
    text = re.sub(r"\{%-?\s*link\s+([\w./-]+)\s*-?%\}", r"\1", text)  # a page of the old site: links.py maps it
    text = re.sub(
        r"\{%-?\s*cite\s+([^%]+?)\s*-?%\}", lambda m: _citation(importer, m.group(1), page_dir) or m.group(0), text
    )
    text = re.sub(
        r"\{%-?\s*include\s+figure(?:\.liquid|\.html)?\s+(.*?)-?%\}",
        lambda m: _figure(importer, m.group(1), where, page_dir),
        text,
        flags=re.S,
    )
    if not quiet:
        text = re.sub(
            r"(\]\(|\b(?:src|href)=[\"'])/([^)\"'\s#?]+)",
            lambda m: m.group(1) + _site_path(importer, m.group(2), where, page_dir),
            text,
        )
    left = re.findall(r"\{%.*?%\}|\{\{.*?\}\}", text, flags=re.S)
    if left and not quiet:
        sample = re.sub(r"\s+", " ", left[0])[:60]
        importer.report.lose(
            where,
            f"{counted(len(left), 'Liquid tag')} removed, e.g. {sample} (Jekyll templating has no meaning in MkDocs)",
        )
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}", "", text, flags=re.S)
    return text if quiet else separate_lists(text)


def _citation(importer: Importer, keys: str, page_dir: str) -> str | None:
    """{% cite a b %} -> links to the papers on the publications page (anchors #pub-KEY)."""
    if "bibliography" not in importer.options:
        return None
    return ", ".join(f"[{key}]({_up(page_dir)}publications.md#pub-{key})" for key in keys.split())


def _site_path(importer: Importer, path: str, where: str, page_dir: str) -> str:
    """A link from the old site's root ('/assets/pdf/cv.pdf') as a path relative to the page, when the file is
    here."""
    if not (importer.source.path / path).is_file():
        return "/" + path  # a page of the old site (/publications/): left as it was
    copied = copy_asset(importer, path, where, "file")
    return _up(page_dir) + copied if copied else "/" + path


def _figure(importer: Importer, arguments: str, where: str, page_dir: str) -> str:
    values = dict(re.findall(r"(\w+)\s*=\s*[\"']([^\"']*)[\"']", arguments))
    copied = copy_asset(importer, values.get("path"), where, "figure")
    if copied is None:
        return ""
    return f"![{values.get('title') or values.get('alt') or ''}]({_up(page_dir)}{copied})"


def _up(page_dir: str) -> str:
    """The way from a page in page_dir (inside docs/) up to docs/: '../' per folder."""
    return "../" * len([p for p in page_dir.split("/") if p])
