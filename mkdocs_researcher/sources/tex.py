"""BibTeX's TeX as Unicode text: accents decoded, protecting braces dropped, ``$math$`` kept verbatim.

pylatexenc decodes the words that have a macro; everything else is handled here, since a call to it
costs ~0.1-1 ms and most text has no TeX at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from pylatexenc import latex2text, latexwalker, macrospec


def _text_macros() -> latex2text.LatexContextDb:
    """pylatexenc's macros, plus some it lacks (Zotero writes < as {\\textless}, IEEE é as {\\a'e}); an unknown
    macro keeps its argument."""
    macros = latex2text.get_default_latex_context_db()
    lacking = {"textless": "<", "textgreater": ">", "textbar": "|", "TeX": "TeX", "LaTeX": "LaTeX", "BibTeX": "BibTeX"}
    symbols = [latex2text.MacroTextSpec(name, text) for name, text in lacking.items()]
    symbols.append(latex2text.MacroTextSpec("a", _tabbing_accent))
    macros.add_context_category("researcher-symbols", macros=symbols, prepend=True)
    macros.set_unknown_macro_spec(
        latex2text.MacroTextSpec("", discard=False)
    )  # pylatexenc would drop \\texttt{x} whole
    return macros


def _parsing_macros() -> latexwalker.LatexContextDb:
    """pylatexenc's macros as its parser reads them, plus \\a, which takes two arguments: \\a'e."""
    parsing = latexwalker.get_default_latex_context_db()
    parsing.add_context_category("researcher-accents", macros=[macrospec.std_macro("a", False, 2)], prepend=True)
    return parsing


def _tabbing_accent(node: latexwalker.LatexMacroNode, l2tobj: latex2text.LatexNodes2Text) -> str:
    """LaTeX's \\a' (\\a`, \\a=…) is its accent \\' under another name, for tabbing, where \\' means something
    else; IEEE's exports write accents so: {\\a'e}. Decoded as pylatexenc decodes the accent it names (it passes
    itself as ``l2tobj``, by that name)."""
    accent, letter = node.nodeargd.argnlist
    # ' is read as characters, ~ as a special character (a no-break space), \' as a macro
    name = next(filter(None, (getattr(accent, kind, None) for kind in ("chars", "specials_chars", "macroname"))), "")
    spec = _MACROS.get_macro_spec(name) if name in _ACCENTS and letter is not None else None
    if spec is None:  # not an accent: the text of what was written
        return l2tobj.nodelist_to_text([part for part in (accent, letter) if part is not None])
    named = latexwalker.LatexMacroNode(
        name,
        nodeargd=macrospec.ParsedMacroArgs(argspec="{", argnlist=[letter]),
        nodeargs=[letter],
        parsing_state=node.parsing_state,
        pos=node.pos,
        len=node.len,
    )
    return spec.simplify_repl(named, l2tobj)


def _symbols(macros: latex2text.LatexContextDb, parsing: latexwalker.LatexContextDb) -> dict[str, str]:
    """Macros without arguments that stand for fixed text (\\ss, \\o, \\textless): pylatexenc's own table."""
    names = {spec.macroname for spec in macros.iter_macro_specs()}
    specs = {name: (macros.get_macro_spec(name), parsing.get_macro_spec(name)) for name in names}
    return {
        name: text.simplify_repl
        for name, (text, parse) in specs.items()
        if isinstance(text.simplify_repl, str)
        and "%" not in text.simplify_repl
        and (parse is None or not parse.args_parser.argspec)
    }


_MACROS = _text_macros()
_LATEX = latex2text.LatexNodes2Text(latex_context=_MACROS, math_mode="verbatim")  # $...$ kept, for MathJax/KaTeX
_PARSING_CONTEXT = _parsing_macros()  # built once: pylatexenc would rebuild it on every call
_ACCENTS = frozenset("`'^\"~=.")  # the accents \\a names
_SYMBOLS = _symbols(_MACROS, _PARSING_CONTEXT)
_SYMBOL_MACRO = re.compile(r"\\([A-Za-z]+)(?:\{\}|\s*)")  # TeX eats the spaces after a macro's name
# $$...$$ or $...$, neither dollar escaped. Each pattern here starts with the character it looks for, and
# only then looks behind: a pattern that starts with a look-behind is tried at every position (10x slower).
_MATH = re.compile(r"\$(?<!\\\$)(?:\$.+?(?<!\\)\$\$|.+?(?<!\\)\$)", re.DOTALL)
_SPACES = re.compile(r"[ \t\r\n]+")
_ENDS_IN_MACRO = re.compile(r"\\(?:[A-Za-z]+|[`'^\"~=.])?$")  # "\ss x", "\v c": the macro takes the next word
_MACRO_NAME = re.compile(r"\\(?:[A-Za-z]+\*?|.)")
_SIMPLE_ESCAPE = re.compile(r"\\([&%_#$])")
_TYPOGRAPHY = (("---", "\u2014"), ("--", "\u2013"), ("``", "\u201c"), ("''", "\u201d"), ("~", "\xa0"))


def tex_to_text(text: str) -> str:
    """BibTeX text as Unicode: accents decoded, protecting braces dropped, ``$math$`` kept verbatim."""
    text = squash(text)
    if not has_tex(text):
        return _typography(text)
    if "$" not in text:
        return squash(_tex_segment(text))
    parts, pos = [], 0
    for math in _MATH.finditer(text):
        parts += [_tex_segment(text[pos : math.start()]), math.group()]
        pos = math.end()
    parts.append(_tex_segment(text[pos:]))
    return squash("".join(parts))


def has_tex(text: str) -> bool:
    """Only text with one of these characters is TeX to decode; four ``in`` scans beat one regex search."""
    return "\\" in text or "{" in text or "$" in text or "~" in text


def squash(text: str) -> str:
    """Runs of spaces and line breaks as one space; not str.split(), which would also eat no-break spaces."""
    if "\n" in text or "  " in text or "\t" in text or "\r" in text:  # cheaper than always running the regex
        text = _SPACES.sub(" ", text)
    return text.strip()


def _typography(text: str) -> str:
    if "--" in text or "~" in text or "``" in text or "''" in text:  # rarely: skip five replace() calls
        for tex, char in _TYPOGRAPHY:
            text = text.replace(tex, char)
    return text


def _tex_segment(text: str) -> str:
    """Text without math; only the words with a macro go through pylatexenc, which costs ~0.1-1 ms a call."""
    parts, pos = [], 0
    for start, end in _macro_words(text):
        parts += [_plain(text[pos:start]), _tex_word(text[start:end])]
        pos = end
    parts.append(_plain(text[pos:]))
    return "".join(parts)


def _macro_words(text: str) -> Iterator[tuple[int, int]]:
    """Where the words with a macro are, each grown until its braces close and its last macro has its argument.

    ``text`` is squashed, so words are separated by single spaces. Each step looks at the word it adds
    only, so that a title of thousands of such words is read once, not once per word.
    """
    pos = 0
    while (backslash := text.find("\\", pos)) >= 0:
        start = text.rfind(" ", pos, backslash) + 1 or pos
        word_start, end, depth = start, backslash, 0
        while True:
            space = text.find(" ", end + 1)
            end = len(text) if space < 0 else space
            depth += text.count("{", word_start, end) - text.count("}", word_start, end)
            if end == len(text) or depth <= 0 and not _ENDS_IN_MACRO.search(text, word_start, end):
                break
            word_start = end + 1
        yield start, end
        pos = end


def _tex_word(word: str) -> str:
    # \&, \% and symbols like {\ss} are common enough to be worth a shortcut past pylatexenc's parser.
    shortcut = _SYMBOL_MACRO.sub(_symbol, _SIMPLE_ESCAPE.sub(r"\1", word))
    return _decode_word(word) if "\\" in shortcut else _plain(shortcut)


def _symbol(macro: re.Match) -> str:
    return _SYMBOLS.get(macro.group(1), macro.group())


def _plain(text: str) -> str:
    return _typography(text.replace("{", "").replace("}", ""))


@lru_cache(maxsize=8192)
def _decode_word(word: str) -> str:
    try:
        text = _LATEX.latex_to_text(word, latex_context=_PARSING_CONTEXT)
    except Exception:  # pylatexenc fails on some macros (\\href); the words must survive without it
        text = _plain(_MACRO_NAME.sub("", word))
    return text.replace("\xad", "")  # \- is a hyphenation hint, invisible in print and harmful to name matching
