"""The dice rollers: fair faces in range, replayable seeds, loud scripted dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.roller import DiceExhaustedError, RandomDice, ScriptedDice


@given(seed=st.integers(0, 2**32), sides=st.integers(1, 1000), count=st.integers(1, 100))
def test_random_dice_faces_stay_on_the_die(seed: int, sides: int, count: int) -> None:
    dice = RandomDice(seed)
    faces = dice.roll_dice(sides, count)
    assert len(faces) == count
    assert all(1 <= face <= sides for face in faces)
    assert 1 <= dice.roll_die(sides) <= sides


def test_a_seed_replays_the_same_session() -> None:
    first, second = RandomDice(42), RandomDice(42)
    assert [first.roll_die(6) for _ in range(50)] == [second.roll_die(6) for _ in range(50)]
    assert first.roll_dice(6, 3) == second.roll_dice(6, 3)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 8])
def test_batch_and_single_rolls_draw_the_same_faces(count: int) -> None:
    """roll_dice is only a faster roll_die: the same seed gives the same faces."""
    batch, single = RandomDice(7), RandomDice(7)
    assert batch.roll_dice(6, count) == tuple(single.roll_die(6) for _ in range(count))


def test_every_face_of_a_d6_comes_up_about_equally() -> None:
    dice = RandomDice(2024)
    counts = [0] * 6
    for face in dice.roll_dice(6, 60_000):
        counts[face - 1] += 1
    assert all(9_500 < count < 10_500 for count in counts)


def test_scripted_dice_hand_out_faces_in_order_then_fail_loudly() -> None:
    dice = ScriptedDice([3, 4])
    dice.extend([5])
    assert dice.remaining == 3
    assert [dice.roll_die(6) for _ in range(3)] == [3, 4, 5]
    with pytest.raises(DiceExhaustedError, match="ran out after 3 faces"):
        dice.roll_die(6)


def test_scripted_face_must_fit_the_die() -> None:
    with pytest.raises(DiceExhaustedError, match="not on a d6"):
        ScriptedDice([7]).roll_die(6)
