"""GURPS dice expressions: parse once, roll many times, and know the exact odds.

Notation (catalog, "Conventions used throughout", *Dice*)::

    3d      three six-sided dice            2d10       two ten-sided dice
    2d+1    2d plus 1                       1d-3       1d minus 3 (also ``1d−3``)
    6dx2    6d, total multiplied by 2       6d×2, 6d*2 the same
    1d+1d6+2, 2d-1d  sums and differences of terms
    7       a plain number                  (2d+1)x2   the whole sum multiplied

Case and whitespace do not matter (``2D + 1``). A multiplier always applies to the
whole sum before it, so ``2d+1x2`` is ``(2d+1)×2``; the canonical text writes the
parentheses. Dice are rolled group by group, left to right, which is the order a
:class:`~rules.roller.ScriptedDice` hands its faces out in.

The parser is a small hand-written tokenizer and recursive-descent parser (no
regular expressions, no ``eval``). It produces an immutable
:class:`DiceExpression`; parsing is cached, so ``roll("3d+1", roller)`` in a hot
loop parses once. Bad input raises :class:`~rules.errors.RuleError` with a
``dice.*`` key (see :data:`ERROR_KEYS`) and parameters saying what and where.

Odds are exact: :func:`distribution` returns integer counts of every total
(a cached convolution), from which :func:`probability_at_most` and friends give
:class:`fractions.Fraction` values.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final, NamedTuple, Protocol, runtime_checkable

from rules.errors import RuleError
from rules.roller import DiceRoller, RandomDice, ScriptedDice

__all__ = [
    "ERROR_KEYS",
    "MAX_DICE",
    "MAX_MULTIPLIER",
    "MAX_NUMBER",
    "MAX_SIDES",
    "MAX_TEXT_LENGTH",
    "BatchDiceRoller",
    "DiceExpression",
    "DiceGroup",
    "DiceResult",
    "DiceRoller",
    "Distribution",
    "RandomDice",
    "ScriptedDice",
    "distribution",
    "max_total",
    "min_total",
    "parse",
    "probability_at_least",
    "probability_at_most",
    "roll",
    "sum_distribution",
]

MAX_DICE: Final = 100
"""Most dice one expression may roll (all groups together)."""
MIN_SIDES: Final = 1
MAX_SIDES: Final = 1000
"""Sides a die may have: 1 to 1000."""
MAX_TEXT_LENGTH: Final = 100
"""Longest expression text accepted, in characters (surrounding blanks not counted)."""
MAX_MULTIPLIER: Final = 100
"""Largest ``×N`` multiplier."""
MAX_NUMBER: Final = 1_000_000
"""Largest number literal (a constant such as the ``+2`` in ``2d+2``)."""

ERROR_KEYS: Final = frozenset(
    {
        # key                        params
        "dice.empty",  #             (none)
        "dice.too_long",  #          length, maximum
        "dice.syntax",  #            position (1-based column), found (the offending text)
        "dice.unexpected_end",  #    position (1-based column just past the end)
        "dice.number_too_large",  #  position, maximum
        "dice.bad_count",  #         count, minimum
        "dice.bad_sides",  #         sides, minimum, maximum
        "dice.too_many_dice",  #     count, maximum
        "dice.bad_multiplier",  #    multiplier, minimum, maximum
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""

_DEFAULT_SIDES: Final = 6
_new_result: Final = tuple.__new__  # builds a DiceResult without NamedTuple's Python-level __new__


# --------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """``count`` dice of ``sides`` sides, added (or subtracted when ``negative``)."""

    count: int
    sides: int = _DEFAULT_SIDES
    negative: bool = False

    def __post_init__(self) -> None:
        if self.count < 1:
            raise RuleError(
                "dice.bad_count",
                f"a group must roll at least one die, not {self.count}",
                count=self.count,
                minimum=1,
            )
        if self.count > MAX_DICE:
            raise RuleError(
                "dice.too_many_dice",
                f"at most {MAX_DICE} dice per expression, this one rolls {self.count}",
                count=self.count,
                maximum=MAX_DICE,
            )
        if not MIN_SIDES <= self.sides <= MAX_SIDES:
            raise RuleError(
                "dice.bad_sides",
                f"a die must have between {MIN_SIDES} and {MAX_SIDES} sides, not {self.sides}",
                sides=self.sides,
                minimum=MIN_SIDES,
                maximum=MAX_SIDES,
            )

    @property
    def text(self) -> str:
        """GURPS text without the sign: ``3d`` for d6, ``2d10`` otherwise."""
        if self.sides == _DEFAULT_SIDES:
            return f"{self.count}d"
        return f"{self.count}d{self.sides}"


@runtime_checkable
class BatchDiceRoller(DiceRoller, Protocol):
    """A :class:`DiceRoller` that can also roll several dice of one kind in one call.

    Optional: :meth:`DiceExpression.roll` uses ``roll_dice`` when the roller has
    it (one call per group instead of one per die), and ``roll_die`` otherwise.
    ``roll_dice(sides, count)`` must return ``count`` faces in ``1..sides``,
    each as fair as ``roll_die``'s.
    """

    def roll_dice(self, sides: int, count: int) -> Sequence[int]:
        """Return ``count`` faces, each in ``1..sides``."""
        ...


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed dice expression: ``(±groups… + modifier) × multiplier``.

    Immutable and hashable; build it with :meth:`parse` (or :meth:`of` for the
    common ``Nd+k`` form) and roll it as often as needed with :meth:`roll`.
    Constants are folded into one ``modifier``: ``2+1d-1`` is ``1d+1``.
    Two expressions are equal when they roll the same groups in the same order
    with the same modifier and multiplier.
    """

    groups: tuple[DiceGroup, ...] = ()
    modifier: int = 0
    multiplier: int = 1
    text: str = field(default="", init=False, compare=False)
    """Canonical text, e.g. ``2d+1``, ``6d×2``, ``(2d+1)×2``; parses back to an equal expression."""
    # Precomputed for roll(): per group (sides, count, sides repeated count
    # times, negative); and (sides, count, repeated) when there is one added group.
    _plan: tuple[tuple[int, int, tuple[int, ...], bool], ...] = field(
        default=(), init=False, compare=False, repr=False
    )
    _single: tuple[int, int, tuple[int, ...]] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        dice = 0
        plan = []
        for group in self.groups:
            sides, count = group.sides, group.count
            dice += count
            plan.append((sides, count, (sides,) * count, group.negative))
        if dice > MAX_DICE:
            raise RuleError(
                "dice.too_many_dice",
                f"at most {MAX_DICE} dice per expression, this one rolls {dice}",
                count=dice,
                maximum=MAX_DICE,
            )
        if not 1 <= self.multiplier <= MAX_MULTIPLIER:
            raise RuleError(
                "dice.bad_multiplier",
                f"the multiplier must be between 1 and {MAX_MULTIPLIER}, not {self.multiplier}",
                multiplier=self.multiplier,
                minimum=1,
                maximum=MAX_MULTIPLIER,
            )
        object.__setattr__(self, "text", _canonical_text(self))
        object.__setattr__(self, "_plan", tuple(plan))
        if len(plan) == 1 and not plan[0][3]:
            object.__setattr__(self, "_single", plan[0][:3])

    # -- construction -------------------------------------------------------------

    @staticmethod
    def parse(text: str) -> DiceExpression:
        """Parse GURPS dice notation (cached). Raises :class:`RuleError` (``dice.*``)."""
        return _parse_cached(text)

    @classmethod
    def of(
        cls, dice: int, adds: int = 0, *, sides: int = _DEFAULT_SIDES, multiplier: int = 1
    ) -> DiceExpression:
        """The usual ``Nd+k`` form without going through text: ``of(2, 1)`` is ``2d+1``."""
        return cls((DiceGroup(dice, sides),), adds, multiplier)

    def plus(self, adds: int) -> DiceExpression:
        """This expression with ``adds`` more on the modifier (``sw`` 2d-1 plus 2 → 2d+1)."""
        return replace(self, modifier=self.modifier + adds)

    def times_dice(self, factor: int) -> DiceExpression:
        """Every die and add ``factor`` times over (``1d+1`` times 4 is ``4d+4``): more dice
        rolled, not one roll multiplied (B409's multiple projectiles at close range)."""
        if factor == 1:
            return self
        groups = tuple(replace(group, count=group.count * factor) for group in self.groups)
        return replace(self, groups=groups, modifier=self.modifier * factor)

    # -- facts --------------------------------------------------------------------

    @property
    def dice_count(self) -> int:
        """How many dice one roll throws."""
        return sum(group.count for group in self.groups)

    @property
    def min_total(self) -> int:
        """Smallest total this expression can roll."""
        low = self.modifier
        for group in self.groups:
            low += -group.count * group.sides if group.negative else group.count
        return low * self.multiplier

    @property
    def max_total(self) -> int:
        """Largest total this expression can roll."""
        high = self.modifier
        for group in self.groups:
            high += -group.count if group.negative else group.count * group.sides
        return high * self.multiplier

    @property
    def mean(self) -> Fraction:
        """Exact expected total, without computing the distribution."""
        subtotal = Fraction(self.modifier)
        for group in self.groups:
            group_mean = Fraction(group.count * (group.sides + 1), 2)
            subtotal += -group_mean if group.negative else group_mean
        return subtotal * self.multiplier

    def __str__(self) -> str:
        return self.text

    # -- rolling ------------------------------------------------------------------

    def roll(self, roller: DiceRoller) -> DiceResult:
        """Roll every die through ``roller`` (group by group, left to right).

        This is the hot path, so it works from the precomputed ``_plan`` and uses
        the roller's :meth:`BatchDiceRoller.roll_dice` when it has one.
        """
        subtotal = self.modifier
        single = self._single
        batch = getattr(roller, "roll_dice", None)
        faces: tuple[int, ...]
        if single is not None:  # one group of added dice: most rolls
            sides, count, repeated = single
            if batch is not None:
                faces = tuple(batch(sides, count))
                if len(faces) != count:
                    raise ValueError(f"{roller!r} returned {len(faces)} dice for {count}d{sides}")
            else:
                roll_die = roller.roll_die
                # 1d, 2d and 3d unrolled: a third faster than map() for so few dice
                if count == 3:
                    faces = (roll_die(sides), roll_die(sides), roll_die(sides))
                elif count == 2:
                    faces = (roll_die(sides), roll_die(sides))
                elif count == 1:
                    faces = (roll_die(sides),)
                else:
                    faces = tuple(map(roll_die, repeated))
            subtotal += sum(faces)
            return _new_result(DiceResult, (self, (faces,), subtotal, subtotal * self.multiplier))
        rolled: list[tuple[int, ...]] = []
        for sides, count, repeated, negative in self._plan:
            if batch is not None:
                faces = tuple(batch(sides, count))
                if len(faces) != count:
                    raise ValueError(f"{roller!r} returned {len(faces)} dice for {count}d{sides}")
            else:
                faces = tuple(map(roller.roll_die, repeated))
            subtotal += -sum(faces) if negative else sum(faces)
            rolled.append(faces)
        return _new_result(DiceResult, (self, tuple(rolled), subtotal, subtotal * self.multiplier))


