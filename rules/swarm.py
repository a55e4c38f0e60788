"""Swarms and hordes in a fight (catalog section 14, R14.1-R14.8).

A swarm is one combatant for many small creatures, in one hex, effective SM = basic + 2
(R14.1); a horde is a swarm over several hexes, its SM the size's + 2, slower the bigger it
is, and it always acts last (R14.5, R14.6; :mod:`rules.initiative`). Their numbers live in
:mod:`rules.swarm_profile`; this module runs them:

- :func:`swarm_sheet` makes the combatant, from R14.4's and R14.8's examples
  (:func:`preset_sheet`) or the GM's own numbers;
- :func:`engage_swarm` puts a victim in its hex, with what he wears (R14.2);
  :func:`release_from_swarm` takes him out (:func:`engage` and :func:`release` give just
  the new fight);
- :func:`swarm_attacks` (at the end of its turn, :func:`end_of_swarm_turn`): no attack or
  defense roll, the damage rolled again every round against everyone in it (R14.2). Small
  creatures (bees, insects) are kept off by ordinary clothing 2 rounds, low-TL armor 5, a
  sealed suit for ever, and after that armor does not count; larger ones meet the torso's
  usual DR, a sealed suit stops them;
- :func:`hit_swarm`: attacks on it hit automatically; it is diffuse (at most 1 injury per
  impaling or piercing hit, 2 per other, except area and explosion attacks: R14.3 with the
  ``diffuse_injury_cap`` option), a shield swats 2 a round and a stomp does 1; enough
  damage disperses a swarm, and a horde loses a hex per "dispersed by", the rest carried,
  and below its Basic Size breaks into as many fresh swarms as hexes remain (R14.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.combatant import Combatant, HitLocation, Trait
from rules.damage import DamageSpec, DamageType, apply_minimum_damage, parse_damage
from rules.encounter import (
    MAX_COMBATANTS,
    MAX_COPIES,
    Encounter,
    EncounterCombatant,
    add_combatants,
    copy_names,
    remove_combatant,
)
from rules.errors import RuleError
from rules.hit_location import wounding_for_traits
from rules.injury import InjuryOutcome, apply_hit, diffuse_injury_cap
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.strike import AimCheck, aim_after_injury
from rules.swarm_profile import (
    HORDE_SIZES,
    PROTECTION_ROUNDS,
    SWARMS,
    Locomotion,
    Protection,
    Swarm,
    SwarmKind,
    SwarmProfile,
    SwarmVictim,
)

__all__ = [
    "ERROR_KEYS",
    "SHIELD_SWAT",
    "STOMP",
    "Dropped",
    "DroppedVictim",
    "HiveRelease",
    "SwarmAttack",
    "SwarmEngaged",
    "SwarmHit",
    "SwarmPacket",
    "SwarmReleased",
    "SwarmsAdded",
    "VictimAttack",
    "add_swarms",
    "custom_profile",
    "end_of_swarm_turn",
    "engage",
    "engage_swarm",
    "ensure_not_swarm",
    "hit_swarm",
    "hive_release",
    "preset_sheet",
    "release",
    "release_from_swarm",
    "swarm_attacks",
    "swarm_injury",
    "swarm_sheet",
]

ERROR_KEYS: Final = frozenset(
    {
        "swarm.no_horde",  # kind
        "swarm.below_basic_size",  # hexes, basic_size
        "swarm.not_a_swarm",  # name
        "swarm.is_a_swarm",  # name
        "swarm.victim_is_swarm",  # name
        "swarm.not_a_victim",  # name, swarm
        "swarm.still_follows",  # name, swarm, metres, limit
        "swarm.nothing_to_do",  # (none)
        "swarm.too_many_swarms",  # count, maximum
        "swarm.not_flying",  # name
        "swarm.flying",  # name
        "swarm.custom_needs",  # (none)
        "damage.syntax",  # text
        "damage.missing_type",  # text
        "damage.unknown_type",  # found
        "damage.bad_armor_divisor",  # found
        "encounter.combatant.not_found",  # name
        "encounter.combatant.duplicate_name",  # name
        "encounter.combatant.too_many",  # maximum
    }
)

SHIELD_SWAT: Final = 2
"""R14.3: a shield swats flying creatures for 2 a round, besides a weapon attack."""
STOMP: Final = 1
"""R14.3: stomping crawling insects does 1 a round, besides a weapon attack."""


# --------------------------------------------------------------------------- the combatant


def custom_profile(
    *,
    damage: str | None,
    dispersed_by: int | None,
    move: int | None,
    locomotion: Locomotion = Locomotion.GROUND,
    size_modifier: int = 0,
    small: bool = False,
) -> SwarmProfile:
    """A swarm of the GM's own numbers: its damage (read as weapon damage, ``1d cut``), the
    damage that disperses it and its Move are needed."""
    if damage is None or dispersed_by is None or move is None:
        raise RuleError("swarm.custom_needs", "a custom swarm needs damage, dispersed-by, move")
    parse_damage(damage)
    return SwarmProfile(
        kind=SwarmKind.CUSTOM,
        size_modifier=size_modifier,
        move=move,
        locomotion=locomotion,
        damage=damage.strip(),
        small=small,
        dispersed_by=dispersed_by,
    )


def swarm_sheet(
    name: str, profile: SwarmProfile, *, hexes: int = 1, basic_size: int | None = None
) -> Combatant:
    """The combatant a swarm (or, with ``basic_size``, a horde of ``hexes``) fights as.

    Its Basic Speed and Move are the swarm's Move (the seed gives no Speed: the turn order
    reads them); its SM the effective one (R14.1, R14.5); it is diffuse (R14.3).
    """
    if basic_size is not None and hexes < basic_size:
        raise RuleError(
            "swarm.below_basic_size",
            f"a horde of Basic Size {basic_size} cannot start with {hexes} hexes",
            hexes=hexes,
            basic_size=basic_size,
        )
    swarm = Swarm(profile=profile, hexes=hexes if basic_size else 1, basic_size=basic_size)
    per_hex = profile.dispersed_by
    return Combatant.create(
        name=name,
        attributes={
            "basic_speed": float(swarm.move),
            "basic_move": swarm.move,
            "hp": per_hex * swarm.hexes,
        },
        traits=[Trait.IT_DIFFUSE],
        size_modifier=swarm.size_modifier,
        swarm=swarm,
    )


def preset_sheet(name: str, kind: SwarmKind, hexes: int = 1) -> Combatant:
    """One of R14.4's swarms (``hexes`` 1) or R14.8's hordes (``hexes`` its Basic Size or
    more; there is no bee horde)."""
    profile = SWARMS[kind]
    if hexes == 1:
        return swarm_sheet(name, profile)
    basic = HORDE_SIZES.get(kind)
    if basic is None:
        raise RuleError("swarm.no_horde", f"there is no {kind} horde", kind=kind.value)
    return swarm_sheet(name, profile, hexes=hexes, basic_size=basic)


class SwarmsAdded(BaseModel):
    """``/swarm add``: the new fight and the swarms or hordes who joined it (R2.4, R2.5)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    encounter: Encounter
    added: tuple[EncounterCombatant, ...]
    kind: SwarmKind

    def detail(self) -> dict[str, object]:
        return {"added": [c.name for c in self.added], "swarm": self.kind.value}


