"""The combatant: attributes, traits, gear, armor and current condition.

A :class:`Combatant` is a frozen, validated pydantic model. Nothing here rolls:
it only knows the character sheet and derives the numbers other rules ask for
(Dodge, Parry, Block, Move, reeling, …). State changes are new objects built
with :meth:`Combatant.with_state` / ``model_copy``; the damage pipeline
(:mod:`rules.injury`) and the recovery rolls (:mod:`rules.recovery`) return the
new :class:`CombatantState` inside their outcomes.

Formulas are Base 4e (catalog Appendix A.4, A.5) unless a seed rule overrides
them; the rule ids are cited where they apply.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from rules.body import BodyPart, HitLocation, Side
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.swarm_profile import Swarm

if TYPE_CHECKING:
    from rules.dice import DiceExpression

__all__ = [
    "ENCUMBRANCE_MOVE_FACTORS",
    "MAX_SKILL_LABEL",
    "Armor",
    "Attributes",
    "BodyPart",
    "Burning",
    "Combatant",
    "CombatantState",
    "DRProfile",
    "HitLocation",
    "InWater",
    "Posture",
    "RiseClass",
    "Shield",
    "Side",
    "Skill",
    "SwimState",
    "Trait",
    "Weapon",
    "animal_dodge",
    "body_part",
    "skill_key",
    "skills_from_levels",
]


_PAIRED = {
    HitLocation.ARM: (BodyPart.RIGHT_ARM, BodyPart.LEFT_ARM),
    HitLocation.LEG: (BodyPart.RIGHT_LEG, BodyPart.LEFT_LEG),
    HitLocation.HAND: (BodyPart.RIGHT_HAND, BodyPart.LEFT_HAND),
    HitLocation.FOOT: (BodyPart.RIGHT_FOOT, BodyPart.LEFT_FOOT),
    HitLocation.EYE: (BodyPart.RIGHT_EYE, BodyPart.LEFT_EYE),
}


_ARM_PARTS: dict[Side, frozenset[BodyPart]] = {
    Side.RIGHT: frozenset({BodyPart.RIGHT_ARM, BodyPart.RIGHT_HAND}),
    Side.LEFT: frozenset({BodyPart.LEFT_ARM, BodyPart.LEFT_HAND}),
}
_LEG_PARTS: dict[Side, frozenset[BodyPart]] = {
    Side.RIGHT: frozenset({BodyPart.RIGHT_LEG, BodyPart.RIGHT_FOOT}),
    Side.LEFT: frozenset({BodyPart.LEFT_LEG, BodyPart.LEFT_FOOT}),
}


def body_part(location: HitLocation, side: Side) -> BodyPart | None:
    """The individual part a hit on ``location`` lands on, or ``None`` for unpaired locations."""
    pair = _PAIRED.get(location)
    if pair is None:
        return None
    return pair[0] if side is Side.RIGHT else pair[1]


class Posture(StrEnum):
    """Body postures (R5.2, R7.12). A knockdown leaves the victim prone (R7.8)."""

    STANDING = "standing"
    CROUCHING = "crouching"
    KNEELING = "kneeling"
    SITTING = "sitting"
    CRAWLING = "crawling"
    PRONE = "prone"
    LYING_FACE_UP = "lying_face_up"


class Trait(StrEnum):
    """Advantages and disadvantages the combat rules ask about."""

    COMBAT_REFLEXES = "combat_reflexes"
    HIGH_PAIN_THRESHOLD = "high_pain_threshold"
    LOW_PAIN_THRESHOLD = "low_pain_threshold"
    IT_UNLIVING = "it_unliving"
    IT_HOMOGENEOUS = "it_homogeneous"
    IT_DIFFUSE = "it_diffuse"
    IT_NO_BRAIN = "it_no_brain"
    IT_NO_VITALS = "it_no_vitals"
    TRAINED_BY_A_MASTER = "trained_by_a_master"
    """Trained by a Master or Weapon Master: the chambara rules (R5.15-R5.27)."""
    DANGER_SENSE = "danger_sense"
    """A failed sense roll on something dangerous gets a secret Perception roll (R16.3)."""
    HYPERSPECTRAL_VISION = "hyperspectral_vision"
    """+3 to Vision rolls (R16.5)."""
    DISCRIMINATORY_HEARING = "discriminatory_hearing"
    """+4 to Hearing rolls (R16.7)."""
    HARD_OF_HEARING = "hard_of_hearing"
    """-4 to Hearing rolls (R16.7)."""
    DISCRIMINATORY_SMELL = "discriminatory_smell"
    """+4 to Smell rolls (R16.8)."""
    DISCRIMINATORY_TASTE = "discriminatory_taste"
    """+4 to Taste rolls (R16.8)."""


class Burning(StrEnum):
    """What of his is on fire, burning him every second until put out (R10.5-R10.7)."""

    PARTIAL = "partial"
    """Part of the clothing: 1d-4 a second, DX -2; a DX roll, one Ready each (R10.5)."""
    FULL = "full"
    """All the clothing: 1d-1 a second, DX -3; a DX roll, three Readies each (R10.6)."""
    SHIELD = "shield"
    """A burning wooden shield: 1d-5 a second, DX -2, until he drops it (R10.7)."""


class SwimState(StrEnum):
    """Where a character in deep water is in R9.3's schedule of Swimming rolls."""

    ENTERING = "entering"
    """Just in deep water: roll at once."""
    CALM = "calm"
    """Head above water: a roll every 5 minutes."""
    STRUGGLING = "struggling"
    """Swallowing water: a roll every 5 seconds."""
    RECOVERING = "recovering"
    """Head above water again: a roll within a minute."""


