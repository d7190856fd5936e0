"""``python -m mkdocs_researcher …``: the same as the ``mkdocs-researcher`` command."""

import sys

from .commands.cli import main

sys.exit(main())
