"""The scan: every page of the site read once per build, before any is rendered.

Each page's front matter is parsed and checked here, its data file and the
people folder's cards read, and the result kept (``ScannedPage``): what spans
pages (publication pages, the feed, the résumé, member pages) is known before
the first page is built, and building a page starts from what the scan kept.
The entries of a page's .bib and CSL-JSON files are read only when something
needs them: a page rendered from the cache never reads them.
"""

from __future__ import annotations

import dataclasses
import os
import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic, Reporter, did_you_mean
from ..model import links as link_kinds
from ..model.records import PageData, Publication
from ..sources import formats
from ..sources.bibliography import Bibliographies
from ..sources.datafiles import DataFiles
from ..sources.fields import Context
from ..sources.frontmatter import LoadedYaml, load_front_matter, strip_front_matter
from ..sources.keys import unique_keys
from ..sources.markers import Marker, find_markers
from ..sources.people import People
from ..sources.sections import RECORDS, SECTIONS_BY_NAME, read_page
from ..sources.venues import apply_venue
from ..sources.works import Works, merged_works

# Front-matter keys that make a page ours, besides a placement marker in its body.
_OUR_KEYS = frozenset(RECORDS) | {"data"}


@dataclass
class PageSource:
    """A Markdown page as the scan reads it; the adapter fills one from its engine's file object."""

    src_uri: str  # "people/qi.md", as the engine keys files
    url: str  # the built page's URL in the site: "" for the home page, "people/qi/"…
    source_name: str  # as messages name it: relative to the folder of mkdocs.yml ("docs/people/qi.md")
    text: str  # the whole file, front matter included
    page_dir: Path  # the folder of the file: data files are found relative to it
    language: str


@dataclass
class ScannedPage:
    source: PageSource
    front_matter: LoadedYaml | None
    front_matter_problems: list[Diagnostic]  # bad YAML, repeated keys
    meta: dict  # the front matter ({} when this package refuses it), or as another plugin changed it
    body: str  # the Markdown after the front matter
    markers: list[Marker]
    data: PageData  # its sections; the entries of its publication files once read (see Scan.publications)
    read_problems: list[Diagnostic]  # from its front matter and data file, reported when the page is built
    publication_files: list[tuple[Path, tuple]]  # its publication files, with where each is named
    publications_read: bool = False
    publication_problems: list[Diagnostic] = field(default_factory=list)

    @property
    def has_sections(self) -> bool:
        return bool(set(self.meta) & _OUR_KEYS or self.markers)

    @property
    def front_matter_refused(self) -> bool:
        """The front matter is there but this package would not load it (bad YAML, an alias bomb…)."""
        return self.front_matter is not None and bool(self.front_matter.error)


