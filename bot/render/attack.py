"""Attack, defense and damage as embeds and buttons, in the reader's language.

Pure functions from the rules' outcomes (and a locale) to ``discord.Embed``
and ``discord.ui.View``: every number shown comes from the outcome, every word
from the catalogs (``attack.*``, ``defend.*``, ``damage.*``, ``maneuver.*``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import discord
from discord import app_commands

from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.ammunition import add_ammunition_field, add_reload_lost_field, reload_line
from bot.render.common import (
    MAX_FIELD_VALUE,
    MAX_TOTAL,
    ResultKind,
    add_field,
    damage_text,
    decimal,
    embed_length,
    new_embed,
    signed,
    skill_name,
    truncate,
)
from bot.render.fire import fire_lines
from bot.render.ranged import add_range_field
from bot.render.rapid_fire import (
    add_hits_stopped_field,
    add_point_blank_field,
    add_rapid_fire_field,
)
from bot.render.roll import outcome_text, roll_text
from bot.views.defense import DefenseButton
from rules.attack import (
    AttackRoll,
    EffectiveSkill,
    EvadeOutcome,
    FastDrawRoll,
    FeintOutcome,
    WaitOrder,
)
from rules.attack_resolution import AttackOutcome
from rules.checks import Outcome, SuccessRoll
from rules.combatant import HitLocation, Weapon
from rules.defense import DefenseOption, DefenseOptions, RefusedDefense
from rules.defense_resolution import DefenseOutcome
from rules.fire import FireOnHit
from rules.injury import InjuryOutcome, KnockdownResult
from rules.maneuver import DefenseKind, Maneuver
from rules.maneuver_choice import ManeuverOutcome, WeaponReadying
from rules.ranged import shown
from rules.records import Modifier, RollRecord
from rules.strike import AimCheck, PendingDefense, StrikeResult

__all__ = [
    "defense_choice",
    "defense_choices",
    "defense_view",
    "defenses_locale",
    "defenses_value",
    "readying_line",
    "render_attack",
    "render_damage",
    "render_defense",
    "render_hits",
    "render_maneuver",
    "shown_defenses",
    "weapon_choice",
    "with_fresh_defenses",
]


def _faces(roll: SuccessRoll) -> str:
    return ", ".join(str(face) for face in roll.faces)


def _dice_line(roll: SuccessRoll, result: str, messages: Messages, locale: str) -> str:
    """``14 (5, 4, 5): hit by 2`` — the attack's or the defense's dice and what they did."""
    return messages.text(
        "attack.roll_line", locale, total=roll.total, faces=_faces(roll), result=result
    )


def _check_line(
    line_key: str, roll: SuccessRoll, messages: Messages, locale: str, **params: object
) -> str:
    """A success roll made along the way (acrobatics, concentration …): target, total, dice."""
    return messages.text(
        line_key,
        locale,
        target=roll.effective_skill,
        total=roll.total,
        faces=_faces(roll),
        **params,
    )


def _modifier_lines(
    modifiers: Iterable[Modifier], messages: Messages, locale: str, prefix: str
) -> list[str]:
    # A key with a dot is a whole catalog key (another feature's modifier, ``ranged.*``).
    return [
        f"{signed(m.value)} "
        f"{messages.text(m.key if '.' in m.key else f'{prefix}.modifier.{m.key}', locale)}"
        f" ({m.rule_id})"
        for m in modifiers
    ]


def location_name(location: HitLocation, messages: Messages, locale: str) -> str:
    return messages.text(f"attack.location.{location.value}", locale)


def _skill_value(
    effective: EffectiveSkill, messages: Messages, locale: str, *, damage_bonus: int = 0
) -> str:
    lines = [messages.text("attack.skill.base", locale, base=effective.base)]
    lines += _modifier_lines(effective.modifiers, messages, locale, "attack")
    if damage_bonus:
        # R5.8 (d): All-Out Attack (strong) changes the damage, not the skill; named here too.
        lines.append(
            messages.text("attack.skill.all_out_strong", locale, bonus=signed(damage_bonus))
        )
    if effective.cap is not None:
        lines.append(
            messages.text("attack.skill.cap", locale, cap=effective.cap, rule=effective.cap_rule_id)
        )
    lines.append(messages.text("attack.skill.total", locale, value=effective.value))
    return "\n".join(lines)


def _attack_result(
    roll: AttackRoll, messages: Messages, locale: str, *, landed: HitLocation | None = None
) -> str:
    """Hit or miss and by how much; a neck or groin blow missing by exactly 1 (``landed``
    elsewhere, R7.28, R7.29) says it missed, and where it lands instead."""
    margin = abs(roll.roll.margin)
    if landed is not None:
        return messages.text(
            "attack.result.miss_by_one", locale, location=location_name(landed, messages, locale)
        )
    if roll.critical_hit:
        return messages.text("attack.result.critical_hit", locale)
    if roll.critical_miss:
        return messages.text("attack.result.critical_miss", locale)
    if roll.hit:
        return messages.text("attack.result.hit", locale, margin=margin)
    return messages.text("attack.result.miss", locale, margin=margin)


def _attack_kind(roll: AttackRoll) -> ResultKind:
    if roll.critical_hit:
        return ResultKind.CRITICAL_SUCCESS
    if roll.critical_miss:
        return ResultKind.CRITICAL_FAILURE
    return ResultKind.SUCCESS if roll.hit else ResultKind.FAILURE


def defense_label(
    option: DefenseOption, messages: Messages, locale: str, *, retreat: bool = False
) -> str:
    """``Dodge 8``, ``Parry 9 (axe)``, ``Block 10`` — with Retreat's number when it is on."""
    value = option.retreat_value if retreat and option.retreat_value is not None else option.value
    if option.kind is DefenseKind.parry:
        return messages.text("defend.button.parry", locale, value=value, weapon=option.weapon)
    return messages.text(f"defend.button.{option.kind.value}", locale, value=value)


