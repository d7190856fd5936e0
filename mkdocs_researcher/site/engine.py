"""What the core needs of the engine's configuration, as each engine adapter hands it over."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class EngineSettings:
    """What the core needs of the engine's configuration."""

    config_file: Path  # mkdocs.yml: messages name files relative to its folder
    docs_dir: Path
    template_dirs: list[str]  # the theme's folders in lookup order, this package's among them
    site_url: str | None = None
    site_name: str = ""
    use_directory_urls: bool = True
    markdown_extensions: list = field(default_factory=list)
    mdx_configs: dict = field(default_factory=dict)
    theme_name: str | None = None
    theme_language: str | None = None
    theme_locale: str | None = None
    writes_files: bool = False  # writes the files a page links to (page_files) beside the page
    reads_search_views: bool = False  # its search parses a page's search view (search_view) in place of the page
    # Reads a relative URL in a page's HTML from the folder of the page's source file (Zensical: people/ for
    # people/qi.md), not from the page's own URL (MkDocs: people/qi/).
    urls_relative_to_source: bool = False

    @property
    def project_dir(self) -> Path:
        return self.config_file.parent
