"""GCS characters end to end: a player attaches her .gcs file, fights with what it holds, and
files that are no character (or are hostile) are refused with nothing stored.

``tests/fixtures/gcs/alice.gcs`` (hand-written in GCS's version 5 format): ST 11, DX 13,
Combat Reflexes, a broadsword at 15 (GCS's Parry 13 with her medium shield's DB 2), a
bow, Stealth 14, mail on torso and arms, 3 HP of damage already taken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn, Upload
from bot.storage.character import CharacterRepository
from rules.character import MAX_IMPORT_BYTES
from rules.combatant import HitLocation
from rules.roller import ScriptedDice
from tests.e2e.test_character import fields, fight, saved

CHANNEL = "combat"
ALICE = Path(__file__).resolve().parents[1] / "fixtures" / "gcs" / "alice.gcs"


def alice_file() -> bytes:
    return ALICE.read_bytes()


def labels(message: Any) -> list[str]:
    return [c["label"] for row in message.components for c in row["components"]]


async def import_alice(standin: StandIn, user: str = "alice", data: bytes | None = None) -> Any:
    return await standin.slash(
        "character import",
        {"file": Upload("Alice.gcs", alice_file() if data is None else data)},
        user=user,
    )


async def test_a_gcs_file_becomes_a_saved_character(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    imported = await import_alice(standin)
    assert not imported.ephemeral, imported.embed
    assert imported.embed["title"] == "Alice imported"
    shown = fields(imported.embed)
    assert shown["Attributes"].startswith("ST 11 · DX 13 · IQ 12 · HT 12")
    assert "Broadsword (Swung)" in shown["Weapons"]
    assert (
        "**Regular Bow** — skill 13 · thr+2 imp (1d+1) · Acc 2 · range 165/220 · RoF 1 · "
        "shots 1(2) · Bulk -7"
    ) in shown["Weapons"]
    assert shown["Shield"] == "Medium Shield — skill 14 · DB 2 · Block 11"
    record = await saved(bot, standin, "Alice")
    assert record.owner_id == standin.user("alice").id
    sheet = record.sheet
    assert (sheet.state.hp, sheet.skill("stealth"), sheet.hard_to_kill) == (8, 14, 2)
    assert [w.name for w in sheet.weapons][:2] == ["Broadsword (Swung)", "Broadsword (Thrust)"]
    assert sheet.dr.at(HitLocation.TORSO).flexible == 4

    # Importing it again updates the sheet: a GM re-imports it, alice still owns it.
    data = json.loads(alice_file())
    data["skills"][1]["calc"]["level"] = 15  # Stealth went up in GCS
    again = await import_alice(standin, user="gm", data=json.dumps(data).encode())
    assert again.embed["title"] == "Alice updated from the file"
    record = await saved(bot, standin, "Alice")
    assert (record.owner_id, record.sheet.skill("stealth")) == (standin.user("alice").id, 15)
    refused = await import_alice(standin, user="bob")
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "character.error.not_yours", "en", name="Alice"
    )


async def test_a_real_sized_file_with_its_portrait_is_accepted(
    standin: StandIn, bot: GurpsBot
) -> None:
    """Real files embed a portrait and run to megabytes (the Basic Set's samples are more
    than 64 KB): a 5 MB one is read, the portrait is not kept."""
    data = json.loads(alice_file())
    data["profile"]["portrait"] = "iVBORw0KGgo" + "A" * (5 * 1024 * 1024)
    imported = await import_alice(standin, data=json.dumps(data).encode())
    assert not imported.ephemeral, imported.embed
    stored = await bot.database.fetch_value("SELECT sheet FROM characters")
    assert "iVBORw0KGgo" not in stored
    assert len(stored) < 20_000


@pytest.mark.parametrize(
    ("data", "key", "params"),
    [
        (b'<?xml version="1.0"?>\n<character version="2">', "character.import_not_json", {}),
        (b"\xff\xfe" * (5 * 1024 * 1024), "character.import_not_text", {}),
        (b"GURPS " * (10 * 1024 * 1024 // 6), "character.import_not_json", {}),
        (b'{"version": 5, "profile":' * 10_000, "character.import_too_deep", {"maximum": 100}),
        (
            b'{"version": 5, "profile": {"name": "Ana"}, "attributes": [{"attr_id": "st", '
            b'"calc": {"value": 1' + b"0" * 400 + b"}}]}",
            "character.import_number",
            {},
        ),
        (
            b'{"version": 5, "profile": {"name": "Ana"}, "attributes": [{"attr_id": "st", '
            b'"calc": {"value": 1000000000}}]}',
            "gcs.invalid",
            {"field": "attributes.0.calc.value"},
        ),
        (
            b'{"version": 12, "profile": {"name": "Ana"}}',
            "gcs.unknown_version",
            {"version": 12, "minimum": 2, "maximum": 5},
        ),
        (b'{"version": 5, "rows": []}', "gcs.not_character", {}),
    ],
)
async def test_hostile_and_wrong_files_are_refused_and_nothing_is_stored(  # noqa: PLR0917 - fixtures and parameters
    standin: StandIn,
    bot: GurpsBot,
    messages: Messages,
    data: bytes,
    key: str,
    params: dict[str, object],
) -> None:
    refused = await import_alice(standin, data=data)
    assert refused.ephemeral
    description = refused.embed["description"]
    if params or key in ("gcs.not_character", "character.import_not_text"):
        assert description == messages.text(key, "en", **params)
    else:
        assert description.startswith(messages.text(key, "en", line=1, column=1)[:20])
    assert await CharacterRepository(bot.database).count(standin.guild.id) == 0
    portuguese = await standin.slash(
        "personagem importar", {"arquivo": Upload("a.gcs", data)}, user="alice", locale="pt-BR"
    )
    assert portuguese.ephemeral


async def test_a_file_larger_than_discord_attaches_is_refused_unread(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    huge = b" " * (MAX_IMPORT_BYTES + 1)
    refused = await import_alice(standin, data=huge)
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "character.import_too_large", "en", size=len(huge), maximum=MAX_IMPORT_BYTES
    )
    assert await CharacterRepository(bot.database).count(standin.guild.id) == 0


async def test_alice_fights_with_her_imported_broadsword_and_parries_with_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Her broadsword (skill 15, sw+1 cut) hits the orc (a Weapon Master at 15 has two
    attacks, R5.14); the orc's axe meets her Parry 13 (GCS's number: 11 for skill 15 and
    Combat Reflexes, + the shield's DB 2)."""
    await import_alice(standin)
    await standin.slash("encounter start", {"name": "Road"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": "Alice"}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 12, "dx": 11, "iq": 9, "ht": 12},
        user="gm",
        channel=CHANNEL,
    )
    await standin.slash(
        "combatant weapon add",
        {"name": "Orc", "weapon": "Axe", "skill": 12, "damage": "sw+2 cut", "parry": "0U"},
        user="gm",
        channel=CHANNEL,
    )
    alice = (await fight(bot, standin)).find("Alice")
    assert alice.owner_id == standin.user("alice").id
    assert alice.combatant.state.hp == 8  # the damage GCS recorded comes along

    offered = await standin.autocomplete(
        "attack",
        {"attacker": "Alice", "weapon": "broad"},
        focused="weapon",
        user="alice",
        channel=CHANNEL,
    )
    assert [c["value"] for c in offered] == ["Broadsword (Swung)", "Broadsword (Thrust)"]
    dice.extend([3, 4, 4])  # 11 vs 15: hit
    blow = await standin.slash(
        "attack",
        {"attacker": "Alice", "target": "Orc", "weapon": "Broadsword (Swung)"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(blow.embeds[0])["Attack roll"] == "Rolled **11** (3, 4, 4): hit (by 4)"
    dice.extend([1])  # ST 11 swings 1d+1, +1: 1 + 2 = 3 cut → 4 injury
    await standin.click(blow.message, "No defense", user="gm")
    damage = fields(standin.message(blow.message.id).embeds[-1])
    assert damage["Basic damage"] == "1d+2 → **3** cut (1)"
    assert (await fight(bot, standin)).find("Orc").combatant.state.hp == 12 - 4

    dice.extend([3, 3, 2])  # the orc, shaken (shock -4, R7.6): 8 vs 12 - 4, hit
    axe = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Alice", "weapon": "Axe"},
        user="gm",
        channel=CHANNEL,
    )
    assert "Parry 13 (Broadsword (Swung))" in labels(axe.message)
    dice.extend([4, 4, 4])  # 12 vs Parry 13: parried
    await standin.click(axe.message, "Parry 13 (Broadsword (Swung))", user="alice")
    assert (await fight(bot, standin)).find("Alice").combatant.state.hp == 8
    assert dice.remaining == 0
