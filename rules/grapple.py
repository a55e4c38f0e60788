"""Close combat between two fighters: grapples, pins, chokes, breaking free (R11.1-R11.12,
R11.21, R11.22, R11.26).

Every action here is a Quick Contest (G1, A.7) whose two scores are itemised,
each modifier with its rule. Who holds whom is a :class:`Hold`, kept by the
encounter (``Encounter.holds``) so it is stored, shown and undone with the
fight; :mod:`rules.close_combat` applies these outcomes to an encounter.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.checks import (
    ContestWinner,
    QuickContest,
    SuccessRoll,
    ensure_attemptable,
    quick_contest,
    success_roll,
)
from rules.combatant import Combatant, HitLocation, Posture, Side
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.hit_location import attack_penalty
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller

__all__ = [
    "ERROR_KEYS",
    "GRAPPLE_BONUS",
    "GRAPPLE_BONUS_DOWN",
    "CloseContest",
    "DrawOutcome",
    "Hold",
    "HoldKind",
    "Score",
    "TakedownStat",
    "bite_damage",
    "break_free",
    "choke",
    "contest",
    "draw_in_close_combat",
    "free_hands",
    "grab_arm",
    "grab_weapon",
    "grapple",
    "helper_bonus",
    "pin",
    "shield_penalty",
    "takedown",
    "weight_bonus",
    "wrest",
]

ERROR_KEYS: Final = frozenset({"close.too_many_helpers"})
"""Every :class:`RuleError` key this module raises."""

GRAPPLE_BONUS: Final = 3
"""R11.2: DX+3 against the foe's DX."""
GRAPPLE_BONUS_DOWN: Final = 6
"""R11.2: +6 instead against a foe lying down or kneeling (the catalog: it replaces +3)."""
TAKEDOWN_DOWN_PENALTY: Final = -5
"""R11.8: -5 to the takedown of an attacker who is down himself."""
PIN_HAND_BONUS: Final = {1: 5, 2: 10}
"""R11.11: the pinner's bonus against breaking free, one hand or both."""
DOWN_POSTURES: Final = frozenset(
    {
        Posture.KNEELING,
        Posture.SITTING,
        Posture.CRAWLING,
        Posture.PRONE,
        Posture.LYING_FACE_UP,
    }
)
"""R11.2: "lying down, kneeling or in a similar posture"."""
LYING: Final = frozenset({Posture.PRONE, Posture.LYING_FACE_UP, Posture.CRAWLING})
"""On the ground (R11.8's attacker "down", R11.9's foe to be pinned)."""


class HoldKind(StrEnum):
    """What ties two fighters together."""

    close = "close"
    """In close combat (the same hex, R11.1), no hold."""
    grapple = "grapple"
    """A grapple (R11.2), a grabbed weapon arm (R11.5) or a grappling bite (R11.3)."""
    pin = "pin"
    """A pin of a foe on the ground (R11.9)."""
    weapon = "weapon"
    """His hand on the foe's weapon (R11.4)."""


class Hold(BaseModel):
    """``holder`` holds ``held`` (or is only in close combat with him)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    holder_id: str
    held_id: str
    kind: HoldKind
    since_round: int = Field(default=0, ge=0)
    """The round it began: close combat's shield penalty counts rounds from it (R11.26)."""
    hands: int = Field(default=1, ge=1, le=2)
    """A pin's hands (R11.11), or two hands on the throat for a choke (R11.10)."""
    weapon: str | None = None
    """The foe's weapon in his hand (R11.4) or in the arm he holds (R11.5)."""
    arm: bool = False
    """The hold is on the weapon arm (R11.5): the weapon cannot be wrested, only dropped."""
    location: HitLocation | None = None
    """Where he holds him: a grappling bite at the neck lets him choke (R11.3)."""
    bite: bool = False
    """Held in the jaws (R11.3)."""
    choking: bool = False
    """Both hands on the throat: the held fighter is not breathing (R11.10, R9.1, R9.2)."""
    stops_breath: bool = False
    """The choke started his held breath (R9.1): he breathes again when it ends (R9.2); a
    fighter already without air (under water) is left as he was."""


class Score(BaseModel):
    """One side of a contest: the score, what changed it, and the result."""

    model_config = ConfigDict(frozen=True)

    base: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def value(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)