def defense_choice(option: DefenseOption) -> str:
    """What a button or ``/defend`` sends for ``option``: ``parry-<weapon>`` or its kind."""
    if option.kind is DefenseKind.parry:
        return f"parry-{option.weapon_index}"
    return option.kind.value


def defense_choices(
    defenses: DefenseOptions, messages: Messages, locale: str
) -> list[app_commands.Choice[str]]:
    """``/defend``'s choices: each defense with its number, then No defense."""
    choices = [
        app_commands.Choice(
            name=defense_label(option, messages, locale), value=defense_choice(option)
        )
        for option in defenses.options
    ]
    choices.append(
        app_commands.Choice(name=messages.text("defend.button.none", locale), value="none")
    )
    return choices


def weapon_choice(
    weapon: Weapon, parry: int | None, messages: Messages, locale: str
) -> app_commands.Choice[str]:
    """An attacker's weapon offered while typing: name, skill, damage, reach and parry."""
    label = messages.text(
        "attack.weapon_choice",
        locale,
        name=weapon.name,
        skill=weapon.skill,
        damage=damage_text(weapon.damage, messages, locale),
        reach=weapon.reach,
        parry="—" if parry is None else parry,
    )
    return app_commands.Choice(name=label[:100], value=weapon.name)


def _option_line(option: DefenseOption, messages: Messages, locale: str) -> str:
    parts = _modifier_lines(option.modifiers, messages, locale, "defend")
    head = f"**{defense_label(option, messages, locale)}**"
    if not parts:
        return head  # "Dodge 8 · base 8" says the same number twice
    base = messages.text("defend.base", locale, base=option.base)
    return " · ".join([head, base, *parts])


def _refusal(refused: RefusedDefense, messages: Messages, locale: str) -> str:
    name = messages.text(f"defend.name.{refused.kind.value}", locale)
    if refused.weapon:
        name = f"{name} ({refused.weapon})"
    return f"{name}: {messages.text(refused.key, locale)} ({refused.rule_id})"


def _defenses_value(defenses: DefenseOptions, messages: Messages, locale: str) -> str:
    lines = [_option_line(option, messages, locale) for option in defenses.options]
    lines += [_refusal(r, messages, locale) for r in defenses.refused]
    if defenses.retreat_refusal is not None:
        lines.append(
            messages.text("defend.retreat_refused", locale)
            + f": {messages.text(defenses.retreat_refusal.key, locale)}"
            + f" ({defenses.retreat_refusal.rule_id})"
        )
    return "\n".join(lines)


def defenses_value(defenses: DefenseOptions, messages: Messages, locale: str) -> str:
    """An attack's Defenses field: each defense the target has with its number, or why he
    has none."""
    reason = defenses.no_defense
    if reason is None:
        return _defenses_value(defenses, messages, locale)
    return messages.text(
        "attack.no_defense", locale, reason=messages.text(reason.key, locale), rule=reason.rule_id
    )


def _defenses_field(
    embeds: Sequence[discord.Embed], messages: Messages, locale: str
) -> tuple[discord.Embed, int, str] | None:
    """The last Defenses field of an attack's message: its embed, its index there and the
    language it was written in (its name says which; ``locale`` when several read alike)."""
    written_in: dict[str, str] = {}
    for code in (locale, *SUPPORTED_LOCALES):
        written_in.setdefault(messages.text("attack.field.defenses", code), code)
    for embed in reversed(embeds):
        for index in reversed(range(len(embed.fields))):
            field_locale = written_in.get(embed.fields[index].name or "")
            if field_locale is not None:
                return embed, index, field_locale
    return None


def defenses_locale(embeds: Sequence[discord.Embed], messages: Messages, locale: str) -> str | None:
    """The language an attack's message was written in, read from its Defenses field
    (``None`` without one): its buttons are relabelled in it."""
    found = _defenses_field(embeds, messages, locale)
    return None if found is None else found[2]


def with_fresh_defenses(
    embeds: Sequence[discord.Embed], defenses: DefenseOptions, messages: Messages, locale: str
) -> bool:
    """Write ``defenses`` into the last Defenses field of an attack's message, in place, in
    the language that field was written in: after a change to the target (his maneuver, a
    knockdown, an undo) the message shows the numbers his buttons now roll against. Whether
    anything changed: not when the numbers are the same, nor when the new text would not
    fit in Discord's 6000 characters."""
    found = _defenses_field(embeds, messages, locale)
    if found is None:
        return False
    embed, index, field_locale = found
    field = embed.fields[index]
    old = field.value or ""
    value = truncate(defenses_value(defenses, messages, field_locale), MAX_FIELD_VALUE)
    total = sum(embed_length(each) for each in embeds)
    if value == old or total - len(old) + len(value) > MAX_TOTAL:
        return False
    embed.set_field_at(index, name=field.name, value=value, inline=field.inline)
    return True


def feint_skill(feint: FeintOutcome, messages: Messages, locale: str) -> str:
    """The feinter's skill as rolled: ``13`` alone, or ``13 -2 shock (R7.6) = 11`` with each
    modifier on its own (R5.4, R7.6)."""
    if not feint.modifiers or feint.base_skill is None:
        return str(feint.attacker_skill)
    parts = [str(feint.base_skill)]
    parts += _modifier_lines(feint.modifiers, messages, locale, "attack")
    return f"{' '.join(parts)} = {feint.attacker_skill}"


def _feint_key(feint: FeintOutcome, prefix: str) -> str:
    """The Feint's line (R5.9): a penalty; a win by a margin of 0, which leaves none; or no
    win at all."""
    if feint.penalty:
        return f"{prefix}.feint_line"
    return f"{prefix}.feint_no_margin_line" if feint.won else f"{prefix}.feint_lost_line"


