"""Catalog consistency, locale resolution, and the localization of every loaded command.

The command checks walk whatever modules ``cogs/`` holds, so they cover cogs
added later without edits here.
"""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot.client import GurpsBot, build_bot
from bot.config import Settings
from bot.i18n import (
    SUPPORTED_LOCALES,
    CatalogError,
    CatalogTranslator,
    Messages,
    MissingTranslationError,
    load_catalogs,
    locale_for,
    placeholders,
)
from bot.standin.validation import is_valid_name
from bot.storage.database import Database
from rules.options import RuleOptions
from rules.roller import ScriptedDice

FAKE_TOKEN = "MTA4NjQ1NzM2MjE5ODc2NTQzMg.GhJk1a.abcdefghijklmnopqrstuvwxyzABCDEFGH12"


# ------------------------------------------------------------------ catalogs


def test_every_key_exists_in_every_locale() -> None:
    catalogs = load_catalogs()
    assert set(catalogs) == set(SUPPORTED_LOCALES)
    english = set(catalogs["en"])
    for locale, entries in catalogs.items():
        assert set(entries) - english == set(), f"only in {locale}"
        assert english - set(entries) == set(), f"missing in {locale}"


def test_placeholders_match_across_locales() -> None:
    catalogs = load_catalogs()
    mismatched = {
        key: (placeholders(text), placeholders(catalogs["pt-BR"][key]))
        for key, text in catalogs["en"].items()
        if placeholders(text) != placeholders(catalogs["pt-BR"].get(key, text))
    }
    assert mismatched == {}


def test_no_message_is_blank() -> None:
    for locale, entries in load_catalogs().items():
        blank = [key for key, text in entries.items() if not text.strip()]
        assert blank == [], locale


def test_keys_are_namespaced_by_file(tmp_path: Path) -> None:
    for locale in SUPPORTED_LOCALES:
        (tmp_path / locale).mkdir()
    (tmp_path / "en" / "roll.toml").write_text('[check]\ntitle = "x"\n')
    (tmp_path / "pt-BR" / "roll.toml").write_text('[roll]\ntitle = "x"\n')
    with pytest.raises(CatalogError, match=r"en/roll\.toml: every key must sit under \[roll\]"):
        load_catalogs(tmp_path)


def test_non_string_values_are_rejected(tmp_path: Path) -> None:
    for locale in SUPPORTED_LOCALES:
        (tmp_path / locale).mkdir()
        (tmp_path / locale / "roll.toml").write_text("[roll]\ncount = 3\n")
    with pytest.raises(CatalogError, match=r"roll\.count must be a string"):
        load_catalogs(tmp_path)


def test_placeholders_parses_format_fields() -> None:
    assert placeholders("{a} and {b:>3} and {c!r} and {{literal}}") == {"a", "b", "c"}


# ------------------------------------------------------------------ Messages


def _messages(strict: bool) -> Messages:
    return Messages(
        {
            "en": {"roll.total": "Total: {total}", "roll.only_en": "English only"},
            "pt-BR": {"roll.total": "Total: {total} (pt)"},
        },
        strict=strict,
        fallback="pt-BR",
    )


def test_text_formats_placeholders(messages: Messages) -> None:
    assert messages.text("dice.too_many_dice", "en", count=101, maximum=100) == (
        "That is 101 dice; one expression may roll at most 100."
    )
    assert "101" in messages.text("dice.too_many_dice", "pt-BR", count=101, maximum=100)


def test_unknown_locale_falls_back_to_default_then_english() -> None:
    lenient = _messages(strict=False)
    assert lenient.text("roll.total", "fr", total=7) == "Total: 7 (pt)"
    assert lenient.text("roll.only_en", "fr") == "English only"


def test_missing_key_raises_when_strict() -> None:
    with pytest.raises(MissingTranslationError, match=r"roll\.nope"):
        _messages(strict=True).text("roll.nope", "en")
    with pytest.raises(MissingTranslationError, match="missing in pt-BR"):
        _messages(strict=True).text("roll.only_en", "pt-BR")
    with pytest.raises(MissingTranslationError, match="cannot be formatted"):
        _messages(strict=True).text("roll.total", "en")


