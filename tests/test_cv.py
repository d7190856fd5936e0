"""A CV from the model: the cv marker's page, cv.pdf (WeasyPrint), cv.yaml (RenderCV's format), resume.json."""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import logging

import pytest
import yaml
from conftest import page, rebuild

from mkdocs_researcher.publish import pdf

PUBLICATIONS = [
    {
        "title": "PipeThreader: Software-Defined Pipelining",
        "key": "cheng2025pipethreader",
        "authors": ["Yu Cheng", "Jürgen Müller", "齐呈祥", "Ann Lee", "Bo Park"],
        "venue": "OSDI '25",
        "year": 2025,
        "type": "conference",
        "abstract": "We *pipeline* kernels.",
        "links": {"pdf": "https://example.org/p.pdf", "code": "https://github.com/x/y"},
    },
    {"title": "Ladder: Low-Precision Kernels", "key": "wang2024ladder", "authors": ["Lei Wang", "Yu Cheng"],
     "venue": "OSDI '24", "year": 2024, "type": "conference"},
    {"title": "Scaling Deep Learning", "key": "liu2024scaling", "authors": ["Yiqi Liu", "Yu Cheng"],
     "venue": "SOSP '24", "year": 2024, "type": "journal", "volume": "12", "pages": "1-20"},
]  # fmt: skip
HOME = {
    "profile": {
        "name": "Yu Cheng",
        "native_name": "程羽",
        "position": "PhD student",
        "affiliations": ["Peking University"],
        "email": "yu@example.org",
        "links": {"github": "yucheng", "scholar": "AbCdEfGAAAAJ"},
    },
    "education": [
        {"degree": "PhD in Computer Science", "institution": "Peking University", "start": "2022-09", "end": "present"},
        {"degree": "B.S. in Computer Science", "institution": "Peking University", "start": "2018", "end": "2022"},
    ],
    "experience": [
        {"organization": "MSRA", "role": "Research intern", "start": "2022-04", "end": "present",
         "details": ["Built **TileLang**."]},
        {"organization": "Alibaba", "role": "Research intern", "start": "2020-10", "end": "2021-07"},
    ],
    "awards": [{"title": "Best Paper", "awarder": "OSDI", "date": "2025-07"}],
    "skills": [{"name": "Languages", "items": ["Python", "C++", "Rust"]}],
    "publications": PUBLICATIONS,
}  # fmt: skip
CV_PAGE = page({"title": "CV"}, "<!-- researcher cv -->\n")


def build(build_site, pages=None, **options):
    files = {"index.md": page(HOME, "Hello.\n"), "cv.md": CV_PAGE, **(pages or {})}
    return build_site(files, plugins=[{"researcher": options}], site_url="https://example.org/")


def headings(cv) -> list[str]:
    return [h.get_text(" ", strip=True).removesuffix(" ¶") for h in cv.find_all(["h2", "h3"])]


