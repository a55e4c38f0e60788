"""R7.2 through the commands: Do Nothing spares the HT roll at 0 HP, unless he defended since.

Ana lies at -2 HP and chooses Do Nothing. If the orc's blow comes and she
dodges, her next turn starts with the HT roll; if she declines every defense,
it does not.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import InteractionResult, StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, orc_attacks, start_duel


async def ana_state(bot: GurpsBot, standin: StandIn) -> tuple[int, bool]:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    state = record.encounter.find("Ana").combatant.state
    return state.hp, state.unconscious


async def ana_does_nothing_then_the_orc_attacks(
    standin: StandIn, dice: ScriptedDice
) -> InteractionResult:
    async def gm(command: str, **options: object) -> InteractionResult:
        return await standin.slash(command, options, user="gm", channel=CHANNEL)

    await gm("combatant edit", name="Ana", hp=-2)
    # Round 1: Ana (Basic Speed 6.25) before the orc (5.5). No maneuver chosen before it,
    # so she rolls HT 12 to stay conscious: 6, she stays up.
    dice.extend([2, 2, 2])
    first = await gm("encounter next")
    assert "Ana rolls HT to stay conscious: 6" in first.embeds[0]["description"]
    await standin.slash(
        "maneuver", {"combatant": "Ana", "maneuver": "do_nothing"}, user="alice", channel=CHANNEL
    )
    await gm("encounter next")  # the orc's turn
    dice.extend([3, 4, 4])  # the orc hits (11 vs 13)
    return await orc_attacks(standin)


async def test_a_dodge_since_her_turn_brings_the_ht_roll_back(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    attack = await ana_does_nothing_then_the_orc_attacks(standin, dice)
    dice.extend([1, 1, 1])  # a critical Dodge: nothing lands
    await standin.click(attack, 1, user="alice")
    dice.extend([6, 6, 5])  # HT 12 at -2 HP (no penalty): 17 fails
    turn = await standin.slash("encounter next", user="gm", channel=CHANNEL)
    assert turn.embeds[0]["description"].splitlines() == [
        "Round 2 begins. (R4.1)",
        "Ana rolls HT to stay conscious: 17 (6, 6, 5) vs 12, critical failure. (R7.2)",
        "Ana falls unconscious. (R7.2)",
    ]
    hp, unconscious = await ana_state(bot, standin)
    assert (hp, unconscious) == (-2, True)
    assert dice.remaining == 0


async def test_no_defense_keeps_her_exempt(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    attack = await ana_does_nothing_then_the_orc_attacks(standin, dice)
    # No defense: 2d+1 = 1 + 1 + 1 = 3 cut, DR 1 → 2 × 1.5 = 3; HP -2 → -5 (no death check
    # before -11, R7.3).
    dice.extend([1, 1])
    await standin.click(attack, "No defense", user="alice")
    turn = await standin.slash("encounter next", user="gm", channel=CHANNEL)
    assert "stay conscious" not in turn.embeds[0].get("description", "")
    hp, unconscious = await ana_state(bot, standin)
    assert (hp, unconscious) == (-5, False)
    assert dice.remaining == 0
