"""The new site's files: each page's Markdown and data file, mkdocs.yml with the old navbar as its navigation (and
mkdocs-static-i18n for a site in several languages), and the scaffold's .gitignore, theme override and
publishing workflow."""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import yaml

from ...options import EXTENSION
from ...render.environment import ASSET_DIR
from .. import new as scaffold
from .languages import default_locale, language_name, locale
from .links import rewrite_links
from .markup import strip_tags
from .samples import is_sample_text, is_sample_title

if TYPE_CHECKING:
    from .importer import Importer, NewPage

DATA_FILE = "docs/data/profile.yml"
_PROFILE_ORDER = (
    "name",
    "native_name",
    "pronouns",
    "photo",
    "photo_side",
    "photo_shape",
    "position",
    "affiliations",
    "email",
    "interests",
    "aliases",
    "links",
)
_SECTION_ORDER = ("news", "projects", "experience", "education", "teaching", "service", "awards", "talks", "skills")


def prune(value):
    """Drop empty values, so the data file shows only what the old site had."""
    if isinstance(value, dict):
        pruned = {k: prune(v) for k, v in value.items()}
        return {k: v for k, v in pruned.items() if v not in (None, "", [], {})}
    if isinstance(value, list):
        return [v for v in (prune(v) for v in value) if v not in (None, "", [], {})]
    return value


def write(importer: Importer) -> None:
    home = importer.home()
    pages = [p for p in importer.pages.values() if p is home or not p.empty]
    written = {p.old.key: p for p in pages if p.old is not None and p.language is None}
    importer.nav = _nav(importer, written)
    importer.report.pages = [_nav_line(entry) for entry in importer.nav]
    for page in pages:
        rewrite_links(importer, page, written)
        _write_page(importer, page)
    _write_mkdocs_yml(importer)
    # The scaffold's site files but its pages: the theme (custom_dir), the ignore list and the workflow.
    for template, target in (
        ("gitignore", ".gitignore"),
        ("site-workflow.yml", ".github/workflows/site.yml"),
        ("main.html", "overrides/main.html"),
    ):
        (importer.out / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(scaffold.TEMPLATES / template, importer.out / target)


def _write_page(importer: Importer, page: NewPage) -> None:
    docs = importer.out / "docs"
    meta: dict = {"title": importer.profile["name"] if page.name == "index" else _title(page.title)}
    if page.name == "index" and len(importer.nav) == 1:
        meta["hide"] = ["navigation"]  # a site of one page has nothing to navigate to
    data = {"profile": _profile(importer)} if page.name == "index" else {}
    data.update({kind: page.sections[kind] for kind in _SECTION_ORDER if page.sections.get(kind)})
    if data:
        path = docs / page.data_file
        path.parent.mkdir(parents=True, exist_ok=True)
        header = (
            f"# Imported from the al-folio site in {importer.source.path.name}/ by `mkdocs-researcher import-alfolio`."
            "\n# The fields are those of mkdocs-researcher's front matter (see its README); paths are relative to "
            "this file.\n"
        )
        path.write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")
        meta["data"] = _relative_data(page)
    meta.update(page.front)
    body = page.body.strip()
    if page.name != "index" and not body.startswith("# "):
        body = f"# {meta['title']}\n\n{body}".strip()
    parts = [body] if body else []
    parts += page.markers
    path = docs / page.file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n\n" + "\n\n".join(parts) + "\n",
        encoding="utf-8",
    )


def _relative_data(page: NewPage) -> str:
    """The data file as the page names it: relative to the page's own folder."""
    depth = page.file.count("/")
    return "../" * depth + page.data_file


def _profile(importer: Importer) -> dict:
    return prune({key: importer.profile.get(key) for key in _PROFILE_ORDER})


def _title(title: str) -> str:
    """al-folio's navbar writes titles in lower case by its style ("cv", "publications"); here they are names."""
    if title != title.lower():
        return title
    return title.upper() if len(title) <= 3 else title[:1].upper() + title[1:]


def _nav(importer: Importer, written: dict[str, NewPage]) -> list[dict]:
    """The old navbar, in its order, for the pages that were written; the home page first."""
    nav: list[dict] = [{_title(importer.home().title) if importer.site.home else "Home": "index.md"}]
    for entry in importer.site.navbar() if importer.site else []:
        page, children = entry if isinstance(entry, tuple) else (entry, None)
        if page.is_home:
            continue
        if children is not None:
            if is_sample_title(page.title):
                importer.report.skip(page.where, "al-folio's sample menu")
                continue
            shown = {file for entry in nav for file in entry.values()}
            items = [{_title(c.title): written[c.key].file} for c in children if c.key in written]
            if any(file not in shown for item in items for file in item.values()):
                nav.append({_title(page.title): items})
        elif page.key in written:
            nav.append({_title(page.title): written[page.key].file})
    return nav