def test_cv_page_shows_the_owners_whole_cv(build_site):
    result = build(build_site, json_resume=True)
    assert result.error is None and result.researcher_warnings() == []
    cv = result.html("cv/index.html").select_one("div.researcher-section.researcher-cv")
    header = cv.select_one(".researcher-cv__header")
    assert header.select_one("h1").get_text(" ", strip=True) == "Yu Cheng 程羽"
    assert "PhD student" in header.get_text() and "Peking University" in header.get_text()
    contact = [li.get_text(" ", strip=True) for li in header.select(".researcher-cv__contact li")]
    assert "GitHub: github.com/yucheng" in contact  # each link written out
    assert header.select_one(".researcher-email__address")  # the address as text, in pieces (obfuscated)
    assert not header.select(".researcher-cv__download")  # no PDF made: no link to one
    # The sections with entries, in the default order; a group heading per publication type.
    assert headings(cv) == ["Education", "Experience", "Publications", "Conference", "Journal", "Awards", "Skills"]
    sections = {}
    for heading in cv.find_all("h2"):
        lists = []
        for sibling in heading.find_next_siblings():
            if sibling.name == "h2":
                break
            lists.extend([sibling] if sibling.name == "ol" else sibling.select("ol"))
        sections[heading.get_text(strip=True).removesuffix("¶")] = lists
    counts = {name: [len(ol.find_all("li", recursive=False)) for ol in lists] for name, lists in sections.items()}
    assert counts == {"Education": [2], "Experience": [2], "Publications": [2, 1], "Awards": [1], "Skills": [1]}
    titles = [p.get_text(strip=True) for p in cv.select(".researcher-cv__publication .researcher-cv__title")]
    assert titles == [PUBLICATIONS[0]["title"], PUBLICATIONS[1]["title"], PUBLICATIONS[2]["title"]]
    # Every author (none behind "and N more"), the owner highlighted; no buttons, toggles or copy actions.
    first = cv.select_one(".researcher-cv__publication .researcher-cv__authors")
    assert [a.get_text() for a in first.select(".researcher-author")] == PUBLICATIONS[0]["authors"]
    assert [a.get_text() for a in cv.select(".researcher-cv__publications .researcher-self")] == ["Yu Cheng"] * 3
    assert not cv.select("details, button, .researcher-action, .researcher-badge")
    # The venue as the lists show it: a journal article's volume and pages, then the year.
    venues = [p.get_text() for p in cv.select(".researcher-cv__publication .researcher-cv__venue")]
    assert venues[2] == "SOSP '24, vol. 12, pp. 1–20, 2024" and venues[0].endswith(", 2025")
    # Newest first within a section, as on the home page; experience details as Markdown.
    experience = [p.get_text() for p in sections["Experience"][0].select(".researcher-cv__title")]
    assert experience == ["MSRA", "Alibaba"]
    assert sections["Experience"][0].select_one(".researcher-cv__details strong").get_text() == "TileLang"
    # resume.json is the same CV.
    resume = json.loads((result.site / "resume.json").read_text(encoding="utf-8"))
    assert [work["name"] for work in resume["work"]] == experience
    assert [pub["name"] for pub in resume["publications"]] == titles


def test_order_from_the_marker_and_the_option(build_site):
    result = build(
        build_site,
        {"cv.md": page({"title": "CV"}, "<!-- researcher cv order=skills,publications,nonsense -->\n")},
        cv_sections=["awards", "education", "talks"],
    )
    assert headings(result.html("cv/index.html").select_one(".researcher-cv")) == [
        "Skills", "Publications", "Conference", "Journal",
    ]  # fmt: skip
    assert result.researcher_warnings() == [
        "researcher: docs/cv.md:5: researcher cv marker: order: unknown section 'nonsense'"
    ]
    result = build(build_site, cv_sections=["awards", "education", "talks", "hobbies"])
    assert headings(result.html("cv/index.html").select_one(".researcher-cv")) == ["Awards", "Education"]
    assert any("cv_sections: unknown section 'hobbies'" in w for w in result.warnings), result.warnings


LAB_BIB = r"""@inproceedings{a2024, title={Paper by Both}, author={Cheng, Yu and Qi, Chengxiang}, booktitle={SOSP},
  year={2024}}
@article{b2023, title={Paper by Qi}, author={Liu, Siran and Qi, Chengxiang}, journal={TOCS}, year={2023},
  award={<i>Best</i> Paper <script>x</script>}}
@article{c2022, title={Paper by Yu Alone}, author={Cheng, Yu}, journal={JACM}, year={2022}}
"""
QI = """profile:
  name: {en: Chengxiang Qi, zh: 齐呈祥}
  native_name: {en: 齐呈祥, zh: Chengxiang Qi}
education:
  - degree: {en: Master of Engineering, zh: 工学硕士}
    institution: {en: UCAS, zh: 中国科学院大学}
    start: 2023-09
"""