@dataclass
class Scan:
    """What reading pages needs from the site, and the pages read."""

    data_files: DataFiles
    bibliographies: Bibliographies
    people: People
    find_file: Callable[[str, str], str | None]  # (url relative to a page's source, page src_uri) -> url or None
    site_bibliography: list[Path] = field(default_factory=list)  # the files of the bibliography option, expanded
    cited_only: list[Path] = field(default_factory=list)  # the files of citations_bibliography: cited, never listed
    assets_dir: str = "assets/pdf/"
    venues: dict = field(default_factory=dict)
    default_language: str = "en"
    works: Works = field(default_factory=Works)  # researcher-works.yml, which identifier-only entries are read from
    owner_works: list[Publication] = field(default_factory=list)  # orcid_works: added to the site bibliography
    pages: dict[str, ScannedPage] = field(default_factory=dict)  # by src_uri

    def read(self, source: PageSource) -> ScannedPage:
        """A page read from its text: its front matter parsed, its sections and data file checked."""
        loaded = load_front_matter(source.text)
        reporter = Reporter(source.source_name, loaded.lines if loaded else {})
        if loaded is not None and loaded.error:
            reporter.warn(
                (),
                f"the front matter is not valid YAML: {loaded.error}; the page is built without it",
                line=loaded.error_line,
            )
        for path, line, first in loaded.repeated if loaded else ():
            reporter.warn(path, f"this key is given twice (also on line {first}); only the last one is read", line=line)
        meta = loaded.data if loaded is not None and not loaded.error and isinstance(loaded.data, dict) else {}
        body = strip_front_matter(source.text) if loaded is not None else source.text
        page = ScannedPage(source, loaded, reporter.found, meta, body, find_markers(body), PageData(), [], [])
        self._read_sections(page)
        self.pages[source.src_uri] = page
        return page

    def with_meta(self, page: ScannedPage, meta: dict) -> ScannedPage:
        """The page with the front matter the engine hands over: its sections are checked again only if another
        plugin changed it (Material's meta plugin merges .meta.yml files into it); nothing is parsed again."""
        if meta == page.meta:
            return page
        changed = dataclasses.replace(page, meta=meta, publications_read=False, publication_problems=[])
        self._read_sections(changed)
        self.pages[page.source.src_uri] = changed
        return changed

    def _read_sections(self, page: ScannedPage) -> None:
        source, meta = page.source, page.meta
        reporter = Reporter(
            source.source_name, page.front_matter.lines if page.front_matter else {}, list(page.front_matter_problems)
        )
        ctx = Context(reporter, source.language, self.default_language, self.works)
        data = self._read_data_file(page, ctx) or PageData()
        _merge(data, read_page(meta, ctx))
        data.member = data.member or self._person_of_data_file(page)
        if data.member:
            data.profile = self.member_profile(data.member, page, reporter)
        files = self.data_files.publication_files(meta.get("publications"), source.page_dir, reporter)
        # A CV of the page's own person lists their papers of the site's bibliography too.
        shows = {"publications", "cv"} if data.profile else {"publications"}
        from_site = not files and not data.publications and any(m.kind in shows for m in page.markers)
        if from_site:
            files = [(path, ()) for path in self.site_bibliography]
        data.shared_bibliography = from_site
        for path, _ in files:
            self.bibliographies.note(path)
        page.data, page.publication_files, page.read_problems = data, files, reporter.found

    def publications(self, page: ScannedPage) -> PageData:
        """The page's sections with the entries of its publication files, read once; their problems are kept in
        ``page.publication_problems``."""
        if page.publications_read:
            return page.data
        reporter = Reporter(page.source.source_name, page.front_matter.lines if page.front_matter else {})
        data = page.data
        if page.publication_files:
            prefix = posixpath.relpath(self.assets_dir, posixpath.dirname(page.source.src_uri) or ".") + "/"
            from_files = [
                pub
                for path, where in page.publication_files
                for pub in self.bibliographies.load(
                    path, reporter, where, formats.links_prefix(path, page.source.page_dir, prefix)
                )
            ]
            data.publications = from_files + data.publications
        if data.shared_bibliography and self.owner_works:
            data.publications = merged_works(data.publications, self.owner_works)
        data.publications = unique_keys(data.publications, reporter)
        if self.venues:
            data.publications = [apply_venue(pub, self.venues) for pub in data.publications]
        page.publications_read = True
        page.publication_problems = reporter.found
        return data

    def _read_data_file(self, page: ScannedPage, ctx: Context) -> PageData | None:
        """The sections of the YAML file named by ``data:``, checked against its own lines."""
        reference = page.meta.get("data")
        if reference is None:
            return None
        if not isinstance(reference, str) or not reference.strip():
            ctx.reporter.warn(("data",), "expected the path of a YAML data file, like data: people/me.yml")
            return None
        path = self.data_files.locate(page.source.page_dir, reference.strip())
        read = self.data_files.read_yaml(path, ctx.reporter, ("data",))
        if read is None:
            return None
        loaded, file_reporter = read
        data = read_page(loaded.data, Context(file_reporter, ctx.language, ctx.default_language, self.works))
        prefix = Path(os.path.relpath(path.parent, page.source.page_dir)).as_posix()
        for name in RECORDS:
            for entry in _entries(data, name):
                self._rebase_paths(entry, SECTIONS_BY_NAME[name].path_fields, prefix, page, file_reporter)
        return data

    def _person_of_data_file(self, page: ScannedPage) -> str | None:
        """A page whose ``data:`` file is a person's file is that member's page."""
        reference = page.meta.get("data")
        if not isinstance(reference, str) or not self.people.by_id:
            return None
        path = self.data_files.locate(page.source.page_dir, reference.strip())
        return next((person.id for person in self.people.by_id.values() if person.path == path), None)

    def member_profile(self, member: str, page: ScannedPage, reporter: Reporter):
        """``profile: ID``: the person's card from the people folder, its paths made relative to this page."""
        person = self.people.by_id.get(member)
        if person is None:
            known = self.people.by_id
            reason = (
                f"no person '{member}' in the people folder{did_you_mean(member, known)}"
                if known
                else (f"'{member}' names a person, but no people folder is set (people: in mkdocs.yml)")
            )
            reporter.warn(("profile",), reason)
            return None
        profile = dataclasses.replace(person.data_in(page.source.language).profile)  # in the page's language
        prefix = Path(os.path.relpath(person.path.parent, page.source.page_dir)).as_posix()
        file_reporter = Reporter(self.data_files.display_name(person.path), {}, reporter.found)
        self._rebase_paths(profile, SECTIONS_BY_NAME["profile"].path_fields, prefix, page, file_reporter)
        return profile

    def _rebase_paths(self, entry, path_fields: tuple[str, ...], prefix: str, page: ScannedPage, reporter) -> None:
        """Paths in a data file are relative to that file: make them relative to the page showing it.

        A missing file is reported against the data file's own line and the field is dropped.
        """

        def rebase(url: str | None, path: tuple) -> str | None:
            if not url or not link_kinds.is_relative(url) or url.startswith("#"):
                return url
            rebased = posixpath.normpath(posixpath.join(prefix, url))
            if self.find_file(rebased, page.source.src_uri) is None:
                reporter.warn(path, f"the file '{url}' does not exist (paths are relative to this data file)")
                return None
            return rebased

        origin = entry.origin
        for name in path_fields:
            if isinstance(getattr(entry, name, None), str):
                setattr(entry, name, rebase(getattr(entry, name), origin + (name,)))
        if getattr(entry, "links", None):
            kept = []
            for link in entry.links:
                url = rebase(link.url, origin + ("links", link.kind))
                if url:
                    kept.append(dataclasses.replace(link, url=url))
            entry.links = kept


def _entries(data: PageData, kind: str) -> list:
    value = data.section(kind)
    return value if isinstance(value, list) else [value] if value else []


def _merge(data: PageData, page_data: PageData) -> None:
    """A section written in the page itself replaces the same section of its data file."""
    for name in RECORDS:
        if page_data.section(name):
            setattr(data, name, page_data.section(name))
    data.member = page_data.member or data.member
