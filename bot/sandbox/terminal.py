"""``python -m bot sandbox``: the arguments, the database, the prompt, tab completion."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Literal, TextIO

from bot.config import Settings
from bot.sandbox.session import LOCALES, Sandbox
from bot.standin import StandIn
from bot.standin.commands import (
    leaf_paths,
)
from bot.standin.live import LiveBot
from rules.roller import DiceRoller, RandomDice

# Like Discord, the sandbox drops an interaction the bot has not answered in 3 s.
DISCORD_CALLBACK_DEADLINE = 3.0


BOT_LOCALES: Mapping[str, Literal["en", "pt-BR"]] = {"en": "en", "pt-BR": "pt-BR"}


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
