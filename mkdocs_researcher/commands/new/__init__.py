"""``mkdocs-researcher new``: a ready homepage site from the template files beside this module.

The templates are plain files (``files/``) with ``@WORD@`` placeholders, not Jinja or
``string.Template``: the GitHub workflow is full of ``${{ … }}``, which either would mangle.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from xml.sax.saxutils import escape

from ...model.names import initials
from .requirements import Source, installed_source, write_requirements

TEMPLATES = Path(__file__).parent / "files"

# template file -> where it goes in the new site (dotfiles are renamed so every packager ships them)
FILES = {
    "mkdocs.yml": "mkdocs.yml",
    "index.md": "docs/index.md",
    "publications.md": "docs/publications.md",
    "cv.md": "docs/cv.md",
    "papers.bib": "docs/papers.bib",
    "photo.svg": "docs/images/photo.svg",
    "main.html": "overrides/main.html",
    "site-workflow.yml": ".github/workflows/site.yml",
    "gitignore": ".gitignore",
}

DEFAULT_NAME = "Your Name"
DEFAULT_EMAIL = "you@example.org"


class FolderNotEmpty(Exception):
    """The target folder already has files and --force was not given."""


def bib_name(name: str) -> str:
    """The name as a BibTeX author: characters with a meaning in BibTeX are dropped."""
    cleaned = re.sub(r"[{}\\@%#~^\"]", "", name).strip()
    cleaned = re.sub(r"\s+and\s+", " ", cleaned)  # " and " would split it into two authors
    return cleaned or DEFAULT_NAME


def placeholders(name: str, email: str) -> dict[str, str]:
    return {
        "@NAME_YAML@": json.dumps(name, ensure_ascii=False),  # a JSON string is a valid YAML scalar
        "@EMAIL_YAML@": json.dumps(email, ensure_ascii=False),
        "@NAME_BIB@": bib_name(name),
        "@NAME_TEXT@": name,
        "@NAME@": json.dumps(name, ensure_ascii=False),
        "@DESCRIPTION@": json.dumps(f"Homepage of {name}", ensure_ascii=False),
        "@INITIALS@": escape(initials(name)),
        "@TODAY@": datetime.date.today().isoformat(),
    }


def existing_entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def check_target(folder: Path, force: bool) -> None:
    """Refuse a folder that already holds something: a homepage must not overwrite someone's files."""
    if folder.exists() and not folder.is_dir():
        raise FolderNotEmpty(f"'{folder}' is a file, not a folder")
    found = existing_entries(folder)
    if found and not force:
        shown = ", ".join(found[:4]) + (", …" if len(found) > 4 else "")
        raise FolderNotEmpty(
            f"'{folder}' is not empty (it has {shown}); choose a new or empty folder, "
            "or add --force to write the new site's files into it"
        )


def create_site(
    folder: Path,
    name: str = DEFAULT_NAME,
    email: str = DEFAULT_EMAIL,
    force: bool = False,
    source: Source | None = None,
) -> list[Path]:
    """Write the scaffold into ``folder``, its workflow installing ``source`` (by default the running copy);
    returns the files written."""
    check_target(folder, force)
    values = placeholders(name, email)
    written = []
    for template, target in FILES.items():
        text = (TEMPLATES / template).read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace(key, value)
        path = folder / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written + write_requirements(folder, source or installed_source())
