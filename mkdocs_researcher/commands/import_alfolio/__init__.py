"""`mkdocs-researcher import-alfolio`: an al-folio (Jekyll) site as a researcher site."""

from .importer import NotAlFolio, import_alfolio

__all__ = ["NotAlFolio", "import_alfolio"]
