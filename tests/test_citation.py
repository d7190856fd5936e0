"""Citation metadata: Scholar meta tags, JSON-LD and BibTeX, from model objects."""

from __future__ import annotations

import json

import bibtexparser
import pytest
from bs4 import BeautifulSoup
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from mkdocs_researcher.model.names import ET_AL, parse_author
from mkdocs_researcher.model.records import Affiliation, Author, Link, Profile, Publication
from mkdocs_researcher.publish.citation import (
    article_jsonld,
    bibliography_for,
    bibtex_for,
    highwire_meta,
    jsonld_script,
    person_jsonld,
    render_meta_tags,
)

PAGE = "https://example.org/~qi/publications/"
SITE = "https://example.org/~qi/"


def paper(**kw) -> Publication:
    values = dict(
        title="Learning to Compile",
        key="qi2024learning",
        authors=[parse_author(n) for n in ("Chengxiang Qi", "齐呈祥", "Jürgen Müller")],
        venue="Journal of Machine Learning Research",
        year=2024,
        month=7,
        type="journal",
        links=[
            Link("pdf", "../files/paper.pdf", "PDF"),
            Link("doi", "https://doi.org/10.1145/3597503.3639187", "DOI"),
            Link("arxiv", "https://arxiv.org/abs/2410.12345", "arXiv"),
        ],
        abstract="We *learn* to compile.",
        tags=["compilers", "ML"],
    )
    values.update(kw)
    return Publication(**values)


def meta(pub: Publication, page_url=PAGE, site_url=SITE) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for name, content in highwire_meta(pub, page_url=page_url, site_url=site_url):
        tags.setdefault(name, []).append(content)
    return tags


# --- Highwire meta tags ----------------------------------------------------------------------


def test_meta_tags_for_a_journal_article():
    tags = meta(paper())
    assert tags == {
        "citation_title": ["Learning to Compile"],
        "citation_author": ["Qi, Chengxiang", "齐呈祥", "Müller, Jürgen"],
        "citation_publication_date": ["2024/07"],
        "citation_journal_title": ["Journal of Machine Learning Research"],
        "citation_doi": ["10.1145/3597503.3639187"],
        "citation_pdf_url": ["https://example.org/~qi/files/paper.pdf"],
        "citation_abstract_html_url": [PAGE],
        "citation_arxiv_id": ["2410.12345"],
    }


def test_meta_tags_come_in_a_stable_order():
    names = [name for name, _ in highwire_meta(paper(), page_url=PAGE, site_url=SITE)]
    assert names[:5] == [
        "citation_title",
        "citation_author",
        "citation_author",
        "citation_author",
        "citation_publication_date",
    ]
    assert names == [name for name, _ in highwire_meta(paper(), page_url=PAGE, site_url=SITE)]


def test_et_al_is_not_an_author_and_a_year_alone_is_a_date():
    tags = meta(paper(authors=[Author("Yu Cheng"), Author(ET_AL)], month=None))
    assert tags["citation_author"] == ["Yu Cheng"]
    assert tags["citation_publication_date"] == ["2024"]


@pytest.mark.parametrize(
    "kind, tag",
    [
        ("conference", "citation_conference_title"),
        ("workshop", "citation_conference_title"),
        ("thesis", "citation_dissertation_institution"),
        ("report", "citation_technical_report_institution"),
    ],
)
def test_venue_tag_follows_the_type(kind, tag):
    tags = meta(paper(type=kind, venue="Venue"))
    assert tags[tag] == ["Venue"]
    assert "citation_journal_title" not in tags


def test_preprint_has_no_venue_tag():
    tags = meta(paper(type="preprint", venue="arXiv preprint"))
    assert not any(name.endswith("_title") and name != "citation_title" for name in tags)


