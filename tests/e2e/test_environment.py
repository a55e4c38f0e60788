"""``/environment`` through the real client: falls and falling objects through the injury
pipeline (R13.7, R13.8), each one undoable change."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import InteractionResult, StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import CombatantState
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, start_duel


async def gm(standin: StandIn, command: str, **options: Any) -> InteractionResult:
    return await standin.slash(command, options, user="gm", channel=CHANNEL)


async def state_of(bot: GurpsBot, standin: StandIn, name: str = "Ana") -> CombatantState:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find(name).combatant.state


def description(result: InteractionResult) -> list[str]:
    return "\n".join(e.get("description", "") for e in result.embeds).splitlines()


async def test_a_ten_metre_fall_deals_the_tables_dice_and_undo_reverts_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R13.7: 10 m is 10d-20. Ana (HP 11, DR 1 flexible: counts 1) rolls 35 → 15 crushing,
    14 penetrating: -3 HP, a major wound (HT 12 rolls 9 to stay up), no knockback."""
    await start_duel(standin, bot)
    faces = [6, 6, 6, 5, 4, 2, 2, 2, 1, 1]
    dice.extend([*faces, 3, 3, 3])
    result = await gm(standin, "environment fall", height=10, combatant="Ana")
    assert result.embeds[0]["title"] == "🪂 Ana falls"
    assert description(result)[:2] == [
        "10 m: 10d-20, rolled 15 (6, 6, 6, 5, 4, 2, 2, 2, 1, 1) → **15** crushing (R13.7).",
        "Clothing, leather or flexible armor DR 1 counts as 1 (at most 3); shields do not "
        "help (R13.7).",
    ]
    breakdown = fields(result.embeds[-1])
    assert breakdown["Basic damage"] == "10d-20 → **15** cr (6, 6, 6, 5, 4, 2, 2, 2, 1, 1)"
    assert (breakdown["DR"], breakdown["Penetrating"], breakdown["Injury"]) == ("1", "14", "**14**")
    assert breakdown["HP"] == "11 → **-3** / 11"
    assert "Knocked back" not in breakdown["Consequences"]
    assert (await state_of(bot, standin)).hp == -3
    assert dice.remaining == 0

    undone = await gm(standin, "encounter undo")
    # The undo names the command it took back.
    assert undone.embeds[0]["title"] == "Undone: /environment fall on Ana"
    assert (await state_of(bot, standin)).hp == 11


