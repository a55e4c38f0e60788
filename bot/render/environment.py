"""Environmental hazards as embeds, in the reader's language (``environment.*``): falls and
falling objects, fire, suffocation and drowning, heat and cold.

The damage they do is shown with :func:`bot.render.attack.render_damage`, like any hit;
these functions give the working above it, every roll with its dice and every effect
with its rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import discord

from bot.i18n import Messages
from bot.render.attack import render_damage
from bot.render.common import ResultKind, decimal, line_embeds
from bot.render.fatigue import roll_line
from bot.render.fire import burning_text
from rules.breath import NEXT_ROLL, AirAgain, Breath, Drowning, Rescue, Shed, Suffocation
from rules.climate import (
    INTENSE_HEAT_SAFE_PER_DR,
    ColdExposure,
    HeatExposure,
    IntenseHeat,
    Skin,
    Sunburn,
    ThermalShock,
    WeatherRoll,
)
from rules.combatant import Armor, Burning, Combatant, InWater, SwimState
from rules.environment_change import WaterEntered
from rules.falling import Fall, FallArmor, FallingObject
from rules.fire import (
    Clothing,
    FireExposure,
    Ignition,
    IgnitionOutcome,
    rule_for,
)
from rules.hazards import HazardKind, HazardTick, sunk_in_water, will_sink
from rules.injury import InjuryOutcome
from rules.strain import FireFought
from rules.turn import Restriction, TurnState, Water, not_conscious, restriction_of

__all__ = [
    "brain_death_conditions",
    "burning_text",
    "dice_line",
    "faces_text",
    "hazard_conditions",
    "render_air",
    "render_breath",
    "render_catch",
    "render_cold",
    "render_drowning",
    "render_extinguish",
    "render_fall",
    "render_falling_object",
    "render_fire_exposure",
    "render_hazard_ticks",
    "render_heat",
    "render_ignition",
    "render_intense_heat",
    "render_rescue",
    "render_shed",
    "render_suffocation",
    "render_sunburn",
    "render_thermal_shock",
    "render_water",
    "swim_countdown",
]


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


# --------------------------------------------------------------------------- fire


def _rolls_text(rolls: Sequence[tuple[tuple[int, ...], int]]) -> str:
    return ", ".join(f"{total} ({faces_text(faces)})" for faces, total in rolls)


def render_fire_exposure(exposure: FireExposure, messages: Messages, locale: str) -> list[str]:
    """R10.1: the dice of every second in the flames and their total."""
    return [
        _t(
            messages,
            locale,
            f"environment.fire.{exposure.exposure.value}",
            dice=exposure.expression,
            seconds=exposure.seconds,
            rolls=_rolls_text(exposure.rolls),
            damage=exposure.damage,
        )
    ]


def render_catch(
    caught: Burning | None,
    damage: int,
    clothing: Clothing,
    messages: Messages,
    locale: str,
    *,
    name: str,
) -> list[str]:
    """R10.5-R10.8: whether the burning attack set his clothes alight."""
    if caught is None:
        key = (
            "environment.catch.protected"
            if clothing in (Clothing.WET, Clothing.UNDER_ARMOR)
            else "environment.catch.none"
        )
        return [_t(messages, locale, key, name=name, damage=damage)]
    return [
        _t(
            messages,
            locale,
            "environment.catch.caught",
            name=name,
            burning=burning_text(caught, messages, locale),
            rule=rule_for(caught),
        )
    ]


def render_ignition(outcome: IgnitionOutcome, messages: Messages, locale: str) -> list[str]:
    """R10.4: the material's class and the flames' case, every roll, and whether it caught."""
    # Nonflammable has no threshold: no amount of burning damage lights it (R10.4).
    lines = [
        _t(
            messages,
            locale,
            "environment.ignite.class"
            if outcome.threshold is not None
            else "environment.ignite.class_never",
            material=_t(messages, locale, f"environment.material.{outcome.material.value}"),
            threshold=outcome.threshold,
            flame=outcome.flame,
            best=_fraction_text(outcome.best, locale),
        ),
        _t(
            messages,
            locale,
            f"environment.ignite.case.{outcome.ignition.value}",
            target=outcome.target,
        ),
    ]

    def key(faces: tuple[int, ...]) -> str:
        if outcome.target is not None:
            return "environment.ignite.slow_roll"
        # Fixed flames (``23``) roll no dice: no empty brackets.
        return "environment.ignite.roll" if faces else "environment.ignite.roll_fixed"

    lines += [
        _t(
            messages,
            locale,
            key(roll.faces),
            second=roll.second,
            total=roll.total,
            faces=faces_text(roll.faces),
            counted=_fraction_text(roll.counted, locale),
            result=_t(
                messages, locale, f"environment.ignite.{'caught' if roll.ignites else 'not'}"
            ),
        )
        for roll in outcome.rolls
    ]
    if outcome.ignited:
        lines.append(_t(messages, locale, "environment.ignite.alight", second=outcome.second))
    elif outcome.ignition is not Ignition.NEVER:
        lines.append(_t(messages, locale, "environment.ignite.not_yet"))
    return lines


def _fraction_text(value: Fraction, locale: str) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(float(value), locale)


def render_extinguish(fought: FireFought, messages: Messages, locale: str) -> list[str]:
    """R10.5-R10.7: the DX roll (or the dive, or the dropped shield) and whether it is out;
    before the last of the three Readies all his clothes take (R10.6), how many are done."""
    name = fought.name
    attempt = fought.attempt
    if attempt is None:
        return [
            _t(
                messages,
                locale,
                "environment.extinguish.readying",
                name=name,
                done=fought.readies,
                needed=fought.readies_needed,
            )
        ]
    rule = rule_for(attempt.kind)
    if attempt.kind is Burning.SHIELD:
        return [_t(messages, locale, "environment.extinguish.shield", name=name)]
    if attempt.dive:
        return [_t(messages, locale, "environment.extinguish.dive", name=name)]
    lines: list[str] = []
    if attempt.roll is not None:
        lines.append(
            roll_line(
                attempt.roll,
                messages,
                locale,
                label=_t(messages, locale, "environment.extinguish.roll"),
                rule=rule,
            )
        )
    lines.append(
        _t(
            messages,
            locale,
            "environment.extinguish.out" if attempt.out else "environment.extinguish.still",
            name=name,
            readies=attempt.readies,
            rule=rule,
        )
    )
    return lines


# --------------------------------------------------------------------------- heat and cold


def _weather_lines(
    rolls: Sequence[WeatherRoll], messages: Messages, locale: str, *, label_key: str, rule: str
) -> list[str]:
    label = _t(messages, locale, label_key)
    lines = []
    for weather in rolls:
        line = roll_line(
            weather.roll,
            messages,
            locale,
            label=_t(messages, locale, "environment.at_minute", label=label, minute=weather.minute),
            rule=rule,
        )
        if weather.loss_faces:
            line += " " + _t(
                messages,
                locale,
                "environment.heat.critical",
                faces=faces_text(weather.loss_faces),
                fp=weather.fp_lost,
            )
        elif weather.fp_lost:
            line += " " + _t(messages, locale, "environment.fp_lost", fp=weather.fp_lost)
        lines.append(line)
    return lines


def render_heat(exposure: HeatExposure, messages: Messages, locale: str) -> list[str]:
    """R10.9: whether the heat calls for rolls, every roll, and the surcharge band."""
    lines: list[str] = []
    if not exposure.applies:
        key = "environment.heat.cool" if exposure.stressful else "environment.heat.resting"
        lines.append(_t(messages, locale, key))
    else:
        lines.append(
            _t(
                messages,
                locale,
                "environment.heat.schedule",
                minutes=exposure.minutes,
                count=len(exposure.rolls),
            )
        )
        lines += _weather_lines(
            exposure.rolls, messages, locale, label_key="environment.heat.roll", rule="R10.9"
        )
    if exposure.beyond_table:
        lines.append(_t(messages, locale, "environment.heat.beyond", extra=exposure.surcharge))
    elif exposure.surcharge:
        lines.append(_t(messages, locale, "environment.heat.surcharge", extra=exposure.surcharge))
    lines.append(_t(messages, locale, "environment.heat.armor"))
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=exposure.fp_lost))
    return lines


def render_intense_heat(hot: IntenseHeat, messages: Messages, locale: str) -> list[str]:
    """R10.10: the safe seconds, then every HT roll."""
    lines = [
        _t(
            messages,
            locale,
            "environment.intense.safe",
            dr=hot.dr,
            safe=hot.safe_seconds,
            seconds=hot.seconds,
            count=len(hot.rolls),
        )
    ]
    label = _t(messages, locale, "environment.intense.roll")
    lines += [
        roll_line(
            roll, messages, locale, label=f"{label} {hot.safe_seconds + index}", rule="R10.10"
        )
        for index, roll in enumerate(hot.rolls, start=1)
    ]
    lines.append(_t(messages, locale, "environment.intense.skin"))
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=hot.fp_lost))
    return lines


def render_sunburn(burnt: Sunburn, messages: Messages, locale: str) -> list[str]:
    """R10.11, R10.12."""
    if burnt.protected:
        return [_t(messages, locale, "environment.sunburn.protected")]
    if burnt.skin is Skin.LIGHT:
        return [
            _t(
                messages,
                locale,
                "environment.sunburn.light",
                faces=faces_text(burnt.faces),
                damage=burnt.damage,
            )
        ]
    return [_t(messages, locale, f"environment.sunburn.{burnt.skin.value}")]


def render_cold(exposure: ColdExposure, messages: Messages, locale: str) -> list[str]:
    """R10.13: the interval by the wind, every roll and the FP lost."""
    if not exposure.applies:
        return [_t(messages, locale, "environment.cold.mild")]
    lines = [
        _t(
            messages,
            locale,
            "environment.cold.schedule",
            interval=exposure.interval,
            minutes=exposure.minutes,
            count=len(exposure.rolls),
        )
    ]
    lines += _weather_lines(
        exposure.rolls, messages, locale, label_key="environment.cold.roll", rule="R10.13"
    )
    lines.append(_t(messages, locale, "environment.cold.shelter"))
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=exposure.fp_lost))
    return lines


def render_thermal_shock(shock: ThermalShock, messages: Messages, locale: str) -> list[str]:
    """R10.14: one HT roll a minute, 1 FP or the margin."""
    if shock.dry_suit:
        return [_t(messages, locale, "environment.icy.suit")]
    lines = _weather_lines(
        shock.rolls, messages, locale, label_key="environment.icy.roll", rule="R10.14"
    )
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=shock.fp_lost))
    return lines


# --------------------------------------------------------------------------- breath and water


def render_breath(breath: Breath, messages: Messages, locale: str) -> list[str]:
    """R9.1: the seconds he can hold his breath."""
    return [
        _t(
            messages,
            locale,
            "breath.hold.line",
            ht=breath.ht,
            exertion=_t(messages, locale, f"breath.exertion.{breath.exertion.value}"),
            preparation=_t(messages, locale, f"breath.preparation.{breath.preparation.value}"),
            seconds=breath.seconds,
        )
    ]


def render_water(water: WaterEntered, messages: Messages, locale: str) -> list[str]:
    """R9.3 inside a fight: into deep water with his Swimming, or, not conscious, sinking
    without a roll (R9.4); out of it, with the air he got back when he had none (R9.2)."""
    if water.sinks:
        key = "breath.water.entered_not_conscious"
    else:
        key = "breath.water.entered" if water.entered else "breath.water.left"
    lines = [_t(messages, locale, key, name=water.name, target=water.target)]
    if water.air is not None:
        lines += render_air(water.air, messages, locale, name=water.name)
    return lines


def render_suffocation(choking: Suffocation, messages: Messages, locale: str) -> list[str]:
    """R9.2 over the seconds given."""
    lines = [
        _t(
            messages,
            locale,
            "breath.suffocation.line",
            seconds=choking.seconds,
            breath=choking.breath,
            airless=choking.airless,
            fp=choking.fp_lost,
        )
    ]
    if choking.faints_at is not None and choking.brain_death_at is not None:
        lines.append(
            _t(
                messages,
                locale,
                "breath.suffocation.faint",
                faint=choking.faints_at,
                death=choking.brain_death_at,
            )
        )
    if choking.dead:
        lines.append(_t(messages, locale, "breath.suffocation.dead"))
    if choking.iq_roll_due:
        lines.append(_t(messages, locale, "breath.suffocation.iq"))
    return lines


def render_air(back: AirAgain, messages: Messages, locale: str, *, name: str) -> list[str]:
    """R9.2: what clean air again calls for; air back before the held breath ran out
    called for nothing."""
    key = "breath.air.line" if back.airless else "breath.air.in_time"
    lines = [_t(messages, locale, key, name=name, airless=back.airless)]
    if back.first_aid_needed:
        lines.append(_t(messages, locale, "breath.air.first_aid"))
    if back.iq_roll is not None:
        lines.append(
            roll_line(
                back.iq_roll,
                messages,
                locale,
                label=_t(messages, locale, "breath.air.iq_roll"),
                rule="R9.2",
            )
        )
        key = "breath.air.iq_lost" if back.iq_lost else "breath.air.iq_kept"
        lines.append(_t(messages, locale, key, name=name))
    return lines


def render_drowning(drowned: Drowning, messages: Messages, locale: str) -> list[str]:
    """R9.3: every Swimming roll of the schedule, the state it left him in, the FP lost."""
    label = _t(messages, locale, "breath.drown.roll")
    lines = []
    for step in drowned.rolls:
        at = _t(messages, locale, "breath.drown.at", label=label, second=step.second)
        if step.roll is None:
            line = f"{at}: " + _t(messages, locale, "breath.drown.collapsed")
        else:
            line = roll_line(step.roll, messages, locale, label=at, rule="R9.3")
        line += " → " + _t(messages, locale, f"breath.state.{step.then.value}")
        if step.fp_lost:
            line += " " + _t(messages, locale, "environment.fp_lost", fp=step.fp_lost)
        lines.append(line)
    if not drowned.rolls:
        lines.append(_t(messages, locale, "breath.drown.none"))
    if drowned.fainted:
        lines.append(_t(messages, locale, "breath.drown.fainted"))
    lines.append(_t(messages, locale, "fatigue.lost_total", fp=drowned.fp_lost))
    return lines


def render_shed(item: Shed, messages: Messages, locale: str) -> list[str]:
    """R9.4: the DX roll for one item."""
    return [
        roll_line(
            item.roll, messages, locale, label=_t(messages, locale, "breath.shed.roll"), rule="R9.4"
        ),
        _t(messages, locale, "breath.shed.done" if item.shed else "breath.shed.swallowed"),
    ]


def render_rescue(
    saving: Rescue,
    messages: Messages,
    locale: str,
    *,
    victim: str | None = None,
    air: AirAgain | None = None,
) -> list[str]:
    """R9.5: the rescuer's Swimming roll and what it cost him; a fighter saved is out of the
    water, with what his air again called for (R9.2)."""
    if saving.saved:
        key = "breath.rescue.saved"
    elif saving.gave_up:
        key = "breath.rescue.gave_up"
    else:
        key = "breath.rescue.swallowed"
    return [
        roll_line(
            saving.roll,
            messages,
            locale,
            label=_t(messages, locale, "breath.rescue.roll"),
            rule="R9.5",
        ),
        _t(messages, locale, key, fp=saving.fp_lost),
        *([_t(messages, locale, "breath.rescue.pulled_out", name=victim)] if victim else []),
        *(render_air(air, messages, locale, name=victim) if victim and air else []),
    ]


# --------------------------------------------------------------------------- in a fight


HAZARD_MARKERS = {
    "on_fire": "🔥",
    "holding": "🫧",
    "suffocating": "😶",
    "intense_heat": "🌋",
    "in_water": "🌊",
}
"""The tracker's marker before each hazard condition."""


