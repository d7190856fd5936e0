"""The Atom feed: valid Atom, newest first, absolute URLs, and the same bytes on every build."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mkdocs_researcher.model.records import Publication
from mkdocs_researcher.publish.feed import FeedItem, atom_feed, publication_feed_items

SITE = "https://example.org/~qi/"
FEED = "https://example.org/~qi/feed.xml"
NS = {"a": "http://www.w3.org/2005/Atom"}


def items() -> list[FeedItem]:
    return [
        FeedItem("tag:example.org,2023:news-1", "Old news", "news/old/", "2023-02-10", "Plain text.", "news"),
        FeedItem("tag:example.org,2024:pub-a", "Newest paper", "https://example.org/~qi/#pub-a", "2024-07-01", None),
        FeedItem("tag:example.org,2024:news-2", "Mid news", None, "2024-03", "Spring.", "news"),
    ]


def feed(**kw) -> str:
    values = dict(
        title="Chengxiang Qi", site_url=SITE, feed_url=FEED, author_name="齐呈祥", updated=None, items=items()
    )
    values.update(kw)
    return atom_feed(**values)


def test_feed_is_atom_with_the_required_elements():
    root = ET.fromstring(feed())
    assert root.tag == "{http://www.w3.org/2005/Atom}feed"
    assert root.findtext("a:id", namespaces=NS) == FEED
    assert root.findtext("a:title", namespaces=NS) == "Chengxiang Qi"
    assert root.findtext("a:updated", namespaces=NS) == "2024-07-01T00:00:00Z"  # the newest item, not the clock
    assert root.findtext("a:author/a:name", namespaces=NS) == "齐呈祥"
    links = {link.get("rel"): link.get("href") for link in root.findall("a:link", NS)}
    assert links == {"self": FEED, "alternate": SITE}
    for entry in root.findall("a:entry", NS):
        assert entry.findtext("a:id", namespaces=NS)
        assert entry.findtext("a:title", namespaces=NS)
        assert entry.findtext("a:updated", namespaces=NS).endswith("T00:00:00Z")


def test_entries_are_newest_first_with_absolute_links():
    entries = ET.fromstring(feed()).findall("a:entry", NS)
    assert [e.findtext("a:title", namespaces=NS) for e in entries] == ["Newest paper", "Mid news", "Old news"]
    assert [e.findtext("a:updated", namespaces=NS) for e in entries] == [
        "2024-07-01T00:00:00Z",
        "2024-03-01T00:00:00Z",
        "2023-02-10T00:00:00Z",
    ]
    hrefs = [[link.get("href") for link in e.findall("a:link", NS)] for e in entries]
    assert hrefs == [["https://example.org/~qi/#pub-a"], [], ["https://example.org/~qi/news/old/"]]
    assert [e.find("a:category", NS).get("term") for e in entries] == ["publication", "news", "news"]
    assert entries[0].find("a:summary", NS) is None
    assert entries[2].findtext("a:summary", namespaces=NS) == "Plain text."


def test_output_is_identical_across_calls_and_input_orders():
    assert feed() == feed()
    assert feed(items=items()[::-1]) == feed()  # no two items share a date, so input order does not matter


def test_items_of_the_same_date_keep_their_order():
    same_day = [FeedItem(f"tag:x,2024:{n}", n, None, "2024-05-05") for n in ("first", "second", "third")]
    entries = ET.fromstring(feed(items=same_day)).findall("a:entry", NS)
    assert [e.findtext("a:title", namespaces=NS) for e in entries] == ["first", "second", "third"]


def test_given_updated_wins_and_an_empty_feed_needs_one():
    root = ET.fromstring(feed(updated="2025-01-02", items=[]))
    assert root.findtext("a:updated", namespaces=NS) == "2025-01-02T00:00:00Z"
    assert root.findall("a:entry", NS) == []
    with pytest.raises(ValueError):
        feed(items=[])


def test_relative_feed_urls_are_refused():
    with pytest.raises(ValueError):
        feed(site_url="/", feed_url="/feed.xml")


def test_text_cannot_break_the_xml():
    hostile = 'A <b>&amp; "q" ]]> \x0b\x00 end'
    root = ET.fromstring(feed(title=hostile, items=[FeedItem("tag:x,2024:1", hostile, None, "2024", hostile)]))
    assert root.findtext("a:title", namespaces=NS) == 'A <b>&amp; "q" ]]>  end'
    assert root.findtext("a:entry/a:summary", namespaces=NS) == 'A <b>&amp; "q" ]]>  end'


def test_publication_feed_items():
    pubs = [
        Publication(title="Dated", key="qi2024:dated", year=2024, month=7, abstract="Some *Markdown*."),
        Publication(title="Year only", key="y", year=2021, abstract="a *b*", trusted=False),
        Publication(title="Undated", key="u"),
    ]
    page = "https://example.org/~qi/publications/"
    assert publication_feed_items(pubs, page_url=page) == [
        FeedItem(
            f"{page}#pub-qi2024-dated",
            "Dated",
            f"{page}#pub-qi2024-dated",
            "2024-07-01",
            "Some Markdown.",
            "publication",
        ),
        FeedItem(f"{page}#pub-y", "Year only", f"{page}#pub-y", "2021-01-01", "a *b*", "publication"),
    ]
    with pytest.raises(ValueError):
        publication_feed_items(pubs, page_url="publications/")


def test_publication_items_make_a_valid_feed():
    pubs = [Publication(title=f"Paper {i}", key=f"p{i}", year=2020 + i) for i in range(3)]
    items = publication_feed_items(pubs, page_url=SITE)
    root = ET.fromstring(atom_feed(title="T", site_url=SITE, feed_url=FEED, author_name="A", updated=None, items=items))
    assert [e.findtext("a:title", namespaces=NS) for e in root.findall("a:entry", NS)] == [
        "Paper 2",
        "Paper 1",
        "Paper 0",
    ]
