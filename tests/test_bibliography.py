"""Publications from .bib and CSL-JSON files in real builds: sources, venues, co-authors, cache, watching."""

from __future__ import annotations

import json

from conftest import page, serve_watches, shared_or_skip

BIB = r"""@string{osdi = {USENIX OSDI}}

@inproceedings{cheng2025pipethreader,
  abbr={OSDI},
  title={{PipeThreader}: Software-Defined Pipelining for {DNN} Execution},
  author={Cheng, Yu and M{\"u}ller, J{\"u}rgen and Wang, Lei and Shi, Yining and others},
  booktitle=osdi # { '25},
  year={2025},
  month=jul,
  selected={true},
  pdf={pipethreader.pdf},
  code={https://github.com/tile-ai/tilelang},
  abstract={We pipeline <script>alert(1)</script> kernels in $O(n \log n)$ time.},
  bibtex_show={true}
}

@article{old2019,
  title={An Older Paper},
  author={Cheng, Yu},
  journal={Journal of Tests},
  year={2019}
}
"""
CSL = json.dumps(
    [
        {
            "id": "csl2024",
            "type": "article-journal",
            "title": "From Zotero",
            "author": [{"family": "Cheng", "given": "Yu"}],
            "container-title": "Zotero Journal",
            "issued": {"date-parts": [[2024, 3]]},
            "DOI": "10.1000/xyz",
        }
    ]
)


def site(build_site, front, body="", plugins=None, extra=None):
    pages = {
        "index.md": page(front, body),
        "papers.bib": BIB,
        "extra.json": CSL,
        "assets/pdf/pipethreader.pdf": "%PDF",
        **(extra or {}),
    }
    return build_site(pages, plugins=plugins or ["researcher"])


def titles(soup):
    return [t.get_text() for t in soup.select(".researcher-publication__title")]


def test_bib_json_and_yaml_entries_merge(build_site):
    front = {
        "profile": {"name": "Yu Cheng"},
        "publications": ["papers.bib", "extra.json", {"title": "Written in YAML", "year": 2023}],
    }
    result = site(build_site, front)
    assert result.researcher_warnings() == []
    soup = result.html()
    assert titles(soup) == [
        "PipeThreader: Software-Defined Pipelining for DNN Execution",
        "From Zotero",
        "Written in YAML",
        "An Older Paper",
    ]
    entry = soup.select_one("#pub-cheng2025pipethreader")
    assert [a.get_text() for a in entry.select(".researcher-author")][:2] == ["Yu Cheng", "Jürgen Müller"]
    assert entry.select_one(".researcher-publication__venue").get_text() == "USENIX OSDI '25, 2025"
    assert entry.select_one(".researcher-self").get_text() == "Yu Cheng"
    # .bib text is untrusted: never Markdown, and of HTML only the inline subset (a script goes, with its text);
    # math stays readable.
    abstract = entry.select_one(".researcher-abstract .researcher-toggle__content")
    assert abstract.select("script") == [] and "alert" not in abstract.get_text()
    assert "$O(n \\log n)$" in abstract.get_text()
    links = {a["data-kind"]: a["href"] for a in entry.select(".researcher-links a")}
    assert links["pdf"] == "assets/pdf/pipethreader.pdf"  # al-folio's place for relative pdf names
    assert links["code"] == "https://github.com/tile-ai/tilelang"
    bibtex = entry.select_one(".researcher-bibtex code").get_text()
    assert (
        bibtex.startswith("@inproceedings{cheng2025pipethreader,") and "abbr" not in bibtex and "selected" not in bibtex
    )
    assert "booktitle=osdi # { '25}," in bibtex  # the original text, not a re-serialisation


def test_plain_string_and_data_files_are_not_published(build_site):
    result = site(build_site, {"publications": "papers.bib"})
    assert len(result.html().select(".researcher-publication")) == 2
    assert not (result.site / "papers.bib").exists()
    assert (result.site / "extra.json").exists()  # not read by any page: an ordinary file of the site


def test_publish_data_copies_the_bib(build_site):
    result = site(build_site, {"publications": "papers.bib"}, plugins=[{"researcher": {"publish_data": True}}])
    assert (result.site / "papers.bib").exists()


def test_site_bibliography_serves_markers_on_any_page(build_site):
    pages = {
        "index.md": page({"profile": {"name": "Yu Cheng"}}, "<!-- researcher publications selected -->\n"),
        "publications.md": "# Publications\n\n<!-- researcher publications group_by=year heading=none -->\n",
        "papers.bib": BIB,
        "assets/pdf/pipethreader.pdf": "%PDF",
    }
    result = build_site(pages, plugins=[{"researcher": {"bibliography": ["docs/papers.bib"]}}], strict=True)
    assert result.error is None, result.warnings
    assert titles(result.html()) == ["PipeThreader: Software-Defined Pipelining for DNN Execution"]
    listing = result.html("publications/index.html")
    assert titles(listing) == ["PipeThreader: Software-Defined Pipelining for DNN Execution", "An Older Paper"]
    assert [h.get_text().strip() for h in listing.select(".researcher-publications h3")] == ["2025", "2019"]
    # A page without a profile highlights the site's owner (the home page's profile).
    assert {s.get_text() for s in listing.select(".researcher-self")} == {"Yu Cheng"}