def hazard_conditions(
    sheet: Combatant,
    messages: Messages,
    locale: str,
    *,
    marked: bool = False,
    footing: Water | None = None,
    turn: TurnState | None = None,
) -> list[str]:
    """Tracker words: on fire (what, how much a second, the DX penalty), holding his breath
    or suffocating, and where R9.3's schedule has him in the water (deep water, or the
    ``footing`` of a fight in it, R13.4, R13.5, which the tracker names already); after
    their markers when ``marked``. A man sunk in deep water, or not conscious there and
    about to sink (his ``turn`` tells), shows his fate instead of his breath and his
    Swimming: :func:`brain_death_conditions` (R9.4)."""
    state = sheet.state
    fate = brain_death_conditions(sheet, turn, messages, locale, marked=marked) if turn else []
    found: list[tuple[str, str]] = []
    if state.on_fire is not None:
        found.append(
            (
                "on_fire",
                _t(
                    messages,
                    locale,
                    "environment.condition.on_fire",
                    burning=burning_text(state.on_fire, messages, locale),
                ),
            )
        )
    if state.breath_left is not None and not fate:
        if state.breath_left > 0:
            found.append(
                (
                    "holding",
                    _t(
                        messages,
                        locale,
                        "environment.condition.holding",
                        seconds=state.breath_left,
                    ),
                )
            )
        else:
            found.append(
                (
                    "suffocating",
                    _t(
                        messages,
                        locale,
                        "environment.condition.suffocating",
                        seconds=state.airless_seconds,
                    ),
                )
            )
    if state.intense_heat_dr is not None:
        safe = max(0, INTENSE_HEAT_SAFE_PER_DR * state.intense_heat_dr - state.intense_heat_seconds)
        found.append(
            (
                "intense_heat",
                # Once the safe time is over, the rolls have started (R10.10).
                _t(
                    messages,
                    locale,
                    "environment.condition.intense_heat"
                    if safe
                    else "environment.condition.intense_heat_rolling",
                    seconds=safe,
                ),
            )
        )
    if state.water is not None and not fate:
        then = swim_countdown(state.water, messages, locale, footing)
        found.append(
            (
                "in_water",
                _t(
                    messages,
                    locale,
                    "breath.condition.in_water" if footing is None else "breath.condition.swimming",
                    then=then,
                    target=state.water.target,
                ),
            )
        )
    return [f"{HAZARD_MARKERS[key]} {text}" if marked else text for key, text in found] + fate


