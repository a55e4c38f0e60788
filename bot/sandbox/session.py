"""The sandbox itself: the running bot, the stand-in, and what each typed line does."""

from __future__ import annotations

import asyncio
import re
import shlex
import shutil
import tempfile
import textwrap
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

from bot.sandbox.display import readable, render_embed, render_layout
from bot.sandbox.parsing import SandboxInputError, parse_command_line
from bot.standin import CommandInputError, InteractionResult, Message, StandIn
from bot.standin.commands import (
    BOOLEAN,
    CHANNEL,
    ROLE,
    USER,
    CommandPath,
    leaf_paths,
    localized,
)
from bot.standin.live import LiveBot
from bot.standin.state import EPHEMERAL, JSON, World, match_label

HELP = """
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
"""What ``:help`` prints: the lines the sandbox understands."""


LOCALES = ("en-US", "en-GB", "pt-BR")


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


T = TypeVar("T")


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
            self.user = self.standin.user(known(lambda: self.standin.user(args[0])).username)
            self.write(f"(now typing as {self.user.display_name})")
        elif name == ":locale":
            self._need(args, ":locale en-US|pt-BR")
            if args[0] not in LOCALES:
                raise SandboxInputError(f"unknown locale {args[0]!r} (try {', '.join(LOCALES)})")
            self.locale = args[0]
            self.write(f"(client language: {self.locale})")
        elif name == ":channel":
            self._need(args, ":channel NAME")
            self.channel = known(lambda: self.standin.channel(args[0]))
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
            person = known(lambda: self.standin.user(args[0]))
            wanted = " ".join(args[1:])
            on = not wanted.startswith("-")
            role_name = wanted.removeprefix("-").strip()
            role = await known_async(self.standin.set_role(person, role_name, on=on))
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
            # The live tracker's edit, and a waiting blow's fresh defenses, belong to the
            # command that changed the fight.
            await self.live.bot.trackers.settled()
            await self.live.bot.defenses.settled()
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

        for line in render_layout(message.components, numbered, self.world):
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


def known(lookup: Callable[[], T]) -> T:
    try:
        return lookup()
    except KeyError as error:
        raise SandboxInputError(str(error.args[0])) from None


async def known_async(lookup: Awaitable[T]) -> T:
    try:
        return await lookup
    except KeyError as error:
        raise SandboxInputError(str(error.args[0])) from None
