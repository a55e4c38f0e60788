"""Embeds for saved characters: the sheet with its gear, the guild's list, import problems.

The numbers every sheet shows (attributes, defenses, Speed, Move) come from
:func:`bot.render.encounter.add_sheet_fields`; this module adds what a saved
sheet carries besides: weapons, shield, armor by location and Hard to Kill.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Messages
from bot.render.common import (
    MAX_DESCRIPTION,
    MAX_FIELD_VALUE,
    ResultKind,
    add_field,
    damage_text,
    error_embed,
    leading_lines,
    new_embed,
    set_footer,
)
from bot.render.encounter import add_armor_field, add_sheet_fields
from bot.render.views import SavedCharacter
from rules.character import MAX_SKILLS, MAX_WEAPONS, SheetProblem, SheetTrait
from rules.combatant import Combatant, Weapon
from rules.damage import parse_damage
from rules.errors import RuleError
from rules.gcs import ImportedSheet
from rules.options import RuleOptions

NONE = "—"
PROBLEMS_BUDGET = MAX_FIELD_VALUE - 50
"""Room for the problem lines, leaving enough for the "… and N more" line."""


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def trait_name(trait: SheetTrait, messages: Messages, locale: str) -> str:
    """A sheet trait's name in the reader's language."""
    return _t(messages, locale, f"character.trait.{trait.value}")


def _dice(weapon: Weapon, sheet: Combatant) -> str:
    """What the damage text rolls for this wielder (``sw+1 cut`` → ``2d-1``)."""
    try:
        return str(parse_damage(weapon.damage).expression(sheet.attributes.st))
    except RuleError:
        return "?"


def _ranged(weapon: Weapon) -> bool:
    """A weapon with a ranged table entry: thrown, or with Acc, range, RoF or shots."""
    return weapon.thrown or bool(
        weapon.accuracy or weapon.range or weapon.rate_of_fire or weapon.shots
    )


def weapon_line(weapon: Weapon, sheet: Combatant, messages: Messages, locale: str) -> str:
    """A melee weapon with its reach and Parry; a ranged one with its table (Acc, range,
    RoF, shots, Bulk, Recoil) as far as the sheet has it."""
    if _ranged(weapon):
        parts = [
            _t(messages, locale, f"character.show.ranged.{field}", value=value)
            for field, value in (
                ("accuracy", weapon.accuracy),
                ("range", weapon.range),
                ("rate_of_fire", weapon.rate_of_fire),
                ("shots", weapon.shots),
                ("bulk", weapon.bulk),
                ("recoil", weapon.recoil),
            )
            if value not in ("", None)
        ]
        return _t(
            messages,
            locale,
            "character.show.ranged_line",
            name=weapon.name,
            skill=weapon.skill,
            damage=damage_text(weapon.damage, messages, locale),
            dice=_dice(weapon, sheet),
            table=" · ".join(parts),
        )
    parry = sheet.parry(weapon)
    return _t(
        messages,
        locale,
        "character.show.weapon_line",
        name=weapon.name,
        skill=weapon.skill,
        damage=damage_text(weapon.damage, messages, locale),
        dice=_dice(weapon, sheet),
        reach=weapon.reach,
        parry=NONE if parry is None else parry,
    )


def _chunks(lines: Sequence[str], limit: int) -> list[str]:
    """Lines joined into as few texts of at most ``limit`` characters as they fit in."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        candidate = f"{current}\n{line}" if current else line
        if current and len(candidate) > limit:
            chunks.append(current)
            candidate = line
        current = candidate
    if current:
        chunks.append(current)
    return chunks


def add_gear_fields(
    embed: discord.Embed, sheet: Combatant, messages: Messages, locale: str
) -> None:
    """Weapons, shield, armor by location and Hard to Kill."""
    title = _t(messages, locale, "character.show.weapons")
    lines = [weapon_line(w, sheet, messages, locale) for w in sheet.weapons]
    if not lines:
        add_field(embed, title, _t(messages, locale, "character.show.no_weapons"), inline=False)
    for chunk in _chunks(lines, MAX_FIELD_VALUE):
        add_field(embed, title, chunk, inline=False)
        title = "\u200b"
    if sheet.shield is not None:
        add_field(
            embed,
            _t(messages, locale, "character.show.shield"),
            _t(
                messages,
                locale,
                "character.show.shield_line",
                name=sheet.shield.name,
                skill=sheet.shield.skill,
                db=sheet.shield.db,
                block=NONE if sheet.block is None else sheet.block,
            ),
            inline=False,
        )
    add_armor_field(embed, sheet, messages, locale)
    _add_leveled_traits(embed, sheet, messages, locale)


