"""Encounter embeds: the tracker's lines, hidden numbers, embed limits, turn events, the summary."""

from __future__ import annotations

from bot.i18n import Messages
from bot.render.common import MAX_FIELDS, within_limits
from bot.render.encounter import (
    render_ended,
    render_partial_surprise,
    render_tracker,
    render_turn,
)
from rules.combatant import Combatant
from rules.encounter import (
    MAX_COMBATANTS,
    Condition,
    Encounter,
    add_combatants,
    advance_turn,
    set_condition,
)
from rules.roller import ScriptedDice
from rules.surprise import SideProfile, partial_surprise


def fight(count: int = 2, *, hide: bool = False) -> Encounter:
    sheets = [
        Combatant.create(name=f"Orc {i}", attributes={"st": 12, "basic_speed": 20.0 - i / 4})
        for i in range(1, count + 1)
    ]
    encounter, _ = add_combatants(
        Encounter(name="Ford", gm_id=1, hide_npc_stats=hide),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def values(embed: object) -> list[tuple[str, str]]:
    assert hasattr(embed, "fields")
    return [(f.name or "", f.value or "") for f in embed.fields]


def test_tracker_lines_and_current_mark(messages: Messages) -> None:
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    hurt = encounter.find("Orc 2")
    hurt = hurt.with_sheet(hurt.combatant.with_state(hp=3, shock_penalty=-3, stunned=True))
    encounter = encounter.replace(hurt)
    embed = render_tracker(encounter, messages, "en")
    assert embed.title == "Ford"
    assert embed.description == "Round 1 · 0 s elapsed\nOrc 1's turn"
    assert values(embed) == [
        ("▶ 1. Orc 1 [npc]", "HP 12/12 · FP 10/10 · standing"),
        ("2. Orc 2 [npc]", "HP 3/12 · FP 10/10 · standing · stunned · reeling · shock -3"),
    ]
    pt = render_tracker(encounter, messages, "pt-BR")
    assert values(pt)[1][1] == ("PV 3/12 · PF 10/10 · de pé · atordoado · cambaleando · choque -3")


def test_hidden_npc_numbers_unless_the_gm_looks(messages: Messages) -> None:
    encounter = fight(hide=True)
    hurt = encounter.find("Orc 1")
    encounter = encounter.replace(hurt.with_sheet(hurt.combatant.with_state(hp=8)))
    public = render_tracker(encounter, messages, "en")
    assert [v for _, v in values(public)] == ["wounded · standing", "unhurt · standing"]
    gm = render_tracker(encounter, messages, "en", gm_view=True)
    assert values(gm)[0][1] == "HP 8/12 · FP 10/10 · standing"


def test_a_full_encounter_stays_within_discords_limits(messages: Messages) -> None:
    encounter = fight(MAX_COMBATANTS)
    embed = render_tracker(encounter, messages, "en", gm_view=True)
    assert within_limits(embed)
    assert len(embed.fields) == MAX_FIELDS
    assert values(embed)[-1][1] == f"… and {MAX_COMBATANTS - MAX_FIELDS + 1} more"


def test_turn_embed_lists_rolls_with_rule_ids(messages: Messages) -> None:
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    stunned = set_condition(encounter.find("Orc 1"), Condition.STUNNED, True)
    encounter, result = advance_turn(encounter.replace(stunned), ScriptedDice([6, 5, 4]))
    embed = render_turn(encounter, result, messages, "en")
    assert embed.title == "Round 1: Orc 2's turn"
    assert embed.description == (
        "Orc 1 rolls HT to recover from stun: 15 (6, 5, 4) vs 10, failure. (R7.10)"
    )


def test_end_summary_names_the_fallen(messages: Messages) -> None:
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    down = set_condition(encounter.find("Orc 2"), Condition.DEAD, True)
    embed = render_ended(encounter.replace(down), messages, "en")
    assert embed.title == "Encounter over: Ford"
    assert embed.description == "Lasted 1 rounds (1 s)."
    assert values(embed) == [("Fallen", "Orc 2: dead")]


def test_partial_surprise_embed(messages: Messages) -> None:
    outcome = partial_surprise(
        SideProfile(side="party", leader_iq=12, leader_combat_reflexes=True),
        SideProfile(side="orcs"),
        ScriptedDice([2, 6]),
    )
    embed = render_partial_surprise(outcome, messages, "en")
    assert values(embed) == [
        ("party", "Dice 2; leader with Combat Reflexes +2, more intelligent leader +1; total 5"),
        ("orcs", "Dice 6; no leader -2; total 4"),
    ]
