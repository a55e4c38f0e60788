"""Environmental hazards as embeds, in the reader's language (``environment.*``): falls and
falling objects, fire, suffocation and drowning, heat and cold.

The damage they do is shown with :func:`bot.render.attack.render_damage`, like any hit;
these functions give the working above it, every roll with its dice and every effect
with its rule.
"""

from __future__ import annotations

from fractions import Fraction

from bot.i18n import Messages
from bot.render.common import decimal
from bot.render.fatigue import roll_line
from rules.combatant import Armor
from rules.falling import Fall, FallArmor, FallingObject

__all__ = ["dice_line", "faces_text", "render_fall", "render_falling_object"]


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def faces_text(faces: tuple[int, ...]) -> str:
    """The faces rolled, comma-separated (every one of them)."""
    return ", ".join(str(face) for face in faces)


def _number(value: float, locale: str) -> str:
    return str(int(value)) if value == int(value) else decimal(value, locale)


def _fraction(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def dice_line(
    expression: str, faces: tuple[int, ...], total: int, messages: Messages, locale: str
) -> str:
    """``10d-20 → **15** cr (6, 5, …)``: the basic-damage line a hazard's hit shows."""
    return _t(
        messages,
        locale,
        "environment.dice_line",
        dice=expression,
        total=total,
        faces=faces_text(faces),
        type=_t(messages, locale, "damage.abbr.cr"),
    )


def render_fall(
    landed: Fall, messages: Messages, locale: str, *, armor: Armor | None, kind: FallArmor
) -> list[str]:
    """R13.7: the rolls that softened the fall, the metres that count, the dice and the
    armor the fall meets (``armor`` is the torso's, ``None`` for a standalone fall)."""
    lines: list[str] = []
    if landed.capped:
        lines.append(_t(messages, locale, "environment.fall.capped"))
    if landed.acrobatics is not None:
        lines.append(
            roll_line(
                landed.acrobatics,
                messages,
                locale,
                label=_t(messages, locale, "environment.fall.acrobatics"),
                rule="R13.7",
            )
        )
    if landed.swimming is not None:
        lines.append(
            roll_line(
                landed.swimming,
                messages,
                locale,
                label=_t(messages, locale, "environment.fall.swimming"),
                rule="R13.7",
            )
        )
    if landed.soft:
        lines.append(_t(messages, locale, "environment.fall.soft", metres=landed.metres))
    if landed.expression is None:
        lines.append(_t(messages, locale, "environment.fall.nothing", metres=landed.metres))
    else:
        lines.append(
            _t(
                messages,
                locale,
                "environment.fall.dice",
                metres=landed.metres,
                dice=landed.expression,
                rolled=landed.rolled,
                faces=faces_text(landed.faces),
                damage=landed.damage,
            )
        )
    if armor is not None and armor.dr:
        counted = {
            FallArmor.FLEXIBLE: min(3, armor.dr),
            FallArmor.METAL: armor.dr // 2,
            FallArmor.NONE: 0,
        }[kind]
        lines.append(
            _t(
                messages,
                locale,
                f"environment.fall.armor.{kind.value}",
                dr=armor.dr,
                counted=counted,
            )
        )
    return lines


def render_falling_object(dropped: FallingObject, messages: Messages, locale: str) -> list[str]:
    """R13.8: the multiples, the dice rolled and the halvings."""
    found = dropped.dice
    lines = [
        _t(
            messages,
            locale,
            "environment.object.multiples",
            kg=_number(found.kg, locale),
            metres=_number(found.metres, locale),
            weight=found.weight_multiples,
            height=found.height_multiples,
            dice=found.dice,
        )
    ]
    for key, on in (
        ("capped", found.capped),
        ("light", found.light),
        ("short", found.short),
        ("soft", found.soft),
    ):
        if on:
            lines.append(_t(messages, locale, f"environment.object.{key}"))
    lines.append(
        _t(
            messages,
            locale,
            "environment.object.rolled",
            dice=found.dice,
            rolled=dropped.rolled,
            faces=faces_text(dropped.faces),
            factor=_fraction(found.factor),
            damage=dropped.damage,
        )
    )
    return lines