class DiceResult(NamedTuple):
    """One roll of a :class:`DiceExpression`: every face, and the total.

    ``faces[i]`` holds the faces of ``expression.groups[i]`` in the order rolled.
    ``subtotal`` is the signed dice sum plus the modifier; ``total`` is
    ``subtotal × multiplier``. No floor is applied: a ``1d-3`` may total -2 (the
    minimum-damage rules belong to the injury pipeline).

    Immutable. It is a ``NamedTuple`` rather than a frozen dataclass because it
    is built on every roll and a tuple costs a third as much to build; use the
    field names, not the tuple positions.
    """

    expression: DiceExpression
    faces: tuple[tuple[int, ...], ...]
    subtotal: int
    total: int

    @property
    def text(self) -> str:
        """The expression's canonical text, e.g. ``2d+1``."""
        return self.expression.text

    @property
    def modifier(self) -> int:
        """The constant added before the multiplier (``+1`` in ``2d+1``)."""
        return self.expression.modifier

    @property
    def multiplier(self) -> int:
        """The ``×N`` multiplier (1 when there is none)."""
        return self.expression.multiplier

    @property
    def dice(self) -> tuple[int, ...]:
        """Every face rolled, all groups flattened in order."""
        return tuple(itertools.chain.from_iterable(self.faces))

    def groups(self) -> Iterator[tuple[DiceGroup, tuple[int, ...]]]:
        """Pairs of (group, its faces)."""
        return zip(self.expression.groups, self.faces, strict=True)

    @property
    def breakdown(self) -> str:
        """Plain-text working for logs: ``[4, 2]+1 = 7``, ``([6, 1]-[3])×2 = 8``."""
        parts: list[str] = []
        for index, (group, faces) in enumerate(self.groups()):
            shown = "[" + ", ".join(map(str, faces)) + "]"
            if group.negative:
                parts.append("-" + shown)
            else:
                parts.append(shown if index == 0 else "+" + shown)
        if self.modifier or not parts:
            parts.append(f"{self.modifier:+d}" if parts else str(self.modifier))
        body = "".join(parts)
        if self.multiplier != 1:
            body = f"({body})×{self.multiplier}"
        return f"{body} = {self.total}"


