"""``import-alfolio`` reads and copies only files inside the checkout.

Every test runs the command on a copy of the fixture checkout whose files point at a secret file
outside it (a ``..`` path, an absolute path, a symbolic link), then checks that the secret's text
is nowhere in the new site and that the report names what was refused and where it was written.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import bounded_call, needs_fork

from mkdocs_researcher.commands import cli
from mkdocs_researcher.commands.import_alfolio import importer

FIXTURE = Path(__file__).parents[1] / "fixtures" / "alfolio"
SECRET = "SECRET-FROM-OUTSIDE-THE-CHECKOUT"
REFUSED = "leads out of the checkout"

# What a secret file must look like for each reader to carry its text into the site.
SECRET_FILES = {
    "bib": f"@article{{secret2024,\n  title={{{SECRET}}},\n  author={{Doe, Jordan}},\n  year={{2024}},\n}}\n",
    "yml-mapping": f'"{SECRET}":\n  url: https://example.org/\n  color: "#000000"\n',
    "config": f"first_name: {SECRET}\n",
    "socials": f"github_username: {SECRET}\n",
    "cv": f"cv:\n  sections:\n    education:\n      - institution: {SECRET}\n        degree: PhD\n",
    "page": f"---\nlayout: about\ndate: 2024-01-01\ntitle: {SECRET}\n---\n\n{SECRET}\n",
    "resume": json.dumps({"work": [{"name": SECRET, "position": "Secret keeper"}]}),
    "bytes": f"%PDF-1.4 {SECRET}\n",
}


@pytest.fixture(autouse=True)
def no_trial_build(monkeypatch):
    """What is refused and copied is the import's doing; its trial build (a `mkdocs build` of the new site in a
    subprocess, into a temporary folder) reads only what the import wrote, and is checked in test_import_alfolio."""
    monkeypatch.setattr(importer, "trial_build", lambda run: None)


@pytest.fixture
def checkout(tmp_path) -> Path:
    """A writable copy of the fixture al-folio checkout."""
    source = tmp_path / "alfolio"
    shutil.copytree(FIXTURE, source)
    return source


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the checkout, holding one secret file of each kind."""
    folder = tmp_path / "outside"
    folder.mkdir()
    for kind, text in SECRET_FILES.items():
        (folder / f"secret-{kind}").write_text(text, encoding="utf-8")
    return folder


def run_import(capsys, source: Path, out: Path) -> str:
    code = cli.main(["import-alfolio", str(source), "--out", str(out)])
    report, err = capsys.readouterr()
    assert code == 0, err
    return report


def assert_no_secret_under(out: Path) -> None:
    """No file of the new site holds the secret's text, and the import made no links."""
    for folder, _, names in os.walk(out):
        for name in names:
            path = Path(folder) / name
            assert not path.is_symlink(), f"{path} is a link"
            assert SECRET.encode() not in path.read_bytes(), f"the secret was copied into {path}"


def refusals(report: str) -> list[str]:
    return [line for line in report.splitlines() if REFUSED in line]


def assert_refused(report: str, *names: str) -> None:
    """One line of the report names every one of names and says the path leads out of the checkout."""
    assert any(all(name in line for name in names) for line in refusals(report)), (names, report)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def link(path: Path, target: Path) -> None:
    """Replace path (a file or folder of the checkout) by a symbolic link to target."""
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


# --- Paths written in the checkout's files -----------------------------------------------------


def _root_relative(source: Path, target: Path) -> str:
    """'../../../../etc/passwd' for /etc/passwd: enough '..' to climb from source to / and down to target."""
    return "../" * len(source.resolve().parts) + target.as_posix().lstrip("/")


