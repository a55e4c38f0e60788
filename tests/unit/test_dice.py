"""rules.dice: notation, limits, scripted rolls and exact odds."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import dice
from rules.dice import (
    MAX_DICE,
    MAX_MULTIPLIER,
    MAX_NUMBER,
    MAX_SIDES,
    MAX_TEXT_LENGTH,
    BatchDiceRoller,
    DiceExpression,
    DiceGroup,
    DiceResult,
    distribution,
    max_total,
    min_total,
    parse,
    probability_at_least,
    probability_at_most,
    roll,
    sum_distribution,
)
from rules.errors import RuleError
from rules.roller import DiceExhaustedError, RandomDice, ScriptedDice

# --------------------------------------------------------------------------- parsing

D6 = 6


@pytest.mark.parametrize(
    ("text", "groups", "modifier", "multiplier", "canonical"),
    [
        ("3d", [(3, D6, False)], 0, 1, "3d"),
        ("3d6", [(3, D6, False)], 0, 1, "3d"),
        ("1d", [(1, D6, False)], 0, 1, "1d"),
        ("d", [(1, D6, False)], 0, 1, "1d"),
        ("d20", [(1, 20, False)], 0, 1, "1d20"),
        ("2d+1", [(2, D6, False)], 1, 1, "2d+1"),
        ("1d-3", [(1, D6, False)], -3, 1, "1d-3"),
        ("1d−3", [(1, D6, False)], -3, 1, "1d-3"),  # U+2212, as the catalog prints it
        ("1d–3", [(1, D6, False)], -3, 1, "1d-3"),  # en dash
        ("6dx2", [(6, D6, False)], 0, 2, "6d×2"),
        ("6d×2", [(6, D6, False)], 0, 2, "6d×2"),
        ("6d*2", [(6, D6, False)], 0, 2, "6d×2"),
        ("6DX2", [(6, D6, False)], 0, 2, "6d×2"),
        ("(6d6)*2", [(6, D6, False)], 0, 2, "6d×2"),
        ("2d10", [(2, 10, False)], 0, 1, "2d10"),
        ("1d+1d6+2", [(1, D6, False), (1, D6, False)], 2, 1, "1d+1d+2"),
        ("2d-1d", [(2, D6, False), (1, D6, True)], 0, 1, "2d-1d"),
        ("-1d+3", [(1, D6, True)], 3, 1, "-1d+3"),
        ("2+1d-1", [(1, D6, False)], 1, 1, "1d+1"),
        ("1d+0", [(1, D6, False)], 0, 1, "1d"),
        ("7", [], 7, 1, "7"),
        ("0", [], 0, 1, "0"),
        ("-3", [], -3, 1, "-3"),
        ("+4", [], 4, 1, "4"),
        ("2x3", [], 2, 3, "2×3"),
        ("2d+1x2", [(2, D6, False)], 1, 2, "(2d+1)×2"),
        ("(2d+1)x2", [(2, D6, False)], 1, 2, "(2d+1)×2"),
        ("(3d)", [(3, D6, False)], 0, 1, "3d"),
        ("  2 D + 1  ", [(2, D6, False)], 1, 1, "2d+1"),
        ("1d1000", [(1, 1000, False)], 0, 1, "1d1000"),
        ("1d1", [(1, 1, False)], 0, 1, "1d1"),
        ("\t3d\n", [(3, D6, False)], 0, 1, "3d"),
    ],
)
def test_parses_valid_notation(
    text: str,
    groups: list[tuple[int, int, bool]],
    modifier: int,
    multiplier: int,
    canonical: str,
) -> None:
    expression = parse(text)
    assert [(g.count, g.sides, g.negative) for g in expression.groups] == groups
    assert expression.modifier == modifier
    assert expression.multiplier == multiplier
    assert expression.text == canonical
    assert str(expression) == canonical
    assert parse(canonical) == expression  # the canonical text round-trips
    assert DiceExpression.parse(text) is expression  # cached


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("", "dice.empty", {}),
        ("   ", "dice.empty", {}),
        ("2d+", "dice.unexpected_end", {"position": 4}),
        ("2dx", "dice.unexpected_end", {"position": 4}),
        ("2d+ ", "dice.unexpected_end", {"position": 5}),
        ("(2d+1", "dice.unexpected_end", {"position": 6}),
        ("-", "dice.unexpected_end", {"position": 2}),
        ("3q", "dice.syntax", {"position": 2, "found": "q"}),
        ("abc", "dice.syntax", {"position": 1, "found": "a"}),
        ("  3q", "dice.syntax", {"position": 4, "found": "q"}),  # columns as typed
        ("1d+-2", "dice.syntax", {"position": 4, "found": "-"}),
        ("2d)", "dice.syntax", {"position": 3, "found": ")"}),
        ("3d6d", "dice.syntax", {"position": 4, "found": "d"}),
        ("1 2", "dice.syntax", {"position": 3, "found": "2"}),
        ("6dx2x2", "dice.syntax", {"position": 5, "found": "x"}),
        ("6dx2+1", "dice.syntax", {"position": 5, "found": "+"}),
        ("x2", "dice.syntax", {"position": 1, "found": "x"}),
        ("((2d))", "dice.syntax", {"position": 2, "found": "("}),
        ("2d6.5", "dice.syntax", {"position": 4, "found": "."}),
        ("__import__('os')", "dice.syntax", {"position": 1, "found": "_"}),
        ("1d²", "dice.syntax", {"position": 3, "found": "²"}),  # not an ASCII digit
        ("0d6", "dice.bad_count", {"count": 0, "minimum": 1}),
    ],
)
def test_rejects_invalid_notation(text: str, key: str, params: dict[str, object]) -> None:
    with pytest.raises(RuleError) as caught:
        parse(text)
    assert caught.value.key == key
    assert dict(caught.value.params) == params
    assert key in dice.ERROR_KEYS


LIMIT_CASES = [
    # (text, accepted?, key when rejected, params)
    (f"{MAX_DICE}d", True, None, None),
    (f"{MAX_DICE + 1}d", False, "dice.too_many_dice", {"count": 101, "maximum": 100}),
    ("50d+50d6", True, None, None),
    ("50d+51d", False, "dice.too_many_dice", {"count": 101, "maximum": 100}),
    ("99d-2d", False, "dice.too_many_dice", {"count": 101, "maximum": 100}),
    ("1d1", True, None, None),
    (f"1d{MAX_SIDES}", True, None, None),
    ("1d0", False, "dice.bad_sides", {"sides": 0, "minimum": 1, "maximum": 1000}),
    (f"1d{MAX_SIDES + 1}", False, "dice.bad_sides", {"sides": 1001, "minimum": 1, "maximum": 1000}),
    ("1" * MAX_TEXT_LENGTH, False, "dice.number_too_large", {"position": 1, "maximum": MAX_NUMBER}),
    ("1+" * 49 + "1", True, None, None),  # 99 characters
    ("1+" * 49 + "10", True, None, None),  # exactly 100 characters
    ("1+" * 50 + "1", False, "dice.too_long", {"length": 101, "maximum": 100}),
    (" " * 10 + "1+" * 49 + "10" + " " * 10, True, None, None),  # blanks around do not count
    (str(MAX_NUMBER), True, None, None),
    (str(MAX_NUMBER + 1), False, "dice.number_too_large", {"position": 1, "maximum": MAX_NUMBER}),
    (
        "3d+" + str(MAX_NUMBER + 1),
        False,
        "dice.number_too_large",
        {"position": 4, "maximum": 1_000_000},
    ),
    ("6dx1", True, None, None),
    (f"6dx{MAX_MULTIPLIER}", True, None, None),
    ("6dx0", False, "dice.bad_multiplier", {"multiplier": 0, "minimum": 1, "maximum": 100}),
    (
        f"6dx{MAX_MULTIPLIER + 1}",
        False,
        "dice.bad_multiplier",
        {"multiplier": 101, "minimum": 1, "maximum": 100},
    ),
]


@pytest.mark.parametrize(("text", "accepted", "key", "params"), LIMIT_CASES)
def test_limits(
    text: str, accepted: bool, key: str | None, params: dict[str, object] | None
) -> None:
    if accepted:
        expression = parse(text)
        assert expression.dice_count <= MAX_DICE
        return
    with pytest.raises(RuleError) as caught:
        parse(text)
    assert caught.value.key == key
    assert dict(caught.value.params) == params


def test_limits_also_hold_when_building_without_text() -> None:
    with pytest.raises(RuleError, match="sides") as caught:
        DiceGroup(1, 0)
    assert caught.value.key == "dice.bad_sides"
    with pytest.raises(RuleError) as caught:
        DiceExpression((DiceGroup(60), DiceGroup(41)))
    assert caught.value.key == "dice.too_many_dice"
    with pytest.raises(RuleError) as caught:
        DiceExpression.of(2, multiplier=0)
    assert caught.value.key == "dice.bad_multiplier"


def test_every_error_key_is_listed() -> None:
    assert {
        "dice.empty",
        "dice.too_long",
        "dice.syntax",
        "dice.unexpected_end",
        "dice.number_too_large",
        "dice.bad_count",
        "dice.bad_sides",
        "dice.too_many_dice",
        "dice.bad_multiplier",
    } == dice.ERROR_KEYS


def test_rule_error_is_a_value_error_with_a_readable_message() -> None:
    with pytest.raises(ValueError, match="position 2"):
        parse("3q")


def test_expression_helpers() -> None:
    assert DiceExpression.of(2, 1) == parse("2d+1")
    assert DiceExpression.of(3, sides=10, multiplier=2) == parse("3d10x2")
    assert parse("2d-1").plus(2) == parse("2d+1")
    assert parse("2d-1").plus(2).text == "2d+1"
    assert parse("1d+1d6+2").dice_count == 2
    assert hash(parse("2+1d")) == hash(parse("1d+2"))


def test_expression_is_immutable() -> None:
    expression = parse("2d+1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        expression.modifier = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("3d", 3, 18),
        ("2d+1", 3, 13),
        ("1d-3", -2, 3),
        ("6dx2", 12, 72),
        ("(2d+1)x2", 6, 26),
        ("2d10", 2, 20),
        ("1d+1d6+2", 4, 14),
        ("2d-1d", -4, 11),
        ("7", 7, 7),
        ("-1d", -6, -1),
    ],
)
def test_min_and_max_total(text: str, low: int, high: int) -> None:
    assert min_total(text) == low
    assert max_total(text) == high
    assert min_total(parse(text)) == low
    assert distribution(text).min_total == low
    assert distribution(text).max_total == high


# --------------------------------------------------------------------------- rolling


@pytest.mark.parametrize(
    ("text", "faces", "expected_faces", "subtotal", "total"),
    [
        ("3d", [1, 2, 3], ((1, 2, 3),), 6, 6),
        ("2d+1", [4, 2], ((4, 2),), 7, 7),
        ("1d-3", [1], ((1,),), -2, -2),  # no floor here: minimum damage is the injury pipeline's
        ("6dx2", [1, 2, 3, 4, 5, 6], ((1, 2, 3, 4, 5, 6),), 21, 42),
        ("2d10", [10, 7], ((10, 7),), 17, 17),
        ("1d+1d6+2", [5, 6], ((5,), (6,)), 13, 13),
        ("2d-1d", [6, 1, 3], ((6, 1), (3,)), 4, 4),
        ("(2d+1)x2", [3, 3], ((3, 3),), 7, 14),
        ("7", [], (), 7, 7),
    ],
)
def test_scripted_rolls_give_exact_totals(
    text: str,
    faces: list[int],
    expected_faces: tuple[tuple[int, ...], ...],
    subtotal: int,
    total: int,
) -> None:
    roller = ScriptedDice(faces)
    result = roll(text, roller)
    assert result.faces == expected_faces
    assert result.dice == tuple(faces)
    assert result.subtotal == subtotal
    assert result.total == total
    assert result.text == parse(text).text
    assert result.modifier == parse(text).modifier
    assert result.multiplier == parse(text).multiplier
    assert roller.remaining == 0  # exactly as many dice as the expression has


def test_roll_accepts_a_parsed_expression_and_text_alike() -> None:
    expression = parse("3d+2")
    assert roll(expression, ScriptedDice([6, 6, 6])) == roll("3d+2", ScriptedDice([6, 6, 6]))
    assert expression.roll(ScriptedDice([1, 1, 1])).total == 5


def test_result_pairs_groups_with_faces_and_explains_itself() -> None:
    result = roll("(2d-1d10)x2", ScriptedDice([6, 1, 3]))
    assert [(group.text, faces) for group, faces in result.groups()] == [
        ("2d", (6, 1)),
        ("1d10", (3,)),
    ]
    assert result.breakdown == "([6, 1]-[3])×2 = 8"
    assert roll("2d+1", ScriptedDice([4, 2])).breakdown == "[4, 2]+1 = 7"
    assert roll("5", ScriptedDice([])).breakdown == "5 = 5"


def test_result_is_immutable() -> None:
    result = roll("3d", ScriptedDice([1, 2, 3]))
    with pytest.raises(AttributeError):
        result.total = 18  # type: ignore[misc]
    assert isinstance(result, DiceResult)
    assert result == DiceResult(parse("3d"), ((1, 2, 3),), 6, 6)


@pytest.mark.parametrize("text", ["1d", "2d", "3d", "4d", "20d10", "2d-1d", "1d+1d6+2", "6dx2"])
def test_every_fast_path_rolls_the_scripted_faces_in_order(text: str) -> None:
    expression = parse(text)
    faces = [(i % 6) + 1 for i in range(expression.dice_count)]
    result = roll(expression, ScriptedDice(faces))
    assert result.dice == tuple(faces)
    assert [len(f) for f in result.faces] == [g.count for g in expression.groups]
    signed = sum(
        (-1 if g.negative else 1) * sum(f)
        for g, f in zip(expression.groups, result.faces, strict=True)
    )
    assert result.subtotal == signed + expression.modifier


class _BatchScript(ScriptedDice):
    """A scripted roller that also rolls a whole group per call, and counts the calls."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(faces)
        self.batch_calls: list[tuple[int, int]] = []

    def roll_dice(self, sides: int, count: int) -> list[int]:
        self.batch_calls.append((sides, count))
        return [self.roll_die(sides) for _ in range(count)]


