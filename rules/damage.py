"""Damage: ST → thrust/swing, damage types and modifiers, weapon damage text, the hit spec.

* :func:`thrust` / :func:`swing` — the Basic Set damage table for any ST (A.3),
  including ST above 20, 40 and 100.
* :class:`DamageType` and :data:`WOUNDING_MODIFIERS` — the wounding modifier of
  each type (A.2); hit locations replace it (R7.19, see :mod:`rules.hit_location`).
* :func:`parse_damage` — weapon damage text (``sw+2 cut``, ``thr+1 imp``,
  ``1d+1 pi``, ``2d(2) pi``, ``3d cr ex``, ``1d(0.2) burn``) into a
  :class:`WeaponDamage` that resolves against the wielder's ST and rolls.
* :func:`parse_direct_damage` — what a GM types as damage without a weapon
  (``12``, ``2d+1``, ``3d-1 cut``, ``2d(2) pi``) into a :class:`DirectDamage` that rolls.
* :class:`DamageSpec` — one hit as the injury pipeline takes it: basic damage,
  type, armor divisor, hit location and the situational options.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Final

from rules.body import HitLocation, Side
from rules.dice import DiceExpression, DiceResult
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import DiceRoller

__all__ = [
    "ERROR_KEYS",
    "PIERCING_TYPES",
    "WOUNDING_MODIFIERS",
    "BasicDamageRoll",
    "DamageSpec",
    "DamageType",
    "DirectDamage",
    "WeaponDamage",
    "apply_minimum_damage",
    "huge_attacker_large_area",
    "parse_damage",
    "parse_damage_type",
    "parse_direct_damage",
    "split_damage_type",
    "split_st_base",
    "swing",
    "thrust",
]

ERROR_KEYS: Final = frozenset(
    {
        "damage.bad_st",  #             st, minimum
        "damage.syntax",  #             text
        "damage.unknown_type",  #       found
        "damage.missing_type",  #       text
        "damage.bad_armor_divisor",  #  found
        "damage.bad_location",  #       location, damage_type
        "damage.armor_not_ignorable",  # location
        "damage.large_area_exposed",  # (none)
        "damage.needs_dice",  #         text
        "damage.type_conflict",  #      text
        "damage.too_much",  #           text, maximum
        "dice.too_many_dice",  #        count, maximum
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""


class DamageType(StrEnum):
    """Damage types (A.2, A.6); values are the glossary identifiers."""

    CR = "cr"
    CUT = "cut"
    IMP = "imp"
    PI_SMALL = "pi_small"
    PI = "pi"
    PI_LARGE = "pi_large"
    PI_HUGE = "pi_huge"
    BURN = "burn"
    COR = "cor"
    TOX = "tox"
    FAT = "fat"

    @property
    def abbreviation(self) -> str:
        """The Basic Set's short form: ``pi-``, ``pi++``, ``cut`` …"""
        return _ABBREVIATIONS[self]


_ABBREVIATIONS: Final[dict[DamageType, str]] = {
    DamageType.CR: "cr",
    DamageType.CUT: "cut",
    DamageType.IMP: "imp",
    DamageType.PI_SMALL: "pi-",
    DamageType.PI: "pi",
    DamageType.PI_LARGE: "pi+",
    DamageType.PI_HUGE: "pi++",
    DamageType.BURN: "burn",
    DamageType.COR: "cor",
    DamageType.TOX: "tox",
    DamageType.FAT: "fat",
}

PIERCING_TYPES: Final = frozenset(
    {DamageType.PI_SMALL, DamageType.PI, DamageType.PI_LARGE, DamageType.PI_HUGE}
)
"""The four piercing sizes: "Piercing (any)" in the hit-location table (R7.19)."""

#: Wounding modifier by damage type (A.2), exact fractions.
WOUNDING_MODIFIERS: Final[dict[DamageType, Fraction]] = {
    DamageType.PI_SMALL: Fraction(1, 2),
    DamageType.PI: Fraction(1),
    DamageType.PI_LARGE: Fraction(3, 2),
    DamageType.PI_HUGE: Fraction(2),
    DamageType.CUT: Fraction(3, 2),
    DamageType.IMP: Fraction(2),
    DamageType.CR: Fraction(1),
    DamageType.BURN: Fraction(1),
    DamageType.COR: Fraction(1),
    DamageType.TOX: Fraction(1),
    DamageType.FAT: Fraction(1),
}

