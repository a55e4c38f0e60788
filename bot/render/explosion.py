"""Embeds for ``/explosion``: the waiting blast with its Dives for Cover, the blast itself
(each target's dice, DR and injury), and an explosive thrown at a spot.

The blast is one summary embed (the dice, the radius, the fragments' reach, the rules) and
one embed per target: his distance, the Dive for Cover, the fragments' attack roll, then
every packet of damage (blast, incendiary point, each fragment with its hit location) as
``basic → DR → penetrating × wounding = injury``, his HP and every consequence (section 7).
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import Messages
from bot.render.attack import consequence_lines, location_name
from bot.render.common import ResultKind, add_field, decimal, new_embed, set_footer, signed
from bot.render.roll import margin_text, outcome_text, roll_text
from bot.render.swarm import render_swarm_hit
from bot.views.explosion import DETONATE, BlastButton, dive
from rules.blast import BlastResult
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.explosion import (
    AreaThrow,
    BlastHit,
    BlastRole,
    BlastTarget,
    DiveRecord,
    ExplosionPlan,
    FragmentAttack,
    HitKind,
    TargetBlast,
    blast_radius,
    fragment_radius,
)
from rules.injury import InjuryOutcome
from rules.strike import AimCheck

MAX_DIVE_BUTTONS = 20


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def _faces(faces: tuple[int, ...]) -> str:
    return ", ".join(map(str, faces))


def _reach_line(plan: ExplosionPlan, messages: Messages, locale: str) -> str:
    explosive = plan.explosive()
    assert explosive.dice is not None
    fragments = plan.fragments()
    text = _t(
        messages,
        locale,
        f"explosion.reach.{plan.medium.value}",
        radius=blast_radius(explosive.dice),
    )
    if fragments is not None:
        text += "\n" + _t(
            messages,
            locale,
            "explosion.reach.fragments",
            dice=fragments.text,
            radius=fragment_radius(fragments),
        )
    return text


def _target_name(encounter: Encounter, combatant_id: str) -> str:
    try:
        return encounter.get(combatant_id).name
    except RuleError:  # removed since: show the id
        return combatant_id


def _role_text(role: BlastRole, distance: int, reach: int, messages: Messages, locale: str) -> str:
    """How he meets the blast; someone around it but farther than its blast and fragments
    reach is said to be out of reach (R15.1, R15.8)."""
    key = "out_of_reach" if role is BlastRole.NEARBY and distance > reach else role.value
    return _t(messages, locale, f"explosion.role.{key}", metres=distance)


def _dive_text(record: DiveRecord, messages: Messages, locale: str, *, shelter: bool) -> str:
    if record.success:
        key = "explosion.dive.sheltered" if shelter else "explosion.dive.made"
    else:
        key = "explosion.dive.failed"
    return _t(
        messages,
        locale,
        key,
        dodge=record.dodge,
        total=record.total,
        faces=_faces(record.faces),
    )


def render_plan(
    plan: ExplosionPlan, encounter: Encounter, messages: Messages, locale: str
) -> discord.Embed:
    """The blast waiting to go off: its reach, everyone in it, the Dives for Cover made."""
    embed = new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "explosion.plan.title", damage=plan.damage),
        description=_reach_line(plan, messages, locale),
    )
    lines = []
    for target in plan.targets:
        line = f"**{_target_name(encounter, target.combatant_id)}**: " + _role_text(
            target.role, target.distance, plan.reach(), messages, locale
        )
        record = plan.dive_of(target.combatant_id)
        if record is not None:
            line += f" · {_t(messages, locale, 'explosion.field.dive')}: " + _dive_text(
                record, messages, locale, shelter=plan.shelter
            )
        lines.append(line)
    targets = "\n".join(lines)
    add_field(embed, _t(messages, locale, "explosion.field.targets"), targets, inline=False)
    notes = [
        _t(messages, locale, key)
        for key, on in (
            ("explosion.note.shelter", plan.shelter),
            ("explosion.note.airburst", plan.airburst),
            ("explosion.note.hot", plan.hot),
        )
        if on
    ]
    notes.append(_t(messages, locale, "explosion.plan.waiting"))
    add_field(embed, _t(messages, locale, "explosion.field.notes"), "\n".join(notes), inline=False)
    set_footer(embed, _t(messages, locale, "explosion.plan.footer"))
    return embed


def plan_view(
    plan: ExplosionPlan,
    divers: tuple[BlastTarget, ...],
    encounter: Encounter,
    messages: Messages,
    locale: str,
) -> discord.ui.View:
    """A Dive for Cover button for everyone still able to dive, and the GM's Detonate."""
    view = discord.ui.View(timeout=None)
    for target in divers[:MAX_DIVE_BUTTONS]:
        fighter = encounter.get(target.combatant_id)
        view.add_item(
            BlastButton(
                plan.plan_id,
                dive(target.combatant_id),
                label=_t(messages, locale, "explosion.button.dive", name=fighter.name),
                style=discord.ButtonStyle.primary,
            )
        )
    view.add_item(
        BlastButton(
            plan.plan_id,
            DETONATE,
            label=_t(messages, locale, "explosion.button.detonate"),
            style=discord.ButtonStyle.danger,
        )
    )
    return view


