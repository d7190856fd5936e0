"""Sections to HTML with the Jinja templates of ``theme/researcher/``.

Templates are looked up in the site's own template folders first, so a file
of the same name in ``custom_dir`` replaces ours. Every value reaches the
templates as data: autoescaping escapes plain text, and Markdown fields
arrive already rendered as ``Markup``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import escape as escape_text  # a str: markupsafe's escape makes a Markup of every piece, at twice the cost
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup, escape

from ..model import links as link_kinds
from ..model import names, urls
from ..model.names import ET_AL, SelfMatcher
from ..model.records import Author, Link, PartialDate
from ..publish import citation
from . import outside_heap, publication
from .icons import IconSet, IconUse
from .locale import ListWords, Locale, written_in_cjk
from .publication import MathMarkup, entry_labels, publication_html

if TYPE_CHECKING:
    from ..options import SiteOptions

# Turns a Markdown string into HTML with the site's Markdown settings.
MarkdownFunc = Callable[[str], str]
# Turns a URL relative to the page's source file into one relative to the built page;
# None when the file does not exist. The second argument is the field path, for messages.
ResolveFunc = Callable[[str, tuple], "str | None"]


@dataclass(frozen=True)
class OwnPage:
    """Where a publication's own page and its .bib file are, relative to the page linking to them."""

    page: str
    bib: str


class SiteFacts(Protocol):
    """What the site knows beyond an entry (see site/enrich.py): rendering asks, never reads or fetches."""

    counts: dict | None  # stars and citations, when the site shows them

    def member_page(self, author: Author) -> str | None: ...  # relative to the built page

    def homepage(self, author: Author) -> str | None: ...  # as written: relative to the page's source

    def stars(self, project) -> int | None: ...

    def citations(self, pub) -> int | None: ...


class _NoFacts:
    counts = None

    def member_page(self, author):
        return None

    def homepage(self, author):
        return author.url

    def stars(self, project):
        return None

    def citations(self, pub):
        return None


@dataclass
class AuthorView:
    name: str
    marks: str
    is_self: bool
    href: str | None  # ready for the page
    html: Markup = Markup("")  # the name as written in an author list
    cjk: bool = False  # written in Chinese, Japanese or Korean characters: such names are listed with their own commas


@dataclass
class PageRender:
    """What rendering one page needs to know about that page."""

    locale: Locale
    matcher: SelfMatcher
    resolve: ResolveFunc
    icons: IconUse
    markdown: MarkdownFunc
    options: SiteOptions
    math: MathMarkup | None = None  # how the site's pymdownx.arithmatex writes $…$ (None: not configured)
    # A publication -> its own page and .bib file (URLs relative to this page), when the site has them.
    publication_url: Callable[[object], OwnPage | None] = lambda pub: None
    facts: SiteFacts = field(default_factory=_NoFacts)
    bibliography_url: str | None = None  # this page's publications as one .bib file
    # Each author's view, found once per page: a researcher's own name and their co-authors' recur in most entries.
    author_views: dict = field(default_factory=dict)


ASSETS = ("researcher.css", "researcher.js")  # in theme_dir()/researcher/
ASSET_DIR = "assets/researcher"  # where a site serves them


def theme_dir() -> Path:
    """The templates and CSS: inside the installed package, or beside it in a source checkout."""
    package = Path(__file__).parent.parent
    packaged = package / "theme"
    return packaged if packaged.is_dir() else package.parent / "theme"


_CSS_COMMENT = re.compile(r"/\*.*?\*/\n?", re.DOTALL)


def asset_text(name: str) -> str:
    """One of this package's ASSETS as a site serves it. The stylesheet's comments, which explain each rule to
    whoever reads it here, are a third of its gzipped weight: no visitor downloads them."""
    text = (theme_dir() / "researcher" / name).read_text(encoding="utf-8")
    return _CSS_COMMENT.sub("", text) if name.endswith(".css") else text


