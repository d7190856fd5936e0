"""Link kinds: how a handle becomes a URL, which icon it gets, and which URLs are safe.

A known kind turns a bare id into a URL (``arxiv: 2410.12345`` ->
``https://arxiv.org/abs/2410.12345``); any other kind is kept when its value
is a URL. A link may be written as people copy it: ``osf.io/abcd``,
``doi:10.1/x``, ``<a href="…">…</a>`` (see ``written_url``). Icons name SVG
files of Material's bundled icon set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

from .identifiers import after_doi_prefix, canonical_doi_url, doi_url, without_id_prefix


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
    # Simple Icons' marks, drawn at the size of the others (Font Awesome's zhihu is a small glyph)
    "zhihu": LinkKind("Zhihu", "simple/zhihu", "https://www.zhihu.com/people/{id}"),
    "xiaohongshu": LinkKind("Xiaohongshu", "researcher/xiaohongshu", "https://www.xiaohongshu.com/user/profile/{id}"),
    "wechat": LinkKind("WeChat", "fontawesome/brands/weixin"),
    "bilibili": LinkKind("Bilibili", "fontawesome/brands/bilibili", "https://space.bilibili.com/{id}"),
    "weibo": LinkKind("Weibo", "fontawesome/brands/weibo", "https://weibo.com/{id}"),
    "rss": LinkKind("RSS", "fontawesome/solid/rss"),
    "cv": LinkKind("CV", "fontawesome/solid/file-lines"),
    # Publication, project and talk links
    "pdf": LinkKind("PDF", "fontawesome/solid/file-pdf"),
    # an archive: Simple Icons' arXiv mark is a hair-thin glyph at button size
    "arxiv": LinkKind("arXiv", "fontawesome/solid/box-archive", "https://arxiv.org/abs/{id}"),
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
    "paper": LinkKind("Paper", "fontawesome/solid/file-lines"),
    "preprint": LinkKind("Preprint", "fontawesome/solid/file-pen"),
    "talk": LinkKind("Talk", "fontawesome/solid/microphone"),
    "data": LinkKind("Data", "fontawesome/solid/database"),
}

# Other names a link field goes by outside ``links:`` (a publication's ``dataset: …``, a .bib ``url``), for
# the kind it is; so does either name with "link" or "url" after it (codelink, dataset_url). Any other name
# is a kind of its own.
FIELD_LINK_KINDS = {
    "url": "html",  # BibTeX's url is the publisher's page
    "ee": "html",  # DBLP's "electronic edition"
    "source_code": "code",
    "dataset": "data",
    "supplement": "supp",
    "supplementary": "supp",
    "project_page": "website",
    "projectpage": "website",
    "hal_id": "hal",
}


def field_link_kind(name: str) -> str:
    """The link kind a field name stands for: ``codelink`` -> code, ``Preprint`` -> preprint, ``talk_recording``
    -> talk_recording."""
    name = name.strip().lower()
    bases = [name] + [name.removesuffix(suffix).rstrip("_-") for suffix in ("link", "url") if name.endswith(suffix)]
    kinds = (FIELD_LINK_KINDS.get(base, base) for base in bases)
    return next((kind for kind in kinds if kind in LINK_KINDS), name)


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
    has_pattern = spec is not None and spec.pattern is not None
    value = written_url(value, bare_host=not has_pattern)  # a handle may be a domain: alice.bsky.social
    if looks_like_url(value) or not has_pattern:
        return value, False
    return spec.pattern.format(id=quote(value, safe="/@:.-_~")), True


def written_url(value: str, *, bare_host: bool = True) -> str:
    """The URL a link stands for, as people write one; any other value as it is.

    ``<a href="URL">…</a>`` is its href; ``doi:10.1/x`` and a DOI URL (http, dx.doi.org) are
    https://doi.org/…; a web address without its scheme (``osf.io/abcd``, ``www.example.org``) gets https://.
    A host alone (``example.org``) counts only where ``bare_host``: elsewhere it is a handle or an id. Files
    (``papers/x.pdf``, ``x.pdf``) stay as they are: see ``_is_web_address``.
    """
    text = value.strip()
    after_prefix = after_doi_prefix(text)
    if after_prefix is not None:
        text = after_prefix.strip()
    if _ANCHOR_START.match(text):
        href = _anchor_href(text)
        if href is None:
            return value.strip()
        text = href.strip()
    if not _SCHEME.match(text):
        if _is_web_address(text, bare_host=bare_host or after_prefix is not None):
            text = "https://" + text
        elif after_prefix is not None:
            return doi_url(text)
    return canonical_doi_url(text)


def is_web_link(value: str) -> bool:
    """``value`` is, or is written as, an absolute http(s) URL (``osf.io/abcd``, ``doi:10.1/x`` too); a host
    alone is not, as a value like "arXiv.org" names a site rather than links to it, nor is text with spaces
    that starts with a URL."""
    url = written_url(value, bare_host=False)
    return url.startswith(("https://", "http://")) and len(url.split()) == 1 and safe_url(url) is not None


_ANCHOR_START = re.compile(r"<a[\s>]", re.IGNORECASE)
_MAX_ANCHOR = 4096  # more than any link written as <a href="…">…</a>; longer text is not parsed


class _FirstHref(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.href: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "a" and self.href is None:
            self.href = next((value for name, value in attrs if name == "href" and value), None)


def _anchor_href(markup: str) -> str | None:
    """The href of the first ``<a>`` in ``markup``, read by the standard HTML parser (entities decoded)."""
    if len(markup) > _MAX_ANCHOR:
        return None
    parser = _FirstHref()
    parser.feed(markup)
    parser.close()
    return parser.href


# Top-level domains that make ``name.tld`` a web address. Those that are also the endings of common files
# (.ai, .pl, .pt, .rs, .sh…) count only before a path, as in mistral.ai/news: poster.ai and model.pt are
# files. Any other counts after "www." or a second-level label (uw.edu.pl, iitb.ac.in).
_WEB_DOMAINS = frozenset(
    "com org net edu gov mil int info biz io dev app page site online science tech co eu "
    "ar at au be br ca ch cl cn cz de dk ee es fi fr gr hk hu id ie il is it jp kr lt lu lv me mx my nl no nz "
    "pe ph ro ru se sg si sk th tr tw ua uk us vn za".split()
)
_WEB_DOMAINS_BEFORE_PATH = frozenset("ai in pl pt rs sh cc ly".split())
_SECOND_LEVEL = frozenset("ac edu gov com org net co".split())
_LABEL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def _is_web_address(text: str, *, bare_host: bool) -> bool:
    """``osf.io/abcd`` or ``optics.byu.edu/x``: a host name with a known top-level domain, then an optional
    path (required unless ``bare_host`` or the host starts with www.), no spaces. A few passes over the text,
    no regex."""
    if not text or "\\" in text or text.split() != [text]:  # a space of any kind splits it (str.isspace)
        return False
    end = min((i for i in map(text.find, "/?#") if i >= 0), default=len(text))
    host, rest = text[:end].lower(), text[end:]
    labels = host.split(".")
    if len(labels) < 2 or not (bare_host or len(rest) > 1 or labels[0] == "www"):
        return False
    if not all(_LABEL_CHARS.issuperset(label) and label.strip("-") == label != "" for label in labels):
        return False
    top = labels[-1]
    return (
        top in _WEB_DOMAINS
        or (top in _WEB_DOMAINS_BEFORE_PATH and len(rest) > 1)
        or (top.isalpha() and (labels[0] == "www" or (len(labels) > 2 and labels[-2] in _SECOND_LEVEL)))
    )


def label_for(kind: str) -> str:
    """A kind's label; a kind of the author's own is its name in title case (project_page -> Project Page)."""
    spec = LINK_KINDS.get(kind)
    return spec.label if spec else " ".join(word.capitalize() for word in kind.replace("_", " ").split())


def icon_for(kind: str) -> str:
    spec = LINK_KINDS.get(kind)
    return spec.icon if spec else GENERIC_ICON
