"""Maneuvers and postures: what a turn's choice allows and what it costs (R5.x).

A combatant picks one maneuver per turn (R4.4). The choice decides how far he
may move (R5.1, R5.3, R5.8, R5.30), whether he may attack, which active
defenses remain until his next turn (R4.5, R5.5, R5.8, R5.12) and which bonuses
it builds for later (Aim R5.3, Evaluate R5.4). Posture modifies attacks and
defenses (Base 4e, B551) and changing it takes time (R5.2, R7.12).
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.combatant import Posture
from rules.errors import RuleError
from rules.records import Modifier

ERROR_KEYS: Final = frozenset(
    {
        "maneuver.negative_move",  # move
        "maneuver.forbidden_in_close_combat",  # maneuver
        "maneuver.option_mismatch",  # maneuver
        "maneuver.same_posture",  # posture
        "maneuver.bad_aim",
        "maneuver.bad_evaluate",
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""


class Maneuver(StrEnum):
    """The maneuvers a combatant may choose at the start of his turn (R5.x)."""

    do_nothing = "do_nothing"
    move = "move"
    change_posture = "change_posture"
    aim = "aim"
    evaluate = "evaluate"
    attack = "attack"
    move_and_attack = "move_and_attack"
    all_out_attack = "all_out_attack"
    feint = "feint"
    all_out_defense = "all_out_defense"
    ready = "ready"
    concentrate = "concentrate"
    wait = "wait"


class AllOutAttackOption(StrEnum):
    """R5.8 options: (a) two attacks, (b) feint then attack, (c) +4 to hit, (d) +2 damage."""

    double = "double"
    feint = "feint"
    determined = "determined"
    strong = "strong"


ALL_OUT_DETERMINED_BONUS: Final = 4
"""R5.8 (c): All-Out Attack (determined), +4 to hit; the option taken when none is named."""
ALL_OUT_STRONG_DAMAGE_BONUS: Final = 2
"""R5.8 (d): All-Out Attack (strong), +2 damage."""


class AllOutDefenseOption(StrEnum):
    """All-Out Defense variants.

    ``double_defense`` is the seed's (R5.12). The ``increased_*`` bonuses are the
    Basic Set's other variants (B366: +2 Dodge, +1 Parry, +1 Block).
    """

    double_defense = "double_defense"
    increased_dodge = "increased_dodge"
    increased_parry = "increased_parry"
    increased_block = "increased_block"


class DefenseKind(StrEnum):
    """The three active defenses (R6.x)."""

    dodge = "dodge"
    parry = "parry"
    block = "block"


ATTACK_MANEUVERS: frozenset[Maneuver] = frozenset(
    {Maneuver.attack, Maneuver.move_and_attack, Maneuver.all_out_attack}
)
"""Maneuvers that deliver a blow through ``/attack``."""

EVALUATE_MANEUVERS: frozenset[Maneuver] = frozenset(
    {Maneuver.attack, Maneuver.all_out_attack, Maneuver.feint}
)
"""R5.4: Evaluate helps Attack (the seed's Step and Attack), All-Out Attack and Feint."""

CLOSE_COMBAT_FORBIDDEN: frozenset[Maneuver] = frozenset(
    {
        Maneuver.all_out_attack,
        Maneuver.all_out_defense,
        Maneuver.feint,
        Maneuver.aim,
        Maneuver.concentrate,
        Maneuver.wait,
    }
)
"""R11.24: maneuvers impossible in close combat (animals may still All-Out Attack)."""


class PostureModifiers(BaseModel):
    """Posture penalties to one's own melee attacks and active defenses (Base 4e, B551)."""

    model_config = ConfigDict(frozen=True)

    posture: Posture
    attack: int
    defense: int
    rule_id: str = "B551"


_POSTURE_TABLE: dict[Posture, tuple[int, int]] = {
    Posture.STANDING: (0, 0),
    Posture.CROUCHING: (-2, 0),
    Posture.KNEELING: (-2, -2),
    Posture.SITTING: (-2, -2),
    Posture.CRAWLING: (-4, -3),
    Posture.PRONE: (-4, -3),
    Posture.LYING_FACE_UP: (-4, -3),
}


_POSTURE_MODIFIERS: dict[Posture, PostureModifiers] = {
    posture: PostureModifiers(posture=posture, attack=attack, defense=defense)
    for posture, (attack, defense) in _POSTURE_TABLE.items()
}


def posture_modifiers(posture: Posture) -> PostureModifiers:
    """Attack and defense modifiers of ``posture``.

    The seed lists postures (R5.2) but not their modifiers; these are the Basic
    Set's (B551): crouching −2 to attack; kneeling and sitting −2 to attack and
    defend; crawling or lying (prone or face up) −4 to attack, −3 to defend.
    Built once per posture (frozen), as every attack and defense asks.
    """
    return _POSTURE_MODIFIERS[posture]


def step_distance(move: int) -> int:
    """R5.30: the "step" of every Step-and-… maneuver, max(1, floor(Move / 5))."""
    if move < 0:
        raise RuleError("maneuver.negative_move", "Move cannot be negative", move=move)
    return max(1, move // 5)


class MovementKind(StrEnum):
    """How a maneuver lets one move."""

    none = "none"
    step = "step"
    forward = "forward"
    full = "full"


class Movement(BaseModel):
    """Movement a maneuver allows this turn, in hexes (1 hex = 1 m)."""

    model_config = ConfigDict(frozen=True)

    kind: MovementKind
    hexes: int
    rule_id: str


def movement_allowance(maneuver: Maneuver, move: int) -> Movement:
    """Hexes a maneuver allows (R5.1; R5.3 Aim; R5.8 All-Out Attack; R5.13 Move; R5.30 step)."""
    step = step_distance(move)
    if maneuver in (Maneuver.do_nothing, Maneuver.change_posture):
        return Movement(kind=MovementKind.none, hexes=0, rule_id="R5.2")
    if maneuver in (Maneuver.move, Maneuver.move_and_attack):
        return Movement(kind=MovementKind.full, hexes=move, rule_id="R5.13")
    if maneuver is Maneuver.all_out_attack:
        return Movement(kind=MovementKind.forward, hexes=max(2, move // 2), rule_id="R5.8")
    if maneuver is Maneuver.aim:
        return Movement(kind=MovementKind.step, hexes=min(2, move // 2), rule_id="R5.3")
    return Movement(kind=MovementKind.step, hexes=step, rule_id="R5.30")


class ManeuverProfile(BaseModel):
    """What a maneuver allows until the combatant's next turn (R4.4, R4.5)."""

    model_config = ConfigDict(frozen=True)

    maneuver: Maneuver
    all_out_attack_option: AllOutAttackOption | None = None
    all_out_defense_option: AllOutDefenseOption | None = None
    attack_allowed: bool
    active_defense_allowed: bool
    allowed_defenses: frozenset[DefenseKind]
    double_defense: bool
    defense_bonuses: tuple[tuple[DefenseKind, Modifier], ...] = ()
    attack_bonus: int = 0
    damage_bonus: int = 0
    attacks: int = 1
    movement: Movement
    rule_ids: tuple[str, ...]


ALL_DEFENSES: Final[frozenset[DefenseKind]] = frozenset(DefenseKind)
"""Every active defense: what a maneuver allows unless it says otherwise."""


# A pure function of a few enums and flags, asked by every attack and defense; its profile is
# frozen, so one is shared by all who ask.
@functools.lru_cache(maxsize=256)
def maneuver_profile(
    maneuver: Maneuver,
    *,
    move: int = 5,
    all_out_attack_option: AllOutAttackOption | None = None,
    all_out_defense_option: AllOutDefenseOption | None = None,
    readying_missile_weapon: bool = False,
    close_combat: bool = False,
    animal: bool = False,
    allow_all_out_in_close_combat: bool = False,
) -> ManeuverProfile:
    """The consequences of choosing ``maneuver``.

    Raises ``RuleError`` for a maneuver that close combat forbids (R11.24, with
    the animal and GM exceptions of R11.24/R11.25) and for a missing or
    misplaced All-Out option.
    """
    if close_combat and maneuver in CLOSE_COMBAT_FORBIDDEN:
        all_out = maneuver in (Maneuver.all_out_attack, Maneuver.all_out_defense)
        animal_aoa = animal and maneuver is Maneuver.all_out_attack
        if not (animal_aoa or (all_out and allow_all_out_in_close_combat)):
            raise RuleError(
                "maneuver.forbidden_in_close_combat",
                f"{maneuver.value} is not possible in close combat",
                maneuver=maneuver.value,
            )
    if maneuver is not Maneuver.all_out_attack and all_out_attack_option is not None:
        raise RuleError(
            "maneuver.option_mismatch",
            "an All-Out Attack option needs the All-Out Attack maneuver",
            maneuver=maneuver.value,
        )
    if maneuver is not Maneuver.all_out_defense and all_out_defense_option is not None:
        raise RuleError(
            "maneuver.option_mismatch",
            "an All-Out Defense option needs the All-Out Defense maneuver",
            maneuver=maneuver.value,
        )
    movement = movement_allowance(maneuver, move)
    rule_ids: list[str] = [movement.rule_id]
    allowed = ALL_DEFENSES
    active_defense = True
    double_defense = False
    bonuses: list[tuple[DefenseKind, Modifier]] = []
    attack_bonus = 0
    damage_bonus = 0
    attacks = 1
    attack_allowed = maneuver in ATTACK_MANEUVERS

    if maneuver is Maneuver.all_out_attack:
        option = all_out_attack_option or AllOutAttackOption.determined
        all_out_attack_option = option
        active_defense = False
        allowed = frozenset()
        rule_ids.append("R5.8")
        if option is AllOutAttackOption.determined:
            attack_bonus = ALL_OUT_DETERMINED_BONUS
        elif option is AllOutAttackOption.strong:
            damage_bonus = ALL_OUT_STRONG_DAMAGE_BONUS
        elif option is AllOutAttackOption.double:
            attacks = 2
    elif maneuver is Maneuver.all_out_defense:
        option_d = all_out_defense_option or AllOutDefenseOption.double_defense
        all_out_defense_option = option_d
        if option_d is AllOutDefenseOption.double_defense:
            double_defense = True
            rule_ids.append("R5.12")
        else:
            kind = DefenseKind(option_d.value.removeprefix("increased_"))
            value = 2 if kind is DefenseKind.dodge else 1
            bonuses.append(
                (kind, Modifier(key="all_out_defense_increased", value=value, rule_id="B366"))
            )
            rule_ids.append("B366")
    elif maneuver is Maneuver.ready and readying_missile_weapon:
        allowed = frozenset({DefenseKind.dodge})
        rule_ids.append("R5.5")
    elif maneuver is Maneuver.aim:
        rule_ids.append("R5.3")
    elif maneuver is Maneuver.evaluate:
        rule_ids.append("R5.4")
    elif maneuver is Maneuver.feint:
        rule_ids.append("R5.9")
    elif maneuver is Maneuver.concentrate:
        rule_ids.append("R5.10")
    elif maneuver is Maneuver.wait:
        rule_ids.append("R5.11")
    elif maneuver is Maneuver.move_and_attack:
        rule_ids.append("R5.13")

    return ManeuverProfile(
        maneuver=maneuver,
        all_out_attack_option=all_out_attack_option,
        all_out_defense_option=all_out_defense_option,
        attack_allowed=attack_allowed,
        active_defense_allowed=active_defense,
        allowed_defenses=allowed,
        double_defense=double_defense,
        defense_bonuses=tuple(bonuses),
        attack_bonus=attack_bonus,
        damage_bonus=damage_bonus,
        attacks=attacks,
        movement=movement,
        rule_ids=tuple(rule_ids),
    )


class PostureChange(BaseModel):
    """One turn of changing posture (R5.2, R7.12)."""

    model_config = ConfigDict(frozen=True)

    start: Posture
    target: Posture
    reached: Posture
    turns_remaining: int
    needs_maneuver: bool
    rule_id: str


def change_posture(start: Posture, target: Posture) -> PostureChange:
    """Where one Change Posture turn gets a humanoid.

    R5.2: crouching needs no maneuver from standing (free at the start of the
    turn) and a crouching character stands whenever he likes. Lying → standing
    takes two turns: the first reaches crouching (R7.12, "one to crouch and one
    to stand"). Every other change takes one Change Posture maneuver.
    """
    if start is target:
        raise RuleError("maneuver.same_posture", "already in that posture", posture=start.value)
    free = {(Posture.STANDING, Posture.CROUCHING), (Posture.CROUCHING, Posture.STANDING)}
    if (start, target) in free:
        return PostureChange(
            start=start,
            target=target,
            reached=target,
            turns_remaining=0,
            needs_maneuver=False,
            rule_id="R5.2",
        )
    lying = (Posture.PRONE, Posture.LYING_FACE_UP, Posture.CRAWLING)
    if start in lying and target is Posture.STANDING:
        return PostureChange(
            start=start,
            target=target,
            reached=Posture.CROUCHING,
            turns_remaining=1,
            needs_maneuver=True,
            rule_id="R7.12",
        )
    return PostureChange(
        start=start,
        target=target,
        reached=target,
        turns_remaining=0,
        needs_maneuver=True,
        rule_id="R5.2",
    )


def aim_bonus(accuracy: int, skill: int, turns: int, *, braced: bool = False) -> int:
    """R5.3: one turn gives min(Acc, skill); each further turn +1 (max +3); bracing +1."""
    if turns < 0 or accuracy < 0:
        raise RuleError("maneuver.bad_aim", "aim turns and accuracy cannot be negative")
    if turns == 0:
        return 0
    bonus = min(accuracy, max(skill, 0)) + min(3, turns - 1)
    return bonus + (1 if braced else 0)


def evaluate_bonus(turns: int) -> int:
    """R5.4: +1 per turn spent evaluating the same foe, maximum +3."""
    if turns < 0:
        raise RuleError("maneuver.bad_evaluate", "evaluate turns cannot be negative")
    return min(3, turns)
