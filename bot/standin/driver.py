"""Acting as Discord's users: send interactions to the bot and read what it answered.

``StandIn`` owns the world and the server. Its driver methods (``slash``, ``click``,
``submit_modal``, ``autocomplete``) build an INTERACTION_CREATE exactly as Discord
would, send it over the gateway, and return once the bot has *finished* handling
it, so the next step (a click on the buttons it just sent) never races the bot's
view registration.

How "finished" is known: :meth:`StandIn.attach` wraps the client's
INTERACTION_CREATE parser. discord.py parses a gateway event synchronously and
starts the handler tasks (the command tree's invoker, a view's item callback, a
modal's submit) inside that call, so the tasks that exist after the call and not
before it are exactly this interaction's handlers. The driver awaits them; by then
the bot has read the callback response and registered any view it sent.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, Literal

import discord

from bot.standin.commands import CommandInputError, CommandPath, OptionBuilder, find_command
from bot.standin.server import StandInServer
from bot.standin.state import (
    EPHEMERAL,
    JSON,
    Channel,
    Guild,
    InteractionRecord,
    Message,
    Role,
    User,
    World,
)
from bot.standin.validation import MAX_UPLOAD_BYTES

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

UserRef = User | int | str
ChannelRef = Channel | int | str


class BotDidNotAnswer(AssertionError):
    """The bot finished handling an interaction without acknowledging it."""


@dataclass(frozen=True)
class Callback:
    """The bot's initial response to an interaction, as it was sent."""

    type: int
    data: JSON

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def choices(self) -> list[JSON]:
        return list(self.data.get("choices") or [])


class InteractionResult:
    """One interaction and everything the bot did in answer, read live from the world."""

    def __init__(self, record: InteractionRecord, world: World) -> None:
        self.record = record
        self.world = world
        self.errors: list[BaseException] = []
        self.settled = asyncio.Event()

    def __repr__(self) -> str:
        kind, callback = self.record.type, self.callback_type
        return f"<InteractionResult id={self.id} type={kind} callback={callback}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def payload(self) -> JSON:
        """The INTERACTION_CREATE data that was sent to the bot."""
        return self.record.payload

    @property
    def answered(self) -> bool:
        return self.record.callback is not None

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def response(self) -> Callback:
        """The callback; raises :class:`BotDidNotAnswer` when there was none."""
        if self.record.callback is None:
            detail = "; ".join(repr(e) for e in self.errors) or "no error was raised"
            raise BotDidNotAnswer(f"the bot did not answer interaction {self.id} ({detail})")
        return Callback(int(self.record.callback["type"]), dict(self.record.callback["data"]))

    @property
    def message(self) -> Message:
        """The original response message, in its current (possibly edited) state."""
        self.response  # noqa: B018 - raises when unanswered
        if self.record.original_id is None:
            raise AssertionError(f"interaction {self.id} was answered without a message")
        found = self.world.find_message(self.record.original_id)
        assert found is not None
        return found

    @property
    def followups(self) -> list[Message]:
        found = (self.world.find_message(i) for i in self.record.followup_ids)
        return [m for m in found if m is not None]

    @property
    def messages(self) -> list[Message]:
        """The original response (if it is a message) and every follow-up."""
        result = [self.message] if self.record.original_id is not None else []
        return result + self.followups

    @property
    def ephemeral(self) -> bool:
        return self.response.ephemeral or (
            self.record.original_id is not None and self.message.ephemeral
        )

    @property
    def embeds(self) -> list[JSON]:
        """The original message's current embeds."""
        return self.message.embeds

    @property
    def embed(self) -> JSON:
        """The one embed of the original message."""
        embeds = self.embeds
        if len(embeds) != 1:
            raise AssertionError(f"expected one embed, found {len(embeds)}")
        return embeds[0]

    @property
    def choices(self) -> list[JSON]:
        response = self.response
        if response.type != 8:
            raise AssertionError(
                f"expected autocomplete choices, got callback type {response.type}"
            )
        return response.choices

    @property
    def modal(self) -> JSON:
        response = self.response
        if response.type != 9:
            raise AssertionError(f"expected a modal, got callback type {response.type}")
        return response.data


@dataclass
class _Attachment:
    client: discord.Client
    parsers: dict[str, Callable[[Any], None]]
    originals: dict[str, Callable[[Any], None]]
    guilds_cached: dict[int, asyncio.Event]
    # How many times a view was registered per message id (or per modal custom id).
    views_stored: dict[object, int]
    view_waiters: list[tuple[object, int, asyncio.Future[None]]]


