"""/terrain through the real client: a fighter on a table (R13.2, R13.3), shots from a
wall (R12.8), fighting under water (R13.4), an attack from above (R13.6), all kept on the
fight, shown by the tracker and undone."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_close_combat import brawl
from tests.e2e.test_ranged import archer_fight, fields, gm, labels, say

CHANNEL = "combat"


async def test_a_foe_on_a_table_r13_2_r13_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The orc jumps on a table (1 m): Bruno's knife at his face is at -2 more (13 - 5 - 2 =
    6), and the orc defends at +1; the tracker says where he stands, and undo takes it back."""
    await brawl(standin)
    placed = await gm(standin, "terrain set", combatant="Orc", preset="table")
    assert placed.embed["description"].splitlines() == [
        "Standing 1 m up.",
        "Out of the water.",
    ]
    dice.extend([1, 2, 2])
    stab = await say(
        standin, "alice", "attack", attacker="Bruno", target="Orc", weapon="Knife", location="face"
    )
    assert fields(stab.embeds[0])["Effective skill"] == (
        "Skill 13\n-5 hit location (R7.19)\n-2 head from below (R13.2)\n= **6**"
    )
    assert labels(stab.message) == ["Dodge 9", "Retreat (+3)", "No defense"]
    assert "+1 higher or lower ground (R13.2)" in fields(stab.embeds[0])["Defenses"]
    tracker = await gm(standin, "encounter status")
    text = " ".join(f["value"] for e in tracker.embeds for f in e.get("fields", []))
    assert "1 m up" in text
    await gm(standin, "encounter undo")  # the stab
    await gm(standin, "encounter undo")  # the table
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Orc").turn.elevation == 0


async def test_shooting_down_from_a_wall_r12_8(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """On a wall 10 m up, 20 m away: read as 15 m, -5."""
    await archer_fight(standin)
    await gm(standin, "terrain set", combatant="Archer", height=10)
    dice.extend([6, 6, 6])
    shot = await say(
        standin, "alice", "shoot", attacker="Archer", target="Orc", weapon="Bow", distance=20
    )
    shown = fields(shot.embeds[0])
    assert shown["Range"] == "Read on the table as 15 m (R12.8)."
    assert "-5 distance and speed (R12.8)" in shown["Effective skill"]


async def test_fighting_under_water_r13_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Under water Bruno's knife (reach C) is at -2; the eel's Dodge 3 fails and thr (1d)
    rolls 6: halved to 3 imp, 6 injury, a major wound (HT 10 rolls 9 and it stays up)."""
    await brawl(standin)
    await gm(standin, "terrain set", combatant="Bruno", water="underwater")
    await gm(standin, "combatant add", name="Eel", st=10, dx=10, iq=3, ht=10, dodge=3)
    dice.extend([3, 3, 4, 6, 6, 6, 6, 3, 3, 3])
    stab = await say(standin, "alice", "attack", attacker="Bruno", target="Eel", weapon="Knife")
    assert fields(stab.embeds[0])["Effective skill"] == (
        "Skill 13\n-2 water, by reach (R13.4)\n= **11**"
    )
    await standin.click(stab.message, "Dodge 3", user="gm")
    damage = fields(standin.message(stab.message.id).embeds[-1])
    assert damage["Basic damage"] == (
        "1d → **3** imp (6) (rolled 6, ×1/2 in the water, R13.4, R13.5)"
    )
    tracker = await gm(standin, "encounter status")
    assert "under water" in " ".join(f["value"] for e in tracker.embeds for f in e["fields"])


async def test_an_attack_from_above_r13_6(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Unseen from above the orc has no defense; Per 9 looking up rolls 10 against 7 and
    does not notice."""
    await brawl(standin)
    dice.extend([4, 4, 2])
    looked = await gm(standin, "terrain ambush", combatant="Orc")
    assert fields(looked.embed)["Roll"] == (
        "Vision: Per 9 -2 = 7, rolled 10 (4, 4, 2): Failure (R13.6)"
    )
    dice.extend([3, 3, 4, 3])
    pounce = await say(
        standin,
        "alice",
        "attack",
        attacker="Bruno",
        target="Orc",
        weapon="Knife",
        **{"from": "above"},
    )
    assert (
        "No defense is possible: unaware of the attack from above (R13.6)."
        in fields(pounce.embeds[0])["Defenses"]
    )
