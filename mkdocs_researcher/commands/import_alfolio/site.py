"""What the old site shows: its pages, which of them a visitor can reach, what each one lists, and its navbar.

A visitor of an al-folio site reaches the home page (_pages/about.md), the pages of the navbar (nav: true, in
nav_order, with a dropdown's children) and the pages those link to. A collection (_news, _projects, _teachings…)
or data (_data/cv.yml, the bibliography) is shown when a page a visitor can reach lists it: the home page by its
front matter (announcements, selected_papers, or a key naming a collection: projects: true), another page by its
layout (cv), by naming it in its text (site.projects, site.data.repositories, {% bibliography %}), or in the
layouts and includes it uses. What only hidden pages list, or no page at all, is not imported as the owner's.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ...sources.text_files import read_unicode
from .source import split_front_matter, unpublished_name

if TYPE_CHECKING:
    from .source import Checkout

# What a page lists, by what its text names: site.data.NAME, site.NAME, {% bibliography %}, {% include NAME %}.
_SITE_DATA = re.compile(r"\bsite\.data\.([A-Za-z0-9_-]+)")
_SITE_COLLECTION = re.compile(r"\bsite\.([A-Za-z0-9_-]+)")
_BIBLIOGRAPHY = re.compile(r"\{%-?\s*bibliography\b([^%]{0,300})%\}")
_BIB_FILE = re.compile(r"--file\s+([\w./-]+)")
_CITED = re.compile(r"--cited(?:_in_order)?\b")  # {% bibliography --cited %}: only what the page cites
_CITE = re.compile(r"\{%-?\s*cite\s+([^%]{0,300})%\}")
_INCLUDE = re.compile(r"\{%-?\s*include(?:_relative)?\s+([\w./-]+)")
# Includes of al-folio's own that list something, by their whole name (newsletter.liquid is not news.liquid), for
# checkouts whose _includes/ is not there to be read; a folder of them ("repository/repo.liquid") by its name.
_KNOWN_INCLUDES = {
    "news": "news",
    "projects": "projects",
    "projects_horizontal": "projects",
    "courses": "teachings",
    "teaching": "teachings",
    "selected_papers": "publications",
    "repository/": "repositories",
}
# Liquid's conditions: a part of a layout counts for a page only where its condition holds for that page.
_CONTROL = re.compile(r"\{%-?\s*(if|unless|elsif|else|endif|endunless)\b([^%]{0,300})%\}")
_VARIABLE = re.compile(r"^(page|site)\.([A-Za-z0-9_-]+)$")
# A page's links: Markdown, HTML and Jekyll's {% link %}.
_LINKS = re.compile(r"\]\(\s*<?([^)\s>]+)|\bhref\s*=\s*[\"']([^\"']+)[\"']|\{%-?\s*link\s+([\w./-]+)")
_LAYOUT_DEPTH = 4  # layouts and includes followed from a page; al-folio's nest two or three deep

CV = "cv"
PUBLICATIONS = "publication"


def source_key(name: str) -> str:
    """One name for a collection or data file however a page spells it: teaching, teachings -> teaching."""
    name = name.strip().lower().removeprefix("_")
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


@dataclass
class OldPage:
    path: Path
    where: str  # as the report names it
    meta: dict
    body: str
    key: str  # its address without slashes: "" for the home page, "cv" for /cv/
    language: str | None = None  # a translation's language (_pages/<lang>/, or lang: in polyglot sites)
    lists: set[str] = field(default_factory=set)  # source keys
    lists_cited: bool = False  # {% bibliography --cited %}: only the papers the page cites
    bibliographies: list[str] = field(default_factory=list)  # .bib files named by {% bibliography --file %}
    links: set[str] = field(default_factory=set)  # keys of the pages it links to
    shown: bool = False
    hidden_because: str = ""

    @property
    def title(self) -> str:
        return str(self.meta.get("title") or self.path.stem).strip()

    @property
    def is_home(self) -> bool:
        return self.key == ""


@dataclass
class SiteMap:
    checkout: Checkout
    config: dict
    languages: list[str]
    default_language: str | None
    pages: list[OldPage] = field(default_factory=list)  # in the default language
    translations: dict[str, dict[str, OldPage]] = field(default_factory=dict)  # key -> language -> page
    collections: dict[str, bool] | None = None  # declared collection -> its pages are published (output)
    home_hides: set[str] = field(default_factory=set)  # what the home page's front matter turns off (news: false)

    @property
    def home(self) -> OldPage | None:
        return next((p for p in self.pages if p.is_home), None)

    @classmethod
    def read(cls, checkout: Checkout, config: dict, languages: list[str], default: str | None) -> SiteMap:
        site = cls(checkout, config, languages, default)
        site.collections = _declared_collections(config)
        site._read_pages()
        site._find_shown()
        return site

    def page(self, key: str) -> OldPage | None:
        return next((p for p in self.pages if p.key == key), None)

    def navbar(self) -> list[OldPage | tuple[OldPage, list[OldPage]]]:
        """The home page, then the nav: true pages in al-folio's order (nav_order; pages without one first, as
        Liquid's sort puts them); a dropdown as (page, its children)."""
        pages = sorted(
            (p for p in self.pages if p.shown and p.meta.get("nav") is True and not p.is_home),
            key=lambda p: (
                isinstance(p.meta.get("nav_order"), (int, float)),
                p.meta.get("nav_order") if isinstance(p.meta.get("nav_order"), (int, float)) else 0,
                p.where,
            ),
        )
        result: list = [self.home] if self.home else []
        for page in pages:
            children = [c for c in (self.page(k) for k in _dropdown_keys(page, self)) if c is not None]
            result.append((page, children) if page.meta.get("dropdown") else page)
        return result

    def shown_listing(self, source: str) -> tuple[list[OldPage], str]:
        """The pages a visitor can reach that list source, or [] and why it is not shown."""
        key = source_key(source)
        listing = [p for p in self.pages if key in p.lists]
        shown = [p for p in listing if p.shown]
        if shown:
            return shown, ""
        if listing:
            page = listing[0]
            return [], f"only {page.where} lists it, and that page is hidden ({page.hidden_because})"
        if key in self.home_hides and self.home:
            return [], f"{self.home.where} turns it off in its front matter"
        return [], "no page of the site lists it (al-folio shows it only on a page that does)"

    def published(self, collection: str) -> bool:
        """Whether Jekyll reads a collection folder at all: _config.yml's collections must name it."""
        return self.collections is None or collection.strip("_") in self.collections

    def has_own_pages(self, collection: str) -> bool:
        """Whether the collection's entries have pages of their own (output: true)."""
        return self.collections is None or self.collections.get(collection.strip("_"), False)

    # --- reading ---------------------------------------------------------------------------------

    def _read_pages(self) -> None:
        folder = self.checkout.path / "_pages"
        paths = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
        if not (folder / "about.md").is_file() and (self.checkout.path / "about.md").is_file():
            paths.append(self.checkout.path / "about.md")  # al-folio before _pages/
        for path in paths:
            relative = path.relative_to(folder).parts if path.is_relative_to(folder) else (path.name,)
            if path.suffix not in (".md", ".markdown", ".html") or any(unpublished_name(p) for p in relative):
                continue
            language = relative[0] if len(relative) > 1 and relative[0] in self.languages else None
            page = self._read_page(path, language)
            if page is None:
                continue
            language = page.language
            if language and language != self.default_language:
                self.translations.setdefault(page.key, {})[language] = page
            else:
                self.pages.append(page)

    def _read_page(self, path: Path, language: str | None) -> OldPage | None:
        text = self.checkout.read_text(path)
        if text is None:
            return None
        meta, body, problem = split_front_matter(text)
        where = self.checkout.rel(path)
        if meta is None:
            self.checkout.report.lose(where, f"its front matter is not valid YAML ({problem})")
            return None
        page = OldPage(path, where, meta, body, _page_key(meta, path))
        if not text.startswith("---"):
            page.hidden_because = "no front matter: Jekyll copies it as a plain file, not a page"
        elif meta.get("published") is False:
            page.hidden_because = "published: false"
        if isinstance(meta.get("lang"), str) and meta["lang"] in self.languages:
            language = meta["lang"]
        page.language = language
        self._what_it_lists(page)
        return page

    def _what_it_lists(self, page: OldPage) -> None:
        layout = str(page.meta.get("layout") or "")
        if layout == "cv":
            page.lists.add(CV)
        if page.is_home:
            page.lists |= _home_flags(page.meta)
            self.home_hides = _home_flags(page.meta, shown=False)
            texts = [page.body]  # the about layout shows its parts by the flags above
        else:
            texts = [page.body, *self.layout_texts(layout)]
        seen: set[str] = set()
        for text in texts:
            self._scan(page, text, seen, 0)
        page.links = {
            key for key in (link_key(url, page.key, self.config) for url in _links(page.body)) if key is not None
        }

    def _scan(self, page: OldPage, text: str, seen: set[str], depth: int) -> None:
        text = shown_for(text, page.meta, self.config)
        for name in _SITE_DATA.findall(text):
            page.lists.add(source_key(name))
        for name in _SITE_COLLECTION.findall(text):
            if name != "data" and (self.collections is None or name in self.collections):
                page.lists.add(source_key(name))
        for arguments in _BIBLIOGRAPHY.findall(text):
            named = _BIB_FILE.search(arguments)
            if _CITED.search(arguments):
                page.lists_cited = True
            elif named:
                page.bibliographies.append(named.group(1))
            elif "--file" not in arguments:  # --file {{person.bib_file}}: a member's own list (people.py)
                page.lists.add(PUBLICATIONS)
        for name in _INCLUDE.findall(text):
            known = _KNOWN_INCLUDES.get(_include_name(name))
            if known:
                page.lists.add(source_key(known))
            if depth < _LAYOUT_DEPTH and name not in seen:
                seen.add(name)
                included = self._theme_file("_includes", name)
                if included is not None:
                    self._scan(page, included, seen, depth + 1)

    def layout_texts(self, layout: str) -> list[str]:
        """The texts of a page's layout and the layouts it is built on (layout: in each one's front matter)."""
        texts, seen = [], set()
        while layout and layout not in seen and len(seen) < _LAYOUT_DEPTH:
            seen.add(layout)
            text = next(
                (t for t in (self._theme_file("_layouts", layout + s) for s in (".liquid", ".html")) if t is not None),
                None,
            )
            if text is None:
                break
            meta, body, _ = split_front_matter(text)
            texts.append(body)
            layout = str((meta or {}).get("layout") or "")
        return texts

    def _theme_file(self, folder: str, name: str) -> str | None:
        path = self.checkout.path / folder / name
        if not path.is_file() or not Path(path).resolve().is_relative_to(self.checkout.root):
            return None  # a theme file that leads out of the checkout is not read (nor reported: not content)
        try:
            return read_unicode(path)
        except (OSError, UnicodeDecodeError):
            return None

    def _find_shown(self) -> None:
        by_key = {p.key: p for p in self.pages if not p.hidden_because}
        queue = [p for p in by_key.values() if p.is_home or p.meta.get("nav") is True]
        reached = {p.key for p in queue}
        while queue:
            page = queue.pop(0)
            for key in sorted(page.links | set(_dropdown_keys(page, self))):
                if key in by_key and key not in reached:
                    reached.add(key)
                    queue.append(by_key[key])
        for page in self.pages:
            page.shown = page.key in reached and not page.hidden_because
            if not page.shown and not page.hidden_because:
                page.hidden_because = (
                    "nav: false, and no page a visitor can reach links to it"
                    if page.meta.get("nav") is False
                    else "not in the navbar (no nav: true), and no page a visitor can reach links to it"
                )


