"""What a burst of rapid fire says in the attack and defense replies (B373-B375).

Pure: an outcome and a locale in, a field added to the embed; every word from the
``rapid_fire.*`` catalog.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import add_field, damage_text, signed
from rules.attack_resolution import AttackOutcome
from rules.defense_resolution import DefenseOutcome

__all__ = ["add_hits_stopped_field", "add_point_blank_field", "add_rapid_fire_field"]


def add_point_blank_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    """B409: a multiple-projectile shot closer than a tenth of ½D, its damage and DR
    multiplied."""
    close = outcome.point_blank
    if close is None:
        return
    add_field(
        embed,
        messages.text("rapid_fire.point_blank_field", locale),
        messages.text(
            "rapid_fire.point_blank",
            locale,
            projectiles=close.projectiles,
            factor=close.factor,
            damage=damage_text(outcome.strike.damage, messages, locale),
            rule=close.rule_id,
        ),
        inline=False,
    )


def add_rapid_fire_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    """The shots fired, the weapon's RoF and Rcl, their bonus and, on a hit, how many hit."""
    burst = outcome.rapid_fire
    if burst is None:
        return
    pellets = burst.projectiles > 1 and not burst.point_blank
    lines = [
        messages.text(
            "rapid_fire.fired_projectiles" if pellets else "rapid_fire.fired",
            locale,
            **({"fired": burst.fired, "projectiles": burst.projectiles} if pellets else {}),
            shots=burst.shots,
            rate=burst.rof,
            recoil=burst.recoil,
            bonus=signed(burst.bonus),
            rule=burst.rule_id,
        )
    ]
    if outcome.attack is not None and outcome.attack.hit:
        if outcome.miss_by_one:
            key = "rapid_fire.grazed"
        else:
            key = "rapid_fire.hits_projectiles" if pellets else "rapid_fire.hits"
        lines.append(
            messages.text(key, locale, hits=burst.hits, shots=burst.fired, recoil=burst.recoil)
        )
    add_field(embed, messages.text("rapid_fire.field", locale), "\n".join(lines), inline=False)


def add_hits_stopped_field(
    embed: discord.Embed, outcome: DefenseOutcome, messages: Messages, locale: str
) -> None:
    """How many hits of the burst the defense stopped and how many got through."""
    if outcome.hits_stopped is None:
        return
    hits = outcome.pending.strike.hits
    add_field(
        embed,
        messages.text("rapid_fire.field", locale),
        messages.text(
            "rapid_fire.stopped_one" if hits == 1 else "rapid_fire.stopped",
            locale,
            stopped=outcome.hits_stopped,
            hits=hits,
            through=hits - outcome.hits_stopped,
        ),
        inline=False,
    )
