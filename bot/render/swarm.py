"""Embeds and tracker lines for swarms and hordes (R14.1-R14.8).

A swarm is one tracker line: its kind, its size (hexes, for a horde), SM and Move, the
damage toward its dispersal (or its next hex) and whom it is on. Its attacks at the end of
its turn are one embed, a field per victim; damage done to it, one embed with what counted
(the Diffuse cap), and whether it dispersed, shrank or broke into swarms.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import Messages
from bot.render.attack import consequence_lines
from bot.render.common import (
    ResultKind,
    add_field,
    damage_text,
    decimal,
    new_embed,
    set_footer,
    signed,
)
from rules.swarm import HiveRelease, SwarmAttack, SwarmHit, VictimAttack
from rules.swarm_profile import Protection, Swarm, SwarmKind

SEPARATOR = " · "

EMOJI: dict[SwarmKind, str] = {
    SwarmKind.BEES: "🐝",
    SwarmKind.RATS: "🐀",
    SwarmKind.BATS: "🦇",
    SwarmKind.BIRDS: "🐦",
    SwarmKind.VENOMOUS_INSECTS: "🦂",
    SwarmKind.FLYING_INSECTS: "🦟",
    SwarmKind.PIRANHAS: "🐟",
    SwarmKind.SNAKES: "🐍",
    SwarmKind.CUSTOM: "🐾",
}
"""The mark before a swarm's attacks, by kind (R14.4)."""


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def kind_name(kind: SwarmKind, messages: Messages, locale: str) -> str:
    return _t(messages, locale, f"swarm.kind.{kind.value}")


def _victim_name(
    victim_id: str,
    protection: Protection,
    names: Mapping[str, str],
    messages: Messages,
    locale: str,
) -> str:
    name = names.get(victim_id, victim_id)
    if protection is Protection.NONE:
        return name
    return f"{name} ({_t(messages, locale, f'swarm.worn.{protection.value}')})"


def swarm_line(
    swarm: Swarm,
    names: Mapping[str, str],
    messages: Messages,
    locale: str,
    *,
    show_numbers: bool,
) -> str:
    """``swarm of rats · SM +2 · Move 4 · damage 2/6 · on Alice, Bob`` or, for a horde,
    ``horde of bats: 19 hexes (Basic Size 15) · SM +7 · Move 8 (flying) · next hex 4/8 …``."""
    profile = swarm.profile
    kind = kind_name(profile.kind, messages, locale)
    custom = "_custom" if profile.kind is SwarmKind.CUSTOM else ""
    if swarm.is_horde:
        parts = [
            _t(
                messages,
                locale,
                f"swarm.line.horde{custom}",
                kind=kind,
                hexes=swarm.hexes,
                basic=swarm.basic_size,
            )
        ]
    else:
        parts = [_t(messages, locale, f"swarm.line.swarm{custom}", kind=kind)]
    parts.append(_t(messages, locale, "swarm.line.sm", sm=signed(swarm.size_modifier)))
    parts.append(
        _t(
            messages,
            locale,
            "swarm.line.move",
            move=swarm.move,
            how=_t(messages, locale, f"swarm.locomotion.{profile.locomotion.value}"),
        )
    )
    if show_numbers:
        key = "swarm.line.next_hex" if swarm.is_horde else "swarm.line.damage"
        parts.append(_t(messages, locale, key, damage=swarm.damage_taken, per=profile.dispersed_by))
    if swarm.victims:
        # R14.2: what each victim wears decides how long it keeps small creatures off.
        on = ", ".join(
            _victim_name(v.combatant_id, v.protection, names, messages, locale)
            for v in swarm.victims
        )
        parts.append(_t(messages, locale, "swarm.line.on", victims=on))
    return SEPARATOR.join(parts)


def _multiplier(attack: VictimAttack, locale: str) -> str:
    assert attack.injury is not None
    value = attack.injury.wounding.multiplier
    return str(value.numerator) if value.denominator == 1 else decimal(float(value), locale)


def _victim_text(attack: VictimAttack, messages: Messages, locale: str) -> str:
    if attack.shielded is not None:
        return _t(messages, locale, f"swarm.shielded.{attack.shielded.value}")
    injury = attack.injury
    assert injury is not None
    faces = ", ".join(map(str, attack.faces)) or "—"
    line = _t(
        messages,
        locale,
        "swarm.attack.line",
        basic=injury.basic_damage,
        type=_t(messages, locale, f"damage.abbr.{injury.spec.damage_type.value}"),
        faces=faces,
        dr=injury.dr.effective,
        penetrating=injury.penetrating,
        multiplier=_multiplier(attack, locale),
        injury=injury.injury,
    )
    lines = [line]
    if attack.armor_ignored:
        lines.append(_t(messages, locale, "swarm.attack.armor_ignored"))
    lines.append(
        _t(
            messages,
            locale,
            "damage.hp_line",
            before=injury.hp_before,
            after=injury.hp_after,
            max=injury.target.max_hp,
        )
    )
    lines.extend(consequence_lines(injury, messages, locale))
    if attack.aim is not None:
        key = "damage.aim_kept" if attack.aim.kept else "damage.aim_lost"
        roll = attack.aim.roll
        lines.append(
            _t(
                messages,
                locale,
                key,
                target=roll.effective_skill,
                total=roll.total,
                faces=", ".join(map(str, roll.faces)),
            )
        )
    return "\n".join(lines)


