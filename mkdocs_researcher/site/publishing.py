"""The files the site adds, from what spans pages: each shown publication's page and .bib, each list's .bib, the
feed and the résumé, as src_uri -> text. None replaces a file of the site's own."""

from __future__ import annotations

import dataclasses
import html
import json
from collections.abc import Callable

import yaml

from ..diagnostics import Diagnostic
from ..model.records import Publication
from ..options import SiteOptions
from ..publish import citation, resume
from ..sources.people import People
from . import cv
from .engine import EngineSettings
from .files import SiteFiles
from .index import Listing, SiteIndex, bibliography_uri
from .scan import Scan
from .selection import shown_on_page

Report = Callable[[list[Diagnostic]], None]


def keeps_owners_file(files: SiteFiles, report: Report, src_uri: str, what: str, instead: str | None = None) -> bool:
    """Whether a file of the site's own lands where ``src_uri``, ``what`` the build would add, would: that file
    stays and is published, and one warning names both; ``instead``: the name ``what`` takes, else it is
    left out. No build, and no command, replaces a file it did not write."""
    own = files.owners_file(src_uri)
    if own is not None:
        outcome = f"made as {instead} instead" if instead else "not made"
        problem = f"the site's own file, kept: {what} ({src_uri}) would replace it; {outcome}"
        report([Diagnostic(files.source_name(own), None, "", problem)])
    return own is not None


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def publication_page_source(pub: Publication) -> str:
    """The Markdown file of a publication's own page: only its title (for nav, search, <title>); the page is
    rendered when it is built (pages.py). Themes print a front-matter title as HTML, so it is escaped here."""
    front = {"title": html.escape(pub.title, quote=False)}
    # libyaml's emitter where PyYAML has it, as for loading (sources/frontmatter.py): a page per publication.
    return "---\n" + yaml.dump(front, Dumper=_DUMPER, allow_unicode=True) + "---\n"


def publish_publications(
    generated: dict[str, str],
    folder: str,
    index: SiteIndex,
    scan: Scan,
    people: People,
    files: SiteFiles,
    report: Report,
) -> dict[str, str | None]:
    """Each shown publication's page and .bib under ``folder``, each list's .bib beside its page, into
    ``generated``; the language of each page made (its list's)."""
    for listing in index.pages:
        page = scan.pages[listing.src_uri]
        listing.shown = shown_on_page(listing.data, page.markers, people)
    listings = [listing for listing in index.pages if listing.shown]
    bibliographies: set[str] = set()
    for listing in listings:
        listing.bibliography_uri = _free_bibliography_uri(listing, bibliographies, files, report)
        bibliographies.add(files.site_path(listing.bibliography_uri)[0].lower())
    # Compared as (case-folded) destinations: a publication page must never replace another file.
    published = {file.dest_uri.lower() for file in files.by_src_uri.values()} | {
        listing.bibliography_uri.lower() for listing in listings
    }

    def taken(slug: str) -> bool:
        return any(
            files.site_path(f"{folder}publications/{slug}{suffix}")[0].lower() in published
            for suffix in (".md", ".bib")
        )

    entries, moved = index.choose_publication_pages(taken, people)
    for entry, wanted in moved:
        own = files.owners_file(f"{folder}publications/{wanted}.md") or files.owners_file(
            f"{folder}publications/{wanted}.bib"
        )
        holder = f"the site's own {files.source_name(own)}" if own else "another page, file or key"
        problem = (
            f"the key '{entry.key}' would make publications/{wanted}, which {holder} has; "
            f"its page is publications/{entry.slug}"
        )
        listing_file = files.by_src_uri[entry.list_src_uri]
        report([Diagnostic(files.source_name(listing_file), None, "publications", problem)])
    languages = {}
    for entry in entries:
        links = [
            dataclasses.replace(link, url=files.site_url(link.url, entry.list_src_uri)) for link in entry.pub.links
        ]
        image = entry.pub.image and files.site_url(entry.pub.image, entry.list_src_uri)
        entry.pub = dataclasses.replace(entry.pub, links=links, image=image)
        page_uri, bib_uri = f"{folder}publications/{entry.slug}.md", f"{folder}publications/{entry.slug}.bib"
        generated[page_uri] = publication_page_source(entry.pub)
        generated[bib_uri] = citation.bibtex_for(entry.pub)
        languages[page_uri] = files.by_src_uri[entry.list_src_uri].language
        index.place(entry.key, page_uri, files.site_path(page_uri)[1], files.site_path(bib_uri)[1])
    for listing in listings:
        generated[listing.bibliography_uri] = citation.bibliography_for(listing.shown)
    return languages


def _free_bibliography_uri(listing: Listing, taken: set[str], files: SiteFiles, report: Report) -> str:
    """Where a list's publications go as one .bib: beside its page, unless a file of the site's own (the .bib
    the page reads, often) or another list's .bib is there; then under the first free name of
    ``publications-2.bib``, ``publications-3.bib``…, saying so once when the site's file is kept."""
    wanted = bibliography_uri(listing.url)
    uri, number = wanted, 1
    while files.owners_file(uri) or files.site_path(uri)[0].lower() in taken:
        number += 1
        uri = f"{wanted.removesuffix('.bib')}-{number}.bib"
    if uri != wanted:
        what = f"the publications of {files.source_name(files.by_src_uri[listing.src_uri])} as one .bib"
        keeps_owners_file(files, report, wanted, what, uri)
    return uri


def publish_site_files(
    generated: dict[str, str],
    index: SiteIndex,
    scan: Scan,
    people: People,
    options: SiteOptions,
    engine: EngineSettings,
    files: SiteFiles,
    report: Report,
) -> None:
    """The feed and the résumé, into ``generated``, unless a file of the site's own has their name."""
    site_url = engine.site_url
    if options.feed and site_url and not keeps_owners_file(files, report, "feed.xml", "the Atom feed"):
        generated["feed.xml"] = index.feed(site_url, engine.site_name)
    if options.json_resume and not keeps_owners_file(files, report, "resume.json", "the JSON Resume"):
        owners = cv.owner_cv(scan, index, people, options.cv_sections)
        if owners is not None:
            data = resume.json_resume(owners, obfuscate_email=options.obfuscate_email, site_url=site_url)
            generated["resume.json"] = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