def test_missing_key_logs_and_returns_key_when_lenient(caplog: pytest.LogCaptureFixture) -> None:
    lenient = _messages(strict=False)
    assert lenient.text("roll.nope", "en") == "roll.nope"
    assert lenient.text("roll.total", "en") == "roll.total"
    assert lenient.text("roll.only_en", "pt-BR") == "English only"
    assert "unknown message key 'roll.nope'" in caplog.text


def test_tests_run_with_strict_catalogs() -> None:
    assert Messages.load().strict is True


@pytest.mark.parametrize(
    ("client_locale", "guild_default", "expected"),
    [
        (discord.Locale.brazil_portuguese, None, "pt-BR"),
        (discord.Locale.brazil_portuguese, "en", "pt-BR"),
        (discord.Locale.american_english, "pt-BR", "en"),
        (discord.Locale.british_english, None, "en"),
        (discord.Locale.french, "pt-BR", "pt-BR"),
        (discord.Locale.french, "en", "en"),
        (discord.Locale.japanese, None, "en"),
        (discord.Locale.spain_spanish, "xx", "en"),
    ],
)
def test_locale_for(
    client_locale: discord.Locale, guild_default: str | None, expected: str
) -> None:
    interaction = cast(discord.Interaction[Any], SimpleNamespace(locale=client_locale))
    assert locale_for(interaction, guild_default) == expected


def test_every_rule_option_has_localized_label_and_description(messages: Messages) -> None:
    for name in RuleOptions.model_fields:
        for locale in SUPPORTED_LOCALES:
            assert messages.has(f"settings.option.{name}.name", locale)
            assert messages.has(f"settings.option.{name}.description", locale)


# ------------------------------------------------------------------ commands


class _Recorder(app_commands.Translator):
    """Collects every localizable string the command payloads ask for."""

    def __init__(self) -> None:
        self.strings: dict[tuple[str, str | None], app_commands.TranslationContextLocation] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.strings[(string.message, string.extras.get("key"))] = context.location
        return None


@pytest.fixture
async def loaded_bot(tmp_path: Path) -> AsyncIterator[GurpsBot]:
    settings = Settings(
        _env_file=None,
        discord_token=FAKE_TOKEN,
        database_path=tmp_path / "i18n.sqlite3",
    )
    async with Database.open(settings.database_path) as database:
        bot = build_bot(
            settings,
            database,
            dice=ScriptedDice([]),
            clock=lambda: datetime(2026, 1, 1, tzinfo=UTC),
        )
        async with bot:
            await bot.setup_hook()  # migrations, every cog, the translator; no network
            yield bot


def _needs_translation(text: str) -> bool:
    """Text without a letter (``(0.2)``, ``-4``) reads the same in every language."""
    return any(character.isalpha() for character in text)


async def _recorded(bot: GurpsBot) -> _Recorder:
    recorder = _Recorder()
    for command in bot.tree.get_commands():
        await command.get_translated_payload(bot.tree, recorder)
    return recorder


async def test_every_command_string_has_a_catalog_key(
    loaded_bot: GurpsBot, messages: Messages
) -> None:
    recorder = await _recorded(loaded_bot)
    assert recorder.strings, "no command was loaded"
    without_key = [
        message
        for (message, key) in recorder.strings
        if key is None and _needs_translation(message)
    ]
    assert without_key == []
    for _, key in recorder.strings:
        if key is None:
            continue
        for locale in SUPPORTED_LOCALES:
            assert messages.has(key, locale), f"{key} missing in {locale}"


