"""rules.swarm_profile and rules.swarm: swarms and hordes (R14.1-R14.8).

Both example tables row by row, every worked example of section 14, and a swarm and a
horde in a fight: their automatic attacks, their dispersal, a horde shrinking and
splitting, and the turn order that puts hordes last.
"""

from __future__ import annotations

import pytest

from rules.combatant import Combatant, Trait
from rules.damage import DamageType
from rules.encounter import Encounter, EncounterCombatant, add_combatants, advance_turn
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.swarm import (
    Dropped,
    add_swarms,
    custom_profile,
    end_of_swarm_turn,
    engage,
    engage_swarm,
    hit_swarm,
    preset_sheet,
    release,
    release_from_swarm,
    swarm_attacks,
    swarm_injury,
    swarm_sheet,
)
from rules.swarm_profile import (
    HORDE_SIZES,
    HORDE_SM,
    SWARMS,
    Locomotion,
    Protection,
    SwarmKind,
    horde_move,
    horde_size_modifier,
)

# --------------------------------------------------------------------------- the tables

# R14.4: kind, SM, Move, movement, damage per round, small (armor gives no usual
# protection), dispersed by, poison.
SWARM_TABLE = [
    (SwarmKind.BEES, 0, 6, Locomotion.FLYING, "1 tox", True, 12, None),
    (SwarmKind.RATS, 0, 4, Locomotion.GROUND, "1d cut", False, 6, None),
    (SwarmKind.BATS, 0, 8, Locomotion.FLYING, "1d cut", False, 8, None),
    (SwarmKind.BIRDS, 0, 8, Locomotion.FLYING, "1d-1 pi+", False, 6, None),
    (SwarmKind.VENOMOUS_INSECTS, 0, 2, Locomotion.GROUND, "1d pi-", True, 10, "III"),
    (SwarmKind.FLYING_INSECTS, 0, 6, Locomotion.FLYING, "1d pi-", True, 10, None),
    (SwarmKind.PIRANHAS, 0, 6, Locomotion.SWIMMING, "2d cut", False, 8, None),
    (SwarmKind.SNAKES, 0, 3, Locomotion.GROUND, "1d+2 cut", False, 8, "IV"),
]


@pytest.mark.parametrize("row", SWARM_TABLE, ids=[row[0].value for row in SWARM_TABLE])
def test_r14_4_the_swarm_table(row: tuple[object, ...]) -> None:
    kind, sm, move, locomotion, damage, small, dispersed, poison = row
    profile = SWARMS[kind]  # type: ignore[index]
    assert (
        profile.size_modifier,
        profile.move,
        profile.locomotion,
        profile.damage,
        profile.small,
        profile.dispersed_by,
        profile.poison,
    ) == (sm, move, locomotion, damage, small, dispersed, poison)


def test_r14_4_eight_swarms_and_the_bees_give_up_at_50_m() -> None:
    assert len(SWARMS) == 8
    assert SWARMS[SwarmKind.BEES].gives_up_beyond == 50


# R14.8: kind, Basic Size, SM, Move, movement, damage, dispersed by (per hex).
HORDE_TABLE = [
    (SwarmKind.BATS, 15, 7, 8, Locomotion.FLYING, "1d cut", 8),
    (SwarmKind.RATS, 5, 4, 4, Locomotion.GROUND, "1d cut", 6),
    (SwarmKind.BIRDS, 15, 7, 8, Locomotion.FLYING, "1d-1 pi+", 6),
    (SwarmKind.VENOMOUS_INSECTS, 5, 4, 2, Locomotion.GROUND, "1d pi-", 10),
    (SwarmKind.FLYING_INSECTS, 15, 7, 6, Locomotion.FLYING, "1d pi-", 10),
    (SwarmKind.PIRANHAS, 5, 4, 6, Locomotion.SWIMMING, "2d cut", 8),
    (SwarmKind.SNAKES, 5, 4, 3, Locomotion.GROUND, "1d+2 cut", 8),
]