def test_volume_issue_pages_publisher_isbn_and_issn():
    tags = meta(paper(volume="25", issue="3", pages="12\u201325", publisher="JMLR", isbn="978-3-16", issn="1532-4435"))
    assert tags["citation_volume"] == ["25"]
    assert tags["citation_issue"] == ["3"]
    assert (tags["citation_firstpage"], tags["citation_lastpage"]) == (["12"], ["25"])
    assert tags["citation_publisher"] == ["JMLR"]
    assert (tags["citation_isbn"], tags["citation_issn"]) == (["978-3-16"], ["1532-4435"])
    assert meta(paper(type="report", issue="TR-7"))["citation_technical_report_number"] == ["TR-7"]
    single = meta(paper(pages="e1234"))
    assert single["citation_firstpage"] == ["e1234"] and "citation_lastpage" not in single


def test_pdf_url_is_left_out_when_it_cannot_be_made_absolute():
    tags = meta(paper(), page_url=None, site_url=None)
    assert "citation_pdf_url" not in tags and "citation_abstract_html_url" not in tags
    tags = meta(paper(links=[Link("pdf", "https://cdn.example.com/p.pdf", "PDF")]), page_url=None, site_url=None)
    assert tags["citation_pdf_url"] == ["https://cdn.example.com/p.pdf"]


def test_a_relative_page_url_is_resolved_against_the_site():
    tags = meta(paper(), page_url="publications/", site_url=SITE)
    assert tags["citation_abstract_html_url"] == [PAGE]
    assert tags["citation_pdf_url"] == ["https://example.org/~qi/files/paper.pdf"]


def test_bare_doi_link_percent_encoding_is_undone():
    tags = meta(paper(links=[Link("doi", "https://doi.org/10.1002/%28SICI%291097", "DOI")]))
    assert tags["citation_doi"] == ["10.1002/(SICI)1097"]


HOSTILE = 'Breaking "out" </script><script>alert(1)</script> & <!-- more'


def test_meta_content_cannot_break_out_of_its_attribute():
    pub = paper(title=HOSTILE, authors=[Author('Eve "Quote" <b>')])
    soup = BeautifulSoup(render_meta_tags(highwire_meta(pub, page_url=PAGE, site_url=SITE)), "html.parser")
    assert [tag.name for tag in soup.find_all(True)] == ["meta"] * len(highwire_meta(pub, page_url=PAGE, site_url=SITE))
    assert soup.find("meta", attrs={"name": "citation_title"})["content"] == HOSTILE
    assert soup.find("meta", attrs={"name": "citation_author"})["content"] == 'Eve "Quote" <b>'


# --- JSON-LD ---------------------------------------------------------------------------------


def script_data(script: str) -> dict:
    soup = BeautifulSoup(f"<html><head>{script}</head><body><p>after</p></body></html>", "html.parser")
    scripts = soup.find_all("script")
    assert len(scripts) == 1 and scripts[0]["type"] == "application/ld+json"
    assert soup.body.p.string == "after"
    return json.loads(scripts[0].string)


def test_title_cannot_close_the_jsonld_script():
    script = jsonld_script(article_jsonld(paper(title=HOSTILE), page_url=PAGE, site_url=SITE))
    assert "</script>" not in script[: -len("</script>")]
    assert "<" not in script[len('<script type="application/ld+json">') : -len("</script>")]
    data = script_data(script)
    assert data["headline"] == data["name"] == HOSTILE


def test_jsonld_script_keeps_unicode_and_line_separators_valid():
    data = {"name": "齐呈祥 Jürgen\u2028Müller", "a": 1}
    script = jsonld_script(data)
    assert "齐呈祥" in script and "\u2028" not in script
    assert script_data(script) == data
    assert script == jsonld_script(dict(reversed(list(data.items()))))  # key order does not matter


def test_article_jsonld():
    data = article_jsonld(paper(), page_url=PAGE, site_url=SITE)
    assert data == {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "headline": "Learning to Compile",
        "name": "Learning to Compile",
        "author": [
            {"@type": "Person", "name": "Chengxiang Qi"},
            {"@type": "Person", "name": "齐呈祥"},
            {"@type": "Person", "name": "Jürgen Müller"},
        ],
        "datePublished": "2024-07",
        "isPartOf": {"@type": "Periodical", "name": "Journal of Machine Learning Research"},
        "sameAs": ["https://doi.org/10.1145/3597503.3639187", "https://arxiv.org/abs/2410.12345"],
        "url": PAGE,
        "abstract": "We learn to compile.",
        "keywords": ["compilers", "ML"],
    }