def _add_leveled_traits(
    embed: discord.Embed, sheet: Combatant, messages: Messages, locale: str
) -> None:
    """Hard to Kill and Altered Time Rate (R5.28), each with its level."""
    for leveled in (SheetTrait.HARD_TO_KILL, SheetTrait.ALTERED_TIME_RATE):
        level = getattr(sheet, leveled.value)
        if level:
            add_field(embed, trait_name(leveled, messages, locale), str(level), inline=False)


def render_character(
    record: SavedCharacter,
    messages: Messages,
    locale: str,
    *,
    headline: str | None = None,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """A saved sheet: owner, the numbers (an animal's Dodge as the guild's ``options`` read
    R6.1) and the gear; ``headline`` says what just changed."""
    owner = _t(messages, locale, "character.show.owner", owner=f"<@{record.owner_id}>")
    embed = new_embed(
        ResultKind.INFO,
        title=headline or record.name,
        description=owner,
    )
    add_sheet_fields(embed, record.sheet, messages, locale, options)
    add_gear_fields(embed, record.sheet, messages, locale)
    return embed


def render_gear(
    name: str, sheet: Combatant, messages: Messages, locale: str, *, headline: str
) -> discord.Embed:
    """A fighter's gear after a change in the middle of a fight."""
    embed = new_embed(ResultKind.INFO, title=headline, description=name)
    add_gear_fields(embed, sheet, messages, locale)
    return embed


def render_traits(
    name: str, sheet: Combatant, messages: Messages, locale: str, *, headline: str
) -> discord.Embed:
    """A fighter's numbers, traits and skills after a change in the middle of a fight."""
    embed = new_embed(ResultKind.INFO, title=headline, description=name)
    add_sheet_fields(embed, sheet, messages, locale)
    _add_leveled_traits(embed, sheet, messages, locale)
    return embed


def render_character_list(
    records: Sequence[SavedCharacter], total: int, messages: Messages, locale: str
) -> discord.Embed:
    """``/character list``: names, owners and a one-line summary, by name."""
    embed = new_embed(ResultKind.INFO, title=_t(messages, locale, "character.list.title"))
    if not records:
        embed.description = _t(messages, locale, "character.list.empty")
        return embed
    lines = []
    for record in records:
        a = record.sheet.attributes
        lines.append(
            _t(
                messages,
                locale,
                "character.list.line_one"
                if len(record.sheet.weapons) == 1
                else "character.list.line",
                name=record.name,
                owner=f"<@{record.owner_id}>",
                st=a.st,
                dx=a.dx,
                iq=a.iq,
                ht=a.ht,
                weapons=len(record.sheet.weapons),
            )
        )
    embed.description, shown = leading_lines(lines, MAX_DESCRIPTION)
    if total > shown:
        set_footer(embed, _t(messages, locale, "character.list.more", count=total - shown))
    return embed


def render_deleted(name: str, messages: Messages, locale: str) -> discord.Embed:
    return new_embed(ResultKind.INFO, title=_t(messages, locale, "character.deleted", name=name))


def render_exported(name: str, messages: Messages, locale: str) -> discord.Embed:
    return new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "character.exported.title", name=name),
        description=_t(messages, locale, "character.exported.description"),
    )


def problem_line(problem: SheetProblem, messages: Messages, locale: str) -> str:
    """``attributes.st: must be a whole number`` in the reader's language."""
    what = _t(messages, locale, problem.key, **problem.params)
    where = problem.field or _t(messages, locale, "character.problem.sheet")
    return f"`{where}`: {what}"


def render_import_notes(read: ImportedSheet, messages: Messages, locale: str) -> str:
    """What an import could not keep: weapons past a sheet's room, skills past its room."""
    lines = []
    if read.weapons_left_out:
        lines.append(
            _t(
                messages,
                locale,
                "character.import_weapons_left_out",
                maximum=MAX_WEAPONS,
                weapons=", ".join(read.weapons_left_out),
            )
        )
    if read.skills_left_out:
        lines.append(
            _t(
                messages,
                locale,
                "character.import_skills_left_out",
                maximum=MAX_SKILLS,
                count=read.skills_left_out,
            )
        )
    return "\n".join(lines)


def render_import_problems(
    problems: Sequence[SheetProblem], messages: Messages, locale: str
) -> discord.Embed:
    """Why an imported file is not a sheet: every problem, one per line."""
    embed = error_embed(messages, locale, "character.import_invalid", {"count": len(problems)})
    lines = [f"• {problem_line(p, messages, locale)}" for p in problems]
    text, shown = leading_lines(lines, PROBLEMS_BUDGET)
    if shown < len(lines):
        more = _t(messages, locale, "character.problem.more", count=len(lines) - shown)
        text = f"{text}\n{more}" if text else more
    add_field(embed, _t(messages, locale, "character.problem.title"), text, inline=False)
    return embed
