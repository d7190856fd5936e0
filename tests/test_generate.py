"""`mkdocs-researcher generate`: what spans pages written into docs/, for engines without plugins."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from bs4 import BeautifulSoup
from conftest import page

from mkdocs_researcher.commands.cli import main

BIB = (
    "@inproceedings{qi2024, title={Ranking Homepages}, author={Qi, Chengxiang and Doe, Jane}, booktitle={NeurIPS},"
    " year={2024}}\n@article{qi2023, title={Older Work}, author={Qi, Chengxiang}, journal={J}, year={2023}}\n"
)


def _site(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        page({"profile": {"name": "Chengxiang Qi"}, "news": [{"date": "2024-05-01", "text": "Paper accepted."}]}),
        encoding="utf-8",
    )
    (docs / "publications.md").write_text(
        page({"publications": ["papers.bib"]}, "# Publications\n\n<!-- researcher publications -->\n"),
        encoding="utf-8",
    )
    (docs / "papers.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Qi\nsite_url: https://qi.example/\nplugins:\n  - researcher\n"
        "markdown_extensions:\n  - mkdocs_researcher:\n      publication_pages: true\n      feed: true\n"
        "      json_resume: true\n",
        encoding="utf-8",
    )
    return tmp_path


def test_generate_writes_what_spans_pages_and_replaces_it_on_the_next_run(tmp_path, capsys):
    root = _site(tmp_path)
    docs = root / "docs"
    assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
    listed = [line for line in (docs / ".researcher-generated").read_text().splitlines() if not line.startswith("#")]
    assert listed == [
        "assets/researcher/researcher.css",
        "assets/researcher/researcher.js",
        "feed.xml",
        "publications/publications.bib",
        "publications/qi2023.bib",
        "publications/qi2023.md",
        "publications/qi2024.bib",
        "publications/qi2024.md",
        "resume.json",
    ]
    assert ET.fromstring((docs / "feed.xml").read_text()).tag == "{http://www.w3.org/2005/Atom}feed"
    assert json.loads((docs / "resume.json").read_text())["basics"]["name"] == "Chengxiang Qi"
    first = {name: (docs / name).read_bytes() for name in listed}
    # A second run takes its own files for output, not for pages of the site: the same names, the same bytes.
    assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
    assert {name: (docs / name).read_bytes() for name in listed} == first
    assert capsys.readouterr().err == ""


def test_mkdocs_builds_a_generated_docs_folder_as_it_builds_a_clean_one(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = _site(tmp_path)
    build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "clean")))
    assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
    build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "after"), strict=True))
    for name in ("publications/qi2024/index.html", "publications/index.html", "feed.xml"):
        assert (root / "after" / name).is_file(), name
    assert not (root / "after" / "publications" / "qi2024-2").exists()
    entries = BeautifulSoup((root / "after" / "publications" / "index.html").read_text(), "html.parser")
    assert len(entries.select(".researcher-publication")) == 2


def test_generate_deletes_nothing_outside_docs_whatever_its_list_says(tmp_path):
    root = _site(tmp_path)
    outside = tmp_path / "precious.txt"
    outside.write_text("keep", encoding="utf-8")
    (root / "docs" / ".researcher-generated").write_text("../precious.txt\n/etc/hostname\nfeed.xml\n", encoding="utf-8")
    assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
    assert outside.read_text(encoding="utf-8") == "keep"