def cited_keys(page: OldPage) -> list[str]:
    """The keys a page cites ({% cite a b %}), in the order it first cites them."""
    keys = (key for found in _CITE.findall(page.body) for key in found.split() if not key.startswith("--"))
    return list(dict.fromkeys(keys))


def _include_name(name: str) -> str:
    """news.liquid -> news; repository/repo.liquid -> repository/ (the folder names what it lists)."""
    folder, _, file = name.strip("/").rpartition("/")
    return f"{folder}/" if folder else file.removesuffix(".liquid").removesuffix(".html")


def shown_for(text: str, meta: dict, config: dict) -> str:
    """The parts of a layout's text a page shows: {% if page.x %}…{% endif %} only when the page sets x (Liquid's
    truth: anything but nil and false), {% unless %} the other way round, {% else %} and {% elsif %} alike. A
    condition on anything else (a loop variable, a comparison) may hold: its every branch is kept."""
    kept, start = [], 0
    frames: list[list] = []  # per open if: [condition known, this branch shown, some branch shown already]
    for control in _CONTROL.finditer(text):
        if all(frame[1] for frame in frames):
            kept.append(text[start : control.start()])
        start = control.end()
        tag, condition = control.group(1), control.group(2).strip().rstrip("-").strip()
        if tag in ("if", "unless"):
            holds = _holds(condition, meta, config)
            if holds is not None and tag == "unless":
                holds = not holds
            frames.append([holds is not None, holds is not False, holds is True])
        elif not frames:
            continue  # an {% endif %} without its {% if %}: Jekyll fails on it; nothing to close here
        elif tag in ("endif", "endunless"):
            frames.pop()
        else:  # else, elsif
            frame = frames[-1]
            holds = True if tag == "else" else _holds(condition, meta, config)
            if frame[0]:
                frame[1] = not frame[2] and holds is not False
                frame[2] = frame[2] or holds is True
                frame[0] = holds is not None
            else:
                frame[1] = True
    if all(frame[1] for frame in frames):
        kept.append(text[start:])
    return "".join(kept)