# Words accepted for each type: the Basic Set abbreviations, the glossary
# identifiers and the seed's Portuguese labels (A.6).
_TYPE_WORDS: Final[dict[str, DamageType]] = {
    "cr": DamageType.CR,
    "cont": DamageType.CR,
    "cut": DamageType.CUT,
    "cort": DamageType.CUT,
    "imp": DamageType.IMP,
    "perf": DamageType.IMP,
    "pi-": DamageType.PI_SMALL,
    "pi_small": DamageType.PI_SMALL,
    "pa-": DamageType.PI_SMALL,
    "pi": DamageType.PI,
    "pa": DamageType.PI,
    "pi+": DamageType.PI_LARGE,
    "pi_large": DamageType.PI_LARGE,
    "pa+": DamageType.PI_LARGE,
    "pi++": DamageType.PI_HUGE,
    "pi_huge": DamageType.PI_HUGE,
    "pa++": DamageType.PI_HUGE,
    "burn": DamageType.BURN,
    "qmd": DamageType.BURN,
    "cor": DamageType.COR,
    "tox": DamageType.TOX,
    "fat": DamageType.FAT,
    "fad": DamageType.FAT,
}


def parse_damage_type(word: str) -> DamageType:
    """A damage type from its abbreviation (``pi+``), identifier or pt-BR label (A.6)."""
    key = _normalize(word).strip().lower()
    found = _TYPE_WORDS.get(key)
    if found is None:
        raise RuleError("damage.unknown_type", f"unknown damage type {word!r}", found=word.strip())
    return found


def _normalize(text: str) -> str:
    return text.replace("\u2212", "-").replace("\u2013", "-").replace("\u00d7", "x")


# --------------------------------------------------------------------------- ST table

# (thrust dice, thrust adds, swing dice, swing adds) for ST 1..40 (A.3).
_ST_TABLE: Final[tuple[tuple[int, int, int, int], ...]] = (
    (1, -6, 1, -5),  # 1
    (1, -6, 1, -5),
    (1, -5, 1, -4),
    (1, -5, 1, -4),
    (1, -4, 1, -3),  # 5
    (1, -4, 1, -3),
    (1, -3, 1, -2),
    (1, -3, 1, -2),
    (1, -2, 1, -1),
    (1, -2, 1, 0),  # 10
    (1, -1, 1, 1),
    (1, -1, 1, 2),
    (1, 0, 2, -1),
    (1, 0, 2, 0),
    (1, 1, 2, 1),  # 15
    (1, 1, 2, 2),
    (1, 2, 3, -1),
    (1, 2, 3, 0),
    (2, -1, 3, 1),
    (2, -1, 3, 2),  # 20
    (2, 0, 4, -1),
    (2, 0, 4, 0),
    (2, 1, 4, 1),
    (2, 1, 4, 2),
    (2, 2, 5, -1),  # 25
    (2, 2, 5, 0),
    (3, -1, 5, 1),
    (3, -1, 5, 1),
    (3, 0, 5, 2),
    (3, 0, 5, 2),  # 30
    (3, 1, 6, -1),
    (3, 1, 6, -1),
    (3, 2, 6, 0),
    (3, 2, 6, 0),
    (4, -1, 6, 1),  # 35
    (4, -1, 6, 1),
    (4, 0, 6, 2),
    (4, 0, 6, 2),
    (4, 1, 7, -1),
    (4, 1, 7, -1),  # 40
)

# Rows every 5 ST from 45 to 100 (A.3); ST between rows uses the row below.
_ST_TABLE_HIGH: Final[dict[int, tuple[int, int, int, int]]] = {
    45: (5, 0, 7, 1),
    50: (5, 2, 8, -1),
    55: (6, 0, 8, 1),
    60: (7, -1, 9, 0),
    65: (7, 1, 9, 2),
    70: (8, 0, 10, 0),
    75: (8, 2, 10, 2),
    80: (9, 0, 11, 0),
    85: (9, 2, 11, 2),
    90: (10, 0, 12, 0),
    95: (10, 2, 12, 2),
    100: (11, 0, 13, 0),
}


@functools.cache
def _st_row(st: int) -> tuple[int, int, int, int]:
    if st < 1:
        raise RuleError("damage.bad_st", f"ST must be at least 1 (got {st})", st=st, minimum=1)
    if st <= 40:
        return _ST_TABLE[st - 1]
    if st < 45:
        return _ST_TABLE[39]
    if st <= 100:
        return _ST_TABLE_HIGH[st - st % 5]
    extra = (st - 100) // 10
    thr_dice, thr_adds, sw_dice, sw_adds = _ST_TABLE_HIGH[100]
    return (thr_dice + extra, thr_adds, sw_dice + extra, sw_adds)


