"""Realistic synthetic .bib files, deterministic for a seed.

What a researcher's (or a lab's) al-folio ``papers.bib`` looks like, at any size:

- 3-15 authors per entry, some names with accents written as TeX (``M{\\"u}ller``, ``Andr\\'{e}``,
  ``Ko{\\v{c}}i``), some written "Last, First" and some "First Last", now and then ``and others``;
- titles with protected braces (``{GPU}``, ``{PipeThreader}:``) and, in some, math such as ``$O(n \\log n)$``;
- abstracts of a few hundred characters (some with a ``\\%`` or a ``--``);
- al-folio's fields (``abbr``, ``selected``, ``pdf`` (mostly URLs, some file names under assets/pdf/),
  ``code``, ``bibtex_show``), ``doi``, ``url``,
  arXiv ``eprint``/``archivePrefix``, ``keywords``;
- month macros (``month = jul``) and ``@string`` macros for venues (``booktitle = neurips # { 2023}``).

Entry ``i`` depends only on ``(seed, i)``, so the first N entries of a big file are the N entries of a
small one (the benchmark uses that to subsample the slow naive path). ``retitle`` edits one entry's title,
as an author does while ``mkdocs serve`` runs.

    python -m benchmarks.synthetic 2000 > papers.bib
"""

from __future__ import annotations

import random
import re
import sys

GIVEN = [
    "Yu",
    "Lei",
    "Yining",
    "Jilong",
    "Lingxiao",
    "Maria",
    "Anna",
    "Peter",
    "James",
    "Wei",
    "Xin",
    "Hao",
    "Sofia",
    "Lukas",
    "Elena",
    "Ahmed",
    "Priya",
    "Kenji",
    "Olga",
    "Thomas",
    "Chen",
    "Fatima",
    "Diego",
    'J{\\"u}rgen',
    "Andr\\'{e}",
    "Ren{\\'e}e",
    "Fran{\\c{c}}ois",
    "Jos{\\'e}",
    'Bj{\\"o}rn',
    "S{\\o}ren",
    'Zo{\\"e}',
    "Ma{\\l}gorzata",
    "{\\v{S}}t{\\v{e}}p{\\'a}n",
    "In{\\^e}s",
    "{\\'A}lvaro",
]
FAMILY = [
    "Cheng",
    "Wang",
    "Shi",
    "Xue",
    "Ma",
    "Zhang",
    "Li",
    "Liu",
    "Chen",
    "Smith",
    "Johnson",
    "Garcia",
    "Kim",
    "Nguyen",
    "Tanaka",
    "Ivanova",
    "Rossi",
    "Schmidt",
    "Patel",
    "Okafor",
    "Huang",
    "Zhao",
    'M{\\"u}ller',
    "Gonz{\\'a}lez",
    "Ko{\\v{c}}i",
    "Dvo{\\v{r}}{\\'a}k",
    "{\\v{C}}apek",
    "Erd{\\H{o}}s",
    'Sch{\\"o}nberg',
    "Jim\\'{e}nez",
    "N{\\'u}{\\~n}ez",
    "{\\O}stergaard",
    "Wei{\\ss}",
    'Gr{\\"a}f',
    "van der Berg",
    "de la Cruz",
]
TOPICS = [
    "Deep Learning Compilers",
    "Sparse Attention",
    "Pipeline Parallelism",
    "Kernel Fusion",
    "Graph Neural Networks",
    "Quantized Inference",
    "Distributed Training",
    "Memory Disaggregation",
    "Serverless Inference",
    "Tensor Programs",
    "Mixture-of-Experts Serving",
    "Key-Value Caches",
    "Federated Learning",
    "Auto-Tuning",
]
ACRONYMS = ["GPU", "DNN", "LLM", "TPU", "CUDA", "MLIR", "RDMA", "FPGA", "SIMD", "KV"]
SYSTEMS = [
    "PipeThreader",
    "TileLang",
    "HySparse",
    "GoldMiner",
    "Zoomer",
    "FractalTensor",
    "Welder",
    "Roller",
    "Ladder",
    "Nimble",
]
VERBS = ["Towards", "Scaling", "Rethinking", "Accelerating", "Understanding", "Taming", "Efficient", "Automatic"]
MATH = ["$O(n \\log n)$", "$O(n^2)$", "$\\epsilon$-Optimal", "$k$-Sparse", "$\\ell_1$"]
NEXT = [
    "at Scale",
    "for Modern Accelerators",
    "with Learned Cost Models",
    "on Heterogeneous Clusters",
    "without Compromise",
    "via Program Synthesis",
    "in Production",
]
STRINGS = [
    ("osdi", "USENIX Symposium on Operating Systems Design and Implementation (OSDI)", "OSDI"),
    ("sosp", "ACM Symposium on Operating Systems Principles (SOSP)", "SOSP"),
    ("neurips", "Advances in Neural Information Processing Systems (NeurIPS)", "NeurIPS"),
    ("iclr", "International Conference on Learning Representations (ICLR)", "ICLR"),
    (
        "asplos",
        "ACM International Conference on Architectural Support for Programming Languages "
        "and Operating Systems (ASPLOS)",
        "ASPLOS",
    ),
    ("mlsys", "Conference on Machine Learning and Systems (MLSys)", "MLSys"),
]
JOURNALS = [
    ("IEEE Transactions on Parallel and Distributed Systems", "TPDS"),
    ("ACM Transactions on Computer Systems", "TOCS"),
    ("Journal of Machine Learning Research", "JMLR"),
    ("Communications of the {ACM}", "CACM"),
]
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
WORDS = (
    "we present a system that schedules tensor operators across heterogeneous accelerators while keeping "
    "memory traffic low our evaluation shows speedups over state of the art baselines on large language "
    "model inference and training workloads the design exploits sparsity locality and asynchrony and it "
    "is implemented in a compiler that generates efficient kernels for modern hardware"
).split()


