"""Read the slash-command schema the bot synced and turn user input into typed options.

This is what Discord's client does before an interaction exists: find the command
(and subcommand) by name, check each option against its type, choices and limits,
and attach ``resolved`` data for users, roles and channels. Both the driver and the
terminal sandbox go through here, so the sandbox validates exactly like the tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.standin.state import JSON, Channel, Guild, Role, Upload, User, World

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

TYPE_NAMES = {
    STRING: "text",
    INTEGER: "integer",
    BOOLEAN: "true/false",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "user or role",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}

MAX_SAFE_INTEGER = 2**53

TRUE_WORDS = frozenset({"true", "yes", "y", "1", "on", "sim", "s", "verdadeiro"})
FALSE_WORDS = frozenset({"false", "no", "n", "0", "off", "não", "nao", "falso"})


class CommandInputError(ValueError):
    """Input Discord's client would refuse to send."""


def localized(item: Mapping[str, Any], key: str, locale: str | None) -> str:
    """``item[key]`` in ``locale`` when the bot synced a localization for it."""
    if locale:
        names: Mapping[str, str] = item.get(f"{key}_localizations") or {}
        if locale in names:
            return names[locale]
    return str(item.get(key, ""))


def _matches(item: Mapping[str, Any], word: str) -> bool:
    wanted = word.lower()
    if str(item.get("name", "")).lower() == wanted:
        return True
    names: Mapping[str, str] = item.get("name_localizations") or {}
    return any(name.lower() == wanted for name in names.values())


@dataclass(frozen=True)
class CommandPath:
    """A chat-input command down to the leaf that takes options."""

    command: JSON
    path: tuple[str, ...]
    options: tuple[JSON, ...]

    @property
    def qualified_name(self) -> str:
        return " ".join(self.path)

    def option(self, name: str) -> JSON:
        for option in self.options:
            if _matches(option, name):
                return option
        known = ", ".join(o["name"] for o in self.options) or "none"
        raise CommandInputError(f"/{self.qualified_name} has no option {name!r} (options: {known})")


def leaf_paths(commands: Sequence[JSON]) -> list[CommandPath]:
    """Every invocable chat-input path, e.g. ``roll``, ``encounter start``."""
    result: list[CommandPath] = []
    for command in commands:
        if int(command.get("type", 1)) != 1:
            continue
        options: list[JSON] = list(command.get("options") or [])
        subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            result.append(CommandPath(command, (command["name"],), tuple(options)))
            continue
        for sub in subs:
            if sub["type"] == SUB_COMMAND:
                leaf = tuple(sub.get("options") or [])
                result.append(CommandPath(command, (command["name"], sub["name"]), leaf))
            else:
                for inner in sub.get("options") or []:
                    path = (command["name"], sub["name"], inner["name"])
                    result.append(CommandPath(command, path, tuple(inner.get("options") or [])))
    return result


def find_command(commands: Sequence[JSON], words: Sequence[str]) -> tuple[CommandPath, int]:
    """Match the longest command path at the start of ``words`` (names or localized names).

    Returns the path and how many words it used.
    """
    if not words:
        raise CommandInputError("no command given")
    best: tuple[CommandPath, int] | None = None
    named = [command for command in commands if _matches(command, words[0])]
    for candidate in leaf_paths(named):
        depth = len(candidate.path)
        if depth > len(words):
            continue
        node: Mapping[str, Any] = candidate.command
        ok = True
        for level in range(1, depth):
            children: list[JSON] = list(node.get("options") or [])
            child = next((c for c in children if c["name"] == candidate.path[level]), None)
            if child is None or not _matches(child, words[level]):
                ok = False
                break
            node = child
        if ok and (best is None or depth > best[1]):
            best = (candidate, depth)
    if best is None:
        for command in commands:
            if _matches(command, words[0]) and command.get("options"):
                subs = [o["name"] for o in command["options"] if o["type"] in (1, 2)]
                if subs:
                    raise CommandInputError(
                        f"/{command['name']} needs a subcommand: {', '.join(subs)}"
                    )
        known = sorted({" ".join(p.path) for p in leaf_paths(commands)})
        raise CommandInputError(f"unknown command /{' '.join(words)} (known: {', '.join(known)})")
    return best