class CloseContest(BaseModel):
    """A close-combat Quick Contest: both scores itemised, the rolls, and whether the one who
    acted won (a tie is not a win)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    action: str
    attacker: Score
    defender: Score
    contest: QuickContest
    won: bool
    rule_ids: tuple[str, ...]

    @property
    def margin(self) -> int:
        """The margin of victory (0 when nobody won)."""
        return self.contest.margin_of_victory


def free_hands(sheet: Combatant) -> int:
    """How many of his hands hold nothing (R11.2 needs one to grapple, R11.10 both to choke).

    The sheet's first weapon is in the right hand, the others and the shield in the left
    (R6.6); a two-handed weapon takes both. Only what he holds takes a hand
    (:attr:`Combatant.held_weapons`: no fists, teeth or claws; a shield bash is the shield's
    arm) and nothing dropped; a crippled arm or hand grabs nothing (R7.16)."""
    busy: set[Side] = set()
    for weapon in sheet.held_weapons:
        if sheet.has_dropped(weapon):
            continue
        if weapon.two_handed:
            busy.update((Side.LEFT, Side.RIGHT))
        else:
            busy.add(sheet.hand_of(weapon))
    if sheet.shield is not None:
        busy.add(Side.LEFT)
    return sum(
        1 for side in (Side.LEFT, Side.RIGHT) if side not in busy and not sheet.arm_crippled(side)
    )


def _mods(*pairs: tuple[str, int, str]) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(key=key, value=value, rule_id=rule) for key, value, rule in pairs if value
    )


def contest(
    action: str,
    attacker: Score,
    defender: Score,
    rule_ids: tuple[str, ...],
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """Roll the Quick Contest (G1, A.7): the one who acts rolls first. Below effective skill
    3 he cannot try (A.1); his foe's roll resists, like a defense, and is always made."""
    ensure_attemptable(attacker.value)
    rolled = quick_contest(attacker.value, defender.value, roller, options)
    return CloseContest(
        action=action,
        attacker=attacker,
        defender=defender,
        contest=rolled,
        won=rolled.winner is ContestWinner.A,
        rule_ids=rule_ids,
    )


def shield_penalty(shield_db: int, close_rounds: int) -> tuple[str, int, str]:
    """R11.26: from his second round of close combat on, a fighter's shield DB comes off his DX
    rolls and attacks."""
    value = -shield_db if close_rounds >= 2 else 0
    return ("close.modifier.shield", value, "R11.26")


