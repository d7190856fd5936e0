"""What spans pages: member pages, the site's owner, which page owns each publication's own page, the feed,
head tags.

Filled from every page's sections by the scan, then asked by each page as it is built.
"""

from __future__ import annotations

import html
import itertools
import posixpath
from collections.abc import Callable, Container
from dataclasses import dataclass, field

from ..model import urls
from ..model.records import PageData, Publication
from ..model.urls import relative_url
from ..publish import citation, feed
from ..render.environment import OwnPage
from ..sources.people import People


@dataclass
class Listing:
    """A page with researcher sections."""

    src_uri: str
    url: str  # as MkDocs' File.url: "" for the home page, "people/qi/"…
    data: PageData
    shown: list[Publication] = field(default_factory=list)  # the publications it shows (see selection.py)
    bibliography_uri: str | None = None  # what it shows as one .bib, when published


@dataclass
class PublicationEntry:
    key: str
    pub: Publication
    owners: list[str]  # highlighted on its page, as on the list it links back to
    list_src_uri: str  # that list's page
    slug: str = ""  # its page is publications/SLUG (see choose_publication_pages)
    page_src_uri: str = ""
    page_url: str = ""
    bib_url: str = ""


# A publication page named so would be its folder's index page, or a file Windows cannot create.
_RESERVED_SLUGS = frozenset(
    ["index", "readme", "con", "prn", "aux", "nul"] + [f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)]
)


def bibliography_uri(page_url: str) -> str:
    """``publications.bib`` beside a page: "./" -> publications.bib, "people/qi/" -> people/qi/publications.bib."""
    if page_url in ("", "./"):
        return "publications.bib"
    if page_url.endswith("/"):
        return page_url + "publications.bib"
    return posixpath.splitext(page_url)[0] + ".bib"


