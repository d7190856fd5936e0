"""Lab sites: people files, profiles by id, the people page, member pages from one shared .bib."""

from __future__ import annotations

from conftest import page

BIB = r"""@inproceedings{a2024,
  title={Paper by Both},
  author={Cheng, Yu and Qi, Chengxiang and Outsider, Olga},
  booktitle={SOSP},
  year={2024}
}
@article{b2023,
  title={Paper by Qi},
  author={Liu, Siran and Qi*, Chengxiang},
  journal={TOCS},
  year={2023}
}
@article{c2022,
  title={Paper by Nobody in the Lab},
  author={Outsider, Olga},
  journal={JACM},
  year={2022}
}
"""
YU = (
    "profile:\n  name: Yu Cheng\n  position: PhD student\n  photo: yu.svg\n  group: PhD students\n"
    "  links: {github: yucheng}\n"
)
QI = "profile:\n  name: Chengxiang Qi\n  native_name: 齐呈祥\n  group: Alumni\n"
PROF = "profile:\n  name: Zhi Yang\n  group: Faculty\n"
SVG = "<svg xmlns='http://www.w3.org/2000/svg'/>"
PLUGIN = [
    {
        "researcher": {
            "bibliography": ["docs/lab.bib"],
            "people": "docs/people",
            "people_groups": ["Faculty", "PhD students", "Alumni"],
        }
    }
]


def lab(build_site, **pages):
    files = {
        "people/yu-cheng.yml": YU,
        "people/chengxiang-qi.yml": QI,
        "people/zhi-yang.yml": PROF,
        "people/yu.svg": SVG,
        "lab.bib": BIB,
        "index.md": "# Lab\n\n<!-- researcher people -->\n\n<!-- researcher publications -->\n",
        "members/yu.md": page({"profile": "yu-cheng"}, "<!-- researcher publications -->\n"),
        "members/qi.md": page({"profile": "chengxiang-qi"}, "<!-- researcher publications -->\n"),
        **pages,
    }
    return build_site(files, plugins=PLUGIN)


def titles(soup):
    return [t.get_text() for t in soup.select(".researcher-publication__title")]


def test_people_page_groups_cards_in_the_configured_order_and_links_members(build_site):
    result = lab(build_site)
    assert result.researcher_warnings() == []
    soup = result.html()
    section = soup.select_one(".researcher-section.researcher-people")
    assert [h.get_text().strip() for h in section.select("h3")] == ["Faculty", "PhD students", "Alumni"]
    cards = section.select(".researcher-item")
    assert [c.select_one(".researcher-person__name").get_text() for c in cards] == [
        "Zhi Yang",
        "Yu Cheng",
        "Chengxiang Qi 齐呈祥",
    ]
    links = [(c.select_one(".researcher-person__name a") or {}).get("href") for c in cards]
    assert links == [None, "members/yu/", "members/qi/"]
    assert cards[1].select_one("img")["src"] == "people/yu.svg"  # relative to the person's file
    assert cards[1].select_one("a.researcher-icon-link")["href"] == "https://github.com/yucheng"
    assert not (result.site / "people" / "yu-cheng.yml").exists()


def test_lab_publications_highlight_every_member(build_site):
    soup = lab(build_site).html()
    assert titles(soup) == ["Paper by Both", "Paper by Qi", "Paper by Nobody in the Lab"]
    both = soup.select_one("#pub-a2024")
    assert [s.get_text() for s in both.select(".researcher-self")] == ["Yu Cheng", "Chengxiang Qi"]


def test_member_page_shows_the_members_papers_highlighted_and_links_co_members(build_site):
    result = lab(build_site)
    yu = result.html("members/yu/index.html")
    assert yu.select_one(".researcher-profile .p-name").get_text() == "Yu Cheng"
    assert yu.select_one(".researcher-profile img")["src"] == "../../people/yu.svg"
    assert titles(yu) == ["Paper by Both"]
    assert [s.get_text() for s in yu.select(".researcher-self")] == ["Yu Cheng"]
    co_member = [a for a in yu.select(".researcher-author a") if a.get_text() == "Chengxiang Qi"]
    assert co_member and co_member[0]["href"] == "../qi/"
    qi = result.html("members/qi/index.html")
    assert titles(qi) == ["Paper by Both", "Paper by Qi"]
    assert [m.get_text() for m in qi.select(".researcher-mark")] == ["*"]


def test_profile_by_id_renders_like_front_matter(build_site):
    by_id = lab(build_site).html("members/qi/index.html").select_one(".researcher-profile")
    inline = build_site(
        {"index.md": page({"profile": {"name": "Chengxiang Qi", "native_name": "齐呈祥", "group": "Alumni"}})}
    ).html()
    assert str(by_id) == str(inline.select_one(".researcher-profile"))


def test_bad_ids_and_broken_member_files_warn(build_site):
    result = lab(
        build_site,
        **{
            "members/typo.md": page({"profile": "yu-chen"}),
            "people/broken.yml": "profile: [\n",
            "people/nameless.yml": "profile:\n  position: Ghost\n",
            "odd.md": "<!-- researcher publications author=nobody -->\n",
        },
    )
    warnings = result.researcher_warnings()
    assert (
        "researcher: docs/members/typo.md:2: profile: no person 'yu-chen' in the people folder; "
        "did you mean 'yu-cheng'?" in warnings
    )
    assert any(w.startswith("researcher: docs/people/broken.yml:2: not valid YAML") for w in warnings), warnings
    assert (
        "researcher: docs/people/nameless.yml:1: profile: this profile has no 'name', which is required; "
        "this profile is left out" in warnings
    )
    assert any(
        "docs/odd.md:1: researcher publications marker: no person 'nobody' in the people folder" in w for w in warnings
    ), warnings


def test_people_are_read_in_the_language_of_the_pages_the_theme_locale_too(build_site):
    """MkDocs' own themes give the site's language as ``locale``: the people's files are read in it, as the pages
    are, so their groups are the ones people_groups names."""
    group = "profile:\n  name: {name}\n  group: {{en: {en}, zh: {zh}}}\n"
    result = build_site(
        {
            "people/ann.yml": group.format(name="Ann Li", en="Faculty", zh="教师"),
            "people/bo.yml": group.format(name="Bo Wu", en="Students", zh="学生"),
            "index.md": "# Lab\n\n<!-- researcher people -->\n",
        },
        theme={"name": "mkdocs", "locale": "zh_CN"},
        plugins=[{"researcher": {"people": "docs/people", "people_groups": ["学生", "教师"]}}],
    )
    assert result.researcher_warnings() == []
    headings = result.html().select(".researcher-people h3")
    assert [h.get_text(strip=True) for h in headings] == ["学生", "教师"]
