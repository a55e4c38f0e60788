"""Extra maneuvers a turn: Altered Time Rate (R5.28) and super-speed (R5.29). Each extra
maneuver may be any maneuver; one spent on attacking adds one attack, never a multiplied
series; a super-fast fighter still needs his whole turn to Concentrate (R5.10)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.attack_resolution import AttackOutcome, resolve_attack
from rules.character import SheetTrait, add_trait, remove_trait, sheet_traits
from rules.combatant import Combatant
from rules.defense_resolution import turn_profile
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import AllOutDefenseOption, Maneuver
from rules.maneuver_choice import ManeuverRequest, take_maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from rules.turn import TurnState

OPTIONS = RuleOptions()
MISS = [6, 6, 6]


def fighter(
    *, skill: int = 14, altered: int = 0, speed: float | None = None, **sheet: Any
) -> EncounterCombatant:
    attributes: dict[str, Any] = {"st": 12, "dx": 12, "ht": 12}
    if speed is not None:
        attributes["basic_speed"] = speed
    combatant = Combatant.create(
        name="Hero",
        attributes=attributes,
        altered_time_rate=altered,
        weapons=[{"name": "katana", "skill": skill, "damage": "sw+1 cut"}],
        **sheet,
    )
    return EncounterCombatant(
        combatant_id="c1", side="pc", combatant=combatant, turn=TurnState(turns_taken=1)
    )


FOE = EncounterCombatant(
    combatant_id="c2",
    side="npc",
    combatant=Combatant.create(name="Orc", attributes={"st": 12, "dx": 11, "ht": 11}),
)


def maneuver(who: EncounterCombatant, chosen: Maneuver, **extra: Any) -> EncounterCombatant:
    outcome = take_maneuver(
        who, None, ManeuverRequest(maneuver=chosen, **extra), ScriptedDice([]), OPTIONS
    )
    return who.model_copy(update={"turn": outcome.turn})


def attack(who: EncounterCombatant, **extra: Any) -> tuple[EncounterCombatant, AttackOutcome]:
    outcome = resolve_attack(who, FOE, AttackRequest(**extra), ScriptedDice(MISS), OPTIONS)
    return who.model_copy(update={"turn": outcome.attacker_turn}), outcome


def test_without_extra_maneuvers_one_maneuver_a_turn_r4_4() -> None:
    moved = maneuver(fighter(), Maneuver.move)
    with pytest.raises(RuleError) as refused:
        maneuver(moved, Maneuver.ready)
    assert refused.value.key == "maneuver.already_chosen"


def test_altered_time_rate_gives_a_second_maneuver_of_any_kind_r5_28() -> None:
    """ATR 1: two maneuvers a turn. Move, then Evaluate: both taken, the reply numbers them;
    a third is refused, citing R5.28."""
    first = take_maneuver(
        fighter(altered=1), None, ManeuverRequest(maneuver=Maneuver.move), ScriptedDice([]), OPTIONS
    )
    assert (first.maneuvers_taken, first.maneuvers_allowed, first.maneuver_rule_ids) == (
        1,
        2,
        ("R5.28",),
    )
    moved = fighter(altered=1).model_copy(update={"turn": first.turn})
    second = take_maneuver(
        moved,
        FOE,
        ManeuverRequest(maneuver=Maneuver.evaluate, target_id="c2"),
        ScriptedDice([]),
        OPTIONS,
    )
    assert (second.maneuvers_taken, second.turn.maneuver, second.evaluate_bonus) == (
        2,
        "evaluate",
        1,
    )
    done = moved.model_copy(update={"turn": second.turn})
    with pytest.raises(RuleError) as refused:
        maneuver(done, Maneuver.do_nothing)
    assert refused.value.key == "maneuver.no_maneuvers_left"
    assert refused.value.params["rules"] == "R5.28"
    with pytest.raises(RuleError) as no_attack:
        attack(done)
    assert no_attack.value.key == "maneuver.no_maneuvers_left"


def test_the_catalogs_example_three_chambara_attacks_and_a_second_maneuver_make_four_r5_28() -> (
    None
):
    """Katana 18, a master: 3 attacks (R5.15). ATR giving 2 maneuvers, the second also an
    attack: 4 attacks, not 6; the fifth is refused with both rules named."""
    hero = fighter(skill=18, altered=1, traits=["trained_by_a_master"])
    for number in range(1, 5):
        hero, outcome = attack(hero)
        assert (outcome.attack_number, outcome.attacks_available) == (number, 4)
    assert outcome.allowance_rule_ids == ("R5.15", "R5.28")
    with pytest.raises(RuleError) as refused:
        attack(hero)
    assert refused.value.key == "attack.no_attacks_left"
    assert refused.value.params["rules"] == "R5.15, R5.28"
    # Both maneuvers went to the attacks: none is left for anything else.
    with pytest.raises(RuleError) as no_more:
        maneuver(hero, Maneuver.move)
    assert no_more.value.key == "maneuver.no_maneuvers_left"


def test_an_extra_maneuver_spent_on_a_move_gives_no_extra_attack_r5_28() -> None:
    """Move first, then the attack maneuver: its own single attack, no more."""
    hero = maneuver(fighter(altered=1), Maneuver.move)
    hero, outcome = attack(hero)
    assert outcome.attacks_available == 1
    assert outcome.allowance_rule_ids == ()
    with pytest.raises(RuleError) as refused:
        attack(hero)
    assert refused.value.key == "attack.no_attacks_left"


def test_an_attack_then_another_maneuver_r5_28() -> None:
    """One attack of the two the turn could hold, then Move with the extra maneuver."""
    hero, outcome = attack(fighter(altered=1))
    assert outcome.attacks_available == 2
    hero = maneuver(hero, Maneuver.move)
    with pytest.raises(RuleError) as refused:
        attack(hero)
    assert refused.value.key == "maneuver.no_maneuvers_left"


def test_super_speed_refusal_cites_r5_29() -> None:
    """Basic Speed 12: two maneuvers (R5.29's example), so two attacks; the third is refused
    citing R5.29, not R5.28."""
    hero, first = attack(fighter(speed=12.0))
    assert (first.attacks_available, first.allowance_rule_ids) == (2, ("R5.29",))
    hero, _ = attack(hero)
    with pytest.raises(RuleError) as refused:
        attack(hero)
    assert refused.value.key == "attack.no_attacks_left"
    assert refused.value.params["rules"] == "R5.29"


def test_super_speed_gives_any_maneuver_too_r5_29() -> None:
    """Basic Speed 18: three maneuvers; Move and Ready before the attack leave it one blow."""
    hero = maneuver(fighter(speed=18.0), Maneuver.move)
    hero = maneuver(hero, Maneuver.ready)
    hero, outcome = attack(hero)
    assert outcome.attacks_available == 1


def test_a_super_fast_fighter_concentrates_for_his_whole_turn_r5_10() -> None:
    moved = maneuver(fighter(speed=12.0), Maneuver.move)
    with pytest.raises(RuleError) as refused:
        maneuver(moved, Maneuver.concentrate)
    assert refused.value.key == "maneuver.concentrate_full_turn"
    thinking = maneuver(fighter(speed=12.0), Maneuver.concentrate)
    with pytest.raises(RuleError) as busy:
        maneuver(thinking, Maneuver.move)
    assert busy.value.key == "maneuver.no_maneuvers_left"


def test_altered_time_rate_may_concentrate_with_its_extra_maneuver_r5_28() -> None:
    moved = maneuver(fighter(altered=1), Maneuver.move)
    assert maneuver(moved, Maneuver.concentrate).turn.maneuver == "concentrate"


def test_a_wait_that_becomes_an_attack_takes_no_extra_maneuver_r5_11() -> None:
    waiting = maneuver(fighter(altered=1), Maneuver.wait)
    _, outcome = attack(waiting)
    assert outcome.attacks_available == 2


def test_all_out_defense_still_holds_after_an_extra_maneuver_r4_5() -> None:
    guarded = maneuver(
        fighter(altered=1),
        Maneuver.all_out_defense,
        all_out_defense=AllOutDefenseOption.double_defense,
    )
    moved = maneuver(guarded, Maneuver.move)
    profile = turn_profile(moved.turn)
    assert profile is not None
    assert profile.double_defense


def test_altered_time_rate_is_a_leveled_sheet_trait_r5_28() -> None:
    sheet = fighter().combatant
    fast = add_trait(sheet, SheetTrait.ALTERED_TIME_RATE, 2)
    assert fast.altered_time_rate == 2
    assert sheet_traits(fast) == (SheetTrait.ALTERED_TIME_RATE,)
    assert add_trait(sheet, SheetTrait.ALTERED_TIME_RATE).altered_time_rate == 1
    assert remove_trait(fast, SheetTrait.ALTERED_TIME_RATE).altered_time_rate == 0
    with pytest.raises(RuleError) as refused:
        add_trait(sheet, SheetTrait.ALTERED_TIME_RATE, 0)
    assert refused.value.key == "combatant.value_too_low"
