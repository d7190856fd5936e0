"""One page through the pipeline: front matter -> data model -> Markdown with rendered sections.

Sections are emitted as Markdown headings (so the table of contents and the
search index see them) around placeholder comments; the placeholders are
swapped for the rendered HTML after Python-Markdown has run, so long lists
never pass through it.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..cache.pages import RenderCache, RenderedPage, WatchedMarkdown, digest
from ..diagnostics import Diagnostic, Reporter, did_you_mean
from ..model import links as link_kinds
from ..model import urls
from ..model.names import SelfMatcher
from ..model.records import PUBLICATION_TYPES, PageData, Publication
from ..model.urls import relative_url
from ..render.environment import MarkdownFunc, OwnPage, PageRender, Renderer, RenderOptions
from ..render.locale import Locale
from ..sources import schema
from ..sources.bibliography import Bibliographies
from ..sources.datafiles import DataFiles
from ..sources.fields import Context
from ..sources.frontmatter import load_front_matter
from ..sources.markers import Marker, find_markers
from ..sources.people import People, person_names
from ..sources.venues import apply_venue

SECTION_ORDER = [
    "profile",
    "publications",
    "projects",
    "experience",
    "education",
    "news",
    "awards",
    "talks",
    "teaching",
    "service",
    "skills",
]

_COMMON_OPTIONS = {"heading", "level", "limit"}
MARKER_OPTIONS = {
    "profile": set(),
    "publications": _COMMON_OPTIONS | {"selected", "group_by", "type", "tag", "filter", "author"},
    "projects": _COMMON_OPTIONS | {"group"},
    "experience": _COMMON_OPTIONS,
    "education": _COMMON_OPTIONS,
    "people": {"heading", "level", "group"},
    **{kind: _COMMON_OPTIONS for kind in ("news", "awards", "talks", "teaching", "service", "skills")},
}
GROUP_BY = ("year", "type", "none")
FILTER_FROM = 6  # lists this long get a filter box unless the marker says filter=false

_H1 = re.compile(r"^(#[ \t]+\S|[^\n]+\n=+[ \t]*$)", re.MULTILINE)
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")
PLACEHOLDER = "<!--researcher-block-{}-->"
AUTO = -1  # the "line" of a section placed by default rather than by a marker


@dataclass
class PageInput:
    source_name: str  # the file as the researcher knows it: "docs/index.md"
    source_text: str  # the whole file, for line numbers
    meta: dict
    body: str  # Markdown after the front matter
    language: str
    default_language: str
    # A URL relative to this page's source file -> one relative to the built page, or None if no such file.
    find_file: Callable[[str], str | None]
    markdown: MarkdownFunc
    page_dir: Path  # the folder of the page's file: data files are found relative to it
    docs_relative_dir: str = ""  # the same folder, relative to docs/ ("" at the top)
    page_url: str = ""  # the built page's URL in the site ("" for the home page)
    # A publication -> its own page and .bib file (URLs relative to this page), when the site has them.
    publication_url: Callable[[Publication], OwnPage | None] = lambda pub: None
    bibliography_url: str | None = None  # this page's publications as one .bib file


@dataclass
class PageOutput:
    markdown: str
    blocks: dict[str, str] = field(default_factory=dict)  # placeholder -> HTML
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sprite: str = ""


@dataclass
class SiteSettings:
    """Per-build settings shared by every page."""

    renderer: Renderer
    options: RenderOptions
    data_files: DataFiles
    bibliographies: Bibliographies
    labels: dict = field(default_factory=dict)
    site_bibliography: list[Path] = field(default_factory=list)  # for pages that place publications of their own none
    site_owner: list[str] = field(default_factory=list)  # highlighted on pages without a profile
    assets_dir: str = "assets/pdf/"  # where al-folio's relative pdf/slides/poster names live, in docs/
    venues: dict = field(default_factory=dict)  # abbr -> Venue
    coauthors: dict = field(default_factory=dict)  # see coauthors.py
    people: People = field(default_factory=People)  # lab members, by id
    render_cache: RenderCache | None = None
    # A digest of what, besides a page and the data files, its HTML depends on (see render_cache.py).
    render_context: str = ""


def heading_text(text: str) -> str:
    """User text made safe as the text of a Markdown heading."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(" ".join(text.split()), quote=False))