def _fast_draw_line(drawn: FastDrawRoll, messages: Messages, locale: str) -> str:
    """The Fast-Draw that readied this thrown weapon or arrow (R5.26, R5.22)."""
    if drawn.drawn:
        key = "attack.fast_draw_drawn"
    elif drawn.rule_id == "R5.22":
        key = "attack.fast_draw_volley_ends"
    else:
        key = "attack.fast_draw_not_drawn"
    modifier = signed(drawn.modifier)
    if drawn.shock:
        shock = Modifier(key="shock", value=drawn.shock, rule_id="R7.6")
        modifier += " " + " ".join(_modifier_lines((shock,), messages, locale, "attack"))
    return messages.text(
        key,
        locale,
        level=drawn.level,
        modifier=modifier,
        target=drawn.roll.effective_skill,
        total=drawn.roll.total,
        rule=drawn.rule_id,
    )


def _sequence_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    beyond = outcome.attack_number > outcome.attacks_available
    if outcome.attacks_available > 1 or beyond:
        add_field(
            embed,
            messages.text("attack.field.sequence", locale),
            messages.text(
                "attack.beyond_line" if beyond else "attack.sequence_line",
                locale,
                number=outcome.attack_number,
                total=outcome.attacks_available,
                step=f"{outcome.initiative_step:g}",
                # What gave the turn its attacks (a master's R5.15, not R5.14), then R5.23.
                rules=", ".join((*outcome.allowance_rule_ids, "R5.23")),
            ),
        )


def wait_line(order: WaitOrder, waiter: str, foe: str, messages: Messages, locale: str) -> str:
    """Who strikes first from a Wait: the longer weapon, else the skill contest (R5.11); a
    second ask against the same foe says the first result stands. For a blow and for a
    close-combat attack alike."""
    first = waiter if order.waiter_first else foe
    earlier = "\n" + messages.text("attack.wait_earlier", locale) if order.earlier else ""
    if not order.contests:
        return (
            messages.text(
                "attack.wait_reach",
                locale,
                reach=order.waiter_reach,
                other_reach=order.other_reach,
                first=first,
            )
            + earlier
        )
    rolls = "; ".join(
        messages.text(
            "attack.wait_roll",
            locale,
            skill=contest.a.effective_skill,
            roll=contest.a.total,
            other_skill=contest.b.effective_skill,
            other_roll=contest.b.total,
        )
        for contest in order.contests
    )
    return (
        messages.text(
            "attack.wait_contest", locale, reach=order.waiter_reach, rolls=rolls, first=first
        )
        + earlier
    )


def _identify_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    """R12.13: the Vision roll that tells friend from foe before an opportunity shot."""
    seen = outcome.identify
    if seen is None:
        return
    result = messages.text(
        "attack.identify_known" if seen.noticed else "attack.identify_unknown",
        locale,
        attacker=outcome.attacker_name,
        target=outcome.target_name,
    )
    if seen.roll is None:
        line = messages.text(
            "attack.identify_impossible", locale, target=seen.effective, result=result
        )
    else:
        line = messages.text(
            "attack.identify_line",
            locale,
            target=seen.effective,
            roll=roll_text(seen.roll),
            outcome=outcome_text(seen.roll.outcome, messages, locale),
            result=result,
        )
    add_field(embed, messages.text("attack.field.identify", locale), line, inline=False)


def _wait_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    if outcome.wait_order is not None:
        add_field(
            embed,
            messages.text("attack.field.wait", locale),
            wait_line(
                outcome.wait_order, outcome.attacker_name, outcome.target_name, messages, locale
            ),
            inline=False,
        )


def _weapon_name(outcome: AttackOutcome, messages: Messages, locale: str) -> str:
    """The weapon, the shield of a shield bash, or the weight of a thrown object (R12.1)."""
    if outcome.strike.weapon:
        return outcome.strike.weapon
    if outcome.thrown_object is not None:
        return messages.text(
            "attack.thrown_object_name", locale, kg=shown(outcome.thrown_object.weight)
        )
    return messages.text("attack.no_weapon_name", locale)


def _no_blow_embed(outcome: AttackOutcome, messages: Messages, locale: str) -> discord.Embed:
    """Nothing was struck: a failed Fast-Draw (R5.26, R5.22), or the target strikes first
    from the attacker's Wait (R5.11)."""
    drawn = outcome.fast_draw
    embed = new_embed(
        ResultKind.FAILURE
        if drawn is not None or outcome.identify is not None
        else ResultKind.INFO,
        title=messages.text(
            "attack.title", locale, attacker=outcome.attacker_name, target=outcome.target_name
        ),
    )
    strike = outcome.strike
    weapon = _weapon_name(outcome, messages, locale)
    add_field(
        embed,
        messages.text("attack.field.weapon", locale),
        f"{weapon} ({damage_text(strike.damage, messages, locale)})",
    )
    _wait_field(embed, outcome, messages, locale)
    _identify_field(embed, outcome, messages, locale)
    if outcome.identify is not None and not outcome.identify.noticed:
        return embed
    if drawn is None:
        add_field(
            embed,
            messages.text("attack.field.note", locale),
            messages.text("attack.wait_yields", locale, target=outcome.target_name),
            inline=False,
        )
        return embed
    add_field(
        embed,
        messages.text("attack.field.fast_draw", locale),
        _fast_draw_line(drawn, messages, locale),
        inline=False,
    )
    _sequence_field(embed, outcome, messages, locale)
    return embed


