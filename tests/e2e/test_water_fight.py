"""Fighting in and under water through the real client: ``/terrain set`` puts the fighter in
the water R9.3 reads, and his Swimming rolls come on one schedule, at the sooner of deep
water's wait and the fight's pace (R13.4 every 2 rounds, R13.5 every 5), never two in one
second; out of the water ends both."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import InteractionResult, StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import SwimState
from rules.roller import ScriptedDice
from rules.turn import Water
from tests.e2e.test_attack import start_duel
from tests.e2e.test_environment import CHANNEL, description, gm, state_of, tracker_line

TICK = "⏱️ A second passes"


def ticks(result: InteractionResult) -> list[str]:
    """The lines of the seconds that passed (R4.1: a round is a second)."""
    return [
        line
        for embed in result.embeds
        if embed.get("title") == TICK
        for line in embed["description"].splitlines()
    ]


async def footing(bot: GurpsBot, standin: StandIn) -> Water | None:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find("Ana").turn.water


async def test_drowning_while_fighting_under_water_rolls_once_a_second_r9_3_r13_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana (HT 12, no Swimming on her sheet: HT-4 = 8) fights under water (R13.4), then the GM
    says she went into deep water on purpose with Swimming 12 (+3: 15, R9.3). Round 1 rolls
    16: 1 FP (12 -> 11), swallowing water, and the next roll 2 s on, not R9.3's 5; round 2
    rolls nothing; round 3 rolls 9: swimming under water again, the next 2 s on, not within a
    minute. Three rounds, two rolls, one line each. Gone under, she holds her breath (HT 12
    fighting: 12 s, R9.1), a second of it gone at each of her places. Out of the water ends
    both; undo puts her back in."""
    await start_duel(standin, bot)
    placed = await gm(standin, "terrain set", combatant="Ana", water="underwater")
    assert description(placed)[0] == "On the floor."
    assert description(placed)[1].startswith("Under water: the Swimming roll every 2 rounds")
    assert description(placed)[2] == "Swimming 8: entering the water (R9.3)."
    entered = await gm(standin, "breath drown", combatant="Ana", swimming=12, intentional=True)
    assert description(entered)[0].startswith("Ana is in deep water: Swimming 15, a roll at")
    dice.extend([6, 6, 4])
    first = await gm(standin, "encounter next")  # round 1, Ana's place
    assert ticks(first) == [
        "Ana holds his breath: 11 s left (R9.1)",
        "Ana rolls Swimming 15 in the water: 16 (6, 6, 4), failure: swallows water, 1 FP, "
        "FP **11**, HP 11 → swallowing water (next roll in 2 s) (R13.4)",
    ]
    line = tracker_line(first, "Ana")
    assert "🌊 Swimming 15: swallowing water (next roll in 2 s)" in line
    assert "under water" in line
    assert "in deep water" not in line
    assert ticks(await gm(standin, "encounter next")) == []  # the orc, round 1
    assert ticks(await gm(standin, "encounter next")) == [  # Ana, round 2: no Swimming roll
        "Ana holds his breath: 10 s left (R9.1)"
    ]
    assert ticks(await gm(standin, "encounter next")) == []  # the orc, round 2
    dice.extend([3, 3, 3])
    third = await gm(standin, "encounter next")  # round 3, Ana's place
    assert ticks(third) == [
        "Ana holds his breath: 9 s left (R9.1)",
        "Ana rolls Swimming 15 in the water: 9 (3, 3, 3), success → swimming under water "
        "again (next roll in 2 s) (R13.4)",
    ]
    state = await state_of(bot, standin)
    assert state.fp == 11
    assert state.water is not None
    assert (state.water.state, state.water.seconds, state.water.next_roll_at) == (
        SwimState.RECOVERING,
        3,
        4,
    )
    assert dice.remaining == 0
    out = await gm(standin, "breath drown", combatant="Ana", leave=True)
    assert description(out) == [
        "Ana is out of the deep water (R9.3).",
        "Ana breathes again before his held breath ran out: he lost no FP to it (R9.2).",
    ]
    left = await state_of(bot, standin)
    assert (left.water, left.breath_left) == (None, None)
    assert await footing(bot, standin) is None
    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin)).water is not None
    assert await footing(bot, standin) is Water.underwater


async def test_in_water_above_the_knee_a_roll_every_5_rounds_r13_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """pt-BR. Ana in water above the knee (R13.5), Swimming HT 12 - 4 = 8: round 1 rolls 6,
    head above water, the next roll 5 s on (the fight's pace, not R9.3's 5 minutes); rounds
    2-5 roll nothing; round 6 rolls 10: a failure, 1 FP. Dry ground ends the rolls."""
    await start_duel(standin, bot)
    placed = await standin.slash(
        "terrain set",
        {"combatant": "Ana", "water": "in_water"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert description(placed)[1].startswith("Na água acima do joelho: teste de Natação a cada 5")
    assert description(placed)[2] == "Natação 8: entrando na água (R9.3)."
    dice.extend([2, 2, 2])
    first = await gm(standin, "encounter next")
    assert ticks(first) == [
        "Ana rolls Swimming 8 in the water: 6 (2, 2, 2), success → head above water "
        "(next roll in 5 s) (R13.5)"
    ]
    for _ in range(9):  # the orc in round 1, … Ana and the orc in rounds 2-5
        assert ticks(await gm(standin, "encounter next")) == []
    dice.extend([4, 3, 3])
    sixth = await gm(standin, "encounter next")  # round 6, Ana's place
    assert ticks(sixth) == [
        "Ana rolls Swimming 8 in the water: 10 (4, 3, 3), failure: swallows water, 1 FP, "
        "FP **11**, HP 11 → swallowing water (next roll in 5 s) (R13.5)"
    ]
    assert dice.remaining == 0
    await gm(standin, "terrain set", combatant="Ana", water="dry")
    assert (await state_of(bot, standin)).water is None
    for _ in range(12):
        assert ticks(await gm(standin, "encounter next")) == []