def read_sections(page: PageInput, site: SiteSettings, *, publications: bool = True) -> tuple[PageData, Reporter]:
    """Every section of a page (its front matter and the files it names), checked; problems on the reporter.

    With ``publications=False`` the page's .bib and CSL-JSON files are noted (hashed, watched) but their
    entries are not read.
    """
    data, reporter, files = _read_page(page, site)
    if publications:
        _add_publications(data, files, page, site, reporter)
    return data, reporter


def _read_page(page: PageInput, site: SiteSettings) -> tuple[PageData, Reporter, list[tuple[Path, tuple]]]:
    """The page's sections without the entries of its publication files, and those files."""
    loaded = load_front_matter(page.source_text)
    reporter = Reporter(page.source_name, loaded.lines if loaded else {})
    if loaded is not None and loaded.error:
        reporter.warn(
            (),
            f"the front matter is not valid YAML: {loaded.error}; the page is built without it",
            line=loaded.error_line,
        )
    for path, line, first in loaded.repeated if loaded else ():
        reporter.warn(path, f"this key is given twice (also on line {first}); only the last one is read", line=line)
    ctx = Context(reporter, page.language, page.default_language)
    data = _read_data_file(page, site, ctx) or PageData()
    _merge(data, schema.read_page(page.meta or {}, ctx))
    data.member = data.member or _person_of_data_file(page, site)
    if data.member:
        data.profile = _member_profile(data.member, page, site, reporter)
    files = _publication_files(page.meta or {}, page.page_dir, reporter)
    from_site = not files and not data.publications and any(m.kind == "publications" for m in find_markers(page.body))
    if from_site:
        files = [(path, ()) for path in site.site_bibliography]
    data.shared_bibliography = from_site
    for path, _ in files:
        site.bibliographies.note(path)
    return data, reporter, files


def _add_publications(
    data: PageData, files: list[tuple[Path, tuple]], page: PageInput, site: SiteSettings, reporter: Reporter
) -> None:
    if files:
        prefix = posixpath.relpath(site.assets_dir, _docs_relative_dir(page)) + "/"
        from_files = [pub for path, where in files for pub in site.bibliographies.load(path, reporter, where, prefix)]
        data.publications = from_files + data.publications
    data.publications = _unique_keys(data.publications, reporter)
    if site.venues:
        data.publications = [apply_venue(pub, site.venues) for pub in data.publications]


def _person_of_data_file(page: PageInput, site: SiteSettings) -> str | None:
    """A page whose ``data:`` file is a person's file is that member's page."""
    reference = (page.meta or {}).get("data")
    if not isinstance(reference, str) or not site.people.by_id:
        return None
    path = site.data_files.locate(page.page_dir, reference.strip())
    return next((person.id for person in site.people.by_id.values() if person.path == path), None)


def _by_author(pubs: list[Publication], names: list[str]) -> list[Publication]:
    matcher = SelfMatcher(names)
    return [pub for pub in pubs if any(matcher.matches(author) for author in pub.authors)]


def _member_profile(member: str, page: PageInput, site: SiteSettings, reporter: Reporter):
    """``profile: ID``: the person's card from the people folder, its paths made relative to this page."""
    person = site.people.by_id.get(member)
    if person is None:
        known = site.people.by_id
        reason = (
            f"no person '{member}' in the people folder{did_you_mean(member, known)}"
            if known
            else (f"'{member}' names a person, but no people folder is set (people: in mkdocs.yml)")
        )
        reporter.warn(("profile",), reason)
        return None
    profile = dataclasses.replace(person.data.profile)
    prefix = Path(os.path.relpath(person.path.parent, page.page_dir)).as_posix()
    _rebase_paths(
        profile, prefix, page.find_file, Reporter(site.data_files.display_name(person.path), {}, reporter.found)
    )
    return profile


def _docs_relative_dir(page: PageInput) -> str:
    """The page's folder inside docs/, for paths that al-folio writes from the site root."""
    return page.docs_relative_dir or "."