def render_attack(outcome: AttackOutcome, messages: Messages, locale: str) -> list[discord.Embed]:
    """The attack embed, followed by the damage embed when the blow landed undefended."""
    roll = outcome.attack
    if roll is None:
        return [_no_blow_embed(outcome, messages, locale)]
    embed = new_embed(
        _attack_kind(roll),
        title=messages.text(
            "attack.title", locale, attacker=outcome.attacker_name, target=outcome.target_name
        ),
    )
    strike = outcome.strike
    weapon = _weapon_name(outcome, messages, locale)
    add_field(
        embed,
        messages.text("attack.field.weapon", locale),
        f"{weapon} ({damage_text(strike.damage, messages, locale)})",
    )
    add_field(
        embed,
        messages.text("attack.field.location", locale),
        location_name(outcome.strike.location, messages, locale),
    )
    add_field(
        embed,
        messages.text("attack.field.skill", locale),
        _skill_value(outcome.effective, messages, locale, damage_bonus=outcome.strike.damage_bonus),
        inline=False,
    )
    add_range_field(embed, outcome, messages, locale)
    add_rapid_fire_field(embed, outcome, messages, locale)
    add_point_blank_field(embed, outcome, messages, locale)
    add_ammunition_field(embed, outcome, messages, locale)
    _identify_field(embed, outcome, messages, locale)
    _wait_field(embed, outcome, messages, locale)
    if outcome.fast_draw is not None:
        add_field(
            embed,
            messages.text("attack.field.fast_draw", locale),
            _fast_draw_line(outcome.fast_draw, messages, locale),
            inline=False,
        )
    add_field(
        embed,
        messages.text("attack.field.roll", locale),
        _dice_line(
            roll.roll,
            _attack_result(
                roll,
                messages,
                locale,
                landed=outcome.location_hit if outcome.miss_by_one else None,
            ),
            messages,
            locale,
        ),
        inline=False,
    )
    _sequence_field(embed, outcome, messages, locale)
    if outcome.ready_after is not None:
        ready = outcome.ready_after
        add_field(
            embed,
            messages.text("attack.field.weapon_ready", locale),
            messages.text(
                "attack.ready_after_unready" if ready.turns else "attack.ready_after_no_parry",
                locale,
                weapon=outcome.strike.weapon,
                turns=ready.turns,
                attacker=outcome.attacker_name,
            ),
            inline=False,
        )
    if outcome.feint is not None:
        contest = outcome.feint.contest
        add_field(
            embed,
            messages.text("attack.field.feint", locale),
            messages.text(
                _feint_key(outcome.feint, "attack"),
                locale,
                skill=feint_skill(outcome.feint, messages, locale),
                roll=contest.a.total,
                defense=outcome.feint.defender_skill,
                defense_roll=contest.b.total,
                penalty=outcome.feint.penalty,
            ),
            inline=False,
        )
    if outcome.defenses is not None:
        add_field(
            embed,
            messages.text("attack.field.defenses", locale),
            defenses_value(outcome.defenses, messages, locale),
            inline=False,
        )
    embeds = [embed]
    if outcome.damage is not None:
        embeds += render_hits(outcome.damage, outcome.target_name, messages, locale)
    return embeds


def prompt_text(target_name: str, owner_id: int | None, messages: Messages, locale: str) -> str:
    """The message content that pings the target's owner (or calls the GM) to defend."""
    if owner_id is None:
        return messages.text("attack.prompt_gm", locale, target=target_name)
    return messages.text("attack.prompt", locale, mention=f"<@{owner_id}>", target=target_name)


def retreat_bonus_text(defenses: DefenseOptions, messages: Messages, locale: str) -> str | None:
    """What Retreat adds (R6.9): ``+3`` when every defense gets the same, else each defense
    with its own (``Dodge +3 · Parry/Block +1`` under the Basic Set option); ``None`` when no
    defense may retreat."""
    by_value: dict[int, list[str]] = {}
    for option in defenses.options:
        if option.retreat is None:
            continue
        names = by_value.setdefault(option.retreat.value, [])
        name = messages.text(f"defend.name.{option.kind.value}", locale)
        if name not in names:
            names.append(name)
    if not by_value:
        return None
    if len(by_value) == 1:
        return signed(next(iter(by_value)))
    return " · ".join(f"{'/'.join(names)} {signed(value)}" for value, names in by_value.items())


ButtonSpec = tuple[str, str, discord.ButtonStyle]
"""A defense button: its action, label and style."""


def _defense_buttons(
    pending: PendingDefense, defenses: DefenseOptions, messages: Messages, locale: str
) -> list[ButtonSpec]:
    """Each defense with its final number, the Retreat toggle, No defense."""
    buttons = [
        (
            defense_choice(option),
            defense_label(option, messages, locale, retreat=pending.retreat),
            discord.ButtonStyle.primary,
        )
        for option in defenses.options
    ]
    bonus = retreat_bonus_text(defenses, messages, locale)
    if bonus is not None:
        key = "defend.button.retreat_on" if pending.retreat else "defend.button.retreat"
        style = discord.ButtonStyle.success if pending.retreat else discord.ButtonStyle.secondary
        buttons.append(("retreat", messages.text(key, locale, bonus=bonus), style))
    buttons.append(
        ("none", messages.text("defend.button.none", locale), discord.ButtonStyle.danger)
    )
    return buttons


def defense_view(
    attack_id: int,
    pending: PendingDefense,
    defenses: DefenseOptions,
    messages: Messages,
    locale: str,
) -> discord.ui.View:
    """Persistent buttons: each defense with its final number, Retreat toggle, No defense."""
    view = discord.ui.View(timeout=None)
    for action, label, style in _defense_buttons(pending, defenses, messages, locale):
        view.add_item(DefenseButton(attack_id, action, label=label, style=style))
    return view


def shown_defenses(
    pending: PendingDefense, defenses: DefenseOptions, messages: Messages, locale: str
) -> tuple[object, ...]:
    """What an attack's message shows of ``defenses``: its buttons and its Defenses field.
    Two of these compare equal exactly when the message would read the same."""
    return (
        *_defense_buttons(pending, defenses, messages, locale),
        defenses_value(defenses, messages, locale),
    )


