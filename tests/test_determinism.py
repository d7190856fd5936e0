"""The same input builds byte-identical output."""

from __future__ import annotations

from conftest import EXAMPLE_SITE
from mkdocs.commands.build import build
from mkdocs.config import load_config


def _build(target):
    build(load_config(str(EXAMPLE_SITE / "mkdocs.yml"), site_dir=str(target)))
    return {p.relative_to(target).as_posix(): p.read_bytes() for p in sorted(target.rglob("*")) if p.is_file()}


def test_two_builds_of_the_example_site_are_byte_identical(tmp_path):
    first, second = _build(tmp_path / "a"), _build(tmp_path / "b")
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == []
    assert "feed.xml" in first and "resume.json" in first and "publications.bib" in first