def _swim_then(
    state: SwimState,
    wait: int | None,
    messages: Messages,
    locale: str,
    footing: Water | None = None,
    *,
    sunk: bool = False,
) -> str:
    """Where a Swimming roll left him: R9.3's words for his state, or, when the fight in the
    water brings the next roll sooner (R13.4, R13.5), the state with that wait; still sunk
    after a failure, his next roll at his next second (R9.4)."""
    if sunk:
        return _t(messages, locale, "breath.state.sunk")
    if wait is None or wait == NEXT_ROLL[state]:
        return _t(messages, locale, f"breath.state.{state.value}")
    return _t(messages, locale, _countdown_key(state, footing), wait=_wait(wait, messages, locale))


def _countdown_key(state: SwimState, footing: Water | None) -> str:
    """R9.3's state counting down; a fighter fully under water (R13.4) who made his roll is
    swimming there, not with his head above water."""
    if footing is Water.underwater and state in (SwimState.CALM, SwimState.RECOVERING):
        return f"breath.countdown_underwater.{state.value}"
    return f"breath.countdown.{state.value}"


def _wait(left: int, messages: Messages, locale: str) -> str:
    minutes, seconds = divmod(left, 60)
    if not minutes:
        return _t(messages, locale, "breath.wait.seconds", seconds=seconds)
    if not seconds:
        return _t(messages, locale, "breath.wait.minutes", minutes=minutes)
    return _t(messages, locale, "breath.wait.minutes_seconds", minutes=minutes, seconds=seconds)