def _publication_files(meta: dict, page_dir: Path, reporter: Reporter) -> list[tuple[Path, tuple]]:
    """The .bib / CSL-JSON files among the ``publications`` of a page, relative to it."""
    value = meta.get("publications")
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    found = []
    for index, item in enumerate(items):
        if isinstance(item, str):
            where = ("publications",) if isinstance(value, str) else ("publications", index)
            if not item.strip().lower().endswith((".bib", ".json")):
                reporter.warn(
                    where,
                    f"'{item[:60]}' is not a publication: expected a mapping with a title, or a .bib or .json file",
                )
                continue
            found.append(((page_dir / item.strip()).resolve(), where))
    return found


def _unique_keys(pubs: list[Publication], reporter: Reporter) -> list[Publication]:
    """Entries from several files may share a key: keep each, the later one as KEY-2; anchors stay unique too."""
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    result = []
    for pub in pubs:
        count = seen.get(pub.key, 0) + 1
        seen[pub.key] = count
        if count > 1:
            new_key = f"{pub.key}-{count}"
            while new_key in seen:
                count += 1
                new_key = f"{pub.key}-{count}"
            seen[new_key] = 1
            where = pub.origin + ("key",) if pub.origin else ("publications",)
            reporter.warn(where, f"two entries use the key '{pub.key}'; the later one is shown as '{new_key}'")
            pub = dataclasses.replace(pub, key=new_key)
        slug = urls.key_slug(pub.key)
        if slug in anchors:  # two keys that differ only in characters a slug leaves out (a:b, a-b)
            slug = next(f"{slug}-{n}" for n in itertools.count(2) if f"{slug}-{n}" not in anchors)
            pub = dataclasses.replace(pub, slug=slug)
        anchors.add(slug)
        result.append(pub)
    return result


def owner_names(data: PageData) -> list[str]:
    """The spellings of the page owner's name, for highlighting it among authors."""
    if not data.profile:
        return []
    return [data.profile.name, *data.profile.aliases, *([data.profile.native_name] if data.profile.native_name else [])]


def build_page(page: PageInput, site: SiteSettings) -> PageOutput:
    data, reporter, files = _read_page(page, site)
    # After reading, so the key covers the files this page names; a page from the cache reads no .bib entries
    # (their warnings are among the cached ones).
    key, cached = _cached(page, site)
    if cached is not None:
        return PageOutput(cached.markdown, dict(cached.blocks), reporter.found + cached.diagnostics, cached.sprite)
    read_problems = len(reporter.found)
    _add_publications(data, files, page, site, reporter)
    output = PageOutput(page.body)

    def resolve(url: str, path: tuple) -> str | None:
        found = page.find_file(url)
        if found is None:
            reporter.warn(path, f"the file '{url}' does not exist (paths are relative to this page's file)")
        return found

    owners = owner_names(data) or (site.people.names() if site.people.by_id else site.site_owner)
    render = _page_render(page, site, data, owners, resolve)
    assembler = _Assembler(page, site, render, data, output, reporter)
    output.markdown = assembler.run()
    output.sprite = render.icons.sprite()
    output.diagnostics = reporter.found
    _keep(page, site, key, output, reporter.found[read_problems:])
    return output


def _slot(page: PageInput) -> str:
    return f"{page.language} {page.page_url} {page.source_name}"  # one cached page per built page


def _cached(page: PageInput, site: SiteSettings, *inputs) -> tuple[str, RenderedPage | None]:
    """The page's render key (from its text and front matter, every data file read, the site's context and
    ``inputs``) and its cached render."""
    if site.render_cache is None:
        return "", None
    key = digest(
        site.render_context,
        site.data_files.contents_digest(),
        [
            page.source_name,
            page.page_url,
            page.docs_relative_dir,
            str(page.page_dir),
            page.language,
            page.default_language,
        ],
        page.bibliography_url,
        page.source_text,
        page.body,
        page.meta,  # as other plugins left it: Material's meta plugin merges .meta.yml files into it
        inputs,
    )
    if site.render_cache.markdown_reads_files:
        page.markdown = WatchedMarkdown(page.markdown)  # _keep() asks whether the render converted any
    return key, site.render_cache.get(_slot(page), key)


