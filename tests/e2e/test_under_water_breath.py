"""Going under water through the real client holds the breath, coming up breathes again
(R9.1, R9.2 with R13.4): ``/terrain set water:underwater`` starts the count ``/breath hold``
would, the turns run it down and the tracker shows it, ``water:`` in or dry ends it as
``/breath air`` would, and ``/encounter undo`` puts each step back."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import start_duel
from tests.e2e.test_environment import CHANNEL, description, gm, state_of, tracker_line
from tests.e2e.test_water_fight import ticks


async def test_under_water_she_holds_her_breath_and_coming_up_breathes_r9_1_r9_2_r13_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana (HT 12, Swimming HT-4 = 8) goes under: 12 s of breath (R9.1, fighting). Her place in
    round 1 rolls Swimming 8 on 2+2+2 (R13.4) and takes a second of breath: 11 left, as the
    tracker shows. She comes up into water above the knee: she breathes (R9.2), nothing to
    roll after 0 s without air. Undo puts her back under, holding it; a second undo puts her
    on dry ground, breathing."""
    await start_duel(standin, bot)
    placed = await gm(standin, "terrain set", combatant="Ana", water="underwater")
    lines = description(placed)
    assert lines[1].startswith("Under water:")
    assert lines[3:] == [
        "HT 12, Strenuous, fighting (HT s), Normally: **12 s** of breath (R9.1).",
        "Ana went under: he holds his breath from now, a second a round at his place in the "
        "turn order, then 1 FP a second (R9.2); coming up (`water:` in water or out of it) he "
        "breathes again (R9.1, R13.4).",
    ]
    assert (await state_of(bot, standin)).breath_left == 12
    dice.extend([2, 2, 2])
    first = await gm(standin, "encounter next")  # round 1, Ana's place
    assert ticks(first)[0] == "Ana holds his breath: 11 s left (R9.1)"
    assert "11 s" in tracker_line(first, "Ana")
    assert dice.remaining == 0
    assert (await state_of(bot, standin)).breath_left == 11

    up = await gm(standin, "terrain set", combatant="Ana", water="in_water")
    assert "Ana breathes again before his held breath ran out: he lost no FP to it (R9.2)." in (
        description(up)
    )
    after = await state_of(bot, standin)
    assert (after.breath_left, after.airless_seconds) == (None, 0)
    assert after.water is not None

    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin)).breath_left == 11
    await gm(standin, "encounter undo")  # the turn
    await gm(standin, "encounter undo")  # going under
    assert (await state_of(bot, standin)).breath_left is None


async def test_pt_br_caught_without_a_breath_half_of_it_r9_1(
    standin: StandIn, bot: GurpsBot
) -> None:
    """pt-BR: dragged under with no time to take a breath, HT 12 fighting holds 6 s (R9.1)."""
    await start_duel(standin, bot)
    placed = await standin.slash(
        "terrain set",
        {"combatant": "Ana", "water": "underwater", "breath": "no_breath"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert any("**6 s**" in line and "(R9.1)" in line for line in description(placed))
    assert any(line.startswith("Ana afundou: prende a respiração") for line in description(placed))
    assert (await state_of(bot, standin)).breath_left == 6


async def test_drowning_over_a_time_and_a_rescue_charge_the_fighters_once_r9_3_r9_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana (12 FP, no Swimming: given 12) 10 s in deep water: 5+5+5 = 15 fails at 0 s (1 FP),
    2+2+2 succeeds at 5 s: FP 12 → 11 (R9.3). The orc (ST 13, Swimming given 13) then tries
    to save her (ST 11): 13 - 5 + 2 = 10, 4+4+3 = 11 fails: he swallows water, FP 11 → 10
    (R9.5). Each is one logged change: undo gives the orc his FP back, then Ana hers."""
    await start_duel(standin, bot)
    dice.extend([5, 5, 5, 2, 2, 2])
    drowned = await gm(standin, "breath drown", combatant="Ana", seconds=10, swimming=12)
    assert drowned.errors == []
    assert (await state_of(bot, standin)).fp == 11
    dice.extend([4, 4, 3])
    rescued = await gm(standin, "breath rescue", rescuer="Orc", victim="Ana", swimming=13)
    assert "The rescuer swallows water: 1 FP (R9.5)." in description(rescued)
    assert (await state_of(bot, standin, "Orc")).fp == 10
    assert (await state_of(bot, standin)).fp == 11
    assert dice.remaining == 0
    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin, "Orc")).fp == 11
    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin)).fp == 12