def swim_countdown(
    water: InWater, messages: Messages, locale: str, footing: Water | None = None
) -> str:
    """Where he is in R9.3's schedule, counting down as the rounds pass (a round is a
    second, R4.1): the roll comes at his place once ``seconds`` reaches ``next_roll_at``.
    ``footing``: where he fights in the water (R13.4, R13.5)."""
    if water.state is SwimState.ENTERING:
        return _t(messages, locale, "breath.state.entering")
    left = max(1, water.next_roll_at - water.seconds + 1)
    return _t(
        messages,
        locale,
        _countdown_key(water.state, footing),
        wait=_wait(left, messages, locale),
    )


def brain_death_conditions(
    sheet: Combatant, turn: TurnState, messages: Messages, locale: str, *, marked: bool = False
) -> list[str]:
    """Tracker words for a man sunk in deep water: the round his brain dies in unless he is
    rescued (R9.4, R9.2), in words for how he is now: fainted, asleep, or awake again and
    still under (his next Swimming roll may bring him up, R9.3). Not conscious there and not
    sunk yet: he sinks at his next second, no Swimming roll (R9.4)."""
    state = sheet.state
    if sunk_in_water(sheet):
        if restriction_of(sheet, turn) is Restriction.ASLEEP:
            key = "breath.deadline.asleep"
        elif not_conscious(sheet, turn):
            key = "breath.deadline.drowning"
        else:
            key = "breath.deadline.awake"
        text = _t(messages, locale, key, round=state.brain_death_round)
    elif will_sink(sheet, turn):
        text = _t(messages, locale, "breath.deadline.sinking")
    else:
        return []
    return [f"{HAZARD_MARKERS['in_water']} {text}" if marked else text]


