"""`mkdocs-researcher generate`: what spans pages written into docs/, for engines without plugins."""

from __future__ import annotations

import errno
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from bs4 import BeautifulSoup
from conftest import collecting_warnings, page

from mkdocs_researcher.commands.cli import main
from mkdocs_researcher.site.files import generated_before

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
    listed = [line.split(" ", 1)[1] for line in (docs / ".researcher-generated").read_text().splitlines()[1:]]
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


# The owner's own files of the names the home page's .bib, the feed and the résumé would take.
OWNERS_FILES = {
    "publications.bib": "@misc{mine, title={Kept by hand}, note={my own}}\n",
    "feed.xml": "<?xml version='1.0'?><rss version='2.0'><channel><title>My own feed</title></channel></rss>\n",
    "resume.json": '{"basics": {"name": "Written by hand"}}\n',
}


def _site_with_owners_files(tmp_path):
    root = _site(tmp_path)
    docs = root / "docs"
    (docs / "index.md").write_text(
        page(
            {"profile": {"name": "Chengxiang Qi"}, "publications": ["papers.bib"]}, "<!-- researcher publications -->\n"
        ),
        encoding="utf-8",
    )
    for name, text in OWNERS_FILES.items():
        (docs / name).write_text(text, encoding="utf-8")
    return root


def _warnings_naming(messages: list[str], name: str) -> list[str]:
    return [line for line in messages if line.removeprefix("researcher: ").startswith(f"docs/{name}: ")]


def test_generate_keeps_the_owners_files_of_the_names_it_would_write(tmp_path, capsys):
    root = _site_with_owners_files(tmp_path)
    docs = root / "docs"
    for _ in range(2):
        assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
        assert {name: (docs / name).read_text(encoding="utf-8") for name in OWNERS_FILES} == OWNERS_FILES
        errors = capsys.readouterr().err.splitlines()
        assert len(errors) == 3, errors
        for name, made in [
            ("publications.bib", "the publications of docs/index.md as one .bib"),
            ("feed.xml", "the Atom feed"),
            ("resume.json", "the JSON Resume"),
        ]:
            (warning,) = _warnings_naming(errors, name)
            assert f"{made} ({name}) would replace it" in warning
    assert not generated_before(docs) & OWNERS_FILES.keys()
    # The home page's publications as one .bib, under a name of their own.
    assert "@inproceedings{qi2024," in (docs / "publications-2.bib").read_text(encoding="utf-8")
    assert "publications-2.bib" in generated_before(docs)


def test_mkdocs_publishes_the_owners_files_not_what_the_plugin_would_make(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = _site_with_owners_files(tmp_path)
    with collecting_warnings() as messages:
        build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site")))
    site = root / "site"
    assert {name: (site / name).read_text(encoding="utf-8") for name in OWNERS_FILES} == OWNERS_FILES
    for name in OWNERS_FILES:
        assert len(_warnings_naming(messages, name)) == 1, messages
    home = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    download = home.select_one('.researcher-downloads a[data-kind="bib"]')["href"]
    assert download == "publications-2.bib"
    assert "@inproceedings{qi2024," in (site / download).read_text(encoding="utf-8")


def _files_of(docs: Path) -> set[str]:
    return {path.relative_to(docs).as_posix() for path in docs.rglob("*") if path.is_file()}


def test_generate_cut_short_leaves_nothing_the_next_run_takes_for_the_owners(tmp_path, monkeypatch, capsys):
    root = _site(tmp_path)
    docs = root / "docs"
    owners = _files_of(docs)
    config = ["generate", "-f", str(root / "mkdocs.yml")]
    write_text, write_bytes = Path.write_text, Path.write_bytes

    def disk_full_at(name):
        """Path writes that fill the disk halfway through the file ``name``, as a crash or a full disk would."""

        def write(path, data, *args, **kwargs):
            real = write_text if isinstance(data, str) else write_bytes
            if name in path.name:
                real(path, data[: len(data) // 2], *args, **kwargs)
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(path, data, *args, **kwargs)

        return write

    def cut_short_then_rerun(name):
        with monkeypatch.context() as patched:
            patched.setattr(Path, "write_text", disk_full_at(name))
            patched.setattr(Path, "write_bytes", disk_full_at(name))
            assert main(config) == 2
        capsys.readouterr()
        assert main(config) == 0
        assert capsys.readouterr().err == ""  # no publication moved to a -2 name, nothing else to warn about
        assert _files_of(docs) == owners | generated_before(docs) | {".researcher-generated"}

    cut_short_then_rerun("qi2023.md")
    assert {"publications/qi2023.md", "publications/qi2024.md"} <= generated_before(docs)
    # A later run cut short, when the papers have changed: what the previous run wrote and this one no longer
    # makes is cleaned up too.
    (docs / "papers.bib").write_text(BIB.replace("qi2023", "qi2022").replace("2023", "2022"), encoding="utf-8")
    cut_short_then_rerun("qi2024.md")
    assert {"publications/qi2022.md", "publications/qi2024.md"} <= generated_before(docs)
    assert not (docs / "publications" / "qi2023.md").exists()


def test_generate_keeps_a_file_it_wrote_once_the_owner_has_edited_it(tmp_path, capsys):
    root = _site(tmp_path)
    docs = root / "docs"
    config = ["generate", "-f", str(root / "mkdocs.yml")]
    assert main(config) == 0
    edited = {}
    for name in ("publications/qi2023.md", "publications/qi2024.md"):
        edited[name] = (docs / name).read_text(encoding="utf-8") + "\nMy own notes.\n"
        (docs / name).write_text(edited[name], encoding="utf-8")
    # qi2023 is no longer shown: its page is not made again, and the edited one stays.
    (docs / "papers.bib").write_text(BIB.split("@article")[0], encoding="utf-8")
    capsys.readouterr()
    for _ in range(2):
        assert main(config) == 0
        assert {name: (docs / name).read_text(encoding="utf-8") for name in edited} == edited
        assert not generated_before(docs) & edited.keys()
        # qi2024's page is still made, beside the owner's file that now has its name.
        (warning,) = capsys.readouterr().err.splitlines()
        assert "docs/publications/qi2024.md" in warning and "publications/qi2024-2" in warning


def test_the_scaffolds_gitignore_keeps_out_of_git_only_what_generate_writes_for_it(tmp_path, capsys):
    root = tmp_path / "homepage"
    assert main(["new", str(root)]) == 0
    assert main(["generate", "-f", str(root / "mkdocs.yml")]) == 0
    ignored = [line for line in (root / ".gitignore").read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert {line for line in ignored if line.startswith("docs/")} == {
        f"docs/{name}" for name in generated_before(root / "docs")
    }
