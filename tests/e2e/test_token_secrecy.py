"""The bot token never appears in logs, errors, tracebacks or anything the bot sends.

The stand-in accepts a recognisable token. Everything is logged at DEBUG, discord.py's
own loggers included (they log every request and every gateway event), through
start-up, the command sync, commands and a defense click, an unexpected error inside a
command (its traceback is logged), a failed login with a wrong token (in process and
through ``python -m bot run``), and ``python -m bot`` refusing malformed tokens. Neither
the token nor any of its three dot-separated parts may show up in any of it.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import subprocess
import sys
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import discord
import pytest

from bot.__main__ import EXIT_CONFIG, main
from bot.client import GurpsBot, utc_now
from bot.config import Settings
from bot.i18n import Messages
from bot.standin import StandIn, World
from bot.standin.harness import point_discord_at
from bot.standin.live import LiveBot
from bot.storage.database import Database

from .invariants import QueuedDice

PROJECT = Path(__file__).resolve().parents[2]


def recognisable_token(user_id: int, secret: str) -> str:
    """Shaped like Discord's (base64 of the bot's id, a stamp, an HMAC) but easy to spot."""
    head = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.Zq_Tk9.{secret}"


def leaks(token: str, text: str) -> list[str]:
    """The parts of ``token`` (and the token itself) found in ``text``."""
    return [part for part in (token, *token.split(".")) if part in text]


class Everything(logging.Handler):
    """Every record of every logger, formatted with its traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@pytest.fixture
def logs() -> Iterator[Everything]:
    handler = Everything()
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    world = World.default()
    world.token = recognisable_token(world.bot_user.id, "SECRETxHMACxPARTxrecognisable42")
    async with StandIn(world) as running_standin:
        yield running_standin


@pytest.fixture
def dice() -> QueuedDice:
    return QueuedDice(seed=3)


def everything_sent(standin: StandIn) -> str:
    """Every message the bot posted or edited, every version, as text."""
    return "\n".join(
        repr(version)
        for store in standin.world.messages.values()
        for message in store.values()
        for version in message.versions()
    )


async def test_start_commands_and_an_unexpected_error_never_show_the_token(
    standin: StandIn,
    live_bot: LiveBot,
    messages: Messages,
    logs: Everything,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = standin.token
    dice = live_bot.dice
    assert isinstance(dice, QueuedDice)
    await live_bot.start()
    assert "synced" in logs.text  # start-up and the sync were logged
    assert "DEBUG discord.http: GET" in logs.text  # with discord.py's requests
    errors: list[BaseException] = []
    for command, options in [
        ("roll", {"dice": "3d"}),
        ("encounter start", {"name": "Secret"}),
        ("combatant add", {"name": "Ana", "st": 11, "dx": 13, "iq": 10, "ht": 12}),
        ("combatant add", {"name": "Orc", "st": 13, "dx": 11, "iq": 9, "ht": 12}),
        ("attack", {"attacker": "Orc", "target": "Ana", "skill": 12, "damage": "sw+2 cut"}),
    ]:
        if command == "attack":
            dice.queued.extend([3, 3, 4])  # a hit: the defense buttons come up
        result = await standin.slash(command, options, channel="combat")
        errors += result.errors
    clicked = await standin.click(standin.last_message("combat"), "Dodge", user="gm")
    errors += clicked.errors

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the dice engine broke")

    # The bot loaded its own copy of the module (``load_extension`` imports it afresh).
    monkeypatch.setattr(sys.modules["cogs.roll"], "roll_dice", broken)
    failed = await standin.slash("roll", dice="3d", user="alice")
    assert failed.embed["description"] == messages.text("core.error.unexpected", "en")
    assert "RuntimeError: the dice engine broke" in logs.text  # the traceback was logged

    await live_bot.stop()
    for where, text in [
        ("logs", logs.text),
        ("errors", "".join("".join(traceback.format_exception(e)) for e in errors)),
        ("messages", everything_sent(standin)),
    ]:
        assert leaks(token, text) == [], f"the token is in the {where}"


async def test_a_failed_login_never_shows_the_token(
    standin: StandIn, tmp_path: Path, logs: Everything
) -> None:
    wrong = recognisable_token(standin.world.bot_user.id, "WRONGxHMACxPARTxrecognisable99")
    async with Database.open(tmp_path / "login.sqlite3") as database:
        client = GurpsBot(
            Settings(_env_file=None, database_path=tmp_path / "login.sqlite3"),
            database,
            QueuedDice(),
            utc_now,
        )
        with point_discord_at(standin.base_url, standin.gateway_url):
            async with client:
                with pytest.raises(discord.LoginFailure) as failed:
                    await client.login(wrong)
    shown = "".join(traceback.format_exception(failed.value))
    assert leaks(wrong, shown) == []
    assert leaks(wrong, logs.text) == []
    assert "401" in logs.text  # the refused request was logged


@pytest.fixture
def restore_root_logging() -> Iterator[None]:
    """``python -m bot`` installs a root handler and level for the process; undo them."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in root.handlers[:]:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)


@pytest.mark.usefixtures("restore_root_logging")
async def test_python_m_bot_run_with_a_wrong_token_never_shows_it(
    standin: StandIn,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    logs: Everything,
) -> None:
    wrong = recognisable_token(standin.world.bot_user.id, "WRONGxHMACxPARTxrecognisable77")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", wrong)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "cli.sqlite3"))
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    with point_discord_at(standin.base_url, standin.gateway_url):
        code = await asyncio.to_thread(main, ["run"])
    captured = capfd.readouterr()
    assert code == EXIT_CONFIG
    assert "Discord rejected DISCORD_TOKEN" in captured.err
    assert leaks(wrong, captured.out + captured.err + logs.text) == []


@pytest.mark.parametrize(
    "shape",
    ["Bot {token}", "{token}.extra", "{token} ", "{head} {rest}", "{token}!", "'{token}'"],
)
def test_python_m_bot_refuses_a_malformed_token_without_showing_it(
    tmp_path: Path, shape: str
) -> None:
    token = recognisable_token(1577332773817942019, "MALFORMEDxHMACxrecognisable13")
    head, rest = token.split(".", 1)
    malformed = shape.format(token=token, head=head, rest=rest)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(PROJECT),
        "DISCORD_TOKEN": malformed,
        "LOG_LEVEL": "DEBUG",
        "DEV_GUILD_ID": "not-a-number",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == EXIT_CONFIG, result.stderr
    assert result.stderr.startswith("Invalid configuration: ")
    assert "Traceback" not in result.stderr
    assert leaks(token, result.stdout + result.stderr) == []