def grapple(
    dx: int,
    target_dx: int,
    target_posture: Posture,
    *,
    location: HitLocation = HitLocation.TORSO,
    shield: tuple[str, int, str] = ("", 0, ""),
    water: tuple[Modifier, ...] = (),
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.2: DX+3 (+6 against a foe lying down or kneeling) with half the hit location's
    penalty (R7.19) against the foe's DX. ``water``: the penalties of an attack made in or
    under water (R13.4, R13.5)."""
    down = target_posture in DOWN_POSTURES
    located = attack_penalty(location, grapple=True, options=options)
    attacker = Score(
        base=dx,
        modifiers=_mods(
            (
                "close.modifier.grapple_down" if down else "close.modifier.grapple",
                GRAPPLE_BONUS_DOWN if down else GRAPPLE_BONUS,
                "R11.2",
            ),
            ("close.modifier.location", located.value, "R7.19"),
            shield,
        )
        + water,
    )
    return contest(
        "grapple", attacker, Score(base=target_dx), ("R11.2",), roller=roller, options=options
    )


def grab_weapon(
    dx: int,
    target_dx: int,
    *,
    shield: tuple[str, int, str] = ("", 0, ""),
    water: tuple[Modifier, ...] = (),
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.4: a DX contest to grab the opponent's weapon (in or under water with R13.4's or
    R13.5's attack penalties)."""
    attacker = Score(base=dx, modifiers=_mods(shield) + water)
    return contest(
        "grab_weapon", attacker, Score(base=target_dx), ("R11.4",), roller=roller, options=options
    )


def wrest(st: int, target_st: int, *, roller: DiceRoller, options: RuleOptions) -> CloseContest:
    """R11.4: on a later turn, a ST contest wrests the grabbed weapon away."""
    return contest(
        "wrest", Score(base=st), Score(base=target_st), ("R11.4",), roller=roller, options=options
    )


def grab_arm(
    dx: int,
    target_dx: int,
    *,
    shield: tuple[str, int, str] = ("", 0, ""),
    water: tuple[Modifier, ...] = (),
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.5: a DX contest to grab the arm of a weapon that cannot be grabbed; it counts as a
    Grapple (in or under water with R13.4's or R13.5's attack penalties)."""
    attacker = Score(base=dx, modifiers=_mods(shield) + water)
    return contest(
        "grab_arm", attacker, Score(base=target_dx), ("R11.5",), roller=roller, options=options
    )


def force_drop(
    st: int, target_st: int, *, roller: DiceRoller, options: RuleOptions
) -> CloseContest:
    """R11.5: a ST contest forces the held arm to drop its weapon."""
    return contest(
        "force_drop",
        Score(base=st),
        Score(base=target_st),
        ("R11.5",),
        roller=roller,
        options=options,
    )


class TakedownStat(StrEnum):
    """R11.8: the score a takedown is tried with."""

    st = "st"
    dx = "dx"
    judo = "judo"


def helper_bonus(helpers: tuple[int, ...], most: int) -> tuple[str, int, str]:
    """R11.21: each helper adds 1/5 of his attribute (rounded down each) to the leader; at most
    ``most`` helpers (one for a takedown, two for a pin)."""
    if len(helpers) > most:
        raise RuleError(
            "close.too_many_helpers",
            f"at most {most + 1} fighters together",
            most=most + 1,
        )
    return ("close.modifier.helpers", sum(score // 5 for score in helpers), "R11.21")


def takedown(
    score: int,
    stat: TakedownStat,
    target_st: int,
    *,
    attacker_down: bool,
    helpers: tuple[int, ...] = (),
    shield: tuple[str, int, str] = ("", 0, ""),
    water: tuple[Modifier, ...] = (),
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.8: ST, DX or Judo (-5 when the attacker is down himself) against the foe's ST; a
    second fighter may help (R11.21). A DX roll takes the shield penalty (R11.26); a DX or
    Judo roll made in or under water the attack penalties (R13.4, R13.5), like any attack
    roll; a ST contest neither."""
    attacker = Score(
        base=score,
        modifiers=_mods(
            (
                "close.modifier.attacker_down",
                TAKEDOWN_DOWN_PENALTY if attacker_down else 0,
                "R11.8",
            ),
            helper_bonus(helpers, 1),
            shield if stat is TakedownStat.dx else ("", 0, ""),
        )
        + (() if stat is TakedownStat.st else water),
    )
    rules = ("R11.8", "R11.21") if helpers else ("R11.8",)
    return contest(
        f"takedown_{stat.value}",
        attacker,
        Score(base=target_st),
        rules,
        roller=roller,
        options=options,
    )


def weight_bonus(weight: float | None, other: float | None) -> int:
    """R11.9: +1 per full 5 kg the heavier fighter weighs over the lighter one (0 when either
    weight is unknown)."""
    if weight is None or other is None or weight <= other:
        return 0
    return int((weight - other) // 5)


def pin(
    st: int,
    target_st: int,
    *,
    weight: float | None,
    target_weight: float | None,
    helpers: tuple[int, ...] = (),
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.9: a ST contest to pin a foe on the ground, the heavier side +1 per 5 kg; up to two
    helpers add 1/5 of their ST each (R11.21)."""
    attacker = Score(
        base=st,
        modifiers=_mods(
            ("close.modifier.heavier", weight_bonus(weight, target_weight), "R11.9"),
            helper_bonus(helpers, 2),
        ),
    )
    defender = Score(
        base=target_st,
        modifiers=_mods(("close.modifier.heavier", weight_bonus(target_weight, weight), "R11.9")),
    )
    rules = ("R11.9", "R11.21") if helpers else ("R11.9",)
    return contest("pin", attacker, defender, rules, roller=roller, options=options)


def choke(st: int, target_ht: int, *, roller: DiceRoller, options: RuleOptions) -> CloseContest:
    """R11.10: both hands on the throat, ST against HT; the damage is the margin of victory."""
    return contest(
        "choke", Score(base=st), Score(base=target_ht), ("R11.10",), roller=roller, options=options
    )


def break_free(
    st: int,
    holder_st: int,
    *,
    pin_hands: int | None,
    roller: DiceRoller,
    options: RuleOptions,
) -> CloseContest:
    """R11.11: ST against the holder's ST; a pinner has +5 (one hand) or +10 (both hands)."""
    holder = Score(
        base=holder_st,
        modifiers=_mods(
            ("close.modifier.pinning", PIN_HAND_BONUS[pin_hands] if pin_hands else 0, "R11.11")
        ),
    )
    return contest(
        "break_free", Score(base=st), holder, ("R11.11",), roller=roller, options=options
    )


def bite_damage(st: int) -> DiceExpression:
    """R11.7: a normal human's bite does thrust-1 crushing (ST 10: 1d-3)."""
    from rules.damage import thrust  # noqa: PLC0415 - rules.damage imports rules.combatant

    base = thrust(st)
    return base.plus(-1)


class DrawOutcome(BaseModel):
    """R11.22: the DX roll to draw a weapon in close combat, then the optional Fast-Draw."""

    model_config = ConfigDict(frozen=True)

    dx_roll: SuccessRoll
    dx: Score | None = None
    """The DX rolled against, itemised (the shield's DB after the first round, R11.26)."""
    fast_draw: SuccessRoll | None = None
    drawn: bool
    instant: bool
    """Fast-Draw succeeded too: drawn without spending the turn."""
    dropped: bool
    """A critical failure on the DX roll: the weapon falls to the ground."""
    rule_id: str = "R11.22"


def draw_in_close_combat(
    dx: int,
    fast_draw: int | None,
    *,
    shield: tuple[str, int, str] = ("", 0, ""),
    roller: DiceRoller,
    options: RuleOptions,
) -> DrawOutcome:
    """R11.22: a DX roll first (a critical failure drops the weapon); on a success a Fast-Draw
    roll, when he has the skill, draws it at once."""
    score = Score(base=dx, modifiers=_mods(shield))
    ensure_attemptable(score.value)  # A.1
    dx_roll = success_roll(score.value, roller, options)
    if not dx_roll.succeeded:
        return DrawOutcome(
            dx_roll=dx_roll,
            dx=score,
            drawn=False,
            instant=False,
            dropped=dx_roll.outcome.is_critical,
        )
    quick = success_roll(fast_draw, roller, options) if fast_draw is not None else None
    return DrawOutcome(
        dx_roll=dx_roll,
        dx=score,
        fast_draw=quick,
        drawn=True,
        instant=quick is not None and quick.succeeded,
        dropped=False,
    )
