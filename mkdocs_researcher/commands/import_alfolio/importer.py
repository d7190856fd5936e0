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
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ...diagnostics import Reporter
from ...sources.bibtex import read_bibtex_file
from ...sources.frontmatter import LoadedYaml, load_yaml
from .. import new as scaffold
from .dates import parse_date, parse_range

DATA_FILE = "docs/data/profile.yml"
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.DOTALL)

# al-folio social key -> (link kind, URL pattern for the value, or None: the kind makes the URL).
# Kinds outside mkdocs_researcher.model.links.LINK_KINDS get a generic icon, so they must be full URLs.
SOCIALS: dict[str, tuple[str, str | None]] = {
    "github_username": ("github", None),
    "gitlab_username": ("gitlab", None),
    "scholar_userid": ("scholar", None),
    "orcid_id": ("orcid", None),
    "dblp_url": ("dblp", None),
    "semanticscholar_id": ("semantic_scholar", None),
    "research_gate_profile": ("researchgate", None),
    "linkedin_username": ("linkedin", None),
    "twitter_username": ("twitter", None),
    "x_username": ("x", None),
    "bluesky_url": ("bluesky", None),
    "youtube_id": ("youtube", None),
    "mastodon_username": ("mastodon", "https://{id}"),
    "work_url": ("website", None),
    "blogger_url": ("blog", None),
    "medium_username": ("medium", "https://medium.com/@{id}"),
    "acm_id": ("acm", "https://dl.acm.org/profile/{id}/"),
    "ieee_id": ("ieee", "https://ieeexplore.ieee.org/author/{id}/"),
    "inspirehep_id": ("inspirehep", "https://inspirehep.net/authors/{id}"),
    "kaggle_id": ("kaggle", "https://www.kaggle.com/{id}"),
    "stackoverflow_id": ("stackoverflow", "https://stackoverflow.com/users/{id}"),
    "quora_username": ("quora", "https://www.quora.com/profile/{id}"),
    "publons_id": ("publons", "https://publons.com/a/{id}/"),
    "wikipedia_id": ("wikipedia", "https://wikipedia.org/wiki/User:{id}"),
    "wikidata_id": ("wikidata", "https://www.wikidata.org/wiki/{id}"),
    "keybase_username": ("keybase", "https://keybase.io/{id}"),
    "osf_id": ("osf", "https://osf.io/{id}/"),
    "leetcode_id": ("leetcode", "https://leetcode.com/u/{id}/"),
    "unsplash_id": ("unsplash", "https://unsplash.com/@{id}"),
    "spotify_id": ("spotify", "https://open.spotify.com/user/{id}"),
    "flickr_id": ("flickr", "https://www.flickr.com/{id}"),
    "instagram_id": ("instagram", "https://instagram.com/{id}"),
    "facebook_id": ("facebook", "https://facebook.com/{id}"),
    "pinterest_id": ("pinterest", "https://www.pinterest.com/{id}"),
    "strava_userid": ("strava", "https://www.strava.com/athletes/{id}"),
    "telegram_username": ("telegram", "https://telegram.me/{id}"),
    "lastfm_id": ("lastfm", "https://www.last.fm/user/{id}"),
    "zotero_username": ("zotero", "https://www.zotero.org/{id}"),
    "discord_id": ("discord", "https://discord.com/users/{id}"),
    "whatsapp_number": ("whatsapp", "https://wa.me/{id}"),
}
# Keys of socials that are not links, with the reason they are not converted.
_SOCIAL_SKIPS = {
    "rss_icon": "the RSS icon of al-folio's blog; this site has no blog (feed: true gives a feed of news and papers)",
    "wechat_qr": "a QR-code image, not a link; add it to the page text if you want it",
    "contact_note": "free text; add it to the page text if you want it",
}
_SOCIAL_NETWORKS = {  # RenderCV's social_networks names -> link kinds
    "github": "github",
    "gitlab": "gitlab",
    "linkedin": "linkedin",
    "orcid": "orcid",
    "google scholar": "scholar",
    "researchgate": "researchgate",
    "x": "x",
    "twitter": "twitter",
    "mastodon": "mastodon",
    "youtube": "youtube",
    "bluesky": "bluesky",
}
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
_SAMPLE_SUBTITLE = "<a href='#'>Affiliations</a>. Address. Contacts. Motto. Etc."
_THEME_DIRS = ("_layouts", "_includes", "_sass", "_plugins", "assets/css", "assets/js")
_HANDLED_PAGES = {"about", "publications", "projects", "cv", "teaching", "news", "404", "dropdown", "repositories"}


_REPORT_ORDER = (
    "profile",
    "home page text",
    "publications",
    "news",
    "projects",
    "project pages",
    "experience",
    "education",
    "teaching",
    "awards",
    "skills",
    "venues",
    "coauthors",
    "pages",
    "files in assets/pdf",
)


class NotAlFolio(Exception):
    """PATH is missing or is not an al-folio site."""


@dataclass
class Report:
    converted: dict[str, int] = field(default_factory=dict)
    details: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # done, but worth knowing
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (where, why)

    def count(self, kind: str, number: int = 1, detail: str | None = None) -> None:
        if number:
            self.converted[kind] = self.converted.get(kind, 0) + number
        if detail:
            self.details[kind] = detail

    def skip(self, where: str, why: str) -> None:
        self.skipped.append((where, why))

    def text(self, source: Path, out: Path) -> str:
        lines = [
            f"Imported the al-folio site in {source} into {out}.",
            "Its data is in docs/data/profile.yml (named by docs/index.md's data: line).",
            "",
        ]
        lines.append("Converted:" if self.converted else "Converted: nothing")
        width = max((len(k) for k in self.converted), default=0)
        order = {kind: index for index, kind in enumerate(_REPORT_ORDER)}
        for kind, number in sorted(self.converted.items(), key=lambda item: order.get(item[0], len(order))):
            detail = f"  ({self.details[kind]})" if kind in self.details else ""
            lines.append(f"  {kind.ljust(width)}  {number}{detail}")
        if self.notes:
            lines += ["", "Please check:"] + [f"  - {note}" for note in self.notes]
        lines += ["", f"Not converted ({len(self.skipped)}):" if self.skipped else "Not converted: nothing"]
        lines += [f"  - {where}: {why}" for where, why in self.skipped]
        lines += ["", f"Next: cd {out} && mkdocs serve"]
        return "\n".join(lines)


