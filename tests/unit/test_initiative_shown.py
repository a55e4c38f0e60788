"""The order a mode sets is shown with the dice behind it and cited by its own rule
(R3.1 Simple, R3.2 Realistic, R3.3 Mixed, R4.3 Basic Speed and DX; R2.4, R2.5 newcomers)."""

from __future__ import annotations

import pytest

from bot.i18n import Messages
from bot.render.encounter import render_added, render_turn
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant, add_combatants, advance_turn
from rules.initiative import InitiativeMode
from rules.roller import ScriptedDice
from rules.turn import TurnAdvance, TurnEventKind, TurnSequence


def sheet(name: str, *, move: int = 5, speed: float = 5.0, dx: int = 10) -> Combatant:
    return Combatant.create(
        name=name, attributes={"dx": dx, "basic_speed": speed, "basic_move": move}
    )


def fight(mode: InitiativeMode, *sides: tuple[str, list[Combatant]]) -> Encounter:
    encounter = Encounter(name="Ford", gm_id=1, sequence=TurnSequence(mode=mode))
    for side, sheets in sides:
        encounter, _ = add_combatants(
            encounter, sheets, owner_id=None, side=side, aware=False, roller=ScriptedDice([])
        )
    return encounter


def turn_lines(
    encounter: Encounter,
    result: TurnAdvance[EncounterCombatant],
    messages: Messages,
    locale: str = "en",
) -> list[str]:
    """Every line of the turn's reply, across the embeds it takes."""
    return [
        line
        for embed in render_turn(encounter, result, messages, locale)
        for line in (embed.description or "").splitlines()
    ]


def test_simple_mode_shows_each_die_r3_1(messages: Messages) -> None:
    """R3.1's worked example: Ana rolls 5, Bruno 2, the orc 4 -> Ana, orc, Bruno."""
    encounter = fight(
        InitiativeMode.SIMPLE,
        ("pc", [sheet("Ana"), sheet("Bruno")]),
        ("npc", [sheet("Orc")]),
    )
    encounter, result = advance_turn(encounter, ScriptedDice([5, 2, 4]))
    started = result.events[0]
    assert (started.kind, started.rule_id) == (TurnEventKind.ROUND_STARTED, "R3.1")
    assert [(s.combatant_id, s.die) for s in started.slots] == [("1", 5), ("3", 4), ("2", 2)]
    lines = turn_lines(encounter, result, messages, "en")
    assert lines[:2] == [
        "Round 1 begins. (R3.1)",
        "Turn order: Ana rolled 5 · Orc rolled 4 · Bruno rolled 2 (R3.1)",
    ]
    pt = turn_lines(encounter, result, messages, "pt-BR")
    assert pt[1] == "Ordem dos turnos: Ana tirou 5 · Orc tirou 4 · Bruno tirou 2 (R3.1)"


def test_simple_mode_shows_the_tie_re_roll_r3_1(messages: Messages) -> None:
    """Ana and Bruno both roll 5, then 2 and 6 to break the tie: Bruno, Ana, the orc."""
    encounter = fight(
        InitiativeMode.SIMPLE,
        ("pc", [sheet("Ana"), sheet("Bruno")]),
        ("npc", [sheet("Orc")]),
    )
    encounter, result = advance_turn(encounter, ScriptedDice([5, 5, 4, 2, 6]))
    lines = turn_lines(encounter, result, messages, "en")
    assert lines[1] == (
        "Turn order: Bruno rolled 5 (tied, then a die: 6) · Ana rolled 5 (tied, then a die: 2)"
        " · Orc rolled 4 (R3.1)"
    )


def test_mixed_mode_shows_the_side_dice_r3_3(messages: Messages) -> None:
    """R3.3's worked example: side A rolls 3 (Ana Move 5 -> 8), side B 5 (Bruno Move 4 -> 9):
    Bruno acts before Ana."""
    encounter = fight(
        InitiativeMode.MIXED,
        ("A", [sheet("Ana", move=5)]),
        ("B", [sheet("Bruno", move=4)]),
    )
    encounter, result = advance_turn(encounter, ScriptedDice([3, 5]))
    assert result.events[0].rule_id == "R3.3"
    lines = turn_lines(encounter, result, messages, "en")
    assert lines[:3] == [
        "Round 1 begins. (R3.3)",
        "Side dice added to Move: B 5, A 3 (R3.3)",
        "Turn order: Bruno: Move 4 + 5 = 9 · Ana: Move 5 + 3 = 8 (R3.3)",
    ]


@pytest.mark.parametrize(
    ("mode", "rule", "dice"),
    [(InitiativeMode.STANDARD_4E, "R4.3", []), (InitiativeMode.REALISTIC, "R3.2", [6, 1])],
)
def test_round_one_cites_the_rule_of_its_mode(
    mode: InitiativeMode, rule: str, dice: list[int], messages: Messages
) -> None:
    """R4.3's worked example: Knight (5.75, DX 12), Rogue (6.00, DX 13), Orc (5.75, DX 11) ->
    Rogue, Knight, Orc. Realistic with equal Move orders them by Basic Speed, then a die for
    the Knight and the Orc (6, 1). The sheets set these orders: no dice line."""
    encounter = fight(
        mode,
        (
            "pc",
            [
                sheet("Knight", speed=5.75, dx=12),
                sheet("Rogue", speed=6.0, dx=13),
                sheet("Orc", speed=5.75, dx=11),
            ],
        ),
    )
    encounter, result = advance_turn(encounter, ScriptedDice(dice))
    assert result.events[0].rule_id == rule
    assert [encounter.get(s.combatant_id).name for s in result.events[0].slots] == [
        "Rogue",
        "Knight",
        "Orc",
    ]
    lines = turn_lines(encounter, result, messages)
    assert lines[0] == f"Round 1 begins. ({rule})"
    assert not any(line.startswith("Turn order") for line in lines)


def test_an_unaware_newcomer_shows_his_die_r2_5(messages: Messages) -> None:
    encounter = fight(InitiativeMode.SIMPLE, ("pc", [sheet("Ana")]), ("npc", [sheet("Orc")]))
    encounter, _ = advance_turn(encounter, ScriptedDice([5, 2]))
    encounter, added = add_combatants(
        encounter,
        [sheet("Guard")],
        owner_id=None,
        side="npc",
        aware=False,
        roller=ScriptedDice([3]),
    )
    text = render_added(encounter, added, messages, "en", aware=False).description or ""
    assert text.splitlines()[-1] == "Turn order: Guard rolled 3 (R3.1)"


def test_aware_newcomers_show_their_dice_when_they_join_the_order_r2_4(
    messages: Messages,
) -> None:
    encounter = fight(InitiativeMode.SIMPLE, ("pc", [sheet("Ana")]), ("npc", [sheet("Orc")]))
    encounter, _ = advance_turn(encounter, ScriptedDice([5, 2]))
    encounter, _ = add_combatants(
        encounter,
        [sheet("Wolf")],
        owner_id=None,
        side="npc",
        aware=True,
        roller=ScriptedDice([]),
    )
    dice = ScriptedDice([4])
    for _ in range(3):  # the wolf's free action, the orc, then round 2
        encounter, result = advance_turn(encounter, dice)
    inserted = [e for e in result.events if e.kind is TurnEventKind.NEWCOMERS_INSERTED]
    assert [(s.combatant_id, s.die) for s in inserted[0].slots] == [("3", 4)]
    lines = turn_lines(encounter, result, messages, "en")
    assert "Turn order: Wolf rolled 4 (R3.1)" in lines
