"""``/damage`` through the real client: the catalog's worked examples, hit location by hit
location (R7.20-R7.29), with the breakdown and the stored HP."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice

CHANNEL = "combat"

TROLL: dict[str, Any] = {
    "name": "Troll",
    "attributes": {"st": 20, "ht": 12, "hp": 40},
    "dr": {"overrides": {"skull": 2}},
}
KNIGHT: dict[str, Any] = {
    "name": "Knight",
    "attributes": {"st": 10, "ht": 10, "hp": 20},
    "dr": {"uniform": 6, "overrides": {"face": 0}},
}
SPEARMAN: dict[str, Any] = {
    "name": "Spearman",
    "attributes": {"st": 10, "ht": 10},
    "male_humanoid": True,
}


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def start(standin: StandIn, bot: GurpsBot, sheet: dict[str, Any]) -> None:
    encounter = Encounter(
        name="Practice",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(combatant_id="1", side="npc", combatant=Combatant.create(**sheet)),
        ),
        next_number=2,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )


@pytest.mark.parametrize(
    "case",
    [
        # R7.20: 8 cut penetrating the torso x1.5 -> 12.
        (TROLL, {"amount": 8, "type": "cut"}, [], "8", "12", "40 → **28** / 40", None),
        # R7.24: 7 imp penetrating the vitals x3 -> 21 (a major wound: knockdown roll).
        (
            TROLL,
            {"amount": 7, "type": "imp", "location": "vitals"},
            [3, 3, 3],
            "7",
            "21",
            "40 → **19** / 40",
            "Major wound (R7.7)",
        ),
        # R7.25: 9 cr vs helmet DR 2 + skull 2 -> 5 x4 = 20.
        (
            TROLL,
            {"amount": 9, "type": "cr", "location": "skull"},
            [3, 3, 3],
            "5",
            "20",
            "40 → **20** / 40",
            "Knockdown",
        ),
        # R7.29: cutting to the neck x2.
        (
            TROLL,
            {"amount": 7, "type": "cut", "location": "neck"},
            [],
            "7",
            "14",
            "40 → **26** / 40",
            None,
        ),
        # R7.26: 5 imp to the eye x4 = 20; the skull's DR does not count.
        (
            TROLL,
            {"amount": 5, "type": "imp", "location": "eye"},
            [3, 3, 3],
            "5",
            "20",
            "40 → **20** / 40",
            "eye blinded (R7.26)",
        ),
        # R7.21: spear 9 imp to a 10-HP man's leg: x1, crippled (> 5), injury capped at 6.
        (
            SPEARMAN,
            {"amount": 9, "type": "imp", "location": "leg", "side": "left"},
            [3, 3, 3],
            "9",
            "6",
            "10 → **4** / 10",
            "Left leg crippled (R7.16)",
        ),
        # R7.28: 3 crushing to a male humanoid's groin: shock -3 x 2 = -6.
        (
            SPEARMAN,
            {"amount": 3, "type": "cr", "location": "groin"},
            [],
            "3",
            "3",
            "10 → **7** / 10",
            "Shock -6 on the next turn (R7.6)",
        ),
        # R7.18: 10 burning over a large area: DR (6 torso + 0 face) / 2 = 3 -> 7.
        (
            KNIGHT,
            {"amount": 10, "type": "burn", "large-area": True},
            [],
            "7",
            "7",
            "20 → **13** / 20",
            None,
        ),
        # R7.18: only the arms exposed: DR (6 + 6) / 2 = 6 -> 4.
        (
            KNIGHT,
            {"amount": 10, "type": "burn", "exposed": "arm"},
            [],
            "4",
            "4",
            "20 → **16** / 20",
            None,
        ),
        # Beyond 1/2D: 16 cut halved to 8, x1.5 -> 12.
        (
            TROLL,
            {"amount": 16, "type": "cut", "half-damage": True},
            [],
            "8",
            "12",
            "40 → **28** / 40",
            None,
        ),
        # R7.24: tight-beam burning reaches the vitals, x2: 7 -> 14 (shock there: knockdown roll).
        (
            TROLL,
            {"amount": 7, "type": "burn", "location": "vitals", "tight-beam": True},
            [3, 3, 3],
            "7",
            "14",
            "40 → **26** / 40",
            None,
        ),
        # R7.14: an 18-point bullet on ST 20 knocks back 1 m (full ST-2 = 18), with a DX roll.
        (
            TROLL,
            {"amount": 18, "type": "pi", "bullet": True},
            [3, 3, 3],
            "18",
            "18",
            "40 → **22** / 40",
            "Knocked back 1 m (R7.14)",
        ),
        # R7.14: no ST to resist: HT 10 - 2 = 8 per metre, 16 crushing -> 2 m.
        (
            SPEARMAN,
            {"amount": 16, "type": "cr", "knockback-ht": True},
            [3, 3, 3, 3, 3, 3],
            "16",
            "16",
            "10 → **-6** / 10",
            "Knocked back 2 m (R7.14)",
        ),
    ],
)
async def test_damage_by_location_gives_the_catalogs_numbers(
    standin: StandIn,
    bot: GurpsBot,
    dice: ScriptedDice,
    case: tuple[dict[str, Any], dict[str, object], list[int], str, str, str, str | None],
) -> None:
    sheet, options, faces, penetrating, injury, hp, effect = case
    await start(standin, bot, sheet)
    dice.extend(faces)
    result = await standin.slash(
        "damage", {"target": sheet["name"], **options}, user="gm", channel=CHANNEL
    )
    assert not result.ephemeral, result.embeds
    shown = fields(result.embed)
    assert shown["Penetrating"] == penetrating
    assert shown["Injury"] == f"**{injury}**"
    assert shown["HP"] == hp
    if effect is not None:
        assert effect in shown["Consequences"]
    assert dice.remaining == 0
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    after = int(hp.split("**")[1])
    assert record.encounter.find(sheet["name"]).combatant.state.hp == after


async def test_damage_is_for_the_gm_only(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await start(standin, bot, TROLL)
    refused = await standin.slash(
        "damage", {"target": "Troll", "amount": 5, "type": "cr"}, user="alice", channel=CHANNEL
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text("encounter.error.not_gm", "en")


async def test_damage_in_portuguese(standin: StandIn, bot: GurpsBot) -> None:
    await start(standin, bot, TROLL)
    result = await standin.slash(
        "damage",
        {"target": "Troll", "amount": 8, "type": "cut"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert result.embed["title"] == "🩸 Troll sofre dano"
    assert fields(result.embed)["Dano real"] == "**12**"


async def test_encounter_end_rolls_for_each_crippled_part_r7_17(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """R7.17: when combat ends, HT for each crippled part: HT 10, 14 (by 4) → permanent;
    9 → temporary."""
    crippled = {"crippled": ["left_arm", "right_leg"]}
    await start(standin, bot, {**SPEARMAN, "state": crippled})
    dice.extend([5, 5, 4, 3, 3, 3])
    ended = await standin.slash("encounter end", user="gm", channel=CHANNEL)
    assert fields(ended.embed)[messages.text("encounter.ended.crippled", "en")] == (
        "Spearman, Left arm: HT 10, rolled 14 (5, 5, 4): failure → permanent.\n"
        "Spearman, Right leg: HT 10, rolled 9 (3, 3, 3): success → temporary, heals when the "
        "lost HP are recovered."
    )


async def test_encounter_end_in_portuguese_counts_one_month_r7_17(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """HT 10 failed by 1 (11): 1d6 months, here 1; the fight never started: 0 rounds."""
    await start(standin, bot, {**SPEARMAN, "state": {"crippled": ["left_arm"]}})
    dice.extend([5, 5, 1, 1])
    ended = await standin.slash("encounter end", user="gm", channel=CHANNEL, locale="pt-BR")
    assert fields(ended.embed)[messages.text("encounter.ended.crippled", "pt-BR")] == (
        "Spearman, Braço esquerdo: HT 10, tirou 11 (5, 5, 1): fracasso → 1d6 tirou 1: 1 mês para"
        " se recuperar."
    )
    assert ended.embed["description"] == "Durou 0 rodadas (0 s)."


@pytest.mark.parametrize(("can_destroy", "destroyed"), [(True, True), (False, False)])
async def test_damage_that_cannot_destroy_leaves_a_body_r7_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, can_destroy: bool, destroyed: bool
) -> None:
    """R7.5: at -10xHP the body is destroyed only if the source can do it (the GM says); past
    -5xHP death is automatic, so nothing is rolled (R7.4)."""
    await start(standin, bot, SPEARMAN)
    await standin.slash(
        "damage",
        {"target": "Spearman", "amount": 110, "type": "cr", "can-destroy": can_destroy},
        user="gm",
        channel=CHANNEL,
    )
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    state = record.encounter.find("Spearman").combatant.state
    assert (state.hp, state.dead, state.destroyed) == (-100, True, destroyed)
    assert dice.remaining == 0


async def test_a_knockout_is_said_once_and_the_type_in_portuguese_r7_13(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """4 cr to the skull: DR 2, 2 x4 = 8 (major); knockdown HT 10 -10 = 0, rolled 10:
    knocked out. The knockdown line says it; no second "knocked out" follows."""
    await start(standin, bot, SPEARMAN)
    dice.extend([3, 3, 4])
    hit = await standin.slash(
        "dano",
        {"alvo": "Spearman", "quantidade": 4, "tipo": "cr", "local": "skull"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    shown = fields(hit.embed)
    assert shown["Dano básico"] == "**4** cont"
    assert shown["Consequências"].split("\n")[-2:] == [
        "Prostração: HT 10 -10 = 0, tirou 10 (3, 3, 4): falha crítica (R7.8)",
        messages.text("damage.knockdown.knocked_out", "pt-BR"),
    ]
    assert dice.remaining == 0


async def test_damage_amount_takes_dice_and_the_type_typed_with_it_a_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """``amount:2d+1 cut``: the bot rolls 2d+1 (5 and 3: 9) and shows the dice; 9 cut on the
    troll's torso x1.5 is 13 (A.2, R7.20)."""
    await start(standin, bot, TROLL)
    dice.extend([5, 3])
    result = await standin.slash(
        "damage", {"target": "Troll", "amount": "2d+1 cut"}, user="gm", channel=CHANNEL
    )
    shown = fields(result.embed)
    assert shown["Basic damage"] == "2d+1 → **9** cut (5, 3)"
    assert shown["Injury"] == "**13**"
    assert shown["HP"] == "40 → **27** / 40"
    assert dice.remaining == 0
    events = await EncounterRepository(bot.database).events(
        (await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)).id
    )
    assert events[-1].detail["dice"] == "2d+1"
    assert events[-1].detail["faces"] == [5, 3]