def test_article_jsonld_venue_by_type():
    conference = article_jsonld(paper(type="conference", venue="ICSE 2024"), page_url=PAGE, site_url=SITE)
    assert conference["publication"] == {"@type": "PublicationEvent", "name": "ICSE 2024"}
    assert "isPartOf" not in conference
    thesis = article_jsonld(paper(type="thesis", venue="Peking University", month=None), page_url=PAGE, site_url=SITE)
    assert thesis["sourceOrganization"] == {"@type": "Organization", "name": "Peking University"}
    assert thesis["datePublished"] == "2024"
    publisher = article_jsonld(paper(publisher="ACM"), page_url=PAGE, site_url=SITE)
    assert publisher["publisher"] == {"@type": "Organization", "name": "ACM"}


def test_article_jsonld_volume_issue_and_pages():
    data = article_jsonld(
        paper(volume="25", issue="3", pages="12\u201325", issn="1532-4435"), page_url=PAGE, site_url=SITE
    )
    assert data["isPartOf"] == {
        "@type": "PublicationIssue",
        "issueNumber": "3",
        "isPartOf": {
            "@type": "PublicationVolume",
            "volumeNumber": "25",
            "isPartOf": {"@type": "Periodical", "name": "Journal of Machine Learning Research", "issn": "1532-4435"},
        },
    }
    assert (data["pageStart"], data["pageEnd"], data["pagination"]) == ("12", "25", "12\u201325")
    chapter = article_jsonld(paper(type="chapter", venue="A Book", isbn="978-3-16"), page_url=PAGE, site_url=SITE)
    assert chapter["isPartOf"] == {"@type": "Book", "name": "A Book", "isbn": "978-3-16"}


def test_abstract_from_a_bib_file_is_not_markdown():
    data = article_jsonld(paper(abstract="a *b* c", trusted=False), page_url=PAGE, site_url=SITE)
    assert data["abstract"] == "a *b* c"


def test_markdown_abstract_becomes_plain_text_without_script_content():
    data = article_jsonld(
        paper(abstract="One <script>alert(1)</script> **two**\n\nthree &amp; four"), page_url=PAGE, site_url=SITE
    )
    assert data["abstract"] == "One two three & four"


def profile(**kw) -> Profile:
    values = dict(
        name="Chengxiang Qi",
        native_name="齐呈祥",
        position="PhD student",
        affiliations=[Affiliation("Peking University", "https://www.pku.edu.cn/"), Affiliation("MSRA")],
        email="qi@example.org",
        interests=["Compilers"],
        links=[
            Link("github", "https://github.com/octocat", "GitHub"),
            Link("cv", "files/cv.pdf", "CV"),
            Link("email", "mailto:qi@example.org", "Email"),
            Link("orcid", "https://orcid.org/0000-0002-1825-0097", "ORCID"),
        ],
    )
    values.update(kw)
    return Profile(**values)


def test_person_jsonld():
    data = person_jsonld(profile(), page_url=SITE, site_url=SITE, image_url="images/me.jpg", obfuscate_email=True)
    assert data == {
        "@context": "https://schema.org",
        "@type": "Person",
        "name": "Chengxiang Qi",
        "alternateName": "齐呈祥",
        "image": "https://example.org/~qi/images/me.jpg",
        "jobTitle": "PhD student",
        "affiliation": [
            {"@type": "Organization", "name": "Peking University", "url": "https://www.pku.edu.cn/"},
            {"@type": "Organization", "name": "MSRA"},
        ],
        "knowsAbout": ["Compilers"],
        "sameAs": ["https://github.com/octocat", "https://orcid.org/0000-0002-1825-0097"],
        "url": SITE,
    }


