"""Characters from GCS files (rules.gcs): every part of the sheet the bot uses, read from
hand-written files in GCS's format (``tests/fixtures/gcs/``), and the files it refuses.

``alice.gcs`` is a version 5 file: nested trait and skill containers, equipment nested
three deep, armor on several locations (flexible mail, weaker against crushing), a bow,
a knife that is also thrown, a shield, Hard to Kill 2, Acute Vision 2 and a
specialization (Fast-Draw (Sword)). ``bruno_v3.gcs`` is an older file (version 3:
``advantages``, typed weapons, ``hit_locations``). ``ivo.gcs`` (version 5) wears boots
whose weapon bonus (+1 to Kick) picks weapons by a criterion object; ``marsh_cat.gcs``
(version 5) is a quadruped with claws, teeth and Tough Skin.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.character import MAX_WEAPONS, parse_sheet_json
from rules.combatant import Armor, HitLocation, RiseClass, Shield, Skill, Trait
from rules.damage import DamageSpec, DamageType
from rules.errors import RuleError
from rules.gcs import import_gcs, is_gcs
from rules.hit_location import effective_dr
from rules.options import RuleOptions

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gcs"


def gcs(name: str) -> dict[str, Any]:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_alice_attributes_and_condition() -> None:
    """GCS's computed attributes; the 3 HP of damage already taken stay taken."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    a = sheet.attributes
    assert (a.st, a.dx, a.iq, a.ht, a.hp, a.fp, a.will, a.per) == (11, 13, 12, 12, 11, 12, 13, 13)
    assert (a.basic_speed, a.basic_move) == (6.25, 6)
    assert (sheet.name, sheet.state.hp, sheet.state.fp) == ("Alice", 8, 12)
    assert not sheet.male_humanoid


def test_alice_traits_the_rules_ask_about() -> None:
    """Combat Reflexes and Weapon Master (nested in a container), Hard to Kill 2 and Acute
    Vision 2 (R16.5); a disabled Low Pain Threshold is not hers."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    assert sheet.traits == {Trait.COMBAT_REFLEXES, Trait.TRAINED_BY_A_MASTER}
    assert sheet.hard_to_kill == 2
    assert (sheet.acute_vision, sheet.acute_hearing, sheet.acute_taste_smell) == (2, 0, 0)


def test_alice_skills_with_their_computed_levels() -> None:
    """Skills and techniques at GCS's level, with a specialization and the attribute they
    are based on (shock reaches DX- and IQ-based ones, R7.6); containers are no skills."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    assert [(s.label, s.level, s.attribute) for s in sheet.skills] == [
        ("Broadsword", 15, "dx"),
        ("Shield (Shield)", 14, "dx"),
        ("Fast-Draw (Sword)", 15, "dx"),
        ("Bow", 13, "dx"),
        ("Thrown Weapon (Knife)", 13, "dx"),
        ("Feint (Broadsword)", 16, None),
        ("Stealth", 14, "dx"),
        ("Acrobatics", 12, "dx"),
        ("Observation", 13, "per"),
        ("Lockpicking", 11, "iq"),
    ]
    assert sheet.skill("fast_draw") == 15  # R5.22/R5.26 read it by name
    assert sheet.skill("acrobatics") == 12  # R6.4, R7.12, R7.14