class InWater(BaseModel):
    """A fighter in deep water, his Swimming rolls coming with the rounds (R9.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    state: SwimState = SwimState.ENTERING
    skill: int = Field(ge=0)
    """His Swimming level when he went in."""
    modifiers: tuple[tuple[str, int], ...] = ()
    """R9.3's modifiers, fixed when he went in (on purpose, encumbrance, Fat)."""
    seconds: int = Field(default=0, ge=0)
    """Seconds he has spent in the water so far."""
    next_roll_at: int = Field(default=0, ge=0)
    """The second (counted like ``seconds``) of his next Swimming roll."""
    swam: bool = False
    """A Swimming roll has succeeded since he went in: he may try to shed gear (R9.4)."""

    @property
    def target(self) -> int:
        """His Swimming with R9.3's modifiers: 12 + 3 (on purpose) - 4 (Medium) = 11."""
        return self.skill + sum(value for _, value in self.modifiers)


class RiseClass(StrEnum):
    """How long a fallen creature takes to stand up (R7.12)."""

    HUMANOID = "humanoid"
    QUADRUPED_CARNIVORE = "quadruped_carnivore"
    SMALL_CREATURE = "small_creature"
    HERBIVORE = "herbivore"
    LARGE_HERBIVORE = "large_herbivore"


_new_object = object.__new__
_set = object.__setattr__

#: Move multiplier per encumbrance level 0–4 (Appendix A.5).
ENCUMBRANCE_MOVE_FACTORS: tuple[float, ...] = (1.0, 0.8, 0.6, 0.4, 0.2)


def animal_dodge(move: int, dx: int) -> int:
    """R6.1: an animal's Dodge is half its Move or its DX, whichever is better, rounded down
    (the catalog's reading: half of the better one)."""
    return max(move, dx) // 2


def _too_low(field: str, value: int, minimum: int) -> RuleError:
    return RuleError(
        "combatant.value_too_low",
        f"{field} must be at least {minimum} (got {value})",
        field=field,
        value=value,
        minimum=minimum,
    )


class Attributes(BaseModel):
    """The four basic attributes and the secondary characteristics derived from them.

    Leave a secondary characteristic out and it takes its Base 4e default: HP = ST,
    FP = HT, Will = Per = IQ, Basic Speed = (DX + HT) / 4, Basic Move = floor(Basic
    Speed) (Appendix A.4).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    st: int = 10
    dx: int = 10
    iq: int = 10
    ht: int = 10
    hp: int = 10
    fp: int = 10
    will: int = 10
    per: int = 10
    basic_speed: float = 5.0
    basic_move: int = 5

    @model_validator(mode="before")
    @classmethod
    def _derive_defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        filled = dict(data)
        st, dx, iq, ht = (filled.get(k, 10) for k in ("st", "dx", "iq", "ht"))
        if all(isinstance(v, int) for v in (st, dx, iq, ht)):
            filled.setdefault("hp", st)
            filled.setdefault("fp", ht)
            filled.setdefault("will", iq)
            filled.setdefault("per", iq)
            filled.setdefault("basic_speed", (dx + ht) / 4)
            speed = filled["basic_speed"]
            if isinstance(speed, int | float):
                filled.setdefault("basic_move", math.floor(speed))
        return filled

    @model_validator(mode="after")
    def _check_ranges(self) -> Attributes:
        for name in ("st", "dx", "iq", "ht", "hp", "will", "per"):
            value = getattr(self, name)
            if value < 1:
                raise _too_low(name, value, 1)
        if self.fp < 0:
            raise _too_low("fp", self.fp, 0)
        if self.basic_speed < 0:
            raise RuleError(
                "combatant.value_too_low",
                f"basic_speed must be at least 0 (got {self.basic_speed})",
                field="basic_speed",
                value=self.basic_speed,
                minimum=0,
            )
        if self.basic_move < 0:
            raise _too_low("basic_move", self.basic_move, 0)
        return self


MAX_SKILL_NAME = 60
"""A skill's name or specialization, as a sheet keeps it (autocomplete shows at most 100)."""
MAX_SKILL_LABEL = 2 * MAX_SKILL_NAME + len(" ()")
"""The longest ``Name (Specialization)`` a sheet can hold (:attr:`Skill.label`): what a
command naming one of its skills must accept when typed."""
SKILL_ATTRIBUTES = frozenset({"st", "dx", "iq", "ht", "will", "per"})
"""What a skill can be based on; shock (R7.6) reaches only the DX- and IQ-based ones."""
_KEY_SEPARATORS = str.maketrans({"-": " ", "_": " "})

