"""Charging FP to a fighter of the channel's fight, or to the numbers a GM gives: what
``/fatigue``, ``/environment`` and ``/breath`` share (R8.1-R8.3 through
:func:`rules.fatigue.lose_fp`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import discord

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.common import ResultKind, line_embeds
from bot.render.fatigue import render_fatigue_change
from bot.storage.encounter import EncounterRepository
from cogs._shared import channel_of, send_embeds
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.fatigue import FatigueChange, Want, lose_fp
from rules.strain import FatigueApplied, change_fp


class _Change(Protocol):
    """A rules call's result: the new fight and what the log keeps."""

    @property
    def encounter(self) -> Encounter: ...

    def detail(self) -> dict[str, object]: ...


Applied = TypeVar("Applied", bound=_Change)


class FatigueApplier:
    """FP changes for one cog: ``kind`` names its changes in the event log."""

    def __init__(self, bot: GurpsBot, kind: str) -> None:
        self.bot = bot
        self.kind = kind
        self.encounters = EncounterRepository(bot.database)

    def title(self, locale: str, key: str, combatant: str | None) -> str:
        return self.bot.messages.text(key, locale, name=combatant or self.someone(locale))

    def someone(self, locale: str) -> str:
        return self.bot.messages.text("fatigue.someone", locale)

    def standalone(
        self, locale: str, fp: int | None, max_fp: int | None, hp: int | None = None
    ) -> Combatant:
        """A sheet from the numbers the GM gave, when no combatant is named."""
        if max_fp is None:
            raise UserFacingError("fatigue.error.combatant_or_numbers")
        current = max_fp if fp is None else fp
        if current > max_fp:
            raise UserFacingError("fatigue.error.fp_above_max", fp=current, max=max_fp)
        hp_value = 10 if hp is None else hp
        return Combatant.create(
            name=self.someone(locale),
            attributes={"fp": max_fp, "hp": max(1, hp_value)},
            state={"fp": current, "hp": hp_value},
        )

    async def apply_loss(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        fp_lost: int,
        *,
        lines: list[str],
        title: str,
        detail: dict[str, Any],
        hp_lost: int = 0,
        gm_only: bool = True,
        recover: bool = False,
        want: Want | None = None,
        remedied: tuple[Want, ...] = (),
        state: dict[str, object] | None = None,
        turn: dict[str, object] | None = None,
    ) -> None:
        """Apply an FP change to ``combatant`` of the running fight as one change and show
        ``lines`` (the rule's working) above the FP and HP it moved; ``state`` is what else
        the same cause changes on him (deep water after a failed R9.4 roll), ``turn`` what it
        changes on his turn state (R8.4's cost paid)."""
        context = await self.bot.context_for(interaction)
        applied = await self.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: change_fp(
                fight,
                fighter_id,
                fp_lost,
                hp_lost=hp_lost,
                recover=recover,
                roller=self.bot.dice,
                options=context.options,
                noted=detail,
                want=want,
                remedied=remedied,
                state=state,
                turn=turn,
            ),
            gm_only=gm_only,
        )
        await self.show(interaction, context.locale, title, lines, applied)

    async def apply(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        call: Callable[[Encounter, str], Applied],
        *,
        gm_only: bool = True,
    ) -> Applied:
        """``call`` (one rules call) on the fighter called ``combatant`` as one change: the
        encounter GM's, or also his owner's unless ``gm_only``."""
        authority = await EncounterAuthority.of(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, self.kind
        ) as change:
            fighter = change.encounter.find(combatant)
            if gm_only:
                authority.ensure_gm(change.encounter.gm_id)
            else:
                authority.ensure_can_act_for(change.encounter.gm_id, fighter.owner_id, fighter.name)
            applied = call(change.encounter, fighter.combatant_id)
            change.encounter = applied.encounter
            change.detail = applied.detail()
        return applied

    async def show(
        self,
        interaction: discord.Interaction[GurpsBot],
        locale: str,
        title: str,
        lines: list[str],
        applied: FatigueApplied,
    ) -> None:
        """``lines`` (the rule's working) above the FP and HP the change moved."""
        embeds = line_embeds(ResultKind.INFO, title, lines) if lines else []
        if applied.outcome is not None:
            embeds += render_fatigue_change(
                applied.outcome, self.bot.messages, locale, sheet=applied.sheet
            )
        await send_embeds(interaction, embeds)

    async def answer(
        self,
        interaction: discord.Interaction[GurpsBot],
        locale: str,
        title: str,
        lines: list[str],
        outcome: FatigueChange | None = None,
        *,
        show_hp: bool = True,
    ) -> None:
        """A standalone answer: the working, then what the FP lost does to those numbers."""
        embeds = line_embeds(ResultKind.INFO, title, lines)
        if outcome is not None:
            embeds += render_fatigue_change(outcome, self.bot.messages, locale, show_hp=show_hp)
        await send_embeds(interaction, embeds)

    async def result(
        self,
        interaction: discord.Interaction[GurpsBot],
        *,
        combatant: str | None,
        fp: int | None,
        max_fp: int | None,
        fp_lost: int,
        hp_lost: int = 0,
        lines: list[str],
        title: str,
        detail: dict[str, Any],
        want: Want | None = None,
        state: dict[str, object] | None = None,
    ) -> None:
        """Apply ``fp_lost`` (and ``state``) to the combatant (kept apart when lost to
        ``want``, R8.7-R8.9, R10.9, R10.13), or show it against the numbers given."""
        if combatant is not None:
            await self.apply_loss(
                interaction,
                combatant,
                fp_lost,
                lines=lines,
                title=title,
                detail=detail,
                hp_lost=hp_lost,
                want=want,
                state=state,
            )
            return
        context = await self.bot.context_for(interaction)
        outcome = None
        if max_fp is not None and (fp_lost or hp_lost):
            sheet = self.standalone(context.locale, fp, max_fp)
            outcome = lose_fp(sheet, fp_lost, self.bot.dice, context.options, hp_too=hp_lost)
        await self.answer(interaction, context.locale, title, lines, outcome, show_hp=False)

    async def fighter(
        self, interaction: discord.Interaction[GurpsBot], combatant: str
    ) -> tuple[EncounterCombatant, int]:
        """The fighter called ``combatant`` in this channel's fight, and the fight's rounds;
        refuses anyone but the encounter GM before anything is rolled."""
        authority = await EncounterAuthority.of(interaction)
        record = await self.encounters.require_active(channel_of(interaction))
        authority.ensure_gm(record.encounter.gm_id)
        return record.encounter.find(combatant), record.encounter.sequence.round

    def _title(self, locale: str, key: str, combatant: str | None) -> str:
        return self.bot.messages.text(key, locale, name=combatant or self.someone(locale))
