"""``python -m bot sandbox``: the real bot in a terminal, a Discord stand-in instead of Discord.

A person (or a script file) types slash commands as in Discord's client and
presses buttons; replies print as text. The command schema the bot synced drives
parsing, validation and tab completion, so what works here works in Discord.

Lines understood (``:help`` prints this)::

    /roll dice:3d6 label:Sneak attack   a slash command; options as name:value
    :as bob                             type as another member
    :click 2 | :click Parry             press a button from the last reply (number or label)
    :pick 1 Orc Goblin                  choose values in a select menu
    :submit Name=Carol Notes=...        fill in and send the open modal
    :locale pt-BR                       switch the client's language
    :channel combat                     type in another channel
    :who                                members, and who is typing
    :role alice GM | :role alice -GM    give a member a role (made if new), or take it away
    :last                               show the channel's latest message again
    :restart                            restart the bot on the same database
    :quit                               stop the bot and leave

    A file the bot sends (📎) is saved in a temporary folder and its path shown,
    ready for an option such as file:<path>. The folder is deleted when the
    sandbox stops: copy a file elsewhere to keep it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import re
import shlex
import shutil
import signal
import sys
import tempfile
import textwrap
import threading
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TextIO, TypeVar, cast

from bot.config import Settings
from bot.standin import CommandInputError, InteractionResult, Message, StandIn
from bot.standin.commands import (
    BOOLEAN,
    CHANNEL,
    ROLE,
    USER,
    CommandPath,
    find_command,
    leaf_paths,
    localized,
)
from bot.standin.live import LiveBot
from bot.standin.state import EPHEMERAL, JSON, World, match_label
from rules.roller import DiceRoller, RandomDice

# Like Discord, the sandbox drops an interaction the bot has not answered in 3 s.
DISCORD_CALLBACK_DEADLINE = 3.0
LOCALES = ("en-US", "en-GB", "pt-BR")
BOT_LOCALES: Mapping[str, Literal["en", "pt-BR"]] = {"en": "en", "pt-BR": "pt-BR"}
META_COMMANDS = (
    ":as",
    ":click",
    ":pick",
    ":submit",
    ":locale",
    ":channel",
    ":who",
    ":role",
    ":last",
    ":restart",
    ":help",
    ":quit",
)
COMPONENT_TYPE_NAMES = {3: "choose", 5: "user", 6: "role", 7: "user or role", 8: "channel"}


T = TypeVar("T")
HELP = (__doc__ or "").split("::", 1)[-1]


class SandboxInputError(ValueError):
    """A line the sandbox cannot act on; printed, never fatal."""


# Parsing ---------------------------------------------------------------------------------


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


# Rendering -------------------------------------------------------------------------------


def _plain(text: str) -> str:
    """Discord markdown to terminal text: bold and inline code markers dropped."""
    return text.replace("**", "").replace("__", "").replace("`", "")


MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")


def readable(text: str, world: World | None = None) -> str:
    """``_plain`` plus mentions shown as ``@Alice``, ``@GM`` and ``#combat``."""
    if world is not None:

        def name(match: re.Match[str]) -> str:
            kind, ident = match.group(1), int(match.group(2))
            if kind == "#":
                with contextlib.suppress(KeyError):
                    return "#" + world.channel(ident)[1].name
            elif kind == "@&":
                for guild in world.guilds.values():
                    if ident in guild.roles:
                        return "@" + guild.roles[ident].name
            elif ident in world.users:
                return "@" + world.users[ident].display_name
            return match.group(0)

        text = MENTION.sub(name, text)
    return _plain(text)


def render_embed(embed: JSON, world: World | None = None) -> list[str]:
    def show(text: str) -> str:
        return readable(text, world)

    lines: list[str] = []
    author = (embed.get("author") or {}).get("name")
    if author:
        lines.append(f"  {show(author)}")
    if embed.get("title"):
        lines.append(f"  ┃ {show(embed['title'])}")
    if embed.get("description"):
        lines.extend(f"  ┃ {line}" for line in show(embed["description"]).splitlines())
    for item in embed.get("fields") or []:
        value_lines = show(str(item.get("value", ""))).splitlines() or [""]
        lines.append(f"  ┃ {show(str(item.get('name', '')))}: {value_lines[0]}")
        lines.extend(f"  ┃     {line}" for line in value_lines[1:])
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        lines.extend(f"  ┃ — {line}" for line in show(footer).splitlines())
    return lines


