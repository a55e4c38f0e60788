"""Rolls by name against a sheet (rules.sheet_rolls): what a name finds, and the penalties a
fighter's condition brings where the rules say so (R7.6, R8.1, R16.1, R7.16)."""

from __future__ import annotations

import pytest

from rules.combatant import Burning, Combatant, Side, Skill, Trait
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import ScriptedDice
from rules.sheet_rolls import (
    CheckKind,
    CheckNote,
    find_target,
    roll_targets,
    sheet_check,
    sheet_level,
)


def alice(**state: object) -> Combatant:
    sheet = Combatant.create(
        name="Alice",
        attributes={"st": 11, "dx": 13, "iq": 12, "ht": 12, "per": 13},
        acute_vision=2,
        traits=[Trait.HARD_OF_HEARING],
        skills=[
            {"name": "Stealth", "level": 14, "attribute": "dx"},
            {"name": "Lockpicking", "level": 11, "attribute": "iq"},
            {"name": "Observation", "level": 13, "attribute": "per"},
            {"name": "Lifting", "level": 12, "attribute": "st"},
            {"name": "Feint", "specialization": "Broadsword", "level": 16},
            {"name": "Fast-Draw", "specialization": "Sword", "level": 15, "attribute": "dx"},
        ],
    )
    return sheet.with_state(**state) if state else sheet


def test_every_target_a_sheet_rolls() -> None:
    keys = [(t.kind, t.key, t.level) for t in roll_targets(alice())]
    assert keys[:6] == [
        (CheckKind.ATTRIBUTE, a, v)
        for a, v in zip(
            ("st", "dx", "iq", "ht", "will", "per"), (11, 13, 12, 12, 12, 13), strict=True
        )
    ]
    assert [k for kind, k, _ in keys if kind is CheckKind.SENSE] == [
        "vision",
        "hearing",
        "smell",
        "taste",
    ]
    assert [k for kind, k, _ in keys if kind is CheckKind.SKILL][:2] == [
        "Fast-Draw (Sword)",
        "Feint (Broadsword)",
    ]


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("DX", "dx"),
        ("will", "will"),
        ("Vision", "vision"),
        ("stealth", "Stealth"),
        ("fast draw (sword)", "Fast-Draw (Sword)"),
        ("Fast-Draw", "Fast-Draw (Sword)"),  # the only specialization on the sheet
    ],
)
def test_a_name_finds_its_target(name: str, key: str) -> None:
    assert find_target(alice(), name).key == key


def test_a_bare_name_with_two_specializations_names_them() -> None:
    """A bare skill name the sheet holds in two specializations rolls neither: the refusal
    names both, so the player can type one in full."""
    sheet = alice().model_copy(
        update={
            "skills": (
                *alice().skills,
                Skill(name="Fast-Draw", specialization="Arrow", level=14, attribute="dx"),
            )
        }
    )
    with pytest.raises(RuleError) as caught:
        find_target(sheet, "fast draw")
    assert (caught.value.key, caught.value.params) == (
        "sheetcheck.which_specialization",
        {
            "character": "Alice",
            "skill": Skill(name="Fast-Draw", level=14, attribute="dx"),
            "skills": (
                Skill(name="Fast-Draw", specialization="Arrow", level=14, attribute="dx"),
                next(s for s in sheet.skills if s.label == "Fast-Draw (Sword)"),
            ),
        },
    )
    assert find_target(sheet, "Fast-Draw (Arrow)").level == 14


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        find_target(alice(), "Swimming")
    assert (caught.value.key, caught.value.params) == (
        "sheetcheck.unknown_target",
        {"character": "Alice", "name": "Swimming"},
    )


@pytest.mark.parametrize(
    ("name", "shocked"),
    [
        ("dx", True),
        ("iq", True),
        ("Stealth", True),  # DX-based
        ("Lockpicking", True),  # IQ-based
        ("Feint (Broadsword)", True),  # a technique of unknown basis counts as DX/IQ
        ("Observation", False),  # Per-based
        ("ht", False),
        ("will", False),
        ("per", False),
        ("hearing", False),
        ("Lifting", False),  # ST-based
    ],
)
def test_shock_reaches_iq_dx_and_their_skills_r7_6(name: str, shocked: bool) -> None:
    """R7.6: shock (-3 here) falls on IQ, DX and the skills based on them, next turn only."""
    hurt = alice(shock_penalty=-3)
    level = sheet_level(hurt, find_target(hurt, name), in_fight=True)
    expected = [Modifier(key="shock", value=-3, rule_id="R7.6")] if shocked else []
    assert [m for m in level.modifiers if m.key == "shock"] == expected