def _canonical_text(expression: DiceExpression) -> str:
    parts: list[str] = []
    for index, group in enumerate(expression.groups):
        if group.negative:
            parts.append("-" + group.text)
        else:
            parts.append(group.text if index == 0 else "+" + group.text)
    if expression.modifier or not parts:
        parts.append(f"{expression.modifier:+d}" if parts else str(expression.modifier))
    body = "".join(parts)
    if expression.multiplier == 1:
        return body
    if len(parts) > 1 or body.startswith("-"):  # the multiplier covers the whole sum
        body = f"({body})"
    return f"{body}×{expression.multiplier}"


# --------------------------------------------------------------------------- parser

# Token kinds.
_NUM: Final = "number"
_D: Final = "d"
_PLUS: Final = "+"
_MINUS: Final = "-"
_TIMES: Final = "x"
_OPEN: Final = "("
_CLOSE: Final = ")"
_END: Final = "end"

_SINGLE_CHAR_TOKENS: Final[dict[str, str]] = {
    "d": _D,
    "D": _D,
    "+": _PLUS,
    "-": _MINUS,
    "\u2212": _MINUS,  # − minus sign, as the catalog writes 1d−3
    "\u2013": _MINUS,  # – en dash, what word processors turn "-" into
    "x": _TIMES,
    "X": _TIMES,
    "\u00d7": _TIMES,  # ×
    "*": _TIMES,
    "(": _OPEN,
    ")": _CLOSE,
}
_DIGITS: Final = frozenset("0123456789")