def _render_component(item: JSON, number: int | None) -> str:
    kind = item.get("type")
    tag = f"{number} " if number is not None else ""
    if kind == 2:
        emoji = (item.get("emoji") or {}).get("name")
        label = " ".join(x for x in (emoji, item.get("label")) if x)
        if item.get("style") == 5:
            return f"[{tag}{label} ↗ {item.get('url')}]"
        return f"[{tag}{label}{' (disabled)' if item.get('disabled') else ''}]"
    placeholder = item.get("placeholder") or COMPONENT_TYPE_NAMES.get(int(kind or 0), "select")
    options = " | ".join(str(o.get("label")) for o in item.get("options") or [])
    listed = f": {options}" if options else ""
    return f"[{tag}▾ {placeholder}{listed}{' (disabled)' if item.get('disabled') else ''}]"


def _render_layout(
    components: Iterable[JSON], numbered: Callable[[JSON], int], world: World | None = None
) -> list[str]:
    """Action rows on one line each; components-v2 text shown as text."""
    lines: list[str] = []
    for component in components:
        kind = component.get("type")
        if kind == 1:
            row = [_render_component(c, numbered(c)) for c in component.get("components") or []]
            lines.append("  " + " ".join(row))
        elif kind == 10:
            lines.extend(
                f"  {line}" for line in readable(str(component.get("content")), world).splitlines()
            )
        elif kind == 14:
            lines.append("  ───")
        elif kind in (9, 17):
            lines.extend(_render_layout(component.get("components") or [], numbered, world))
            if "accessory" in component:
                accessory = component["accessory"]
                if accessory.get("type") == 2:
                    lines.append("    " + _render_component(accessory, numbered(accessory)))
        elif kind in (2, 3, 5, 6, 7, 8):
            lines.append("  " + _render_component(component, numbered(component)))
    return lines


# The sandbox -----------------------------------------------------------------------------


@dataclass
class Shown:
    """What the last output numbered, so ``:click 2`` knows what 2 is."""

    components: list[tuple[Message, JSON]] = field(default_factory=list)
    modal: InteractionResult | None = None


