"""Give each language folder of the built site a sitemap.xml.

mkdocs-static-i18n writes one sitemap (with every language's pages) at the
root, but Material's language selector fetches ``<language>/sitemap.xml`` to
find the same page in the other language; without it the browser logs a 404.
"""

import shutil
from pathlib import Path


def on_post_build(config, **kwargs):
    site = Path(config.site_dir)
    root_sitemap = site / "sitemap.xml"
    if not root_sitemap.is_file():
        return
    for alternate in config.extra.get("alternate", []):
        folder = site / alternate["link"].strip("/")
        if folder != site and folder.is_dir() and not (folder / "sitemap.xml").exists():
            shutil.copyfile(root_sitemap, folder / "sitemap.xml")