@functools.cache
def thrust(st: int) -> DiceExpression:
    """Thrust damage (GdP) for ``st`` (A.3): ST 12 → 1d-1, ST 30 → 3d, ST 110 → 12d."""
    dice, adds, _, _ = _st_row(st)
    return DiceExpression.of(dice, adds)


@functools.cache
def swing(st: int) -> DiceExpression:
    """Swing damage (GeB) for ``st`` (A.3): ST 12 → 1d+2, ST 30 → 5d+2, ST 110 → 14d."""
    _, _, dice, adds = _st_row(st)
    return DiceExpression.of(dice, adds)


# --------------------------------------------------------------------------- minimum damage


def apply_minimum_damage(total: int, damage_type: DamageType, options: RuleOptions) -> int:
    """Floor a rolled damage total (A.2, G7): crushing may be 0, any other type is at least 1.

    With ``zero_minimum_damage`` every type may come out at 0.
    """
    if total >= 1:
        return total
    if damage_type is DamageType.CR or options.zero_minimum_damage:
        return 0
    return 1


# --------------------------------------------------------------------------- weapon damage


@dataclass(frozen=True, slots=True)
class BasicDamageRoll:
    """A rolled damage expression and the basic damage it gives (A.2, G7)."""

    expression: DiceExpression
    result: DiceResult
    basic_damage: int
    minimum_applied: bool
    rule_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WeaponDamage:
    """Parsed weapon damage text.

    ``base`` is ``"thr"``/``"sw"`` for ST-based damage (``adds`` then applies), or
    ``None`` with fixed ``dice``. ``armor_divisor`` is exact (``(0.2)`` is 1/5).
    """

    text: str
    damage_type: DamageType
    base: str | None = None
    adds: int = 0
    dice: DiceExpression | None = None
    armor_divisor: Fraction = Fraction(1)
    explosive: bool = False
    fragmentation: DiceExpression | None = None
    tight_beam: bool = False
    incendiary: bool = False
    """The Incendiary modifier: 1 burning damage more to whoever it hits (R10.2)."""

    def expression(self, st: int) -> DiceExpression:
        """The dice to roll for a wielder with ``st``."""
        if self.dice is not None:
            return self.dice
        table = thrust(st) if self.base == "thr" else swing(st)
        return table.plus(self.adds) if self.adds else table

    def roll(
        self, st: int, roller: DiceRoller, options: RuleOptions | None = None
    ) -> BasicDamageRoll:
        """Roll basic damage for a wielder with ``st``, applying the minimum (A.2, G7)."""
        expression = self.expression(st)
        result = expression.roll(roller)
        floored = apply_minimum_damage(result.total, self.damage_type, options or _DEFAULTS)
        return BasicDamageRoll(
            expression=expression,
            result=result,
            basic_damage=floored,
            minimum_applied=floored != result.total,
            rule_ids=("A.2", "G7") if floored != result.total else ("A.2",),
        )


_DEFAULTS: Final = RuleOptions()

_BASE_RE: Final = re.compile(r"^(thr|sw|gdp|geb)\s*(?:([+-])\s*(\d+))?$")
_DIVISOR_RE: Final = re.compile(r"\(\s*([0-9]+(?:[.,][0-9]+)?)\s*\)\s*$")
_FRAGMENT_RE: Final = re.compile(r"^\[\s*([^\]]+)\]$")
_TIGHT_BEAM_WORDS: Final = frozenset({"tb", "tbb", "tight-beam", "tight_beam", "beam"})
_INCENDIARY_WORDS: Final = frozenset({"inc", "incendiary", "incendiario", "incendiário"})
_BASE_ALIASES: Final = {"gdp": "thr", "geb": "sw"}