def _defense_result(outcome: DefenseOutcome, messages: Messages, locale: str) -> str:
    roll = outcome.roll
    if roll is None:
        return messages.text("defend.result.declined", locale)
    if roll.critical_success:
        key = "defend.result.critical_success"
    elif roll.critical_failure:
        key = "defend.result.critical_failure"
    elif roll.success:
        key = "defend.result.success"
    else:
        key = "defend.result.failure"
    return messages.text(key, locale, margin=abs(roll.roll.margin))


def render_defense(
    outcome: DefenseOutcome, messages: Messages, locale: str, *, parried_by: str | None = None
) -> list[discord.Embed]:
    """The defense embed, followed by the damage embed when the blow got through.

    ``parried_by`` names the companion who parried for the target (R6.8).
    """
    pending = outcome.pending
    if outcome.defended:
        kind = ResultKind.SUCCESS
    elif outcome.roll is not None and outcome.roll.critical_failure:
        kind = ResultKind.CRITICAL_FAILURE
    else:
        kind = ResultKind.FAILURE
    embed = new_embed(
        kind,
        title=messages.text(
            "defend.title", locale, target=pending.target_name, attacker=pending.attacker_name
        ),
    )
    if parried_by is not None:
        embed.description = messages.text("defend.parried_by", locale, defender=parried_by)
    roll = outcome.roll
    if roll is not None:
        option = roll.option
        name = messages.text(f"defend.name.{option.kind.value}", locale)
        if option.weapon:
            name = f"{name} ({option.weapon})"
        lines = [messages.text("defend.base", locale, base=option.base)]
        lines += _modifier_lines(option.modifiers, messages, locale, "defend")
        if roll.retreat and option.retreat is not None:
            lines += _modifier_lines([option.retreat], messages, locale, "defend")
        lines.append(messages.text("attack.skill.total", locale, value=roll.target))
        add_field(embed, name, "\n".join(lines), inline=False)
        add_field(
            embed,
            messages.text("defend.field.roll", locale),
            _dice_line(roll.roll, _defense_result(outcome, messages, locale), messages, locale),
            inline=False,
        )
    else:
        add_field(
            embed,
            messages.text("defend.field.roll", locale),
            _defense_result(outcome, messages, locale),
            inline=False,
        )
    if outcome.acrobatics is not None:
        acro = outcome.acrobatics
        key = "defend.acrobatics_made" if acro.succeeded else "defend.acrobatics_failed"
        add_field(
            embed,
            messages.text("defend.field.acrobatics", locale),
            _check_line(key, acro, messages, locale),
            inline=False,
        )
    if outcome.master_dodge is not None:
        enabling = outcome.master_dodge
        if enabling.outcome is Outcome.CRITICAL_FAILURE:
            key = "defend.master_dodge_fell"
        elif enabling.succeeded:
            key = "defend.master_dodge_made"
        else:
            key = "defend.master_dodge_failed"
        cost = messages.text(
            "defend.master_dodge_cost_ahead"
            if outcome.master_attack_ahead
            else "defend.master_dodge_cost",
            locale,
        )
        add_field(
            embed,
            messages.text("defend.field.master_dodge", locale),
            _check_line(key, enabling, messages, locale, cost=cost),
            inline=False,
        )
    if outcome.concentration is not None:
        concentration = outcome.concentration
        kept = concentration.succeeded
        key = "defend.concentration_kept" if kept else "defend.concentration_lost"
        if outcome.concentration_on_will:
            key += "_will"
        add_field(
            embed,
            messages.text("defend.field.concentration", locale),
            _check_line(key, concentration, messages, locale),
            inline=False,
        )
    if outcome.aim_lost:
        add_field(
            embed,
            messages.text("defend.field.aim", locale),
            messages.text("defend.aim_lost", locale, name=parried_by or pending.target_name),
            inline=False,
        )
    add_reload_lost_field(embed, outcome.reload_lost, messages, locale)
    add_hits_stopped_field(embed, outcome, messages, locale)
    if outcome.second_defense is not None and outcome.defenses is not None:
        add_field(
            embed,
            messages.text("attack.field.defenses", locale),
            messages.text("defend.second", locale, target=pending.target_name)
            + "\n"
            + _defenses_value(outcome.defenses, messages, locale),
            inline=False,
        )
    embeds = [embed]
    if outcome.damage is not None:
        embeds += render_hits(outcome.damage, pending.target_name, messages, locale)
    return embeds


# --------------------------------------------------------------------------- damage


def _multiplier(value: Fraction, locale: str) -> str:
    """A wounding multiplier or armor divisor: ``2``, ``1.5`` (``1,5`` in pt-BR)."""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(float(value), locale)


def _dr_text(injury: InjuryOutcome, factor: int, messages: Messages, locale: str) -> str:
    """The DR the hit met and how it was reached: ``8 (16 ÷ 2)`` for an armor divisor, the
    DR times the inverse of one below 1 (``8 (4 × 2)`` for a (0.5)), and at point blank the
    DR times the projectile factor (B409: ``8 (2 × 4, point blank)``), not a divisor of 0.25."""
    dr = injury.dr
    divisor = dr.armor_divisor
    if factor > 1:
        own = divisor * factor  # the weapon's own divisor, without the point-blank factor
        base = str(dr.before_divisor)
        if own != 1:
            base += f" ÷ {_multiplier(own, locale)}"
        return messages.text(
            "damage.dr_point_blank", locale, dr=dr.effective, base=base, factor=factor
        )
    if divisor == 1:
        return str(dr.effective)
    if divisor < 1:
        return f"{dr.effective} ({dr.before_divisor} × {_multiplier(1 / divisor, locale)})"
    return f"{dr.effective} ({dr.before_divisor} ÷ {_multiplier(divisor, locale)})"


