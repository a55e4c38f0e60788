"""Every synced command within Discord's limits: at most 25 options in any command or
subcommand, and at most 4000 characters of names, descriptions and choices in each language
(Discord refuses the whole bulk sync otherwise)."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn

MAX_OPTIONS = 25
MAX_CHARACTERS = 4000
SUBCOMMAND_TYPES = (1, 2)


def _text(node: dict[str, Any], locale: str) -> int:
    """Characters Discord counts for ``node`` in ``locale``: names, descriptions, choices."""
    total = 0
    for field in ("name", "description"):
        localized = (node.get(f"{field}_localizations") or {}).get(locale)
        total += len(localized or node.get(field) or "")
    for choice in node.get("choices") or []:
        total += len((choice.get("name_localizations") or {}).get(locale) or choice["name"])
        total += len(str(choice["value"]))
    return total + sum(_text(option, locale) for option in node.get("options") or [])


def _widest(node: dict[str, Any]) -> int:
    """The most options any command or subcommand in ``node`` takes."""
    options = node.get("options") or []
    nested = [_widest(o) for o in options if o.get("type") in SUBCOMMAND_TYPES]
    return max([len(options), *nested])


async def test_every_command_fits_discords_limits(standin: StandIn, bot: GurpsBot) -> None:
    commands = standin.commands()
    assert commands
    too_big = [
        (command["name"], locale, _text(command, locale))
        for command in commands
        for locale in ("en-US", "pt-BR")
        if _text(command, locale) > MAX_CHARACTERS
    ]
    too_wide = [c["name"] for c in commands if _widest(c) > MAX_OPTIONS]
    assert (too_big, too_wide) == ([], [])