@functools.lru_cache(maxsize=1024)
def parse_damage(text: str) -> WeaponDamage:
    """Parse weapon damage text: ``sw+2 cut``, ``thr+1 imp``, ``2d(2) pi``, ``3d cr ex [1d]``.

    The base is ``thr``/``sw`` (or the seed's ``GdP``/``GeB``) with adds, or any
    dice expression; an armor divisor ``(N)`` may follow it; then the damage type,
    and optionally ``ex`` (explosive), a fragmentation ``[Nd]``, ``tbb``
    (tight-beam burning, R10.3) and ``inc`` (incendiary, R10.2). Raises
    :class:`RuleError` (``damage.*``).
    """
    cleaned = _normalize(text).strip().lower()
    if not cleaned:
        raise RuleError("damage.syntax", "empty damage text", text=text)
    tokens = cleaned.split()
    type_index = next((i for i, token in enumerate(tokens) if token in _TYPE_WORDS), None)
    if type_index is None:
        raise RuleError("damage.missing_type", f"no damage type in {text!r}", text=text)
    if type_index == 0:
        raise RuleError("damage.syntax", f"no damage before the type in {text!r}", text=text)
    base_text = "".join(tokens[:type_index])
    damage_type = _TYPE_WORDS[tokens[type_index]]

    divisor = Fraction(1)
    found = _DIVISOR_RE.search(base_text)
    if found:
        divisor = _armor_divisor(found.group(1))
        base_text = base_text[: found.start()]

    base: str | None = None
    adds = 0
    dice: DiceExpression | None = None
    st_based = _BASE_RE.match(base_text)
    if st_based:
        base = _BASE_ALIASES.get(st_based.group(1), st_based.group(1))
        if st_based.group(3):
            adds = int(st_based.group(3)) * (-1 if st_based.group(2) == "-" else 1)
    else:
        try:
            dice = DiceExpression.parse(base_text)
        except RuleError as exc:
            if exc.key == "dice.too_many_dice":
                raise  # readable, only too many dice: say so
            raise RuleError(
                "damage.syntax", f"cannot read the damage {base_text!r} in {text!r}", text=text
            ) from exc

    explosive = False
    tight_beam = False
    incendiary = False
    fragmentation: DiceExpression | None = None
    for token in tokens[type_index + 1 :]:
        fragment = _FRAGMENT_RE.match(token)
        if token == "ex":
            explosive = True
        elif token in _TIGHT_BEAM_WORDS:
            tight_beam = True
        elif token in _INCENDIARY_WORDS:
            incendiary = True
        elif fragment:
            try:
                fragmentation = DiceExpression.parse(fragment.group(1))
            except RuleError as exc:
                raise RuleError(
                    "damage.syntax", f"cannot read the fragmentation {token!r}", text=text
                ) from exc
        else:
            raise RuleError("damage.syntax", f"unexpected {token!r} in {text!r}", text=text)
    if tight_beam and damage_type is not DamageType.BURN:
        raise RuleError(
            "damage.syntax", f"only burning attacks can be tight-beam ({text!r})", text=text
        )
    return WeaponDamage(
        text=text.strip(),
        damage_type=damage_type,
        base=base,
        adds=adds,
        dice=dice,
        armor_divisor=divisor,
        explosive=explosive,
        fragmentation=fragmentation,
        tight_beam=tight_beam,
        incendiary=incendiary,
    )


def split_damage_type(text: str) -> tuple[str, DamageType, str] | None:
    """Damage text cut around its type word, as written: ``sw+1 cut`` → ``("sw+1", CUT, "")``,
    ``3d cr ex [1d]`` → ``("3d", CR, "ex [1d]")``; ``None`` for text :func:`parse_damage`
    refuses. For showing the type in the reader's words and the rest as the writer typed it."""
    try:
        damage = parse_damage(text)
    except RuleError:
        return None
    tokens = text.split()
    for index, token in enumerate(tokens):
        if index and _TYPE_WORDS.get(_normalize(token).lower()) is damage.damage_type:
            return " ".join(tokens[:index]), damage.damage_type, " ".join(tokens[index + 1 :])
    return None


def split_st_base(text: str) -> tuple[str, str] | None:
    """An ST-based base cut after its word, as written: ``sw+1`` → ``("sw", "+1")``,
    ``GdP-1`` → ``("thr", "-1")`` (A.3); ``None`` for dice (``2d+1``). For showing the base
    in the reader's words (the seed's GdP/GeB)."""
    match = _BASE_RE.match(_normalize(text).strip().lower())
    if match is None:
        return None
    word = match.group(1)
    return _BASE_ALIASES.get(word, word), text.strip()[len(word) :]


MAX_DIRECT_DAMAGE: Final = 1000
"""The most basic damage ``/damage`` applies in one hit (its highest possible roll)."""


