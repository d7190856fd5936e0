"""Cache files that hold data only: reading one can never run code.

A cache folder may come with a repository (committed by mistake, or on purpose by someone who wants
CI to run their code), so nothing in it is executed or unpickled. Each file is one line of JSON,
``{"format": FORMAT, "key": …, "texts": [lengths in bytes], "data": …}``, followed by the texts it
names, as UTF-8: a rendered page is megabytes of HTML full of quotes, which JSON would escape, and
unescape at a fifth of the speed of reading them as they are. ``data`` holds plain values only; the
dataclasses a cache keeps are written field by field (``DataclassCodec``) and rebuilt as the known
classes, each field's type checked; no name read from a file ever chooses what is built.

A file of another ``FORMAT`` (an older version of this package) or of another key (its input changed)
is a miss, silently. A file that cannot be read or decoded, or whose values have the wrong shape, is a
miss too, and is noted in ``problems``: the plugin reports them in one warning per build, and the entry
is computed and written again. Writes go to a temporary file that replaces the old one, so a reader
never sees half a file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import operator
import os
import re
import tempfile
import types
import typing
from collections.abc import Callable
from pathlib import Path

from ..diagnostics import Place
from ..regular_files import open_regular

FORMAT = 8  # 2: publications gained volume, issue, pages, publisher, edition, editors, series, ISBN and ISSN;
# 3: their image, and the inline HTML their text was written with (markup); 4: a parsed file's entry records;
# 5: a rendered page's search blocks; 6: a parsed file's records are by chunk; 7: a parsed file holds no records;
# 8: a parsed file's abstracts and BibTeX are texts beside its JSON

# What this store writes (NAME.json, NAME.RANDOM.tmp while writing) and what earlier versions wrote
# (NAME.pickle, NAME.tmp): the only files a prune may remove, whatever folder the site names as its cache.
_OWN_FILE = re.compile(r"[0-9a-f]{32,64}(?:-[0-9a-f]{16})?(?:\.json|\.pickle|(?:\.[A-Za-z0-9_]+)?\.tmp)")


class WrongShape(ValueError):
    """A cache file's values are not what its reader expects."""