def render_swarm_attack(
    attack: SwarmAttack, names: Mapping[str, str], messages: Messages, locale: str
) -> discord.Embed:
    """The swarm's automatic attacks this round, victim by victim (R14.2)."""
    name = names.get(attack.swarm_id, attack.swarm_id)
    embed = new_embed(
        ResultKind.DAMAGE,
        title=_t(
            messages,
            locale,
            "swarm.attack.title",
            emoji=EMOJI[attack.kind],
            name=name,
            damage=damage_text(attack.damage, messages, locale),
        ),
    )
    for victim in attack.attacks:
        add_field(
            embed,
            _t(
                messages,
                locale,
                "swarm.attack.victim",
                name=names.get(victim.combatant_id, victim.combatant_id),
                round=victim.round,
            ),
            _victim_text(victim, messages, locale),
            inline=False,
        )
    about = [
        _t(
            messages,
            locale,
            f"swarm.dropped.{dropped.reason.value}",
            name=names.get(dropped.combatant_id, dropped.combatant_id),
        )
        for dropped in attack.dropped
    ]
    if not attack.attacks:
        about.append(_t(messages, locale, "swarm.attack.nobody"))
    if about:
        embed.description = "\n".join(about)
    if attack.poison:
        add_field(
            embed,
            _t(messages, locale, "swarm.field.poison"),
            _t(messages, locale, "swarm.poison", type=attack.poison),
            inline=False,
        )
    set_footer(embed, _t(messages, locale, "swarm.rules", rules=", ".join(attack.rule_ids)))
    return embed


def render_swarm_hit(hit: SwarmHit, messages: Messages, locale: str) -> discord.Embed:
    """What counted against the swarm (R14.3) and what became of it (R14.7)."""
    embed = new_embed(
        ResultKind.DAMAGE, title=_t(messages, locale, "swarm.hit.title", name=hit.name)
    )
    lines = []
    for packet in hit.packets:
        if packet.source == "weapon":
            key = (
                "swarm.hit.capped"
                if packet.cap is not None and packet.raw > packet.cap
                else ("swarm.hit.weapon")
            )
            lines.append(
                _t(
                    messages,
                    locale,
                    key,
                    basic=packet.basic,
                    type=_t(messages, locale, f"damage.abbr.{packet.damage_type.value}"),
                    raw=packet.raw,
                    counted=packet.counted,
                    cap=packet.cap if packet.cap is not None else 0,
                )
            )
        else:
            lines.append(_t(messages, locale, f"swarm.hit.{packet.source}", counted=packet.counted))
    add_field(embed, _t(messages, locale, "swarm.field.damage"), "\n".join(lines), inline=False)
    add_field(embed, _t(messages, locale, "swarm.field.total"), f"**{hit.total}**")
    if hit.hexes_before > 1 or hit.split_into:
        add_field(
            embed,
            _t(messages, locale, "swarm.field.hexes"),
            _t(messages, locale, "swarm.hit.hexes", before=hit.hexes_before, after=hit.hexes_after),
        )
    if hit.split_into:
        result = _t(messages, locale, "swarm.hit.split", names=", ".join(hit.split_into))
    elif hit.dispersed:
        result = _t(messages, locale, "swarm.hit.dispersed")
    elif hit.hexes_before > 1:
        result = _t(
            messages, locale, "swarm.hit.next_hex", damage=hit.damage_after, per=hit.dispersed_by
        )
    else:
        result = _t(
            messages, locale, "swarm.hit.so_far", damage=hit.damage_after, per=hit.dispersed_by
        )
    add_field(embed, _t(messages, locale, "swarm.field.result"), f"**{result}**", inline=False)
    set_footer(embed, _t(messages, locale, "swarm.rules", rules=", ".join(hit.rule_ids)))
    return embed


def render_swarm_state(
    name: str,
    swarm: Swarm,
    names: Mapping[str, str],
    messages: Messages,
    locale: str,
    *,
    hive: HiveRelease | None = None,
    victim: str = "",
) -> discord.Embed:
    """A swarm's line after ``/swarm engage`` or ``release``: whom it is on now, and why it
    let ``victim`` go when he ran from its hive (R14.4)."""
    description = swarm_line(swarm, names, messages, locale, show_numbers=True)
    if hive is not None:
        key = "swarm.hive.gave_up" if hive.gave_up else "swarm.hive.no_hive"
        note = _t(
            messages, locale, key, name=victim, metres=f"{hive.metres:g}", limit=hive.limit or 0
        )
        description = f"{description}\n{note}"
    return new_embed(ResultKind.INFO, title=name, description=description)
