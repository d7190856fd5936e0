"""A page's sections are in its HTML as soon as the engine has converted its Markdown (extension.py places them
through Python-Markdown's HTML stash): whatever reads the page's HTML afterwards sees them, and no stand-in."""

from __future__ import annotations

import textwrap
from pathlib import Path

from bs4 import BeautifulSoup
from conftest import page

# A hook that reads each page's HTML first of all on_page_content handlers, as another plugin may.
FIRST_READER = textwrap.dedent(
    """\
    from pathlib import Path

    from mkdocs.plugins import event_priority


    @event_priority(100)
    def on_page_content(html, page, config, files):
        seen = Path(config.config_file_path).parent / "seen"
        seen.mkdir(exist_ok=True)
        (seen / page.file.src_uri.replace("/", "_")).write_text(html, encoding="utf-8")
        return html
    """
)
NEWS = [{"date": "2025-07-02", "text": "Paper accepted."}, {"date": "2024-01-05", "text": "Started."}]


def test_every_reader_of_a_pages_html_sees_its_sections(build_site):
    result = build_site(
        {
            "index.md": page({"news": NEWS}, "Hello.\n\n<!-- researcher news -->\n"),
            "people/qi.md": page({"profile": {"name": "Qi Chen"}}),
            "hook.py": FIRST_READER,
        },
        hooks=["docs/hook.py"],
    )
    assert result.error is None, result.messages
    seen = Path(result.site).parent / "seen"
    for name, kind, items in (("index.md", "news", 2), ("people_qi.md", "profile", 1)):
        html = (seen / name).read_text(encoding="utf-8")
        assert "researcher-block" not in html
        section = BeautifulSoup(html, "html.parser").select_one(f".researcher-section.researcher-{kind}")
        assert section is not None and len(section.select(".researcher-item")) == items, name