class CacheStore:
    """The files of one cache folder (``None``: no folder, nothing kept), by name."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.problems: list[Path] = []  # files found unreadable or corrupt, until the plugin reports them

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def exists(self, name: str) -> bool:
        return self.folder is not None and self.path(name).exists()

    def read(self, name: str, key: str, decode: Callable[[object, list[str]], object]):
        """``decode(data, texts)`` of the file written for ``key``; None when there is none (or no good one)."""
        if self.folder is None:
            return None
        path = self.path(name)
        try:
            # Only a regular file this store could have written: not a link (to /dev/zero, which never ends),
            # a pipe or a folder, nor one larger than any it writes.
            with open_regular(path, follow_links=False) as handle:
                record = json.loads(handle.readline().decode("utf-8"))
                if not isinstance(record, dict):
                    raise WrongShape("not a record")
                if record.get("format") != FORMAT or record.get("key") != key:
                    return None  # another version's file, or another input's: a plain miss
                lengths = record["texts"]
                if not isinstance(lengths, list) or not all(type(n) is int and n >= 0 for n in lengths):
                    raise WrongShape("no lengths of texts")
                # The texts fill the rest of the file: a length past its end is never asked of read().
                if sum(lengths) != os.fstat(handle.fileno()).st_size - handle.tell():
                    raise WrongShape("not the size of its texts")
                # One text at a time, as it lies: most are plain ASCII, which decodes at the speed of a copy.
                texts = []
                for length in lengths:
                    text = handle.read(length)
                    if len(text) != length:
                        raise WrongShape("cut short")
                    texts.append(text.decode("utf-8", "surrogatepass"))
                if handle.read(1):
                    raise WrongShape("more than its texts")
            return decode(record["data"], texts)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, TypeError, KeyError, RecursionError):
            self.problems.append(path)
            return None

    def write(self, name: str, key: str, data, texts: list[str] = ()) -> None:
        if self.folder is None:
            return
        encoded = [text.encode("utf-8", "surrogatepass") for text in texts]
        # ASCII (other characters as \u escapes): as quick to write, and quicker to read back.
        head = json.dumps(
            {"format": FORMAT, "key": key, "texts": list(map(len, encoded)), "data": data},
            separators=(",", ":"),
            check_circular=False,
        )
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=f"{name}.", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(head.encode("ascii") + b"\n")
                    file.writelines(encoded)
                os.replace(temporary, self.path(name))
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError:
            pass  # a read-only checkout still builds, only slower

    def prune(self, keep: Callable[[str], bool]) -> None:
        """Remove this store's files (and earlier versions') whose name ``keep`` refuses."""
        if self.folder is None:
            return
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        for entry in entries:
            if _OWN_FILE.fullmatch(entry.name) and not keep(entry.name.split(".", 1)[0]) and entry.is_file():
                try:
                    os.unlink(entry.path)
                except OSError:
                    pass  # gone already, or not ours to remove: the next build tries again


class DataclassCodec:
    """Known dataclasses as JSON lists of their fields, in declaration order, and back.

    Only the classes given are ever built, each from its own fields' values, every one checked
    against the field's type (str, int, bool, float, None, unions of them, lists, mappings with str
    keys, tuples of str/int that may start with a ``Place``, and the other classes given); anything else
    raises ``WrongShape``.

    Instances of the ``shared`` classes (frozen, of plain fields: an entry's authors) are written once
    each, in a table, and referred to by their number: the same names recur in most entries of a
    researcher's list, and each object read back costs more than the number does.
    """

    def __init__(self, *classes: type, shared: tuple[type, ...] = ()):
        self.fields = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in (*classes, *shared)}
        self.hints = {cls: typing.get_type_hints(cls) for cls in self.fields}
        self.shared = shared
        # What encode() needs of each class: all its fields' values at once, and which of them are not plain, each
        # with the shared class its list holds (None: encoded item by item). A list or mapping of plain values
        # (tags) is plain already and is written as it is.
        self._rows = {
            cls: (
                _field_values(names),
                [
                    (i, _listed_class(self.hints[cls][name], shared))
                    for i, name in enumerate(names)
                    if not _plain_types(self.hints[cls][name]) and not _plain_container(self.hints[cls][name])
                ],
            )
            for cls, names in self.fields.items()
        }
        for cls in shared:
            if not cls.__dataclass_params__.frozen or not all(
                _plain_types(self.hints[cls][name]) for name in self.fields[cls]
            ):
                raise TypeError(f"{cls.__name__} cannot be shared: only frozen classes of plain fields can")
        empty = _Decoder(self, [[] for _ in shared])
        for cls in classes:
            empty.reader(cls)  # a field of a type no file can hold fails here, on import, not in a build

    def encode(self, value) -> list:
        """``[tables of the shared classes, value]``, of plain values only."""
        numbers: dict[type, dict] = {cls: {} for cls in self.shared}  # an instance (equal ones are one) -> its number

        def plain(value):
            kind = type(value)
            if kind in numbers:
                known = numbers[kind]
                number = known.get(value)
                if number is None:
                    number = known[value] = len(known)
                return number
            known = self._rows.get(kind)
            if known is not None:
                values, nested = known
                row = values(value)
                for index, listed in nested:
                    item = row[index]
                    if listed is not None and type(item) is list:  # an entry's authors: their numbers
                        table = numbers[listed]
                        row[index] = [
                            number if (number := table.get(x)) is not None else table.setdefault(x, len(table))
                            for x in item
                        ]
                    else:
                        row[index] = plain(item)
                return row
            if kind is list or kind is tuple:
                return [plain(item) for item in value]
            if kind is dict:
                return {name: plain(item) for name, item in value.items()}
            return value

        body = plain(value)
        tables = [list(map(self._rows[cls][0], numbers[cls])) for cls in self.shared]
        return [tables, body]

    def decode(self, hint, data):
        """What ``encode`` made of a ``hint`` (one of the classes given, or a type made of them:
        ``list[Publication]``)."""
        if type(data) is not list or len(data) != 2 or type(data[0]) is not list or len(data[0]) != len(self.shared):
            raise WrongShape("not encoded values")
        return _Decoder(self, data[0]).reader(hint)(data[1])


class _Decoder:
    """The readers of one encoded value: each checks a value's shape and returns it in its Python form."""

    def __init__(self, codec: DataclassCodec, tables: list):
        self.codec = codec
        self.readers: dict = {}
        self.tables: dict[type, list] = {}  # the instances of each shared class, by number
        for cls, rows in zip(codec.shared, tables, strict=True):
            self.tables[cls] = list(map(self._class_reader(cls), rows)) if type(rows) is list else _wrong(rows)

    def reader(self, hint):
        found = self.readers.get(hint)
        if found is None:
            found = self.readers[hint] = self._reader(hint)
        return found

    def _reader(self, hint):
        if hint in self.tables:
            table = self.tables[hint]
            return lambda number: table[number] if type(number) is int and 0 <= number < len(table) else _wrong(number)
        if hint in self.codec.fields:
            return self._class_reader(hint)
        origin, arguments = typing.get_origin(hint), typing.get_args(hint)
        if hint is tuple:  # where an entry was written: keys and list indexes, after its Place in a file
            return self._field_path
        if origin is list and arguments[0] in self.tables:  # an entry's authors: numbers, checked at once
            table = self.tables[arguments[0]]
            return lambda value: (
                list(map(table.__getitem__, value)) if _numbers_below(value, len(table)) else _wrong(value)
            )
        if origin is list and _plain_types(arguments[0]):  # tags: plain values, checked at once
            allowed = _plain_types(arguments[0])
            return lambda value: value if type(value) is list and set(map(type, value)) <= allowed else _wrong(value)
        if origin is list:
            item = self.reader(arguments[0])
            return lambda value: list(map(item, value)) if type(value) is list else _wrong(value)
        if origin is dict and arguments[0] is str:
            item = self.reader(arguments[1])
            return lambda value: {k: item(x) for k, x in value.items()} if type(value) is dict else _wrong(value)
        allowed = _plain_types(hint)
        if allowed:
            return lambda value: value if type(value) in allowed else _wrong(value)
        if origin in (typing.Union, types.UnionType):
            choices = [self.reader(argument) for argument in arguments]
            return lambda value: _first_fitting(choices, value)
        raise TypeError(f"a field of type {hint} cannot be kept in a cache file")

    def _field_path(self, value) -> tuple:
        if type(value) is list and value and type(value[0]) is list and Place in self.codec.fields:
            return (self.reader(Place)(value[0]), *_field_path(value[1:]))
        return _field_path(value)

    def _class_reader(self, cls: type):
        fields, hints = self.codec.fields[cls], self.codec.hints[cls]
        # Each field's allowed types, checked in one pass; fields that hold more than a plain value (lists,
        # tuples, other classes) are then read by their own reader.
        allowed = [_plain_types(hints[name]) or self._json_types(hints[name]) for name in fields]
        nested = [
            (index, self.reader(hints[name])) for index, name in enumerate(fields) if not _plain_types(hints[name])
        ]
        count, fits, new = len(fields), frozenset.__contains__, object.__new__
        slotted = "__slots__" in cls.__dict__  # the model's many records keep no dict each

        def read(value):
            if type(value) is not list or len(value) != count or not all(map(fits, allowed, map(type, value))):
                raise WrongShape(f"not a {cls.__name__}")
            for index, reader in nested:
                value[index] = reader(value[index])
            made = new(cls)  # every field is set here, so no __init__ (frozen classes included)
            if slotted:
                for name, item in zip(fields, value, strict=True):
                    object.__setattr__(made, name, item)
            else:
                made.__dict__.update(zip(fields, value, strict=True))
            return made

        return read

    def _json_types(self, hint) -> frozenset:
        """What JSON holds for a field that is not plain: a list (a list, tuple or class), a mapping, a number
        (a shared instance), None."""
        arguments = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
        return frozenset(
            type(None)
            if argument is type(None)
            else int
            if argument in self.tables
            else dict
            if typing.get_origin(argument) is dict
            else list
            for argument in arguments
        )


def _field_values(names: tuple[str, ...]) -> Callable[[object], list]:
    """A function giving an instance's field values as a list, in one call."""
    if len(names) == 1:
        return lambda instance: [getattr(instance, names[0])]
    values = operator.attrgetter(*names)
    return lambda instance: list(values(instance))


def _listed_class(hint, shared: tuple[type, ...]) -> type | None:
    """The shared class a field's ``list[...]`` holds, or None."""
    arguments = typing.get_args(hint)
    return arguments[0] if typing.get_origin(hint) is list and arguments and arguments[0] in shared else None


def _plain_container(hint) -> bool:
    """A list or a mapping with str keys whose values are plain: JSON as it is."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin is list:
        return bool(_plain_types(arguments[0]))
    return origin is dict and arguments[0] is str and bool(_plain_types(arguments[1]))


def _plain_types(hint) -> frozenset:
    """The types a field of plain values (str, int, bool, float, None, or a union of them) may hold; empty for
    any other."""
    arguments = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    return frozenset(arguments) if all(argument in _PLAIN for argument in arguments) else frozenset()


_PLAIN = (str, int, bool, float, type(None))


def _numbers_below(value, limit: int) -> bool:
    return type(value) is list and (
        not value or (set(map(type, value)) == _INT and min(value) >= 0 and max(value) < limit)
    )


_INT = {int}


def _field_path(value) -> tuple:
    if type(value) is not list or not set(map(type, value)) <= _KEY_OR_INDEX:
        raise WrongShape("not a field path")
    return tuple(value)


_KEY_OR_INDEX = {str, int}


def _first_fitting(choices, value):
    for choice in choices:
        try:
            return choice(value)
        except WrongShape:
            continue
    raise WrongShape(f"unexpected {type(value).__name__}")


def _wrong(value):
    raise WrongShape(f"unexpected {type(value).__name__}")