@pytest.mark.parametrize(
    "file, old, new, value, where",
    [
        ("_pages/about.md", "image: prof_pic.jpg", "image: {}", "{deep}", "_pages/about.md: profile.image"),
        (
            "_pages/about.md",
            "image: prof_pic.jpg",
            "image: {}",
            "../outside/secret-bytes",
            "_pages/about.md: profile.image",
        ),
        (
            "_pages/about.md",
            "{{ '/assets/pdf/cv.pdf' | relative_url }}",
            "/{}",
            "../outside/secret-bytes",
            "_pages/about.md",
        ),
        (
            "_projects/1_project.md",
            "img: assets/img/1.jpg",
            "img: {}",
            "../outside/secret-bytes",
            "_projects/1_project.md: img",
        ),
        (
            "_projects/1_project.md",
            'path="assets/img/1.jpg"',
            'path="{}"',
            "../outside/secret-bytes",
            "_projects/1_project.md",
        ),
        (
            "_data/socials.yml",
            "cv_pdf: /assets/pdf/cv.pdf",
            "cv_pdf: /{}",
            "../outside/secret-bytes",
            "_data/socials.yml: cv_pdf",
        ),
    ],
    ids=["photo-to-root", "photo", "link-in-text", "project-image", "figure", "cv-pdf"],
)
def test_a_path_climbing_out_of_the_checkout_is_refused(
    checkout, outside, tmp_path, capsys, file, old, new, value, where
):
    value = value.format(deep=_root_relative(checkout, outside / "secret-bytes"))
    edit(checkout / file, old, new.format(value))
    report = run_import(capsys, checkout, tmp_path / "site")
    assert_no_secret_under(tmp_path / "site")
    assert_refused(report, f"{where}: ", value)


@pytest.mark.parametrize(
    "scholar, written",
    [
        ("  source: /_bibliography/\n  bibliography: {absolute}\n", "{absolute}"),
        ("  source: /../outside/\n  bibliography: secret-bib\n", "../outside/secret-bib.bib"),
    ],
    ids=["absolute-bibliography", "source-climbing-out"],
)
def test_a_bibliography_named_outside_the_checkout_is_refused(checkout, outside, tmp_path, capsys, scholar, written):
    (outside / "secret-bib.bib").write_text(SECRET_FILES["bib"], encoding="utf-8")
    absolute = (outside / "secret-bib.bib").as_posix()
    edit(
        checkout / "_config.yml",
        "  source: /_bibliography/\n  bibliography: papers.bib\n",
        scholar.format(absolute=absolute),
    )
    report = run_import(capsys, checkout, tmp_path / "site")
    assert_no_secret_under(tmp_path / "site")
    assert not (tmp_path / "site" / "docs" / "papers.bib").exists()
    assert_refused(report, written.format(absolute=absolute), "_config.yml")


# --- Symbolic links ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "file, kind",
    [
        ("_bibliography/papers.bib", "bib"),
        ("_data/venues.yml", "yml-mapping"),
        ("_data/coauthors.yml", "yml-mapping"),
        ("_data/cv.yml", "cv"),
        ("_data/socials.yml", "socials"),
        ("_config.yml", "config"),
        ("_pages/about.md", "page"),
        ("_news/announcement_1.md", "page"),
        ("_projects/1_project.md", "page"),
        ("assets/img/prof_pic.jpg", "bytes"),
        ("assets/pdf/example_pdf.pdf", "bytes"),
        ("assets/json/resume.json", "resume"),
    ],
)
def test_a_file_linked_to_outside_the_checkout_is_refused(checkout, outside, tmp_path, capsys, file, kind):
    if file == "assets/json/resume.json":
        (checkout / "_data" / "cv.yml").unlink()  # the JSON resume is read only without cv.yml
    link(checkout / file, outside / f"secret-{kind}")
    report = run_import(capsys, checkout, tmp_path / "site")
    assert_no_secret_under(tmp_path / "site")
    assert_refused(report, file, str((outside / f"secret-{kind}").resolve()))