def _rolled_against(attribute: str, messages: Messages, locale: str) -> str:
    """What a roll was made against: an attribute's abbreviation (HT, DX), or a skill's name
    in the reader's language (Acrobatics, Acrobacia)."""
    if messages.has(f"character.skill.{attribute}"):
        return skill_name(attribute, messages, locale)
    return attribute.upper()


def _roll_line(record: RollRecord, messages: Messages, locale: str) -> str:
    purpose = (
        messages.text(f"damage.purpose.{record.purpose.value}", locale)
        if record.purpose is not None
        else _rolled_against(record.attribute, messages, locale)
    )
    outcome = messages.text(f"damage.outcome.{record.outcome.value}", locale)
    mods = "".join(f" {signed(m.value)}" for m in record.modifiers)
    return messages.text(
        "damage.roll_line",
        locale,
        purpose=purpose,
        attribute=_rolled_against(record.attribute, messages, locale),
        base=record.base,
        modifiers=mods,
        target=record.target,
        total=record.roll.total,
        faces=_faces(record.roll),
        outcome=outcome,
        rule=record.rule_id,
    )


def _reductions(
    damage: StrikeResult | InjuryOutcome, injury: InjuryOutcome, messages: Messages, locale: str
) -> str:
    """What came off the rolled damage, in order: the water's share (R13.4, R13.5), then ½D's
    halving; both together read as one roll and two reductions, ending at the minimum (G7)
    when it raised the result."""
    t = messages.text
    strike = damage if isinstance(damage, StrikeResult) else None
    factor = strike.strike.damage_factor if strike is not None else Fraction(1)
    if strike is None or factor == 1:
        if not injury.half_damage_applied:
            return ""
        return " " + t("ranged.half_damage_line", locale, rolled=injury.rolled_damage)
    params: dict[str, object] = {
        "rolled": strike.rolled,
        "factor": f"{factor.numerator}/{factor.denominator}",
    }
    if not injury.half_damage_applied:
        return " " + t("terrain.water_damage_line", locale, **params)
    minimum = ""
    if injury.minimum_applied:
        minimum = t("terrain.minimum_step", locale, damage=injury.basic_damage)
    return " " + t(
        "terrain.water_half_damage_line",
        locale,
        **params,
        wet=injury.rolled_damage,
        halved=injury.rolled_damage // 2,
        minimum=minimum,
    )


def _consequences(
    injury: InjuryOutcome, messages: Messages, locale: str, *, shock: bool = True
) -> list[str]:
    lines: list[str] = []
    t = messages.text
    if injury.minimum_applied:
        lines.append(t("damage.effect.minimum", locale, damage=injury.basic_damage))
    if injury.blunt_trauma:
        lines.append(t("damage.effect.blunt_trauma", locale, injury=injury.blunt_trauma))
    if injury.injury_lost:
        lines.append(t("damage.effect.injury_lost", locale, lost=injury.injury_lost))
    caused = injury.injury or injury.shock_penalty != injury.target.state.shock_penalty
    if shock and injury.shock_penalty and caused:
        # R7.6: the shock of the injury taken this turn, shown under a hit that injured; a
        # hit that did none caused none, and the earlier hit already told it.
        lines.append(t("damage.effect.shock", locale, penalty=injury.shock_penalty))
    if injury.major_wound:
        lines.append(t("damage.effect.major_wound", locale))
    if injury.crippled is not None:
        lines.append(
            t("damage.effect.crippled", locale, part=t(f"damage.part.{injury.crippled}", locale))
        )
    for side in injury.blinded:
        lines.append(t("damage.effect.blinded", locale, side=t(f"damage.side.{side}", locale)))
    for record in (injury.trachea_roll, injury.decapitation_roll):
        if record is not None:
            lines.append(_roll_line(record, messages, locale))
    if injury.knockdown is not None:
        lines.append(_roll_line(injury.knockdown.roll, messages, locale))
        lines.append(t(_knockdown_key(injury), locale))
    lines += [_roll_line(record, messages, locale) for record in injury.death_checks]
    if injury.knockback is not None and injury.knockback.metres:
        lines.append(t("damage.effect.knockback", locale, metres=injury.knockback.metres))
        if injury.knockback.balance_roll is not None:
            lines.append(_roll_line(injury.knockback.balance_roll, messages, locale))
        if injury.knockback.fell:
            lines.append(t("damage.effect.fell", locale))
    if injury.mortally_wounded:
        lines.append(t("damage.effect.mortally_wounded", locale))
    knockdown_said_it = (
        injury.knockdown is not None and injury.knockdown.result is KnockdownResult.KNOCKED_OUT
    )
    if injury.knocked_out and not knockdown_said_it:
        lines.append(t("damage.effect.knocked_out", locale))
    if injury.destroyed:
        lines.append(t("damage.effect.destroyed", locale))
    elif injury.died:
        lines.append(t("damage.effect.died", locale))
    return lines


def consequence_lines(
    injury: InjuryOutcome, messages: Messages, locale: str, *, shock: bool = True
) -> list[str]:
    """Every consequence of one hit, each with its rule and roll (as under a damage embed).
    ``shock=False`` leaves out the running shock penalty (R7.6), for a reply that shows it
    once under the last of several hits that injured."""
    return _consequences(injury, messages, locale, shock=shock)


def render_hits(
    damage: StrikeResult, target_name: str, messages: Messages, locale: str
) -> list[discord.Embed]:
    """One damage embed per hit: a single blow's, or each hit of a burst numbered (B373)."""
    hits = damage.each_hit
    embeds = [render_damage(hit, target_name, messages, locale) for hit in hits]
    if len(hits) > 1:
        for number, embed in enumerate(embeds, start=1):
            embed.title = messages.text(
                "rapid_fire.hit_title", locale, target=target_name, number=number, hits=len(hits)
            )
    return embeds