@dataclass(frozen=True, slots=True)
class DirectDamage:
    """Damage given without a weapon: fixed dice (or a plain number), a type and, when the
    text carried one, an armor divisor (A.2)."""

    text: str
    expression: DiceExpression
    damage_type: DamageType
    armor_divisor: Fraction | None = None
    incendiary: bool = False
    """Typed with ``inc``: 1 burning damage more (R10.2)."""

    @property
    def rolls(self) -> bool:
        """Whether there are dice to roll (``12`` is given as it is)."""
        return self.expression.dice_count > 0

    def roll(self, roller: DiceRoller) -> DiceResult:
        """The rolled total, before the minimum the injury pipeline applies (A.2, G7)."""
        return self.expression.roll(roller)


def parse_direct_damage(text: str, damage_type: DamageType | None = None) -> DirectDamage:
    """``12``, ``2d+1``, ``3d-1 cut`` or ``2d(2) pi``: the basic damage a GM applies by hand.

    The type may come with the text (as in weapon damage, :func:`parse_damage`) or as
    ``damage_type``; given both, they must agree. ``thr``/``sw`` need a wielder's ST and
    are refused here. The highest possible roll is at most :data:`MAX_DIRECT_DAMAGE`.
    Raises :class:`RuleError` (``damage.*``, or ``dice.*`` for the dice themselves).
    """
    cleaned = _normalize(text).strip().lower()
    if not cleaned:
        raise RuleError("damage.syntax", "empty damage text", text=text)
    typed = any(token in _TYPE_WORDS for token in cleaned.split())
    if typed:
        parsed = parse_damage(text)
        if parsed.dice is None:
            raise RuleError("damage.needs_dice", f"{text!r} needs a wielder's ST", text=text)
        if damage_type is not None and damage_type is not parsed.damage_type:
            raise RuleError(
                "damage.type_conflict",
                f"{text!r} is {parsed.damage_type}, the type chosen is {damage_type}",
                text=text.strip(),
            )
        expression, kind = parsed.dice, parsed.damage_type
        divisor = None if parsed.armor_divisor == 1 else parsed.armor_divisor
        incendiary = parsed.incendiary
    else:
        if _BASE_RE.match(cleaned.replace(" ", "")):
            raise RuleError("damage.needs_dice", f"{text!r} needs a wielder's ST", text=text)
        if damage_type is None:
            raise RuleError("damage.missing_type", f"no damage type in {text!r}", text=text)
        words = cleaned.split()
        incendiary = bool(words) and words[-1] in _INCENDIARY_WORDS
        base = "".join(words[:-1] if incendiary else words)
        divisor = None
        found = _DIVISOR_RE.search(base)
        if found:
            divisor = _armor_divisor(found.group(1))
            base = base[: found.start()]
        expression, kind = DiceExpression.parse(base), damage_type
    if expression.max_total < 0:
        raise RuleError("damage.syntax", f"{text!r} cannot do any damage", text=text)
    if expression.max_total > MAX_DIRECT_DAMAGE:
        raise RuleError(
            "damage.too_much",
            f"{text!r} can roll more than {MAX_DIRECT_DAMAGE}",
            text=text.strip(),
            maximum=MAX_DIRECT_DAMAGE,
        )
    return DirectDamage(
        text=text.strip(),
        expression=expression,
        damage_type=kind,
        armor_divisor=divisor,
        incendiary=incendiary,
    )


def _armor_divisor(found: str) -> Fraction:
    value = Fraction(found.replace(",", "."))
    if value <= 0:
        raise RuleError(
            "damage.bad_armor_divisor", f"armor divisor must be positive, not {found}", found=found
        )
    return value


# --------------------------------------------------------------------------- the hit


