"""Success rolls and contests (catalog Appendix A.1 and A.7, R5.31).

A success roll is 3d6 against an *effective skill* (skill or attribute plus every
modifier). :func:`classify` is the whole table as one pure function; every roll,
contest and probability here goes through it, so the odds shown to players are
the odds of the rule that is actually applied.

The table (A.1), in the order it is checked:

1. **Critical success** on a 3 or 4 — always, whatever the skill (so a roll of 3
   or 4 succeeds even at effective skill 2, 0 or -5); on a 5 at effective skill
   15+, on a 6 at 16+. With ``RuleOptions.extended_criticals`` (R5.31) also on a
   7 at 20+, 8 at 25+, 9 at 30+ and 10 at 35+.
2. **Critical failure** on an 18; on a 17 when effective skill is 15 or less;
   on any roll of effective skill + 10 or more.
3. 17 and 18 always **fail** (a 17 at skill 16+ is an ordinary failure).
4. Otherwise **success** when the roll is at most the effective skill.

Effective skill below 3: the Basic Set says such a roll cannot be attempted
except for defense rolls (A.1). That is the caller's decision (it knows whether
it is a defense); :func:`success_roll` rolls any integer skill and applies the
table above, where only a 3 or 4 can succeed. :data:`MIN_SKILL_TO_ATTEMPT`
names the threshold.

The *margin* is always ``effective_skill - roll``: positive or zero means
"succeeded by", negative "failed by". The outcome, not the sign of the margin,
says whether the roll succeeded; the two disagree only on the automatic results
(a 3-4 above the skill, a 17-18 under it).
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.dice import sum_distribution
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import DiceRoller

__all__ = [
    "DEFAULT_MAX_ROUNDS",
    "DEFAULT_OPTIONS",
    "ERROR_KEYS",
    "MIN_SKILL_TO_ATTEMPT",
    "ContestRound",
    "ContestWinner",
    "Outcome",
    "QuickContest",
    "QuickContestOdds",
    "RegularContest",
    "SkillCheck",
    "SuccessOdds",
    "SuccessRoll",
    "classify",
    "critical_failure_threshold",
    "critical_success_threshold",
    "decide_quick_contest",
    "ensure_attemptable",
    "evaluate",
    "probability_of_critical_failure",
    "probability_of_critical_success",
    "probability_of_success",
    "quick_contest",
    "quick_contest_odds",
    "regular_contest",
    "regular_contest_skills",
    "skill_check",
    "success_odds",
    "success_roll",
]

RULE_SUCCESS_ROLL: Final = "A.1"
RULE_CONTEST: Final = "A.7"
RULE_EXTENDED_CRITICALS: Final = "R5.31"

DEFAULT_OPTIONS: Final = RuleOptions()
MIN_SKILL_TO_ATTEMPT: Final = 3
"""Below this effective skill only defense rolls may be attempted (A.1)."""
DEFAULT_MAX_ROUNDS: Final = 20
"""Rounds after which a regular contest stops undecided."""
MAX_ROUNDS_LIMIT: Final = 1000

ERROR_KEYS: Final = frozenset(
    {
        "checks.bad_roll",  #        roll, minimum, maximum
        "checks.bad_max_rounds",  #  max_rounds, minimum, maximum
        "checks.below_three",  #     skill, minimum
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""

_MIN_ROLL: Final = 3
_MAX_ROLL: Final = 18


def ensure_attemptable(effective_skill: int) -> None:
    """A.1: a roll (an attack, the one acting in a contest) whose effective skill is below 3
    cannot be attempted; only defense rolls may be. Refused with ``checks.below_three``."""
    if effective_skill < MIN_SKILL_TO_ATTEMPT:
        raise RuleError(
            "checks.below_three",
            f"effective skill {effective_skill} is below {MIN_SKILL_TO_ATTEMPT}",
            skill=effective_skill,
            minimum=MIN_SKILL_TO_ATTEMPT,
        )


class Outcome(enum.StrEnum):
    """Result of a success roll; the value is a stable translation-key suffix."""

    CRITICAL_SUCCESS = "critical_success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical_failure"

    @property
    def is_success(self) -> bool:
        return self in (Outcome.CRITICAL_SUCCESS, Outcome.SUCCESS)

    @property
    def is_critical(self) -> bool:
        return self in (Outcome.CRITICAL_SUCCESS, Outcome.CRITICAL_FAILURE)


# --------------------------------------------------------------------------- the table


def critical_success_threshold(effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS) -> int:
    """Highest roll that is a critical success at ``effective_skill``.

    4 normally, 5 at 15+, 6 at 16+; with ``extended_criticals`` (R5.31) 7 at 20+,
    8 at 25+, 9 at 30+ and 10 at 35+ (7 + one per 5 skill above 20, capped at 10).
    """
    if options.extended_criticals and effective_skill >= 20:
        return min(10, 7 + (effective_skill - 20) // 5)
    if effective_skill >= 16:
        return 6
    if effective_skill >= 15:
        return 5
    return 4


def critical_failure_threshold(effective_skill: int) -> int:
    """Lowest roll that is a critical failure (before a 3-4's automatic success).

    18 at effective skill 16+, 17 at 15 or less, and never above skill + 10.
    """
    return min(18 if effective_skill >= 16 else 17, effective_skill + 10)


def _check_roll(roll_total: int) -> None:
    if not _MIN_ROLL <= roll_total <= _MAX_ROLL:
        raise RuleError(
            "checks.bad_roll",
            f"a 3d6 roll is between {_MIN_ROLL} and {_MAX_ROLL}, not {roll_total}",
            roll=roll_total,
            minimum=_MIN_ROLL,
            maximum=_MAX_ROLL,
        )


def classify(
    roll_total: int, effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS
) -> Outcome:
    """The success-roll table (A.1, R5.31): the outcome of a 3d6 total against a skill."""
    _check_roll(roll_total)
    if roll_total <= critical_success_threshold(effective_skill, options):
        return Outcome.CRITICAL_SUCCESS
    if roll_total >= critical_failure_threshold(effective_skill):
        return Outcome.CRITICAL_FAILURE
    if roll_total >= 17 or roll_total > effective_skill:
        return Outcome.FAILURE
    return Outcome.SUCCESS


def _rule_ids(roll_total: int, outcome: Outcome) -> tuple[str, ...]:
    if outcome is Outcome.CRITICAL_SUCCESS and roll_total >= 7:
        return (RULE_SUCCESS_ROLL, RULE_EXTENDED_CRITICALS)
    return (RULE_SUCCESS_ROLL,)


# --------------------------------------------------------------------------- rolling


@dataclass(frozen=True, slots=True)
class SuccessRoll:
    """One 3d6 success roll and everything needed to explain it."""

    faces: tuple[int, int, int]
    total: int
    effective_skill: int
    outcome: Outcome
    margin: int
    """``effective_skill - total``: >= 0 "succeeded by", < 0 "failed by"."""
    rule_ids: tuple[str, ...]
    """``("A.1",)``, plus ``"R5.31"`` when the extended-criticals option made the critical."""

    @property
    def succeeded(self) -> bool:
        return self.outcome.is_success

    @property
    def is_critical(self) -> bool:
        return self.outcome.is_critical


def evaluate(
    faces: tuple[int, int, int], effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS
) -> SuccessRoll:
    """Build the :class:`SuccessRoll` for three faces already rolled."""
    total = faces[0] + faces[1] + faces[2]
    outcome = classify(total, effective_skill, options)
    return SuccessRoll(
        faces=faces,
        total=total,
        effective_skill=effective_skill,
        outcome=outcome,
        margin=effective_skill - total,
        rule_ids=_rule_ids(total, outcome),
    )


# A success roll depends only on its three faces, the effective skill and the
# extended-criticals switch, and it is immutable: each one is built once by
# :func:`evaluate` and handed out again. Per skill, a list of the 216 ordered
# faces, filled as they come up; one dict per setting of the switch.
_KNOWN_ROLLS: Final[tuple[dict[int, list[SuccessRoll | None]], ...]] = ({}, {})
_KNOWN_SKILLS_LIMIT: Final = 256
"""Skills remembered per setting; past that the memory starts over (bounds odd inputs)."""


def _remember(
    faces: tuple[int, int, int], effective_skill: int, options: RuleOptions
) -> SuccessRoll:
    """:func:`evaluate` for faces in 1..6, kept for the next identical roll."""
    known = _KNOWN_ROLLS[options.extended_criticals]
    rolls = known.get(effective_skill)
    if rolls is None:
        if len(known) >= _KNOWN_SKILLS_LIMIT:
            known.clear()
        rolls = known[effective_skill] = [None] * 216
    made = rolls[faces[0] * 36 + faces[1] * 6 + faces[2] - 43] = evaluate(
        faces, effective_skill, options
    )
    return made


def success_roll(
    effective_skill: int, roller: DiceRoller, options: RuleOptions = DEFAULT_OPTIONS
) -> SuccessRoll:
    """Roll 3d6 against ``effective_skill`` (any integer; see the module notes).

    Three dice from ``roller``, one at a time, then :func:`evaluate`; a roll seen
    before (same faces, skill and switch) is the same frozen record again.
    """
    roll_die = roller.roll_die
    first = roll_die(6)
    second = roll_die(6)
    third = roll_die(6)
    if 0 < first <= 6 and 0 < second <= 6 and 0 < third <= 6:
        rolls = _KNOWN_ROLLS[options.extended_criticals].get(effective_skill)
        if rolls is not None:
            made = rolls[first * 36 + second * 6 + third - 43]
            if made is not None:
                return made
        return _remember((first, second, third), effective_skill, options)
    return evaluate((first, second, third), effective_skill, options)


@dataclass(frozen=True, slots=True)
class SkillCheck:
    """A success roll against a skill plus the situation's net modifier (A.1)."""

    skill: int
    """The skill or attribute level before modifiers."""
    modifier: int
    """Every bonus and penalty added up."""
    roll: SuccessRoll
    """The roll against ``skill + modifier``, the effective skill."""


def skill_check(
    skill: int, roller: DiceRoller, options: RuleOptions = DEFAULT_OPTIONS, *, modifier: int = 0
) -> SkillCheck:
    """Roll 3d6 against the effective skill, ``skill + modifier`` (A.1)."""
    return SkillCheck(skill, modifier, success_roll(skill + modifier, roller, options))


# --------------------------------------------------------------------------- odds


@dataclass(frozen=True, slots=True)
class SuccessOdds:
    """Exact chance of each outcome of a success roll; the four sum to 1."""

    effective_skill: int
    critical_success: Fraction
    success: Fraction
    """Ordinary (non-critical) success only; see :attr:`any_success`."""
    failure: Fraction
    """Ordinary (non-critical) failure only; see :attr:`any_failure`."""
    critical_failure: Fraction

    @property
    def any_success(self) -> Fraction:
        """Chance to succeed, criticals included."""
        return self.critical_success + self.success

    @property
    def any_failure(self) -> Fraction:
        """Chance to fail, criticals included."""
        return self.failure + self.critical_failure


# Past these skills nothing in the table changes, so odds are computed (and
# cached) for a clamped skill: at -7 or less every roll but 3-4 is a critical
# failure; from 36 up every roll but 17-18 is a success and 3-10 are criticals.
_ODDS_SKILL_FLOOR: Final = -8
_ODDS_SKILL_CEILING: Final = 40


@functools.lru_cache(maxsize=128)
def _odds_counts(skill: int, extended_criticals: bool) -> tuple[int, int, int, int]:
    options = RuleOptions(extended_criticals=extended_criticals)
    three_d6 = sum_distribution(3, 6)
    tally = dict.fromkeys(Outcome, 0)
    for total in range(_MIN_ROLL, _MAX_ROLL + 1):
        tally[classify(total, skill, options)] += three_d6.count(total)
    return (
        tally[Outcome.CRITICAL_SUCCESS],
        tally[Outcome.SUCCESS],
        tally[Outcome.FAILURE],
        tally[Outcome.CRITICAL_FAILURE],
    )


def success_odds(effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS) -> SuccessOdds:
    """Exact odds of every outcome of a success roll at ``effective_skill``."""
    clamped = max(_ODDS_SKILL_FLOOR, min(_ODDS_SKILL_CEILING, effective_skill))
    counts = _odds_counts(clamped, options.extended_criticals)
    outcomes = 6**3
    crit_success, success, failure, crit_failure = (Fraction(n, outcomes) for n in counts)
    return SuccessOdds(effective_skill, crit_success, success, failure, crit_failure)


def probability_of_success(
    effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS
) -> Fraction:
    """Exact chance that a success roll succeeds (criticals included).

    >>> probability_of_success(10)
    Fraction(1, 2)
    """
    return success_odds(effective_skill, options).any_success


def probability_of_critical_success(
    effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS
) -> Fraction:
    """Exact chance of a critical success."""
    return success_odds(effective_skill, options).critical_success


def probability_of_critical_failure(
    effective_skill: int, options: RuleOptions = DEFAULT_OPTIONS
) -> Fraction:
    """Exact chance of a critical failure."""
    return success_odds(effective_skill, options).critical_failure


# --------------------------------------------------------------------------- contests


class ContestWinner(enum.StrEnum):
    """Who won a contest; the value is a stable translation-key suffix."""

    A = "a"
    B = "b"
    TIE = "tie"
    """Quick contest: nobody won (equal margins, or the same success/failure)."""
    UNDECIDED = "undecided"
    """Regular contest: the round limit was reached before anyone won."""


@dataclass(frozen=True, slots=True)
class QuickContest:
    """A Quick Contest (A.7): one roll each, compared by margin."""

    a: SuccessRoll
    b: SuccessRoll
    winner: ContestWinner
    margin_of_victory: int
    """Winner's margin minus loser's margin (0 on a tie, never negative)."""
    resisted: bool = False
    """True when run as a resistance roll (``a`` must succeed to win, ties go to ``b``)."""
    rule_ids: tuple[str, ...] = (RULE_CONTEST,)


def decide_quick_contest(
    a: SuccessRoll, b: SuccessRoll, *, resisted: bool = False
) -> tuple[ContestWinner, int]:
    """Winner and margin of victory of a Quick Contest between two rolls (A.7).

    If one succeeds and the other fails, the one who succeeded wins. If both
    succeed (or both fail) the larger margin wins; equal margins are a tie.
    With ``resisted`` (a resistance roll: ``a`` attacks, ``b`` resists), ``a``
    must succeed to win and every tie goes to ``b``.
    """
    return _decide(a.succeeded, a.margin, b.succeeded, b.margin, resisted=resisted)


def _decide(
    a_succeeded: bool, a_margin: int, b_succeeded: bool, b_margin: int, *, resisted: bool
) -> tuple[ContestWinner, int]:
    """:func:`decide_quick_contest` from each side's success and margin alone."""
    if a_succeeded != b_succeeded:
        winner = ContestWinner.A if a_succeeded else ContestWinner.B
    elif a_margin > b_margin:
        winner = ContestWinner.A
    elif b_margin > a_margin:
        winner = ContestWinner.B
    else:
        winner = ContestWinner.TIE
    if resisted and (winner is ContestWinner.TIE or not a_succeeded):
        winner = ContestWinner.B
    if winner is ContestWinner.A:
        return winner, max(0, a_margin - b_margin)
    if winner is ContestWinner.B:
        return winner, max(0, b_margin - a_margin)
    return winner, 0


def quick_contest(
    skill_a: int,
    skill_b: int,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    resisted: bool = False,
) -> QuickContest:
    """Roll a Quick Contest: ``a`` rolls first, then ``b``."""
    roll_a = success_roll(skill_a, roller, options)
    roll_b = success_roll(skill_b, roller, options)
    winner, margin = decide_quick_contest(roll_a, roll_b, resisted=resisted)
    return QuickContest(roll_a, roll_b, winner, margin, resisted)


@dataclass(frozen=True, slots=True)
class QuickContestOdds:
    """Exact chance of each result of a Quick Contest (A.7); the three sum to 1."""

    skill_a: int
    skill_b: int
    a_wins: Fraction
    tie: Fraction
    """Always 0 for a resistance roll, where ties go to ``b``."""
    b_wins: Fraction


def _contest_side(skill: int, options: RuleOptions) -> list[tuple[int, bool, int]]:
    """Per 3d6 total: how many ways it is rolled, whether it succeeds, its margin."""
    three_d6 = sum_distribution(3, 6)
    return [
        (three_d6.count(total), classify(total, skill, options).is_success, skill - total)
        for total in range(_MIN_ROLL, _MAX_ROLL + 1)
    ]


@functools.lru_cache(maxsize=256)
def _quick_contest_counts(
    skill_a: int, skill_b: int, extended_criticals: bool, resisted: bool
) -> tuple[int, int, int]:
    """Of the 6**6 ways both sides' dice can fall: A wins, tie, B wins."""
    options = RuleOptions(extended_criticals=extended_criticals)
    side_a = _contest_side(skill_a, options)
    side_b = _contest_side(skill_b, options)
    tally = dict.fromkeys(ContestWinner, 0)
    for ways_a, succeeded_a, margin_a in side_a:
        for ways_b, succeeded_b, margin_b in side_b:
            winner, _ = _decide(succeeded_a, margin_a, succeeded_b, margin_b, resisted=resisted)
            tally[winner] += ways_a * ways_b
    return tally[ContestWinner.A], tally[ContestWinner.TIE], tally[ContestWinner.B]


def quick_contest_odds(
    skill_a: int, skill_b: int, options: RuleOptions = DEFAULT_OPTIONS, *, resisted: bool = False
) -> QuickContestOdds:
    """Exact chance that ``a`` wins, that nobody does, and that ``b`` wins (A.7).

    Every pair of 3d6 totals, weighted by how many ways each can be rolled, is
    judged by the same rule as a rolled contest (:func:`decide_quick_contest`).
    """
    a_wins, tie, b_wins = _quick_contest_counts(
        skill_a, skill_b, options.extended_criticals, resisted
    )
    outcomes = 6**6
    return QuickContestOdds(
        skill_a,
        skill_b,
        Fraction(a_wins, outcomes),
        Fraction(tie, outcomes),
        Fraction(b_wins, outcomes),
    )


@dataclass(frozen=True, slots=True)
class ContestRound:
    """One round of a Regular Contest: both rolls."""

    a: SuccessRoll
    b: SuccessRoll


@dataclass(frozen=True, slots=True)
class RegularContest:
    """A Regular Contest (A.7): rounds until one succeeds and the other fails.

    ``effective_a``/``effective_b`` are the skills actually rolled against after
    the extreme-scores adjustment (:func:`regular_contest_skills`).
    """

    skill_a: int
    skill_b: int
    effective_a: int
    effective_b: int
    rounds: tuple[ContestRound, ...]
    winner: ContestWinner
    """``A``, ``B``, or ``UNDECIDED`` when ``max_rounds`` passed without a winner."""
    max_rounds: int
    rule_ids: tuple[str, ...] = (RULE_CONTEST,)

    @property
    def decided(self) -> bool:
        return self.winner is not ContestWinner.UNDECIDED

    @property
    def adjusted(self) -> bool:
        """Whether the extreme-scores rule changed the skills rolled against."""
        return (self.effective_a, self.effective_b) != (self.skill_a, self.skill_b)


def regular_contest_skills(skill_a: int, skill_b: int) -> tuple[int, int]:
    """Skills actually rolled against in a Regular Contest (Basic Set, extreme scores).

    When both are above 14, the higher becomes 14 and the lower drops by the same
    amount; when both are 6 or less, the lower becomes 10 and the higher rises by
    the same amount. Otherwise they are unchanged. The difference is kept, and
    the contest ends in reasonable time.
    """
    low, high = min(skill_a, skill_b), max(skill_a, skill_b)
    if low > 14:
        shift = 14 - high
    elif high <= 6:
        shift = 10 - low
    else:
        shift = 0
    return skill_a + shift, skill_b + shift


def regular_contest(
    skill_a: int,
    skill_b: int,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
) -> RegularContest:
    """Roll a Regular Contest, ``a`` then ``b`` each round, at most ``max_rounds`` rounds."""
    if not 1 <= max_rounds <= MAX_ROUNDS_LIMIT:
        raise RuleError(
            "checks.bad_max_rounds",
            f"a regular contest lasts 1 to {MAX_ROUNDS_LIMIT} rounds, not {max_rounds}",
            max_rounds=max_rounds,
            minimum=1,
            maximum=MAX_ROUNDS_LIMIT,
        )
    effective_a, effective_b = regular_contest_skills(skill_a, skill_b)
    rounds: list[ContestRound] = []
    winner = ContestWinner.UNDECIDED
    for _ in range(max_rounds):
        roll_a = success_roll(effective_a, roller, options)
        roll_b = success_roll(effective_b, roller, options)
        rounds.append(ContestRound(roll_a, roll_b))
        if roll_a.succeeded != roll_b.succeeded:
            winner = ContestWinner.A if roll_a.succeeded else ContestWinner.B
            break
    return RegularContest(
        skill_a=skill_a,
        skill_b=skill_b,
        effective_a=effective_a,
        effective_b=effective_b,
        rounds=tuple(rounds),
        winner=winner,
        max_rounds=max_rounds,
    )
