"""Message catalogs in English and Brazilian Portuguese.

Catalogs live in ``bot/i18n/locales/<locale>/<feature>.toml``; every file is
loaded, its tables flattened with dots, and each key must start with the file's
feature name (``roll.toml`` holds ``roll.*``). Placeholders are ``{name}`` and
are filled with :meth:`str.format`.

Slash-command names, descriptions, options and choices are written in code as
``app_commands.locale_str("english default", key="<feature>.cmd.<...>")`` and
localized by :class:`CatalogTranslator`.
"""

from __future__ import annotations

import logging
import string
import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, Final, Literal

import discord
from discord import app_commands

log = logging.getLogger(__name__)

LocaleCode = Literal["en", "pt-BR"]
SUPPORTED_LOCALES: Final[tuple[LocaleCode, ...]] = ("en", "pt-BR")
FALLBACK_LOCALE: Final[LocaleCode] = "en"
_NO_CATALOG: Final[Mapping[str, str]] = {}

_DISCORD_LOCALES: Final[Mapping[discord.Locale, LocaleCode]] = {
    discord.Locale.brazil_portuguese: "pt-BR",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


class CatalogError(ValueError):
    """A catalog file is malformed (bad TOML, a non-string value, a key outside its feature)."""


class MissingTranslationError(KeyError):
    """A key (or a placeholder it needs) is missing; raised only by strict catalogs."""


def placeholders(template: str) -> frozenset[str]:
    """The ``{name}`` fields a template uses (format specs and conversions ignored)."""
    names: set[str] = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".", 1)[0].split("[", 1)[0])
    return frozenset(names)


def _flatten(prefix: str, table: Mapping[str, Any], into: dict[str, str], source: str) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}" if prefix else name
        if isinstance(value, Mapping):
            _flatten(key, value, into, source)
        elif isinstance(value, str):
            into[key] = value
        else:
            raise CatalogError(f"{source}: {key} must be a string, not {type(value).__name__}")


def load_catalogs(root: Traversable | None = None) -> dict[str, dict[str, str]]:
    """Read every ``<locale>/<feature>.toml`` under ``root`` (default: the packaged catalogs)."""
    base = root if root is not None else resources.files("bot.i18n") / "locales"
    catalogs: dict[str, dict[str, str]] = {}
    for locale in SUPPORTED_LOCALES:
        merged: dict[str, str] = {}
        folder = base / locale
        files = sorted(
            (entry for entry in folder.iterdir() if entry.name.endswith(".toml")),
            key=lambda entry: entry.name,
        )
        for entry in files:
            feature = entry.name.removesuffix(".toml")
            source = f"{locale}/{entry.name}"
            try:
                data = tomllib.loads(entry.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as exc:
                raise CatalogError(f"{source}: {exc}") from exc
            if set(data) - {feature}:
                raise CatalogError(
                    f"{source}: every key must sit under [{feature}], found {sorted(data)}"
                )
            flat: dict[str, str] = {}
            _flatten("", data, flat, source)
            merged.update(flat)
        catalogs[locale] = merged
    return catalogs


class Messages:
    """Looks up and formats localized text.

    A *strict* catalog raises :class:`MissingTranslationError` for a missing key
    or placeholder (the test suite turns this on for every catalog through
    :attr:`strict_by_default`); otherwise the problem is logged and the key
    itself is shown, so a gap in a catalog never breaks a command.
    """

    strict_by_default: ClassVar[bool] = False

    def __init__(
        self,
        catalogs: Mapping[str, Mapping[str, str]],
        *,
        strict: bool | None = None,
        fallback: LocaleCode = FALLBACK_LOCALE,
    ) -> None:
        self._catalogs: dict[str, dict[str, str]] = {
            locale: dict(entries) for locale, entries in catalogs.items()
        }
        self.strict = self.strict_by_default if strict is None else strict
        self.fallback: LocaleCode = fallback

    @classmethod
    def load(
        cls,
        *,
        strict: bool | None = None,
        fallback: LocaleCode = FALLBACK_LOCALE,
        root: Traversable | None = None,
    ) -> Messages:
        """Load the packaged catalogs (or those under ``root``)."""
        return cls(load_catalogs(root), strict=strict, fallback=fallback)

    @property
    def locales(self) -> tuple[str, ...]:
        return tuple(self._catalogs)

    def keys(self, locale: str) -> frozenset[str]:
        """Every key the ``locale`` catalog defines."""
        return frozenset(self._catalogs.get(locale, {}))

    def has(self, key: str, locale: str = FALLBACK_LOCALE) -> bool:
        return key in self._catalogs.get(locale, {})

    def template(self, key: str, locale: str) -> str | None:
        """The raw text for ``key``: from ``locale``, else the fallback locale, else English."""
        found = self._catalogs.get(locale, _NO_CATALOG).get(key)
        if found is not None:  # the reader's own language: nearly every call
            return found
        for candidate in self._chain(locale):
            found = self._catalogs.get(candidate, {}).get(key)
            if found is not None:
                if candidate != locale and locale in self._catalogs:
                    self._missing(f"{key!r} is missing in {locale}")
                return found
        return None

    def text(self, key: str, locale: str, /, **params: object) -> str:
        """The ``key`` message in ``locale`` with ``params`` filled in."""
        template = self.template(key, locale)
        if template is None:
            self._missing(f"unknown message key {key!r}")
            return key
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError) as exc:
            self._missing(f"message {key!r} in {locale} cannot be formatted: {exc!r}")
            return key

    def _chain(self, locale: str) -> tuple[str, ...]:
        chain: list[str] = []
        for candidate in (locale, self.fallback, FALLBACK_LOCALE):
            if candidate not in chain:
                chain.append(candidate)
        return tuple(chain)

    def _missing(self, problem: str) -> None:
        if self.strict:
            raise MissingTranslationError(problem)
        log.warning("translation problem: %s", problem)


def to_locale_code(value: str | None) -> LocaleCode | None:
    """``"pt-BR"``/``"pt_br"``/``"en-US"`` → a supported code; anything else → ``None``."""
    if value is None:
        return None
    normalized = value.replace("_", "-").lower()
    if normalized == "pt-br":
        return "pt-BR"
    if normalized == "en" or normalized.startswith("en-"):
        return "en"
    return None


def locale_for(interaction: discord.Interaction[Any], guild_default: str | None) -> LocaleCode:
    """The language to answer ``interaction`` in.

    A Portuguese (Brazil) or English Discord client gets its own language; any
    other client gets the guild's default, else English.
    """
    mapped = _DISCORD_LOCALES.get(interaction.locale)
    if mapped is not None:
        return mapped
    return to_locale_code(guild_default) or FALLBACK_LOCALE


class CatalogTranslator(app_commands.Translator):
    """Localizes ``locale_str`` strings that carry a ``key`` extra, from the catalogs.

    English clients get the ``en`` catalog text and Brazilian clients the
    ``pt-BR`` text; other clients see the default written in code.
    """

    def __init__(self, messages: Messages) -> None:
        self.messages = messages

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        code = _DISCORD_LOCALES.get(locale)
        if not isinstance(key, str) or code is None:
            return None
        return self.messages.template(key, code)


__all__ = [
    "FALLBACK_LOCALE",
    "SUPPORTED_LOCALES",
    "CatalogError",
    "CatalogTranslator",
    "LocaleCode",
    "Messages",
    "MissingTranslationError",
    "load_catalogs",
    "locale_for",
    "placeholders",
    "to_locale_code",
]
