"""Sections 2-4 and the stunned through the real client: newcomers' order (R2.4), the dice
that set the order (R3.1, R3.3, R4.3), a partial-surprise tie (R2.2), what a stunned or
paralysed fighter may do (R7.10, R7.11, R2.1) and the R7.2 roll for a maneuver entered late.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in message.interactive_components()]


async def say(standin: StandIn, user: str, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user=user, channel=CHANNEL)


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await say(standin, "gm", command, **options)
    assert not result.ephemeral, result.embeds
    return result


async def refused(standin: StandIn, user: str, command: str, **options: object) -> str:
    """The private refusal's text; the stand-in's message list is unchanged by it."""
    result = await say(standin, user, command, **options)
    assert result.ephemeral, result.embeds
    return str(result.embed["description"])


async def test_newcomers_added_one_by_one_act_by_move_then_basic_speed_r2_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R2.4's worked example through /combatant add: Y (Move 7, Basic Speed 7), X (Move 7,
    6.5) and Z (Move 5, 6) arrive aware in Ana's turn, in the order the issue used (Y, X, Z);
    they act Y, X, Z before the orc, whoever was typed first."""
    await gm(standin, "encounter start", name="Ford")
    await gm(standin, "combatant add", name="Ana", st=11, dx=13, iq=10, ht=13, owner="alice")
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(standin, "encounter next")  # Ana (Basic Speed 6.5) before the orc (5.5)
    for name, move, speed in (("Z", 5, 6.0), ("X", 7, 6.5), ("Y", 7, 7.0)):
        added = await gm(
            standin,
            "combatant add",
            name=name,
            st=10,
            dx=10,
            iq=10,
            ht=10,
            move=move,
            aware=True,
            **{"basic-speed": speed},
        )
        assert added.embed["description"].startswith(f"{name} ")
    titles = [(await gm(standin, "encounter next")).embeds[0]["title"] for _ in range(4)]
    assert titles == [
        "Round 1: Y's turn",
        "Round 1: X's turn",
        "Round 1: Z's turn",
        "Round 1: Orc's turn",
    ]
    assert dice.remaining == 0


