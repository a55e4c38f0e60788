"""Rapid fire through the real client (the Basic Set's B373-B375): a burst of 5 from an
SMG (RoF 5, Rcl 2) at a player who Dodges; the hits the Dodge stopped and each remaining hit's
own damage and injury (A.2, R7.6)."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
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


async def gunfight(standin: StandIn) -> None:
    """The GM's gunner (SMG 14, 2d pi, RoF 5, Rcl 2) and Alice's soldier (Dodge 8, HP 20)."""
    await gm(standin, "encounter start", name="Alley")
    await gm(standin, "combatant add", name="Gunner", st=10, dx=12, iq=10, ht=10)
    await gm(
        standin,
        "combatant weapon add",
        name="Gunner",
        weapon="SMG",
        skill=14,
        damage="2d pi",
        rof="5",
        recoil="2",
    )
    await gm(
        standin, "combatant add", name="Soldier", st=10, dx=11, iq=10, ht=11, hp=20, owner="alice"
    )


async def soldier_hp(bot: GurpsBot, standin: StandIn) -> int:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find("Soldier").combatant.state.hp


async def test_a_burst_of_5_at_a_player_who_dodges_b373(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """14 + 1 for 5 shots = 15; rolled 9: margin 6 with Rcl 2 is 4 hits. Dodge 8 rolled 7:
    margin 1 stops 2; the other 2 roll 2d pi each (7, then 4): 11 injury, HP 20 -> 9."""
    await gunfight(standin)
    dice.extend([3, 3, 3])
    shot = await gm(standin, "shoot", attacker="Gunner", target="Soldier", weapon="SMG", shots=5)
    attack = fields(shot.embeds[0])
    assert attack["Effective skill"] == "Skill 14\n+1 rapid fire (B373)\n= **15**"
    assert attack["Rapid fire"] == (
        "5 shots (RoF 5, Rcl 2): +1 to hit (B373).\n"
        "4 of 5 shots hit: 1, plus 1 for every 2 the roll was made by."
    )
    dice.extend([2, 2, 3, 3, 4, 2, 2])
    clicked = await standin.click(shot.message, "Dodge 8", user="alice")
    assert not clicked.ephemeral
    after = standin.message(shot.message.id)
    _, defense, first, second = after.embeds
    assert fields(defense)["Rapid fire"] == (
        "The defense stopped 2 of 4 hits; 2 got through (B375)."
    )
    assert first["title"] == "🩸 Soldier takes damage: hit 1 of 2"
    assert second["title"] == "🩸 Soldier takes damage: hit 2 of 2"
    assert fields(first)["Basic damage"] == "2d → **7** pi (3, 4)"
    assert fields(first)["HP"] == "20 → **13** / 20"
    assert fields(second)["Basic damage"] == "2d → **4** pi (2, 2)"
    assert fields(second)["HP"] == "13 → **9** / 20"
    assert dice.remaining == 0
    assert await soldier_hp(bot, standin) == 9


async def test_more_shots_than_the_rof_are_refused_and_nothing_is_rolled_b373(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await gunfight(standin)
    refused = await standin.slash(
        "shoot",
        {"attacker": "Gunner", "target": "Soldier", "weapon": "SMG", "shots": 6},
        user="gm",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    assert refused.embeds[0]["description"] == messages.text(
        "rapid_fire.too_many_shots", "en", weapon="SMG", rate=5, shots=6
    )
    assert dice.remaining == 0


async def test_a_long_burst_keeps_every_hit_in_follow_ups_b373(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A burst of 20 (RoF 20, Rcl 1): 14 + 4 for 17-24 shots = 18, rolled 7: made by 11, so
    1 + 11 = 12 hits (B373). The Dodge fails (rolled 14 against 8) and stops none (B375). Each
    hit rolls 2d pi (two 1s, 2 injury): 12 hits, 24 injury, HP 200 -> 176 (R7.6: shock is
    capped at -4). A message holds 10 embeds: the attack, the defense and the first 8 hits
    stay on the attack's message, the other 4 hits follow, none dropped."""
    await gm(standin, "encounter start", name="Alley")
    await gm(standin, "combatant add", name="Gunner", st=10, dx=12, iq=10, ht=10)
    await gm(
        standin,
        "combatant weapon add",
        name="Gunner",
        weapon="LMG",
        skill=14,
        damage="2d pi",
        rof="20",
        recoil="1",
    )
    await gm(
        standin,
        "combatant add",
        name="Soldier",
        st=10,
        dx=11,
        iq=10,
        ht=11,
        hp=200,
        owner="alice",
    )
    dice.extend([2, 2, 3])
    shot = await gm(standin, "shoot", attacker="Gunner", target="Soldier", weapon="LMG", shots=20)
    assert fields(shot.embeds[0])["Rapid fire"].startswith("20 shots (RoF 20, Rcl 1): +4 to hit")
    dice.extend([4, 5, 5, *[1] * 24])
    clicked = await standin.click(shot.message, "Dodge 8", user="alice")
    assert not clicked.ephemeral
    after = standin.message(shot.message.id)
    titles = [e.get("title", "") for m in [after, *clicked.followups] for e in m.embeds]
    hits = [t for t in titles if "takes damage: hit" in t]
    assert hits == [f"🩸 Soldier takes damage: hit {n} of 12" for n in range(1, 13)]
    assert len(after.embeds) == 10
    assert [len(m.embeds) for m in clicked.followups] == [4]
    assert dice.remaining == 0
    assert await soldier_hp(bot, standin) == 176