def test_a_batch_roller_is_asked_once_per_group() -> None:
    roller = _BatchScript([6, 1, 3, 2])
    assert isinstance(roller, BatchDiceRoller)
    assert not isinstance(ScriptedDice([]), BatchDiceRoller)
    result = roll("2d-1d10+1d4", roller)
    assert roller.batch_calls == [(6, 2), (10, 1), (4, 1)]
    assert result.faces == ((6, 1), (3,), (2,))
    assert result.total == 6 + 1 - 3 + 2


def test_a_batch_roller_returning_the_wrong_number_of_dice_is_an_error() -> None:
    class Short(ScriptedDice):
        def roll_dice(self, sides: int, count: int) -> list[int]:
            return [1] * (count - 1)

    with pytest.raises(ValueError, match="returned 2 dice for 3d6"):
        roll("3d", Short([]))


def test_scripted_roller_rejects_a_face_the_die_cannot_show() -> None:
    with pytest.raises(DiceExhaustedError):
        roll("1d", ScriptedDice([7]))
    with pytest.raises(DiceExhaustedError):
        roll("2d", ScriptedDice([1]))


def test_seeded_rolls_are_reproducible() -> None:
    first = [roll("3d", RandomDice(seed=42)).total for _ in range(1)]
    again = [roll("3d", RandomDice(seed=42)).total for _ in range(1)]
    assert first == again
    a, b = RandomDice(seed=7), RandomDice(seed=7)
    assert [roll("10d10", a).faces for _ in range(20)] == [
        roll("10d10", b).faces for _ in range(20)
    ]


