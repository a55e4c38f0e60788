"""Dice rollers: the single source of randomness for the rules.

Every rules function that rolls receives a :class:`DiceRoller`. Production uses
:class:`RandomDice`; tests use :class:`ScriptedDice`, which hands out the faces a
test lists and fails loudly when asked for more than it was given.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class DiceRoller(Protocol):
    """Something that rolls one die."""

    def roll_die(self, sides: int) -> int:
        """Return a face in ``1..sides``."""
        ...


class RandomDice:
    """Fair dice from OS randomness, or from a seeded generator for replayable sessions."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )

    def roll_die(self, sides: int) -> int:
        return self._rng.randint(1, sides)


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