#: The skills the combat rules read, as sheets stored them before skills had names (the key),
#: with their Basic Set name and the attribute each is based on.
_RULE_SKILLS: dict[str, tuple[str, str]] = {
    "acrobatics": ("Acrobatics", "dx"),  # R6.4, R7.12, R7.14, R5.18, R5.19
    "jumping": ("Jumping", "dx"),  # R5.18, R5.19
    "judo": ("Judo", "dx"),  # R7.14, R11.12
    "karate": ("Karate", "dx"),  # R11.12
    "brawling": ("Brawling", "dx"),  # R11.12
    "fast_draw": ("Fast-Draw", "dx"),  # R5.22, R5.26
}


def skill_key(name: str) -> str:
    """The form skill names are compared in: ``Fast-Draw``, ``fast_draw`` and ``fast draw``
    are one skill (ignoring case, hyphens, underscores and repeated spaces)."""
    return " ".join(name.translate(_KEY_SEPARATORS).casefold().split())


def skills_from_levels(levels: Any) -> Any:
    """``{"acrobatics": 14}`` (how sheets kept skills before they had names) as a list of
    skills: ``[{"name": "Acrobatics", "level": 14, "attribute": "dx"}]``.

    Anything else is returned unchanged, for validation to judge.
    """
    if not isinstance(levels, dict):
        return levels
    found = []
    for key, level in levels.items():
        name, attribute = _RULE_SKILLS.get(str(key), (str(key).replace("_", " ").title(), None))
        found.append({"name": name, "level": level, "attribute": attribute})
    return found


class Skill(BaseModel):
    """A skill or technique on the sheet, at the level its owner rolls (GCS's computed level).

    ``attribute`` is what it is based on (``"dx"``, ``"iq"`` …; ``None`` when unknown):
    shock applies to DX- and IQ-based skills only (R7.6).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(max_length=MAX_SKILL_NAME)
    specialization: str = Field(default="", max_length=MAX_SKILL_NAME)
    level: int = Field(ge=-20, le=99)
    attribute: str | None = None

    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise RuleError("combatant.skill_unnamed", "a skill needs a name")
        return value.strip()

    @field_validator("specialization")
    @classmethod
    def _trimmed(cls, value: str) -> str:
        return value.strip()

    @field_validator("attribute")
    @classmethod
    def _known_attribute(cls, value: str | None) -> str | None:
        if value is not None and value not in SKILL_ATTRIBUTES:
            raise RuleError(
                "combatant.skill_attribute",
                f"a skill is based on one of {sorted(SKILL_ATTRIBUTES)} (got {value!r})",
                attribute=value,
            )
        return value

    @property
    def key(self) -> tuple[str, str]:
        """Name and specialization as they are compared (:func:`skill_key`)."""
        return skill_key(self.name), skill_key(self.specialization)

    @property
    def label(self) -> str:
        """``Fast-Draw (Arrow)``, or just the name without a specialization."""
        return f"{self.name} ({self.specialization})" if self.specialization else self.name


class Armor(BaseModel):
    """DR covering one location: a rigid outer layer over a flexible one (R7.15).

    Natural DR counts as ``rigid`` (it never causes blunt trauma). Both zero means
    unprotected. An ``int`` is accepted wherever an :class:`Armor` is expected and
    means that much rigid DR.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rigid: int = 0
    flexible: int = 0
    against: dict[str, int] = Field(default_factory=dict)
    """DR that differs against some damage types, as GCS computes it ("4/2*": mail is DR 2
    against crushing): the damage type's value (``"cr"``) → what to add to the total (−2)."""

    @model_validator(mode="before")
    @classmethod
    def _from_int(cls, data: Any) -> Any:
        if isinstance(data, int) and not isinstance(data, bool):
            return {"rigid": data}
        return data

    @model_validator(mode="after")
    def _non_negative(self) -> Armor:
        if self.rigid < 0:
            raise _too_low("dr", self.rigid, 0)
        if self.flexible < 0:
            raise _too_low("dr", self.flexible, 0)
        if not self.against:
            return self
        from rules.damage import DamageType  # noqa: PLC0415 - rules.damage imports this module

        for kind in self.against:
            if kind not in DamageType.__members__.values():
                raise RuleError(
                    "combatant.unknown_damage_type",
                    f"DR against {kind!r}: not a damage type",
                    kind=kind,
                )
        return self

    @property
    def dr(self) -> int:
        """Total DR of both layers."""
        return self.rigid + self.flexible

    def for_damage(self, damage_type: str) -> Armor:
        """The layers as they stand against ``damage_type`` (A.2).

        A lower DR against it comes off the flexible layer first (mail's weakness to
        crushing), then the rigid one; a higher DR adds to the rigid layer. Neither
        layer goes below 0.
        """
        change = self.against.get(damage_type, 0)
        if not change:
            return self
        if change > 0:
            return Armor(rigid=self.rigid + change, flexible=self.flexible)
        flexible = max(0, self.flexible + change)
        rigid = max(0, self.rigid + change + (self.flexible - flexible))
        return Armor(rigid=rigid, flexible=flexible)