def parse_yaml(text: str) -> LoadedYaml:
    """load_yaml, and a message instead of a crash where PyYAML raises outside YAMLError (date: 2022-02-30)."""
    try:
        return load_yaml(text)
    except (ValueError, TypeError, OverflowError) as error:
        return LoadedYaml(None, {}, f"a value YAML cannot read ({error})")


def _as_list(value) -> list:
    """A list as written, or one value as a list of one (a lone string is not a list of letters)."""
    return value if isinstance(value, list) else [] if value in (None, "") else [value]


def split_front_matter(text: str) -> tuple[dict | None, str, str | None]:
    """(front matter, body, YAML problem) of a Jekyll file; no front matter gives ({}, text, None)."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text, None
    loaded = parse_yaml(match.group(1) or "")
    if loaded.error:
        return None, text[match.end() :], loaded.error
    return (loaded.data if isinstance(loaded.data, dict) else {}), text[match.end() :], None


def _strip_tags(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(text))).strip()


def _link_text(markdown: str) -> tuple[str, str | None]:
    """'[TileLang](https://…): a DSL' -> ('TileLang', 'https://…'); plain text -> (text, None)."""
    match = re.match(r"^\s*\[([^\]]+)\]\(([^)\s]+)[^)]*\)", markdown)
    return (match.group(1).strip(), match.group(2)) if match else (markdown.strip(), None)


def _prune(value):
    """Drop empty values, so the data file shows only what the old site had."""
    if isinstance(value, dict):
        pruned = {k: _prune(v) for k, v in value.items()}
        return {k: v for k, v in pruned.items() if v not in (None, "", [], {})}
    if isinstance(value, list):
        return [v for v in (_prune(v) for v in value) if v not in (None, "", [], {})]
    return value


@dataclass
class Importer:
    source: Path
    out: Path
    name: str | None = None
    report: Report = field(default_factory=Report)
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
    root: Path = field(init=False)  # the checkout's real folder: every file read or copied must be inside it

    def __post_init__(self) -> None:
        self.root = Path(os.path.realpath(self.source))

    # --- Files -----------------------------------------------------------------------------

    def rel(self, path: Path) -> str:
        """path as the report names it: from the checkout's folder, or whole when a setting gave an absolute path."""
        return path.relative_to(self.source).as_posix() if path.is_relative_to(self.source) else path.as_posix()

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
        self.report.skip(
            where or self.rel(path), f"{subject} leads out of the checkout (to {real}), so it is not read or copied"
        )
        return None

    def read_text(self, path: Path) -> str | None:
        """The text of a file in the checkout, or None (reported) when it is outside it or cannot be read."""
        real = self.checked(path)
        if real is None:
            return None
        try:
            return real.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            self.report.skip(self.rel(path), f"cannot be read ({error})")
            return None

    def read_yaml_file(self, path: Path):
        """The parsed file, or None (reported) when it cannot be read."""
        text = self.read_text(path)
        if text is None:
            return None
        loaded = parse_yaml(text)
        if loaded.error:
            where = f"{self.rel(path)}:{loaded.error_line}" if loaded.error_line else self.rel(path)
            self.report.skip(where, f"not valid YAML ({loaded.error})")
            return None
        return loaded.data

    def read_page(self, path: Path) -> tuple[dict, str] | None:
        text = self.read_text(path)
        if text is None:
            return None
        meta, body, problem = split_front_matter(text)
        if meta is None:
            self.report.skip(self.rel(path), f"its front matter is not valid YAML ({problem})")
            return None
        return meta, body

    def copy_asset(self, reference, where: str, what: str, folder: str = "images") -> str | None:
        """Copy a file the old site refers to into docs/<folder>/; its path inside docs/, or None (reported)."""
        if not isinstance(reference, str) or not reference.strip():
            return None
        text = self.clean_liquid(reference.strip(), where, quiet=True).lstrip("/")
        if re.match(r"^[a-z]+:", text):
            return text  # a URL: nothing to copy
        if text.startswith("assets/pdf/") and (self.out / "docs" / text).is_file():
            return text  # copied with the whole of assets/pdf/
        candidates = [self.source / text, self.source / "assets" / "img" / text]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            looked = text if text.startswith("assets/") else f"{text} and assets/img/{text}"
            self.report.skip(where, f"the {what} '{reference}' is not in the checkout (looked for {looked})")
            return None
        named = (
            f"the {what} '{reference}'" if self.rel(found) == text else f"the {what} '{reference}' ({self.rel(found)})"
        )
        real = self.checked(found, where, named)
        if real is None:
            return None
        key = str(real)
        if key not in self.copied:
            target = f"{folder}/{found.name}"
            taken = set(self.copied.values())
            if target in taken:
                target = f"{folder}/{found.parent.name}-{found.name}"
            (self.out / "docs" / target).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(real, self.out / "docs" / target)
            self.copied[key] = target
        return self.copied[key]

    def from_data(self, docs_path: str | None) -> str | None:
        """A path inside docs/ as written in docs/data/profile.yml (paths there are relative to it)."""
        return None if docs_path is None else docs_path if re.match(r"^[a-z]+:", docs_path) else "../" + docs_path

    # --- Liquid --------------------------------------------------------------------------------

    def clean_liquid(self, text: str, where: str, page_dir: str = "", quiet: bool = False) -> str:
        """Markdown without Jekyll's Liquid: site.baseurl and figures are resolved, the rest removed (reported)."""
        text = re.sub(r"\{\{\s*site\.(?:url|baseurl)\s*\}\}", "", text)
        text = re.sub(
            r"\{\{\s*['\"]([^'\"]+)['\"]\s*\|\s*(?:relative_url|absolute_url|prepend:[^}]*)\s*\}\}", r"\1", text
        )
        text = re.sub(r"\{%-?\s*(?:end)?raw\s*-?%\}", "", text)
        text = re.sub(
            r"\{%-?\s*cite\s+([^%]+?)\s*-?%\}", lambda m: self._citation(m.group(1), page_dir) or m.group(0), text
        )
        text = re.sub(
            r"\{%-?\s*include\s+figure(?:\.liquid|\.html)?\s+(.*?)-?%\}",
            lambda m: self._figure(m.group(1), where, page_dir),
            text,
            flags=re.S,
        )
        if not quiet:
            text = re.sub(
                r"(\]\(|\b(?:src|href)=[\"'])/([^)\"'\s#?]+)",
                lambda m: m.group(1) + self._site_path(m.group(2), where, page_dir),
                text,
            )
        left = re.findall(r"\{%.*?%\}|\{\{.*?\}\}", text, flags=re.S)
        if left and not quiet:
            sample = re.sub(r"\s+", " ", left[0])[:60]
            self.report.skip(
                where, f"{len(left)} Liquid tag(s) removed, e.g. {sample} (Jekyll templating has no meaning in MkDocs)"
            )
        return re.sub(r"\{%.*?%\}|\{\{.*?\}\}", "", text, flags=re.S)

    def _citation(self, keys: str, page_dir: str) -> str | None:
        """{% cite a b %} -> links to the papers on the publications page (anchors #pub-KEY)."""
        if "bibliography" not in self.options:
            return None
        up = "../" * len([p for p in page_dir.split("/") if p])
        return ", ".join(f"[{key}]({up}publications.md#pub-{key})" for key in keys.split())

    def _site_path(self, path: str, where: str, page_dir: str) -> str:
        """A link from the old site's root ('/assets/pdf/cv.pdf') as a path relative to the page, when the file is
        here."""
        if not (self.source / path).is_file():
            return "/" + path  # a page of the old site (/publications/): left as it was
        copied = self.copy_asset(path, where, "file")
        depth = len([p for p in page_dir.split("/") if p])
        return "../" * depth + copied if copied else "/" + path

    def _figure(self, arguments: str, where: str, page_dir: str) -> str:
        values = dict(re.findall(r"(\w+)\s*=\s*[\"']([^\"']*)[\"']", arguments))
        copied = self.copy_asset(values.get("path"), where, "figure")
        if copied is None:
            return ""
        depth = len([p for p in page_dir.split("/") if p])
        return f"![{values.get('title') or values.get('alt') or ''}]({'../' * depth}{copied})"

    # --- The parts of the old site ---------------------------------------------------------

    def run(self) -> Report:
        (self.out / "docs").mkdir(parents=True, exist_ok=True)
        self.copy_pdfs()
        self.read_config()
        self.read_socials()
        self.read_about()
        self.read_bibliography()
        self.read_site_data()
        self.read_news()
        self.read_projects()
        self.read_repositories()
        self.read_experiences()
        self.read_teachings()
        self.read_cv()
        self.finish_profile()
        self.list_leftovers()
        self.write()
        return self.report

    def check_source(self) -> None:
        if not self.source.exists():
            raise NotAlFolio(f"'{self.source}' does not exist")
        if not self.source.is_dir():
            raise NotAlFolio(
                f"'{self.source}' is a file; give the folder of an al-folio site (the one with _config.yml)"
            )
        if not any((self.source / p).exists() for p in ("_config.yml", "_pages/about.md", "_bibliography")):
            raise NotAlFolio(
                f"'{self.source}' does not look like an al-folio site: it has none of _config.yml, "
                "_pages/about.md or _bibliography/"
            )
        if self.out.resolve() == self.source.resolve():
            raise NotAlFolio("--out must be a new folder, not the al-folio site itself")

    def read_config(self) -> None:
        path = self.source / "_config.yml"
        if not path.is_file():
            self.report.skip("_config.yml", "not found; the name, e-mail and site address must come from elsewhere")
            return
        data = self.read_yaml_file(path)
        self.config = data if isinstance(data, dict) else {}
        names = [self.config.get(k) for k in ("first_name", "middle_name", "last_name")]
        full = " ".join(str(n).strip() for n in names if n and str(n).strip())
        title = str(self.config.get("title") or "").strip()
        if full:
            self.profile["name"] = full
        elif title and title.lower() != "blank":
            self.profile["name"] = title
        if isinstance(self.config.get("email"), str):
            self.profile["email"] = self.config["email"].strip()
        self._read_scholar_names()
        if isinstance(self.config.get("max_author_limit"), int):
            self.options["max_authors"] = self.config["max_author_limit"]
        self._site_url()
        self._socials(self.config, "_config.yml", only_known=True)

    def _read_scholar_names(self) -> None:
        scholar = self.config.get("scholar") if isinstance(self.config.get("scholar"), dict) else {}

        def as_list(v) -> list[str]:
            return [str(x).strip() for x in (v if isinstance(v, list) else [v]) if x and str(x).strip()]

        lasts, firsts = as_list(scholar.get("last_name")), as_list(scholar.get("first_name"))
        self.profile["aliases"] = [f"{first} {last}" for last in lasts for first in firsts]

    def _site_url(self) -> None:
        url = str(self.config.get("url") or "").strip().rstrip("/")
        baseurl = str(self.config.get("baseurl") or "").strip().strip("/")
        if re.match(r"^https?://", url):
            self.site_url = url + "/" + (baseurl + "/" if baseurl else "")

    def read_socials(self) -> None:
        path = self.source / "_data" / "socials.yml"
        if path.is_file():
            data = self.read_yaml_file(path)
            if isinstance(data, dict):
                if isinstance(data.get("email"), str) and data["email"].strip():
                    self.profile["email"] = data["email"].strip()
                self._socials(data, "_data/socials.yml", only_known=False)

    def _socials(self, data: dict, where: str, only_known: bool) -> None:
        links = self.profile.setdefault("links", {})
        for key, value in data.items():
            if value in (None, "", False) or key == "email":
                continue
            if key in SOCIALS:
                kind, pattern = SOCIALS[key]
                links[kind] = pattern.format(id=str(value).strip().lstrip("@")) if pattern else str(value).strip()
            elif key == "cv_pdf":
                copied = self.copy_asset(value, f"{where}: cv_pdf", "CV file", folder="files")
                if copied:
                    links["cv"] = self.from_data(copied)
            elif only_known:
                continue  # _config.yml holds every setting of the site; only its social keys matter here
            elif key in _SOCIAL_SKIPS:
                self.report.skip(f"{where}: {key}", _SOCIAL_SKIPS[key])
            elif isinstance(value, dict) and isinstance(value.get("url"), str):
                links[re.sub(r"\W+", "_", str(value.get("title") or key)).strip("_").lower() or key] = value["url"]
            elif isinstance(value, str) and re.match(r"^https?://", value.strip()):
                links[key] = value.strip()
            else:
                self.report.skip(f"{where}: {key}", "an unknown kind of social link whose value is not a URL")

    def read_about(self) -> None:
        path = next(
            (
                p
                for p in (
                    self.source / "_pages" / "about.md",
                    self.source / "_pages" / "about.markdown",
                    self.source / "about.md",
                )
                if p.is_file()
            ),
            None,
        )
        if path is None:
            self.report.skip("_pages/about.md", "not found; the home page has no text of its own yet")
            return
        read = self.read_page(path)
        if read is None:
            return
        meta, body = read
        where = self.rel(path)
        self._about_profile(meta, where)
        self.body = self._email_from_body(self.clean_liquid(body, where).strip())
        if meta.get("selected_papers"):
            self.markers.append("<!-- researcher publications selected -->")
        self.about_meta = meta
        self.report.count("home page text", 1, where)

    def _about_profile(self, meta: dict, where: str) -> None:
        card = meta.get("profile") if isinstance(meta.get("profile"), dict) else {}
        if card.get("image"):
            photo = self.copy_asset(card["image"], f"{where}: profile.image", "photo")
            if photo:
                self.profile["photo"] = self.from_data(photo)
        if card.get("more_info") and str(card["more_info"]).strip():
            self.report.skip(
                f"{where}: profile.more_info",
                "free-form HTML (an address block); add it to the page text if you want it",
            )
        subtitle = meta.get("subtitle")
        if isinstance(subtitle, str) and subtitle.strip():
            if subtitle.strip() == _SAMPLE_SUBTITLE:
                self.report.skip(f"{where}: subtitle", "al-folio's sample text")
            else:
                self.profile["position"] = _strip_tags(subtitle)
                self.report.notes.append(
                    f"the about page's subtitle became the profile's position: '{self.profile['position']}'"
                )

    def _email_from_body(self, body: str) -> str:
        """ "**Email**: yu [DOT] cheng [AT] pku …" in the bio -> the card's e-mail (shown protected), line removed."""
        pattern = re.compile(r"^[ \t]*\**\s*e-?mail\s*\**\s*:?\s*\**\s*:?\s*(.+?)\s*$", re.I | re.M)
        match = pattern.search(body)
        if not match:
            return body
        spelled = match.group(1).replace("\\", "")
        spelled = re.sub(r"\s*[\[(]\s*at\s*[\])]\s*", "@", spelled, flags=re.I)
        spelled = re.sub(r"\s*[\[(]\s*dot\s*[\])]\s*", ".", spelled, flags=re.I).strip("* ")
        if not re.fullmatch(r"[\w.+-]+@[\w-]+(\.[\w-]+)+", spelled):
            return body
        if "email" not in self.profile:
            self.profile["email"] = spelled
        self.report.notes.append(
            f"the e-mail '{spelled}' was read from the about page's text; the line is removed, "
            "the profile card shows it (hidden from address harvesters)"
        )
        return (body[: match.start()] + body[match.end() :]).strip()

    # --- Publications ----------------------------------------------------------------------

    def read_bibliography(self) -> None:
        scholar = self.config.get("scholar") if isinstance(self.config.get("scholar"), dict) else {}
        folder = self.source / str(scholar.get("source") or "/_bibliography/").strip("/")
        name = str(scholar.get("bibliography") or "papers.bib")
        path = folder / (name if name.endswith(".bib") else name + ".bib")
        for other in sorted(folder.glob("*.bib")) if folder.is_dir() else []:
            if other != path:
                self.report.skip(self.rel(other), "al-folio's publications page does not use it, so it is not copied")
        if not path.is_file():
            self.report.skip(
                f"{self.rel(folder) if folder.exists() else '_bibliography'}/{path.name}",
                "not found; the site has no publications yet",
            )
            return
        if scholar.get("source") or scholar.get("bibliography"):
            real = self.checked(path, "_config.yml: scholar.bibliography", f"the bibliography '{self.rel(path)}'")
        else:
            real = self.checked(path)
        if real is None:
            return
        target = self.out / "docs" / "papers.bib"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(real, target)
        self.options["bibliography"] = ["docs/papers.bib"]
        self._check_bibliography(target, self.rel(path))
        self.nav.append({"Publications": "publications.md"})

    def copy_pdfs(self) -> None:
        """assets/pdf/ as a whole: al-folio's bare pdf names in papers.bib resolve there (assets_dir)."""
        pdfs = self.source / "assets" / "pdf"
        if not pdfs.is_dir() or self.checked(pdfs) is None:
            return
        target = self.out / "docs" / "assets" / "pdf"
        shutil.copytree(pdfs, target, ignore=self._links_out, dirs_exist_ok=True)
        self.options["assets_dir"] = "assets/pdf/"
        self.report.count("files in assets/pdf", sum(1 for p in target.rglob("*") if p.is_file()))

    def _links_out(self, folder: str, names: list[str]) -> set[str]:
        """copytree's ignore: the entries of folder that lead out of the checkout (reported), so their targets stay
        out."""
        return {name for name in names if self.checked(Path(folder) / name) is None}

    def _check_bibliography(self, target: Path, where: str) -> None:
        """Read the copy as the plugin will; fix what would fail a strict build, report the rest."""
        reporter = Reporter(where)
        pubs = read_bibtex_file(target, reporter)
        text = target.read_text(encoding="utf-8-sig", errors="surrogateescape")
        for problem in reporter.found:
            renamed = re.search(r"this entry is kept as (\S+)$", problem.problem)
            if renamed and problem.line:
                text = self._rename_key(text, problem.line, problem.path, renamed.group(1))
                self.report.notes.append(
                    f"{where}:{problem.line}: two entries used the key '{problem.path}'; "
                    f"the second is renamed '{renamed.group(1)}' in the copy, so both are shown"
                )
            else:
                self.report.notes.append(f"{problem} (mkdocs build --strict will stop on this until it is fixed)")
        target.write_text(text, encoding="utf-8", errors="surrogateescape")
        for pub in pubs:
            for link in pub.links:
                if (
                    link.kind in ("pdf", "slides", "poster", "supp")
                    and not re.match(r"^[a-z]+:", link.url)
                    and not (self.out / "docs" / link.url).is_file()
                ):
                    self.report.skip(
                        f"{where}: {pub.key}.{link.kind}",
                        f"the file '{link.url}' is not in the checkout; the link would be reported by the build, "
                        "remove it or add the file under docs/",
                    )
        self.bib_authors = [[a.name for a in pub.authors] for pub in pubs]
        self.report.count("publications", len(pubs), f"{where} -> docs/papers.bib")

    @staticmethod
    def _rename_key(text: str, line: int, key: str, new_key: str) -> str:
        lines = text.split("\n")
        index = line - 1
        if 0 <= index < len(lines):
            lines[index] = re.sub(
                r"(@\s*\w+\s*[{(]\s*)" + re.escape(key) + r"(\s*,)",
                lambda m: m.group(1) + new_key + m.group(2),
                lines[index],
                count=1,
            )
        return "\n".join(lines)

    # --- Site-wide data files --------------------------------------------------------------

    def read_site_data(self) -> None:
        for name, option in (("venues.yml", "venues"), ("coauthors.yml", "coauthors")):
            path = self.source / "_data" / name
            real = self.checked(path) if path.is_file() else None
            if real is None:
                continue
            data = self.read_yaml_file(path)
            if not isinstance(data, dict):
                if data is not None:
                    self.report.skip(f"_data/{name}", "expected a mapping; not copied")
                continue
            shutil.copy2(real, self.out / name)
            self.options[option] = name
            self.report.count(option, len(data), f"_data/{name} -> {name}")

    # --- Collections -----------------------------------------------------------------------

    def collection(self, name: str) -> list[tuple[Path, dict, str]]:
        folder = self.source / name
        pages = sorted(folder.glob("*.md")) + sorted(folder.glob("*.markdown")) if folder.is_dir() else []
        found = []
        for path in pages:
            read = self.read_page(path)
            if read is not None:
                found.append((path, read[0], read[1]))
        return found

    def unused_keys(self, meta: dict, used: set[str], where: str) -> None:
        for key in meta:
            if key not in used and key not in _LAYOUT_KEYS and meta[key] not in (None, "", False):
                self.report.skip(f"{where}: {key}", "no counterpart in this plugin's fields")

    def add(self, kind: str, entry: dict) -> None:
        self.sections.setdefault(kind, []).append(_prune(entry))
        self.report.count(kind)

    def read_news(self) -> None:
        for path, meta, body in self.collection("_news"):
            where = self.rel(path)
            date = parse_date(meta.get("date"))
            if date is None or date == "present":
                self.report.skip(where, f"its date '{meta.get('date')}' is not a date; the item is left out")
                continue
            text = self.clean_liquid(body, where).strip()
            title = str(meta.get("title") or "").strip()
            if title and (meta.get("inline") is False or not text):
                if text:
                    self.report.skip(
                        f"{where}: body",
                        "the full text of a news post (its own page in al-folio); only its title is shown",
                    )
                text = title
            if not text:
                self.report.skip(where, "no text; the item is left out")
                continue
            self.add("news", {"date": date, "text": text})
            self.unused_keys(meta, {"date", "title"}, where)
        limit = (
            (self.about_meta.get("announcements") or {}).get("limit")
            if isinstance(self.about_meta.get("announcements"), dict)
            else None
        )
        if self.sections.get("news") and self._news_on_home():
            self.markers.insert(
                0, f"<!-- researcher news limit={limit} -->" if isinstance(limit, int) else "<!-- researcher news -->"
            )

    def _news_on_home(self) -> bool:
        announcements = self.about_meta.get("announcements")
        return bool(self.about_meta.get("news")) or (
            isinstance(announcements, dict) and bool(announcements.get("enabled"))
        )

    def read_projects(self) -> None:
        entries = self.collection("_projects")
        entries.sort(
            key=lambda item: (
                item[1].get("importance") if isinstance(item[1].get("importance"), (int, float)) else 1e9,
                item[0].name,
            )
        )
        for path, meta, body in entries:
            where = self.rel(path)
            text = self.clean_liquid(body, where, page_dir="projects").strip()
            project = {"name": str(meta.get("title") or "").strip()}
            if not project["name"]:
                # The seed's style: no title, the body starts with "[Name](url): what it is".
                project["name"], url = _link_text(text.split("\n", 1)[0])
                project["name"] = project["name"] if url else project["name"].split(":", 1)[0].strip()
                # "[Name](url): what it is" -> the card's name links to url; the description says what it is
                rest = re.sub(r"^\s*\[[^\]]+\]\([^)]*\)\s*[:,-]?\s*", "", text, count=1) if url else text
                project["url"], project["description"] = url, (rest[:1].upper() + rest[1:]) if rest else None
                if not project["name"]:
                    self.report.skip(where, "neither a title nor any text; left out")
                    continue
            else:
                project["description"] = str(meta.get("description") or "").strip() or None
                project["url"] = meta.get("redirect") if isinstance(meta.get("redirect"), str) else None
                if text and not project["url"]:
                    project["url"] = self.from_data(self._project_page(path, project["name"], text))
            self._project_extras(project, meta, where)
            self.add("projects", project)
            self.unused_keys(
                meta,
                {"title", "description", "img", "image", "github", "category", "redirect", "related_publications"},
                where,
            )

    def _project_extras(self, project: dict, meta: dict, where: str) -> None:
        image = self.copy_asset(meta.get("img") or meta.get("image"), f"{where}: img", "image")
        project["image"] = self.from_data(image)
        # GitHub owner/name: the github field (a name or a URL), else a project URL on github.com
        for value in (meta.get("github"), project.get("url")):
            found = re.fullmatch(
                r"(?:(?:https?://)?(?:www\.)?github\.com/)?([\w.-]+/[\w.-]+?)(?:\.git)?/?", str(value or "").strip()
            )
            if found and (value == meta.get("github") or "github.com" in str(value)):
                project["repo"] = found.group(1)
                break
        if isinstance(meta.get("category"), str):
            project["group"] = meta["category"].strip().capitalize()
        if meta.get("related_publications"):
            self.report.skip(
                f"{where}: related_publications",
                "al-folio lists the papers a project page cites; link them in the text instead",
            )

    def _project_page(self, path: Path, name: str, text: str) -> str:
        """A titled project's own page (its al-folio page) as docs/projects/<file>.md."""
        target = f"projects/{path.stem}.md"
        page = "---\n" + yaml.safe_dump({"title": name}, allow_unicode=True) + "---\n\n# " + name + "\n\n" + text + "\n"
        (self.out / "docs" / "projects").mkdir(parents=True, exist_ok=True)
        (self.out / "docs" / target).write_text(page, encoding="utf-8")
        self.report.count("project pages", 1, "docs/projects/: linked from the project cards")
        return target

    def read_repositories(self) -> None:
        path = self.source / "_data" / "repositories.yml"
        data = self.read_yaml_file(path) if path.is_file() else None
        if not isinstance(data, dict):
            return
        for repo in data.get("github_repos") or []:
            if isinstance(repo, str) and re.fullmatch(r"[\w.-]+/[\w.-]+", repo.strip()):
                self.add("projects", {"name": repo.split("/")[1], "repo": repo.strip(), "group": "Repositories"})
        if data.get("github_users"):
            self.report.skip(
                "_data/repositories.yml: github_users", "GitHub user cards; your own account is a profile link"
            )

    def read_experiences(self) -> None:
        for path, meta, body in self.collection("_experiences"):
            where = self.rel(path)
            entry = self._experience_entry(meta, self.clean_liquid(body, where), where)
            if entry is None:
                continue
            logo = self.copy_asset(meta.get("img") or meta.get("logo"), f"{where}: img", "logo")
            entry["logo"] = self.from_data(logo)
            self.add("experience", entry)
            self.unused_keys(
                meta,
                {
                    "start_date",
                    "end_date",
                    "img",
                    "logo",
                    "title",
                    "company",
                    "organization",
                    "position",
                    "role",
                    "location",
                    "url",
                },
                where,
            )

    def _experience_entry(self, meta: dict, body: str, where: str) -> dict | None:
        """Front matter dates; the body's first line is the organization, its first bullet the role."""
        lines = [line.strip() for line in body.strip().splitlines() if line.strip()]
        head = [line for line in lines if not line.startswith(("-", "*"))]
        bullets = [re.sub(r"^[-*]\s*", "", line) for line in lines if line.startswith(("-", "*"))]
        organization = (
            meta.get("company") or meta.get("organization") or meta.get("title") or (head[0] if head else None)
        )
        role = meta.get("position") or meta.get("role") or (bullets.pop(0) if bullets else None)
        if not organization or not role:
            self.report.skip(
                where,
                "no organization and role found "
                "(expected the organization on the first line, the role as the first '- ' line)",
            )
            return None
        name, url = _link_text(str(organization))
        entry = {
            "organization": name,
            "role": str(role).strip(),
            "url": meta.get("url") or url,
            "location": meta.get("location"),
        }
        entry.update(self._dates(meta.get("start_date"), meta.get("end_date"), where))
        entry["details"] = bullets + head[1:] if (bullets or head[1:]) else None
        return entry

    def _dates(self, start, end, where: str) -> dict:
        result = {}
        for name, value in (("start", start), ("end", end)):
            if value in (None, ""):
                continue
            date = parse_date(value)
            if date is None or (name == "start" and date == "present"):
                self.report.skip(f"{where}: {name}", f"'{value}' is not a date like 10/2020, Sep 2019 or 2020-10")
            else:
                result[name] = date
        return result

    def read_teachings(self) -> None:
        for path, meta, body in self.collection("_teachings"):
            where = self.rel(path)
            entry = self._teaching_entry(meta, self.clean_liquid(body, where).strip(), where)
            if entry:
                self.add("teaching", entry)
                self.unused_keys(
                    meta,
                    {
                        "sem",
                        "term",
                        "year",
                        "title",
                        "description",
                        "location",
                        "course_id",
                        "instructor",
                        "institution",
                        "role",
                    },
                    where,
                )
        self._teaching_page()

    def _teaching_entry(self, meta: dict, body: str, where: str) -> dict | None:
        term = " ".join(str(meta[k]).strip() for k in ("term", "year") if meta.get(k)) or None
        term = str(meta["sem"]).strip() if meta.get("sem") else term
        if meta.get("title"):
            entry = {
                "course": str(meta["title"]).strip(),
                "details": str(meta.get("description") or "").strip() or None,
            }
        else:
            first = body.splitlines()[0].strip().rstrip(".") if body else ""
            role, _, course = first.partition(",")  # the seed's "TA, Algorithm Design and Analysis."
            entry = {"course": course.strip(), "role": role.strip()} if course.strip() else {"course": first}
        if not entry["course"]:
            self.report.skip(where, "no course name (a title, or text like 'TA, Course name.')")
            return None
        entry.update({"term": term, "location": meta.get("location"), "institution": meta.get("institution")})
        entry["role"] = entry.get("role") or meta.get("role")
        if meta.get("schedule"):
            self.report.skip(f"{where}: schedule", "a week-by-week course schedule; link the course page instead")
        return entry

    def _teaching_page(self) -> None:
        path = self.source / "_pages" / "teaching.md"
        read = self.read_page(path) if path.is_file() else None
        if read is None:
            return
        meta, body = read
        text = self.clean_liquid(body, self.rel(path), page_dir="").strip()
        if not text:
            return
        title = str(meta.get("title") or "Teaching").strip()
        page = (
            "---\n"
            + yaml.safe_dump({"title": title.capitalize()}, allow_unicode=True)
            + "---\n\n# "
            + title.capitalize()
            + "\n\n"
            + text
            + "\n"
        )
        (self.out / "docs" / "teaching.md").write_text(page, encoding="utf-8")
        self.nav.append({title.capitalize(): "teaching.md"})
        self.report.count("pages", 1, "_pages/teaching.md -> docs/teaching.md, as free text")

    # --- CV --------------------------------------------------------------------------------

    def read_cv(self) -> None:
        path = self.source / "_data" / "cv.yml"
        resume = self.source / "assets" / "json" / "resume.json"
        if path.is_file():
            data = self.read_yaml_file(path)
            if isinstance(data, dict) and isinstance(data.get("cv"), dict):
                self._rendercv(data["cv"], "_data/cv.yml")
            elif isinstance(data, list):
                self._cv_list(data, "_data/cv.yml")
            elif data is not None:
                self.report.skip("_data/cv.yml", "neither RenderCV (cv: sections: …) nor al-folio's list of sections")
            if resume.is_file():
                self.report.skip("assets/json/resume.json", "_data/cv.yml was used for the CV instead")
        elif resume.is_file():
            self._json_resume(resume)

    def _rendercv(self, cv: dict, where: str) -> None:
        if cv.get("name") and "name" not in self.profile:
            self.profile["name"] = str(cv["name"]).strip()
        if cv.get("email") and "email" not in self.profile:
            self.profile["email"] = str(cv["email"]).strip()
        links = self.profile.setdefault("links", {})
        for network in _as_list(cv.get("social_networks")):
            if not isinstance(network, dict):
                continue
            kind = _SOCIAL_NETWORKS.get(str(network.get("network", "")).lower())
            if kind and network.get("username") and kind not in links:
                links[kind] = str(network["username"])
        sections = cv.get("sections") if isinstance(cv.get("sections"), dict) else {}
        for title, entries in sections.items():
            self._rendercv_section(
                str(title), entries if isinstance(entries, list) else [], f"{where}: sections.{title}"
            )

    def _rendercv_section(self, title: str, entries: list, where: str) -> None:
        kind = _cv_kind(title)
        if kind is None:
            self.report.skip(where, _cv_skip_reason(title))
            return
        for index, item in enumerate(entries):
            if not isinstance(item, dict):
                item = {"bullet": item}
            entry = self._rendercv_entry(kind, item, f"{where}[{index}]")
            if entry:
                self.add(kind, entry)

    def _rendercv_entry(self, kind: str, item: dict, where: str) -> dict | None:
        details = [str(h) for h in _as_list(item.get("highlights"))] + (
            [str(item["summary"])] if item.get("summary") else []
        )
        dates = self._dates(item.get("start_date"), item.get("end_date"), where) if item.get("start_date") else {}
        if item.get("date") and not dates:
            dates = self._range(item["date"], where)
        common = {"location": item.get("location"), "url": item.get("url"), **dates}
        if kind == "experience" and item.get("company") and item.get("position"):
            return {"organization": item["company"], "role": item["position"], **common, "details": details or None}
        if kind == "education" and item.get("institution"):
            degree = " in ".join(str(x) for x in (item.get("degree"), item.get("area")) if x)
            return {
                "degree": degree or "Studies",
                "institution": item["institution"],
                **common,
                "details": details or None,
            }
        if kind == "awards" and (item.get("name") or item.get("label") or item.get("bullet")):
            title = item.get("name") or item.get("label") or item.get("bullet")
            return {
                "title": str(title),
                "date": dates.get("start"),
                "details": item.get("details") or ("; ".join(details) or None),
            }
        if kind == "skills" and item.get("label"):
            return {
                "name": item["label"],
                "items": [s.strip() for s in str(item.get("details") or "").split(",") if s.strip()],
            }
        self.report.skip(where, f"an entry without the fields this section needs ({', '.join(sorted(item))})")
        return None

    def _range(self, value, where: str) -> dict:
        found = parse_range(value)
        if found is None:
            self.report.skip(where, f"'{value}' is not a date or a range like 2012 - 2017")
            return {}
        start, end = found
        return {"start": start, **({"end": end} if end else {})}

    def _cv_list(self, sections: list, where: str) -> None:
        """al-folio's older cv.yml: [{title, type: time_table, contents: [{title, institution, year, description}]}]."""
        for index, section in enumerate(sections):
            if not isinstance(section, dict):
                continue
            title = str(section.get("title") or f"section {index + 1}")
            kind = _cv_kind(title)
            contents = section.get("contents") if isinstance(section.get("contents"), list) else []
            if kind is None or section.get("type", "time_table") not in ("time_table", "list", "nested_list"):
                self.report.skip(f"{where}: {title}", _cv_skip_reason(title))
                continue
            for item_index, item in enumerate(contents):
                for entry in self._cv_list_entries(kind, item, f"{where}: {title}[{item_index}]"):
                    self.add(kind, entry)

    def _cv_list_entries(self, kind: str, item, where: str) -> list[dict]:
        if not isinstance(item, dict):
            return [{"title": str(item)}] if kind == "awards" else []
        dates = self._range(item["year"], where) if item.get("year") not in (None, "") else {}
        details = _flatten(item.get("description"))
        if kind == "awards":
            titles = [str(t) for t in _as_list(item.get("items"))] or (
                [str(item["title"])] if item.get("title") else []
            )
            return [{"title": t, "date": dates.get("start")} for t in titles]
        if not item.get("title") or not item.get("institution"):
            self.report.skip(where, "an entry without title and institution")
            return []
        if kind == "skills":
            return [{"name": item["title"], "items": [str(i) for i in _as_list(item.get("items"))]}]
        key = {"experience": ("role", "organization"), "education": ("degree", "institution")}[kind]
        return [{key[0]: str(item["title"]), key[1]: str(item["institution"]), **dates, "details": details or None}]

    def _json_resume(self, path: Path) -> None:
        """al-folio's default CV source since 2023: JSON Resume."""
        where = self.rel(path)
        text = self.read_text(path)
        if text is None:
            return
        try:
            data = json.loads(text)
        except ValueError as error:
            self.report.skip(where, f"not valid JSON ({error})")
            return
        basics = data.get("basics") if isinstance(data.get("basics"), dict) else {}
        if basics.get("name") and "name" not in self.profile:
            self.profile["name"] = str(basics["name"])
        for item in data.get("work") or []:
            if isinstance(item, dict) and item.get("name") and item.get("position"):
                dates = self._dates(
                    item.get("startDate"), item.get("endDate") or ("present" if item.get("startDate") else None), where
                )
                self.add(
                    "experience",
                    {
                        "organization": item["name"],
                        "role": item["position"],
                        "url": item.get("url"),
                        "location": item.get("location"),
                        **dates,
                        "details": [str(h) for h in _as_list(item.get("highlights"))]
                        + ([item["summary"]] if item.get("summary") else [])
                        or None,
                    },
                )
        for item in data.get("education") or []:
            if isinstance(item, dict) and item.get("institution"):
                degree = " in ".join(str(x) for x in (item.get("studyType"), item.get("area")) if x) or "Studies"
                self.add(
                    "education",
                    {
                        "degree": degree,
                        "institution": item["institution"],
                        "url": item.get("url"),
                        **self._dates(item.get("startDate"), item.get("endDate"), where),
                    },
                )
        for item in data.get("awards") or []:
            if isinstance(item, dict) and item.get("title"):
                self.add(
                    "awards",
                    {
                        "title": item["title"],
                        "awarder": item.get("awarder"),
                        "date": parse_date(item.get("date")),
                        "details": item.get("summary"),
                    },
                )
        if basics.get("label") and "position" not in self.profile:
            self.profile["position"] = str(basics["label"])
        for item in data.get("skills") or []:
            if isinstance(item, dict) and item.get("name"):
                self.add("skills", {"name": item["name"], "items": [str(k) for k in _as_list(item.get("keywords"))]})
        for key in sorted(set(data) - {"basics", "work", "education", "awards", "skills", "meta", "$schema"}):
            if data[key]:
                self.report.skip(f"{where}: {key}", _cv_skip_reason(key))

    # --- Profile and leftovers -------------------------------------------------------------

    def finish_profile(self) -> None:
        if self.name:
            self.profile["name"] = self.name
        elif "name" not in self.profile:
            self._guess_name()
        name = self.profile["name"]
        self.profile["aliases"] = [a for a in self.profile.get("aliases", []) if a != name]
        links = self.profile.get("links") or {}
        self.report.count(
            "profile",
            1,
            f"{name}, {len(links)} link(s)"
            + (", photo" if self.profile.get("photo") else ", initials instead of a photo"),
        )

    def _guess_name(self) -> None:
        """No name anywhere: the author on most papers is the site's owner (al-folio lists your own papers)."""
        counts = Counter(
            name for authors in self.bib_authors for name in set(authors) if name.lower() not in ("others", "et al.")
        )
        ranked = counts.most_common()
        if ranked and (ranked[0][1] * 2 >= len(self.bib_authors)) and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            self.profile["name"] = ranked[0][0]
            self.report.notes.append(
                f"the name '{ranked[0][0]}' is the author on most papers in papers.bib "
                f"({ranked[0][1]} of {len(self.bib_authors)}); pass --name to choose another"
            )
        else:
            self.profile["name"] = scaffold.DEFAULT_NAME
            self.report.notes.append(
                f"no name found; the profile says '{scaffold.DEFAULT_NAME}' - "
                f"set profile.name in {DATA_FILE} or pass --name"
            )

    def list_leftovers(self) -> None:
        posts = (
            [p for p in (self.source / "_posts").glob("*") if p.is_file()] if (self.source / "_posts").is_dir() else []
        )
        if posts:
            self.report.skip(
                "_posts/",
                f"{len(posts)} blog post(s): this plugin has no blog (Material for MkDocs' blog plugin can take them)",
            )
        for page in sorted((self.source / "_pages").glob("*")) if (self.source / "_pages").is_dir() else []:
            stem = page.stem.split(".")[0]
            if page.is_file() and stem not in _HANDLED_PAGES:
                self.report.skip(self.rel(page), "a page of its own; copy its text into docs/ if you want it")
        used = {"socials.yml", "venues.yml", "coauthors.yml", "cv.yml", "repositories.yml"}
        for data in sorted((self.source / "_data").glob("*")) if (self.source / "_data").is_dir() else []:
            if data.is_file() and data.name not in used:
                self.report.skip(self.rel(data), "not used by this plugin")
        theme = [d for d in _THEME_DIRS if (self.source / d).exists()]
        if theme:
            self.report.skip(", ".join(theme), "al-folio's theme; Material for MkDocs takes its place")
        self._unused_images()

    def _unused_images(self) -> None:
        images = self.source / "assets" / "img"
        if not images.is_dir() or self.checked(images) is None:
            return
        copied = set(self.copied)
        unused = [p for p in images.rglob("*") if p.is_file() and str(p.resolve()) not in copied]
        if unused:
            self.report.skip(
                "assets/img/",
                f"{len(unused)} image(s) no converted entry uses; copy the ones your text needs into docs/images/",
            )

    # --- Writing ---------------------------------------------------------------------------

    def write(self) -> None:
        docs = self.out / "docs"
        (docs / "data").mkdir(parents=True, exist_ok=True)
        self._write_data(docs / "data" / "profile.yml")
        self._write_index(docs / "index.md")
        if "bibliography" in self.options:
            (docs / "publications.md").write_text(
                "# Publications\n\nAll publications, newest first.\n\n"
                "<!-- researcher publications group_by=year heading=none -->\n",
                encoding="utf-8",
            )
        self._write_mkdocs_yml()
        for template, target in (("gitignore", ".gitignore"), ("site-workflow.yml", ".github/workflows/site.yml")):
            (self.out / target).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(scaffold.TEMPLATES / template, self.out / target)

    def _write_data(self, path: Path) -> None:
        order = (
            "name",
            "native_name",
            "pronouns",
            "photo",
            "position",
            "affiliations",
            "email",
            "interests",
            "aliases",
            "links",
        )
        data = {"profile": _prune({key: self.profile.get(key) for key in order})}
        for kind in ("news", "projects", "experience", "education", "teaching", "awards", "skills"):
            if self.sections.get(kind):
                data[kind] = self.sections[kind]
        header = (
            f"# Imported from the al-folio site in {self.source.name}/ by `mkdocs-researcher import-alfolio`.\n"
            "# The fields are those of mkdocs-researcher's front matter (see its README); "
            "paths are relative to this file.\n"
        )
        path.write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")

    def _write_index(self, path: Path) -> None:
        meta = {"title": self.profile["name"], "hide": ["navigation"], "data": "data/profile.yml"}
        parts = [self.body] if self.body else []
        parts += self.markers
        path.write_text(
            "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n\n" + "\n\n".join(parts) + "\n",
            encoding="utf-8",
        )

    def _write_mkdocs_yml(self) -> None:
        template = (
            (scaffold.TEMPLATES / "mkdocs.yml")
            .read_text(encoding="utf-8")
            .replace("@NAME@", "x")
            .replace("@DESCRIPTION@", "x")
        )
        theme = yaml.safe_load(template)["theme"]
        settings = {"site_name": self.profile["name"]}
        description = self.config.get("description")
        if isinstance(description, str) and _strip_tags(description):
            settings["site_description"] = _strip_tags(description)
        if self.site_url:
            settings["site_url"] = self.site_url
        settings.update(
            {
                "theme": theme,
                "plugins": ["search", {"researcher": self.options} if self.options else "researcher"],
                "markdown_extensions": ["attr_list", "md_in_html", {"toc": {"permalink": True}}],
                "nav": self.nav,
            }
        )
        header = "# Imported from al-folio by `mkdocs-researcher import-alfolio`. Preview with: mkdocs serve\n"
        (self.out / "mkdocs.yml").write_text(
            header + yaml.safe_dump(settings, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )


def _cv_kind(title: str) -> str | None:
    lowered = title.lower()
    for words, kind in (
        (("educat", "degree", "studies"), "education"),
        (("experien", "employ", "work", "position", "appointment", "career"), "experience"),
        (("award", "honor", "honour", "prize", "scholarship"), "awards"),
        (("skill", "technolog"), "skills"),
    ):
        if any(word in lowered for word in words):
            return kind
    return None


def _cv_skip_reason(title: str) -> str:
    lowered = title.lower()
    if "public" in lowered:
        return "publications come from papers.bib"
    if "project" in lowered:
        return "projects come from _projects/"
    return "no section of this plugin matches it"


def _flatten(description) -> list[str]:
    """al-folio's description: strings, or {title, contents: [...]} groups -> Markdown strings."""
    if description is None:
        return []
    items = description if isinstance(description, list) else [description]
    result = []
    for item in items:
        if isinstance(item, dict):
            inner = "; ".join(str(x) for x in _as_list(item.get("contents")))
            result.append(f"{item.get('title', '')}: {inner}".strip(": ") if inner else str(item.get("title", "")))
        elif item not in (None, ""):
            result.append(str(item))
    return [r for r in result if r]


def import_alfolio(source: Path, out: Path, name: str | None = None, force: bool = False) -> Report:
    importer = Importer(source, out, name)
    importer.check_source()
    scaffold.check_target(out, force)
    out.mkdir(parents=True, exist_ok=True)
    return importer.run()