def header(seed: int = 0) -> str:
    """The file's head: a comment and the @string macros (the same for every size)."""
    lines = [f"% Synthetic al-folio bibliography (seed {seed}), written by benchmarks/synthetic.py.", ""]
    for name, value, _ in STRINGS:
        lines.append(f'@string{{{name} = "{value}"}}')
    return "\n".join(lines) + "\n\n"


def _name(rng: random.Random) -> str:
    given, family = rng.choice(GIVEN), rng.choice(FAMILY)
    if rng.random() < 0.15:
        given = f"{given} {rng.choice('ABCDEFGHJKLMNPRSTW')}."
    return f"{family}, {given}" if rng.random() < 0.5 else f"{given} {family}"


def _title(rng: random.Random) -> str:
    roll = rng.random()
    topic = rng.choice(TOPICS)
    if roll < 0.3:
        title = f"{{{rng.choice(SYSTEMS)}}}: {rng.choice(VERBS)} {topic} on {{{rng.choice(ACRONYMS)}}}s"
    elif roll < 0.5:
        title = f"{rng.choice(VERBS)} {topic} in {rng.choice(MATH)} Time"
    elif roll < 0.75:
        title = f"{rng.choice(VERBS)} {{{rng.choice(ACRONYMS)}}} {topic} {rng.choice(NEXT)}"
    else:
        title = f"{rng.choice(VERBS)} {topic} {rng.choice(NEXT)}"
    return title


def _abstract(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(40, 70))]
    words[0] = words[0].capitalize()
    text = " ".join(words)
    if rng.random() < 0.3:
        text += (
            f" It reaches {rng.randint(10, 99)}\\% of peak --- on {{{rng.choice(ACRONYMS)}}}s --- "
            f"in {rng.choice(MATH)} time"
        )
    return text + "."