async def test_localized_command_payloads_are_valid(loaded_bot: GurpsBot) -> None:
    translator = CatalogTranslator(Messages.load(strict=True))

    def check_names(node: dict[str, Any], where: str) -> None:
        names = {"default": node["name"], **(node.get("name_localizations") or {})}
        assert set(node.get("name_localizations") or {}) >= {"pt-BR", "en-US"}, where
        for locale, name in names.items():
            assert is_valid_name(name), f"{where} {locale}: {name!r}"
        descriptions = {
            "default": node.get("description", ""),
            **(node.get("description_localizations") or {}),
        }
        for locale, text in descriptions.items():
            assert 1 <= len(text) <= 100, f"{where} {locale} description: {text!r}"
        for choice in node.get("choices") or []:
            localized = {"default": choice["name"], **(choice.get("name_localizations") or {})}
            if _needs_translation(choice["name"]):
                assert "pt-BR" in localized, f"{where} choice {choice['name']!r}"
            assert all(1 <= len(name) <= 100 for name in localized.values())
        for option in node.get("options") or []:
            check_names(option, f"{where} {option['name']}")

    commands = loaded_bot.tree.get_commands()
    top_names = [command.name for command in commands]
    assert len(top_names) == len(set(top_names)), "duplicate command names"
    for command in commands:
        payload = await command.get_translated_payload(loaded_bot.tree, translator)
        check_names(payload, f"/{payload['name']}")
        pt_names = [
            option.get("name_localizations", {}).get("pt-BR")
            for option in payload.get("options") or []
        ]
        assert len(pt_names) == len(set(pt_names)), f"/{payload['name']}: duplicate pt-BR names"


async def test_translator_uses_the_catalog(messages: Messages) -> None:
    translator = CatalogTranslator(messages)
    string = app_commands.locale_str("error", key="core.error.title")
    location = app_commands.TranslationContextLocation.other
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(location, None)
    assert await translator.translate(string, discord.Locale.brazil_portuguese, context) == (
        messages.text("core.error.title", "pt-BR")
    )
    assert await translator.translate(string, discord.Locale.american_english, context) == (
        messages.text("core.error.title", "en")
    )
    assert await translator.translate(string, discord.Locale.german, context) is None
    no_key = app_commands.locale_str("plain")
    assert await translator.translate(no_key, discord.Locale.brazil_portuguese, context) is None


# ------------------------------------------------------------------ rule errors


