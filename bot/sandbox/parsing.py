"""Typed lines to slash commands: the names and values the synced command schema allows."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.standin import CommandInputError
from bot.standin.commands import (
    CommandPath,
    find_command,
    localized,
)
from bot.standin.state import JSON


class SandboxInputError(ValueError):
    """A line the sandbox cannot act on; printed, never fatal."""


def parse_command_line(
    commands: Sequence[JSON], line: str, locale: str | None = None
) -> tuple[CommandPath, dict[str, str]]:
    """Split ``/combatant add name:Big Orc st:12`` into the command path and raw option texts.

    An option's value runs until the next ``known_option:`` (so values may hold
    spaces); quotes around a whole value are removed. Text before the first named
    option goes to the first required option not given, as a convenience.
    """
    text = line.strip()
    if not text.startswith("/"):
        raise SandboxInputError("slash commands start with /")
    spans = [(m.group(), m.end()) for m in re.finditer(r"\S+", text[1:])]
    words = [w for w, _ in spans]
    try:
        path, used = find_command(commands, words)
    except CommandInputError as error:
        raise SandboxInputError(str(error)) from None
    rest = text[1:][spans[used - 1][1] :] if used else text[1:]
    names: dict[str, str] = {}
    for option in path.options:
        names[option["name"].lower()] = option["name"]
        names[localized(option, "name", locale).lower()] = option["name"]
    values: dict[str, str] = {}
    if names:
        pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        marks = list(re.finditer(rf"(?:(?<=\s)|^)({pattern}):", rest, re.IGNORECASE))
    else:
        marks = []
    leading = rest[: marks[0].start()] if marks else rest
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(rest)
        name = names[mark.group(1).lower()]
        if name in values:
            raise SandboxInputError(f"option {name} is given twice")
        raw = rest[mark.end() : end].strip()
        _refuse_unknown_names(path, raw, names)
        values[name] = _unquote(raw)
    if leading.strip():
        _refuse_unknown_names(path, leading.strip(), names)
        free = [o["name"] for o in path.options if o.get("required") and o["name"] not in values]
        if not free:
            hint = ", ".join(f"{o['name']}:" for o in path.options) or "no options"
            raise SandboxInputError(f"/{path.qualified_name}: name each value (options: {hint})")
        values = {free[0]: _unquote(leading.strip()), **values}
    return path, values


def _refuse_unknown_names(path: CommandPath, raw: str, names: Mapping[str, str]) -> None:
    """``bogus:1`` inside an unquoted value is a typo for an option, not text."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return
    for match in re.finditer(r"(?:(?<=\s)|^)([^\W\d][\w-]*):", raw):
        if match.group(1).lower() not in names:
            known = ", ".join(o["name"] for o in path.options) or "none"
            raise SandboxInputError(
                f"/{path.qualified_name} has no option {match.group(1)!r} (options: {known}); "
                "quote a value that contains a colon"
            )


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