def _tick_line(tick: HazardTick, messages: Messages, locale: str) -> str:
    if tick.air is not None:
        # R9.2: air again after a choke let go, with the HT roll against brain damage.
        return "\n".join(render_air(tick.air, messages, locale, name=tick.name))
    params: dict[str, object] = {"name": tick.name, "round": tick.round}
    if tick.burn is not None and tick.injury is not None:
        params.update(
            dice=tick.burn.expression,
            faces=faces_text(tick.burn.faces),
            damage=tick.burn.damage,
            injury=tick.injury.injury,
            before=tick.injury.hp_before,
            after=tick.injury.hp_after,
        )
    if tick.breath_left is not None:
        params["seconds"] = tick.breath_left
    if tick.safe_left is not None:
        params["seconds"] = tick.safe_left
    if tick.roll is not None:
        params.update(
            target=tick.roll.target, total=tick.roll.total, faces=faces_text(tick.roll.faces)
        )
    if tick.fatigue is not None:
        params.update(fp=tick.fatigue.fp_after, hp=tick.fatigue.hp_after)
    key = f"environment.tick.{tick.kind.value}"
    if tick.kind is HazardKind.BRAIN_DEATH and tick.asleep:
        key = "environment.tick.brain_death_asleep"
    if tick.kind is HazardKind.HEAT and tick.fatigue is not None:
        key = "environment.tick.heat_fp"
    if tick.swim is not None:
        params["then"] = _swim_then(
            tick.swim.then, tick.next_in, messages, locale, tick.footing, sunk=tick.sunk
        )
        key = "breath.tick.swim_fp" if tick.fatigue is not None else "breath.tick.swim"
        if tick.swim.roll is None:
            key = "breath.tick.swim_collapsed"
    if tick.brain_death_round is not None:
        params["round"] = tick.brain_death_round
        key = "breath.tick.sinks_asleep" if tick.asleep else "breath.tick.sinks"
    text = _t(messages, locale, key, **params)
    if tick.fatigue is not None and tick.fatigue.fainted:
        # Its own sentence after the FP and HP: "HP 7. He faints."
        text += ". " + _t(messages, locale, "environment.tick.faints", name=tick.name)
    return f"{text} ({tick.rule_id})"


