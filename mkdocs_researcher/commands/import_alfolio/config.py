"""The old site's settings: _config.yml (names, e-mail, scholar names, max authors, address, languages, and with
them the map of what the site shows) and the social links of _data/socials.yml, where newer al-folio versions keep
what older ones had in _config.yml."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .assets import copy_asset, from_data
from .languages import default_locale, locale
from .site import SiteMap

if TYPE_CHECKING:
    from .importer import Importer

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


def read_config(importer: Importer) -> None:
    path = importer.source.path / "_config.yml"
    if path.is_file():
        data = importer.source.read_yaml_file(path)
        importer.config = data if isinstance(data, dict) else {}
        _read_settings(importer)
    else:
        importer.report.lose("_config.yml", "not found; the name, e-mail and site address must come from elsewhere")
    importer.site = SiteMap.read(importer.source, importer.config, _languages(importer), importer.default_language)


def _read_settings(importer: Importer) -> None:
    config = importer.config
    names = [config.get(k) for k in ("first_name", "middle_name", "last_name")]
    full = " ".join(str(n).strip() for n in names if n and str(n).strip())
    title = str(config.get("title") or "").strip()
    if full:
        importer.profile["name"] = full
    elif title and title.lower() != "blank":
        importer.profile["name"] = title
    if isinstance(config.get("email"), str):
        importer.profile["email"] = config["email"].strip()
    _read_scholar_names(importer)
    # al-folio truncates author lists only when max_author_limit is a number: blank (or absent) shows them all.
    limit = config.get("max_author_limit")
    importer.options["max_authors"] = limit if isinstance(limit, int) and not isinstance(limit, bool) else 0
    _site_url(importer)
    _socials(importer, config, "_config.yml", only_known=True)


def _languages(importer: Importer) -> list[str]:
    """_config.yml's languages (jekyll-polyglot, jekyll-multiple-languages-plugin), the default one first."""
    listed = importer.config.get("languages")
    languages = [str(x).strip() for x in listed if str(x).strip()] if isinstance(listed, list) else []
    if len(languages) < 2:
        return []
    default = str(importer.config.get("default_lang") or importer.config.get("default_locale") or languages[0])
    importer.default_language = default if default in languages else languages[0]
    others = [x for x in languages if x != importer.default_language]
    importer.languages = _with_locales(importer, others)
    return [importer.default_language, *others]  # all of them: a page in any language is not the default's


def _with_locales(importer: Importer, others: list[str]) -> list[str]:
    """The other languages the new site can build: each needs a locale Material knows, and one of its own."""
    default = importer.default_language
    taken = {default_locale(default): default}
    _note_locale(importer, default, default_locale(default))
    kept = []
    for language in others:
        code = locale(language)
        if code is None:
            importer.report.lose(
                f"_config.yml: languages: {language}",
                f"Material for MkDocs has no {language}; its pages are not written, {default}'s show instead",
            )
        elif code in taken:
            importer.report.lose(
                f"_config.yml: languages: {language}",
                f"it is {code} in Material for MkDocs, as {taken[code]} is; only {taken[code]}'s pages are written",
            )
        else:
            _note_locale(importer, language, code)
            taken[code] = language
            kept.append(language)
    return kept


def _note_locale(importer: Importer, language: str, code: str) -> None:
    if code.lower() != language.lower().replace("_", "-"):
        importer.report.notes.append(
            f"the language {language} is {code} in the new site: the name Material for MkDocs knows it by"
        )


def _read_scholar_names(importer: Importer) -> None:
    config = importer.config
    scholar = config.get("scholar") if isinstance(config.get("scholar"), dict) else {}

    def as_list(v) -> list[str]:
        return [str(x).strip() for x in (v if isinstance(v, list) else [v]) if x and str(x).strip()]

    lasts, firsts = as_list(scholar.get("last_name")), as_list(scholar.get("first_name"))
    importer.profile["aliases"] = [f"{first} {last}" for last in lasts for first in firsts]


def _site_url(importer: Importer) -> None:
    url = str(importer.config.get("url") or "").strip().rstrip("/")
    baseurl = str(importer.config.get("baseurl") or "").strip().strip("/")
    if re.match(r"^https?://", url):
        importer.site_url = url + "/" + (baseurl + "/" if baseurl else "")


def read_socials(importer: Importer) -> None:
    path = importer.source.path / "_data" / "socials.yml"
    if path.is_file():
        data = importer.source.read_yaml_file(path)
        if isinstance(data, dict):
            if isinstance(data.get("email"), str) and data["email"].strip():
                importer.profile["email"] = data["email"].strip()
            _socials(importer, data, "_data/socials.yml", only_known=False)


def _socials(importer: Importer, data: dict, where: str, only_known: bool) -> None:
    links = importer.profile.setdefault("links", {})
    for key, value in data.items():
        if value in (None, "", False) or key == "email":
            continue
        if key in SOCIALS:
            kind, pattern = SOCIALS[key]
            links[kind] = pattern.format(id=str(value).strip().lstrip("@")) if pattern else str(value).strip()
        elif key == "cv_pdf":
            copied = copy_asset(importer, value, f"{where}: cv_pdf", "CV file", folder="files")
            if copied:
                links["cv"] = from_data(copied)
        elif only_known:
            continue  # _config.yml holds every setting of the site; only its social keys matter here
        elif key in _SOCIAL_SKIPS:
            importer.report.lose(f"{where}: {key}", _SOCIAL_SKIPS[key])
        elif isinstance(value, dict) and isinstance(value.get("url"), str):
            links[re.sub(r"\W+", "_", str(value.get("title") or key)).strip("_").lower() or key] = value["url"]
        elif isinstance(value, str) and re.match(r"^https?://", value.strip()):
            links[key] = value.strip()
        else:
            importer.report.lose(f"{where}: {key}", "an unknown kind of social link whose value is not a URL")
