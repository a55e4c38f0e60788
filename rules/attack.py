"""The attack: effective skill from every modifier, the roll, criticals and extra attacks.

`effective_attack_skill` itemises each modifier with its rule id (maneuver,
Aim, Evaluate, Wild Swing, two weapons, hit location, posture, shock, close
combat, moving fire, …); `roll_attack` rolls it and says whether the target
may defend (a critical hit allows no defense). `feint` resolves the Quick
Contest of R5.9 and `attacks_per_turn` the cinematic multiple attacks of R5.14
to R5.29.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.checks import (
    ContestWinner,
    Outcome,
    QuickContest,
    SuccessRoll,
    quick_contest,
    success_roll,
)
from rules.combatant import Posture
from rules.errors import RuleError
from rules.maneuver import (
    ALL_OUT_DETERMINED_BONUS,
    ALL_OUT_STRONG_DAMAGE_BONUS,
    EVALUATE_MANEUVERS,
    AllOutAttackOption,
    Maneuver,
    aim_bonus,
    posture_modifiers,
)
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller

ERROR_KEYS: Final = frozenset(
    {
        "attack.option_needs_all_out",
        "attack.feint_no_defender_score",
        "attack.no_attacks",  # attacks
        "attack.spare_no_attack",
        "attack.spare_needs_multiple",
        "attack.spare_ready_no_attack",
        "attack.spare_ready_no_parry",
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""


class AttackKind(StrEnum):
    """Melee blow, thrown weapon or missile (R6.5, R6.7)."""

    melee = "melee"
    thrown = "thrown"
    missile = "missile"


class Arc(StrEnum):
    """Where one figure stands relative to another's facing (glossary `arc_*`)."""

    front = "front"
    left = "left"
    right = "right"
    rear = "rear"


class Hand(StrEnum):
    """Which hand strikes in a two-weapon attack (R5.7)."""

    main = "main"
    off = "off"


class Gait(StrEnum):
    """Firing while moving (R5.13, R12.10)."""

    walk = "walk"
    run = "run"


class RangedClass(StrEnum):
    """Weapons whose moving-fire penalty is multiplied (R5.13): crossbow ×3, bow ×6."""

    other = "other"
    crossbow = "crossbow"
    bow = "bow"