def test_person_email_only_when_not_obfuscated():
    shown = person_jsonld(profile(), page_url=None, site_url=SITE, image_url=None, obfuscate_email=False)
    assert shown["email"] == "qi@example.org"
    assert shown["url"] == SITE  # the site is the page when no page URL is known
    hidden = person_jsonld(profile(), page_url=None, site_url=None, image_url="images/me.jpg", obfuscate_email=True)
    assert "email" not in hidden and "image" not in hidden and "url" not in hidden


# --- BibTeX ----------------------------------------------------------------------------------

# pylatexenc lacks the brace macros and prints \textasciicircum as a modifier letter; LaTeX prints "{", "}", "^".
_TEX = get_default_latex_context_db()
_TEX.add_context_category(
    "text-symbols",
    prepend=True,
    macros=[
        MacroTextSpec("textbraceleft", "{"),
        MacroTextSpec("textbraceright", "}"),
        MacroTextSpec("textasciicircum", "^"),
    ],
)
_DECODE = LatexNodes2Text(latex_context=_TEX, math_mode="verbatim")


def parsed(bibtex: str) -> dict[str, str]:
    """The fields of the one entry in ``bibtex`` as bibtexparser reads them, TeX decoded to text."""
    library = bibtexparser.parse_string(bibtex)
    assert not library.failed_blocks
    assert len(library.entries) == 1
    entry = library.entries[0]
    fields = {f.key: _DECODE.latex_to_text(f.value) for f in entry.fields if f.key not in ("url", "doi")}
    fields.update({f.key: f.value for f in entry.fields if f.key in ("url", "doi")})
    return {"ENTRYTYPE": entry.entry_type, "ID": entry.key, **fields}


def test_bibtex_from_a_bib_file_is_returned_unchanged():
    source = "@article{x,\n  title = {Kept   as \\emph{written}},\n}"
    assert bibtex_for(paper(bibtex=source)) == source


def test_generated_bibtex_for_a_journal_article():
    text = bibtex_for(paper(authors=[*paper().authors, Author(ET_AL)]))
    assert text == (
        "@article{qi2024learning,\n"
        "  author = {Qi, Chengxiang and 齐呈祥 and Müller, Jürgen and others},\n"
        "  title = {{Learning to Compile}},\n"
        "  journal = {Journal of Machine Learning Research},\n"
        "  year = {2024},\n"
        "  month = jul,\n"
        "  doi = {10.1145/3597503.3639187},\n"
        "  eprint = {2410.12345},\n"
        "  archivePrefix = {arXiv}\n"
        "}"
    )
    fields = parsed(text)
    assert fields["ENTRYTYPE"] == "article" and fields["ID"] == "qi2024learning"
    assert fields["title"] == "Learning to Compile"
    assert fields["author"] == "Qi, Chengxiang and 齐呈祥 and Müller, Jürgen and others"
    assert (fields["year"], fields["month"], fields["journal"]) == (
        "2024",
        "jul",
        "Journal of Machine Learning Research",
    )


@pytest.mark.parametrize(
    "title",
    [
        "Fast & Loose: 100% Coverage",
        "snake_case and $x^2$ cost #1",
        "Sets {a, b} and half {open",
        "Back\\slash ~tilde ^caret }close",
        "Ünïcödé 齐呈祥 — “quoted”",
    ],
)
def test_generated_bibtex_round_trips_special_characters(title):
    pub = paper(
        title=title,
        venue="Proc. R&D 50% _x_",
        type="conference",
        authors=[Author("A_B & C%", given="A_B", family="C%")],
    )
    fields = parsed(bibtex_for(pub))
    assert fields["ENTRYTYPE"] == "inproceedings"
    assert fields["title"] == title
    assert fields["booktitle"] == "Proc. R&D 50% _x_"
    assert fields["author"] == "C%, A_B"
    assert fields["year"] == "2024"


