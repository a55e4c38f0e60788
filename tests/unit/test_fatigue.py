"""Fatigue (R8.1-R8.10): the FP bands, spending and recovering FP, and what costs FP."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.climate import heat_surcharge
from rules.combatant import Combatant, Posture, Weapon
from rules.damage import DamageSpec, DamageType
from rules.defense_resolution import weapon_ready_after_blow
from rules.errors import RuleError
from rules.fatigue import (
    ENCUMBRANCE_FP_COST,
    WATER_NEEDED,
    Activity,
    Climate,
    SleepCadence,
    Want,
    cardiac_arrest_seconds,
    combat_fatigue,
    dehydration,
    exertion,
    fatigue_status,
    fp_loss,
    help_heart,
    hiking_fatigue,
    lose_fp,
    missed_meals,
    missed_sleep,
    recover_fp,
    sleep_deprivation,
    stay_awake,
    tired_scores,
    waking_day_hours,
    withhold,
)
from rules.injury import apply_hit
from rules.roller import ScriptedDice
from rules.turn import TurnState


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def rolls(*totals: int) -> ScriptedDice:
    faces: list[int] = []
    for total in totals:
        faces.extend(roll3(total))
    return ScriptedDice(faces)


def sheet(fp: int, *, max_fp: int = 10, hp: int | None = None, max_hp: int = 10) -> Combatant:
    return Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 12, "ht": 12, "hp": max_hp, "fp": max_fp},
        state={"fp": fp, "hp": max_hp if hp is None else hp},
    )


# --------------------------------------------------------------------------- R8.1-R8.3


@pytest.mark.parametrize(
    ("fp", "max_fp", "tired", "exhausted", "fainted"),
    [
        # R8.1: "fewer than 1/3": FP 12 is tired at 3, not at exactly 1/3 (4) or above.
        (5, 12, False, False, False),
        (4, 12, False, False, False),
        (3, 12, True, False, False),
        # 1/3 of 10 is 3.33: 4 is above it, 3 below.
        (4, 10, False, False, False),
        (3, 10, True, False, False),
        # R8.2: at 0 FP or below.
        (1, 10, True, False, False),
        (0, 10, True, True, False),
        (-1, 10, True, True, False),
        # R8.3: at -FP.
        (-9, 10, True, True, False),
        (-10, 10, True, True, True),
        (-11, 10, True, True, True),
    ],
)
def test_r8_1_to_r8_3_fp_bands(
    fp: int, max_fp: int, tired: bool, exhausted: bool, fainted: bool
) -> None:
    status = fatigue_status(fp, max_fp)
    assert (status.tired, status.exhausted, status.fainted) == (tired, exhausted, fainted)
    expected = [r for r, on in (("R8.1", tired), ("R8.2", exhausted), ("R8.3", fainted)) if on]
    assert list(status.rule_ids) == expected


def test_r8_1_worked_example_halves_move_dodge_and_st_rounding_up() -> None:
    """FP 12, current 3: Move 6 → 3, Dodge 9 → 5, ST 11 → 6; thrust stays ST 11's."""
    scores = tired_scores(3, 12, move=6, dodge=9, st=11)
    assert (scores.move, scores.dodge, scores.st, scores.halved) == (3, 5, 6, True)
    assert tired_scores(4, 12, move=6, dodge=9, st=11).model_dump() == {
        "move": 6,
        "dodge": 9,
        "st": 11,
        "halved": False,
    }


def test_r8_1_on_the_combatant_halves_st_for_readying_not_damage() -> None:
    """Basic Speed 6 (Dodge 9, Move 6), ST 11: tired at 3 FP of 12."""
    rested = Combatant.create(name="Ana", attributes={"st": 11, "dx": 12, "ht": 12, "fp": 12})
    tired = rested.with_state(fp=3)
    assert (rested.move, rested.dodge, rested.st) == (6, 9, 11)
    assert (tired.move, tired.dodge, tired.st) == (3, 5, 6)
    assert tired.thrust == rested.thrust
    assert tired.max_hp == rested.max_hp
    # R5.5 with R8.1: an unbalanced axe of min ST 6 readies in no time for ST 11 (5 over
    # its minimum), but the tired ST 6 is not 5 over it.
    axe = Weapon(name="Axe", skill=12, damage="sw+2 cut", unbalanced=True, min_st=6)
    rested_ready = weapon_ready_after_blow(rested, axe)
    tired_ready = weapon_ready_after_blow(tired, axe)
    assert rested_ready is not None
    assert tired_ready is not None
    assert (rested_ready.st, rested_ready.turns) == (11, 0)
    assert (tired_ready.st, tired_ready.turns) == (6, 1)


