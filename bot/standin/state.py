"""The stand-in's world: users, a guild with roles, members and channels, and messages.

Everything here is plain data that renders itself as the JSON Discord would send.
The server and the driver read and change it; nothing here does I/O.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.permissions import BOT_PERMISSIONS

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits the stand-in uses (Discord's values).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
PIN_MESSAGES = 1 << 51
ALL_PERMISSIONS = (1 << 53) - 1

PERMISSION_NAMES = {
    ADMINISTRATOR: "Administrator",
    MANAGE_CHANNELS: "Manage Channels",
    MANAGE_GUILD: "Manage Server",
    ADD_REACTIONS: "Add Reactions",
    VIEW_CHANNEL: "View Channel",
    SEND_MESSAGES: "Send Messages",
    SEND_TTS_MESSAGES: "Send TTS Messages",
    MANAGE_MESSAGES: "Manage Messages",
    EMBED_LINKS: "Embed Links",
    ATTACH_FILES: "Attach Files",
    READ_MESSAGE_HISTORY: "Read Message History",
    MENTION_EVERYONE: "Mention Everyone",
    USE_EXTERNAL_EMOJIS: "Use External Emojis",
    USE_APPLICATION_COMMANDS: "Use Application Commands",
    SEND_MESSAGES_IN_THREADS: "Send Messages in Threads",
    PIN_MESSAGES: "Pin Messages",
}

# What a channel's permissions can hold: without View Channel a member has none of them
# there, and without the right to send (Send Messages in Threads, in a thread) no
# mention of everyone, TTS, embeds or files (Discord's implicit permissions).
CHANNEL_PERMISSIONS = ALL_PERMISSIONS & ~(ADMINISTRATOR | MANAGE_GUILD)
NEEDS_SENDING = MENTION_EVERYONE | SEND_TTS_MESSAGES | EMBED_LINKS | ATTACH_FILES

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7


def bot_token(user_id: int) -> str:
    """A token shaped like Discord's: base64 of the bot's id, a stamp and a random HMAC part."""
    head = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.{secrets.token_urlsafe(5)[:6]}.{secrets.token_urlsafe(27)}".replace("=", "")


def iso(moment: datetime) -> str:
    """Discord's timestamp format."""
    return moment.astimezone(UTC).isoformat()


class WorldClock:
    """The world's time: a source clock plus however far a test moved it on.

    Discord's time limits (the 3 s to answer an interaction, its token's
    15 minutes) are measured on it, so a test reaches them with :meth:`advance`
    instead of waiting.
    """

    def __init__(self, source: Callable[[], datetime]) -> None:
        self.source = source
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return self.source() + self.offset

    def advance(self, delta: timedelta) -> None:
        self.offset += delta