@pytest.mark.parametrize(
    "kind, venue, entry_type, venue_field",
    [
        ("conference", "ICSE", "inproceedings", "booktitle"),
        ("workshop", "MLSys Workshop", "inproceedings", "booktitle"),
        ("journal", "TOPLAS", "article", "journal"),
        ("preprint", "arXiv preprint", "misc", "howpublished"),
        ("thesis", "Peking University", "phdthesis", "school"),
        ("thesis", "Master's thesis, Peking University", "mastersthesis", "school"),
        ("book", "MIT Press", "book", "publisher"),
        ("chapter", "Handbook of Compilers", "incollection", "booktitle"),
        ("report", "Microsoft Research", "techreport", "institution"),
        ("patent", "US Patent 1,234,567", "patent", "howpublished"),
        ("other", "Blog", "misc", "howpublished"),
    ],
)
def test_entry_type_and_venue_field_follow_the_type(kind, venue, entry_type, venue_field):
    fields = parsed(bibtex_for(paper(type=kind, venue=venue)))
    assert fields["ENTRYTYPE"] == entry_type
    assert fields[venue_field] == venue


def test_bachelor_thesis_says_so_in_its_type_field():
    fields = parsed(bibtex_for(paper(type="thesis", venue="Bachelor's thesis, Peking University")))
    assert (fields["ENTRYTYPE"], fields["type"]) == ("mastersthesis", "Bachelor's thesis")


def test_preprint_without_arxiv_link_has_no_eprint():
    fields = parsed(bibtex_for(paper(type="preprint", links=[])))
    assert "eprint" not in fields and "archivePrefix" not in fields


def test_volume_pages_publisher_note_and_url_in_bibtex():
    pub = paper(
        links=[Link("html", "https://ex.org/a_b%20c?q={x}", "HTML")],
        note="Oral, top 5%",
        volume="25",
        issue="3",
        pages="12-25",
        publisher="ACM",
        isbn="978-3-16",
        editors=[parse_author("Ada Lovelace")],
    )
    text = bibtex_for(pub)
    assert "  pages = {12--25},\n" in text  # the en dash of TeX, whichever dash was written
    fields = parsed(text)
    assert (fields["volume"], fields["number"], fields["publisher"]) == ("25", "3", "ACM")
    assert (fields["isbn"], fields["editor"]) == ("978-3-16", "Lovelace, Ada")
    assert fields["note"] == "Oral, top 5%"
    assert fields["url"] == "https://ex.org/a_b%20c?q=%7Bx%7D"  # verbatim, except the braces BibTeX would count


def test_relative_links_are_not_a_bibtex_url():
    assert "url" not in parsed(bibtex_for(paper(links=[Link("pdf", "files/p.pdf", "PDF")])))


def test_missing_key_is_derived_and_unsafe_key_characters_dropped():
    assert parsed(bibtex_for(paper(key="")))["ID"] == "qi2024learning"
    assert parsed(bibtex_for(paper(key="qi 2024,{x}")))["ID"] == "qi2024x"


def test_bibliography_keeps_order_and_is_deterministic():
    pubs = [paper(key="b"), paper(key="a", bibtex="@misc{a,\n  title = {A}\n}\n")]
    text = bibliography_for(pubs)
    assert text == bibliography_for(pubs)
    library = bibtexparser.parse_string(text)
    assert [e.key for e in library.entries] == ["b", "a"]
    assert "\n\n@misc{a," in text


def test_bibtex_url_is_the_first_link_that_is_absolute():
    links = [Link("html", "paper/", "HTML"), Link("pdf", "https://cdn.example.com/p.pdf", "PDF")]
    assert parsed(bibtex_for(paper(links=links)))["url"] == "https://cdn.example.com/p.pdf"


def test_an_author_named_with_and_stays_one_author():
    fields = parsed(
        bibtex_for(paper(authors=[Author("Procter and Gamble"), Author("Yu Cheng", given="Yu", family="Cheng")]))
    )
    assert fields["author"] == "Procter and Gamble and Cheng, Yu"
    library = bibtexparser.parse_string(bibtex_for(paper(authors=[Author("Procter and Gamble")])))
    assert library.entries[0]["author"] == "{Procter and Gamble}"


def test_markdown_note_becomes_plain_text_in_bibtex():
    assert parsed(bibtex_for(paper(note="**Oral**, top 5%")))["note"] == "Oral, top 5%"