class AttackInput(BaseModel):
    """Everything that changes an attack's effective skill.

    ``skill`` is the weapon skill as listed. Penalties are given as the
    (negative) modifiers the rules name; ``shock_penalty`` may be given either
    way round and is always applied as a penalty.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill: int
    maneuver: Maneuver = Maneuver.attack
    all_out_option: AllOutAttackOption | None = None
    kind: AttackKind = AttackKind.melee
    hit_location_penalty: int = Field(default=0, le=0)
    modifier: int = 0
    target_arc: Arc = Arc.front
    wild_swing: bool = False
    darkness_penalty: int = Field(default=0, le=0)
    hexes_crossed: int = Field(default=0, ge=0)
    dual_weapon: Hand | None = None
    ambidextrous: bool = False
    chambara: bool = False
    chambara_extra_attack: bool = False
    aim_turns: int = Field(default=0, ge=0)
    accuracy: int = Field(default=0, ge=0)
    braced: bool = False
    snap_shot: int | None = None
    evaluate_bonus: int = Field(default=0, ge=0, le=3)
    shock_penalty: int = 0
    posture: Posture = Posture.STANDING
    close_combat_rounds: int = Field(default=0, ge=0)
    shield_db: int = Field(default=0, ge=0)
    moving: Gait | None = None
    ranged_class: RangedClass = RangedClass.other
    blind: bool = False
    situation: tuple[Modifier, ...] = ()
    """What the target's place and the way of shooting add: distance and speed, size, cover,
    pop-up or opportunity fire (:func:`rules.ranged.plan_shot`), each with its rule."""
    forced_snap_rule: str | None = None
    """A pop-up attack (R12.7) or opportunity fire (R12.13): the snap-shot -4 applies
    whatever the skill."""
    close_combat_weapon: bool = False
    """A weapon (not fists, kicks, claws or fangs) used in close combat: -2 (R11.6)."""


class EffectiveSkill(BaseModel):
    """Base skill, every modifier, the cap that limited it (if any) and the result."""

    model_config = ConfigDict(frozen=True)

    base: int
    modifiers: tuple[Modifier, ...]
    cap: int | None = None
    cap_rule_id: str | None = None
    value: int


def _wild_swing_applies(inp: AttackInput) -> bool:
    """R5.6: a blow at a side or rear hex, or a melee blow during a Move (R5.13)."""
    if inp.kind is not AttackKind.melee:
        return False
    return (
        inp.wild_swing
        or inp.target_arc is not Arc.front
        or inp.maneuver is Maneuver.move_and_attack
    )


def moving_fire_penalty(gait: Gait, ranged_class: RangedClass) -> int:
    """R5.13/R12.10: −1 walking, −2 running; ×3 for crossbows, ×6 for bows."""
    base = -1 if gait is Gait.walk else -2
    factor = {RangedClass.other: 1, RangedClass.crossbow: 3, RangedClass.bow: 6}[ranged_class]
    return base * factor


def effective_attack_skill(inp: AttackInput) -> EffectiveSkill:
    """Skill plus every modifier of the attack, each with its rule id."""
    if inp.all_out_option is not None and inp.maneuver is not Maneuver.all_out_attack:
        raise RuleError(
            "attack.option_needs_all_out", "that option needs the All-Out Attack maneuver"
        )
    mods: list[Modifier] = []

    def add(key: str, value: int, rule_id: str) -> None:
        if value:
            mods.append(Modifier(key=key, value=value, rule_id=rule_id))

    ranged = inp.kind is not AttackKind.melee
    if inp.maneuver is Maneuver.all_out_attack and (
        inp.all_out_option in (None, AllOutAttackOption.determined)
    ):
        add("all_out_attack_determined", ALL_OUT_DETERMINED_BONUS, "R5.8")
    if inp.evaluate_bonus and inp.maneuver in EVALUATE_MANEUVERS:
        add("evaluate", inp.evaluate_bonus, "R5.4")
    if ranged and inp.aim_turns:
        add("aim", aim_bonus(inp.accuracy, inp.skill, inp.aim_turns, braced=inp.braced), "R5.3")
    if _wild_swing_applies(inp):
        add("wild_swing", min(-5, inp.darkness_penalty), "R5.6")
    elif inp.darkness_penalty:
        add("darkness", inp.darkness_penalty, "R5.6")
    add("hexes_crossed", -4 * inp.hexes_crossed, "R12.11" if ranged else "R5.6")
    if inp.dual_weapon is not None and not inp.chambara:
        all_out_double = (
            inp.maneuver is Maneuver.all_out_attack
            and inp.all_out_option is AllOutAttackOption.double
        )
        if not all_out_double:
            add("dual_weapon", -4, "R5.7")
        if inp.dual_weapon is Hand.off and not inp.ambidextrous:
            add("off_hand", -4, "R5.7")
    if inp.chambara_extra_attack:
        add("chambara_extra_attack", -4, "R5.27")
    add("hit_location", inp.hit_location_penalty, "R7.19")
    if not ranged:
        posture = posture_modifiers(inp.posture)
        add("posture", posture.attack, posture.rule_id)
    add("shock", -abs(inp.shock_penalty), "R7.6")
    if inp.close_combat_weapon and not ranged:
        add("close.modifier.weapon", -2, "R11.6")
    if inp.close_combat_rounds >= 2:
        add("close_combat_shield", -inp.shield_db, "R11.26")
    if ranged and inp.moving is not None:
        add("moving_fire", moving_fire_penalty(inp.moving, inp.ranged_class), "R5.13")
    if inp.blind:
        add("blind_fire", -10, "R12.6")
    mods.extend(m for m in inp.situation if m.value)
    add("modifier", inp.modifier, "GM")

    value = inp.skill + sum(m.value for m in mods)
    if ranged and inp.forced_snap_rule is not None:
        mods.append(Modifier(key="snap_shot", value=-4, rule_id=inp.forced_snap_rule))
        value -= 4
    elif ranged and inp.aim_turns == 0 and inp.snap_shot is not None and value < inp.snap_shot:
        mods.append(Modifier(key="snap_shot", value=-4, rule_id="R5.3"))
        value -= 4

    cap: int | None = None
    cap_rule: str | None = None
    if _wild_swing_applies(inp) and not inp.chambara:
        cap, cap_rule = 9, "R5.6"
    if inp.blind:
        cap, cap_rule = 9, "R12.6"
    if cap is not None and value > cap:
        value = cap
    else:
        cap, cap_rule = None, None
    return EffectiveSkill(
        base=inp.skill, modifiers=tuple(mods), cap=cap, cap_rule_id=cap_rule, value=value
    )


def all_out_damage_bonus(maneuver: Maneuver, option: AllOutAttackOption | None) -> int:
    """R5.8 (d): an All-Out Attack (strong) adds +2 damage."""
    if maneuver is Maneuver.all_out_attack and option is AllOutAttackOption.strong:
        return ALL_OUT_STRONG_DAMAGE_BONUS
    return 0


class AttackRoll(BaseModel):
    """The attack roll and what it means for the target."""

    model_config = ConfigDict(frozen=True)

    effective: EffectiveSkill
    roll: SuccessRoll
    hit: bool
    critical_hit: bool
    critical_miss: bool
    defense_allowed: bool
    rule_ids: tuple[str, ...]


def roll_attack(effective: EffectiveSkill, roller: DiceRoller, options: RuleOptions) -> AttackRoll:
    """Roll 3d against effective skill (A.1, with R5.31 when the guild enables it).

    A critical success hits and leaves the target no active defense; a critical
    failure misses and is reported as such.
    """
    roll = success_roll(effective.value, roller, options)
    hit = roll.succeeded
    critical_hit = roll.outcome is Outcome.CRITICAL_SUCCESS
    critical_miss = roll.outcome is Outcome.CRITICAL_FAILURE
    rule_ids = ["A.1"]
    if options.extended_criticals:
        rule_ids.append("R5.31")
    return AttackRoll(
        effective=effective,
        roll=roll,
        hit=hit,
        critical_hit=critical_hit,
        critical_miss=critical_miss,
        defense_allowed=hit and not critical_hit,
        rule_ids=tuple(rule_ids),
    )


class FeintOutcome(BaseModel):
    """R5.9: the Quick Contest and the penalty it leaves on the target's next defense."""

    model_config = ConfigDict(frozen=True)

    attacker_skill: int
    """The skill the feinter rolled against: ``base_skill`` with every modifier."""
    defender_skill: int
    contest: QuickContest
    penalty: int
    base_skill: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    """What changed the feinter's skill (Evaluate R5.4, shock R7.6), each on its own."""
    rule_id: str = "R5.9"

    @property
    def won(self) -> bool:
        """The feinter won the contest with a success (G1). He may win by a margin of 0 (a
        roll equal to his skill against a failed defense): then there is no penalty."""
        return self.contest.winner is ContestWinner.A and self.contest.a.succeeded


