"""``mkdocs-researcher import-alfolio``: an al-folio (Jekyll) checkout as a site of this plugin.

What is read, and where it goes:

- ``_config.yml`` names, e-mail, ``scholar:`` names, social keys, ``max_author_limit``, url/baseurl
  -> the profile, its aliases and links, the plugin's ``max_authors``, ``site_url``;
- ``_pages/about.md`` -> the home page (``docs/index.md``): its photo, subtitle and body;
- ``_data/socials.yml`` -> profile links; ``venues.yml`` / ``coauthors.yml`` -> plugin options;
- ``_bibliography/papers.bib`` and ``assets/pdf/`` -> copied (``bibliography:``, ``assets_dir:``);
- ``_news``, ``_projects``, ``_experiences``, ``_teachings``, ``_data/cv.yml`` (RenderCV or the
  older list style), ``assets/json/resume.json``, ``_data/repositories.yml`` -> sections.

Every section goes into ``docs/data/profile.yml``, which ``docs/index.md`` names with ``data:``:
the home page's Markdown file stays the researcher's own text. Anything that has no place in the
new site is listed in the report with the reason.

Importer.run takes the steps in order, one module each; they share the Importer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import new as scaffold
from .assets import copy_pdfs
from .config import read_config, read_socials
from .cv import read_cv
from .experience import read_experiences
from .leftovers import list_leftovers
from .news import read_news
from .profile import finish_profile, read_about
from .projects import read_projects, read_repositories
from .publications import read_bibliography, read_site_data
from .report import Report
from .source import Checkout
from .teaching import read_teachings
from .writer import prune, write


@dataclass
class Importer:
    """What the steps share: the checkout they read, the new site's folder, and what they gather for it."""

    source: Checkout
    out: Path
    name: str | None = None
    config: dict = field(default_factory=dict)
    profile: dict = field(default_factory=dict)
    sections: dict[str, list] = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    body: str = ""
    markers: list[str] = field(default_factory=list)
    nav: list[dict] = field(default_factory=lambda: [{"Home": "index.md"}])
    copied: dict[str, str] = field(default_factory=dict)  # source path -> path inside docs/
    bib_authors: list[list[str]] = field(default_factory=list)
    about_meta: dict = field(default_factory=dict)  # _pages/about.md's front matter: which sections it shows
    site_url: str | None = None

    @property
    def report(self) -> Report:
        return self.source.report

    def add(self, kind: str, entry: dict) -> None:
        self.sections.setdefault(kind, []).append(prune(entry))
        self.report.count(kind)

    def run(self) -> Report:
        (self.out / "docs").mkdir(parents=True, exist_ok=True)
        copy_pdfs(self)
        read_config(self)
        read_socials(self)
        read_about(self)
        read_bibliography(self)
        read_site_data(self)
        read_news(self)
        read_projects(self)
        read_repositories(self)
        read_experiences(self)
        read_teachings(self)
        read_cv(self)
        finish_profile(self)
        list_leftovers(self)
        write(self)
        return self.report


def import_alfolio(source: Path, out: Path, name: str | None = None, force: bool = False) -> Report:
    checkout = Checkout(source, Report())
    checkout.check(out)
    scaffold.check_target(out, force)
    out.mkdir(parents=True, exist_ok=True)
    return Importer(checkout, out, name).run()