def test_alice_weapons_from_equipment_at_any_depth_and_traits() -> None:
    """Equipped weapons, containers opened at every depth (the knife sits in a pouch in a
    backpack), then the traits' natural attacks. Left out: the unequipped dagger and the
    sword among the other (not carried) equipment."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    assert [(w.name, w.skill, w.damage, w.reach) for w in sheet.weapons] == [
        ("Broadsword (Swung)", 15, "sw+1 cut", "1"),
        ("Broadsword (Thrust)", 15, "thr+1 cr", "1"),
        ("Large Knife (Swung)", 11, "sw-2 cut", "C,1"),
        ("Large Knife (Thrown)", 13, "thr imp", "1"),
        ("Regular Bow", 13, "thr+2 imp", "1"),
        ("Medium Shield (Shield Bash)", 14, "thr cr", "1"),
        ("Natural Attacks (Punch)", 13, "thr-1 cr", "C"),
        ("Natural Attacks (Kick)", 11, "thr cr", "C,1"),
    ]


def test_weapons_of_traits_are_natural_attacks() -> None:
    """Punch and kick (Natural Attacks), claws and teeth come from traits: natural weapons,
    never held, so a knockdown does not drop them (R7.8) and close combat does not cost them
    -2 (R11.6). Weapons from equipment are held."""
    ivo = import_gcs(gcs("ivo.gcs")).sheet
    assert {w.name: w.natural for w in ivo.weapons} == {
        "Broadsword (Swung)": False,
        "Broadsword (Thrust)": False,
        "Regular Bow (ST13)": False,
        "Small Shield (Shield Bash)": False,
        "Natural Attacks (Punch)": True,
        "Natural Attacks (Kick)": True,
    }
    cat = import_gcs(gcs("marsh_cat.gcs")).sheet
    assert [(w.name, w.natural) for w in cat.weapons] == [
        ("Claws, Sharp (Kick)", True),
        ("Teeth, Sharp (Bite)", True),
    ]


def test_a_feature_the_bot_does_not_read_leaves_the_file_readable() -> None:
    """The boots' ``weapon_bonus`` names the weapons it helps with ``{compare, qualifier}``:
    the bot does not read weapon bonuses (GCS's computed Kick, 1d cr = thr-1 + 1 at ST 12,
    already holds it), so the file imports. Any other kind or shape of feature is left out
    too; the boots' DR 2 on the feet still counts (flexible: their notes say so)."""
    data = gcs("ivo.gcs")
    assert data["equipment"][4]["features"][1]["specialization"] == {
        "compare": "is",
        "qualifier": "Kick",
    }
    sheet = import_gcs(data).sheet
    assert (
        sheet.weapon("Natural Attacks (Kick)").damage,
        sheet.weapon("Natural Attacks (Kick)").skill,
    ) == ("1d cr", 11)
    assert sheet.dr.overrides[HitLocation.FOOT] == Armor(flexible=2)
    data["equipment"][4]["features"] += [
        {"type": "skill_bonus", "name": {"compare": "starts_with", "qualifier": "Stealth"}},
        {"type": "dr_bonus", "locations": ["foot"], "specialization": {"x": 1}, "amount": 9},
        "not a feature",
        7,
    ]
    data["equipment"][2]["features"] = {"type": "attribute_bonus"}
    again = import_gcs(data).sheet
    assert again.dr.overrides[HitLocation.FOOT] == Armor(flexible=2)
    assert again.shield == Shield(name="Small Shield", skill=13, db=1)


def test_parry_and_block_are_gcs_s_less_the_shield_s_db() -> None:
    """GCS's Parry 13 with the broadsword holds 3 + 15/2, Combat Reflexes and the medium
    shield's DB 2 (A.4): the bot's Parry is 11, and its defense rules add the DB back. The
    knife parries at -1 (10 in GCS), the shield blocks at 11 + 2; kicks and bashes cannot
    parry (B271)."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    parries = {w.name: sheet.parry(w) for w in sheet.weapons}
    assert parries == {
        "Broadsword (Swung)": 11,
        "Broadsword (Thrust)": 11,
        "Large Knife (Swung)": 8,
        "Large Knife (Thrown)": None,
        "Regular Bow": None,
        "Medium Shield (Shield Bash)": None,
        "Natural Attacks (Punch)": 10,
        "Natural Attacks (Kick)": None,
    }
    assert sheet.weapon("Large Knife (Swung)").parry_modifier == -1
    assert sheet.weapon("Large Knife (Swung)").knife
    assert sheet.shield == Shield(name="Medium Shield", skill=14, db=2)
    assert (sheet.block, sheet.shield_db) == (11, 2)


def test_ranged_weapons_keep_the_table() -> None:
    """The bow: Acc 2, GCS's range for her ST, RoF, shots, Bulk, minimum ST and the † of
    two hands; it cannot parry. The thrown knife is thrown (R5.26)."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    bow = sheet.weapon("Regular Bow")
    assert (bow.accuracy, bow.range, bow.rate_of_fire, bow.shots, bow.bulk) == (
        2,
        "165/220",
        "1",
        "1(2)",
        -7,
    )
    assert (bow.min_st, bow.two_handed, bow.can_parry, bow.thrown) == (11, True, False, False)
    knife = sheet.weapon("Large Knife (Thrown)")
    assert (knife.thrown, knife.range, knife.shots, knife.bulk) == (True, "8/16", "T(1)", -2)


