"""R5.10: a concentrating fighter who defends rolls IQ-3 (the seed) or, with the per-server
``concentrate_will`` option, Will-3 (the Basic Set) to keep concentrating."""

from __future__ import annotations

import pytest

from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.defense_resolution import DefenseChoice, resolve_defense
from rules.encounter import EncounterCombatant
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from rules.turn import TurnState

MAGE = Combatant.create(
    name="Mage", attributes={"st": 10, "dx": 10, "iq": 13, "ht": 10, "will": 14}
)
ARCHER = EncounterCombatant(
    combatant_id="c2",
    side="npc",
    combatant=Combatant.create(
        name="Archer",
        attributes={"st": 10, "dx": 12, "ht": 10},
        weapons=[{"name": "knife", "skill": 12, "damage": "thr imp"}],
    ),
)
CONCENTRATING = TurnState(maneuver="concentrate", turns_taken=1)


@pytest.mark.parametrize(
    ("options", "target", "kept"),
    [(RuleOptions(), 10, False), (RuleOptions(concentrate_will=True), 11, True)],
)
def test_the_roll_to_keep_concentrating_after_a_dodge_r5_10(
    options: RuleOptions, target: int, kept: bool
) -> None:
    """The catalog's example: IQ 13 dodges, rolls vs 13 - 3 = 10, and an 11 breaks it. With
    the Will reading the same 11 against Will 14 - 3 = 11 keeps it."""
    mage = EncounterCombatant(combatant_id="c1", side="pc", combatant=MAGE, turn=CONCENTRATING)
    hit = resolve_attack(ARCHER, mage, AttackRequest(), ScriptedDice([3, 4, 4]), options)
    assert hit.pending is not None
    dodged = resolve_defense(
        hit.pending,
        MAGE,
        CONCENTRATING,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2, 5, 5, 1]),
        options=options,
    )
    assert dodged.defended
    assert dodged.concentration is not None
    assert (dodged.concentration.effective_skill, dodged.concentration.total) == (target, 11)
    assert dodged.concentration.succeeded is kept
    assert dodged.concentration_on_will is options.concentrate_will
    assert dodged.target_turn.concentration_lost is not kept
