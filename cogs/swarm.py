"""``/swarm``: swarms and hordes in this channel's fight (R14.1-R14.8).

``add`` brings one in from the seed's examples or the GM's numbers; ``engage`` and
``release`` say who is in its hex (and what he wears against it); ``hit`` damages it
(attacks on it hit automatically, R14.3). It attacks by itself, at the end of its turn
(``/encounter next``, R14.2). All for the encounter GM.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import EncounterAuthority
from bot.render.encounter import render_added, render_tracker
from bot.render.swarm import kind_name, render_swarm_hit, render_swarm_state
from bot.storage.encounter import EncounterRepository
from bot.tracker import has_live_tracker
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import catalog_choices, channel_of, send_embeds
from rules.damage import DamageType
from rules.encounter import Encounter
from rules.swarm import (
    HiveRelease,
    add_swarms,
    engage_swarm,
    hit_swarm,
    release_from_swarm,
)
from rules.swarm_profile import Locomotion, Protection, SwarmKind

KIND_CHOICES = catalog_choices("swarm.kind", [kind.value for kind in SwarmKind])
LOCOMOTION_CHOICES = catalog_choices("swarm.locomotion", [m.value for m in Locomotion])
PROTECTION_CHOICES = catalog_choices("swarm.protection", [p.value for p in Protection])
TYPE_CHOICES = catalog_choices("damage.type", [kind.value for kind in DamageType])


async def _answer(
    interaction: discord.Interaction[GurpsBot],
    fight: Encounter,
    embeds: list[discord.Embed],
    locale: str,
) -> None:
    """The result, and the tracker too where the fight has no live one to show it."""
    if not has_live_tracker(fight, interaction.app_permissions):
        embeds = [*embeds, *render_tracker(fight, interaction.client.messages, locale)]
    await send_embeds(interaction, embeds)


def _swarm_state(
    fight: Encounter,
    swarm_name: str,
    locale: str,
    bot: GurpsBot,
    *,
    hive: HiveRelease | None = None,
    victim: str = "",
) -> discord.Embed:
    fighter = fight.find(swarm_name)
    assert fighter.combatant.swarm is not None
    names = {c.combatant_id: c.name for c in fight.combatants}
    return render_swarm_state(
        fighter.name,
        fighter.combatant.swarm,
        names,
        bot.messages,
        locale,
        hive=hive,
        victim=victim,
    )


class SwarmCog(commands.Cog):
    """Swarms and hordes: one combatant each, however many creatures."""

    swarm = app_commands.Group(
        name=_("swarm", key="swarm.cmd.name"),
        description=_("Swarms and hordes in this fight (R14)", key="swarm.cmd.description"),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    @swarm.command(
        name=_("add", key="swarm.cmd.add.name"),
        description=_(
            "Add a swarm or a horde: the seed's examples or your numbers (GM)",
            key="swarm.cmd.add.description",
        ),
    )
    @app_commands.rename(
        kind=_("kind", key="swarm.cmd.add.kind.name"),
        name=_("name", key="swarm.cmd.add.name_option.name"),
        hexes=_("hexes", key="swarm.cmd.add.hexes.name"),
        count=_("count", key="swarm.cmd.add.count.name"),
        side=_("side", key="swarm.cmd.add.side.name"),
        damage=_("damage", key="swarm.cmd.add.damage.name"),
        dispersed_by=_("dispersed-by", key="swarm.cmd.add.dispersed_by.name"),
        move=_("move", key="swarm.cmd.add.move.name"),
        movement=_("movement", key="swarm.cmd.add.movement.name"),
        size_modifier=_("size-modifier", key="swarm.cmd.add.size_modifier.name"),
        small=_("small", key="swarm.cmd.add.small.name"),
        basic_size=_("basic-size", key="swarm.cmd.add.basic_size.name"),
        aware=_("aware", key="swarm.cmd.add.aware.name"),
    )
    @app_commands.describe(
        kind=_("One of the seed's swarms, or custom", key="swarm.cmd.add.kind.description"),
        name=_("Its name (default: the kind's)", key="swarm.cmd.add.name_option.description"),
        hexes=_(
            "1 for a swarm; a horde's hexes, at least its Basic Size (R14.5)",
            key="swarm.cmd.add.hexes.description",
        ),
        count=_("How many such swarms (1-20)", key="swarm.cmd.add.count.description"),
        side=_("Its side (default npc)", key="swarm.cmd.add.side.description"),
        damage=_(
            "Custom: damage per round, like 1d cut or 1d-1 pi+",
            key="swarm.cmd.add.damage.description",
        ),
        dispersed_by=_(
            "Custom: damage that disperses it (a horde: per hex)",
            key="swarm.cmd.add.dispersed_by.description",
        ),
        move=_("Custom: its Move", key="swarm.cmd.add.move.description"),
        movement=_(
            "Custom: on the ground (default), flying or swimming",
            key="swarm.cmd.add.movement.description",
        ),
        size_modifier=_(
            "Custom: basic SM (default 0; it counts +2)",
            key="swarm.cmd.add.size_modifier.description",
        ),
        small=_(
            "Custom: small creatures, which armor keeps off only for some rounds (R14.2)",
            key="swarm.cmd.add.small.description",
        ),
        basic_size=_(
            "Custom horde: the hexes below which it breaks into swarms (default: hexes)",
            key="swarm.cmd.add.basic_size.description",
        ),
        aware=_(
            "In a running fight: it acts at once (R2.4)", key="swarm.cmd.add.aware.description"
        ),
    )
    @app_commands.choices(kind=KIND_CHOICES, movement=LOCOMOTION_CHOICES)
    async def add(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        kind: app_commands.Choice[str],
        name: app_commands.Range[str, 1, 60] | None = None,
        hexes: app_commands.Range[int, 1, 200] = 1,
        count: app_commands.Range[int, 1, 20] = 1,
        side: app_commands.Range[str, 1, 30] | None = None,
        damage: app_commands.Range[str, 1, 40] | None = None,
        dispersed_by: app_commands.Range[int, 1, 1000] | None = None,
        move: app_commands.Range[int, 0, 100] | None = None,
        movement: app_commands.Choice[str] | None = None,
        size_modifier: app_commands.Range[int, -10, 20] = 0,
        small: bool = False,
        basic_size: app_commands.Range[int, 1, 200] | None = None,
        aware: bool = False,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale = context.locale
        chosen = SwarmKind(kind.value)
        base = (name or "").strip() or kind_name(chosen, self.bot.messages, locale)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "add"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            joined = add_swarms(
                change.encounter,
                chosen,
                base,
                count,
                hexes=hexes,
                side=side,
                aware=aware,
                roller=self.bot.dice,
                damage=damage,
                dispersed_by=dispersed_by,
                move=move,
                locomotion=Locomotion(movement.value) if movement else Locomotion.GROUND,
                size_modifier=size_modifier,
                small=small,
                basic_size=basic_size,
            )
            change.encounter = joined.encounter
            change.detail = joined.detail()
        added = joined.added
        await _answer(
            interaction,
            change.encounter,
            [render_added(change.encounter, added, self.bot.messages, locale, aware=aware)],
            locale,
        )

    @swarm.command(
        name=_("engage", key="swarm.cmd.engage.name"),
        description=_(
            "Someone is in the swarm's hex (a horde's area): it attacks him every round (GM)",
            key="swarm.cmd.engage.description",
        ),
    )
    @app_commands.rename(
        swarm_name=_("swarm", key="swarm.cmd.engage.swarm.name"),
        victim=_("victim", key="swarm.cmd.engage.victim.name"),
        protection=_("protection", key="swarm.cmd.engage.protection.name"),
    )
    @app_commands.describe(
        swarm_name=_("The swarm or horde", key="swarm.cmd.engage.swarm.description"),
        victim=_("Who is in it", key="swarm.cmd.engage.victim.description"),
        protection=_(
            "What he wears against small creatures (R14.2; default none)",
            key="swarm.cmd.engage.protection.description",
        ),
    )
    @app_commands.choices(protection=PROTECTION_CHOICES)
    @app_commands.autocomplete(swarm_name=combatant_autocomplete, victim=combatant_autocomplete)
    async def engage(
        self,
        interaction: discord.Interaction[GurpsBot],
        swarm_name: str,
        victim: str,
        protection: app_commands.Choice[str] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "swarm"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            engaged = engage_swarm(
                change.encounter,
                swarm_name,
                victim,
                Protection(protection.value) if protection else Protection.NONE,
            )
            change.encounter = engaged.encounter
            change.detail = engaged.detail()
        fight = engaged.encounter
        await _answer(
            interaction, fight, [_swarm_state(fight, engaged.swarm, locale, self.bot)], locale
        )

    @swarm.command(
        name=_("release", key="swarm.cmd.release.name"),
        description=_(
            "Someone is out of the swarm's hex: it attacks him no more (GM)",
            key="swarm.cmd.release.description",
        ),
    )
    @app_commands.rename(
        swarm_name=_("swarm", key="swarm.cmd.release.swarm.name"),
        victim=_("victim", key="swarm.cmd.release.victim.name"),
        from_hive=_("from-hive", key="swarm.cmd.release.from_hive.name"),
    )
    @app_commands.describe(
        swarm_name=_("The swarm or horde", key="swarm.cmd.release.swarm.description"),
        victim=_("Who got out", key="swarm.cmd.release.victim.description"),
        from_hive=_(
            "He ran: metres from its hive; bees follow him up to 50 m (R14.4)",
            key="swarm.cmd.release.from_hive.description",
        ),
    )
    @app_commands.autocomplete(swarm_name=combatant_autocomplete, victim=combatant_autocomplete)
    async def release(
        self,
        interaction: discord.Interaction[GurpsBot],
        swarm_name: str,
        victim: str,
        from_hive: app_commands.Range[float, 0, 100_000] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "swarm"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            released = release_from_swarm(change.encounter, swarm_name, victim, from_hive=from_hive)
            change.encounter = released.encounter
            change.detail = released.detail()
        fight = released.encounter
        embed = _swarm_state(
            fight, released.swarm, locale, self.bot, hive=released.hive, victim=released.victim
        )
        await _answer(interaction, fight, [embed], locale)

    @swarm.command(
        name=_("hit", key="swarm.cmd.hit.name"),
        description=_(
            "Damage a swarm or horde: it hits automatically (R14.3, R14.7; GM)",
            key="swarm.cmd.hit.description",
        ),
    )
    @app_commands.rename(
        swarm_name=_("swarm", key="swarm.cmd.hit.swarm.name"),
        amount=_("amount", key="swarm.cmd.hit.amount.name"),
        damage_type=_("type", key="swarm.cmd.hit.type.name"),
        area=_("area", key="swarm.cmd.hit.area.name"),
        swat=_("swat", key="swarm.cmd.hit.swat.name"),
        stomp=_("stomp", key="swarm.cmd.hit.stomp.name"),
    )
    @app_commands.describe(
        swarm_name=_("The swarm or horde", key="swarm.cmd.hit.swarm.description"),
        amount=_("A weapon's basic damage (default 0)", key="swarm.cmd.hit.amount.description"),
        damage_type=_("Its damage type (default cr)", key="swarm.cmd.hit.type.description"),
        area=_(
            "An area, cone or explosion attack: not capped as diffuse",
            key="swarm.cmd.hit.area.description",
        ),
        swat=_(
            "A shield swats flying creatures: +2 (besides a weapon)",
            key="swarm.cmd.hit.swat.description",
        ),
        stomp=_(
            "Stomping crawling insects: +1 (besides a weapon)",
            key="swarm.cmd.hit.stomp.description",
        ),
    )
    @app_commands.choices(damage_type=TYPE_CHOICES)
    @app_commands.autocomplete(swarm_name=combatant_autocomplete)
    async def hit(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        swarm_name: str,
        amount: app_commands.Range[int, 0, 1000] = 0,
        damage_type: app_commands.Choice[str] | None = None,
        area: bool = False,
        swat: bool = False,
        stomp: bool = False,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale = context.locale
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "damage"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            change.encounter, result = hit_swarm(
                change.encounter,
                swarm_name,
                amount=amount,
                damage_type=DamageType(damage_type.value) if damage_type else DamageType.CR,
                area=area,
                swat=swat,
                stomp=stomp,
                roller=self.bot.dice,
                options=context.options,
            )
            change.detail = result.detail()
        await _answer(
            interaction,
            change.encounter,
            [render_swarm_hit(result, self.bot.messages, locale)],
            locale,
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(SwarmCog(bot))
