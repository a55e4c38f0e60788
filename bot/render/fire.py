"""A hit's fire in the reader's language (``fire.*``, ``environment.*``): an incendiary
attack's extra burning point (R10.2), clothes set alight (R10.5-R10.8), and what burns on
a fighter as a DX modifier (R10.5-R10.7).

Shared by the attack and damage breakdowns and the environment commands.
"""

from __future__ import annotations

from bot.i18n import Messages
from bot.render.common import decimal
from rules.combatant import Burning
from rules.fire import BURNING, Clothing, FireOnHit, rule_for

__all__ = ["burning_text", "fire_lines"]


def burning_text(kind: Burning, messages: Messages, locale: str) -> str:
    """What burns on him, its damage a second and its DX penalty."""
    dice, penalty, _readies = BURNING[kind]
    return messages.text(
        f"environment.burning.{kind.value}", locale, dice=dice.text, penalty=penalty
    )


def fire_lines(fire: FireOnHit, name: str, messages: Messages, locale: str) -> list[str]:
    """The incendiary point's injury and whether his clothes caught, one line each."""
    t = messages.text
    lines: list[str] = []
    extra = fire.incendiary
    if extra is not None:
        lines.append(
            t(
                "fire.incendiary_line",
                locale,
                dr=extra.dr.effective,
                injury=extra.injury,
                before=extra.hp_before,
                after=extra.hp_after,
            )
        )
    if fire.caught is not None:
        lines.append(
            t(
                "environment.catch.caught",
                locale,
                name=name,
                burning=burning_text(fire.caught, messages, locale),
                rule=rule_for(fire.caught),
            )
        )
    elif fire.clothing is Clothing.UNDER_ARMOR:
        lines.append(t("fire.under_armor", locale, name=name))
    elif fire.counted is not None and fire.counted != fire.burning:
        # A tight beam counts a tenth (R10.3): say what was compared.
        lines.append(
            t(
                "environment.catch.none_beam",
                locale,
                name=name,
                damage=fire.burning,
                counted=decimal(float(fire.counted), locale),
            )
        )
    else:
        lines.append(t("environment.catch.none", locale, name=name, damage=fire.burning))
    return lines
