"""Traits and skills set from Discord: male humanoid (R7.28) and the skills the rules read
(Acrobatics R6.4/R7.12/R7.14, Judo R7.14/R11.12 …), on saved sheets and on fighters.

They used to exist only in a hand-edited JSON sheet. ``/character trait add`` and
``/combatant trait add`` take them, offered as the GM or player types.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.character import SheetTrait
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
    # Discord lists 25: every combat trait, Altered Time Rate (R5.28) included, then the
    # first senses' traits (R16.3-R16.8); typing finds the rest.
    assert len(offered) == 25
    assert [c["value"] for c in offered[:18]] == [t.value for t in SheetTrait][:18]
    typed = await standin.autocomplete(
        "character trait add",
        {"character": "Bruno", "trait": "acro"},
        focused="trait",
        user="alice",
        locale="pt-BR",
    )
    assert [(c["name"], c["value"]) for c in typed] == [("Acrobacia (perícia)", "acrobatics")]

    acrobat = await standin.slash(
        "character trait add",
        {"character": "Bruno", "trait": "acrobatics", "level": 14},
        user="alice",
    )
    assert not acrobat.ephemeral
    assert acrobat.embed["title"] == "Bruno: Acrobatics (skill) added"
    assert fields(acrobat.embed)["Skills"] == "Acrobatics 14"
    # A name typed by hand, in Portuguese, works too.
    judo = await standin.slash(
        "character trait add",
        {"character": "Bruno", "trait": "Judô (perícia)", "level": 12},
        user="alice",
        locale="pt-BR",
    )
    assert fields(judo.embed)["Perícias"] == "Acrobacia 14, Judô 12"
    male = await standin.slash(
        "character trait add", {"character": "Bruno", "trait": "male_humanoid"}, user="alice"
    )
    assert fields(male.embed)["Traits"] == "Male humanoid (groin, R7.28)"
    sheet = (await saved(bot, standin, "Bruno")).sheet
    assert (sheet.skills, sheet.male_humanoid) == ({"acrobatics": 14, "judo": 12}, True)

    own = await standin.autocomplete(
        "character trait remove", {"character": "Bruno"}, focused="trait", user="alice"
    )
    assert [c["value"] for c in own] == ["male_humanoid", "acrobatics", "judo"]
    removed = await standin.slash(
        "character trait remove", {"character": "Bruno", "trait": "acrobatics"}, user="alice"
    )
    assert fields(removed.embed)["Skills"] == "Judo 12"

    no_level = await standin.slash(
        "character trait add", {"character": "Bruno", "trait": "karate"}, user="alice"
    )
    assert no_level.ephemeral
    assert no_level.embed["description"] == messages.text(
        "character.skill_needs_level", "en", trait="karate", character="Bruno"
    )
    unknown = await standin.slash(
        "character trait add",
        {"character": "Bruno", "trait": "swimming", "level": 12},
        user="alice",
        locale="pt-BR",
    )
    assert unknown.ephemeral
    assert unknown.embed["description"].startswith(
        "`swimming` não é uma característica que o bot conhece; escolha uma da lista: "
        "Reflexos em Combate, Hipoalgia,"
    )
    assert (await saved(bot, standin, "Bruno")).sheet.skills == {"judo": 12}


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
        "combatant trait add",
        {"name": "Orc", "trait": "judo", "level": 12},
        user="gm",
        channel=CHANNEL,
    )
    assert fields(judo.embed)["Skills"] == "Judo 12"
    own = await standin.autocomplete(
        "combatant trait remove", {"name": "Orc"}, focused="trait", user="gm", channel=CHANNEL
    )
    assert [c["value"] for c in own] == ["male_humanoid", "judo"]

    after = await standin.slash(
        "damage",
        {"target": "Orc", "amount": 3, "type": "cr", "location": "groin"},
        user="gm",
        channel=CHANNEL,
    )
    assert "Shock -6 on the next turn (R7.6)" in fields(after.embed)["Consequences"]
    assert dice.remaining == 0
