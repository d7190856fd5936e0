"""A long publication list keeps its BibTeX in one file beside the page: each entry links to it, and script makes the
link a toggle whose panel fetches the entry when opened (inline, BibTeX was two fifths of each entry's HTML). A short
list keeps it inline; its copy buttons, which work only with script, come with script."""

from __future__ import annotations

import pytest
from browser_support import built_site, serve
from conftest import page
from test_render_cache import rebuild

from mkdocs_researcher.site.pages import BIBTEX_FILE_FROM


def bib(count: int, prefix: str = "paper") -> str:
    return "\n".join(
        f"@inproceedings{{{prefix}{n},\n  title = {{Paper number {n}}},\n  author = {{Lovelace, Ada}},\n"
        f"  booktitle = {{Proceedings {n}}},\n  year = {{{2000 + n % 20}}}\n}}\n"
        for n in range(count)
    )


def entries_of(path) -> list[str]:
    return path.read_text(encoding="utf-8").strip().split("\n\n")


def test_a_long_list_fetches_its_bibtex_from_one_file_and_a_short_one_keeps_it(build_site):
    long, short = BIBTEX_FILE_FROM, BIBTEX_FILE_FROM - 1
    result = build_site(
        {
            "index.md": page({"publications": "long.bib"}, "# Long\n"),
            "short.md": page({"publications": "short.bib"}, "# Short\n"),
            "long.bib": bib(long),
            "short.bib": bib(short, "short"),
        }
    )
    assert result.error is None, result.warnings
    soup = result.html()
    assert not soup.select(".researcher-publication .researcher-bibtex, .researcher-publication code")
    entries = entries_of(result.site / "bibtex.bib")
    assert len(entries) == long
    for entry in soup.select(".researcher-publication"):
        link = entry.select_one(".researcher-publication__actions a[data-researcher-bibtex]")
        file, number = link["data-researcher-bibtex"].split("#")
        key = entry["id"].removeprefix("pub-")
        assert entries[int(number)].startswith(f"@inproceedings{{{key},")
        # Without script, the link opens the file.
        assert file == link["href"] == "bibtex.bib" and link.get_text() == "BibTeX"
    # One template per list for script to make toggles and copy buttons of; search indexes none of it.
    (template,) = soup.select("template[data-researcher-bibtex-panel]")
    assert template.has_attr("data-search-exclude")
    assert [b["data-researcher-copy"] for b in template.select("button")] == ["bibtex", "citation"]
    short_soup = result.html("short/index.html")
    inline = short_soup.select(".researcher-publication .researcher-bibtex code")
    assert len(inline) == short and all(code.get_text().startswith("@inproceedings{short") for code in inline)
    assert not short_soup.select(".researcher-publication button")  # made by script, from the template
    assert not (result.site / "short" / "bibtex.bib").exists()


def test_two_long_lists_on_a_page_share_the_file_and_a_cached_page_writes_it_again(build_site):
    markers = (
        "# Papers\n\n<!-- researcher publications type=conference -->\n\n"
        "<!-- researcher publications type=journal -->\n"
    )
    journals = bib(BIBTEX_FILE_FROM, "journal").replace("@inproceedings", "@article").replace("booktitle", "journal")
    pages = {"index.md": page({"publications": ["a.bib", "b.bib"]}, markers)}
    result = build_site({**pages, "a.bib": bib(BIBTEX_FILE_FROM), "b.bib": journals})
    entries = entries_of(result.site / "bibtex.bib")
    assert len(entries) == 2 * BIBTEX_FILE_FROM
    refs = [link["data-researcher-bibtex"] for link in result.html().select("a[data-researcher-bibtex]")]
    numbers = sorted(int(ref.split("#")[1]) for ref in refs)
    assert numbers == list(range(2 * BIBTEX_FILE_FROM))
    first = (result.site / "bibtex.bib").read_bytes()
    (result.site / "bibtex.bib").unlink()
    rebuild(result)  # the page comes from the render cache, and its file with it
    assert (result.site / "bibtex.bib").read_bytes() == first


@pytest.mark.slow  # Chromium
def test_opening_the_toggle_shows_the_entrys_bibtex_and_copy_copies_it(browser, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(page({"publications": "long.bib"}, "# Long\n"), encoding="utf-8")
    (docs / "long.bib").write_text(bib(BIBTEX_FILE_FROM), encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Long\ntheme: {name: material, font: false}\nplugins: [researcher]\n", encoding="utf-8"
    )
    with built_site(tmp_path) as site, serve(site) as url:
        tab = browser.new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
        tab.goto(url, wait_until="networkidle")
        entry = tab.locator(".researcher-publication").nth(5)
        key = entry.get_attribute("id").removeprefix("pub-")
        entry.locator("a[data-researcher-bibtex]").click()
        code = entry.locator(".researcher-bibtex code")
        code.wait_for(state="visible")
        assert code.inner_text().startswith(f"@inproceedings{{{key},")
        assert tab.url.rstrip("/") == url.rstrip("/")  # the page stayed; the link became the toggle
        summary = entry.locator("details.researcher-bibtex > summary")
        assert summary.evaluate("element => element === document.activeElement")
        entry.locator("button[data-researcher-copy=bibtex]").click()
        assert tab.evaluate("navigator.clipboard.readText()").startswith(f"@inproceedings{{{key},")
        entry.locator("button[data-researcher-copy=citation]").click()
        n = int(key.removeprefix("paper"))
        assert tab.evaluate("navigator.clipboard.readText()") == (
            f"Ada Lovelace. Paper number {n}. Proceedings {n}, {2000 + n % 20}."
        )
        summary.click()  # closes, as a toggle does
        code.wait_for(state="hidden")
        assert entry.locator("a[download]").get_attribute("href") == "bibtex.bib"


def test_each_language_has_its_file_beside_its_page(build_site):
    languages = [
        {"locale": "en", "default": True, "name": "English", "build": True},
        {"locale": "zh", "name": "中文", "build": True},
    ]
    index = page({"publications": "long.bib"}, "# Long\n")
    result = build_site(
        {"index.md": index, "index.zh.md": index, "long.bib": bib(BIBTEX_FILE_FROM)},
        plugins=[{"i18n": {"docs_structure": "suffix", "languages": languages}}, "researcher"],
    )
    assert result.error is None, result.warnings
    for folder in ("", "zh/"):
        link = result.html(folder + "index.html").select_one("a[data-researcher-bibtex]")
        file, number = link["data-researcher-bibtex"].split("#")
        entries = entries_of(result.site / folder / file)
        assert file == "bibtex.bib" and entries[int(number)].startswith("@inproceedings{paper")
