"""Retreat through the buttons (R6.9), with All-Out Defense's second defense (R5.12) and the
Basic Set option that gives only +1 to Parry and Block."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, labels, orc_attacks, start_duel


async def test_the_second_defense_keeps_the_retreat_against_the_same_blow_r6_9_r5_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R6.9's worked example (Dodge 9 → 12, Parry 9 → 12 here) under All-Out Defense
    (double): the Parry with Retreat fails; the Dodge against the same blow still has its
    +3 (it was refused as "Retreat was already used this turn")."""
    await start_duel(standin, bot)
    await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "all_out_defense"},
        user="alice",
        channel=CHANNEL,
    )
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    await standin.click(attack.message, "Retreat (+3)", user="alice")
    retreating = standin.message(attack.message.id)
    assert labels(retreating) == [
        "Dodge 12",
        "Parry 12 (sword)",
        "✓ Retreating (+3)",
        "No defense",
    ]
    dice.extend([6, 6, 4])  # the parry fails on 16
    await standin.click(retreating, "Parry 12 (sword)", user="alice")
    second = standin.message(attack.message.id)
    assert labels(second) == ["Dodge 12", "✓ Retreating (+3)", "No defense"]
    assert "Retreat not possible" not in fields(second.embeds[-1])["Defenses"]
    await standin.click(second, "✓ Retreating (+3)", user="alice")  # it stays on
    assert labels(standin.message(attack.message.id)) == labels(second)
    dice.extend([4, 4, 4])  # 12: the Dodge with Retreat holds
    await standin.click(second, "Dodge 12", user="alice")
    done = standin.message(attack.message.id)
    dodge = fields(done.embeds[-1])
    assert dodge["Dodge"] == "base 9\n+3 Retreat (R6.9)\n= **12**"
    assert dodge["Defense roll"] == "Rolled **12** (4, 4, 4): defended (by 0)"
    assert await ana_hp(bot, standin) == 11
    assert dice.remaining == 0


async def test_the_retreat_button_names_the_basic_set_bonuses_r6_9(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """With ``retreat_basic_set`` Retreat is +3 to Dodge but +1 to Parry (A.4): the button
    says so instead of "(+3)", in both languages."""
    await standin.slash("settings rule", option="retreat_basic_set", enabled=True, user="gm")
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    assert labels(attack.message) == [
        "Dodge 9",
        "Parry 9 (sword)",
        "Retreat (Dodge +3 · Parry +1)",
        "No defense",
    ]
    await standin.click(attack.message, "Retreat (Dodge +3 · Parry +1)", user="alice")
    assert labels(standin.message(attack.message.id)) == [
        "Dodge 12",
        "Parry 10 (sword)",
        "✓ Retreating (Dodge +3 · Parry +1)",
        "No defense",
    ]
    dice.extend([3, 4, 4])
    again = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert labels(again.message) == [
        "Esquiva 9",
        "Aparar 9 (sword)",
        "Recuo (Esquiva +3 · Aparar +1)",
        "Sem defesa",
    ]