def test_armor_per_location_flexible_and_by_damage_type() -> None:
    """DR from the body type's computed values (R7.19-R7.29): mail (flexible, its notes or
    tags say so) on torso, vitals and arms, 2 less against crushing; a rigid helmet (GCS's
    5 holds the skull's own 2, which the bot adds itself, R7.25); leggings; nothing on the
    rest. A tail is no location of the seed's table."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    mail = Armor(flexible=4, against={"cr": -2})
    assert sheet.dr.uniform == Armor()
    assert sheet.dr.overrides == {
        HitLocation.SKULL: Armor(rigid=3),
        HitLocation.LEG: Armor(rigid=2),
        HitLocation.ARM: mail,
        HitLocation.TORSO: mail,
        HitLocation.VITALS: mail,
    }
    crushing = DamageSpec(basic_damage=6, damage_type=DamageType.CR, location=HitLocation.TORSO)
    cutting = DamageSpec(basic_damage=6, damage_type=DamageType.CUT, location=HitLocation.TORSO)
    assert effective_dr(sheet, crushing).effective == 2
    assert effective_dr(sheet, cutting).effective == 4
    skull = DamageSpec(basic_damage=6, damage_type=DamageType.CR, location=HitLocation.SKULL)
    assert effective_dr(sheet, skull).effective == 5


def test_vitals_without_a_row_follow_the_torso_armor_r7_24() -> None:
    """R7.24: the vitals lie inside the torso. Mirela's body table gives the torso DR 2 and
    no vitals row: the vitals follow the torso (DR 2, as /armor's vitals do), and 3 impaling
    to them meets that DR. The groin and the eye (R7.26: the skull's DR does not reach it)
    lie inside nothing: the groin's row says 0, the eye has none and keeps the sheet's 0."""
    sheet = import_gcs(gcs("two_usages.gcs")).sheet
    assert sheet.dr.uniform == Armor()
    assert sheet.dr.overrides == {HitLocation.TORSO: Armor(rigid=2)}
    inner = (HitLocation.VITALS, HitLocation.GROIN, HitLocation.EYE)
    assert [sheet.dr.at(where).dr for where in inner] == [2, 0, 0]
    stab = DamageSpec(basic_damage=3, damage_type=DamageType.IMP, location=HitLocation.VITALS)
    assert effective_dr(sheet, stab).effective == 2


def test_a_vitals_row_is_kept_where_it_differs_from_the_torso_r7_24() -> None:
    """R7.24: a vitals row of its own counts even when it matches the DR the rest of the body
    has (0) and not the torso's (4 mail): the file says the vitals are bare."""
    data = gcs("ivo.gcs")
    vitals = next(
        row for row in data["settings"]["body_type"]["locations"] if row["id"] == "vitals"
    )
    vitals["calc"]["dr"] = {"all": 0}
    sheet = import_gcs(data).sheet
    assert sheet.dr.at(HitLocation.TORSO).dr == 4
    assert sheet.dr.at(HitLocation.VITALS) == Armor()


def test_encumbrance_move_and_dodge() -> None:
    """58.25 lb carried over a Basic Lift of 24.2 lb is Medium encumbrance (A.5): Move 3.
    GCS's Dodge there is 11 with Enhanced Dodge and the shield's DB 2; less the DB (the
    defense rules add it) the sheet's Dodge is 9, one more than the bot's own 6 + 3 - 2 + 1."""
    sheet = import_gcs(gcs("alice.gcs")).sheet
    assert (sheet.encumbrance_level, sheet.move) == (2, 3)
    assert (sheet.dodge_override, sheet.dodge) == (9, 9)


def test_an_animal_dodges_by_r6_1_not_by_gcs_s_number() -> None:
    """The quadruped (SM +1, sharp claws and teeth) is a carnivore that gets up in one turn
    (R7.12). GCS's Dodge 9 is the Basic Set's Basic Speed 6 + 3; the seed's R6.1 gives half
    its Move 9 or DX 12, whichever is better: 6. The file's number is not kept, so the
    guild's reading decides (``animal_dodge_basic_set``: 9 again)."""
    cat = import_gcs(gcs("marsh_cat.gcs")).sheet
    assert (cat.rise_class, cat.size_modifier, cat.dodge_override) == (
        RiseClass.QUADRUPED_CARNIVORE,
        1,
        None,
    )
    assert (cat.dodge, cat.dodge_under(RuleOptions(animal_dodge_basic_set=True))) == (6, 9)
    assert cat.dr.uniform == Armor(rigid=1)


@pytest.mark.parametrize(
    ("size", "traits", "rise_class"),
    [
        (1, ["Claws, Sharp"], RiseClass.QUADRUPED_CARNIVORE),
        (-3, ["Teeth, Sharp"], RiseClass.SMALL_CREATURE),
        (1, ["Teeth, Blunt"], RiseClass.HERBIVORE),
        (3, [], RiseClass.LARGE_HERBIVORE),
    ],
)
def test_how_a_beast_gets_up_comes_from_its_size_and_weapons(
    size: int, traits: list[str], rise_class: RiseClass
) -> None:
    """R7.12: carnivores and small creatures rise in one turn, herbivores in three, large
    ones (SM +2 and up) in six. A humanoid body stays humanoid."""
    data = gcs("marsh_cat.gcs")
    data["profile"]["SM"] = size
    data["traits"] = [{"name": name} for name in traits]
    assert import_gcs(data).sheet.rise_class is rise_class
    assert import_gcs(gcs("ivo.gcs")).sheet.rise_class is RiseClass.HUMANOID


def test_the_portrait_and_the_rest_are_dropped() -> None:
    """Only what the bot uses is kept: the sheet has no portrait, notes or points."""
    dumped = import_gcs(gcs("alice.gcs")).sheet.model_dump_json()
    assert "iVBOR" not in dumped
    assert "portrait" not in dumped


def test_an_older_gcs_file() -> None:
    """Version 3: ``advantages``, weapons typed ``melee_weapon``/``ranged_weapon``, the body
    in ``hit_locations``, FP as damage taken. Injury Tolerance keeps only its enabled
    modifier; the better of two Judo entries counts; a male humanoid for R7.28."""
    sheet = import_gcs(gcs("bruno_v3.gcs")).sheet
    assert (sheet.name, sheet.size_modifier, sheet.male_humanoid) == ("Bruno", 1, True)
    assert (sheet.state.hp, sheet.state.fp) == (15, 10)
    assert sheet.traits == {
        Trait.HIGH_PAIN_THRESHOLD,
        Trait.IT_NO_BRAIN,
        Trait.TRAINED_BY_A_MASTER,
    }
    assert (sheet.acute_vision, sheet.acute_hearing) == (0, 3)
    assert sheet.skills == (
        Skill(name="Rapier", level=14, attribute="dx"),
        Skill(name="Judo", level=12, attribute="dx"),
    )
    rapier, sling = sheet.weapons
    assert (rapier.name, rapier.fencing, rapier.reach, sheet.parry(rapier)) == (
        "Rapier (Thrust)",
        True,
        "1,2",
        10,
    )
    assert (sling.name, sling.damage, sling.can_parry, sling.range) == (
        "Sling",
        "sw pi",
        False,
        "78/130",
    )
    assert sheet.dr.uniform == Armor(rigid=1)
    assert sheet.dr.overrides[HitLocation.TORSO] == Armor(rigid=3, against={"burn": 2})
    assert sheet.dr.overrides[HitLocation.SKULL] == Armor()


def test_the_name_comes_from_the_file_when_the_profile_has_none() -> None:
    data = gcs("bruno_v3.gcs")
    data["profile"] = {"gender": "Male"}
    assert import_gcs(data, fallback_name="Sir Bruno").sheet.name == "Sir Bruno"


def test_extra_weapons_are_left_out_by_name() -> None:
    """A sheet holds 20 weapons (one autocomplete page): the rest are named, not kept."""
    data = gcs("bruno_v3.gcs")
    rapier = data["equipment"][0]
    data["equipment"] = [
        {**copy.deepcopy(rapier), "description": f"Rapier {n}"} for n in range(MAX_WEAPONS + 2)
    ]
    read = import_gcs(data)
    assert len(read.sheet.weapons) == MAX_WEAPONS
    assert read.weapons_left_out == ("Rapier 20 (Thrust)", "Rapier 21 (Thrust)")


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"version": 5, "rows": [{"name": "Combat Reflexes"}]}, "gcs.not_character"),
        ({"type": "trait_list", "version": 4, "rows": []}, "gcs.not_character"),
        ({"type": "template", "version": 5, "traits": []}, "gcs.not_character"),
        ({"version": 5, "skills": []}, "gcs.not_character"),
        ({"version": 9, "profile": {"name": "Ana"}}, "gcs.unknown_version"),
        ({"version": 1, "profile": {"name": "Ana"}}, "gcs.unknown_version"),
    ],
)
def test_files_that_are_no_character_are_refused(data: dict[str, Any], key: str) -> None:
    assert is_gcs(data)
    with pytest.raises(RuleError) as caught:
        import_gcs(data)
    assert caught.value.key == key