def feint(
    attacker_skill: int,
    defender_scores: tuple[int, ...],
    roller: DiceRoller,
    options: RuleOptions,
    *,
    modifiers: tuple[Modifier, ...] = (),
) -> FeintOutcome:
    """R5.9: weapon skill vs the best of the foe's shield skill, weapon skill or DX.

    ``attacker_skill`` is the weapon skill before ``modifiers`` (Evaluate, shock), which are
    kept itemised. Only a win counts (G1): the penalty is the feinter's margin when the foe
    fails, or the difference of margins when both succeed.
    """
    if not defender_scores:
        raise RuleError("attack.feint_no_defender_score", "the target needs a score to resist")
    defender_skill = max(defender_scores)
    base_skill = attacker_skill
    attacker_skill = base_skill + sum(m.value for m in modifiers)
    contest = quick_contest(attacker_skill, defender_skill, roller, options)
    penalty = 0
    if contest.winner is ContestWinner.A and contest.a.succeeded:
        penalty = contest.a.margin if not contest.b.succeeded else contest.margin_of_victory
    return FeintOutcome(
        attacker_skill=attacker_skill,
        defender_skill=defender_skill,
        contest=contest,
        penalty=penalty,
        base_skill=base_skill,
        modifiers=tuple(m for m in modifiers if m.value),
    )


class AttackCount(BaseModel):
    """Attacks and parries per turn under the cinematic multiple-attack rules."""

    model_config = ConfigDict(frozen=True)

    attacks: int
    parries: int
    penalized_attacks: int = 0
    extra_maneuver_attacks: int = 0
    """The attacks that come from extra maneuvers spent on attacking (R5.28, R5.29)."""
    rule_ids: tuple[str, ...]


