"""al-folio's own sample content, recognised by what it says rather than by its file names.

A site made from the template keeps the template's files until its owner replaces them, and many owners hide
what they never replaced instead of deleting it. A file's name proves nothing (owners write over
_projects/1_project.md), so each check looks at the text: sentences only the template writes, and the
template's sample person (Albert Einstein), unless the site really is Einstein's.
"""

from __future__ import annotations

import re

# Sentences of the template's sample pages, news, projects, courses and CV (lower case; matched inside a text).
_SAMPLE_SENTENCES = (
    # _config.yml's description
    "a simple, whitespace theme for academics",
    # _pages/about.md
    "write your biography here",
    "put your address / p.o. box / other info right below your picture",
    # _news/
    "a simple inline announcement",
    "announcements and news can be much longer than just quick inline posts",
    # _projects/
    "every project has a beautiful feature showcase page",
    "you describe how you toiled, sweated",
    "this image can also have a caption. it's like magic",
    # _pages/teaching.md and _teachings/
    "for now, this page is assumed to be a static description of your courses",
    "organize your courses by years, topics, or universities",
    "this course covers the foundational aspects of data science",
    "this course provides an introduction to machine learning concepts",
    # _data/cv.yml (older list style), resume.json
    "sub-description 1.",
    "<u>hobbies:</u> hobby 1, hobby 2, etc.",
    "a beautiful, simple, clean, and responsive jekyll theme for academics",
    "lead organizer for the new york city branch of the people's climate march",
    "14th march 1879",
)
# Titles of the template's sample projects, news item and navbar menu.
_SAMPLE_TITLES = re.compile(r"^(?:project \d+(?: with very long name)?|a long announcement with details|submenus)$")
_SAMPLE_INSTRUCTORS = {"prof. data", "prof. example"}
_SAMPLE_PERSON = "albert einstein"
# The sample CV's entries, in every language al-folio translates it to: placeholders ("Description 1.", "Topic 2."),
# or one of Einstein's places and prizes with a year of his life (a real CV naming Zurich has later years).
_PLACEHOLDER = re.compile(r"^(?:sub-)?(?:description|descrição|descripción|topic|tópico|tema) \d+\.?$")
_EINSTEIN_PLACES = (
    _SAMPLE_PERSON,
    "zurich",
    "zürich",
    "zurique",
    "princeton",
    "polytechnic school",
    "kaiser wilhelm",
    "karl-ferdinand",
    "pasadena",
    "bern",
    "nobel prize",
    "matteucci",
    "max planck medal",
    "patent office",
)
_EINSTEIN_YEARS = re.compile(r"\b(?:18[7-9]\d|19[0-5]\d|2029)\b")  # the template dates his Planck Medal 2029
# The sample CV's own card: its label and location, and the about page's subtitle, sentence by sentence.
_SAMPLE_CV_FIELDS = {"princeton, nj", "scientist"}
_SAMPLE_SUBTITLE_PARTS = {
    "<a href='#'>affiliations</a>.",
    '<a href="#">affiliations</a>.',
    "address.",
    "contacts.",
    "motto.",
    "moto.",
    "etc.",
}


def is_sample_text(text: str) -> bool:
    lowered = " ".join(str(text).lower().split())
    return any(sentence in lowered for sentence in _SAMPLE_SENTENCES)


def is_sample_title(title: object) -> bool:
    return bool(_SAMPLE_TITLES.match(" ".join(str(title or "").lower().split())))


def is_sample_course(meta: dict, body: str) -> bool:
    return str(meta.get("instructor") or "").strip().lower() in _SAMPLE_INSTRUCTORS or is_sample_text(
        f"{meta.get('description') or ''}\n{body}"
    )


def is_sample_person(name: object, owner: str | None) -> bool:
    """The CV (or bibliography) is the template's Einstein while the site belongs to someone else."""
    return " ".join(str(name or "").lower().split()) == _SAMPLE_PERSON and (owner or "").lower() != _SAMPLE_PERSON


def sample_bibliography(authors: list[list[str]], owner: str | None) -> bool:
    """Most entries are the template's Einstein papers and the site is not Einstein's."""
    if not authors or "einstein" in (owner or "").lower():
        return False
    einstein = sum(1 for names in authors if any("einstein" in n.lower() for n in names))
    return einstein * 2 > len(authors)


def is_sample_entry(entry: object) -> bool:
    """One entry of a CV (a dict, a list item or a string) is the template's, untouched."""
    leaves = list(_leaves(entry))
    text = " ".join(" ".join(leaves).lower().split())
    if any(_PLACEHOLDER.match(leaf.strip().lower()) for leaf in leaves) or is_sample_text(text):
        return True
    return _SAMPLE_PERSON in text or (
        bool(_EINSTEIN_YEARS.search(text)) and any(place in text for place in _EINSTEIN_PLACES)
    )


def is_sample_cv_field(value: object) -> bool:
    return " ".join(str(value or "").lower().split()) in _SAMPLE_CV_FIELDS


def without_sample_subtitle(subtitle: str) -> str:
    """The about page's subtitle without the template's sentences ("Address. Contacts. Motto. Etc."), which an
    owner often leaves after their own affiliation."""
    sentences = re.split(r"(?<=\.)\s+", subtitle.strip())
    return " ".join(s for s in sentences if " ".join(s.lower().split()) not in _SAMPLE_SUBTITLE_PARTS)


def _leaves(value: object):
    """The texts inside a YAML or JSON value, keys left out."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    elif value is not None:
        yield str(value)
