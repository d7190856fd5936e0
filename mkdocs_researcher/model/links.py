"""Link kinds: how a handle becomes a URL, which icon it gets, and which URLs are safe.

A known kind turns a bare id into a URL (``arxiv: 2410.12345`` ->
``https://arxiv.org/abs/2410.12345``); any other kind is kept when its value
is a URL. Icons name SVG files of Material's bundled icon set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from .identifiers import without_id_prefix


@dataclass(frozen=True)
class LinkKind:
    label: str
    icon: str
    pattern: str | None = None  # URL for a bare id, with {id}


LINK_KINDS: dict[str, LinkKind] = {
    # Profile links
    "homepage": LinkKind("Homepage", "fontawesome/solid/house"),
    "website": LinkKind("Website", "fontawesome/solid/globe"),
    "github": LinkKind("GitHub", "fontawesome/brands/github", "https://github.com/{id}"),
    "gitlab": LinkKind("GitLab", "fontawesome/brands/gitlab", "https://gitlab.com/{id}"),
    "scholar": LinkKind(
        "Google Scholar", "fontawesome/brands/google-scholar", "https://scholar.google.com/citations?user={id}"
    ),
    "orcid": LinkKind("ORCID", "fontawesome/brands/orcid", "https://orcid.org/{id}"),
    "dblp": LinkKind("DBLP", "simple/dblp", "https://dblp.org/pid/{id}.html"),
    "semantic_scholar": LinkKind(
        "Semantic Scholar", "simple/semanticscholar", "https://www.semanticscholar.org/author/{id}"
    ),
    "researchgate": LinkKind(
        "ResearchGate", "fontawesome/brands/researchgate", "https://www.researchgate.net/profile/{id}"
    ),
    "linkedin": LinkKind("LinkedIn", "fontawesome/brands/linkedin", "https://www.linkedin.com/in/{id}"),
    "twitter": LinkKind("X (Twitter)", "fontawesome/brands/x-twitter", "https://x.com/{id}"),
    "x": LinkKind("X (Twitter)", "fontawesome/brands/x-twitter", "https://x.com/{id}"),
    "bluesky": LinkKind("Bluesky", "fontawesome/brands/bluesky", "https://bsky.app/profile/{id}"),
    "mastodon": LinkKind("Mastodon", "fontawesome/brands/mastodon"),
    "youtube": LinkKind("YouTube", "fontawesome/brands/youtube", "https://www.youtube.com/@{id}"),
    "huggingface": LinkKind("Hugging Face", "simple/huggingface", "https://huggingface.co/{id}"),
    "zhihu": LinkKind("Zhihu", "fontawesome/brands/zhihu", "https://www.zhihu.com/people/{id}"),
    "xiaohongshu": LinkKind("Xiaohongshu", "simple/xiaohongshu", "https://www.xiaohongshu.com/user/profile/{id}"),
    "bilibili": LinkKind("Bilibili", "fontawesome/brands/bilibili", "https://space.bilibili.com/{id}"),
    "weibo": LinkKind("Weibo", "fontawesome/brands/weibo", "https://weibo.com/{id}"),
    "rss": LinkKind("RSS", "fontawesome/solid/rss"),
    "cv": LinkKind("CV", "fontawesome/solid/file-lines"),
    # Publication, project and talk links
    "pdf": LinkKind("PDF", "fontawesome/solid/file-pdf"),
    "arxiv": LinkKind("arXiv", "simple/arxiv", "https://arxiv.org/abs/{id}"),
    "doi": LinkKind("DOI", "simple/doi", "https://doi.org/{id}"),
    "hal": LinkKind("HAL", "simple/hal", "https://hal.science/{id}"),
    "code": LinkKind("Code", "fontawesome/solid/code"),
    "slides": LinkKind("Slides", "fontawesome/solid/person-chalkboard"),
    "poster": LinkKind("Poster", "fontawesome/solid/image"),
    "video": LinkKind("Video", "fontawesome/solid/video"),
    "supp": LinkKind("Supplement", "fontawesome/solid/paperclip"),
    "blog": LinkKind("Blog", "fontawesome/solid/blog"),
    "html": LinkKind("HTML", "fontawesome/solid/globe"),
    "demo": LinkKind("Demo", "fontawesome/solid/display"),
}

GENERIC_ICON = "fontawesome/solid/link"

# What a browser drops before it reads a URL (the WHATWG URL standard): C0 controls and spaces at
# either end, and tabs and newlines anywhere, so "/\t/evil.org" is "//evil.org" and "java\nscript:" is javascript:.
_C0_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]+")
# Other controls and spaces are left out too before the scheme is judged: refusing "java\x01script:" costs nothing.
_IGNORED_IN_SCHEME = re.compile(r"[\x00-\x20\x7f]+")
_SAFE_SCHEMES = {"http", "https", "mailto"}


def safe_url(url: str) -> str | None:
    """``url`` as a browser reads it, if that may become an href or src: http(s), mailto or relative. Otherwise None."""
    url = _TAB_OR_NEWLINE.sub("", url.strip().strip(_C0_CONTROL_OR_SPACE))
    if not url:
        return None
    if url.startswith(("https://", "http://")) and url.isascii() and "[" not in url:
        return url  # the common case: a scheme urlsplit would read the same way, a host it would not reject
    try:
        scheme = urlsplit(_IGNORED_IN_SCHEME.sub("", url)).scheme
    except ValueError:
        return None
    if scheme and scheme.lower() not in _SAFE_SCHEMES:
        return None
    # "//host/path" is protocol-relative: an absolute URL without a checked scheme.
    if not scheme and url.startswith(("//", "\\\\", "/\\", "\\/")):
        return None
    return url


_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def looks_like_url(value: str) -> bool:
    return bool(_SCHEME.match(value)) or value.startswith(("/", "./", "../", "#"))


def is_relative(url: str) -> bool:
    if url.startswith(("https://", "http://")):
        return False
    parts = urlsplit(url)
    return not parts.scheme and not parts.netloc and not url.startswith("/")


def expand(kind: str, value: str) -> tuple[str, bool]:
    """The URL for ``value`` of a link ``kind``; the flag tells if the value was a bare id."""
    value = value.strip()
    if kind in ("arxiv", "doi"):
        value = without_id_prefix(value)  # "doi:10.1/x" would pass for a URL with the scheme doi
    spec = LINK_KINDS.get(kind)
    if looks_like_url(value) or spec is None or spec.pattern is None:
        return value, False
    return spec.pattern.format(id=quote(value, safe="/@:.-_~")), True


def label_for(kind: str) -> str:
    spec = LINK_KINDS.get(kind)
    return spec.label if spec else kind.replace("_", " ").capitalize()


def icon_for(kind: str) -> str:
    spec = LINK_KINDS.get(kind)
    return spec.icon if spec else GENERIC_ICON