def extra_attacks_from_skill(skill: int) -> int:
    """R5.14 (a): one extra Attack and Parry per 8 levels of skill."""
    return max(0, skill // 8)


def extra_attacks_chambara(skill: int) -> int:
    """R5.15 (b.1): one extra Attack and Parry per 3 levels of skill above 12."""
    return max(0, (skill - 12) // 3)


def attacks_per_turn(
    skill: int,
    options: RuleOptions,
    *,
    chambara: bool = False,
    all_out_option: AllOutAttackOption | None = None,
    two_weapons: bool = False,
    extra_maneuvers: int = 0,
    super_speed_maneuvers: int = 0,
) -> AttackCount:
    """Attacks and parries a fighter gets in one turn.

    Without ``cinematic_multiple_attacks`` a non-master gets one attack (two
    with All-Out Attack (double) or two weapons, R5.7). Masters use the better of R5.14 and R5.15
    unless ``chambara_literal_attacks`` (R5.15 ambiguity). All-Out Attack
    (double) adds floor(N/2) (R5.20), two weapons under Chambara one more at −4
    (R5.27), and each extra maneuver spent on attacking one more: Altered Time Rate's
    (``extra_maneuvers``, R5.28) and super-speed's (``super_speed_maneuvers``, R5.29).
    """
    rule_ids: list[str] = []
    extra = 0
    if options.cinematic_multiple_attacks:
        extra = extra_attacks_from_skill(skill)
        rule_ids.append("R5.14")
    if chambara:
        chambara_extra = extra_attacks_chambara(skill)
        if options.chambara_literal_attacks or not options.cinematic_multiple_attacks:
            extra = chambara_extra
        else:
            extra = max(extra, chambara_extra)
        rule_ids.append("R5.15")
    attacks = 1 + extra
    parries = 1 + extra
    penalized = 0
    if all_out_option is AllOutAttackOption.double:
        if attacks > 1:
            attacks += attacks // 2
            rule_ids.append("R5.20")
        else:
            attacks = 2
            rule_ids.append("R5.8")
    if chambara and two_weapons:
        attacks += 1
        penalized = 1
        rule_ids.append("R5.27")
    elif two_weapons and attacks < 2:
        # R5.7: a blow with each hand, never a third.
        attacks = 2
        rule_ids.append("R5.7")
    if extra_maneuvers:
        attacks += extra_maneuvers
        rule_ids.append("R5.28")
    if super_speed_maneuvers:
        attacks += super_speed_maneuvers
        rule_ids.append("R5.29")
    return AttackCount(
        attacks=attacks,
        parries=parries,
        penalized_attacks=penalized,
        extra_maneuver_attacks=extra_maneuvers + super_speed_maneuvers,
        rule_ids=tuple(rule_ids),
    )


def maneuvers_per_turn(basic_speed: float) -> int:
    """R5.29: super-speed gives one maneuver per 6 points of Basic Speed (minimum 1)."""
    return max(1, int(basic_speed // 6))


def initiative_slots(initiative: float, attacks: int) -> tuple[float, ...]:
    """R5.23: each attack after the first acts one Initiative step lower, down to 0, the
    lowest Initiative (Basic Speed) there is: a long series (the GM's extra attacks too) ends
    with blows after everyone, never at a negative step."""
    if attacks < 1:
        raise RuleError("attack.no_attacks", "at least one attack is needed", attacks=attacks)
    return tuple(max(0.0, initiative - k) for k in range(attacks))


class SpareAction(StrEnum):
    """What one of a multiple-attack turn's attacks is spent on instead of a blow."""

    feint = "feint"
    """R5.21: a Feint for his next attack; the attack's Parry is kept."""
    ready = "ready"
    """R5.25: readying a weapon again, one Attack and one Parry per turn of readying."""


class SpareAttack(BaseModel):
    """One of the turn's attacks given up for something else, and what is left."""

    model_config = ConfigDict(frozen=True)

    action: SpareAction
    attacks_spent: int
    parries_spent: int
    attacks_left: int
    parries_left: int | None
    """``None`` when parries are not counted (the Basic Set's repeated parries, A.4)."""
    rule_id: str


def spend_spare_attack(
    action: SpareAction,
    count: AttackCount,
    attacks_used: int,
    parries_used: int,
    parries: int | None,
    *,
    ready_turns: int = 1,
) -> SpareAttack:
    """A fighter with multiple attacks gives some up for something else.

    R5.21: one attack for a Feint that helps his next attack, so one attack must be left
    after it; he keeps the Parry. R5.25: a weapon unready after an attack or parry is
    readied again for one Attack and one Parry per turn of readying it needs.
    """
    if action is SpareAction.feint:
        left = count.attacks - attacks_used - 1
        if left < 1:
            raise RuleError(
                "attack.spare_no_attack",
                "no attack would be left after the Feint",
                allowed=count.attacks,
                used=attacks_used,
            )
        return SpareAttack(
            action=action,
            attacks_spent=1,
            parries_spent=0,
            attacks_left=left,
            parries_left=None if parries is None else parries - parries_used,
            rule_id="R5.21",
        )
    if count.attacks < 2:
        raise RuleError(
            "attack.spare_needs_multiple",
            "only a fighter with multiple attacks can spend one",
            allowed=count.attacks,
        )
    attacks_left = count.attacks - attacks_used
    if ready_turns > attacks_left:
        raise RuleError(
            "attack.spare_ready_no_attack",
            "not enough attacks left to ready the weapon",
            turns=ready_turns,
            left=attacks_left,
        )
    parries_left = None if parries is None else parries - parries_used
    if parries_left is not None and ready_turns > parries_left:
        raise RuleError(
            "attack.spare_ready_no_parry",
            "not enough parries left to ready the weapon",
            turns=ready_turns,
            left=parries_left,
        )
    return SpareAttack(
        action=action,
        attacks_spent=ready_turns,
        parries_spent=ready_turns,
        attacks_left=attacks_left - ready_turns,
        parries_left=None if parries_left is None else parries_left - ready_turns,
        rule_id="R5.25",
    )


class EvadeEntry(StrEnum):
    """Which of the opponent's hexes the evader came in from (R11.23)."""

    front = "front"
    side = "side"
    rear = "rear"


EVADE_ENTRY_MODIFIERS: Final = {EvadeEntry.front: 0, EvadeEntry.side: 2, EvadeEntry.rear: 5}
"""R11.23: +2 coming in from the opponent's side, +5 from his rear."""

EVADE_POSTURE_MODIFIERS: Final = {
    Posture.STANDING: -5,
    Posture.KNEELING: -2,
    Posture.PRONE: 5,
    Posture.LYING_FACE_UP: 5,
    Posture.CRAWLING: 5,
}
"""R11.23: -5 past a standing opponent, -2 a kneeling one, +5 one lying down."""

CHAMBARA_EVADE_BONUS: Final = 5
"""R5.19: a master's Evade after a successful DX, Jumping or Acrobatics roll."""


class EvadeOutcome(BaseModel):
    """R11.23: the DX contest to pass through an opponent's hex, with R5.19's bonus."""

    model_config = ConfigDict(frozen=True)

    dx: int
    modifiers: tuple[Modifier, ...]
    effective: int
    opponent_dx: int
    enabling: SuccessRoll | None
    """A master's DX, Jumping or Acrobatics roll for +5 (R5.19); ``None`` for anyone else."""
    contest: QuickContest
    evaded: bool
    rule_ids: tuple[str, ...]


def evade(
    dx: int,
    opponent_dx: int,
    opponent_posture: Posture,
    entry: EvadeEntry,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    shock_penalty: int = 0,
    chambara_level: int | None = None,
) -> EvadeOutcome:
    """R11.23: a Quick Contest of DX (with the posture and entry modifiers) against the
    opponent's DX; only a win gets past him, a tie or a loss stops him.

    R5.19: a master (``chambara_level``, the best of his DX, Jumping and Acrobatics) first
    rolls against it; a success adds +5, a failure leaves the Evade without it (the catalog's
    reading). Shock counts against both rolls (R7.6: DX and the skills based on it).
    """
    mods: list[Modifier] = []

    def add(key: str, value: int, rule_id: str) -> None:
        if value:
            mods.append(Modifier(key=key, value=value, rule_id=rule_id))

    add(
        f"evade_opponent_{opponent_posture.value}",
        EVADE_POSTURE_MODIFIERS.get(opponent_posture, 0),
        "R11.23",
    )
    add(f"evade_from_{entry.value}", EVADE_ENTRY_MODIFIERS[entry], "R11.23")
    add("shock", -abs(shock_penalty), "R7.6")
    rule_ids = ["R11.23"]
    enabling: SuccessRoll | None = None
    if chambara_level is not None:
        enabling = success_roll(chambara_level - abs(shock_penalty), roller, options)
        rule_ids.append("R5.19")
        if enabling.succeeded:
            add("chambara_evade", CHAMBARA_EVADE_BONUS, "R5.19")
    effective = dx + sum(m.value for m in mods)
    contest = quick_contest(effective, opponent_dx, roller, options)
    return EvadeOutcome(
        dx=dx,
        modifiers=tuple(mods),
        effective=effective,
        opponent_dx=opponent_dx,
        enabling=enabling,
        contest=contest,
        evaded=contest.winner is ContestWinner.A,
        rule_ids=tuple(rule_ids),
    )


FAST_DRAW_PENALTY: Final = -3
"""R5.22, R5.26: each Fast-Draw to throw or shoot another weapon in the turn."""


class FastDrawRoll(BaseModel):
    """The Fast-Draw roll that readies a thrown weapon or an arrow inside a multiple-attack
    turn (R5.26, R5.22)."""

    model_config = ConfigDict(frozen=True)

    level: int
    modifier: int
    roll: SuccessRoll
    drawn: bool
    rule_id: str
    shock: int = 0
    """The drawer's shock (R7.6): Fast-Draw is a DX-based skill."""


def fast_draw(
    level: int,
    kind: AttackKind,
    number: int,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    shock_penalty: int = 0,
) -> FastDrawRoll:
    """Fast-Draw for the ``number``-th attack of the turn.

    R5.26: every thrown weapon at -3. R5.22: every arrow of an archer's volley, at -3 more
    for each roll after the first (14, 11, 8 …). Shock counts too (R7.6).
    """
    if kind is AttackKind.thrown:
        modifier, rule_id = FAST_DRAW_PENALTY, "R5.26"
    else:
        modifier, rule_id = FAST_DRAW_PENALTY * (number - 1), "R5.22"
    shock = -abs(shock_penalty)
    roll = success_roll(level + modifier + shock, roller, options)
    return FastDrawRoll(
        level=level,
        modifier=modifier,
        roll=roll,
        drawn=roll.succeeded,
        rule_id=rule_id,
        shock=shock,
    )


class ReadyTime(BaseModel):
    """R5.5: how long a weapon takes to ready again for a wielder this strong."""

    model_config = ConfigDict(frozen=True)

    st: int
    min_st: int
    base: int
    turns: int
    acts_balanced: bool
    """ST 10 above the minimum: he strikes and parries with it every turn (R5.5)."""
    rule_ids: tuple[str, ...]


def ready_time(base: int, st: int, min_st: int) -> ReadyTime:
    """R5.5: ST 5 above the weapon's minimum takes one turn off its readying; ST 10 above lets
    him attack and parry with it every turn like a balanced weapon. A minimum ST of 0 is an
    unrecorded one and changes nothing."""
    if min_st <= 0:
        return ReadyTime(
            st=st, min_st=min_st, base=base, turns=base, acts_balanced=False, rule_ids=()
        )
    balanced = st >= min_st + 10
    turns = max(0, base - 1) if st >= min_st + 5 else base
    if balanced:
        turns = 0
    rule_ids = ("R5.5",) if st >= min_st + 5 else ()
    return ReadyTime(
        st=st, min_st=min_st, base=base, turns=turns, acts_balanced=balanced, rule_ids=rule_ids
    )


def reach_length(reach: str) -> int:
    """The longest reach in a weapon's reach text: ``"C"`` (close combat) is 0, ``"1,2"``
    is 2, ``"2*"`` is 2."""
    return max((int(n) for n in re.findall(r"\d+", reach)), default=0)


class WaitOrder(BaseModel):
    """R5.11: who strikes first when a waiting fighter is set off by a foe coming near."""

    model_config = ConfigDict(frozen=True)

    waiter_reach: int
    other_reach: int
    contests: tuple[QuickContest, ...]
    """The skill contests when the reaches are equal, a tie rolled again; else empty."""
    waiter_first: bool
    earlier: bool = False
    """Decided by an earlier ``wait-order`` against the same foe this turn: that first result
    stands and nothing is rolled again."""
    rule_id: str = "R5.11"


def wait_order(
    waiter: tuple[int, int],
    other: tuple[int, int],
    roller: DiceRoller,
    options: RuleOptions,
) -> WaitOrder:
    """R5.11: ``(reach, skill)`` of the waiting fighter and of his foe. The longer weapon
    strikes first; with weapons of equal length a Quick Contest of weapon skill decides, a
    tie rolled again (the catalog's reading)."""
    (waiter_reach, waiter_skill), (other_reach, other_skill) = waiter, other
    if waiter_reach != other_reach:
        return WaitOrder(
            waiter_reach=waiter_reach,
            other_reach=other_reach,
            contests=(),
            waiter_first=waiter_reach > other_reach,
        )
    contests: list[QuickContest] = []
    while not contests or contests[-1].winner is ContestWinner.TIE:
        contests.append(quick_contest(waiter_skill, other_skill, roller, options))
    return WaitOrder(
        waiter_reach=waiter_reach,
        other_reach=other_reach,
        contests=tuple(contests),
        waiter_first=contests[-1].winner is ContestWinner.A,
    )
