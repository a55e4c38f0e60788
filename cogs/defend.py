"""Defenses: the buttons under an attack and ``/defend`` for players who prefer typing.

Only the target's owner or the encounter's GM may choose (the GM answers for
absent players). The choice, the defense roll, any damage, the target's turn
state and the pending attack's status are written in one encounter change, so
a double click cannot hurt twice and ``/encounter undo`` restores HP.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.attack import defense_choices, defense_view, render_defense
from bot.render.common import pack_messages
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttack, PendingAttackRepository
from bot.views.defense import DefenseButton, parse_choice, typed_choice
from cogs._autocomplete import combatant_autocomplete
from cogs._pending import edit_attack_message, ensure_awaiting
from cogs._shared import channel_of
from rules import exchange
from rules.defense import DefenseOptions
from rules.defense_resolution import (
    DefenseChoice,
    DefenseOutcome,
    defense_options,
    parry_for_other_options,
)
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.strike import PendingDefense


@dataclass(frozen=True)
class RetreatToggled:
    """The Retreat toggle flipped: the attack waits, with new numbers on its buttons."""

    pending: PendingDefense
    defenses: DefenseOptions


@dataclass(frozen=True)
class DefenseDone:
    """A defense rolled (or declined); ``outcome.second_defense`` when another one is due."""

    outcome: DefenseOutcome


class Defend(commands.Cog):
    """Resolves pending attacks: persistent buttons and ``/defend``."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)
        self.pending = PendingAttackRepository(bot.database)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DefenseButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DefenseButton)

    # ------------------------------------------------------------ the buttons

    async def may_press(
        self, interaction: discord.Interaction[Any], attack_id: int, choice: str
    ) -> bool:
        """Owner or GM; anyone else gets an ephemeral refusal and nothing changes."""
        row = ensure_awaiting(await self.pending.get(attack_id))
        await self._authorize(interaction, row)
        return True

    async def press(
        self, interaction: discord.Interaction[Any], attack_id: int, choice: str
    ) -> None:
        kind, index = parse_choice(choice)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        result = await self._apply(
            channel_of(interaction),
            interaction.user.id,
            attack_id,
            kind=kind,
            weapon_index=index,
            retreat=None,
            options=options,
            at=interaction.created_at,
        )
        kept = list(interaction.message.embeds) if interaction.message is not None else []
        messages = self.bot.messages
        if isinstance(result, RetreatToggled):
            view = defense_view(attack_id, result.pending, result.defenses, messages, locale)
            await interaction.response.edit_message(view=view)
            return
        outcome = result.outcome
        buttons = (
            defense_view(attack_id, outcome.second_defense, outcome.defenses, messages, locale)
            if outcome.second_defense is not None and outcome.defenses is not None
            else None
        )
        # The attack's message takes what fits of its embeds (10, 6000 characters); a burst
        # whose hits do not fit goes on in follow-ups, none of it dropped.
        first, *rest = pack_messages([*kept, *render_defense(outcome, messages, locale)])
        await interaction.response.edit_message(embeds=first, view=buttons)
        for embeds in rest:
            await interaction.followup.send(embeds=embeds)

    # ------------------------------------------------------------ the command

    @app_commands.command(
        name=_("defend", key="defend.cmd.name"),
        description=_(
            "Choose a defense against the attack waiting for your combatant",
            key="defend.cmd.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        target=_("target", key="defend.cmd.target.name"),
        defense=_("defense", key="defend.cmd.defense.name"),
        retreat=_("retreat", key="defend.cmd.retreat.name"),
        defender=_("defender", key="defend.cmd.defender.name"),
        acrobatic=_("acrobatic", key="defend.cmd.acrobatic.name"),
        master_dodge=_("master-dodge", key="defend.cmd.master_dodge.name"),
    )
    @app_commands.describe(
        target=_("The combatant who was attacked", key="defend.cmd.target.description"),
        defense=_(
            "Dodge, Parry (which weapon), Block or no defense",
            key="defend.cmd.defense.description",
        ),
        retreat=_(
            "Step back: +3, or +1 to Block and Parry with the Basic Set option (R6.9)",
            key="defend.cmd.retreat.description",
        ),
        defender=_(
            "A companion who parries for the target instead (R6.8)",
            key="defend.cmd.defender.description",
        ),
        acrobatic=_(
            "An Acrobatics roll first: +1 to Dodge, or -2 if it fails (R6.4)",
            key="defend.cmd.acrobatic.description",
        ),
        master_dodge=_(
            "A master's DX, Jumping or Acrobatics roll first to double the Dodge (R5.18)",
            key="defend.cmd.master_dodge.description",
        ),
    )
    @app_commands.autocomplete(target=combatant_autocomplete, defender=combatant_autocomplete)
    async def defend(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        target: str,
        defense: str,
        retreat: bool | None = None,
        defender: str | None = None,
        acrobatic: bool = False,
        master_dodge: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        row = await self._oldest_for(channel, target)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        choices = await self._open_choices(channel, target, defender, locale, options)
        kind, index = parse_choice(typed_choice(defense, choices))
        if defender is not None:
            await self._parry_for_other(interaction, row, defender, kind, index)
            return
        await self._authorize(interaction, row)
        if kind not in ("dodge", "parry", "block", "none"):
            raise UserFacingError(
                "defend.error.unknown_choice",
                choice=defense,
                choices=", ".join(c.name for c in choices),
            )
        result = await self._apply(
            channel,
            interaction.user.id,
            row.attack_id,
            kind=kind,
            weapon_index=index,
            retreat=retreat,
            acrobatic=acrobatic,
            master_dodge=master_dodge,
            options=options,
            at=interaction.created_at,
        )
        assert isinstance(result, DefenseDone)
        outcome = result.outcome
        embeds = render_defense(outcome, self.bot.messages, locale)
        if outcome.second_defense is not None and outcome.defenses is not None:
            view = defense_view(
                row.attack_id, outcome.second_defense, outcome.defenses, self.bot.messages, locale
            )
            await interaction.response.send_message(embeds=embeds, view=view)
        else:
            await interaction.response.send_message(embeds=embeds)
        await self._clear_buttons(row)

    @defend.autocomplete("defense")
    async def defense_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The defenses open against the oldest attack on the named target, with numbers."""
        target = getattr(interaction.namespace, "target", None)
        if interaction.channel_id is None or not target:
            return []
        context = await self.bot.context_for(interaction)
        guard_name = getattr(interaction.namespace, "defender", None)
        choices = await self._open_choices(
            interaction.channel_id,
            str(target),
            str(guard_name) if guard_name else None,
            context.locale,
            context.options,
        )
        wanted = current.casefold()
        return [c for c in choices if wanted in c.name.casefold()][:25]

    async def _open_choices(
        self,
        channel_id: int,
        target: str,
        guard_name: str | None,
        locale: str,
        options: RuleOptions,
    ) -> list[app_commands.Choice[str]]:
        """The defenses open against the oldest attack on ``target`` (a companion's parry
        when ``guard_name`` parries for him), labelled with their numbers."""
        record = await self.encounters.active(channel_id)
        if record is None:
            return []
        try:
            fighter = record.encounter.find(target)
        except Exception:
            return []
        rows = await self.pending.open_against(channel_id, fighter.combatant_id)
        if not rows:
            return []
        if guard_name:
            try:
                guard = record.encounter.find(guard_name)
            except Exception:
                return []
            found = parry_for_other_options(
                guard.combatant, guard.turn, fighter.combatant, rows[0].payload, options
            )
        else:
            found = defense_options(fighter.combatant, fighter.turn, rows[0].payload, options)
        return defense_choices(found, self.bot.messages, locale)

    async def _parry_for_other(
        self,
        interaction: discord.Interaction[GurpsBot],
        row: PendingAttack,
        defender: str,
        kind: str,
        weapon_index: int | None,
    ) -> None:
        """R6.8: a companion spends a parry on the blow; his owner or the GM decides."""
        if kind != "parry":
            raise UserFacingError("defend.error.for_other_parry")
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        async with self.encounters.change(row.channel_id, interaction.user.id, "defend") as change:
            locked = ensure_awaiting(await PendingAttackRepository.lock(change, row.attack_id))
            fight = change.encounter
            guard = fight.find(defender)
            authority.ensure_can_act_for(fight.gm_id, guard.owner_id, guard.name)
            taken = exchange.parry_for_other(
                fight,
                locked.payload,
                guard.combatant_id,
                weapon_index,
                roller=self.bot.dice,
                options=options,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail(row.attack_id)
            await PendingAttackRepository.close(change, row.attack_id, interaction.created_at)
        outcome = taken.defense
        embeds = render_defense(outcome, self.bot.messages, locale, parried_by=guard.name)
        await interaction.response.send_message(embeds=embeds)
        await self._clear_buttons(row)

    # ------------------------------------------------------------ shared steps

    async def _oldest_for(self, channel: int, target: str) -> PendingAttack:
        record = await self.encounters.require_active(channel)
        fighter = record.encounter.find(target)
        rows = await self.pending.open_against(channel, fighter.combatant_id)
        if not rows:
            raise UserFacingError("defend.error.no_pending", target=fighter.name)
        return rows[0]

    async def _authorize(self, interaction: discord.Interaction[Any], row: PendingAttack) -> None:
        authority = await EncounterAuthority.of(interaction)
        record = await self.encounters.active(row.channel_id)
        gm_id = record.encounter.gm_id if record is not None else 0
        if not authority.can_act_for(gm_id, row.owner_user_id):
            raise UserFacingError("defend.error.not_yours", target=row.payload.target_name)

    async def _apply(
        self,
        channel: int,
        actor: int,
        attack_id: int,
        *,
        kind: str,
        weapon_index: int | None,
        retreat: bool | None,
        options: RuleOptions,
        at: datetime,
        acrobatic: bool = False,
        master_dodge: bool = False,
    ) -> RetreatToggled | DefenseDone:
        """One transaction: lock the pending attack, roll, update the target, close or keep it."""
        async with self.encounters.change(channel, actor, "defend") as change:
            row = ensure_awaiting(await PendingAttackRepository.lock(change, attack_id))
            if row.channel_id != channel:
                # A button only ever sits on its attack's message, in the fight's channel:
                # an id sent from elsewhere must not reach this channel's fight, nor that one.
                raise UserFacingError("defend.error.gone")
            fighter = change.encounter.get(row.target_id)
            payload = row.payload
            if kind == "retreat":
                payload = payload.toggled_retreat()
                await PendingAttackRepository.update_payload(
                    change, attack_id, payload, logged=False
                )
                found = defense_options(fighter.combatant, fighter.turn, payload, options)
                return RetreatToggled(payload, found)
            if retreat is not None:
                payload = payload.with_retreat(retreat)
            choice = DefenseChoice(
                kind=None if kind == "none" else DefenseKind(kind),
                weapon_index=weapon_index,
                acrobatic=acrobatic,
                master_dodge=master_dodge,
            )
            taken = exchange.defend(
                change.encounter, payload, choice, roller=self.bot.dice, options=options
            )
            change.encounter = taken.encounter
            change.detail = taken.detail(attack_id)
            outcome = taken.outcome
            if outcome.second_defense is not None:
                await PendingAttackRepository.update_payload(
                    change, attack_id, outcome.second_defense
                )
            else:
                await PendingAttackRepository.close(change, attack_id, at)
        return DefenseDone(outcome)

    async def _clear_buttons(self, row: PendingAttack) -> None:
        """After ``/defend``, take the buttons off the attack message (best effort)."""
        await edit_attack_message(self.bot, row, view=None)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Defend(bot))
