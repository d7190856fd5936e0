"""The al-folio checkout: whether the folder is one, and every file read from it, only from inside it."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...sources.frontmatter import LoadedYaml, load_yaml
from ...sources.text_files import read_unicode
from .report import Report

# Jekyll's delimiters, which also take an empty block and a file that ends at the closing line (MkDocs' own
# rule is in sources/frontmatter.py).
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.DOTALL)
# Front-matter keys of collection files that only steer al-folio's layout: dropped without a word.
_LAYOUT_KEYS = {
    "layout",
    "permalink",
    "inline",
    "related_posts",
    "width",
    "height",
    "importance",
    "published",
    "toc",
    "giscus_comments",
    "nav",
    "nav_order",
    "pretty_table",
    "featured",
    "horizontal",
    "date_format",
    "img_width",
    "sitemap",
    "hidden",
    "disqus_comments",
    "mermaid",
    "chart",
    "tikzjax",
    "github_stars",
}


class NotAlFolio(Exception):
    """PATH is missing or is not an al-folio site."""


def parse_yaml(text: str) -> LoadedYaml:
    """load_yaml, and a message instead of a crash where PyYAML raises outside YAMLError (date: 2022-02-30)."""
    try:
        return load_yaml(text)
    except (ValueError, TypeError, OverflowError) as error:
        return LoadedYaml(None, {}, f"a value YAML cannot read ({error})")


def split_front_matter(text: str) -> tuple[dict | None, str, str | None]:
    """(front matter, body, YAML problem) of a Jekyll file; no front matter gives ({}, text, None)."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text, None
    loaded = parse_yaml(match.group(1) or "")
    if loaded.error:
        return None, text[match.end() :], loaded.error
    return (loaded.data if isinstance(loaded.data, dict) else {}), text[match.end() :], None


@dataclass
class Checkout:
    """The folder of the al-folio site; what cannot be read from it goes into report."""

    path: Path
    report: Report
    root: Path = field(init=False)  # the checkout's real folder: every file read or copied must be inside it

    def __post_init__(self) -> None:
        self.root = Path(os.path.realpath(self.path))

    def check(self, out: Path) -> None:
        """Raise NotAlFolio unless the folder is an al-folio site and out is another folder."""
        if not self.path.exists():
            raise NotAlFolio(f"'{self.path}' does not exist")
        if not self.path.is_dir():
            raise NotAlFolio(f"'{self.path}' is a file; give the folder of an al-folio site (the one with _config.yml)")
        if not any((self.path / p).exists() for p in ("_config.yml", "_pages/about.md", "_bibliography")):
            raise NotAlFolio(
                f"'{self.path}' does not look like an al-folio site: it has none of _config.yml, "
                "_pages/about.md or _bibliography/"
            )
        if out.resolve() == self.path.resolve():
            raise NotAlFolio("--out must be a new folder, not the al-folio site itself")

    def rel(self, path: Path) -> str:
        """path as the report names it: from the checkout's folder, or whole when a setting gave an absolute path."""
        return path.relative_to(self.path).as_posix() if path.is_relative_to(self.path) else path.as_posix()

    def checked(self, path: Path, where: str | None = None, subject: str | None = None) -> Path | None:
        """The real file behind path when it is inside the checkout; None (reported) when it is not.

        Every file is read or copied through this: a '..' or absolute path in a setting, or a symbolic
        link, must not bring a file from elsewhere on this computer into the new site. Links that stay
        inside the checkout are followed.
        """
        real = Path(os.path.realpath(path))  # unlike Path.resolve, no error on a link loop: reading it then fails
        if real.is_relative_to(self.root):
            return real
        subject = subject or ("the symbolic link" if path.is_symlink() else "the path")
        self.report.lose(
            where or self.rel(path), f"{subject} leads out of the checkout (to {real}), so it is not read or copied"
        )
        return None

    def read_text(self, path: Path) -> str | None:
        """The text of a file in the checkout, or None (reported) when it is outside it or cannot be read."""
        real = self.checked(path)
        if real is None:
            return None
        try:
            return read_unicode(real)
        except (OSError, UnicodeDecodeError) as error:
            self.report.lose(self.rel(path), f"cannot be read ({error})")
            return None

    def read_yaml_file(self, path: Path):
        """The parsed file, or None (reported) when it cannot be read."""
        text = self.read_text(path)
        if text is None:
            return None
        loaded = parse_yaml(text)
        if loaded.error:
            where = f"{self.rel(path)}:{loaded.error_line}" if loaded.error_line else self.rel(path)
            self.report.lose(where, f"not valid YAML ({loaded.error})")
            return None
        return loaded.data

    def collection(self, name: str) -> list[tuple[Path, dict, str]]:
        """The documents Jekyll publishes from a collection folder (_news, _projects, …) as (path, front matter,
        body): Markdown files in it and in its subfolders, but not those Jekyll leaves out — a file or folder whose
        name starts with '_', '.' or '#' or ends with '~', a file without front matter, one with published:
        false. What is left out is reported, once per reason."""
        folder = self.path / name
        if not folder.is_dir() or self.checked(folder) is None:
            return []
        found, unpublished = [], []
        for path in sorted(p for p in folder.rglob("*") if p.suffix in (".md", ".markdown") and p.is_file()):
            if any(unpublished_name(part) for part in path.relative_to(folder).parts):
                unpublished.append(self.rel(path))
                continue
            text = self.read_text(path)
            if text is None:
                continue
            meta, body, problem = split_front_matter(text)
            if meta is None:
                self.report.lose(self.rel(path), f"its front matter is not valid YAML ({problem})")
            elif not _FRONT_MATTER.match(text):
                self.report.skip(self.rel(path), "no front matter: Jekyll copies it as a plain file, not an entry")
            elif meta.get("published") is False:
                self.report.skip(self.rel(path), "published: false")
            else:
                found.append((path, meta, body))
        for where in unpublished:
            self.report.skip(where, "Jekyll does not publish files or folders whose names start with '_' or '.'")
        return found

    def unused_keys(self, meta: dict, used: set[str], where: str) -> None:
        for key in meta:
            if key not in used and key not in _LAYOUT_KEYS and meta[key] not in (None, "", False):
                self.report.lose(f"{where}: {key}", "no counterpart in this plugin's fields")


def unpublished_name(name: str) -> bool:
    """Jekyll's rule for the files and folders it leaves out of a site."""
    return name.startswith(("_", ".", "#")) or name.endswith("~")
