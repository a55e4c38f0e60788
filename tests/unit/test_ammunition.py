"""Ammunition (the Basic Set's B269, the rules summary being silent): a weapon's Shots read,
rounds spent as it fires (a shotgun's shot is one round, B409), an empty weapon refused, and
the reload as Ready maneuvers (only Dodge meanwhile, R5.5)."""

from __future__ import annotations

import pytest

from rules.ammunition import Shots, parse_shots, reload_second, rounds_left, spend
from rules.attack_resolution import resolve_attack
from rules.character import build_weapon
from rules.combatant import Combatant, Weapon
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import DefenseKind, Maneuver
from rules.maneuver_choice import ManeuverRequest, take_maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest

OPTIONS = RuleOptions()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1(2)", Shots(rounds=1, reload_seconds=2)),
        ("30+1(3)", Shots(rounds=30, chamber=1, reload_seconds=3)),
        ("8(3i)", Shots(rounds=8, reload_seconds=3, individually=True)),
        ("2(3I)", Shots(rounds=2, reload_seconds=3, individually=True)),
        (" 6 ( 2i ) ", Shots(rounds=6, reload_seconds=2, individually=True)),
        ("1", Shots(rounds=1)),
        ("30+1", Shots(rounds=30, chamber=1)),
        ("1(-)", Shots(rounds=1)),
        ("200(5)", Shots(rounds=200, reload_seconds=5)),
        ("", None),
        ("-", None),
        ("T(1)", None),
        ("T", None),
    ],
)
def test_a_weapon_tables_shots_read_b269(text: str, expected: Shots | None) -> None:
    assert parse_shots(text) == expected


@pytest.mark.parametrize("text", ["x", "0", "30+", "1(2", "1(a)", "3x9"])
def test_shots_that_cannot_be_read_are_refused_b269(text: str) -> None:
    with pytest.raises(RuleError) as raised:
        parse_shots(text)
    assert raised.value.key == "ammunition.bad_shots"


def test_a_weapon_with_unreadable_shots_is_refused_when_made_b269() -> None:
    with pytest.raises(RuleError) as raised:
        build_weapon("Rifle", skill=12, damage="7d pi", shots="thirty")
    assert raised.value.key == "ammunition.bad_shots"


def _weapon(shots: str) -> Weapon:
    return Weapon(name="Gun", skill=12, damage="2d pi", shots=shots, rate_of_fire="3")


@pytest.mark.parametrize(
    ("shots", "kept", "fired", "left"),
    [
        ("30+1(3)", {}, 1, 30),
        ("30+1(3)", {}, 3, 28),
        ("30+1(3)", {"Gun": 3}, 3, 0),
        ("1(2)", {}, 1, 0),
    ],
)
def test_each_shot_spends_a_round_b269(
    shots: str, kept: dict[str, int], fired: int, left: int
) -> None:
    new, spent = spend(_weapon(shots), kept, fired)
    assert new == {"Gun": left}
    assert (spent.spent, spent.left, spent.rule_id) == (fired, left, "B269")


def test_an_empty_weapon_is_refused_b269() -> None:
    with pytest.raises(RuleError) as raised:
        spend(_weapon("1(2)"), {"Gun": 0}, 1)
    assert raised.value.key == "ammunition.empty"
    assert raised.value.params == {"weapon": "Gun", "seconds": 2}


def test_more_shots_than_rounds_left_are_refused_b269() -> None:
    with pytest.raises(RuleError) as raised:
        spend(_weapon("30+1(3)"), {"Gun": 2}, 3)
    assert raised.value.key == "ammunition.not_enough"
    assert raised.value.params == {"weapon": "Gun", "left": 2, "shots": 3}


@pytest.mark.parametrize(
    ("shots", "kept", "progress", "after"),
    [
        # A magazine in after its seconds: the chambered round stays (B269).
        ("30+1(3)", {"Gun": 4}, {"Gun": 2}, ({}, {}, 27)),
        ("30+1(3)", {"Gun": 0}, {"Gun": 2}, ({"Gun": 30}, {}, 30)),
        ("30+1(3)", {"Gun": 0}, {}, ({"Gun": 0}, {"Gun": 1}, 0)),
        # A bow's arrow: two seconds of Ready.
        ("1(2)", {"Gun": 0}, {}, ({"Gun": 0}, {"Gun": 1}, 0)),
        ("1(2)", {"Gun": 0}, {"Gun": 1}, ({}, {}, 1)),
        # Loaded one at a time: a round each time its seconds are done.
        ("8(2i)", {"Gun": 0}, {"Gun": 1}, ({"Gun": 1}, {}, 1)),
        ("8(1i)", {"Gun": 7}, {}, ({}, {}, 1)),
    ],
)
def test_a_ready_is_one_second_of_reloading_b269(
    shots: str,
    kept: dict[str, int],
    progress: dict[str, int],
    after: tuple[dict[str, int], dict[str, int], int],
) -> None:
    new_kept, new_progress, reload = reload_second(_weapon(shots), kept, progress)
    assert (new_kept, new_progress, reload.loaded) == after
    assert rounds_left(_weapon(shots), new_kept) == reload.left


