"""``mkdocs-researcher import-alfolio``: an al-folio (Jekyll) checkout as a site of this plugin.

Only what the old site shows is imported (site.py decides what a visitor can reach), and al-folio's own sample
content never is (samples.py). What is read, and where it goes:

- ``_config.yml`` names, e-mail, ``scholar:`` names, social keys, ``max_author_limit``, url/baseurl, languages
  -> the profile, its aliases and links, the plugin's ``max_authors``, ``site_url``, mkdocs-static-i18n;
- the home page (``_pages/about.md``) -> ``docs/index.md``: its photo, subtitle and body, and what its front
  matter shows (news, selected papers, collections);
- ``_data/socials.yml`` -> profile links; ``venues.yml`` / ``coauthors.yml`` -> plugin options;
- the bibliography (``_bibliography/papers.bib``, and any other .bib a shown page names) and ``assets/pdf/``
  -> copied (``bibliography:``, ``assets_dir:``);
- each page of the navbar -> a page of the new site, in the same order: the CV page (``_data/cv.yml``,
  RenderCV or the older list style, or ``assets/json/resume.json``), projects (``_projects``), teaching
  (``_teachings``, or the page's list), service (the page's list), repositories, publications, and any
  other page as its text;
- a collection of people (``_people/``, listed through ``site.people``) -> the plugin's people folder, member pages
  and each member's .bib; any other collection no step reads is named in the report;
- ``_i18n/`` and ``_pages/<lang>/``, ``_data/<lang>/cv.yml`` -> each language's home page and CV.

Each page's sections go into its own data file (``docs/data/profile.yml`` for the home page), which the page
names with ``data:``: the Markdown files stay the researcher's own text. Anything that has no place in the new
site is listed in the report with the reason, and the report ends with the verdict of a trial build.

Importer.run takes the steps in order, one module each; they share the Importer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import new as scaffold
from .assets import copy_pdfs
from .config import read_config, read_socials
from .cv import read_cv
from .experience import read_experiences
from .languages import locale, read_languages
from .leftovers import list_leftovers
from .listpages import read_list_pages
from .news import read_news
from .people import read_people
from .profile import finish_profile, read_about
from .projects import read_projects, read_repositories
from .publications import read_bibliography, read_site_data
from .report import Report
from .site import OldPage, SiteMap
from .source import Checkout
from .teaching import read_teachings
from .trial import trial_build
from .writer import prune, write

HOME = "index"


@dataclass
class NewPage:
    """A page of the new site: docs/<name>.md (docs/<name>.<language>.md for another language), the data file
    it names, and what it shows."""

    name: str
    title: str
    old: OldPage | None  # the al-folio page it comes from: its address resolves the links in the text
    language: str | None = None  # None: the site's own (default) language
    body: str = ""
    markers: list[str] = field(default_factory=list)
    sections: dict[str, list] = field(default_factory=dict)
    front: dict = field(default_factory=dict)  # more front matter (publications: a page's own .bib)
    claimed: bool = False  # it lists something a reader takes (even if nothing is left): not a page of text

    @property
    def file(self) -> str:
        return f"{self.name}.{locale(self.language)}.md" if self.language else f"{self.name}.md"

    @property
    def data_file(self) -> str:
        stem = "profile" if self.name == HOME else self.name.replace("/", "-")
        return f"data/{stem}.{locale(self.language)}.yml" if self.language else f"data/{stem}.yml"

    @property
    def empty(self) -> bool:
        return not (self.body.strip() or self.markers or self.sections or self.front)


@dataclass
class Importer:
    """What the steps share: the checkout they read, the new site's folder, and what they gather for it."""

    source: Checkout
    out: Path
    name: str | None = None
    config: dict = field(default_factory=dict)
    site: SiteMap | None = None
    profile: dict = field(default_factory=dict)
    pages: dict[tuple[str, str | None], NewPage] = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    nav: list[dict] = field(default_factory=list)
    copied: dict[str, str] = field(default_factory=dict)  # source path -> path inside docs/
    bibliographies: dict[str, str] = field(default_factory=dict)  # .bib name a page gives -> file inside docs/
    bib_authors: list[list[str]] = field(default_factory=list)
    site_url: str | None = None
    default_language: str | None = None  # of a site in several languages, as _config.yml names it
    languages: list[str] = field(default_factory=list)  # its other languages
    language_strings: dict[str, dict] = field(default_factory=dict)  # language -> _i18n/<language>.yml

    @property
    def report(self) -> Report:
        return self.source.report

    def home(self, language: str | None = None) -> NewPage:
        home = self.site.home if self.site else None
        return self.page_for(home, language) if home else self.new_page(HOME, "Home", None, language)

    def new_page(self, name: str, title: str, old: OldPage | None, language: str | None = None) -> NewPage:
        return self.pages.setdefault((name, language), NewPage(name, title, old, language))

    def page_for(self, old: OldPage, language: str | None = None) -> NewPage:
        """The new page an al-folio page becomes: the home page is index.md, the others keep their address."""
        if old.is_home:
            return self.new_page(HOME, old.title, old, language)
        taken = {(p.name, p.language): p for p in self.pages.values()}
        name = re.sub(r"[^a-z0-9_-]+", "-", old.key.rsplit("/", 1)[-1].lower()).strip("-") or "page"
        while (name, language) in taken and taken[(name, language)].old is not old:
            name += "-2"
        return self.new_page(name, old.title, old, language)

    def place(self, source: str, where: str) -> list[NewPage]:
        """The pages that show source in the new site, as the old site's pages a visitor can reach list it; none
        (and a line of the report) when the old site does not show it."""
        listing, why = self.site.shown_listing(source)
        if not listing:
            self.report.skip(where, why)
        pages = [self.page_for(page) for page in listing]
        for page in pages:
            page.claimed = True
        return pages

    def published(self, collection: str) -> bool:
        """Whether Jekyll reads a collection folder at all (reported when it does not)."""
        if self.site.published(collection):
            return True
        self.report.skip(f"_{collection}/", "_config.yml's collections do not name it, so Jekyll does not read it")
        return False

    def add(self, kind: str, entry: dict, pages: list[NewPage], counted: bool = True) -> None:
        for page in pages:
            page.sections.setdefault(kind, []).append(prune(entry))
        if counted:
            self.report.count(kind)

    def run(self) -> Report:
        (self.out / "docs").mkdir(parents=True, exist_ok=True)
        copy_pdfs(self)
        read_config(self)
        read_socials(self)
        read_about(self)
        read_people(self)  # before read_bibliography: the members' .bib files are theirs, not unused
        read_bibliography(self)
        read_site_data(self)
        read_news(self)
        read_projects(self)
        read_repositories(self)
        read_experiences(self)
        read_teachings(self)
        read_cv(self)
        read_list_pages(self)
        read_languages(self)
        finish_profile(self)
        list_leftovers(self)
        write(self)
        trial_build(self)
        return self.report


def import_alfolio(source: Path, out: Path, name: str | None = None, force: bool = False) -> Report:
    checkout = Checkout(source, Report())
    checkout.check(out)
    scaffold.check_target(out, force)
    out.mkdir(parents=True, exist_ok=True)
    return Importer(checkout, out, name).run()