def _knockdown_key(injury: InjuryOutcome) -> str:
    """How the knockdown roll ended (R7.8): a resisted one "stays on his feet" only for a
    fighter who is on them; one already down (a slam's fall, R11.13) is just not stunned."""
    assert injury.knockdown is not None
    result = injury.knockdown.result
    if result is KnockdownResult.RESISTED and injury.knockdown.already_down:
        return "damage.knockdown.resisted_down"
    return f"damage.knockdown.{result.value}"


def render_damage(
    damage: StrikeResult | InjuryOutcome,
    target_name: str,
    messages: Messages,
    locale: str,
    *,
    basic_line: str | None = None,
    aim: AimCheck | None = None,
    rolled: tuple[str, Sequence[int]] | None = None,
    fire: FireOnHit | None = None,
) -> discord.Embed:
    """The damage breakdown: basic damage, DR, penetrating, multiplier, injury, HP, every
    consequence with its roll (section 7), and an injured archer's Will roll to keep his Aim
    (R5.3).

    ``rolled`` is the dice and faces of damage rolled outside an attack (``/damage
    amount:2d+1``), shown like an attack's. ``fire`` (or the blow's own) adds the incendiary
    point and the clothes alight (R10.2, R10.5-R10.8).
    """
    if isinstance(damage, StrikeResult):
        aim = damage.aim
        fire = damage.fire
        injury = damage.injury
        faces = ", ".join(str(face) for face in damage.faces)
        basic = messages.text(
            "damage.basic_line",
            locale,
            dice=damage.dice,
            faces=faces,
            total=injury.basic_damage,
            type=messages.text(f"damage.abbr.{injury.spec.damage_type.value}", locale),
        )
    elif rolled is not None:
        injury = damage
        basic = messages.text(
            "damage.basic_line",
            locale,
            dice=rolled[0],
            faces=", ".join(str(face) for face in rolled[1]),
            total=injury.basic_damage,
            type=messages.text(f"damage.abbr.{injury.spec.damage_type.value}", locale),
        )
    else:
        injury = damage
        basic = basic_line or messages.text(
            "damage.basic_given",
            locale,
            total=injury.basic_damage,
            type=messages.text(f"damage.abbr.{injury.spec.damage_type.value}", locale),
        )
    embed = new_embed(
        ResultKind.DAMAGE, title=messages.text("damage.title", locale, target=target_name)
    )
    t = messages.text
    basic += _reductions(damage, injury, messages, locale)
    add_field(embed, t("damage.field.basic", locale), basic)
    add_field(
        embed,
        t("attack.field.location", locale),
        location_name(injury.spec.location, messages, locale),
    )
    projectiles = damage.strike.projectile_factor if isinstance(damage, StrikeResult) else 1
    add_field(embed, t("damage.field.dr", locale), _dr_text(injury, projectiles, messages, locale))
    add_field(embed, t("damage.field.penetrating", locale), str(injury.penetrating))
    add_field(
        embed,
        t("damage.field.multiplier", locale),
        f"×{_multiplier(injury.wounding.multiplier, locale)}",
    )
    add_field(embed, t("damage.field.injury", locale), f"**{injury.injury}**")
    add_field(
        embed,
        t("damage.field.hp", locale),
        t(
            "damage.hp_line",
            locale,
            before=injury.hp_before,
            after=injury.hp_after,
            max=injury.combatant.attributes.hp,
        ),
    )
    consequences = _consequences(injury, messages, locale)
    if aim is not None:
        consequences.append(
            _check_line(
                "damage.aim_kept" if aim.kept else "damage.aim_lost", aim.roll, messages, locale
            )
        )
    if fire is not None:
        consequences.extend(fire_lines(fire, target_name, messages, locale))
    if consequences:
        add_field(embed, t("damage.field.effects", locale), "\n".join(consequences), inline=False)
    return embed


# --------------------------------------------------------------------------- maneuver


def _evade_lines(
    evaded: EvadeOutcome, target_name: str, messages: Messages, locale: str
) -> list[str]:
    """R5.19's enabling roll, if a master made one, then R11.23's DX contest."""
    lines: list[str] = []
    if evaded.enabling is not None:
        enabling = evaded.enabling
        lines.append(
            messages.text(
                "maneuver.evade_master_made"
                if enabling.succeeded
                else "maneuver.evade_master_failed",
                locale,
                target=enabling.effective_skill,
                total=enabling.total,
            )
        )
    contest = evaded.contest
    lines.append(
        messages.text(
            "maneuver.evade_passed" if evaded.evaded else "maneuver.evade_stopped",
            locale,
            target=target_name,
            dx=evaded.dx,
            modifiers="".join(f" {signed(m.value)}" for m in evaded.modifiers),
            effective=evaded.effective,
            roll=contest.a.total,
            opponent_dx=evaded.opponent_dx,
            opponent_roll=contest.b.total,
        )
    )
    return lines


