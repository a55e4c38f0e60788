"""/fire-area through the real client: opportunity fire on a 3-hex area (R12.13), a missed
shot hitting the wrong target (R12.12) and overpenetration (R13.9)."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_ranged import archer_fight, fields, gm, labels, say

CHANNEL = "combat"


async def test_opportunity_fire_on_a_3_hex_area_r12_13(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The archer waits, watching 3 hexes; the orc comes in: bow 14 - 5 (3-4 hexes) - 4 (a
    snap shot whatever the skill) = 5. Without the Wait it is refused."""
    await archer_fight(standin)
    await gm(standin, "encounter next")  # the archer's turn
    refused = await say(
        standin, "alice", "fire-area opportunity", attacker="Archer", target="Orc", weapon="Bow"
    )
    assert refused.ephemeral
    assert refused.embed["description"] == (
        "Archer must take the Wait maneuver first to fire at whoever enters the area (R12.13)."
    )
    await say(standin, "alice", "maneuver", combatant="Archer", maneuver="wait")
    await gm(standin, "encounter next")  # the orc moves in
    dice.extend([2, 1, 2])
    shot = await say(
        standin,
        "alice",
        "fire-area opportunity",
        attacker="Archer",
        target="Orc",
        weapon="Bow",
        area="3-4",
    )
    assert fields(shot.embeds[0])["Effective skill"] == (
        "Skill 14\n-5 opportunity fire, 3-4 hexes (R12.13)\n-4 unaimed shot (R12.13)\n= **5**"
    )
    assert labels(shot.message) == ["Dodge 8", "Block 9", "No defense"]


async def test_a_missed_shot_hits_the_wrong_target_r12_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Skill 13 missed; the goblin first (rolled against 9: 11 misses), then the orc (7): hit,
    and he is offered his defenses."""
    await archer_fight(standin)
    await gm(standin, "combatant add", name="Goblin", st=8, dx=12, iq=9, ht=10)
    dice.extend([5, 5, 1, 3, 2, 2])
    stray = await say(
        standin,
        "alice",
        "fire-area stray",
        attacker="Archer",
        line="Goblin, Orc",
        skill=13,
        weapon="Bow",
    )
    assert stray.embeds[0]["description"].splitlines() == [
        "Goblin: 9, rolled 11 (5, 5, 1): missed.",
        "Orc: 9, rolled 7 (3, 2, 2): **hit** (R12.12).",
    ]
    assert fields(stray.embeds[1])["Effective skill"] == "Skill 13\ncapped at 9 (R12.12)\n= **9**"
    assert labels(stray.message) == ["Dodge 8", "Block 9", "No defense"]


async def test_an_arrow_goes_through_a_man_r13_9(standin: StandIn, bot: GurpsBot) -> None:
    """15 basic through a man in DR 2 armor (two layers) with HP 10: Cover DR 14, it passes;
    the one right behind (DR 1) has 15 against it."""
    await archer_fight(standin)
    await gm(standin, "combatant add", name="Guard", st=10, dx=10, iq=10, ht=10, dr=2)
    await gm(standin, "combatant add", name="Squire", st=10, dx=10, iq=10, ht=10, dr=1)
    shown: Any = await say(
        standin,
        "alice",
        "fire-area through",
        attacker="Archer",
        target="Guard",
        **{"basic-damage": 15, "behind": "Squire", "right-behind": True},
    )
    assert shown.embed["description"].splitlines() == [
        "Guard's Cover DR is 14; the shot's basic damage is 15 (R13.9).",
        "It goes through.",
        "Squire, right behind, is hit: his DR against it is 15.",
    ]
