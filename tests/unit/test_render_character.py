"""Saved-character embeds: gear lines, armor by location, long lists within Discord's limits."""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.character import (
    render_character,
    render_character_list,
    render_import_problems,
)
from bot.render.common import MAX_FIELD_VALUE, damage_text, leading_lines, within_limits
from bot.render.encounter import armor_text
from bot.storage.character import CharacterRecord
from rules.character import (
    MAX_WEAPONS,
    SheetProblem,
    add_weapon,
    build_weapon,
    set_armor,
    set_shield,
)
from rules.combatant import Armor, Combatant, HitLocation, Shield


def record(sheet: Combatant, owner: int = 7) -> CharacterRecord:
    return CharacterRecord(
        id=1, guild_id=2, owner_id=owner, created_at="t", updated_at="t", sheet=sheet
    )


def fields(embed: discord.Embed) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in embed.fields}


def ana() -> Combatant:
    sheet = Combatant.create(name="Ana", attributes={"st": 11, "dx": 13, "ht": 12})
    sheet = add_weapon(sheet, build_weapon("sword", skill=13, damage="sw+1 cut"))
    sheet = add_weapon(sheet, build_weapon("bow", skill=12, damage="thr+1 imp", parry="No"))
    return set_shield(sheet, Shield(skill=12, db=2))


def test_sheet_shows_weapons_shield_and_armor_in_table_order(messages: Messages) -> None:
    sheet = set_armor(ana(), None, Armor(rigid=2))
    sheet = set_armor(sheet, HitLocation.SKULL, Armor(flexible=4))
    sheet = set_armor(sheet, HitLocation.TORSO, Armor(rigid=3, flexible=2))
    embed = render_character(record(sheet), messages, "en")
    shown = fields(embed)
    assert embed.title == "Ana"
    assert embed.description == "Owner: <@7>"
    assert shown["Weapons"] == (
        "**sword** — skill 13 · sw+1 cut (1d+2) · reach 1 · Parry 9\n"
        "**bow** — skill 12 · thr+1 imp (1d) · reach 1 · Parry —"
    )
    assert shown["Shield"] == "shield — skill 12 · DB 2 · Block 9"
    assert shown["Armor (DR)"] == ("Everywhere: 2\ntorso: 3 + 2 flexible\nskull: 4 flexible")
    assert within_limits(embed)


def test_headline_and_portuguese(messages: Messages) -> None:
    embed = render_character(record(ana()), messages, "pt-BR", headline="Ana salvo")
    assert embed.title == "Ana salvo"
    assert fields(embed)["Armas"].startswith("**sword** — NH 13 · GeB+1 cort (1d+2)")
    assert "**bow** — NH 12 · GdP+1 perf (1d)" in fields(embed)["Armas"]
    assert fields(embed)["Armadura (RD)"] == "Em todo o corpo: 0"


def test_damage_text_names_the_type_in_the_reader_s_language(messages: Messages) -> None:
    """A.6: cut is "cort", cr "cont", imp "perf", pi+ "pa+" in Portuguese, and A.3's swing
    and thrust are GeB and GdP; the rest stays as written (the adds, dice, an armor divisor,
    explosive and its fragments); text that is no damage is shown as it is."""
    assert damage_text("sw+1 cut", messages, "pt-BR") == "GeB+1 cort"
    assert damage_text("thr-1 imp", messages, "pt-BR") == "GdP-1 perf"
    assert damage_text("1d+2 cr", messages, "pt-BR") == "1d+2 cont"
    assert damage_text("GeB+2 cort", messages, "en") == "sw+2 cut"
    assert damage_text("gdp cr", messages, "pt-BR") == "GdP cont"
    assert damage_text("2d(2) pi+", messages, "pt-BR") == "2d(2) pa+"
    assert damage_text("3d cr ex [1d]", messages, "pt-BR") == "3d cont ex [1d]"
    assert damage_text("thr  imp", messages, "en") == "thr imp"
    assert damage_text("a lot", messages, "pt-BR") == "a lot"


def test_armor_text(messages: Messages) -> None:
    assert armor_text(Armor(rigid=5), messages, "en") == "5"
    assert armor_text(Armor(flexible=2), messages, "pt-BR") == "2 flexível"
    assert armor_text(Armor(rigid=1, flexible=2), messages, "en") == "1 + 2 flexible"


def test_a_full_armory_spills_into_more_fields(messages: Messages) -> None:
    sheet = Combatant.create(name="Armory")
    for n in range(MAX_WEAPONS):
        weapon = build_weapon(f"a rather long weapon name {n}", skill=12, damage="sw+2 cut")
        sheet = add_weapon(sheet, weapon)
    embed = render_character(record(sheet), messages, "en")
    weapon_fields = [f for f in embed.fields if f.name in {"Weapons", "\u200b"}]
    assert len(weapon_fields) > 1
    assert all(len(f.value or "") <= MAX_FIELD_VALUE for f in weapon_fields)
    shown = "\n".join(f.value or "" for f in weapon_fields).splitlines()
    assert len(shown) == MAX_WEAPONS
    assert within_limits(embed)


def test_list_and_its_overflow(messages: Messages) -> None:
    many = [record(Combatant.create(name=f"Goblin {n:03}"), owner=n) for n in range(100)]
    embed = render_character_list(many, 130, messages, "en")
    lines = (embed.description or "").splitlines()
    assert lines[0] == "**Goblin 000** — <@0> · ST 10 DX 10 IQ 10 HT 10 · 0 weapons"
    assert embed.footer.text == f"… and {130 - len(lines)} more"
    assert within_limits(embed)
    empty = render_character_list([], 0, messages, "en")
    assert empty.description == messages.text("character.list.empty", "en")


def test_import_problems_are_listed_and_cut_to_fit(messages: Messages) -> None:
    few = render_import_problems(
        [
            SheetProblem("attributes.st", "character.problem.not_integer"),
            SheetProblem("", "combatant.unnamed"),
        ],
        messages,
        "en",
    )
    assert few.description == "The file is not a valid character sheet: 2 problem(s)."
    assert fields(few)["What is wrong"] == (
        "• `attributes.st`: must be a whole number\n• `sheet`: A combatant needs a name."
    )
    many = [SheetProblem(f"skills.skill_{n}", "character.problem.not_integer") for n in range(80)]
    embed = render_import_problems(many, messages, "en")
    value = fields(embed)["What is wrong"]
    assert len(value) <= MAX_FIELD_VALUE
    listed = value.count("•")
    assert 0 < listed < 80
    assert value.endswith(f"… and {80 - listed} more")
    assert within_limits(embed)


def test_leading_lines_keep_what_fits_and_count_it() -> None:
    assert leading_lines(["abc", "de", "f"], 7) == ("abc\nde", 2)  # 4 + 3 characters
    assert leading_lines(["abc", "de", "f"], 6) == ("abc", 1)
    assert leading_lines(["abcdef"], 6) == ("", 0)
    assert leading_lines([], 10) == ("", 0)