@pytest.mark.parametrize(
    "folder, name, kind",
    [
        ("assets/pdf", "example_pdf.pdf", "bytes"),
        ("assets/img", "prof_pic.jpg", "bytes"),
        ("_projects", "1_project.md", "page"),
        ("_data", "venues.yml", "yml-mapping"),
    ],
)
def test_a_folder_linked_to_outside_the_checkout_is_refused(checkout, outside, tmp_path, capsys, folder, name, kind):
    elsewhere = outside / "folder"
    elsewhere.mkdir()
    (elsewhere / name).write_text(SECRET_FILES[kind], encoding="utf-8")
    link(checkout / folder, elsewhere)
    report = run_import(capsys, checkout, tmp_path / "site")
    assert_no_secret_under(tmp_path / "site")
    assert_refused(report, folder, str(elsewhere.resolve()))


def test_links_inside_the_checkout_are_followed_and_a_link_out_beside_them_is_dropped(
    checkout, outside, tmp_path, capsys
):
    # The real files move to kept/; the places al-folio reads them from become links to them.
    kept = checkout / "kept"
    kept.mkdir()
    for file in (
        "_bibliography/papers.bib",
        "_data/venues.yml",
        "assets/img/prof_pic.jpg",
        "assets/pdf/example_pdf.pdf",
    ):
        shutil.move(checkout / file, kept / Path(file).name)
        (checkout / file).symlink_to(os.path.relpath(kept / Path(file).name, (checkout / file).parent))
    (checkout / "assets" / "pdf" / "slides").symlink_to(kept)  # a linked folder: not followed, though inside
    (checkout / "assets" / "pdf" / "leak.pdf").symlink_to(outside / "secret-bytes")
    out = tmp_path / "site"
    report = run_import(capsys, checkout, out)

    assert (out / "docs" / "papers.bib").read_bytes() == (kept / "papers.bib").read_bytes()
    assert (out / "venues.yml").read_bytes() == (kept / "venues.yml").read_bytes()
    assert (out / "docs" / "images" / "prof_pic.jpg").read_bytes() == (kept / "prof_pic.jpg").read_bytes()
    assert (out / "docs" / "assets" / "pdf" / "example_pdf.pdf").read_bytes() == (kept / "example_pdf.pdf").read_bytes()
    assert not (out / "docs" / "assets" / "pdf" / "slides").exists()
    assert "assets/pdf/slides: a link to a folder is not followed" in report
    assert not (out / "docs" / "assets" / "pdf" / "leak.pdf").exists()
    assert_no_secret_under(out)
    assert [line.split(":")[0].strip(" -") for line in refusals(report)] == ["assets/pdf/leak.pdf"]


def _import_and_list(source: Path, out: Path) -> tuple[int, list[str], str]:
    """The import's exit code, the files it wrote under docs/assets/pdf, and its report."""
    import contextlib
    import io

    report = io.StringIO()
    with contextlib.redirect_stdout(report), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["import-alfolio", str(source), "--out", str(out)])
    pdfs = out / "docs" / "assets" / "pdf"
    return code, sorted(p.relative_to(pdfs).as_posix() for p in pdfs.rglob("*")), report.getvalue()


@needs_fork
def test_links_to_folders_in_assets_pdf_are_not_followed_and_each_file_is_copied_once(checkout, tmp_path):
    pdfs = checkout / "assets" / "pdf"
    before = sorted(p.relative_to(pdfs).as_posix() for p in pdfs.rglob("*"))
    (pdfs / "loop-a").symlink_to(".")  # two ways back into the folder: followed, 2^depth copies
    (pdfs / "loop-b").symlink_to(".")
    (pdfs / "again.pdf").symlink_to("example_pdf.pdf")  # another name for a file that is copied
    code, copied, report = bounded_call(_import_and_list, checkout, tmp_path / "site", seconds=60)
    assert code == 0
    assert copied == before
    assert "assets/pdf/loop-a, assets/pdf/loop-b: a link to a folder is not followed" in report
    assert "assets/pdf/again.pdf: another name for docs/assets/pdf/example_pdf.pdf" in report
