"""A shotgun at point blank through the real client (the Basic Set's B409; the rules summary
is silent): closer than a tenth of ½D the pellets have not spread, so 3 shots count as RoF 3
(no rapid-fire bonus, one hit a shot) and each hit rolls 1d+1 x4 = 4d+4 against DR x4."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert not result.ephemeral, result.embeds
    return result


async def test_three_point_blank_shells_hit_as_three_multiplied_hits_b409(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """½D 50, 4 m away: skill 12 - 2 (A.8, 4 m reads the 5 m row) = 10, no bonus for RoF 3.
    Rolled 3: a critical hit (A.1), made by 7, Rcl 1: 1 + 7 hits capped at the 3 shots.
    Each hit: 4d+4 against DR 2 x4 = 8; pi x1 on the torso."""
    await gm(standin, "encounter start", name="Barn")
    await gm(standin, "combatant add", name="Farmer", st=10, dx=10, iq=10, ht=10)
    await gm(
        standin,
        "combatant weapon add",
        name="Farmer",
        weapon="Shotgun",
        skill=12,
        damage="1d+1 pi",
        rof="3x9",
        recoil="1",
        range="50/125",
        accuracy=3,
    )
    await gm(standin, "combatant add", name="Ghoul", st=10, dx=10, iq=10, ht=10, hp=60, dr=2)
    dice.extend([1, 1, 1])
    dice.extend([1, 1, 1, 1])  # hit 1: 4d+4 = 8 -> 0 through DR 8
    dice.extend([6, 6, 6, 6])  # hit 2: 28 -> 20 injury
    dice.extend([3, 3, 3, 3])  # hit 3: 16 -> 8 injury
    shot = await gm(
        standin, "shoot", attacker="Farmer", target="Ghoul", weapon="Shotgun", shots=3, distance=4
    )
    attack = fields(shot.embeds[0])
    assert attack["Point blank"] == (
        "Closer than a tenth of ½D: the 9 projectiles have not spread. Each shot is one hit,"
        " with its 1d+1 pi dice and adds ×4 and the target's DR ×4 (B409)."
    )
    assert attack["Rapid fire"] == (
        "3 shots (RoF 3x9, Rcl 1): +0 to hit (B373).\n"
        "3 of 3 shots hit: 1, plus 1 for every 1 the roll was made by."
    )
    damage = [fields(embed) for embed in shot.embeds[1:]]
    assert [hit["Basic damage"] for hit in damage] == [
        "4d+4 → **8** pi (1, 1, 1, 1)",
        "4d+4 → **28** pi (6, 6, 6, 6)",
        "4d+4 → **16** pi (3, 3, 3, 3)",
    ]
    assert dice.remaining == 0
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ghoul").combatant.state.hp == 60 - 20 - 8