def add_swarms(
    encounter: Encounter,
    kind: SwarmKind,
    name: str,
    count: int = 1,
    *,
    hexes: int = 1,
    side: str | None = None,
    aware: bool = False,
    roller: DiceRoller,
    damage: str | None = None,
    dispersed_by: int | None = None,
    move: int | None = None,
    locomotion: Locomotion = Locomotion.GROUND,
    size_modifier: int = 0,
    small: bool = False,
    basic_size: int | None = None,
) -> SwarmsAdded:
    """``count`` swarms called ``name`` (numbered past the fight's names,
    :func:`~rules.encounter.copy_names`): one of the seed's (:func:`preset_sheet`) or a
    custom profile (:func:`custom_profile`), a horde when it covers more than one hex or has
    a Basic Size (R14.5), which is its hexes unless given."""
    names = copy_names(name, count, [c.name for c in encounter.combatants])
    if kind is SwarmKind.CUSTOM:
        profile = custom_profile(
            damage=damage,
            dispersed_by=dispersed_by,
            move=move,
            locomotion=locomotion,
            size_modifier=size_modifier,
            small=small,
        )
        horde = hexes > 1 or basic_size is not None
        sheets = [
            swarm_sheet(
                each, profile, hexes=hexes, basic_size=(basic_size or hexes) if horde else None
            )
            for each in names
        ]
    else:
        sheets = [preset_sheet(each, kind, hexes) for each in names]
    updated, added = add_combatants(
        encounter, sheets, owner_id=None, side=side, aware=aware, roller=roller
    )
    return SwarmsAdded(encounter=updated, added=added, kind=kind)


