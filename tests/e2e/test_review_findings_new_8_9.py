"""The review of the newer features of sections 8 and 9 found that the tracker did not count
down to a swimmer's next Swimming roll nor show a drowned man's 4 minutes (D3), and that a
rest granted in full said nothing of the FP that stay lost to hunger, thirst or missed sleep
(D4). Each test plays the finding's own script through the sandbox, with its seed, and
checks the corrected lines (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play

_NEXT = "\n".join(["    /encounter next"] * 290)

DROWNING = Fight(
    1,
    f"""
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:3
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /breath drown combatant:Al swimming:3
{_NEXT}
""",
)

LOST_FP = Fight(
    1,
    """
    /encounter start name:R
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue meals missed:2 combatant:Al
    /fatigue sleep awake:24 combatant:Al
    /fatigue water litres:1.5 hours:24 climate:hot combatant:Al
    /fatigue spend amount:2 combatant:Al
    /fatigue recover amount:12 combatant:Al
    /fatigue recover amount:12 combatant:Al after:a good night's sleep
    /fatigue recover amount:1 combatant:Al after:a full day of rest and food
""",
)


def _line(block: list[str], name: str) -> str:
    return next(line for line in block if f". {name} [" in line)


async def test_d3_the_tracker_counts_down_to_the_next_swimming_roll_r9_3(
    tmp_path: Path,
) -> None:
    """R9.3: Swimming 3 fails at his place in round 1 (10): swallowing water, the next roll 5 s
    later; a round is a second (R4.1), so the tag counts 5, 4, 3, 2, 1 as his places pass
    and the roll comes at his place in round 6, which starts the count again."""
    t = await play(tmp_path, DROWNING)
    answers = t.replies("/encounter next")[1:12]
    seen = [(block[1], _line(block, "Al").split(" · 🌊 ")[1]) for block in answers]
    wait = "in deep water: swallowing water (next roll in {} s), Swimming 3"
    assert seen == [
        ("  ┃ Round 1: Al's turn", wait.format(5)),
        ("  ┃ Round 2: Orc's turn", wait.format(5)),
        ("  ┃ Round 2: Al's turn", wait.format(4)),
        ("  ┃ Round 3: Orc's turn", wait.format(4)),
        ("  ┃ Round 3: Al's turn", wait.format(3)),
        ("  ┃ Round 4: Orc's turn", wait.format(3)),
        ("  ┃ Round 4: Al's turn", wait.format(2)),
        ("  ┃ Round 5: Orc's turn", wait.format(2)),
        ("  ┃ Round 5: Al's turn", wait.format(1)),
        ("  ┃ Round 6: Orc's turn", wait.format(1)),
        ("  ┃ Round 6: Al's turn", wait.format(5)),
    ]
    assert "rolls Swimming 3" in " ".join(answers[-1])


async def test_d3_fainted_in_the_water_the_tracker_shows_when_his_brain_dies_r9_4(
    tmp_path: Path,
) -> None:
    """R9.4, R9.2: his sixth failed roll, at his place in round 26, takes him to FP -3 = -FP:
    he faints (R8.3). From then on the tracker shows the round his brain dies, 240 s = 240
    rounds later, 26 + 240 = 266, as a cardiac arrest shows its round (R8.2); at his place
    in round 266 he dies."""
    t = await play(tmp_path, DROWNING)
    answers = t.replies("/encounter next")
    fainted = next(
        index for index, block in enumerate(answers) if any("He faints." in line for line in block)
    )
    death = next(
        index
        for index, block in enumerate(answers)
        if any("brain dies (R9.2)" in line for line in block)
    )
    assert answers[fainted][1] == "  ┃ Round 27: Orc's turn"
    clock = (
        "HP ▰▰▰▰▱ 7/10 · FP ▱▱▱▱▱ -3/3 · prone · 😵 unconscious · 🌊 fainted in the water:"
        " brain death in round 266 unless he is rescued (R9.4)"
    )
    assert all(_line(block, "Al").endswith(clock) for block in answers[fainted:death])
    expect(
        answers[death],
        "  ┃ Round 267: Orc's turn",
        "  ┃ Round 266: Al has gone 4 minutes without air since fainting: his brain dies (R9.2)",
    )
    assert _line(answers[death], "Al").endswith("prone · 💀 dead")


async def test_d4_a_rest_granted_in_full_says_what_stays_lost_r8_7_r8_9(
    tmp_path: Path,
) -> None:
    """R8.7-R8.9: FP 12; 2 lost to hunger, 3 to missed sleep, 3 to thirst, 2 spent: FP 2.
    Rest brings back the 2 spent (FP 4); after a good night's sleep the 3 of sleep (FP 7);
    a day of rest and food for 1 FP gets him to 8, nothing cut short, and still says that
    the 3 lost to thirst stay lost until a day of rest and water."""
    t = await play(tmp_path, LOST_FP)
    expect(
        t.reply("/fatigue recover amount:1 combatant:Al after:a full day of rest and food"),
        "  ┃ 🫁 Al recovers 1 FP",
        "  ┃ FP 7 → 8 / 12",
        "  ┃ After a full day of rest and food, the FP lost to it can come back.",
        "  ┃ 3 FP stay lost to thirst (back after a full day of rest and water, R8.8): rest"
        " alone does not bring them back.",
    )


async def test_d4_in_portuguese(tmp_path: Path) -> None:
    """R8.8 in pt-BR: the same rest names the 3 PF lost to thirst."""
    t = await play(tmp_path, Fight(LOST_FP.seed, LOST_FP.script, locale="pt-BR"))
    expect(
        t.reply("/fatigue recover amount:1 combatant:Al after:a full day of rest and food"),
        "  ┃ PF 7 → 8 / 12",
        "  ┃ 3 PF continuam perdidos por sede (voltam após um dia inteiro de descanso e água,"
        " R8.8): só descansar não os traz de volta.",
    )
