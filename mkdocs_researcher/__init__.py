"""mkdocs-researcher: a researcher's profile front matter as finished homepage sections."""

__version__ = "0.1.0"


def makeExtension(**options):
    """The Markdown extension that ``- mkdocs_researcher`` under markdown_extensions names (every engine runs it);
    imported only then, so importing the package stays light."""
    from .extension import ResearcherExtension

    return ResearcherExtension(**options)
