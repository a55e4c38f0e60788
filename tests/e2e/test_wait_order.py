"""Who strikes first from a Wait, through ``/attack wait-order`` (R5.11).

Ana waits; in the orc's turn he steps in and she is set off. Her sword and his axe both have
reach 1, so a skill contest decides: she rolls 12 against 13 (margin 1), he 9 against 13
(margin 4): he strikes first, and nothing of hers is rolled or spent. After his action she
attacks without ``wait-order``.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, start_duel


async def test_the_orc_wins_the_contest_and_strikes_first(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "wait", "trigger": "the orc steps in"},
        user="alice",
        channel=CHANNEL,
    )
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    dice.extend([4, 4, 4, 3, 3, 3])
    set_off = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc", "wait-order": True},
        user="alice",
        channel=CHANNEL,
    )
    assert not set_off.ephemeral
    shown = fields(set_off.embed)
    assert shown["Wait"] == (
        "equal reach 1: skill contest 13 rolled 12 vs 13 rolled 9 → Orc strikes first (R5.11)"
    )
    assert shown["Note"] == "Orc strikes first: resolve that, then attack again without wait-order."
    assert "Roll" not in shown

    dice.extend([5, 5, 5])  # her blow after his: 15 misses
    blow = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert not blow.ephemeral
    assert "Wait" not in fields(blow.embed)
    assert dice.remaining == 0