class _Token(NamedTuple):
    kind: str
    position: int  # 0-based index in the text
    value: int  # a number's value, else 0
    source: str  # the text of the token ("" at the end)


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char.isspace():
            index += 1
            continue
        if char in _DIGITS:
            start = index
            while index < length and text[index] in _DIGITS:
                index += 1
            digits = text[start:index]
            value = int(digits)
            if value > MAX_NUMBER:
                raise RuleError(
                    "dice.number_too_large",
                    f"number {digits} at position {start + 1} is larger than {MAX_NUMBER}",
                    position=start + 1,
                    maximum=MAX_NUMBER,
                )
            tokens.append(_Token(_NUM, start, value, digits))
            continue
        kind = _SINGLE_CHAR_TOKENS.get(char)
        if kind is None:
            raise RuleError(
                "dice.syntax",
                f"unexpected {char!r} at position {index + 1}",
                position=index + 1,
                found=char,
            )
        tokens.append(_Token(kind, index, 0, char))
        index += 1
    tokens.append(_Token(_END, length, 0, ""))
    return tokens


class _Parser:
    """Recursive descent over the grammar::

    expression := sum [TIMES NUMBER] END
                | "(" sum ")" [TIMES NUMBER] END
    sum        := [sign] term (sign term)*
    term       := NUMBER | [NUMBER] "d" [NUMBER]
    """

    __slots__ = ("_index", "_tokens")

    def __init__(self, tokens: list[_Token]) -> None:
        self._tokens = tokens
        self._index = 0

    def _peek(self) -> _Token:
        return self._tokens[self._index]

    def _take(self) -> _Token:
        token = self._tokens[self._index]
        self._index += 1
        return token

    @staticmethod
    def _unexpected(token: _Token) -> RuleError:
        if token.kind == _END:
            return RuleError(
                "dice.unexpected_end",
                f"the expression ends too early (position {token.position + 1})",
                position=token.position + 1,
            )
        return RuleError(
            "dice.syntax",
            f"unexpected {token.source!r} at position {token.position + 1}",
            position=token.position + 1,
            found=token.source,
        )

    def parse(self) -> DiceExpression:
        parenthesized = self._peek().kind == _OPEN
        if parenthesized:
            self._take()
        groups, modifier = self._sum()
        if parenthesized:
            closing = self._take()
            if closing.kind != _CLOSE:
                raise self._unexpected(closing)
        multiplier = 1
        if self._peek().kind == _TIMES:
            self._take()
            number = self._take()
            if number.kind != _NUM:
                raise self._unexpected(number)
            multiplier = number.value
        end = self._take()
        if end.kind != _END:
            raise self._unexpected(end)
        return DiceExpression(tuple(groups), modifier, multiplier)

    def _sum(self) -> tuple[list[DiceGroup], int]:
        groups: list[DiceGroup] = []
        modifier = 0
        first = True
        while True:
            token = self._peek()
            negative = False
            if token.kind in (_PLUS, _MINUS):
                self._take()
                negative = token.kind == _MINUS
            elif not first:
                return groups, modifier
            first = False
            group, constant = self._term(negative)
            if group is not None:
                groups.append(group)
            else:
                modifier += -constant if negative else constant

    def _term(self, negative: bool) -> tuple[DiceGroup | None, int]:
        token = self._take()
        count = 1
        if token.kind == _NUM:
            if self._peek().kind != _D:
                return None, token.value
            count = token.value
            token = self._take()
        if token.kind != _D:
            raise self._unexpected(token)
        sides = _DEFAULT_SIDES
        if self._peek().kind == _NUM:
            sides = self._take().value
        return DiceGroup(count, sides, negative), 0