class Sandbox:
    """Turns typed lines into interactions on the stand-in and prints what the bot did."""

    def __init__(
        self,
        standin: StandIn,
        *,
        write: Callable[[str], None],
        locale: str = "en-US",
        user: str = "gm",
        channel: str = "general",
        live: LiveBot | None = None,
    ) -> None:
        self.standin = standin
        self.live = live
        self.write = write
        self.locale = locale
        self.user = standin.user(user)
        self.channel = standin.channel(channel)
        self.shown = Shown()
        self.downloads: Path | None = None
        """Where files the bot sends are saved; a temporary folder unless set beforehand."""
        self._temporary: Path | None = None

    @property
    def world(self) -> World:
        return self.standin.world

    @property
    def prompt(self) -> str:
        language = "" if self.locale == "en-US" else f" [{self.locale}]"
        return f"{self.user.username}@#{self.channel.name}{language}> "

    def commands(self) -> list[JSON]:
        return self.standin.commands()

    async def execute(self, line: str) -> bool:
        """Run one line; ``False`` means the person asked to quit."""
        text = line.strip()
        if not text or text.startswith("#"):
            return True
        try:
            if text.startswith("/"):
                await self._slash(text)
            elif text.startswith(":"):
                return await self._meta(text)
            else:
                raise SandboxInputError(
                    "type a slash command (/roll dice:3d6) or a :command (:help)"
                )
        except (SandboxInputError, CommandInputError) as error:
            self.write(f"! {error}")
        return True

    # Commands ---------------------------------------------------------------------------

    async def _slash(self, text: str) -> None:
        path, values = parse_command_line(self.commands(), text, self.locale)
        await self._run(
            lambda: self.standin.slash(
                path.path, values, user=self.user, channel=self.channel, locale=self.locale
            )
        )

    async def _meta(self, text: str) -> bool:
        try:
            words = shlex.split(text)
        except ValueError as error:
            raise SandboxInputError(str(error)) from None
        name, args = words[0].lower(), words[1:]
        if name in (":quit", ":exit", ":q"):
            return False
        if name == ":help":
            self.write(textwrap.dedent(HELP).strip("\n"))
        elif name == ":as":
            self._need(args, ":as NAME")
            self.user = self.standin.user(_known(lambda: self.standin.user(args[0])).username)
            self.write(f"(now typing as {self.user.display_name})")
        elif name == ":locale":
            self._need(args, ":locale en-US|pt-BR")
            if args[0] not in LOCALES:
                raise SandboxInputError(f"unknown locale {args[0]!r} (try {', '.join(LOCALES)})")
            self.locale = args[0]
            self.write(f"(client language: {self.locale})")
        elif name == ":channel":
            self._need(args, ":channel NAME")
            self.channel = _known(lambda: self.standin.channel(args[0]))
            self.write(f"(now in #{self.channel.name})")
        elif name == ":who":
            for member in self.standin.guild.members.values():
                if member.user.bot:
                    continue
                roles = [self.standin.guild.roles[r].name for r in member.roles]
                marker = " ← typing" if member.user.id == self.user.id else ""
                listed = f" ({', '.join(roles)})" if roles else ""
                self.write(f"  {member.user.username}: {member.user.display_name}{listed}{marker}")
        elif name == ":role":
            if len(args) < 2:
                raise SandboxInputError("usage: :role MEMBER ROLE (or -ROLE to take it away)")
            person = _known(lambda: self.standin.user(args[0]))
            wanted = " ".join(args[1:])
            on = not wanted.startswith("-")
            role_name = wanted.removeprefix("-").strip()
            role = await _known_async(self.standin.set_role(person, role_name, on=on))
            change = "now has" if on else "no longer has"
            self.write(f"({person.display_name} {change} the role {role.name})")
        elif name == ":last":
            visible = [
                m
                for m in self.standin.messages(self.channel)
                if m.visible_to in (None, self.user.id)
            ]
            if not visible:
                raise SandboxInputError(f"#{self.channel.name} has no messages yet")
            previous = self.shown.components
            self.shown = Shown()
            self._show_message(visible[-1], edited=False)
            if not self.shown.components:
                self.shown.components = previous
        elif name == ":restart":
            if self.live is None:
                raise SandboxInputError("this sandbox cannot restart its bot")
            self.write("(restarting the bot on the same database)")
            await self.live.restart()
            self.write("(the bot is back)")
        elif name == ":click":
            self._need(args, ":click NUMBER|LABEL")
            message, item = self._find_component(" ".join(args))
            await self._run(
                lambda: self.standin.click(
                    message, str(item["custom_id"]), user=self.user, locale=self.locale
                )
            )
        elif name == ":pick":
            self._need(args, ":pick NUMBER VALUE [VALUE...]")
            message, item = self._find_component(args[0])
            await self._run(
                lambda: self.standin.click(
                    message,
                    str(item["custom_id"]),
                    user=self.user,
                    values=args[1:],
                    locale=self.locale,
                )
            )
        elif name == ":submit":
            opened = self.shown.modal
            if opened is None:
                raise SandboxInputError("no modal is open")
            values: dict[str, object] = {}
            for pair in args:
                key, sep, value = pair.partition("=")
                if not sep:
                    raise SandboxInputError(f"write modal values as Label=value, not {pair!r}")
                values[key] = value
            await self._run(
                lambda: self.standin.submit_modal(
                    opened, values, user=self.user, locale=self.locale
                )
            )
        else:
            raise SandboxInputError(f"unknown command {name} (try :help)")
        return True

    @staticmethod
    def _need(args: Sequence[str], usage: str) -> None:
        if not args:
            raise SandboxInputError(f"usage: {usage}")

    def _find_component(self, key: str) -> tuple[Message, JSON]:
        shown = self.shown.components
        if key.isdigit():
            number = int(key)
            if not 1 <= number <= len(shown):
                raise SandboxInputError(f"there is no button {number} in the last reply")
            return shown[number - 1]
        found = match_label([item for _, item in shown], key)
        for message, item in shown:
            if item is found:
                return message, item
        for message in reversed(self.standin.messages(self.channel)):
            if message.visible_to not in (None, self.user.id):
                continue
            found = match_label(message.interactive_components(), key)
            if found is not None:
                return message, found
        wanted = key.strip().lower()
        several = [
            f"{number} {item.get('label', '')}"
            for number, (_, item) in enumerate(shown, start=1)
            if wanted and str(item.get("label", "")).lower().startswith(wanted)
        ]
        if len(several) > 1:
            raise SandboxInputError(
                f"several buttons start with {key!r}: {', '.join(several)}; "
                "type more of the label or its number"
            )
        raise SandboxInputError(f"no button labelled {key!r} here")

    # Running and printing ---------------------------------------------------------------

    async def _run(self, action: Callable[[], Awaitable[InteractionResult]]) -> None:
        before = {m.id: (len(m.history), m.deleted) for m in self._all_messages()}
        rejected = len(self.standin.server.rejections)
        result = await action()
        if self.live is not None and self.live.running:
            # The live tracker's edit belongs to the command that changed the fight.
            await self.live.bot.trackers.settled()
        # Numbers keep pointing at the last buttons shown until new ones appear.
        previous = self.shown.components
        self.shown = Shown()
        try:
            self._show_result(result, before, rejected)
        finally:
            if not self.shown.components:
                self.shown.components = previous

    def _show_result(
        self, result: InteractionResult, before: dict[int, tuple[int, bool]], rejected: int
    ) -> None:
        for problem in self.standin.server.rejections[rejected:]:
            self.write(f"! Discord refused the bot's reply: {problem}")
        response = result.response if result.answered else None
        if response is None:
            self.write("! The application did not respond (the interaction failed)")
            return
        if response.type == 8:
            names = [str(c["name"]) for c in response.choices]
            self.write("  choices: " + (", ".join(names) if names else "(none)"))
            return
        if response.type == 9:
            self._show_modal(result)
            return
        changed = [
            m for m in self._all_messages() if before.get(m.id) != (len(m.history), m.deleted)
        ]
        # The answer first, then what else it changed (the live tracker, an attack's buttons).
        own = {m.id for m in result.messages}
        for message in sorted(changed, key=lambda m: (m.id not in own, m.id)):
            self._show_message(message, edited=message.id in before)

    def _all_messages(self) -> list[Message]:
        return [m for store in self.world.messages.values() for m in store.values()]

    def _show_modal(self, result: InteractionResult) -> None:
        modal = result.modal
        self.shown.modal = result
        self.write(f"┌ form: {modal.get('title')}")
        for top in modal.get("components") or []:
            inner = top.get("components") or ([top["component"]] if "component" in top else [])
            for item in inner:
                label = top.get("label") or item.get("label") or item.get("custom_id")
                required = " (required)" if item.get("required", True) else ""
                self.write(f"│ {label}{required}")
        self.write("└ answer with :submit Label=value ...")

    def _show_message(self, message: Message, *, edited: bool) -> None:
        if message.visible_to not in (None, self.user.id):
            return
        if message.deleted:
            self.write("(a message was deleted)")
            return
        who = self.world.bot_user.username
        meta = message.interaction_metadata or {}
        tags = []
        if meta.get("name"):
            tags.append(f"/{meta['name']} by {meta['user']['username']}")
        if edited:
            tags.append("edited")
        if message.flags & EPHEMERAL:
            tags.append("only you can see this")
        suffix = f" ({'; '.join(tags)})" if tags else ""
        self.write(f"{who}{suffix}:")
        if message.loading:
            self.write(f"  {who} is thinking…")
        for line in message.content.splitlines():
            self.write(f"  {readable(line, self.world)}")
        for number, embed in enumerate(message.embeds):
            if number:
                self.write("  ┃")
            for line in render_embed(embed, self.world):
                self.write(line)
        for attachment in message.attachments:
            self.write(f"  📎 {self._download(attachment)}")

        def numbered(item: JSON) -> int:
            self.shown.components.append((message, item))
            return len(self.shown.components)

        for line in _render_layout(message.components, numbered, self.world):
            self.write(line)

    def _download(self, attachment: JSON) -> Path:
        """Save a file the bot sent where a later ``file:<path>`` option can attach it."""
        if self.downloads is None:
            self.downloads = self._temporary = Path(tempfile.mkdtemp(prefix="gurps-sandbox-"))
        folder = self.downloads / str(attachment["id"])
        folder.mkdir(exist_ok=True)
        path = folder / Path(str(attachment["filename"])).name
        path.write_bytes(self.standin.file(attachment))
        return path

    def close(self) -> None:
        """Delete the temporary folder of saved files (a folder set by the caller is kept)."""
        if self._temporary is None:
            return
        shutil.rmtree(self._temporary, ignore_errors=True)
        if self.downloads == self._temporary:
            self.downloads = None
        self._temporary = None

    # Tab completion ---------------------------------------------------------------------

    def completions(self, line: str, loop: asyncio.AbstractEventLoop | None = None) -> list[str]:
        """Candidates for the word being typed at the end of ``line``."""
        if line.startswith(":"):
            return self._complete_meta(line)
        if not line.startswith("/"):
            return [] if line else ["/", ":"]
        words = line[1:].split(" ")
        current = words[-1]
        before = words[:-1]
        paths = leaf_paths(self.commands())
        candidates: set[str] = set()
        for path in paths:
            names = self._path_names(path)
            depth = len(before)
            if depth < len(path.path):
                if [w.lower() for w in before] == [n.lower() for n in names[:depth]]:
                    candidates.add(names[depth])
                continue
            if [w.lower() for w in before[: len(path.path)]] != [n.lower() for n in names]:
                continue
            candidates.update(self._complete_option(path, current, line, loop))
        prefix = "/" if not before else ""
        return sorted(
            f"{prefix}{c}" if prefix else c
            for c in candidates
            if c.lower().startswith(current.lower())
        )

    def _path_names(self, path: CommandPath) -> list[str]:
        names = [localized(path.command, "name", self.locale)]
        node: Mapping[str, object] = path.command
        for level in path.path[1:]:
            children = cast(list[JSON], node.get("options") or [])
            node = next(c for c in children if c["name"] == level)
            names.append(localized(node, "name", self.locale))
        return names

    def _complete_option(
        self,
        path: CommandPath,
        current: str,
        line: str,
        loop: asyncio.AbstractEventLoop | None,
    ) -> list[str]:
        name, sep, typed = current.partition(":")
        if not sep:
            used = {m.lower() for m in re.findall(r"(\S+):", line)}
            return [
                f"{localized(o, 'name', self.locale)}:"
                for o in path.options
                if localized(o, "name", self.locale).lower() not in used
            ]
        try:
            option = path.option(name)
        except CommandInputError:
            return []
        values: list[str] = []
        if option.get("choices"):
            names = [localized(c, "name", self.locale) for c in option["choices"]]
            values = [
                name if " " not in name else str(choice["value"])
                for name, choice in zip(names, option["choices"], strict=True)
            ]
        elif option["type"] == BOOLEAN:
            values = ["true", "false"]
        elif option["type"] == USER:
            values = [
                m.user.username for m in self.standin.guild.members.values() if not m.user.bot
            ]
        elif option["type"] == CHANNEL:
            values = [c.name for c in self.standin.guild.channels.values()]
        elif option["type"] == ROLE:
            values = [r.name for r in self.standin.guild.roles.values()]
        elif option.get("autocomplete") and loop is not None:
            values = self._ask_autocomplete(path, line, option["name"], typed, loop)
        return [
            f"{name}:{v}" for v in values if " " not in v and v.lower().startswith(typed.lower())
        ]

    def _ask_autocomplete(
        self,
        path: CommandPath,
        line: str,
        focused: str,
        typed: str,
        loop: asyncio.AbstractEventLoop,
    ) -> list[str]:
        """Ask the bot, from the input thread, what it would suggest."""
        try:
            _, values = parse_command_line(self.commands(), line, self.locale)
        except SandboxInputError:
            values = {}
        values[focused] = typed
        future = asyncio.run_coroutine_threadsafe(
            self.standin.autocomplete(
                path.path,
                values,
                focused=focused,
                user=self.user,
                channel=self.channel,
                locale=self.locale,
            ),
            loop,
        )
        try:
            choices = future.result(timeout=2)
        except Exception:
            future.cancel()
            return []
        return [str(c["value"]) for c in choices]

    def _complete_meta(self, line: str) -> list[str]:
        words = line.split(" ")
        if len(words) == 1:
            return [c for c in META_COMMANDS if c.startswith(words[0])]
        head, current = words[0], words[-1]
        options: list[str] = []
        if head in (":as", ":role") and len(words) == 2:
            options = [
                m.user.username for m in self.standin.guild.members.values() if not m.user.bot
            ]
        elif head == ":role":
            options = [
                r.name for r in self.standin.guild.roles.values() if r.id != self.standin.guild.id
            ]
        elif head == ":locale":
            options = list(LOCALES)
        elif head == ":channel":
            options = [c.name for c in self.standin.guild.channels.values()]
        elif head == ":click":
            options = [str(i.get("label")) for _, i in self.shown.components if i.get("label")]
        return [o for o in options if o.lower().startswith(current.lower())]


