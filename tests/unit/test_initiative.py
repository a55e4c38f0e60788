"""Initiative modes and the turn order (R3.1-R3.3, R4.3, R2.4, R2.5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.initiative import (
    InitiativeEntry,
    InitiativeMode,
    insert_newcomers,
    newcomer_phase_order,
    reorder,
    roll_initiative,
)
from rules.roller import RandomDice, ScriptedDice


def entry(
    name: str, speed: float = 5.0, dx: int = 10, move: int = 5, side: str = "a"
) -> InitiativeEntry:
    return InitiativeEntry(combatant_id=name, basic_speed=speed, dx=dx, move=move, side=side)


def test_standard_4e_worked_example_r4_3() -> None:
    # R4.3: Knight 5.75/DX12, Rogue 6.00/DX13, Orc 5.75/DX11 -> Rogue, Knight, Orc.
    order = roll_initiative(
        [entry("knight", 5.75, 12), entry("rogue", 6.0, 13), entry("orc", 5.75, 11)],
        InitiativeMode.STANDARD_4E,
        ScriptedDice([]),
    )
    assert order.combatant_ids == ("rogue", "knight", "orc")
    assert {s.rule_id for s in order.slots} == {"R4.3"}
    assert all(s.tie_rolls == () for s in order.slots)


def test_standard_4e_full_tie_is_broken_by_recorded_dice() -> None:
    # Same Basic Speed and DX: the GM's random choice is a die each, re-rolled while tied.
    dice = ScriptedDice([3, 3, 1, 5, 2])
    order = roll_initiative(
        [entry("a1"), entry("a2"), entry("a3")], InitiativeMode.STANDARD_4E, dice
    )
    # a1=3, a2=3, a3=1 -> a1/a2 re-roll: a1=5, a2=2.
    assert order.combatant_ids == ("a1", "a2", "a3")
    assert order.slot("a1").tie_rolls == (3, 5)
    assert order.slot("a2").tie_rolls == (3, 2)
    assert order.slot("a3").tie_rolls == (1,)
    assert dice.remaining == 0


def test_simple_mode_worked_example_r3_1() -> None:
    # Ana 5, Bruno 2, the orc 4 -> Ana, orc, Bruno.
    order = roll_initiative(
        [entry("ana"), entry("bruno"), entry("orc")], InitiativeMode.SIMPLE, ScriptedDice([5, 2, 4])
    )
    assert order.combatant_ids == ("ana", "orc", "bruno")
    assert order.slot("ana").die == 5
    assert order.slot("orc").rule_id == "R3.1"


def test_simple_mode_ties_are_rerolled() -> None:
    order = roll_initiative(
        [entry("ana"), entry("bruno")], InitiativeMode.SIMPLE, ScriptedDice([4, 4, 2, 6])
    )
    assert order.combatant_ids == ("bruno", "ana")
    assert order.slot("bruno").tie_rolls == (6,)


def test_realistic_worked_example_r3_2() -> None:
    # Ana Move 6/6.25, Orc Move 6/6.00, Wolf Move 10 -> Wolf, Ana, Orc.
    order = roll_initiative(
        [entry("ana", 6.25, move=6), entry("orc", 6.0, move=6), entry("wolf", 6.0, move=10)],
        InitiativeMode.REALISTIC,
        ScriptedDice([]),
    )
    assert order.combatant_ids == ("wolf", "ana", "orc")


def test_realistic_full_tie_goes_to_die() -> None:
    order = roll_initiative(
        [entry("x", 6.0, move=6), entry("y", 6.0, move=6)],
        InitiativeMode.REALISTIC,
        ScriptedDice([2, 5]),
    )
    assert order.combatant_ids == ("y", "x")


def test_mixed_worked_example_r3_3() -> None:
    # Side A rolls 3 (Ana Move 5 -> 8); side B rolls 5 (Bruno Move 4 -> 9): Bruno first.
    order = roll_initiative(
        [entry("ana", move=5, side="A"), entry("bruno", move=4, side="B")],
        InitiativeMode.MIXED,
        ScriptedDice([3, 5]),
    )
    assert order.combatant_ids == ("bruno", "ana")
    assert order.side_dice == {"A": 3, "B": 5}
    assert order.slot("ana").key == (8.0, 5.0)
    assert order.slot("bruno").side_die == 5


def test_mixed_one_die_per_side_not_per_combatant() -> None:
    order = roll_initiative(
        [
            entry("a1", move=5, side="A"),
            entry("a2", move=7, side="A"),
            entry("b1", move=6, side="B"),
        ],
        InitiativeMode.MIXED,
        ScriptedDice([1, 2, 4, 3]),
    )
    # A rolls 1 (a1 6, a2 8); B rolls 2 (b1 8). a2 and b1 tie on 8 and Basic Speed: 4 vs 3.
    assert order.side_dice == {"A": 1, "B": 2}
    assert order.combatant_ids == ("a2", "b1", "a1")
    assert order.slot("a2").tie_rolls == (4,)


def test_duplicate_combatant_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        roll_initiative([entry("x"), entry("x")], InitiativeMode.STANDARD_4E, ScriptedDice([]))
    assert caught.value.key == "encounter.initiative.duplicate_combatant"


def test_newcomer_phase_worked_example_r2_4() -> None:
    # X Move 7/6.50, Y Move 7/7.00, Z Move 5/6.00 -> Y, X, Z.
    slots = newcomer_phase_order(
        [entry("x", 6.5, move=7), entry("y", 7.0, move=7), entry("z", 6.0, move=5)],
        ScriptedDice([]),
    )
    assert tuple(s.combatant_id for s in slots) == ("y", "x", "z")
    assert {s.rule_id for s in slots} == {"R2.4"}


def test_unaware_newcomer_worked_example_r2_5() -> None:
    # Realistic mode: an unaware guard with Move 5 goes after everyone with Move > 5.
    order = roll_initiative(
        [entry("fast", move=7), entry("slow", move=4), entry("mid", move=6)],
        InitiativeMode.REALISTIC,
        ScriptedDice([]),
    )
    joined = insert_newcomers(order, [entry("guard", move=5)], ScriptedDice([]))
    assert joined.combatant_ids == ("fast", "mid", "guard", "slow")


def test_newcomer_tied_with_engaged_combatant_goes_after_it() -> None:
    order = roll_initiative([entry("old", 6.0, 12)], InitiativeMode.STANDARD_4E, ScriptedDice([]))
    joined = insert_newcomers(order, [entry("new", 6.0, 12)], ScriptedDice([]))
    assert joined.combatant_ids == ("old", "new")


def test_mixed_newcomer_uses_its_sides_die_or_rolls_one() -> None:
    order = roll_initiative(
        [entry("ana", move=5, side="A"), entry("bruno", move=4, side="B")],
        InitiativeMode.MIXED,
        ScriptedDice([3, 5]),
    )
    joined = insert_newcomers(
        order,
        [entry("ally", move=7, side="A"), entry("troll", move=3, side="C")],
        ScriptedDice([1]),
    )
    # ally: 7 + 3 = 10; troll: 3 + 1 = 4.
    assert joined.combatant_ids == ("ally", "bruno", "ana", "troll")
    assert joined.side_dice == {"A": 3, "B": 5, "C": 1}


def test_gm_reorder_keeps_everyone_once() -> None:
    order = roll_initiative(
        [entry("a", 7.0), entry("b", 6.0)], InitiativeMode.STANDARD_4E, ScriptedDice([])
    )
    assert reorder(order, ["b", "a"]).combatant_ids == ("b", "a")
    with pytest.raises(RuleError) as caught:
        reorder(order, ["b", "b"])
    assert caught.value.key == "encounter.initiative.bad_reorder"


def test_without_removes_one() -> None:
    order = roll_initiative(
        [entry("a", 7.0), entry("b", 6.0)], InitiativeMode.STANDARD_4E, ScriptedDice([])
    )
    assert order.without("a").combatant_ids == ("b",)


speeds = st.sampled_from([4.0, 4.25, 5.0, 5.5, 5.75, 6.0, 7.25])


@given(
    st.lists(st.tuples(speeds, st.integers(8, 14), st.integers(3, 8)), min_size=1, max_size=12),
    st.sampled_from(list(InitiativeMode)),
    st.integers(0, 2**32),
)
def test_order_is_a_permutation_sorted_by_the_modes_key(
    stats: list[tuple[float, int, int]], mode: InitiativeMode, seed: int
) -> None:
    entries = [
        entry(f"c{i}", speed, dx, move, side="ab"[i % 2])
        for i, (speed, dx, move) in enumerate(stats)
    ]
    order = roll_initiative(entries, mode, RandomDice(seed))
    assert sorted(order.combatant_ids) == sorted(e.combatant_id for e in entries)
    ranks = [(s.key, s.tie_rolls) for s in order.slots]
    assert ranks == sorted(ranks, reverse=True)
    # Every tie is broken: no two slots share key and tie dice.
    assert len(set(ranks)) == len(ranks)
