"""Sites in several languages: each language's home page, news and CV in mkdocs-static-i18n's suffix layout.

al-folio sites take their languages from _config.yml (languages: [en, zh]) with one of two plugins:
jekyll-multiple-languages-plugin keeps each language's text in _i18n/<lang>/ and its strings in
_i18n/<lang>.yml, and a page or news item names them ({% translate_file about.md %}, {% t news.titles.x %});
jekyll-polyglot keeps a page per language (_pages/<lang>/about.md, or lang: <lang> in its front matter) and
data per language (_data/<lang>/cv.yml). The new site has docs/index.md for the first language and
docs/index.<lang>.md (with its own data file) for each other one; pages a language lacks fall back to the first.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...diagnostics import counted
from .assets import clean_liquid
from .samples import is_sample_text

if TYPE_CHECKING:
    from .importer import Importer

_TRANSLATE_FILE = re.compile(r"\{%-?\s*(?:translate_file|tf)\s+([\w./-]+)\s*-?%\}")
_TRANSLATE = re.compile(r"\{%-?\s*(?:t|translate)\s+([\w.-]+)\s*-?%\}")
# Names of the languages al-folio sites are written in, for the language switcher; others show their code.
_NAMES = {
    "en": "English",
    "zh": "中文",
    "zh-cn": "简体中文",
    "zh-tw": "繁體中文",
    "ja": "日本語",
    "ko": "한국어",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
    "pt-br": "Português (Brasil)",
    "ru": "Русский",
    "id": "Bahasa Indonesia",
    "vi": "Tiếng Việt",
    "tr": "Türkçe",
    "pl": "Polski",
    "nl": "Nederlands",
}


DEFAULT_LOCALE = "en"  # of a site whose own language Material does not know
# Chinese regions whose script is the one Material names its translation by.
_SCRIPTS = {"zh-cn": "zh", "zh-sg": "zh", "zh-hans": "zh", "zh-hk": "zh-hant", "zh-mo": "zh-hant"}


@cache
def _material_languages() -> dict[str, str]:
    """The languages Material for MkDocs is translated into (its partials/languages/<name>.html), by lower case."""
    spec = importlib.util.find_spec("material")
    if spec is None or spec.origin is None:
        return {}
    folder = Path(spec.origin).parent / "templates" / "partials" / "languages"
    return {path.stem.lower(): path.stem for path in folder.glob("*.html")}


def locale(language: str) -> str | None:
    """The locale of al-folio's language code in the new site: Material's spelling of it (pt-br -> pt-BR,
    zh-cn -> zh, zh-hk -> zh-Hant), else of its base language (en-us -> en); None when Material has neither.
    Without Material to ask, mkdocs-static-i18n's spelling (pt_br -> pt-BR)."""
    code = language.strip().replace("_", "-").lower()
    known = _material_languages()
    if not known:
        base, _, region = code.partition("-")
        return f"{base}-{region.upper()}" if region else base
    code = _SCRIPTS.get(code, code)
    return known.get(code) or known.get(code.partition("-")[0])


def default_locale(language: str) -> str:
    return locale(language) or DEFAULT_LOCALE


def language_name(language: str) -> str:
    return _NAMES.get(language.lower().replace("_", "-"), language)


def translated(importer: Importer, text: str, language: str | None, where: str) -> str:
    """text with {% translate_file X %} replaced by _i18n/<language>/X and {% t key %} by the language's string."""
    if not language:
        return text

    def file(match: re.Match) -> str:
        # The plugin falls back to the default language's file when a language lacks one.
        candidates = [
            importer.source.path / "_i18n" / x / match.group(1) for x in (language, importer.default_language)
        ]
        path = next((c for c in candidates if c.is_file()), None)
        if path is None:
            importer.report.missing_file(importer.source.rel(candidates[0]), where)
            return ""
        return importer.source.read_text(path) or ""

    text = _TRANSLATE_FILE.sub(file, text)
    return _TRANSLATE.sub(lambda m: string(importer, m.group(1), language) or m.group(0), text)


