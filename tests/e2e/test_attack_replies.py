"""What the attack and maneuver replies spell out: a Feint's shock as a modifier of its own
(R5.9, R7.6), a Feint won by a margin of 0 (R5.9) and All-Out Attack (strong) named in the
skill breakdown (R5.8)."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, orc_attacks, start_duel


async def test_a_feint_shows_the_shock_on_its_own_r5_9_r7_6(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R5.9's worked example with shock: Ana's sword 13 at -2 shock rolls against 11; 9 wins
    by 2 and the orc (axe 13) fails on 17: he defends at -2."""
    await start_duel(standin, bot)
    repository = EncounterRepository(bot.database)
    channel = standin.channel(CHANNEL).id
    async with repository.change(channel, standin.user("gm").id, "damage") as change:
        ana = change.encounter.find("Ana")
        shaken = ana.combatant.with_state(hp=9, shock_penalty=-2, shock_injury=2)
        change.encounter = change.encounter.replace(ana.with_sheet(shaken))
    dice.extend([3, 3, 3, 6, 6, 5])
    feint = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(feint.embed)["Notes"] == (
        "Feint on Orc: skill 13 -2 shock (R7.6) = 11 rolled 9 vs 13 rolled 17 → "
        "Orc defends at -2 (R5.9)"
    )
    assert dice.remaining == 0


async def test_all_out_attack_strong_is_named_in_the_breakdown_r5_8(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R5.8 (d): +2 damage. The skill is unchanged, and the breakdown says why the damage
    dice carry +2."""
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin, maneuver="all_out_strong")
    assert fields(attack.embeds[0])["Effective skill"] == (
        "Skill 13\nAll-Out Attack (strong): +2 damage (R5.8)\n= **13**"
    )
    dice.extend([3, 4, 4])
    again = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana", "maneuver": "all_out_strong"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(again.embeds[0])["NH efetivo"] == (
        "NH 13\nAtaque Total (forte): +2 de dano (R5.8)\n= **13**"
    )


async def test_a_feint_won_by_a_margin_of_zero_says_so_r5_9(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R5.9: the feinter succeeding while the foe fails takes his margin of success off the
    foe's defense. Ana's sword 13 rolls exactly 13 (margin 0) and the orc's axe 13 fails on
    14: the Feint wins, but there is no penalty, and the reply says that rather than that the
    Feint did not win."""
    await start_duel(standin, bot)
    dice.extend([4, 4, 5, 4, 5, 5])
    feint = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(feint.embed)["Notes"] == (
        "Feint on Orc: skill 13 rolled 13 vs 13 rolled 14 → the Feint wins by a margin of 0:"
        " no penalty, Orc defends normally (R5.9)"
    )
    dice.extend([4, 4, 5, 4, 5, 5, 3, 4, 4])
    attack = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana", "maneuver": "all_out_feint"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(attack.embeds[0])["Finta"] == (
        "NH 13 tirou 13 contra 13 que tirou 14: a Finta vence por margem 0, sem redutor"
        " (R5.8, R5.9)"
    )
    assert dice.remaining == 0
