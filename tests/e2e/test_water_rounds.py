"""Deep water inside a fight through the real client: ``/breath drown`` on a fighter with
no time puts him in the water, and his Swimming rolls come with the rounds (R9.3)."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.combatant import SwimState
from rules.roller import ScriptedDice
from tests.e2e.test_attack import start_duel
from tests.e2e.test_environment import description, gm, state_of, tracker_line

TICK = "⏱️ A second passes"


async def test_drowning_goes_on_with_the_rounds_until_she_gets_out(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.3: Ana (Swimming 12, +3 on purpose: 15) goes in. Her first second rolls 16: she
    swallows water, 1 FP (12 → 11), and rolls every 5 s; her 6th second (round 6) rolls 9:
    head above water. The seconds between roll nothing. She gets out; undo puts her back."""
    await start_duel(standin, bot)
    entered = await gm(standin, "breath drown", combatant="Ana", swimming=12, intentional=True)
    assert entered.embeds[0]["title"] == "🌊 In deep water: Ana"
    assert description(entered)[0].startswith("Ana is in deep water: Swimming 15, a roll at")
    dice.extend([6, 6, 4])
    first = await gm(standin, "encounter next")  # round 1, Ana's place
    tick = next(e for e in first.embeds if e.get("title") == TICK)
    assert tick["description"] == (
        "Ana rolls Swimming 15 in the water: 16 (6, 6, 4), failure: swallows water, 1 FP, "
        "FP **11**, HP 11 → swallowing water (next roll in 5 s) (R9.3)"
    )
    assert "🌊 in deep water: swallowing water (next roll in 5 s), Swimming 15" in tracker_line(
        first, "Ana"
    )
    for _ in range(9):  # up to round 5, Ana's place … the orc's turn in round 5
        quiet = await gm(standin, "encounter next")
        assert all(e.get("title") != TICK for e in quiet.embeds)
    dice.extend([3, 3, 3])
    sixth = await gm(standin, "encounter next")  # round 6, Ana's place
    tick = next(e for e in sixth.embeds if e.get("title") == TICK)
    assert tick["description"] == (
        "Ana rolls Swimming 15 in the water: 9 (3, 3, 3), success → head above water "
        "(another roll within a minute) (R9.3)"
    )
    state = await state_of(bot, standin)
    assert state.fp == 11
    assert state.water is not None
    assert (state.water.state, state.water.seconds, state.water.next_roll_at) == (
        SwimState.RECOVERING,
        6,
        65,
    )
    out = await gm(standin, "breath drown", combatant="Ana", leave=True)
    assert description(out) == ["Ana is out of the deep water (R9.3)."]
    assert (await state_of(bot, standin)).water is None
    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin)).water is not None
    assert dice.remaining == 0


async def test_the_standalone_time_still_works_and_leaving_needs_a_fighter(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.3 over a time: 10 s with Swimming 10, rolls at 0 s (12: fails) and 5 s (9)."""
    dice.extend([6, 5, 1, 3, 3, 3])
    found = await standin.slash(
        "breath drown", {"seconds": 10, "swimming": 10}, user="gm", channel="general"
    )
    lines = description(found)
    assert lines[0].startswith("Swimming at 0 s: Swimming 10 = 10, rolled 12")
    assert lines[1].startswith("Swimming at 5 s: Swimming 10 = 10, rolled 9")
    refused = await standin.slash("breath drown", {"leave": True}, user="gm", channel="general")
    assert refused.ephemeral
    assert "name the fighter whose time in the water" in refused.embed["description"]
    assert dice.remaining == 0
