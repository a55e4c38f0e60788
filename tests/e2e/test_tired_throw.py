"""A tired thrower through the real client: below 1/3 FP the ST of a throw is halved for
its distance and weight limit, not its damage (R8.1 with R12.1-R12.3)."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_ranged import fields, gm, say


async def test_a_tired_thrower_throws_half_as_far(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.1, R12.3: the Ogre (ST 12, FP 12) at 3 FP throws with ST 6: a 5 kg rock flies
    0.8 x 6 = 4.8 m (9.6 m rested), at most 13 x 6 = 78 kg; damage stays ST 12's 1d-2.
    5 m is out of reach; 3 m is thrown at skill 8 - 1 = 7."""
    await gm(standin, "encounter start", name="Quarry")
    await gm(standin, "combatant add", name="Ogre", st=12, dx=11, iq=8, ht=12, owner="alice")
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11, dodge=3)
    await gm(standin, "combatant edit", name="Ogre", fp=3)
    too_far = await say(
        standin, "alice", "throw", attacker="Ogre", target="Orc", distance=5, **{"object-kg": 5}
    )
    assert too_far.ephemeral
    assert "5 m is beyond the weapon's Max range of 4.8 m." in too_far.embed["description"]
    dice.extend([1, 2, 3])
    rock = await say(
        standin, "alice", "throw", attacker="Ogre", target="Orc", distance=3, **{"object-kg": 5}
    )
    shown = fields(rock.embeds[0])
    assert shown["Weapon"] == "Thrown object, 5 kg (1d-2 cr)"
    assert shown["Range"] == (
        "A 5 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 4.8 m;"
        " at most 78 kg (R12.1, R12.2, R12.3, R8.1).\n"
        "Below 1/3 of his FP he throws with half his ST, 6: it sets the distance and the "
        "weight limit; the damage keeps ST 12 (R8.1)."
    )
    assert shown["Effective skill"] == "Skill 8\n-1 distance and speed (A.8)\n= **7**"
    assert dice.remaining == 0
