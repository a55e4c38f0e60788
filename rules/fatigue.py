"""Fatigue: what FP loss does, spending and recovering FP, and what costs FP (section 8).

- R8.1: below 1/3 of his FP a character's Move, Dodge and ST are halved, rounding up
  (HP and thrust or swing damage keep the ST attribute): :func:`fatigue_status`,
  :func:`tired_scores`; the combatant's own ``move``, ``dodge`` and ``st`` apply it.
- R8.2: at 0 FP or less every FP lost also costs 1 HP, and he rolls Will before acting
  (:mod:`rules.turn` rolls it, with the critical failure's HT roll against cardiac arrest,
  and lets him die when HT/3 minutes pass with no help); :func:`help_heart` is the help.
- R8.3: at -FP he faints, and any further FP lost comes off his HP instead; he comes to
  only when his FP is positive again: :func:`fp_loss`, :func:`lose_fp`, :func:`recover_fp`.
- R8.4: a fight longer than 10 s costs FP to everyone who attacked or defended, by
  encumbrance, +1 in hot weather, +2 in plate or an overcoat: :func:`combat_fatigue`.
- R8.5: hiking costs the same every hour: :func:`hiking_fatigue`.
- R8.6: running and swimming call for HT (or Running or Swimming) rolls on a schedule:
  :func:`exertion`.
- R8.7: a missed meal costs 1 FP: :func:`missed_meals`.
- R8.7-R8.9: the FP lost to hunger, thirst or missed sleep come back only after their own
  remedy (a day of rest and food or water, a good night's sleep): :class:`Want`,
  :func:`withhold`, and :func:`recover_fp`'s cap. The same holds for FP lost to heat until
  the creature reaches a cooler place (R10.9) and to cold until it reaches shelter and a
  heat source (R10.13).
- R8.8: too little water costs 1 FP every 8 hours, less than 1 litre a day 1 FP and
  1 HP more: :func:`dehydration`.
- R8.9, R8.10: staying awake past the waking day costs FP, and the FP lost to it brings
  Will rolls to stay awake and -2 to DX, IQ and Self-Control: :func:`missed_sleep`,
  :func:`sleep_deprivation`, :func:`stay_awake`.

Every function is pure: rolls come from the ``DiceRoller`` given, outcomes are frozen
models holding every roll and the rule ids applied.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.checks import success_roll
from rules.climate import heat_surcharge
from rules.combatant import Combatant, CombatantState, Posture
from rules.errors import RuleError
from rules.injury import resolve_death_checks
from rules.options import RuleOptions
from rules.records import RollRecord
from rules.roller import DiceRoller
from rules.schedule import rolls_for
from rules.turn import TurnState, cardiac_arrest_seconds

__all__ = [
    "COMBAT_FATIGUE_SECONDS",
    "DEHYDRATION_INTERVAL_HOURS",
    "ENCUMBRANCE_FP_COST",
    "WAKING_DAY_HOURS",
    "WATER_NEEDED",
    "Activity",
    "Climate",
    "CombatFatigue",
    "CombatFatigueOffer",
    "Dehydration",
    "Exertion",
    "FPLoss",
    "FatigueChange",
    "FatigueStatus",
    "HeartHelp",
    "Hiking",
    "MissedSleep",
    "SleepCadence",
    "SleepDeprivation",
    "StayAwake",
    "TiredScores",
    "Want",
    "cardiac_arrest_seconds",
    "combat_fatigue",
    "combat_fatigue_offers",
    "dehydration",
    "ensure_combat_fatigue_unpaid",
    "exertion",
    "fatigue_status",
    "fp_loss",
    "halve_up",
    "help_heart",
    "hiking_fatigue",
    "lose_fp",
    "missed_meals",
    "missed_sleep",
    "recover_fp",
    "sleep_deprivation",
    "stay_awake",
    "tired_scores",
    "waking_day_hours",
    "withhold",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

ENCUMBRANCE_FP_COST: Final = (1, 2, 3, 4, 5)
"""R8.4's table: FP a fight (or an hour's hike, R8.5) costs, by encumbrance level 0-4."""
COMBAT_FATIGUE_SECONDS: Final = 10
"""R8.4: only a fight lasting more than this many seconds costs FP."""
HOT_WEATHER_FP: Final = 1
PLATE_FP: Final = 2


def _no_fp(name: str) -> RuleError:
    return RuleError("fatigue.no_fp", f"{name} has no FP to lose or recover", name=name)


def _negative(field: str, value: float) -> RuleError:
    return RuleError(
        "fatigue.negative", f"{field} cannot be negative (got {value})", field=field, value=value
    )


# --------------------------------------------------------------------------- R8.1-R8.3


def halve_up(value: int) -> int:
    """Half of ``value``, rounding up (R8.1, like R7.1)."""
    return -(-value // 2)


class FatigueStatus(BaseModel):
    """What a current FP total means (R8.1-R8.3)."""

    model_config = _FROZEN

    fp: int
    max_fp: int
    tired: bool
    """Fewer than 1/3 of his FP left: Move, Dodge and ST halved (R8.1)."""
    exhausted: bool
    """0 FP or less: each FP lost costs 1 HP too, and Will before each action (R8.2)."""
    fainted: bool
    """At -FP: unconscious, further FP lost comes off HP (R8.3)."""
    rule_ids: tuple[str, ...]


def fatigue_status(fp: int, max_fp: int) -> FatigueStatus:
    """The R8.1-R8.3 bands for ``fp`` of ``max_fp`` (the effects are cumulative).

    FP 12: 4 is not tired, 3 is (3 × 3 < 12); 0 is exhausted; -12 has fainted.
    """
    if max_fp < 0:
        raise _negative("max_fp", max_fp)
    tired = 3 * fp < max_fp
    exhausted = fp <= 0
    fainted = fp <= -max_fp
    rule_ids = [
        rule for rule, on in (("R8.1", tired), ("R8.2", exhausted), ("R8.3", fainted)) if on
    ]
    return FatigueStatus(
        fp=fp,
        max_fp=max_fp,
        tired=tired,
        exhausted=exhausted,
        fainted=fainted,
        rule_ids=tuple(rule_ids),
    )


class TiredScores(BaseModel):
    """Move, Dodge and ST as FP loss leaves them (R8.1)."""

    model_config = _FROZEN

    move: int
    dodge: int
    st: int
    halved: bool


def tired_scores(fp: int, max_fp: int, *, move: int, dodge: int, st: int) -> TiredScores:
    """R8.1: below 1/3 FP, Move, Dodge and ST are halved, rounding up; otherwise unchanged.

    The catalog's case: FP 3 of 12, Move 6, Dodge 9, ST 11 → 3, 5, 6.
    """
    if not fatigue_status(fp, max_fp).tired:
        return TiredScores(move=move, dodge=dodge, st=st, halved=False)
    return TiredScores(move=halve_up(move), dodge=halve_up(dodge), st=halve_up(st), halved=True)


class FPLoss(BaseModel):
    """FP lost, point by point, at and below zero (R8.2, R8.3)."""

    model_config = _FROZEN

    amount: int
    fp_before: int
    fp_after: int
    hp_with_fp: int
    """HP lost with FP at 0 or below, one for each FP (R8.2)."""
    hp_instead: int
    """HP lost instead of FP once he is at -FP (R8.3)."""

    @property
    def hp_lost(self) -> int:
        return self.hp_with_fp + self.hp_instead


def fp_loss(fp: int, max_fp: int, amount: int) -> FPLoss:
    """Lose ``amount`` FP from ``fp`` of ``max_fp``, one point at a time (R8.3's reading).

    A point lost while FP is above -FP takes 1 FP, and also 1 HP when the new total is
    below 0 (R8.2); a point lost at -FP comes off HP instead (R8.3). FP 10 at 0 losing
    2: FP -2 and 2 HP. At -8 losing 4: FP -10 and 4 HP (2 with FP, 2 instead of it).
    """
    if amount < 0:
        raise _negative("amount", amount)
    if max_fp < 0:
        raise _negative("max_fp", max_fp)
    floor = -max_fp
    with_fp = max(0, min(amount, fp - floor))
    after = fp - with_fp
    # Points taking FP below 0 cost HP too: those ending at -1 … after.
    hp_with_fp = max(0, -after) - max(0, -fp) if with_fp else 0
    return FPLoss(
        amount=amount,
        fp_before=fp,
        fp_after=after,
        hp_with_fp=max(0, hp_with_fp),
        hp_instead=amount - with_fp,
    )


class Want(StrEnum):
    """What cost FP that ordinary rest cannot restore (R8.7-R8.9, R10.9, R10.13); the value
    is the key of :attr:`~rules.combatant.CombatantState.fp_withheld`."""

    STARVATION = "starvation"
    """Missed meals: back after a full day of rest and proper food (R8.7)."""
    DEHYDRATION = "dehydration"
    """Too little water: back after a full day of rest and proper hydration (R8.8)."""
    SLEEP = "sleep"
    """Missed sleep: back after a good night's sleep (R8.9)."""
    HEAT = "heat"
    """Stressful activity in the heat: back only in a cooler place (R10.9)."""
    COLD = "cold"
    """Long exposure to cold: back only with shelter and a heat source (R10.13)."""

    @property
    def rule_id(self) -> str:
        return WANT_RULES[self]


WANT_RULES: Final = {
    Want.STARVATION: "R8.7",
    Want.DEHYDRATION: "R8.8",
    Want.SLEEP: "R8.9",
    Want.HEAT: "R10.9",
    Want.COLD: "R10.13",
}


def withhold(state: CombatantState, want: Want, fp: int) -> CombatantState:
    """``fp`` more FP lost to ``want``: rest will not bring them back (R8.7-R8.9, R10.9,
    R10.13)."""
    if fp <= 0:
        return state
    kept = dict(state.fp_withheld)
    kept[want.value] = kept.get(want.value, 0) + fp
    return state.model_copy(update={"fp_withheld": kept})


class FatigueChange(BaseModel):
    """FP spent or recovered by one combatant, and what it did to him (R8.1-R8.3)."""

    model_config = _FROZEN

    name: str
    amount: int
    recovered: bool
    """FP regained (rest) rather than lost."""
    fp_before: int
    fp_after: int
    max_fp: int
    hp_before: int
    hp_after: int
    max_hp: int
    loss: FPLoss | None = None
    fainted: bool = False
    """He fell unconscious at -FP with this loss (R8.3)."""
    woke: bool = False
    """His FP is positive again and he comes to (R8.3)."""
    collapse_ended: bool = False
    """He had collapsed (R8.2) and his FP is positive again: he may act at once."""
    death_checks: tuple[RollRecord, ...] = ()
    """HT rolls for the -HP multiples the HP loss reached (R7.3)."""
    died: bool = False
    held_back: int = 0
    """FP of the amount rest could not restore: lost to hunger, thirst or missed sleep
    (R8.7-R8.9), heat (R10.9) or cold (R10.13)."""
    held_by: tuple[Want, ...] = ()
    """What still holds FP back after the rest, whether or not it cut the amount short."""
    still_lost: int = 0
    """FP that stay lost after the rest to hunger, thirst, missed sleep, heat or cold,
    whatever amount was asked for (R8.7-R8.9, R10.9, R10.13)."""
    remedied: tuple[Want, ...] = ()
    """What the rest came with (food, water, sleep, a cooler place, shelter and warmth): its
    FP may come back now."""
    status: FatigueStatus
    state: CombatantState
    rule_ids: tuple[str, ...]


def lose_fp(
    combatant: Combatant,
    amount: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    hp_too: int = 0,
) -> FatigueChange:
    """``combatant`` loses ``amount`` FP (spent, or from any fatigue cost): R8.1-R8.3.

    At 0 FP or less each point costs 1 HP too; at -FP he faints (prone) and further
    points come off HP; HP reaching -HP multiples brings death checks (R7.3, R7.4).
    ``hp_too`` is HP the same cause takes directly (R8.8's scant water).
    """
    if combatant.max_fp <= 0:
        raise _no_fp(combatant.name)
    if hp_too < 0:
        raise _negative("hp", hp_too)
    state = combatant.state
    loss = fp_loss(state.fp, combatant.max_fp, amount)
    hp_after = state.hp - loss.hp_lost - hp_too
    update: dict[str, object] = {"fp": loss.fp_after, "hp": hp_after}
    rule_ids: list[str] = []
    if loss.hp_with_fp:
        rule_ids.append("R8.2")
    fainted = False
    if loss.fp_after <= -combatant.max_fp and not state.unconscious and not state.dead:
        fainted = True
        update.update({"unconscious": True, "fatigue_unconscious": True})
        update["posture"] = Posture.PRONE
    if fainted or loss.hp_instead:
        rule_ids.append("R8.3")
    checks: tuple[RollRecord, ...] = ()
    died = False
    if hp_after < state.hp and hp_after <= -combatant.max_hp and not state.dead:
        found = resolve_death_checks(
            combatant,
            hp_after,
            roller=roller,
            options=options if options is not None else RuleOptions(),
        )
        checks = found.rolls
        update.update(
            {
                "death_checks_made": found.checks_made,
                "dead": found.dead,
                "destroyed": found.destroyed,
                "mortally_wounded": found.mortally_wounded,
            }
        )
        died = found.dead
        rule_ids.extend(found.rule_ids)
    new_state = state.model_copy(update=update)
    status = fatigue_status(loss.fp_after, combatant.max_fp)
    if status.tired and "R8.1" not in rule_ids:
        rule_ids.insert(0, "R8.1")
    return FatigueChange(
        name=combatant.name,
        amount=amount,
        recovered=False,
        fp_before=state.fp,
        fp_after=loss.fp_after,
        max_fp=combatant.max_fp,
        hp_before=state.hp,
        hp_after=hp_after,
        max_hp=combatant.max_hp,
        loss=loss,
        fainted=fainted,
        death_checks=checks,
        died=died,
        status=status,
        state=new_state,
        rule_ids=tuple(dict.fromkeys(rule_ids)),
    )


def recover_fp(
    combatant: Combatant,
    amount: int,
    remedied: Collection[Want] = (),
    *,
    collapsed: bool = False,
) -> FatigueChange:
    """``combatant`` regains ``amount`` FP, up to his FP attribute. Positive FP again wakes
    one who fainted from fatigue (R8.3) and ends a collapse (``collapsed``, R8.2: "until he
    gets back to a positive FP total"), both at once.

    FP lost to hunger, thirst or missed sleep (R8.7-R8.9), heat (R10.9) or cold (R10.13)
    stay lost unless the rest came with their remedy (``remedied``): FP 10 with 3 lost to
    missed sleep, at 2, rests for 10: he gets back to 7, 3 held back; after a good night's
    sleep, to 10. What still holds FP back (``held_by``, ``still_lost``) is reported even
    when the amount asked for fits under it: resting 1 from 2 gets him to 3, 3 FP still
    lost to missed sleep."""
    if amount < 0:
        raise _negative("amount", amount)
    if combatant.max_fp <= 0:
        raise _no_fp(combatant.name)
    state = combatant.state
    cured = {Want(w) for w in remedied}
    withheld = {
        key: fp for key, fp in state.fp_withheld.items() if fp > 0 and Want(key) not in cured
    }
    cap = combatant.max_fp - sum(withheld.values())
    wanted = min(combatant.max_fp, state.fp + amount)
    after = max(state.fp, min(cap, wanted))
    update: dict[str, object] = {"fp": after, "fp_withheld": withheld}
    woke = after > 0 and state.fatigue_unconscious and not state.dead
    if woke:
        update.update({"unconscious": False, "fatigue_unconscious": False})
    held_back = wanted - after
    held_by = tuple(Want(key) for key in withheld)
    remedies = tuple(w for w in Want if w in cured and state.fp_withheld.get(w.value, 0) > 0)
    status = fatigue_status(after, combatant.max_fp)
    rule_ids = list(status.rule_ids)
    if woke:
        rule_ids.append("R8.3")
    rule_ids += [w.rule_id for w in sorted({*held_by, *remedies}, key=list(Want).index)]
    collapse_ended = collapsed and after > 0 and not state.dead
    if collapse_ended:
        rule_ids.append("R8.2")
    return FatigueChange(
        name=combatant.name,
        amount=after - state.fp,
        recovered=True,
        fp_before=state.fp,
        fp_after=after,
        max_fp=combatant.max_fp,
        hp_before=state.hp,
        hp_after=state.hp,
        max_hp=combatant.max_hp,
        woke=woke,
        held_back=held_back,
        held_by=held_by,
        still_lost=sum(withheld.values()),
        remedied=remedies,
        collapse_ended=collapse_ended,
        status=status,
        state=state.model_copy(update=update),
        rule_ids=tuple(dict.fromkeys(rule_ids)),
    )


class HeartHelp(BaseModel):
    """R8.2: someone tends a fighter whose heart stopped."""

    model_config = _FROZEN

    name: str
    roll: RollRecord | None
    """The helper's First Aid or Physician roll, when the GM asked for one."""
    helped: bool
    hp_before: int
    hp_after: int
    state: CombatantState
    turn: TurnState
    rule_ids: tuple[str, ...]


def help_heart(
    combatant: Combatant,
    turn: TurnState,
    *,
    skill: int | None = None,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> HeartHelp:
    """R8.2: help for a cardiac arrest before its HT/3 minutes run out.

    The rule says only "unless helped"; the GM decides what counts. With ``skill`` (the
    helper's First Aid or Physician) it is rolled, and only a success helps; without it
    the GM says he was helped. Helped, he survives at 0 HP or his current HP, whichever
    is lower, and stays out cold at his -FP until his FP are positive again (R8.3).

    HP 7 when saved: HP 0. HP -3: still -3.
    """
    if not turn.cardiac_arrest:
        raise RuleError(
            "fatigue.error.no_cardiac_arrest",
            f"{combatant.name}'s heart has not stopped",
            name=combatant.name,
        )
    state = combatant.state
    if state.dead or state.destroyed:
        raise RuleError(
            "fatigue.error.already_dead", f"{combatant.name} is dead", name=combatant.name
        )
    roll = None
    if skill is not None:
        rule_options = options if options is not None else RuleOptions()
        roll = RollRecord.of(
            "first_aid", skill, (), success_roll(skill, roller, rule_options), rule_id="R8.2"
        )
    helped = roll is None or roll.succeeded
    if not helped:
        new_state, new_turn = state, turn
    else:
        new_state = state.model_copy(
            update={
                "hp": min(0, state.hp),
                "unconscious": True,
                "fatigue_unconscious": True,
            }
        )
        new_turn = turn.model_copy(
            update={"cardiac_arrest": False, "cardiac_arrest_death_round": None}
        )
    return HeartHelp(
        name=combatant.name,
        roll=roll,
        helped=helped,
        hp_before=state.hp,
        hp_after=new_state.hp,
        state=new_state,
        turn=new_turn,
        rule_ids=("R8.2", "R8.3") if helped else ("R8.2",),
    )


# --------------------------------------------------------------------------- R8.4, R8.5


def _check_encumbrance(level: int) -> None:
    if not 0 <= level < len(ENCUMBRANCE_FP_COST):
        raise RuleError(
            "combatant.encumbrance_out_of_range",
            f"encumbrance level must be 0 to 4 (got {level})",
            value=level,
        )


class CombatFatigue(BaseModel):
    """R8.4: what a fight cost one fighter when it ended."""

    model_config = _FROZEN

    seconds: int
    fought: bool
    """He attacked or defended in it."""
    encumbrance: int
    hot: bool
    plate: bool
    applies: bool
    """The fight lasted more than 10 s and he attacked or defended."""
    base: int
    """R8.4's table for his encumbrance."""
    hot_extra: int
    plate_extra: int
    total: int
    rule_ids: tuple[str, ...] = ("R8.4",)


def combat_fatigue(
    seconds: int, *, fought: bool, encumbrance: int, hot: bool = False, plate: bool = False
) -> CombatFatigue:
    """R8.4: a fight of more than 10 s costs (encumbrance + 1) FP, +1 if the weather is hot,
    +2 in plate armor or an overcoat (both can apply: the catalog's reading of the seed's
    "ou"), once per fight, to each one who attacked or defended in it.

    15 s, Medium encumbrance, hot day, plate: 3 + 1 + 2 = 6. A 10-second fight costs nothing.
    """
    if seconds < 0:
        raise _negative("seconds", seconds)
    _check_encumbrance(encumbrance)
    applies = fought and seconds > COMBAT_FATIGUE_SECONDS
    base = ENCUMBRANCE_FP_COST[encumbrance] if applies else 0
    hot_extra = HOT_WEATHER_FP if applies and hot else 0
    plate_extra = PLATE_FP if applies and plate else 0
    return CombatFatigue(
        seconds=seconds,
        fought=fought,
        encumbrance=encumbrance,
        hot=hot,
        plate=plate,
        applies=applies,
        base=base,
        hot_extra=hot_extra,
        plate_extra=plate_extra,
        total=base + hot_extra + plate_extra,
    )


def ensure_combat_fatigue_unpaid(name: str, *, paid: bool) -> None:
    """R8.4: the cost is per combat; a fighter already charged for this fight is refused a
    second charge."""
    if paid:
        raise RuleError(
            "fatigue.error.combat_paid",
            f"{name} has already paid this fight's combat fatigue (R8.4)",
            name=name,
        )


class CombatFatigueOffer(BaseModel):
    """R8.4's cost for one fighter of a fight that ended, offered to the GM."""

    model_config = _FROZEN

    combatant_id: str
    name: str
    cost: CombatFatigue


def combat_fatigue_offers(
    fighters: Sequence[tuple[str, Combatant, bool]],
    seconds: int,
    *,
    hot: bool = False,
    plate: Collection[str] = (),
) -> tuple[CombatFatigueOffer, ...]:
    """R8.4 for everyone in a fight of ``seconds``: ``fighters`` are (id, sheet, whether he
    attacked or defended); ``plate`` the ids of those in plate or an overcoat. Only those
    it costs something, still alive and with FP to lose."""
    offers: list[CombatFatigueOffer] = []
    for combatant_id, sheet, fought in fighters:
        state = sheet.state
        if state.dead or state.destroyed or sheet.max_fp <= 0:
            continue
        cost = combat_fatigue(
            seconds,
            fought=fought,
            encumbrance=sheet.encumbrance_level,
            hot=hot,
            plate=combatant_id in plate,
        )
        if cost.total:
            offers.append(CombatFatigueOffer(combatant_id=combatant_id, name=sheet.name, cost=cost))
    return tuple(offers)


class Hiking(BaseModel):
    """R8.5: FP a march costs, hour by hour."""

    model_config = _FROZEN

    hours: int
    per_hour: int
    base: int
    hot_extra: int
    plate_extra: int
    total: int
    rule_ids: tuple[str, ...] = ("R8.5", "R8.4")


def hiking_fatigue(
    hours: int, *, encumbrance: int, hot: bool = False, plate: bool = False
) -> Hiking:
    """R8.5: every hour of travel costs R8.4's FP for his encumbrance, with its hot-weather
    and plate add-ons (the catalog reads "the item above" as the whole item).

    3 hours with Light encumbrance: 3 × 2 = 6 FP.
    """
    if hours < 0:
        raise _negative("hours", hours)
    _check_encumbrance(encumbrance)
    base = ENCUMBRANCE_FP_COST[encumbrance]
    hot_extra = HOT_WEATHER_FP if hot else 0
    plate_extra = PLATE_FP if plate else 0
    per_hour = base + hot_extra + plate_extra
    return Hiking(
        hours=hours,
        per_hour=per_hour,
        base=base,
        hot_extra=hot_extra,
        plate_extra=plate_extra,
        total=hours * per_hour,
    )


# --------------------------------------------------------------------------- R8.6


class Activity(StrEnum):
    """R8.6's activities, each with its roll interval and skill."""

    FLOATING = "floating"
    """Floating or slow swimming: every 30 minutes, HT or Swimming."""
    RUNNING = "running"
    """Steady running: every minute, HT or Running."""
    SWIMMING = "swimming"
    """Full-speed swimming: every minute, HT or Swimming."""
    SPRINTING = "sprinting"
    """Sprinting: every 15 seconds, HT or Running."""

    @property
    def interval_seconds(self) -> int:
        return _INTERVALS[self]

    @property
    def skill(self) -> str:
        """``"swimming"`` or ``"running"``: the skill that may replace HT."""
        return "swimming" if self in (Activity.FLOATING, Activity.SWIMMING) else "running"


_INTERVALS: Final = {
    Activity.FLOATING: 30 * 60,
    Activity.RUNNING: 60,
    Activity.SWIMMING: 60,
    Activity.SPRINTING: 15,
}


class Exertion(BaseModel):
    """R8.6: the HT (or skill) rolls for a stretch of running or swimming."""

    model_config = _FROZEN

    activity: Activity
    seconds: int
    interval: int
    attribute: str
    """``"ht"``, ``"running"`` or ``"swimming"``: whichever is higher."""
    target: int
    rolls: tuple[RollRecord, ...]
    failures: int
    heat_extra: int
    """FP more per loss in the heat (R10.9)."""
    fp_lost: int
    rule_ids: tuple[str, ...]


def exertion(
    activity: Activity,
    seconds: int,
    *,
    ht: int,
    skill: int | None = None,
    temperature: float | None = None,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> Exertion:
    """R8.6: one roll per full interval of the activity against HT or the Running or
    Swimming skill, whichever is higher; each failure costs 1 FP, plus R10.9's extra FP in
    the heat (``temperature`` in °C).

    60 s of sprinting, HT 11, Running 12: 4 rolls against 12.
    """
    if seconds < 0:
        raise _negative("seconds", seconds)
    rule_options = options if options is not None else RuleOptions()
    interval = activity.interval_seconds
    attribute, target = ("ht", ht)
    if skill is not None and skill > ht:
        attribute, target = activity.skill, skill
    rolls = tuple(
        RollRecord.of(
            attribute, target, (), success_roll(target, roller, rule_options), rule_id="R8.6"
        )
        for _ in range(rolls_for(seconds, interval))
    )
    failures = sum(1 for roll in rolls if not roll.succeeded)
    extra = heat_surcharge(temperature) if temperature is not None else 0
    rule_ids = ["R8.6"]
    if extra and failures:
        rule_ids.append("R10.9")
    return Exertion(
        activity=activity,
        seconds=seconds,
        interval=interval,
        attribute=attribute,
        target=target,
        rolls=rolls,
        failures=failures,
        heat_extra=extra,
        fp_lost=failures * (1 + extra),
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- R8.7, R8.8


def missed_meals(meals: int) -> int:
    """R8.7: each missed meal costs 1 FP, regained only after a full day of rest and food."""
    if meals < 0:
        raise _negative("meals", meals)
    return meals


class Climate(StrEnum):
    """R8.8's climates, by the water a day they call for."""

    NORMAL = "normal"
    HOT = "hot"
    DESERT = "desert"


WATER_NEEDED: Final = {Climate.NORMAL: 2.0, Climate.HOT: 3.0, Climate.DESERT: 5.0}
"""R8.8's table: litres of water a day."""
DEHYDRATION_INTERVAL_HOURS: Final = 8
SCANT_WATER_LITRES: Final = 1.0


class Dehydration(BaseModel):
    """R8.8: what too little water cost over some hours."""

    model_config = _FROZEN

    litres: float
    climate: Climate
    hours: int
    needed: float
    short: bool
    losses: int
    """1 FP every full 8 hours on too little water."""
    scant_days: int
    """Full days on less than 1 litre: 1 FP and 1 HP more each."""
    heat_extra: int
    """FP more per loss in the heat (R10.9)."""
    fp_lost: int
    hp_lost: int
    rule_ids: tuple[str, ...]


def dehydration(
    litres: float, climate: Climate, hours: int, *, temperature: float | None = None
) -> Dehydration:
    """R8.8: drinking less than the climate's litres a day costs 1 FP every 8 hours; less
    than 1 litre in a day costs 1 FP and 1 HP more (counted per full day). ``litres`` is
    what he drinks a day. R10.9's heat adds its extra FP to each loss.

    Hot climate, 1.5 L over 24 h: 3 FP; 0.5 L: 3 FP + 1 FP and 1 HP.
    """
    if litres < 0:
        raise _negative("litres", litres)
    if hours < 0:
        raise _negative("hours", hours)
    needed = WATER_NEEDED[climate]
    short = litres < needed
    losses = hours // DEHYDRATION_INTERVAL_HOURS if short else 0
    scant_days = hours // 24 if litres < SCANT_WATER_LITRES else 0
    extra = heat_surcharge(temperature) if temperature is not None else 0
    events = losses + scant_days
    rule_ids = ["R8.8"]
    if extra and events:
        rule_ids.append("R10.9")
    return Dehydration(
        litres=litres,
        climate=climate,
        hours=hours,
        needed=needed,
        short=short,
        losses=losses,
        scant_days=scant_days,
        heat_extra=extra,
        fp_lost=losses + scant_days + events * extra,
        hp_lost=scant_days,
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- R8.9, R8.10

WAKING_DAY_HOURS: Final = 16
QUARTER_DAY_HOURS: Final = 4


def waking_day_hours(hours_short: int = 0) -> int:
    """R8.10: sleeping ``hours_short`` less than his full sleep takes twice as many hours off
    his next waking day (16 h): 3 short → 10 h. Never below 0."""
    if hours_short < 0:
        raise _negative("hours_short", hours_short)
    return max(0, WAKING_DAY_HOURS - 2 * hours_short)


class MissedSleep(BaseModel):
    """R8.9: FP lost to staying awake too long."""

    model_config = _FROZEN

    hours_awake: int
    waking_day: int
    fp_lost: int
    rule_ids: tuple[str, ...]


def missed_sleep(hours_awake: int, hours_short: int = 0) -> MissedSleep:
    """R8.9: awake past his waking day he loses 1 FP, and 1 more every further 4 hours (a
    quarter of a waking day, which stays 4 h when R8.10 shortens the day: the catalog's
    reading).

    Awake 24 h: 1 + 8 // 4 = 3 FP. Slept 5 of 8 hours: the day is 10 h; at 11 h, 1 FP.
    """
    if hours_awake < 0:
        raise _negative("hours_awake", hours_awake)
    day = waking_day_hours(hours_short)
    over = hours_awake - day
    lost = 1 + over // QUARTER_DAY_HOURS if over > 0 else 0
    rule_ids = ["R8.9"]
    if hours_short:
        rule_ids.append("R8.10")
    return MissedSleep(
        hours_awake=hours_awake, waking_day=day, fp_lost=lost, rule_ids=tuple(rule_ids)
    )


class SleepCadence(StrEnum):
    """How often FP lost to missed sleep makes him roll Will to stay awake (R8.9)."""

    NONE = "none"
    HALF = "half"
    """Half or more of his FP lost to it: every 2 hours of inactivity."""
    THIRD = "third"
    """Fewer than 1/3 of his FP left by it: every 30 min inactive or 2 h active."""


class SleepDeprivation(BaseModel):
    """R8.9: the Will-roll schedule and penalties for FP lost to missed sleep."""

    model_config = _FROZEN

    fp_lost: int
    max_fp: int
    cadence: SleepCadence
    idle_minutes: int | None
    """Minutes of inactivity between Will rolls (``None``: no rolls)."""
    active_minutes: int | None
    """Minutes of activity between Will rolls (``None``: none while active)."""
    penalty: int
    """To DX, IQ and Self-Control rolls."""
    rule_ids: tuple[str, ...] = ("R8.9",)


def sleep_deprivation(fp_lost: int, max_fp: int) -> SleepDeprivation:
    """R8.9: half or more of his FP lost to missed sleep → Will every 2 h of inactivity and
    -2 to DX, IQ and Self-Control. The seed's second band ("more than a third lost") is
    read as in the Basic Set (catalog): fewer than 1/3 of his FP left → Will every 30 min
    of inactivity or 2 h of activity.

    FP 10 with 5 lost: every 2 h idle, -2.
    """
    if fp_lost < 0:
        raise _negative("fp_lost", fp_lost)
    if max_fp <= 0:
        raise _no_fp("")
    left = max_fp - fp_lost
    if 3 * left < max_fp:
        return SleepDeprivation(
            fp_lost=fp_lost,
            max_fp=max_fp,
            cadence=SleepCadence.THIRD,
            idle_minutes=30,
            active_minutes=120,
            penalty=-2,
        )
    if 2 * fp_lost >= max_fp:
        return SleepDeprivation(
            fp_lost=fp_lost,
            max_fp=max_fp,
            cadence=SleepCadence.HALF,
            idle_minutes=120,
            active_minutes=None,
            penalty=-2,
        )
    return SleepDeprivation(
        fp_lost=fp_lost,
        max_fp=max_fp,
        cadence=SleepCadence.NONE,
        idle_minutes=None,
        active_minutes=None,
        penalty=0,
    )


class StayAwake(BaseModel):
    """R8.9: the Will rolls to stay awake over some idle and active time."""

    model_config = _FROZEN

    deprivation: SleepDeprivation
    rolls: tuple[RollRecord, ...]
    fell_asleep: bool
    """A roll failed: he sleeps until the FP is back or something wakes him."""
    rule_ids: tuple[str, ...] = ("R8.9",)


def stay_awake(
    deprivation: SleepDeprivation,
    *,
    will: int,
    idle_minutes: int = 0,
    active_minutes: int = 0,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> StayAwake:
    """R8.9: one Will roll per full interval of inactivity (and of activity, in the worse
    band), stopping at the first failure: he falls asleep."""
    if idle_minutes < 0 or active_minutes < 0:
        raise _negative("minutes", min(idle_minutes, active_minutes))
    rule_options = options if options is not None else RuleOptions()
    count = 0
    if deprivation.idle_minutes:
        count += rolls_for(idle_minutes, deprivation.idle_minutes)
    if deprivation.active_minutes:
        count += rolls_for(active_minutes, deprivation.active_minutes)
    rolls: list[RollRecord] = []
    asleep = False
    for _ in range(count):
        roll = RollRecord.of(
            "will", will, (), success_roll(will, roller, rule_options), rule_id="R8.9"
        )
        rolls.append(roll)
        if not roll.succeeded:
            asleep = True
            break
    return StayAwake(deprivation=deprivation, rolls=tuple(rolls), fell_asleep=asleep)
