"""Untrusted .bib and CSL-JSON files cost work in proportion to their size, and never end a build.

A researcher's .bib and CSL-JSON files come from exports, co-authors and templates, so the readers take
them as hostile: no pattern backtracks over a long run of text, @string macros cannot grow a small file
into gigabytes, nesting cannot reach Python's recursion limit, and a digit that int() refuses is a
warning, not a traceback.

Code that could hang if a slow path came back runs in a forked child with a time limit, so a
regression fails its test instead of stalling the suite.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import time
from collections.abc import Callable

import pytest
from conftest import page

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.model import identifiers, names
from mkdocs_researcher.model import records as model
from mkdocs_researcher.publish import citation
from mkdocs_researcher.render import citations, locale
from mkdocs_researcher.render import publication as rendered_publication
from mkdocs_researcher.sources import bibtex, csl, hugo, publication_fields, tex, text_files

CHILD_TIME_LIMIT = 60  # seconds; linear code needs well under one, the slow paths here take hours or forever


def in_child(work: Callable[[], object], time_limit: float = CHILD_TIME_LIMIT):
    """``work()``'s result, computed in a forked child process that is killed after ``time_limit`` seconds."""
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)

    def run():
        try:
            sending.send(("returned", work()))
        except BaseException as error:  # a RecursionError, say: the parent's test fails with it
            sending.send(("raised", f"{type(error).__name__}: {error}"[:500]))

    child = context.Process(target=run, daemon=True)
    child.start()
    try:
        if not receiving.poll(time_limit):
            pytest.fail(f"still running after {time_limit} s")
        outcome, value = receiving.recv()
    finally:
        child.kill()
        child.join()
    if outcome == "raised":
        pytest.fail(f"raised {value}")
    return value


# --- Linear growth --------------------------------------------------------------------------------

SMALL, LARGE = 1024, 64 * 1024
# 64 KB is 64 times 1 KB: linear work takes ~64 times as long, quadratic 4096 times. The bound leaves
# room for noise and cache effects while staying far below quadratic.
MAX_GROWTH = 64 * 8
REPEATS = 5


def growth(work: Callable[[str], object], text_of_size: Callable[[int], str]) -> float:
    """How many times longer ``work`` takes on 64 KB of text than on 1 KB, in this thread's CPU time.

    A ratio within one run, not a wall-clock limit: machines and their load differ by more than any fixed
    limit could allow for, while both sizes run on the same machine at the same moment. Thread CPU time
    leaves out the time other processes hold the core (there is no instruction counter here, and Python's
    re exposes no step count); the minimum of several repeats leaves out the rest of the noise. The small
    text runs 64 times per repeat, so that its time is well above the clock's resolution.
    """
    runs = LARGE // SMALL

    def best_time(text: str, times: int) -> float:
        best = float("inf")
        for _ in range(REPEATS):
            start = time.thread_time()
            for _ in range(times):
                work(text)
            best = min(best, time.thread_time() - start)
        return best

    small = best_time(text_of_size(SMALL), runs) / runs
    return best_time(text_of_size(LARGE), 1) / max(small, 1e-9)


def assert_linear(work: Callable[[str], object], text_of_size: Callable[[int], str]) -> None:
    ratio = in_child(lambda: growth(work, text_of_size))
    assert ratio < MAX_GROWTH, f"64 KB took {ratio:.0f} times as long as 1 KB (linear: ~64, quadratic: ~4096)"