def test_tired_halves_st_for_st_rolls_r8_1() -> None:
    """R8.1's worked example: below 1/3 FP, ST 11 is 6 (halved, rounding up): -5 to ST and
    to ST-based skills; DX rolls are untouched."""
    tired = alice(fp=3)
    assert sheet_level(tired, find_target(tired, "st"), in_fight=True).value == 6
    assert sheet_level(tired, find_target(tired, "Lifting"), in_fight=True).value == 7
    assert sheet_level(tired, find_target(tired, "dx"), in_fight=True).modifiers == ()


@pytest.mark.parametrize(
    ("burning", "name", "value", "rule"),
    [
        (Burning.FULL, "dx", 10, "R10.6"),  # DX 13 - 3
        (Burning.FULL, "Stealth", 11, "R10.6"),  # DX-based 14 - 3
        (Burning.PARTIAL, "Fast-Draw (Sword)", 13, "R10.5"),  # 15 - 2
        (Burning.SHIELD, "dx", 11, "R10.7"),  # 13 - 2
        (Burning.FULL, "iq", 12, None),
        (Burning.FULL, "Lockpicking", 11, None),  # IQ-based
        (Burning.FULL, "ht", 12, None),
    ],
)
def test_burning_lowers_dx_and_dx_based_skills_r10_5_r10_6_r10_7(
    burning: Burning, name: str, value: int, rule: str | None
) -> None:
    """R10.5-R10.7: what burns on him takes -2 (part of the clothes, a wooden shield) or -3
    (all the clothes) from DX, so from DX rolls and DX-based skills, as from his attacks."""
    burnt = alice(on_fire=burning)
    level = sheet_level(burnt, find_target(burnt, name), in_fight=True)
    assert level.value == value
    assert [m.rule_id for m in level.modifiers] == ([rule] if rule else [])


def test_a_sense_is_per_with_its_traits_r16_1() -> None:
    """R16.1, R16.5, R16.7, as ``/sense`` reads a sheet: Vision = Per 13 + Acute Vision 2;
    Hearing = Per 13 - 4 for Hard of Hearing; Smell is plain Per."""
    sheet = alice()
    vision = sheet_level(sheet, find_target(sheet, "vision"), in_fight=False)
    assert (vision.value, vision.modifiers) == (
        15,
        (Modifier(key="sense_acute", value=2, rule_id="R16.5"),),
    )
    hearing = sheet_level(sheet, find_target(sheet, "hearing"), in_fight=False)
    assert (hearing.value, hearing.modifiers) == (
        9,
        (Modifier(key="sense_hard_of_hearing", value=-4, rule_id="R16.7"),),
    )
    assert sheet_level(sheet, find_target(sheet, "smell"), in_fight=False).value == 13


def test_no_vision_roll_with_both_eyes_blinded_r7_16() -> None:
    blind = alice(blinded_eyes=frozenset(Side))
    with pytest.raises(RuleError) as caught:
        sheet_level(blind, find_target(blind, "vision"), in_fight=True)
    assert caught.value.key == "sheetcheck.blind"
    one_eye = alice(blinded_eyes=frozenset({Side.LEFT}))
    assert sheet_level(one_eye, find_target(one_eye, "vision"), in_fight=True).value == 15


def test_conditions_without_a_number_are_named() -> None:
    """Stun (R7.10, R7.11), 0 HP (R7.2) and 0 FP (R8.2) change no level but are told."""
    sheet = alice(stunned=True, mentally_stunned=True, hp=0, fp=-1)
    level = sheet_level(sheet, find_target(sheet, "ht"), in_fight=True)
    assert level.notes == (
        CheckNote.STUNNED,
        CheckNote.MENTALLY_STUNNED,
        CheckNote.HP_AT_ZERO,
        CheckNote.FP_AT_ZERO,
    )


def test_out_of_the_fight_the_plain_level_is_rolled() -> None:
    hurt = alice(shock_penalty=-4)
    assert sheet_level(hurt, find_target(hurt, "Stealth"), in_fight=False).modifiers == ()


def test_sheet_check_rolls_the_level_with_every_modifier() -> None:
    """A.1 against Stealth 14 - 2 shock + 1 given: 13; 4 + 4 + 5 = 13 makes it by 0."""
    hurt = alice(shock_penalty=-2)
    result = sheet_check(
        hurt, "Stealth", ScriptedDice([4, 4, 5]), RuleOptions(), in_fight=True, modifier=1
    )
    assert result.character == "Alice"
    assert (result.check.skill, result.check.modifier) == (14, -1)
    assert (result.check.roll.effective_skill, result.check.roll.margin) == (13, 0)
