"""mkdocs-researcher: a researcher's profile front matter as finished homepage sections."""

__version__ = "0.1.0"
