"""The wheel, installed in a fresh virtual environment, builds the example site; so does ProperDocs."""

from __future__ import annotations

import os
import subprocess
import sys
import venv

import pytest
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, REPO


def run(*args, **kwargs):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run([str(a) for a in args], check=True, capture_output=True, text=True, env=env, **kwargs)


def sections(site, page="index.html"):
    soup = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser")
    return [" ".join(s["class"]) for s in soup.select("article .researcher-section")], len(
        soup.select(".researcher-item")
    )


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory):
    root = tmp_path_factory.mktemp("wheel")
    try:
        run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", root / "dist", cwd=REPO)
    except subprocess.CalledProcessError as error:
        pytest.fail(f"building the wheel failed:\n{error.stdout}\n{error.stderr}")
    [wheel] = (root / "dist").glob("*.whl")
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    run(python, "-m", "pip", "install", "--quiet", wheel, "mkdocs-static-i18n")
    # Nothing of the source checkout may leak in: the package must come from site-packages.
    where = run(python, "-c", "import mkdocs_researcher, sys; print(mkdocs_researcher.__file__)", cwd=root).stdout
    assert str(REPO) not in where
    return root, env_dir


def test_wheel_builds_the_example_site_strict_with_its_css(fresh_venv):
    root, env_dir = fresh_venv
    site = root / "site-mkdocs"
    run(env_dir / "bin" / "mkdocs", "build", "--strict", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", site, cwd=root)
    css = site / "assets" / "researcher" / "researcher.css"
    assert css.is_file() and css.stat().st_size > 5000
    found, count = sections(site)
    assert "researcher-section researcher-profile" in found and "researcher-section researcher-publications" in found
    assert count > 10


def test_properdocs_builds_the_same_sections(fresh_venv):
    root, env_dir = fresh_venv
    run(env_dir / "bin" / "python", "-m", "pip", "install", "--quiet", "properdocs")
    reference = root / "site-mkdocs-ref"
    run(env_dir / "bin" / "mkdocs", "build", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", reference, cwd=root)
    proper = root / "site-properdocs"
    run(env_dir / "bin" / "properdocs", "build", "--strict", "-f", EXAMPLE_SITE / "mkdocs.yml", "-d", proper, cwd=root)
    for page in ("index.html", "chengxiang-qi/index.html", "zh/chengxiang-qi/index.html"):
        assert sections(proper, page) == sections(reference, page), page
