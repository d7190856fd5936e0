"""Sites in several languages: each language's home page, news and CV in mkdocs-static-i18n's suffix layout.

al-folio sites take their languages from _config.yml (languages: [en, zh]) with one of two plugins:
jekyll-multiple-languages-plugin keeps each language's text in _i18n/<lang>/ and its strings in
_i18n/<lang>.yml, and a page or news item names them ({% translate_file about.md %}, {% t news.titles.x %});
jekyll-polyglot keeps a page per language (_pages/<lang>/about.md, or lang: <lang> in its front matter) and
data per language (_data/<lang>/cv.yml). The new site has docs/index.md for the first language and
docs/index.<lang>.md (with its own data file) for each other one; pages a language lacks fall back to the first.
"""

from __future__ import annotations

import re
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


def locale(language: str) -> str:
    """mkdocs-static-i18n's spelling of a language code: zh-tw -> zh-TW, pt_br -> pt-BR."""
    language, _, region = language.replace("_", "-").partition("-")
    return f"{language.lower()}-{region.upper()}" if region else language.lower()


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
    _untranslated(importer)


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
                f"{counted(count, 'translated file')}: only the home page, news and CV are imported in each language",
            )
        for key, pages in sorted(importer.site.translations.items()):
            if key and language in pages:
                importer.report.lose(
                    pages[language].where, "a page in another language: only the home page is imported in each"
                )
