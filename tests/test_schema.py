"""The published JSON Schema: generated from the declarations, shipped, and true to real pages."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
import yaml
from conftest import EXAMPLE_SITE

from mkdocs_researcher.sources import sections


def test_shipped_schema_is_the_generated_one():
    shipped = json.loads(sections.SCHEMA_FILE.read_text(encoding="utf-8"))
    assert shipped == sections.json_schema(), "run: python -m mkdocs_researcher.sources.sections"
    jsonschema.Draft202012Validator.check_schema(shipped)


def test_every_section_and_field_is_in_the_schema():
    properties = sections.json_schema()["properties"]
    for kind, record in sections.RECORDS.items():
        # A profile may also be a person's id (lab sites): the record is the first choice.
        described = properties[kind]["anyOf"][0] if kind == "profile" else properties[kind]["items"]
        assert set(described["properties"]) == set(record.by_name), kind
        required = described.get("required") or [
            choice["required"][0] for choice in described.get("anyOf", [])[:1]
        ]  # a publication: a title, or an identifier alone
        assert required == [f.name for f in record.fields if f.required]
    assert properties["publications"]["items"]["properties"]["type"]["enum"][0] == "conference"


def _front_matter(path):
    match = re.match(r"^---\n(.*?)\n---", path.read_text(encoding="utf-8"), re.DOTALL)
    return yaml.safe_load(match.group(1))


@pytest.mark.parametrize("name", ["index.md", "chengxiang-qi.md", "chengxiang-qi.zh.md", "data/chengxiang-qi.yml"])
def test_example_site_data_validates(name):
    path = EXAMPLE_SITE / "docs" / name
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if name.endswith(".yml") else _front_matter(path)
    validator = jsonschema.Draft202012Validator(sections.json_schema())
    assert [f"{list(e.path)}: {e.message[:120]}" for e in validator.iter_errors(data)] == []


def test_schema_rejects_what_the_plugin_rejects():
    validator = jsonschema.Draft202012Validator(sections.json_schema())
    bad = {
        "publications": [{"title": "T", "venu": "x", "year": "twenty", "type": "poster", "talk_recording": "notes"}],
        "profile": {"email": "x@y"},
    }
    errors = list(validator.iter_errors(bad))
    problems = {e.message for e in errors} | {sub.message for e in errors for sub in (e.context or [])}
    assert any("'name' is a required property" in p for p in problems)
    assert any("poster" in p for p in problems)
    # A field of no known name is refused unless its value is a web address, which the plugin shows as a link.
    assert {e.path[-1] for e in errors if e.validator == "pattern"} == {"venu", "talk_recording"}
    good = {"publications": [{"title": "T", "talk_recording": "osf.io/x", "codelink": "github.com/x/y"}]}
    assert list(validator.iter_errors(good)) == []
