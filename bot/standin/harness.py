"""Point discord.py at the stand-in and run a real client against it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.standin.driver import StandIn

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def point_discord_at(base_url: str, gateway_url: str | None = None) -> Iterator[None]:
    """Send discord.py's REST calls (and a plain client's gateway) to ``base_url``.

    discord.py builds every REST and webhook URL from ``Route.BASE``; an
    auto-sharded client asks ``GET /gateway/bot`` for its gateway, a plain one
    uses ``DiscordWebSocket.DEFAULT_GATEWAY``. Both are restored on exit.
    """
    old_base = Route.BASE
    old_gateway = DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = base_url
    if gateway_url is not None:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def running(
    client: ClientT,
    standin: StandIn,
    *,
    ready_within: float = 15.0,
    guild_ready_timeout: float = 0.05,
) -> AsyncIterator[ClientT]:
    """Log ``client`` in to the stand-in and yield once it is ready; close it on exit.

    Ready means: ``setup_hook`` ran (so commands are synced), the gateway session
    is up, every guild's GUILD_CREATE was parsed and ``on_ready`` fired.
    ``guild_ready_timeout`` shortens discord.py's wait for further guilds before
    ``on_ready``; the stand-in sends all guilds at once, so nothing is missed.
    """
    with point_discord_at(standin.base_url, standin.gateway_url):
        standin.attach(client)
        state = client._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, guild_ready_timeout)
        runner = asyncio.create_task(client.start(standin.token), name="standin-client")
        try:
            await _until_ready(client, standin, runner, ready_within)
            yield client
        except BaseException:
            await _shut_down(client, runner, ready_within)
            standin.detach()
            raise
        crashed = await _shut_down(client, runner, ready_within)
        standin.detach()
        if crashed is not None:
            raise crashed


async def _until_ready(
    client: discord.Client, standin: StandIn, runner: asyncio.Task[None], within: float
) -> None:
    async def ready() -> None:
        await client.wait_until_ready()
        await standin.wait_guilds_cached()

    waiter = asyncio.create_task(ready(), name="standin-client-ready")
    done, _ = await asyncio.wait({waiter, runner}, timeout=within, return_when="FIRST_COMPLETED")
    if waiter in done:
        waiter.result()
        return
    waiter.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiter
    if runner in done:
        runner.result()  # raises what start() raised
        raise RuntimeError("the client stopped before it became ready")
    raise TimeoutError(f"the client was not ready within {within}s")


async def _shut_down(
    client: discord.Client, runner: asyncio.Task[None], within: float
) -> BaseException | None:
    """Close the client; return what its ``start()`` raised, if anything."""
    if not client.is_closed():
        await client.close()
    if not runner.done():
        try:
            await asyncio.wait_for(asyncio.shield(runner), within)
        except TimeoutError:
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
            return None
        except Exception as error:
            return error
    if runner.cancelled():
        return None
    return runner.exception()
