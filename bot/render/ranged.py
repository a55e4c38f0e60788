"""What a ranged attack's reply says about the distance and a thrown object (R12.x, A.8).

Pure: an :class:`~rules.attack_resolution.AttackOutcome` and a locale in, a field added to the
attack's embed; every word from the ``ranged.*`` catalog.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Messages
from bot.render.common import ResultKind, add_field, decimal, new_embed
from rules.attack_resolution import AttackOutcome, StrayShot
from rules.terrain import Overpenetration

__all__ = ["add_range_field", "metres", "render_stray", "render_through"]


def metres(value: object, locale: str) -> str:
    """A distance or weight in the reader's way of writing decimals (``9.6``, ``9,6``)."""
    return decimal(round(float(value), 2), locale)  # type: ignore[arg-type]


def add_range_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    """The distance read on the table (and the height that changed it, R12.8, R12.9), the
    half damage past ½D, and the thrown object's damage and range (R12.1-R12.5)."""
    lines: list[str] = []
    plan = outcome.ranged
    if plan is not None and plan.effective_distance is not None:
        if plan.distance_rule is not None:
            lines.append(
                messages.text(
                    "ranged.distance_height",
                    locale,
                    metres=metres(plan.effective_distance, locale),
                    rule=plan.distance_rule,
                )
            )
        if plan.half_damage:
            lines.append(messages.text("ranged.half_damage", locale))
    thrown = outcome.thrown_object
    if thrown is not None:
        lines.append(
            messages.text(
                "ranged.thrown_line",
                locale,
                kg=metres(thrown.weight, locale),
                st=thrown.st,
                damage=thrown.damage or "—",
                metres=metres(thrown.distance, locale),
                limit=thrown.limit,
                rules=", ".join(thrown.rule_ids),
            )
        )
        if thrown.lifting_st is not None:
            lines.append(
                messages.text(
                    "fatigue.thrown_tired", locale, st=thrown.lifting_st, attribute=thrown.st
                )
            )
    if lines:
        add_field(
            embed, messages.text("ranged.field.range", locale), "\n".join(lines), inline=False
        )


def render_stray(
    shooter: str, shots: Sequence[StrayShot], messages: Messages, locale: str
) -> discord.Embed:
    """R12.12: each bystander in the line of fire, passed over or rolled for, nearest first."""
    t = messages.text
    lines: list[str] = []
    for shot in shots:
        outcome = shot.outcome
        if shot.exempt or outcome is None or outcome.attack is None:
            lines.append(t("ranged.stray_exempt", locale, name=shot.bystander_name))
            continue
        roll = outcome.attack.roll
        lines.append(
            t(
                "ranged.stray_hit" if shot.hit else "ranged.stray_miss",
                locale,
                name=shot.bystander_name,
                target=outcome.effective.value,
                total=roll.total,
                faces=", ".join(str(face) for face in roll.faces),
            )
        )
    if not any(shot.hit for shot in shots):
        lines.append(t("ranged.stray_nobody", locale))
    hit = any(shot.hit for shot in shots)
    return new_embed(
        ResultKind.FAILURE if hit else ResultKind.INFO,
        title=t("ranged.stray_title", locale, shooter=shooter),
        description="\n".join(lines),
    )


def render_through(
    result: Overpenetration,
    first: str,
    behind: str | None,
    messages: Messages,
    locale: str,
) -> discord.Embed:
    """R13.9: the first target's Cover DR, whether the shot goes through, and the DR the one
    behind has against it."""
    t = messages.text
    lines = [
        t(
            "ranged.through_cover",
            locale,
            name=first,
            cover=result.cover_dr,
            damage=result.basic_damage,
        ),
        t("ranged.through_passes" if result.passes else "ranged.through_stops", locale),
    ]
    if result.passes and behind is not None and result.next_dr is not None:
        lines.append(
            t(
                "ranged.through_next_auto" if result.automatic else "ranged.through_next_roll",
                locale,
                name=behind,
                dr=result.next_dr,
            )
        )
    return new_embed(
        ResultKind.INFO,
        title=t("ranged.through_title", locale, name=first),
        description="\n".join(lines),
    )
