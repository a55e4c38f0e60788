"""One step of a fight applied to the encounter: the rules call the cogs make.

Each function takes the :class:`~rules.encounter.Encounter`, the fighters by id, the
request, the dice and the options, and returns the new encounter with the outcome to show:
the cogs never apply an outcome, never roll and never enforce a rule themselves. The R7.2
roll to stay conscious that waits for a fighter's maneuver is made here, in one place, for
attacks and maneuvers alike. Each result says what the event log keeps (``detail``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.attack import AttackKind
from rules.attack_resolution import AttackOutcome, StrayShot, resolve_attack, resolve_stray
from rules.breath import BreathAtFooting, Preparation, breath_at_footing, into_water
from rules.close_combat import close_request
from rules.combatant import Combatant, InWater
from rules.damage import DamageSpec, DirectDamage
from rules.defense_resolution import (
    DefenseChoice,
    DefenseOutcome,
    ParryForOtherOutcome,
    resolve_defense,
    resolve_parry_for_other,
)
from rules.dice import DiceResult
from rules.encounter import Encounter, EncounterCombatant
from rules.errors import RuleError
from rules.fire import FireOnHit, fire_on_hit
from rules.injury import InjuryOutcome, apply_hit
from rules.maneuver_choice import ManeuverOutcome, ManeuverRequest, take_maneuver
from rules.maneuver_limits import ensure_maneuver_turn, ensure_own_turn
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.strike import AimCheck, AttackRequest, PendingDefense, aim_after_injury
from rules.swarm import ensure_not_swarm
from rules.terrain import Water, standing
from rules.turn import TurnEvent, TurnState, ensure_may_choose, settle_consciousness

__all__ = [
    "ERROR_KEYS",
    "AttackTaken",
    "DamageTaken",
    "DefenseTaken",
    "GroundTaken",
    "ManeuverTaken",
    "ParryForOtherTaken",
    "StrayTaken",
    "attack",
    "defend",
    "direct_damage",
    "maneuver",
    "parry_for_other",
    "stray",
    "take_ground",
]

ERROR_KEYS: Final = frozenset({"damage.error.destroyed"})
"""Every :class:`RuleError` key this module raises."""

_FROZEN = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


def _fighter_after(
    fighter: EncounterCombatant, turn: TurnState, sheet: Combatant | None = None
) -> EncounterCombatant:
    """``fighter`` with his new turn state and, when it changed, his new sheet."""
    update: dict[str, object] = (
        {"turn": turn} if sheet is None else {"turn": turn, "combatant": sheet}
    )
    return fighter.model_copy(update=update)


class _Settled(BaseModel):
    """A fighter after R7.2's roll on choosing his maneuver, and the fight holding him."""

    model_config = _FROZEN

    encounter: Encounter
    fighter: EncounterCombatant
    consciousness: tuple[TurnEvent, ...]

    @property
    def fainted(self) -> bool:
        return bool(self.consciousness) and not self.fighter.combatant.is_conscious


def _settle(
    encounter: Encounter,
    fighter: EncounterCombatant,
    maneuver_name: str,
    roller: DiceRoller,
    options: RuleOptions,
) -> _Settled:
    """R7.2: the HT roll at 0 HP that waited for this turn's maneuver (refusing, first, a
    maneuver the fighter's state forbids)."""
    settled, rolled = settle_consciousness(
        fighter, maneuver_name, encounter.sequence.round, roller, options
    )
    if rolled:
        encounter = encounter.replace(settled)
    return _Settled(encounter=encounter, fighter=settled, consciousness=rolled)


