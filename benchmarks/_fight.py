"""What the fight benchmarks share: the real bot on a fresh SQLite file (or a PostgreSQL
database), driven through the local Discord stand-in, with a command that only answers
(``/noop``) to measure against."""

from __future__ import annotations

import contextlib
import statistics
import tempfile
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.storage.database import run_statements
from rules.roller import RandomDice


def percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def reply_sized_embed() -> discord.Embed:
    """An embed the size of an attack's reply (five fields, about 450 characters)."""
    embed = discord.Embed(title="⚔️ Orc attacks Ana", colour=0x2ECC71)
    for name, value in (
        ("Weapon", "axe (sw+2 cut)"),
        ("Location", "torso"),
        ("Effective skill", "Skill 16\n+1 Evaluate (R5.4)\n= **17**"),
        ("Attack roll", "Rolled **10** (3, 3, 4): hit (by 7)"),
        ("Defense", "Ana chooses: Dodge 9, Parry 9 (sword), Retreat (+3), or no defense"),
    ):
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(text="Rules: R5.4, R6.1, R7.19 · Standard initiative (Basic Set)")
    return embed


FLOOR_ROW = "x" * 1024
"""What ``/floor`` commits: one row of 1 KiB, less than an attack's change and its log."""


@dataclass
class FloorReply:
    """The answer ``/floor`` sends: a copy of a real attack's reply, as Discord got it."""

    content: str = "ok"
    embeds: list[dict[str, Any]] = field(default_factory=list)
    buttons: list[dict[str, Any]] = field(default_factory=list)
    mention: int | None = None

    def copy(self, data: dict[str, Any]) -> None:
        """Take the reply from an interaction callback's ``data``."""
        self.content = data.get("content") or ""
        self.embeds = list(data.get("embeds") or [])
        self.buttons = [
            button for row in data.get("components") or [] for button in row["components"]
        ]
        users = (data.get("allowed_mentions") or {}).get("users") or []
        self.mention = int(users[0]) if users else None

    async def send(self, interaction: discord.Interaction[GurpsBot]) -> None:
        """Send the copy as ``interaction``'s answer, as a cog would send it."""
        view = discord.ui.View(timeout=None)
        for button in self.buttons:
            view.add_item(
                discord.ui.Button(
                    style=discord.ButtonStyle(button["style"]),
                    label=button.get("label"),
                    custom_id=button.get("custom_id"),
                )
            )
        mentions = (
            discord.AllowedMentions(users=[discord.Object(id=self.mention)])
            if self.mention is not None
            else discord.AllowedMentions.none()
        )
        await interaction.response.send_message(
            content=self.content,
            embeds=[discord.Embed.from_dict(embed) for embed in self.embeds],
            view=view if self.buttons else discord.utils.MISSING,
            allowed_mentions=mentions,
        )


async def add_noop(bot: GurpsBot, guild_id: int, floor: FloorReply | None = None) -> None:
    """Register commands for the benchmarks only and sync them to the stand-in's guild:
    ``/noop`` answers "ok"; ``/noop-embed`` answers with an embed the size of an attack's
    reply, so that what it costs to send a real answer is measured apart from the rules;
    ``/floor`` takes an attack's options, commits one row (:data:`FLOOR_ROW`) and sends
    ``floor``, a copy of an attack's reply: what any design must do for an attack before
    it answers, without the rules, the encounter or rendering; ``/floor-reply`` does the
    same without the commit."""
    reply = floor or FloorReply()
    await bot.database.write(
        run_statements(
            [("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, body TEXT)", ())]
        )
    )

    @app_commands.command(name="noop", description="Answers and does nothing else")
    async def noop(interaction: discord.Interaction[GurpsBot]) -> None:
        await interaction.response.send_message("ok")

    @app_commands.command(name="noop-embed", description="Answers with an embed, nothing else")
    async def noop_embed(interaction: discord.Interaction[GurpsBot]) -> None:
        await interaction.response.send_message(embed=reply_sized_embed())

    def attack_shaped(
        name: str, description: str, *, commit: bool
    ) -> app_commands.Command[Any, ..., None]:
        """A command with ``/attack``'s options that sends ``reply`` (after a commit)."""

        @app_commands.command(name=name, description=description)
        async def command(
            interaction: discord.Interaction[GurpsBot],
            attacker: str,
            target: str,
            skill: int,
            damage: str,
        ) -> None:
            if commit:
                await bot.database.write(
                    run_statements([("INSERT INTO bench_floor (body) VALUES (?)", (FLOOR_ROW,))])
                )
            await reply.send(interaction)

        return command

    bot.tree.add_command(noop)
    bot.tree.add_command(noop_embed)
    bot.tree.add_command(
        attack_shaped("floor", "An attack's options, a commit, its reply", commit=True)
    )
    bot.tree.add_command(
        attack_shaped("floor-reply", "An attack's options and its reply", commit=False)
    )
    await bot.sync_commands(guild_id)


@contextlib.asynccontextmanager
async def running_bot(
    standin: StandIn,
    seed: int,
    database: Path | str | None = None,
    floor: FloorReply | None = None,
) -> AsyncIterator[GurpsBot]:
    """The real bot with seeded dice on ``database`` (a file or a ``postgresql://`` URL;
    else a new SQLite file), with the benchmarks' commands (``floor``: what ``/floor``
    answers)."""
    path = database or Path(tempfile.mkdtemp(prefix="bench-fight-")) / "bench.sqlite3"
    live = LiveBot(standin, path, RandomDice(seed))
    try:
        bot = await live.start()
        await add_noop(bot, standin.guild.id, floor)
        yield bot
    finally:
        await live.stop()


async def start_duel(
    standin: StandIn, channel: str, *, gm_user: str = "gm", player: str = "alice"
) -> None:
    """An encounter in ``channel`` between Ana (``player``'s) and an Orc, both with 999 HP."""

    async def gm(command: str, **options: Any) -> None:
        result = await standin.slash(command, options, user=gm_user, channel=channel)
        if result.errors or not result.answered or result.response.ephemeral:
            raise RuntimeError(f"{command} failed: {result.errors or result.response.embeds}")

    await gm("encounter start", name=f"Bench {channel}")
    await gm("combatant add", name="Ana", st=12, dx=12, iq=10, ht=12, hp=999, owner=player)
    await gm("combatant add", name="Orc", st=12, dx=11, iq=9, ht=12, hp=999)