def _nav_line(entry: dict) -> str:
    (title, target), *_ = entry.items()
    if isinstance(target, list):
        return f"{title}: " + ", ".join(f"{t} -> docs/{f}" for item in target for t, f in item.items())
    return f"{title} -> docs/{target}"


def _write_mkdocs_yml(importer: Importer) -> None:
    template = (
        (scaffold.TEMPLATES / "mkdocs.yml")
        .read_text(encoding="utf-8")
        .replace("@NAME@", "x")
        .replace("@DESCRIPTION@", "x")
    )
    theme = yaml.safe_load(template)["theme"]
    if len(importer.nav) <= 1:
        # The scaffold's tabs show the navbar's pages at every width (the drawer on phones); one page has none.
        theme.pop("features", None)
    settings = {"site_name": _site_name(importer)}
    description = importer.config.get("description")
    if isinstance(description, str) and strip_tags(description):
        if is_sample_text(description):
            importer.report.skip("_config.yml: description", "al-folio's sample text")
        else:
            settings["site_description"] = strip_tags(description)
    if importer.site_url:
        settings["site_url"] = importer.site_url
    math = _math(importer)
    plugins: list = ["search"]
    if importer.languages:
        plugins.append({"i18n": _i18n(importer)})
    plugins.append("researcher")
    excluded = "".join(f"/{name}\n" for name in sorted(importer.bibliographies)) + "/data/\n"
    settings.update(
        {
            "theme": theme,
            # The form every engine reads (see the scaffold's mkdocs.yml): the options on the Markdown extension.
            "plugins": plugins,
            "markdown_extensions": [
                "attr_list",
                "md_in_html",
                {"toc": {"permalink": True}},
                # kramdown's typographic symbols, as Jekyll showed the text: -- en dash, --- em dash, << >>, quotes
                {"smarty": {"smart_angled_quotes": True}},
                *([{"pymdownx.arithmatex": {"generic": True}}] if math else []),
                {EXTENSION: importer.options},
            ],
            "extra_css": [f"{ASSET_DIR}/researcher.css"],
            "extra_javascript": [f"{ASSET_DIR}/researcher.js", *(_MATHJAX if math else [])],
            "exclude_docs": excluded,  # read, not published (Zensical needs this; MkDocs' plugin knows)
            "nav": importer.nav,
        }
    )
    header = (
        "# Imported from al-folio by `mkdocs-researcher import-alfolio`. Preview with: mkdocs serve\n"
        "# (Zensical: mkdocs-researcher generate && zensical serve)\n"
    )
    (importer.out / "mkdocs.yml").write_text(
        header + yaml.safe_dump(settings, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )


def _site_name(importer: Importer) -> str:
    """al-folio's title where the owner set one (its sample value 'blank' means: the full name)."""
    title = importer.config.get("title")
    if isinstance(title, str) and strip_tags(title) and strip_tags(title).lower() != "blank":
        return strip_tags(title)
    return importer.profile["name"]


def _math(importer: Importer) -> bool:
    """al-folio's enable_math (MathJax) as Material for MkDocs sets MathJax up: arithmatex marks the TeX up (also in
    the plugin's titles), a small configuration script and MathJax 3 typeset it."""
    if importer.config.get("enable_math") is not True:
        return False
    target = importer.out / "docs" / MATHJAX_CONFIG
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(_MATHJAX_SETTINGS, encoding="utf-8")
    importer.report.count("math typesetting", 1, "_config.yml: enable_math -> pymdownx.arithmatex and MathJax")
    return True


MATHJAX_CONFIG = "javascripts/mathjax.js"
_MATHJAX = [MATHJAX_CONFIG, "https://unpkg.com/mathjax@3/es5/tex-mml-chtml.js"]
# Material for MkDocs' MathJax setup (its reference page "Math"): typeset what arithmatex marks, again on each
# page that instant navigation loads.
_MATHJAX_SETTINGS = r"""window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"]],
    displayMath: [["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true
  },
  options: {
    ignoreHtmlClass: ".*|",
    processHtmlClass: "arithmatex"
  }
};

document$.subscribe(() => {
  MathJax.startup.output.clearCache()
  MathJax.typesetClear()
  MathJax.texReset()
  MathJax.typesetPromise()
})
"""


def _i18n(importer: Importer) -> dict:
    """mkdocs-static-i18n in the suffix layout (index.md, index.zh.md); a page a language lacks falls back."""
    default = importer.default_language
    languages = [{"locale": default_locale(default), "default": True, "name": language_name(default)}]
    languages += [{"locale": locale(x), "name": language_name(x), "build": True} for x in importer.languages]
    return {"docs_structure": "suffix", "fallback_to_default": True, "languages": languages}