def _known(lookup: Callable[[], T]) -> T:
    try:
        return lookup()
    except KeyError as error:
        raise SandboxInputError(str(error.args[0])) from None


async def _known_async(lookup: Awaitable[T]) -> T:
    try:
        return await lookup
    except KeyError as error:
        raise SandboxInputError(str(error.args[0])) from None


# Running in a terminal -------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--script", type=Path, metavar="FILE", help="run these lines (one per line), then quit"
    )
    parser.add_argument(
        "--locale", choices=LOCALES, help="the client's language (default: the bot's default)"
    )
    parser.add_argument(
        "--database",
        type=Path,
        default=Path("data/sandbox.sqlite3"),
        metavar="PATH",
        help="the sandbox's SQLite file (default: data/sandbox.sqlite3)",
    )
    parser.add_argument("--fresh", action="store_true", help="start from an empty database")
    parser.add_argument("--seed", type=int, help="seed the dice to replay the same rolls")
    parser.add_argument("--user", default="gm", help="who types first (default: gm, the GM)")
    parser.add_argument("--verbose", action="store_true", help="show the bot's log")


async def run(settings: Settings, args: argparse.Namespace) -> int:
    """``python -m bot sandbox``: the entry point ``bot.__main__`` calls."""
    default_locale = settings.default_locale
    seed = args.seed if args.seed is not None else settings.dice_seed
    if not args.verbose:
        # Errors (with their tracebacks) still reach stderr; the chatter does not.
        logging.getLogger().setLevel(logging.ERROR)
    lines: Iterable[str] | None = None
    if args.script is not None:
        try:
            lines = args.script.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            print(f"cannot read the script: {error}", file=sys.stderr)
            return 2
    return await run_sandbox(
        database=args.database,
        dice=RandomDice(seed),
        locale=args.locale or ("pt-BR" if default_locale == "pt-BR" else "en-US"),
        bot_locale=BOT_LOCALES.get(default_locale, "en"),
        fresh=args.fresh,
        user=args.user,
        lines=lines,
    )