def _swarm_of(fighter: EncounterCombatant) -> Swarm:
    swarm = fighter.combatant.swarm
    if swarm is None:
        raise RuleError("swarm.not_a_swarm", f"{fighter.name} is no swarm", name=fighter.name)
    return swarm


def ensure_not_swarm(fighter: EncounterCombatant) -> None:
    """Refuse an ordinary attack or damage on a swarm: it is hit with :func:`hit_swarm`
    (R14.3)."""
    if fighter.combatant.swarm is not None:
        raise RuleError("swarm.is_a_swarm", f"{fighter.name} is a swarm (R14.3)", name=fighter.name)


def _with_swarm(fighter: EncounterCombatant, swarm: Swarm) -> EncounterCombatant:
    sheet = fighter.combatant.model_copy(
        update={
            "swarm": swarm,
            "size_modifier": swarm.size_modifier,
            "attributes": fighter.combatant.attributes.model_copy(
                update={"basic_move": swarm.move}
            ),
        }
    )
    return fighter.with_sheet(sheet)


class SwarmEngaged(BaseModel):
    """``/swarm engage``: the swarm (or horde) is on the victim, who wears ``protection``
    (R14.1, R14.2, R14.5); names as the fight has them."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    encounter: Encounter
    swarm: str
    victim: str
    protection: Protection
    rule_ids: tuple[str, ...] = ("R14.1", "R14.2")

    def detail(self) -> dict[str, object]:
        return {"swarm": self.swarm, "engaged": self.victim}


def engage_swarm(
    encounter: Encounter,
    swarm_name: str,
    victim_name: str,
    protection: Protection = Protection.NONE,
) -> SwarmEngaged:
    """R14.1: the swarm is on ``victim`` (in its hex; a horde's area, R14.5), who wears
    ``protection`` against small creatures (R14.2). Engaging him again changes it, the
    rounds it has been on him kept (they count against his protection)."""
    fighter = encounter.find(swarm_name)
    swarm = _swarm_of(fighter)
    victim = encounter.find(victim_name)
    if victim.combatant.swarm is not None:
        raise RuleError(
            "swarm.victim_is_swarm", f"{victim.name} is a swarm itself", name=victim.name
        )
    known = swarm.victim(victim.combatant_id)
    entry = SwarmVictim(
        combatant_id=victim.combatant_id,
        protection=protection,
        rounds=known.rounds if known is not None else 0,
    )
    victims = [v for v in swarm.victims if v.combatant_id != victim.combatant_id]
    updated = swarm.model_copy(update={"victims": (*victims, entry)})
    return SwarmEngaged(
        encounter=encounter.replace(_with_swarm(fighter, updated)),
        swarm=fighter.name,
        victim=victim.name,
        protection=protection,
    )


def engage(
    encounter: Encounter,
    swarm_name: str,
    victim_name: str,
    protection: Protection = Protection.NONE,
) -> Encounter:
    """:func:`engage_swarm`'s new fight alone."""
    return engage_swarm(encounter, swarm_name, victim_name, protection).encounter


class HiveRelease(BaseModel):
    """How far from its home a victim ran, and what that means to the swarm (R14.4)."""

    model_config = ConfigDict(frozen=True)

    metres: int | float
    """As given: a whole number of metres stays one."""
    limit: int | None
    """The swarm's give-up distance (bees: 50 m); ``None``: distance does not matter to it."""
    rule_id: str = "R14.4"

    @property
    def gave_up(self) -> bool:
        """Past the give-up distance: the swarm lets him go."""
        return self.limit is not None and self.metres > self.limit


def hive_release(swarm: Swarm, from_hive: float | None) -> HiveRelease | None:
    """R14.4: bees give up on a victim more than 50 m from their hive (a fraction of a metre
    counts: 50.5 m is past 50 m); for a swarm without a hive the distance does not count."""
    if from_hive is None:
        return None
    metres = int(from_hive) if float(from_hive).is_integer() else from_hive
    return HiveRelease(metres=metres, limit=swarm.profile.gives_up_beyond)


class SwarmReleased(BaseModel):
    """``/swarm release``: the victim is out of the swarm, and, when he ran, how far from
    its hive (``hive``, R14.4); names as the fight has them."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    encounter: Encounter
    swarm: str
    victim: str
    hive: HiveRelease | None
    rule_ids: tuple[str, ...] = ("R14.1",)
    """The hive's distance cites its own (R14.4)."""

    def detail(self) -> dict[str, object]:
        return {"swarm": self.swarm, "released": self.victim}


def release_from_swarm(
    encounter: Encounter,
    swarm_name: str,
    victim_name: str,
    *,
    from_hive: float | None = None,
) -> SwarmReleased:
    """The victim is out of the swarm's hex: it attacks him no more.

    ``from_hive``: he ran, and is this many metres from the swarm's home. A swarm with a
    give-up distance (bees: 50 m, R14.4, R14.2) follows him until he is farther than that,
    and refuses to let him go before; the others leave him as the GM says."""
    fighter = encounter.find(swarm_name)
    swarm = _swarm_of(fighter)
    victim = encounter.find(victim_name)
    if swarm.victim(victim.combatant_id) is None:
        raise RuleError(
            "swarm.not_a_victim",
            f"{fighter.name} is not on {victim.name}",
            name=victim.name,
            swarm=fighter.name,
        )
    hive = hive_release(swarm, from_hive)
    if hive is not None and hive.limit is not None and not hive.gave_up:
        raise RuleError(
            "swarm.still_follows",
            f"{fighter.name} follows {victim.name} until he is more than {hive.limit} m away",
            name=victim.name,
            swarm=fighter.name,
            metres=hive.metres,
            limit=hive.limit,
        )
    kept = tuple(v for v in swarm.victims if v.combatant_id != victim.combatant_id)
    return SwarmReleased(
        encounter=encounter.replace(
            _with_swarm(fighter, swarm.model_copy(update={"victims": kept}))
        ),
        swarm=fighter.name,
        victim=victim.name,
        hive=hive,
    )


def release(
    encounter: Encounter,
    swarm_name: str,
    victim_name: str,
    *,
    from_hive: float | None = None,
) -> Encounter:
    """:func:`release_from_swarm`'s new fight alone."""
    return release_from_swarm(encounter, swarm_name, victim_name, from_hive=from_hive).encounter


# --------------------------------------------------------------------------- its attacks


class Shielded(StrEnum):
    """Why a victim took nothing this round (translation-key suffixes)."""

    SEALED = "sealed"
    """A sealed suit keeps the swarm off (R14.2)."""
    CLOTHING = "clothing"
    """Ordinary clothing, rounds 1-2 against small creatures (R14.2)."""
    LOW_TL_ARMOR = "low_tl_armor"
    """Low-TL armor, rounds 1-5 against small creatures (R14.2)."""


class VictimAttack(BaseModel):
    """The swarm's damage to one victim this round (R14.2)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    combatant_id: str
    round: int
    """Which round of this swarm on him (R14.2's protection counts them)."""
    protection: Protection
    shielded: Shielded | None = None
    armor_ignored: bool = False
    """Small creatures past his protection: his armor no longer counts (catalog reading)."""
    faces: tuple[int, ...] = ()
    injury: InjuryOutcome | None = None
    aim: AimCheck | None = None


class Dropped(StrEnum):
    """Why a victim is no longer in the swarm (translation-key suffixes)."""

    DEAD = "dead"
    DESTROYED = "destroyed"
    GONE = "gone"
    """No longer in the fight."""


class DroppedVictim(BaseModel):
    """A victim the swarm let go of this round, and why."""

    model_config = ConfigDict(frozen=True)

    combatant_id: str
    reason: Dropped


class SwarmAttack(BaseModel):
    """One round of a swarm's automatic attacks on everyone in it (R14.2). ``dropped``: the
    victims it left this round (dead, destroyed or gone from the fight); ``attacks`` empty
    with ``dropped`` means nobody is left in it."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    swarm_id: str
    kind: SwarmKind = SwarmKind.CUSTOM
    damage: str
    attacks: tuple[VictimAttack, ...]
    dropped: tuple[DroppedVictim, ...] = ()
    poison: str | None = None
    rule_ids: tuple[str, ...]


def _shielded(profile: SwarmProfile, protection: Protection, round_: int) -> Shielded | None:
    if protection is Protection.SEALED:
        return Shielded.SEALED
    if not profile.small or protection is Protection.NONE:
        return None
    if round_ <= PROTECTION_ROUNDS[protection]:
        return Shielded(protection.value)
    return None


def swarm_attacks(
    encounter: Encounter,
    swarm_id: str,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[Encounter, SwarmAttack]:
    """R14.2: the swarm hits everyone in it, no roll on either side, its damage rolled anew
    for each, against the torso's DR (the catalog's reading) or as its protection allows.
    Victims gone from the fight, dead or destroyed, are dropped. Dice: per victim in the
    order engaged, the damage, then the injury pipeline's own rolls and a Will roll for an
    injured aiming fighter (R5.3)."""
    rules = options if options is not None else RuleOptions()
    fighter = encounter.get(swarm_id)
    swarm = _swarm_of(fighter)
    damage = parse_damage(swarm.profile.damage)
    attacks: list[VictimAttack] = []
    dropped: list[DroppedVictim] = []
    victims: list[SwarmVictim] = []
    updated: list[EncounterCombatant] = []
    rule_ids = ["R14.2"]
    present = {c.combatant_id for c in encounter.combatants}
    for entry in swarm.victims:
        if entry.combatant_id not in present:
            dropped.append(DroppedVictim(combatant_id=entry.combatant_id, reason=Dropped.GONE))
            continue
        victim = encounter.get(entry.combatant_id)
        state = victim.combatant.state
        if state.dead or state.destroyed:
            reason = Dropped.DESTROYED if state.destroyed else Dropped.DEAD
            dropped.append(DroppedVictim(combatant_id=entry.combatant_id, reason=reason))
            continue
        round_ = entry.rounds + 1
        victims.append(entry.model_copy(update={"rounds": round_}))
        shielded = _shielded(swarm.profile, entry.protection, round_)
        if shielded is not None:
            attacks.append(
                VictimAttack(
                    combatant_id=entry.combatant_id,
                    round=round_,
                    protection=entry.protection,
                    shielded=shielded,
                )
            )
            continue
        rolled = damage.roll(10, roller, rules)  # fixed dice: no ST
        ignored = swarm.profile.small
        target = victim.combatant.without_armor() if ignored else victim.combatant
        spec = DamageSpec.from_weapon(damage, rolled.result.total, HitLocation.TORSO)
        injury = apply_hit(target, spec, roller, rules)
        sheet = victim.combatant.with_state(injury.state)
        turn, aim = aim_after_injury(sheet, victim.turn, injury.injury, roller, rules)
        updated.append(victim.model_copy(update={"combatant": sheet, "turn": turn}))
        attacks.append(
            VictimAttack(
                combatant_id=entry.combatant_id,
                round=round_,
                protection=entry.protection,
                armor_ignored=ignored,
                faces=rolled.result.dice,
                injury=injury,
                aim=aim,
            )
        )
    if swarm.profile.poison:
        rule_ids.append("R14.4")
    after = _with_swarm(fighter, swarm.model_copy(update={"victims": tuple(victims)}))
    outcome = SwarmAttack(
        swarm_id=swarm_id,
        kind=swarm.profile.kind,
        damage=swarm.profile.damage,
        attacks=tuple(attacks),
        dropped=tuple(dropped),
        poison=swarm.profile.poison,
        rule_ids=tuple(rule_ids),
    )
    return encounter.replace(after, *updated), outcome


def end_of_swarm_turn(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions | None = None
) -> tuple[Encounter, SwarmAttack | None]:
    """At the end of a swarm's (or horde's) turn it attacks everyone in it (R14.2, R14.5);
    ``None`` when the turn ending is not a swarm's or nobody is in it."""
    current = encounter.current
    if current is None or current.combatant.swarm is None or not current.combatant.swarm.victims:
        return encounter, None
    return swarm_attacks(encounter, current.combatant_id, roller, options)