@pytest.mark.parametrize(
    ("fp", "amount", "after", "hp_with_fp", "hp_instead"),
    [
        (10, 3, 7, 0, 0),
        # R8.2's example: FP 10 at 0 casts a 2-FP spell: FP -2 and HP -2.
        (0, 2, -2, 2, 0),
        # From 1, only the points below 0 cost HP.
        (1, 3, -2, 2, 0),
        # R8.3's example: at -8 losing 4: 2 take FP to -10 (2 HP), 2 come off HP.
        (-8, 4, -10, 2, 2),
        (-10, 3, -10, 0, 3),
    ],
)
def test_r8_2_r8_3_fp_loss_point_by_point(
    fp: int, amount: int, after: int, hp_with_fp: int, hp_instead: int
) -> None:
    loss = fp_loss(fp, 10, amount)
    assert (loss.fp_after, loss.hp_with_fp, loss.hp_instead) == (after, hp_with_fp, hp_instead)
    assert loss.hp_lost == hp_with_fp + hp_instead


def test_r8_2_spending_at_zero_fp_costs_hp() -> None:
    change = lose_fp(sheet(0), 2, ScriptedDice([]))
    assert (change.fp_after, change.hp_before, change.hp_after) == (-2, 10, 8)
    assert change.state.hp == 8
    assert "R8.2" in change.rule_ids
    assert not change.fainted


def test_r8_3_fainting_at_minus_fp_and_coming_to_at_positive_fp() -> None:
    change = lose_fp(sheet(-8), 4, ScriptedDice([]))
    assert (change.fp_after, change.hp_after) == (-10, 6)
    assert change.fainted
    assert change.state.unconscious
    assert change.state.fatigue_unconscious
    assert change.state.posture is Posture.PRONE
    assert set(change.rule_ids) >= {"R8.2", "R8.3"}
    out = Combatant.create(**{**sheet(-8).model_dump(), "state": change.state.model_dump()})
    # Still at 0 FP after recovering 10: not positive, so still out.
    still = recover_fp(out, 10)
    assert (still.fp_after, still.woke, still.state.unconscious) == (0, False, True)
    back = recover_fp(out.with_state(still.state), 1)
    assert (back.fp_after, back.woke, back.state.unconscious) == (1, True, False)
    assert not back.state.fatigue_unconscious
    assert "R8.3" in back.rule_ids


def test_r8_2_recovering_to_positive_fp_ends_a_collapse_at_once() -> None:
    """R8.2: collapsed "until he gets back to a positive FP total". FP -1 of 10 recovering 1
    is still 0 (the collapse stays); recovering 2 reaches 1 and ends it then, not at his
    next turn."""
    still = recover_fp(sheet(-1), 1, collapsed=True)
    assert (still.fp_after, still.collapse_ended) == (0, False)
    back = recover_fp(sheet(-1), 12, collapsed=True)
    assert (back.fp_after, back.collapse_ended) == (10, True)
    assert "R8.2" in back.rule_ids
    assert not recover_fp(sheet(-1), 12).collapse_ended


def test_r8_1_halving_goes_on_at_zero_fp_and_below() -> None:
    """R8.1: the effects are cumulative, so at FP -1 of 12 Move 6, Dodge 9 and ST 11 are
    still 3, 5 and 6, with R8.2's Will rolls on top."""
    status = fatigue_status(-1, 12)
    assert (status.tired, status.exhausted, status.fainted) == (True, True, False)
    scores = tired_scores(-1, 12, move=6, dodge=9, st=11)
    assert (scores.move, scores.dodge, scores.st, scores.halved) == (3, 5, 6, True)
    ann = Combatant.create(
        name="Ann", attributes={"st": 11, "dx": 12, "ht": 12, "fp": 12}, state={"fp": -1}
    )
    assert (ann.is_tired, ann.st) == (True, 6)


def test_recovering_stops_at_the_fp_attribute() -> None:
    change = recover_fp(sheet(8), 5)
    assert (change.fp_after, change.amount) == (10, 2)


