"""Saved-sheet editing, the Parry column, import problems and export (rules.character)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.character import (
    MAX_IMPORT_BYTES,
    MAX_WEAPONS,
    ParryEntry,
    SheetInvalidError,
    SheetProblem,
    SheetTrait,
    add_skill,
    add_trait,
    add_weapon,
    build_weapon,
    export_sheet,
    fighting_copy,
    find_skill,
    fresh,
    gear_differs,
    import_sheet,
    parse_parry,
    parse_sheet_json,
    remove_skill,
    remove_trait,
    remove_weapon,
    rename_sheet,
    set_armor,
    set_shield,
    sheet_problems,
    sheet_traits,
    trait_level,
    with_gear_of,
)
from rules.combatant import Armor, Combatant, HitLocation, Posture, Shield, Skill, Trait
from rules.errors import RuleError


def ana() -> Combatant:
    return Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
    )


# ------------------------------------------------------------------ the Parry column


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", ParryEntry()),
        ("-1", ParryEntry(modifier=-1)),
        ("+2", ParryEntry(modifier=2)),
        ("0F", ParryEntry(fencing=True)),
        ("0U", ParryEntry(unbalanced=True)),
        ("-2u", ParryEntry(modifier=-2, unbalanced=True)),
        ("No", ParryEntry(can_parry=False)),
        ("Não", ParryEntry(can_parry=False)),
    ],
)
def test_parse_parry_reads_the_weapon_table(text: str, expected: ParryEntry) -> None:
    assert parse_parry(text) == expected


@pytest.mark.parametrize("text", ["", "x", "0FF", "1.5", "F0", "--1"])
def test_parse_parry_refuses_anything_else(text: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_parry(text)
    assert caught.value.key == "character.bad_parry"
    assert caught.value.params == {"text": text}


# ------------------------------------------------------------------ weapons


def test_build_weapon_keeps_every_option() -> None:
    weapon = build_weapon(
        " rapier ", skill=14, damage="thr+1 imp", reach="1,2", parry="0F", knife=False
    )
    assert weapon.name == "rapier"
    assert (weapon.skill, weapon.damage, weapon.reach) == (14, "thr+1 imp", "1,2")
    assert (weapon.parry_modifier, weapon.fencing, weapon.unbalanced) == (0, True, False)
    assert weapon.can_parry


def test_build_weapon_ranged_fields() -> None:
    bow = build_weapon(
        "bow", skill=12, damage="thr+2 imp", parry="No", accuracy=2, snap_shot=12, min_st=11
    )
    assert (bow.can_parry, bow.accuracy, bow.snap_shot, bow.min_st) == (False, 2, 12, 11)


@pytest.mark.parametrize(
    ("options", "can_parry"),
    [
        ({"accuracy": 3}, False),
        ({"snap_shot": 12}, False),
        ({"accuracy": 2, "thrown": True}, True),
        ({}, True),
        ({"accuracy": 3, "parry": "0"}, True),
    ],
)
def test_build_weapon_a_missile_weapon_cannot_parry_unless_told(
    options: dict[str, object], can_parry: bool
) -> None:
    # B376: a bow's Parry column reads "No"; a thrown spear with an Accuracy still parries.
    weapon = build_weapon("bow", skill=13, damage="thr+2 imp", **options)  # type: ignore[arg-type]
    assert weapon.can_parry is can_parry
    assert weapon.parry_modifier == 0


def test_build_weapon_checks_the_damage_text() -> None:
    with pytest.raises(RuleError) as caught:
        build_weapon("axe", skill=12, damage="sw+2 chop")
    assert caught.value.key == "damage.missing_type"


@pytest.mark.parametrize("reach", ["C", "1", "C,1", "1,2", "1-3", "2*"])
def test_build_weapon_accepts_table_reaches(reach: str) -> None:
    assert build_weapon("spear", skill=12, damage="thr+3 imp", reach=reach).reach == reach


def test_build_weapon_refuses_a_bad_reach() -> None:
    with pytest.raises(RuleError) as caught:
        build_weapon("spear", skill=12, damage="thr+3 imp", reach="far")
    assert caught.value.key == "character.bad_reach"


def test_build_weapon_refuses_a_blank_name() -> None:
    with pytest.raises(RuleError) as caught:
        build_weapon("  ", skill=12, damage="sw cr")
    assert caught.value.key == "combatant.weapon_unnamed"


def test_add_and_remove_weapon() -> None:
    axe = build_weapon("axe", skill=12, damage="sw+2 cut", parry="0U")
    armed = add_weapon(ana(), axe)
    assert [w.name for w in armed.weapons] == ["sword", "axe"]
    assert armed.parry("axe") == 3 + 6
    without, removed = remove_weapon(armed, "SWORD")
    assert removed.name == "sword"
    assert [w.name for w in without.weapons] == ["axe"]


def test_add_weapon_refuses_a_name_already_there() -> None:
    with pytest.raises(RuleError) as caught:
        add_weapon(ana(), build_weapon("Sword", skill=10, damage="sw cut"))
    assert caught.value.key == "character.weapon_exists"
    assert caught.value.params == {"character": "Ana", "weapon": "Sword"}


def test_add_weapon_stops_at_the_limit() -> None:
    sheet = Combatant.create(name="Armory")
    for n in range(MAX_WEAPONS):
        sheet = add_weapon(sheet, build_weapon(f"knife {n}", skill=10, damage="thr-1 imp"))
    with pytest.raises(RuleError) as caught:
        add_weapon(sheet, build_weapon("one more", skill=10, damage="thr-1 imp"))
    assert caught.value.key == "character.too_many_weapons"


def test_remove_an_unknown_weapon() -> None:
    with pytest.raises(RuleError) as caught:
        remove_weapon(ana(), "bow")
    assert caught.value.key == "combatant.unknown_weapon"


# ------------------------------------------------------------------ shield and armor


def test_set_and_remove_shield() -> None:
    shielded = set_shield(ana(), Shield(name="buckler", skill=12, db=1))
    assert shielded.block == 3 + 6
    assert shielded.shield_db == 1
    assert set_shield(shielded, None).shield is None


def test_armor_by_location_and_everywhere() -> None:
    sheet = set_armor(ana(), None, Armor(rigid=2))
    sheet = set_armor(sheet, HitLocation.TORSO, Armor(rigid=6))
    sheet = set_armor(sheet, HitLocation.SKULL, Armor(flexible=4))
    assert sheet.dr.at(HitLocation.TORSO) == Armor(rigid=6)
    assert sheet.dr.at(HitLocation.VITALS) == Armor(rigid=6)  # vitals follow the torso
    assert sheet.dr.at(HitLocation.SKULL) == Armor(flexible=4)
    assert sheet.dr.at(HitLocation.ARM) == Armor(rigid=2)
    everywhere = set_armor(sheet, None, Armor(rigid=1))
    assert everywhere.dr.overrides == {}
    assert everywhere.dr.at(HitLocation.TORSO) == Armor(rigid=1)


# ------------------------------------------------------------------ traits


def test_add_and_remove_traits() -> None:
    sheet = add_trait(ana(), SheetTrait.COMBAT_REFLEXES)
    assert sheet.has(Trait.COMBAT_REFLEXES)
    assert sheet.dodge == 6 + 3 + 1
    sheet = add_trait(sheet, SheetTrait.HARD_TO_KILL, 3)
    assert sheet.hard_to_kill == 3
    sheet = remove_trait(sheet, SheetTrait.HARD_TO_KILL)
    assert sheet.hard_to_kill == 0
    assert remove_trait(sheet, SheetTrait.COMBAT_REFLEXES).traits == frozenset()


def test_pain_thresholds_exclude_each_other() -> None:
    sheet = add_trait(ana(), SheetTrait.HIGH_PAIN_THRESHOLD)
    with pytest.raises(RuleError) as caught:
        add_trait(sheet, SheetTrait.LOW_PAIN_THRESHOLD)
    assert caught.value.key == "character.conflicting_traits"


def test_removing_a_trait_the_sheet_lacks() -> None:
    with pytest.raises(RuleError) as caught:
        remove_trait(ana(), SheetTrait.IT_DIFFUSE)
    assert caught.value.key == "character.trait_missing"
    assert caught.value.params == {"character": "Ana", "trait": "it_diffuse"}


def test_every_trait_choice_is_a_rules_trait_or_a_leveled_one() -> None:
    """The choices: every rules :class:`Trait` (the senses' among them, R16.3-R16.8), the
    leveled Hard to Kill, Altered Time Rate (R5.28) and Acute senses (R16.5, R16.7, R16.8),
    and the male humanoid of R7.28. Skills are no traits: they have their own list."""
    assert {t.value for t in SheetTrait} == {t.value for t in Trait} | {
        "hard_to_kill",
        "altered_time_rate",
        "acute_vision",
        "acute_hearing",
        "acute_taste_smell",
        "male_humanoid",
    }


def test_acute_senses_take_a_level_r16_5() -> None:
    """Acute Vision 2 sharpens Vision rolls by 2 (R16.5); a new level replaces the old one and
    removing it leaves the other senses alone."""
    sheet = add_trait(ana(), SheetTrait.ACUTE_VISION, 2)
    sheet = add_trait(sheet, SheetTrait.ACUTE_HEARING)
    assert (sheet.acute_vision, sheet.acute_hearing) == (2, 1)
    sheet = add_trait(sheet, SheetTrait.ACUTE_VISION, 3)
    assert trait_level(sheet, SheetTrait.ACUTE_VISION) == 3
    assert sheet_traits(sheet) == (SheetTrait.ACUTE_VISION, SheetTrait.ACUTE_HEARING)
    sheet = remove_trait(sheet, SheetTrait.ACUTE_VISION)
    assert (sheet.acute_vision, sheet.acute_hearing) == (0, 1)
    with pytest.raises(RuleError) as caught:
        add_trait(sheet, SheetTrait.ACUTE_TASTE_SMELL, 0)
    assert caught.value.key == "combatant.value_too_low"


def test_male_humanoid_is_a_trait_for_the_groin_rule_r7_28() -> None:
    """R7.28's worked example once the sheet says so: 3 crushing injury to the groin of a
    male humanoid gives shock -6 instead of -3."""
    from rules.damage import DamageSpec, DamageType
    from rules.injury import apply_hit
    from rules.roller import ScriptedDice

    plain = Combatant.create(name="Ana", attributes={"st": 30, "hp": 19})
    male = add_trait(plain.model_copy(update={"name": "Bruno"}), SheetTrait.MALE_HUMANOID)
    assert male.male_humanoid
    assert sheet_traits(male) == (SheetTrait.MALE_HUMANOID,)
    spec = DamageSpec(basic_damage=3, damage_type=DamageType.CR, location=HitLocation.GROIN)
    assert apply_hit(plain, spec, ScriptedDice([])).shock_penalty == -3
    assert apply_hit(male, spec, ScriptedDice([])).shock_penalty == -6
    assert not remove_trait(male, SheetTrait.MALE_HUMANOID).male_humanoid
    with pytest.raises(RuleError) as caught:
        remove_trait(plain, SheetTrait.MALE_HUMANOID)
    assert caught.value.key == "character.trait_missing"


def test_skills_have_a_name_a_specialization_and_a_level_r6_4_r7_14() -> None:
    """Acrobatics and Judo land on the sheet's skills, which the acrobatic Dodge (R6.4) and
    the knockback roll (R7.14) read by name; a new level replaces the old one and keeps the
    attribute the skill is based on."""
    sheet, added = add_skill(ana(), "Acrobatics", 13, attribute="dx")
    assert added == Skill(name="Acrobatics", level=13, attribute="dx")
    sheet, _ = add_skill(sheet, "judo", 12)
    sheet, again = add_skill(sheet, "ACROBATICS", 14)
    assert again.attribute == "dx"
    assert (sheet.skill("acrobatics"), sheet.skill("Judo")) == (14, 12)
    sheet, removed = remove_skill(sheet, "Acrobatics")
    assert removed.level == 14
    assert [s.label for s in sheet.skills] == ["judo"]
    with pytest.raises(RuleError) as caught:
        remove_skill(sheet, "Acrobatics")
    assert (caught.value.key, caught.value.params) == (
        "character.skill_missing",
        {"character": "Ana", "skill": "Acrobatics"},
    )


def test_specializations_are_separate_skills_r5_22() -> None:
    """Fast-Draw (Arrow) and Fast-Draw (Knife) are two skills; an archer's volley draws with
    the best of them when none is named (R5.22, R5.26)."""
    sheet, _ = add_skill(ana(), "Fast-Draw (Arrow)", 14)
    sheet, knife = add_skill(sheet, "fast draw", 12, specialization="Knife")
    assert knife.label == "fast draw (Knife)"
    assert sheet.skill("fast_draw") == 14
    assert sheet.skill("Fast-Draw", "knife") == 12
    assert find_skill(sheet, "Fast-Draw (knife)").level == 12
    with pytest.raises(RuleError) as caught:
        find_skill(sheet, "Fast-Draw")  # two specializations: which one?
    assert caught.value.key == "character.skill_missing"
    sheet, _ = remove_skill(sheet, "Fast-Draw", "Arrow")
    assert find_skill(sheet, "Fast-Draw").level == 12


def test_old_skill_levels_read_as_named_skills() -> None:
    """Sheets kept skills as ``{"fast_draw": 13}``: they read as named skills with their
    attribute, and a sheet may hold a skill only once."""
    sheet = Combatant.create(name="Ana", skills={"fast_draw": 13, "stealth": 12})
    assert sheet.skills == (
        Skill(name="Fast-Draw", level=13, attribute="dx"),
        Skill(name="Stealth", level=12),
    )
    with pytest.raises(RuleError) as caught:
        Combatant.create(
            name="Ana", skills=[{"name": "Judo", "level": 12}, {"name": "judo", "level": 13}]
        )
    assert caught.value.key == "combatant.duplicate_skill"


def test_gear_goes_back_to_the_saved_sheet() -> None:
    """What a fight changed in the gear, traits and skills goes back; name, attributes and
    condition stay as the saved sheet has them."""
    saved = ana()
    fought = add_weapon(saved.with_state(hp=3), build_weapon("axe", skill=12, damage="sw+2 cut"))
    fought, _ = add_skill(fought, "Stealth", 12)
    fought = add_trait(fought, SheetTrait.COMBAT_REFLEXES)
    assert gear_differs(saved, fought)
    back = with_gear_of(saved, fought)
    assert [w.name for w in back.weapons] == [w.name for w in fought.weapons]
    assert back.skill("stealth") == 12
    assert back.has(Trait.COMBAT_REFLEXES)
    assert back.state == saved.state
    assert not gear_differs(back, fought)


# ------------------------------------------------------------------ names and state


def test_fresh_and_fighting_copy_reset_the_state() -> None:
    """A fighting copy keeps the sheet's HP and FP (a GCS sheet may come hurt) and nothing
    else of its condition."""
    hurt = ana().with_state(hp=-3, fp=4, stunned=True, posture=Posture.PRONE)
    assert fresh(hurt).state == ana().state
    copy = fighting_copy(hurt, " Ana 2 ")
    assert copy.name == "Ana 2"
    assert (copy.state.hp, copy.state.fp) == (-3, 4)
    assert copy.state.posture is Posture.STANDING
    assert not copy.state.stunned
    assert fighting_copy(ana(), "Ana").state == ana().state
    assert copy.weapons == ana().weapons


def test_rename_sheet() -> None:
    assert rename_sheet(ana(), "  Dame Ana ").name == "Dame Ana"
    with pytest.raises(RuleError) as caught:
        rename_sheet(ana(), "   ")
    assert caught.value.key == "combatant.unnamed"


# ------------------------------------------------------------------ import and export


def test_export_then_import_is_the_same_sheet() -> None:
    sheet = add_trait(
        set_armor(ana(), HitLocation.TORSO, Armor(rigid=3, flexible=2)),
        SheetTrait.HIGH_PAIN_THRESHOLD,
    )
    text = export_sheet(sheet.with_state(hp=2))
    data = json.loads(text)
    assert "state" not in data
    assert data["traits"] == ["high_pain_threshold"]
    assert data["dr"]["overrides"] == {"torso": {"rigid": 3, "flexible": 2, "against": {}}}
    assert import_sheet(parse_sheet_json(text.encode())) == sheet


def test_import_lists_every_problem() -> None:
    data = {
        "name": "Ana",
        "attributes": {"st": "eleven"},
        "traits": ["telepathy"],
        "weapons": [{"name": "sword", "skill": -1, "damage": "sw+1 slash"}],
        "colour": "red",
    }
    with pytest.raises(SheetInvalidError) as caught:
        import_sheet(data)
    assert caught.value.problems == (
        SheetProblem("attributes.st", "character.problem.not_integer"),
        SheetProblem(
            "traits.0",
            "character.problem.not_one_of",
            {
                "expected": "'combat_reflexes', 'high_pain_threshold', 'low_pain_threshold', "
                "'it_unliving', 'it_homogeneous', 'it_diffuse', 'it_no_brain', 'it_no_vitals', "
                "'trained_by_a_master', 'danger_sense', 'hyperspectral_vision', "
                "'discriminatory_hearing', 'hard_of_hearing', 'discriminatory_smell' "
                "or 'discriminatory_taste'"
            },
        ),
        SheetProblem(
            "weapons.0.skill",
            "combatant.value_too_low",
            {"field": "skill", "value": -1, "minimum": 0},
        ),
        SheetProblem("colour", "character.problem.unknown_field"),
        SheetProblem("weapons.0.damage", "damage.missing_type", {"text": "sw+1 slash"}),
    )
    assert caught.value.key == "character.import_invalid"
    assert caught.value.params == {"count": 5}


def test_import_needs_an_object_with_a_name() -> None:
    assert sheet_problems([1, 2]) == (SheetProblem("", "character.problem.not_object"),)
    assert sheet_problems({}) == (SheetProblem("name", "character.problem.missing"),)
    assert sheet_problems({"name": " "}) == (SheetProblem("", "combatant.unnamed"),)


def test_a_valid_sheet_has_no_problems() -> None:
    assert sheet_problems(json.loads(export_sheet(ana()))) == ()


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        (b"\xff\xfe\x00", "character.import_not_text"),
        (b'{"name": "Ana",', "character.import_not_json"),
        (b" " * (MAX_IMPORT_BYTES + 1), "character.import_too_large"),
        # 10 000 bytes of brackets nest deeper than any sheet (or the JSON decoder) goes.
        (b"[" * 5_000 + b"]" * 5_000, "character.import_too_deep"),
        (b"[" + b"[]," * 500_000 + b"[]]", "character.import_too_many"),
        (b'{"st": ' + b"9" * 5000 + b"}", "character.import_number"),
        (b'{"st": 1e999}', "character.import_number"),
        (b'{"st": NaN}', "character.import_number"),
        (b'{"st": -Infinity}', "character.import_number"),
    ],
)
def test_parse_sheet_json_refuses_what_is_not_json(raw: bytes, key: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_sheet_json(raw)
    assert caught.value.key == key


def test_parse_sheet_json_takes_discord_sized_files_and_strings_with_brackets() -> None:
    """A file as large as Discord attaches (25 MiB) is read; brackets inside strings (a
    portrait, a note) are no nesting; 100 levels are allowed, 101 are not."""
    assert MAX_IMPORT_BYTES == 25 * 1024 * 1024
    portrait = "[" * (MAX_IMPORT_BYTES - 100)
    assert parse_sheet_json(json.dumps({"portrait": portrait}).encode()) == {"portrait": portrait}
    assert parse_sheet_json(b"[" * 100 + b"]" * 100) is not None
    with pytest.raises(RuleError) as caught:
        parse_sheet_json(b"[" * 101 + b"]" * 101)
    assert caught.value.params == {"maximum": 100}


def test_parse_sheet_json_reports_where() -> None:
    with pytest.raises(RuleError) as caught:
        parse_sheet_json(b'{\n  "name": "Ana",\n}')
    assert caught.value.params == {"line": 3, "column": 1}


@given(
    strength=st.integers(1, 30),
    dr=st.integers(0, 50),
    location=st.sampled_from(list(HitLocation)),
    flexible=st.booleans(),
)
def test_export_import_round_trip(
    strength: int, dr: int, location: HitLocation, flexible: bool
) -> None:
    armor = Armor(flexible=dr) if flexible else Armor(rigid=dr)
    sheet = set_armor(Combatant.create(name="X", attributes={"st": strength}), location, armor)
    assert import_sheet(json.loads(export_sheet(sheet))) == sheet


def test_import_refuses_names_too_long_for_discord() -> None:
    data = {
        "name": "N" * 81,
        "weapons": [{"name": "W" * 41, "skill": 10, "damage": "sw cr"}],
    }
    assert sheet_problems(data) == (
        SheetProblem("name", "character.problem.too_long", {"maximum": 80}),
        SheetProblem("weapons.0.name", "character.problem.too_long", {"maximum": 40}),
    )


def test_import_refuses_more_weapons_than_a_sheet_holds() -> None:
    weapons = [{"name": f"k{n}", "skill": 10, "damage": "thr imp"} for n in range(MAX_WEAPONS + 1)]
    assert sheet_problems({"name": "Armory", "weapons": weapons}) == (
        SheetProblem("weapons", "character.too_many_weapons", {"maximum": MAX_WEAPONS}),
    )