# --------------------------------------------------------------------------- attacks on it


class SwarmPacket(BaseModel):
    """One source of damage to the swarm and what of it counts (R14.3)."""

    model_config = ConfigDict(frozen=True)

    source: str
    """``weapon``, ``swat`` (a shield), ``stomp`` or ``incendiary`` (an explosion's +1
    burning, R15.1 with R10.2)."""
    basic: int
    damage_type: DamageType
    raw: int
    cap: int | None
    counted: int


class SwarmHit(BaseModel):
    """Damage done to a swarm or horde this time, and what became of it (R14.3, R14.7)."""

    model_config = ConfigDict(frozen=True)

    swarm_id: str
    name: str
    packets: tuple[SwarmPacket, ...]
    total: int
    damage_before: int
    damage_after: int
    """A swarm: toward dispersal. A horde: toward its next hex (the carried remainder)."""
    dispersed_by: int
    hexes_before: int
    hexes_after: int
    dispersed: bool
    split_into: tuple[str, ...] = ()
    """R14.7: the new swarms' names, when a horde fell below its Basic Size."""
    rule_ids: tuple[str, ...]

    def detail(self) -> dict[str, object]:
        """What the event log keeps: all of it."""
        return self.model_dump(mode="json")


def swarm_injury(
    amount: int, damage_type: DamageType, *, area: bool, options: RuleOptions
) -> SwarmPacket:
    """What a hit of ``amount`` does to a swarm: no DR, the type's wounding, the minimum
    damage (A.2), then the Diffuse cap unless it is an area or explosion attack (R14.3)."""
    basic = apply_minimum_damage(amount, damage_type, options) if amount else 0
    wounding = wounding_for_traits(
        HitLocation.TORSO, damage_type, False, False, frozenset({Trait.IT_DIFFUSE})
    )
    raw = basic * wounding.numerator // wounding.denominator or (1 if basic > 0 else 0)
    cap = diffuse_injury_cap(damage_type, area=area, options=options)
    counted = raw if cap is None else min(raw, cap)
    return SwarmPacket(
        source="weapon", basic=basic, damage_type=damage_type, raw=raw, cap=cap, counted=counted
    )


