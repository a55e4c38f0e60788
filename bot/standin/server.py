"""The stand-in's HTTP side: Discord's REST routes and the gateway websocket.

An aiohttp application bound to 127.0.0.1 on an ephemeral port. REST lives under
``/api/v10`` and the gateway at ``/gateway``. Responses carry a Content-Type of
exactly ``application/json``: discord.py parses a body only then.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from bot.standin.state import (
    ATTACH_FILES,
    DM,
    EMBED_LINKS,
    EPHEMERAL,
    JSON,
    LOADING,
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    InteractionRecord,
    Message,
    User,
    World,
    permission_names,
    shard_of,
)
from bot.standin.validation import (
    CommandRefusal,
    bulk_refusal,
    choice_problems,
    message_problems,
    modal_problems,
    single_refusal,
    upload_problems,
)

_log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
HEARTBEAT_INTERVAL_MS = 41_250
GUILD_MESSAGES_INTENT = 1 << 9

# Discord's JSON error codes the stand-in uses.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS = 50005
CANNOT_MESSAGE_USER = 50007
EMPTY_MESSAGE = 50006
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
REQUEST_TOO_LARGE = 40005
MAX_PINS_REACHED = 30003

# Pins a channel holds (discord.py's ``Message.pin``: "more than 250 pinned messages").
MAX_PINS = 250
# Messages one page of channel history may hold (Message Resource, "Get Channel Messages").
MAX_HISTORY_PAGE = 100

# An interaction token lives 15 minutes: follow-ups, and reading, editing or deleting
# the original response, are refused after that (401, Invalid Webhook Token).
TOKEN_LIFETIME = timedelta(minutes=15)

PAYLOAD: web.RequestKey[Any] = web.RequestKey("payload")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(data: object, status: int = 200) -> web.Response:
    """A JSON body whose Content-Type is exactly ``application/json``."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json"},
    )


def error_response(status: int, code: int, message: str, **extra: object) -> web.Response:
    return json_response({"code": code, "message": message, **extra}, status)


AUTOCOMPLETE = 4
AUTOCOMPLETE_RESULT = 8


def _focused_option(options: list[JSON]) -> JSON | None:
    """The option an autocomplete interaction is about (inside any subcommand)."""
    for option in options:
        if option.get("focused"):
            return option
        if (found := _focused_option(list(option.get("options") or []))) is not None:
            return found
    return None


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    body: Any


RECORD = web.RequestKey("record", RecordedRequest)


@dataclass
class Fault:
    """Discord failing a route for a while: the next ``times`` matching requests get
    ``status`` (429 with ``retry_after``, or a 5xx) and change nothing."""

    method: str
    path: re.Pattern[str]
    status: int
    times: int
    retry_after: float = 0.05


@dataclass
class Hold:
    """Discord hanging on a route: after ``after`` matching requests were served, the next
    ones wait, unanswered, until :meth:`drop` answers them 503 without serving them (as
    when the connection dies before Discord acts on them); requests after that are served."""

    method: str
    path: re.Pattern[str]
    after: int
    held: int = 0
    dropped: asyncio.Event = field(default_factory=asyncio.Event)

    def drop(self) -> None:
        self.dropped.set()


@dataclass
class GatewaySession:
    """One gateway session: survives a dropped socket so the client can RESUME it."""

    id: str
    shard: tuple[int, int]
    intents: int
    sequence: int = 0
    sent: list[JSON] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None