@pytest.mark.parametrize("row", HORDE_TABLE, ids=[row[0].value for row in HORDE_TABLE])
def test_r14_8_the_horde_table(row: tuple[object, ...]) -> None:
    kind, size, sm, move, locomotion, damage, dispersed = row
    assert HORDE_SIZES[kind] == size  # type: ignore[index]
    assert HORDE_SM[kind] == sm  # type: ignore[index]
    assert horde_size_modifier(size) == sm  # type: ignore[arg-type]
    horde = preset_sheet("Horde", kind, size)  # type: ignore[arg-type]
    assert horde.swarm is not None
    assert horde.swarm.is_horde
    assert (horde.swarm.size_modifier, horde.swarm.move) == (sm, move)
    profile = horde.swarm.profile
    assert (profile.locomotion, profile.damage, profile.dispersed_by) == (
        locomotion,
        damage,
        dispersed,
    )


def test_r14_8_there_is_no_bee_horde() -> None:
    assert SwarmKind.BEES not in HORDE_SIZES
    with pytest.raises(RuleError) as caught:
        preset_sheet("Hive", SwarmKind.BEES, 20)
    assert caught.value.key == "swarm.no_horde"


# --------------------------------------------------------------------------- worked examples


def test_r14_1_a_rat_swarm_counts_two_sizes_bigger() -> None:
    """A rat swarm (basic SM 0) → effective SM +2 to target or spot it."""
    rats = preset_sheet("Rats", SwarmKind.RATS)
    assert rats.swarm is not None
    assert rats.swarm.size_modifier == 2
    assert rats.size_modifier == 2
    assert not rats.swarm.is_horde
    assert rats.has(Trait.IT_DIFFUSE)


def test_r14_4_the_piranha_preset() -> None:
    """One hex, SM +2, Move 6 swimming, 2d cut a round, gone after 8 damage."""
    fish = preset_sheet("Piranhas", SwarmKind.PIRANHAS)
    assert fish.swarm is not None
    assert (fish.swarm.hexes, fish.size_modifier, fish.swarm.move) == (1, 2, 6)
    assert fish.swarm.profile.locomotion is Locomotion.SWIMMING
    assert (fish.swarm.profile.damage, fish.swarm.profile.dispersed_by) == ("2d cut", 8)
    assert fish.attributes.basic_move == 6


@pytest.mark.parametrize(("hexes", "sm"), [(15, 7), (5, 4), (12, 7), (20, 8), (2, 2), (3, 3)])
def test_r14_5_a_hordes_size(hexes: int, sm: int) -> None:
    """A bat horde of 15 hexes → SM(15) +5, + 2 → +7; 12 hexes takes the next row (15)."""
    assert horde_size_modifier(hexes) == sm


@pytest.mark.parametrize(
    ("move", "hexes", "locomotion", "expected"),
    [
        (4, 25, Locomotion.GROUND, 2),  # a rat horde of 25: 4 - 2
        (8, 45, Locomotion.FLYING, 7),  # a bat horde of 45: 8 - 1
        (6, 59, Locomotion.FLYING, 5),
        (2, 30, Locomotion.GROUND, 1),  # never below 1
        (6, 25, Locomotion.SWIMMING, 4),  # swimmers as crawlers (catalog reading)
    ],
)
def test_r14_6_a_big_horde_is_slower(
    move: int, hexes: int, locomotion: Locomotion, expected: int
) -> None:
    assert horde_move(move, hexes, locomotion) == expected


def test_r14_8_the_snake_horde() -> None:
    """hexes 5 → SM +4, Move 3, 1d+2 cut + Type IV Poison; a hex lost per 8 damage."""
    snakes = preset_sheet("Snakes", SwarmKind.SNAKES, 5)
    assert snakes.swarm is not None
    assert (snakes.size_modifier, snakes.swarm.move, snakes.swarm.basic_size) == (4, 3, 5)
    assert (snakes.swarm.profile.damage, snakes.swarm.profile.poison) == ("1d+2 cut", "IV")
    with pytest.raises(RuleError) as caught:
        preset_sheet("Snakes", SwarmKind.SNAKES, 4)
    assert caught.value.key == "swarm.below_basic_size"


# --------------------------------------------------------------------------- in a fight