def test_a_lab_members_cv_from_their_file_and_their_papers(build_site):
    files = {
        "people/qi.yml": QI,
        "lab.bib": LAB_BIB,
        "index.md": page(HOME, "<!-- researcher publications -->\n"),
        "qi-cv.md": page({"profile": "qi"}, "<!-- researcher cv -->\n"),
    }
    options = {"people": "docs/people", "bibliography": ["docs/lab.bib"]}
    result = build_site(files, plugins=[{"researcher": options}])
    assert result.error is None and result.researcher_warnings() == []
    cv = result.html("qi-cv/index.html").select_one(".researcher-cv")
    assert cv.select_one(".researcher-cv__name").get_text(" ", strip=True) == "Chengxiang Qi 齐呈祥"
    assert headings(cv) == ["Education", "Publications", "Conference", "Journal"]
    assert [p.get_text() for p in cv.select(".researcher-cv__entries .researcher-cv__title")] == [
        "Master of Engineering"
    ]
    titles = [p.get_text() for p in cv.select(".researcher-cv__publication .researcher-cv__title")]
    assert titles == ["Paper by Both", "Paper by Qi"]  # his own papers of the shared bibliography
    assert [a.get_text() for a in cv.select(".researcher-self")] == ["Chengxiang Qi", "Chengxiang Qi"]
    # An award written with inline HTML shows it, sanitized, as the lists do.
    award = cv.select(".researcher-cv__publication .researcher-cv__venue")[1]
    assert award.get_text().strip() == "TOCS, 2023 · Best Paper" and award.select_one("i").get_text() == "Best"
    assert not award.select("script")


def test_cv_yaml_is_valid_rendercv_input(build_site):
    rendercv_data = pytest.importorskip("rendercv.data", reason="rendercv is in the test extra")
    result = build(build_site, cv_rendercv=True, cv_paper="letter", obfuscate_email=False)
    document = yaml.safe_load((result.site / "cv" / "cv.yaml").read_text(encoding="utf-8"))
    model = rendercv_data.validate_input_dictionary_and_return_the_data_model(document)
    assert model.cv.name == "Yu Cheng" and str(model.cv.email) == "yu@example.org"
    assert model.design.page.size == "us-letter"
    assert [(s.title, len(s.entries)) for s in model.cv.sections] == [
        ("Education", 2), ("Experience", 2), ("Publications", 3), ("Awards", 1), ("Skills", 1),
    ]  # fmt: skip
    publications = model.cv.sections[2].entries
    assert [entry.title for entry in publications] == [pub["title"] for pub in PUBLICATIONS]
    assert publications[0].authors[0] == "**Yu Cheng**"
    assert {(n.network, n.username) for n in model.cv.social_networks} == {
        ("GitHub", "yucheng"), ("Google Scholar", "AbCdEfGAAAAJ"),
    }  # fmt: skip


@pytest.fixture
def weasyprint_tried_again():
    """``pdf.unavailable`` tries the import once a process: the test's own try, then the real one again."""
    pdf.unavailable.cache_clear()
    yield
    pdf.unavailable.cache_clear()


@pytest.mark.parametrize(
    ("failure", "said"),
    [
        (ModuleNotFoundError("No module named 'weasyprint'", name="weasyprint"), ['not installed: pip install "mkdo']),
        # Installed without its system libraries: found, then cffi cannot open Pango.
        (
            OSError("cannot load library 'libpango-1.0-0': No such file"),
            ["system libraries (Pango)", "(cannot load library 'libpango-1.0-0'", "doc.courtbouillon.org/weasyprint"],
        ),
    ],
)
def test_without_a_weasyprint_that_loads_one_warning_and_the_page_builds(
    build_site, monkeypatch, weasyprint_tried_again, failure, said
):
    tries = []
    real_import = builtins.__import__

    def failing_import(name, *args, **kwargs):
        if name == "weasyprint":
            tries.append(name)
            raise failure
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", failing_import)
    pages = {"zh-cv.md": CV_PAGE, "other/cv.md": CV_PAGE}
    result = build(build_site, pages, cv_pdf=True, cache=False)
    assert result.error is None
    [warning] = result.researcher_warnings()
    assert warning.startswith("researcher: mkdocs.yml: cv_pdf: true needs WeasyPrint")
    assert warning.endswith("; no cv.pdf is made") and all(piece in warning for piece in said), warning
    assert tries == ["weasyprint"]  # once for the build's three CV pages
    assert result.html("cv/index.html").select_one(".researcher-cv .researcher-cv__name")
    assert not result.html("cv/index.html").select(".researcher-cv__download")
    assert not (result.site / "cv" / "cv.pdf").exists()


