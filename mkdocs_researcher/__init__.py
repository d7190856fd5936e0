"""mkdocs-researcher: a researcher's profile front matter as finished homepage sections."""