_IGNORABLE_ARMOR: Final = frozenset({HitLocation.FACE, HitLocation.GROIN})


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """One hit, as :func:`rules.injury.apply_hit` takes it.

    - ``basic_damage``: the rolled total (the pipeline applies the A.2/G7 minimum).
    - ``armor_divisor``: ``Fraction(2)`` halves DR, ``Fraction(1, 5)`` multiplies it by 5.
    - ``location``/``side``: where it landed (R7.19); ``side`` picks the arm, leg,
      hand, foot or eye.
    - ``chinks_in_armor``: aimed at a chink (R7.23): imp/pi halve the armor DR.
    - ``armor_ignored``: an open helmet (face, R7.27) or light armor that leaves
      the groin bare (R7.28): the armor's DR does not count there.
    - ``large_area`` with ``exposed``: an explosion, area, cone or immersion
      (R7.18); ``exposed`` lists the parts it reaches (empty means all).
    - ``half_damage_range``: beyond ½D, basic damage is halved (rounded down).
    - ``tight_beam``: tight-beam burning (R10.3), reaches eyes and vitals.
    - ``knockback_bullet``: a bullet (R7.14) knocks back like crushing.
    - ``knockback_uses_ht``: the target has no ST or is not resisting (R7.14).
    - ``can_destroy``: the source can destroy a body at −10×HP (R7.5).
    - ``knockback``: off for damage that pushes no one anywhere (a fall, R13.7; a falling
      object, R13.8).
    - ``location_wounding``: off, the location's wounding multiplier is left out (R11.10).
    - ``internal``: a charge gone off inside the target (R15.7): his vitals are hit, ×3
      whatever the damage type, while knockback still reads the basic damage (R7.14).
    - ``environmental``: fire, heat and the like rather than an attack: a roll of 0 or less
      does 0, never the attack's minimum of 1 (G7).
    - ``knockback_damage``: only this much of the basic damage reached him, the rest
      stopped in cover before him (R15.6, R15.8): knockback reads it (R7.14); ``None``:
      all of it reached him.
    """

    basic_damage: int
    damage_type: DamageType
    armor_divisor: Fraction = Fraction(1)
    location: HitLocation = HitLocation.TORSO
    side: Side = Side.RIGHT
    chinks_in_armor: bool = False
    armor_ignored: bool = False
    large_area: bool = False
    exposed: tuple[HitLocation, ...] = ()
    half_damage_range: bool = False
    tight_beam: bool = False
    explosive: bool = False
    knockback_bullet: bool = False
    knockback_uses_ht: bool = False
    can_destroy: bool = True
    knockback: bool = True
    location_wounding: bool = True
    """Off: the location's own wounding multiplier is not applied (the type's torso one is),
    as for a choke at the neck, whose margin is the injury (R11.10)."""
    internal: bool = False
    environmental: bool = False
    knockback_damage: int | None = None
    divisor_key: Fraction | None = field(init=False, repr=False, compare=False)
    """``None`` for no armor divisor, else the divisor: a cheap cache key for the DR step."""

    def __post_init__(self) -> None:
        raw: object = self.armor_divisor
        # A float (e.g. from JSON) goes through its decimal text: Fraction(0.2) would be
        # 3602879701896397/18014398509481984, not the 1/5 that "(0.2)" means (A.2).
        divisor = Fraction(str(raw)) if isinstance(raw, float) else Fraction(self.armor_divisor)
        object.__setattr__(self, "armor_divisor", divisor)
        object.__setattr__(self, "divisor_key", None if divisor == 1 else divisor)
        if self.armor_divisor <= 0:
            raise RuleError(
                "damage.bad_armor_divisor",
                f"armor divisor must be positive, not {self.armor_divisor}",
                found=str(self.armor_divisor),
            )
        if self.armor_ignored and self.location not in _IGNORABLE_ARMOR:
            raise RuleError(
                "damage.armor_not_ignorable",
                f"armor can only be ignored on the face or groin, not the {self.location}",
                location=str(self.location),
            )
        if self.tight_beam and self.damage_type is not DamageType.BURN:
            raise RuleError(
                "damage.bad_location",
                "only burning attacks can be tight-beam",
                location=str(self.location),
                damage_type=str(self.damage_type),
            )
        if self.exposed and not self.large_area:
            raise RuleError(
                "damage.large_area_exposed",
                "exposed parts only matter for large-area injury",
            )

    @classmethod
    def from_weapon(
        cls,
        damage: WeaponDamage,
        basic_damage: int,
        location: HitLocation = HitLocation.TORSO,
        **situation: object,
    ) -> DamageSpec:
        """A spec from parsed weapon damage and the rolled total."""
        return cls(
            basic_damage=basic_damage,
            damage_type=damage.damage_type,
            armor_divisor=damage.armor_divisor,
            location=location,
            tight_beam=damage.tight_beam,
            explosive=damage.explosive,
            **situation,  # type: ignore[arg-type]
        )


def huge_attacker_large_area(attacker_size_modifier: int, target_size_modifier: int) -> bool:
    """R7.18: a melee attacker whose SM exceeds the target's by 7 or more does large-area injury."""
    return attacker_size_modifier - target_size_modifier >= 7
