"""Sinking and swimming up on R9.3's schedule, and refusals that give the real reason,
checked through the sandbox.

- R9.3, R9.4: a fighter who sank rolls Swimming as one struggling: a success brings him up
  Recovering (another roll within a minute), and only a success from there makes him Calm
  (every 5 minutes); still sunk after a failure, his next roll is at his next second, and
  the line says so.
- R5.11: `wait-order` refused on `/close-combat` suggests the same command without it.
- R5.5, R4.4: the GM's extra attack out of turn with a weapon not ready names the weapon.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused, turns

SINKS_ASLEEP = """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant skill add Ana skill:Swimming level:14
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Ana condition:asleep
    /breath drown combatant:Ana
    /encounter next
    /encounter next
    /encounter next
    /combatant condition name:Ana condition:asleep value:false
"""

UP_FROM_SINKING = Fight(3, SINKS_ASLEEP + turns(1) + "\n/encounter status\n" + turns(120))


async def test_up_from_sinking_is_recovering_then_calm(tmp_path: Path) -> None:
    """R9.3's table with R9.4: asleep, Ana sinks in round 2; woken, at her place in round 4
    Swimming 14 rolled 9 brings her up from Struggling to Recovering: the next roll within a
    minute (1 min on the tracker), not 5 min. It comes at her place in round 64, 60 s later;
    its success takes her back to Calm, every 5 minutes."""
    t = await play(tmp_path, UP_FROM_SINKING)
    expect(
        t.reply("/encounter next", 5),
        "  ┃ Ana rolls Swimming 14 in the water: 9 (2, 4, 3), success → head above water"
        " (another roll within a minute) (R9.3)",
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · 🌊 in deep water: head above"
        " water again (next roll in 1 min), Swimming 14",
    )
    rolls = [
        (n, line)
        for n in range(6, 6 + 120)
        for line in t.reply("/encounter next", n)
        if "rolls Swimming" in line
    ]
    assert len(rolls) == 1, rolls
    number, line = rolls[0]
    expect(t.reply("/encounter next", number), "  ┃ Round 64: Ana's turn")
    assert line.endswith("success → head above water (next roll in 5 min) (R9.3)"), line


STILL_SUNK = Fight(
    3,
    "\n".join(
        [
            "/encounter start name:W",
            "/combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc",
            "/combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc",
            "/encounter next",
            "/combatant condition name:Ana condition:unconscious",
            "/breath drown combatant:Ana",
            turns(122),
            "/combatant condition name:Ana condition:unconscious value:false",
            turns(6),
        ]
    ),
)


async def test_still_sunk_rolls_at_his_next_second(tmp_path: Path) -> None:
    """R9.4, R9.3: revived while sunk, Swimming HT 11 - 4 = 7 fails each second (9 rolled):
    1 FP each, and the line names the next roll at his next second (it comes one round
    later), not R9.3's 5 s."""
    t = await play(tmp_path, STILL_SUNK)
    expect(
        t.reply("/encounter next", 126),
        "  ┃ Round 124: Ana's turn",
        "  ┃ Ana rolls Swimming 7 in the water: 9 (4, 4, 1), failure: swallows water, 1 FP,"
        " FP 9, HP 12 → still sunk, swallowing water (next roll at his next second) (R9.3)",
    )
    expect(
        t.reply("/encounter next", 128),
        "  ┃ Round 125: Ana's turn",
        "  ┃ Ana rolls Swimming 7 in the water: 9 (1, 6, 2), failure: swallows water, 1 FP,"
        " FP 8, HP 12 → still sunk, swallowing water (next roll at his next second) (R9.3)",
    )
    assert not any("(next roll in 5 s)" in line for line in t.lines)


WAIT_ORDER_WITHOUT_WAIT = Fight(
    3,
    """
    /encounter start name:X
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant add name:Gob st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /encounter next
    /close-combat enter attacker:Gob target:Ana
    /close-combat grapple attacker:Gob target:Ana wait-order:true
""",
)


async def test_wait_order_refusal_suggests_the_same_command(tmp_path: Path) -> None:
    """R5.11: Gob chose no Wait, so `wait-order` is refused on `/close-combat grapple`, and
    the example is the same command without it, not an unrelated `/attack`."""
    t = await play(tmp_path, WAIT_ORDER_WITHOUT_WAIT)
    answer = t.reply("/close-combat grapple attacker:Gob target:Ana wait-order:true")
    assert refused(answer)
    expect(
        answer,
        "  ┃ Gob did not choose Wait this turn: wait-order is for a waiting fighter (R5.11).",
        "  ┃ Try, for example: the same command without wait-order: it answers only a Wait"
        " that an enemy set off",
    )
    assert not any("/attack" in line for line in answer)


EXTRA_ATTACK_UNREADY_KNIFE = Fight(
    1,
    """
    /encounter start name:D
    /combatant add name:Ana st:12 dx:12 iq:10 ht:9 hp:12 side:pc
    /combatant weapon add name:Ana weapon:Knife skill:13 damage:1d-1 cut reach:C
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /damage target:Ana amount:7 type:cr
    /encounter next
    /encounter next
    /maneuver combatant:Ana maneuver:Do Nothing
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana weapon:Knife
    /encounter next
    /attack attacker:Ana target:Orc weapon:Knife extra-attack:true
""",
)


async def test_extra_attack_out_of_turn_names_the_unready_knife(tmp_path: Path) -> None:
    """R5.5 before R4.4: the knife knocked out of Ana's hand was picked up by her draw (1 Ready
    left); the GM's extra attack with it in the Orc's turn is refused for the knife not being
    ready, not for the maneuver she already chose."""
    t = await play(tmp_path, EXTRA_ATTACK_UNREADY_KNIFE)
    answer = t.reply("/attack attacker:Ana target:Orc weapon:Knife extra-attack:true")
    assert refused(answer)
    expect(
        answer,
        "  ┃ Ana's Knife is not ready: 1 more turn(s) of Ready (a Ready maneuver, or spare"
        " attacks, R5.25) before it strikes or parries (R5.5).",
    )
    assert not any("already chosen" in line for line in answer)