def _fragment_attack_text(attack: FragmentAttack, messages: Messages, locale: str) -> str:
    return _t(
        messages,
        locale,
        "explosion.fragment_attack",
        distance=signed(attack.distance_modifier),
        posture=signed(attack.posture_modifier),
        size=signed(attack.size_modifier),
        effective=attack.effective,
        roll=roll_text(attack.roll),
        outcome=outcome_text(attack.roll.outcome, messages, locale),
        margin=margin_text(attack.roll, messages, locale),
        hits=attack.hits,
    )


def _multiplier(injury: InjuryOutcome, locale: str) -> str:
    value = injury.wounding.multiplier
    return str(value.numerator) if value.denominator == 1 else decimal(float(value), locale)


def _hit_text(hit: BlastHit, number: int, messages: Messages, locale: str, *, shock: bool) -> str:
    injury = hit.injury
    kind = _t(messages, locale, f"explosion.hit.{hit.kind.value}", number=number)
    if hit.kind is HitKind.FRAGMENT:
        kind += " " + _t(
            messages,
            locale,
            "explosion.hit.where",
            location=location_name(injury.spec.location, messages, locale),
            faces=_faces(hit.location_faces),
            damage=_faces(hit.faces),
        )
    dr = str(injury.dr.effective)
    if injury.dr.armor_divisor != 1:
        dr += f" ({injury.dr.before_divisor} ÷ {decimal(float(injury.dr.armor_divisor), locale)})"
    line = _t(
        messages,
        locale,
        "explosion.hit.line",
        kind=kind,
        basic=injury.basic_damage,
        type=_t(messages, locale, f"damage.abbr.{injury.spec.damage_type.value}"),
        dr=dr,
        penetrating=injury.penetrating,
        multiplier=_multiplier(injury, locale),
        injury=injury.injury,
    )
    consequences = consequence_lines(injury, messages, locale, shock=shock)
    return "\n".join([line, *(f"  {c}" for c in consequences)])


def _target_embed(  # noqa: PLR0917 - one target's numbers and the blast's reach
    result: TargetBlast,
    reach: int,
    name: str,
    aim: AimCheck | None,
    messages: Messages,
    locale: str,
    *,
    shelter: bool,
) -> discord.Embed:
    hp_before = result.hits[0].injury.hp_before if result.hits else result.combatant.state.hp
    embed = new_embed(
        ResultKind.DAMAGE if result.injury else ResultKind.INFO,
        title=_t(messages, locale, "explosion.target.title", name=name),
        description=_role_text(result.role, result.distance, reach, messages, locale),
    )
    if result.dive is not None:
        add_field(
            embed,
            _t(messages, locale, "explosion.field.dive"),
            _dive_text(result.dive, messages, locale, shelter=shelter),
            inline=False,
        )
    if result.sheltered:
        add_field(
            embed,
            _t(messages, locale, "explosion.field.blast"),
            _t(messages, locale, "explosion.target.sheltered"),
            inline=False,
        )
        return embed
    if result.cover_dr:
        add_field(
            embed,
            _t(messages, locale, "explosion.field.cover"),
            _t(messages, locale, "explosion.target.cover", dr=result.cover_dr),
            inline=False,
        )
    if result.fragment_attack is not None:
        add_field(
            embed,
            _t(messages, locale, "explosion.field.fragments"),
            _fragment_attack_text(result.fragment_attack, messages, locale),
            inline=False,
        )
    if result.hits:
        fragment = 0
        lines = []
        # R7.6: the shock is his, not a hit's: once, under the last hit that injured him.
        injured = [i for i, hit in enumerate(result.hits) if hit.injury.injury > 0]
        shock_at = injured[-1] if injured else None
        for index, hit in enumerate(result.hits):
            if hit.kind is HitKind.FRAGMENT:
                fragment += 1
            lines.append(_hit_text(hit, fragment, messages, locale, shock=index == shock_at))
        add_field(
            embed, _t(messages, locale, "explosion.field.hits"), "\n".join(lines), inline=False
        )
    else:
        add_field(
            embed,
            _t(messages, locale, "explosion.field.hits"),
            _t(messages, locale, "explosion.target.untouched"),
            inline=False,
        )
    add_field(
        embed,
        _t(messages, locale, "damage.field.injury"),
        f"**{result.injury}**",
    )
    add_field(
        embed,
        _t(messages, locale, "damage.field.hp"),
        _t(
            messages,
            locale,
            "damage.hp_line",
            before=hp_before,
            after=result.combatant.state.hp,
            max=result.combatant.max_hp,
        ),
    )
    notes = []
    if result.hot_fragments:
        notes.append(_t(messages, locale, "explosion.target.hot"))
    if aim is not None:
        key = "damage.aim_kept" if aim.kept else "damage.aim_lost"
        notes.append(
            _t(
                messages,
                locale,
                key,
                target=aim.roll.effective_skill,
                total=aim.roll.total,
                faces=_faces(aim.roll.faces),
            )
        )
    if notes:
        add_field(
            embed, _t(messages, locale, "damage.field.effects"), "\n".join(notes), inline=False
        )
    return embed