def _serious(injury: InjuryOutcome | None) -> bool:
    return injury is not None and bool(
        injury.major_wound
        or injury.knockdown
        or injury.death_checks
        or injury.died
        or injury.knocked_out
        or injury.destroyed
    )


def render_hazard_ticks(
    ticks: Sequence[HazardTick], messages: Messages, locale: str, *, now: int | None = None
) -> list[discord.Embed]:
    """A line for every fighter's second of fire or breath; a burn that did more than take
    HP (a major wound, knockdown, death checks) gets its full damage breakdown too. A second
    at a place of an earlier round than ``now`` (the round the advance ended in: a fighter
    skipped at the end of the round that closed) names its round, so fainting or brain
    death reads in the round the tracker announced."""
    if not ticks:
        return []
    lines = [_tick_line(tick, messages, locale) for tick in ticks]
    if now is not None:
        lines = [
            line
            if tick.round >= now
            else _t(messages, locale, "environment.tick.in_round", round=tick.round, line=line)
            for tick, line in zip(ticks, lines, strict=True)
        ]
    embeds = line_embeds(ResultKind.DAMAGE, _t(messages, locale, "environment.tick.title"), lines)
    for tick in ticks:
        if tick.injury is not None and _serious(tick.injury):
            embeds.append(render_damage(tick.injury, tick.name, messages, locale))
    return embeds