def _flat(source: str, points: int) -> SwarmPacket:
    return SwarmPacket(
        source=source, basic=points, damage_type=DamageType.CR, raw=points, cap=None, counted=points
    )


def hit_swarm(
    encounter: Encounter,
    swarm_name: str,
    *,
    amount: int = 0,
    damage_type: DamageType = DamageType.CR,
    area: bool = False,
    swat: bool = False,
    stomp: bool = False,
    incendiary: int = 0,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[Encounter, SwarmHit]:
    """R14.3, R14.7: damage a swarm or a horde. Attacks on it hit automatically; ``swat``
    (a shield, flying creatures) adds 2 and ``stomp`` (crawling ones) 1, both besides a
    weapon. A swarm is dispersed, and leaves the fight, once its damage reaches its
    "dispersed by"; a horde loses a hex each time, keeps the rest, and below its Basic Size
    becomes as many swarms as hexes remain, fresh (the catalog's reading), joining the fight
    as newcomers (R2.5, ``roller`` rolls their initiative). ``incendiary``: the burning
    an incendiary attack adds to the damage it does (an explosion's +1, R15.1, R10.2)."""
    rules = options if options is not None else RuleOptions()
    fighter = encounter.find(swarm_name)
    swarm = _swarm_of(fighter)
    profile = swarm.profile
    if swat and profile.locomotion is not Locomotion.FLYING:
        raise RuleError("swarm.not_flying", f"{fighter.name} does not fly", name=fighter.name)
    if stomp and profile.locomotion is Locomotion.FLYING:
        raise RuleError("swarm.flying", f"{fighter.name} flies", name=fighter.name)
    packets: list[SwarmPacket] = []
    if amount > 0:
        packets.append(swarm_injury(amount, damage_type, area=area, options=rules))
    if incendiary > 0:
        burning = swarm_injury(incendiary, DamageType.BURN, area=area, options=rules)
        packets.append(burning.model_copy(update={"source": "incendiary"}))
    if swat:
        packets.append(_flat("swat", SHIELD_SWAT))
    if stomp:
        packets.append(_flat("stomp", STOMP))
    if not packets:
        raise RuleError("swarm.nothing_to_do", "no damage to apply")
    total = sum(p.counted for p in packets)
    rule_ids = ["R14.3"]
    if any(p.cap is not None and p.raw > p.cap for p in packets):
        rule_ids.append("B380")
    pool = swarm.damage_taken + total
    per = profile.dispersed_by
    hexes = swarm.hexes
    split: tuple[str, ...] = ()
    dispersed = False
    if not swarm.is_horde:
        dispersed = pool >= per
        if dispersed:
            after = remove_combatant(encounter, fighter.combatant_id)
        else:
            kept = swarm.model_copy(update={"damage_taken": pool})
            after = encounter.replace(_with_swarm(fighter, kept))
    else:
        rule_ids.append("R14.7")
        lost, pool = divmod(pool, per)
        hexes = max(0, swarm.hexes - lost)
        basic = swarm.basic_size or 1
        if hexes >= basic:
            shrunk = swarm.model_copy(update={"hexes": hexes, "damage_taken": pool})
            after = encounter.replace(_with_swarm(fighter, shrunk))
        else:
            after, split = _split(encounter, fighter, swarm, hexes, roller)
            dispersed = hexes == 0
    outcome = SwarmHit(
        swarm_id=fighter.combatant_id,
        name=fighter.name,
        packets=tuple(packets),
        total=total,
        damage_before=swarm.damage_taken,
        damage_after=0 if dispersed or split else pool,
        dispersed_by=per,
        hexes_before=swarm.hexes,
        hexes_after=hexes,
        dispersed=dispersed,
        split_into=split,
        rule_ids=tuple(rule_ids),
    )
    return after, outcome


def _split(
    encounter: Encounter,
    fighter: EncounterCombatant,
    swarm: Swarm,
    hexes: int,
    roller: DiceRoller,
) -> tuple[Encounter, tuple[str, ...]]:
    """R14.7: the horde becomes ``hexes`` swarms of its kind; it leaves the fight, they join
    it on its side, for its owner."""
    after = remove_combatant(encounter, fighter.combatant_id)
    if hexes == 0:
        return after, ()
    if hexes > MAX_COPIES or len(after.combatants) + hexes > MAX_COMBATANTS:
        raise RuleError(
            "swarm.too_many_swarms",
            f"{hexes} swarms would not fit the fight",
            count=hexes,
            maximum=min(MAX_COPIES, MAX_COMBATANTS - len(after.combatants)),
        )
    names = copy_names(fighter.name, hexes, [c.name for c in after.combatants])
    sheets: Sequence[Combatant] = [swarm_sheet(name, swarm.profile) for name in names]
    after, _ = add_combatants(
        after, sheets, owner_id=fighter.owner_id, side=fighter.side, aware=False, roller=roller
    )
    return after, tuple(names)
