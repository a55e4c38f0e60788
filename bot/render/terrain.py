"""Heights, water and ambushes from above as embeds and tracker words (R13).

Pure: turn states, rolls and a locale in; every word from the ``terrain.*`` catalog.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import ResultKind, add_field, decimal, new_embed, signed
from bot.render.environment import render_air, render_breath, swim_countdown
from rules.breath import BreathAtFooting
from rules.checks import SuccessRoll
from rules.combatant import InWater
from rules.encounter import EncounterCombatant
from rules.turn import TurnState

__all__ = ["ground_words", "render_ambush", "render_ground"]


def _lines(turn: TurnState, messages: Messages, locale: str) -> list[str]:
    t = messages.text
    lines = [
        t("terrain.height_line", locale, metres=decimal(turn.elevation, locale))
        if turn.elevation
        else t("terrain.ground_line", locale)
    ]
    lines.append(
        t(f"terrain.water_line.{turn.water}", locale)
        if turn.water
        else t("terrain.dry_line", locale)
    )
    return lines


def render_ground(
    name: str,
    turn: TurnState,
    messages: Messages,
    locale: str,
    *,
    swimming: InWater | None = None,
    breath: BreathAtFooting | None = None,
    unconscious: bool = False,
) -> discord.Embed:
    """Where the fighter stands now, and what it means (R13.2-R13.5); in the water, his
    Swimming and where R9.3's one schedule has him; gone under, the breath he holds from
    now (R9.1); come up, what air again called for (R9.2). ``unconscious``: he does not swim,
    so no Swimming roll is announced."""
    lines = _lines(turn, messages, locale)
    if turn.water and swimming is not None and unconscious:
        # No roll is promised to one who cannot swim: R9.3's rolls wait for him to wake.
        lines.append(messages.text("terrain.swimming_unconscious", locale, target=swimming.target))
    elif turn.water and swimming is not None:
        then = swim_countdown(swimming, messages, locale, turn.water)
        lines.append(
            messages.text("terrain.swimming_line", locale, target=swimming.target, then=then)
        )
    if breath is not None and breath.held is not None:
        lines += render_breath(breath.held, messages, locale)
        lines.append(messages.text("terrain.breath_held", locale, name=name))
    if breath is not None and breath.air is not None:
        lines += render_air(breath.air, messages, locale, name=name)
    return new_embed(
        ResultKind.INFO,
        title=messages.text("terrain.set_title", locale, name=name),
        description="\n".join(lines),
    )


def render_ambush(
    name: str,
    perception: int,
    roll: SuccessRoll,
    messages: Messages,
    locale: str,
) -> discord.Embed:
    """R13.6: the Vision roll, and whether he may defend against the attack from above."""
    t = messages.text
    embed = new_embed(
        ResultKind.SUCCESS if roll.succeeded else ResultKind.FAILURE,
        title=t("terrain.ambush_title", locale, name=name),
    )
    add_field(
        embed,
        t("close.field.roll", locale),
        t(
            "terrain.ambush_line",
            locale,
            per=perception,
            modifier=signed(roll.effective_skill - perception),
            target=roll.effective_skill,
            total=roll.total,
            faces=", ".join(str(face) for face in roll.faces),
            outcome=t(f"roll.outcome.{roll.outcome.value}", locale),
        ),
        inline=False,
    )
    add_field(
        embed,
        t("close.field.outcome", locale),
        t("terrain.ambush_noticed" if roll.succeeded else "terrain.ambush_missed", locale),
        inline=False,
    )
    return embed


def ground_words(c: EncounterCombatant, messages: Messages, locale: str) -> list[str]:
    """The tracker's words for a fighter off the floor or in the water."""
    words: list[str] = []
    if c.turn.elevation:
        words.append(
            messages.text(
                "terrain.tracker.height", locale, metres=decimal(c.turn.elevation, locale)
            )
        )
    if c.turn.water:
        words.append(messages.text(f"terrain.water.{c.turn.water}", locale).lower())
    return words
