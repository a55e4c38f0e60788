"""Fatigue outcomes as embeds, in the reader's language (``fatigue.*``).

Every number comes from the rules' outcome and every roll is shown with its dice;
each effect line ends with the rule it comes from.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Messages
from bot.render.common import (
    MAX_FIELD_VALUE,
    ResultKind,
    add_field,
    decimal,
    line_embeds,
    signed,
    truncate,
)
from bot.views.combat_fatigue import APPLY, UNDO, CombatFatigueButton
from rules.combatant import Combatant
from rules.fatigue import (
    CombatFatigue,
    CombatFatigueOffer,
    Dehydration,
    Exertion,
    FatigueChange,
    FatigueStatus,
    HeartHelp,
    Hiking,
    MissedSleep,
    SleepCadence,
    SleepDeprivation,
    StayAwake,
)
from rules.records import RollRecord

__all__ = [
    "combat_fatigue_view",
    "fatigue_conditions",
    "render_combat_fatigue",
    "render_dehydration",
    "render_exertion",
    "render_fatigue_change",
    "render_heart_help",
    "render_hiking",
    "render_meals",
    "render_sleep",
    "roll_line",
    "status_lines",
    "with_combat_fatigue",
]


EXHAUSTED_MARKER = "🥵"


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def roll_line(
    roll: RollRecord, messages: Messages, locale: str, *, label: str, rule: str, **extra: object
) -> str:
    """``Label: HT 11 -4 = 7, rolled 9 (3, 3, 3): failure (R10.9)``."""
    modifiers = "".join(f" {signed(m.value)}" for m in roll.modifiers)
    return _t(
        messages,
        locale,
        "fatigue.roll_line",
        label=label,
        attribute=_t(messages, locale, f"fatigue.attribute.{roll.attribute}")
        if messages.has(f"fatigue.attribute.{roll.attribute}")
        else roll.attribute.upper(),
        base=roll.base,
        modifiers=modifiers,
        target=roll.target,
        total=roll.total,
        faces=", ".join(str(face) for face in roll.faces),
        result=_t(messages, locale, f"encounter.outcome.{roll.outcome.value}"),
        rule=rule,
        **extra,
    )


def status_lines(
    status: FatigueStatus, messages: Messages, locale: str, sheet: Combatant | None = None
) -> list[str]:
    """What the FP total now means: R8.1's halved scores, R8.2's Will rolls, R8.3's faint."""
    lines: list[str] = []
    if status.tired:
        if sheet is not None:
            lines.append(
                _t(
                    messages,
                    locale,
                    "fatigue.effect.tired_scores",
                    move=sheet.move,
                    dodge=sheet.dodge,
                    st=sheet.st,
                )
            )
        else:
            lines.append(_t(messages, locale, "fatigue.effect.tired"))
    if status.fainted:
        lines.append(_t(messages, locale, "fatigue.effect.fainted"))
    elif status.exhausted:
        lines.append(_t(messages, locale, "fatigue.effect.exhausted"))
    return lines


