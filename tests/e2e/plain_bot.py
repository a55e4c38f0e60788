"""A plain discord.py bot with a small cog covering what the stand-in must support.

Independent of the product's cogs: slash options of every common kind, a
subcommand, buttons that edit their message, a modal, a deferred answer with
follow-ups, autocomplete, a reply Discord would refuse, an answer held back until
the test allows it, and an interaction kept for later use of its token.
"""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands


class Counter(discord.ui.View):
    def __init__(self, count: int = 0) -> None:
        super().__init__(timeout=None)
        self.count = count

    @discord.ui.button(label="Plus", custom_id="test:plus", style=discord.ButtonStyle.primary)
    async def plus(
        self, interaction: discord.Interaction, button: discord.ui.Button[Counter]
    ) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)

    @discord.ui.button(label="Ask", custom_id="test:ask")
    async def ask(
        self, interaction: discord.Interaction, button: discord.ui.Button[Counter]
    ) -> None:
        await interaction.response.send_modal(NameModal())

    @discord.ui.button(label="Off", custom_id="test:off", disabled=True)
    async def off(
        self, interaction: discord.Interaction, button: discord.ui.Button[Counter]
    ) -> None:
        raise AssertionError("a disabled button cannot be pressed")


class Knock(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"test:knock:(?P<count>\d+)",
):
    """A persistent button: its state lives in the custom id, so it works after a restart."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Knock {count}", custom_id=f"test:knock:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Button[discord.ui.View],
        match: re.Match[str],
    ) -> Knock:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()  # the default 180 s timeout must not hold up the driver
        view.add_item(Knock(self.count + 1))
        await interaction.response.edit_message(content=f"knocked {self.count}", view=view)


class Confirm(discord.ui.View):
    """The ``await view.wait()`` pattern: the command's handler waits for the click."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.answer: str | None = None

    @discord.ui.button(label="Yes", custom_id="test:yes")
    async def yes(
        self, interaction: discord.Interaction, button: discord.ui.Button[Confirm]
    ) -> None:
        self.answer = "yes"
        await interaction.response.defer()
        self.stop()


class Pickers(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="test:foes",
        placeholder="Foes",
        max_values=2,
        options=[
            discord.SelectOption(label="Orc", value="orc"),
            discord.SelectOption(label="Goblin", value="goblin"),
        ],
    )
    async def foes(
        self, interaction: discord.Interaction, select: discord.ui.Select[Pickers]
    ) -> None:
        await interaction.response.send_message("foes: " + ",".join(select.values))

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="test:ally", placeholder="Ally")
    async def ally(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Pickers]
    ) -> None:
        await interaction.response.send_message("ally: " + select.values[0].display_name)


class NameModal(discord.ui.Modal, title="Who are you?"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class EchoCog(commands.Cog):
    group = app_commands.Group(name="party", description="Party members")
    table = app_commands.Group(name="table", description="The table")
    npc = app_commands.Group(name="npc", description="Non-player characters", parent=table)

    @app_commands.command(description="Echo text back")
    @app_commands.describe(text="What to say", times="How often", secret="Only for you")
    async def echo(
        self,
        interaction: discord.Interaction,
        text: str,
        times: app_commands.Range[int, 1, 3] = 1,
        secret: bool = False,
    ) -> None:
        embed = discord.Embed(title="Echo", description=" ".join([text] * times))
        embed.add_field(name="locale", value=str(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=secret)

    @app_commands.command(description="Pick a mode")
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="Quick", value="quick"),
            app_commands.Choice(name="Regular", value="regular"),
        ]
    )
    async def mode(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(mode.value)

    @group.command(name="greet", description="Greet a member")
    async def greet(self, interaction: discord.Interaction, who: discord.Member) -> None:
        roles = ",".join(r.name for r in who.roles if not r.is_default())
        await interaction.response.send_message(f"hi {who.display_name} [{roles}]")

    @npc.command(name="spawn", description="Bring an NPC in")
    async def spawn(
        self,
        interaction: discord.Interaction,
        name: str,
        where: discord.TextChannel,
        leader: discord.Role | None = None,
        speed: float = 5.0,
    ) -> None:
        led = f" led by {leader.name}" if leader else ""
        await interaction.response.send_message(f"{name} in #{where.name}{led} at {speed}")

    @app_commands.command(description="Pick foes and an ally")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick", view=Pickers())

    @app_commands.command(description="A counter with buttons")
    async def counter(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=Counter())

    @app_commands.command(description="Think, then answer")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more", ephemeral=True)
        await interaction.edit_original_response(content="done thinking (edited)")

    @app_commands.command(description="Pick a fruit")
    async def fruit(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"you picked {name}")

    @fruit.autocomplete("name")
    async def fruit_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        fruits = ["apple", "apricot", "banana"]
        return [app_commands.Choice(name=f, value=f) for f in fruits if f.startswith(current)]

    @app_commands.command(description="A door with a persistent button")
    async def door(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(Knock(0))
        await interaction.response.send_message("a door", view=view)

    @app_commands.command(description="Whisper to yourself in a direct message")
    async def whisper(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.user.send(text)
        assert interaction.guild is not None
        member = await interaction.guild.fetch_member(interaction.user.id)
        await interaction.response.send_message(f"sent to {member.display_name}", ephemeral=True)

    @app_commands.command(description="Ask, wait for the answer, then edit")
    async def confirm(self, interaction: discord.Interaction) -> None:
        view = Confirm()
        await interaction.response.send_message("sure?", view=view)
        await view.wait()
        await interaction.edit_original_response(content=f"confirmed {view.answer}", view=None)

    @app_commands.command(description="Send a character sheet as a file")
    async def sheet(self, interaction: discord.Interaction) -> None:
        upload = discord.File(io.BytesIO(b"ST 12 DX 11"), filename="orc.txt", description="Orc")
        await interaction.response.send_message("the sheet", file=upload)
        again = discord.File(io.BytesIO(b"ST 13"), filename="orc-v2.txt")
        await interaction.edit_original_response(content="the new sheet", attachments=[again])

    @app_commands.command(description="Answer once the test opens the gate")
    async def gated(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        assert isinstance(client, PlainBot)
        await client.gate.wait()
        await interaction.response.send_message("through the gate")

    @app_commands.command(description="Answer, and keep the interaction for later")
    async def keep(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        assert isinstance(client, PlainBot)
        client.kept.append(interaction)
        await interaction.response.send_message("kept")

    @app_commands.command(description="Send an embed Discord refuses")
    async def too_big(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="x")
        for number in range(26):
            embed.add_field(name=str(number), value="v")
        await interaction.response.send_message(embed=embed)


class PlainBot(commands.AutoShardedBot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        # ``gated`` answers only once the test sets this; ``keep`` stores its interactions.
        self.gate = asyncio.Event()
        self.kept: list[discord.Interaction] = []

    async def setup_hook(self) -> None:
        await self.add_cog(EchoCog())
        self.add_dynamic_items(Knock)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