@dataclass
class BuiltOptions:
    """The ``data.options`` tree and the ``resolved`` block of an interaction."""

    options: list[JSON]
    resolved: JSON = field(default_factory=dict)


class OptionBuilder:
    """Converts Python values (or typed text) to Discord's option payloads."""

    def __init__(self, world: World, guild: Guild | None, locale: str | None = None) -> None:
        self.world = world
        self.guild = guild
        self.locale = locale
        self.resolved: dict[str, dict[str, JSON]] = {}

    # Public -----------------------------------------------------------------------------

    def build(
        self,
        path: CommandPath,
        values: Mapping[str, object],
        *,
        focused: str | None = None,
    ) -> BuiltOptions:
        """Typed options for ``path``; ``focused`` marks an autocomplete in progress."""
        leaf: list[JSON] = []
        given: set[str] = set()
        for name, raw in values.items():
            option = path.option(name)
            given.add(option["name"])
            if raw is None:
                continue
            entry: JSON = {"name": option["name"], "type": option["type"]}
            if focused is not None and option["name"] == path.option(focused)["name"]:
                entry["value"] = str(raw)
                entry["focused"] = True
            else:
                entry["value"] = self.convert(path, option, raw)
            leaf.append(entry)
        if focused is None:
            missing = [
                o["name"] for o in path.options if o.get("required") and o["name"] not in given
            ]
            if missing:
                raise CommandInputError(f"/{path.qualified_name} needs {', '.join(missing)}")
        elif not any(e.get("focused") for e in leaf):
            option = path.option(focused)
            leaf.append(
                {"name": option["name"], "type": option["type"], "value": "", "focused": True}
            )
        tree = leaf
        for level in range(len(path.path) - 1, 0, -1):
            kind = SUB_COMMAND if level == len(path.path) - 1 else SUB_COMMAND_GROUP
            tree = [{"name": path.path[level], "type": kind, "options": tree}]
        resolved = {key: value for key, value in self.resolved.items() if value}
        return BuiltOptions(tree, resolved)

    def convert(self, path: CommandPath, option: JSON, raw: object) -> object:
        """One option's wire value, checked the way Discord's client checks it."""
        kind = int(option["type"])
        label = f"/{path.qualified_name} {option['name']}"
        choices: list[JSON] = list(option.get("choices") or [])
        if choices:
            return self._choice(label, choices, raw)
        if kind == STRING:
            return self._string(label, option, raw)
        if kind in (INTEGER, NUMBER):
            return self._number(label, option, raw, integer=kind == INTEGER)
        if kind == BOOLEAN:
            return self._boolean(label, raw)
        if kind == USER:
            return str(self._resolve_user(label, raw).id)
        if kind == ROLE:
            return str(self._resolve_role(label, raw).id)
        if kind == CHANNEL:
            return str(self._resolve_channel(label, option, raw).id)
        if kind == ATTACHMENT:
            return self._attachment(label, raw)
        if kind == MENTIONABLE:
            try:
                return str(self._resolve_user(label, raw).id)
            except CommandInputError:
                return str(self._resolve_role(label, raw).id)
        raise CommandInputError(f"{label}: {TYPE_NAMES.get(kind, kind)} options are not supported")

    # Scalars ----------------------------------------------------------------------------

    def _choice(self, label: str, choices: list[JSON], raw: object) -> object:
        for choice in choices:
            if choice["value"] == raw or str(choice["value"]) == str(raw):
                return choice["value"]
        text = str(raw).lower()
        for choice in choices:
            if localized(choice, "name", self.locale).lower() == text or _matches(choice, text):
                return choice["value"]
        names = ", ".join(localized(c, "name", self.locale) for c in choices)
        raise CommandInputError(f"{label}: {raw!r} is not one of the choices ({names})")

    def _string(self, label: str, option: JSON, raw: object) -> str:
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            raw = str(raw)  # what a user typing the number would send
        if not isinstance(raw, str):
            raise CommandInputError(f"{label}: expected text, got {raw!r}")
        low = int(option.get("min_length", 0))
        high = int(option.get("max_length", 6000))
        if not low <= len(raw) <= high:
            raise CommandInputError(f"{label}: must have {low}-{high} characters")
        return raw

    def _number(self, label: str, option: JSON, raw: object, *, integer: bool) -> int | float:
        value: int | float
        if isinstance(raw, bool):
            raise CommandInputError(f"{label}: expected a number, got {raw!r}")
        if isinstance(raw, str):
            text = raw.strip().replace(",", ".") if not integer else raw.strip()
            try:
                value = int(text) if integer else float(text)
            except ValueError:
                kind = "a whole number" if integer else "a number"
                raise CommandInputError(f"{label}: {raw!r} is not {kind}") from None
        elif isinstance(raw, int) or (isinstance(raw, float) and not integer):
            value = raw
        else:
            kind = "a whole number" if integer else "a number"
            raise CommandInputError(f"{label}: {raw!r} is not {kind}")
        low = option.get("min_value", -MAX_SAFE_INTEGER)
        high = option.get("max_value", MAX_SAFE_INTEGER)
        if not low <= value <= high:
            raise CommandInputError(f"{label}: must be between {low} and {high}, got {value}")
        return value

    @staticmethod
    def _boolean(label: str, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
        raise CommandInputError(f"{label}: expected true or false, got {raw!r}")

    # Entities ---------------------------------------------------------------------------

    def _bucket(self, key: str) -> dict[str, JSON]:
        return self.resolved.setdefault(key, {})

    def _resolve_user(self, label: str, raw: object) -> User:
        try:
            if isinstance(raw, User | int | str):
                user = self.world.user(_strip_mention(raw))
            else:
                raise KeyError(raw)
        except KeyError:
            raise CommandInputError(f"{label}: no user {raw!r}") from None
        self._bucket("users")[str(user.id)] = user.to_json()
        if self.guild is not None and user.id in self.guild.members:
            member = self.guild.members[user.id].to_json(with_user=False)
            member["permissions"] = str(self.guild.permissions_of(user.id))
            self._bucket("members")[str(user.id)] = member
        return user

    def _resolve_role(self, label: str, raw: object) -> Role:
        if self.guild is None:
            raise CommandInputError(f"{label}: roles exist only in a server")
        if isinstance(raw, Role):
            role = raw
        else:
            text = str(_strip_mention(raw)) if isinstance(raw, str | int) else ""
            found = self.guild.roles.get(int(text)) if text.isdigit() else None
            if found is None:
                try:
                    found = self.guild.role_named(text)
                except KeyError:
                    raise CommandInputError(f"{label}: no role {raw!r}") from None
            role = found
        self._bucket("roles")[str(role.id)] = role.to_json()
        return role

    def _attachment(self, label: str, raw: object) -> str:
        """The file is uploaded first, as Discord's client does, then referred to by id.

        ``raw`` is an :class:`Upload`, or (typed in the sandbox) the path of a file.
        """
        if isinstance(raw, str | Path):
            path = Path(raw).expanduser()
            if not path.is_file():
                raise CommandInputError(f"{label}: no file {str(raw)!r}")
            raw = Upload(path.name, path.read_bytes())
        if not isinstance(raw, Upload):
            raise CommandInputError(f"{label}: attach a file (an Upload or a path), got {raw!r}")
        stored = self.world.store_file(raw.filename, raw.data, raw.content_type)
        self._bucket("attachments")[str(stored["id"])] = stored
        return str(stored["id"])

    def _resolve_channel(self, label: str, option: JSON, raw: object) -> Channel:
        try:
            if isinstance(raw, Channel | int | str):
                guild, channel = self.world.channel(raw)
            else:
                raise KeyError(raw)
        except KeyError:
            raise CommandInputError(f"{label}: no channel {raw!r}") from None
        allowed: list[int] = list(option.get("channel_types") or [])
        if allowed and channel.type not in allowed:
            raise CommandInputError(f"{label}: #{channel.name} is not an allowed kind of channel")
        data = channel.to_json(guild.id)
        data["permissions"] = str(guild.permissions_of(self.world.bot_user.id))
        self._bucket("channels")[str(channel.id)] = data
        return channel


def _strip_mention(raw: User | int | str) -> User | int | str:
    if isinstance(raw, str):
        text = raw.strip()
        if text.startswith("<@") and text.endswith(">"):
            return text.strip("<@&!>")
        return text.lstrip("@#")
    return raw