class Snowflakes:
    """Unique, increasing snowflakes whose embedded time comes from ``clock``."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self.clock = clock
        self._counter = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        millis = int(self.clock().timestamp() * 1000) - DISCORD_EPOCH_MS
        value = (max(millis, 0) << 22) | (next(self._counter) & 0xFFF)
        self._last = max(value, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A snowflake that Discord routes to shard ``shard_id`` of ``shard_count`` as a guild
        id (:func:`shard_of`): the next one, its time moved on a millisecond at a time."""
        value = self.next()
        while shard_of(value, shard_count) != shard_id:
            value += 1 << 22
        self._last = value
        return value


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard whose gateway session receives a guild's events: ``(guild_id >> 22) %
    shard_count``, as Discord routes them; direct messages go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False

    def to_json(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def display_name(self) -> str:
        return self.global_name or self.username


def permission_names(bits: int) -> str:
    """``"View Channel, Send Messages"``: the named permissions in ``bits``."""
    names = [name for bit, name in PERMISSION_NAMES.items() if bits & bit]
    return ", ".join(names) or f"permissions {bits}"


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    # A bot's own role, made by Discord when the bot joins through its invite link.
    bot_id: int | None = None

    def to_json(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": self.bot_id is None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: datetime = field(default_factory=lambda: datetime(2024, 1, 1, tzinfo=UTC))

    def to_json(self, *, with_user: bool = True) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_json()
        return data


ROLE_OVERWRITE = 0
MEMBER_OVERWRITE = 1


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (``@everyone`` included) or a member."""

    id: int
    type: int = ROLE_OVERWRITE
    allow: int = 0
    deny: int = 0

    def to_json(self) -> JSON:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass
class Channel:
    id: int
    name: str
    type: int = GUILD_TEXT
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    # A thread has none of its own: it follows its parent channel's.
    overwrites: list[Overwrite] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    def to_json(self, guild_id: int | None) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "parent_id": str(self.parent_id) if self.parent_id is not None else None,
            "nsfw": False,
            "permission_overwrites": [o.to_json() for o in self.overwrites],
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if self.type == GUILD_TEXT:
            data["topic"] = self.topic
        if self.type == PUBLIC_THREAD:
            data["owner_id"] = str(self.owner_id) if self.owner_id is not None else None
            data["member_count"] = 1
            data["message_count"] = 0
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso(datetime(2024, 1, 1, tzinfo=UTC)),
                "locked": False,
            }
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def role_named(self, name: str) -> Role:
        for role in self.roles.values():
            if role.name.lower() == name.lower():
                return role
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")

    def channel_named(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name.lower() == name.lower().lstrip("#"):
                return channel
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions: ``@everyone`` and the member's roles, before any channel."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        value = self.everyone.permissions
        if member is not None:
            for role_id in member.roles:
                role = self.roles.get(role_id)
                if role is not None:
                    value |= role.permissions
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return value

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """What ``user_id`` may do in ``channel``, as Discord works it out.

        The guild-level permissions, then the channel's overwrites in Discord's
        order: ``@everyone``'s, the member's roles' (denies, then allows), the
        member's own. A thread follows its parent's overwrites, and sending there
        takes Send Messages in Threads. Then the implicit rules: no View Channel,
        no permission at all in the channel; no right to send, no embeds, files,
        TTS or mention of everyone.
        """
        value = self.permissions_of(user_id)
        if value == ALL_PERMISSIONS:
            return value
        source = channel
        if channel.is_thread and channel.parent_id in self.channels:
            source = self.channels[channel.parent_id]
        overwrites = {(o.type, o.id): o for o in source.overwrites}
        everyone = overwrites.get((ROLE_OVERWRITE, self.id))
        if everyone is not None:
            value = (value & ~everyone.deny) | everyone.allow
        member = self.members.get(user_id)
        role_ids = member.roles if member is not None else []
        allow = deny = 0
        for role_id in role_ids:
            found = overwrites.get((ROLE_OVERWRITE, role_id))
            if found is not None:
                allow |= found.allow
                deny |= found.deny
        value = (value & ~deny) | allow
        own = overwrites.get((MEMBER_OVERWRITE, user_id))
        if own is not None:
            value = (value & ~own.deny) | own.allow
        if not value & VIEW_CHANNEL:
            return value & ~CHANNEL_PERMISSIONS
        sending = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if not value & sending:
            value &= ~NEEDS_SENDING
        return value

    def partial_json(self) -> JSON:
        return {"id": str(self.id), "locale": self.preferred_locale, "features": []}

    def create_json(self, joined_at: datetime) -> JSON:
        """The GUILD_CREATE payload."""
        text_channels = [c for c in self.channels.values() if c.type != PUBLIC_THREAD]
        threads = [c for c in self.channels.values() if c.type == PUBLIC_THREAD]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_json() for m in self.members.values()],
            "channels": [c.to_json(None) for c in text_channels],
            "threads": [c.to_json(self.id) for c in threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


USER_MENTION = re.compile(r"<@!?([0-9]+)>")
ROLE_MENTION = re.compile(r"<@&([0-9]+)>")
MASS_MENTION = re.compile(r"@(everyone|here)")


@dataclass(frozen=True)
class Pings:
    """Who a message notifies: Discord's reading of its content and ``allowed_mentions``."""

    everyone: bool = False
    roles: frozenset[int] = frozenset()
    users: frozenset[int] = frozenset()


def pings(content: str, allowed_mentions: JSON | None) -> Pings:
    """The mentions in ``content`` that notify someone.

    Without ``allowed_mentions`` Discord parses every kind (users, roles, @everyone and
    @here); with it, a kind pings only when listed in ``parse``, and a user or role
    otherwise only when named in ``users`` / ``roles``.
    """
    users = {int(found) for found in USER_MENTION.findall(content)}
    roles = {int(found) for found in ROLE_MENTION.findall(content)}
    mass = MASS_MENTION.search(content) is not None
    if allowed_mentions is None:
        return Pings(mass, frozenset(roles), frozenset(users))
    parse = set(allowed_mentions.get("parse") or [])
    if "users" not in parse:
        users &= {int(u) for u in allowed_mentions.get("users") or []}
    if "roles" not in parse:
        roles &= {int(r) for r in allowed_mentions.get("roles") or []}
    return Pings(mass and "everyone" in parse, frozenset(roles), frozenset(users))


@dataclass(frozen=True)
class Upload:
    """A file a user attaches to a slash command's attachment option."""

    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class Message:
    """A message as the stand-in stores it; ``history`` keeps every earlier version."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: datetime
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[JSON] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: JSON | None = None
    edited_at: datetime | None = None
    deleted: bool = False
    pinned: bool = False
    visible_to: int | None = None
    source_interaction_id: int | None = None
    # The ``allowed_mentions`` the bot sent with the current text (``None``: it sent none).
    allowed_mentions: JSON | None = None
    history: list[JSON] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def to_json(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": list(self.attachments),
            "embeds": list(self.embeds),
            "components": list(self.components),
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data

    def snapshot(self) -> JSON:
        """The visible parts, for the edit history."""
        return {
            "content": self.content,
            "embeds": list(self.embeds),
            "components": list(self.components),
            "flags": self.flags,
            "allowed_mentions": self.allowed_mentions,
        }

    def versions(self) -> list[JSON]:
        """Every version the bot sent, oldest first, the current one last."""
        return [*self.history, self.snapshot()]

    def pings(self) -> list[Pings]:
        """Who each version notified (see :func:`pings`)."""
        return [pings(str(v["content"]), v["allowed_mentions"]) for v in self.versions()]

    def apply_edit(self, payload: JSON, when: datetime) -> None:
        """Apply a PATCH body: keys present replace the stored ones."""
        self.history.append(self.snapshot())
        if "content" in payload:
            # Mentions are read from the text they came with: an edit that leaves the
            # text alone leaves its allowed mentions alone too.
            self.allowed_mentions = payload.get("allowed_mentions")
            self.content = payload["content"] or ""
        if "embeds" in payload:
            self.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            self.components = list(payload["components"] or [])
        if "attachments" in payload:
            kept = {str(a.get("id")) for a in payload["attachments"] or []}
            self.attachments = [a for a in self.attachments if a["id"] in kept]
        if "flags" in payload and payload["flags"] is not None:
            # Only SUPPRESS_EMBEDS may change on an existing message.
            self.flags = (self.flags & ~4) | (int(payload["flags"]) & 4)
        self.flags &= ~LOADING
        self.edited_at = when

    # Reading components (tests and the sandbox) -----------------------------------------

    def walk_components(self) -> Iterator[JSON]:
        """Every component, depth first (action rows, containers, sections, buttons...)."""
        stack = list(reversed(self.components))
        while stack:
            component = stack.pop()
            yield component
            children: list[JSON] = list(component.get("components") or [])
            if "accessory" in component:
                children.append(component["accessory"])
            if "component" in component:
                children.append(component["component"])
            stack.extend(reversed(children))

    def interactive_components(self) -> list[JSON]:
        """Buttons and select menus in display order (the sandbox numbers them 1, 2, ...)."""
        return [c for c in self.walk_components() if c.get("type") in INTERACTIVE_TYPES]

    def component(self, key: str) -> JSON:
        """A button or select by custom id, by label (case-insensitive), or by the start of
        exactly one label (``"Parry"`` finds ``"Parry 9 (weapon)"``)."""
        items = self.interactive_components()
        for item in items:
            if item.get("custom_id") == key:
                return item
        found = match_label(items, key)
        if found is not None:
            return found
        known = [item.get("label") or item.get("custom_id") for item in items]
        raise KeyError(f"message {self.id} has no component {key!r}; it has {known}")


def match_label(items: list[JSON], key: str) -> JSON | None:
    """The item labelled ``key``, else the only one whose label starts with it."""
    wanted = key.strip().lower()
    for item in items:
        if str(item.get("label", "")).lower() == wanted:
            return item
    starting = [i for i in items if str(i.get("label", "")).lower().startswith(wanted)]
    return starting[0] if len(starting) == 1 and wanted else None


BUTTON = 2
INTERACTIVE_TYPES = frozenset({BUTTON, 3, 5, 6, 7, 8})


@dataclass
class InteractionRecord:
    """One interaction sent to the bot and everything the bot answered to it."""

    id: int
    token: str
    type: int
    payload: JSON
    user: User
    channel_id: int
    guild_id: int | None
    # The message a component click or a modal submit came from.
    message_id: int | None = None
    callback: JSON | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    # The world's time when the interaction went out on the gateway.
    sent_at: datetime | None = None
    # ``(perf_counter(), process_time())`` when it went out and when its callback arrived:
    # what answering it took, as the user waits for it, without the client's work of
    # building the interaction (benchmarks read it).
    sent_clock: tuple[float, float] | None = None
    answered_clock: tuple[float, float] | None = None

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else int(self.callback["type"])


@dataclass
class World:
    """The configurable Discord the bot sees."""

    bot_user: User
    application_id: int
    guilds: dict[int, Guild]
    users: dict[int, User]
    clock: Callable[[], datetime]
    snowflakes: Snowflakes
    token: str = "standin-token"
    messages: dict[int, dict[int, Message]] = field(default_factory=dict)
    # Synced application commands: ``None`` holds the global ones.
    commands: dict[int | None, list[JSON]] = field(default_factory=dict)
    command_ids: dict[tuple[int | None, str, int], int] = field(default_factory=dict)
    interactions: dict[int, InteractionRecord] = field(default_factory=dict)
    # Direct-message channels the bot opened, by the other user's id.
    dm_channels: dict[int, Channel] = field(default_factory=dict)
    # Uploaded files by attachment id (what users attach and what the bot sends),
    # served at ``files_url/attachments/<id>/<filename>``.
    files: dict[int, bytes] = field(default_factory=dict)
    files_url: str = "http://127.0.0.1"

    def __post_init__(self) -> None:
        if not isinstance(self.clock, WorldClock):
            self.clock = WorldClock(self.clock)
        self.snowflakes.clock = self.clock

    @classmethod
    def default(
        cls,
        clock: Callable[[], datetime] | None = None,
        *,
        locale: str = "en-US",
        bot_permissions: int | None = None,
    ) -> World:
        """One guild, an owner who is the GM, three players, two channels and a thread.

        ``locale`` is the guild's preferred locale (what ``guild_locale`` says). The
        bot joined through the README's invite link: Discord gave it its own role
        with exactly ``bot_permissions`` (by default the link's, ``BOT_PERMISSIONS``)
        on top of what ``@everyone`` may do.
        """
        now = WorldClock(clock or (lambda: datetime.now(UTC)))
        flakes = Snowflakes(now)
        bot_user = User(flakes.next(), "GURPS Combat", bot=True)
        application_id = bot_user.id
        gm = User(flakes.next(), "gm", "Game Master")
        alice = User(flakes.next(), "alice", "Alice")
        bob = User(flakes.next(), "bob", "Bob")
        carol = User(flakes.next(), "carol", "Carol")
        guild_id = flakes.next()
        everyone = Role(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)
        gm_role = Role(flakes.next(), "GM", 0, 1, 0xE67E22)
        granted = BOT_PERMISSIONS.value if bot_permissions is None else bot_permissions
        bot_role = Role(flakes.next(), "GURPS Combat", granted, 2, bot_id=bot_user.id)
        general = Channel(flakes.next(), "general", GUILD_TEXT, position=0)
        combat = Channel(flakes.next(), "combat", GUILD_TEXT, position=1)
        thread = Channel(
            flakes.next(), "goblin-ambush", PUBLIC_THREAD, parent_id=combat.id, owner_id=gm.id
        )
        guild = Guild(
            id=guild_id,
            name="Sandbox Table",
            owner_id=gm.id,
            preferred_locale=locale,
            roles={r.id: r for r in (everyone, gm_role, bot_role)},
            members={
                gm.id: Member(gm, [gm_role.id]),
                alice.id: Member(alice),
                bob.id: Member(bob),
                carol.id: Member(carol),
                bot_user.id: Member(bot_user, [bot_role.id]),
            },
            channels={c.id: c for c in (general, combat, thread)},
        )
        users = {u.id: u for u in (bot_user, gm, alice, bob, carol)}
        return cls(
            bot_user=bot_user,
            application_id=application_id,
            guilds={guild.id: guild},
            users=users,
            clock=now,
            snowflakes=flakes,
            token=bot_token(bot_user.id),
        )

    # Shaping the world (before the bot connects: it learns the guild at GUILD_CREATE) ----

    def add_guild(
        self,
        name: str,
        owner: str,
        *,
        channel: str,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """Another guild the bot joined through the invite link (its role of its own with
        ``BOT_PERMISSIONS``), owned by ``owner`` (a known user or a new one), with one
        text channel named ``channel`` (unique across guilds, as names find it).
        ``shard=(shard_id, shard_count)`` picks an id that shard serves.

        Add it before the bot connects. The bot's commands are synced to the first
        guild only; ``await bot.sync_commands(guild.id)`` publishes them here too.
        """
        try:
            owner_user = self.user(owner)
        except KeyError:
            owner_user = User(self.snowflakes.next(), owner, owner.capitalize())
            self.users[owner_user.id] = owner_user
        guild_id = (
            self.snowflakes.next() if shard is None else self.snowflakes.next_on_shard(*shard)
        )
        everyone = Role(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)
        bot_role = Role(
            self.snowflakes.next(),
            self.bot_user.username,
            BOT_PERMISSIONS.value,
            1,
            bot_id=self.bot_user.id,
        )
        text = Channel(self.snowflakes.next(), channel, GUILD_TEXT)
        guild = Guild(
            id=guild_id,
            name=name,
            owner_id=owner_user.id,
            preferred_locale=locale,
            roles={r.id: r for r in (everyone, bot_role)},
            members={
                owner_user.id: Member(owner_user),
                self.bot_user.id: Member(self.bot_user, [bot_role.id]),
            },
            channels={text.id: text},
        )
        self.guilds[guild.id] = guild
        return guild

    def add_member(
        self,
        username: str,
        display_name: str | None = None,
        *,
        roles: tuple[str, ...] = (),
        guild: Guild | None = None,
    ) -> User:
        """A new user who is a member of ``guild`` (the first one) with the named roles."""
        target = guild or self.guild
        user = User(self.snowflakes.next(), username, display_name)
        self.users[user.id] = user
        target.members[user.id] = Member(user, [target.role_named(r).id for r in roles])
        return user

    def add_role(self, name: str, permissions: int = 0, *, guild: Guild | None = None) -> Role:
        target = guild or self.guild
        role = Role(self.snowflakes.next(), name, permissions, len(target.roles))
        target.roles[role.id] = role
        return role

    def add_channel(
        self, name: str, *, thread_of: str | None = None, guild: Guild | None = None
    ) -> Channel:
        """A text channel, or a public thread under the channel named ``thread_of``."""
        target = guild or self.guild
        if thread_of is None:
            channel = Channel(
                self.snowflakes.next(), name, GUILD_TEXT, position=len(target.channels)
            )
        else:
            parent = target.channel_named(thread_of)
            channel = Channel(
                self.snowflakes.next(),
                name,
                PUBLIC_THREAD,
                parent_id=parent.id,
                owner_id=target.owner_id,
            )
        target.channels[channel.id] = channel
        return channel

    def advance(self, delta: timedelta | float) -> None:
        """Move the world's clock on by ``delta`` (seconds, or a timedelta)."""
        assert isinstance(self.clock, WorldClock)
        self.clock.advance(delta if isinstance(delta, timedelta) else timedelta(seconds=delta))

    def bot_role(self, guild: Guild | None = None) -> Role:
        """The role Discord made for the bot when it joined ``guild``."""
        target = guild or self.guild
        for role in target.roles.values():
            if role.bot_id == self.bot_user.id:
                return role
        raise KeyError(f"the bot has no role of its own in {target.name!r}")

    def set_bot_permissions(
        self, permissions: int, *, everyone: int | None = None, guild: Guild | None = None
    ) -> None:
        """Give the bot's role ``permissions`` (and ``@everyone`` ``everyone``, when given).

        ``set_bot_permissions(BOT_PERMISSIONS.value, everyone=0)`` leaves the bot with
        exactly what its invite link asks for. Takes effect at once for the REST
        routes; the bot's cache learns it at the next GUILD_CREATE.
        """
        target = guild or self.guild
        self.bot_role(target).permissions = permissions
        if everyone is not None:
            target.everyone.permissions = everyone

    def overwrite(
        self,
        channel: str,
        *,
        role: str | None = None,
        member: str | None = None,
        allow: int = 0,
        deny: int = 0,
    ) -> Overwrite:
        """Set a channel's overwrite for ``role`` (a name, ``"@everyone"``) or ``member``.

        ``world.overwrite("combat", role="GURPS Combat", deny=VIEW_CHANNEL)`` hides the
        channel from the bot. A thread takes its parent's overwrites and has none.
        """
        guild, target = self.channel(channel)
        if target.is_thread:
            raise ValueError(f"{target.name!r} is a thread: set its parent's overwrites")
        if (role is None) == (member is None):
            raise ValueError("name either a role or a member")
        if role is not None:
            key = (ROLE_OVERWRITE, guild.role_named(role).id)
        else:
            key = (MEMBER_OVERWRITE, self.user(str(member)).id)
        target.overwrites = [o for o in target.overwrites if (o.type, o.id) != key]
        made = Overwrite(key[1], key[0], allow=allow, deny=deny)
        target.overwrites.append(made)
        return made

    def bot_permissions_in(self, channel_id: int) -> int | None:
        """The bot's permissions in a guild channel (``None`` for a DM or an unknown one)."""
        guild = self.guild_of_channel(channel_id)
        if guild is None:
            return None
        return guild.permissions_in(guild.channels[channel_id], self.bot_user.id)

    # Lookups ---------------------------------------------------------------------------

    @property
    def guild(self) -> Guild:
        """The first (by default the only) guild."""
        return next(iter(self.guilds.values()))

    def user(self, key: User | int | str) -> User:
        """A user by object, id, or username/display name (case-insensitive)."""
        if isinstance(key, User):
            return key
        if isinstance(key, int) or key.isdigit():
            return self.users[int(key)]
        wanted = key.lower().lstrip("@")
        for user in self.users.values():
            if wanted in (user.username.lower(), user.display_name.lower()):
                return user
        raise KeyError(f"no user {key!r}; known: {[u.username for u in self.users.values()]}")

    def channel(self, key: Channel | int | str) -> tuple[Guild, Channel]:
        """A guild channel by object, id or name."""
        for guild in self.guilds.values():
            for channel in guild.channels.values():
                if isinstance(key, Channel) and channel is key:
                    return guild, channel
                if isinstance(key, int) and channel.id == key:
                    return guild, channel
                if isinstance(key, str) and (
                    channel.name == key.lstrip("#") or str(channel.id) == key
                ):
                    return guild, channel
        raise KeyError(f"no channel {key!r}")

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel between the bot and ``user_id`` (opened on first use)."""
        if user_id not in self.dm_channels:
            self.dm_channels[user_id] = Channel(self.snowflakes.next(), "", DM)
        return self.dm_channels[user_id]

    def dm_recipient(self, channel_id: int) -> User | None:
        for user_id, channel in self.dm_channels.items():
            if channel.id == channel_id:
                return self.users[user_id]
        return None

    def has_channel(self, channel_id: int) -> bool:
        return self.guild_of_channel(channel_id) is not None or (
            self.dm_recipient(channel_id) is not None
        )

    def guild_of_channel(self, channel_id: int) -> Guild | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild
        return None

    def channel_messages(self, channel_id: int) -> dict[int, Message]:
        return self.messages.setdefault(channel_id, {})

    def store_file(self, filename: str, data: bytes, content_type: str | None = None) -> JSON:
        """Keep an uploaded file and describe it as Discord describes an attachment."""
        attachment_id = self.snowflakes.next()
        self.files[attachment_id] = data
        url = f"{self.files_url}/attachments/{attachment_id}/{filename}"
        described: JSON = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
        }
        if content_type is not None:
            described["content_type"] = content_type
        return described

    def find_message(self, message_id: int) -> Message | None:
        for store in self.messages.values():
            if message_id in store:
                return store[message_id]
        return None

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        for record in self.interactions.values():
            if record.token == token:
                return record
        return None

    def add_message(self, message: Message) -> Message:
        self.channel_messages(message.channel_id)[message.id] = message
        return message

    # Commands --------------------------------------------------------------------------

    def store_commands(self, guild_id: int | None, payload: list[JSON]) -> list[JSON]:
        """Replace a scope's commands (a bulk overwrite), keeping ids stable by name."""
        stored = [self._stamp_command(guild_id, dict(command)) for command in payload]
        self.commands[guild_id] = stored
        return stored

    def upsert_command(self, guild_id: int | None, command: JSON) -> JSON:
        stamped = self._stamp_command(guild_id, dict(command))
        scope = [
            c
            for c in self.commands.get(guild_id, [])
            if (c["name"], c["type"]) != (stamped["name"], stamped["type"])
        ]
        scope.append(stamped)
        self.commands[guild_id] = scope
        return stamped

    def command_by_id(self, guild_id: int | None, command_id: int) -> JSON | None:
        for command in self.commands.get(guild_id, []):
            if int(command["id"]) == command_id:
                return command
        return None

    def replace_command(self, guild_id: int | None, command_id: int, command: JSON) -> JSON:
        """Store an edited command under its id (a new name keeps the id)."""
        kind = int(command.get("type", 1))
        self.command_ids = {k: v for k, v in self.command_ids.items() if v != command_id}
        self.command_ids[(guild_id, str(command["name"]), kind)] = command_id
        stamped = self._stamp_command(guild_id, dict(command))
        self.commands[guild_id] = [
            stamped if int(c["id"]) == command_id else c for c in self.commands.get(guild_id, [])
        ]
        return stamped

    def delete_command(self, guild_id: int | None, command_id: int) -> bool:
        scope = self.commands.get(guild_id, [])
        kept = [c for c in scope if int(c["id"]) != command_id]
        self.commands[guild_id] = kept
        return len(kept) != len(scope)

    def _stamp_command(self, guild_id: int | None, command: JSON) -> JSON:
        kind = int(command.get("type", 1))
        key = (guild_id, str(command["name"]), kind)
        if key not in self.command_ids:
            self.command_ids[key] = self.snowflakes.next()
        command["id"] = str(self.command_ids[key])
        command["type"] = kind
        command["application_id"] = str(self.application_id)
        command["version"] = str(self.snowflakes.next())
        command.setdefault("description", "")
        command.setdefault("options", [])
        command.setdefault("default_member_permissions", None)
        command.setdefault("nsfw", False)
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def commands_for(self, guild_id: int | None) -> list[JSON]:
        """What a user in ``guild_id`` can see: the guild's commands, then the global ones."""
        scopes: list[int | None] = [guild_id, None] if guild_id is not None else [None]
        seen: set[tuple[str, int]] = set()
        result: list[JSON] = []
        for scope in scopes:
            for command in self.commands.get(scope, []):
                key = (command["name"], command["type"])
                if key not in seen:
                    seen.add(key)
                    result.append(command)
        return result
