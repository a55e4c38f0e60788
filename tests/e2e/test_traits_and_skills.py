"""Traits and skills set from Discord: male humanoid (R7.28) and the skills the rules read
(Acrobatics R6.4/R7.12/R7.14, Judo R7.14/R11.12 …), on saved sheets and on fighters.

``/character trait|skill add`` and ``/combatant trait|skill add`` take them, offered as the
GM or player types; a skill keeps its Basic Set name whatever language it is typed in.
"""

from __future__ import annotations

import json

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn, Upload
from rules.character import export_sheet
from rules.roller import ScriptedDice
from tests.e2e.test_character import create, fields, saved

CHANNEL = "combat"


async def test_a_sheet_takes_skills_and_male_humanoid(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await create(standin, "alice", "Bruno", st=11, dx=13, iq=10, ht=12)
    offered = await standin.autocomplete(
        "character trait add", {"character": "Bruno"}, focused="trait", user="alice"
    )
    # Every trait: the combat ones, Altered Time Rate (R5.28), the senses' (R16.3-R16.8).
    assert len(offered) == 21
    typed = await standin.autocomplete(
        "character skill add",
        {"character": "Bruno", "skill": "acro"},
        focused="skill",
        user="alice",
        locale="pt-BR",
    )
    assert [(c["name"], c["value"]) for c in typed] == [("Acrobacia", "Acrobacia")]

    acrobat = await standin.slash(
        "character skill add",
        {"character": "Bruno", "skill": "Acrobatics", "level": 14, "attribute": "dx"},
        user="alice",
    )
    assert not acrobat.ephemeral
    assert acrobat.embed["title"] == "Bruno: Acrobatics 14"
    assert fields(acrobat.embed)["Skills"] == "Acrobatics 14"
    # A name typed by hand, in Portuguese, is kept under its Basic Set name.
    judo = await standin.slash(
        "personagem pericia adicionar",
        {"personagem": "Bruno", "pericia": "Judô", "nivel": 12},
        user="alice",
        locale="pt-BR",
    )
    assert fields(judo.embed)["Perícias"] == "Acrobacia 14, Judô 12"
    stealth = await standin.slash(
        "character skill add",
        {"character": "Bruno", "skill": "Stealth", "level": 13},
        user="alice",
    )
    assert fields(stealth.embed)["Skills"] == "Acrobatics 14, Judo 12, Stealth 13"
    male = await standin.slash(
        "character trait add", {"character": "Bruno", "trait": "male_humanoid"}, user="alice"
    )
    assert fields(male.embed)["Traits"] == "Male humanoid (groin, R7.28)"
    sheet = (await saved(bot, standin, "Bruno")).sheet
    assert [(s.name, s.level, s.attribute) for s in sheet.skills] == [
        ("Acrobatics", 14, "dx"),
        ("Judo", 12, None),
        ("Stealth", 13, None),
    ]
    assert (sheet.skill("acrobatics"), sheet.skill("judo"), sheet.male_humanoid) == (14, 12, True)

    own = await standin.autocomplete(
        "character skill remove", {"character": "Bruno"}, focused="skill", user="alice"
    )
    assert [(c["name"], c["value"]) for c in own] == [
        ("Acrobatics 14", "Acrobatics"),
        ("Judo 12", "Judo"),
        ("Stealth 13", "Stealth"),
    ]
    removed = await standin.slash(
        "character skill remove", {"character": "Bruno", "skill": "Acrobatics"}, user="alice"
    )
    assert removed.embed["title"] == "Bruno: Acrobatics removed"
    assert fields(removed.embed)["Skills"] == "Judo 12, Stealth 13"

    missing = await standin.slash(
        "character skill remove", {"character": "Bruno", "skill": "Karate"}, user="alice"
    )
    assert missing.ephemeral
    assert missing.embed["description"] == messages.text(
        "character.skill_missing", "en", skill="Karate", character="Bruno"
    )
    unknown = await standin.slash(
        "character trait add",
        {"character": "Bruno", "trait": "swimming"},
        user="alice",
        locale="pt-BR",
    )
    assert unknown.ephemeral
    assert unknown.embed["description"].startswith(
        "`swimming` não é uma característica que o bot conhece; escolha uma da lista: "
        "Reflexos em Combate, Hipoalgia,"
    )
    assert [s.name for s in (await saved(bot, standin, "Bruno")).sheet.skills] == [
        "Judo",
        "Stealth",
    ]


async def test_a_fighter_becomes_a_male_humanoid_for_the_groin_rule_r7_28(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R7.28's worked example from Discord: 3 crushing injury to the groin of an orc the GM
    has made a male humanoid gives shock -6, not -3."""
    await standin.slash("encounter start", {"name": "Groin"}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 13, "dx": 11, "iq": 9, "ht": 11, "hp": 19},
        user="gm",
        channel=CHANNEL,
    )
    before = await standin.slash(
        "damage",
        {"target": "Orc", "amount": 3, "type": "cr", "location": "groin"},
        user="gm",
        channel=CHANNEL,
    )
    assert "Shock -3 on the next turn (R7.6)" in fields(before.embed)["Consequences"]
    await standin.slash("encounter undo", user="gm", channel=CHANNEL)

    refused = await standin.slash(
        "combatant trait add",
        {"name": "Orc", "trait": "male_humanoid"},
        user="alice",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    made = await standin.slash(
        "combatant trait add",
        {"name": "Orc", "trait": "male_humanoid"},
        user="gm",
        channel=CHANNEL,
    )
    assert not made.ephemeral
    assert made.embed["title"] == "Orc: Male humanoid (groin, R7.28) added"
    assert fields(made.embed)["Traits"] == "Male humanoid (groin, R7.28)"
    judo = await standin.slash(
        "combatant skill add",
        {"name": "Orc", "skill": "judo", "level": 12},
        user="gm",
        channel=CHANNEL,
    )
    assert fields(judo.embed)["Skills"] == "Judo 12"
    own = await standin.autocomplete(
        "combatant trait remove", {"name": "Orc"}, focused="trait", user="gm", channel=CHANNEL
    )
    assert [c["value"] for c in own] == ["male_humanoid"]

    after = await standin.slash(
        "damage",
        {"target": "Orc", "amount": 3, "type": "cr", "location": "groin"},
        user="gm",
        channel=CHANNEL,
    )
    assert "Shock -6 on the next turn (R7.6)" in fields(after.embed)["Consequences"]
    assert dice.remaining == 0


async def test_a_skill_too_long_for_discords_choices_does_not_break_the_others(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A sheet may hold a skill named 60 characters with a specialization of 60: its
    ``Name (Specialization)`` (123) is past Discord's 100 for a suggestion's value, and one
    such value would make Discord refuse every suggestion. It is left out; a name past 100
    characters is cut. Typed in full, it is still rolled and removed."""
    await create(standin, "alice", "Bruno", st=11, dx=13, iq=10, ht=12)
    sheet = json.loads(export_sheet((await saved(bot, standin, "Bruno")).sheet))
    longest = "N" * 60 + " (" + "S" * 37 + ")"  # 100 characters
    sheet["skills"] = [
        {"name": "N" * 60, "specialization": "S" * 60, "level": 12},
        {"name": "N" * 60, "specialization": "S" * 37, "level": 11},
        {"name": "Stealth", "level": 13},
    ]
    await standin.slash(
        "character import", {"file": Upload("b.json", json.dumps(sheet).encode())}, user="alice"
    )
    expected = [(longest[:99] + "…", longest), ("Stealth 13", "Stealth")]
    removable = await standin.autocomplete(
        "character skill remove", {"character": "Bruno"}, focused="skill", user="alice"
    )
    assert [(c["name"], c["value"]) for c in removable] == expected
    rollable = await standin.autocomplete(
        "check", {"character": "Bruno", "skill": "N"}, focused="skill", user="alice"
    )
    assert [(c["name"], c["value"]) for c in rollable] == expected[:1]
    label = "N" * 60 + " (" + "S" * 60 + ")"
    dice.extend([3, 4, 4])
    rolled = await standin.slash(
        "check", {"character": "Bruno", "skill": label}, user="alice", channel=CHANNEL
    )
    assert fields(rolled.embed)["Effective skill"].endswith("= **12**")
    removed = await standin.slash(
        "character skill remove", {"character": "Bruno", "skill": label}, user="alice"
    )
    assert not removed.ephemeral, removed.content
    left = json.loads(export_sheet((await saved(bot, standin, "Bruno")).sheet))["skills"]
    assert [(skill["name"], skill.get("specialization")) for skill in left] == [
        ("N" * 60, "S" * 37),
        ("Stealth", ""),
    ]
