"""Rapid fire (`/shoot … shots:N`) checked through the sandbox against the Basic Set, B373–B375.

The catalog has no rapid-fire rule of its own, so the Basic Set applies: the rapid fire bonus
for the shots fired (2–4 +0, 5–8 +1, 9–12 +2, 13–16 +3, 17–24 +4, 25–49 +5, 50–99 +6, +1 per
doubling), one hit plus one per full Recoil of margin up to the shots fired, one defense against
the burst (a Dodge stops 1 hit plus 1 per point of margin, a Block only one), every hit rolled
through the injury rules on its own with the shock summed (R7.6).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

BURST_DODGED_BY_ZERO = Fight(
    1,
    """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:SMG shots:10
    :click 1
    /encounter undo
    :click 2
    /encounter status
""",
)


async def test_burst_hits_by_recoil_dodge_stops_one_and_undo(tmp_path: Path) -> None:
    """B373: 10 shots → +2, skill 14 → 16; roll 12 made by 4, Rcl 2 → 1 + 2 = 3 hits.
    B375: Dodge 8 (Basic Speed 5 + 3) made by 0 stops 1 hit: 2 land, 9 and 2 injury.
    R7.6: HP 60, shock per 6 HP of the summed 11 → −1. Undone, no defense: all 3 land
    (9 + 6 + 8 = 23 → −3)."""
    t = await play(tmp_path, BURST_DODGED_BY_ZERO)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:10"),
        "  ┃     +2 rapid fire (B373)",
        "  ┃     = 16",
        "  ┃ Rapid fire: 10 shots (RoF 20!, Rcl 2): +2 to hit (B373).",
        "  ┃     3 of 10 shots hit: 1, plus 1 for every 2 the roll was made by.",
        "  ┃ Attack roll: Rolled 12 (1, 6, 5): hit (by 4)",
        "  [1 Dodge 8] [2 No defense]",
    )
    expect(
        t.reply(":click 1"),
        "  ┃ Defense roll: Rolled 8 (2, 3, 3): defended (by 0)",
        "  ┃ Rapid fire: The defense stopped 1 of 3 hits; 2 got through (B375).",
        "  ┃ 🩸 Orc takes damage: hit 1 of 2",
        "  ┃ HP: 60 → 51 / 60",
        "  ┃ 🩸 Orc takes damage: hit 2 of 2",
        "  ┃ HP: 51 → 49 / 60",
        "  ┃ 2. Orc [npc]: HP ▰▰▰▰▱ 49/60 · FP ▰▰▰▰▰ 10/10 · ⚡ shock -1",
    )
    expect(
        t.reply("/encounter undo"),
        "  ┃ 2. Orc [npc]: HP ▰▰▰▰▰ 60/60 · FP ▰▰▰▰▰ 10/10",
        "  ↩️ The GM undid Orc's defense: choose again.",
    )
    expect(
        t.reply(":click 2"),
        "  ┃ 🩸 Orc takes damage: hit 3 of 3",
        "  ┃ HP: 45 → 37 / 60",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Orc [npc]: HP ▰▰▰▱▱ 37/60 · FP ▰▰▰▰▰ 10/10 · ⚡ shock -3",
    )


SHOTS = (4, 5, 8, 9, 12, 13, 16, 17, 24, 25, 49, 50, 99, 100, 199, 200)
BONUS = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8)

BONUS_TABLE = Fight(
    2,
    """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:MG skill:10 damage:1d pi rof:300 recoil:1
    /combatant weapon add name:Shooter weapon:Pistol skill:10 damage:1d pi rof:3 recoil:2
    /combatant weapon add name:Shooter weapon:Bow skill:10 damage:1d imp accuracy:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /encounter next
"""
    + "".join(
        f"/shoot attacker:Shooter target:Orc weapon:MG shots:{n} extra-attack:true\n" for n in SHOTS
    )
    + """/shoot attacker:Shooter target:Orc weapon:Pistol shots:4 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Bow shots:2 extra-attack:true
""",
)


async def test_rapid_fire_bonus_table_and_rof_limit(tmp_path: Path) -> None:
    """B373 rapid fire bonus at every boundary: 4 → +0, 5–8 → +1, 9–12 → +2, 13–16 → +3,
    17–24 → +4, 25–49 → +5, 50–99 → +6, 100–199 → +7, 200 → +8. Rcl 1: 9 shots made by 3 → 4
    hits; 16 made by 7 → 8. More shots than the RoF are refused (a pistol's 3, a bow's 1)."""
    t = await play(tmp_path, BONUS_TABLE)
    for shots, bonus in zip(SHOTS, BONUS, strict=True):
        expect(
            t.reply(
                f"/shoot attacker:Shooter target:Orc weapon:MG shots:{shots} extra-attack:true"
            ),
            f"  ┃ Rapid fire: {shots} shots (RoF 300, Rcl 1): +{bonus} to hit (B373).",
        )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:MG shots:9 extra-attack:true"),
        "  ┃     4 of 9 shots hit: 1, plus 1 for every 1 the roll was made by.",
        "  ┃ Attack roll: Rolled 9 (4, 4, 1): hit (by 3)",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:MG shots:16 extra-attack:true"),
        "  ┃     8 of 16 shots hit: 1, plus 1 for every 1 the roll was made by.",
        "  ┃ Attack roll: Rolled 6 (3, 2, 1): hit (by 7)",
    )
    pistol = t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:4 extra-attack:true")
    assert refused(pistol)
    expect(pistol, "  ┃ The Pistol fires at most 3 shots a turn (its RoF), not 4.")
    bow = t.reply("/shoot attacker:Shooter target:Orc weapon:Bow shots:2 extra-attack:true")
    assert refused(bow)
    expect(bow, "  ┃ The Bow fires only 1 shot a turn (its RoF), not 2.")


BLOCKED_BURST = Fight(
    7,
    """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:npc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /combatant add name:Alice st:10 dx:12 iq:10 ht:12 hp:40 side:pc owner:alice parry:10
    /combatant shield set name:Alice skill:14 db:2
    /encounter next
    /encounter next
    /shoot attacker:Shooter target:Alice weapon:SMG shots:12
    :as alice
    :click Block
