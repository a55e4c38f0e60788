"""Fire (R10.1-R10.8): exposure to flames, setting things alight, catching fire.

- R10.1: burning damage, large-area (R7.18): 1d-3 for part of a turn in the flames,
  1d-1 a second in them, 3d a second in molten metal or a furnace: :func:`fire_exposure`.
- R10.2: an incendiary attack does 1 burning damage more: :data:`INCENDIARY_EXTRA`.
- R10.3: a tight beam's damage is divided by 10 to see whether it sets things alight.
- R10.4: six flammability classes, by the burning damage one attack needs to ignite them;
  flames that could at their best roll again each second, flames one or two classes
  short roll 3d every 10 seconds: :func:`ignite`.
- R10.5-R10.8: a burning attack of 3 (10) basic damage sets part (all) of the clothing
  alight, a wooden shield taking 10 in a second burns its holder, wet clothes or clothes
  under armor hardly ever catch and lace catches on 1 point: :func:`catch_fire`,
  :func:`shield_catches_fire`; the burning every second: :func:`burn`; putting it out:
  :func:`extinguish`.
- A hit in a fight (R10.2, R10.5-R10.8): :func:`fire_on_hit` adds an incendiary attack's
  burning point and sets the victim's clothes alight when the hit's burning damage is enough.
- The DX penalty of whatever burns on him (R10.5-R10.7): :func:`burning_dx_penalty`.

Environmental totals are floored at 0 (G7).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.body import HitLocation
from rules.checks import success_roll
from rules.combatant import Burning, Combatant, CombatantState
from rules.damage import DamageSpec, DamageType
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.injury import InjuryOutcome, apply_hit
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord
from rules.roller import DiceRoller
from rules.schedule import rolls_for

__all__ = [
    "BURNING",
    "FLAMMABILITY",
    "INCENDIARY_EXTRA",
    "BurnTick",
    "Clothing",
    "Exposure",
    "Extinguish",
    "FireExposure",
    "FireOnHit",
    "Flammability",
    "Ignition",
    "IgnitionOutcome",
    "IgnitionRoll",
    "burn",
    "burning_dx_penalty",
    "burning_hit",
    "catch",
    "catch_fire",
    "classify_ignition",
    "extinguish",
    "extinguish_readies",
    "fire_exposure",
    "fire_on_hit",
    "ignite",
    "ignition_damage",
    "rule_for",
    "shield_catches_fire",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

INCENDIARY_EXTRA: Final = 1
"""R10.2: burning damage an Incendiary attack adds."""
TIGHT_BEAM_DIVISOR: Final = 10
"""R10.3: a tight beam's damage is divided by this for ignition."""


def _negative(field: str, value: float) -> RuleError:
    return RuleError(
        "environment.negative",
        f"{field} cannot be negative (got {value})",
        field=field,
        value=value,
    )


def ignition_damage(damage: int, *, tight_beam: bool = False) -> Fraction:
    """The damage that counts for setting things alight: a tight beam's ÷ 10, the fraction
    kept (R10.3, the catalog's reading): 23 → 2.3."""
    return Fraction(damage, TIGHT_BEAM_DIVISOR) if tight_beam else Fraction(damage)


# --------------------------------------------------------------------------- R10.1


class Exposure(StrEnum):
    """How long and how hot the flames are (R10.1)."""

    PARTIAL = "partial"
    """Part of a turn in the flames (leaping through): 1d-3, once."""
    FULL = "full"
    """A whole turn in the flames: 1d-1 a second."""
    FURNACE = "furnace"
    """Molten metal or a furnace: 3d a second."""


EXPOSURE_DICE: Final = {
    Exposure.PARTIAL: DiceExpression.of(1, -3),
    Exposure.FULL: DiceExpression.of(1, -1),
    Exposure.FURNACE: DiceExpression.of(3),
}
"""R10.1's table."""


class FireExposure(BaseModel):
    """R10.1: every second's burning damage, each floored at 0, and their total."""

    model_config = _FROZEN

    exposure: Exposure
    seconds: int
    expression: str
    rolls: tuple[tuple[tuple[int, ...], int], ...]
    """(faces, damage at least 0) for each second."""
    damage: int
    rule_ids: tuple[str, ...]