async def test_damage_amount_as_dice_with_the_type_chosen_and_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """``quantidade:2d+1 tipo:cr`` rolled 1 and 1: 3 crushing, DR 0, 3 injury (A.2)."""
    await start(standin, bot, TROLL)
    dice.extend([1, 1])
    result = await standin.slash(
        "dano",
        {"alvo": "Troll", "quantidade": "2d+1", "tipo": "cr"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(result.embed)["Dano básico"] == "2d+1 → **3** cont (1, 1)"
    assert dice.remaining == 0


@pytest.mark.parametrize(
    "case",
    [
        ("2d+1", {}, "damage.missing_type"),
        ("sw+2 cut", {}, "damage.needs_dice"),
        ("2d+1 cut", {"type": "imp"}, "damage.type_conflict"),
        ("1001", {"type": "cr"}, "damage.too_much"),
    ],
)
async def test_a_bad_damage_amount_is_refused_privately_and_changes_nothing(
    standin: StandIn,
    bot: GurpsBot,
    messages: Messages,
    case: tuple[str, dict[str, object], str],
) -> None:
    amount, options, key = case
    await start(standin, bot, TROLL)
    refused = await standin.slash(
        "damage", {"target": "Troll", "amount": amount, **options}, user="gm", channel=CHANNEL
    )
    assert refused.ephemeral
    params = {"text": amount, "maximum": 1000}
    assert refused.embed["description"] == messages.text(key, "en", **params)
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Troll").combatant.state.hp == 40