def test_a_cv_page_made_while_weasyprint_could_not_load_gets_its_pdf_once_it_loads(build_site, monkeypatch):
    monkeypatch.setattr(pdf, "unavailable", lambda: "cv_pdf: true needs WeasyPrint's system libraries; no cv.pdf")
    result = build(build_site, cv_pdf=True)
    assert not result.html("cv/index.html").select(".researcher-cv__download")
    # Pango installed since: the same WeasyPrint, whose version the page's key holds, now loads.
    monkeypatch.setattr(pdf, "unavailable", lambda: None)
    monkeypatch.setattr(pdf, "typeset", lambda document: b"%PDF-1.7 typeset")
    _, warnings = rebuild(result)
    assert not warnings
    assert result.html("cv/index.html").select_one(".researcher-cv__download a")["href"] == "cv.pdf"
    assert (result.site / "cv" / "cv.pdf").read_bytes() == b"%PDF-1.7 typeset"


def test_cv_pdf_is_typeset_once_and_again_when_the_cv_changes(build_site, monkeypatch):
    typeset: list[str] = []

    def counting_typeset(document: str) -> bytes:
        typeset.append(document)
        return b"%PDF-1.7 " + hashlib.sha256(document.encode("utf-8")).hexdigest().encode("ascii")

    loads: list[bool] = []  # each import of WeasyPrint (half a second) a build asks for
    monkeypatch.setattr(pdf, "typeset", counting_typeset)
    monkeypatch.setattr(pdf, "available", lambda: loads.append(True) or True)  # WeasyPrint loads
    result = build(build_site, cv_pdf=True)
    made = (result.site / "cv" / "cv.pdf").read_bytes()
    assert len(typeset) == 1 and made.startswith(b"%PDF-") and loads
    loads.clear()
    rebuild(result)  # a new process: the page and the PDF come from the cache folder, and WeasyPrint is not loaded
    assert len(typeset) == 1 and (result.site / "cv" / "cv.pdf").read_bytes() == made
    assert not loads
    assert result.html("cv/index.html").select_one(".researcher-cv__download a")["href"] == "cv.pdf"
    [kept] = (result.site.parent / ".cache" / "researcher" / "pdf").glob("*.json")
    # A cache file whose PDF is not the one it was written as is a miss, and is typeset again.
    head, text = kept.read_bytes().split(b"\n", 1)
    kept.write_bytes(head + b"\n" + text[:20] + (b"A" if text[20:21] != b"A" else b"B") + text[21:])
    _, warnings = rebuild(result)
    assert len(typeset) == 2 and (result.site / "cv" / "cv.pdf").read_bytes() == made
    assert len(warnings) == 1 and "ignored 1 unreadable cache file" in warnings[0]
    # An edit of the CV's data gives a new PDF.
    home = {**HOME, "awards": [*HOME["awards"], {"title": "Test of Time Award", "awarder": "SOSP", "date": "2026"}]}
    (result.docs / "index.md").write_text(page(home, "Hello.\n"), encoding="utf-8")
    rebuild(result)
    assert len(typeset) == 3 and "Test of Time Award" in typeset[-1]
    assert (result.site / "cv" / "cv.pdf").read_bytes() not in (made, b"")
    assert [kept] == list(kept.parent.glob("*.json"))  # one file for the one cv.pdf, replaced


def test_a_file_of_the_sites_own_named_cv_pdf_is_kept(build_site):
    own = b"%PDF-1.4 the owner's own CV"
    result = build(build_site, {"cv/cv.pdf": own}, cv_pdf=True)
    assert (result.site / "cv" / "cv.pdf").read_bytes() == own
    link = result.html("cv/index.html").select_one(".researcher-cv__download a")
    assert link["href"] == "cv.pdf"  # theirs, linked


# cv.pdf through WeasyPrint ------------------------------------------------------------------------------------


