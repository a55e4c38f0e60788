"""README.md keeps up with the bot: every command, its pt-BR name, every rule option, the example.

The commands come from the loaded command tree (every module of ``cogs/``, as
``tests/unit/test_i18n.py`` loads them), so a command added later fails here
until the README documents it.
"""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.client import GurpsBot, build_bot
from bot.config import Settings
from bot.i18n import CatalogTranslator, Messages
from bot.permissions import BOT_PERMISSIONS
from bot.sandbox import run_sandbox
from bot.storage.database import Database
from rules.options import RuleOptions
from rules.roller import RandomDice, ScriptedDice

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FAKE_TOKEN = "MTA4NjQ1NzM2MjE5ODc2NTQzMg.GhJk1a.abcdefghijklmnopqrstuvwxyzABCDEFGH12"
EXAMPLE_HEADING = "### A fight from start to finish"
EXAMPLE_SEED = 7
"""The seed the README tells readers to replay the example with."""


@pytest.fixture(scope="module")
def readme() -> str:
    return README.read_text(encoding="utf-8")


@pytest.fixture
async def loaded_bot(tmp_path: Path) -> AsyncIterator[GurpsBot]:
    settings = Settings(
        _env_file=None, discord_token=FAKE_TOKEN, database_path=tmp_path / "readme.sqlite3"
    )
    async with Database.open(settings.database_path) as database:
        bot = build_bot(
            settings,
            database,
            dice=ScriptedDice([]),
            clock=lambda: datetime(2026, 1, 1, tzinfo=UTC),
        )
        async with bot:
            await bot.setup_hook()  # migrations, every cog, the translator; no network
            yield bot


def _names(bot: GurpsBot) -> list[str]:
    """Every command and group's English qualified name (``character weapon add``)."""
    found: list[str] = []
    for command in bot.tree.get_commands():
        found.append(command.qualified_name)
        if isinstance(command, app_commands.Group):
            found.extend(child.qualified_name for child in command.walk_commands())
    return found


def _portuguese(node: dict[str, Any], parents: tuple[str, ...] = ()) -> Iterator[str]:
    """The pt-BR qualified names of a translated command payload and its subcommands."""
    path = (*parents, node["name_localizations"]["pt-BR"])
    yield " ".join(path)
    for option in node.get("options") or []:
        if option["type"] in (1, 2):  # subcommand, subcommand group
            yield from _portuguese(option, path)


def _mentioned(readme: str, qualified_name: str) -> bool:
    return re.search(rf"/{re.escape(qualified_name)}(?![\w-])", readme) is not None


async def test_every_command_is_documented(loaded_bot: GurpsBot, readme: str) -> None:
    names = _names(loaded_bot)
    assert {"roll", "encounter next", "character weapon add", "defend"} <= set(names)
    assert [name for name in names if not _mentioned(readme, name)] == []


async def test_every_portuguese_command_name_is_listed(loaded_bot: GurpsBot, readme: str) -> None:
    translator = CatalogTranslator(Messages.load())
    names: list[str] = []
    for command in loaded_bot.tree.get_commands():
        payload = await command.get_translated_payload(loaded_bot.tree, translator)
        names.extend(_portuguese(payload))
    assert {"rolar", "encontro proximo", "personagem arma adicionar"} <= set(names)
    assert [name for name in names if not _mentioned(readme, name)] == []


# Discord's names, as the invite page and the server settings show them, by bit.
PERMISSION_LABELS = {
    discord.Permissions(view_channel=True).value: "View Channels",
    discord.Permissions(send_messages=True).value: "Send Messages",
    discord.Permissions(embed_links=True).value: "Embed Links",
    discord.Permissions(send_messages_in_threads=True).value: "Send Messages in Threads",
    discord.Permissions(pin_messages=True).value: "Pin Messages",
}


def test_the_invite_link_asks_for_exactly_the_bots_permissions(readme: str) -> None:
    """The link's ``permissions=`` and the text under it follow ``BOT_PERMISSIONS``."""
    links = re.findall(r"oauth2/authorize\?\S*permissions=(\d+)", readme)
    assert [int(value) for value in links] == [BOT_PERMISSIONS.value]
    stated = re.search(r"Permissions \((\d+)\): (.+?)\.\s", readme, re.DOTALL)
    assert stated is not None
    assert int(stated[1]) == BOT_PERMISSIONS.value
    bits = [
        1 << n for n in range(BOT_PERMISSIONS.value.bit_length()) if BOT_PERMISSIONS.value >> n & 1
    ]
    listed = re.findall(r"\*\*(.+?)\*\*", " ".join(stated[2].split()))
    assert listed == [PERMISSION_LABELS[bit] for bit in bits]


def test_every_rule_option_is_documented_with_its_description(readme: str) -> None:
    missing = [
        name
        for name, field in RuleOptions.model_fields.items()
        if f"`{name}`" not in readme or str(field.description) not in readme
    ]
    assert missing == []


def _example(readme: str) -> list[str]:
    section = readme.split(EXAMPLE_HEADING, 1)[1]
    block = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the example fight has no ```text block"
    return block.group(1).splitlines()


def test_the_readme_replays_the_example_with_its_seed(readme: str) -> None:
    section = readme.split(EXAMPLE_HEADING, 1)[1].split("\n## ", 1)[0]
    assert f"--seed {EXAMPLE_SEED}" in section


async def test_the_example_fight_runs_in_the_sandbox(readme: str, tmp_path: Path) -> None:
    script = _example(readme)
    commands = [line for line in script if line.startswith("/")]
    assert len(commands) >= 10
    out = io.StringIO()
    code = await run_sandbox(
        database=tmp_path / "example.sqlite3",
        dice=RandomDice(EXAMPLE_SEED),
        lines=script,
        out=out,
    )
    assert code == 0
    lines = out.getvalue().splitlines()
    text = Messages.load().text
    refused = f"  ┃ {text('core.error.title', 'en')}"
    assert [line for line in lines if line.startswith("!") or line == refused] == []
    prompts = [i for i, line in enumerate(lines) if re.match(r"\w+@#general> [/:]", line)]
    typed = [lines[i].split("> ", 1)[1] for i in prompts]
    assert typed == [line for line in script if line.strip()]
    for i in prompts:
        if lines[i].split("> ", 1)[1].startswith(("/", ":click")):  # the bot answered it
            assert lines[i + 1].startswith("GURPS Combat (/"), lines[i]
    assert f"  ┃ {text('encounter.ended.title', 'en', name='Bridge')}" in lines
    assert lines[-1] == "(stopping the bot)"
