"""Saved characters end to end: a sheet made with /character fights with its own gear.

Ana (alice's) carries a sword; the GM's Orc wears DR 3 on the torso and 1 elsewhere.
Scripted dice make the blow exact: 1d+2 cut rolls 7, DR 3 stops 3, ×1.5 → 6 injury.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.sandbox import Sandbox
from bot.standin import CommandInputError, StandIn, Upload
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from rules.character import export_sheet
from rules.combatant import Armor, HitLocation, Trait
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def create(standin: StandIn, user: str, name: str, **stats: object) -> Any:
    return await standin.slash(
        "character create", {"name": name, **stats}, user=user, channel="general"
    )


async def make_ana(standin: StandIn) -> None:
    await create(standin, "alice", "Ana", st=11, dx=13, iq=10, ht=12)
    await standin.slash(
        "character weapon add",
        {"character": "Ana", "weapon": "sword", "skill": 13, "damage": "sw+1 cut"},
        user="alice",
    )


async def make_orc(standin: StandIn) -> None:
    await create(standin, "gm", "Orc", st=13, dx=11, iq=9, ht=11)
    await standin.slash(
        "character armor set", {"character": "Orc", "location": "all", "dr": 1}, user="gm"
    )
    await standin.slash(
        "character armor set", {"character": "Orc", "location": "torso", "dr": 3}, user="gm"
    )


async def saved(bot: GurpsBot, standin: StandIn, name: str) -> Any:
    return await CharacterRepository(bot.database).require(standin.guild.id, name)


async def fight(bot: GurpsBot, standin: StandIn) -> Any:
    return (
        await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    ).encounter


async def test_a_saved_character_fights_with_its_weapon_through_armor(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await make_ana(standin)
    ana = await saved(bot, standin, "Ana")
    assert ana.owner_id == standin.user("alice").id
    assert [(w.name, w.skill, w.damage, w.reach) for w in ana.sheet.weapons] == [
        ("sword", 13, "sw+1 cut", "1")
    ]
    await make_orc(standin)
    orc = await saved(bot, standin, "Orc")
    assert orc.owner_id == standin.user("gm").id
    assert orc.sheet.dr.uniform == Armor(rigid=1)
    assert orc.sheet.dr.overrides == {HitLocation.TORSO: Armor(rigid=3)}

    await standin.slash("encounter start", user="gm", channel=CHANNEL, name="Ford")
    added = await standin.slash("combatant add", {"character": "Ana"}, user="gm", channel=CHANNEL)
    assert not added.ephemeral
    await standin.slash("combatant add", {"character": "Orc"}, user="gm", channel=CHANNEL)
    encounter = await fight(bot, standin)
    in_fight = encounter.find("Ana")
    assert in_fight.owner_id == standin.user("alice").id  # the sheet's owner plays it
    assert in_fight.side == "pc"
    assert in_fight.combatant == ana.sheet
    assert encounter.find("Orc").owner_id is None  # the GM's own sheet is an NPC
    assert encounter.find("Orc").side == "npc"

    offered = await standin.autocomplete(
        "attack",
        {"attacker": "Ana", "weapon": ""},
        focused="weapon",
        user="alice",
        channel=CHANNEL,
    )
    assert [(c["name"], c["value"]) for c in offered] == [
        ("sword · skill 13 · sw+1 cut · reach 1 · parry 9", "sword")
    ]

    dice.extend([3, 4, 4])  # 11 vs 13: hit
    attack = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc", "weapon": "sword"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(attack.embeds[0])["Attack roll"] == "Rolled **11** (3, 4, 4): hit (by 2)"
    # ST 11 swings 1d+1, the sword adds 1: 1d+2 = 5 + 2 = 7 cut. Torso DR 3 → 4 × 1.5 = 6.
    dice.extend([5])
    await standin.click(attack.message, "No defense", user="gm")
    damage = fields(standin.message(attack.message.id).embeds[-1])
    assert damage["Basic damage"] == "1d+2 → **7** cut (5)"
    assert (damage["DR"], damage["Penetrating"], damage["Wounding"]) == ("3", "4", "×1.5")
    assert damage["Injury"] == "**6**"
    assert damage["HP"] == "13 → **7** / 13"
    assert dice.remaining == 0
    assert (await fight(bot, standin)).find("Orc").combatant.state.hp == 7
    # The saved sheet is untouched by the fight.
    assert (await saved(bot, standin, "Orc")).sheet.state.hp == 13


async def test_count_copies_for_mooks_enter_fresh(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await create(standin, "gm", "Goblin", st=8, dx=12, iq=8, ht=10, owner="alice")
    await standin.slash("encounter start", user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add", {"character": "Goblin", "count": 3}, user="gm", channel=CHANNEL
    )
    encounter = await fight(bot, standin)
    goblins = [encounter.find(f"Goblin {n}") for n in (1, 2, 3)]
    assert {g.owner_id for g in goblins} == {standin.user("alice").id}
    assert all(g.combatant.state.hp == 8 for g in goblins)
    assert all(g.combatant.attributes.dx == 12 for g in goblins)

    both = await standin.slash(
        "combatant add", {"character": "Goblin", "st": 9}, user="gm", channel=CHANNEL
    )
    assert both.ephemeral
    assert both.embed["description"] == messages.text("combatant.error.character_and_stats", "en")
    neither = await standin.slash("combatant add", {"name": "Nobody"}, user="gm", channel=CHANNEL)
    assert neither.ephemeral
    assert neither.embed["description"] == messages.text("combatant.error.stats_or_character", "en")
    plain = await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 12, "dx": 11, "iq": 9, "ht": 11},
        user="gm",
        channel=CHANNEL,
    )
    assert not plain.ephemeral
    assert (await fight(bot, standin)).find("Orc").combatant.attributes.st == 12


async def test_a_stranger_cannot_edit_someone_elses_sheet(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await make_ana(standin)
    before = await saved(bot, standin, "Ana")
    refused_text = messages.text("character.error.not_yours", "en", name="Ana")
    for command, options in (
        (
            "character weapon add",
            {"character": "Ana", "weapon": "axe", "skill": 9, "damage": "sw cut"},
        ),
        ("character weapon remove", {"character": "Ana", "weapon": "sword"}),
        ("character armor set", {"character": "Ana", "location": "all", "dr": 9}),
        ("character trait add", {"character": "Ana", "trait": "combat_reflexes"}),
        ("character shield set", {"character": "Ana", "skill": 12, "db": 2}),
        ("character rename", {"name": "Ana", "new-name": "Mine"}),
        ("character delete", {"name": "Ana"}),
        ("character show", {"name": "Ana"}),
        ("character export", {"name": "Ana"}),
    ):
        refused = await standin.slash(command, options, user="bob")
        assert refused.ephemeral, command
        assert refused.embed["description"] == refused_text, command
    assert await saved(bot, standin, "Ana") == before

    not_for_others = await create(
        standin, "bob", "Puppet", st=10, dx=10, iq=10, ht=10, owner="alice"
    )
    assert not_for_others.ephemeral
    assert not_for_others.embed["description"] == messages.text(
        "character.error.owner_gm_only", "en"
    )
    assert await CharacterRepository(bot.database).get(standin.guild.id, "Puppet") is None

    # The GM may edit any sheet.
    granted = await standin.slash(
        "character trait add", {"character": "Ana", "trait": "combat_reflexes"}, user="gm"
    )
    assert not granted.ephemeral
    assert granted.embed["title"] == "Ana: Combat Reflexes added"
    assert (await saved(bot, standin, "Ana")).sheet.traits == frozenset({Trait.COMBAT_REFLEXES})


async def test_sheet_commands_answer_with_the_sheet(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    created = await create(standin, "alice", "Ana", st=11, dx=13, iq=10, ht=12, dr=1)
    assert created.embed["title"] == "Ana saved"
    assert created.embed["description"] == f"Owner: <@{standin.user('alice').id}>"
    added = await standin.slash(
        "character weapon add",
        {
            "character": "Ana",
            "weapon": "rapier",
            "skill": 14,
            "damage": "thr+1 imp",
            "parry": "0F",
            "reach": "1,2",
        },
        user="alice",
    )
    shown = fields(added.embed)
    assert added.embed["title"] == "Ana: rapier added"
    assert shown["Weapons"] == "**rapier** — skill 14 · thr+1 imp (1d) · reach 1,2 · Parry 10"
    assert shown["Armor (DR)"] == "Everywhere: 1"
    weapon = (await saved(bot, standin, "Ana")).sheet.weapon("rapier")
    assert (weapon.fencing, weapon.parry_modifier, weapon.reach) == (True, 0, "1,2")

    shield = await standin.slash(
        "character shield set",
        {"character": "Ana", "skill": 12, "db": 2, "shield": "buckler"},
        user="alice",
    )
    assert fields(shield.embed)["Shield"] == "buckler — skill 12 · DB 2 · Block 9"
    armor = await standin.slash(
        "character armor set",
        {"character": "Ana", "location": "skull", "dr": 4, "flexible": True},
        user="alice",
    )
    assert fields(armor.embed)["Armor (DR)"] == "Everywhere: 1\nskull: 4 flexible"
    hard = await standin.slash(
        "character trait add",
        {"character": "Ana", "trait": "hard_to_kill", "level": 2},
        user="alice",
    )
    assert fields(hard.embed)["Hard to Kill"] == "2"
    sheet = (await saved(bot, standin, "Ana")).sheet
    assert sheet.hard_to_kill == 2
    assert sheet.dr.at(HitLocation.SKULL) == Armor(flexible=4)
    assert sheet.shield is not None
    assert (sheet.shield.name, sheet.shield.skill, sheet.shield.db) == ("buckler", 12, 2)

    bad = await standin.slash(
        "character weapon add",
        {"character": "Ana", "weapon": "axe", "skill": 12, "damage": "sw+2 chop"},
        user="alice",
    )
    assert bad.ephemeral
    assert bad.embed["description"] == (
        "The damage `sw+2 chop` has no type I know: end it with cr, cut, imp, pi-, pi, pi+, "
        "pi++, burn, cor, tox or fat."
    )
    # The example is a weapon's damage text, not the /damage command.
    assert fields(bad.embed) == {
        "Try, for example": "`sw+2 cut`, `thr+1 imp`, `1d+1 pi`, `2d(2) pi`"
    }
    renamed = await standin.slash(
        "character rename", {"name": "ana", "new-name": "Dame Ana"}, user="alice"
    )
    assert renamed.embed["title"] == "Ana is now Dame Ana"
    listed = await standin.slash("character list", user="carol")
    assert listed.embed["description"] == (
        f"**Dame Ana** — <@{standin.user('alice').id}> · ST 11 DX 13 IQ 10 HT 12 · 1 weapon"
    )
    gone = await standin.slash("character delete", {"name": "Dame Ana"}, user="alice")
    assert gone.embed["title"] == "Dame Ana deleted"
    assert await CharacterRepository(bot.database).count(standin.guild.id) == 0


async def test_export_then_import_brings_back_the_same_sheet(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await make_ana(standin)
    original = await saved(bot, standin, "Ana")
    exported = await standin.slash("character export", {"name": "Ana"}, user="alice")
    assert exported.ephemeral
    (attachment,) = exported.message.attachments
    assert attachment["filename"] == "Ana.json"
    data = standin.file(attachment)
    assert data.decode() == export_sheet(original.sheet)

    await standin.slash("character delete", {"name": "Ana"}, user="alice")
    imported = await standin.slash(
        "character import", {"file": Upload("Ana.json", data, "application/json")}, user="alice"
    )
    assert not imported.ephemeral
    assert imported.embed["title"] == "Ana imported"
    back = await saved(bot, standin, "Ana")
    assert back.sheet == original.sheet
    assert back.owner_id == standin.user("alice").id

    # Importing it again updates it, whoever imports it (its owner or a GM): owner kept.
    stronger = {**json.loads(data), "attributes": {"st": 14, "dx": 13, "ht": 12}}
    again = await standin.slash(
        "character import",
        {"file": Upload("Ana.json", json.dumps(stronger).encode())},
        user="gm",
    )
    assert not again.ephemeral
    assert again.embed["title"] == "Ana updated from the file"
    updated = await saved(bot, standin, "Ana")
    assert (updated.sheet.attributes.st, updated.owner_id) == (14, standin.user("alice").id)
    assert updated.id == back.id
    not_hers = await standin.slash(
        "character import", {"file": Upload("Ana.json", data)}, user="bob"
    )
    assert not_hers.ephemeral
    assert not_hers.embed["description"] == messages.text(
        "character.error.not_yours", "en", name="Ana"
    )
    assert (await saved(bot, standin, "Ana")).sheet.attributes.st == 14


async def test_import_of_a_malformed_sheet_is_refused_with_every_problem(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    bad = {
        "name": "Ana",
        "attributes": {"st": "eleven"},
        "weapons": [{"name": "sword", "skill": 13, "damage": "sw+1 slash"}],
        "colour": "red",
    }
    refused = await standin.slash(
        "character import", {"file": Upload("ana.json", json.dumps(bad).encode())}, user="alice"
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text("character.import_invalid", "en", count=3)
    assert fields(refused.embed)["What is wrong"] == (
        "• `attributes.st`: must be a whole number\n"
        "• `colour`: is not a sheet field\n"
        "• `weapons.0.damage`: " + messages.text("damage.missing_type", "en", text="sw+1 slash")
    )
    assert await CharacterRepository(bot.database).count(standin.guild.id) == 0

    broken = await standin.slash(
        "character import", {"file": Upload("ana.json", b'{"name": "Ana",\n')}, user="alice"
    )
    assert broken.ephemeral
    assert broken.embed["description"] == messages.text(
        "character.import_not_json", "en", line=2, column=1
    )

    portuguese = await standin.slash(
        "character import",
        {"file": Upload("ana.json", json.dumps(bad).encode())},
        user="alice",
        locale="pt-BR",
    )
    assert portuguese.embed["description"] == messages.text(
        "character.import_invalid", "pt-BR", count=3
    )
    assert fields(portuguese.embed)["O que está errado"].startswith(
        "• `attributes.st`: deve ser um número inteiro\n"
    )


async def test_the_gm_equips_a_fighter_already_in_the_fight(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await standin.slash("encounter start", user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 13, "dx": 11, "iq": 9, "ht": 11},
        user="gm",
        channel=CHANNEL,
    )
    given = await standin.slash(
        "combatant weapon add",
        {"name": "Orc", "weapon": "axe", "skill": 12, "damage": "sw+2 cut", "parry": "0U"},
        user="gm",
        channel=CHANNEL,
    )
    assert given.embed["title"] == "Orc: axe added"
    offered = await standin.autocomplete(
        "attack",
        {"attacker": "Orc", "weapon": ""},
        focused="weapon",
        user="gm",
        channel=CHANNEL,
    )
    assert [c["value"] for c in offered] == ["axe"]
    armored = await standin.slash(
        "combatant armor set",
        {"name": "Orc", "location": "all", "dr": 2},
        user="gm",
        channel=CHANNEL,
    )
    assert fields(armored.embed)["Armor (DR)"] == "Everywhere: 2"
    orc = (await fight(bot, standin)).find("Orc").combatant
    assert orc.weapon("axe").unbalanced
    assert orc.dr.at(HitLocation.TORSO) == Armor(rigid=2)

    refused = await standin.slash(
        "combatant weapon add",
        {"name": "Orc", "weapon": "club", "skill": 12, "damage": "sw+1 cr"},
        user="bob",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    removed = await standin.slash(
        "combatant weapon remove", {"name": "Orc", "weapon": "axe"}, user="gm", channel=CHANNEL
    )
    assert removed.embed["title"] == "Orc: axe removed"
    assert (await fight(bot, standin)).find("Orc").combatant.weapons == ()
    undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    assert not undone.ephemeral
    assert [w.name for w in (await fight(bot, standin)).find("Orc").combatant.weapons] == ["axe"]

    # The subcommands /character has, with the same options: a shield and a skill.
    shielded = await standin.slash(
        "combatant shield set",
        {"name": "Orc", "skill": 12, "db": 2, "shield": "buckler"},
        user="gm",
        channel=CHANNEL,
    )
    assert shielded.embed["title"] == "Orc readies buckler"
    assert fields(shielded.embed)["Shield"] == "buckler — skill 12 · DB 2 · Block 9"
    sneaky = await standin.slash(
        "combatant skill add",
        {"name": "Orc", "skill": "Stealth", "level": 11, "attribute": "dx"},
        user="gm",
        channel=CHANNEL,
    )
    assert sneaky.embed["title"] == "Orc: Stealth 11"
    assert fields(sneaky.embed)["Skills"] == "Stealth 11"
    orc = (await fight(bot, standin)).find("Orc").combatant
    assert (orc.block, orc.skill("stealth")) == (9, 11)
    await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    assert (await fight(bot, standin)).find("Orc").combatant.skills == ()


async def test_character_autocomplete_and_portuguese_names(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await make_ana(standin)
    await make_orc(standin)
    choices = await standin.autocomplete(
        "combatant add", {"character": "o"}, focused="character", user="gm", channel=CHANNEL
    )
    assert [c["value"] for c in choices] == ["Orc"]
    weapons = await standin.autocomplete(
        "character weapon remove",
        {"character": "Ana", "weapon": ""},
        focused="weapon",
        user="alice",
    )
    assert [c["value"] for c in weapons] == ["sword"]
    shown = await standin.slash("personagem ver", {"nome": "Ana"}, user="alice", locale="pt-BR")
    assert shown.ephemeral
    assert fields(shown.embed)["Armas"] == (
        "**sword** — NH 13 · GeB+1 cort (1d+2) · alcance 1 · Aparar 9"
    )
    assert shown.embed["description"] == messages.text(
        "character.show.owner", "pt-BR", owner=f"<@{standin.user('alice').id}>"
    )


async def test_a_typed_path_attaches_that_file(
    standin: StandIn, bot: GurpsBot, tmp_path: Path, messages: Messages
) -> None:
    """What the sandbox sends when a file option is typed as a path."""
    path = tmp_path / "bea.json"
    path.write_text(json.dumps({"name": "Bea", "attributes": {"st": 9, "dx": 14}}))
    imported = await standin.slash("character import", {"file": str(path)}, user="carol")
    assert imported.embed["title"] == messages.text("character.imported", "en", name="Bea")
    bea = await saved(bot, standin, "Bea")
    assert (bea.owner_id, bea.sheet.attributes.dx, bea.sheet.attributes.hp) == (
        standin.user("carol").id,
        14,
        9,
    )
    with pytest.raises(CommandInputError, match="no file"):
        await standin.slash("character import", {"file": str(tmp_path / "none.json")}, user="carol")


async def test_the_sandbox_saves_an_export_for_a_later_import(
    standin: StandIn, bot: GurpsBot, tmp_path: Path
) -> None:
    await make_ana(standin)
    written: list[str] = []
    sandbox = Sandbox(standin, write=written.append, user="alice")
    sandbox.downloads = tmp_path
    await sandbox.execute("/character export name:Ana")
    (shown,) = [line for line in written if line.startswith("  📎 ")]
    path = Path(shown.removeprefix("  📎 "))
    assert path.parent.parent == tmp_path
    assert path.name == "Ana.json"
    original = await saved(bot, standin, "Ana")
    assert await asyncio.to_thread(path.read_text) == export_sheet(original.sheet)
    await sandbox.execute("/character delete name:Ana")
    await sandbox.execute(f"/character import file:{path}")
    assert (await saved(bot, standin, "Ana")).sheet == original.sheet


async def test_a_bow_added_without_a_parry_cannot_parry(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    # B376: a missile weapon's Parry column reads "No"; left out, it must not parry at 0.
    await make_ana(standin)
    added = await standin.slash(
        "character weapon add",
        {
            "character": "Ana",
            "weapon": "longbow",
            "skill": 13,
            "damage": "thr+2 imp",
            "accuracy": 3,
        },
        user="alice",
    )
    assert fields(added.embed)["Defenses"] == "Dodge 9 · Parry sword 9 · Block —"
    bow = (await saved(bot, standin, "Ana")).sheet.weapon("longbow")
    assert not bow.can_parry


async def test_generic_gear_is_named_in_the_gm_s_language(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    # parry:/block: and a shield left unnamed used to be "weapon" and "shield" in a pt-BR reply.
    await standin.slash("encontro iniciar", user="gm", channel=CHANNEL, locale="pt-BR")
    await standin.slash(
        "combatente adicionar",
        {"nome": "Orc", "st": 13, "dx": 11, "iq": 9, "ht": 12, "aparar": 10, "bloqueio": 9},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    orc = (await fight(bot, standin)).find("Orc").combatant
    assert [w.name for w in orc.weapons] == ["arma"]
    assert orc.shield is not None
    assert orc.shield.name == "escudo"
    await make_ana(standin)
    ready = await standin.slash(
        "personagem escudo definir",
        {"personagem": "Ana", "nh": 12, "dp": 2},
        user="alice",
        locale="pt-BR",
    )
    assert ready.embed["title"] == "Ana prepara escudo"
    assert fields(ready.embed)["Escudo"] == "escudo — NH 12 · DP 2 · Bloqueio 9"
    added = await standin.slash(
        "personagem arma adicionar",
        {"personagem": "Ana", "arma": "Machado", "nh": 12, "dano": "sw+2 cut"},
        user="alice",
        locale="pt-BR",
    )
    assert added.embed["title"] == "Ana: arma Machado adicionada"


async def test_gear_a_fight_changed_goes_back_to_the_saved_sheet(
    standin: StandIn, live_bot: Any, messages: Messages
) -> None:
    """The GM gives Ana an axe and Stealth in the fight; at its end a button offers to keep
    them on her saved sheet. A stranger may not press it; her owner may, even after the bot
    restarted; her wounds stay in the fight."""
    bot = await live_bot.start()
    await make_ana(standin)
    await make_orc(standin)
    await standin.slash("encounter start", {"name": "Bridge"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": "Ana"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": "Orc"}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant weapon add",
        {"name": "Ana", "weapon": "axe", "skill": 12, "damage": "sw+2 cut", "parry": "0U"},
        user="gm",
        channel=CHANNEL,
    )
    await standin.slash(
        "combatant skill add",
        {"name": "Ana", "skill": "Stealth", "level": 12},
        user="gm",
        channel=CHANNEL,
    )
    await standin.slash(
        "damage", {"target": "Ana", "amount": 2, "type": "cr"}, user="gm", channel=CHANNEL
    )
    ended = await standin.slash("encounter end", user="gm", channel=CHANNEL)
    assert not ended.ephemeral
    assert fields(ended.embed)["Gear changed in the fight"] == messages.text(
        "gear.keep.offer", "en", names="Ana"
    )
    buttons = [c["label"] for row in ended.message.components for c in row["components"]]
    assert buttons == ["Keep Ana's gear on Ana"]  # the orc fought with his own gear

    refused = await standin.click(ended.message, "Keep Ana's gear on Ana", user="bob")
    assert refused.ephemeral
    assert (await saved(bot, standin, "Ana")).sheet.skills == ()

    bot = await live_bot.restart()
    kept = await standin.click(ended.message, "Keep Ana's gear on Ana", user="alice")
    assert not kept.ephemeral
    assert kept.embed["title"] == "Ana keeps the gear Ana ended the fight with"
    sheet = (await saved(bot, standin, "Ana")).sheet
    assert [w.name for w in sheet.weapons] == ["sword", "axe"]
    assert sheet.skill("stealth") == 12
    assert sheet.state.hp == sheet.max_hp  # the fight's wounds are not the sheet's
    again = await standin.click(ended.message, "Keep Ana's gear on Ana", user="alice")
    assert again.ephemeral
    assert again.embed["description"] == messages.text("gear.keep.same", "en", name="Ana")


async def test_a_fight_that_changed_no_gear_ends_without_buttons(
    standin: StandIn, bot: GurpsBot
) -> None:
    await make_ana(standin)
    await standin.slash("encounter start", {"name": "Calm"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": "Ana"}, user="gm", channel=CHANNEL)
    ended = await standin.slash("encounter end", user="gm", channel=CHANNEL)
    assert ended.message.components == []
    assert "Gear changed in the fight" not in fields(ended.embed)
