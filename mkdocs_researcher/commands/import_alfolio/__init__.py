"""`mkdocs-researcher import-alfolio`: an al-folio (Jekyll) site as a researcher site."""

from .importer import import_alfolio
from .source import NotAlFolio

__all__ = ["NotAlFolio", "import_alfolio"]
