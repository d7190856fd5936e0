"""Inline HTML, math and preview images in .bib and CSL-JSON entries, as al-folio's users write them."""

from __future__ import annotations

import json

import pytest
from conftest import page

ALFOLIO_BIB = r"""@inproceedings{cheng2025fast,
  title = {The <em>Fast</em> Way <script>alert(1)</script>for List<String> where a<b},
  author = {Cheng, Yu and Wang, Lei},
  booktitle = {Proceedings of <b>OSDI</b>},
  year = {2025},
  award = {Oral <strong>(top 1.8%)</strong>},
  additional_info = {. Also in <span style="color:red" onclick="x()">the workshop</span> <img src=x onerror=alert(2)>},
  note = {Code: <a href="https://github.com/x/fast" onclick="x()">GitHub</a>, <a href="javascript:alert(3)">bad</a>},
  abstract = {First paragraph.<br><br>Second one, A & B.},
  preview = {fast.png},
  selected = {true}
}

@article{plain2024,
  title = {A & B: plain text stays <plain>},
  author = {Cheng, Yu},
  journal = {Journal of Things},
  year = {2024}
}
"""


def entry(soup, key: str):
    return soup.select_one(f"#pub-{key}")


def test_the_inline_subset_shows_as_html_and_everything_else_is_stripped(build_site):
    result = build_site({"index.md": page({"publications": ["papers.bib"]}), "papers.bib": ALFOLIO_BIB})
    soup = result.html()
    fast = entry(soup, "cheng2025fast")
    title = fast.select_one(".researcher-publication__title a")
    assert [em.get_text() for em in title.select("em")] == ["Fast"]
    # A "<" that opens no HTML element is text; a script goes with its text.
    assert " ".join(title.get_text().split()) == "The Fast Way for List<String> where a<b"
    assert fast.select_one(".researcher-publication__venue em b").get_text() == "OSDI"
    award = fast.select_one(".researcher-publication__award strong")
    assert award.get_text() == "(top 1.8%)"
    note = fast.select_one(".researcher-publication__note")
    links = note.select("a")
    assert [(a.get("href"), a.get("rel"), a.get("onclick")) for a in links] == [
        ("https://github.com/x/fast", ["noopener", "noreferrer"], None),
        (None, ["noopener", "noreferrer"], None),  # a javascript: href is dropped, its text kept
    ]
    span = note.select_one("span")
    assert span.get_text() == "the workshop" and span.attrs == {}
    abstract = fast.select_one(".researcher-abstract .researcher-toggle__content p")
    assert len(abstract.select("br")) == 2 and abstract.get_text() == "First paragraph.Second one, A & B."
    # Nothing a browser would run reaches the page.
    assert not [s for s in soup.find_all("script") if "alert" in s.get_text()]
    assert soup.find(attrs={"onerror": True}) is None and soup.find(attrs={"onclick": True}) is None
    assert soup.find("img", src="x") is None
    # Text without tags is escaped as before, "<" and "&" included.
    plain = entry(soup, "plain2024").select_one(".researcher-publication__title a")
    assert plain.get_text() == "A & B: plain text stays <plain>" and plain.find("plain") is None


def test_plain_forms_carry_the_text_without_tags(build_site):
    pages = {
        "index.md": page({"profile": {"name": "Yu Cheng"}, "publications": ["papers.bib"]}),
        "papers.bib": ALFOLIO_BIB,
        "assets/img/publication_preview/fast.png": b"\x89PNG\r\n\x1a\n",
    }
    plugin = {"researcher": {"publication_pages": True, "feed": True, "json_resume": True}}
    result = build_site(pages, plugins=[plugin], site_url="https://example.org/")
    assert result.error is None, result.warnings
    own = result.html("publications/cheng2025fast/index.html")
    meta = {tag["name"]: tag["content"] for tag in own.select("meta[name^=citation_]")}
    assert meta["citation_title"] == "The Fast Way for List<String> where a<b"
    assert meta["citation_conference_title"] == "Proceedings of OSDI"
    ld = json.loads(own.select_one('script[type="application/ld+json"]').get_text())
    ld = ld[0] if isinstance(ld, list) else ld
    assert ld["headline"] == "The Fast Way for List<String> where a<b"
    assert ld["abstract"] == "First paragraph. Second one, A & B."
    # The page shows the same HTML and preview as the list; its BibTeX is the source as written.
    assert own.select_one(".researcher-publication-page__abstract br") is not None
    preview = own.select_one(".researcher-publication__preview img")
    assert preview["src"] == "https://example.org/assets/img/publication_preview/fast.png"
    assert "title = {The <em>Fast</em> Way" in own.select_one(".researcher-bibtex code").get_text()
    feed = result.text("feed.xml")
    assert "<title>The Fast Way for List&lt;String&gt; where a&lt;b</title>" in feed and "<em>" not in feed
    resume = json.loads(result.text("resume.json"))
    assert {pub["name"] for pub in resume["publications"]} >= {"The Fast Way for List<String> where a<b"}
    assert " ".join(own.select_one("title").get_text().split()).startswith("The Fast Way for List<String> where a<b")