class StandInServer:
    """Routes, gateway sessions and the rules for what the bot may send."""

    def __init__(
        self, world: World, *, callback_deadline: float | None = None, shard_count: int = 1
    ) -> None:
        self.world = world
        # The shards ``GET /gateway/bot`` recommends. Each session serves the guilds of the
        # shard it identified with, as Discord routes them (``state.shard_of``).
        self.shard_count = shard_count
        # The shard (id, count) of the session each interaction was sent to.
        self.interaction_shards: dict[int, tuple[int, int]] = {}
        # Discord drops an interaction not answered within 3 s (on the world's clock);
        # ``None`` waits until its token expires.
        self.callback_deadline = callback_deadline
        self.requests: list[RecordedRequest] = []
        # Failures to play, in order (see :meth:`fail`), and the requests they answered.
        self.faults: list[Fault] = []
        # Routes that stop answering after a number of requests (see :meth:`hold`).
        self.holds: list[Hold] = []
        self.failed: list[RecordedRequest] = []
        self.unknown_routes: list[RecordedRequest] = []
        # Every request refused as Discord would refuse it (the reasons, in order).
        self.rejections: list[str] = []
        # What Discord accepts but quietly leaves out (embeds without Embed Links).
        self.silently_dropped: list[str] = []
        self.sessions: dict[str, GatewaySession] = {}
        self.identify_count = 0
        self.resume_count = 0
        self.identified = asyncio.Event()
        self.commands_synced = asyncio.Event()
        self._sockets: set[web.WebSocketResponse] = set()
        self._no_sockets = asyncio.Event()
        self._no_sockets.set()
        self._runner: web.AppRunner | None = None
        self._site_port: int | None = None

    # Lifecycle ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self._site_port = int(self._runner.addresses[0][1])
        self.world.files_url = f"http://127.0.0.1:{self._site_port}"

    async def stop(self) -> None:
        for socket in list(self._sockets):
            await socket.close(code=1001, message=b"stand-in stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def port(self) -> int:
        if self._site_port is None:
            raise RuntimeError("the stand-in server is not running")
        return self._site_port

    @property
    def base_url(self) -> str:
        """What ``discord.http.Route.BASE`` should be."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # Routing -----------------------------------------------------------------------------

    def _add_routes(self, app: web.Application) -> None:
        r = app.router
        p = API_PREFIX
        app_cmds = p + "/applications/{app}/commands"
        guild_cmds = p + "/applications/{app}/guilds/{guild}/commands"
        hook = p + "/webhooks/{app}/{token}"
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self.gateway),
            ("GET", p + "/gateway", self.get_gateway),
            ("GET", p + "/gateway/bot", self.get_gateway),
            ("GET", p + "/users/@me", self.get_me),
            ("GET", p + "/users/{user}", self.get_user),
            ("GET", p + "/oauth2/applications/@me", self.get_application),
            ("GET", p + "/applications/@me", self.get_application),
            ("GET", app_cmds, self.get_commands),
            ("PUT", app_cmds, self.put_commands),
            ("POST", app_cmds, self.post_command),
            ("GET", app_cmds + "/{command}", self.get_command),
            ("PATCH", app_cmds + "/{command}", self.edit_command),
            ("DELETE", app_cmds + "/{command}", self.delete_command),
            ("GET", guild_cmds, self.get_commands),
            ("PUT", guild_cmds, self.put_commands),
            ("POST", guild_cmds, self.post_command),
            ("GET", guild_cmds + "/permissions", self.get_command_permissions),
            ("GET", guild_cmds + "/{command}", self.get_command),
            ("PATCH", guild_cmds + "/{command}", self.edit_command),
            ("DELETE", guild_cmds + "/{command}", self.delete_command),
            ("POST", p + "/interactions/{id}/{token}/callback", self.interaction_callback),
            ("POST", hook, self.post_followup),
            ("GET", hook + "/messages/{message}", self.get_webhook_message),
            ("PATCH", hook + "/messages/{message}", self.edit_webhook_message),
            ("DELETE", hook + "/messages/{message}", self.delete_webhook_message),
            ("GET", p + "/channels/{channel}", self.get_channel),
            ("POST", p + "/channels/{channel}/typing", self.typing),
            ("GET", p + "/channels/{channel}/messages", self.list_messages),
            ("POST", p + "/channels/{channel}/messages", self.post_message),
            ("GET", p + "/channels/{channel}/messages/{message}", self.get_message),
            ("PATCH", p + "/channels/{channel}/messages/{message}", self.edit_message),
            ("DELETE", p + "/channels/{channel}/messages/{message}", self.delete_message),
            ("PUT", p + "/channels/{channel}/messages/pins/{message}", self.pin_message),
            ("DELETE", p + "/channels/{channel}/messages/pins/{message}", self.unpin_message),
            # The older paths, which Discord still serves.
            ("PUT", p + "/channels/{channel}/pins/{message}", self.pin_message),
            ("DELETE", p + "/channels/{channel}/pins/{message}", self.unpin_message),
            ("GET", p + "/guilds/{guild}", self.get_guild),
            ("GET", p + "/guilds/{guild}/channels", self.get_guild_channels),
            ("GET", p + "/guilds/{guild}/roles", self.get_guild_roles),
            ("GET", p + "/guilds/{guild}/members", self.list_guild_members),
            ("GET", p + "/guilds/{guild}/members/{user}", self.get_guild_member),
            ("POST", p + "/users/@me/channels", self.open_dm),
            ("GET", "/attachments/{attachment}/{filename}", self.get_attachment),
        ]
        for method, path, handler in routes:
            r.add_route(method, path, self._recorded(handler))
        r.add_route("*", "/{tail:.*}", self._recorded(self.unknown))

    def _recorded(self, handler: Handler) -> Handler:
        async def wrapper(request: web.Request) -> web.StreamResponse:
            if request.path != "/gateway":
                body = await self._read_body(request)
                request[PAYLOAD] = body
                record = RecordedRequest(request.method, request.path, dict(request.query), body)
                self.requests.append(record)
                request[RECORD] = record
                if (failure := self._fault(request)) is not None:
                    self.failed.append(record)
                    return failure
                if (hold := self._hold(request)) is not None:
                    await hold.dropped.wait()
                    self.failed.append(record)
                    return error_response(503, 0, "503: Service Unavailable")
            return await handler(request)

        return wrapper

    def fail(
        self, method: str, path: str, status: int, *, times: int = 1, retry_after: float = 0.05
    ) -> None:
        """Answer the next ``times`` requests of ``method`` on a path matching the regular
        expression ``path`` (after ``/api/v10``) with ``status`` instead of serving them."""
        pattern = re.compile(API_PREFIX + path)
        self.faults.append(Fault(method.upper(), pattern, status, times, retry_after))

    def hold(self, method: str, path: str, *, after: int = 0) -> Hold:
        """Serve ``after`` requests of ``method`` on a path matching the regular expression
        ``path`` (after ``/api/v10``), then hold every further one unanswered until the
        returned :class:`Hold` is dropped."""
        hold = Hold(method.upper(), re.compile(API_PREFIX + path), after)
        self.holds.append(hold)
        return hold

    def _hold(self, request: web.Request) -> Hold | None:
        for hold in self.holds:
            if hold.dropped.is_set() or hold.method != request.method:
                continue
            if not hold.path.fullmatch(request.path):
                continue
            if hold.after > 0:
                hold.after -= 1
                continue
            hold.held += 1
            return hold
        return None

    def _fault(self, request: web.Request) -> web.Response | None:
        for fault in self.faults:
            if fault.times <= 0 or fault.method != request.method:
                continue
            if not fault.path.fullmatch(request.path):
                continue
            fault.times -= 1
            if fault.status == 429:
                # Discord's own 429 (one from Cloudflare has no Via header) with its body.
                return web.Response(
                    body=json.dumps(
                        {
                            "message": "You are being rate limited.",
                            "retry_after": fault.retry_after,
                            "global": False,
                        }
                    ).encode(),
                    status=429,
                    headers={
                        "Content-Type": "application/json",
                        "Via": "1.1 google",
                        "Retry-After": str(max(1, round(fault.retry_after))),
                        "X-RateLimit-Scope": "user",
                    },
                )
            return error_response(fault.status, 0, f"{fault.status}: Server Error")
        return None

    async def _read_body(self, request: web.Request) -> Any:
        """JSON, or the ``payload_json`` part of a multipart upload with its files listed."""
        if not request.can_read_body:
            return None
        if request.content_type.startswith("multipart/"):
            payload: JSON = {}
            files: list[JSON] = []
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(data)
                else:
                    stored = self.world.store_file(part.filename or "file", data)
                    files.append(
                        {
                            "field": part.name,
                            "filename": part.filename,
                            "size": len(data),
                            "file_id": stored["id"],
                        }
                    )
            described = payload.get("attachments") or (payload.get("data") or {}).get("attachments")
            attachments: list[JSON] = list(described or [])
            for index, item in enumerate(files):
                described = attachments[index] if index < len(attachments) else {}
                item["description"] = described.get("description")
            payload["__files__"] = files
            payload["__request_bytes__"] = request.content_length or sum(
                int(item["size"]) for item in files
            )
            return payload
        text = await request.text()
        return json.loads(text) if text else None

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.world.token}"

    # Basic REST --------------------------------------------------------------------------

    async def unknown(self, request: web.Request) -> web.StreamResponse:
        self.unknown_routes.append(request[RECORD])
        _log.warning("stand-in has no route for %s %s", request.method, request.path)
        return error_response(404, 0, "404: Not Found")

    async def no_content(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def get_gateway(self, request: web.Request) -> web.StreamResponse:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_attachment(self, request: web.Request) -> web.StreamResponse:
        """An uploaded file, as Discord's CDN serves it."""
        data = self.world.files.get(int(request.match_info["attachment"]))
        if data is None:
            return error_response(404, 0, "404: Not Found")
        return web.Response(body=data, content_type="application/octet-stream")

    async def get_me(self, request: web.Request) -> web.StreamResponse:
        if not self._authorized(request):
            return error_response(401, 0, "401: Unauthorized")
        data = self.world.bot_user.to_json()
        data.update({"verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"})
        return json_response(data)

    async def get_user(self, request: web.Request) -> web.StreamResponse:
        user = self.world.users.get(int(request.match_info["user"]))
        if user is None:
            return error_response(404, 10013, "Unknown User")
        return json_response(user.to_json())

    async def get_application(self, request: web.Request) -> web.StreamResponse:
        world = self.world
        owner = world.users[world.guild.owner_id]
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.username,
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": False,
                "bot_require_code_grant": False,
                "bot": world.bot_user.to_json(),
                "owner": owner.to_json(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "tags": [],
            }
        )

    # Application commands ---------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        guild = request.match_info.get("guild")
        return int(guild) if guild is not None else None

    async def get_commands(self, request: web.Request) -> web.StreamResponse:
        return json_response(self.world.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.StreamResponse:
        """A bulk overwrite: every command valid, or nothing stored."""
        payload = [dict(command) for command in request[PAYLOAD] or []]
        if refusal := bulk_refusal(payload):
            return self._refuse(refusal)
        stored = self.world.store_commands(self._scope(request), payload)
        self.commands_synced.set()
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.StreamResponse:
        """Create one command; a command of the same name and type is replaced (an upsert)."""
        command = dict(request[PAYLOAD] or {})
        scope = self._scope(request)
        key = (command.get("name"), int(command.get("type", 1)))
        existing = self.world.commands.get(scope, [])
        others = [c for c in existing if (c["name"], c["type"]) != key]
        if refusal := single_refusal(command, others):
            return self._refuse(refusal)
        stored = self.world.upsert_command(scope, command)
        return json_response(stored, 201 if len(others) == len(existing) else 200)

    def _command(self, request: web.Request) -> JSON | web.Response:
        found = self.world.command_by_id(self._scope(request), int(request.match_info["command"]))
        if found is None:
            return error_response(404, UNKNOWN_APPLICATION_COMMAND, "Unknown application command")
        return found

    async def get_command(self, request: web.Request) -> web.StreamResponse:
        found = self._command(request)
        return found if isinstance(found, web.Response) else json_response(found)

    async def edit_command(self, request: web.Request) -> web.StreamResponse:
        """Edit one command: the fields sent replace the stored ones, then all is checked."""
        found = self._command(request)
        if isinstance(found, web.Response):
            return found
        scope = self._scope(request)
        edited = {**found, **dict(request[PAYLOAD] or {})}
        others = [c for c in self.world.commands.get(scope, []) if c["id"] != found["id"]]
        if refusal := single_refusal(edited, others):
            return self._refuse(refusal)
        return json_response(self.world.replace_command(scope, int(found["id"]), edited))

    async def delete_command(self, request: web.Request) -> web.StreamResponse:
        found = self._command(request)
        if isinstance(found, web.Response):
            return found
        self.world.delete_command(self._scope(request), int(found["id"]))
        return web.Response(status=204)

    def _refuse(self, refusal: CommandRefusal) -> web.Response:
        """Answer as Discord refuses a registration, recording each problem."""
        self.rejections.extend(refusal.problems)
        _log.warning("stand-in refused the commands: %s", "; ".join(refusal.problems))
        return json_response(refusal.body(), 400)

    async def get_command_permissions(self, request: web.Request) -> web.StreamResponse:
        return json_response([])

    # Guilds and channels ----------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.StreamResponse:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        data = guild.create_json(self.world.clock())
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.StreamResponse:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response([c.to_json(guild.id) for c in guild.channels.values()])

    async def get_guild_roles(self, request: web.Request) -> web.StreamResponse:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response([r.to_json() for r in guild.roles.values()])

    async def get_guild_member(self, request: web.Request) -> web.StreamResponse:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        member = guild.members.get(int(request.match_info["user"])) if guild else None
        if member is None:
            return error_response(404, 10007, "Unknown Member")
        return json_response(member.to_json())

    async def get_channel(self, request: web.Request) -> web.StreamResponse:
        channel_id = int(request.match_info["channel"])
        guild = self.world.guild_of_channel(channel_id)
        if guild is not None:
            if refused := self._lacking(channel_id, 0, "read the channel"):
                return refused
            return json_response(guild.channels[channel_id].to_json(guild.id))
        recipient = self.world.dm_recipient(channel_id)
        if recipient is None:
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return json_response(self._dm_json(self.world.dm_channel(recipient.id), recipient))

    async def open_dm(self, request: web.Request) -> web.StreamResponse:
        payload: JSON = request[PAYLOAD] or {}
        user = self.world.users.get(int(payload.get("recipient_id", 0)))
        if user is None or user.bot:
            return error_response(400, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        return json_response(self._dm_json(self.world.dm_channel(user.id), user))

    @staticmethod
    def _dm_json(channel: Channel, recipient: User) -> JSON:
        return {
            "id": str(channel.id),
            "type": DM,
            "last_message_id": None,
            "recipients": [recipient.to_json()],
            "flags": 0,
        }

    async def list_guild_members(self, request: web.Request) -> web.StreamResponse:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        limit = int(request.query.get("limit", "1"))
        after = int(request.query.get("after", "0"))
        members = sorted(
            (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
        )
        return json_response([m.to_json() for m in members[:limit]])

    # Messages ---------------------------------------------------------------------------

    async def create_message(
        self,
        channel_id: int,
        payload: JSON,
        *,
        message_type: int = 0,
        flags: int = 0,
        interaction: InteractionRecord | None = None,
    ) -> Message:
        """Store a message from the bot (and tell the gateway when the bot may see it)."""
        world = self.world
        guild = world.guild_of_channel(channel_id)
        message = Message(
            id=world.snowflakes.next(),
            channel_id=channel_id,
            guild_id=guild.id if guild else None,
            author=world.bot_user,
            created_at=world.clock(),
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments(payload),
            flags=flags,
            type=message_type,
            allowed_mentions=payload.get("allowed_mentions"),
        )
        if interaction is not None:
            message.webhook_id = world.application_id
            message.application_id = world.application_id
            message.interaction_metadata = self._interaction_metadata(interaction)
            message.source_interaction_id = interaction.id
            if flags & EPHEMERAL:
                message.visible_to = interaction.user.id
        world.add_message(message)
        if not message.ephemeral:
            await self._message_event("MESSAGE_CREATE", message.to_json())
        return message

    def _attachments(self, payload: JSON) -> list[JSON]:
        files: list[JSON] = list(payload.get("__files__") or [])
        result: list[JSON] = []
        for item in files:
            attachment_id = item.get("file_id") or str(self.world.snowflakes.next())
            filename = str(item.get("filename") or "file")
            url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{filename}"
            result.append(
                {
                    "id": str(attachment_id),
                    "filename": filename,
                    "size": item.get("size", 0),
                    "url": url,
                    "proxy_url": url,
                    "description": item.get("description"),
                }
            )
        return result

    def _interaction_metadata(self, interaction: InteractionRecord) -> JSON:
        data: JSON = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": interaction.user.to_json(),
            "authorizing_integration_owners": (
                {"0": str(interaction.guild_id)} if interaction.guild_id else {}
            ),
        }
        if interaction.type == 2:
            data["name"] = interaction.payload["data"]["name"]
        if interaction.message_id is not None:
            data["interacted_message_id"] = str(interaction.message_id)
        if interaction.original_id is not None:
            data["original_response_message_id"] = str(interaction.original_id)
        return data

    async def edit_stored_message(self, message: Message, payload: JSON) -> Message:
        message.apply_edit(payload, self.world.clock())
        if "__files__" in payload:
            message.attachments.extend(self._attachments(payload))
        if not message.ephemeral:
            await self._message_event("MESSAGE_UPDATE", message.to_json())
        return message

    async def delete_stored_message(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            data: JSON = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            await self._message_event("MESSAGE_DELETE", data)

    def _channel_message(
        self, request: web.Request, needed: int, action: str
    ) -> Message | web.Response:
        """The message a bot-token route names, once the bot may ``action`` in its channel."""
        channel_id = int(request.match_info["channel"])
        if not self.world.has_channel(channel_id):
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if refused := self._lacking(channel_id, needed, action):
            return refused
        message = self.world.channel_messages(channel_id).get(int(request.match_info["message"]))
        if message is None or message.deleted or message.ephemeral:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    async def list_messages(self, request: web.Request) -> web.StreamResponse:
        channel_id = int(request.match_info["channel"])
        if not self.world.has_channel(channel_id):
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if refused := self._lacking(channel_id, 0, "read the history"):
            return refused
        if not self._bot_may(channel_id, READ_MESSAGE_HISTORY):
            # Discord answers, with no message in it.
            return json_response([])
        limit = int(request.query.get("limit", "50"))
        if not 1 <= limit <= MAX_HISTORY_PAGE:
            return self._invalid([f"limit {limit} is out of range (1-{MAX_HISTORY_PAGE})"])
        before = int(request.query.get("before", str(2**63)))
        after = int(request.query.get("after", "0"))
        visible = [
            m
            for m in self.world.channel_messages(channel_id).values()
            if not m.deleted and not m.ephemeral and after < m.id < before
        ]
        if "after" in request.query and "before" not in request.query:
            oldest_first = sorted(visible, key=lambda m: m.id)[:limit]
            return json_response([m.to_json() for m in reversed(oldest_first)])
        newest_first = sorted(visible, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([m.to_json() for m in newest_first])

    async def typing(self, request: web.Request) -> web.StreamResponse:
        channel_id = int(request.match_info["channel"])
        if not self.world.has_channel(channel_id):
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if refused := self._lacking(channel_id, self._sending(channel_id), "show typing"):
            return refused
        return web.Response(status=204)

    async def post_message(self, request: web.Request) -> web.StreamResponse:
        channel_id = int(request.match_info["channel"])
        if not self.world.has_channel(channel_id):
            return error_response(404, UNKNOWN_CHANNEL, "Unknown Channel")
        payload: JSON = request[PAYLOAD] or {}
        needed = self._sending(channel_id)
        if payload.get("__files__"):
            needed |= ATTACH_FILES
        if payload.get("message_reference"):
            needed |= READ_MESSAGE_HISTORY
        if refused := self._lacking(channel_id, needed, "send a message"):
            return refused
        recipient = self.world.dm_recipient(channel_id)
        if recipient is not None and not any(
            recipient.id in guild.members for guild in self.world.guilds.values()
        ):
            # A bot may write only to users it shares a server with.
            return self._forbidden(
                CANNOT_MESSAGE_USER,
                "Cannot send messages to this user",
                f"send a direct message to {recipient.username}, who shares no server with the bot",
            )
        if too_large := self._too_large(payload):
            return too_large
        if problems := self._message_problems(payload, creating=True):
            return self._invalid(problems)
        payload = self._without_forbidden_embeds(channel_id, payload, "a new message")
        if not self._has_body(payload):
            # Embeds alone, without Embed Links: Discord refuses the message.
            return self._forbidden(
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"send a message in {self._where(channel_id)}: only embeds, and the bot "
                "lacks Embed Links",
            )
        flags = int(payload.get("flags") or 0) & ~EPHEMERAL
        message = await self.create_message(channel_id, payload, flags=flags)
        return json_response(message.to_json())

    async def get_message(self, request: web.Request) -> web.StreamResponse:
        found = self._channel_message(request, READ_MESSAGE_HISTORY, "fetch a message")
        if isinstance(found, web.Response):
            return found
        return json_response(found.to_json())

    async def edit_message(self, request: web.Request) -> web.StreamResponse:
        found = self._channel_message(request, 0, "edit a message")
        if isinstance(found, web.Response):
            return found
        if found.author.id != self.world.bot_user.id:
            return self._forbidden(
                CANNOT_EDIT_OTHERS,
                "Cannot edit a message authored by another user",
                f"edit message {found.id}: {found.author.username} wrote it",
            )
        payload: JSON = request[PAYLOAD] or {}
        if too_large := self._too_large(payload):
            return too_large
        if problems := self._message_problems(payload, creating=False, existing=found):
            return self._invalid(problems)
        payload = self._without_forbidden_embeds(found.channel_id, payload, f"message {found.id}")
        if not self._has_body({**found.snapshot(), "attachments": found.attachments, **payload}):
            return self._invalid(["Cannot send an empty message"], code=EMPTY_MESSAGE)
        edited = await self.edit_stored_message(found, payload)
        return json_response(edited.to_json())

    async def delete_message(self, request: web.Request) -> web.StreamResponse:
        found = self._channel_message(request, 0, "delete a message")
        if isinstance(found, web.Response):
            return found
        if found.author.id != self.world.bot_user.id and (
            refused := self._lacking(found.channel_id, MANAGE_MESSAGES, "delete another's message")
        ):
            return refused
        await self.delete_stored_message(found)
        return web.Response(status=204)

    async def pin_message(self, request: web.Request) -> web.StreamResponse:
        return await self._set_pinned(request, pinned=True)

    async def unpin_message(self, request: web.Request) -> web.StreamResponse:
        return await self._set_pinned(request, pinned=False)

    async def _set_pinned(self, request: web.Request, *, pinned: bool) -> web.StreamResponse:
        """Pin Messages decides (it no longer comes with Manage Messages)."""
        action = "pin a message" if pinned else "unpin a message"
        found = self._channel_message(request, PIN_MESSAGES, action)
        if isinstance(found, web.Response):
            return found
        if pinned and not found.pinned:
            count = sum(
                1
                for m in self.world.channel_messages(found.channel_id).values()
                if m.pinned and not m.deleted
            )
            if count >= MAX_PINS:
                return self._deny(
                    400,
                    MAX_PINS_REACHED,
                    f"Maximum number of pinned messages reached ({MAX_PINS})",
                    f"pin message {found.id} in {self._where(found.channel_id)}: "
                    f"{count} pins already (at most {MAX_PINS})",
                )
        found.pinned = pinned
        return web.Response(status=204)

    # Permissions --------------------------------------------------------------------------

    def _bot_may(self, channel_id: int, needed: int) -> bool:
        have = self.world.bot_permissions_in(channel_id)
        return have is None or have & needed == needed

    def _sending(self, channel_id: int) -> int:
        """Sending takes Send Messages, or Send Messages in Threads in a thread."""
        guild = self.world.guild_of_channel(channel_id)
        if guild is not None and guild.channels[channel_id].is_thread:
            return SEND_MESSAGES_IN_THREADS
        return SEND_MESSAGES

    def _where(self, channel_id: int) -> str:
        guild = self.world.guild_of_channel(channel_id)
        return f"#{guild.channels[channel_id].name}" if guild is not None else "a DM"

    def _lacking(self, channel_id: int, needed: int, action: str) -> web.Response | None:
        """Discord's 403 when the bot may not ``action`` in the channel with its own token.

        Without View Channel the channel is out of reach (50001 Missing Access);
        seeing it but lacking ``needed`` is 50013 Missing Permissions. Direct
        messages take no permission. Interaction responses never come here.
        """
        have = self.world.bot_permissions_in(channel_id)
        if have is None:
            return None
        where = self._where(channel_id)
        if not have & VIEW_CHANNEL:
            return self._forbidden(
                MISSING_ACCESS, "Missing Access", f"{action} in {where}: the bot lacks View Channel"
            )
        if lacking := needed & ~have:
            return self._forbidden(
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"{action} in {where}: the bot lacks {permission_names(lacking)}",
            )
        return None

    def _forbidden(self, code: int, message: str, reason: str) -> web.Response:
        return self._deny(403, code, message, reason)

    def _deny(self, status: int, code: int, message: str, reason: str) -> web.Response:
        """Answer as Discord would refuse, and keep the reason in ``rejections``."""
        self.rejections.append(reason)
        _log.warning("stand-in refused a request: %s", reason)
        return error_response(status, code, message)

    def _without_forbidden_embeds(self, channel_id: int, payload: JSON, what: str) -> JSON:
        """Without Embed Links Discord takes the message but leaves its embeds out."""
        if not payload.get("embeds") or self._bot_may(channel_id, EMBED_LINKS):
            return payload
        self.silently_dropped.append(
            f"{len(payload['embeds'])} embed(s) of {what} in {self._where(channel_id)}: "
            "the bot lacks Embed Links"
        )
        return {**payload, "embeds": []}

    @staticmethod
    def _has_body(payload: JSON) -> bool:
        keys = ("content", "embeds", "components", "attachments", "__files__", "poll")
        return any(payload.get(key) for key in keys)

    def _message_problems(
        self, payload: JSON, *, creating: bool, existing: Message | None = None
    ) -> list[str]:
        checked = dict(payload)
        if payload.get("__files__"):
            checked.setdefault("attachments", payload["__files__"])
        if existing is not None and "flags" not in checked:
            checked["flags"] = existing.flags
        return message_problems(checked, creating=creating)

    def _too_large(self, payload: JSON) -> web.Response | None:
        """Discord's 413 for files past the upload limit or a request past 25 MiB."""
        files: list[JSON] = list(payload.get("__files__") or [])
        if not files:
            return None
        problems = upload_problems(files, int(payload.get("__request_bytes__") or 0))
        if not problems:
            return None
        self.rejections.extend(problems)
        _log.warning("stand-in refused an upload: %s", "; ".join(problems))
        return error_response(413, REQUEST_TOO_LARGE, "Request entity too large")

    def _invalid(self, problems: list[str], *, code: int = INVALID_FORM_BODY) -> web.Response:
        self.rejections.extend(problems)
        _log.warning("stand-in rejected a payload: %s", "; ".join(problems))
        message = "Invalid Form Body" if code == INVALID_FORM_BODY else problems[0]
        return error_response(400, code, message, errors={"problems": problems})

    # Interactions -----------------------------------------------------------------------

    def _elapsed(self, record: InteractionRecord) -> timedelta:
        """World time since the interaction went out (none before it was sent)."""
        if record.sent_at is None:
            return timedelta(0)
        return self.world.clock() - record.sent_at

    async def interaction_callback(self, request: web.Request) -> web.StreamResponse:
        record = self.world.interactions.get(int(request.match_info["id"]))
        if record is None or record.token != request.match_info["token"]:
            return self._deny(
                404,
                UNKNOWN_INTERACTION,
                "Unknown interaction",
                f"a callback for interaction {request.match_info['id']}, which does not exist",
            )
        if record.callback is not None:
            return self._deny(
                400,
                ALREADY_ACKNOWLEDGED,
                "Interaction has already been acknowledged.",
                f"interaction {record.id} acknowledged twice",
            )
        deadline = (
            TOKEN_LIFETIME
            if self.callback_deadline is None
            else timedelta(seconds=self.callback_deadline)
        )
        late = (self._elapsed(record) - deadline).total_seconds()
        if late > 0:
            return self._deny(
                404,
                UNKNOWN_INTERACTION,
                "Unknown interaction",
                f"interaction {record.id} answered {late:.2f}s after the "
                f"{deadline.total_seconds():g}s deadline (defer first)",
            )
        body: JSON = request[PAYLOAD] or {}
        kind = int(body.get("type", 0))
        data: JSON = dict(body.get("data") or {})
        if "__files__" in body:
            data["__files__"] = body["__files__"]
        message: Message | None = None
        world = self.world
        if record.type == AUTOCOMPLETE and kind != AUTOCOMPLETE_RESULT:
            # An autocomplete interaction is answered with suggestions and nothing else.
            return self._invalid(
                [f"callback type {kind} answers no autocomplete interaction (only 8)"]
            )
        if too_large := self._too_large(body):
            return too_large

        if kind == 4:
            if problems := self._message_problems(data, creating=True):
                return self._invalid(problems)
            flags = int(data.get("flags") or 0) & (EPHEMERAL | 4 | 4096 | (1 << 15))
            message_type = 20 if record.type == 2 else 0
            message = await self.create_message(
                record.channel_id, data, message_type=message_type, flags=flags, interaction=record
            )
            record.original_id = message.id
        elif kind == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message_type = 20 if record.type == 2 else 0
            message = await self.create_message(
                record.channel_id, {}, message_type=message_type, flags=flags, interaction=record
            )
            record.original_id = message.id
        elif kind in (6, 7):
            if record.message_id is None:
                return error_response(
                    400, INVALID_FORM_BODY, "Interaction has no message to update"
                )
            target = world.find_message(record.message_id)
            if target is None:
                return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
            if kind == 7:
                if problems := self._message_problems(data, creating=False, existing=target):
                    return self._invalid(problems)
                await self.edit_stored_message(target, data)
                target.source_interaction_id = record.id
            record.original_id = target.id
            message = target
        elif kind == 8:
            if record.type != 4:
                return error_response(400, INVALID_FORM_BODY, "Not an autocomplete interaction")
            focused = _focused_option(record.payload["data"].get("options") or [])
            option_type = int(focused["type"]) if focused is not None else None
            if problems := choice_problems(list(data.get("choices") or []), option_type):
                return self._invalid(problems)
        elif kind == 9:
            if record.type == 5:
                return error_response(400, INVALID_FORM_BODY, "A modal cannot open a modal")
            if problems := modal_problems(data):
                return self._invalid(problems)
        else:
            return error_response(400, INVALID_FORM_BODY, f"Unsupported callback type {kind}")

        record.callback = {"type": kind, "data": data}
        record.answered_clock = (time.perf_counter(), time.process_time())
        record.answered.set()
        interaction_data: JSON = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        result: JSON = {"interaction": interaction_data, "resource": {"type": kind}}
        if message is not None:
            interaction_data["response_message_id"] = str(message.id)
            if kind != 6:
                result["resource"]["message"] = message.to_json()
        return json_response(result)

    def _webhook_record(self, request: web.Request) -> InteractionRecord | web.Response:
        """The interaction whose token a webhook route carries, while the token lives.

        A token is good for 15 minutes; after that Discord answers 401 Invalid Webhook
        Token to a follow-up and to reading, editing or deleting a response. Before the
        interaction is acknowledged (or after the 3 s to do so ran out) there is no
        webhook yet: 404 Unknown Webhook.
        """
        if int(request.match_info["app"]) != self.world.application_id:
            return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        record = self.world.interaction_by_token(request.match_info["token"])
        what = f"{request.method} webhook{request.path.partition(request.match_info['token'])[2]}"
        if record is not None and self._elapsed(record) > TOKEN_LIFETIME:
            minutes = self._elapsed(record).total_seconds() / 60
            return self._deny(
                401,
                INVALID_WEBHOOK_TOKEN,
                "Invalid Webhook Token",
                f"{what} with the token of interaction {record.id}, {minutes:.1f} minutes "
                "old (tokens last 15)",
            )
        if record is None or record.callback is None:
            return self._deny(
                404,
                UNKNOWN_WEBHOOK,
                "Unknown Webhook",
                f"{what} with the token of an interaction never acknowledged",
            )
        return record

    def _webhook_message(
        self, request: web.Request
    ) -> tuple[InteractionRecord, Message] | web.Response:
        record = self._webhook_record(request)
        if isinstance(record, web.Response):
            return record
        key = request.match_info["message"]
        message_id = record.original_id if key == "@original" else int(key)
        mine = {record.original_id, *record.followup_ids}
        message = None
        if message_id is not None and message_id in mine:
            message = self.world.find_message(message_id)
        if message is None or message.deleted:
            return error_response(404, UNKNOWN_MESSAGE, "Unknown Message")
        return record, message

    async def post_followup(self, request: web.Request) -> web.StreamResponse:
        record = self._webhook_record(request)
        if isinstance(record, web.Response):
            return record
        payload: JSON = request[PAYLOAD] or {}
        if too_large := self._too_large(payload):
            return too_large
        if problems := self._message_problems(payload, creating=True):
            return self._invalid(problems)
        original = (
            self.world.find_message(record.original_id) if record.original_id is not None else None
        )
        if original is not None and original.loading and not original.deleted:
            # After a deferral, the first follow-up fills in the "thinking" message (unless
            # that message was deleted: then the follow-up is a message of its own).
            message = await self.edit_stored_message(original, payload)
        else:
            flags = int(payload.get("flags") or 0) & (EPHEMERAL | 4 | 4096 | (1 << 15))
            message = await self.create_message(
                record.channel_id, payload, flags=flags, interaction=record
            )
            record.followup_ids.append(message.id)
        if request.query.get("wait") in ("true", "True", "1"):
            return json_response(message.to_json())
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.StreamResponse:
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        return json_response(found[1].to_json())

    async def edit_webhook_message(self, request: web.Request) -> web.StreamResponse:
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        record, message = found
        payload: JSON = request[PAYLOAD] or {}
        if too_large := self._too_large(payload):
            return too_large
        if problems := self._message_problems(payload, creating=False, existing=message):
            return self._invalid(problems)
        await self.edit_stored_message(message, payload)
        message.source_interaction_id = record.id
        return json_response(message.to_json())

    async def delete_webhook_message(self, request: web.Request) -> web.StreamResponse:
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        await self.delete_stored_message(found[1])
        return web.Response(status=204)

    # Gateway ----------------------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await socket.prepare(request)
        self._sockets.add(socket)
        self._no_sockets.clear()
        session: GatewaySession | None = None
        try:
            await socket.send_str(
                json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            )
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op = message.get("op")
                data = message.get("d")
                if op == 1:
                    await socket.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    session = await self._identify(socket, data)
                    if session is None:
                        break
                elif op == 6:
                    session = await self._resume(socket, data)
                elif op == 8 and session is not None:
                    await self._member_chunk(session, data)
        finally:
            self._sockets.discard(socket)
            if session is not None and session.socket is socket:
                session.socket = None
                if socket.close_code in (1000, 1001):
                    # A clean close ends the session; anything else may be resumed.
                    self.sessions.pop(session.id, None)
            if not self._sockets:
                self._no_sockets.set()
        return socket

    async def wait_disconnected(self) -> None:
        """Until no gateway socket is open (the server has seen every close)."""
        await self._no_sockets.wait()

    async def _identify(self, socket: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        if data.get("token") != self.world.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return None
        shard_id, shard_count = (int(n) for n in data.get("shard") or [0, 1])
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            await socket.close(code=4010, message=b"Invalid shard.")
            return None
        session = GatewaySession(
            id=secrets.token_hex(16),
            shard=(shard_id, shard_count),
            intents=int(data.get("intents") or 0),
            socket=socket,
        )
        self.sessions[session.id] = session
        self.identify_count += 1
        world = self.world
        ready = {
            "v": 10,
            "user": world.bot_user.to_json(),
            "guilds": [
                {"id": str(g), "unavailable": True} for g in world.guilds if self.serves(session, g)
            ],
            "session_id": session.id,
            "resume_gateway_url": self.gateway_url,
            "shard": list(session.shard),
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        await self._send(session, "READY", ready)
        for guild in world.guilds.values():
            if self.serves(session, guild.id):
                await self._send(session, "GUILD_CREATE", guild.create_json(world.clock()))
        self.identified.set()
        return session

    async def _member_chunk(self, session: GatewaySession, data: JSON) -> None:
        """Answer REQUEST_GUILD_MEMBERS with one GUILD_MEMBERS_CHUNK."""
        guild = self.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [m.to_json() for m in (members[:limit] if limit else members)],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self._send(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _resume(self, socket: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.world.token:
            await socket.send_str(json.dumps({"op": 9, "d": False}))
            return None
        session.socket = socket
        self.resume_count += 1
        after = int(data.get("seq") or 0)
        for frame in session.sent:
            if frame["s"] > after:
                await socket.send_str(json.dumps(frame))
        await self._send(session, "RESUMED", {})
        return session

    async def _send(self, session: GatewaySession, event: str, data: JSON) -> None:
        session.sequence += 1
        frame = {"op": 0, "t": event, "s": session.sequence, "d": data}
        session.sent.append(frame)
        socket = session.socket
        if socket is not None and not socket.closed:
            try:
                await socket.send_str(json.dumps(frame))
            except ConnectionError:
                # The client went away mid-frame; it is kept for a RESUME.
                if session.socket is socket:
                    session.socket = None

    def live_sessions(self) -> list[GatewaySession]:
        return list(self.sessions.values())

    @staticmethod
    def serves(session: GatewaySession, guild_id: int | None) -> bool:
        """Whether ``session``'s shard receives ``guild_id``'s events (``None``: a DM)."""
        shard_id, shard_count = session.shard
        return shard_of(guild_id, shard_count) == shard_id

    def sessions_for(self, data: JSON) -> list[GatewaySession]:
        """The sessions an event about ``data`` goes to: those serving its guild."""
        raw = data.get("guild_id")
        guild_id = int(raw) if raw is not None else None
        return [s for s in self.live_sessions() if self.serves(s, guild_id)]

    async def dispatch(self, event: str, data: JSON, *, intent: int | None = None) -> None:
        """Send a gateway event to every session serving its guild's shard (buffered for a
        session that is resuming)."""
        if not self.sessions:
            raise RuntimeError(f"no bot is connected to the stand-in to receive {event}")
        sessions = self.sessions_for(data)
        if not sessions:
            raise RuntimeError(
                f"no bot session serves the shard of guild {data.get('guild_id')} "
                f"to receive {event}"
            )
        for session in sessions:
            if intent is None or session.intents & intent:
                if event == "INTERACTION_CREATE":
                    self.interaction_shards[int(data["id"])] = session.shard
                await self._send(session, event, data)

    async def _message_event(self, event: str, data: JSON) -> None:
        """Message events reach only a client that asked for the guild-messages intent."""
        for session in self.sessions_for(data):
            if session.intents & GUILD_MESSAGES_INTENT:
                await self._send(session, event, data)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway socket as a network failure would (the client resumes)."""
        for session in self.live_sessions():
            if session.socket is not None:
                socket, session.socket = session.socket, None
                await socket.close(code=code)

    def forget_sessions(self) -> None:
        self.sessions.clear()