async def run_sandbox(
    *,
    database: Path,
    dice: DiceRoller,
    locale: str = "en-US",
    bot_locale: Literal["en", "pt-BR"] = "en",
    fresh: bool = False,
    user: str = "gm",
    lines: Iterable[str] | None = None,
    out: TextIO | None = None,
) -> int:
    """Start the stand-in and the bot, run ``lines`` (or read the terminal), shut both down."""
    stream = out if out is not None else sys.stdout

    def write(text: str) -> None:
        stream.write(text + "\n")
        stream.flush()

    _prepare_database(database, fresh=fresh)
    async with StandIn(
        default_locale=locale, callback_deadline=DISCORD_CALLBACK_DEADLINE
    ) as standin:
        # No rate limit here: the tracker is edited as soon as a command changes the fight.
        live = LiveBot(standin, database, dice, default_locale=bot_locale, tracker_interval=0)
        async with live:
            sandbox = Sandbox(standin, write=write, locale=locale, user=user, live=live)
            count = len(leaf_paths(standin.commands()))
            write(f"GURPS combat sandbox: the real bot, {count} commands, no Discord needed.")
            write("Type /commands as in Discord, :help for more, :quit to leave.")
            try:
                if lines is not None:
                    for line in lines:
                        write(sandbox.prompt + line)
                        if not await sandbox.execute(line):
                            break
                else:
                    await _interactive(sandbox, write)
            finally:
                sandbox.close()
            write("(stopping the bot)")
    return 0