def _holds(condition: str, meta: dict, config: dict) -> bool | None:
    """Whether "page.x", "site.x and page.y" or "page.x or page.y" holds for the page; None when the condition
    says something else (its truth is not known here)."""
    for word, combine in ((" and ", all), (" or ", any)):
        terms = condition.split(word)
        if len(terms) > 1 and not any(" and " in t or " or " in t for t in terms):
            values = [_holds(term, meta, config) for term in terms]
            if combine is all and False in values or combine is any and True in values:
                return combine is any
            return None if None in values else combine is all
    variable = _VARIABLE.match(condition.strip())
    if not variable:
        return None
    values = meta if variable.group(1) == "page" else config
    return values.get(variable.group(2)) not in (None, False)


def _declared_collections(config: dict) -> dict[str, bool] | None:
    """_config.yml's collections -> whether each one's entries get pages; None when it names none (defaults)."""
    declared = config.get("collections")
    if isinstance(declared, list):
        return {str(name): False for name in declared}
    if isinstance(declared, dict):
        return {str(name): bool(isinstance(v, dict) and v.get("output")) for name, v in declared.items()}
    return None


def _home_flags(meta: dict, shown: bool = True) -> set[str]:
    """What the about page shows by its front matter (news, selected papers, any collection a key names), or with
    shown=False what it turns off (news: false, announcements: {enabled: false})."""
    announcements = meta.get("announcements")
    enabled = announcements.get("enabled") if isinstance(announcements, dict) else None
    flags = {"news": meta["news"] if "news" in meta else enabled, PUBLICATIONS: meta.get("selected_papers")}
    flags.update(
        (key, value)
        for key, value in meta.items()
        if isinstance(value, bool) and key not in ("news", "selected_papers", "social", "latest_posts")
    )
    return {source_key(key) for key, value in flags.items() if (bool(value) if shown else value is False)}


