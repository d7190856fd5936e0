"""What the site knows beyond an entry, looked up for the renderer: authors' pages, stars, citations.

The renderer asks; the answers come from the site's data (the people folder's
member pages, coauthors.yml, the counts `mkdocs-researcher refresh` wrote),
so rendering never reads or fetches anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.identifiers import normalise_repo, work_id
from ..model.names import SelfMatcher
from ..model.records import Author, Project, Publication
from ..sources.coauthors import homepage


@dataclass
class SiteFacts:
    members: list[tuple[SelfMatcher, str]] = field(default_factory=list)  # a member's names -> their page's URL
    coauthors: dict = field(default_factory=dict)  # see sources/coauthors.py
    counts: dict | None = None  # researcher-counts.yml, when show_counts is on

    def member_page(self, author: Author) -> str | None:
        """The URL (relative to the page being built) of the page of the lab member who is ``author``."""
        if not self.members:
            return None
        return next((url for matcher, url in self.members if matcher.matches(author)), None)

    def homepage(self, author: Author) -> str | None:
        """The author's own URL, else coauthors.yml's for that name (as written: relative to the page's source)."""
        return author.url or (homepage(author, self.coauthors) if self.coauthors else None)

    def stars(self, project: Project) -> int | None:
        repo = normalise_repo(project.repo) if self.counts and project.repo else None
        return self.counts.get("stars", {}).get(repo) if repo else None

    def citations(self, pub: Publication) -> int | None:
        work = work_id(pub) if self.counts else None
        return self.counts.get("citations", {}).get(work) if work else None
