"""The options, declared once (mkdocs_researcher/options.py): README lists each, and every engine and command reads
one mapping of them alike."""

from __future__ import annotations

import re
from dataclasses import asdict

import pytest
import yaml
from conftest import REPO, collecting_warnings

from mkdocs_researcher.adapters import zensical
from mkdocs_researcher.commands import site_config
from mkdocs_researcher.options import EXTENSION, NAMES, SiteOptions


def test_readme_lists_every_declared_option_and_no_other():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    example = yaml.safe_load(re.search(r"```yaml\n(.*?)```", section, re.DOTALL)[1])
    (listed,) = (entry[EXTENSION] for entry in example["markdown_extensions"])
    assert sorted(listed) == sorted(NAMES)


# Options other than their defaults, none of which makes a warning of its own; then one that does.
GIVEN = {"obfuscate_email": False, "bibtex_toggle": False, "language": "zh", "people_groups": ["PIs"]}
BAD = [
    ({"max_authors": "three"}, "max_authors: expected a whole number, got 'three'; its default is kept"),
    (
        {"private_fields": ["file", 3]},
        "private_fields: expected a list of strings, got ['file', 3]; its default is kept",
    ),
    ({"feeed": True}, "unknown option 'feeed'; did you mean 'feed'?"),
]


def _site(tmp_path, place: str, options: dict):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    settings = {"site_name": "Options", "plugins": ["researcher"], "markdown_extensions": ["attr_list"]}
    if place == "plugins":
        settings["plugins"] = [{"researcher": options}]
    else:
        settings["markdown_extensions"].append({EXTENSION: options})
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    return tmp_path / "mkdocs.yml"


def _read_by_the_plugin(config_file) -> tuple[dict, list[str]]:
    from mkdocs.config import load_config

    with collecting_warnings() as logged:
        config = load_config(str(config_file))
        plugin = config.plugins["researcher"]
        plugin.on_config(config)
    return asdict(plugin.site.options), [message.removeprefix("researcher: ") for message in logged]


def _read_by_the_commands(config_file) -> tuple[dict, list[str]]:
    warned = []
    site = site_config.site_of(config_file, warned.append)
    return asdict(site.options), warned


def _assert_alike(read: dict, bad: dict, warning: str) -> None:
    for options, warnings in read.values():
        assert {name: options[name] for name in GIVEN} == GIVEN
        assert all(options[name] == getattr(SiteOptions(), name) for name in bad if name in NAMES)
        assert warnings == [warning], warnings
    assert len({repr(options) for options, _ in read.values()}) == 1


@pytest.mark.parametrize("bad, problem", BAD)
def test_the_plugin_the_extension_and_the_commands_read_the_extensions_options_alike(
    tmp_path, monkeypatch, capsys, bad, problem
):
    zensical_config = pytest.importorskip("zensical.config")
    config_file = _site(tmp_path, "markdown_extensions", GIVEN | bad)
    read = {"plugin": _read_by_the_plugin(config_file), "commands": _read_by_the_commands(config_file)}

    monkeypatch.setattr(zensical, "_state", zensical._State())  # its warnings are printed once a process
    monkeypatch.setattr(zensical_config, "_CONFIG", None)  # parse_config sets it: a Zensical build under way
    parsed = zensical_config.parse_config(str(config_file))
    capsys.readouterr()
    build, _ = zensical._build_for(parsed, parsed["mdx_configs"][EXTENSION], "index.md")
    printed = capsys.readouterr().err.splitlines()
    read["extension"] = asdict(build.site.options), [line.removeprefix("researcher: ") for line in printed]

    _assert_alike(read, bad, f"mkdocs.yml: markdown_extensions: {EXTENSION}: {problem}")


@pytest.mark.parametrize("bad, problem", BAD)
def test_the_plugin_and_the_commands_read_the_plugins_options_alike_and_go_on(tmp_path, bad, problem):
    """Zensical runs no plugins; MkDocs would stop the build at a mistyped option, the plugin warns once instead."""
    config_file = _site(tmp_path, "plugins", GIVEN | bad)
    read = {"plugin": _read_by_the_plugin(config_file), "commands": _read_by_the_commands(config_file)}
    _assert_alike(read, bad, f"mkdocs.yml: plugins: researcher: {problem}")
