"""Initiative: the order in which combatants act (R3.1-R3.3, R4.3, R2.4, R2.5).

The seed gives two ways of deciding the order. Section 4 (R4.3) is the 4e turn
sequence: Basic Speed, then DX, then a random tie-break. Section 3 offers three
initiative modes (simple, realistic, mixed). Following the catalog's reading of
R3.3, a channel setting ``initiative_mode`` picks one; ``standard_4e`` is the
default. Whatever the mode, the order is rolled once when the battle starts and
stays fixed (R4.3); newcomers are inserted into it (R2.4, R2.5).

Every die rolled is kept on the resulting :class:`InitiativeSlot` so the bot can
show (and the GM can check) why the order came out the way it did.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.roller import DiceRoller

__all__ = [
    "MODE_RULES",
    "InitiativeEntry",
    "InitiativeMode",
    "InitiativeOrder",
    "InitiativeSlot",
    "insert_newcomers",
    "newcomer_phase_order",
    "reorder",
    "roll_initiative",
]


class InitiativeMode(StrEnum):
    """How the turn order is decided (R3.3's channel setting)."""

    STANDARD_4E = "standard_4e"  # R4.3: Basic Speed, DX, random
    SIMPLE = "simple"  # R3.1: one die each
    REALISTIC = "realistic"  # R3.2: Move, Basic Speed, one die
    MIXED = "mixed"  # R3.3: one die per side added to Move, then as realistic


MODE_RULES: Mapping[InitiativeMode, str] = {
    InitiativeMode.STANDARD_4E: "R4.3",
    InitiativeMode.SIMPLE: "R3.1",
    InitiativeMode.REALISTIC: "R3.2",
    InitiativeMode.MIXED: "R3.3",
}
"""The rule each mode follows: what a round's order cites."""


class InitiativeEntry(BaseModel):
    """What initiative needs to know about one combatant."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str = Field(min_length=1)
    basic_speed: float = Field(ge=0)
    dx: int
    move: int = Field(ge=0)
    side: str = Field(min_length=1)
    acts_last: bool = False
    """A horde: it always loses the Initiative roll (R14.5)."""


class InitiativeSlot(BaseModel):
    """One combatant's place in the order, with every die that put it there.

    ``key`` is what the mode compares first, highest first (e.g. ``(basic_speed,
    dx)`` for R4.3); ``tie_rolls`` are the 1d tie-breaks rolled among combatants
    whose keys were equal, re-rolled while they stay equal.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str
    side: str
    key: tuple[float, ...]
    die: int | None = None
    side_die: int | None = None
    tie_rolls: tuple[int, ...] = ()
    rule_id: str
    acts_last: bool = False
    """A horde: after everyone else, whatever its key (R14.5)."""


class InitiativeOrder(BaseModel):
    """The turn order of a battle, fixed once rolled (R4.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: InitiativeMode
    slots: tuple[InitiativeSlot, ...] = ()
    side_dice: dict[str, int] = Field(default_factory=dict)
    gm_reordered: bool = False

    @property
    def combatant_ids(self) -> tuple[str, ...]:
        return tuple(slot.combatant_id for slot in self.slots)

    def slot(self, combatant_id: str) -> InitiativeSlot:
        for slot in self.slots:
            if slot.combatant_id == combatant_id:
                return slot
        raise RuleError(
            "encounter.initiative.not_in_order",
            f"{combatant_id} is not in the turn order",
            combatant_id=combatant_id,
        )

    def without(self, combatant_id: str) -> InitiativeOrder:
        """The order with one combatant taken out (removed from the fight)."""
        return self.model_copy(
            update={"slots": tuple(s for s in self.slots if s.combatant_id != combatant_id)}
        )


def _check_unique(entries: Sequence[InitiativeEntry], taken: Iterable[str] = ()) -> None:
    seen = set(taken)
    for entry in entries:
        if entry.combatant_id in seen:
            raise RuleError(
                "encounter.initiative.duplicate_combatant",
                f"{entry.combatant_id} appears twice in the turn order",
                combatant_id=entry.combatant_id,
            )
        seen.add(entry.combatant_id)


def _break_ties(
    keyed: Sequence[tuple[str, tuple[float, ...]]], roller: DiceRoller
) -> dict[str, tuple[int, ...]]:
    """Roll 1d for every combatant whose key equals another's, re-rolling while tied.

    Groups are resolved in the order their first member appears, so scripted
    dice in tests are consumed predictably.
    """
    groups: dict[tuple[float, ...], list[str]] = {}
    for combatant_id, key in keyed:
        groups.setdefault(key, []).append(combatant_id)
    rolls: dict[str, list[int]] = {combatant_id: [] for combatant_id, _ in keyed}
    pending: deque[list[str]] = deque(group for group in groups.values() if len(group) > 1)
    while pending:
        group = pending.popleft()
        faces: dict[int, list[str]] = {}
        for combatant_id in group:
            face = roller.roll_die(6)
            rolls[combatant_id].append(face)
            faces.setdefault(face, []).append(combatant_id)
        pending.extend(still for still in faces.values() if len(still) > 1)
    return {combatant_id: tuple(faces) for combatant_id, faces in rolls.items()}


def _sorted(slots: Iterable[InitiativeSlot]) -> tuple[InitiativeSlot, ...]:
    """Highest key first; hordes after everyone else (R14.5)."""
    return tuple(sorted(slots, key=lambda s: (not s.acts_last, s.key, s.tie_rolls), reverse=True))


def _side_dice(
    entries: Sequence[InitiativeEntry], known: Mapping[str, int], roller: DiceRoller
) -> dict[str, int]:
    dice = dict(known)
    for entry in entries:
        if entry.side not in dice:
            dice[entry.side] = roller.roll_die(6)
    return dice


def _slots(
    entries: Sequence[InitiativeEntry],
    mode: InitiativeMode,
    side_dice: Mapping[str, int],
    roller: DiceRoller,
) -> list[InitiativeSlot]:
    rule_id = MODE_RULES[mode]
    prepared: list[tuple[InitiativeEntry, tuple[float, ...], int | None]] = []
    for entry in entries:
        die: int | None = None
        if mode is InitiativeMode.STANDARD_4E:
            key: tuple[float, ...] = (entry.basic_speed, float(entry.dx))
        elif mode is InitiativeMode.SIMPLE:
            die = roller.roll_die(6)
            key = (float(die),)
        elif mode is InitiativeMode.REALISTIC:
            key = (float(entry.move), entry.basic_speed)
        else:
            key = (float(entry.move + side_dice[entry.side]), entry.basic_speed)
        prepared.append((entry, key, die))
    ties = _break_ties([(e.combatant_id, key) for e, key, _ in prepared], roller)
    return [
        InitiativeSlot(
            combatant_id=entry.combatant_id,
            side=entry.side,
            key=key,
            die=die,
            side_die=side_dice[entry.side] if mode is InitiativeMode.MIXED else None,
            tie_rolls=ties[entry.combatant_id],
            rule_id=rule_id,
            acts_last=entry.acts_last,
        )
        for entry, key, die in prepared
    ]


def roll_initiative(
    entries: Sequence[InitiativeEntry], mode: InitiativeMode, roller: DiceRoller
) -> InitiativeOrder:
    """Roll the turn order for the start of a battle.

    - ``standard_4e`` (R4.3): Basic Speed, then DX, then 1d re-rolled while tied.
    - ``simple`` (R3.1): 1d each, highest first; ties re-rolled (catalog reading).
    - ``realistic`` (R3.2): Move, then Basic Speed, then 1d.
    - ``mixed`` (R3.3): 1d per side (sides in order of first appearance) added
      to each member's Move, then Basic Speed, then 1d.

    Dice are rolled in entry order: side dice first (mixed), then each
    combatant's own die (simple), then the tie-breaks.
    """
    _check_unique(entries)
    side_dice = _side_dice(entries, {}, roller) if mode is InitiativeMode.MIXED else {}
    slots = _slots(entries, mode, side_dice, roller)
    return InitiativeOrder(mode=mode, slots=_sorted(slots), side_dice=side_dice)


def insert_newcomers(
    order: InitiativeOrder, newcomers: Sequence[InitiativeEntry], roller: DiceRoller
) -> InitiativeOrder:
    """Roll initiative for newcomers in the battle's mode and insert them (R2.4, R2.5).

    A side that already rolled its mixed-mode die keeps it; a new side rolls.
    The order set at the start stays unchanged (R4.3), so a newcomer whose key
    equals an engaged combatant's goes after it; newcomers tied with each other
    are separated by 1d.
    """
    _check_unique(newcomers, order.combatant_ids)
    side_dice = (
        _side_dice(newcomers, order.side_dice, roller)
        if order.mode is InitiativeMode.MIXED
        else dict(order.side_dice)
    )
    fresh = _sorted(_slots(newcomers, order.mode, side_dice, roller))
    # A stable sort on the key alone keeps engaged combatants ahead of equal newcomers.
    merged = sorted((*order.slots, *fresh), key=lambda s: (not s.acts_last, s.key), reverse=True)
    if order.gm_reordered:
        merged = [*order.slots, *fresh]
    return order.model_copy(update={"slots": tuple(merged), "side_dice": side_dice})


def newcomer_phase_order(
    newcomers: Sequence[InitiativeEntry], roller: DiceRoller
) -> tuple[InitiativeSlot, ...]:
    """The order of aware newcomers' free action this round (R2.4).

    Higher Move first, then higher Basic Speed; the seed gives no further
    tie-break, so 1d as in R3.2 (catalog reading).
    """
    _check_unique(newcomers)
    ties = _break_ties(
        [(e.combatant_id, (float(e.move), e.basic_speed)) for e in newcomers], roller
    )
    slots = (
        InitiativeSlot(
            combatant_id=e.combatant_id,
            side=e.side,
            key=(float(e.move), e.basic_speed),
            tie_rolls=ties[e.combatant_id],
            rule_id="R2.4",
        )
        for e in newcomers
    )
    return _sorted(slots)


def reorder(order: InitiativeOrder, combatant_ids: Sequence[str]) -> InitiativeOrder:
    """The GM's own order (R4.3: "the GM decides"); it must list everyone exactly once."""
    current = order.combatant_ids
    if sorted(combatant_ids) != sorted(current) or len(set(combatant_ids)) != len(current):
        raise RuleError(
            "encounter.initiative.bad_reorder",
            "a new order must list every combatant in the order exactly once",
            expected=len(current),
        )
    by_id: Callable[[str], InitiativeSlot] = order.slot
    return order.model_copy(
        update={"slots": tuple(by_id(c) for c in combatant_ids), "gm_reordered": True}
    )