class AttackTaken(BaseModel):
    """``/attack``, ``/shoot``, ``/throw``: the new fight, the R7.2 roll made first, and the
    attack's outcome (``None`` when the attacker fainted on that roll)."""

    model_config = _FROZEN

    encounter: Encounter
    attacker_name: str
    consciousness: tuple[TurnEvent, ...] = ()
    outcome: AttackOutcome | None = None

    @property
    def fainted(self) -> bool:
        return self.outcome is None

    def detail(self) -> dict[str, object]:
        """What the event log keeps of the attack."""
        outcome = self.outcome
        if outcome is None:
            return {"attacker": self.attacker_name, "fainted": True}
        return {
            "attacker": self.attacker_name,
            "target": outcome.target_name,
            "hit": outcome.attack is not None and outcome.attack.hit,
            "effective_skill": outcome.effective.value,
            "roll": outcome.attack.roll.total if outcome.attack is not None else None,
            "injury": outcome.damage.total_injury if outcome.damage is not None else 0,
        }


def _land_attack(encounter: Encounter, outcome: AttackOutcome) -> Encounter:
    """The attacker's turn after the attack, and the victim's wounds and turn (an Aim the
    blow cost him, R5.3) when it struck home."""
    attacker = encounter.get(outcome.attacker_id)
    updated = [_fighter_after(attacker, outcome.attacker_turn)]
    if outcome.damage is not None:
        victim = encounter.get(outcome.target_id)
        updated.append(_fighter_after(victim, outcome.target_turn, outcome.damage.victim))
    return encounter.replace(*updated)


