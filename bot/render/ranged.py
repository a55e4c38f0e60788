"""What a ranged attack's reply says about the distance and a thrown object (R12.x, A.8).

Pure: an :class:`~rules.combat.AttackOutcome` and a locale in, a field added to the
attack's embed; every word from the ``ranged.*`` catalog.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import add_field, decimal
from rules.combat import AttackOutcome

__all__ = ["add_range_field", "metres"]


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
    if lines:
        add_field(
            embed, messages.text("ranged.field.range", locale), "\n".join(lines), inline=False
        )