def _rule_error_calls() -> list[tuple[str, str, frozenset[str] | None]]:
    """``(module, key, keyword names)`` of every ``RuleError("key", ...)`` in ``rules/``.

    The keyword names are ``None`` when the call passes ``**params`` (unknowable here).
    """
    found: list[tuple[str, str, frozenset[str] | None]] = []
    rules_dir = Path(__file__).resolve().parents[2] / "rules"
    for path in sorted(rules_dir.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "RuleError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                continue
            names = [keyword.arg for keyword in node.keywords]
            keywords = None if None in names else frozenset(n for n in names if n is not None)
            found.append((path.name, node.args[0].value, keywords))
    return found


def test_rule_error_scan_finds_the_dice_errors() -> None:
    keys = {key for module, key, _ in _rule_error_calls() if module == "dice.py"}
    assert {"dice.too_many_dice", "dice.syntax", "dice.empty"} <= keys


def test_every_rule_error_is_translated_with_its_parameters() -> None:
    catalogs = load_catalogs()
    problems: list[str] = []
    for module, key, keywords in _rule_error_calls():
        for locale in SUPPORTED_LOCALES:
            text = catalogs[locale].get(key)
            if text is None:
                problems.append(f"rules/{module}: {key} has no {locale} text")
            elif keywords is not None and not placeholders(text) <= keywords:
                extra = sorted(placeholders(text) - keywords)
                problems.append(f"rules/{module}: {key} ({locale}) uses unknown {extra}")
    assert problems == []


ROOT = Path(__file__).resolve().parents[2]
RAISING_PACKAGES = ("rules", "bot", "cogs")


def _user_facing_keys() -> list[tuple[str, str, frozenset[str] | None]]:
    """``(file, key, keyword names)`` of every error a user can see, in rules, bot and cogs:
    ``RuleError``, ``UserFacingError`` and ``StorageRefusal`` raised with a key, and the
    ``super().__init__("key", ...)`` of the last two's subclasses."""
    found: list[tuple[str, str, frozenset[str] | None]] = []
    for package in RAISING_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            calls: list[ast.Call] = []
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    if node.func.id in ("RuleError", "UserFacingError", "StorageRefusal"):
                        calls.append(node)
                elif isinstance(node, ast.ClassDef) and any(
                    isinstance(base, ast.Name) and base.id in ("UserFacingError", "StorageRefusal")
                    for base in node.bases
                ):
                    calls.extend(
                        call
                        for call in ast.walk(node)
                        if isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "__init__"
                    )
            for call in calls:
                if not (
                    call.args
                    and isinstance(call.args[0], ast.Constant)
                    and isinstance(call.args[0].value, str)
                ):
                    continue
                names = [keyword.arg for keyword in call.keywords]
                keywords = None if None in names else frozenset(n for n in names if n is not None)
                found.append((str(path.relative_to(ROOT)), call.args[0].value, keywords))
    return found


def test_user_facing_scan_reaches_every_package() -> None:
    keys = {key for _, key, _ in _user_facing_keys()}
    assert {
        "hit_location.unreachable",  # rules, raised through /attack
        "combatant.trachea_penalty_positive",  # rules
        "encounter.error.none_active",  # a UserFacingError subclass in bot/storage
        "defend.error.undone",  # a UserFacingError in cogs
    } <= keys


def test_every_error_raised_anywhere_is_translated_with_its_parameters() -> None:
    catalogs = load_catalogs()
    problems: list[str] = []
    for where, key, keywords in _user_facing_keys():
        for locale in SUPPORTED_LOCALES:
            text = catalogs[locale].get(key)
            if text is None:
                problems.append(f"{where}: {key} has no {locale} text")
            elif keywords is not None and not placeholders(text) <= keywords:
                extra = sorted(placeholders(text) - keywords)
                problems.append(f"{where}: {key} ({locale}) uses unknown {extra}")
    assert problems == []


def test_every_declared_error_key_is_translated_and_covers_its_module() -> None:
    """A module's ``ERROR_KEYS`` (also the refusal reasons raised by variable) all have text,
    and every literal ``RuleError`` key the module raises is declared there."""
    catalogs = load_catalogs()
    problems: list[str] = []
    raised: dict[str, set[str]] = {}
    for where, key, _ in _user_facing_keys():
        raised.setdefault(where, set()).add(key)
    for path in sorted((ROOT / "rules").glob("*.py")):
        module = __import__(f"rules.{path.stem}", fromlist=["ERROR_KEYS"])
        declared: frozenset[str] | None = getattr(module, "ERROR_KEYS", None)
        if declared is None:
            continue
        for key in sorted(declared):
            problems.extend(
                f"rules/{path.name}: {key} has no {locale} text"
                for locale in SUPPORTED_LOCALES
                if key not in catalogs[locale]
            )
        undeclared = raised.get(f"rules/{path.name}", set()) - declared
        problems.extend(f"rules/{path.name}: {key} not in ERROR_KEYS" for key in sorted(undeclared))
    assert problems == []


def test_portuguese_uses_one_word_for_failure_and_crushing(messages: Messages) -> None:
    # /rolar said "Falha" while damage and turn rolls said "fracasso"; the settings said
    # "contusão" for the type /dano offers as "esmagamento (cont)".
    failures = {
        messages.text(key, "pt-BR").casefold()
        for key in ("roll.outcome.failure", "damage.outcome.failure", "encounter.outcome.failure")
    }
    assert failures == {"fracasso"}
    crushing = messages.text("damage.type.cr", "pt-BR").split(" ")[0]
    for option in ("zero_minimum_damage", "groin_knockdown_any_type"):
        text = messages.text(f"settings.option.{option}.description", "pt-BR")
        assert crushing in text
        assert "contusão" not in text
