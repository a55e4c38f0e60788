"""A fighter who cannot swim in deep water, through the real client: collapsed at 0 FP or
less (R8.2) his due Swimming roll fails without dice (R9.3); laid out for any cause he sinks
and his brain dies 240 s later unless rescued (R9.4, R9.2)."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.combatant import SwimState
from rules.roller import ScriptedDice
from tests.e2e.test_attack import start_duel
from tests.e2e.test_environment import description, gm, state_of, tracker_line

TICK = "⏱️ A second passes"


async def test_a_collapsed_fighter_in_deep_water_fails_his_swimming_roll_without_dice_r8_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.2: Ana at 0 FP rolls Will 10 before acting: 14, failure, she collapses. R9.3: her
    Swimming roll on entering the water comes at her place: she cannot swim, so it fails with
    no dice: 1 FP (0 → -1) and 1 HP at 0 FP or less (11 → 10), swallowing water, the next roll
    in 5 s. Undo gives her FP and the water back as they were."""
    await start_duel(standin, bot)
    await gm(standin, "combatant edit", name="Ana", fp=0)
    await gm(standin, "breath drown", combatant="Ana", swimming=12)
    dice.extend([5, 5, 4])
    first = await gm(standin, "encounter next")  # round 1, Ana's place
    tick = next(e for e in first.embeds if e.get("title") == TICK)
    assert tick["description"] == (
        "Ana has collapsed (R8.2) and cannot swim: no roll, a failure: swallows water, 1 FP, "
        "FP **-1**, HP 10 → swallowing water (next roll in 5 s) (R9.3)"
    )
    assert "🌊 in deep water: swallowing water (next roll in 5 s), Swimming 12" in tracker_line(
        first, "Ana"
    )
    state = await state_of(bot, standin)
    assert (state.fp, state.hp) == (-1, 10)
    assert state.water is not None
    assert (state.water.state, state.water.next_roll_at) == (SwimState.STRUGGLING, 5)
    assert dice.remaining == 0
    await gm(standin, "encounter undo")
    state = await state_of(bot, standin)
    assert state.fp == 0
    assert state.water is not None
    assert state.water.state is SwimState.ENTERING


async def test_laid_out_in_deep_water_she_sinks_and_her_brain_dies_unless_rescued_r9_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.4, R9.2: Ana, unconscious by the GM's hand (not from FP), is put in deep water. At
    her place in round 1 she makes no Swimming roll and sinks: no air from that second, her
    brain dies in round 1 + 240 = 241 unless she is rescued; the tracker names the round."""
    await start_duel(standin, bot)
    await gm(standin, "combatant condition", name="Ana", condition="unconscious", value=True)
    await gm(standin, "breath drown", combatant="Ana", swimming=12)
    first = await gm(standin, "encounter next")  # round 1, Ana skipped at her place
    tick = next(e for e in first.embeds if e.get("title") == TICK)
    assert tick["description"] == (
        "Ana is unconscious in the water and sinks: no air from now on, brain death in round "
        "241 unless he is rescued (R9.4)"
    )
    assert "🌊 fainted in the water: brain death in round 241 unless he is rescued (R9.4)" in (
        tracker_line(first, "Ana")
    )
    state = await state_of(bot, standin)
    assert (state.breath_left, state.airless_seconds, state.fainted_airless) == (0, 0, 0)
    assert (state.brain_death_round, state.fp, state.hp) == (241, 12, 11)
    assert dice.remaining == 0


async def test_getting_out_of_the_water_gives_a_sunk_fighter_air_as_coming_up_does_r9_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.4: Ana, laid out in deep water, sinks at her place in round 1; at her place in round
    2 she has gone 1 s without air. R9.2: the GM takes her out of the water: she breathes
    again as one who comes up or is rescued does (her brain-death clock stops), she drowned,
    so First Aid must clear her lungs; under 2 minutes without air, no HT roll. In pt-BR the
    reply says it in her language; undo puts her back under, the clock running."""
    await start_duel(standin, bot)
    await gm(standin, "combatant condition", name="Ana", condition="unconscious", value=True)
    await gm(standin, "breath drown", combatant="Ana", swimming=12)
    for _ in range(2):  # Ana skipped at her place: round 1 she sinks, round 2 no air
        await gm(standin, "encounter next")
    state = await state_of(bot, standin)
    assert (state.breath_left, state.airless_seconds, state.brain_death_round) == (0, 1, 241)
    out = await standin.slash(
        "breath drown", {"combatant": "Ana", "leave": True}, user="gm", channel="combat"
    )
    assert out.embeds[0]["title"] == "🌊 In deep water: Ana"
    assert description(out) == [
        "Ana is out of the deep water (R9.3).",
        "Ana went 1 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    ]
    state = await state_of(bot, standin)
    assert state.water is None
    assert (state.breath_left, state.airless_seconds, state.fainted_airless) == (None, 0, None)
    assert state.brain_death_round is None
    assert dice.remaining == 0
    await gm(standin, "encounter undo")
    state = await state_of(bot, standin)
    assert state.water is not None
    assert (state.breath_left, state.airless_seconds, state.brain_death_round) == (0, 1, 241)
    again = await standin.slash(
        "breath drown",
        {"combatant": "Ana", "leave": True},
        user="gm",
        channel="combat",
        locale="pt-BR",
    )
    assert description(again) == [
        "Ana saiu da água funda (R9.3).",
        "Ana ficou 1 s sem ar depois que o fôlego acabou; recupera PF normalmente (R9.2).",
        "Ele estava se afogando: um teste de Primeiros Socorros precisa tirar a água dos "
        "pulmões (R9.2).",
    ]


async def test_asleep_in_deep_water_she_sinks_like_anyone_not_conscious_r9_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.4, R4.2: Ana, put to sleep by the GM, is in deep water: asleep she swims no stroke.
    At her place in round 1 she makes no Swimming roll and sinks: no air from that second,
    brain death in round 241 unless rescued, in each language."""
    await start_duel(standin, bot)
    await gm(standin, "combatant condition", name="Ana", condition="asleep", value=True)
    await gm(standin, "breath drown", combatant="Ana", swimming=12)
    first = await standin.slash(
        "encounter next", {}, user="gm", channel="combat", locale="pt-BR"
    )  # round 1, Ana skipped at her place
    tick = next(e for e in first.embeds if "afunda" in e.get("description", ""))
    assert tick["description"] == (
        "Ana está dormindo na água e afunda: sem ar a partir de agora, morte cerebral na "
        "rodada 241 se ele não for resgatado (R9.4)"
    )
    state = await state_of(bot, standin)
    assert (state.breath_left, state.airless_seconds, state.fainted_airless) == (0, 0, 0)
    assert (state.brain_death_round, state.fp, state.hp) == (241, 12, 11)
    assert state.water is not None
    assert state.water.seconds == 1
    assert dice.remaining == 0
    await gm(standin, "encounter undo")
    await gm(standin, "combatant condition", name="Ana", condition="asleep", value=False)
    dice.extend([3, 3, 3])
    awake = await gm(standin, "encounter next")  # awake, she swims: 9 against 12
    line = next(e for e in awake.embeds if e.get("title") == TICK)["description"]
    assert line.startswith("Ana rolls Swimming 12 in the water: 9 (3, 3, 3), success")
    assert (await state_of(bot, standin)).brain_death_round is None
