"""One weapon, several uses, end to end: a sheet whose two weapon lines are one item (GCS's
``Swung`` and ``Thrust``, or a JSON sheet's ``item``) parries with either at the same
repeated-parry count (A.4), and drops both when knocked down (R7.8).

``tests/fixtures/gcs/two_usages.gcs`` (hand-written, GCS version 5): Mirela Vask, ST 12,
DX 12, HT 11, an arming sword at Broadsword 13 (Swung, Thrust: GCS's Parry 9 on each), two
hatchets at 11 (Parry 8), Natural Attacks (Punch, Parry 9), Dodge 8.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn, Upload
from rules.roller import ScriptedDice
from tests.e2e.test_character import fight, saved

CHANNEL = "combat"
MIRELA = Path(__file__).resolve().parents[1] / "fixtures" / "gcs" / "two_usages.gcs"

SVEN = {
    "name": "Sven",
    "attributes": {"st": 12, "dx": 12, "iq": 10, "ht": 12},
    "weapons": [
        {"name": "Spear (Thrust)", "skill": 14, "damage": "thr+2 imp", "item": "Spear"},
        {
            "name": "Spear (Thrown)",
            "skill": 12,
            "damage": "thr+3 imp",
            "thrown": True,
            "item": "Spear",
        },
        {
            "name": "Spear (Two hands)",
            "skill": 14,
            "damage": "thr+3 imp",
            "reach": "1,2",
            "two_handed": True,
            "item": "Spear",
        },
        {"name": "Knife", "skill": 12, "damage": "thr imp", "reach": "C", "parry_modifier": -1},
    ],
}
"""A JSON sheet: one spear of three uses (Parry 3 + 14/2 = 10; thrown, it does not parry) and
a knife of its own (3 + 6 - 1 = 8)."""


def labels(message: Any) -> list[str]:
    return [c["label"] for row in message.components for c in row["components"]]


def parries(message: Any) -> list[str]:
    return [label for label in labels(message) if label.startswith("Parry")]


async def _orc_against(standin: StandIn, character: str) -> Any:
    """A fight in #combat: the saved character and an orc with an axe (skill 12). The start's
    answer, the live tracker, is returned."""
    started = await standin.slash("encounter start", {"name": "Ford"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": character}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 12, "dx": 11, "iq": 9, "ht": 12},
        user="gm",
        channel=CHANNEL,
    )
    await standin.slash(
        "combatant weapon add",
        {"name": "Orc", "weapon": "Axe", "skill": 12, "damage": "sw+2 cut"},
        user="gm",
        channel=CHANNEL,
    )
    return started.message


async def _axe_blow(standin: StandIn, dice: ScriptedDice, target: str) -> Any:
    dice.extend([3, 3, 4])  # 10 vs axe 12: hit
    blow = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": target, "weapon": "Axe"},
        user="gm",
        channel=CHANNEL,
    )
    assert not blow.ephemeral, blow.embed
    return blow


async def test_a_gcs_swords_thrust_parries_at_minus_4_after_its_swing_parried_a_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A.4 (the review's F2): GCS lists Mirela's arming sword twice. She parries the orc's
    first blow with the Swung line (9); against the second, before her turn, both lines are
    the same sword at 9 - 4 = 5, not a fresh 9 on the Thrust line; the hatchets, other items,
    keep their 8."""
    imported = await standin.slash(
        "character import", {"file": Upload("Mirela.gcs", MIRELA.read_bytes())}, user="bob"
    )
    assert imported.embed["title"] == "Mirela Vask imported"
    sheet = (await saved(bot, standin, "Mirela Vask")).sheet
    assert [(w.name, w.item) for w in sheet.weapons][:2] == [
        ("Arming Sword (Swung)", "Arming Sword"),
        ("Arming Sword (Thrust)", "Arming Sword"),
    ]
    await _orc_against(standin, "Mirela Vask")

    first = await _axe_blow(standin, dice, "Mirela Vask")
    assert parries(first.message) == [
        "Parry 9 (Arming Sword (Swung))",
        "Parry 9 (Arming Sword (Thrust))",
        "Parry 8 (Hatchet (Swung))",
        "Parry 8 (Hatchet (Swung) 2)",
        "Parry 9 (Natural Attacks (Punch))",
    ]
    dice.extend([2, 3, 4])  # 9 vs Parry 9: parried
    await standin.click(first.message, "Parry 9 (Arming Sword (Swung))", user="bob")
    mirela = (await fight(bot, standin)).find("Mirela Vask")
    assert mirela.turn.weapon_parries == {"Arming Sword": 1}

    second = await _axe_blow(standin, dice, "Mirela Vask")
    assert parries(second.message) == [
        "Parry 5 (Arming Sword (Swung))",
        "Parry 5 (Arming Sword (Thrust))",
        "Parry 8 (Hatchet (Swung))",
        "Parry 8 (Hatchet (Swung) 2)",
        "Parry 9 (Natural Attacks (Punch))",
    ]
    dice.extend([2, 2, 1])  # 5 vs Parry 5: parried with the thrust, the sword's third
    await standin.click(second.message, "Parry 5 (Arming Sword (Thrust))", user="bob")
    mirela = (await fight(bot, standin)).find("Mirela Vask")
    assert mirela.turn.weapon_parries == {"Arming Sword": 2}
    assert mirela.combatant.state.hp == 12
    assert dice.remaining == 0


