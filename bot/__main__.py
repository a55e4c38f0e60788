"""Command line: ``python -m bot [run | sync [--guild ID] | sandbox | migrate-db --from A --to B]``
(``run`` when none is given).

A subcommand is one entry in :data:`SUBCOMMANDS`: a help line, an optional
function adding its arguments, and an ``async`` runner taking the settings and
the parsed arguments and returning an exit code.

Exit codes: 0 done, 2 a setting is missing or invalid (or the database cannot be
reached), 3 Discord
refused the slash commands (each problem printed on its own line to stderr), 4 the
database copy was refused (the target holds data, or the schemas differ).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.client import run_bot, sync_commands
from bot.command_sync import CommandsRefused
from bot.config import ConfigError, Settings, load_settings
from bot.sandbox import add_arguments as _sandbox_arguments
from bot.sandbox import run as _sandbox
from bot.storage.database import (
    Database,
    DatabaseTargetError,
    DatabaseUnavailable,
    is_postgresql,
    redact,
    sqlite_path,
)
from bot.storage.transfer import TransferError, copy_database

log = logging.getLogger("bot")

EXIT_OK = 0
EXIT_CONFIG = 2
EXIT_REFUSED = 3
EXIT_COPY_REFUSED = 4


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


@dataclass(frozen=True)
class Subcommand:
    """One ``python -m bot <name>`` action."""

    help: str
    run: Callable[[Settings, argparse.Namespace], Coroutine[Any, Any, int]]
    add_arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
    needs_token: bool = True


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    del args
    await run_bot(settings)
    return EXIT_OK


def _sync_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--guild",
        type=int,
        metavar="ID",
        help="sync to this server only (instant); without it, sync globally",
    )


async def _sync(settings: Settings, args: argparse.Namespace) -> int:
    guild_id: int | None = args.guild
    names = await sync_commands(settings, guild_id)
    where = f"server {guild_id}" if guild_id is not None else "every server (global)"
    print(f"Synced {len(names)} commands to {where}: {', '.join(sorted(names))}")
    return EXIT_OK


def _migrate_db_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="URL",
        help="the database to copy: sqlite:///path/to/file.sqlite3 (or a file path)",
    )
    parser.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help="the empty database to fill: postgresql://user:password@host:port/database",
    )


async def _migrate_db(settings: Settings, args: argparse.Namespace) -> int:
    del settings
    source_url: str = args.source
    target_url: str = args.target
    try:
        if not is_postgresql(source_url) and not sqlite_path(source_url).is_file():
            print(f"There is no SQLite file at {sqlite_path(source_url)}.", file=sys.stderr)
            return EXIT_CONFIG
        async with (
            Database.open(source_url) as source,
            Database.open(target_url) as target,
        ):
            copied = await copy_database(source, target)
    except (DatabaseTargetError, DatabaseUnavailable) as bad:
        print(bad, file=sys.stderr)
        return EXIT_CONFIG
    except TransferError as refused:
        print(f"Nothing copied: {refused}.", file=sys.stderr)
        return EXIT_COPY_REFUSED
    for table, rows in copied.items():
        print(f"{table}: {rows} rows")
    print(f"Copied {redact(source_url)} to {redact(target_url)}.")
    return EXIT_OK


SUBCOMMANDS: dict[str, Subcommand] = {
    "run": Subcommand("connect to Discord and serve commands (the default)", _run),
    "sync": Subcommand("publish the slash commands, then exit", _sync, _sync_arguments),
    "sandbox": Subcommand(
        "try the bot in this terminal, without Discord or a token",
        _sandbox,
        _sandbox_arguments,
        needs_token=False,
    ),
    "migrate-db": Subcommand(
        "copy a database (a SQLite file) into another, empty one (PostgreSQL), then exit",
        _migrate_db,
        _migrate_db_arguments,
        needs_token=False,
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gurps-bot", description="A Discord bot for GURPS 4th Edition combat."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, subcommand in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=subcommand.help, description=subcommand.help)
        subcommand.add_arguments(sub)
    return parser


def configure_logging(level: str) -> None:
    discord.utils.setup_logging(level=logging.getLevelNamesMapping()[level], root=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    name: str = args.command or "run"
    subcommand = SUBCOMMANDS[name]
    try:
        settings = load_settings()
        if subcommand.needs_token:
            settings.require_token()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return EXIT_CONFIG
    configure_logging(settings.log_level)
    try:
        return asyncio.run(subcommand.run(settings, args))
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: reset the token on the Bot page of the Developer "
            "Portal and put the new one in your environment or .env file.",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    except DatabaseUnavailable as unavailable:
        # DATABASE_URL names a server that is down, unknown, or refuses these credentials.
        print(unavailable, file=sys.stderr)
        return EXIT_CONFIG
    except CommandsRefused as refused:
        # Discord refused the slash commands (``sync``, or the start-up sync to
        # DEV_GUILD_ID): one line per problem, nothing published.
        print(refused, file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:  # platforms without signal handlers in the event loop
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