class _CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept in this process only, by file and source checksum.

    A `mkdocs serve` rebuild makes a new environment and skips compiling the templates again. Nothing
    is written to disk: compiled code read back from a folder a repository can hold would run as it is.
    """

    def __init__(self):
        self.compiled: dict[str, tuple[str, object]] = {}  # bucket key (name and file) -> (source checksum, code)

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        known = self.compiled.get(bucket.key)
        if known is not None and known[0] == bucket.checksum:
            bucket.code = known[1]

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = (bucket.checksum, bucket.code)


_COMPILED = _CompiledTemplates()


class Renderer:
    def __init__(self, template_dirs: Iterable[str], icon_dirs: Iterable[str]):
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(list(template_dirs)),
            bytecode_cache=_COMPILED,
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        self.icon_set = IconSet(list(icon_dirs))

    def page(self, locale, matcher, resolve, markdown, options, math) -> PageRender:
        return PageRender(locale, matcher, resolve, IconUse(self.icon_set), markdown, options, math)

    def render(self, template: str, page: PageRender, **values) -> str:
        return self.env.get_template(f"researcher/{template}").render(
            t=page.locale, icon=page.icons, h=_Helpers(page), options=page.options, **values
        )

    def render_long(self, template: str, page: PageRender, **values) -> str:
        """``render`` for a text of unbounded length (a publication list), joined outside the heap."""
        pieces = self.env.get_template(f"researcher/{template}").generate(
            t=page.locale, icon=page.icons, h=_Helpers(page), options=page.options, **values
        )
        return outside_heap.joined(pieces)

    def field(self, page: PageRender, pub, name: str) -> Markup:
        """A text field of a publication as HTML, as a template writes it (h.pub_text)."""
        return Markup(publication.field_html(_Helpers(page), pub, name))


def _escaped_words(words: ListWords) -> ListWords:
    return ListWords(escape_text(words.separator), escape_text(words.last), escape_text(words.last_of_many))


_SINGLE_PARAGRAPH = re.compile(r"^<p>(.*)</p>$", re.DOTALL)


def _author_html(view: AuthorView) -> Markup:
    text = escape_text(view.name)
    if view.href:
        text = f'<a href="{escape_text(view.href)}">{text}</a>'
    sup = f'<sup class="researcher-mark">{escape_text(view.marks)}</sup>' if view.marks else ""
    return Markup(f'<span class="researcher-author{" researcher-self" if view.is_self else ""}">{text}{sup}</span>')


class _Helpers:
    """Functions the templates call; kept here so templates stay declarative."""

    def __init__(self, page: PageRender):
        self.page = page
        self._views: dict[Author, AuthorView] = page.author_views
        self._entry_labels = None
        self._list_words = None  # the author list's separators, escaped once
        self._link_rest: dict[tuple[str, str], str] = {}  # a link button's markup after its href, by (kind, label)

    def markdown(self, text: str | None, inline: bool = False) -> Markup:
        """A Markdown field of the owner's files as HTML (text from .bib/CSL files goes through ``pub_text``)."""
        if not text:
            return Markup("")
        html = self.page.markdown(text).strip()
        if inline:
            match = _SINGLE_PARAGRAPH.match(html)
            if match and "<p>" not in match.group(1):
                html = match.group(1)
        return Markup(html)

    def url(self, value: str | None, path: tuple = ()) -> str | None:
        """A URL ready for href/src: relative paths resolved, unsafe schemes dropped."""
        if not value:
            return None
        safe = link_kinds.safe_url(value)
        if safe is None:
            return None
        if link_kinds.is_relative(safe) and not safe.startswith("#"):
            return self.page.resolve(safe, path)
        return safe

    def link_icon(self, link: Link) -> Markup:
        return self.page.icons(link_kinds.icon_for(link.kind))

    # Small pieces repeated in every entry of a long list: written here, where they cost a tenth
    # of a template macro. Everything put in them is escaped, as the templates' autoescape does.

    def link_list(self, links: list[Link], origin: tuple = ()) -> Markup:
        """The buttons of an entry's links; a link whose file does not exist is left out (and reported)."""
        if not links:
            return Markup("")
        html = ['<span class="researcher-links" data-search-exclude>']
        for link in links:
            href = self.url(link.url, origin + ("links", link.kind))
            if href:
                known = self._link_rest.get((link.kind, link.label))
                if known is None:  # the same few kinds of link recur in every entry
                    known = self._link_rest[link.kind, link.label] = (
                        f'" data-kind="{escape_text(link.kind)}">{self.link_icon(link)}'
                        f"<span>{escape_text(self.page.locale.link_label(link))}</span></a>",
                        link_kinds.icon_for(link.kind),
                    )
                else:
                    self.page.icons.note(known[1])
                html.append(f'<a class="researcher-action" href="{escape_text(href)}{known[0]}')
        html.append("</span>")
        return Markup("".join(html))

    def publication(self, pub, bibtex_file: str | None = None) -> Markup:
        """One entry of a publication list (render/publication.py); ``bibtex_file``: where a long list keeps the
        entries' BibTeX ("bibtex.bib#N", N the list's first there), None to write it into the entry."""
        if self._entry_labels is None:
            self._entry_labels = entry_labels(self.page)
        return publication_html(self, pub, self._entry_labels, bibtex_file)

    @staticmethod
    def tag_list(tags: list[str]) -> Markup:
        if not tags:
            return Markup("")
        return Markup(
            '<ul class="researcher-tags">'
            + "".join(f'<li class="researcher-tag">{escape_text(tag)}</li>' for tag in tags)
            + "</ul>"
        )

    @staticmethod
    def author(view: AuthorView) -> Markup:
        return view.html

    def author_list(self, authors: list[Author], limit: int | None = None) -> Markup:
        """The authors, the first ``max_authors`` shown ("A, B, and C"), the rest behind a "N more" toggle."""
        shown, hidden, et_al = self.authors(authors, limit)
        t = self.page.locale
        if self._list_words is None:
            self._list_words = (
                _escaped_words(t.name_words),
                _escaped_words(t.cjk_name_words),
                escape(t("before_more")),
                escape(t("et_al")),
            )
        words, cjk_words, before_more, et_al_text = self._list_words

        def joint(before: AuthorView, after: AuthorView, last: bool, many: bool) -> str:
            """What goes between two names: the words of their script (Latin names keep ", " on a Chinese page)."""
            chosen = cjk_words if before.cjk and after.cjk else words
            return (chosen.last_of_many if many else chosen.last) if last else chosen.separator

        # data-et-al: the copied citation ends in "et al." too (researcher.js).
        html = ['<span class="researcher-authors" data-et-al>' if et_al else '<span class="researcher-authors">']
        last_shown = len(shown) - 1 if not hidden and not et_al else -1
        for index, view in enumerate(shown):
            if index:
                html.append(joint(shown[index - 1], view, index == last_shown, len(shown) > 2))
            html.append(view.html)
        if hidden:
            html.append(
                '<details class="researcher-more-authors">'
                f"<summary>{before_more}{escape(t.plural('more_authors', len(hidden)))}</summary>"
                '<span class="researcher-more-authors__list">'
            )
            before = shown[-1]
            for index, view in enumerate(hidden):
                html.append(joint(before, view, index == len(hidden) - 1 and not et_al, True))
                html.append(view.html)
                before = view
            # "et al." ends the full list: beside the count it would say "more" twice ("等 7 位作者 等").
            html.append(f" {et_al_text}</span></details>" if et_al else "</span></details>")
        elif et_al:
            html.append(f" {et_al_text}")
        html.append("</span>")
        return Markup("".join(html))

    def authors(
        self, authors: list[Author], limit: int | None = None
    ) -> tuple[list[AuthorView], list[AuthorView], bool]:
        """(shown, hidden, et_al): the first ``max_authors``, extended so the owner is never hidden.

        ``et_al`` says the list ended in "and others", which is shown as "et al.", not as a name.
        """
        et_al = bool(authors) and authors[-1].name == ET_AL
        if et_al:
            authors = authors[:-1]
        views = [self._view(a) for a in authors]
        limit = self.page.options.max_authors if limit is None else limit
        last_self = max((i for i, v in enumerate(views) if v.is_self), default=-1)
        shown = max(limit, last_self + 1)
        if limit <= 0 or shown >= len(views):
            return views, [], et_al
        return views[:shown], views[shown:], et_al

    def _view(self, author: Author) -> AuthorView:
        view = self._views.get(author)
        if view is None:
            view = self._views[author] = AuthorView(
                author.name,
                author.marks,
                self.page.matcher.matches(author),
                self._homepage(author),
                cjk=written_in_cjk(author.name),
            )
            view.html = _author_html(view)  # written once per page: the same names fill most of its entries
        return view

    def _homepage(self, author: Author) -> str | None:
        """An href for an author: a lab member's page, else their own url, else coauthors.yml's."""
        return self.page.facts.member_page(author) or self.url(self.page.facts.homepage(author))

    def email_parts(self, address: str) -> dict:
        """The address split so its text is never in the source verbatim, plus a reversed copy for the script."""
        user, _, domain = address.partition("@")
        return {
            "user": user,
            "domain_parts": domain.split("."),
            "reversed": address[::-1],
        }

    initials = staticmethod(names.initials)

    @staticmethod
    def written_url(url: str) -> str:
        """A URL as a printed page writes it: without its scheme or a closing slash ("github.com/qi")."""
        parts = urlsplit(url)
        if not parts.netloc:
            return url
        return (parts.netloc + parts.path).rstrip("/") + (f"?{parts.query}" if parts.query else "")

    def avatar_hue(self, name: str) -> int:
        """A stable colour per name for the initials placeholder."""
        return int(hashlib.sha1(name.encode("utf-8")).hexdigest()[:4], 16) % 360

    pub_anchor = staticmethod(urls.pub_anchor)

    def stars(self, project) -> int | None:
        return self.page.facts.stars(project)

    def citations(self, pub) -> int | None:
        return self.page.facts.citations(pub)

    # Pieces of an entry that the publication's own page shows too (see publication.py).

    def badge(self, pub) -> Markup:
        return Markup(publication.badge(self, pub))

    def pub_text(self, pub, name: str) -> Markup:
        """A text field of a publication (title, venue, award, note, abstract) as HTML: see publication.field_html."""
        return Markup(publication.field_html(self, pub, name))

    def preview(self, pub) -> Markup:
        """A publication's thumbnail, when it has one."""
        return Markup(publication.preview_html(self, pub))

    def venue_line(self, pub) -> Markup:
        """The venue line with the month and year, as the publication's own page shows it."""
        date = escape_text(self.page.locale.date(PartialDate(pub.year, pub.month))) if pub.year else ""
        return Markup(publication.venue_line(self, pub, date))

    def venue_words(self, pub) -> Markup:
        """The venue, its details (volume, pages…) and the year, as a list shows them, without their paragraph."""
        return Markup(publication.venue_words(self, pub, str(pub.year) if pub.year else ""))

    def cited_line(self, pub) -> Markup:
        return Markup(publication.cited_line(self, pub))

    def award_line(self, pub) -> Markup:
        return Markup(publication.award_line(self, pub))

    def pub_page(self, pub) -> str | None:
        return self.page.publication_url(pub)

    def bibliography_url(self) -> str | None:
        return self.page.bibliography_url

    bibtex = staticmethod(citation.bibtex_for)