def test_csl_rich_text_is_kept_in_titles_and_venues(build_site):
    csl = json.dumps(
        [
            {
                "id": "coli",
                "type": "article-journal",
                "title": 'Growth of <i>E. coli</i> in H<sub>2</sub>O, <span class="nocase">iPhone</span> data',
                "container-title": "<i>Nature</i>",
                "publisher": "<b>Springer</b>",
                "issued": {"date-parts": [[2023]]},
            }
        ]
    )
    soup = build_site({"index.md": page({"publications": ["refs.json"]}), "refs.json": csl}).html()
    title = entry(soup, "coli").select_one(".researcher-publication__title a")
    assert [i.get_text() for i in title.select("i")] == ["E. coli"] and title.select_one("sub").get_text() == "2"
    assert title.get_text() == "Growth of E. coli in H2O, iPhone data"
    assert entry(soup, "coli").select_one(".researcher-publication__venue em i").get_text() == "Nature"
    # Other fields lose CSL's tags, as before.
    assert "Springer" in entry(soup, "coli").select_one(".researcher-publication__details").get_text()


def test_the_cache_round_trips_the_html(build_site, tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    first = build_site({"index.md": page({"publications": ["papers.bib"]}, "One"), "papers.bib": ALFOLIO_BIB})
    root = first.site.parent
    assert list((root / ".cache" / "researcher").glob("*.json")), "the parsed .bib was not cached"
    # Another page text: the page is rendered again, from the .bib's cached entries.
    (first.docs / "index.md").write_text(page({"publications": ["papers.bib"]}, "Two"), encoding="utf-8")
    build(load_config(str(root / "mkdocs.yml")))
    again = first.html()
    assert "Two" in again.get_text()
    fast = entry(again, "cheng2025fast")
    assert fast.select_one(".researcher-publication__award strong").get_text() == "(top 1.8%)"
    assert fast.select_one(".researcher-publication__title em").get_text() == "Fast"


MATH_BIB = r"""@article{math2024,
  title = {Sorting in $O(n \log n)$ with $a<b$ for <em>all</em> $k$},
  author = {Cheng, Yu},
  journal = {J},
  year = {2024},
  abstract = {We show $x^2 \geq 0$. It costs $5 and $6 to run.}
}
"""


@pytest.mark.parametrize(
    "config, written",
    [
        ({"generic": True}, "generic"),
        ({}, "script"),
        ({"generic": True, "tex_inline_wrap": ["$", "$"]}, "dollars"),
    ],
)
def test_math_is_marked_up_as_the_sites_arithmatex_writes_it(build_site, config, written):
    pages = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": MATH_BIB}
    soup = build_site(pages, markdown_extensions=[{"pymdownx.arithmatex": config}]).html()
    pub = entry(soup, "math2024")
    title = pub.select_one(".researcher-publication__title a")
    spans = title.select("span.arithmatex")
    assert title.select_one("em").get_text() == "all"
    if written == "generic":
        assert [s.get_text() for s in spans] == ["\\(O(n \\log n)\\)", "\\(a<b\\)", "\\(k\\)"]
    elif written == "dollars":
        assert [s.get_text() for s in spans] == ["$O(n \\log n)$", "$a<b$", "$k$"]
    else:
        assert [s.select_one('script[type="math/tex"]').get_text() for s in spans] == ["O(n \\log n)", "a&lt;b", "k"]
        assert spans[0].select_one("span.MathJax_Preview").get_text() == "O(n \\log n)"
    abstract = pub.select(".researcher-abstract span.arithmatex")
    assert len(abstract) == 1 and "x^2 \\geq 0" in abstract[0].get_text()  # "$5 and $6" is no math, as in Markdown
    assert "$5 and $6" in pub.select_one(".researcher-abstract").get_text()


def test_without_arithmatex_math_stays_as_written(build_site):
    pages = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": MATH_BIB}
    soup = build_site(pages).html()
    title = entry(soup, "math2024").select_one(".researcher-publication__title a")
    assert title.select("span.arithmatex") == []
    assert title.get_text() == "Sorting in $O(n \\log n)$ with $a<b$ for all $k$"


def test_front_matter_titles_get_math_too(build_site):
    front = {"publications": [{"title": "Bounds on $\\epsilon$-nets", "year": 2020, "abstract": "For $x$."}]}
    soup = build_site(
        {"index.md": page(front)}, markdown_extensions=[{"pymdownx.arithmatex": {"generic": True}}]
    ).html()
    pub = soup.select_one(".researcher-publication")
    assert pub.select_one(".researcher-publication__title span.arithmatex").get_text() == "\\(\\epsilon\\)"
    assert pub.select_one(".researcher-abstract span.arithmatex").get_text() == "\\(x\\)"


PREVIEW_BIB = r"""@article{local2024,
  title = {Local preview},
  journal = {J},
  year = {2024},
  preview = {fast.png}
}

@article{web2024,
  title = {Web preview},
  journal = {J},
  year = {2024},
  preview = {https://example.org/thumb.jpg}
}

@article{missing2024,
  title = {Missing preview},
  journal = {J},
  year = {2024},
  preview = {missing.png}
}

@article{script2024,
  title = {Script preview},
  journal = {J},
  year = {2024},
  preview = {javascript:alert(1)}
}
"""


def test_previews_are_lazy_thumbnails_resolved_like_al_folio(build_site):
    pages = {
        "pubs/index.md": page({"publications": ["../papers.bib"]}),
        "papers.bib": PREVIEW_BIB,
        "assets/img/publication_preview/fast.png": b"\x89PNG\r\n\x1a\n",
    }
    result = build_site(pages)
    soup = result.html("pubs/index.html")
    images = {
        li["id"]: li.select_one(".researcher-publication__preview img") for li in soup.select(".researcher-publication")
    }
    local, web = images["pub-local2024"], images["pub-web2024"]
    assert local["src"] == "../assets/img/publication_preview/fast.png"
    assert (local["loading"], local["alt"]) == ("lazy", "Local preview")
    assert web["src"] == "https://example.org/thumb.jpg" and web["alt"] == "Web preview"
    assert images["pub-missing2024"] is None and images["pub-script2024"] is None
    assert "researcher-publication--preview" in soup.select_one("#pub-local2024")["class"]
    assert "researcher-publication--preview" not in soup.select_one("#pub-missing2024")["class"]
    assert result.researcher_warnings() == [
        "researcher: docs/papers.bib:26: script2024.preview: 'javascript:alert(1)' is not an http(s) or relative "
        "URL; no image is shown",
        # Where it was looked for: beside assets_dir, not relative to the page (pubs/) nor to papers.bib.
        "researcher: docs/papers.bib:15: missing2024.preview: the file "
        "'docs/assets/img/publication_preview/missing.png' does not exist",
    ]


def test_previews_follow_assets_dir(build_site):
    pages = {
        "index.md": page({"publications": ["papers.bib"]}),
        "papers.bib": "@article{k, title = {T}, year = 2024, preview = {shots/k.webp}}\n",
        "files/img/publication_preview/shots/k.webp": b"RIFF",
    }
    result = build_site(pages, plugins=[{"researcher": {"assets_dir": "files/pdf/"}}])
    assert result.html().select_one("#pub-k .researcher-publication__preview img")["src"] == (
        "files/img/publication_preview/shots/k.webp"
    )
    assert result.researcher_warnings() == []


def test_front_matter_entries_take_an_image(build_site):
    front = {"publications": [{"title": "Pictured", "year": 2021, "image": "images/p.png"}]}
    result = build_site({"index.md": page(front), "images/p.png": b"\x89PNG\r\n\x1a\n"})
    img = result.html().select_one(".researcher-publication__preview img")
    assert (img["src"], img["alt"], img["loading"]) == ("images/p.png", "Pictured", "lazy")
    assert result.researcher_warnings() == []