def render_fatigue_change(
    change: FatigueChange,
    messages: Messages,
    locale: str,
    *,
    sheet: Combatant | None = None,
    show_hp: bool = True,
    reason: str | None = None,
) -> list[discord.Embed]:
    """FP spent or recovered: FP and HP before and after, and what the new total means.

    ``sheet`` (the combatant after the change) gives the halved Move, Dodge and ST;
    ``show_hp`` is off for a standalone loss whose HP the GM did not give.
    """
    key = "fatigue.recover.title" if change.recovered else "fatigue.spend.title"
    title = _t(messages, locale, key, name=change.name, amount=change.amount)
    lines: list[str] = []
    if reason is not None:
        lines.append(reason)
    lines.append(
        _t(
            messages,
            locale,
            "fatigue.fp_line",
            before=change.fp_before,
            after=change.fp_after,
            max=change.max_fp,
        )
    )
    loss = change.loss
    if show_hp and change.hp_after != change.hp_before:
        lines.append(
            _t(
                messages,
                locale,
                "fatigue.hp_line",
                before=change.hp_before,
                after=change.hp_after,
                max=change.max_hp,
            )
        )
    if loss is not None:
        if loss.hp_with_fp:
            lines.append(_t(messages, locale, "fatigue.effect.hp_with_fp", hp=loss.hp_with_fp))
        if loss.hp_instead:
            lines.append(_t(messages, locale, "fatigue.effect.hp_instead", hp=loss.hp_instead))
    if change.fainted:
        lines.append(_t(messages, locale, "fatigue.effect.faints", name=change.name))
    if change.woke:
        lines.append(_t(messages, locale, "fatigue.effect.woke", name=change.name))
    if change.remedied:
        remedies = ", ".join(
            _t(messages, locale, f"fatigue.remedy.{w.value}").lower() for w in change.remedied
        )
        lines.append(_t(messages, locale, "fatigue.effect.remedied", remedies=remedies))
    if change.still_lost:
        # R8.7-R8.9: how many stay lost and to what, whether or not the rest was cut short.
        wants = "; ".join(_t(messages, locale, f"fatigue.want.{w.value}") for w in change.held_by)
        lines.append(
            _t(messages, locale, "fatigue.effect.held_back", fp=change.still_lost, wants=wants)
        )
    if change.collapse_ended:
        lines.append(_t(messages, locale, "fatigue.effect.collapse_ended", name=change.name))
    lines += [
        roll_line(
            roll, messages, locale, label=_t(messages, locale, "fatigue.death_check"), rule="R7.3"
        )
        for roll in change.death_checks
    ]
    if change.died:
        lines.append(_t(messages, locale, "fatigue.effect.died", name=change.name))
    lines += status_lines(change.status, messages, locale, sheet)
    kind = ResultKind.INFO if change.recovered else ResultKind.DAMAGE
    return line_embeds(kind, title, lines)


def render_combat_fatigue(
    name: str, cost: CombatFatigue, messages: Messages, locale: str
) -> list[str]:
    """R8.4's cost for one fighter, as lines: the table's value and each add-on."""
    if not cost.applies:
        key = "fatigue.combat.short" if cost.fought else "fatigue.combat.idle"
        return [_t(messages, locale, key, name=name, seconds=cost.seconds)]
    parts = [_t(messages, locale, "fatigue.combat.base", fp=cost.base, level=cost.encumbrance)]
    if cost.hot_extra:
        parts.append(_t(messages, locale, "fatigue.combat.hot", fp=cost.hot_extra))
    if cost.plate_extra:
        parts.append(_t(messages, locale, "fatigue.combat.plate", fp=cost.plate_extra))
    return [
        _t(
            messages,
            locale,
            "fatigue.combat.cost",
            name=name,
            total=cost.total,
            parts=" + ".join(parts),
        )
    ]


def render_hiking(hiking: Hiking, messages: Messages, locale: str) -> list[str]:
    """R8.5: hours × the per-hour cost (R8.4's table and add-ons)."""
    return [
        _t(
            messages,
            locale,
            "fatigue.hike.line",
            hours=hiking.hours,
            base=hiking.base,
            hot=hiking.hot_extra,
            plate=hiking.plate_extra,
            per_hour=hiking.per_hour,
            total=hiking.total,
        )
    ]


def render_exertion(exertion: Exertion, messages: Messages, locale: str) -> list[str]:
    """R8.6: every roll, then the FP it cost (with R10.9's heat)."""
    lines = [
        _t(
            messages,
            locale,
            "fatigue.exertion.schedule",
            activity=_t(messages, locale, f"fatigue.activity.{exertion.activity.value}"),
            seconds=exertion.seconds,
            interval=exertion.interval,
            count=len(exertion.rolls),
        )
    ]
    label = _t(messages, locale, "fatigue.exertion.roll")
    lines += [
        roll_line(roll, messages, locale, label=f"{label} {index}", rule="R8.6")
        for index, roll in enumerate(exertion.rolls, start=1)
    ]
    if exertion.heat_extra and exertion.failures:
        lines.append(_t(messages, locale, "fatigue.heat_extra", extra=exertion.heat_extra))
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=exertion.fp_lost))
    return lines