def _page_key(meta: dict, path: Path) -> str:
    permalink = meta.get("permalink")
    if isinstance(permalink, str) and permalink.strip():
        return _normal(permalink)
    return _normal(path.stem)


def _normal(url: str) -> str:
    url = url.split("#", 1)[0].split("?", 1)[0].strip().strip("/")
    for ending in ("/index.html", "index.html", ".html", ".md"):
        if url.endswith(ending):
            url = url[: -len(ending)]
    return url.strip("/")


def _links(body: str) -> list[str]:
    return [next(g for g in groups if g) for groups in _LINKS.findall(_plain_liquid(body))]


def _plain_liquid(text: str) -> str:
    """{{ '/cv/' | relative_url }} and {{ site.baseurl }}/cv as /cv/: the addresses a page links to."""
    text = re.sub(r"\{\{\s*site\.(?:url|baseurl)\s*\}\}", "", text)
    return re.sub(r"\{\{\s*['\"]([^'\"{}]+)['\"]\s*\|\s*(?:relative_url|absolute_url)\s*\}\}", r"\1", text)


def link_key(url: str, from_key: str, config: dict) -> str | None:
    """The page key a link of the old site leads to, or None when it leads elsewhere (another site, a file)."""
    url = url.strip()
    own = str(config.get("url") or "").rstrip("/")
    if own and url.startswith(own + "/"):
        url = url[len(own) :]
    if url.startswith("_pages/"):  # {% link _pages/cv.md %}
        return _normal(Path(url).stem)
    if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^#", url, re.I):
        return None
    base = "/" + str(config.get("baseurl") or "").strip().strip("/")
    if url.startswith("/"):
        if base != "/" and (url == base or url.startswith(base + "/")):
            url = url[len(base) :] or "/"
    else:
        url = posixpath.join("/" + from_key + "/" if from_key else "/", url)
    path = _normal(posixpath.normpath(url))
    return None if Path(path).suffix and Path(path).suffix not in (".html",) else path


def _dropdown_keys(page: OldPage, site: SiteMap) -> list[str]:
    children = page.meta.get("children") if page.meta.get("dropdown") else None
    keys = []
    for child in children if isinstance(children, list) else []:
        if isinstance(child, dict) and isinstance(child.get("permalink"), str):
            key = link_key(child["permalink"], "", site.config)
            if key is not None:
                keys.append(key)
    return keys