async def test_simple_initiative_shows_every_die_and_cites_r3_1(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R3.1's example: Ana rolls 5, Bruno 2, the orc 4: Ana, orc, Bruno."""
    await gm(standin, "encounter start", name="Ford", initiative="simple")
    for name in ("Ana", "Bruno", "Orc"):
        await gm(standin, "combatant add", name=name, st=10, dx=10, iq=10, ht=10)
    dice.extend([5, 2, 4])
    started = await gm(standin, "encounter next")
    lines = started.embeds[0]["description"].splitlines()
    assert lines[:2] == [
        "Round 1 begins. (R3.1)",
        "Turn order: Ana rolled 5 · Orc rolled 4 · Bruno rolled 2 (R3.1)",
    ]
    assert started.embeds[0]["title"] == "Round 1: Ana's turn"
    # A guard who did not see the fight coming rolls his die as he is added (R2.5).
    dice.extend([3])
    guard = await gm(standin, "combatant add", name="Guard", st=10, dx=10, iq=10, ht=10)
    assert guard.embed["description"].splitlines()[-1] == "Turn order: Guard rolled 3 (R3.1)"


async def test_mixed_initiative_shows_the_side_dice_in_portuguese_r3_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R3.3's example: side A rolls 3 (Ana Move 5: 8), side B 5 (Bruno Move 4: 9)."""
    await gm(standin, "encounter start", name="Ford", initiative="mixed")
    await gm(standin, "combatant add", name="Ana", st=10, dx=10, iq=10, ht=10, move=5, side="A")
    await gm(standin, "combatant add", name="Bruno", st=10, dx=10, iq=10, ht=10, move=4, side="B")
    dice.extend([3, 5])
    started = await standin.slash("encounter next", user="gm", channel=CHANNEL, locale="pt-BR")
    lines = started.embeds[0]["description"].splitlines()
    assert lines == [
        "Começa a rodada 1. (R3.3)",
        "Dados de cada lado somados ao Deslocamento: B 5, A 3 (R3.3)",
        "Ordem dos turnos: Bruno: Deslocamento 4 + 5 = 9 · Ana: Deslocamento 5 + 3 = 8 (R3.3)",
    ]


async def test_a_partial_surprise_tie_is_shown_as_a_re_roll_r2_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await gm(standin, "encounter start", name="Ford")
    await gm(standin, "combatant add", name="Ana", st=10, dx=10, iq=12, ht=10, side="party")
    await gm(standin, "combatant add", name="Orc", st=10, dx=10, iq=9, ht=10)
    # party 2 + 1 (the smarter leader) = 3; npc 5 - 2 (no leader) = 3: a tie, rolled again.
    dice.extend([2, 5, 6, 1])
    result = await gm(
        standin,
        "encounter surprise",
        kind="partial",
        side="party",
        leader="Ana",
        **{"other-side": "npc"},
    )
    assert list(fields(result.embed).values()) == [
        "Dice 2 (a tie, rolled again) → 6; more intelligent leader +1; total 7",
        "Dice 5 (a tie, rolled again) → 1; no leader -2; total -1",
    ]


async def test_a_stunned_fighter_may_only_do_nothing_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Ana (HT 10) starts her turn stunned. Every /maneuver but Do Nothing and every attack
    command is refused with the reason, in her player's language; after a failed HT roll
    (14) the same again next turn; her defenses stay, at -4 and without Retreat."""
    await gm(standin, "encounter start", name="Ford")
    await gm(
        standin, "combatant add", name="Ana", st=10, dx=12, iq=10, ht=10, owner="alice", parry=9
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11, parry=8)
    await gm(standin, "combatant condition", name="Ana", condition="stunned")
    turn = await gm(standin, "encounter next")  # Ana: Basic Speed 5.5 as the orc, DX 12 first
    assert turn.embeds[0]["description"].splitlines()[-1] == (
        "Ana is stunned: only Do Nothing this turn."
    )
    reason = messages.text("maneuver.restricted.stunned", "en", combatant="Ana", rule="R7.10")
    for chosen, extra in (
        ("move", {}),
        ("change_posture", {"posture": "kneeling"}),
        ("all_out_defense", {}),
        ("evaluate", {"target": "Orc"}),
        ("aim", {"target": "Orc"}),
        ("ready", {}),
        ("concentrate", {}),
        ("wait", {}),
        ("feint", {"target": "Orc"}),
    ):
        text = await refused(
            standin, "alice", "maneuver", combatant="Ana", maneuver=chosen, **extra
        )
        assert text == reason, chosen
    for command in ("attack", "shoot", "throw"):
        text = await refused(
            standin, "alice", command, attacker="Ana", target="Orc", skill=12, damage="1d cut"
        )
        assert text == reason, command
    pt = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "move"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert pt.embed["description"] == messages.text(
        "maneuver.restricted.stunned", "pt-BR", combatant="Ana", rule="R7.10"
    )
    still = await say(standin, "alice", "maneuver", combatant="Ana", maneuver="do_nothing")
    assert not still.ephemeral

    dice.extend([5, 5, 4])  # HT 10 rolls 14 at the end of her turn: still stunned
    await gm(standin, "encounter next")  # the orc
    dice.extend([3, 4, 4])  # the orc hits: 11 vs 12
    blow = await gm(standin, "attack", attacker="Orc", target="Ana", skill=12, damage="1d cr")
    # Dodge 8 - 4 = 4, Parry 9 - 4 = 5; no Retreat button while stunned (R7.10).
    assert labels(blow.message) == ["Dodge 4", "Parry 5 (weapon)", "No defense"]
    dice.extend([1, 1, 1])
    await standin.click(blow.message, "Dodge 4", user="alice")
    turn = await gm(standin, "encounter next")  # Ana again, stunned still
    assert turn.embeds[0]["title"] == "Round 2: Ana's turn"
    text = await refused(standin, "alice", "maneuver", combatant="Ana", maneuver="move")
    assert text == reason
    assert dice.remaining == 0


async def test_a_fighter_paralysed_by_total_surprise_may_only_do_nothing_r2_1(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await gm(standin, "encounter start", name="Ford")
    await gm(standin, "combatant add", name="Ana", st=10, dx=12, iq=10, ht=10, owner="alice")
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    dice.extend([3])
    await gm(standin, "encounter surprise", kind="total", side="npc")
    reason = messages.text("maneuver.restricted.paralysed", "en", combatant="Orc", rule="R2.1")
    assert await refused(standin, "gm", "maneuver", combatant="Orc", maneuver="move") == reason
    assert (
        await refused(standin, "gm", "attack", attacker="Orc", target="Ana", skill=11, damage="1d")
        == reason
    )
    assert not (
        await say(standin, "gm", "maneuver", combatant="Orc", maneuver="do_nothing")
    ).ephemeral


async def test_a_maneuver_entered_after_the_turn_moved_on_rolls_to_stay_conscious_r7_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Ana at -13 of 12 HP (HT 11 - 1 = 10) had made no defense: her turn starts without a
    roll, and the GM moves on before she chose. Her player may no longer choose in the
    orc's turn (R4.4); her Move, entered late by the GM, rolls first: 11 fails and she falls
    unconscious, as in her own turn."""
    await gm(standin, "encounter start", name="Ford")
    await gm(standin, "combatant add", name="Ana", st=12, dx=12, iq=10, ht=11, owner="alice")
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(standin, "combatant edit", name="Ana", hp=-13)
    started = await gm(standin, "encounter next")
    assert started.embeds[0]["title"] == "Round 1: Ana's turn"
    assert "stay conscious" not in (started.embeds[0].get("description") or "")
    await gm(standin, "encounter next")  # the orc's turn: Ana chose nothing
    text = await refused(standin, "alice", "maneuver", combatant="Ana", maneuver="move")
    assert text == messages.text("maneuver.not_his_turn", "en", combatant="Ana", current="Orc")
    dice.extend([5, 5, 1])
    late = await say(standin, "gm", "maneuver", combatant="Ana", maneuver="move")
    assert not late.ephemeral
    assert late.embeds[0]["description"].splitlines() == [
        "Ana rolls HT to stay conscious: 11 (5, 5, 1) vs 10, failure. (R7.2)",
        "Ana falls unconscious. (R7.2)",
    ]
    assert dice.remaining == 0
