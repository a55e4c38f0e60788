"""Dice rollers: the single source of randomness for the rules.

Every rules function that rolls receives a :class:`DiceRoller`. Production uses
:class:`RandomDice`; tests use :class:`ScriptedDice`, which hands out the faces a
test lists and fails loudly when asked for more than it was given.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class DiceRoller(Protocol):
    """Something that rolls one die."""

    def roll_die(self, sides: int) -> int:
        """Return a face in ``1..sides``."""
        ...


class RandomDice:
    """Fair dice for play: a Mersenne Twister seeded from OS entropy, or from ``seed``.

    A given ``seed`` makes a whole session replayable (the ``DICE_SEED`` setting).
    Without one the generator is seeded from ``os.urandom``, which is as
    unpredictable as dice need while costing a fraction of a system call per die.
    Faces come from ``int(random() * sides) + 1``: with 53-bit floats the bias for
    at most 1000 sides is below one part in 10^12, far under any die's.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def roll_die(self, sides: int) -> int:
        return int(self._random() * sides) + 1

    def roll_dice(self, sides: int, count: int) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` in one call (the dice engine's fast path).

        Up to three dice, the most common rolls, are drawn without a loop.
        """
        draw = self._random
        if count == 3:
            return (int(draw() * sides) + 1, int(draw() * sides) + 1, int(draw() * sides) + 1)
        if count == 2:
            return (int(draw() * sides) + 1, int(draw() * sides) + 1)
        if count == 1:
            return (int(draw() * sides) + 1,)
        return tuple([int(draw() * sides) + 1 for _ in range(count)])


class DiceExhaustedError(AssertionError):
    """A scripted roller was asked for more dice than the test provided."""


class ScriptedDice:
    """Hands out pre-set faces in order; for tests.

    >>> dice = ScriptedDice([3, 4, 5])
    >>> [dice.roll_die(6) for _ in range(3)]
    [3, 4, 5]
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    def roll_die(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise DiceExhaustedError(
                f"scripted dice ran out after {len(self._faces)} faces (asked for a d{sides})"
            )
        face = self._faces[self._next]
        self._next += 1
        if not 1 <= face <= sides:
            raise DiceExhaustedError(f"scripted face {face} is not on a d{sides}")
        return face

    def extend(self, faces: Iterable[int]) -> None:
        """Queue more faces (e.g. between two steps of an end-to-end test)."""
        self._faces.extend(faces)

    @property
    def remaining(self) -> int:
        """How many faces are still queued."""
        return len(self._faces) - self._next