@functools.lru_cache(maxsize=1024)
def _parse_cached(text: str) -> DiceExpression:
    stripped = text.strip()
    if not stripped:
        raise RuleError("dice.empty", "the dice expression is empty")
    if len(stripped) > MAX_TEXT_LENGTH:
        raise RuleError(
            "dice.too_long",
            f"a dice expression has at most {MAX_TEXT_LENGTH} characters, this one {len(stripped)}",
            length=len(stripped),
            maximum=MAX_TEXT_LENGTH,
        )
    return _Parser(_tokenize(text)).parse()  # positions count from the text as typed


def parse(text: str) -> DiceExpression:
    """Parse GURPS dice notation; the same as :meth:`DiceExpression.parse`."""
    return _parse_cached(text)


def _expression(expression: DiceExpression | str) -> DiceExpression:
    if isinstance(expression, DiceExpression):
        return expression
    return _parse_cached(expression)


# --------------------------------------------------------------------------- rolling


def roll(expression: DiceExpression | str, roller: DiceRoller) -> DiceResult:
    """Roll ``expression`` (an expression or its text) with ``roller``.

    >>> roll("2d+1", ScriptedDice([4, 2])).total
    7
    >>> roll("6dx2", ScriptedDice([1, 2, 3, 4, 5, 6])).total
    42
    """
    if type(expression) is str:  # the hot path: text straight into the parse cache
        return _parse_cached(expression).roll(roller)
    return _expression(expression).roll(roller)


def min_total(expression: DiceExpression | str) -> int:
    """Smallest total ``expression`` can roll (``2d+1`` → 3)."""
    return _expression(expression).min_total


def max_total(expression: DiceExpression | str) -> int:
    """Largest total ``expression`` can roll (``2d+1`` → 13)."""
    return _expression(expression).max_total


# --------------------------------------------------------------------------- odds


