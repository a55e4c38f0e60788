"""``/encounter``: start, track, advance, surprise, undo and end a fight in this channel.

``start`` answers with the fight's live tracker (:mod:`bot.tracker`) and pins it
when the bot may; the tracker then follows every change, so ``next``, ``undo``
and ``reorder`` answer only with what happened. Where the bot cannot keep a
tracker (no View Channel or Embed Links) they show the whole tracker as well.

Undo and end also settle the attacks still waiting for a defense: an undone
defense makes its attack wait again (fresh buttons), an undone attack and every
attack open when the fight ends are cancelled in the same transaction.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import CharacterAuthority, EncounterAuthority
from bot.render.character import render_character
from bot.render.common import add_field
from bot.render.encounter import (
    render_ended,
    render_history,
    render_partial_surprise,
    render_started,
    render_total_surprise,
    render_tracker,
    render_turn,
    render_undone,
)
from bot.render.environment import render_hazard_ticks
from bot.render.explosion import render_hot_fragment_ticks
from bot.render.fatigue import combat_fatigue_view, with_combat_fatigue
from bot.render.swarm import render_swarm_attack
from bot.render.tracker import render_reordered
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import CancelReason, PendingAttackRepository
from bot.tracker import can_pin, has_live_tracker, keeps_tracker
from bot.views.gear import KeepGearButton, keep_gear_view
from cogs._autocomplete import combatant_autocomplete, side_autocomplete
from cogs._pending import refresh_attack_messages
from cogs._shared import channel_of, guild_of, send_embeds
from rules import turn_edge
from rules.character import gear_differs, with_gear_of
from rules.encounter import (
    Encounter,
    EncounterCombatant,
    TrackerMessage,
    apply_partial_surprise,
    apply_total_surprise,
    crippling_after_combat,
    offer_combat_fatigue,
    reorder_turns,
    side_profile,
)
from rules.errors import RuleError
from rules.initiative import InitiativeMode
from rules.turn import TurnSequence

INITIATIVE_CHOICES = [
    app_commands.Choice(
        name=_(mode.value, key=f"encounter.cmd.mode.{mode.value}"), value=mode.value
    )
    for mode in InitiativeMode
]
SURPRISE_CHOICES = [
    app_commands.Choice(name=_("total", key="encounter.cmd.surprise.kind.total"), value="total"),
    app_commands.Choice(
        name=_("partial", key="encounter.cmd.surprise.kind.partial"), value="partial"
    ),
]


def _names(encounter: Encounter) -> dict[str, str]:
    return {c.combatant_id: c.name for c in encounter.combatants}


class EncounterCog(commands.Cog):
    """One running encounter per channel or thread; its GM drives it."""

    encounter = app_commands.Group(
        name=_("encounter", key="encounter.cmd.name"),
        description=_("Run a fight in this channel", key="encounter.cmd.description"),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(KeepGearButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(KeepGearButton)

    @encounter.command(
        name=_("start", key="encounter.cmd.start.name"),
        description=_("Start a fight in this channel", key="encounter.cmd.start.description"),
    )
    @app_commands.rename(
        initiative=_("initiative", key="encounter.cmd.start.initiative.name"),
        name=_("name", key="encounter.cmd.start.name_option.name"),
        hide_npc=_("hide-npc", key="encounter.cmd.start.hide_npc.name"),
    )
    @app_commands.describe(
        initiative=_(
            "How the turn order is decided (default: Basic Speed, R4.3)",
            key="encounter.cmd.start.initiative.description",
        ),
        name=_("A name for the fight", key="encounter.cmd.start.name_option.description"),
        hide_npc=_(
            "Show players a state word instead of NPC numbers",
            key="encounter.cmd.start.hide_npc.description",
        ),
    )
    @app_commands.choices(initiative=INITIATIVE_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction[GurpsBot],
        initiative: app_commands.Choice[str] | None = None,
        name: app_commands.Range[str, 1, 100] | None = None,
        hide_npc: bool = False,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        mode = InitiativeMode(initiative.value) if initiative else InitiativeMode.STANDARD_4E
        fight = Encounter(
            name=(name or "").strip() or self.bot.messages.text("encounter.default_name", locale),
            gm_id=interaction.user.id,
            hide_npc_stats=hide_npc,
            sequence=TurnSequence(mode=mode),
        )
        channel = channel_of(interaction)
        record = await self.encounters.start(
            guild_id=interaction.guild_id,
            channel_id=channel,
            actor_id=interaction.user.id,
            encounter=fight,
            at=interaction.created_at,
        )
        sent = await interaction.response.send_message(
            embeds=[
                render_started(record.encounter, self.bot.messages, locale),
                *render_tracker(record.encounter, self.bot.messages, locale),
            ]
        )
        await self._keep_tracker(interaction, record.id, locale, sent)

    async def _keep_tracker(
        self,
        interaction: discord.Interaction[GurpsBot],
        encounter_id: int,
        locale: str,
        sent: discord.InteractionCallbackResponse[GurpsBot] | None,
    ) -> None:
        """Make the start's answer the fight's live tracker, pinned when the bot may; tell
        the GM privately what a missing permission costs."""
        permissions = interaction.app_permissions
        if not keeps_tracker(permissions):
            await interaction.followup.send(
                self.bot.messages.text("tracker.note.not_kept", locale), ephemeral=True
            )
            return
        # ``None`` when the answer completed a deferral (bot.deadline): ask for the message.
        message_id = (
            sent.message_id if sent is not None else (await interaction.original_response()).id
        )
        if message_id is None:
            return
        channel = self.bot.get_partial_messageable(channel_of(interaction))
        pinned = can_pin(permissions) and await self.bot.trackers.pin(
            channel.get_partial_message(message_id)
        )
        await self.encounters.set_tracker(
            channel.id,
            TrackerMessage(message_id=message_id, locale=locale, pinned=pinned),
            encounter_id=encounter_id,
        )
        if not pinned:
            await interaction.followup.send(
                self.bot.messages.text("tracker.note.not_pinned", locale), ephemeral=True
            )

    @encounter.command(
        name=_("status", key="encounter.cmd.status.name"),
        description=_(
            "Show the turn order, round and every combatant's condition",
            key="encounter.cmd.status.description",
        ),
    )
    @app_commands.rename(private=_("private", key="encounter.cmd.status.private.name"))
    @app_commands.describe(
        private=_(
            "Only you see the answer (the GM then sees hidden numbers)",
            key="encounter.cmd.status.private.description",
        )
    )
    async def status(
        self, interaction: discord.Interaction[GurpsBot], private: bool = False
    ) -> None:
        record = await self.encounters.require_active(channel_of(interaction))
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        gm_view = private and authority.is_gm(record.encounter.gm_id)
        embeds = render_tracker(record.encounter, self.bot.messages, locale, gm_view=gm_view)
        await send_embeds(interaction, embeds, ephemeral=private)

    @encounter.command(
        name=_("next", key="encounter.cmd.next.name"),
        description=_("End this turn and start the next one", key="encounter.cmd.next.description"),
    )
    async def next_turn(self, interaction: discord.Interaction[GurpsBot]) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "next"
        ) as change:
            current = change.encounter.current
            owner = current.owner_id if current is not None else None
            if not authority.can_act_for(change.encounter.gm_id, owner):
                raise UserFacingError("encounter.error.not_your_turn")
            # R14.2, R14.5, R4.1-R4.5, R9.2, R10.5-R10.7, R15.13: one rules call for the turn
            # edge.
            edge = turn_edge.next_turn(change.encounter, self.bot.dice, options)
            change.encounter = edge.encounter
            change.detail = edge.detail()
        fight = change.encounter
        swarmed, result, ticks, hot = edge.swarm, edge.advance, edge.ticks, edge.hot_fragments
        embeds = [
            *(
                [render_swarm_attack(swarmed, _names(fight), self.bot.messages, locale)]
                if swarmed is not None
                else []
            ),
            *render_turn(fight, result, self.bot.messages, locale),
            *render_hazard_ticks(ticks, self.bot.messages, locale, now=fight.sequence.round),
            *render_hot_fragment_ticks(hot, self.bot.messages, locale),
        ]
        if not has_live_tracker(fight, interaction.app_permissions):
            embeds.extend(render_tracker(fight, self.bot.messages, locale))
        now = fight.current
        if now is not None and now.owner_id is not None:
            await send_embeds(
                interaction,
                embeds,
                content=f"<@{now.owner_id}>",
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(id=now.owner_id)]
                ),
            )
        else:
            await send_embeds(interaction, embeds)

    @encounter.command(
        name=_("end", key="encounter.cmd.end.name"),
        description=_("End the fight and show a summary", key="encounter.cmd.end.description"),
    )
    @app_commands.rename(
        hot=_("hot", key="fatigue.cmd.end.hot.name"),
        plate=_("plate", key="fatigue.cmd.end.plate.name"),
    )
    @app_commands.describe(
        hot=_(
            "Hot weather: the fight costs 1 FP more (R8.4)",
            key="fatigue.cmd.end.hot.description",
        ),
        plate=_(
            "Who wore plate or an overcoat, names separated by commas: 2 FP more (R8.4)",
            key="fatigue.cmd.end.plate.description",
        ),
    )
    async def end(
        self,
        interaction: discord.Interaction[GurpsBot],
        hot: bool = False,
        plate: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        channel = channel_of(interaction)
        wearing = [name.strip() for name in (plate or "").split(",") if name.strip()]
        async with self.encounters.change(channel, interaction.user.id, "end") as change:
            authority.ensure_gm(change.encounter.gm_id)
            # R8.4: the fight's FP cost, offered to the GM under the summary.
            change.encounter = offer_combat_fatigue(change.encounter, hot=hot, plate=wearing)
            crippled = crippling_after_combat(change.encounter, self.bot.dice, context.options)
            change.end(interaction.created_at)
            cancelled = await PendingAttackRepository.cancel_open(
                change, channel, interaction.created_at, CancelReason.ENDED
            )
        fight = change.encounter
        embed = render_ended(fight, self.bot.messages, context.locale, crippled)
        view: discord.ui.View | None = None
        paid = [c.name for c in fight.combatants if c.turn.combat_fatigue_paid]
        if fight.combat_fatigue or paid:
            [embed] = with_combat_fatigue(
                [embed], fight.combat_fatigue, None, self.bot.messages, context.locale, paid=paid
            )
        if fight.combat_fatigue:
            view = combat_fatigue_view(
                change.record.id, applied=False, messages=self.bot.messages, locale=context.locale
            )
        changed = await self._changed_gear(interaction, fight)
        gear_view = keep_gear_view(
            change.record.id,
            [
                (
                    fighter.combatant_id,
                    self.bot.messages.text(
                        "gear.keep.button", context.locale, fighter=fighter.name, sheet=sheet
                    ),
                )
                for fighter, sheet in changed
            ],
        )
        if gear_view is not None:
            add_field(
                embed,
                self.bot.messages.text("gear.keep.title", context.locale),
                self.bot.messages.text(
                    "gear.keep.offer",
                    context.locale,
                    names=", ".join(fighter.name for fighter, _ in changed),
                ),
                inline=False,
            )
            if view is None:
                view = gear_view
            else:
                for item in gear_view.children[: 25 - len(view.children)]:
                    view.add_item(item)
        if view is None:
            await interaction.response.send_message(embed=embed)
        else:
            await interaction.response.send_message(embed=embed, view=view)
        await refresh_attack_messages(self.bot, cancelled, None, context.options, context.locale)

    async def _changed_gear(
        self, interaction: discord.Interaction[GurpsBot], encounter: Encounter
    ) -> list[tuple[EncounterCombatant, str]]:
        """The fighters from saved characters whose gear, traits or skills the fight changed,
        with their saved sheet's name."""
        if interaction.guild_id is None:
            return []
        characters = CharacterRepository(self.bot.database)
        changed = []
        for combatant_id, character_id in encounter.characters.items():
            try:
                fighter = encounter.get(combatant_id)
            except RuleError:
                continue  # taken out of the fight
            saved = await characters.get_id(interaction.guild_id, character_id)
            if saved is not None and gear_differs(saved.sheet, fighter.combatant):
                changed.append((fighter, saved.name))
        return changed

    async def may_press(
        self, interaction: discord.Interaction[GurpsBot], encounter_id: int, combatant_id: str
    ) -> bool:
        """The keep-gear button: who may press it is checked by :meth:`press` itself, in the
        same edit of the saved sheet."""
        return True

    async def press(
        self, interaction: discord.Interaction[GurpsBot], encounter_id: int, combatant_id: str
    ) -> None:
        """A button under ``/encounter end``: the fighter's gear goes to his saved sheet. Its
        owner, a server GM or the encounter's GM may press it."""
        record = await self.encounters.get(encounter_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise UserFacingError("gear.keep.gone")
        character_id = record.encounter.characters.get(combatant_id)
        if character_id is None:
            raise UserFacingError("gear.keep.gone")
        fighter = record.encounter.get(combatant_id)
        fights = await EncounterAuthority.of(interaction)
        sheets = await CharacterAuthority.of(interaction)
        async with CharacterRepository(self.bot.database).edit_id(
            guild_of(interaction), character_id
        ) as change:
            if not fights.is_gm(record.encounter.gm_id):
                sheets.ensure_can_edit(change.record.owner_id, change.record.name)
            if not gear_differs(change.sheet, fighter.combatant):
                raise UserFacingError("gear.keep.same", name=change.record.name)
            change.sheet = with_gear_of(change.sheet, fighter.combatant)
        assert change.saved is not None
        context = await self.bot.context_for(interaction)
        locale = context.locale
        headline = self.bot.messages.text(
            "gear.keep.done", locale, name=change.saved.name, fighter=fighter.name
        )
        await interaction.response.send_message(
            embed=render_character(
                change.saved,
                self.bot.messages,
                locale,
                headline=headline,
                options=context.options,
            )
        )

    @encounter.command(
        name=_("undo", key="encounter.cmd.undo.name"),
        description=_(
            "Undo the last change to this fight (repeatable)", key="encounter.cmd.undo.description"
        ),
    )
    async def undo(self, interaction: discord.Interaction[GurpsBot]) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        record = await self.encounters.require_active(channel)
        authority.ensure_gm(record.encounter.gm_id)
        context = await self.bot.context_for(interaction)
        locale = context.locale
        result = await self.encounters.undo(channel, interaction.user.id)
        fight = result.record.encounter
        embeds = [render_undone(result, self.bot.messages, locale)]
        if not has_live_tracker(fight, interaction.app_permissions):
            embeds.extend(render_tracker(fight, self.bot.messages, locale))
        await send_embeds(interaction, embeds)
        # The blows still waiting on a fighter the undo restored are refreshed by
        # bot.attack_messages; the attacks it put back or cancelled are shown here.
        await refresh_attack_messages(
            self.bot, result.pending_attacks, result.record.encounter, context.options, locale
        )

    @encounter.command(
        name=_("surprise", key="encounter.cmd.surprise.name"),
        description=_(
            "Total or partial surprise at the start of the fight (R2.1-R2.3)",
            key="encounter.cmd.surprise.description",
        ),
    )
    @app_commands.rename(
        kind=_("kind", key="encounter.cmd.surprise.kind.name"),
        side=_("side", key="encounter.cmd.surprise.side.name"),
        other_side=_("other-side", key="encounter.cmd.surprise.other_side.name"),
        leader=_("leader", key="encounter.cmd.surprise.leader.name"),
        other_leader=_("other-leader", key="encounter.cmd.surprise.other_leader.name"),
        tactics=_("tactics", key="encounter.cmd.surprise.tactics.name"),
        other_tactics=_("other-tactics", key="encounter.cmd.surprise.other_tactics.name"),
    )
    @app_commands.describe(
        kind=_("Total or partial surprise", key="encounter.cmd.surprise.kind.description"),
        side=_(
            "The surprised side (total) or the first side (partial)",
            key="encounter.cmd.surprise.side.description",
        ),
        other_side=_(
            "The other side (partial surprise)", key="encounter.cmd.surprise.other_side.description"
        ),
        leader=_("The first side's leader", key="encounter.cmd.surprise.leader.description"),
        other_leader=_(
            "The other side's leader", key="encounter.cmd.surprise.other_leader.description"
        ),
        tactics=_(
            "The first leader's best tactical skill",
            key="encounter.cmd.surprise.tactics.description",
        ),
        other_tactics=_(
            "The other leader's best tactical skill",
            key="encounter.cmd.surprise.other_tactics.description",
        ),
    )
    @app_commands.choices(kind=SURPRISE_CHOICES)
    @app_commands.autocomplete(
        side=side_autocomplete,
        other_side=side_autocomplete,
        leader=combatant_autocomplete,
        other_leader=combatant_autocomplete,
    )
    async def surprise(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        kind: app_commands.Choice[str],
        side: str,
        other_side: str | None = None,
        leader: str | None = None,
        other_leader: str | None = None,
        tactics: app_commands.Range[int, 0, 40] = 0,
        other_tactics: app_commands.Range[int, 0, 40] = 0,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "surprise"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            if kind.value == "total":
                change.encounter, total = apply_total_surprise(
                    change.encounter, side, self.bot.dice
                )
                change.detail = total.model_dump(mode="json")
                embed = render_total_surprise(total, self.bot.messages, locale)
            else:
                if other_side is None:
                    raise UserFacingError("encounter.error.other_side_needed")
                first = side_profile(change.encounter, side, leader=leader, tactical_skill=tactics)
                second = side_profile(
                    change.encounter, other_side, leader=other_leader, tactical_skill=other_tactics
                )
                change.encounter, partial = apply_partial_surprise(
                    change.encounter, first, second, self.bot.dice
                )
                change.detail = partial.model_dump(mode="json")
                embed = render_partial_surprise(partial, self.bot.messages, locale)
        await interaction.response.send_message(embed=embed)

    @encounter.command(
        name=_("history", key="encounter.cmd.history.name"),
        description=_(
            "This channel's fights, ended ones included", key="encounter.cmd.history.description"
        ),
    )
    async def history(self, interaction: discord.Interaction[GurpsBot]) -> None:
        records = await self.encounters.history(channel_of(interaction))
        locale = await self.bot.locale_for(interaction)
        await interaction.response.send_message(
            embed=render_history(records, self.bot.messages, locale), ephemeral=True
        )

    @encounter.command(
        name=_("reorder", key="encounter.cmd.reorder.name"),
        description=_(
            "Set the turn order by hand (names separated by commas)",
            key="encounter.cmd.reorder.description",
        ),
    )
    @app_commands.rename(order=_("order", key="encounter.cmd.reorder.order.name"))
    @app_commands.describe(
        order=_(
            "Every combatant in the order, separated by commas",
            key="encounter.cmd.reorder.order.description",
        )
    )
    async def reorder(self, interaction: discord.Interaction[GurpsBot], order: str) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        names = [part.strip() for part in order.split(",") if part.strip()]
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "reorder"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            change.encounter = reorder_turns(change.encounter, names)
        fight = change.encounter
        if not has_live_tracker(fight, interaction.app_permissions):
            await send_embeds(interaction, render_tracker(fight, self.bot.messages, locale))
            return
        await interaction.response.send_message(
            embed=render_reordered(fight, self.bot.messages, locale)
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(EncounterCog(bot))