def fire_exposure(exposure: Exposure, seconds: int, roller: DiceRoller) -> FireExposure:
    """R10.1: roll the exposure's dice once (part of a turn) or once a second, each second
    at least 0 (G7), and total them: the catalog's example adds 3 + 0 + 5 = 8 and applies
    large-area DR to the total (:func:`burning_hit`)."""
    if seconds < 0:
        raise _negative("seconds", seconds)
    expression = EXPOSURE_DICE[exposure]
    count = 1 if exposure is Exposure.PARTIAL else rolls_for(seconds, 1)
    rolls = []
    for _ in range(count):
        result = expression.roll(roller)
        rolls.append((result.dice, max(0, result.total)))
    rule_ids = ["R10.1", "R7.18"]
    if any(result_total == 0 for _, result_total in rolls):
        rule_ids.append("G7")
    return FireExposure(
        exposure=exposure,
        seconds=count,
        expression=expression.text,
        rolls=tuple(rolls),
        damage=sum(total for _, total in rolls),
        rule_ids=tuple(rule_ids),
    )


def burning_hit(
    target: Combatant,
    damage: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> InjuryOutcome:
    """Fire's burning damage through the injury pipeline, large-area (R10.1, R7.18); armor
    gives its full DR against it (R10.12). Fire is environmental damage: 0 does no injury,
    never the attack minimum of 1 (G7)."""
    spec = DamageSpec(
        basic_damage=damage, damage_type=DamageType.BURN, large_area=True, environmental=True
    )
    return apply_hit(target, spec, roller, options if options is not None else RuleOptions())


# --------------------------------------------------------------------------- R10.4


class Flammability(StrEnum):
    """R10.4's six classes, from the easiest to set alight."""

    SUPERFLAMMABLE = "superflammable"
    HIGHLY_FLAMMABLE = "highly_flammable"
    FLAMMABLE = "flammable"
    RESISTANT = "resistant"
    HIGHLY_RESISTANT = "highly_resistant"
    NONFLAMMABLE = "nonflammable"


FLAMMABILITY: Final[dict[Flammability, int | None]] = {
    Flammability.SUPERFLAMMABLE: 1,
    Flammability.HIGHLY_FLAMMABLE: 1,
    Flammability.FLAMMABLE: 3,
    Flammability.RESISTANT: 10,
    Flammability.HIGHLY_RESISTANT: 30,
    Flammability.NONFLAMMABLE: None,
}
"""R10.4's table: burning damage of one attack that ignites each class (``None``: never).
"Any amount" for superflammable is read as 1 point (the catalog's reading)."""
_CLASSES: Final = tuple(Flammability)
ONE_CLASS_ABOVE: Final = 16
TWO_CLASSES_ABOVE: Final = 6
SLOW_ROLL_SECONDS: Final = 10


class Ignition(StrEnum):
    """How flames of some strength fare against a material (R10.4)."""

    AT_ONCE = "at_once"
    """Their least damage is enough: it catches at once."""
    EACH_SECOND = "each_second"
    """Only some of their rolls are enough: roll the damage every second of contact."""
    ONE_CLASS_ABOVE = "one_class_above"
    """3d every 10 seconds, catching on 16 or less."""
    TWO_CLASSES_ABOVE = "two_classes_above"
    """3d every 10 seconds, catching on 6 or less."""
    NEVER = "never"


class IgnitionRoll(BaseModel):
    """One roll against the material: the flames' damage, or the slow 3d."""

    model_config = _FROZEN

    second: int
    faces: tuple[int, ...]
    total: int
    counted: Fraction
    """The damage that counts (÷ 10 for a tight beam), or the 3d total."""
    ignites: bool


class IgnitionOutcome(BaseModel):
    """R10.4: whether, and after how long, the flames set the material alight."""

    model_config = _FROZEN

    material: Flammability
    threshold: int | None
    flame: str
    best: Fraction
    """The flames' maximum damage as it counts."""
    ignition: Ignition
    target: int | None
    """The 3d number for the slow rolls."""
    rolls: tuple[IgnitionRoll, ...]
    ignited: bool
    second: int | None
    """The second it caught."""
    rule_ids: tuple[str, ...]


def classify_ignition(material: Flammability, best: Fraction) -> Ignition:
    """Which of R10.4's cases flames whose best damage is ``best`` fall in."""
    threshold = FLAMMABILITY[material]
    if threshold is None or best < 1:
        return Ignition.NEVER
    if best >= threshold:
        return Ignition.AT_ONCE
    reachable = [
        index
        for index, cls in enumerate(_CLASSES)
        if (limit := FLAMMABILITY[cls]) is not None and best >= limit
    ]
    highest = max(reachable, default=-1)
    above = _CLASSES.index(material) - highest
    if above == 1:
        return Ignition.ONE_CLASS_ABOVE
    if above == 2:
        return Ignition.TWO_CLASSES_ABOVE
    return Ignition.NEVER


def ignite(
    material: Flammability,
    flame: DiceExpression,
    seconds: int,
    roller: DiceRoller,
    *,
    tight_beam: bool = False,
) -> IgnitionOutcome:
    """R10.4 over ``seconds`` of contact: flames whose damage may reach the material's
    threshold roll it once a second until it does (the first roll is the attack's); flames
    one class short roll 3d every 10 seconds and catch on 16 or less, two classes short on
    6 or less; more than that never (the catalog's reading). Tight beams count a tenth
    (R10.3).

    A campfire brand (1d-1, best 5) on leather: one class above, 16 or less every 10 s.
    """
    if seconds < 0:
        raise _negative("seconds", seconds)
    threshold = FLAMMABILITY[material]
    best = ignition_damage(max(0, flame.max_total), tight_beam=tight_beam)
    case = classify_ignition(material, best)
    worst = ignition_damage(max(0, flame.min_total), tight_beam=tight_beam)
    if case is Ignition.AT_ONCE and threshold is not None and worst < threshold:
        case = Ignition.EACH_SECOND
    rolls: list[IgnitionRoll] = []
    target: int | None = None
    if case in (Ignition.AT_ONCE, Ignition.EACH_SECOND) and threshold is not None:
        for second in range(1, rolls_for(max(1, seconds), 1) + 1):
            result = flame.roll(roller)
            counted = ignition_damage(max(0, result.total), tight_beam=tight_beam)
            caught = counted >= threshold
            rolls.append(
                IgnitionRoll(
                    second=second,
                    faces=result.dice,
                    total=max(0, result.total),
                    counted=counted,
                    ignites=caught,
                )
            )
            if caught:
                break
    elif case in (Ignition.ONE_CLASS_ABOVE, Ignition.TWO_CLASSES_ABOVE):
        target = ONE_CLASS_ABOVE if case is Ignition.ONE_CLASS_ABOVE else TWO_CLASSES_ABOVE
        for tens in range(1, rolls_for(seconds, SLOW_ROLL_SECONDS) + 1):
            faces = (roller.roll_die(6), roller.roll_die(6), roller.roll_die(6))
            total = sum(faces)
            caught = total <= target
            rolls.append(
                IgnitionRoll(
                    second=tens * SLOW_ROLL_SECONDS,
                    faces=faces,
                    total=total,
                    counted=Fraction(total),
                    ignites=caught,
                )
            )
            if caught:
                break
    ignited = any(roll.ignites for roll in rolls)
    rule_ids = ["R10.4"]
    if tight_beam:
        rule_ids.append("R10.3")
    return IgnitionOutcome(
        material=material,
        threshold=threshold,
        flame=flame.text,
        best=best,
        ignition=case,
        target=target,
        rolls=tuple(rolls),
        ignited=ignited,
        second=next((roll.second for roll in rolls if roll.ignites), None),
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- R10.5-R10.8


class Clothing(StrEnum):
    """What the victim wears, for catching fire (R10.5-R10.8)."""

    NORMAL = "normal"
    WET = "wet"
    """Wet clothes hardly ever catch fire (R10.8): not on their own."""
    UNDER_ARMOR = "under_armor"
    """Clothes under armor hardly ever catch fire (R10.8): not on their own."""
    FLIMSY = "flimsy"
    """Lace dresses, costumes: part of them catches on 1 point (R10.8)."""


PARTIAL_THRESHOLD: Final = 3
FULL_THRESHOLD: Final = 10
FLIMSY_THRESHOLD: Final = 1
SHIELD_THRESHOLD: Final = 10


def catch_fire(
    basic_damage: int, clothing: Clothing = Clothing.NORMAL, *, tight_beam: bool = False
) -> Burning | None:
    """R10.5-R10.8: what one burning attack of ``basic_damage`` sets alight: all the clothing
    at 10 or more, part of it at 3 (1 for flimsy clothes), nothing in wet clothes or
    clothes under armor (R10.8's "hardly ever", the catalog's reading: the GM may still
    set it alight by hand). A tight beam counts a tenth (R10.3)."""
    if basic_damage < 0:
        raise _negative("damage", basic_damage)
    if clothing in (Clothing.WET, Clothing.UNDER_ARMOR):
        return None
    counted = ignition_damage(basic_damage, tight_beam=tight_beam)
    if counted >= FULL_THRESHOLD:
        return Burning.FULL
    partial = FLIMSY_THRESHOLD if clothing is Clothing.FLIMSY else PARTIAL_THRESHOLD
    if counted >= partial:
        return Burning.PARTIAL
    return None


def shield_catches_fire(burning_damage: int) -> bool:
    """R10.7: a wooden shield taking 10 burning damage or more in one second burns."""
    return burning_damage >= SHIELD_THRESHOLD


BURNING: Final = {
    Burning.PARTIAL: (DiceExpression.of(1, -4), -2, 1),
    Burning.FULL: (DiceExpression.of(1, -1), -3, 3),
    Burning.SHIELD: (DiceExpression.of(1, -5), -2, 0),
}
"""R10.5-R10.7's table: (damage a second, DX penalty, Ready maneuvers an attempt to put
it out takes; 0: only by getting rid of the shield)."""
_RULE: Final = {Burning.PARTIAL: "R10.5", Burning.FULL: "R10.6", Burning.SHIELD: "R10.7"}


def rule_for(kind: Burning) -> str:
    """The rule a kind of burning comes from."""
    return _RULE[kind]


class BurnTick(BaseModel):
    """One second of burning clothes or shield (R10.5-R10.7)."""

    model_config = _FROZEN

    kind: Burning
    expression: str
    faces: tuple[int, ...]
    damage: int
    """At least 0 (G7)."""
    rule_id: str


def burn(kind: Burning, roller: DiceRoller) -> BurnTick:
    """A second of burning: 1d-4 (part of the clothes), 1d-1 (all of them) or 1d-5 (a
    wooden shield), at least 0."""
    expression = BURNING[kind][0]
    result = expression.roll(roller)
    return BurnTick(
        kind=kind,
        expression=expression.text,
        faces=result.dice,
        damage=max(0, result.total),
        rule_id=_RULE[kind],
    )


class Extinguish(BaseModel):
    """An attempt to put out burning clothes (R10.5, R10.6) or a shield dropped (R10.7)."""

    model_config = _FROZEN

    kind: Burning
    dive: bool
    """Dived into water: out at once, in one second (R10.6)."""
    roll: RollRecord | None
    readies: int
    """Ready maneuvers the attempt takes."""
    out: bool
    rule_ids: tuple[str, ...]


def extinguish(
    kind: Burning,
    dx: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    dive: bool = False,
) -> Extinguish:
    """Put the fire out: a DX roll at -2 for part of the clothes (the catalog reads R10.5's
    -2 as applying, since R10.6 exempts only its own -3), at plain DX for all of them, one
    Ready or three; diving into water puts burning clothes out at once (R10.6). A burning
    shield goes out of his hands, not out: he drops it (R10.7)."""
    rule_options = options if options is not None else RuleOptions()
    rule = _RULE[kind]
    if kind is Burning.SHIELD:
        return Extinguish(kind=kind, dive=False, roll=None, readies=1, out=True, rule_ids=(rule,))
    if dive:
        return Extinguish(
            kind=kind, dive=True, roll=None, readies=0, out=True, rule_ids=(rule, "R10.6")
        )
    modifiers = (
        (Modifier("burning_clothes", BURNING[kind][1], rule),) if kind is Burning.PARTIAL else ()
    )
    target = dx + sum(modifier.value for modifier in modifiers)
    roll = RollRecord.of(
        "dx", dx, modifiers, success_roll(target, roller, rule_options), rule_id=rule
    )
    return Extinguish(
        kind=kind,
        dive=False,
        roll=roll,
        readies=BURNING[kind][2],
        out=roll.succeeded,
        rule_ids=(rule,),
    )


def extinguish_readies(kind: Burning) -> int:
    """Ready maneuvers a try at putting it out takes: one for part of the clothes (R10.5),
    three for all of them (R10.6), one to drop a burning shield (R10.7)."""
    return BURNING[kind][2]


def burning_dx_penalty(state: CombatantState) -> Modifier | None:
    """The DX penalty of what burns on him, with its rule: -2 for part of his clothes (R10.5)
    or a burning shield (R10.7), -3 for all his clothes (R10.6); ``None`` when nothing does.
    Its key (``fire.modifier.<kind>``) names it in the attack and defense breakdowns."""
    kind = state.on_fire
    if kind is None:
        return None
    return Modifier(key=f"fire.modifier.{kind.value}", value=BURNING[kind][1], rule_id=_RULE[kind])


def catch(state: CombatantState, burning: Burning) -> CombatantState:
    """He catches fire (R10.5-R10.7); burning clothes never go from all to part of them."""
    if state.on_fire is Burning.FULL and burning is Burning.PARTIAL:
        return state
    return state.model_copy(update={"on_fire": burning})


class FireOnHit(BaseModel):
    """What a hit's fire did after its damage (R10.2, R10.5-R10.8).

    ``incendiary`` is the extra burning point's trip through the injury pipeline (R10.2);
    ``burning`` the hit's burning basic damage that counts for the clothes (the attack's own
    when it burns, plus the incendiary point); ``clothing`` how the victim's clothes stood
    at the hit location (under armor when it has DR there, R10.8); ``caught`` what caught
    fire, ``None`` if nothing did; ``combatant`` the victim afterwards.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    incendiary: InjuryOutcome | None
    burning: int
    counted: Fraction | None = None
    """What the clothes' thresholds are compared with: a tight beam's tenth (R10.3), else
    the burning itself."""
    clothing: Clothing
    caught: Burning | None
    combatant: Combatant
    rule_ids: tuple[str, ...]


def fire_on_hit(
    victim: Combatant,
    spec: DamageSpec,
    basic_damage: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    incendiary: bool = False,
) -> FireOnHit | None:
    """The fire of a hit that landed, on ``victim`` as the hit left him: an Incendiary
    attack's extra burning point through the injury pipeline, at the same location (R10.2),
    then his clothes, which one attack of 3 burning basic damage sets partly alight and
    one of 10 wholly (R10.5, R10.6; a tight beam's counts a tenth, R10.3). Clothes under
    armor do not catch (R10.8, the catalog's reading of "hardly ever": the GM may still set
    them alight with ``/environment catch-fire``); a victim with DR at the hit location
    wears them under armor. ``None`` when the hit carries no fire at all.

    A fire arrow (1d+2 imp, incendiary): the impaling damage, then 1 burning; 1 point
    sets no ordinary clothes alight. A 4-point burning bolt on an unarmored man: part of
    his clothes burn (1d-4 a second, DX -2).
    """
    burns = spec.damage_type is DamageType.BURN
    if not burns and not incendiary:
        return None
    rule_options = options if options is not None else RuleOptions()
    rule_ids: list[str] = []
    extra: InjuryOutcome | None = None
    sheet = victim
    if incendiary and not (sheet.state.dead or sheet.state.destroyed):
        point = DamageSpec(
            basic_damage=INCENDIARY_EXTRA,
            damage_type=DamageType.BURN,
            location=spec.location,
            side=spec.side,
            knockback=False,
        )
        extra = apply_hit(sheet, point, roller, rule_options)
        sheet = extra.combatant
        rule_ids.append("R10.2")
    burning = (basic_damage if burns else 0) + (INCENDIARY_EXTRA if incendiary else 0)
    location = HitLocation.TORSO if spec.large_area else spec.location
    clothing = Clothing.UNDER_ARMOR if sheet.dr.at(location).dr > 0 else Clothing.NORMAL
    caught: Burning | None = None
    if not (sheet.state.dead or sheet.state.destroyed):
        caught = catch_fire(burning, clothing, tight_beam=spec.tight_beam and burns)
    if caught is not None:
        sheet = sheet.with_state(catch(sheet.state, caught))
        rule_ids.append(_RULE[caught])
    elif clothing is Clothing.UNDER_ARMOR:
        rule_ids.append("R10.8")
    if spec.tight_beam and burns:
        rule_ids.append("R10.3")
    return FireOnHit(
        incendiary=extra,
        burning=burning,
        counted=ignition_damage(burning, tight_beam=spec.tight_beam and burns),
        clothing=clothing,
        caught=caught,
        combatant=sheet,
        rule_ids=tuple(rule_ids),
    )
