"""Which BibTeX fields a visitor's copy of an entry leaves out: al-folio's display fields and private ones.

Apart from the reader, so the settings and the cache keys that name them need not import bibtexparser.
"""

from collections.abc import Iterable

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

    def among(self, names: Iterable[str]) -> set[str]:
        """Those of ``names`` that are private: a set operation for the names given whole, as most are."""
        names = set(names)
        return names & self.whole | {name for name in names if name.startswith(self.prefixes)}


# --- Names a misspelling is told apart from ---------------------------------------------------------

# Entry types of BibTeX and biblatex (the biblatex manual, 2.1; its aliases and the "custom" types included).
ENTRY_TYPES = frozenset(
    """article book booklet conference inbook incollection inproceedings manual mastersthesis misc phdthesis
    proceedings techreport unpublished mvbook bookinbook suppbook collection mvcollection suppcollection dataset
    online electronic www patent periodical suppperiodical mvproceedings reference mvreference inreference report
    set software thesis xdata artwork audio bibnote commentary image jurisdiction legislation legal letter movie
    music performance review standard video customa customb customc customd custome customf""".split()
)

# Field names that some tool or style means: BibTeX's, biblatex's (data fields, special fields and aliases),
# and those exporters write (DBLP, ACM, ADS, INSPIRE, arXiv, HAL, Zotero, JabRef, BibDesk, Mendeley, CiteULike,
# Scopus and Web of Science). Together with al-folio's display fields, the private fields and the link fields
# (publication_fields), a name not among them that is close to one of them is taken for a misspelling.
KNOWN_FIELDS = frozenset(
    """address annote author booktitle chapter crossref edition editor howpublished institution journal key month
    note number organization pages publisher school series title type volume year
    abstract addendum afterword annotation annotator authortype bookauthor bookpagination booksubtitle
    booktitleaddon commentator date doi editora editorb editorc editortype editoratype editorbtype editorctype eid
    entrysubtype eprint eprintclass eprinttype eventdate eventtitle eventtitleaddon file foreword holder indextitle
    introduction isan isbn ismn isrn issn issue issuesubtitle issuetitle issuetitleaddon iswc journalsubtitle
    journaltitle journaltitleaddon label language library location mainsubtitle maintitle maintitleaddon nameaddon
    origdate origlanguage origlocation origpublisher origtitle pagetotal pagination part pubstate reprinttitle
    shortauthor shorteditor shorthand shorthandintro shortjournal shortseries shorttitle subtitle titleaddon
    translator url urldate venue version volumes
    entryset execute gender langid langidopts ids indexsorttitle keywords options presort related relatedoptions
    relatedtype relatedstring sortkey sortname sortshorthand sorttitle sortyear xdata xref namea nameb namec
    nameatype namebtype namectype lista listb listc listd liste listf usera userb userc userd usere userf verba
    verbb verbc archiveprefix primaryclass
    biburl bibsource ee acmid articleno numpages issue_date adsurl adsnote collaboration reportnumber slaccitation
    arxiv hal_id hal_version altmetric dimensions inspirehep_id copyright lccn mrnumber pmid pmcid collaborator
    zotero-item-key citation-key affiliation affiliations author_keywords keywords-plus art_number coden
    correspondence_address correspondence_address1 document_type source eissn unique-id da journal-iso
    ranking priority qualityassured relevance printed creationdate modificationdate rating read posted-at
    citeulike-article-id description id article-number pubmedid""".split()
)
# Names that begin so are some tool's, whatever follows (CiteULike numbers its links).
KNOWN_FIELD_PREFIXES = ("citeulike-linkout-", "comment-")  # JabRef 5 writes a note per user: comment-<user>
# Emacs's bibtex-mode writes OPT before a field left to fill in, and ALT before one of two alternatives; BibTeX
# reads neither, by design (nor a known name with a number after it, as in selected1: put aside on purpose).
DISABLED_FIELD_PREFIXES = ("opt", "alt")
