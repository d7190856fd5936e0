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
)
# Titles of the template's sample projects, news item and navbar menu.
_SAMPLE_TITLES = re.compile(r"^(?:project \d+(?: with very long name)?|a long announcement with details|submenus)$")
_SAMPLE_INSTRUCTORS = {"prof. data", "prof. example"}
_SAMPLE_PERSON = "albert einstein"


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