async def test_acrobatics_from_the_sheet_takes_five_metres_off(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """6 m, Acrobatics 12 given: 10 succeeds, 1 m left, 1d-4 rolls 6 → 2."""
    await start_duel(standin, bot)
    dice.extend([4, 3, 3, 6])
    result = await gm(standin, "environment fall", height=6, combatant="Ana", acrobatics=12)
    assert description(result)[:2] == [
        "Acrobatics to take 5 m off: Acrobatics 12 = 12, rolled 10 (4, 3, 3): success (R13.7)",
        "1 m: 1d-4, rolled 2 (6) → **2** crushing (R13.7).",
    ]
    assert (await state_of(bot, standin)).hp == 10


async def test_a_falling_stone_on_the_skull(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R13.8: 10 kg from 30 m is 6d; 6 on the skull (DR 1 + 2) → 3 × 4 = 12 injury."""
    await start_duel(standin, bot)
    dice.extend([1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6])
    result = await gm(
        standin,
        "environment falling-object",
        kg=10,
        metres=30,
        combatant="Ana",
        location="skull",
    )
    assert description(result) == [
        "10 kg is 2 × 5 kg, 30 m is 3 × 10 m: 2 × 3 = 6d (R13.8).",
        "6d rolled 6 (1, 1, 1, 1, 1, 1) × 1 → **6** crushing (R13.8).",
    ]
    breakdown = fields(result.embeds[-1])
    assert (breakdown["DR"], breakdown["Injury"]) == ("3", "**12**")


async def test_only_the_gm_drops_things_on_people(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    refused = await standin.slash(
        "environment fall", {"height": 10, "combatant": "Ana"}, user="alice", channel=CHANNEL
    )
    assert refused.ephemeral
    assert (await state_of(bot, standin)).hp == 11


async def test_standalone_fall_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """No fight: 8 m in mail (metal DR 4 counts 2), 8d-16 rolled 14 → 12 after armor."""
    dice.extend([6, 6, 6, 6, 3, 1, 1, 1])
    result = await standin.slash(
        "environment fall",
        {"height": 8, "armor": "metal", "dr": 4},
        user="gm",
        channel="general",
        locale="pt-BR",
    )
    assert result.embed["title"] == "🪂 O personagem cai"
    assert description(result) == [
        "8 m: 8d-16, tirou 14 (6, 6, 6, 6, 3, 1, 1, 1) → **14** de contusão (R13.7).",
        "Armadura de metal RD 4 conta como 2 (metade); escudos não ajudam (R13.7).",
        "Depois da armadura: **12**.",
    ]


def tracker_line(result: InteractionResult, name: str) -> str:
    for embed in result.embeds:
        for field in embed.get("fields", []):
            if f". {name} [" in field["name"]:
                return str(field["value"])
    raise AssertionError(f"{name} is not in the tracker")


async def test_a_burning_fighter_burns_every_turn_until_a_roll_puts_it_out(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.5: a 4-point fire bolt sets part of Ana's clothes alight: 1d-4 a second at her
    place in the order, large-area against her DR 1, until a DX roll at 13 - 2 = 11."""
    await start_duel(standin, bot)
    caught = await gm(standin, "environment catch-fire", combatant="Ana", damage=4)
    assert description(caught) == [
        "Ana catches fire: part of his clothing: 1d-4 a second, DX -2, until put out (R10.5)."
    ]

    dice.extend([6])  # round 1, Ana's place: 1d-4 = 2 burning, DR 1 → 1
    first = await gm(standin, "encounter next")
    burning = next(e for e in first.embeds if e.get("title") == "⏱️ A second passes")
    assert burning["description"] == (
        "Ana burns: 1d-4 rolled 2 (6), injury 1, HP 11 → **10** (R10.5)"
    )
    assert "on fire: part of his clothing: 1d-4 a second, DX -2" in tracker_line(first, "Ana")

    dice.extend([4, 4, 4])  # 12 against DX 13 - 2 = 11: still burning
    tried = await standin.slash(
        "environment extinguish", {"combatant": "Ana"}, user="alice", channel=CHANNEL
    )
    assert description(tried) == [
        "DX to put it out: DX 13 -2 = 11, rolled 12 (4, 4, 4): failure (R10.5)",
        "Still burning. Each try takes 1 Ready (R10.5).",
    ]
    await gm(standin, "encounter next")  # the orc's turn: Ana's place is not passed
    dice.extend([5])  # round 2, Ana's place: 1d-4 = 1 burning, DR 1 stops it
    second = await gm(standin, "encounter next")
    assert "Ana burns: 1d-4 rolled 1 (5), injury 0, HP 10 → **10** (R10.5)" in (
        "\n".join(e.get("description") or "" for e in second.embeds)
    )
    dice.extend([3, 3, 3])  # 9 against 11: out
    out = await standin.slash(
        "environment extinguish", {"combatant": "Ana"}, user="alice", channel=CHANNEL
    )
    assert description(out)[-1] == "The fire is out. It took 1 Ready (R10.5)."
    assert (await state_of(bot, standin)).on_fire is None
    await gm(standin, "encounter next")
    third = await gm(standin, "encounter next")  # round 3: no more burning
    assert all(e.get("title") != "⏱️ A second passes" for e in third.embeds)
    assert dice.remaining == 0

    # Undo the last two turns and the extinguishing: she burns again.
    for _ in range(3):
        await gm(standin, "encounter undo")
    state = await state_of(bot, standin)
    assert (state.on_fire, state.hp) == ("partial", 10)


async def test_held_breath_runs_out_with_the_rounds(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R9.1: Ana (HT 12) fighting holds her breath 12 s; each of her seconds takes one."""
    await start_duel(standin, bot)
    held = await gm(standin, "breath hold", combatant="Ana")
    assert description(held)[0] == (
        "HT 12, Strenuous, fighting (HT s), Normally: **12 s** of breath (R9.1)."
    )
    turn = await gm(standin, "encounter next")
    assert "Ana holds his breath: 11 s left (R9.1)" in turn.embeds[1]["description"]
    assert "holding his breath: 11 s left" in tracker_line(turn, "Ana")
    back = await gm(standin, "breath air", combatant="Ana")
    assert description(back) == [
        "Ana breathes again before his held breath ran out: he lost no FP to it (R9.2)."
    ]
    assert (await state_of(bot, standin)).breath_left is None


async def test_cold_by_the_numbers_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.13's example: -30 °C, wind 20 km/h, winter clothes but wet: HT 12 - 7 = 5 every
    15 minutes; half an hour is two rolls."""
    dice.extend([1, 2, 2, 4, 4, 4])
    result = await standin.slash(
        "environment cold",
        {"temperature": -30, "minutes": 30, "wind": 20, "wet": True, "ht": 12},
        user="gm",
        channel="general",
        locale="pt-BR",
    )
    assert description(result) == [
        "Um teste a cada 15 minutos por 30 min, 2 ao todo; cada falha custa 1 PF (R10.13).",
        "HT ou Sobrevivência (Polar) aos 15 min: HT 12 -5 -2 = 5, tirou 5 (1, 2, 2): "
        "sucesso (R10.13)",
        "HT ou Sobrevivência (Polar) aos 30 min: HT 12 -5 -2 = 5, tirou 12 (4, 4, 4): "
        "fracasso (R10.13) (-1 PF)",
        "PF ou PV perdidos no frio só voltam com abrigo adequado e uma fonte de calor (R10.13).",
        "PF perdidos: **1**.",
    ]


async def test_intense_heat_goes_on_with_the_rounds_until_she_leaves_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.10: Ana enters the blaze with no armor that counts (dr:0): no safe seconds, an HT
    roll at each of her places in the order; 13 against HT 12 fails, 1 FP. She leaves it and
    the rounds roll nothing more; undo puts her back in."""
    await start_duel(standin, bot)
    entered = await gm(standin, "environment intense-heat", combatant="Ana", dr=0)
    assert description(entered) == [
        "Ana is in intense heat, DR 0: safe for 0 s, then an HT roll every second at his "
        "place in the turn order, each failure 1 FP, until he leaves it (R10.10)."
    ]
    dice.extend([6, 6, 1])
    turn = await gm(standin, "encounter next")
    second = next(e for e in turn.embeds if e.get("title") == "⏱️ A second passes")
    assert second["description"] == (
        "Ana rolls HT 12 against the heat: 13 (6, 6, 1), failure: 1 FP, FP **11**, HP 11 (R10.10)"
    )
    # Past the safe time the rolls have started: no "safe 0 s more".
    assert "🌋 in intense heat: HT every second" in tracker_line(turn, "Ana")
    left = await gm(standin, "environment intense-heat", combatant="Ana", leave=True)
    assert description(left) == ["Ana is out of the intense heat (R10.10)."]
    await gm(standin, "encounter next")
    later = await gm(standin, "encounter next")  # round 2, Ana's place: nothing
    assert all(e.get("title") != "⏱️ A second passes" for e in later.embeds)
    assert dice.remaining == 0
    for _ in range(3):
        await gm(standin, "encounter undo")
    state = await state_of(bot, standin)
    assert (state.intense_heat_dr, state.intense_heat_seconds, state.fp) == (0, 1, 11)


async def test_intense_heat_without_seconds_needs_a_fighter(
    standin: StandIn, bot: GurpsBot
) -> None:
    refused = await standin.slash("environment intense-heat", {}, user="gm", channel=CHANNEL)
    assert refused.ephemeral
    assert "name the fighter whose heat goes on with the rounds" in refused.embed["description"]


async def test_fp_lost_to_heat_come_back_only_in_a_cooler_place(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.9: Ana (HT 12, FP 12) marches an hour at 42 °C: two rolls at HT 12 - 2 = 10,
    11 and 12 fail: 2 FP (12 → 10), kept apart. Resting for 12 gives none of them back;
    after reaching a cooler place both come back (12). Undo brings the block back."""
    await start_duel(standin, bot)
    dice.extend([5, 5, 1, 6, 5, 1])
    hot = await gm(standin, "environment heat", temperature=42, minutes=60, combatant="Ana")
    assert "FP lost: **2**." in description(hot)
    state = await state_of(bot, standin)
    assert (state.fp, state.fp_withheld) == (10, {"heat": 2})
    rested = await gm(standin, "fatigue recover", amount=12, combatant="Ana")
    lines = description(rested)
    assert lines[0] == "FP 10 → **10** / 12"
    assert (
        "2 FP stay lost to heat (back only in a cooler place, R10.9): rest alone does not "
        "bring them back." in lines
    )
    assert (await state_of(bot, standin)).fp == 10
    cooled = await gm(standin, "fatigue recover", amount=12, combatant="Ana", after="heat")
    lines = description(cooled)
    assert lines[0] == "FP 10 → **12** / 12"
    assert "After reaching a cooler place, the FP lost to it can come back." in lines
    assert cooled.embeds[0]["title"] == "🫁 Ana recovers 2 FP"
    state = await state_of(bot, standin)
    assert (state.fp, state.fp_withheld) == (12, {})
    await gm(standin, "encounter undo")
    state = await state_of(bot, standin)
    assert (state.fp, state.fp_withheld) == (10, {"heat": 2})
    assert dice.remaining == 0


async def test_icy_water_on_a_fighter_is_one_change_from_the_sheet_the_fight_holds(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.14: her player may not put Ana in icy water (refused before any roll); the GM
    does, typing ``ana``: two minutes at her HT 12, 9 (1 FP) and 15 (3 FP), 12 → 8, one
    change the log keeps by her name and that undo takes back."""
    await start_duel(standin, bot)
    refused = await standin.slash(
        "environment icy-water", {"minutes": 2, "combatant": "Ana"}, user="alice", channel=CHANNEL
    )
    assert refused.ephemeral
    assert (await state_of(bot, standin)).fp == 12
    dice.extend([3, 3, 3, 5, 5, 5])
    result = await gm(standin, "environment icy-water", minutes=2, combatant="ana")
    assert result.embeds[0]["title"] == "🧊 Icy water: Ana"
    assert "FP 12 → **8** / 12" in description(result)
    assert dice.remaining == 0
    assert (await state_of(bot, standin)).fp == 8
    repository = EncounterRepository(bot.database)
    fight_id = (await repository.require_active(standin.channel(CHANNEL).id)).id
    assert (await repository.events(fight_id))[-1].detail == {
        "icy_water": 2,
        "name": "Ana",
        "fp": 8,
    }
    await gm(standin, "encounter undo")
    assert (await state_of(bot, standin)).fp == 12