def _keep(page: PageInput, site: SiteSettings, key: str, output: PageOutput, diagnostics: list[Diagnostic]) -> None:
    # Markdown converted by an extension that may read files (snippets) can hold text the key does not cover.
    if key and not (isinstance(page.markdown, WatchedMarkdown) and page.markdown.converted):
        site.render_cache.put(
            _slot(page), key, RenderedPage(output.markdown, output.blocks, output.sprite, diagnostics)
        )


def _page_render(page: PageInput, site: SiteSettings, data, owners: list[str], resolve) -> PageRender:
    render = site.renderer.page(
        Locale(page.language, site.labels), SelfMatcher(owners), resolve, page.markdown, site.options
    )
    render.publication_url = page.publication_url
    render.bibliography_url = page.bibliography_url
    render.coauthors = site.coauthors
    # Co-authors who are lab members link to their member pages.
    render.members = [
        (SelfMatcher(names), relative_url(person.page_url, page.page_url))
        for person in site.people.by_id.values()
        if person.page_url is not None and (names := person_names(person)) and not set(names) & set(owners)
    ]
    return render


def build_publication_page(
    page: PageInput, site: SiteSettings, pub: Publication, owners: list[str], back_url: str, bib_url: str
) -> PageOutput:
    """The page of one publication: its heading in Markdown, the rest rendered straight to HTML."""
    key, cached = _cached(page, site, pub, owners, back_url, bib_url)
    if cached is not None:
        return PageOutput(cached.markdown, dict(cached.blocks), list(cached.diagnostics), sprite=cached.sprite)
    reporter = Reporter(page.source_name)
    render = _page_render(page, site, PageData(), owners, lambda url, path: page.find_file(url))
    html_text = site.renderer.render("publication_page.html", render, pub=pub, back_url=back_url, bib_url=bib_url)
    output = PageOutput("")
    output.blocks[PLACEHOLDER.format(0)] = html_text
    output.markdown = "# " + heading_text(pub.title) + "\n\n" + PLACEHOLDER.format(0) + "\n"
    output.sprite = render.icons.sprite()
    output.diagnostics = reporter.found
    _keep(page, site, key, output, reporter.found)
    return output


def _read_data_file(page: PageInput, site: SiteSettings, ctx: Context) -> PageData | None:
    """The sections of the YAML file named by ``data:``, checked against its own lines."""
    reference = (page.meta or {}).get("data")
    if reference is None:
        return None
    if not isinstance(reference, str) or not reference.strip():
        ctx.reporter.warn(("data",), "expected the path of a YAML data file, like data: people/me.yml")
        return None
    read = site.data_files.read_yaml(site.data_files.locate(page.page_dir, reference.strip()), ctx.reporter, ("data",))
    if read is None:
        return None
    loaded, file_reporter = read
    data = schema.read_page(loaded.data, Context(file_reporter, ctx.language, ctx.default_language))
    data_dir = site.data_files.locate(page.page_dir, reference.strip()).parent
    prefix = Path(os.path.relpath(data_dir, page.page_dir)).as_posix()
    for kind in SECTION_ORDER:
        for entry in _entries(data, kind):
            _rebase_paths(entry, prefix, page.find_file, file_reporter)
    return data


_PATH_FIELDS = ("photo", "logo", "image", "url")


def _entries(data: PageData, kind: str) -> list:
    value = data.section(kind)
    return value if isinstance(value, list) else [value] if value else []


def _rebase_paths(entry, prefix: str, find_file, reporter: Reporter) -> None:
    """Paths in a data file are relative to that file: make them relative to the page showing it.

    A missing file is reported against the data file's own line and the field is dropped.
    """

    def rebase(url: str | None, path: tuple) -> str | None:
        if not url or not link_kinds.is_relative(url) or url.startswith("#"):
            return url
        rebased = posixpath.normpath(posixpath.join(prefix, url))
        if find_file(rebased) is None:
            reporter.warn(path, f"the file '{url}' does not exist (paths are relative to this data file)")
            return None
        return rebased

    origin = entry.origin
    for name in _PATH_FIELDS:
        if isinstance(getattr(entry, name, None), str):
            setattr(entry, name, rebase(getattr(entry, name), origin + (name,)))
    if getattr(entry, "links", None):
        kept = []
        for link in entry.links:
            url = rebase(link.url, origin + ("links", link.kind))
            if url:
                kept.append(dataclasses.replace(link, url=url))
        entry.links = kept


