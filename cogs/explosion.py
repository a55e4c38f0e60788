"""``/explosion``: set off a blast among this channel's fighters, and throw at a spot.

``blast`` (encounter GM) places each target at the distance the GM gives. While anyone in
its reach may still Dive for Cover (R15.3) the blast waits on the encounter, with a button
for each of them (their owner or the GM presses it) and the GM's Detonate; ``dive:false``,
or nobody able to dive, sets it off at once. The detonation is one undoable change: every
target's damage through the injury pipeline, with its dice, DR and injury in the reply.
``detonate`` is the Detonate button typed. ``throw`` rolls an explosive thrown at a spot
(+4, R15.14) and where a miss lands (R15.15).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.common import pack_messages
from bot.render.explosion import plan_view, render_blast, render_plan, render_throw
from bot.storage.encounter import EncounterRepository
from bot.views.explosion import DETONATE, BlastButton
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import catalog_choices, channel_of, send_embeds
from rules.blast import (
    BlastResult,
    detonate_pending,
    detonate_plan,
    dive_for_cover,
    divers,
    parse_targets,
    plan_explosion,
    set_pending,
)
from rules.encounter import Encounter
from rules.explosion import MAX_COVER_DR, BlastCover, ExplosionPlan, Medium, throw_at_area

MEDIUM_CHOICES = catalog_choices("explosion.medium", [medium.value for medium in Medium])
COVER_CHOICES = catalog_choices("explosion.cover", [cover.value for cover in BlastCover])
Text = app_commands.Range[str, 1, 200]


def _names(encounter: Encounter) -> dict[str, str]:
    return {c.combatant_id: c.name for c in encounter.combatants}


def _names_in(text: str | None) -> list[str]:
    """``"Bob, Orc 1"``: the names separated by commas."""
    return [name.strip() for name in (text or "").split(",") if name.strip()]


class Explosion(commands.Cog):
    """Explosions among a fight's combatants (section 15)."""

    explosion = app_commands.Group(
        name=_("explosion", key="explosion.cmd.name"),
        description=_(
            "Explosions and fragments among this fight's combatants (R15)",
            key="explosion.cmd.description",
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BlastButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BlastButton)

    # ------------------------------------------------------------ the commands

    @explosion.command(
        name=_("blast", key="explosion.cmd.blast.name"),
        description=_(
            "Set off an explosion among this fight's combatants (GM)",
            key="explosion.cmd.blast.description",
        ),
    )
    @app_commands.rename(
        damage=_("damage", key="explosion.cmd.blast.damage.name"),
        targets=_("targets", key="explosion.cmd.blast.targets.name"),
        direct=_("direct", key="explosion.cmd.blast.direct.name"),
        internal=_("internal", key="explosion.cmd.blast.internal.name"),
        smothered_by=_("smothered-by", key="explosion.cmd.blast.smothered_by.name"),
        medium=_("medium", key="explosion.cmd.blast.medium.name"),
        airburst=_("airburst", key="explosion.cmd.blast.airburst.name"),
        incidental=_("incidental", key="explosion.cmd.blast.incidental.name"),
        hot=_("hot", key="explosion.cmd.blast.hot.name"),
        shelter=_("shelter", key="explosion.cmd.blast.shelter.name"),
        dive=_("dive", key="explosion.cmd.blast.dive.name"),
        behind_cover=_("behind-cover", key="explosion.cmd.blast.behind_cover.name"),
        cover=_("cover", key="explosion.cmd.blast.cover.name"),
        cover_dr=_("cover-dr", key="explosion.cmd.blast.cover_dr.name"),
    )
    @app_commands.describe(
        damage=_(
            "The explosive's damage, with fragments in brackets: 3d cr ex [2d]",
            key="explosion.cmd.blast.damage.description",
        ),
        targets=_(
            "Who is around and how far, in metres: Alice 1m, Orc 1 3m, Bob 8m",
            key="explosion.cmd.blast.targets.description",
        ),
        direct=_(
            "The one the attack hit directly: the full damage and a fragment",
            key="explosion.cmd.blast.direct.description",
        ),
        internal=_(
            "It went off inside the direct target: no DR, x3 (R15.7)",
            key="explosion.cmd.blast.internal.description",
        ),
        smothered_by=_(
            "Who threw himself on it: its maximum damage; cover for the rest (R15.6)",
            key="explosion.cmd.blast.smothered_by.description",
        ),
        medium=_(
            "Air (default), under water or in vacuum (R15.4, R15.5)",
            key="explosion.cmd.blast.medium.description",
        ),
        airburst=_(
            "A burst overhead: posture does not help against fragments (R15.11)",
            key="explosion.cmd.blast.airburst.description",
        ),
        incidental=_(
            "Fragments from the ground when it has none: 1d-4 (dirt) to 1d (scrap) (R15.12)",
            key="explosion.cmd.blast.incidental.description",
        ),
        hot=_(
            "Hot fragments: 1d(0.2) burning every 10 s for a minute (R15.13)",
            key="explosion.cmd.blast.hot.description",
        ),
        shelter=_(
            "Safe shelter is in reach: a good Dive for Cover avoids it all (R15.3)",
            key="explosion.cmd.blast.shelter.description",
        ),
        dive=_(
            "Wait for the Dives for Cover before it goes off (default true)",
            key="explosion.cmd.blast.dive.description",
        ),
        behind_cover=_(
            "Who among the targets is behind cover, separated by commas (R15.8)",
            key="explosion.cmd.blast.behind_cover.description",
        ),
        cover=_(
            "What their cover hides (default: all of them); a roof only against airbursts",
            key="explosion.cmd.blast.cover.description",
        ),
        cover_dr=_(
            "The cover's DR: fragments striking it meet it first (R15.8)",
            key="explosion.cmd.blast.cover_dr.description",
        ),
    )
    @app_commands.choices(medium=MEDIUM_CHOICES, cover=COVER_CHOICES)
    @app_commands.autocomplete(direct=combatant_autocomplete, smothered_by=combatant_autocomplete)
    async def blast(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        damage: Text,
        targets: app_commands.Range[str, 1, 1000] | None = None,
        direct: str | None = None,
        internal: bool = False,
        smothered_by: str | None = None,
        medium: app_commands.Choice[str] | None = None,
        airburst: bool = False,
        incidental: app_commands.Range[str, 1, 20] | None = None,
        hot: bool = False,
        shelter: bool = False,
        dive: bool = True,
        behind_cover: app_commands.Range[str, 1, 1000] | None = None,
        cover: app_commands.Choice[str] | None = None,
        cover_dr: app_commands.Range[int, 1, MAX_COVER_DR] | None = None,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        placed = parse_targets(targets or "")
        result: BlastResult | None = None
        waiting: ExplosionPlan | None = None
        async with self.encounters.change(channel, interaction.user.id, "explosion") as change:
            authority.ensure_gm(change.encounter.gm_id)
            plan = plan_explosion(
                change.encounter,
                interaction.id,
                damage,
                placed,
                direct=direct,
                internal=internal,
                smothered_by=smothered_by,
                medium=Medium(medium.value) if medium else Medium.AIR,
                airburst=airburst,
                incidental=incidental,
                hot=hot,
                shelter=shelter,
                covered=_names_in(behind_cover),
                cover=BlastCover(cover.value) if cover else None,
                cover_dr=cover_dr or 0,
            )
            if dive and divers(change.encounter, plan):
                change.kind = "explosion_set"
                change.encounter = set_pending(change.encounter, plan)
                change.detail = plan.detail()
                waiting = plan
            else:
                change.encounter, result = detonate_plan(
                    change.encounter, plan, self.bot.dice, options
                )
                change.detail = result.detail()
        fight = change.encounter
        messages = self.bot.messages
        if waiting is not None:
            await self._announce(interaction, waiting, fight, locale)
            return
        assert result is not None
        await send_embeds(
            interaction,
            render_blast(result, _names(fight), messages, locale, shelter=shelter),
        )

    @explosion.command(
        name=_("detonate", key="explosion.cmd.detonate.name"),
        description=_(
            "Set off the explosion waiting for the Dives for Cover (GM)",
            key="explosion.cmd.detonate.description",
        ),
    )
    async def detonate(self, interaction: discord.Interaction[GurpsBot]) -> None:
        authority = await EncounterAuthority.of(interaction)
        result, fight, shelter = await self._detonate(interaction, authority, None)
        context = await self.bot.context_for(interaction)
        await send_embeds(
            interaction,
            render_blast(result, _names(fight), self.bot.messages, context.locale, shelter=shelter),
        )

    @explosion.command(
        name=_("throw", key="explosion.cmd.throw.name"),
        description=_(
            "Throw an explosive at a spot: +4, and where a miss lands (R15.14, R15.15)",
            key="explosion.cmd.throw.description",
        ),
    )
    @app_commands.rename(
        skill=_("skill", key="explosion.cmd.throw.skill.name"),
        distance=_("distance", key="explosion.cmd.throw.distance.name"),
        modifier=_("modifier", key="explosion.cmd.throw.modifier.name"),
        special=_("special", key="explosion.cmd.throw.special.name"),
        label=_("label", key="explosion.cmd.throw.label.name"),
    )
    @app_commands.describe(
        skill=_("The thrower's skill", key="explosion.cmd.throw.skill.description"),
        distance=_(
            "Distance to the spot in metres", key="explosion.cmd.throw.distance.description"
        ),
        modifier=_(
            "Every other modifier (range, aim …)", key="explosion.cmd.throw.modifier.description"
        ),
        special=_(
            "Flying or submerged target, or Artillery/Dropping unseen: a miss by N lands N² m off",
            key="explosion.cmd.throw.special.description",
        ),
        label=_("What is thrown; shown as the title", key="explosion.cmd.throw.label.description"),
    )
    async def throw(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        skill: app_commands.Range[int, 0, 40],
        distance: app_commands.Range[int, 1, 10_000],
        modifier: app_commands.Range[int, -30, 30] = 0,
        special: bool = False,
        label: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        thrown = throw_at_area(
            skill, distance, self.bot.dice, context.options, modifier, special=special
        )
        await interaction.response.send_message(
            embed=render_throw(thrown, self.bot.messages, context.locale, label=label)
        )

    # ------------------------------------------------------------ the buttons

    async def may_press(
        self, interaction: discord.Interaction[Any], plan_id: int, action: str
    ) -> bool:
        """Dive for Cover: the diver's owner or the GM; Detonate: the GM."""
        record = await self.encounters.require_active(channel_of(interaction))
        fight = record.encounter
        plan = fight.pending_explosion
        if plan is None or plan.plan_id != plan_id:
            raise UserFacingError("explosion.error.not_waiting")
        authority = await EncounterAuthority.of(interaction)
        if action == DETONATE:
            authority.ensure_gm(fight.gm_id)
        else:
            diver = fight.get(action.removeprefix("dive-"))
            authority.ensure_can_act_for(fight.gm_id, diver.owner_id, diver.name)
        return True

    async def press(self, interaction: discord.Interaction[Any], plan_id: int, action: str) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        messages = self.bot.messages
        if action == DETONATE:
            result, fight, shelter = await self._detonate(interaction, authority, plan_id)
            kept = list(interaction.message.embeds[:1]) if interaction.message else []
            await interaction.response.edit_message(embeds=kept, view=None)
            embeds = render_blast(result, _names(fight), messages, locale, shelter=shelter)
            for batch in pack_messages(embeds):
                await interaction.followup.send(embeds=batch)
            return
        combatant_id = action.removeprefix("dive-")
        channel = channel_of(interaction)
        async with self.encounters.change(channel, interaction.user.id, "dive") as change:
            fight = change.encounter
            diver = fight.get(combatant_id)
            authority.ensure_can_act_for(fight.gm_id, diver.owner_id, diver.name)
            change.encounter, record = dive_for_cover(
                fight, combatant_id, self.bot.dice, options, plan_id=plan_id
            )
            change.detail = record.detail(diver.name)
        fight = change.encounter
        plan = fight.pending_explosion
        assert plan is not None
        await interaction.response.edit_message(
            embed=render_plan(plan, fight, messages, locale),
            view=plan_view(plan, divers(fight, plan), fight, messages, locale),
        )

    # ------------------------------------------------------------ shared

    async def _announce(
        self,
        interaction: discord.Interaction[GurpsBot],
        plan: ExplosionPlan,
        fight: Encounter,
        locale: str,
    ) -> None:
        """The waiting blast, its buttons, and a ping for the players who may dive."""
        messages = self.bot.messages
        owners = sorted(
            {
                owner
                for target in divers(fight, plan)
                if (owner := fight.get(target.combatant_id).owner_id) is not None
            }
        )
        extra: dict[str, Any] = {}
        if owners:
            extra["content"] = messages.text(
                "explosion.plan.ping", locale, players=" ".join(f"<@{o}>" for o in owners)
            )
            extra["allowed_mentions"] = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=o) for o in owners]
            )
        await interaction.response.send_message(
            embed=render_plan(plan, fight, messages, locale),
            view=plan_view(plan, divers(fight, plan), fight, messages, locale),
            **extra,
        )

    async def _detonate(
        self,
        interaction: discord.Interaction[Any],
        authority: EncounterAuthority,
        plan_id: int | None,
    ) -> tuple[BlastResult, Encounter, bool]:
        context = await self.bot.context_for(interaction)
        channel = channel_of(interaction)
        async with self.encounters.change(channel, interaction.user.id, "explosion") as change:
            authority.ensure_gm(change.encounter.gm_id)
            pending = change.encounter.pending_explosion
            shelter = pending is not None and pending.shelter
            change.encounter, result = detonate_pending(
                change.encounter, self.bot.dice, context.options, plan_id=plan_id
            )
            change.detail = result.detail()
        return result, change.encounter, shelter


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Explosion(bot))