def _maneuver_notes(
    outcome: ManeuverOutcome,
    messages: Messages,
    locale: str,
    *,
    target_name: str | None,
    trigger: str | None,
) -> list[str]:
    """What the maneuver built: Aim and Evaluate turns, the Wait trigger, the Feint contest."""
    maneuver = outcome.profile.maneuver
    notes: list[str] = []
    if outcome.turn.aim_turns and target_name is not None:
        notes.append(
            messages.text(
                "maneuver.aim_line", locale, target=target_name, turns=outcome.turn.aim_turns
            )
        )
    if outcome.evaluate_bonus and target_name is not None and maneuver is Maneuver.evaluate:
        notes.append(
            messages.text(
                "maneuver.evaluate_line", locale, target=target_name, bonus=outcome.evaluate_bonus
            )
        )
    if trigger and maneuver is Maneuver.wait:
        notes.append(messages.text("maneuver.wait_line", locale, trigger=trigger))
    if outcome.feint is not None and target_name is not None:
        feint = outcome.feint
        notes.append(
            messages.text(
                _feint_key(feint, "maneuver"),
                locale,
                target=target_name,
                skill=feint_skill(feint, messages, locale),
                roll=feint.contest.a.total,
                defense=feint.defender_skill,
                defense_roll=feint.contest.b.total,
                penalty=feint.penalty,
            )
        )
    if outcome.get_up_roll is not None:
        notes.append(_roll_line(outcome.get_up_roll, messages, locale))
    if outcome.evade is not None and target_name is not None:
        notes.extend(_evade_lines(outcome.evade, target_name, messages, locale))
    if outcome.ready_time is not None and outcome.ready_weapon is not None:
        ready = outcome.ready_time
        notes.append(
            messages.text(
                "maneuver.ready_balanced_line"
                if ready.acts_balanced
                else "maneuver.ready_time_line",
                locale,
                weapon=outcome.ready_weapon,
                st=ready.st,
                min_st=ready.min_st,
                turns=ready.turns,
                base=ready.base,
            )
        )
    if outcome.readying is not None:
        notes.append(readying_line(outcome.readying, messages, locale))
    if outcome.reload is not None:
        notes.append(reload_line(outcome.reload, messages, locale))
    if outcome.maneuvers_allowed > 1:
        notes.append(
            messages.text(
                "maneuver.extra_line",
                locale,
                number=outcome.maneuvers_taken,
                total=outcome.maneuvers_allowed,
                rules=", ".join(outcome.maneuver_rule_ids),
            )
        )
    if outcome.spare is not None:
        spare = outcome.spare
        parries_left = (
            str(spare.parries_left)
            if spare.parries_left is not None
            else messages.text("maneuver.spare_parries_uncounted", locale)
        )
        notes.append(
            messages.text(
                "maneuver.spare_line",
                locale,
                rule=spare.rule_id,
                attacks=spare.attacks_spent,
                parries=spare.parries_spent,
                attacks_left=spare.attacks_left,
                parries_left=parries_left,
            )
        )
    return notes


def render_maneuver(
    combatant_name: str,
    outcome: ManeuverOutcome,
    messages: Messages,
    locale: str,
    *,
    target_name: str | None = None,
    trigger: str | None = None,
) -> discord.Embed:
    """What the chosen maneuver allows until the combatant's next turn (R4.4, R5.x)."""
    t = messages.text
    profile = outcome.profile
    posture = outcome.posture
    notes = _maneuver_notes(outcome, messages, locale, target_name=target_name, trigger=trigger)
    name = t(f"maneuver.name.{profile.maneuver.value}", locale)
    if profile.all_out_attack_option is not None:
        name += f" ({t(f'maneuver.all_out_attack.{profile.all_out_attack_option.value}', locale)})"
    if profile.all_out_defense_option is not None:
        name += (
            f" ({t(f'maneuver.all_out_defense.{profile.all_out_defense_option.value}', locale)})"
        )
    embed = new_embed(
        ResultKind.INFO, title=t("maneuver.title", locale, combatant=combatant_name, maneuver=name)
    )
    add_field(
        embed,
        t("maneuver.field.movement", locale),
        t(f"maneuver.movement.{profile.movement.kind.value}", locale, hexes=profile.movement.hexes),
    )
    if not profile.active_defense_allowed:
        defenses = t("maneuver.defenses.none", locale)
    elif profile.allowed_defenses == frozenset({DefenseKind.dodge}):
        defenses = t("maneuver.defenses.dodge_only", locale)
    elif profile.double_defense:
        defenses = t("maneuver.defenses.double", locale)
    else:
        defenses = t("maneuver.defenses.all", locale)
    for kind, modifier in profile.defense_bonuses:
        defenses += f"\n{signed(modifier.value)} {t(f'defend.name.{kind.value}', locale)}"
    add_field(embed, t("maneuver.field.defenses", locale), defenses)
    if profile.attack_bonus or profile.damage_bonus or profile.attacks > 1:
        add_field(
            embed,
            t("maneuver.field.attack", locale),
            t(
                "maneuver.attack_line",
                locale,
                bonus=signed(profile.attack_bonus),
                damage=signed(profile.damage_bonus),
                attacks=profile.attacks,
            ),
        )
    if posture is not None:
        add_field(
            embed,
            t("maneuver.field.posture", locale),
            t(
                "maneuver.posture_line",
                locale,
                start=t(f"maneuver.posture.{posture.start.value}", locale),
                reached=t(f"maneuver.posture.{posture.reached.value}", locale),
                turns=posture.turns_remaining,
                rule=posture.rule_id,
            ),
        )
    if notes:
        add_field(embed, t("maneuver.field.notes", locale), "\n".join(notes), inline=False)
    return embed


def outcome_kind(outcome: Outcome) -> ResultKind:
    """The colour family of a success-roll outcome."""
    return {
        Outcome.CRITICAL_SUCCESS: ResultKind.CRITICAL_SUCCESS,
        Outcome.SUCCESS: ResultKind.SUCCESS,
        Outcome.FAILURE: ResultKind.FAILURE,
        Outcome.CRITICAL_FAILURE: ResultKind.CRITICAL_FAILURE,
    }[outcome]


def readying_line(readying: WeaponReadying, messages: Messages, locale: str) -> str:
    """A Ready on a weapon not in hand (R5.5, R7.8): picked up from the ground, being readied
    (turns to go), or ready again; a Ready maneuver's and a close-combat draw's (R11.22)."""
    if readying.picked_up:
        key = "maneuver.picked_up_line"
    elif readying.turns_left:
        key = "maneuver.readying_line"
    else:
        key = "maneuver.readied_line"
    return messages.text(key, locale, weapon=readying.weapon, turns=readying.turns_left)