def render_meals(meals: int, messages: Messages, locale: str) -> list[str]:
    """R8.7: one FP a missed meal."""
    return [_t(messages, locale, "fatigue.meals.line", meals=meals, fp=meals)]


def render_dehydration(dry: Dehydration, messages: Messages, locale: str) -> list[str]:
    """R8.8: the litres needed, the 8-hour losses and the scant-water days."""
    lines = [
        _t(
            messages,
            locale,
            "fatigue.water.need",
            climate=_t(messages, locale, f"fatigue.climate.{dry.climate.value}"),
            needed=decimal(dry.needed, locale),
            litres=decimal(dry.litres, locale),
        )
    ]
    if dry.short:
        lines.append(
            _t(messages, locale, "fatigue.water.losses", hours=dry.hours, losses=dry.losses)
        )
    else:
        lines.append(_t(messages, locale, "fatigue.water.enough"))
    if dry.scant_days:
        key = "fatigue.water.scant_one" if dry.scant_days == 1 else "fatigue.water.scant"
        lines.append(_t(messages, locale, key, days=dry.scant_days))
    if dry.heat_extra and (dry.losses or dry.scant_days):
        lines.append(_t(messages, locale, "fatigue.heat_extra", extra=dry.heat_extra))
    lines.append(_t(messages, locale, "fatigue.lost_total_hp", fp=dry.fp_lost, hp=dry.hp_lost))
    return lines


def _cadence_line(deprivation: SleepDeprivation, messages: Messages, locale: str) -> str:
    if deprivation.cadence is SleepCadence.NONE:
        return _t(messages, locale, "fatigue.sleep.cadence.none")
    return _t(
        messages,
        locale,
        f"fatigue.sleep.cadence.{deprivation.cadence.value}",
        penalty=deprivation.penalty,
    )


def render_heart_help(help_: HeartHelp, messages: Messages, locale: str) -> list[str]:
    """R8.2: the helper's roll, if any, and whether the heart beats again."""
    lines = []
    if help_.roll is not None:
        label = _t(messages, locale, "fatigue.heart.roll")
        lines.append(roll_line(help_.roll, messages, locale, label=label, rule="R8.2"))
    if not help_.helped:
        lines.append(_t(messages, locale, "fatigue.heart.not_helped", name=help_.name))
        return lines
    lines.append(
        _t(
            messages,
            locale,
            "fatigue.heart.helped",
            name=help_.name,
            before=help_.hp_before,
            after=help_.hp_after,
        )
    )
    lines.append(_t(messages, locale, "fatigue.heart.out_cold", name=help_.name))
    return lines


def render_sleep(
    sleep: MissedSleep,
    deprivation: SleepDeprivation | None,
    awake: StayAwake | None,
    messages: Messages,
    locale: str,
) -> list[str]:
    """R8.9, R8.10: the waking day, FP lost, the Will-roll schedule and its rolls."""
    lines = [
        _t(
            messages,
            locale,
            "fatigue.sleep.line",
            hours=sleep.hours_awake,
            day=sleep.waking_day,
            fp=sleep.fp_lost,
        )
    ]
    if deprivation is not None:
        lines.append(_cadence_line(deprivation, messages, locale))
    if awake is not None:
        label = _t(messages, locale, "fatigue.sleep.roll")
        lines += [
            roll_line(roll, messages, locale, label=label, rule="R8.9") for roll in awake.rolls
        ]
        if awake.fell_asleep:
            lines.append(_t(messages, locale, "fatigue.sleep.asleep"))
    return lines