@pytest.mark.parametrize(
    ("shots", "kept", "key"),
    [
        ("30(3)", {}, "ammunition.full"),
        ("30", {"Gun": 0}, "ammunition.no_reload_time"),
        ("1(-)", {"Gun": 0}, "ammunition.no_reload_time"),
        ("", {}, "ammunition.not_counted"),
    ],
)
def test_a_reload_that_cannot_be_made_is_refused_b269(
    shots: str, kept: dict[str, int], key: str
) -> None:
    with pytest.raises(RuleError) as raised:
        reload_second(_weapon(shots), kept, {})
    assert raised.value.key == key


ARCHER = EncounterCombatant(
    combatant_id="c1",
    side="a",
    combatant=Combatant.create(
        name="Archer",
        weapons=[
            {
                "name": "Crossbow",
                "skill": 14,
                "damage": "1d+4 imp",
                "shots": "1(4)",
                "accuracy": 4,
                "can_parry": False,
                "launcher": "crossbow",
            },
            {"name": "Bow", "skill": 14, "damage": "1d+2 imp", "accuracy": 2, "can_parry": False},
        ],
    ),
)
ORC = EncounterCombatant(
    combatant_id="c2",
    side="b",
    combatant=Combatant.create(name="Orc", attributes={"dx": 11, "ht": 11, "hp": 20}),
)


def test_a_shot_empties_the_crossbow_and_the_next_is_refused_b269() -> None:
    """Crossbow 1(4): skill 14, roll 10 hits; its one bolt is spent, the next shot refused."""
    outcome = resolve_attack(
        ARCHER, ORC, AttackRequest(weapon="Crossbow"), ScriptedDice([3, 3, 4]), OPTIONS
    )
    assert outcome.ammunition is not None
    assert (outcome.ammunition.spent, outcome.ammunition.left) == (1, 0)
    assert outcome.attacker_turn.rounds_left == {"Crossbow": 0}
    emptied = ARCHER.model_copy(update={"turn": outcome.attacker_turn})
    with pytest.raises(RuleError) as raised:
        resolve_attack(
            emptied,
            ORC,
            AttackRequest(weapon="Crossbow"),
            ScriptedDice([]),
            OPTIONS,
            count_attacks=False,
        )
    assert raised.value.key == "ammunition.empty"


def test_a_bow_whose_sheet_gives_no_shots_is_not_counted_b269() -> None:
    outcome = resolve_attack(
        ARCHER, ORC, AttackRequest(weapon="Bow"), ScriptedDice([3, 3, 4]), OPTIONS
    )
    assert outcome.ammunition is None
    assert outcome.attacker_turn.rounds_left == {}


def test_reloading_is_a_ready_with_only_dodge_r5_5_b269() -> None:
    """Four Ready maneuvers reload the crossbow 1(4); each allows only Dodge (R5.5)."""
    fighter = ARCHER.model_copy(
        update={"turn": ARCHER.turn.model_copy(update={"rounds_left": {"Crossbow": 0}})}
    )
    request = ManeuverRequest(maneuver=Maneuver.ready, reload=True)
    for second in (1, 2, 3):
        outcome = take_maneuver(fighter, None, request, ScriptedDice([]), OPTIONS)
        assert outcome.reload is not None
        assert (outcome.reload.seconds_done, outcome.reload.loaded) == (second, 0)
        assert outcome.profile.allowed_defenses == frozenset({DefenseKind.dodge})
        assert outcome.turn.readying_missile
        fighter = fighter.model_copy(update={"turn": outcome.turn.new_turn()})
    outcome = take_maneuver(fighter, None, request, ScriptedDice([]), OPTIONS)
    assert outcome.reload is not None
    assert (outcome.reload.loaded, outcome.reload.left) == (1, 1)
    assert outcome.turn.rounds_left == {}
    assert outcome.turn.reload_progress == {}


def test_reload_is_a_ready_maneuver_b269() -> None:
    with pytest.raises(RuleError) as raised:
        take_maneuver(
            ARCHER,
            None,
            ManeuverRequest(maneuver=Maneuver.do_nothing, reload=True),
            ScriptedDice([]),
            OPTIONS,
        )
    assert raised.value.key == "maneuver.reload_needs_ready"


def test_nothing_to_reload_is_refused_b269() -> None:
    with pytest.raises(RuleError) as raised:
        take_maneuver(
            ARCHER,
            None,
            ManeuverRequest(maneuver=Maneuver.ready, reload=True),
            ScriptedDice([]),
            OPTIONS,
        )
    assert raised.value.key == "ammunition.nothing_to_reload"