def string(importer: Importer, key: str, language: str) -> str | None:
    """A string of _i18n/<language>.yml by its dotted key (news.titles.x), or None."""
    value = _strings(importer, language)
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return str(value) if isinstance(value, (str, int, float)) else None


def _strings(importer: Importer, language: str) -> dict:
    cache = importer.language_strings
    if language not in cache:
        path = importer.source.path / "_i18n" / f"{language}.yml"
        data = importer.source.read_yaml_file(path) if path.is_file() else None
        cache[language] = data if isinstance(data, dict) else {}
    return cache[language]


def read_languages(importer: Importer) -> None:
    """Each other language's home page text (its news and CV came with the rest), and what stays untranslated."""
    home = importer.site.home
    for language in importer.languages:
        if home is None:
            break
        own = importer.site.translations.get("", {}).get(language)
        page = importer.home(language)
        where = own.where if own else home.where
        body = translated(importer, (own or home).body, language, where)
        if own is None and body == home.body:
            importer.report.lose(f"{home.where} ({language})", "no text in this language; the page falls back")
            continue
        if is_sample_text(body):
            importer.report.skip(f"{where} ({language})", "al-folio's sample biography")
            continue
        page.body = clean_liquid(importer, body, where).strip()
        importer.report.count("home page text", 1)
    for language in importer.languages:
        _complete(importer, language)
    _untranslated(importer)


def _complete(importer: Importer, language: str) -> None:
    """Each page of the site in the language: its own title, text, news and CV where the old site has them, and
    the rest (publications, projects) as the default language's page shows it. A page with nothing of the
    language is not written: mkdocs-static-i18n shows the default language's in its place."""
    own: dict[str, list[str]] = {}
    for page in [p for p in importer.pages.values() if p.language is None and p.old is not None]:
        if page.empty and page.name != "index":
            continue
        translation = importer.site.translations.get(page.old.key, {}).get(language)
        title = (translation.title if translation else None) or string(importer, page.old.title, language)
        counterpart = importer.pages.get((page.name, language))
        parts = [kind for kind in counterpart.sections] if counterpart else []
        if counterpart and counterpart.body.strip():
            parts.insert(0, "text")
        elif page.body.strip() and not page.old.is_home:
            body = translation.body if translation else page.old.body
            text = translated(importer, body, language, page.old.where)
            if (translation or text != body) and not is_sample_text(text):
                counterpart = counterpart or importer.page_for(page.old, language)
                counterpart.body = clean_liquid(importer, text, (translation or page.old).where).strip()
                parts.insert(0, "text")
        if title and title != page.old.title:
            parts.insert(0, "title")
        if not parts:
            importer.pages.pop((page.name, language), None)
            continue
        counterpart = counterpart or importer.page_for(page.old, language)
        counterpart.title = title or page.title
        counterpart.body = counterpart.body or page.body
        counterpart.markers = list(dict.fromkeys([*page.markers, *counterpart.markers]))
        counterpart.front = {**page.front, **counterpart.front}
        counterpart.sections = {**page.sections, **counterpart.sections}
        own[counterpart.file] = parts
    if own:
        detail = "; ".join(f"docs/{file} ({', '.join(parts)})" for file, parts in sorted(own.items()))
        importer.report.count(
            f"pages in {language}", len(own), f"{detail} in {language}, the rest as in {importer.default_language}"
        )


def _untranslated(importer: Importer) -> None:
    """Translated pages and collections that have no place yet: named once per folder."""
    for language in importer.languages:
        folder = importer.source.path / "_i18n" / language
        for sub in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []:
            if sub.name.strip("_") in ("news", "pages") or not any(sub.rglob("*.md")):
                continue
            count = sum(1 for _ in sub.rglob("*.md"))
            importer.report.lose(
                importer.source.rel(sub) + "/",
                f"{counted(count, 'translated file')}: only pages, news and CV are imported in each language",
            )
        written = {p.old.key for p in importer.pages.values() if p.language == language and p.old is not None}
        for key, pages in sorted(importer.site.translations.items()):
            if language in pages and key not in written:
                importer.report.skip(pages[language].where, "a page in another language whose own page is not shown")
