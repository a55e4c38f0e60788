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
    assert undone.embeds[0]["title"] == "Undone: environment"
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