def fight(*sheets: Combatant) -> Encounter:
    encounter, _ = add_combatants(
        Encounter(name="Swarm", gm_id=1),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def man(name: str, dr: int = 0, **attributes: int) -> Combatant:
    return Combatant.create(name=name, attributes=attributes, dr={"uniform": dr})


def test_r14_2_bees_against_ordinary_clothes() -> None:
    """Rounds 1-2: nothing; from round 3: 1 point a round."""
    encounter = engage(
        fight(preset_sheet("Bees", SwarmKind.BEES), man("Beekeeper", dr=1)),
        "Bees",
        "Beekeeper",
        Protection.CLOTHING,
    )
    taken = []
    for _ in range(4):
        encounter, attack = swarm_attacks(encounter, "1", ScriptedDice([]))
        [victim] = attack.attacks
        taken.append((victim.round, victim.shielded, victim.injury and victim.injury.injury))
    assert [(r, s.value if s else None, i) for r, s, i in taken] == [
        (1, "clothing", None),
        (2, "clothing", None),
        (3, None, 1),  # his DR 1 no longer counts against small creatures
        (4, None, 1),
    ]
    assert encounter.get("2").combatant.state.hp == 8


@pytest.mark.parametrize(
    ("protection", "protected_rounds"),
    [
        (Protection.NONE, 0),
        (Protection.CLOTHING, 2),
        (Protection.LOW_TL_ARMOR, 5),
        (Protection.SEALED, 7),
    ],
)
def test_r14_2_the_protection_table_against_small_creatures(
    protection: Protection, protected_rounds: int
) -> None:
    """Ordinary clothing up to 2 rounds, low-TL armor up to 5, a sealed suit completely."""
    encounter = engage(
        fight(preset_sheet("Insects", SwarmKind.FLYING_INSECTS), man("Victim", hp=40)),
        "Insects",
        "Victim",
        protection,
    )
    shielded = 0
    for _ in range(7):
        encounter, attack = swarm_attacks(encounter, "1", ScriptedDice([2]))
        shielded += attack.attacks[0].shielded is not None
    assert shielded == protected_rounds


def test_r14_2_rats_against_mail_every_round() -> None:
    """Rats against a man in mail (DR 4): 1d cut - 4, rolled anew every round."""
    encounter = engage(
        fight(preset_sheet("Rats", SwarmKind.RATS), man("Knight", dr=4, hp=20)),
        "Rats",
        "Knight",
        Protection.LOW_TL_ARMOR,  # larger creatures: his armor's usual DR, not a round limit
    )
    injuries = []
    for face in (6, 3, 5):
        encounter, attack = swarm_attacks(encounter, "1", ScriptedDice([face]))
        [victim] = attack.attacks
        assert victim.shielded is None
        assert victim.injury is not None
        assert victim.injury.dr.effective == 4
        injuries.append(victim.injury.injury)
    assert injuries == [3, 0, 1]  # (6-4)×1.5, nothing, (5-4)×1.5 → 1
    assert encounter.get("2").combatant.state.hp == 16


def test_r14_2_a_sealed_suit_stops_even_rats() -> None:
    encounter = engage(
        fight(preset_sheet("Rats", SwarmKind.RATS), man("Diver")),
        "Rats",
        "Diver",
        Protection.SEALED,
    )
    encounter, attack = swarm_attacks(encounter, "1", ScriptedDice([]))
    assert attack.attacks[0].shielded is not None
    assert attack.attacks[0].shielded.value == "sealed"


def test_r14_3_a_bee_swarm_dispersed_by_torch_and_shield() -> None:
    """A torch's 4 burning counts 2 (Diffuse), a shield swat 2: 4 a round, 12 after three
    rounds → dispersed. With the cap switched off, 4 + 2 = 6: two rounds."""
    for options, rounds in ((RuleOptions(), 3), (RuleOptions(diffuse_injury_cap=False), 2)):
        encounter = fight(preset_sheet("Bees", SwarmKind.BEES), man("Hero"))
        hits = []
        for _ in range(rounds):
            encounter, hit = hit_swarm(
                encounter,
                "Bees",
                amount=4,
                damage_type=DamageType.BURN,
                swat=True,
                roller=ScriptedDice([]),
                options=options,
            )
            hits.append(hit)
        assert hits[0].total == (4 if rounds == 3 else 6)
        assert [h.dispersed for h in hits] == [False] * (rounds - 1) + [True]
        assert [c.name for c in encounter.combatants] == ["Hero"]
        assert hits[-1].damage_after == 0


def test_r14_3_the_diffuse_cap() -> None:
    """At most 1 per impaling or piercing hit, 2 per other, none for area attacks."""
    options = RuleOptions()
    assert swarm_injury(8, DamageType.IMP, area=False, options=options).counted == 1
    assert swarm_injury(8, DamageType.PI_LARGE, area=False, options=options).counted == 1
    assert swarm_injury(8, DamageType.CUT, area=False, options=options).counted == 2
    area = swarm_injury(8, DamageType.CUT, area=True, options=options)
    assert (area.raw, area.cap, area.counted) == (12, None, 12)


@pytest.mark.parametrize(
    ("amount", "damage_type", "counted"),
    [
        (3, DamageType.IMP, 6),  # × 2
        (3, DamageType.PI, 3),  # × 1
        (4, DamageType.PI_LARGE, 6),  # × 1.5
        (4, DamageType.PI_SMALL, 2),  # × 0.5
        (4, DamageType.CUT, 6),  # × 1.5
    ],
)
def test_r14_3_an_area_hit_does_normal_injury_to_a_swarm(
    amount: int, damage_type: DamageType, counted: int
) -> None:
    """R14.3 (Base 4e Diffuse): area, cone and explosion attacks do normal injury: the type's
    usual wounding, no cap, impaling and piercing included (not Homogeneous's fractions)."""
    packet = swarm_injury(amount, damage_type, area=True, options=RuleOptions())
    assert (packet.raw, packet.cap, packet.counted) == (counted, None, counted)
    # Not an area hit: capped at 1 for impaling and piercing, whatever the wounding.
    if damage_type is not DamageType.CUT:
        assert swarm_injury(amount, damage_type, area=False, options=RuleOptions()).counted == 1


def test_r14_3_swatting_needs_fliers_and_stomping_crawlers() -> None:
    encounter = fight(preset_sheet("Rats", SwarmKind.RATS), preset_sheet("Bats", SwarmKind.BATS))
    for name, kwargs, key in (
        ("Rats", {"swat": True}, "swarm.not_flying"),
        ("Bats", {"stomp": True}, "swarm.flying"),
        ("Rats", {}, "swarm.nothing_to_do"),
    ):
        with pytest.raises(RuleError) as caught:
            hit_swarm(encounter, name, roller=ScriptedDice([]), **kwargs)  # type: ignore[arg-type]
        assert caught.value.key == key
    encounter, hit = hit_swarm(encounter, "Rats", stomp=True, roller=ScriptedDice([]))
    assert (hit.total, hit.damage_after) == (1, 1)


def test_r14_7_a_rat_horde_breaks_into_swarms() -> None:
    """Basic Size 5 at 5 hexes (6 per hex) takes 8: a hex lost (2 carried), 4 < 5 → four rat
    swarms, fresh."""
    encounter = fight(man("Hero"), preset_sheet("Rats", SwarmKind.RATS, 5))
    encounter, hit = hit_swarm(
        encounter,
        "Rats",
        amount=8,
        damage_type=DamageType.CR,
        area=True,
        roller=ScriptedDice([]),
    )
    assert (hit.hexes_before, hit.hexes_after) == (5, 4)
    assert hit.split_into == ("Rats 1", "Rats 2", "Rats 3", "Rats 4")
    swarms = [c for c in encounter.combatants if c.combatant.swarm is not None]
    assert [c.name for c in swarms] == ["Rats 1", "Rats 2", "Rats 3", "Rats 4"]
    assert all(
        c.combatant.swarm is not None
        and not c.combatant.swarm.is_horde
        and c.combatant.swarm.damage_taken == 0
        for c in swarms
    )


def test_r14_7_a_bat_horde_shrinks_by_two_hexes() -> None:
    """20 hexes take 20: 2 hexes lost, 4 carried → 18 hexes."""
    encounter = fight(preset_sheet("Bats", SwarmKind.BATS, 20))
    encounter, hit = hit_swarm(encounter, "Bats", amount=20, area=True, roller=ScriptedDice([]))
    horde = encounter.get("1").combatant
    assert horde.swarm is not None
    assert (horde.swarm.hexes, horde.swarm.damage_taken) == (18, 4)
    assert (hit.hexes_after, hit.damage_after, hit.rule_ids) == (18, 4, ("R14.3", "R14.7"))
    assert horde.size_modifier == horde_size_modifier(18)


def test_r14_5_hordes_act_last() -> None:
    """A horde always loses the Initiative roll, whatever its Speed."""
    bats = preset_sheet("Bats", SwarmKind.BATS, 15)  # Basic Speed 8
    encounter = fight(bats, man("Slow", dx=8, ht=8), man("Quick", dx=14, ht=14))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert [c.name for c in encounter.ordered()] == ["Quick", "Slow", "Bats"]


def test_a_swarm_attacks_everyone_in_it_at_the_end_of_its_turn() -> None:
    rats = preset_sheet("Rats", SwarmKind.RATS)
    encounter = fight(rats, man("A", dx=8, ht=8), man("B", dx=8, ht=8))
    encounter = engage(encounter, "Rats", "A")
    encounter = engage(encounter, "Rats", "B")
    encounter, _ = advance_turn(encounter, ScriptedDice([3, 4]))  # A and B tie: 1d each
    assert encounter.current is not None
    assert encounter.current.name == "Rats"
    encounter, attack = end_of_swarm_turn(encounter, ScriptedDice([2, 3]))
    assert attack is not None
    assert [(a.combatant_id, a.injury and a.injury.injury) for a in attack.attacks] == [
        ("2", 3),
        ("3", 4),
    ]
    encounter = release(encounter, "Rats", "A")
    swarm = encounter.get("1").combatant.swarm
    assert swarm is not None
    assert [v.combatant_id for v in swarm.victims] == ["3"]


def test_no_attack_when_the_turn_ending_is_not_a_swarms() -> None:
    encounter = fight(man("Quick", dx=14, ht=14), preset_sheet("Rats", SwarmKind.RATS))
    encounter = engage(encounter, "Rats", "Quick")
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Quick"
    assert end_of_swarm_turn(encounter, ScriptedDice([]))[1] is None


def test_a_custom_swarm() -> None:
    profile = custom_profile(
        damage="1d+1 cut", dispersed_by=9, move=5, locomotion=Locomotion.FLYING, small=True
    )
    sheet = swarm_sheet("Wasps", profile)
    assert sheet.swarm is not None
    assert (sheet.swarm.profile.kind, sheet.size_modifier, sheet.swarm.move) == (
        SwarmKind.CUSTOM,
        2,
        5,
    )
    with pytest.raises(RuleError) as caught:
        custom_profile(damage="lots", dispersed_by=9, move=5)
    assert caught.value.key == "damage.missing_type"


def test_a_swarm_cannot_be_its_own_kind_of_victim() -> None:
    encounter = fight(
        preset_sheet("Rats", SwarmKind.RATS),
        preset_sheet("Bats", SwarmKind.BATS),
        man("A"),
    )
    with pytest.raises(RuleError) as caught:
        engage(encounter, "Rats", "Bats")
    assert caught.value.key == "swarm.victim_is_swarm"
    with pytest.raises(RuleError) as caught:
        engage(encounter, "A", "Rats")
    assert caught.value.key == "swarm.not_a_swarm"
    with pytest.raises(RuleError) as caught:
        release(encounter, "Rats", "A")
    assert caught.value.key == "swarm.not_a_victim"


def test_stored_as_part_of_the_sheet() -> None:
    horde = preset_sheet("Bats", SwarmKind.BATS, 16)
    again = Combatant.model_validate(horde.model_dump(mode="json"))
    assert again == horde
    assert EncounterCombatant(combatant_id="1", side="npc", combatant=again).combatant.swarm


def test_r14_3_a_swarm_dispersed_on_its_own_turn_ends_that_turn() -> None:
    """R14.3 with R4.1: the swarm dispersed during its turn takes that turn with it. Nobody's
    turn runs until the next ``advance``, which starts the one after it (the horde, last by
    R14.5), and the fighter before it does not end his turn a second time."""
    encounter = fight(
        man("Quick", dx=14, ht=14),
        preset_sheet("Rats", SwarmKind.RATS),
        preset_sheet("Bats", SwarmKind.BATS, 15),
    )
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Rats"
    encounter, hit = hit_swarm(
        encounter,
        "Rats",
        amount=20,
        damage_type=DamageType.CUT,
        area=True,
        roller=ScriptedDice([]),
    )
    assert hit.dispersed
    assert encounter.current is None
    assert encounter.sequence.vacated
    assert encounter.sequence.up_next == encounter.find("Bats").combatant_id
    encounter, turn = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert (encounter.sequence.round, encounter.current.name) == (1, "Bats")
    assert not encounter.sequence.vacated
    quick = encounter.find("Quick").combatant_id
    assert all(event.combatant_id != quick for event in turn.events)


def test_r14_7_a_horde_split_on_its_own_turn_ends_that_turn() -> None:
    """R14.7: a rat horde (Basic Size 5) at 5 hexes hit for 10 on its turn breaks into four
    swarms that join the fight (R2.5: rolled into the order, after Quick who has acted);
    the horde's turn is over, and the next ``advance`` starts the first new swarm's."""
    encounter = fight(man("Quick", dx=14, ht=14), preset_sheet("Horde", SwarmKind.RATS, 5))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Horde"
    ties = ScriptedDice([1, 2, 3, 4, 5, 6] * 4)  # the new swarms' initiative ties
    encounter, hit = hit_swarm(
        encounter, "Horde", amount=10, damage_type=DamageType.CR, area=True, roller=ties
    )
    assert len(hit.split_into) == 4
    assert encounter.current is None
    assert encounter.sequence.vacated
    following = encounter.sequence.up_next
    assert following is not None
    assert encounter.get(following).name in hit.split_into
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert (encounter.sequence.round, encounter.current.combatant_id) == (1, following)
    assert not encounter.sequence.vacated


def test_r14_2_a_dead_victim_is_let_go_and_said_so() -> None:
    """R14.2: the swarm attacks those in it; one who died is dropped, and the round's outcome
    says who and why, so the GM knows why nobody is attacked any more."""
    encounter = fight(preset_sheet("Rats", SwarmKind.RATS), man("Ana", hp=10))
    encounter = engage(encounter, "Rats", "Ana")
    ana = encounter.find("Ana")
    dead = ana.combatant.with_state(ana.combatant.state.model_copy(update={"dead": True}))
    encounter = encounter.replace(ana.with_sheet(dead))
    encounter, attack = swarm_attacks(encounter, "1", ScriptedDice([]))
    assert attack.attacks == ()
    assert [(d.combatant_id, d.reason) for d in attack.dropped] == [("2", Dropped.DEAD)]
    assert attack.kind is SwarmKind.RATS
    swarm = encounter.get("1").combatant.swarm
    assert swarm is not None
    assert swarm.victims == ()


def test_r14_4_bees_give_up_only_past_50_metres_from_the_hive() -> None:
    """R14.4 a, R14.2: the bees follow their victim; 50 m from the hive is not yet past it,
    51 m is. Rats have no such distance: the GM lets the victim go when he says."""
    bees = preset_sheet("Bees", SwarmKind.BEES)
    rats = preset_sheet("Rats", SwarmKind.RATS)
    encounter = engage(engage(fight(bees, rats, man("A")), "Bees", "A"), "Rats", "A")
    with pytest.raises(RuleError) as caught:
        release(encounter, "Bees", "A", from_hive=50)
    assert (caught.value.key, caught.value.params) == (
        "swarm.still_follows",
        {"name": "A", "swarm": "Bees", "metres": 50, "limit": 50},
    )
    freed = release(encounter, "Bees", "A", from_hive=51)
    swarm = freed.get("1").combatant.swarm
    assert swarm is not None
    assert swarm.victims == ()
    rid = release(encounter, "Rats", "A", from_hive=5).get("2").combatant.swarm
    assert rid is not None
    assert rid.victims == ()


def test_r14_1_r14_2_engaging_names_both_as_the_fight_has_them_and_keeps_his_rounds() -> None:
    """R14.1: the bees on the beekeeper, named as typed in any case; the log keeps the
    fight's names. Engaged again in a sealed suit (R14.2), the rounds the swarm has been on
    him stay counted."""
    start = fight(preset_sheet("Bees", SwarmKind.BEES), man("Beekeeper"))
    engaged = engage_swarm(start, " bees", "BEEKEEPER", Protection.CLOTHING)
    assert (engaged.swarm, engaged.victim, engaged.protection) == (
        "Bees",
        "Beekeeper",
        Protection.CLOTHING,
    )
    assert engaged.rule_ids == ("R14.1", "R14.2")
    assert engaged.detail() == {"swarm": "Bees", "engaged": "Beekeeper"}
    assert engaged.encounter == engage(start, "Bees", "Beekeeper", Protection.CLOTHING)
    attacked, _ = swarm_attacks(engaged.encounter, "1", ScriptedDice([]))
    again = engage_swarm(attacked, "Bees", "Beekeeper", Protection.SEALED)
    swarm = again.encounter.get("1").combatant.swarm
    assert swarm is not None
    assert [(v.protection, v.rounds) for v in swarm.victims] == [(Protection.SEALED, 1)]


def test_r14_4_released_past_the_hive_distance_names_both_and_says_how_far() -> None:
    """R14.4: 50.5 m from the hive is past the bees' 50 m: he is out, the result says how
    far he ran and the log keeps the fight's names; rats have no hive distance."""
    bees = preset_sheet("Bees", SwarmKind.BEES)
    rats = preset_sheet("Rats", SwarmKind.RATS)
    encounter = engage(engage(fight(bees, rats, man("Ana")), "Bees", "Ana"), "Rats", "Ana")
    released = release_from_swarm(encounter, "BEES", "ana", from_hive=50.5)
    assert (released.swarm, released.victim) == ("Bees", "Ana")
    assert released.hive is not None
    assert (released.hive.metres, released.hive.limit, released.hive.gave_up) == (50.5, 50, True)
    assert released.detail() == {"swarm": "Bees", "released": "Ana"}
    assert released.encounter == release(encounter, "Bees", "Ana", from_hive=50.5)
    swarm = released.encounter.get("1").combatant.swarm
    assert swarm is not None
    assert swarm.victims == ()
    by_rats = release_from_swarm(encounter, "Rats", "Ana")
    assert by_rats.hive is None
    assert by_rats.rule_ids == ("R14.1",)


def test_r14_5_a_custom_horde_joins_numbered_and_the_log_names_them() -> None:
    """Two custom hordes of 3 hexes (a horde: more than one hex, its Basic Size its hexes,
    R14.5), numbered past the fight's names."""
    joined = add_swarms(
        fight(man("Hero")),
        SwarmKind.CUSTOM,
        "Ants",
        2,
        hexes=3,
        damage="1d-1 cut",
        dispersed_by=10,
        move=4,
        roller=ScriptedDice([]),
    )
    assert [c.name for c in joined.added] == ["Ants 1", "Ants 2"]
    assert [c.name for c in joined.encounter.combatants] == ["Hero", "Ants 1", "Ants 2"]
    horde = joined.added[0].combatant.swarm
    assert horde is not None
    assert (horde.hexes, horde.basic_size) == (3, 3)
    assert joined.detail() == {"added": ["Ants 1", "Ants 2"], "swarm": "custom"}


def test_r14_3_the_log_keeps_the_whole_hit_on_a_swarm() -> None:
    _, hit = hit_swarm(
        fight(preset_sheet("Bees", SwarmKind.BEES)),
        "Bees",
        amount=4,
        damage_type=DamageType.CR,
        roller=ScriptedDice([]),
        options=RuleOptions(),
    )
    assert hit.detail() == hit.model_dump(mode="json")
    assert hit.detail()["name"] == "Bees"
