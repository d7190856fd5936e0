"""Reading YAML (a page's front matter or a data file) with the line of every field.

MkDocs parses front matter itself but throws away positions and silently
ignores YAML it cannot parse; this reader keeps both, so messages can say
``docs/index.md:14``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import yaml

# The same delimiters MkDocs accepts (mkdocs.utils.meta).
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


# Limits on a document's shape, checked before anything walks its values. An alias (*name) repeats
# a value without copying it, but every walk (collecting lines here, checking fields later) visits
# each repetition: nine lines of aliases of aliases make a billion values. Real data files repeat a
# shared block a few times at most and nest six levels or so; each walk recurses once per level.
# Values written out are not counted: a 5,000-entry list is long, not hostile.
MAX_REPEATED_VALUES = 100_000  # values that aliases repeat, over the whole document
MAX_DEPTH = 100  # levels of nested lists and mappings, aliases followed

_TOO_DEEP = f"lists and mappings nested more than {MAX_DEPTH} levels deep"


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
    return markdown.replace("\r\n", "\n")[match.end() :].lstrip("\n") if match else markdown


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
        refused = _shape_problem(node) if node is not None else None
        if refused is not None:
            problem, mark = refused
            return LoadedYaml(None, {}, problem, mark.line + first_line)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        if getattr(error, "problem", None) == "exceeded maximum nesting depth":
            # libyaml's own limit, 1000 levels; the pure-Python parser would take seconds to explain it,
            # quadratic in the depth
            return LoadedYaml(None, {}, _TOO_DEEP, error.problem_mark.line + first_line)
        error = _explained(text, error)
        opened = _unclosed(error, text)
        mark = opened or getattr(error, "problem_mark", None)
        line = mark.line + first_line if mark is not None else None
        return LoadedYaml(None, {}, _describe_yaml_error(error, text, opened, first_line), line)
    except RecursionError:  # PyYAML without libyaml composes in Python, one call per level
        return LoadedYaml(None, {}, _TOO_DEEP, None)
    except (ValueError, TypeError, OverflowError) as error:  # a constructor choking on a value
        return LoadedYaml(None, {}, f"a value could not be read: {error}", None)
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
    except (ValueError, TypeError, OverflowError, RecursionError):  # the pure-Python composer recurses per level
        pass
    return error


# What PyYAML was reading when it failed, when that may be a bracket or a quote left open.
_OPENED_BY = {
    "while parsing a flow sequence": "[",
    "while parsing a flow mapping": "{",
    "while scanning a quoted scalar": '"',
}
# What is left open, and what would close it.
_OPENERS = {
    "[": ("the '['", "its ']'"),
    "{": ("the '{'", "its '}'"),
    '"': ("the double quote", "the closing quote"),
    "'": ("the single quote", "the closing quote"),
}


def _unclosed(error: yaml.YAMLError, text: str) -> yaml.Mark | None:
    """Where a bracket or a quote was opened that is never closed: the place to report, not where the parser
    gave up (the next key, lines later, or the end of the text).

    It is left open when the parser failed at the end of the text, or on a later line that is indented no more
    than the line it was opened on (a new key of the mapping it belongs to). A failure inside a list that spans
    lines, more deeply indented, is reported where it is.
    """
    opened, failed = getattr(error, "context_mark", None), getattr(error, "problem_mark", None)
    if opened is None or failed is None or getattr(error, "context", None) not in _OPENED_BY:
        return None
    if failed.line <= opened.line:
        return None
    if _at_end(error):
        return opened
    lines = text.splitlines()
    return opened if _indent(lines, failed.line) <= _indent(lines, opened.line) else None


def _at_end(error: yaml.YAMLError) -> bool:
    problem = str(getattr(error, "problem", ""))
    return "end of stream" in problem or "<stream end>" in problem


def _indent(lines: list[str], index: int) -> int:
    line = lines[index] if index < len(lines) else ""
    return len(line) - len(line.lstrip(" "))


def _describe_yaml_error(error: yaml.YAMLError, text: str, opened: yaml.Mark | None, first_line: int) -> str:
    if "\t" in text and "found character '\\t'" in str(error):
        return "YAML does not allow tab characters for indentation; indent with spaces"
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    failed = getattr(error, "problem_mark", None)
    if opened is not None:
        char = opened.buffer[opened.pointer] if opened.buffer else _OPENED_BY[error.context]
        opener, closer = _OPENERS.get(char, _OPENERS[_OPENED_BY[error.context]])
        where = "to the end" if _at_end(error) else f"on to line {failed.line + first_line}"
        return f"{opener} at column {opened.column + 1} is never closed (YAML read {where} looking for {closer})"
    context = getattr(error, "context", None)
    column = f" at column {failed.column + 1}" if failed is not None else ""
    return f"{problem}{column}" + (f" ({context})" if context else "")


@dataclass(slots=True)
class _Walked:
    """A collection on ``_shape_problem``'s stack, with what was measured of it so far."""

    node: yaml.Node
    children: Iterator[yaml.Node]
    values: int = 1  # itself and everything in it, aliases expanded
    levels: int = 1  # nesting levels, itself included


_BEING_WALKED = (-1, -1)  # the measure of a collection whose walk has not finished


def _shape_problem(root: yaml.Node) -> tuple[str, yaml.Mark] | None:
    """Why the document is refused, and where, if aliases repeat too much or it nests too deep.

    Walks the composed nodes without recursion, measuring each collection once: an alias is the
    very node it names, so its measure is reused wherever it appears.
    """
    if isinstance(root, yaml.ScalarNode):
        return None
    measured: dict[int, tuple[int, int]] = {id(root): _BEING_WALKED}  # id(collection) -> (values, levels)
    stack = [_Walked(root, _children(root))]
    repeated = 0
    while stack:
        walked = stack[-1]
        for child in walked.children:
            if isinstance(child, yaml.ScalarNode):
                walked.values += 1  # a scalar alias repeats one value: no more than the text holds
                continue
            known = measured.get(id(child))
            if known is None:
                if len(stack) == MAX_DEPTH:
                    return _TOO_DEEP, child.start_mark
                measured[id(child)] = _BEING_WALKED
                stack.append(_Walked(child, _children(child)))
                break
            if known is _BEING_WALKED:
                return "an alias (*name) inside the value it names repeats it without end", walked.node.start_mark
            values, levels = known  # met before, so this is an alias
            repeated += values
            if repeated > MAX_REPEATED_VALUES:
                return f"aliases (*name) repeat more than {MAX_REPEATED_VALUES:,} values in all", walked.node.start_mark
            if len(stack) + levels > MAX_DEPTH:
                return _TOO_DEEP, walked.node.start_mark
            walked.values += values
            walked.levels = max(walked.levels, levels + 1)
        else:
            stack.pop()
            measured[id(walked.node)] = (walked.values, walked.levels)
            if stack:
                stack[-1].values += walked.values
                stack[-1].levels = max(stack[-1].levels, walked.levels + 1)
    return None


def _children(node: yaml.Node) -> Iterator[yaml.Node]:
    """The nodes in a collection; a mapping's keys and values alike."""
    return itertools.chain.from_iterable(node.value) if isinstance(node, yaml.MappingNode) else iter(node.value)


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