def _merge(data: PageData, page_data: PageData) -> None:
    """A section written in the page itself replaces the same section of its data file."""
    for kind in SECTION_ORDER:
        if page_data.section(kind):
            setattr(data, kind, page_data.section(kind))
    data.member = page_data.member or data.member


class _Assembler:
    def __init__(self, page, site, render: PageRender, data: PageData, output: PageOutput, reporter: Reporter):
        self.page, self.site, self.render, self.data = page, site, render, data
        self.output, self.reporter = output, reporter
        self.h1_in_body = bool(_H1.search(page.body))
        self.profile_shown = False  # only the first profile card of a page may be its <h1>

    def run(self) -> str:
        lines = self.page.body.split("\n")
        markers = find_markers(self.page.body)
        placed: set[str] = set()
        for marker in markers:  # each marker line is replaced in place: line numbers stay valid
            lines[marker.line] = self.place(marker)
            placed.add(marker.kind)
        top, bottom = [], []
        for kind in SECTION_ORDER:
            if kind in placed or not self.has(kind):
                continue
            text = self.place(Marker(kind, line=AUTO))
            (top if kind == "profile" else bottom).append(text)
        return "\n\n".join(part for part in ("\n\n".join(top), "\n".join(lines), "\n\n".join(bottom)) if part)

    def has(self, kind: str) -> bool:
        if kind == "people":
            return bool(self.site.people.by_id)
        return bool(self.data.section(kind))

    def marker_line(self, marker: Marker) -> int | None:
        """The file line of a marker: body lines start after the front matter."""
        if marker.line == AUTO:
            return None
        offset = self.page.source_text.count("\n") - self.page.body.count("\n")
        return offset + marker.line + 1

    def place(self, marker: Marker) -> str:
        line = self.marker_line(marker)
        if marker.kind not in MARKER_OPTIONS:
            self.reporter.warn(
                (),
                f"unknown section '{marker.kind}' in a researcher marker{did_you_mean(marker.kind, MARKER_OPTIONS)}",
                line=line,
            )
            return ""
        for problem in marker.problems:
            self.reporter.warn((), f"researcher {marker.kind} marker: {problem}", line=line)
        for name in marker.options:
            if name not in MARKER_OPTIONS[marker.kind]:
                self.reporter.warn(
                    (),
                    (
                        f"researcher {marker.kind} marker: unknown option '{name}'"
                        f"{did_you_mean(name, MARKER_OPTIONS[marker.kind])}"
                    ),
                    line=line,
                )
        if not self.has(marker.kind):
            self.reporter.warn(
                (), f"researcher {marker.kind} marker: this page has no {marker.kind} to show", line=line
            )
            return ""
        return getattr(self, f"_section_{marker.kind}")(marker, line)

    # Pieces of Markdown -------------------------------------------------------------------

    def block(self, html_text: str) -> str:
        placeholder = PLACEHOLDER.format(len(self.output.blocks))
        self.output.blocks[placeholder] = html_text
        return placeholder

    def level(self, marker: Marker, line) -> int:
        return self.option_int(marker, "level", line, 2, 1, 6)

    def section(self, kind: str, marker: Marker, level: int, default_heading: str, pieces: list[str]) -> str:
        """The section element (opened and closed by placeholders) around its heading and pieces."""
        heading = marker.options.get("heading", default_heading)
        parts = [self.block(f'<div class="researcher-section researcher-{kind}">')]
        if heading and heading.lower() not in ("none", "false", "no"):
            parts.append(self.heading(heading, level))
        parts.extend(pieces)
        parts.append(self.block("</div>"))
        return "\n\n".join(parts)

    def option_int(self, marker: Marker, name: str, line, default: int, low: int, high: int) -> int:
        raw = marker.options.get(name)
        if raw is None:
            return default
        if raw.isdecimal() and len(raw) <= 9 and low <= int(raw) <= high:
            return int(raw)
        self.reporter.warn(
            (),
            f"researcher {marker.kind} marker: {name} should be a whole number from {low} to {high}, not '{raw}'",
            line=line,
        )
        return default

    @staticmethod
    def heading(text: str, level: int) -> str:
        return "#" * min(level, 6) + " " + heading_text(text)

    def html(self, template: str, **values) -> str:
        return self.block(self.site.renderer.render(template, self.render, **values))

    # Sections ----------------------------------------------------------------------------

    def _section_profile(self, marker: Marker, line) -> str:
        as_h1 = not self.profile_shown and not self.h1_in_body
        self.profile_shown = True
        html_text = self.site.renderer.render("profile.html", self.render, profile=self.data.profile, as_h1=as_h1)
        return self.block(html_text)

    def _section_publications(self, marker: Marker, line) -> str:
        t = self.render.locale
        entries = list(self.data.publications)
        # A member's page shows the member's own papers of the shared bibliography, unless author= says otherwise.
        author = marker.options.get(
            "author", self.data.member if self.data.shared_bibliography and self.data.member else "any"
        )
        if author != "any":
            person = self.site.people.by_id.get(author)
            if person is None:
                self.reporter.warn(
                    (),
                    (
                        f"researcher publications marker: no person '{author}' in the people folder"
                        f"{did_you_mean(author, self.site.people.by_id)}"
                    ),
                    line=line,
                )
            else:
                entries = _by_author(entries, person_names(person))
        selected = marker.options.get("selected", "false").lower() in ("true", "yes", "1")
        if selected:
            entries = [p for p in entries if p.selected]
        if "type" in marker.options:
            wanted = {w.strip().lower() for w in marker.options["type"].split(",")}
            entries = [p for p in entries if p.type in wanted]
        if "tag" in marker.options:
            wanted = {w.strip().lower() for w in marker.options["tag"].split(",")}
            entries = [p for p in entries if wanted & {tag.lower() for tag in p.tags}]
        entries.sort(key=lambda p: p.sort_key, reverse=True)  # stable: same date keeps file order
        limit = self.option_int(marker, "limit", line, 0, 0, 1_000_000)
        if limit:
            entries = entries[:limit]
        group_by = marker.options.get("group_by", "none").lower()
        if group_by not in GROUP_BY:
            self.reporter.warn(
                (),
                f"researcher publications marker: group_by should be one of {', '.join(GROUP_BY)}, not '{group_by}'",
                line=line,
            )
            group_by = "none"
        default_heading = t("section.selected_publications") if selected else t("section.publications")
        level = self.level(marker, line)
        pieces = []
        wants_filter = marker.options.get("filter", "auto").lower()
        if self.page.bibliography_url:
            pieces.append(self.html("bibliography_link.html"))
        if wants_filter in ("true", "yes") or (wants_filter == "auto" and len(entries) >= FILTER_FROM):
            pieces.append(self.html("filter.html"))
        for label, group in _group_publications(entries, group_by, t):
            if label:
                pieces.append(self.heading(label, level + 1))
            pieces.append(self.html("publications.html", publications=group))
        return self.section("publications", marker, level, default_heading, pieces)

    def _section_projects(self, marker: Marker, line) -> str:
        entries = list(self.data.projects)
        if "group" in marker.options:
            wanted = marker.options["group"]
            entries = [p for p in entries if (p.group or "") == wanted]
        limit = self.option_int(marker, "limit", line, 0, 0, 1_000_000)
        if limit:
            entries = entries[:limit]
        groups: dict[str, list] = {}
        for project in entries:
            groups.setdefault(project.group or "", []).append(project)
        level = self.level(marker, line)
        pieces = []
        for name, group in groups.items():
            if name and "group" not in marker.options:
                pieces.append(self.heading(name, level + 1))
            pieces.append(self.html("projects.html", projects=group))
        heading = marker.options["group"] if "group" in marker.options else self.render.locale("section.projects")
        return self.section("projects", marker, level, heading, pieces)

    def _timeline(self, kind: str, marker: Marker, line) -> str:
        entries = sorted(self.data.section(kind), key=_timeline_sort_key, reverse=True)
        limit = self.option_int(marker, "limit", line, 0, 0, 1_000_000)
        if limit:
            entries = entries[:limit]
        piece = self.html("timeline.html", kind=kind, entries=entries)
        return self.section(kind, marker, self.level(marker, line), self.render.locale(f"section.{kind}"), [piece])

    def _section_experience(self, marker: Marker, line) -> str:
        return self._timeline("experience", marker, line)

    def _section_education(self, marker: Marker, line) -> str:
        return self._timeline("education", marker, line)

    def _simple(self, kind: str, marker: Marker, line, sort_key=None) -> str:
        """A section shown as one list in its own template, newest first when ``sort_key`` is given."""
        entries = list(self.data.section(kind))
        if sort_key is not None:
            entries.sort(key=sort_key, reverse=True)
        limit = self.option_int(marker, "limit", line, 0, 0, 1_000_000)
        if limit:
            entries = entries[:limit]
        piece = self.html(f"{kind}.html", entries=entries)
        return self.section(kind, marker, self.level(marker, line), self.render.locale(f"section.{kind}"), [piece])

    def _section_news(self, marker: Marker, line) -> str:
        return self._simple("news", marker, line, lambda n: n.date.sort_key)

    def _section_awards(self, marker: Marker, line) -> str:
        return self._simple("awards", marker, line, lambda a: a.date.sort_key if a.date else (0, 0, 0))

    def _section_talks(self, marker: Marker, line) -> str:
        return self._simple("talks", marker, line, lambda t: t.date.sort_key if t.date else (0, 0, 0))

    def _section_teaching(self, marker: Marker, line) -> str:
        return self._simple("teaching", marker, line, _term_sort_key)

    def _section_service(self, marker: Marker, line) -> str:
        return self._simple("service", marker, line, lambda s: ((s.year or 0, 0, 0), _timeline_sort_key(s)))

    def _section_skills(self, marker: Marker, line) -> str:
        return self._simple("skills", marker, line)

    def _section_people(self, marker: Marker, line) -> str:
        level = self.level(marker, line)
        pieces = []
        for group, members in self.site.people.ordered_groups():
            if "group" in marker.options and group != marker.options["group"]:
                continue
            if group and "group" not in marker.options:
                pieces.append(self.heading(group, level + 1))
            cards = [
                (_member_profile(p.id, self.page, self.site, self.reporter), _link_to(p.page_url, self.page.page_url))
                for p in members
            ]
            pieces.append(self.html("people.html", members=[c for c in cards if c[0] is not None]))
        heading = marker.options.get("group") or self.render.locale("section.people")
        return self.section("people", marker, level, heading, pieces)


