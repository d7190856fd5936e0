"""JSON Resume output from model objects."""

from __future__ import annotations

import json

from mkdocs_researcher.model.records import (
    PRESENT,
    Affiliation,
    Award,
    Education,
    Experience,
    Link,
    PageData,
    PartialDate,
    Profile,
    Publication,
)
from mkdocs_researcher.publish.cv import cv_of
from mkdocs_researcher.publish.resume import SCHEMA_URL, json_resume

SITE = "https://example.org/~qi/"


def profile(**kw) -> Profile:
    values = dict(
        name="Chengxiang Qi",
        native_name="齐呈祥",
        photo="images/me.jpg",
        position="PhD student",
        affiliations=[Affiliation("Peking University")],
        email="qi@example.org",
        links=[
            Link("github", "https://github.com/octo%2Dcat", "GitHub"),
            Link("scholar", "https://scholar.google.com/citations?user=AbCdEfGAAAAJ", "Google Scholar"),
            Link("mastodon", "https://sigmoid.social/@qi", "Mastodon"),
            Link("homepage", "https://qi.example.com/", "Homepage"),
            Link("cv", "files/cv.pdf", "CV"),
            Link("blog", "/blog/", "Blog"),
        ],
    )
    values.update(kw)
    return Profile(**values)


EXPERIENCE = [
    Experience(
        organization="Microsoft Research Asia",
        role="Research Intern",
        start=PartialDate(2023, 6),
        end=PartialDate(2023, 9),
        location="Beijing",
        url="https://www.msra.cn/",
        details=["Built a **compiler**.", "Wrote [a paper](https://example.org)."],
    ),
    Experience(organization="Peking University", role="Teaching Assistant", start=PartialDate(2022), end=PRESENT),
]
EDUCATION = [
    Education(
        degree="PhD in Computer Science", institution="Peking University", start=PartialDate(2021, 9), end=PRESENT
    ),
    Education(
        degree="B.S., Mathematics",
        institution="Jürgen-Müller-Universität",
        start=PartialDate(2017),
        end=PartialDate(2021, 6),
    ),
    Education(degree="Exchange student", institution="ETH Zürich"),
]
PUBLICATIONS = [
    Publication(
        title="Learning to Compile",
        venue="ICSE 2024",
        year=2024,
        month=4,
        abstract="We *learn*.",
        links=[Link("arxiv", "https://arxiv.org/abs/2410.12345", "arXiv"), Link("pdf", "files/p.pdf", "PDF")],
    ),
    Publication(title="Untitled note", links=[Link("doi", "https://doi.org/10.1/x", "DOI")]),
]


def json_resume_of(person: Profile, *, publications=(), experience=(), education=(), awards=(), **options) -> dict:
    """The JSON Resume of the CV that the person's sections map to (publish/cv.py)."""
    data = PageData(experience=list(experience), education=list(education), awards=list(awards))
    return json_resume(cv_of(person, data, list(publications)), **options)


def resume(**kw) -> dict:
    values = dict(publications=PUBLICATIONS, experience=EXPERIENCE, education=EDUCATION, site_url=SITE)
    values.update(kw)
    return json_resume_of(profile(), **values)


def test_basics():
    basics = resume()["basics"]
    assert basics == {
        "name": "Chengxiang Qi",
        "label": "PhD student",
        "image": "https://example.org/~qi/images/me.jpg",
        "url": SITE,
        "profiles": [
            {"network": "GitHub", "username": "octo-cat", "url": "https://github.com/octo%2Dcat"},
            {
                "network": "Google Scholar",
                "username": "AbCdEfGAAAAJ",
                "url": "https://scholar.google.com/citations?user=AbCdEfGAAAAJ",
            },
            {"network": "Mastodon", "url": "https://sigmoid.social/@qi"},
            {"network": "Blog", "url": "https://example.org/blog/"},
        ],
    }


def test_email_only_when_not_obfuscated():
    assert "email" not in resume()["basics"]
    assert resume(obfuscate_email=False)["basics"]["email"] == "qi@example.org"


def test_without_site_url_relative_urls_are_left_out():
    data = resume(site_url=None)
    assert "image" not in data["basics"]
    assert data["basics"]["url"] == "https://qi.example.com/"  # the homepage link stands in for the site
    assert [p["network"] for p in data["basics"]["profiles"]] == ["GitHub", "Google Scholar", "Mastodon"]
    assert data["publications"][0]["url"] == "https://arxiv.org/abs/2410.12345"


def test_work_newest_first_as_the_page_shows_it():
    assert resume()["work"] == [
        {"name": "Peking University", "position": "Teaching Assistant", "startDate": "2022"},  # no endDate: present
        {
            "name": "Microsoft Research Asia",
            "position": "Research Intern",
            "location": "Beijing",
            "url": "https://www.msra.cn/",
            "startDate": "2023-06",
            "endDate": "2023-09",
            "highlights": ["Built a compiler.", "Wrote a paper."],
        },
    ]


def test_education_splits_degree_into_study_type_and_area():
    assert resume()["education"] == [
        {"institution": "Peking University", "studyType": "PhD", "area": "Computer Science", "startDate": "2021-09"},
        {
            "institution": "Jürgen-Müller-Universität",
            "studyType": "B.S.",
            "area": "Mathematics",
            "startDate": "2017",
            "endDate": "2021-06",
        },
        {"institution": "ETH Zürich", "studyType": "Exchange student"},
    ]


def test_publications():
    assert resume()["publications"] == [
        # The pdf comes before the arXiv entry in preference: it is the paper itself.
        {
            "name": "Learning to Compile",
            "publisher": "ICSE 2024",
            "releaseDate": "2024-04",
            "url": "https://example.org/~qi/files/p.pdf",
            "summary": "We learn.",
        },
        {"name": "Untitled note", "url": "https://doi.org/10.1/x"},
    ]


def test_awards():
    awards = [
        Award("Best Paper", "ICSE", PartialDate(2024, 4), details="For *the* paper on [caching](https://x.org)."),
        Award("Scholarship", date=PartialDate(2022)),
        Award(""),
    ]
    assert resume(awards=awards)["awards"] == [
        {"title": "Best Paper", "date": "2024-04", "awarder": "ICSE", "summary": "For the paper on caching."},
        {"title": "Scholarship", "date": "2022"},
    ]
    assert "awards" not in resume()


def test_document_shape_and_determinism():
    data = resume()
    assert data["$schema"] == SCHEMA_URL
    assert list(data) == ["$schema", "basics", "work", "education", "publications"]
    dumped = json.dumps(data, sort_keys=True, ensure_ascii=False)
    assert dumped == json.dumps(resume(), sort_keys=True, ensure_ascii=False)
    assert json.loads(dumped) == data


def test_empty_sections_are_left_out():
    data = json_resume_of(Profile(name="Chengxiang Qi"))
    assert data == {"$schema": SCHEMA_URL, "basics": {"name": "Chengxiang Qi"}}


def test_username_only_when_the_url_is_just_the_pattern():
    links = [
        Link("scholar", "https://scholar.google.com/citations?user=AbCd&hl=en", "Google Scholar"),
        Link("github", "https://github.com/", "GitHub"),
        Link("dblp", "https://dblp.org/pid/12/3456.html", "DBLP"),
    ]
    profiles = json_resume_of(profile(links=links))["basics"]["profiles"]
    assert [p.get("username") for p in profiles] == [None, None, "12/3456"]