""",
)


async def test_block_stops_one_hit_of_a_burst(tmp_path: Path) -> None:
    """B373: 12 shots +2, skill 16, roll 7 made by 9, Rcl 2 → 1 + 4 = 5 hits. The player gets
    Dodge 11 (6 + 3 + DB 2) and Block 12 (3 + 14/2 + DB 2), no Parry against a missile (B376).
    B375: a Block made by 4 still stops only one hit: 4 land."""
    t = await play(tmp_path, BLOCKED_BURST)
    expect(
        t.reply("/shoot attacker:Shooter target:Alice weapon:SMG shots:12"),
        "  ┃     5 of 12 shots hit: 1, plus 1 for every 2 the roll was made by.",
        "  ┃ Attack roll: Rolled 7 (2, 1, 4): hit (by 9)",
        "  ┃     Parry (weapon): missiles cannot be parried (B376)",
        "  [1 Dodge 11] [2 Block 12] [3 No defense]",
    )
    expect(
        t.reply(":click Block"),
        "  ┃ Block: base 10",
        "  ┃     +2 shield DB (A.4)",
        "  ┃     = 12",
        "  ┃ Defense roll: Rolled 8 (1, 4, 3): defended (by 4)",
        "  ┃ Rapid fire: The defense stopped 1 of 5 hits; 4 got through (B375).",
        "  ┃ 🩸 Alice takes damage: hit 4 of 4",
    )


def dodging_player(seed: int) -> Fight:
    return Fight(
        seed,
        """
        /encounter start name:RF
        /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:npc
        /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
        /combatant add name:Alice st:10 dx:14 iq:10 ht:14 hp:16 owner:alice combat-reflexes:true
        /encounter next
        /encounter next
        /shoot attacker:Shooter target:Alice weapon:SMG shots:8
        :as alice
        :click Dodge
        """,
    )


async def test_dodge_stops_one_plus_its_margin(tmp_path: Path) -> None:
    """B375: Dodge 11 (Basic Speed 7 + 3 + Combat Reflexes). 8 shots +1 → 15; roll 9 made
    by 6 → 4 hits; Dodge rolled 9, made by 2, stops 1 + 2 = 3: one lands (7 injury, HP 16 → 9,
    shock −4, R7.6)."""
    t = await play(tmp_path, dodging_player(3))
    expect(
        t.reply("/shoot attacker:Shooter target:Alice weapon:SMG shots:8"),
        "  ┃     4 of 8 shots hit: 1, plus 1 for every 2 the roll was made by.",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 6)",
        "  [1 Dodge 11] [2 No defense]",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Defense roll: Rolled 9 (4, 4, 1): defended (by 2)",
        "  ┃ Rapid fire: The defense stopped 3 of 4 hits; 1 got through (B375).",
        "  ┃ HP: 16 → 9 / 16",
    )


async def test_each_hit_of_a_burst_is_its_own_wound(tmp_path: Path) -> None:
    """B379/R7.7: a Major Wound is more than half HP from one hit. HP 16: two hits of 7 and 8
    (15 in all) are each not more than 8, so no Major Wound and no knockdown roll; shock is
    summed and capped at −4 (R7.6)."""
    t = await play(tmp_path, dodging_player(2))
    block = t.reply(":click Dodge")
    expect(
        block,
        "  ┃ Defense roll: Rolled 12 (1, 6, 5): failed (by 1)",
        "  ┃ 🩸 Alice takes damage: hit 1 of 2",
        "  ┃ HP: 16 → 9 / 16",
        "  ┃ 🩸 Alice takes damage: hit 2 of 2",
        "  ┃ HP: 9 → 1 / 16",
        "  ┃ Consequences: Shock -4 on the next turn (R7.6)",
    )
    assert not [line for line in block if "Major" in line or "HT roll" in line]


PT_BR_BURST = Fight(
    1,
    """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:SMG shots:10
    :click 1
""",
    locale="pt-BR",
)


async def test_burst_in_portuguese(tmp_path: Path) -> None:
    """The same burst as the first fight, in pt-BR: fogo rápido, CdT, Rco, disparos."""
    t = await play(tmp_path, PT_BR_BURST)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:10"),
        "  ┃     +2 fogo rápido (B373)",
        "  ┃ Fogo rápido: 10 disparos (CdT 20!, Rco 2): +2 para acertar (B373).",
        "  ┃     3 de 10 disparos acertam: 1, mais 1 a cada 2 de margem no teste.",
        "  [1 Esquiva 8] [2 Sem defesa]",
    )
    expect(
        t.reply(":click 1"),
        "  ┃ Teste de defesa: Tirou 8 (2, 3, 3): defendeu (por 0)",
        "  ┃ Fogo rápido: A defesa deteve 1 de 3 acertos; 2 passaram (B375).",
        "  ┃ 🩸 Orc sofre dano: acerto 2 de 2",
        "  ┃ PV: 51 → 49 / 60",
    )