def test_r8_3_hp_lost_to_fatigue_brings_death_checks() -> None:
    """HP 10 at -9 and FP at -10: 1 more FP comes off HP, reaching -10 (R7.3: HT 12)."""
    dice = rolls(10)
    change = lose_fp(sheet(-10, hp=-9), 1, dice)
    assert change.hp_after == -10
    assert [(r.attribute, r.target, r.total) for r in change.death_checks] == [("ht", 12, 10)]
    assert not change.died
    assert change.state.death_checks_made == 1
    assert dice.remaining == 0


def test_r8_2_fatigue_damage_in_the_injury_pipeline_costs_hp_at_zero_fp() -> None:
    """A fatigue attack (fat) at 0 FP: each FP lost also costs 1 HP (R8.2, R8.3)."""
    hit = apply_hit(sheet(0), DamageSpec(basic_damage=3, damage_type=DamageType.FAT), rolls())
    assert (hit.fp_after, hit.hp_after) == (-3, 7)
    assert "R8.2" in hit.rule_ids
    fainting = apply_hit(sheet(-9), DamageSpec(basic_damage=3, damage_type=DamageType.FAT), rolls())
    assert (fainting.fp_after, fainting.hp_after) == (-10, 7)
    assert fainting.state.unconscious
    assert fainting.state.posture is Posture.PRONE


def test_r8_2_cardiac_arrest_time_keeps_the_fraction() -> None:
    """HT 10: dies in 10/3 minutes = 3 min 20 s unless helped."""
    assert cardiac_arrest_seconds(10) == Fraction(200)
    assert cardiac_arrest_seconds(11) == Fraction(220)


STOPPED = TurnState(cardiac_arrest=True, cardiac_arrest_death_round=201)


def test_r8_2_help_in_time_saves_him_at_zero_hp() -> None:
    """R8.2 (worked example): saved with HP 7, HP becomes 0; he stays out cold at -FP until
    his FP are positive again (R8.3), and no longer dies in round 201."""
    helped = help_heart(sheet(-10, hp=7), STOPPED, roller=ScriptedDice([]))
    assert helped.helped
    assert helped.roll is None
    assert (helped.hp_before, helped.hp_after) == (7, 0)
    assert (helped.state.unconscious, helped.state.fatigue_unconscious) == (True, True)
    assert not helped.turn.cardiac_arrest
    assert helped.turn.cardiac_arrest_death_round is None
    assert helped.rule_ids == ("R8.2", "R8.3")


def test_r8_2_help_keeps_a_lower_hp() -> None:
    """R8.2: 0 HP or his current HP, whichever is lower: -3 stays -3."""
    assert help_heart(sheet(-10, hp=-3), STOPPED, roller=ScriptedDice([])).hp_after == -3


def test_r8_2_a_failed_first_aid_roll_changes_nothing() -> None:
    """R8.2: the helper's First Aid 12 rolls 13: no help; the death round stands."""
    tried = help_heart(sheet(-10, hp=7), STOPPED, skill=12, roller=rolls(13))
    assert tried.roll is not None
    assert (tried.roll.target, tried.roll.total, tried.helped) == (12, 13, False)
    assert tried.hp_after == 7
    assert tried.turn.cardiac_arrest_death_round == 201
    made = help_heart(sheet(-10, hp=7), STOPPED, skill=12, roller=rolls(12))
    assert (made.helped, made.hp_after) == (True, 0)


def test_r8_2_no_help_without_a_stopped_heart() -> None:
    with pytest.raises(RuleError) as caught:
        help_heart(sheet(0), TurnState(), roller=ScriptedDice([]))
    assert caught.value.key == "fatigue.error.no_cardiac_arrest"
    dead = sheet(-10).with_state(dead=True)
    with pytest.raises(RuleError) as caught:
        help_heart(dead, STOPPED, roller=ScriptedDice([]))
    assert caught.value.key == "fatigue.error.already_dead"


def test_a_combatant_without_fp_cannot_lose_it() -> None:
    with pytest.raises(Exception, match="no FP"):
        lose_fp(sheet(0, max_fp=0), 1, ScriptedDice([]))


# --------------------------------------------------------------------------- R8.4, R8.5


