"""Evading past an opponent through ``/maneuver evade`` (R11.23), a master's +5 (R5.19).

Ana, Trained by a Master with DX 13 and no Jumping or Acrobatics, Moves past the standing
orc coming in from his side: her DX 13 roll earns the +5, so DX 13 - 5 + 2 + 5 = 15 against
his DX 11. A fighter who does not move cannot Evade; she is told so in her language.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, start_duel


async def test_a_master_evades_past_the_orc(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot, ana_traits=("trained_by_a_master",))
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    refused = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "do_nothing", "target": "Orc", "evade": "side"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text("maneuver.evade_needs_movement", "pt-BR")
    # DX 13 rolls 9: +5. Then 15 rolls 10 (margin 5); the orc's DX 11 rolls 12 and fails.
    dice.extend([3, 3, 3, 3, 3, 4, 4, 4, 4])
    moved = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "move", "target": "Orc", "evade": "side"},
        user="alice",
        channel=CHANNEL,
    )
    assert not moved.ephemeral
    assert fields(moved.embed)["Notes"] == (
        "Master's DX/Jumping/Acrobatics 13, rolled 9: +5 to Evade (R5.19)\n"
        "Evade past Orc: DX 13 -5 +2 +5 = 15 rolled 10 vs DX 11 rolled 12 → gets past (R11.23)"
    )
    assert dice.remaining == 0
