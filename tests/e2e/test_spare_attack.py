"""Spending a multiple-attack turn's attacks through ``/maneuver spare-attack`` (R5.21, R5.25).

With the cinematic multiple attacks on, Ana's sword 13 gives her 2 attacks and 2 parries a
turn (R5.14). A Feint with one of them leaves her turn an Attack with one blow to go, and
keeps both parries; once no blow would be left the Feint is refused in her language.
Readying her weapon after a blow costs her other attack and one parry.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, start_duel


async def test_a_feint_with_a_spare_attack_keeps_the_parry(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await standin.slash(
        "settings rule", option="cinematic_multiple_attacks", enabled=True, user="gm"
    )
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    # Sword 13 rolls 9 (margin 4); the orc's best, axe 13, rolls 17 and fails: -4.
    dice.extend([3, 3, 3, 6, 6, 5])
    feint = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc", "spare-attack": True},
        user="alice",
        channel=CHANNEL,
    )
    assert not feint.ephemeral
    assert feint.embed["title"] == "🧭 Ana: Attack"
    assert fields(feint.embed)["Notes"] == (
        "Feint on Orc: skill 13 rolled 9 vs 13 rolled 17 → Orc defends at -4 (R5.9)\n"
        "Spent from this turn (R5.21): attacks 1, parries 0 → attacks left 1, parries left 2"
    )
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Ana").turn
    assert (turn.maneuver, turn.attacks_used, turn.parries_used) == ("attack", 1, 0)
    assert (turn.feint_penalty, turn.feint_target) == (4, "2")

    dice.extend([5, 5, 5])  # the second blow: 15 misses
    blow = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert not blow.ephemeral
    again = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc", "spare-attack": True},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert again.ephemeral
    assert again.embed["description"] == messages.text(
        "attack.spare_no_attack", "pt-BR", used=2, allowed=2
    )
    assert dice.remaining == 0


async def test_readying_after_a_blow_costs_an_attack_and_a_parry(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await standin.slash(
        "settings rule", option="cinematic_multiple_attacks", enabled=True, user="gm"
    )
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    dice.extend([5, 5, 5])  # 15 misses
    await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    ready = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "ready", "spare-attack": True, "ready-turns": 1},
        user="alice",
        channel=CHANNEL,
    )
    assert not ready.ephemeral
    assert fields(ready.embed)["Notes"] == (
        "Spent from this turn (R5.25): attacks 1, parries 1 → attacks left 0, parries left 1"
    )
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Ana").turn
    assert (turn.maneuver, turn.attacks_used, turn.parries_used) == ("attack", 2, 1)
    again = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "ready", "spare-attack": True},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert again.ephemeral
    assert again.embed["description"] == messages.text(
        "attack.spare_ready_no_attack", "pt-BR", turns=1, left=0
    )
    assert dice.remaining == 0