def _link_to(target: str | None, from_url: str) -> str | None:
    return relative_url(target, from_url) if target is not None else None


def _term_sort_key(entry) -> tuple:
    """Teaching by its dates, or by the year written in its term ("2023 Spring")."""
    if entry.start or entry.end:
        return _timeline_sort_key(entry)
    year = re.search(r"\d{4}", entry.term or "")
    return ((int(year.group()) if year else 0, 0, 0), (0, 0, 0))


def _timeline_sort_key(entry) -> tuple:
    """Newest first: ongoing entries on top, then by end, then by start."""
    end = entry.end
    end_key = (
        (10_000, 0, 0)
        if end == "present"
        else end.sort_key
        if end
        else (entry.start.sort_key if entry.start else (0, 0, 0))
    )
    return (end_key, entry.start.sort_key if entry.start else (0, 0, 0))


def _group_publications(entries: list[Publication], group_by: str, t: Locale) -> list[tuple[str, list[Publication]]]:
    if group_by == "none" or not entries:
        return [("", entries)]
    groups: dict[str, list[Publication]] = {}
    if group_by == "year":
        for entry in entries:
            groups.setdefault(str(entry.year) if entry.year else t("no_year"), []).append(entry)
        return list(groups.items())
    for entry in entries:
        groups.setdefault(entry.type, []).append(entry)
    return [(t(f"pub_type.{kind}"), groups[kind]) for kind in PUBLICATION_TYPES if kind in groups]
