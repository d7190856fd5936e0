"""Reading YAML (a page's front matter or a data file) with the line of every field.

MkDocs parses front matter itself but throws away positions and silently
ignores YAML it cannot parse; this reader keeps both, so messages can say
``docs/index.md:14``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

# The same delimiters MkDocs accepts (mkdocs.utils.meta).
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


_NO_TIMESTAMPS = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """Safe loading that leaves dates as text: the date fields check them (2022-02-30 gets a message, not a crash).

    libyaml's parser when PyYAML has it: several times faster on large data files.
    """

    yaml_implicit_resolvers = _NO_TIMESTAMPS


class _ExplainingLoader(yaml.SafeLoader):
    """The pure-Python parser, run only on text that failed: its messages say more than libyaml's."""

    yaml_implicit_resolvers = _NO_TIMESTAMPS


@dataclass
class LoadedYaml:
    data: object
    lines: dict[tuple, int]  # field path -> 1-based line in the file
    error: str | None = None
    error_line: int | None = None
    repeated: list[tuple[tuple, int, int]] = field(default_factory=list)  # keys written twice: (path, line, first line)


def front_matter_text(source: str) -> str | None:
    """The raw front matter block of a Markdown file, or None if it has none."""
    match = _FRONT_MATTER.match(source.replace("\r\n", "\n"))
    return match.group(1) if match else None


def strip_front_matter(markdown: str) -> str:
    """The body after a front matter block (for text MkDocs left whole because its YAML failed)."""
    match = _FRONT_MATTER.match(markdown.replace("\r\n", "\n"))
    return markdown.replace("\r\n", "\n")[match.end():].lstrip("\n") if match else markdown


def load_front_matter(source: str) -> LoadedYaml | None:
    """Front matter of a Markdown file, with lines counted in that file."""
    text = front_matter_text(source)
    if text is None:
        return None
    return load_yaml(text, first_line=2)


def load_yaml(text: str, first_line: int = 1) -> LoadedYaml:
    """Parse ``text``; ``first_line`` is the file line of its first line."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()  # one parse gives both the values and their lines
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        error = _explained(text, error)
        mark = getattr(error, "problem_mark", None)
        if "end of stream" in str(getattr(error, "problem", "")) and getattr(error, "context_mark", None):
            mark = error.context_mark  # an unclosed quote: where it opened, not the end of the text
        line = mark.line + first_line if mark is not None else None
        return LoadedYaml(None, {}, _describe_yaml_error(error, text), line)
    except (ValueError, TypeError, OverflowError) as error:  # a constructor choking on a value
        return LoadedYaml(None, {}, f"invalid YAML: {error}", None)
    finally:
        loader.dispose()
    loaded = LoadedYaml(data, {})
    if node is not None:
        _collect_lines(node, (), loaded, first_line)
    return loaded


def _explained(text: str, error: yaml.YAMLError) -> yaml.YAMLError:
    try:
        yaml.load(text, Loader=_ExplainingLoader)
    except yaml.YAMLError as explained:
        return explained
    except (ValueError, TypeError, OverflowError):
        pass
    return error


def _describe_yaml_error(error: yaml.YAMLError, text: str) -> str:
    if "\t" in text and "found character '\\t'" in str(error):
        return "YAML does not allow tab characters for indentation; indent with spaces"
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    context = getattr(error, "context", None)
    return f"invalid YAML: {problem}" + (f" ({context})" if context else "")


def _collect_lines(node: yaml.Node, path: tuple, loaded: LoadedYaml, first_line: int) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            child = path + (key_node.value,)
            line = key_node.start_mark.line + first_line
            if key_node.value in seen:
                loaded.repeated.append((child, line, seen[key_node.value]))
            seen[key_node.value] = line
            loaded.lines[child] = line  # YAML keeps the last one, and so do the messages
            _collect_lines(value_node, child, loaded, first_line)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = path + (index,)
            loaded.lines.setdefault(child, item.start_mark.line + first_line)
            _collect_lines(item, child, loaded, first_line)