# --------------------------------------------------------------------------- odds

THREE_D6_COUNTS = (1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1)


def test_3d6_distribution_is_the_known_table() -> None:
    three_d6 = sum_distribution(3)
    assert three_d6.counts == THREE_D6_COUNTS
    assert three_d6.outcomes == 216
    assert list(three_d6.totals()) == list(range(3, 19))
    assert three_d6.mean == Fraction(21, 2)
    assert distribution("3d") == three_d6


def test_3d6_at_most_10_is_exactly_one_half() -> None:
    assert probability_at_most("3d", 10) == Fraction(1, 2)
    assert probability_at_most("3d6", 10) == Fraction(1, 2)
    assert probability_at_least("3d", 11) == Fraction(1, 2)


@pytest.mark.parametrize(
    "text", ["1d", "3d", "2d+1", "1d-3", "6dx2", "2d10", "1d+1d6+2", "2d-1d", "7", "100d", "5d1000"]
)
def test_distribution_sums_to_one(text: str) -> None:
    dist = distribution(text)
    assert sum(p for _, p in dist.items()) == 1
    assert sum(dist.counts) == dist.outcomes
    assert dist.probability_at_most(dist.max_total) == 1
    assert dist.probability_at_most(dist.min_total - 1) == 0
    assert dist.probability_at_least(dist.min_total) == 1


