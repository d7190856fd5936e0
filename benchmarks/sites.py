"""Temporary MkDocs projects for the benchmark: scale sites, their plain twin, and the example site
pre-rendered to static pages (the plugin removed)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import yaml

from . import synthetic

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SITE = REPO / "example_site"

INDEX_WITH_PUBLICATIONS = """---
title: Publications
publications: [papers.bib]
---

# Publications

Every publication of the synthetic bibliography, newest first.

<!-- researcher publications group_by=year -->
"""
INDEX_PLAIN = """---
title: Publications
---

# Publications

No publications here: the same site without the plugin.
"""
ABOUT = """# About

An unrelated page: the one touched between two `mkdocs serve` builds.
"""


def scale_site(
    root: Path,
    bib_text: str | None,
    *,
    plugin: bool = True,
    cache: bool = True,
    search: bool = False,
    theme: str = "material",
) -> Path:
    """A one-page site listing every entry of ``bib_text`` (plus an unrelated page); returns mkdocs.yml.

    ``plugin=False`` gives the same site without the plugin and without publications. MkDocs' ``search``
    is left out unless asked for: on one page of 10,000 entries it alone takes longer than the plugin.
    """
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "about.md").write_text(ABOUT, encoding="utf-8")
    if plugin:
        (docs / "index.md").write_text(INDEX_WITH_PUBLICATIONS, encoding="utf-8")
        (docs / "papers.bib").write_text(bib_text or "", encoding="utf-8")
        pdfs = docs / "assets" / "pdf"
        pdfs.mkdir(parents=True, exist_ok=True)
        for name in synthetic.local_pdfs(bib_text or ""):  # al-folio's local PDFs exist, so no warnings
            (pdfs / name).write_bytes(b"%PDF-1.4\n%%EOF\n")
        plugins = [{"researcher": {"cache": cache, "cache_dir": str(root / "cache")}}]
    else:
        (docs / "index.md").write_text(INDEX_PLAIN, encoding="utf-8")
        plugins = []
    if search:
        plugins.insert(0, "search")
    config = {
        "site_name": "Benchmark",
        "site_dir": str(root / "site"),
        "theme": {"name": "material", "font": False} if theme == "material" else {"name": theme},
        "plugins": plugins,
        "nav": [{"Publications": "index.md"}, {"About": "about.md"}],
    }
    path = root / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def citing_site(root: Path, bib_text: str, cites: int, *, citing_page: bool = True) -> Path:
    """The whole-build site (Material, search, every entry of ``bib_text`` listed) with ``bib_text`` as the site's
    bibliography, and, with ``citing_page``, a page citing its first ``cites`` keys (as ``[@key]``, a sentence
    each, one in four a narrative ``@key``); returns mkdocs.yml."""
    config_path = scale_site(root, bib_text, search=True, theme="material")
    config = yaml.safe_load(config_path.read_text(encoding="utf-8"))
    config["plugins"][-1]["researcher"]["bibliography"] = ["docs/papers.bib"]
    if citing_page:
        sentences = [
            f"As @{key} shows, results hold." if number % 4 == 3 else f"Results hold [@{key}, p. {number + 1}]."
            for number, key in enumerate(synthetic.keys(bib_text)[:cites])
        ]
        paragraphs = ["\n".join(sentences[at : at + 10]) for at in range(0, len(sentences), 10)]
        text = "# Related work\n\n" + "\n\n".join(paragraphs) + "\n"
        (root / "docs" / "citing.md").write_text(text, encoding="utf-8")
        config["nav"].append({"Related work": "citing.md"})
    config_path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return config_path


# --- Publication pages ---------------------------------------------------------------------------

PUBLICATION_LINKS = ("doi", "url", "pdf", "code")  # the links a publication page shows, as the plain twin lists them


def publication_pages_site(root: Path, bib_text: str, *, plugin: bool = True) -> Path:
    """A site without ``nav:`` (MkDocs' automatic one), with search: one list of every entry of ``bib_text``
    with ``publication_pages: true``; returns mkdocs.yml.

    ``plugin=False`` gives its plain twin: the same list and a page per entry holding the same facts (title,
    authors, venue, year, abstract, links) as plain Markdown, kept out of the nav by ``not_in_nav``, as the
    plugin keeps its publication pages out.
    """
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "about.md").write_text(ABOUT, encoding="utf-8")
    config = {
        "site_name": "Benchmark",
        "site_url": "https://example.org/",
        "site_dir": str(root / "site"),
        "theme": {"name": "material", "font": False},
        "plugins": ["search"],
    }
    if plugin:
        (docs / "index.md").write_text(INDEX_WITH_PUBLICATIONS, encoding="utf-8")
        (docs / "papers.bib").write_text(bib_text, encoding="utf-8")
        pdfs = docs / "assets" / "pdf"
        pdfs.mkdir(parents=True, exist_ok=True)
        for name in synthetic.local_pdfs(bib_text):
            (pdfs / name).write_bytes(b"%PDF-1.4\n%%EOF\n")
        config["plugins"].append({"researcher": {"publication_pages": True, "cache_dir": str(root / "cache")}})
    else:
        _plain_publication_pages(docs, bib_text)
        config["not_in_nav"] = "publications/*.md"
    path = root / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def _plain_publication_pages(docs: Path, bib_text: str) -> None:
    import bibtexparser

    pages = docs / "publications"
    pages.mkdir(parents=True, exist_ok=True)
    items = []
    for entry in bibtexparser.parse_string(bib_text).entries:
        fields = {field.key.lower(): str(field.value) for field in entry.fields}
        venue = fields.get("booktitle") or fields.get("journal") or ""
        facts = f"{fields.get('author', '')}. *{venue}*, {fields.get('year', '')}."
        slug = entry.key.lower()
        items.append(f"- [{fields.get('title', entry.key)}](publications/{slug}.md) — {facts}")
        links = [f"[{name}]({fields[name]})" for name in PUBLICATION_LINKS if fields.get(name, "").startswith("http")]
        body = [
            "---",
            yaml.safe_dump({"title": fields.get("title", entry.key)}, allow_unicode=True).strip(),
            "---",
            "",
            f"# {fields.get('title', entry.key)}",
            "",
            facts,
            "",
            fields.get("abstract", ""),
            "",
            " · ".join(links),
            "",
            "[Back to the list](../index.md)",
            "",
        ]
        (pages / f"{slug}.md").write_text("\n".join(body), encoding="utf-8")
    index = "---\ntitle: Publications\n---\n\n# Publications\n\n" + "\n".join(items) + "\n"
    (docs / "index.md").write_text(index, encoding="utf-8")


# --- The example site, pre-rendered -----------------------------------------------------------

_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.DOTALL)
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)---[ \t]*\n", re.DOTALL)
_IGNORED = shutil.ignore_patterns("site", ".cache", "screenshots", "screenshots.py", "__pycache__")

STATIC_HOOK = '''"""Adds what the plugin generated (publication pages, .bib files, feed, résumé, its CSS/JS) as
pre-rendered files, at the plugin's own priority and only in the language build that had them."""
import json
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

_MANIFEST = json.loads((Path(__file__).parent / "generated.json").read_text(encoding="utf-8"))


@event_priority(-100)
def on_files(files, config):
    i18n = config.plugins.get("i18n")
    language = getattr(i18n, "current_language", None) or ""
    if language == getattr(i18n, "default_language", language):
        language = ""  # the default language's build: the site's root
    for item in _MANIFEST.get(language, []):
        content = Path(item["path"]).read_bytes()
        files.append(File.generated(config, item["src_uri"], content=content))
    return files
'''


def _split_front_matter(text: str) -> tuple[dict, str]:
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text
    return yaml.safe_load(match.group(1)) or {}, text[match.end() :]


def _article(html_text: str) -> str:
    match = _ARTICLE.search(html_text)
    if match is None:
        raise ValueError("no <article class='md-content__inner'> in the page")
    return match.group(1).strip()


def _static_page(front_matter: dict, article_html: str) -> str:
    """A Markdown page whose body Python-Markdown passes through untouched (one raw HTML block)."""
    head = (
        "---\n" + yaml.safe_dump(front_matter, allow_unicode=True, sort_keys=False) + "---\n\n" if front_matter else ""
    )
    # A block-level element at column 0, closed at the end: one raw block, nothing inside is Markdown.
    return head + '<div class="researcher-prerendered">\n' + article_html + "\n</div>\n"


def _languages(config: dict) -> tuple[str, list[str]]:
    """The default language and the others, from the i18n plugin's options ("" and [] without it)."""
    for item in config.get("plugins") or []:
        if isinstance(item, dict) and "i18n" in item:
            languages = item["i18n"].get("languages") or []
            default = next(
                (lang["locale"] for lang in languages if lang.get("default")),
                languages[0]["locale"] if languages else "",
            )
            return default, [
                lang["locale"] for lang in languages if lang["locale"] != default and lang.get("build", True)
            ]
    return "", []


def _page_url(src: str) -> str:
    """docs-relative .md path (no language suffix) -> its built index.html, with directory URLs."""
    stem = src[: -len(".md")]
    if stem == "index" or stem.endswith("/index") or stem.endswith("README"):
        return (stem.rsplit("/", 1)[0] + "/index.html") if "/" in stem else "index.html"
    return stem + "/index.html"


def copy_example_site(target: Path) -> Path:
    """A copy of example_site/ (its own config, hooks, docs) without built output or caches; returns mkdocs.yml."""
    shutil.copytree(EXAMPLE_SITE, target, ignore=_IGNORED)
    return target / "mkdocs.yml"


def prerendered_example(
    plugin_config: Path, built: Path, target: Path, section_keys, generated: dict | None = None
) -> Path:
    """The example site as static pages: each page's rendered ``article`` written back as Markdown, the
    plugin removed from mkdocs.yml, its CSS/JS and generated files added by a tiny hook.

    ``generated``: {language: [(site path, src_uri)]} of files the plugin build has and the static one
    lacks (the caller finds them by diffing a first static build); their built bytes are added back.
    Returns the static variant's mkdocs.yml.
    """
    source_root = plugin_config.parent
    config = yaml.safe_load(plugin_config.read_text(encoding="utf-8"))
    default, others = _languages(config)
    docs_src = source_root / (config.get("docs_dir") or "docs")
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(
        source_root, target, ignore=shutil.ignore_patterns("docs", "site", ".cache", "mkdocs.yml", "__pycache__")
    )
    docs = target / "docs"
    docs.mkdir()
    suffix = re.compile(r"\.(" + "|".join(map(re.escape, [default, *others])) + r")\.md$") if default else None
    pages = sorted(
        {
            (suffix.sub(".md", p.relative_to(docs_src).as_posix()) if suffix else p.relative_to(docs_src).as_posix())
            for p in docs_src.rglob("*.md")
        }
    )
    for page in pages:
        for language in [default, *others]:
            prefix = f"{language}/" if language and language != default else ""
            built_page = built / prefix / _page_url(page)
            if not built_page.exists():
                continue
            own = docs_src / (page[: -len(".md")] + f".{language}.md") if language else None
            source = own if own is not None and own.exists() else docs_src / page
            front, _ = _split_front_matter(source.read_text(encoding="utf-8"))
            front = {k: v for k, v in front.items() if k not in section_keys}
            name = page if not prefix else page[: -len(".md")] + f".{language}.md"
            out = docs / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(_static_page(front, _article(built_page.read_text(encoding="utf-8"))), encoding="utf-8")
    for path in docs_src.rglob("*"):  # other docs files: only those the plugin build published
        rel = path.relative_to(docs_src).as_posix()
        if path.is_file() and not rel.endswith(".md") and (built / rel).exists():
            (docs / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, docs / rel)
    # Files generated by the plugin, added back by the hook from a copy of their built bytes.
    manifest: dict[str, list] = {}
    store = target / "generated"
    for language, items in (generated or {}).items():
        for site_path, src_uri in items:
            data = (built / site_path).read_bytes()
            if site_path.endswith(".html") and b'class="md-content__inner' in data:
                text = data.decode("utf-8")
                title = html.unescape(re.sub(r"<[^>]+>", "", _TITLE.search(text).group(1))).rsplit(" - ", 1)[0].strip()
                data = _static_page({"title": html.escape(title, quote=False)}, _article(text)).encode("utf-8")
            copy = store / language / src_uri
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(data)
            manifest.setdefault(language, []).append({"src_uri": src_uri, "path": str(copy)})
    (target / "generated.json").write_text(__import__("json").dumps(manifest, indent=1), encoding="utf-8")
    (target / "static_generated.py").write_text(STATIC_HOOK, encoding="utf-8")
    config["plugins"] = [
        p for p in config.get("plugins") or [] if p != "researcher" and not (isinstance(p, dict) and "researcher" in p)
    ]
    config["hooks"] = list(config.get("hooks") or []) + ["static_generated.py"]
    config["extra_css"] = list(config.get("extra_css") or []) + ["assets/researcher/researcher.css"]
    config["extra_javascript"] = list(config.get("extra_javascript") or []) + ["assets/researcher/researcher.js"]
    path = target / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def missing_files(
    reference: Path, candidate: Path, languages: list[str], default: str
) -> dict[str, list[tuple[str, str]]]:
    """Files in ``reference`` (plugin build) but not in ``candidate`` (static build), by language build.

    Returns {language: [(site path, src_uri in that language's build)]}; "" is the default language. A language
    build of mkdocs-static-i18n names its files under the language's folder ("zh/cv/cv.pdf"), as it writes them.
    """
    found: dict[str, list] = {}
    others = [lang for lang in languages if lang and lang != default]
    for path in sorted(reference.rglob("*")):
        rel = path.relative_to(reference).as_posix()
        if not path.is_file() or (candidate / rel).exists():
            continue
        language = next((other for other in others if rel.startswith(other + "/")), "")
        if rel.endswith("/index.html") and b'class="md-content__inner' in path.read_bytes():
            src_uri = rel[: -len("/index.html")] + ".md"
        else:
            src_uri = rel
        found.setdefault(language, []).append((rel, src_uri))
    return found


def article_sizes(site: Path) -> dict[str, int]:
    """Bytes of each page's article, to check the static variant shows the same content."""
    sizes = {}
    for path in sorted(site.rglob("index.html")):
        match = _ARTICLE.search(path.read_text(encoding="utf-8"))
        if match:
            sizes[path.relative_to(site).as_posix()] = len(match.group(1).strip())
    return sizes