def _prepare_database(database: Path, *, fresh: bool) -> None:
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
    database.parent.mkdir(parents=True, exist_ok=True)


async def _interactive(sandbox: Sandbox, write: Callable[[str], None]) -> None:
    loop = asyncio.get_running_loop()
    terminal = sys.stdin.isatty()
    restore = _terminal_restorer() if terminal else None
    if terminal:
        _install_completion(sandbox, loop)
    pending: list[asyncio.Future[str | None]] = []

    def interrupt() -> None:
        for future in pending:
            if not future.done():
                future.set_result(None)

    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGINT, interrupt)
    try:
        while True:
            future: asyncio.Future[str | None] = loop.create_future()
            pending[:] = [future]
            _read_line_in_thread(sandbox.prompt, future, loop, echo=not terminal, write=write)
            line = await future
            if line is None or not await sandbox.execute(line):
                break
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGINT)
        if restore is not None:
            restore()


def _read_line_in_thread(
    prompt: str,
    future: asyncio.Future[str | None],
    loop: asyncio.AbstractEventLoop,
    *,
    echo: bool,
    write: Callable[[str], None],
) -> None:
    """``input()`` blocks, so it runs in a daemon thread; the loop keeps serving the bot."""

    def deliver(line: str | None) -> None:
        if not future.done():
            future.set_result(line)

    def read() -> None:
        line: str | None
        try:
            if echo:
                raw = sys.stdin.readline()
                line = raw.rstrip("\n") if raw else None
                if line is not None:
                    write(prompt + line)
            else:
                line = input(prompt)
        except (EOFError, OSError, ValueError):
            line = None
        loop.call_soon_threadsafe(deliver, line)

    threading.Thread(target=read, name="sandbox-input", daemon=True).start()


def _install_completion(sandbox: Sandbox, loop: asyncio.AbstractEventLoop) -> None:
    try:
        import readline  # noqa: PLC0415 - optional: missing on some platforms
    except ImportError:  # no readline on this platform: typing still works
        return
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            buffer = readline.get_line_buffer()[: readline.get_endidx()]
            # Python's readline appends nothing to a completion: add the space a
            # finished word needs, but not after "name:" where the value follows.
            matches[:] = [
                m if m.endswith(":") else m + " " for m in sandbox.completions(buffer, loop)
            ]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _terminal_restorer() -> Callable[[], None] | None:
    try:
        import termios  # noqa: PLC0415 - optional: POSIX only
    except ImportError:
        return None
    try:
        saved = termios.tcgetattr(sys.stdin)
    except termios.error:
        return None

    def restore() -> None:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(sys.stdin, termios.TCSADRAIN, saved)

    return restore