@dataclass(frozen=True, slots=True)
class Distribution:
    """Exact distribution of an expression's total, as integer counts.

    ``counts[i]`` is the number of equally likely face combinations whose
    subtotal (before the multiplier) is ``low + i``; the total is then
    ``(low + i) × multiplier``. ``outcomes`` is the number of combinations
    (``sides ** dice`` for one group), so probabilities are exact fractions.
    """

    low: int
    counts: tuple[int, ...]
    multiplier: int = 1
    outcomes: int = field(init=False, compare=False)
    _cumulative: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cumulative = tuple(itertools.accumulate(self.counts))
        object.__setattr__(self, "_cumulative", cumulative)
        object.__setattr__(self, "outcomes", cumulative[-1])

    @property
    def min_total(self) -> int:
        return self.low * self.multiplier

    @property
    def max_total(self) -> int:
        return (self.low + len(self.counts) - 1) * self.multiplier

    def totals(self) -> range:
        """Every total with a non-zero chance, smallest first."""
        return range(self.min_total, self.max_total + 1, self.multiplier)

    def count(self, total: int) -> int:
        """Number of combinations giving exactly ``total``."""
        quotient, remainder = divmod(total, self.multiplier)
        index = quotient - self.low
        if remainder or not 0 <= index < len(self.counts):
            return 0
        return self.counts[index]

    def count_at_most(self, total: int) -> int:
        """Number of combinations giving ``total`` or less."""
        index = total // self.multiplier - self.low  # floor division: ≤ total
        if index < 0:
            return 0
        return self._cumulative[min(index, len(self._cumulative) - 1)]

    def probability(self, total: int) -> Fraction:
        """Exact chance of rolling exactly ``total``."""
        return Fraction(self.count(total), self.outcomes)

    def probability_at_most(self, total: int) -> Fraction:
        """Exact chance of rolling ``total`` or less."""
        return Fraction(self.count_at_most(total), self.outcomes)

    def probability_at_least(self, total: int) -> Fraction:
        """Exact chance of rolling ``total`` or more."""
        return 1 - Fraction(self.count_at_most(total - 1), self.outcomes)

    @property
    def mean(self) -> Fraction:
        """Exact expected total."""
        weighted = sum((self.low + index) * ways for index, ways in enumerate(self.counts))
        return Fraction(weighted * self.multiplier, self.outcomes)

    def items(self) -> Iterator[tuple[int, Fraction]]:
        """``(total, probability)`` for every possible total, smallest first."""
        for index, ways in enumerate(self.counts):
            yield (self.low + index) * self.multiplier, Fraction(ways, self.outcomes)


def _add_die(counts: list[int], sides: int) -> list[int]:
    """Convolve ``counts`` with one fair die: a sliding-window sum, O(len + sides)."""
    if sides == 1:
        return counts
    padding = [0] * (sides - 1)
    prefix = [0, *itertools.accumulate(padding + counts + padding)]
    return list(map(operator.sub, prefix[sides:], prefix[:-sides]))


def _compute_distribution(expression: DiceExpression) -> Distribution:
    counts = [1]
    low = expression.modifier
    for group in expression.groups:
        for _ in range(group.count):
            counts = _add_die(counts, group.sides)
        # a die adds 1..sides; a subtracted one adds -sides..-1 with the same shape
        low += -group.count * group.sides if group.negative else group.count
    return Distribution(low, tuple(counts), expression.multiplier)


_distribution_cached = functools.lru_cache(maxsize=256)(_compute_distribution)

_MAX_CACHED_SPAN: Final = 10_000
"""Distributions with more possible totals are not cached: 100d1000 alone holds
about 100,000 integers of 1,000 bits each."""


def distribution(expression: DiceExpression | str) -> Distribution:
    """Exact distribution of ``expression``'s total.

    Cached per expression when it has at most 10,000 possible totals. The cost
    grows with dice × possible totals: microseconds for 3d, ~0.15 s for 50d1000,
    ~1 s for the largest expression allowed (100d1000); a caller on an event
    loop may want a budget or a worker thread for huge expressions.
    """
    parsed = _expression(expression)
    span = 1 + sum(group.count * (group.sides - 1) for group in parsed.groups)
    if span <= _MAX_CACHED_SPAN:
        return _distribution_cached(parsed)
    return _compute_distribution(parsed)


def sum_distribution(count: int, sides: int = _DEFAULT_SIDES) -> Distribution:
    """Exact distribution of the sum of ``count`` dice of ``sides`` sides (``NdS``)."""
    return distribution(DiceExpression.of(count, sides=sides))


def probability_at_most(expression: DiceExpression | str, total: int) -> Fraction:
    """Exact chance that ``expression`` rolls ``total`` or less.

    >>> probability_at_most("3d", 10)
    Fraction(1, 2)
    """
    return distribution(expression).probability_at_most(total)


def probability_at_least(expression: DiceExpression | str, total: int) -> Fraction:
    """Exact chance that ``expression`` rolls ``total`` or more."""
    return distribution(expression).probability_at_least(total)
