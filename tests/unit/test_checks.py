"""rules.checks: the success-roll table (A.1, R5.31), odds and contests (A.7)."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import checks
from rules.checks import (
    DEFAULT_MAX_ROUNDS,
    ContestWinner,
    Outcome,
    classify,
    critical_failure_threshold,
    critical_success_threshold,
    decide_quick_contest,
    evaluate,
    probability_of_critical_failure,
    probability_of_critical_success,
    probability_of_success,
    quick_contest,
    quick_contest_odds,
    regular_contest,
    regular_contest_skills,
    skill_check,
    success_odds,
    success_roll,
)
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import RandomDice, ScriptedDice

BASIC = RuleOptions()
EXTENDED = RuleOptions(extended_criticals=True)

CS = Outcome.CRITICAL_SUCCESS
S = Outcome.SUCCESS
F = Outcome.FAILURE
CF = Outcome.CRITICAL_FAILURE


def faces_for(total: int) -> list[int]:
    """Three d6 faces adding up to ``total`` (3..18)."""
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


# --------------------------------------------------------------------------- the table

# (roll, effective skill, outcome without the house rule, outcome with it)
TABLE = [
    # 3 and 4 always succeed, critically, whatever the skill
    (3, 10, CS, CS),
    (4, 10, CS, CS),
    (3, 2, CS, CS),
    (4, 2, CS, CS),
    (4, 0, CS, CS),
    (3, -10, CS, CS),  # also "10 or more above skill", but the 3 wins
    (5, 2, F, F),
    # critical success on 5 from skill 15, on 6 from 16: just below, at, above
    (5, 14, S, S),
    (5, 15, CS, CS),
    (5, 16, CS, CS),
    (6, 15, S, S),
    (6, 16, CS, CS),
    (6, 17, CS, CS),
    (7, 16, S, S),
    # R5.31: 7 at 20+, 8 at 25+, 9 at 30+, 10 at 35+ (only with the option)
    (7, 19, S, S),
    (7, 20, S, CS),
    (7, 21, S, CS),
    (8, 24, S, S),
    (8, 25, S, CS),
    (8, 26, S, CS),
    (9, 29, S, S),
    (9, 30, S, CS),
    (9, 31, S, CS),
    (10, 34, S, S),
    (10, 35, S, CS),
    (10, 36, S, CS),
    (11, 50, S, S),  # the expansion stops at 10
    (7, 25, S, CS),
    (6, 20, CS, CS),
    # ordinary success and failure around the skill
    (10, 10, S, S),
    (11, 10, F, F),
    (9, 10, S, S),
    # 17 and 18 always fail; 17 is critical only at skill 15 or less
    (16, 16, S, S),
    (17, 15, CF, CF),
    (17, 16, F, F),
    (17, 17, F, F),
    (17, 30, F, F),
    (18, 30, CF, CF),
    (18, 16, CF, CF),
    (18, 3, CF, CF),
    # any roll 10 or more above skill is a critical failure: just below, at, above
    (15, 6, F, F),
    (16, 6, CF, CF),
    (17, 6, CF, CF),
    (14, 5, F, F),
    (15, 5, CF, CF),
    (14, 4, CF, CF),
    (12, 3, F, F),
    (13, 3, CF, CF),
    (5, -5, CF, CF),
    (5, -4, F, F),
    (15, 7, F, F),
]


@pytest.mark.parametrize(("roll_total", "skill", "basic", "extended"), TABLE)
def test_success_table(roll_total: int, skill: int, basic: Outcome, extended: Outcome) -> None:
    assert classify(roll_total, skill) is basic
    assert classify(roll_total, skill, BASIC) is basic
    assert classify(roll_total, skill, EXTENDED) is extended


@pytest.mark.parametrize(
    ("skill", "basic", "extended"),
    [
        (-5, 4, 4),
        (3, 4, 4),
        (14, 4, 4),
        (15, 5, 5),
        (16, 6, 6),
        (19, 6, 6),  # R5.31 worked example: effective 19 → ≤ 6
        (20, 6, 7),
        (24, 6, 7),
        (25, 6, 8),
        (27, 6, 8),  # R5.31 worked example: effective 27 with the option → ≤ 8
        (29, 6, 8),
        (30, 6, 9),
        (34, 6, 9),
        (35, 6, 10),
        (100, 6, 10),
    ],
)
def test_critical_success_threshold(skill: int, basic: int, extended: int) -> None:
    assert critical_success_threshold(skill) == basic
    assert critical_success_threshold(skill, EXTENDED) == extended


@pytest.mark.parametrize(
    ("skill", "threshold"),
    [(-20, -10), (0, 10), (6, 16), (7, 17), (8, 17), (15, 17), (16, 18), (40, 18)],
)
def test_critical_failure_threshold(skill: int, threshold: int) -> None:
    assert critical_failure_threshold(skill) == threshold


@pytest.mark.parametrize("bad", [2, 19, 0, -3])
def test_classify_rejects_impossible_rolls(bad: int) -> None:
    with pytest.raises(RuleError) as caught:
        classify(bad, 10)
    assert caught.value.key == "checks.bad_roll"
    assert dict(caught.value.params) == {"roll": bad, "minimum": 3, "maximum": 18}
    assert caught.value.key in checks.ERROR_KEYS


@given(
    roll_total=st.integers(3, 18),
    skill=st.integers(-50, 80),
    extended=st.booleans(),
)
def test_table_invariants(roll_total: int, skill: int, extended: bool) -> None:
    outcome = classify(roll_total, skill, RuleOptions(extended_criticals=extended))
    if roll_total <= 4:
        assert outcome is CS
    if roll_total >= 17:
        assert not outcome.is_success
    if outcome.is_success and roll_total > 4:
        assert roll_total <= skill  # only 3-4 succeed above the skill
    if roll_total <= skill and roll_total < 17:
        assert outcome.is_success
    if outcome is CS and roll_total > 4:
        assert skill >= 15
    if roll_total == 18 or (roll_total >= skill + 10 and roll_total > 4):
        assert outcome is CF


# --------------------------------------------------------------------------- rolls


def test_success_roll_reports_faces_total_margin_and_rules() -> None:
    roller = ScriptedDice([3, 4, 2])
    result = success_roll(12, roller)
    assert result.faces == (3, 4, 2)
    assert result.total == 9
    assert result.effective_skill == 12
    assert result.outcome is S
    assert result.margin == 3  # succeeded by 3
    assert result.succeeded
    assert not result.is_critical
    assert result.rule_ids == ("A.1",)
    assert roller.remaining == 0


def test_skill_check_rolls_against_skill_plus_modifier_and_records_both() -> None:
    result = skill_check(12, ScriptedDice([4, 3, 3]), modifier=-2)
    assert (result.skill, result.modifier) == (12, -2)
    assert result.roll.effective_skill == 10
    assert result.roll.total == 10
    assert result.roll.outcome is S
    assert result.roll.margin == 0
    assert skill_check(12, ScriptedDice([4, 3, 3])).roll.effective_skill == 12


def test_failure_margin_is_negative() -> None:
    result = success_roll(9, ScriptedDice([6, 5, 1]))
    assert result.total == 12
    assert result.outcome is F
    assert result.margin == -3  # failed by 3
    assert not result.succeeded


def test_automatic_success_below_skill_3() -> None:
    """A 3 or 4 succeeds at any skill; the margin stays the arithmetic skill - roll."""
    result = success_roll(0, ScriptedDice([1, 2, 1]))
    assert result.outcome is CS
    assert result.succeeded
    assert result.margin == -4
    assert success_roll(0, ScriptedDice([1, 2, 2])).outcome is F
    assert checks.MIN_SKILL_TO_ATTEMPT == 3


def test_house_rule_critical_names_its_rule() -> None:
    basic = success_roll(27, ScriptedDice([2, 3, 3]))
    extended = success_roll(27, ScriptedDice([2, 3, 3]), EXTENDED)
    assert basic.outcome is S
    assert basic.rule_ids == ("A.1",)
    assert extended.outcome is CS
    assert extended.rule_ids == ("A.1", "R5.31")
    assert success_roll(27, ScriptedDice([1, 1, 1]), EXTENDED).rule_ids == ("A.1",)


def test_success_roll_is_frozen() -> None:
    result = evaluate((1, 2, 3), 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 3  # type: ignore[misc]


@pytest.mark.parametrize(("roll_total", "skill", "basic", "extended"), TABLE)
def test_success_roll_agrees_with_the_table(
    roll_total: int, skill: int, basic: Outcome, extended: Outcome
) -> None:
    assert success_roll(skill, ScriptedDice(faces_for(roll_total))).outcome is basic
    assert success_roll(skill, ScriptedDice(faces_for(roll_total)), EXTENDED).outcome is extended


# --------------------------------------------------------------------------- odds


def _enumerated_odds(skill: int, options: RuleOptions) -> dict[Outcome, Fraction]:
    tally = dict.fromkeys(Outcome, 0)
    for faces in itertools.product(range(1, 7), repeat=3):
        tally[classify(sum(faces), skill, options)] += 1
    return {outcome: Fraction(ways, 216) for outcome, ways in tally.items()}


def test_skill_10_succeeds_exactly_half_the_time() -> None:
    assert probability_of_success(10) == Fraction(1, 2)


@pytest.mark.parametrize(
    ("skill", "success", "critical_success", "critical_failure"),
    [
        (3, Fraction(4, 216), Fraction(4, 216), Fraction(56, 216)),  # 13+ fails critically
        (6, Fraction(20, 216), Fraction(4, 216), Fraction(10, 216)),
        (10, Fraction(108, 216), Fraction(4, 216), Fraction(4, 216)),
        (14, Fraction(196, 216), Fraction(4, 216), Fraction(4, 216)),
        (15, Fraction(206, 216), Fraction(10, 216), Fraction(4, 216)),
        (16, Fraction(212, 216), Fraction(20, 216), Fraction(1, 216)),
        (30, Fraction(212, 216), Fraction(20, 216), Fraction(1, 216)),
    ],
)
def test_known_odds(
    skill: int, success: Fraction, critical_success: Fraction, critical_failure: Fraction
) -> None:
    assert probability_of_success(skill) == success
    assert probability_of_critical_success(skill) == critical_success
    assert probability_of_critical_failure(skill) == critical_failure


@pytest.mark.parametrize("options", [BASIC, EXTENDED], ids=["basic", "extended"])
@pytest.mark.parametrize("skill", range(-15, 51))
def test_odds_agree_with_exhaustive_enumeration(skill: int, options: RuleOptions) -> None:
    odds = success_odds(skill, options)
    expected = _enumerated_odds(skill, options)
    assert odds.effective_skill == skill
    assert odds.critical_success == expected[CS]
    assert odds.success == expected[S]
    assert odds.failure == expected[F]
    assert odds.critical_failure == expected[CF]
    assert odds.any_success + odds.any_failure == 1
    assert probability_of_success(skill, options) == expected[CS] + expected[S]


def test_extended_criticals_at_35() -> None:
    assert probability_of_critical_success(35, EXTENDED) == Fraction(108, 216)  # 3-10
    assert probability_of_critical_success(35, BASIC) == Fraction(20, 216)


# --------------------------------------------------------------------------- contests


def test_quick_contest_success_beats_failure() -> None:
    # a: skill 12 rolls 11 (success by 1); b: skill 14 rolls 16 (failure by 2)
    result = quick_contest(12, 14, ScriptedDice([5, 5, 1, 6, 6, 4]))
    assert result.a.total == 11
    assert result.b.total == 16
    assert result.winner is ContestWinner.A
    assert result.margin_of_victory == 3
    assert result.rule_ids == ("A.7",)


def test_quick_contest_basic_set_margin_of_victory_example() -> None:
    """Success by 5 vs failure by 2 → margin of victory 7 (A.7)."""
    result = quick_contest(15, 10, ScriptedDice([4, 3, 3, 6, 5, 1]))
    assert (result.a.margin, result.b.margin) == (5, -2)
    assert result.winner is ContestWinner.A
    assert result.margin_of_victory == 7


def test_quick_contest_both_succeed_larger_margin_wins() -> None:
    # a: 14 rolls 10 (by 4); b: 16 rolls 9 (by 7)
    result = quick_contest(14, 16, ScriptedDice([4, 3, 3, 3, 3, 3]))
    assert result.winner is ContestWinner.B
    assert result.margin_of_victory == 3


def test_quick_contest_both_fail_smaller_failure_wins() -> None:
    # a: 8 rolls 12 (failed by 4); b: 9 rolls 11 (failed by 2)
    result = quick_contest(8, 9, ScriptedDice([6, 5, 1, 6, 4, 1]))
    assert (result.a.margin, result.b.margin) == (-4, -2)
    assert result.winner is ContestWinner.B
    assert result.margin_of_victory == 2


@pytest.mark.parametrize(
    ("skill_a", "skill_b", "faces"),
    [
        (12, 12, [3, 3, 3, 4, 3, 2]),  # both succeed by 3
        (8, 10, [6, 4, 2, 6, 6, 2]),  # both fail by 4
        (12, 15, [1, 1, 1, 2, 2, 2]),  # 3 vs 6: a by 9, b by 9
    ],
)
def test_quick_contest_tie(skill_a: int, skill_b: int, faces: list[int]) -> None:
    result = quick_contest(skill_a, skill_b, ScriptedDice(faces))
    assert result.winner is ContestWinner.TIE
    assert result.margin_of_victory == 0


def test_quick_contest_automatic_success_still_wins() -> None:
    # a: skill 1 rolls 4 (automatic success, margin -3); b: skill 10 rolls 12
    result = quick_contest(1, 10, ScriptedDice([1, 1, 2, 6, 5, 1]))
    assert result.a.succeeded
    assert result.winner is ContestWinner.A
    assert result.margin_of_victory == max(0, -3 - (-2))


def test_resisted_quick_contest() -> None:
    """Attacker (a) must succeed to win; ties go to the resisting side (b)."""
    # both fail, a by less: a would win an ordinary quick contest
    roll_a, roll_b = evaluate((6, 4, 2), 11), evaluate((6, 6, 2), 10)
    assert decide_quick_contest(roll_a, roll_b)[0] is ContestWinner.A
    assert decide_quick_contest(roll_a, roll_b, resisted=True) == (ContestWinner.B, 0)
    # a tie goes to b
    tie_a, tie_b = evaluate((3, 3, 3), 12), evaluate((4, 3, 2), 12)
    assert decide_quick_contest(tie_a, tie_b, resisted=True)[0] is ContestWinner.B
    # a wins when it succeeds by more
    result = quick_contest(14, 10, ScriptedDice([3, 3, 3, 4, 3, 2]), resisted=True)
    assert result.resisted
    assert result.winner is ContestWinner.A
    assert result.margin_of_victory == 4


# --------------------------------------------------------------------------- contest odds


ALL_FACES = list(itertools.product(range(1, 7), repeat=3))


def _enumerated_contest(
    skill_a: int, skill_b: int, options: RuleOptions, *, resisted: bool = False
) -> dict[ContestWinner, Fraction]:
    """Every one of the 6**6 ways the dice can fall, judged by decide_quick_contest."""
    rolls_a = [evaluate(faces, skill_a, options) for faces in ALL_FACES]
    rolls_b = [evaluate(faces, skill_b, options) for faces in ALL_FACES]
    tally = dict.fromkeys(ContestWinner, 0)
    for a in rolls_a:
        for b in rolls_b:
            tally[decide_quick_contest(a, b, resisted=resisted)[0]] += 1
    return {winner: Fraction(count, 6**6) for winner, count in tally.items()}


def test_quick_contest_odds_equal_skills_are_even() -> None:
    odds = quick_contest_odds(10, 10)
    # equal skills tie exactly when both totals are equal: sum of squared 3d6 counts
    assert odds.tie == Fraction(4332, 46656) == Fraction(361, 3888)
    assert odds.a_wins == odds.b_wins == Fraction(3527, 7776)
    assert odds.a_wins + odds.tie + odds.b_wins == 1


@pytest.mark.parametrize(
    ("skill_a", "skill_b", "options", "resisted"),
    [
        (14, 12, BASIC, False),
        (12, 12, BASIC, True),
        (3, 16, BASIC, False),
        (25, 20, EXTENDED, False),
        (-5, 8, BASIC, True),
    ],
)
def test_quick_contest_odds_match_every_roll_enumerated(
    skill_a: int, skill_b: int, options: RuleOptions, resisted: bool
) -> None:
    odds = quick_contest_odds(skill_a, skill_b, options, resisted=resisted)
    expected = _enumerated_contest(skill_a, skill_b, options, resisted=resisted)
    assert (odds.a_wins, odds.tie, odds.b_wins) == (
        expected[ContestWinner.A],
        expected[ContestWinner.TIE],
        expected[ContestWinner.B],
    )


def test_quick_contest_odds_resisted_never_tie() -> None:
    odds = quick_contest_odds(12, 12, resisted=True)
    assert odds.tie == 0
    assert odds.a_wins < odds.b_wins


@given(skill_a=st.integers(-20, 60), skill_b=st.integers(-20, 60))
def test_quick_contest_odds_sum_to_one_and_swap_with_the_sides(skill_a: int, skill_b: int) -> None:
    odds = quick_contest_odds(skill_a, skill_b)
    swapped = quick_contest_odds(skill_b, skill_a)
    assert odds.a_wins + odds.tie + odds.b_wins == 1
    assert (swapped.a_wins, swapped.tie, swapped.b_wins) == (odds.b_wins, odds.tie, odds.a_wins)


def test_regular_contest_over_several_rounds() -> None:
    faces = [
        *[3, 3, 3, 3, 3, 3],  # round 1: both succeed
        *[6, 6, 4, 6, 6, 5],  # round 2: both fail
        *[2, 2, 2, 6, 6, 6],  # round 3: a succeeds, b fails (critically)
    ]
    roller = ScriptedDice(faces)
    result = regular_contest(12, 11, roller)
    assert len(result.rounds) == 3
    assert result.winner is ContestWinner.A
    assert result.decided
    assert not result.adjusted
    assert [(r.a.total, r.b.total) for r in result.rounds] == [(9, 9), (16, 17), (6, 18)]
    assert roller.remaining == 0
    assert result.rule_ids == ("A.7",)


def test_regular_contest_b_can_win_in_the_first_round() -> None:
    result = regular_contest(10, 10, ScriptedDice([6, 6, 1, 1, 2, 3]))
    assert result.winner is ContestWinner.B
    assert len(result.rounds) == 1


def test_regular_contest_stops_undecided_at_the_bound() -> None:
    faces = [3, 3, 3] * (2 * DEFAULT_MAX_ROUNDS)  # everyone succeeds, forever
    roller = ScriptedDice(faces)
    result = regular_contest(12, 12, roller)
    assert result.winner is ContestWinner.UNDECIDED
    assert not result.decided
    assert len(result.rounds) == DEFAULT_MAX_ROUNDS == result.max_rounds
    assert roller.remaining == 0


def test_regular_contest_custom_bound() -> None:
    result = regular_contest(12, 12, ScriptedDice([3, 3, 3] * 6), max_rounds=3)
    assert result.winner is ContestWinner.UNDECIDED
    assert len(result.rounds) == 3


@pytest.mark.parametrize("bad", [0, -1, 1001])
def test_regular_contest_rejects_a_bad_bound(bad: int) -> None:
    with pytest.raises(RuleError) as caught:
        regular_contest(12, 12, ScriptedDice([]), max_rounds=bad)
    assert caught.value.key == "checks.bad_max_rounds"
    assert caught.value.key in checks.ERROR_KEYS


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (18, 16, (14, 12)),  # both above 14: higher to 14, lower by as much
        (16, 20, (10, 14)),
        (15, 15, (14, 14)),
        (14, 20, (14, 20)),  # only one above 14: unchanged
        (12, 11, (12, 11)),
        (5, 3, (12, 10)),  # both 6 or less: lower to 10, higher by as much
        (6, 6, (10, 10)),
        (7, 3, (7, 3)),
        (-2, 4, (10, 16)),
    ],
)
def test_regular_contest_extreme_scores(a: int, b: int, expected: tuple[int, int]) -> None:
    assert regular_contest_skills(a, b) == expected


def test_regular_contest_rolls_against_the_adjusted_skills() -> None:
    # 20 vs 18 becomes 14 vs 12: a 13 succeeds for a and fails for b
    result = regular_contest(20, 18, ScriptedDice([5, 4, 4, 5, 4, 4]))
    assert (result.effective_a, result.effective_b) == (14, 12)
    assert (result.skill_a, result.skill_b) == (20, 18)
    assert result.adjusted
    assert result.rounds[0].a.effective_skill == 14
    assert result.winner is ContestWinner.A


@given(skill_a=st.integers(-10, 40), skill_b=st.integers(-10, 40), seed=st.integers(0, 2**32))
def test_regular_contest_always_ends_within_the_bound(
    skill_a: int, skill_b: int, seed: int
) -> None:
    result = regular_contest(skill_a, skill_b, RandomDice(seed=seed))
    assert 1 <= len(result.rounds) <= DEFAULT_MAX_ROUNDS
    if result.decided:
        last = result.rounds[-1]
        assert last.a.succeeded != last.b.succeeded
        assert result.winner is (ContestWinner.A if last.a.succeeded else ContestWinner.B)
        for earlier in result.rounds[:-1]:
            assert earlier.a.succeeded == earlier.b.succeeded
    else:
        assert len(result.rounds) == DEFAULT_MAX_ROUNDS
