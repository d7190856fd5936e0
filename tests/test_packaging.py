"""The README's first command works in a fresh venv; the wheel alone builds the example site; so does ProperDocs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from urllib.request import urlopen

import pytest
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, REPO
from serve_support import free_port, serving_command

pytestmark = pytest.mark.slow  # fresh venvs, wheels and subprocess builds


def run(*args, **kwargs):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run([str(a) for a in args], check=True, capture_output=True, text=True, env=env, **kwargs)


def sections(site, page="index.html"):
    soup = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser")
    return [" ".join(s["class"][:2]) for s in soup.select("article .researcher-section")], len(
        soup.select(".researcher-item")
    )


def readme_commands() -> list[str]:
    """The README's set-up commands: the ``sh`` blocks before its first section."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    before_first_section = text.split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", before_first_section)


def clean_clone(target):
    """The repository as a fresh clone has it: the files git tracks (and those not yet added), nothing built."""
    listed = run("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", cwd=REPO).stdout
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory):
    root = tmp_path_factory.mktemp("fresh")
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    return root, env_dir


def test_the_readme_first_command_serves_the_example_site_in_a_fresh_venv(fresh_venv):
    root, env_dir = fresh_venv
    first, second = readme_commands()
    assert second == 'pip install -e ".[test]" && pytest'
    # The example site whole: its CV pages' cv.pdf (cv_pdf: true) needs the pdf extra.
    assert first == 'pip install -e ".[pdf]" && mkdocs serve -f example_site/mkdocs.yml'
    clone = clean_clone(root / "clone")
    # As a newcomer runs it, on a free port of 127.0.0.1 rather than 8000, which another program may hold.
    command = ["bash", "-c", f"{first} -a 127.0.0.1:{free_port()}"]
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(env_dir)}
    env.pop("PYTHONPATH", None)
    with serving_command(command, clone, root / "readme-serve.log", env) as server:
        home = server.page_when("", lambda soup: soup.select_one(".researcher-profile") is not None, "the profile")
        assert len(home.select(".researcher-item")) > 10
        paper = server.page_when("publications/", lambda soup: bool(soup.select(".researcher-publication")), "papers")
        assert paper.select_one(".researcher-publication__title")
        cv = server.page_when("cv/", lambda soup: soup.select_one(".researcher-cv") is not None, "the CV")
        link = cv.select_one(".researcher-cv__download a")
        assert link is not None, "no link to cv.pdf: WeasyPrint missing from the README's first command?"
        with urlopen(f"{server.url}cv/{link['href']}", timeout=30) as answer:
            assert answer.read(5) == b"%PDF-"


@pytest.fixture(scope="module")
def wheel_venv(fresh_venv):
    """The same venv with the wheel, and its pdf extra (the example site makes cv.pdf), in place of the editable
    install."""
    root, env_dir = fresh_venv
    try:
        run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", root / "dist", cwd=REPO)
    except subprocess.CalledProcessError as error:
        pytest.fail(f"building the wheel failed:\n{error.stdout}\n{error.stderr}")
    [wheel] = (root / "dist").glob("*.whl")
    python = env_dir / "bin" / "python"
    # Its dependencies and the pdf extra's, when the README's test did not run.
    run(python, "-m", "pip", "install", "--quiet", f"{wheel}[pdf]")
    run(python, "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", wheel)
    # Nothing of the source checkout may leak in: the package must come from site-packages.
    where = run(python, "-c", "import mkdocs_researcher, sys; print(mkdocs_researcher.__file__)", cwd=root).stdout
    assert str(REPO) not in where and "site-packages" in where
    return root, env_dir


def test_wheel_builds_the_example_site_strict_with_its_css(wheel_venv):
    root, env_dir = wheel_venv
    site = root / "site-mkdocs"
    run(env_dir / "bin" / "mkdocs", "build", "--strict", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", site, cwd=root)
    css = site / "assets" / "researcher" / "researcher.css"
    assert css.is_file() and css.stat().st_size > 5000
    assert (site / "cv" / "cv.pdf").read_bytes().startswith(b"%PDF-")
    found, count = sections(site)
    assert "researcher-section researcher-profile" in found and "researcher-section researcher-publications" in found
    assert count > 10


def test_properdocs_builds_the_same_sections(wheel_venv):
    root, env_dir = wheel_venv
    run(env_dir / "bin" / "python", "-m", "pip", "install", "--quiet", "properdocs")
    reference = root / "site-mkdocs-ref"
    run(env_dir / "bin" / "mkdocs", "build", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", reference, cwd=root)
    proper = root / "site-properdocs"
    run(env_dir / "bin" / "properdocs", "build", "--strict", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", proper, cwd=root)
    for page in ("index.html", "chengxiang-qi/index.html", "zh/chengxiang-qi/index.html"):
        assert sections(proper, page) == sections(reference, page), page


def test_a_site_made_by_the_wheel_installs_that_wheel_in_its_workflow(wheel_venv):
    """No release is on the package index yet: the new site's requirements.txt names the wheel, copied beside it."""
    root, env_dir = wheel_venv
    site = root / "new-site"
    run(env_dir / "bin" / "mkdocs-researcher", "new", site, "--name", "Wheel User", cwd=root)
    [requirement] = [
        line for line in (site / "requirements.txt").read_text(encoding="utf-8").splitlines() if line[:1] != "#"
    ]
    [wheel] = (root / "dist").glob("*.whl")
    assert requirement == f"./wheels/{wheel.name}" and (site / "wheels" / wheel.name).is_file()
    # pip, run where the workflow runs it, finds what the file names.
    plan = run(
        env_dir / "bin" / "python",
        "-m",
        "pip",
        "install",
        "--dry-run",
        "--force-reinstall",
        "--no-deps",
        "-r",
        "requirements.txt",
        cwd=site,
    )
    assert "Would install mkdocs-researcher" in plan.stdout
