"""``/help`` keeps up with the registered commands, as the README test does.

Every command a user can type is in exactly one group of ``cogs.help.GROUPS``, and
no group names a command that is gone; every command has an example in both
catalogs that types that command, in that language, with only its own options.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.client import GurpsBot
from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.help import CommandHelp
from cogs.help import GROUPS, Help, group_of
from tests.unit.test_readme import loaded_bot  # noqa: F401 - the fixture

OPTION = re.compile(r"(?:^|\s)([^\s:]+):")


@pytest.fixture
async def registered(loaded_bot: GurpsBot) -> dict[str, CommandHelp]:  # noqa: F811
    """What ``/help`` reads: the translated payload of every loaded command."""
    cog = loaded_bot.get_cog("Help")
    assert type(cog).__name__ == Help.__name__  # the extension's own copy of the class
    found: dict[str, CommandHelp] = await cog.registered()  # type: ignore[union-attr]
    return found


async def test_every_command_is_in_a_group_and_every_group_entry_is_a_command(
    registered: dict[str, CommandHelp],
) -> None:
    assert {"roll", "encounter next", "character weapon add", "rules", "help"} <= set(registered)
    assert [path for path in registered if group_of(path) is None] == []
    stale = [
        prefix
        for _key, prefixes in GROUPS
        for prefix in prefixes
        if not any(path == prefix or path.startswith(prefix + " ") for path in registered)
    ]
    assert stale == []


async def test_the_groups_say_who_uses_what(registered: dict[str, CommandHelp]) -> None:
    assert group_of("combatant show") == "player"
    assert group_of("combatant add") == "gm_fight"
    assert group_of("character weapon add") == "player"
    assert group_of("settings rule") == "gm_server"
    assert group_of("rules") == "anyone"


async def test_every_command_has_an_example_typing_it_with_its_own_options(
    registered: dict[str, CommandHelp], messages: Messages
) -> None:
    problems: list[str] = []
    for path, command in registered.items():
        for locale in SUPPORTED_LOCALES:
            key = f"help.usage.{path.replace(' ', '_')}"
            if not messages.has(key, locale):
                problems.append(f"{key} missing in {locale}")
                continue
            example = messages.text(key, locale)
            called = command.called(locale)
            if example != called and not example.startswith(called + " "):
                problems.append(f"{key} ({locale}) does not start with {called}")
            names = {option.name[locale] for option in command.options}
            rest = example[len(called) :]
            problems.extend(
                f"{key} ({locale}): {name} is not an option of {called}"
                for name in OPTION.findall(rest)
                if name not in names
            )
    assert problems == []


async def test_no_example_is_left_for_a_command_that_is_gone(
    registered: dict[str, CommandHelp], messages: Messages
) -> None:
    keys = {f"help.usage.{path.replace(' ', '_')}" for path in registered}
    for locale in SUPPORTED_LOCALES:
        extra = {k for k in messages.keys(locale) if k.startswith("help.usage.")} - keys
        assert extra == set(), locale


def test_the_readme_documents_help_and_rules() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "`/help [command]`" in readme
    assert "`/rules rule:<id or words> [public]`" in readme