def fatigue_conditions(
    sheet: Combatant, messages: Messages, locale: str, *, marked: bool = False
) -> list[str]:
    """Tracker words for FP (R8.1, R8.2) after the tired flag: the halved Move, Dodge and ST
    below 1/3 FP, and at 0 FP or less exhaustion too (with its marker when ``marked``): the
    effects are cumulative (R8.1), so 0 FP and below still halve Move, Dodge and ST."""
    state = sheet.state
    found: list[str] = []
    if sheet.max_fp <= 0:
        return found
    if sheet.is_tired:
        found.append(
            _t(
                messages,
                locale,
                "fatigue.condition.halved",
                move=sheet.move,
                dodge=sheet.dodge,
                st=sheet.st,
            )
        )
    if state.fp <= 0:
        text = _t(messages, locale, "fatigue.condition.exhausted")
        found.append(f"{EXHAUSTED_MARKER} {text}" if marked else text)
    return found


def title_embeds(
    title: str, lines: Sequence[str], *, kind: ResultKind = ResultKind.INFO
) -> list[discord.Embed]:
    """``lines`` under ``title``, over as many embeds as they need."""
    return line_embeds(kind, title, lines)


def _combat_fatigue_value(
    offers: Sequence[CombatFatigueOffer],
    applied: Sequence[FatigueChange] | None,
    messages: Messages,
    locale: str,
    *,
    paid: Sequence[str] = (),
) -> str:
    if applied is None:
        lines = [
            line
            for offer in offers
            for line in render_combat_fatigue(offer.name, offer.cost, messages, locale)
        ]
        lines += [_t(messages, locale, "fatigue.end.paid", name=name) for name in paid]
        if offers:
            lines.append(_t(messages, locale, "fatigue.end.offer"))
    else:
        lines = [
            _t(
                messages,
                locale,
                "fatigue.end.applied_hp"
                if change.hp_after != change.hp_before
                else "fatigue.end.applied",
                name=change.name,
                amount=change.amount,
                before=change.fp_before,
                after=change.fp_after,
                hp_before=change.hp_before,
                hp_after=change.hp_after,
            )
            for change in applied
        ]
    return "\n".join(lines)


def with_combat_fatigue(
    embeds: Sequence[discord.Embed],
    offers: Sequence[CombatFatigueOffer],
    applied: Sequence[FatigueChange] | None,
    messages: Messages,
    locale: str,
    *,
    paid: Sequence[str] = (),
) -> list[discord.Embed]:
    """The end summary with its R8.4 field set: what the fight costs each fighter (and who
    ``paid`` it during the fight already), or, once the GM applied it, each one's FP before
    and after (and HP, at 0 FP or less). The field the summary already has (in either
    language) is replaced."""
    found = list(embeds)
    if not found:
        return found
    summary = found[0]
    name = _t(messages, locale, "fatigue.end.field")
    value = truncate(
        _combat_fatigue_value(offers, applied, messages, locale, paid=paid), MAX_FIELD_VALUE
    )
    names = {messages.text("fatigue.end.field", other) for other in ("en", "pt-BR")}
    for index, field in enumerate(summary.fields):
        if field.name in names:
            summary.set_field_at(index, name=name, value=value, inline=False)
            return found
    add_field(summary, name, value, inline=False)
    return found


def combat_fatigue_view(
    encounter_id: int, *, applied: bool, messages: Messages, locale: str
) -> discord.ui.View:
    """One button: apply R8.4's costs, or, once applied, take them back."""
    view = discord.ui.View(timeout=None)
    action = UNDO if applied else APPLY
    view.add_item(
        CombatFatigueButton(
            encounter_id,
            action,
            label=_t(messages, locale, f"fatigue.end.{action}"),
            style=discord.ButtonStyle.secondary if applied else discord.ButtonStyle.primary,
        )
    )
    return view