@pytest.mark.parametrize(("level", "cost"), [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
def test_r8_4_table(level: int, cost: int) -> None:
    assert ENCUMBRANCE_FP_COST[level] == cost
    assert combat_fatigue(11, fought=True, encumbrance=level).total == cost


def test_r8_4_worked_example() -> None:
    """15 s, Medium, hot day, plate, attacked: 3 + 1 + 2 = 6; a 9-second fight: 0."""
    cost = combat_fatigue(15, fought=True, encumbrance=2, hot=True, plate=True)
    assert (cost.base, cost.hot_extra, cost.plate_extra, cost.total) == (3, 1, 2, 6)
    assert combat_fatigue(9, fought=True, encumbrance=2, hot=True, plate=True).total == 0


@pytest.mark.parametrize(("seconds", "applies"), [(10, False), (11, True)])
def test_r8_4_only_more_than_ten_seconds(seconds: int, applies: bool) -> None:
    assert combat_fatigue(seconds, fought=True, encumbrance=0).applies is applies


def test_r8_4_only_who_attacked_or_defended() -> None:
    cost = combat_fatigue(60, fought=False, encumbrance=4, hot=True, plate=True)
    assert (cost.applies, cost.total) == (False, 0)


def test_r8_5_hiking_worked_example() -> None:
    """3 hours, Light encumbrance: 3 × 2 = 6 FP; add-ons count per hour."""
    assert hiking_fatigue(3, encumbrance=1).total == 6
    assert hiking_fatigue(2, encumbrance=1, hot=True, plate=True).total == 2 * (2 + 1 + 2)


# --------------------------------------------------------------------------- R8.6


@pytest.mark.parametrize(
    ("activity", "interval", "skill"),
    [
        (Activity.FLOATING, 1800, "swimming"),
        (Activity.RUNNING, 60, "running"),
        (Activity.SWIMMING, 60, "swimming"),
        (Activity.SPRINTING, 15, "running"),
    ],
)
def test_r8_6_table(activity: Activity, interval: int, skill: str) -> None:
    assert (activity.interval_seconds, activity.skill) == (interval, skill)


def test_r8_6_worked_example() -> None:
    """60 s of sprinting, HT 11, Running 12: 4 rolls vs 12; two failures → 2 FP."""
    dice = rolls(9, 13, 12, 15)
    effort = exertion(Activity.SPRINTING, 60, ht=11, skill=12, roller=dice)
    assert (effort.attribute, effort.target, len(effort.rolls)) == ("running", 12, 4)
    assert [r.total for r in effort.rolls] == [9, 13, 12, 15]
    assert (effort.failures, effort.fp_lost) == (2, 2)
    assert dice.remaining == 0


def test_r8_6_ht_when_higher_and_the_heat_adds_fp() -> None:
    """HT 12 beats Swimming 10; at 42 °C each FP lost costs 1 more (R10.9)."""
    effort = exertion(Activity.SWIMMING, 179, ht=12, skill=10, temperature=42, roller=rolls(13, 8))
    assert (effort.attribute, len(effort.rolls), effort.failures) == ("ht", 2, 1)
    assert (effort.heat_extra, effort.fp_lost) == (1, 2)
    assert effort.rule_ids == ("R8.6", "R10.9")


# --------------------------------------------------------------------------- R8.7, R8.8


def test_r8_7_missed_meals() -> None:
    assert missed_meals(2) == 2


@pytest.mark.parametrize(
    ("climate", "litres"), [(Climate.NORMAL, 2.0), (Climate.HOT, 3.0), (Climate.DESERT, 5.0)]
)
def test_r8_8_table(climate: Climate, litres: float) -> None:
    assert WATER_NEEDED[climate] == litres
    assert dehydration(litres, climate, 24).fp_lost == 0
    assert dehydration(litres - 0.5, climate, 24).fp_lost == 3


def test_r8_8_worked_example() -> None:
    """Hot climate, 1.5 L over 24 h: 3 FP; 0.5 L: 3 FP + 1 FP + 1 HP."""
    assert (
        dehydration(1.5, Climate.HOT, 24).fp_lost,
        dehydration(1.5, Climate.HOT, 24).hp_lost,
    ) == (3, 0)
    scant = dehydration(0.5, Climate.HOT, 24)
    assert (scant.losses, scant.scant_days, scant.fp_lost, scant.hp_lost) == (3, 1, 4, 1)


def test_r8_8_with_r10_9_heat() -> None:
    """At 50 °C each of the 3 losses costs 2 FP more."""
    assert dehydration(1.5, Climate.DESERT, 24, temperature=50).fp_lost == 3 + 3 * 2


# --------------------------------------------------------------------------- R8.9, R8.10


@pytest.mark.parametrize(("hours", "fp"), [(16, 0), (17, 1), (19, 1), (20, 2), (24, 3)])
def test_r8_9_missed_sleep(hours: int, fp: int) -> None:
    """Awake 24 h → 1 + 8 // 4 = 3 FP."""
    assert missed_sleep(hours).fp_lost == fp


def test_r8_10_waking_early() -> None:
    """Slept 5 of 8 hours: the next waking day is 16 - 6 = 10 h; at 11 h awake, 1 FP."""
    assert waking_day_hours(3) == 10
    short = missed_sleep(11, 3)
    assert (short.waking_day, short.fp_lost, short.rule_ids) == (10, 1, ("R8.9", "R8.10"))
    assert missed_sleep(10, 3).fp_lost == 0


@pytest.mark.parametrize(
    ("lost", "cadence", "idle", "active", "penalty"),
    [
        (4, SleepCadence.NONE, None, None, 0),
        # The worked example: FP 10 with 5 lost: Will every 2 h idle, -2.
        (5, SleepCadence.HALF, 120, None, -2),
        (6, SleepCadence.HALF, 120, None, -2),
        # Fewer than 1/3 left (3 of 10): every 30 min idle or 2 h active.
        (7, SleepCadence.THIRD, 30, 120, -2),
    ],
)
def test_r8_9_sleep_deprivation(
    lost: int, cadence: SleepCadence, idle: int | None, active: int | None, penalty: int
) -> None:
    found = sleep_deprivation(lost, 10)
    assert (found.cadence, found.idle_minutes, found.active_minutes, found.penalty) == (
        cadence,
        idle,
        active,
        penalty,
    )


def test_r8_9_will_rolls_stop_when_he_falls_asleep() -> None:
    """Will 11, 7 of 10 FP lost: 3 hours idle is 6 rolls; the second fails."""
    dice = rolls(9, 14)
    awake = stay_awake(sleep_deprivation(7, 10), will=11, idle_minutes=180, roller=dice)
    assert [r.total for r in awake.rolls] == [9, 14]
    assert awake.fell_asleep
    assert dice.remaining == 0


# --------------------------------------------------------------------------- R10.9 bands


@pytest.mark.parametrize(
    ("temperature", "extra"), [(27, 0), (32, 0), (32.5, 1), (42, 1), (47, 1), (47.5, 2), (65, 2)]
)
def test_r10_9_extra_fp_bands(temperature: float, extra: int) -> None:
    assert heat_surcharge(temperature) == extra


def test_r8_4_offers_at_the_end_of_a_fight_and_applies_them_once() -> None:
    """Everyone alive who attacked or defended in a fight of more than 10 s; plate by name."""
    from rules.encounter import (
        Encounter,
        EncounterCombatant,
        apply_combat_fatigue,
        offer_combat_fatigue,
    )
    from rules.errors import RuleError
    from rules.turn import TurnSequence, TurnState

    def fighter(cid: str, name: str, *, fought: bool, **state: object) -> EncounterCombatant:
        sheet = Combatant.create(name=name, encumbrance_level=2, state=state or None)
        return EncounterCombatant(
            combatant_id=cid, side="x", combatant=sheet, turn=TurnState(fought=fought)
        )

    fight = Encounter(
        name="Long",
        gm_id=1,
        sequence=TurnSequence(round=15),
        combatants=(
            fighter("1", "Ana", fought=True),
            fighter("2", "Bo", fought=False),
            fighter("3", "Cy", fought=True, dead=True),
            fighter("4", "Di", fought=True, fp=0),
        ),
    )
    offered = offer_combat_fatigue(fight, hot=True, plate=["ana"])
    assert [(o.name, o.cost.total) for o in offered.combat_fatigue] == [("Ana", 6), ("Di", 4)]
    applied, changes = apply_combat_fatigue(offered, ScriptedDice([]))
    assert [(c.name, c.fp_after, c.hp_after) for c in changes] == [("Ana", 4, 10), ("Di", -4, 6)]
    assert applied.combat_fatigue_applied
    with pytest.raises(RuleError):
        apply_combat_fatigue(applied, ScriptedDice([]))
    short = fight.model_copy(update={"sequence": TurnSequence(round=10)})
    assert offer_combat_fatigue(short).combat_fatigue == ()


def test_r8_1_a_tired_target_is_knocked_back_by_his_halved_st() -> None:
    """R8.1, R7.14: ST 11 is 6 below 1/3 FP (3 of 12): 5 crushing knocks him back
    5 // (6 - 2) = 1 m; rested, 5 is short of ST 11 - 2 = 9 and moves him nowhere. The
    damage itself is the same either way."""
    from rules.damage import DamageSpec, DamageType
    from rules.injury import apply_hit

    rested = Combatant.create(name="Ana", attributes={"st": 11, "dx": 13, "ht": 12})
    tired = rested.with_state(fp=3)
    assert tired.st == 6
    blow = DamageSpec(basic_damage=5, damage_type=DamageType.CR)
    assert apply_hit(rested, blow, ScriptedDice([])).knockback is None
    pushed = apply_hit(tired, blow, ScriptedDice([3, 3, 3]))
    assert pushed.knockback is not None
    assert pushed.knockback.metres == 1
    assert pushed.injury == 5


# --------------------------------------------------------------------------- R8.7-R8.9 recovery


def _short_of_sleep(fp: int, lost: int, *, want: Want = Want.SLEEP) -> Combatant:
    ana = sheet(fp)
    return ana.with_state(withhold(ana.state, want, lost))


def test_r8_9_rest_does_not_bring_back_fp_lost_to_missed_sleep() -> None:
    """R8.9: FP 10, 3 lost to missed sleep, at 2: resting for 10 gets him to 7, 3 held back."""
    rested = recover_fp(_short_of_sleep(2, 3), 10)
    assert (rested.fp_after, rested.amount, rested.held_back) == (7, 5, 3)
    assert rested.held_by == (Want.SLEEP,)
    assert rested.state.fp_withheld == {"sleep": 3}
    assert "R8.9" in rested.rule_ids
    again = recover_fp(_short_of_sleep(7, 3), 2)
    assert (again.fp_after, again.amount, again.held_back) == (7, 0, 2)


def test_r8_9_a_good_nights_sleep_lets_them_come_back() -> None:
    """R8.9: after a good night's sleep the 3 FP may come back: 2 → 10, nothing held back."""
    slept = recover_fp(_short_of_sleep(2, 3), 10, remedied=[Want.SLEEP])
    assert (slept.fp_after, slept.held_back, slept.remedied) == (10, 0, (Want.SLEEP,))
    assert slept.state.fp_withheld == {}
    assert "R8.9" in slept.rule_ids


def test_r8_7_r8_8_each_want_needs_its_own_remedy() -> None:
    """R8.7, R8.8: 2 FP lost to hunger and 3 to thirst; a day of rest with food restores the
    hunger's, not the thirst's: from 1, resting 10 reaches 10 - 3 = 7."""
    ana = _short_of_sleep(1, 2, want=Want.STARVATION)
    ana = ana.with_state(withhold(ana.state, Want.DEHYDRATION, 3))
    fed = recover_fp(ana, 10, remedied=[Want.STARVATION])
    assert (fed.fp_after, fed.held_back, fed.held_by) == (7, 3, (Want.DEHYDRATION,))
    assert fed.state.fp_withheld == {"dehydration": 3}
    assert fed.rule_ids[-2:] == ("R8.7", "R8.8")


def test_withholding_adds_up_per_cause() -> None:
    state = withhold(withhold(sheet(5).state, Want.SLEEP, 1), Want.SLEEP, 2)
    assert withhold(state, Want.STARVATION, 0).fp_withheld == {"sleep": 3}


def test_r8_4_is_charged_once_per_combat() -> None:
    """R8.4: "the cost is per combat". A 15-second fight, Medium encumbrance: Ana paid her
    3 FP with /fatigue combat during it, so a second charge is refused and the end offers
    only Di's 3."""
    from rules.encounter import Encounter, EncounterCombatant, offer_combat_fatigue
    from rules.errors import RuleError
    from rules.fatigue import ensure_combat_fatigue_unpaid
    from rules.turn import TurnSequence, TurnState

    def fighter(cid: str, name: str, *, paid: bool) -> EncounterCombatant:
        return EncounterCombatant(
            combatant_id=cid,
            side="x",
            combatant=Combatant.create(name=name, encumbrance_level=2),
            turn=TurnState(fought=True, combat_fatigue_paid=paid),
        )

    with pytest.raises(RuleError) as refused:
        ensure_combat_fatigue_unpaid("Ana", paid=True)
    assert refused.value.key == "fatigue.error.combat_paid"
    ensure_combat_fatigue_unpaid("Di", paid=False)
    fight = Encounter(
        name="Long",
        gm_id=1,
        sequence=TurnSequence(round=15),
        combatants=(fighter("1", "Ana", paid=True), fighter("2", "Di", paid=False)),
    )
    offered = offer_combat_fatigue(fight).combat_fatigue
    assert [(o.name, o.cost.total) for o in offered] == [("Di", 3)]