async def test_a_json_sheets_spear_of_three_uses_is_one_spear_a_4_r7_8(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A JSON sheet names the item of each weapon: Sven's spear is one spear in three uses.
    A.4: after a parry with the one-handed thrust (10), the two-handed use is at 6; the knife,
    an item of its own, keeps its 8; a thrown use does not parry. R7.8: knocked down, he drops
    the spear once (and the knife): the tracker lists the items, not each use."""
    data = json.dumps(SVEN).encode()
    imported = await standin.slash(
        "character import", {"file": Upload("Sven.json", data)}, user="alice"
    )
    assert imported.embed["title"] == "Sven imported", imported.embed
    exported = await standin.slash("character export", {"name": "Sven"}, user="alice")
    (attachment,) = exported.message.attachments
    written = standin.file(attachment)
    assert [w["item"] for w in json.loads(written)["weapons"]] == ["Spear", "Spear", "Spear", None]
    # The export reads back as it was: the items come along.
    await standin.slash("character delete", {"name": "Sven"}, user="alice")
    await standin.slash("character import", {"file": Upload("Sven.json", written)}, user="alice")
    sheet = (await saved(bot, standin, "Sven")).sheet
    assert [w.item for w in sheet.weapons] == ["Spear", "Spear", "Spear", None]
    tracker = await _orc_against(standin, "Sven")

    first = await _axe_blow(standin, dice, "Sven")
    assert parries(first.message) == [
        "Parry 10 (Spear (Thrust))",
        "Parry 10 (Spear (Two hands))",
        "Parry 8 (Knife)",
    ]
    dice.extend([3, 3, 3])  # 9 vs Parry 10: parried
    await standin.click(first.message, "Parry 10 (Spear (Thrust))", user="alice")
    second = await _axe_blow(standin, dice, "Sven")
    assert parries(second.message) == [
        "Parry 6 (Spear (Thrust))",
        "Parry 6 (Spear (Two hands))",
        "Parry 8 (Knife)",
    ]
    # No defense: the axe's sw+2 (1d+2+2 at ST 12 → 6 + 4 = 10 cut, ×1.5 = 15 injury) is a
    # Major Wound; HT 12 rolls 14 for the knockdown and fails (R7.8).
    dice.extend([6, 5, 5, 4])
    await standin.click(second.message, "No defense", user="gm")
    sven = (await fight(bot, standin)).find("Sven")
    assert sven.combatant.state.knocked_down
    assert sven.combatant.state.dropped == frozenset({"Spear", "Knife"})
    await bot.trackers.settled()
    (shown,) = standin.message(tracker.id).embeds
    assert "🫳 dropped: Knife, Spear" in json.dumps(shown, ensure_ascii=False)
    assert dice.remaining == 0