def test_distribution_handles_multipliers_and_gaps() -> None:
    dist = distribution("1dx2")
    assert list(dist.totals()) == [2, 4, 6, 8, 10, 12]
    assert dist.probability(4) == Fraction(1, 6)
    assert dist.probability(5) == 0
    assert dist.probability_at_most(5) == Fraction(2, 6)
    assert dist.probability_at_least(5) == Fraction(4, 6)
    assert dist.probability(100) == 0
    assert dist.mean == 7


def test_large_distribution_is_exact() -> None:
    dist = sum_distribution(100, 1000)
    assert dist.outcomes == 1000**100
    assert dist.counts[0] == 1  # all ones
    assert dist.counts == dist.counts[::-1]  # symmetric
    assert dist.mean == Fraction(100 * 1001, 2)


def test_small_distributions_are_cached_and_huge_ones_are_not() -> None:
    assert distribution("3d+1") is distribution("3d+1")
    huge = distribution("20d1000")  # 19,981 possible totals
    assert huge == distribution("20d1000")
    assert huge is not distribution("20d1000")


def _enumerate(expression: DiceExpression) -> Counter[int]:
    """Every equally likely face combination, counted by total: the slow, obvious way."""
    dice_faces = [
        range(1, group.sides + 1) for group in expression.groups for _ in range(group.count)
    ]
    signs = [-1 if group.negative else 1 for group in expression.groups for _ in range(group.count)]
    totals: Counter[int] = Counter()
    for combination in itertools.product(*dice_faces):
        subtotal = expression.modifier + sum(s * f for s, f in zip(signs, combination, strict=True))
        totals[subtotal * expression.multiplier] += 1
    return totals