def attack(
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    request: AttackRequest,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> AttackTaken:
    """One attack in the fight, in the attacker's turn or from his Wait (R4.4, R5.11): R7.2
    first (a fighter who faints does not attack), close
    combat's own reading of a melee blow (R11.6, R11.12, R11.26), then
    :func:`~rules.attack_resolution.resolve_attack`, applied to both fighters."""
    attacker = encounter.get(attacker_id)
    # What his state allows comes first (R7.10, R2.1), as in close combat; then R4.4: his own
    # turn, or a Wait that sets him off (R5.11), the GM's extra-attack the explicit way past
    # it. Refused before anything is rolled.
    ensure_may_choose(attacker, request.maneuver)
    ensure_own_turn(encounter, attacker_id, feature="attack", gm_allows=request.beyond_allowance)
    settled = _settle(encounter, attacker, request.maneuver.value, roller, options)
    if settled.fainted:
        return AttackTaken(
            encounter=settled.encounter,
            attacker_name=attacker.name,
            consciousness=settled.consciousness,
        )
    fight = settled.encounter
    striker = settled.fighter
    victim = fight.get(target_id)
    if request.kind is AttackKind.melee:
        request = close_request(fight, striker.combatant_id, victim.combatant_id, request)
    outcome = resolve_attack(
        striker,
        victim,
        request,
        roller,
        options,
        count_attacks=fight.sequence.started,
        own_turn=fight.in_own_turn(attacker_id),
    )
    return AttackTaken(
        encounter=_land_attack(fight, outcome),
        attacker_name=attacker.name,
        consciousness=settled.consciousness,
        outcome=outcome,
    )


class StrayTaken(BaseModel):
    """``/fire-area stray``: every bystander's shot, and the new fight."""

    model_config = _FROZEN

    encounter: Encounter
    shooter_name: str
    shots: tuple[StrayShot, ...]

    @property
    def hit(self) -> AttackOutcome | None:
        """The shot that struck a bystander (the last one), if one did."""
        return self.shots[-1].outcome if self.shots and self.shots[-1].hit else None

    def detail(self) -> dict[str, object]:
        hit = self.hit
        return {
            "attacker": self.shooter_name,
            "stray": [shot.bystander_name for shot in self.shots],
            "hit": hit.target_name if hit is not None else None,
        }


def stray(
    encounter: Encounter,
    shooter_id: str,
    line: Sequence[str],
    request: AttackRequest,
    *,
    skill: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> StrayTaken:
    """A missed shot through the bystanders in ``line`` (ids, nearest first), R12.9; the
    bystander it strikes takes the blow as from any attack."""
    shooter = encounter.get(shooter_id)
    shots = resolve_stray(
        shooter,
        [encounter.get(combatant_id) for combatant_id in line],
        request,
        skill=skill,
        roller=roller,
        options=options,
    )
    taken = StrayTaken(encounter=encounter, shooter_name=shooter.name, shots=tuple(shots))
    hit = taken.hit
    if hit is None or hit.damage is None:
        return taken
    victim = encounter.get(hit.target_id)
    hurt = _fighter_after(victim, hit.target_turn, hit.damage.victim)
    return taken.model_copy(update={"encounter": encounter.replace(hurt)})


class ManeuverTaken(BaseModel):
    """``/maneuver``: the new fight, the R7.2 roll made first, and the maneuver's outcome
    (``None`` when the fighter fainted on that roll)."""

    model_config = _FROZEN

    encounter: Encounter
    fighter_name: str
    maneuver: str
    consciousness: tuple[TurnEvent, ...] = ()
    outcome: ManeuverOutcome | None = None

    @property
    def fainted(self) -> bool:
        return self.outcome is None

    def detail(self) -> dict[str, object]:
        if self.outcome is None:
            return {"combatant": self.fighter_name, "fainted": True}
        return {"combatant": self.fighter_name, "maneuver": self.maneuver}


def maneuver(
    encounter: Encounter,
    fighter_id: str,
    target_id: str | None,
    request: ManeuverRequest,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> ManeuverTaken:
    """A maneuver chosen in the fight, in the fighter's own turn or from his Wait, unless the
    GM chose it (R4.4, R4.5, R5.11: :func:`~rules.maneuver_limits.ensure_maneuver_turn`);
    then R7.2, then :func:`~rules.maneuver_choice.take_maneuver`, applied to the fighter."""
    fighter = encounter.get(fighter_id)
    # What his state allows comes first (R7.10, R2.1), as for an attack; then whose turn it
    # is. Refused before anything is rolled.
    ensure_may_choose(fighter, request.maneuver)
    ensure_maneuver_turn(encounter, fighter_id, request.maneuver, by_gm=request.by_gm)
    chosen = request.maneuver.value
    settled = _settle(encounter, fighter, chosen, roller, options)
    if settled.fainted:
        return ManeuverTaken(
            encounter=settled.encounter,
            fighter_name=fighter.name,
            maneuver=chosen,
            consciousness=settled.consciousness,
        )
    fight = settled.encounter
    other = fight.get(target_id) if target_id is not None else None
    outcome = take_maneuver(
        settled.fighter,
        other,
        request,
        roller,
        options,
        awaits_first_turn=fight.awaits_first_turn(fighter_id),
        own_turn=fight.in_own_turn(fighter_id),
    )
    return ManeuverTaken(
        encounter=fight.replace(_fighter_after(settled.fighter, outcome.turn, outcome.combatant)),
        fighter_name=fighter.name,
        maneuver=chosen,
        consciousness=settled.consciousness,
        outcome=outcome,
    )


class DefenseTaken(BaseModel):
    """A defense against a stored blow: the new fight and the defense's outcome."""

    model_config = _FROZEN

    encounter: Encounter
    target_name: str
    kind: str
    outcome: DefenseOutcome

    def detail(self, attack_id: int) -> dict[str, object]:
        outcome = self.outcome
        return {
            "attack_id": attack_id,
            "target": self.target_name,
            "defense": self.kind,
            "defended": outcome.defended,
            "injury": outcome.damage.total_injury if outcome.damage is not None else 0,
        }


def defend(
    encounter: Encounter,
    pending: PendingDefense,
    choice: DefenseChoice,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> DefenseTaken:
    """The target of ``pending`` defends (or declines, ``choice.kind`` ``None``):
    :func:`~rules.defense_resolution.resolve_defense`, applied to him (his turn, a master's
    fall, R5.18, and the wounds of a blow that got through)."""
    fighter = encounter.get(pending.target_id)
    outcome = resolve_defense(
        pending,
        fighter.combatant,
        fighter.turn,
        choice,
        roller=roller,
        options=options,
        turn_ahead=encounter.turn_to_come(fighter.combatant_id),
    )
    updated = _fighter_after(fighter, outcome.target_turn, outcome.combatant)
    if outcome.damage is not None:
        updated = updated.with_sheet(outcome.damage.victim)
    return DefenseTaken(
        encounter=encounter.replace(updated),
        target_name=fighter.name,
        kind=choice.kind.value if choice.kind is not None else "none",
        outcome=outcome,
    )


class ParryForOtherTaken(BaseModel):
    """R6.8: a companion's parry for the target of a stored blow, and the new fight."""

    model_config = _FROZEN

    encounter: Encounter
    target_name: str
    outcome: ParryForOtherOutcome
    defense: DefenseOutcome
    """The same parry read as the target's defense, as the defense's answer shows it."""

    def detail(self, attack_id: int) -> dict[str, object]:
        return {
            "attack_id": attack_id,
            "target": self.target_name,
            "defender": self.outcome.defender_name,
            "defended": self.outcome.defended,
        }


def parry_for_other(
    encounter: Encounter,
    pending: PendingDefense,
    guard_id: str,
    weapon_index: int | None,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> ParryForOtherTaken:
    """R6.8: ``guard_id`` spends a parry on the blow aimed at ``pending``'s target:
    :func:`~rules.defense_resolution.resolve_parry_for_other`, applied to both."""
    guard = encounter.get(guard_id)
    victim = encounter.get(pending.target_id)
    result = resolve_parry_for_other(
        pending,
        guard.combatant,
        guard.turn,
        victim.combatant,
        weapon_index,
        roller=roller,
        options=options,
        target_turn=victim.turn,
    )
    target_turn = result.target_turn or victim.turn
    updated = [_fighter_after(guard, result.defender_turn)]
    if result.damage is not None:
        updated.append(_fighter_after(victim, target_turn, result.damage.victim))
    return ParryForOtherTaken(
        encounter=encounter.replace(*updated),
        target_name=victim.name,
        outcome=result,
        defense=DefenseOutcome(
            pending=result.pending,
            roll=result.roll,
            defended=result.defended,
            damage=result.damage,
            target_turn=target_turn,
            aim_lost=result.aim_lost,
        ),
    )


class DamageTaken(BaseModel):
    """``/damage``: basic damage given by hand, rolled and run through the injury pipeline."""

    model_config = _FROZEN

    encounter: Encounter
    target_name: str
    given: DirectDamage
    rolled: DiceResult
    injury: InjuryOutcome
    aim: AimCheck | None = None
    """R5.3: the Will roll of an aiming victim to keep his Aim."""
    fire: FireOnHit | None = None
    """A burning or incendiary hit: the extra point and the clothes (R10.2, R10.5-R10.8)."""

    def detail(self) -> dict[str, object]:
        extra = self.fire.incendiary if self.fire is not None else None
        caught = self.fire.caught if self.fire is not None else None
        detail: dict[str, object] = {
            "target": self.target_name,
            "basic_damage": self.rolled.total,
            "dice": str(self.given.expression),
            "faces": list(self.rolled.dice),
            "type": self.given.damage_type.value,
            "location": self.injury.spec.location.value,
            "injury": self.injury.injury + (extra.injury if extra is not None else 0),
        }
        if caught is not None:
            detail["on_fire"] = caught.value
        return detail


def direct_damage(
    encounter: Encounter,
    target_id: str,
    given: DirectDamage,
    spec: DamageSpec,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    incendiary: bool = False,
) -> DamageTaken:
    """Roll ``given`` and run it as ``spec``'s basic damage through the injury pipeline
    (:func:`~rules.injury.apply_hit`); a burning or incendiary hit (``incendiary`` or typed
    with the amount) then adds its point and may set the clothes alight (R10.2, R10.5-R10.8,
    :func:`~rules.fire.fire_on_hit`); an aiming victim rolls to keep his Aim (R5.3).

    A swarm takes its hits through its own rules (R14.3), and an object already destroyed
    takes no more damage (``damage.error.destroyed``)."""
    victim = encounter.get(target_id)
    ensure_not_swarm(victim)
    if victim.combatant.state.destroyed:
        raise RuleError(
            "damage.error.destroyed", f"{victim.name} is already destroyed", target=victim.name
        )
    rolled = given.roll(roller)
    hit = replace(spec, basic_damage=rolled.total)
    injury = apply_hit(victim.combatant, hit, roller, options)
    fire = fire_on_hit(
        injury.combatant,
        hit,
        injury.basic_damage,
        roller,
        options,
        incendiary=incendiary or given.incendiary,
    )
    after = fire.combatant if fire is not None else injury.combatant
    extra = fire.incendiary if fire is not None else None
    total = injury.injury + (extra.injury if extra is not None else 0)
    turn, aim = aim_after_injury(after, victim.turn, total, roller, options)
    return DamageTaken(
        encounter=encounter.replace(_fighter_after(victim, turn, after)),
        target_name=victim.name,
        given=given,
        rolled=rolled,
        injury=injury,
        aim=aim,
        fire=fire,
    )


class GroundTaken(BaseModel):
    """``/terrain ground``: where a fighter now stands (R13.2-R13.5)."""

    model_config = _FROZEN

    encounter: Encounter
    fighter_name: str
    turn: TurnState
    swimming: InWater | None = None
    """R9.3's in-water state the footing left him in: his Swimming rolls' schedule."""
    breath: BreathAtFooting = BreathAtFooting()
    """The breath he started holding as he went under, or got back as he came up (R9.1,
    R9.2, R13.4)."""

    def detail(self) -> dict[str, object]:
        found: dict[str, object] = {
            "combatant": self.fighter_name,
            "height": self.turn.elevation,
            "water": self.turn.water,
        }
        if self.breath.held is not None:
            found["breath"] = self.breath.held.seconds
        if self.breath.air is not None:
            found["airless"] = self.breath.air.airless
            found["iq_lost"] = self.breath.air.iq_lost
        return found


def take_ground(
    encounter: Encounter,
    fighter_id: str,
    *,
    height: Fraction | None,
    water: Water | bool | None,
    preparation: Preparation = Preparation.NORMAL,
    roller: DiceRoller,
    options: RuleOptions,
) -> GroundTaken:
    """The fighter's height and footing set as :func:`~rules.terrain.standing` reads them;
    a footing in the water is R9.3's in-water state too, so the fight's Swimming rolls
    (R13.4, R13.5) come on deep water's one schedule (:func:`~rules.breath.into_water`).
    Going under, he holds his breath from that second (``preparation``: how he took it);
    coming up, he breathes again unless a choke stops him (R9.1, R9.2, R11.10:
    :func:`~rules.breath.breath_at_footing`)."""
    fighter = encounter.get(fighter_id)
    turn = standing(fighter.turn, height=height, water=water)
    sheet = fighter.combatant
    breath = BreathAtFooting()
    if water is not None:
        sheet = sheet.with_state(water=into_water(sheet, turn.water))
        choked = any(h.held_id == fighter_id and h.choking for h in encounter.holds)
        if choked and fighter.turn.water is Water.underwater and turn.water is not Water.underwater:
            # Up out of the water, only the hands on his throat keep the air from him now
            # (R11.10): letting go lets him breathe (R9.2, :func:`~rules.encounter.with_holds`).
            encounter = encounter.model_copy(
                update={
                    "holds": tuple(
                        h.model_copy(update={"stops_breath": True})
                        if h.held_id == fighter_id and h.choking
                        else h
                        for h in encounter.holds
                    )
                }
            )
        sheet, breath = breath_at_footing(
            sheet,
            fighter.turn.water,
            turn.water,
            choked=choked,
            preparation=preparation,
            roller=roller,
            options=options,
        )
    return GroundTaken(
        encounter=encounter.replace(_fighter_after(fighter, turn, sheet)),
        fighter_name=fighter.name,
        turn=turn,
        swimming=sheet.state.water,
        breath=breath,
    )
