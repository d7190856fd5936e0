"""Regenerate the README screenshots of the example site: light, dark and phone width, page by page.

    python example_site/screenshots.py [--out DIR] [--page PATH ...] [--full]

Builds the site, serves it on 127.0.0.1 and photographs it with Debian's
Chromium through Playwright (no browser download).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from browser_support import built_site, launch_chromium, serve  # noqa: E402

SHOTS = {
    "light": {"viewport": {"width": 1280, "height": 1000}, "scheme": "light"},
    "dark": {"viewport": {"width": 1280, "height": 1000}, "scheme": "dark"},
    "phone": {"viewport": {"width": 375, "height": 812}, "scheme": "light"},
}

# The README's gallery: a homepage, the publication list, a lab's people, a member's homepage, one paper's page,
# the CV page (and the first page of its cv.pdf, as cv-pdf.png).
GALLERY = ["", "publications/", "group/", "chengxiang-qi/", "publications/cheng2025pipethreader/", "cv/"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "screenshots")
    parser.add_argument(
        "--page", action="append", help="a page path inside the site, e.g. chengxiang-qi/ (default: the gallery's)"
    )
    parser.add_argument("--full", action="store_true", help="capture the whole page, not the first screen")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with built_site(HERE) as site, serve(site) as base_url, launch_chromium() as browser:
        for path in args.page or GALLERY:
            for name, shot in SHOTS.items():
                page = browser.new_page(viewport=shot["viewport"], color_scheme=shot["scheme"])
                page.goto(base_url + path, wait_until="networkidle")
                suffix = "-" + path.strip("/").replace("/", "-") if path else ""
                target = args.out / f"{name}{suffix}.png"
                page.screenshot(path=str(target), full_page=args.full)
                page.close()
                print(target)
            if path == "cv/":
                print(pdf_first_page(site / "cv" / "cv.pdf", args.out / "cv-pdf"))


def pdf_first_page(pdf: Path, target: Path) -> Path:
    """The PDF's first page as ``target``.png, drawn by poppler's pdftoppm (poppler-utils)."""
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm (poppler-utils) draws the PDF's first page: install it, or leave out cv/")
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, target], check=True)
    return target.with_suffix(".png")


if __name__ == "__main__":
    main()
