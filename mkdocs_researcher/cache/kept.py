"""What a build computes from content, kept by a key that covers that content: parsed publication files and
rendered pages alike.

A value is kept under a file name (what it is: a page, a file's content) and a key (everything it depends on): a
value whose key changed is computed again, so nothing kept is ever stale. It is kept in the store's folder for
later builds, and in memory while ``mkdocs serve`` runs (rebuilds follow in this process) or, with ``hold``,
during one build too (a .bib several pages show is read once). Under serve a value goes to the folder when serving
stops (``flush``), not on every rebuild that changed it. At the end of a complete build what it did not use is
dropped from memory and folder; with ``group``, using one name keeps every name of its group.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .store import CacheStore

Value = TypeVar("Value")


@dataclass
class Kept(Generic[Value]):
    store: CacheStore
    encode: Callable[[Value], tuple[object, list[str]]]  # a value -> the store's data and texts
    decode: Callable[[object, list[str]], Value]  # and back; raises WrongShape on anything else
    hold: bool = False  # keep values in memory during a single build too
    group: Callable[[str], str] = str  # a file name -> what ``use`` marks for it
    serving: bool = False  # set by the site: rebuilds follow in this process
    memory: dict[str, tuple[str, Value]] = field(default_factory=dict)  # file name -> (key, value)
    used: set[str] = field(default_factory=set)  # the groups this complete build used
    unwritten: set[str] = field(default_factory=set)  # file names serving kept back

    def get(self, name: str, key: str) -> Value | None:
        self.use(self.group(name))
        known = self.memory.get(name)
        if known is not None and known[0] == key:
            if self.store.folder is not None and name not in self.unwritten and not self.store.exists(name):
                self._write(name, known)  # the folder was deleted while `mkdocs serve` ran: the next build needs it
            return known[1]
        value = self.store.read(name, key, self.decode)
        if value is not None and (self.serving or self.hold):
            self.memory[name] = (key, value)
        return value

    def put(self, name: str, key: str, value: Value) -> None:
        self.use(self.group(name))
        if self.serving or self.hold:
            self.memory[name] = (key, value)
        if self.serving:
            self.unwritten.add(name)
        else:
            self._write(name, (key, value))

    def use(self, group: str) -> None:
        """What this group names stays after the build, though nothing of it was read."""
        self.used.add(group)

    def flush(self) -> None:
        """Write what serving kept back."""
        for name in sorted(self.unwritten):
            if name in self.memory:
                self._write(name, self.memory[name])
        self.unwritten.clear()

    def end_build(self, prune: bool) -> None:
        """The complete build is over; with ``prune``, what it did not use leaves memory and folder."""
        if prune:
            self.store.prune(lambda name: self.group(name) in self.used)
            for name in [name for name in self.memory if self.group(name) not in self.used]:
                del self.memory[name]
                self.unwritten.discard(name)
        if not self.serving:
            self.memory.clear()
        self.used.clear()

    def _write(self, name: str, known: tuple[str, Value]) -> None:
        self.store.write(name, known[0], *self.encode(known[1]))
