"""A master's doubled Dodge through ``/defend master-dodge`` (R5.18).

Ana (DX 13, Dodge 9, Trained by a Master) rolls DX first; on a success her Dodge is 18 against this
blow, and she has spent one attack and one parry of her turn.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, orc_attacks, start_duel


async def test_master_dodge_doubles_and_costs_an_attack_and_a_parry(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot, ana_traits=("trained_by_a_master",))
    dice.extend([3, 4, 4])  # the orc hits
    await orc_attacks(standin)
    dice.extend([3, 4, 4, 5, 5, 5])  # DX 13: 11 succeeds → Dodge 18; 15 dodges
    result = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    shown = fields(result.embeds[0])
    assert shown["Master's Dodge"] == (
        "DX/Jumping/Acrobatics 13, rolled 11 (3, 4, 4): Dodge doubled; "
        "one attack and one parry spent (R5.18)"
    )
    assert shown["Dodge"] == "base 9\n+9 doubled (master) (R5.18)\n= **18**"
    assert shown["Defense roll"] == "Rolled **15** (5, 5, 5): defended (by 3)"
    assert await ana_hp(bot, standin) == 11
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Ana").turn
    assert (turn.parries_used, turn.attacks_used, turn.dodges_used) == (1, 1, 1)
    assert dice.remaining == 0


async def test_master_dodge_is_refused_with_a_parry_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    refused = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "parry-0", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert messages.text("defend.master_dodge_only", "pt-BR") in refused.embed["description"]
    assert dice.remaining == 0


async def test_master_dodge_is_refused_to_one_who_is_no_master(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    refused = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    assert (
        messages.text("defend.master_dodge_not_master", "en", combatant="Ana")
        in refused.embed["description"]
    )
    assert await ana_hp(bot, standin) == 11
    assert dice.remaining == 0