class DRProfile(BaseModel):
    """DR for every hit location: a uniform value plus per-location overrides.

    Vitals are covered by whatever covers the torso unless they have an override
    of their own. The skull's natural +2 DR (R7.25) is added by the hit-location
    rules, not stored here.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    uniform: Armor = Armor()
    overrides: dict[HitLocation, Armor] = Field(default_factory=dict)

    def at(self, location: HitLocation) -> Armor:
        """The armor covering ``location``."""
        found = self.overrides.get(location)
        if found is not None:
            return found
        if location is HitLocation.VITALS:
            return self.overrides.get(HitLocation.TORSO, self.uniform)
        return self.uniform


MAX_WEAPON_TEXT = 20
"""A weapon table entry kept as text (range, rate of fire, shots, recoil)."""


class Weapon(BaseModel):
    """A readied weapon as the attack and defense rules see it.

    ``damage`` is weapon damage text such as ``"sw+2 cut"`` or ``"1d+1 pi"``
    (parsed by :mod:`rules.damage`). ``parry_modifier`` is the weapon's own
    modifier (a knife's −1, R6.7).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    skill: int
    damage: str
    reach: str = "1"
    parry_modifier: int = 0
    can_parry: bool = True
    fencing: bool = False
    flail: bool = False
    knife: bool = False
    two_handed: bool = False
    unbalanced: bool = False
    thrown: bool = False
    accuracy: int = 0
    snap_shot: int | None = None
    min_st: int = 0
    knockback_bullet: bool = False
    weight_kg: float = 1.0
    range: str = Field(default="", max_length=MAX_WEAPON_TEXT)
    """Half-damage and maximum range as the weapon table prints them (``100/150``, ``x10/x15``)."""
    rate_of_fire: str = Field(default="", max_length=MAX_WEAPON_TEXT)
    shots: str = Field(default="", max_length=MAX_WEAPON_TEXT)
    bulk: int | None = None
    recoil: str = Field(default="", max_length=MAX_WEAPON_TEXT)
    launcher: Literal["bow", "crossbow"] | None = None
    """A bow or a crossbow: firing while moving (R12.10) and the pop-up attack (R12.7)."""
    natural: bool = False
    """Fists, kicks, claws, fangs: no -2 in close combat (R11.6)."""
    item: str | None = None
    """The piece of equipment this is one usage of: GCS lists a broadsword twice,
    ``Broadsword (Swung)`` and ``Broadsword (Thrust)``, both of the item ``Broadsword``.
    ``None``: the weapon is its own item. See :attr:`item_name`."""

    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise RuleError("combatant.weapon_unnamed", "a weapon needs a name")
        return value

    @field_validator("item")
    @classmethod
    def _item(cls, value: str | None) -> str | None:
        """A blank item is no item: the weapon is its own."""
        if value is None or not value.strip():
            return None
        return value.strip()

    @property
    def item_name(self) -> str:
        """The physical weapon this usage is wielded as: the name every rule about the object
        itself keys on, shared by all usages of one item. Its parries this turn and their
        repeated-parry penalty (A.4), being dropped and picked up (R7.8, R11.22), out of hand
        after a blow (R5.5) and the hand holding it (R7.16) are the item's, not the usage's.
        A weapon without an item is its own (its name)."""
        return self.item if self.item is not None else self.name

    @field_validator("skill")
    @classmethod
    def _skill(cls, value: int) -> int:
        if value < 0:
            raise _too_low("skill", value, 0)
        return value


class Shield(BaseModel):
    """A shield: Shield skill and Defense Bonus (G3: the seed's "DP")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "shield"
    skill: int
    db: int = 1
    can_block: bool = True
    large: bool = False

    @model_validator(mode="after")
    def _ranges(self) -> Shield:
        if self.skill < 0:
            raise _too_low("skill", self.skill, 0)
        if self.db < 0:
            raise _too_low("db", self.db, 0)
        return self


class CombatantState(BaseModel):
    """Everything about a combatant that changes during a fight.

    ``shock_penalty`` is the (non-positive) penalty for his next turn (R7.6) and
    ``shock_injury`` the injury that produced it since his last turn (injuries in
    one turn are summed). ``limb_injury`` accumulates injury per crippleable part
    (R7.16 lets a series of blows cripple). ``death_checks_made`` counts how many
    −k×HP thresholds have already been rolled for (R7.3). ``crushed_trachea`` and
    its HT ``trachea_penalty`` persist until a roll succeeds (R7.29).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    hp: int
    fp: int
    posture: Posture = Posture.STANDING
    stunned: bool = False
    mentally_stunned: bool = False
    shock_penalty: int = 0
    shock_injury: int = 0
    knocked_down: bool = False
    crippled: frozenset[BodyPart] = frozenset()
    limb_injury: dict[BodyPart, int] = Field(default_factory=dict)
    blinded_eyes: frozenset[Side] = frozenset()
    crushed_trachea: bool = False
    trachea_penalty: int = 0
    unconscious: bool = False
    mortally_wounded: bool = False
    dead: bool = False
    destroyed: bool = False
    death_checks_made: int = 0
    rising_turns_left: int = 0
    dropped: frozenset[str] = frozenset()
    """Weapons he let go of when knocked down (R7.8), by item (:attr:`Weapon.item_name`): no
    parry or attack with any of their usages until a Ready maneuver picks them up."""
    fatigue_unconscious: bool = False
    """Fainted at -FP (R8.3): he comes to only when his FP is positive again."""
    on_fire: Burning | None = None
    """His clothing or shield is burning (R10.5-R10.7): damage every second until put out."""
    fire_readies: int = 0
    """Ready maneuvers spent so far on the next try at putting his clothes out: all of them
    alight take three before the DX roll (R10.6)."""
    breath_left: int | None = None
    """Seconds of held breath left while he cannot breathe (R9.1); ``None``: breathing."""
    airless_seconds: int = 0
    """Seconds since his held breath ran out, losing 1 FP each (R9.2)."""
    fainted_airless: int | None = None
    """``airless_seconds`` when he fainted without air: his brain dies 4 minutes later (R9.2)."""
    brain_death_round: int | None = None
    """The round at whose place in the turn order his brain dies, 4 minutes (240 rounds of a
    second) after he fainted without air (R9.2, R9.4); ``None``: not fainted without air."""
    intense_heat_dr: int | None = None
    """In intense heat with this armor DR (R10.10): safe for DR × 3 seconds, then an HT roll
    every second; ``None``: not in it."""
    intense_heat_seconds: int = 0
    """Seconds he has spent in the intense heat so far (R10.10)."""
    hot_fragment_ticks: int = 0
    """Burns a hot fragment lodged in him has still to do, one every 10 s (R15.13)."""
    hot_fragment_seconds: int = 0
    """Seconds since the fragment lodged or last burned him (R15.13); -1 while the second
    of the blast is still running at his place in the order."""
    hot_fragment_location: HitLocation = HitLocation.TORSO
    """Where the hot fragment lodged: it burns against the DR there (R15.8, R15.13)."""
    hot_fragment_side: Side = Side.RIGHT
    """Which arm, leg, hand, foot or eye, for a fragment lodged in one (R15.8)."""
    water: InWater | None = None
    """In deep water (R9.3): his Swimming rolls come with the rounds; ``None``: not in it."""
    fp_withheld: dict[str, int] = Field(default_factory=dict)
    """FP lost to hunger (``starvation``), thirst (``dehydration``) or missed sleep
    (``sleep``) that rest alone does not bring back, by cause (R8.7-R8.9); also heat
    (``heat``, R10.9) and cold (``cold``, R10.13)."""

    @model_validator(mode="after")
    def _ranges(self) -> CombatantState:
        if self.trachea_penalty > 0:
            raise RuleError(
                "combatant.trachea_penalty_positive",
                f"trachea_penalty must be 0 or negative (got {self.trachea_penalty})",
                value=self.trachea_penalty,
            )
        if self.shock_penalty > 0:
            raise RuleError(
                "combatant.shock_positive",
                f"shock_penalty must be 0 or negative (got {self.shock_penalty})",
                value=self.shock_penalty,
            )
        for name in ("shock_injury", "death_checks_made", "rising_turns_left", "airless_seconds"):
            value = getattr(self, name)
            if value < 0:
                raise _too_low(name, value, 0)
        if self.breath_left is not None and self.breath_left < 0:
            raise _too_low("breath_left", self.breath_left, 0)
        for part, injury in self.limb_injury.items():
            if injury < 0:
                raise _too_low(f"limb_injury.{part}", injury, 0)
        return self

    @property
    def is_lying(self) -> bool:
        """Prone or lying face up."""
        return self.posture in (Posture.PRONE, Posture.LYING_FACE_UP)

    def evolve(self, update: dict[str, Any]) -> CombatantState:
        """A copy with ``update`` applied, unvalidated: ``model_copy(update=...)`` made cheap.

        For the rules' hot path, whose updates are built from already valid
        values. It sets what ``model_copy`` sets, in one step each.
        """
        new = _new_object(CombatantState)
        _set(new, "__dict__", {**self.__dict__, **update})
        _set(new, "__pydantic_fields_set__", self.__pydantic_fields_set__.union(update))
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new


class Combatant(BaseModel):
    """One fighter: sheet plus current state.

    Build it from plain data (a slash-command's options, stored JSON) with
    :meth:`create`, which reports bad input as :class:`RuleError`; direct
    construction raises pydantic's ``ValidationError`` instead. Leave ``state``
    out (or its ``hp``/``fp``) and the combatant starts unhurt and rested.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    attributes: Attributes = Attributes()
    traits: frozenset[Trait] = frozenset()
    hard_to_kill: int = 0
    altered_time_rate: int = 0
    """Levels of Altered Time Rate: one more maneuver a turn per level (R5.28, B38)."""
    acute_vision: int = 0
    """Levels of Acute Vision: + that much to Vision rolls (R16.5)."""
    acute_hearing: int = 0
    """Levels of Acute Hearing: + that much to Hearing rolls (R16.7)."""
    acute_taste_smell: int = 0
    """Levels of Acute Taste and Smell: + that much to Smell and Taste rolls (R16.8)."""
    male_humanoid: bool = False
    rise_class: RiseClass = RiseClass.HUMANOID
    skills: tuple[Skill, ...] = ()
    """Skills and techniques; a mapping ``{"judo": 13}`` is read as a list of them
    (:func:`skills_from_levels`)."""
    dr: DRProfile = DRProfile()
    weapons: tuple[Weapon, ...] = ()
    shield: Shield | None = None
    dodge_override: int | None = None
    size_modifier: int = 0
    encumbrance_level: int = 0
    swarm: Swarm | None = None
    """A swarm or a horde (R14.1-R14.8): it fights as one unit, see :mod:`rules.swarm`."""
    weight_kg: float | None = None
    """His weight in kilograms, for a pin (R11.9) and trampling (R11.19); unknown if ``None``."""
    state: CombatantState

    @model_validator(mode="before")
    @classmethod
    def _default_state(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        filled = dict(data)
        if "skills" in filled:
            filled["skills"] = skills_from_levels(filled["skills"])
        attributes = filled.get("attributes", Attributes())
        if not isinstance(attributes, Attributes):
            attributes = Attributes.model_validate(attributes)
            filled["attributes"] = attributes
        state = filled.get("state")
        if state is None:
            filled["state"] = CombatantState(hp=attributes.hp, fp=attributes.fp)
        elif isinstance(state, dict):
            state = dict(state)
            state.setdefault("hp", attributes.hp)
            state.setdefault("fp", attributes.fp)
            filled["state"] = state
        return filled

    @model_validator(mode="after")
    def _check(self) -> Combatant:
        if not self.name.strip():
            raise RuleError("combatant.unnamed", "a combatant needs a name")
        if not 0 <= self.encumbrance_level <= 4:
            raise RuleError(
                "combatant.encumbrance_out_of_range",
                f"encumbrance level must be 0 to 4 (got {self.encumbrance_level})",
                value=self.encumbrance_level,
            )
        if self.hard_to_kill < 0:
            raise _too_low("hard_to_kill", self.hard_to_kill, 0)
        for leveled in ("altered_time_rate", "acute_vision", "acute_hearing", "acute_taste_smell"):
            if getattr(self, leveled) < 0:
                raise _too_low(leveled, getattr(self, leveled), 0)
        if self.state.hp > self.attributes.hp:
            raise RuleError(
                "combatant.hp_above_max",
                f"current HP {self.state.hp} is above basic HP {self.attributes.hp}",
                value=self.state.hp,
                maximum=self.attributes.hp,
            )
        if self.state.fp > self.attributes.fp:
            raise RuleError(
                "combatant.fp_above_max",
                f"current FP {self.state.fp} is above basic FP {self.attributes.fp}",
                value=self.state.fp,
                maximum=self.attributes.fp,
            )
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names):
            raise RuleError(
                "combatant.duplicate_weapon", "two weapons share a name", name=self.name
            )
        keys = [skill.key for skill in self.skills]
        if len(set(keys)) != len(keys):
            twice = next(s for s in self.skills if keys.count(s.key) > 1)
            raise RuleError(
                "combatant.duplicate_skill",
                f"{twice.label} is on the sheet twice",
                name=self.name,
                skill=twice.label,
            )
        return self

    # --- construction -------------------------------------------------------

    @classmethod
    def create(cls, **data: Any) -> Combatant:
        """Validate plain data, raising :class:`RuleError` for anything wrong."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise _as_rule_error(exc) from exc

    def without_armor(self) -> Combatant:
        """The same fighter with no DR anywhere: a charge inside him (R15.7), small creatures
        past his clothing (R14.2)."""
        return self.model_copy(update={"dr": DRProfile()})

    def with_state(self, state: CombatantState | None = None, **changes: Any) -> Combatant:
        """A copy with a new state, or with some state fields changed (not re-validated)."""
        new_state = state if state is not None else self.state.model_copy(update=changes)
        return self.model_copy(update={"state": new_state})

    # --- sheet look-ups -----------------------------------------------------

    def has(self, trait: Trait) -> bool:
        """Whether the combatant has ``trait``."""
        return trait in self.traits

    @property
    def max_hp(self) -> int:
        """Basic HP: the HP attribute, which every threshold is measured against (A.10)."""
        return self.attributes.hp

    @property
    def max_fp(self) -> int:
        """Basic FP."""
        return self.attributes.fp

    @property
    def is_living(self) -> bool:
        """Living targets get the limb ×1 for imp/pi+/pi++ (R7.21); Unliving/Homogeneous do not."""
        return not (self.has(Trait.IT_UNLIVING) or self.has(Trait.IT_HOMOGENEOUS))

    def weapon(self, name: str) -> Weapon:
        """The weapon called ``name``: the exact name, else the one whose name matches it
        ignoring case and the spaces around it, as a name typed by hand is written."""
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        folded = name.strip().casefold()
        for weapon in self.weapons:
            if weapon.name.casefold() == folded:
                return weapon
        raise RuleError(
            "combatant.unknown_weapon",
            f"{self.name} has no weapon called {name!r}",
            combatant=self.name,
            weapon=name,
        )

    def item_of(self, name: str) -> str:
        """The item (:attr:`Weapon.item_name`) of the weapon called ``name``, or ``name`` itself
        when no weapon is called so (an unarmed parry's skill, a weapon since removed)."""
        found = next((w for w in self.weapons if w.name == name), None)
        return found.item_name if found is not None else name

    def usages_of(self, weapon: Weapon) -> tuple[Weapon, ...]:
        """Every weapon on the sheet of ``weapon``'s item, in the sheet's order: the usages one
        physical weapon is wielded in (``weapon`` itself when it is its own item)."""
        return tuple(w for w in self.weapons if w.item_name == weapon.item_name)

    def is_shield_usage(self, weapon: Weapon) -> bool:
        """``weapon`` is a usage of his shield: GCS's ``Small Shield (Shield Bash)``, whose
        item is the shield, or a weapon named like the shield. It is strapped to his arm with
        the shield (B287), not held in a hand."""
        shield = self.shield
        return shield is not None and weapon.item_name.casefold() == shield.name.casefold()

    @property
    def held_weapons(self) -> tuple[Weapon, ...]:
        """The weapons he holds in his hands, every usage of each item, in the sheet's order:
        what a knockdown makes him drop (R7.8, "solta o que estiver segurando"). Natural
        weapons (fists, teeth, claws) are part of him and the usages of his shield are
        strapped to his arm with it (B287): neither is held."""
        return tuple(w for w in self.weapons if not w.natural and not self.is_shield_usage(w))

    def has_dropped(self, weapon: Weapon) -> bool:
        """``weapon``'s item lies on the ground (R7.8, R11.22): none of its usages strikes or
        parries until a Ready picks it up."""
        return weapon.item_name in self.state.dropped

    def dropping(self, *weapons: Weapon) -> Combatant:
        """The sheet with the items of ``weapons`` on the ground (R7.8, R11.22): every usage of
        each item falls with it."""
        items = {weapon.item_name for weapon in weapons}
        return self.with_state(dropped=self.state.dropped | items)

    @property
    def thrust(self) -> DiceExpression:
        """Thrust damage for his ST (A.3)."""
        from rules.damage import thrust  # noqa: PLC0415 - rules.damage imports this module

        return thrust(self.attributes.st)

    @property
    def swing(self) -> DiceExpression:
        """Swing damage for his ST (A.3)."""
        from rules.damage import swing  # noqa: PLC0415 - rules.damage imports this module

        return swing(self.attributes.st)

    def skill(self, name: str, specialization: str | None = None) -> int | None:
        """Level in a named skill (``"acrobatics"``, ``"Fast-Draw"`` …), if he has it.

        Names compare as :func:`skill_key` does. Without ``specialization`` the best of
        the skill's specializations counts (any Fast-Draw draws, R5.22, R5.26).
        """
        wanted = skill_key(name)
        special = None if specialization is None else skill_key(specialization)
        levels = [
            skill.level
            for skill in self.skills
            if skill.key[0] == wanted and (special is None or skill.key[1] == special)
        ]
        return max(levels) if levels else None

    # --- condition ----------------------------------------------------------

    @property
    def hp_fraction(self) -> float:
        """Current HP over basic HP (negative when below zero)."""
        return self.state.hp / self.max_hp

    @property
    def fp_fraction(self) -> float:
        """Current FP over basic FP (1.0 for a combatant with no FP)."""
        return self.state.fp / self.max_fp if self.max_fp else 1.0

    @property
    def is_reeling(self) -> bool:
        """Fewer than 1/3 of basic HP left (R7.1): Move and Dodge are halved."""
        return 3 * self.state.hp < self.max_hp

    @property
    def is_tired(self) -> bool:
        """Fewer than 1/3 of basic FP left (R8.1): Move, Dodge and ST are halved."""
        return 3 * self.state.fp < self.max_fp

    @property
    def st(self) -> int:
        """ST for rolls, readying and slams: halved, rounding up, when tired (R8.1). HP and
        thrust and swing damage keep the ST attribute."""
        st = self.attributes.st
        return -(-st // 2) if self.is_tired else st

    @property
    def is_conscious(self) -> bool:
        """Still in the fight's turn order (R4.2): not unconscious, dead or destroyed."""
        s = self.state
        return not (s.unconscious or s.dead or s.destroyed)

    @property
    def can_act(self) -> bool:
        """Conscious and not stunned: stunned fighters must Do Nothing (R7.10, R7.11)."""
        s = self.state
        return self.is_conscious and not (s.stunned or s.mentally_stunned)

    # --- derived scores -----------------------------------------------------

    def _halvings(self) -> int:
        return int(self.is_reeling) + int(self.is_tired)

    @staticmethod
    def _halve_up(value: int, times: int) -> int:
        for _ in range(times):
            value = -(-value // 2)
        return value

    @property
    def base_dodge(self) -> int:
        """Dodge before injury and fatigue under the seed's reading: :meth:`base_dodge_under`."""
        return self.base_dodge_under(None)

    def dodges_as_animal(self, options: RuleOptions | None) -> bool:
        """Whether his Dodge is an animal's (R6.1): a creature that is not humanoid (its
        ``rise_class``, R7.12) with no Dodge given, unless the guild reads the Basic Set
        (``animal_dodge_basic_set``: an animal dodges like anyone)."""
        return (
            self.dodge_override is None
            and self.rise_class is not RiseClass.HUMANOID
            and not (options is not None and options.animal_dodge_basic_set)
        )

    def base_dodge_under(self, options: RuleOptions | None) -> int:
        """Dodge before injury and fatigue: floor(Basic Speed) + 3 − encumbrance (+1 CR) (A.4).

        An animal (:meth:`dodges_as_animal`) has half its Move or its DX, whichever is
        better (R6.1, :func:`animal_dodge`).
        """
        if self.dodge_override is not None:
            return self.dodge_override
        if self.dodges_as_animal(options):
            return animal_dodge(self.base_move, self.attributes.dx)
        value = math.floor(self.attributes.basic_speed) + 3 - self.encumbrance_level
        if self.has(Trait.COMBAT_REFLEXES):
            value += 1
        return value

    def dodge_change_for_dx(self, change: int, options: RuleOptions | None = None) -> int:
        """How much Dodge moves when DX moves by ``change`` for a while (a burning fighter's
        -2, R10.5): through Basic Speed, (DX + HT) / 4, or an animal's DX (R6.1); a Dodge
        given outright does not move (A.4)."""
        if self.dodge_override is not None or not change:
            return 0
        if self.dodges_as_animal(options):
            dx = self.attributes.dx
            return animal_dodge(self.base_move, dx + change) - animal_dodge(self.base_move, dx)
        speed = self.attributes.basic_speed
        return math.floor(speed + change / 4) - math.floor(speed)

    @property
    def dodge(self) -> int:
        """Current Dodge under the seed's reading: :meth:`dodge_under`."""
        return self.dodge_under(None)

    def dodge_under(self, options: RuleOptions | None) -> int:
        """Current Dodge: halved, rounding up, when reeling (R7.1) and again when tired (R8.1).

        Stun's −4 (R7.10) and other per-defense modifiers are the defense rules' to add.
        """
        return self._halve_up(self.base_dodge_under(options), self._halvings())

    @property
    def base_move(self) -> int:
        """Basic Move scaled by encumbrance (A.5), rounded down, at least 1 if Basic Move > 0."""
        move = self.attributes.basic_move
        if move <= 0:
            return 0
        return max(1, math.floor(move * ENCUMBRANCE_MOVE_FACTORS[self.encumbrance_level]))

    @property
    def crippled_legs(self) -> int:
        """Legs (0-2) with the leg or its foot crippled (R7.16)."""
        crippled = self.state.crippled
        return sum(1 for parts in _LEG_PARTS.values() if parts & crippled)

    @property
    def move(self) -> int:
        """Current Move: halved, rounding up, when reeling (R7.1) and again when tired (R8.1).

        A crippled leg or foot (R7.16; its effects are the Basic Set's) halves it once more: he
        hobbles on the other leg. With both legs crippled he cannot walk: Move 0.
        """
        legs = self.crippled_legs
        if legs >= len(_LEG_PARTS):
            return 0
        return self._halve_up(self.base_move, self._halvings() + legs)

    def hand_of(self, weapon: Weapon) -> Side:
        """The hand that holds ``weapon``: the sheet's first weapon is in the right hand, the
        others in the left, the shield's (R6.6)."""
        first = self.weapons[0].item_name if self.weapons else None
        return Side.RIGHT if weapon.item_name == first else Side.LEFT

    def arm_crippled(self, side: Side) -> bool:
        """That arm or its hand is crippled (R7.16): it can neither wield nor parry."""
        return bool(_ARM_PARTS[side] & self.state.crippled)

    def wields_with_crippled_arm(self, weapon: Weapon) -> bool:
        """``weapon`` is held by a crippled arm or hand (both arms for a two-handed one), so
        it can neither strike nor parry (R7.16, with the Basic Set's effects)."""
        if weapon.two_handed:
            return any(self.arm_crippled(side) for side in _ARM_PARTS)
        return self.arm_crippled(self.hand_of(weapon))

    @property
    def shield_arm_crippled(self) -> bool:
        """The left arm, which carries the shield, is crippled: no Block and no DB (R7.16)."""
        return bool({BodyPart.LEFT_ARM} & self.state.crippled)

    def parry(self, weapon: Weapon | str) -> int | None:
        """Parry with ``weapon``: 3 + floor(skill / 2) + its Parry modifier (+1 CR) (A.4).

        ``None`` when the weapon cannot parry.
        """
        chosen = self.weapon(weapon) if isinstance(weapon, str) else weapon
        if not chosen.can_parry or self.has_dropped(chosen):
            return None
        value = 3 + chosen.skill // 2 + chosen.parry_modifier
        if self.has(Trait.COMBAT_REFLEXES):
            value += 1
        return value

    @property
    def block(self) -> int | None:
        """Block: 3 + floor(Shield skill / 2) (+1 CR) (A.4); ``None`` without a usable shield."""
        if self.shield is None or not self.shield.can_block:
            return None
        value = 3 + self.shield.skill // 2
        if self.has(Trait.COMBAT_REFLEXES):
            value += 1
        return value

    @property
    def shield_db(self) -> int:
        """The ready shield's Defense Bonus (0 without one)."""
        return self.shield.db if self.shield is not None else 0


def _as_rule_error(exc: ValidationError) -> RuleError:
    """Turn pydantic's report into one keyed :class:`RuleError` (the first problem)."""
    first = exc.errors()[0]
    ctx = first.get("ctx") or {}
    original = ctx.get("error")
    if isinstance(original, RuleError):
        return original
    field = ".".join(str(part) for part in first.get("loc", ()))
    return RuleError(
        "combatant.invalid_value",
        f"{field or 'combatant'}: {first.get('msg', 'invalid value')}",
        field=field,
        reason=first.get("type", "invalid"),
    )