def test_an_unknown_version_says_which() -> None:
    with pytest.raises(RuleError) as caught:
        import_gcs({"version": 9, "profile": {"name": "Ana"}})
    assert caught.value.params == {"version": 9, "minimum": 2, "maximum": 5}


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        ("st", "eleven", "attributes.0.calc.value"),
        ("st", 10**12, "attributes.0.calc.value"),
        ("hp", -(10**9), "attributes.14.calc.current"),
    ],
)
def test_a_value_the_bot_cannot_read_is_named(where: str, value: object, field: str) -> None:
    data = gcs("alice.gcs")
    for attribute in data["attributes"]:
        if attribute["attr_id"] == where:
            attribute["calc"]["value" if where == "st" else "current"] = value
    with pytest.raises(RuleError) as caught:
        import_gcs(data)
    assert (caught.value.key, caught.value.params) == ("gcs.invalid", {"field": field})


def test_the_bot_s_own_sheet_is_no_gcs_file() -> None:
    assert not is_gcs({"name": "Ana", "attributes": {"st": 11}})
    assert not is_gcs({"version": True})
    assert not is_gcs([1, 2])


def test_a_large_file_with_its_portrait_is_read() -> None:
    """Real files carry a base64 portrait and run to megabytes: a 3 MB one is accepted."""
    data = gcs("alice.gcs")
    data["profile"]["portrait"] = "A" * (3 * 1024 * 1024)
    raw = json.dumps(data).encode()
    assert len(raw) > 3 * 1024 * 1024
    assert import_gcs(parse_sheet_json(raw)).sheet.name == "Alice"
