"""``python -m bot sync`` and the start-up sync say plainly what Discord refused, and exit non-zero.

The real bot plus one test-only command with 26 options (Discord allows 25) is
synced to the stand-in, through ``bot.__main__.main`` as the command line runs it.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as main_module
import bot.client as client_module
from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.harness import point_discord_at

from .command_builders import many_options

PROBLEM = "/overloaded: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length."


async def run_main(
    argv: list[str],
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    broken: bool = True,
    **env: str,
) -> int:
    """Run the command line in a worker thread (its own event loop) against the stand-in."""
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", standin.token)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    # The command line installs a root log handler; the test keeps pytest's own.
    monkeypatch.setattr(main_module, "configure_logging", lambda level: None)
    real_build = client_module.build_bot

    def build(*args: Any, **kwargs: Any) -> GurpsBot:
        built = real_build(*args, **kwargs)
        if broken:
            built.tree.add_command(many_options("overloaded", 26))
        return built

    monkeypatch.setattr(client_module, "build_bot", build)
    with point_discord_at(standin.base_url, standin.gateway_url):
        return await asyncio.to_thread(main_module.main, argv)


async def test_sync_prints_each_problem_and_exits_non_zero(
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    guild = standin.guild.id
    code = await run_main(["sync", "--guild", str(guild)], standin, tmp_path, monkeypatch)
    out, err = capsys.readouterr()
    assert code == main_module.EXIT_REFUSED == 3
    assert out == ""
    assert err == f"Discord refused the slash commands for server {guild}:\n  {PROBLEM}\n"
    assert guild not in standin.world.commands  # nothing was published
    assert standin.server.rejections == [PROBLEM]
    standin.server.rejections.clear()


async def test_global_sync_refused(
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = await run_main(["sync"], standin, tmp_path, monkeypatch)
    err = capsys.readouterr().err
    assert code == 3
    assert err.splitlines() == [
        "Discord refused the slash commands for every server (global):",
        f"  {PROBLEM}",
    ]
    assert None not in standin.world.commands
    standin.server.rejections.clear()


async def test_sync_of_the_real_bot_succeeds(
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    guild = standin.guild.id
    code = await run_main(
        ["sync", "--guild", str(guild)], standin, tmp_path, monkeypatch, broken=False
    )
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    synced = sorted(command["name"] for command in standin.world.commands[guild])
    assert out == f"Synced {len(synced)} commands to server {guild}: {', '.join(synced)}\n"
    assert "roll" in synced


async def test_start_up_sync_refused_stops_the_bot(
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    guild = standin.guild.id
    with caplog.at_level(logging.INFO):
        code = await run_main(["run"], standin, tmp_path, monkeypatch, DEV_GUILD_ID=str(guild))
    err = capsys.readouterr().err
    assert code == 3
    message = f"Discord refused the slash commands for server {guild}:\n  {PROBLEM}"
    assert err == message + "\n"
    assert "Traceback" not in err
    logged = [r for r in caplog.records if r.name == "bot.client" and r.levelno == logging.ERROR]
    assert [record.getMessage() for record in logged] == [message]
    assert not any(record.exc_info for record in caplog.records)
    assert standin.server.identify_count == 0  # it never connected to the gateway
    assert guild not in standin.world.commands
    assert standin.server.rejections == [PROBLEM]
    standin.server.rejections.clear()
