"""Publishing the slash commands, and saying plainly why Discord refused them.

A bulk overwrite is all or nothing: Discord answers a schema that breaks any
limit with HTTP 400 and, for a form error (code 50035), a tree of errors keyed by
the command's index in the list, then the path inside it, each leaf holding
``_errors``. discord.py's own report names commands by their Python function and
fails on an error attached to a whole list (too many options); :func:`publish`
reads the tree against the payload it sent and raises :class:`CommandsRefused`
with one line per problem instead, e.g.
``/attack: options (27 given; the 26th is 'fast-draw'): Must be 25 or fewer in length.``
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.abc import Snowflake

JSON = dict[str, Any]

INVALID_FORM_BODY = 50035
# Discord counts every name, description, choice name and string choice value of a
# command, its subcommands and options; a localized field counts once, at its
# longest text (the default included).
COMMAND_SIZE_LIMIT = 8000
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2

_LOCALIZED_FIELDS = {"name_localizations": "name", "description_localizations": "description"}
_LENGTH_CODES = frozenset({"BASE_TYPE_BAD_LENGTH", "BASE_TYPE_MAX_LENGTH", "BASE_TYPE_MIN_LENGTH"})


class CommandsRefused(Exception):
    """Discord refused to publish the commands; ``problems`` holds one readable line each."""

    def __init__(self, where: str, problems: Sequence[str]) -> None:
        self.where = where
        self.problems = list(problems)
        lines = "\n".join(f"  {problem}" for problem in self.problems)
        super().__init__(f"Discord refused the slash commands for {where}:\n{lines}")


def scope_name(guild_id: int | None) -> str:
    return f"server {guild_id}" if guild_id is not None else "every server (global)"


def _longest(node: Mapping[str, Any], key: str) -> int:
    texts: list[Any] = [node.get(key) or ""]
    texts.extend((node.get(f"{key}_localizations") or {}).values())
    return max(len(text) for text in texts if isinstance(text, str))


def command_size(node: Mapping[str, Any]) -> int:
    """Characters Discord counts towards :data:`COMMAND_SIZE_LIMIT` for a command (or option)."""
    size = _longest(node, "name") + _longest(node, "description")
    for choice in node.get("choices") or []:
        size += _longest(choice, "name")
        value = choice.get("value")
        if isinstance(value, str):
            size += len(value)
    for option in node.get("options") or []:
        size += command_size(option)
    return size


def locale_size(node: Mapping[str, Any], locale: str) -> int:
    """The same count as one client in ``locale`` reads it (localized text, else the default)."""

    def text(item: Mapping[str, Any], key: str) -> str:
        localized: Mapping[str, str] = item.get(f"{key}_localizations") or {}
        return str(localized.get(locale, item.get(key) or ""))

    size = len(text(node, "name")) + len(text(node, "description"))
    for choice in node.get("choices") or []:
        size += len(text(choice, "name"))
        value = choice.get("value")
        if isinstance(value, str):
            size += len(value)
    for option in node.get("options") or []:
        size += locale_size(option, locale)
    return size


def _leaves(
    tree: Mapping[str, Any], path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], JSON]]:
    for key, value in tree.items():
        if key == "_errors":
            for error in value:
                yield path, error
        elif isinstance(value, Mapping):
            yield from _leaves(value, (*path, key))


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _too_many(items: Sequence[Any], error: JSON, noun: str) -> str:
    """``options (27 given; the 26th is 'fast-draw')`` for a list Discord found too long."""
    text = f"{noun} ({len(items)} given"
    limit = next(
        (int(word) for word in str(error.get("message", "")).split() if word.isdigit()), None
    )
    if limit is not None and len(items) > limit:
        first = items[limit]
        name = first.get("name") if isinstance(first, Mapping) else None
        if name is not None:
            text += f"; the {_ordinal(limit + 1)} is {name!r}"
    return text + ")"


def _describe(payload: Sequence[JSON] | JSON, path: tuple[str, ...], error: JSON) -> str:
    steps = list(path)
    node: Any
    if isinstance(payload, Mapping):
        node = payload
    elif steps and steps[0].isdigit() and int(steps[0]) < len(payload):
        node = payload[int(steps.pop(0))]
    else:
        listed = not steps and error.get("code") in _LENGTH_CODES
        return ": ".join([_too_many(payload, error, "commands") if listed else "commands", *steps])
    kind = node.get("type", 1)
    label = f"/{node.get('name')}" if kind == 1 else f"context menu {node.get('name')!r}"
    parts: list[str] = []
    value: Any = None
    while steps:
        key = steps.pop(0)
        if key in ("options", "choices"):
            items: list[Any] = list(node.get(key) or [])
            if steps and steps[0].isdigit() and int(steps[0]) < len(items):
                index = int(steps.pop(0))
                node = items[index]
                if key == "options" and node.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
                    label += f" {node.get('name')}"
                else:
                    noun = "option" if key == "options" else "choice"
                    parts.append(f"{noun} {index + 1} {node.get('name')!r}")
            elif error.get("code") in _LENGTH_CODES:
                parts.append(_too_many(items, error, key))
            else:
                parts.append(key)
        elif key in _LOCALIZED_FIELDS and steps:
            locale = steps.pop(0)
            value = (node.get(key) or {}).get(locale)
            shown = f" {value!r}" if isinstance(value, str) and key == "name_localizations" else ""
            parts.append(f"{locale} {_LOCALIZED_FIELDS[key]}{shown}")
        else:
            value = node.get(key) if isinstance(node, Mapping) else None
            parts.append(key)
    if error.get("code") in _LENGTH_CODES and isinstance(value, str) and parts:
        parts[-1] += f" ({len(value)} characters)"
    if error.get("code") == "APPLICATION_COMMAND_TOO_LARGE" and not parts:
        parts.append(f"{command_size(node)} characters")
    return ": ".join([label, *parts])


def describe_refusal(payload: Sequence[JSON] | JSON, errors: Mapping[str, Any]) -> list[str]:
    """One readable line per error in Discord's error tree for ``payload`` (a list or one command).

    Each line says which command (and subcommand), which option or choice, and
    what Discord said, e.g. ``/roll: option 1 'dice': description (104 characters):
    Must be between 1 and 100 in length.``
    """
    return [
        f"{_describe(payload, path, error)}: {error.get('message') or error.get('code')}"
        for path, error in _leaves(errors)
    ]


async def publish(
    tree: app_commands.CommandTree[Any], guild: Snowflake | None = None
) -> list[app_commands.AppCommand]:
    """What :meth:`CommandTree.sync` does, with a refusal raised as :class:`CommandsRefused`."""
    client = tree.client
    if client.application_id is None:
        raise app_commands.MissingApplicationID
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    http = client.http
    try:
        if guild is None:
            data = await http.bulk_upsert_global_commands(client.application_id, payload=payload)
        else:
            data = await http.bulk_upsert_guild_commands(
                client.application_id, guild.id, payload=payload
            )
    except discord.HTTPException as exc:
        if exc.status != 400:
            raise
        where = scope_name(guild.id if guild is not None else None)
        errors: Mapping[str, Any] | None = getattr(exc, "_errors", None)
        if exc.code == INVALID_FORM_BODY and errors:
            raise CommandsRefused(where, describe_refusal(payload, errors)) from None
        raise CommandsRefused(where, [exc.text or f"error code {exc.code}"]) from None
    return [app_commands.AppCommand(data=item, state=tree._state) for item in data]