def entry(i: int, seed: int = 0) -> str:
    """The i-th entry of the file for ``seed``."""
    rng = random.Random(seed * 1_000_003 + i)
    authors = [_name(rng) for _ in range(rng.randint(3, 15))]
    if rng.random() < 0.1:
        authors[-1] = "others"
    year = 1995 + rng.randint(0, 30)
    first_family = authors[0].split(",")[0].split()[-1] if "," in authors[0] else authors[0].split()[-1]
    key = "".join(ch for ch in first_family if ch.isalpha()).lower() + f"{year}p{i}"
    kind = rng.random()
    fields: list[tuple[str, str]] = []
    if kind < 0.55:
        entry_type = "inproceedings"
        name, _, abbr = rng.choice(STRINGS)
        fields.append(("booktitle", f"{name} # {{ {year}}}" if rng.random() < 0.5 else name))
    elif kind < 0.85:
        entry_type = "article"
        journal, abbr = rng.choice(JOURNALS)
        fields += [
            ("journal", f"{{{journal}}}"),
            ("volume", f"{{{rng.randint(1, 60)}}}"),
            ("number", f"{{{rng.randint(1, 12)}}}"),
            ("pages", f"{{{rng.randint(1, 900)}--{rng.randint(901, 1800)}}}"),
        ]
    else:
        entry_type = "misc"
        abbr = "arXiv"
        arxiv = f"{year % 100:02d}{rng.randint(1, 12):02d}.{rng.randint(10000, 99999)}"
        fields += [
            ("journal", f"{{arXiv preprint arXiv:{arxiv}}}"),
            ("eprint", f"{{{arxiv}}}"),
            ("archivePrefix", "{arXiv}"),
        ]
    fields = [("title", f"{{{_title(rng)}}}"), ("author", "{" + " and ".join(authors) + "}")] + fields
    fields.append(("year", f"{{{year}}}") if rng.random() < 0.7 else ("year", str(year)))
    if rng.random() < 0.8:
        fields.append(("month", rng.choice(MONTHS)))
    if rng.random() < 0.85:
        fields.append(("abstract", f"{{{_abstract(rng)}}}"))
    if rng.random() < 0.6:
        fields.append(("doi", f"{{10.{rng.randint(1000, 9999)}/{key}}}"))
    if rng.random() < 0.3:
        fields.append(("url", f"{{https://example.org/papers/{key}}}"))
    if rng.random() < 0.4:
        fields.append(
            (
                "keywords",
                "{" + ", ".join(rng.sample(["compilers", "systems", "ml", "gpu", "sparsity", "serving"], 2)) + "}",
            )
        )
    # al-folio's display fields
    if rng.random() < 0.9:
        fields.append(("abbr", f"{{{abbr}}}"))
    if rng.random() < 0.1:
        fields.append(("selected", "{true}"))
    if rng.random() < 0.5:  # al-folio: a file name under assets/pdf/ (see local_pdfs), or a URL
        fields.append(("pdf", f"{{{key}.pdf}}" if rng.random() < 0.15 else f"{{https://example.org/pdf/{key}.pdf}}"))
    if rng.random() < 0.3:
        fields.append(("code", f"{{https://github.com/example/{key}}}"))
    if rng.random() < 0.7:
        fields.append(("bibtex_show", "{true}"))
    body = ",\n".join(f"  {name} = {value}" for name, value in fields)
    return f"@{entry_type}{{{key},\n{body}\n}}\n"


def local_pdfs(text: str) -> list[str]:
    """The pdf file names (not URLs) a generated file refers to: a site puts them under docs/assets/pdf/."""
    return re.findall(r"^  pdf = \{([^/{}]+\.pdf)\},?$", text, re.MULTILINE)


def keys(text: str) -> list[str]:
    """The entry keys of a generated file, in order (its @string macros left out)."""
    return re.findall(r"^@(?!string\{)\w+\{([^,\n]+),$", text, re.MULTILINE)


def generate(n: int, seed: int = 0) -> str:
    """A whole .bib file of ``n`` entries."""
    return header(seed) + "\n".join(entry(i, seed) for i in range(n))


RETITLE_MARK = "Retitled"  # a word no generated title has


def retitle(text: str) -> str:
    """``text`` (a generated file) with one entry's title changed, as an author edits one paper: the middle
    entry's title gets ``RETITLE_MARK`` in front (again on each call)."""
    field = "\n  title = {"
    at = -1
    for _ in range(text.count(field) // 2 + 1):
        at = text.find(field, at + 1)
    if at < 0:
        raise ValueError("no title field in the file")
    cut = at + len(field)
    return text[:cut] + RETITLE_MARK + " " + text[cut:]


def first_entries(n: int, seed: int = 0) -> str:
    """The head and first ``n`` entries: exactly the start of ``generate(m, seed)`` for any m >= n."""
    return generate(n, seed)


if __name__ == "__main__":
    sys.stdout.write(
        generate(int(sys.argv[1]) if len(sys.argv) > 1 else 100, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    )
