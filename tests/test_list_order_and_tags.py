"""A publication list in the owner's order (sort=) and without its tags (show_tags), as a site builds them."""

from __future__ import annotations

from conftest import page

# Written in the order the owner wants them shown: OSDI'25 before ICLR'26, as on seed Yu Cheng's home page.
BIB = (
    "@inproceedings{osdi25, title={PipeThreader}, author={Cheng, Yu}, booktitle={OSDI}, year={2025},\n"
    "  keywords={compilers, pipelining}}\n"
    "@inproceedings{iclr26, title={TileLang}, author={Cheng, Yu}, booktitle={ICLR}, year={2026}, keywords={dsl}}\n"
    "@article{sosp24, title={Anchors Away}, author={Cheng, Yu}, journal={SOSP}, year={2024}}\n"
)


def _titles(soup) -> list[str]:
    return [title.get_text() for title in soup.select(".researcher-publication__title")]


def _tags(soup) -> list[str]:
    return [tag.get_text(strip=True) for tag in soup.select(".researcher-publication .researcher-tag")]


def test_sort_keeps_the_files_order_or_sorts_by_title_and_warns_on_an_unknown_order(build_site):
    markers = {
        "index.md": "<!-- researcher publications -->\n",
        "file.md": "<!-- researcher publications sort=file -->\n",
        "title.md": "<!-- researcher publications sort=title -->\n",
        "typo.md": "<!-- researcher publications sort=yaer -->\n",
    }
    result = build_site(
        {name: page({"publications": ["papers.bib"]}, body) for name, body in markers.items()} | {"papers.bib": BIB}
    )
    assert _titles(result.html()) == ["TileLang", "PipeThreader", "Anchors Away"]  # newest first by default
    assert _titles(result.html("file/index.html")) == ["PipeThreader", "TileLang", "Anchors Away"]
    assert _titles(result.html("title/index.html")) == ["Anchors Away", "PipeThreader", "TileLang"]
    assert _titles(result.html("typo/index.html")) == ["TileLang", "PipeThreader", "Anchors Away"]
    assert result.researcher_warnings() == [
        "researcher: docs/typo.md:6: researcher publications marker: sort should be one of year, file, title, not "
        "'yaer'; newest first instead"
    ]


def test_tags_hide_site_wide_and_a_marker_may_show_them_again(build_site):
    pages = {
        "index.md": page({"publications": ["papers.bib"]}, "<!-- researcher publications -->\n"),
        "tagged.md": page({"publications": ["papers.bib"]}, "<!-- researcher publications show_tags=true -->\n"),
        "papers.bib": BIB,
    }
    shown = build_site(pages)
    assert _tags(shown.html()) == ["dsl", "compilers", "pipelining"]
    hidden = build_site(pages, plugins=[{"researcher": {"show_tags": False, "publication_pages": True}}])
    assert _tags(hidden.html()) == [] and _titles(hidden.html()) == ["TileLang", "PipeThreader", "Anchors Away"]
    assert sorted(_tags(hidden.html("tagged/index.html"))) == ["compilers", "dsl", "pipelining"]
    # The entry's own page follows the site's option; the tags still select entries (tag=).
    assert not hidden.html("publications/osdi25/index.html").select(".researcher-tag")
    assert len(hidden.researcher_warnings()) == 1 and "site_url" in hidden.researcher_warnings()[0]
    bad = build_site(
        {
            "index.md": page({"publications": ["papers.bib"]}, "<!-- researcher publications show_tags=maybe -->\n"),
            "papers.bib": BIB,
        }
    )
    assert bad.researcher_warnings() == [
        "researcher: docs/index.md:6: researcher publications marker: show_tags should be true or false, not 'maybe'"
    ]
    assert len(_tags(bad.html())) == 3
