"""Which BibTeX fields a visitor's copy of an entry leaves out: al-folio's display fields and private ones.

Apart from the reader, so the settings and the cache keys that name them need not import bibtexparser.
"""

# Fields that only steer how al-folio shows an entry; they are left out of the BibTeX a visitor copies.
DISPLAY_ONLY_FIELDS = frozenset(
    (
        "abbr",
        "selected",
        "preview",
        "pdf",
        "code",
        "html",
        "slides",
        "poster",
        "video",
        "website",
        "supp",
        "blog",
        "bibtex_show",
        "google_scholar_id",
        "award",
        "award_name",
        "additional_info",
        "annotation",
        "hal",
        "members",
    )
)

# Fields that reference managers fill with what is private by nature: local file paths (Zotero, JabRef,
# Mendeley's `file`; BibDesk's base64 `bdsk-file-N` aliases), reading notes, owners and dates. They are cut
# from every published form of an entry; a name ending in `*` stands for every name it begins.
PRIVATE_FIELDS = (
    "file",
    "bdsk-file-*",
    "bdsk-url-*",
    "annote",
    "annotation",
    "abstract_note",
    "comment",
    "comments",
    "owner",
    "timestamp",
    "date-added",
    "date-modified",
    "local-url",
    "mendeley-groups",
    "mendeley-tags",
    "groups",
    "readstatus",
)


class PrivateFields:
    """Which field names are private: names given whole, and names ending in ``*`` as prefixes."""

    def __init__(self, names=PRIVATE_FIELDS):
        names = [name.strip().lower() for name in names]
        self.whole = frozenset(name for name in names if not name.endswith("*"))
        self.prefixes = tuple(name[:-1] for name in names if name.endswith("*"))

    def __contains__(self, name: str) -> bool:
        return name in self.whole or name.startswith(self.prefixes)