Until = Literal["handled", "answered"]


class StandIn:
    """A Discord stand-in on 127.0.0.1 plus the driver that plays its users."""

    def __init__(
        self,
        world: World | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
        settle_timeout: float = 10.0,
        default_locale: str = "en-US",
        callback_deadline: float | None = None,
        shard_count: int = 1,
    ) -> None:
        self.world = world or World.default(clock)
        self.server = StandInServer(
            self.world, callback_deadline=callback_deadline, shard_count=shard_count
        )
        self.settle_timeout = settle_timeout
        self.default_locale = default_locale
        self.default_user: UserRef = self.world.users[self.world.guild.owner_id]
        self.default_channel: ChannelRef = next(iter(self.world.guild.channels.values()))
        self.results: dict[int, InteractionResult] = {}
        self._attachment: _Attachment | None = None
        self._spawned: dict[int, asyncio.Future[set[asyncio.Task[Any]]]] = {}
        self._handlers: dict[int, set[asyncio.Task[Any]]] = {}

    # Lifecycle ---------------------------------------------------------------------------

    async def start(self) -> StandIn:
        await self.server.start()
        return self

    async def stop(self) -> None:
        self.detach()
        await self.server.stop()
        for future in self._spawned.values():
            future.cancel()
        self._spawned.clear()

    async def __aenter__(self) -> StandIn:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return self.server.base_url

    @property
    def gateway_url(self) -> str:
        return self.server.gateway_url

    @property
    def token(self) -> str:
        """The bot token the stand-in accepts."""
        return self.world.token

    @property
    def guild(self) -> Guild:
        return self.world.guild

    @property
    def unknown_routes(self) -> list[str]:
        """``"METHOD /path"`` for every request the stand-in had no route for."""
        return [f"{r.method} {r.path}" for r in self.server.unknown_routes]

    def commands(self, guild: Guild | int | None = None) -> list[JSON]:
        """The command schema the bot synced, as a member of ``guild`` sees it."""
        guild_id = guild.id if isinstance(guild, Guild) else guild
        if guild_id is None:
            guild_id = self.guild.id
        return self.world.commands_for(guild_id)

    # Attaching to an in-process client -------------------------------------------------------

    def attach(self, client: discord.Client) -> None:
        """Observe ``client``'s event parsing so the driver knows when a handler finished."""
        self.detach()
        parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
        originals = {key: parsers[key] for key in ("INTERACTION_CREATE", "GUILD_CREATE")}
        attachment = _Attachment(
            client, parsers, originals, {g: asyncio.Event() for g in self.world.guilds}, {}, []
        )
        state = client._connection
        store_view = state.store_view

        def stored(view: Any, message_id: int | None = None) -> None:
            store_view(view, message_id)
            key: object = message_id
            if message_id is None and isinstance(view, discord.ui.Modal):
                key = ("modal", view.custom_id)
            count = attachment.views_stored.get(key, 0) + 1
            attachment.views_stored[key] = count
            for waiter in list(attachment.view_waiters):
                wanted, after, future = waiter
                if wanted == key and count > after and not future.done():
                    future.set_result(None)
                    attachment.view_waiters.remove(waiter)

        state.store_view = stored  # type: ignore[method-assign]

        def interaction_create(data: Any) -> None:
            # The tasks the parse starts are this interaction's handlers: a task factory
            # notes them as they are made (listing every task before and after would
            # cost as much as all the tasks running, for every interaction).
            loop = asyncio.get_running_loop()
            previous = loop.get_task_factory()
            spawned: set[asyncio.Task[Any]] = set()

            def noting(
                loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any
            ) -> asyncio.Task[Any]:
                made = (
                    previous(loop, coro, **kwargs)
                    if previous is not None
                    else asyncio.Task(coro, loop=loop, **kwargs)
                )
                spawned.add(made)  # type: ignore[arg-type]
                return made  # type: ignore[return-value]

            loop.set_task_factory(noting)
            try:
                originals["INTERACTION_CREATE"](data)
            finally:
                loop.set_task_factory(previous)
                self._handlers[int(data["id"])] = spawned
                future = self._spawned.get(int(data["id"]))
                if future is not None and not future.done():
                    future.set_result(spawned)

        def guild_create(data: Any) -> None:
            originals["GUILD_CREATE"](data)
            event = attachment.guilds_cached.get(int(data["id"]))
            if event is not None:
                event.set()

        parsers["INTERACTION_CREATE"] = interaction_create
        parsers["GUILD_CREATE"] = guild_create
        self._attachment = attachment

    def detach(self) -> None:
        if self._attachment is not None:
            self._attachment.parsers.update(self._attachment.originals)
            state = self._attachment.client._connection
            if "store_view" in vars(state):
                del state.store_view
            for _, _, future in self._attachment.view_waiters:
                future.cancel()
            self._attachment = None
        self._handlers.clear()

    async def idle(self) -> None:
        """Until every handler the bot started for any interaction has finished.

        For a command that sends buttons and then waits for the click inside its
        own handler (``await view.wait()``): after the click, ``await standin.idle()``
        lets that handler run to its end.
        """
        tasks = {t for group in self._handlers.values() for t in group if not t.done()}
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=self.settle_timeout)
            if pending:
                names = sorted(t.get_name() for t in pending)
                raise TimeoutError(f"the bot is still busy after {self.settle_timeout}s: {names}")
        self._handlers = {k: v for k, v in self._handlers.items() if any(not t.done() for t in v)}

    async def wait_guilds_cached(self) -> None:
        """Until the attached client has parsed every guild's GUILD_CREATE."""
        if self._attachment is None:
            raise RuntimeError("attach() a client first")
        events = [e.wait() for e in self._attachment.guilds_cached.values()]
        await asyncio.wait_for(asyncio.gather(*events), self.settle_timeout)

    # Reading the world ------------------------------------------------------------------

    def user(self, key: UserRef) -> User:
        return self.world.user(key)

    def channel(self, key: ChannelRef | None = None) -> Channel:
        return self.world.channel(key if key is not None else self.default_channel)[1]

    def messages(
        self, channel: ChannelRef | None = None, *, include_ephemeral: bool = True
    ) -> list[Message]:
        """A channel's messages, oldest first, in their current state (deleted ones left out)."""
        store = self.world.channel_messages(self.channel(channel).id)
        return [
            m
            for m in sorted(store.values(), key=lambda m: m.id)
            if not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def direct_messages(self, user: UserRef) -> list[Message]:
        """What the bot sent ``user`` in direct messages, oldest first."""
        channel = self.world.dm_channels.get(self.user(user).id)
        if channel is None:
            return []
        store = self.world.channel_messages(channel.id)
        return [m for m in sorted(store.values(), key=lambda m: m.id) if not m.deleted]

    def last_message(self, channel: ChannelRef | None = None) -> Message:
        found = self.messages(channel)
        if not found:
            raise AssertionError("the channel has no messages")
        return found[-1]

    def file(self, attachment: JSON) -> bytes:
        """The bytes of an attachment (one of ``message.attachments``)."""
        return self.world.files[int(attachment["id"])]

    def message(self, message_id: int) -> Message:
        found = self.world.find_message(message_id)
        if found is None:
            raise KeyError(f"no message {message_id}")
        return found

    # Shaping the world while the bot runs ----------------------------------------------

    async def set_role(self, user: UserRef, role_name: str, *, on: bool = True) -> Role:
        """Give ``user`` the guild's role called ``role_name`` (or take it away with
        ``on=False``). A role the guild lacks is created and announced to the bot
        (GUILD_ROLE_CREATE), as Discord does; member updates need no event: every interaction
        carries the member's roles."""
        guild = self.guild
        member = guild.members[self.user(user).id]
        try:
            role = guild.role_named(role_name)
        except KeyError:
            if not on:
                raise
            role = self.world.add_role(role_name, guild=guild)
            await self.server.dispatch(
                "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()}
            )
        if on and role.id not in member.roles:
            member.roles.append(role.id)
        if not on and role.id in member.roles:
            member.roles.remove(role.id)
        return role

    # Driving ----------------------------------------------------------------------------

    async def slash(
        self,
        command: str | Sequence[str],
        options: Mapping[str, object] | None = None,
        /,
        *,
        user: UserRef | None = None,
        channel: ChannelRef | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
        until: Until = "handled",
        **more_options: object,
    ) -> InteractionResult:
        """Run a slash command: ``await standin.slash("roll", dice="3d6", private=True)``.

        ``command`` may hold a subcommand path (``"combatant add"``). Options come as
        keywords or as a dict (needed for an option called ``user``, ``channel``,
        ``locale``, ``guild_locale`` or ``until``). Options are checked
        against the synced schema like Discord's client checks them. It returns when
        the bot's handler finished; ``until="answered"`` returns as soon as the bot
        answered and registered the view it sent (for a handler that then waits for
        a click).
        """
        values = {**(options or {}), **more_options}
        record = self._command_record(
            APPLICATION_COMMAND,
            command,
            values,
            user=user,
            channel=channel,
            locale=locale,
            guild_locale=guild_locale,
        )
        return await self._send(record, until)

    async def autocomplete(
        self,
        command: str | Sequence[str],
        options: Mapping[str, object] | None = None,
        /,
        *,
        focused: str,
        user: UserRef | None = None,
        channel: ChannelRef | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> list[JSON]:
        """The choices the bot offers while ``focused`` is being typed."""
        result = await self.autocomplete_interaction(
            command,
            options,
            focused=focused,
            user=user,
            channel=channel,
            locale=locale,
            guild_locale=guild_locale,
        )
        return result.choices

    async def autocomplete_interaction(
        self,
        command: str | Sequence[str],
        options: Mapping[str, object] | None = None,
        /,
        *,
        focused: str,
        user: UserRef | None = None,
        channel: ChannelRef | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> InteractionResult:
        record = self._command_record(
            AUTOCOMPLETE,
            command,
            dict(options or {}),
            user=user,
            channel=channel,
            locale=locale,
            guild_locale=guild_locale,
            focused=focused,
        )
        return await self._send(record)

    async def click(
        self,
        message: Message | InteractionResult | int,
        component: str | int,
        *,
        user: UserRef | None = None,
        values: Sequence[object] | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
        until: Until = "handled",
    ) -> InteractionResult:
        """Press a button (by custom id, label, or 1-based position) or pick from a select."""
        target = self._message_of(message)
        await self._wait_for_source(target)
        item = self._component(target, component)
        if item.get("disabled"):
            raise CommandInputError(f"{_describe(item)} is disabled")
        if item["type"] == 2 and item.get("style") in (5, 6):
            raise CommandInputError(f"{_describe(item)} is a link, not something the bot hears")
        guild, chan = self.world.channel(target.channel_id)
        who = self.user(user if user is not None else self.default_user)
        if target.visible_to is not None and target.visible_to != who.id:
            raise CommandInputError("only the user the ephemeral message was for can see it")
        data: JSON = {"custom_id": item["custom_id"], "component_type": item["type"]}
        if item["type"] != 2:
            data["values"], resolved = self._select_values(item, values or [], guild, locale)
            if resolved:
                data["resolved"] = resolved
        elif values:
            raise CommandInputError("a button takes no values")
        record = self._record(
            MESSAGE_COMPONENT,
            data=data,
            user=who,
            guild=guild,
            channel=chan,
            locale=locale,
            guild_locale=guild_locale,
            message=target,
        )
        return await self._send(record, until)

    async def submit_modal(
        self,
        opened: InteractionResult,
        values: Mapping[str, object],
        *,
        user: UserRef | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
        until: Until = "handled",
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened; ``values`` keyed by custom id or label."""
        modal = opened.modal
        remaining = dict(values)
        components = [_fill_modal_component(c, remaining) for c in modal.get("components", [])]
        if remaining:
            raise CommandInputError(f"the modal has no inputs {sorted(remaining)}")
        data: JSON = {"custom_id": modal["custom_id"], "components": components}
        guild, chan = self.world.channel(opened.record.channel_id)
        who = self.user(user) if user is not None else opened.record.user
        source = (
            self.world.find_message(opened.record.message_id)
            if opened.record.message_id is not None
            else None
        )
        record = self._record(
            MODAL_SUBMIT,
            data=data,
            user=who,
            guild=guild,
            channel=chan,
            locale=locale,
            guild_locale=guild_locale,
            message=source,
        )
        return await self._send(record, until)

    # Building interactions --------------------------------------------------------------

    def _command_record(
        self,
        kind: int,
        command: str | Sequence[str],
        values: Mapping[str, object],
        *,
        user: UserRef | None,
        channel: ChannelRef | None,
        locale: str | None,
        guild_locale: str | None,
        focused: str | None = None,
    ) -> InteractionRecord:
        """A slash command or its autocomplete, its options checked against the schema."""
        path, built, guild, chan, who = self._prepare_command(
            command, values, user, channel, locale, focused=focused
        )
        return self._record(
            kind,
            data=self._command_data(path, built.options, built.resolved),
            user=who,
            guild=guild,
            channel=chan,
            locale=locale,
            guild_locale=guild_locale,
        )

    def _prepare_command(
        self,
        name: str | Sequence[str],
        values: Mapping[str, object],
        user: UserRef | None,
        channel: ChannelRef | None,
        locale: str | None,
        *,
        focused: str | None = None,
    ) -> tuple[CommandPath, Any, Guild, Channel, User]:
        words = name.lstrip("/").split() if isinstance(name, str) else list(name)
        guild, chan = self.world.channel(channel if channel is not None else self.default_channel)
        who = self.user(user if user is not None else self.default_user)
        path, used = find_command(self.world.commands_for(guild.id), words)
        if used != len(words):
            raise CommandInputError(f"/{path.qualified_name} has no subcommand {words[used]!r}")
        builder = OptionBuilder(self.world, guild, locale or self.default_locale)
        built = builder.build(path, values, focused=focused)
        return path, built, guild, chan, who

    @staticmethod
    def _command_data(path: CommandPath, options: list[JSON], resolved: JSON) -> JSON:
        command = path.command
        data: JSON = {
            "id": command["id"],
            "name": command["name"],
            "type": int(command.get("type", 1)),
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data

    def _record(
        self,
        kind: int,
        *,
        data: JSON,
        user: User,
        guild: Guild,
        channel: Channel,
        locale: str | None,
        guild_locale: str | None,
        message: Message | None = None,
    ) -> InteractionRecord:
        world = self.world
        member = guild.members.get(user.id)
        if member is None:
            raise CommandInputError(f"{user.username} is not a member of {guild.name}")
        member_json = member.to_json()
        member_json["permissions"] = str(guild.permissions_in(channel, user.id))
        channel_json = channel.to_json(guild.id)
        interaction_id = world.snowflakes.next()
        token = f"standin-{interaction_id}-{secrets.token_urlsafe(24)}"
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": guild.partial_json(),
            "channel_id": str(channel.id),
            "channel": channel_json,
            "member": member_json,
            "token": token,
            "version": 1,
            "locale": locale or self.default_locale,
            "guild_locale": guild_locale or guild.preferred_locale,
            "app_permissions": str(guild.permissions_in(channel, world.bot_user.id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": MAX_UPLOAD_BYTES,
        }
        if message is not None:
            payload["message"] = message.to_json()
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            payload=payload,
            user=user,
            channel_id=channel.id,
            guild_id=guild.id,
            message_id=message.id if message is not None else None,
        )
        world.interactions[interaction_id] = record
        return record

    async def _send(self, record: InteractionRecord, until: Until = "handled") -> InteractionResult:
        result = InteractionResult(record, self.world)
        self.results[record.id] = result
        loop = asyncio.get_running_loop()
        # Views registered so far, to tell a new registration from an earlier one.
        snapshot: dict[object, int] = {}
        if self._attachment is not None:
            self._spawned[record.id] = loop.create_future()
            snapshot = dict(self._attachment.views_stored)
        try:
            record.sent_at = self.world.clock()
            record.sent_clock = (time.perf_counter(), time.process_time())
            await self.server.dispatch("INTERACTION_CREATE", record.payload)
            if until == "answered":
                await self._settle_answered(result, snapshot)
            else:
                await self._settle(result)
        finally:
            self._spawned.pop(record.id, None)
            result.settled.set()
        return result

    async def _settle(self, result: InteractionResult) -> None:
        timeout = self.settle_timeout
        future = self._spawned.get(result.id)
        if future is None:
            # No in-process client to watch: the callback is the best signal there is.
            await asyncio.wait_for(result.record.answered.wait(), timeout)
            return
        try:
            spawned = await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not receive interaction {result.id} within {timeout}s"
            ) from None
        if not spawned:
            return
        done, pending = await asyncio.wait(spawned, timeout=timeout)
        if pending:
            names = sorted(t.get_name() for t in pending)
            raise TimeoutError(
                f"the bot was still handling interaction {result.id} after {timeout}s: {names} "
                '(a handler that waits for a click needs until="answered")'
            )
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                result.errors.append(task.exception())  # type: ignore[arg-type]

    async def _settle_answered(
        self, result: InteractionResult, snapshot: dict[object, int]
    ) -> None:
        """Until the callback arrived and any view or modal it carried is registered."""
        record = result.record
        await asyncio.wait_for(record.answered.wait(), self.settle_timeout)
        attachment = self._attachment
        if attachment is None:
            return
        response = result.response
        key: object
        if response.type == 9:
            key = ("modal", response.data.get("custom_id"))
        elif response.type in (4, 7) and _has_interactive(response.components):
            key = record.original_id
        else:
            return
        before = snapshot.get(key, 0)
        if attachment.views_stored.get(key, 0) > before:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        attachment.view_waiters.append((key, before, future))
        await asyncio.wait_for(future, self.settle_timeout)

    async def _wait_for_source(self, message: Message) -> None:
        """A click must wait until the bot finished with the response that drew the buttons."""
        if message.source_interaction_id is None:
            return
        source = self.results.get(message.source_interaction_id)
        if source is not None:
            await asyncio.wait_for(source.settled.wait(), self.settle_timeout)

    def _message_of(self, message: Message | InteractionResult | int) -> Message:
        if isinstance(message, Message):
            found = self.world.find_message(message.id)
        elif isinstance(message, InteractionResult):
            return message.message
        else:
            found = self.world.find_message(message)
        if found is None or found.deleted:
            raise CommandInputError(f"message {message!r} does not exist (any more)")
        return found

    @staticmethod
    def _component(message: Message, key: str | int) -> JSON:
        items = message.interactive_components()
        if isinstance(key, int):
            if not 1 <= key <= len(items):
                raise CommandInputError(f"message has {len(items)} components, no number {key}")
            return items[key - 1]
        try:
            return message.component(key)
        except KeyError as error:
            raise CommandInputError(str(error.args[0])) from None

    def _select_values(
        self, item: JSON, values: Sequence[object], guild: Guild, locale: str | None
    ) -> tuple[list[str], JSON]:
        low, high = int(item.get("min_values", 1)), int(item.get("max_values", 1))
        if not low <= len(values) <= high:
            raise CommandInputError(f"{_describe(item)} takes {low}-{high} values")
        if item["type"] == 3:
            chosen: list[str] = []
            for value in values:
                for option in item.get("options", []):
                    if str(value) in (option["value"], option.get("label")):
                        chosen.append(option["value"])
                        break
                else:
                    raise CommandInputError(f"{_describe(item)} has no option {value!r}")
            return chosen, {}
        builder = OptionBuilder(self.world, guild, locale)
        kind = {5: 6, 6: 8, 7: 7, 8: 9}[int(item["type"])]
        fake = CommandPath({"name": "select"}, ("select",), ())
        schema: JSON = {"name": "value", "type": kind, "channel_types": item.get("channel_types")}
        ids = [str(builder.convert(fake, schema, value)) for value in values]
        return ids, {k: v for k, v in builder.resolved.items() if v}


def _has_interactive(components: list[JSON]) -> bool:
    stack = list(components)
    while stack:
        item = stack.pop()
        if item.get("type") in (2, 3, 5, 6, 7, 8) and item.get("custom_id"):
            return True
        stack.extend(item.get("components") or [])
        if "accessory" in item:
            stack.append(item["accessory"])
    return False


def _describe(item: JSON) -> str:
    return f"component {item.get('label') or item.get('placeholder') or item.get('custom_id')!r}"


def _fill_modal_component(component: JSON, values: dict[str, object]) -> JSON:
    kind = component.get("type")
    if kind == 1:
        return {
            "type": 1,
            "components": [_fill_modal_component(c, values) for c in component["components"]],
        }
    if kind == 18:
        inner = dict(component["component"])
        if inner.get("custom_id") not in values and component.get("label") in values:
            values[inner["custom_id"]] = values.pop(component["label"])
        return {"type": 18, "component": _fill_modal_component(inner, values)}
    custom_id = component.get("custom_id")
    filled: JSON = {"type": kind, "custom_id": custom_id}
    label = component.get("label")
    key = custom_id if custom_id in values else label if label in values else None
    if kind == 4:
        value = values.pop(key) if key is not None else component.get("value", "")
        if component.get("required", True) and not value:
            raise CommandInputError(f"the modal needs a value for {label or custom_id!r}")
        filled["value"] = str(value)
    elif kind in (3, 5, 6, 7, 8):
        chosen = values.pop(key) if key is not None else []
        filled["values"] = (
            [str(v) for v in chosen] if isinstance(chosen, list | tuple) else [str(chosen)]
        )
    return filled