@dataclass
class SiteIndex:
    pages: list[Listing] = field(default_factory=list)
    entries: dict[str, PublicationEntry] = field(default_factory=dict)
    member_pages: dict[str, str] = field(default_factory=dict)  # a lab member's id -> URL of their page
    # src_uri of a publication page -> its entry: each page asks for its own, so a site of n pages does n look-ups
    by_page: dict[str, PublicationEntry] = field(default_factory=dict)

    def add_page(self, src_uri: str, url: str, data: PageData) -> None:
        self.pages.append(Listing(src_uri, url, data))

    def attach_members(self, people: People) -> None:
        """The page of each lab member: the (last, in file order) page showing their profile."""
        for listing in self.pages:
            if listing.data.member in people.by_id:
                self.member_pages[listing.data.member] = listing.url

    def page(self, src_uri: str) -> Listing | None:
        return next((p for p in self.pages if p.src_uri == src_uri), None)

    def owner_names(self) -> list[str]:
        owner = self.owner()
        return owner.data.profile.names() if owner else []

    def page_owners(self, data: PageData, people: People) -> list[str]:
        """The names a page highlights: its profile's; on a page of no one, every member's, else the site owner's."""
        own = data.profile.names() if data.profile else []
        return own or (people.names() if people.by_id else self.owner_names())

    def choose_publication_pages(
        self, taken: Callable[[str], bool], people: People
    ) -> tuple[list[PublicationEntry], list[tuple[PublicationEntry, str]]]:
        """One entry per key shown on some page, each with a file name of its own and the list it links back to.

        That list is the one that owns the entry: a page showing it from its own publications (its front matter,
        files or data file; a member's page from the member's file) before one showing a bibliography shared
        with other pages; among those, the page showing the most publications. Each highlights the names its list
        does (``page_owners``).

        A key's slug that ``taken`` says is a page already, or that another key has, or that a folder or a
        platform reserves, gets a number; each such entry comes back with the slug it could not have.
        """
        # Sorted stably: pages of equal rank stay in the order they were scanned (by file name).
        for listing in sorted(self.pages, key=lambda p: (p.data.shared_bibliography, -len(p.shown))):
            for pub in listing.shown:
                if pub.page and pub.key not in self.entries:
                    self.entries[pub.key] = PublicationEntry(
                        pub.key, pub, self.page_owners(listing.data, people), listing.src_uri
                    )
        chosen = [self.entries[key] for key in sorted(self.entries)]
        used: set[str] = set()  # compared lower-case: macOS and Windows file names ignore case
        moved = []

        def free(slug: str) -> bool:
            return slug.lower() not in used and slug.lower() not in _RESERVED_SLUGS and not taken(slug)

        for entry in chosen:
            wanted = urls.key_slug(entry.key)
            entry.slug = (
                wanted if free(wanted) else next(f"{wanted}-{n}" for n in itertools.count(2) if free(f"{wanted}-{n}"))
            )
            used.add(entry.slug.lower())
            if entry.slug != wanted:
                moved.append((entry, wanted))
        return chosen, moved

    def place(self, key: str, page_src_uri: str, page_url: str, bib_url: str) -> None:
        entry = self.entries[key]
        entry.page_src_uri, entry.page_url, entry.bib_url = page_src_uri, page_url, bib_url
        self.by_page[page_src_uri] = entry

    def publication_page(self, src_uri: str) -> PublicationEntry | None:
        return self.by_page.get(src_uri)

    def own_page(self, pub: Publication, from_url: str, built: Container[str]) -> OwnPage | None:
        """Links to the publication's page and .bib, when its page is among the ``built`` source files
        (mkdocs-static-i18n leaves generated pages out of the builds of other languages)."""
        entry = self.entries.get(pub.key)
        if entry is None or not entry.page_url or not pub.page or entry.page_src_uri not in built:
            return None
        return OwnPage(relative_url(entry.page_url, from_url), relative_url(entry.bib_url, from_url))

    # Machine-readable outputs ---------------------------------------------------------------

    def _absolute(self, site_url: str | None, url: str) -> str | None:
        return urls.absolute_url(url or "./", site_url=site_url) if site_url else None

    def owner(self):
        """The site's owner: the profile of the home page, else of the first page with one."""
        with_profile = [p for p in self.pages if p.data.profile]
        # index.md, or a language's own (index.zh.md, which mkdocs-static-i18n builds as zh/)
        home = [p for p in with_profile if p.src_uri.split(".", 1)[0] in ("index", "README")]
        return (home or with_profile or [None])[0]

    def feed(self, site_url: str, site_name: str) -> str:
        items: list[feed.FeedItem] = []
        seen: set[str] = set()
        for listing in self.pages:
            page_url = self._absolute(site_url, listing.url)
            for pub in listing.data.publications:
                if pub.key in seen:
                    continue
                seen.add(pub.key)
                own = self.entries.get(pub.key)
                target = self._absolute(site_url, own.page_url) if own and own.page_url else page_url
                items.extend(feed.publication_feed_items([pub], page_url=target))
            for index, news in enumerate(listing.data.news):
                text = citation.plain_text(news.text) or ""
                anchor = f"{page_url}#news-{news.date.iso()}-{index}"
                items.append(
                    feed.FeedItem(
                        anchor, text[:90] + ("…" if len(text) > 90 else ""), page_url, news.date.iso(), text, "news"
                    )
                )
        owner = self.owner()
        author = owner.data.profile.name if owner else site_name
        updated = None if items else "1970-01-01"
        return feed.atom_feed(
            title=site_name,
            site_url=site_url,
            feed_url=site_url.rstrip("/") + "/feed.xml",
            author_name=author,
            updated=updated,
            items=items,
        )

    def head_tags(self, src_uri: str, url: str, site_url: str | None, obfuscate_email: bool, feed: bool) -> str:
        tags = []
        page_url = self._absolute(site_url, url)
        entry = self.publication_page(src_uri)
        if entry is not None:
            tags.append(
                citation.render_meta_tags(citation.highwire_meta(entry.pub, page_url=page_url, site_url=site_url))
            )
            tags.append(
                citation.jsonld_script(citation.article_jsonld(entry.pub, page_url=page_url, site_url=site_url))
            )
        listing = self.page(src_uri)
        if listing is not None and listing.data.profile:
            profile = listing.data.profile
            photo = profile.photo
            if photo and urls.is_absolute_http(photo) is False and not photo.startswith("/"):
                photo = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), photo))
            image = urls.absolute_url(photo, site_url=site_url) if photo and site_url else None
            person = citation.person_jsonld(
                profile, page_url=page_url, site_url=site_url, image_url=image, obfuscate_email=obfuscate_email
            )
            tags.append(citation.jsonld_script(person))
        if feed and site_url:
            # Relative: Material reads every <link rel=alternate> as a language version and fetches
            # the sitemap of its origin; the site's own origin has one.
            href = html.escape(relative_url("feed.xml", url))
            tags.append(f'<link rel="alternate" type="application/atom+xml" title="Atom feed" href="{href}">')
        return "\n".join(t for t in tags if t) + ("\n" if tags else "")
