"""R7.2 through the commands: Do Nothing spares the HT roll at 0 HP, unless he defended since.

Ana lies at -2 HP. Her turn starts without the roll: it waits for her maneuver,
and Do Nothing spares it, while an attack rolls it first. If the orc's blow
comes and she dodges, her next turn starts with the HT roll; if she declines
every defense, it does not.
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
    # Round 1: Ana (Basic Speed 6.25) before the orc (5.5). She has not defended, so the
    # HT roll waits for her maneuver, and Do Nothing spares it.
    first = await gm("encounter next")
    assert "stay conscious" not in first.embeds[0].get("description", "")
    lying_still = await standin.slash(
        "maneuver", {"combatant": "Ana", "maneuver": "do_nothing"}, user="alice", channel=CHANNEL
    )
    assert len(lying_still.embeds) == 1
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


async def test_choosing_an_attack_rolls_ht_first(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Last turn she did nothing; this turn she attacks, so she rolls HT 12 first: 17 fails."""
    await start_duel(standin, bot)
    await standin.slash("combatant edit", {"name": "Ana", "hp": -2}, user="gm", channel=CHANNEL)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)
    dice.extend([6, 6, 5])
    attack = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert [embed.get("description") for embed in attack.embeds] == [
        "Ana rolls HT to stay conscious: 17 (6, 6, 5) vs 12, critical failure. (R7.2)\n"
        "Ana falls unconscious. (R7.2)"
    ]
    hp, unconscious = await ana_state(bot, standin)
    assert (hp, unconscious) == (-2, True)
    assert dice.remaining == 0


async def test_a_roll_made_keeps_the_attack(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """HT 12 rolls 6: she stays up and her sword (13) swings: 15 misses."""
    await start_duel(standin, bot)
    await standin.slash("combatant edit", {"name": "Ana", "hp": -2}, user="gm", channel=CHANNEL)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)
    dice.extend([2, 2, 2, 5, 5, 5])
    attack = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert attack.embeds[0]["description"] == (
        "Ana rolls HT to stay conscious: 6 (2, 2, 2) vs 12, success. (R7.2)"
    )
    assert len(attack.embeds) == 2
    hp, unconscious = await ana_state(bot, standin)
    assert (hp, unconscious) == (-2, False)
    assert dice.remaining == 0