def test_venue_colours_links_and_readable_badge_text(build_site, tmp_path):
    extra = {}
    result = None
    venues = (
        '"OSDI":\n  url: https://www.usenix.org/conference/osdi25\n  color: "#f5d76e"\n'
        '"SOSP":\n  color: "red;}body{x"\n'
    )
    pages = {
        "index.md": page({"publications": ["papers.bib"]}),
        "papers.bib": BIB,
        "assets/pdf/pipethreader.pdf": "%PDF",
        **extra,
    }
    root_venues = tmp_path / "venues.yml"
    root_venues.write_text(venues)
    result = build_site(pages, plugins=[{"researcher": {"venues": str(root_venues)}}])
    badge = result.html().select_one("#pub-cheng2025pipethreader .researcher-badge")
    assert badge["style"] == "--researcher-badge-color: #f5d76e; --researcher-badge-text: #000"
    assert badge.a["href"] == "https://www.usenix.org/conference/osdi25"
    [warning] = result.researcher_warnings()
    assert "SOSP.color: expected a CSS colour" in warning and warning.endswith("; it is ignored")


def test_coauthor_homepages_link(build_site, tmp_path):
    coauthors = tmp_path / "coauthors.yml"
    coauthors.write_text('"wang":\n  - firstname: ["Lei", "L."]\n    url: https://example.org/lei\n')
    pages = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": BIB}
    soup = build_site(pages, plugins=[{"researcher": {"coauthors": str(coauthors), "max_authors": 0}}]).html()
    links = {a.get_text(): a["href"] for a in soup.select(".researcher-author a")}
    assert links == {"Lei Wang": "https://example.org/lei"}


def test_problems_in_a_bib_name_the_file_line_and_key(build_site):
    broken = (
        BIB + "\n@article{broken2020,\n  title={Unbalanced {braces},\n  year={2020}\n\n"
        "@article{after2021,\n  title={Still here},\n  year={2021}\n}\n"
    )
    pages = {"index.md": page({"publications": ["papers.bib", "missing.bib", "notes.txt"]}), "papers.bib": broken}
    # The pdf is missing too: that message, raised while the page is rendered, names the entry's file, line and key.
    result = build_site(pages)
    warnings = result.researcher_warnings()
    assert any(w.startswith("researcher: docs/papers.bib:") and "broken2020" in w for w in warnings), warnings
    assert (
        "researcher: docs/index.md:4: publications[1]: the publications file 'docs/missing.bib' does not exist "
        "(paths are relative to this page's file)" in warnings
    )
    assert any("'notes.txt' is not a publication" in w for w in warnings)
    assert (
        "researcher: docs/papers.bib:3: cheng2025pipethreader.links.pdf: the file 'docs/assets/pdf/pipethreader.pdf' "
        "does not exist" in warnings
    )
    assert "Still here" in titles(result.html())


def test_seed_duplicate_keys_keep_both_entries(build_site):
    seed = shared_or_skip("seeds", "yu-cheng", "papers.bib")
    pages = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": seed.read_text(encoding="utf-8")}
    result = build_site(pages)
    soup = result.html()
    assert len(soup.select(".researcher-publication")) == 3
    ids = [e["id"] for e in soup.select(".researcher-publication")]
    assert "pub-zhao2023goldminer" in ids and "pub-zhao2023goldminer-2" in ids
    assert any("zhao2023goldminer" in w and "docs/papers.bib:" in w for w in result.researcher_warnings())


def test_cache_is_reused_by_a_new_build_and_keeps_the_warnings(build_site, tmp_path):
    cache = tmp_path / "cache"
    broken = BIB + "\n@article{nocomma2020\n  title={X},\n}\n"
    pages = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": broken}
    plugins = [{"researcher": {"cache_dir": str(cache)}}]
    first = build_site(pages, plugins=plugins)
    assert list(cache.glob("*.json"))
    second = build_site(pages, plugins=plugins)
    assert second.researcher_warnings() == first.researcher_warnings() != []
    assert titles(second.html()) == titles(first.html())


def test_bib_files_are_watched_by_serve(build_site):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    result = site(build_site, {"publications": ["papers.bib"]})
    config = load_config(str(result.site.parent / "mkdocs.yml"))
    build(config)
    assert serve_watches(config)[str((result.docs / "papers.bib").resolve())] is True


def test_serve_follows_a_counts_file_not_written_yet_through_its_folder_alone(build_site):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    result = build_site(
        {"index.md": page({"publications": ["papers.bib"]})}, plugins=[{"researcher": {"show_counts": True}}]
    )
    project = result.site.parent.resolve()
    config = load_config(str(project / "mkdocs.yml"))
    build(config)
    watched = serve_watches(config)
    # The watcher stops serve at a path that does not exist; below the project folder lie the cache and site/.
    assert str(project / "researcher-counts.yml") not in watched
    assert watched[str(project)] is False

    (project / "researcher-counts.yml").write_text("citations: {}\n")
    build(config)
    assert serve_watches(config)[str(project / "researcher-counts.yml")] is True


def test_refreshed_counts_are_shown_when_asked(build_site):
    front = {
        "projects": [{"name": "TileLang", "repo": "tile-ai/tilelang"}],
        "publications": [
            {"title": "T", "links": {"doi": "10.1145/ABC"}},
            {"title": "U", "links": {"arxiv": "2410.12345"}},
        ],
    }
    pages = {"index.md": page(front)}
    counts = "stars: {tile-ai/tilelang: 117}\ncitations: {10.1145/abc: 5, '2410.12345': 1}\nupdated: '2026-12-01'\n"
    result = build_site(pages, plugins=[{"researcher": {"show_counts": True}}])
    assert result.html().select_one(".researcher-stars") is None  # no counts file yet: nothing shown, no warning
    assert result.researcher_warnings() == []
    (result.site.parent / "researcher-counts.yml").write_text(counts)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    build(load_config(str(result.site.parent / "mkdocs.yml")))
    soup = result.html()
    assert soup.select_one(".researcher-stars").get_text() == "117"
    assert [c.get_text() for c in soup.select(".researcher-publication__cited")] == ["Cited by 5", "Cited by 1"]
