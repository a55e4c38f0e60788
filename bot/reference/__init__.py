"""The rules reference: every rule id the bot cites, explained in the project's own words.

``rules.toml`` (next to this module) holds one entry per id (``R6.9``, ``A.2``,
``G7``): the Basic Set pages where GURPS players look it up, the ``/settings``
rule options that change it, and for each language a name, a short statement and,
when it has one, a small table. :func:`reference` loads it once and checks it
(both languages, known rule options, pages like ``B377``); ``/rules`` looks entries
up by id or by words from their names in either language, and every reply that
cites ids names them in its footer (:mod:`bot.render.reference`).
"""

from __future__ import annotations

import functools
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from bot.i18n import FALLBACK_LOCALE, SUPPORTED_LOCALES
from rules.options import RuleOptions

__all__ = [
    "RULE_ID",
    "RuleEntry",
    "RuleText",
    "RulesReference",
    "RulesReferenceError",
    "cited_ids",
    "reference",
]

RULE_ID: Final = re.compile(r"(?<![\w.])(?:R\d+\.\d+|A\.\d+|G\d+)(?!\w|\.\d)")
"""A rule id as replies cite it: ``R6.9``, ``A.2`` or ``G7``."""
_PAGE: Final = re.compile(r"B\d{1,3}")


class RulesReferenceError(ValueError):
    """``rules.toml`` is malformed: the message says which entry and why."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """One language's statement of a rule."""

    name: str
    text: str
    words: str = ""
    table: tuple[tuple[str, ...], ...] = ()
    """Rows of cells, the first the header (empty when the rule has no table)."""


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str
    pages: tuple[str, ...]
    options: tuple[str, ...]
    texts: dict[str, RuleText]

    def text(self, locale: str) -> RuleText:
        return self.texts.get(locale) or self.texts[FALLBACK_LOCALE]

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """R before A before G, then by number: ``R5.9`` before ``R5.10``."""
        kind = "RAG".index(self.id[0])
        numbers = [int(n) for n in re.findall(r"\d+", self.id)]
        return (kind, numbers[0], numbers[1] if len(numbers) > 1 else 0)


def _fold(text: str) -> str:
    """Lower case without accents: "recuo" finds "Recuo", "prostracao" finds "Prostração"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class RulesReference:
    """Every entry by id, and a search over ids and names in both languages."""

    def __init__(self, entries: dict[str, RuleEntry]) -> None:
        self.entries = dict(sorted(entries.items(), key=lambda item: item[1].sort_key))
        self._names = {
            rule_id: " / ".join(_fold(t.name) for t in entry.texts.values())
            for rule_id, entry in self.entries.items()
        }
        self._words = {
            rule_id: " ".join(_fold(t.words) for t in entry.texts.values())
            for rule_id, entry in self.entries.items()
        }

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.entries

    def get(self, rule_id: str) -> RuleEntry | None:
        """An entry by its id, typed in any case (``r6.9``)."""
        cleaned = rule_id.strip()
        return self.entries.get(cleaned) or self.entries.get(cleaned.upper())

    def search(self, typed: str, limit: int = 25) -> list[RuleEntry]:
        """Every entry ``typed`` may mean, the likeliest first: the id itself; ids that start
        with it (``R6`` lists R6.x); names, in either language, holding every typed word;
        then the entries whose search words hold them."""
        tiers = self._tiers(typed)
        return [entry for tier in tiers for entry in tier][:limit]

    def lookup(self, typed: str) -> list[RuleEntry]:
        """What ``/rules`` shows for ``typed``: the best tier of :meth:`search` (one entry
        when the text says which, several to choose from, none when nothing matches)."""
        return next((tier for tier in self._tiers(typed) if tier), [])

    def _tiers(self, typed: str) -> list[list[RuleEntry]]:
        exact = self.get(typed)
        if exact is not None:
            return [[exact]]
        words = _fold(typed).split()
        if not words:
            return [list(self.entries.values())]
        by_id = [
            entry
            for entry in self.entries.values()
            if len(words) == 1 and _fold(entry.id).startswith(words[0])
        ]
        by_name = [
            self.entries[rule_id]
            for rule_id, names in self._names.items()
            if all(word in names for word in words)
        ]
        by_words = [
            self.entries[rule_id]
            for rule_id in self.entries
            if self.entries[rule_id] not in by_name
            and all(word in f"{self._names[rule_id]} {self._words[rule_id]}" for word in words)
        ]
        return [by_id, by_name, by_words]


def _entry(rule_id: str, raw: dict[str, Any]) -> RuleEntry:
    if not RULE_ID.fullmatch(rule_id):
        raise RulesReferenceError(f"{rule_id}: not a rule id")
    pages = tuple(raw.get("pages", ()))
    if any(not _PAGE.fullmatch(page) for page in pages):
        raise RulesReferenceError(f"{rule_id}: pages must look like B377, not {pages}")
    options = tuple(raw.get("options", ()))
    unknown = [name for name in options if name not in RuleOptions.model_fields]
    if unknown:
        raise RulesReferenceError(f"{rule_id}: unknown rule options {unknown}")
    texts: dict[str, RuleText] = {}
    for locale in SUPPORTED_LOCALES:
        found = raw.get(locale)
        if not isinstance(found, dict) or not found.get("name") or not found.get("text"):
            raise RulesReferenceError(f"{rule_id}: no name and text in {locale}")
        table = tuple(
            tuple(cell.strip() for cell in row.split("|")) for row in found.get("table", ())
        )
        if table and len({len(row) for row in table}) != 1:
            raise RulesReferenceError(f"{rule_id}: the {locale} table's rows differ in length")
        texts[locale] = RuleText(
            name=found["name"], text=found["text"], words=found.get("words", ""), table=table
        )
    extra = set(raw) - {"pages", "options", *SUPPORTED_LOCALES}
    if extra:
        raise RulesReferenceError(f"{rule_id}: unknown fields {sorted(extra)}")
    return RuleEntry(id=rule_id, pages=pages, options=options, texts=texts)


def load(text: str) -> RulesReference:
    """A reference from the text of a ``rules.toml``; :class:`RulesReferenceError` if malformed."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesReferenceError(f"rules.toml: {error}") from error
    return RulesReference({rule_id: _entry(rule_id, entry) for rule_id, entry in raw.items()})


@functools.cache
def reference() -> RulesReference:
    """The bot's rules reference, read once."""
    return load(resources.files(__package__).joinpath("rules.toml").read_text(encoding="utf-8"))


def cited_ids(text: str) -> list[str]:
    """The rule ids ``text`` cites, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))