def repeated(unit: str, head: str = "", tail: str = "") -> Callable[[int], str]:
    """Text of any size: ``head``, then ``unit`` over and over, then ``tail``."""

    def text(size: int) -> str:
        body = size - len(head) - len(tail)
        return head + (unit * (body // len(unit) + 1))[:body] + tail

    return text


# --- 1. Contribution marks -----------------------------------------------------------------------


def test_contribution_marks_are_split_in_linear_time():
    # Marks and spaces that do not end the name: a pattern would try every start and every split of the run.
    assert_linear(names.split_marks, repeated("* ", head="Lei Wang", tail="x"))
    text = "Lei Wang" + "* †" * 20000 + ", Jun*"
    assert in_child(lambda: names.split_marks(text)) == ("Lei Wang, Jun", "*†" * 20000 + "*")


# --- 2. @string macros -----------------------------------------------------------------------------


def macro_bomb(levels: int) -> str:
    """Each macro twice the one before: 2 ** levels characters from a few bytes a level."""
    lines = ['@string{a0 = "xy"}', *(f"@string{{a{i} = a{i - 1} # a{i - 1}}}" for i in range(1, levels))]
    return "\n".join(lines) + "\n"


def read_bib(text: str, name: str = "x.bib") -> tuple[dict[str, str], list[str]]:
    reporter = Reporter(name)
    pubs = bibtex.read_bibtex(text, reporter)
    return {pub.key: pub.title for pub in pubs}, [str(d) for d in reporter.found]


def value_cut() -> str:
    return (
        f"the text is longer than {bibtex.MAX_VALUE_CHARS:,} characters once @string macros are expanded; "
        "it is cut there"
    )


def test_forty_nested_macros_in_a_kilobyte_are_cut_and_the_file_still_reads():
    text = macro_bomb(40) + "@article{bomb, title = a39}\n@article{fine, title = {Still Read}, journal = a3}\n"
    assert len(text) < 1500
    titles, messages = in_child(lambda: read_bib(text))
    assert titles["fine"] == "Still Read"
    assert all(len(title) <= bibtex.MAX_VALUE_CHARS for title in titles.values())
    # a15 is 2 ** 16 characters, the limit itself; a16, on line 17, is the first past it.
    assert messages[0] == f"x.bib:17: a16: {value_cut()}"
    # Each macro cut is named once, on its own line: past the limit, then past what macros may add to the file.
    about_macros = [
        re.fullmatch(r"x\.bib:(\d+): a(\d+): (.*)", message) for message in messages if message.startswith("x.bib:")
    ]
    about_macros = [match for match in about_macros if match]
    assert (
        [int(m[1]) for m in about_macros]
        == [int(m[2]) + 1 for m in about_macros]
        == sorted({int(m[1]) for m in about_macros})
    )
    assert all(m[3].endswith("cut there") for m in about_macros) and "add more text than" in about_macros[-1][3]


def test_a_value_past_the_limit_is_cut_where_it_is_used():
    text = macro_bomb(17) + "@article{bomb, title = a16 # {!}}\n"
    titles, messages = in_child(lambda: read_bib(text))
    assert titles["bomb"] == "xy" * (bibtex.MAX_VALUE_CHARS // 2)
    assert messages == [f"x.bib:17: a16: {value_cut()}", f"x.bib:18: bomb.title: {value_cut()}"]


def test_macros_below_the_limit_expand_in_full_and_in_order():
    text = macro_bomb(12) + '@article{k, title = a11 # late, journal = a2}\n@string{late = " defined after its use"}\n'
    titles, messages = read_bib(text)
    assert titles["k"] == "xy" * 2**11 + " defined after its use"  # an entry reads every macro of the file
    assert messages == []


def test_a_macro_used_before_its_definition_is_reported_where_it_is_used():
    titles, messages = read_bib('@string{b = a # "y"}\n@string{a = "x"}\n@article{k, title = b}\n')
    assert titles["k"] == "ay"  # as BibTeX reads it: a macro knows only the macros defined before it
    assert messages == ["x.bib:1: b: 'a' is not a @string macro defined before this one; its name is used as the text"]


def test_many_uses_of_a_large_macro_add_text_in_proportion_to_the_file():
    big = "@string{big = {" + "word " * 12000 + "}}\n"  # 60 KB
    entries = "".join(f"@article{{k{i}, title = big}}\n" for i in range(200))  # 12 MB once expanded, from 66 KB
    titles, messages = in_child(lambda: read_bib(big + entries))
    added = sum(map(len, titles.values()))
    assert added <= max(bibtex.MIN_MACRO_TEXT, bibtex.MACRO_TEXT_PER_FILE_CHAR * len(big + entries))
    assert any("add more text than" in message for message in messages), messages[:3]
    assert len(titles) < 200 and "is left out" in messages[-1]


def test_many_missing_commas_are_repaired_without_recursion():
    fields = " ".join(f"f{i} = {{x}}" for i in range(5000))
    titles, messages = in_child(
        lambda: read_bib("@article{k, title = {A} " + fields + "}\n@article{ok, title = {B}}\n")
    )
    assert titles == {"k": "A", "ok": "B"}
    assert (
        len(messages) == 5000
        and messages[0] == "x.bib:1: k.title: a comma is missing before the field 'f0'; both fields are read"
    )


# --- 3. Long titles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "unit",
    [
        "\\o ",  # every word ends in a macro that takes the next word: the whole title is one growing word
        '{\\"o ',  # braces that never close: the same, and pylatexenc gives up on the nesting
        'word \\emph{x} {\\"o}ther ',
    ],
)
def test_tex_titles_decode_in_linear_time(unit):
    assert_linear(tex.tex_to_text, repeated(unit))


def test_a_120_kb_tex_title_is_read():
    title = "\\o " * 40000
    titles, _ = in_child(lambda: read_bib("@article{k, title = {" + title + "}}\n"))
    assert titles["k"] == "ø" * 40000  # TeX eats the space after a macro's name


@pytest.mark.parametrize("unit", ["<i ", "<span ", "<i>x</i> "])
def test_csl_titles_are_read_in_linear_time(unit):
    def read(title: str):
        return csl.read_csl_json(json.dumps([{"id": "k", "title": title}]), Reporter("x.json"))

    assert_linear(read, repeated(unit))
    assert in_child(lambda: read("<i>" + "<i " * 40000 + "</i>")[0].title) == ("<i " * 40000).strip()


# --- 4. Deep CSL-JSON -----------------------------------------------------------------------------


def read_json(text: str) -> tuple[list[str], list[str]]:
    reporter = Reporter("x.json")
    return [pub.title for pub in csl.read_csl_json(text, reporter)], [str(d) for d in reporter.found]


@pytest.mark.parametrize("text", ["[" * 100000, "[" * 100000 + "]" * 100000, '{"a":' * 100000 + "1" + "}" * 100000])
def test_deeply_nested_json_is_a_warning(text):
    titles, messages = in_child(lambda: read_json(text))
    assert titles == []
    assert messages == [
        f"x.json:1: this JSON is nested too deeply "
        f"(more than {csl.MAX_JSON_DEPTH} arrays and objects inside one another); "
        "no publication is read from the file"
    ]


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_nesting_is_measured_outside_strings_and_reported_on_its_line():
    # The list of items and an item are two levels: the note makes the rest.
    allowed = '[{"id": "k", "title": "[[[{{{ \\" [[[", "note": ' + nested(csl.MAX_JSON_DEPTH - 2) + "}]"
    assert read_json(allowed) == (['[[[{{{ " [[['], [])
    too_deep = '[{"id": "k", "title": "T"},\n\n{"note": ' + nested(csl.MAX_JSON_DEPTH - 1) + "}]"
    titles, messages = read_json(too_deep)
    assert titles == [] and messages[0].startswith("x.json:3: this JSON is nested too deeply")


def test_a_deep_json_file_leaves_the_rest_of_the_site_to_build(build_site):
    pages = {
        "index.md": page({"publications": ["deep.json", "papers.bib"]}),
        "deep.json": "[" * 100000,
        "papers.bib": "@article{fine, title = {A Paper That Still Shows}, year = 2024}\n",
    }
    result = in_child(lambda: _built(build_site(pages, theme="mkdocs")))
    assert result["error"] is None
    assert "A Paper That Still Shows" in result["html"]
    assert any(w.startswith("researcher: docs/deep.json:1: this JSON is nested too deeply") for w in result["warnings"])


# --- 5. Every pattern over untrusted text is linear -----------------------------------------------

# (module, pattern, how the module runs it, text that makes it backtrack: long runs of the characters its
# quantifiers share, ending where the match fails)
PATTERNS = [
    (names, "_WORD", "findall", repeated("a_")),
    (names, "ANY_MARK", "search", repeated("a")),
    (hugo, "_USER_ID", "fullmatch", repeated("a.", tail="!")),
    (hugo, "_TIMESTAMP", "match", repeated("1", tail="x")),
    (hugo, "_TOML_ERROR_LINE", "search", repeated("1", head="(at line ", tail="x")),
    (tex, "_SYMBOL_MACRO", "sub", repeated("\\abcdefgh \t")),
    (tex, "_MATH", "finditer", repeated("\\$", head="$$")),
    (tex, "_MATH", "finditer", repeated("$\\$", head="$$a")),
    (tex, "_SPACES", "sub", repeated(" \t\r\na")),
    (tex, "_ENDS_IN_MACRO", "search", repeated("\\aaaaaaaaaaaaaaa}")),
    (tex, "_MACRO_NAME", "sub", repeated("\\a*\\")),
    (tex, "_SIMPLE_ESCAPE", "sub", repeated("\\x")),
    (text_files, "_BEYOND_ASCII", "search", repeated("a")),
    (text_files, "_JUNK", "search", repeated("a")),
    (bibtex, "_ENTRY_OPENING", "finditer", repeated("@ \taaaaaaaaaaaaaaaaaaaa \t")),
    (bibtex, "_LINE_START_AT", "finditer", repeated(" \t" * 20 + "x\n")),
    (bibtex, "_CHUNK_START", "finditer", repeated("\n" + " \t" * 20 + "@" + "a" * 20 + " \t" * 20 + "x")),
    (bibtex, "_CHUNK_START", "finditer", repeated("a", head="\n@", tail="!")),
    (bibtex, "_BLOCK_START", "fullmatch", repeated(" \t", tail="!")),
    (bibtex, "_BLOCK_START", "fullmatch", repeated("a \t", head="@", tail="!")),
    (bibtex, "_ESCAPED_BRACE", "sub", repeated("\\")),
    (bibtex, "_BIBTEX_MARKS", "finditer", repeated("\n" + " \t" * 20 + "x")),
    (bibtex, "_FIELDS_OUTSIDE", "search", repeated(" \t", tail="!")),
    (bibtex, "_FIELDS_OUTSIDE", "search", repeated(" ", head=",", tail="!")),
    (bibtex, "_KEY", "match", repeated("a", head="@", tail="!")),
    (bibtex, "_MISSED_FIELD", "match", repeated("a-", head="a", tail="!")),
    (bibtex, "_MISSED_FIELD", "match", repeated(" ", head="a", tail="!")),
    (bibtex, "_COMMENT_LINE", "search", repeated(" \t" * 20 + "x\n")),
    (bibtex, "_SPACES", "match", repeated(" \t\r\n", tail="x")),
    (bibtex, "_FIELD_HEAD", "match", repeated(" \t\r\n", tail="x")),
    (bibtex, "_FIELD_HEAD", "match", repeated(" \t\r\n", head=",", tail="x")),
    (bibtex, "_FIELD_HEAD", "match", repeated("a", head=", ", tail="x")),
    (bibtex, "_FIELD_HEAD", "match", repeated(" \t\r\n", head=", a", tail="x")),
    (bibtex, "_FIELD_HEAD", "match", repeated(" \t\r\n", head=", a =", tail="x")),
    (bibtex, "_EQUALS_GAP", "match", repeated(" \t\r\n", tail="x")),
    (bibtex, "_EQUALS_GAP", "match", repeated(" \t\r\n", head="=", tail="x")),
    (bibtex, "_BRACES", "finditer", repeated("\\{")),
    (bibtex, "_QUOTE_MARKS", "finditer", repeated('\\"')),
    (bibtex, "_MACRO", "match", repeated("a")),
    (bibtex, "_URL_NOISE", "sub", repeated(" \\")),
    (bibtex, "_URL_COMMAND", "match", repeated(" ", head="\\url{x}", tail="!")),
    (bibtex, "_URL_COMMAND", "match", repeated("a", head="\\url{", tail="{")),
    (bibtex, "_FULL_DATE", "match", repeated(" ", head="2019/06/05", tail="!")),
    (bibtex, "_PERSON_IN_BRACES", "match", repeated("A", head="{Family,", tail="!}")),
    (bibtex, "_PERSON_IN_BRACES", "match", repeated("A ", head="{Family,", tail="!}")),
    (bibtex, "_COMPANY", "search", repeated("Inc")),
    (names, "_AND", "split", repeated("\xa0", tail="x")),
    (names, "SEPARATOR_IN_BRACES", "search", repeated("{a}", head="{")),
    (names, "SEPARATOR_IN_BRACES", "search", repeated("{{a}", head="{")),
    (names, "SEPARATOR_IN_BRACES", "search", repeated("{")),
    (names, "SEPARATOR_IN_BRACES", "search", repeated("{x}", head="{{{")),
    (names, "SEPARATOR_IN_BRACES", "search", repeated("{x{x}}", head="{")),
    (bibtex, "_COMMA", "split", repeated("\xa0", tail="x")),
    (bibtex, "_SPACE", "split", repeated(" ")),
    (publication_fields, "_KEYWORD_SEPARATOR", "split", repeated("a,")),
    (publication_fields, "_TAG", "sub", repeated("<a ")),
    (publication_fields, "_TAG", "sub", repeated("<b x=1 ")),
    (publication_fields, "_TAG", "sub", repeated("a", head="<")),
    (bibtex, "_YEAR", "search", repeated("1")),
    (bibtex, "_ISO_DATE", "match", repeated(" ", tail="x")),
    (bibtex, "_MONTH_NAME", "search", repeated("a1")),
    (bibtex, "_LEADING_NUMBER", "match", repeated(" ", tail="x")),
    (csl, "_RICH_TEXT", "sub", repeated("<i ")),
    (csl, "_RICH_TEXT", "sub", repeated("<span\t")),
    (csl, "_SPACES", "sub", repeated(" a")),
    (csl, "_ARRAY", "match", repeated(" ", tail="x")),
    (csl, "_ITEMS_ARRAY", "search", repeated('"items"' + " " * 20 + ":" + " " * 20 + "x")),
    (csl, "_BETWEEN_ITEMS", "match", repeated(" ,")),
    (csl, "_DATE", "search", repeated("123-")),
    (csl, "_JSON_STRING", "sub", repeated('"\\"\\\\\\\n')),
    (csl, "_LONE_SURROGATE", "sub", repeated("\ud800a")),
    (csl, "_JSON_BRACKET", "findall", repeated("[{")),
    (identifiers, "_ID_PREFIX", "sub", repeated(" ", head="doi", tail="x")),
    (identifiers, "_DOI_URL", "sub", repeated("http", tail="x")),
    (identifiers, "_ARXIV_ID", "search", repeated("a-", head="/")),
    (identifiers, "_ARXIV_ID", "search", repeated("/a")),
    (identifiers, "_ARXIV_ID", "search", repeated("/1234.1234", tail="x")),
    (identifiers, "_GITHUB_URL", "sub", repeated("www.", head="https://", tail="x")),
    (identifiers, "_REPO_PART", "fullmatch", repeated("a.", tail="!")),
    (citation, "_TEX_SPECIAL", "sub", repeated("\\{")),
    (citation, "_URL_UNSAFE", "sub", repeated("{ ")),
    (model, "_PAGE_DASH", "split", repeated("-- ", tail="x")),
    (locale, "_CJK", "search", repeated("a\u00e9")),  # an author's name: is it written in Chinese characters?
    (locale, "_LATIN_LETTER", "search", repeated("程")),
    (rendered_publication, "_SMART_DOLLAR_MATH", "sub", repeated("$a ")),
    (rendered_publication, "_SMART_DOLLAR_MATH", "sub", repeated(" ", head="$a")),
    (rendered_publication, "_DOLLAR_MATH", "sub", repeated("a", head="$")),
    (rendered_publication, "_TAG_NAME", "fullmatch", repeated("a", tail="!")),
]
RUN = {
    "search": lambda pattern, text: pattern.search(text),
    "match": lambda pattern, text: pattern.match(text),
    "fullmatch": lambda pattern, text: pattern.fullmatch(text),
    "sub": lambda pattern, text: pattern.sub("", text),
    "split": lambda pattern, text: pattern.split(text),
    "findall": lambda pattern, text: pattern.findall(text),
    "finditer": lambda pattern, text: list(pattern.finditer(text)),
}


@pytest.mark.parametrize(
    "module, name, method, text_of_size",
    PATTERNS,
    ids=[
        f"{module.__name__.rsplit('.', 1)[-1]}.{name}-{number}" for number, (module, name, _, _) in enumerate(PATTERNS)
    ],
)
def test_pattern_is_linear(module, name, method, text_of_size):
    pattern, run = getattr(module, name), RUN[method]
    assert_linear(lambda text: run(pattern, text), text_of_size)


def test_every_pattern_is_measured():
    """A pattern added to these modules joins PATTERNS, with the text that is worst for it."""
    measured = {id(getattr(module, name)) for module, name, _, _ in PATTERNS}
    modules = (names, identifiers, bibtex, tex, text_files, publication_fields, csl, hugo, citation, model, locale)
    for module in (*modules, rendered_publication):
        compiled = [
            f"{module.__name__}.{name}"
            for name, value in vars(module).items()
            if isinstance(value, re.Pattern) and id(value) not in measured
        ]
        assert compiled == []


# --- 6. Digits that int() refuses -------------------------------------------------------------------


@pytest.mark.parametrize("year", ["²", "²²²²", "¹⁹⁹⁹"])
def test_a_year_of_superscript_digits_is_a_warning(year):
    reporter = Reporter("x.bib")
    pub = bibtex.read_bibtex(f"@article{{k,\n  title = {{T}},\n  year = {{{year}}}\n}}\n", reporter)[0]
    assert (pub.year, pub.note) == (None, year)
    assert [str(d) for d in reporter.found] == [
        f"x.bib:3: k.year: '{year}' is not a year of four digits; it is shown in the note as written"
    ]


def test_a_year_in_other_decimal_digits_is_read():
    assert bibtex.read_bibtex("@article{k, title = {T}, year = {２０２４}}", Reporter("x.bib"))[0].year == 2024


@pytest.mark.parametrize(
    "issued, year, month, warned",
    [
        ({"date-parts": [["²"]]}, None, None, True),
        ({"date-parts": [["2020", "²"]]}, 2020, None, False),  # a month that is no number is left out, as 13-16 are
        ({"date-parts": [["２０２０", "１"]]}, 2020, 1, False),  # digits int() reads
        ({"date-parts": [["9" * 5000]]}, None, None, True),
        ({"date-parts": [["²"]], "raw": "2019"}, 2019, None, True),
    ],
)
def test_csl_date_parts_that_int_refuses_are_warnings(issued, year, month, warned):
    reporter = Reporter("x.json")
    pub = csl.read_csl_json(json.dumps([{"id": "k", "title": "T", "issued": issued}]), reporter)[0]
    assert (pub.year, pub.month) == (year, month)
    written = issued["date-parts"][0][0][:20]
    expected = [
        f"x.json:1: k.issued: the year '{written}' in date-parts is not a number of at most four digits; it is left out"
    ]
    assert [str(d) for d in reporter.found] == (expected if warned else [])


def test_a_json_number_too_long_for_python_is_a_warning():
    titles, messages = read_json('[{"id": "k", "title": "T", "issued": {"date-parts": [[' + "9" * 5000 + "]]}}]")
    assert titles == [] and len(messages) == 1
    assert messages[0].startswith("x.json: this JSON cannot be read (") and messages[0].endswith(
        "no publication is read from the file"
    )


# --- Bare addresses in a citation's references ----------------------------------------------------------


def _reference_links(text: str) -> str:
    return citations._with_links(text, model.Publication("T", "k"), lambda pub: None)


def test_a_references_bare_addresses_become_links_in_linear_time():
    # A run of "https://" ended by a quote: a lazy match with a look-ahead was tried again from each one.
    assert_linear(_reference_links, repeated("https://", head="x", tail='"'))
    linked = _reference_links('See https://a.org/x. And https://b.org/y, "https://c.org/z" <i>https://d.org</i>')
    assert linked == (
        'See <a href="https://a.org/x">https://a.org/x</a>. And <a href="https://b.org/y">https://b.org/y</a>, '
        '"https://c.org/z" <i>https://d.org</i>'
    )


# --- End to end ----------------------------------------------------------------------------------------


def _built(result) -> dict:
    """What a test needs of a Build, in a form the child process can send."""
    html = result.text() if (result.site / "index.html").exists() else ""
    return {
        "error": repr(result.error) if result.error else None,
        "warnings": result.researcher_warnings(),
        "html": html,
    }


def test_a_hostile_bib_file_warns_with_its_lines_and_the_site_builds(build_site):
    bib = (
        macro_bomb(40)
        + "@article{bomb, title = a39, year = 2020}\n"
        + "@article{marks, title = {Marked}, author = {Lei Wang"
        + "* " * 4000
        + "x and Jun Li*}, year = 2021}\n"
        + "@article{fine, title = {A Paper That Still Shows}, author = {Yu Cheng}, year = 2024}\n"
    )
    pages = {"index.md": page({"profile": {"name": "Yu Cheng"}, "publications": ["papers.bib"]}), "papers.bib": bib}
    result = in_child(lambda: _built(build_site(pages, theme="mkdocs")))
    assert result["error"] is None
    assert "A Paper That Still Shows" in result["html"] and "Marked" in result["html"]
    warnings = result["warnings"]
    assert any(
        w.startswith("researcher: docs/papers.bib:17: a16: ") and w.endswith("it is cut there") for w in warnings
    ), warnings