# ----------------------------------------------------------------------- hypothesis


SIDES = (6, 1, 2, 3, 4, 8, 10, 12, 20, 100, MAX_SIDES)


@st.composite
def dice_groups(draw: st.DrawFn, max_dice: int = MAX_DICE, max_sides: int = MAX_SIDES) -> DiceGroup:
    return DiceGroup(
        count=draw(st.integers(1, max_dice)),
        sides=draw(st.sampled_from([s for s in SIDES if s <= max_sides])),
        negative=draw(st.booleans()),
    )


@st.composite
def expressions(
    draw: st.DrawFn, max_dice: int = MAX_DICE, max_sides: int = MAX_SIDES
) -> DiceExpression:
    groups: list[DiceGroup] = []
    budget = max_dice
    for group in draw(st.lists(dice_groups(max_dice, max_sides), max_size=4)):
        if group.count <= budget:
            groups.append(group)
            budget -= group.count
    return DiceExpression(
        tuple(groups),
        modifier=draw(st.integers(-50, 50)),
        multiplier=draw(st.sampled_from([1, 1, 1, 2, 3, MAX_MULTIPLIER])),
    )


@given(expression=expressions(), seed=st.integers(0, 2**32))
def test_totals_always_within_min_and_max(expression: DiceExpression, seed: int) -> None:
    result = roll(expression.text, RandomDice(seed=seed))
    assert expression.min_total <= result.total <= expression.max_total
    assert result.total == result.subtotal * expression.multiplier
    assert len(result.dice) == expression.dice_count
    for group, faces in result.groups():
        assert all(1 <= face <= group.sides for face in faces)


