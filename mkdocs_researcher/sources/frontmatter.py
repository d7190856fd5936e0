"""Reading YAML (a page's front matter or a data file) with the line of every field.

MkDocs parses front matter itself but throws away positions and silently
ignores YAML it cannot parse; this reader keeps both, so messages can say
``docs/index.md:14``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

# The same delimiters MkDocs accepts (mkdocs.utils.meta).
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


@dataclass
class LoadedYaml:
    data: object
    lines: dict[tuple, int]  # field path -> 1-based line in the file
    error: str | None = None
    error_line: int | None = None


def front_matter_text(source: str) -> str | None:
    """The raw front matter block of a Markdown file, or None if it has none."""
    match = _FRONT_MATTER.match(source.replace("\r\n", "\n"))
    return match.group(1) if match else None


def load_front_matter(source: str) -> LoadedYaml | None:
    """Front matter of a Markdown file, with lines counted in that file."""
    text = front_matter_text(source)
    if text is None:
        return None
    return load_yaml(text, first_line=2)


def load_yaml(text: str, first_line: int = 1) -> LoadedYaml:
    """Parse ``text``; ``first_line`` is the file line of its first line."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + first_line if mark is not None else None
        return LoadedYaml(None, {}, _describe_yaml_error(error, text), line)
    lines: dict[tuple, int] = {}
    if node is not None:
        _collect_lines(node, (), lines, first_line)
    return LoadedYaml(data, lines)


def _describe_yaml_error(error: yaml.YAMLError, text: str) -> str:
    if "\t" in text and "found character '\\t'" in str(error):
        return "YAML does not allow tab characters for indentation; indent with spaces"
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    context = getattr(error, "context", None)
    return f"invalid YAML: {problem}" + (f" ({context})" if context else "")


def _collect_lines(node: yaml.Node, path: tuple, lines: dict[tuple, int], first_line: int) -> None:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            child = path + (key_node.value,)
            lines.setdefault(child, key_node.start_mark.line + first_line)
            _collect_lines(value_node, child, lines, first_line)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = path + (index,)
            lines.setdefault(child, item.start_mark.line + first_line)
            _collect_lines(item, child, lines, first_line)