def pdf_text(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.slow
def test_cv_pdf_holds_the_cv_in_order_and_is_byte_identical(build_site, caplog):
    pytest.importorskip("weasyprint", reason="the pdf extra")
    pytest.importorskip("pypdf")
    result = build(build_site, cv_pdf=True, cache=False)
    assert result.error is None and result.researcher_warnings() == []
    data = (result.site / "cv" / "cv.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    text = "\n".join(pdf_text(data))
    wanted = ["Yu Cheng 程羽", "Education", "Experience", "Publications", "Conference"]
    wanted += [PUBLICATIONS[0]["title"], PUBLICATIONS[1]["title"], "Journal", PUBLICATIONS[2]["title"]]
    wanted += ["Awards", "Best Paper", "Skills"]
    positions = [text.find(piece) for piece in wanted]
    assert -1 not in positions, [w for w, p in zip(wanted, positions, strict=True) if p == -1]
    assert positions == sorted(positions)
    assert "Jürgen Müller" in text and "Download PDF" not in text  # the link is the page's, not the paper's
    link = result.html("cv/index.html").select_one(".researcher-cv__download a")
    assert link["href"] == "cv.pdf" and link.has_attr("download")
    # The same input, the same bytes: no date in the PDF.
    again = build(build_site, cv_pdf=True, cache=False)
    assert (again.site / "cv" / "cv.pdf").read_bytes() == data
    assert b"CreationDate" not in data and b"ModDate" not in data


@pytest.mark.slow
def test_zensical_generate_writes_cv_pdf(tmp_path):
    pytest.importorskip("weasyprint", reason="the pdf extra")
    pytest.importorskip("zensical")
    from browser_support import zensical_site

    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text(page(HOME, "Hello.\n"), encoding="utf-8")
    (project / "docs" / "cv.md").write_text(CV_PAGE, encoding="utf-8")
    config = {
        "site_name": "Test",
        "site_url": "https://example.org/",
        "theme": {"name": "material"},
        "markdown_extensions": [{"mkdocs_researcher": {"cv_pdf": True, "cv_rendercv": True}}],
        "extra_css": ["assets/researcher/researcher.css"],
    }
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    with zensical_site(project) as site:
        assert "Yu Cheng 程羽" in "\n".join(pdf_text((site / "cv" / "cv.pdf").read_bytes()))
        assert yaml.safe_load((site / "cv" / "cv.yaml").read_text(encoding="utf-8"))["cv"]["name"] == "Yu Cheng"
        from bs4 import BeautifulSoup

        soup = BeautifulSoup((site / "cv" / "index.html").read_text(encoding="utf-8"), "html.parser")
        href = soup.select_one(".researcher-section.researcher-cv .researcher-cv__download a")["href"]
        assert (site / "cv" / href).resolve() == (site / "cv" / "cv.pdf").resolve()


# The example site's CV pages in Chromium: printed, and as Chromium prints them to PDF -------------------------------

CV_PAGES = ["cv/", "chengxiang-qi-cv/"]


def _pieces(entry, selector: str) -> tuple[str, str]:
    """The first words of an entry's title and the last words of the entry, without spaces (printed text breaks
    lines, HTML breaks words at its tags)."""
    title = entry.select_one(selector).get_text(" ", strip=True).split()
    words = (entry.select_one(".researcher-cv__what") or entry).get_text(" ", strip=True).split()
    return "".join(title[:3]), "".join(words[-3:])


def _page_of(offset: int, starts: list[int]) -> int:
    return max(number for number, start in enumerate(starts) if start <= offset)


@pytest.mark.slow
def test_example_cv_pages_print_as_the_cv_alone_with_no_entry_split_across_pages():
    pytest.importorskip("pypdf")
    from browser_support import built_site, chromium_available, launch_chromium, require, serve
    from bs4 import BeautifulSoup
    from conftest import EXAMPLE_SITE

    require(chromium_available(), "Chromium is not installed")
    with built_site(EXAMPLE_SITE) as site, serve(site) as base_url, launch_chromium() as browser:
        for path in [*CV_PAGES, "zh/cv/", "zh/chengxiang-qi-cv/"]:
            assert (site / path / "cv.pdf").read_bytes().startswith(b"%PDF-"), path  # cv_pdf: true on the example
        for path in CV_PAGES:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(base_url + path, wait_until="networkidle")
            page.emulate_media(media="print")
            for chrome in (".md-header", ".md-tabs", ".md-search", ".md-sidebar--primary", ".md-footer"):
                assert page.locator(chrome).first.is_hidden(), (path, chrome)
            assert page.locator(".researcher-cv__download").is_hidden()  # a link to the PDF, on paper
            assert page.locator(".researcher-cv .researcher-cv__entry").first.is_visible()
            printed = page.pdf(prefer_css_page_size=True)
            soup = BeautifulSoup(page.content(), "html.parser")
            page.close()
            texts = ["".join(text.split()) for text in pdf_text(printed)]
            assert len(texts) > 1, path  # long enough that entries meet page breaks
            joined, starts = "", []
            for text in texts:
                starts.append(len(joined))
                joined += text

            cursor = 0
            entries = soup.select(".researcher-cv .researcher-cv__entry")
            assert len(entries) > 10
            for entry in entries:
                first, last = _pieces(entry, ".researcher-cv__title")
                begins = joined.find(first, cursor)
                ends = joined.find(last, begins)
                assert begins != -1 and ends != -1, (path, first, last)
                assert _page_of(begins, starts) == _page_of(ends, starts), (path, first, last)
                cursor = ends


def test_a_cv_of_no_one_says_so(build_site):
    result = build_site({"index.md": "# Home\n", "cv.md": CV_PAGE})
    assert result.error is None
    assert result.researcher_warnings() == [
        "researcher: docs/cv.md:5: researcher cv marker: no profile to show a CV of: this page has none, nor has "
        "the home page"
    ]
    assert not result.html("cv/index.html").select(".researcher-cv")


@pytest.mark.slow
def test_cv_pdf_fetches_no_file_its_document_names(tmp_path):
    """The document comes back from the page cache, which is data: a file it names (an attachment, an image, a
    stylesheet) must not end up inside the published PDF."""
    pytest.importorskip("weasyprint", reason="the pdf extra")
    pypdf = pytest.importorskip("pypdf")
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    css = tmp_path / "style.css"
    css.write_text("p { color: red }", encoding="utf-8")
    uri, css_uri = secret.as_uri(), css.as_uri()
    document = pdf.document(
        f'<p>CV</p><a rel="attachment" href="{uri}">notes</a><link rel="attachment" href="{uri}">'
        f'<img src="{uri}"><link rel="stylesheet" href="{css_uri}"><p style="background: url({uri})">x</p>',
        title="CV",
        language="en",
        stylesheet="",
    )
    reader = pypdf.PdfReader(io.BytesIO(pdf.typeset(document)))
    assert dict(reader.attachments) == {}
    assert "CV" in reader.pages[0].extract_text()


HOSTILE_BIB = r"""@inproceedings{evil2024,
  title = {Evil [click](javascript:alert(1)) **bold** $$#read("/etc/passwd")$$},
  author = {Yu Cheng and <b onmouseover=alert(2)>Mallory</b> and [x](a") #read("/etc/passwd") (")},
  booktitle = {Conf [v](javascript:alert(3))},
  year = {2024},
}
"""


def test_cv_yaml_shows_a_bib_files_markup_as_text_in_rendercvs_designs(build_site):
    """RenderCV reads its strings as Markdown, with Typst math and (in its HTML) tags: a .bib's text must give no
    link, no code and no tag, and show as written."""
    templater = pytest.importorskip("rendercv.renderer.templater", reason="rendercv is in the test extra")
    markdown = pytest.importorskip("markdown")
    files = {"index.md": page({"profile": {"name": "Yu Cheng"}, "publications": ["pubs.bib"]}, "Hi.\n")}
    files |= {"cv.md": CV_PAGE, "pubs.bib": HOSTILE_BIB}
    result = build_site(files, plugins=[{"researcher": {"cv_rendercv": True}}], site_url="https://example.org/")
    document = yaml.safe_load((result.site / "cv" / "cv.yaml").read_text(encoding="utf-8"))
    (entry,) = document["cv"]["sections"]["Publications"]
    texts = [entry["title"], entry["journal"], *entry["authors"]]
    for text in texts[:2] + texts[3:]:  # all but the owner's name, in bold
        typst = templater.markdown_to_typst(templater.escape_typst_characters(text))
        assert "#link(" not in typst and "#read(" not in typst, typst
        html = markdown.markdown(text)
        assert "<b" not in html and "<a" not in html and "<strong>" not in html, html
    shown = [text.replace("\u2060", "").replace("\\*", "*") for text in texts]
    assert shown[0] == 'Evil [click](javascript:alert(1)) **bold** $$#read("/etc/passwd")$$'
    assert shown[2:] == ["**Yu Cheng**", "<b onmouseover=alert(2)>Mallory</b>", '[x](a") #read("/etc/passwd") (")']
    assert "#strong[Yu Cheng]" in templater.markdown_to_typst(entry["authors"][0])  # the owner still in bold