@given(expression=expressions())
def test_canonical_text_round_trips(expression: DiceExpression) -> None:
    if len(expression.text) <= MAX_TEXT_LENGTH:
        assert parse(expression.text) == expression


def _parse_or_error(text: str) -> DiceExpression | RuleError:
    try:
        return parse(text)
    except RuleError as error:
        return error


@given(text=st.text(max_size=120))
def test_any_text_parses_or_raises_a_rule_error(text: str) -> None:
    outcome = _parse_or_error(text)
    if isinstance(outcome, RuleError):
        assert outcome.key in dice.ERROR_KEYS
    else:
        assert outcome.dice_count <= MAX_DICE


@given(text=st.text(alphabet="0123456789dDxX×*+-−() ", max_size=30))
def test_notation_like_text_parses_or_raises_a_rule_error(text: str) -> None:
    outcome = _parse_or_error(text)
    if isinstance(outcome, RuleError):
        assert outcome.key in dice.ERROR_KEYS
    else:
        assert parse(outcome.text) == outcome


@settings(deadline=None, max_examples=60)
@given(expression=expressions(max_dice=5, max_sides=8), threshold=st.integers(-60, 220))
def test_probabilities_agree_with_exhaustive_enumeration(
    expression: DiceExpression, threshold: int
) -> None:
    totals = _enumerate(expression)
    outcomes = sum(totals.values())
    dist = distribution(expression)
    assert dist.outcomes == outcomes
    assert {total: p for total, p in dist.items() if p} == {
        total: Fraction(ways, outcomes) for total, ways in totals.items()
    }
    at_most = sum(ways for total, ways in totals.items() if total <= threshold)
    assert probability_at_most(expression, threshold) == Fraction(at_most, outcomes)
    at_least = sum(ways for total, ways in totals.items() if total >= threshold)
    assert probability_at_least(expression, threshold) == Fraction(at_least, outcomes)
    assert dist.probability(threshold) == Fraction(totals[threshold], outcomes)
    assert dist.mean == Fraction(sum(t * w for t, w in totals.items()), outcomes)
    assert expression.mean == dist.mean


@settings(deadline=None, max_examples=30)
@given(count=st.integers(1, 4), sides=st.integers(1, 12))
def test_sum_distribution_agrees_with_enumeration(count: int, sides: int) -> None:
    totals = Counter(sum(c) for c in itertools.product(range(1, sides + 1), repeat=count))
    dist = sum_distribution(count, sides)
    assert {total: dist.count(total) for total in dist.totals()} == dict(totals)