def render_blast(
    result: BlastResult,
    names: Mapping[str, str],
    messages: Messages,
    locale: str,
    *,
    shelter: bool = False,
) -> list[discord.Embed]:
    """The blast: a summary, then one embed per target in the order given."""
    outcome = result.outcome
    summary = new_embed(
        ResultKind.DAMAGE,
        title=_t(messages, locale, "explosion.title", damage=outcome.damage),
    )
    add_field(
        summary,
        _t(messages, locale, "explosion.field.impact"),
        _t(
            messages,
            locale,
            "explosion.impact",
            dice=outcome.dice,
            faces=_faces(outcome.faces),
            total=outcome.impact,
        ),
        inline=False,
    )
    reach = _t(messages, locale, f"explosion.reach.{outcome.medium.value}", radius=outcome.radius)
    if outcome.fragment_dice is not None:
        reach += "\n" + _t(
            messages,
            locale,
            "explosion.reach.fragments",
            dice=outcome.fragment_dice,
            radius=outcome.fragment_radius,
        )
    add_field(summary, _t(messages, locale, "explosion.field.reach"), reach, inline=False)
    set_footer(summary, _t(messages, locale, "explosion.rules", rules=", ".join(outcome.rule_ids)))
    embeds = [summary]
    embeds.extend(
        _target_embed(
            target,
            max(outcome.radius, outcome.fragment_radius),
            names.get(target.combatant_id, target.combatant_id),
            result.aims.get(target.combatant_id),
            messages,
            locale,
            shelter=shelter,
        )
        for target in outcome.targets
    )
    embeds.extend(render_swarm_hit(hit, messages, locale) for hit in result.swarms)
    return embeds


def render_throw(
    thrown: AreaThrow, messages: Messages, locale: str, *, label: str | None = None
) -> discord.Embed:
    """R15.14's throw at a spot (+4), and R15.15's scatter after a miss."""
    roll = thrown.roll
    embed = new_embed(
        ResultKind.SUCCESS if roll.succeeded else ResultKind.FAILURE,
        title=label or _t(messages, locale, "explosion.throw.title"),
    )
    add_field(
        embed,
        _t(messages, locale, "explosion.throw.skill"),
        _t(
            messages,
            locale,
            "explosion.throw.skill_value",
            skill=thrown.skill,
            modifier=signed(thrown.modifier),
            effective=thrown.effective,
        ),
        inline=False,
    )
    add_field(
        embed,
        _t(messages, locale, "explosion.throw.roll"),
        f"{roll_text(roll)}: {outcome_text(roll.outcome, messages, locale)}, "
        + margin_text(roll, messages, locale),
        inline=False,
    )
    if thrown.scatter is None:
        landed = _t(messages, locale, "explosion.throw.on_target")
    else:
        landed = _t(
            messages,
            locale,
            "explosion.throw.scattered_squared"
            if thrown.scatter.squared
            else "explosion.throw.scattered",
            metres=thrown.scatter.metres,
            face=thrown.scatter.direction_face,
            direction=_t(messages, locale, f"explosion.direction.{thrown.scatter.direction_face}"),
        )
    add_field(embed, _t(messages, locale, "explosion.throw.landed"), landed, inline=False)
    set_footer(embed, _t(messages, locale, "explosion.rules", rules=", ".join(thrown.rule_ids)))
    return embed
