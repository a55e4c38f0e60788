"""Issue 10 re-checked through the sandbox: its eleven defects, what could not be expressed,

and the replies that confused a GURPS player. Each test plays a fight with seeded dice and
checks the numbers against the rules catalog (ids in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

NEWCOMERS_Y_X_Z = Fight(
    1,
    """
    /encounter start name:Newcomers
    /combatant add name:Ann st:10 dx:10 iq:10 ht:10
    /encounter next
    /combatant add name:Y st:10 dx:14 iq:10 ht:14 basic-speed:7 move:7 aware:true
    /combatant add name:X st:10 dx:13 iq:10 ht:13 basic-speed:6.5 move:7 aware:true
    /combatant add name:Z st:10 dx:12 iq:10 ht:12 basic-speed:6 move:5 aware:true
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

NEWCOMERS_X_Y_Z = Fight(
    1,
    """
    /encounter start name:Newcomers
    /combatant add name:Ann st:10 dx:10 iq:10 ht:10
    /encounter next
    /combatant add name:X st:10 dx:13 iq:10 ht:13 basic-speed:6.5 move:7 aware:true
    /combatant add name:Y st:10 dx:14 iq:10 ht:14 basic-speed:7 move:7 aware:true
    /combatant add name:Z st:10 dx:12 iq:10 ht:12 basic-speed:6 move:5 aware:true
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

AIM_WILL_FAILS = Fight(
    1,
    """
    /encounter start name:Aim
    /combatant add name:Archer st:10 dx:14 iq:10 ht:14 will:8
    /combatant weapon add name:Archer weapon:Bow skill:13 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /maneuver combatant:Archer maneuver:Aim target:Orc
    /encounter next
    /damage target:Archer amount:2 type:cr
    /encounter next
    /shoot attacker:Archer target:Orc
""",
)

AIM_WILL_HOLDS = Fight(
    1,
    """
    /encounter start name:Aim
    /combatant add name:Archer st:10 dx:14 iq:10 ht:14 will:16
    /combatant weapon add name:Archer weapon:Bow skill:13 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /maneuver combatant:Archer maneuver:Aim target:Orc
    /encounter next
    /damage target:Archer amount:2 type:cr
    /encounter next
    /shoot attacker:Archer target:Orc
""",
)

AIM_LOST_BY_DEFENDING = Fight(
    1,
    """
    /encounter start name:Aim
    /combatant add name:Archer st:10 dx:14 iq:10 ht:14 will:16
    /combatant weapon add name:Archer weapon:Bow skill:13 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /encounter next
    /maneuver combatant:Archer maneuver:Aim target:Orc
    /encounter next
    /attack attacker:Orc target:Archer
    :click Dodge
    /encounter next
    /shoot attacker:Archer target:Orc
""",
)

STUNNED_ONLY_DO_NOTHING = Fight(
    1,
    """
    /encounter start name:Stun
    /combatant add name:Orc st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /combatant add name:Sam st:10 dx:12 iq:10 ht:5
    /combatant weapon add name:Sam weapon:Sword skill:12 damage:sw cut
    /combatant weapon add name:Sam weapon:Bow skill:12 damage:1d imp accuracy:2
    /combatant weapon add name:Sam weapon:Knife skill:12 damage:thr imp thrown:true
    /encounter next
    /combatant condition name:Sam condition:stunned
    /encounter next
    /maneuver combatant:Sam maneuver:Do Nothing
    /encounter next
    /attack attacker:Orc target:Sam
    /encounter next
    /maneuver combatant:Sam maneuver:Move
    /maneuver combatant:Sam maneuver:Change Posture posture:kneeling
    /maneuver combatant:Sam maneuver:Aim target:Orc
    /maneuver combatant:Sam maneuver:Evaluate target:Orc
    /maneuver combatant:Sam maneuver:Feint target:Orc
    /maneuver combatant:Sam maneuver:All-Out Defense all-out-defense:double defense
    /maneuver combatant:Sam maneuver:Ready
    /maneuver combatant:Sam maneuver:Concentrate
    /maneuver combatant:Sam maneuver:Wait trigger:the orc moves
    /attack attacker:Sam target:Orc weapon:Sword
    /shoot attacker:Sam target:Orc weapon:Bow
    /throw attacker:Sam target:Orc weapon:Knife
    /maneuver combatant:Sam maneuver:Do Nothing
""",
)

SURPRISED_ONLY_DO_NOTHING = Fight(
    1,
    """
    /encounter start name:Ambush
    /combatant add name:Hero st:10 dx:14 iq:10 ht:14 side:pc
    /combatant weapon add name:Hero weapon:Sword skill:18 damage:sw cut
    /combatant add name:Gob st:10 dx:10 iq:9 ht:10 side:npc
    /combatant weapon add name:Gob weapon:Club skill:10 damage:sw cr
    /combatant add name:Chief st:10 dx:10 iq:10 ht:10 side:npc combat-reflexes:true
    /encounter surprise kind:total side:npc
    /encounter next
    /attack attacker:Hero target:Gob
    /maneuver combatant:Gob maneuver:Move
    /maneuver combatant:Gob maneuver:Change Posture posture:kneeling
    /maneuver combatant:Gob maneuver:All-Out Defense all-out-defense:double defense
    /maneuver combatant:Gob maneuver:Evaluate target:Hero
    /attack attacker:Gob target:Hero
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Gob maneuver:Move
    /attack attacker:Gob target:Hero
    /encounter next
    /encounter next
""",
)

RETREAT_SECOND_DEFENSE = Fight(
    1,
    """
    /encounter start name:AOD
    /combatant add name:Def st:10 dx:14 iq:10 ht:14 dodge:3
    /combatant weapon add name:Def weapon:Sword skill:12 damage:sw cut
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /encounter next
    /maneuver combatant:Def maneuver:All-Out Defense all-out-defense:double defense
    /encounter next
    /attack attacker:Orc target:Def
    :click Retreat
    :click Dodge
    :click Parry
""",
)

UNBALANCED_AXES = Fight(
    1,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:Axe
    /combatant add name:Orc st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Orc weapon:Axe skill:16 damage:sw+2 cut parry:0U
    /combatant add name:Strong st:16 dx:13 iq:10 ht:14
    /combatant weapon add name:Strong weapon:Axe skill:16 damage:sw+2 cut parry:0U min-st:11
    /combatant add name:Def st:10 dx:10 iq:10 ht:10 hp:40
    /combatant weapon add name:Def weapon:Sword skill:17 damage:sw cut
    /encounter next
    /attack attacker:Orc target:Def
    :click Dodge
    /attack attacker:Orc target:Def
    /encounter status
    /encounter next
    /attack attacker:Strong target:Def
    :click Dodge
    /attack attacker:Strong target:Def
    /encounter next
    /attack attacker:Def target:Orc
    :click Dodge
    /attack attacker:Def target:Strong
    :click Dodge
    /encounter next
    /maneuver combatant:Orc maneuver:Ready weapon:Axe
    /encounter next
    /encounter next
    /attack attacker:Def target:Orc
    /attack attacker:Def target:Strong
""",
)

ST_TEN_ABOVE_MINIMUM = Fight(
    3,
    """
    /encounter start name:Giant
    /combatant add name:Giant st:21 dx:14 iq:10 ht:14
    /combatant weapon add name:Giant weapon:Axe skill:16 damage:sw+2 cut parry:0U min-st:11
    /combatant add name:Def st:10 dx:10 iq:10 ht:10 hp:60
    /combatant weapon add name:Def weapon:Sword skill:18 damage:sw cut
    /encounter next
    /attack attacker:Giant target:Def
    :click Dodge
    /encounter next
    /attack attacker:Def target:Giant
""",
)

ZERO_HP_LATE_MANEUVER = Fight(
    1,
    """
    /encounter start name:Zero
    /combatant add name:Low st:10 dx:14 iq:10 ht:10
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /combatant edit name:Low hp:-3
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Move
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Move
""",
)

WAIT_CONTEST_STANDS = Fight(
    1,
    """
    /encounter start name:Wait
    /combatant add name:Ann st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Ann weapon:Sword skill:12 damage:sw cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /maneuver combatant:Ann maneuver:Wait trigger:Bob comes close
    /encounter next
    /attack attacker:Ann target:Bob wait-order:true
    /attack attacker:Ann target:Bob wait-order:true
    /attack attacker:Ann target:Bob wait-order:true
""",
)

WAIT_CONTEST_TIE = Fight(
    3,
    """
    /encounter start name:Wait
    /combatant add name:Ann st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Ann weapon:Sword skill:12 damage:sw cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /maneuver combatant:Ann maneuver:Wait trigger:Bob comes close
    /encounter next
    /attack attacker:Ann target:Bob wait-order:true
    /attack attacker:Ann target:Bob wait-order:true
    /attack attacker:Ann target:Bob wait-order:true
""",
)

PICK_UP_FROM_GROUND = Fight(
    10,
    """
    /encounter start name:Drop
    /combatant add name:Sam st:10 dx:14 iq:10 ht:9
    /combatant weapon add name:Sam weapon:Sword skill:14 damage:sw cut
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /encounter next
    /encounter next
    /damage target:Sam amount:1 type:cr location:face
    /encounter status
    /attack attacker:Orc target:Sam
    /encounter next
    /maneuver combatant:Sam maneuver:Do Nothing
    /encounter next
    /encounter next
    /maneuver combatant:Sam maneuver:Ready
    /encounter next
    /attack attacker:Orc target:Sam
    /encounter next
    /attack attacker:Sam target:Orc
    /maneuver combatant:Sam maneuver:Ready
    /encounter next
    /attack attacker:Orc target:Sam
    /encounter next
    /attack attacker:Sam target:Orc
""",
)

MASTER_DODGE_COSTS = Fight(
    8,
    """
    /encounter start name:Master
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:30
    /combatant weapon add name:Mas weapon:Katana skill:16 damage:sw+1 cut
    /combatant trait add name:Mas trait:Trained by a Master or Weapon Master (chambara)
    /combatant skill add name:Mas skill:Acrobatics level:14
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:40
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /encounter next
    /attack attacker:Mas target:Orc
    :click Dodge
    /attack attacker:Mas target:Orc
    :click Dodge
    /encounter next
    /attack attacker:Orc target:Mas
    /defend target:Mas defense:Dodge master-dodge:true
    :click Dodge
    /encounter next
    /attack attacker:Mas target:Orc
    :click Dodge
    /encounter next
    /attack attacker:Orc target:Mas
    /defend target:Mas defense:Dodge master-dodge:true
    /encounter next
    /attack attacker:Mas target:Orc
    /attack attacker:Mas target:Orc
""",
)

CRIPPLED_LIMBS = Fight(
    1,
    """
    /encounter start name:Cripple
    /combatant add name:Sam st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Sam weapon:Sword skill:14 damage:sw cut
    /combatant weapon add name:Sam weapon:Knife skill:12 damage:thr imp knife:true
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /encounter next
    /damage target:Sam amount:6 type:cr location:arm side:right
    /combatant show name:Sam
    /encounter next
    /attack attacker:Orc target:Sam
    /damage target:Sam amount:4 type:cut location:leg side:left
    /combatant show name:Sam
    /encounter next
    /attack attacker:Sam target:Orc weapon:Sword
    /attack attacker:Sam target:Orc weapon:Knife maneuver:Move and Attack
    /attack attacker:Sam target:Orc weapon:Knife
    /encounter end
""",
)

SIMPLE_INITIATIVE_DICE = Fight(
    3,
    """
    /encounter start name:Init initiative:Simple
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 move:5 side:pc
    /combatant add name:Bruno st:10 dx:10 iq:10 ht:10 move:4 side:pc
    /combatant add name:Orc st:10 dx:12 iq:10 ht:12 move:6 side:npc
    /combatant add name:Wolf st:10 dx:12 iq:10 ht:12 move:4 side:npc
    /encounter next
""",
)

MIXED_INITIATIVE_DICE = Fight(
    3,
    """
    /encounter start name:Init initiative:Mixed
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 move:5 side:pc
    /combatant add name:Bruno st:10 dx:10 iq:10 ht:10 move:4 side:pc
    /combatant add name:Orc st:10 dx:12 iq:10 ht:12 move:6 side:npc
    /combatant add name:Wolf st:10 dx:12 iq:10 ht:12 move:4 side:npc
    /encounter next
""",
)

EXTRA_MANEUVERS = Fight(
    1,
    """
    /encounter start name:ATR
    /combatant add name:Fast st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Fast weapon:Sword skill:12 damage:sw cut
    /combatant trait add name:Fast trait:Altered Time Rate level:1
    /combatant add name:Zip st:10 dx:14 iq:10 ht:14 basic-speed:12
    /combatant weapon add name:Zip weapon:Sword skill:12 damage:sw cut
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:30
    /encounter next
    /maneuver combatant:Zip maneuver:Evaluate target:Orc
    /attack attacker:Zip target:Orc
    :click No defense
    /attack attacker:Zip target:Orc
    /encounter next
    /maneuver combatant:Fast maneuver:Move
    /attack attacker:Fast target:Orc
    :click No defense
    /maneuver combatant:Fast maneuver:Concentrate
    /encounter next
    /encounter next
    /attack attacker:Zip target:Orc
    :click No defense
    /attack attacker:Zip target:Orc
    /maneuver combatant:Zip maneuver:Concentrate
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Zip maneuver:Concentrate
    /maneuver combatant:Zip maneuver:Evaluate target:Orc
""",
)

GM_ROLE_AND_WILL_OPTION = Fight(
    1,
    """
    /settings show
    /settings gm-role role:GM
    :as alice
    /encounter start name:X
    /encounter end
    :role alice GM
    /settings rule option:concentrate_will enabled:true
    /settings rule option:retreat_basic_set enabled:true
    /settings show
""",
)

PARTIAL_SURPRISE_TIE = Fight(
    2,
    """
    /encounter start name:Ambush
    /combatant add name:Hero st:10 dx:14 iq:10 ht:14 side:pc
    /combatant add name:Gob st:10 dx:10 iq:10 ht:10 side:npc
    /encounter surprise kind:partial side:npc other-side:pc leader:Gob other-leader:Hero
""",
)

FEINT_UNDER_SHOCK = Fight(
    1,
    """
    /encounter start name:R
    /combatant add name:Ann st:10 dx:14 iq:10 ht:6
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /encounter next
    /damage target:Ann amount:2 type:cr
    /encounter next
    /maneuver combatant:Ann maneuver:Feint target:Bob
""",
)

STRONG_ALL_OUT_ATTACK = Fight(
    1,
    """
    /settings rule option:retreat_basic_set enabled:true
    /encounter start name:R
    /combatant add name:Bob st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /combatant add name:Ann st:10 dx:10 iq:10 ht:10
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /encounter next
    /attack attacker:Bob target:Ann maneuver:"All-Out Attack: +2 damage"
    :click Retreat
    :click No defense
""",
)

CRIPPLING_DURATION = Fight(
    2,
    """
    /encounter start name:Z
    /combatant add name:A st:30 dx:10 iq:10 ht:10 hp:10
    /encounter next
    /damage target:A amount:6 type:cr location:arm
    /damage target:A amount:6 type:cr location:leg
    /damage target:A amount:6 type:cr location:leg side:left
    /encounter end
""",
)


async def test_aware_newcomers_act_by_move_then_basic_speed_r2_4(tmp_path: Path) -> None:
    """R2.4: aware newcomers act at once, higher Move first, ties by higher Basic Speed.

    Catalog example: Y (Move 7, Basic Speed 7), X (Move 7, 6.5), Z (Move 5, 6) act Y, X, Z
    whatever order they arrive in; next round they roll Initiative (R4.3: Basic Speed 7,
    6.5, 6, then Ann's 5).
    """
    for fight in (NEWCOMERS_Y_X_Z, NEWCOMERS_X_Y_Z):
        t = await play(tmp_path, fight)
        expect(
            t.reply("/encounter status"),
            "  ┃ ▶ 1. Ann [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
            "  ┃ 2. Y [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 14/14",
            "  ┃ 3. X [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 13/13",
            "  ┃ 4. Z [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        )
        assert t.reply("/encounter next", 2)[1] == "  ┃ Round 1: Y's turn"
        assert t.reply("/encounter next", 3)[1] == "  ┃ Round 1: X's turn"
        assert t.reply("/encounter next", 4)[1] == "  ┃ Round 1: Z's turn"
        expect(
            t.reply("/encounter next", 5),
            "  ┃ Round 2: Y's turn",
            "  ┃ The newcomers join the turn order. (R2.4)",
            "  ┃ ▶ 1. Y [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 14/14",
            "  ┃ 2. X [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 13/13",
            "  ┃ 3. Z [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
            "  ┃ 4. Ann [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
        )


async def test_an_injured_aimer_rolls_will_or_loses_the_aim_r5_3(tmp_path: Path) -> None:
    """R5.3: injured while aiming, a Will roll keeps the Aim; defending loses it.

    Bow Acc 2, skill 13, Snap Shot 15. Will 8 rolls 12: Aim lost, the shot is unaimed:
    13 - 2 shock (R7.6: 2 injury) - 4 (13 < 15) = 7. Will 16 rolls 12: kept, 13 + 2 Acc
    - 2 shock = 13. A Dodge also loses it: 13 - 4 = 9.
    """
    lost = await play(tmp_path, AIM_WILL_FAILS)
    expect(
        lost.reply("/damage target:Archer amount:2 type:cr"),
        "  ┃ Consequences: Shock -2 on the next turn (R7.6)",
        "  ┃     Will 8 to keep aiming, rolled 12 (1, 6, 5): Aim lost,"
        " the next shot gets no Aim bonus (R5.3)",
    )
    expect(
        lost.reply("/shoot attacker:Archer target:Orc"),
        "  ┃ Effective skill: Skill 13",
        "  ┃     -2 shock (R7.6)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 7",
    )
    kept = await play(tmp_path, AIM_WILL_HOLDS)
    expect(
        kept.reply("/damage target:Archer amount:2 type:cr"),
        "  ┃     Will 16 to keep aiming, rolled 12 (1, 6, 5): Aim kept (R5.3)",
    )
    expect(
        kept.reply("/shoot attacker:Archer target:Orc"),
        "  ┃     +2 Aim (R5.3)",
        "  ┃     -2 shock (R7.6)",
        "  ┃     = 13",
    )
    dodged = await play(tmp_path, AIM_LOST_BY_DEFENDING)
    expect(
        dodged.reply(":click Dodge"),
        "  ┃ Defense roll: Rolled 8 (2, 3, 3): defended (by 2)",
        "  ┃ Aim: Archer defended, so his Aim is lost: the next shot gets no Aim bonus (R5.3).",
    )
    expect(
        dodged.reply("/shoot attacker:Archer target:Orc"),
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 9",
    )


STUN_REFUSAL = (
    "  ┃ Sam is stunned (R7.10): only Do Nothing until the HT roll at the end of a turn"
    " succeeds. Defenses remain, at -4 and without Retreat."
)


async def test_a_stunned_fighter_may_only_do_nothing_r7_10(tmp_path: Path) -> None:
    """R7.10: stunned, only Do Nothing; defenses at -4 and no Retreat; HT at each turn's end.

    HT 5 rolls 12 at the end of his turn: still stunned. Every other maneuver and every
    attack command is refused. Dodge 7 (Basic Speed 4.25) - 4 = 3, Parry 3 + 12/2 - 4 = 5.
    """
    t = await play(tmp_path, STUNNED_ONLY_DO_NOTHING)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Sam rolls HT to recover from stun: 12 (1, 6, 5) vs 5, failure. (R7.10)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Sam"),
        "  ┃ Defenses: Dodge 3 · base 7 · -4 stunned (R7.10)",
        "  ┃     Parry 5 (Sword) · base 9 · -4 stunned (R7.10)",
        "  ┃     Retreat not possible: no Retreat while stunned (R7.10)",
        "  [1 Dodge 3] [2 Parry 5 (Sword)] [3 No defense]",
    )
    expect(t.reply("/encounter next", 4), "  ┃ Sam is stunned: only Do Nothing this turn.")
    for command in (
        "/maneuver combatant:Sam maneuver:Move",
        "/maneuver combatant:Sam maneuver:Change Posture posture:kneeling",
        "/maneuver combatant:Sam maneuver:Aim target:Orc",
        "/maneuver combatant:Sam maneuver:Evaluate target:Orc",
        "/maneuver combatant:Sam maneuver:Feint target:Orc",
        "/maneuver combatant:Sam maneuver:All-Out Defense all-out-defense:double defense",
        "/maneuver combatant:Sam maneuver:Ready",
        "/maneuver combatant:Sam maneuver:Concentrate",
        "/maneuver combatant:Sam maneuver:Wait trigger:the orc moves",
        "/attack attacker:Sam target:Orc weapon:Sword",
        "/shoot attacker:Sam target:Orc weapon:Bow",
        "/throw attacker:Sam target:Orc weapon:Knife",
    ):
        answer = t.reply(command)
        assert refused(answer), command
        assert STUN_REFUSAL in answer, command
    expect(t.replies("/maneuver combatant:Sam maneuver:Do Nothing")[1], "  ┃ 🧭 Sam: Do Nothing")


async def test_total_surprise_paralyses_then_mentally_stuns_r2_1_r7_11(tmp_path: Path) -> None:
    """R2.1, R7.11, R2.6: paralysed for 1d6 rounds (here 1), then IQ rolls each turn.

    While paralysed, and then mentally stunned, only Do Nothing: every other maneuver and
    the attack are refused; defenses at -4 (Dodge 8 and Parry 3 + 10/2 = 8 become 4), no
    Retreat. IQ 9 rolls 10: still stunned; Combat Reflexes: IQ 10 + 6 = 16.
    """
    t = await play(tmp_path, SURPRISED_ONLY_DO_NOTHING)
    expect(
        t.reply("/encounter surprise kind:total side:npc"),
        "  ┃ Side npc is paralysed for 1 round (through round 1), then rolls IQ every turn"
        " to recover. (R2.1)",
    )
    expect(
        t.reply("/attack attacker:Hero target:Gob"),
        "  ┃ Defenses: Dodge 4 · base 8 · -4 stunned (R7.10)",
        "  ┃     Parry 4 (Club) · base 8 · -4 stunned (R7.10)",
        "  ┃     Retreat not possible: no Retreat while stunned (R7.10)",
    )
    paralysed = (
        "  ┃ Gob is paralysed by total surprise (R2.1): only Do Nothing until the paralysis"
        " ends. Defenses remain, at -4 and without Retreat."
    )
    for command in (
        "/maneuver combatant:Gob maneuver:Change Posture posture:kneeling",
        "/maneuver combatant:Gob maneuver:All-Out Defense all-out-defense:double defense",
        "/maneuver combatant:Gob maneuver:Evaluate target:Hero",
    ):
        assert paralysed in t.reply(command), command
    assert paralysed in t.reply("/maneuver combatant:Gob maneuver:Move", 1)
    assert paralysed in t.reply("/attack attacker:Gob target:Hero", 1)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Gob is skipped: paralysed by surprise. (R2.1)",
        "  ┃ Chief is skipped: paralysed by surprise. (R2.1)",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Gob is no longer paralysed but is mentally stunned. (R2.1)",
        "  ┃ Gob is mentally stunned: only Do Nothing this turn.",
    )
    expect(
        t.reply("/encounter next", 4),
        "  ┃ Gob rolls IQ to shake off mental stun: 10 (4, 5, 1) vs 9, failure. (R7.11)",
    )
    mental = (
        "  ┃ Gob is mentally stunned (R7.11): only Do Nothing until the IQ roll at the end of"
        " a turn succeeds. Defenses remain, at -4 and without Retreat."
    )
    assert mental in t.reply("/maneuver combatant:Gob maneuver:Move", 2)
    assert mental in t.reply("/attack attacker:Gob target:Hero", 2)
    expect(
        t.reply("/encounter next", 5),
        "  ┃ Chief rolls IQ to shake off mental stun: 10 (1, 6, 3) vs 16, success. (R7.11)",
    )


async def test_retreat_counts_for_both_defenses_against_one_blow_r6_9_r5_12(
    tmp_path: Path,
) -> None:
    """R6.9 with R5.12: a Retreat taken against a blow gives +3 to the second defense too.

    Dodge 3 + 3 = 6 rolls 8 and fails; the second defense, Parry 3 + 12/2 = 9, is at
    9 + 3 = 12 and rolls 10: defended.
    """
    t = await play(tmp_path, RETREAT_SECOND_DEFENSE)
    expect(
        t.reply(":click Retreat"),
        "  [1 Dodge 6] [2 Parry 12 (Sword)] [3 ✓ Retreating (+3)] [4 No defense]",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Defense roll: Rolled 8 (2, 3, 3): failed (by 2)",
        "  ┃ Defenses: All-Out Defense: Def may try a different defense.",
        "  ┃     Dodge: already tried against this attack (R5.12)",
        "  [1 Parry 12 (Sword)] [2 ✓ Retreating (+3)] [3 No defense]",
    )
    answer = t.reply(":click Parry")
    second = answer[answer.index("  ┃ Parry (Sword): base 9") :]
    assert second[:4] == [
        "  ┃ Parry (Sword): base 9",
        "  ┃     +3 Retreat (R6.9)",
        "  ┃     = 12",
        "  ┃ Defense roll: Rolled 10 (4, 5, 1): defended (by 2)",
    ]


async def test_unbalanced_weapons_need_a_ready_and_do_not_parry_r5_5(tmp_path: Path) -> None:
    """R5.5 (Basic Set U weapons), R5.14: an axe 0U strikes once and is out of hand.

    With 3 attacks a turn (skill 16 // 8 = 2 extra, cinematic option), the axe's second
    blow is refused until a Ready; it cannot parry meanwhile. ST 16 with min ST 11 (5
    above) needs no Ready but cannot parry until its wielder's next turn. After a Ready,
    Parry 3 + 16/2 = 11 again.
    """
    t = await play(tmp_path, UNBALANCED_AXES)
    expect(
        t.reply("/attack attacker:Orc target:Def", 1),
        "  ┃ Multiple attacks: attack 1 of 3 · initiative step 7 (R5.14, R5.23)",
        "  ┃ Readiness: The Axe is out of hand after the blow: 1 turn(s) of Ready before it"
        " strikes or parries again (R5.5).",
    )
    answer = t.reply("/attack attacker:Orc target:Def", 2)
    assert refused(answer)
    expect(
        answer,
        "  ┃ Orc's Axe is not ready: 1 more turn(s) of Ready (a Ready maneuver, or spare"
        " attacks, R5.25) before it strikes or parries (R5.5).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Orc [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 14/14 · ⏳ not ready (turns of Ready):"
        " Axe (1) · maneuver: Attack",
    )
    expect(
        t.reply("/attack attacker:Strong target:Def", 1),
        "  ┃ Readiness: The Axe is unbalanced: it cannot parry until Strong's next turn (R5.5).",
    )
    expect(
        t.reply("/attack attacker:Def target:Orc", 1),
        "  ┃ Defenses: Dodge 10",
        "  ┃     Parry (Axe): not ready: it needs a Ready first (R5.5)",
        "  [1 Dodge 10] [2 Retreat (+3)] [3 No defense]",
    )
    expect(
        t.reply("/attack attacker:Def target:Strong", 1),
        "  ┃ Defenses: Dodge 9",
        "  ┃     Parry (Axe): an unbalanced weapon cannot parry in the turn it struck (R5.5)",
    )
    expect(
        t.reply("/maneuver combatant:Orc maneuver:Ready weapon:Axe"),
        "  ┃ Notes: Axe is ready again (R5.5)",
    )
    expect(
        t.reply("/attack attacker:Def target:Strong", 2),
        "  ┃     Parry 11 (Axe)",
        "  [1 Dodge 9] [2 Parry 11 (Axe)] [3 Retreat (+3)] [4 No defense]",
    )


async def test_ten_st_above_the_minimum_makes_an_axe_balanced_r5_5(tmp_path: Path) -> None:
    """R5.5: ST 21 with an axe of min ST 11 (10 above) strikes and parries every turn like a
    balanced weapon: no readiness note after the blow, and Parry 3 + 16/2 = 11 right after.
    """
    t = await play(tmp_path, ST_TEN_ABOVE_MINIMUM)
    blow = t.reply("/attack attacker:Giant target:Def")
    expect(blow, "  ┃ Weapon: Axe (sw+2 cut)", "  ┃     = 16")
    assert not any("Readiness" in line for line in blow)
    expect(
        t.reply("/attack attacker:Def target:Giant"),
        "  ┃     Parry 11 (Axe)",
        "  [1 Dodge 10] [2 Parry 11 (Axe)] [3 Retreat (+3)] [4 No defense]",
    )


async def test_a_late_maneuver_at_zero_hp_rolls_to_stay_conscious_r7_2(tmp_path: Path) -> None:
    """R7.2: at 0 HP or less, acting rolls HT (-1 per full multiple of -HP: -3 of 10 is 0).

    The maneuver comes after his turn moved on; HT 10 rolls 12: unconscious, and skipped
    from then on (R4.2).
    """
    t = await play(tmp_path, ZERO_HP_LATE_MANEUVER)
    expect(
        t.reply("/maneuver combatant:Low maneuver:Move", 1),
        "  ┃ Low rolls HT to stay conscious: 12 (1, 6, 5) vs 10, failure. (R7.2)",
        "  ┃ Low falls unconscious. (R7.2)",
    )
    expect(t.reply("/encounter next", 5), "  ┃ Low is skipped: unconscious. (R4.2)")
    assert refused(t.reply("/maneuver combatant:Low maneuver:Move", 2))


async def test_the_wait_contest_is_rolled_once_r5_11(tmp_path: Path) -> None:
    """R5.11: equal reach, a quick contest of weapon skills; the first result stands.

    Seed 1: 12 rolls 12 (by 0) against 12 rolling 8 (by 4): Bob first, and typing it again
    rolls nothing. Seed 3: 9 against 9 is a tie, rolled again: 9 (by 3) against 11 (by 1),
    Ann strikes first.
    """
    t = await play(tmp_path, WAIT_CONTEST_STANDS)
    first = (
        "  ┃ Wait: equal reach 1: skill contest 12 rolled 12 vs 12 rolled 8 → Bob strikes first"
        " (R5.11)"
    )
    expect(t.reply("/attack attacker:Ann target:Bob wait-order:true", 1), first)
    for nth in (2, 3):
        expect(
            t.reply("/attack attacker:Ann target:Bob wait-order:true", nth),
            first,
            "  ┃     decided earlier this turn, nothing rolled again: the first result stands"
            " (R5.11)",
        )
    tie = await play(tmp_path, WAIT_CONTEST_TIE)
    expect(
        tie.reply("/attack attacker:Ann target:Bob wait-order:true", 1),
        "  ┃ Wait: equal reach 1: skill contest 12 rolled 9 vs 12 rolled 9; 12 rolled 9 vs 12"
        " rolled 11 → Ann strikes first (R5.11)",
    )


async def test_a_weapon_on_the_ground_takes_two_readies_r5_5_r7_8(tmp_path: Path) -> None:
    """R7.8: knocked down, he drops his sword; R5.5: picking it up takes two turns.

    1 crushing to the face (HP 10: shock -1) needs HT 9; 11 fails: knocked down and
    stunned. Meanwhile his Parry is refused with the reason. One Ready lifts it (not ready,
    1 more), the next readies it: then Parry 3 + 14/2 - 3 lying down = 7.
    """
    t = await play(tmp_path, PICK_UP_FROM_GROUND)
    expect(
        t.reply("/damage target:Sam amount:1 type:cr location:face"),
        "  ┃     Knockdown: HT 9 = 9, rolled 11 (4, 3, 4): failure (R7.8)",
        "  ┃     Knocked down and stunned (R7.8).",
    )
    expect(
        t.reply("/attack attacker:Orc target:Sam", 1),
        "  ┃ Defenses: Dodge 1 · base 8 · -3 posture (B551) · -4 stunned (R7.10)",
        "  ┃     Parry (Sword): dropped when knocked down, it lies on the ground (R7.8)",
    )
    expect(
        t.reply("/maneuver combatant:Sam maneuver:Ready", 1),
        "  ┃ Notes: Sword picked up from the ground: 1 more turn of Ready to have it ready"
        " (R5.5: two turns in all)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Sam", 2),
        "  ┃     Parry (Sword): not ready: it needs a Ready first (R5.5)",
    )
    assert refused(t.reply("/attack attacker:Sam target:Orc", 1))
    expect(
        t.reply("/maneuver combatant:Sam maneuver:Ready", 2),
        "  ┃ Notes: Sword is ready again (R5.5)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Sam", 3),
        "  ┃     Parry 7 (Sword) · base 10 · -3 posture (B551)",
    )
    expect(
        t.reply("/attack attacker:Sam target:Orc", 2),
        "  ┃     -4 posture (B551)",
        "  ┃     = 10",
    )


async def test_a_masters_doubled_dodge_costs_an_attack_and_a_parry_r5_18(tmp_path: Path) -> None:
    """R5.18, R5.15: a master (skill 16: (16 - 12) // 3 = 1 extra, 2 attacks) doubles Dodge.

    With both attacks of the round spent it is refused; with one left, Acrobatics 14 rolls
    12: Dodge 10 doubled to 20, one attack and one parry spent. The next turn has both
    attacks again.
    """
    t = await play(tmp_path, MASTER_DODGE_COSTS)
    expect(
        t.reply("/attack attacker:Mas target:Orc", 2),
        "  ┃ Multiple attacks: attack 2 of 2 · initiative step 6 (R5.15, R5.23)",
    )
    first = t.reply("/defend target:Mas defense:Dodge master-dodge:true", 1)
    assert refused(first)
    expect(
        first,
        "  ┃ Mas has no attack left this round to spend on doubling the Dodge (2 allowed): it"
        " costs one attack and one parry (R5.18).",
    )
    expect(
        t.reply("/defend target:Mas defense:Dodge master-dodge:true", 2),
        "  ┃ Dodge: base 10",
        "  ┃     +10 doubled (master) (R5.18)",
        "  ┃     = 20",
        "  ┃ Master's Dodge: DX/Jumping/Acrobatics 14, rolled 12 (5, 3, 4): Dodge doubled; one"
        " attack and one parry spent (R5.18)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Orc", 5),
        "  ┃ Multiple attacks: attack 2 of 2 · initiative step 6 (R5.15, R5.23)",
    )


async def test_crippled_limbs_take_effect_r7_16(tmp_path: Path) -> None:
    """R7.16 (Basic Set effect): a crippled arm cannot wield or parry; a crippled leg halves Move.

    HP 10: 6 crushing to the right arm (more than 10/2) cripples it: the sword (right hand)
    neither parries nor strikes; the knife (left hand) still parries, 3 + 12/2 = 9. 4 cut
    (6 injury) cripples the left leg: Move 7 halved for reeling (HP -2 < 10/3) to 4, and
    again for the leg to 2; no Move and Attack. At the end, HT 14 for each part (R7.17).
    """
    t = await play(tmp_path, CRIPPLED_LIMBS)
    expect(
        t.reply("/damage target:Sam amount:6 type:cr location:arm side:right"),
        "  ┃ HP: 10 → 4 / 10",
        "  ┃     Right arm crippled (R7.16)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Sam"),
        "  ┃     Parry 9 (Knife)",
        "  ┃     Parry (Sword): held in a crippled arm or hand (R7.16)",
        "  [1 Dodge 10] [2 Parry 9 (Knife)] [3 Retreat (+3)] [4 No defense]",
    )
    expect(
        t.reply("/combatant show name:Sam", 2),
        "  ┃ HP -2/10 · FP 14/14 · standing · shock -4 · crippled: right arm, left leg",
        "  ┃ Speed, Move and protection: Basic Speed 7 · Move 2 · DR 0 · SM +0 · encumbrance 0",
    )
    expect(
        t.reply("/attack attacker:Sam target:Orc weapon:Sword"),
        "  ┃ Sam holds the Sword in a crippled arm or hand: it can neither strike nor parry"
        " (R7.16).",
    )
    expect(
        t.reply("/attack attacker:Sam target:Orc weapon:Knife maneuver:Move and Attack"),
        "  ┃ Sam has a crippled leg or foot: no Move and Attack (R7.16).",
    )
    expect(
        t.reply("/attack attacker:Sam target:Orc weapon:Knife"),
        "  ┃ Sam rolls HT to stay conscious: 13 (5, 2, 6) vs 14, success. (R7.2)",
        "  ┃     -4 shock (R7.6)",
        "  ┃     = 8",
    )
    expect(
        t.reply("/encounter end"),
        "  ┃ Crippled parts (R7.17): Sam, Right arm: HT 14, rolled 13 (4, 6, 3): success →"
        " temporary, heals when the lost HP are recovered.",
    )


async def test_simple_and_mixed_initiative_show_their_dice_r3_1_r3_3(tmp_path: Path) -> None:
    """R3.1: one die each, high first, ties rolled again; R3.3: a die per side added to Move."""
    simple = await play(tmp_path, SIMPLE_INITIATIVE_DICE)
    expect(
        simple.reply("/encounter next"),
        "  ┃ Round 1 begins. (R3.1)",
        "  ┃ Turn order: Bruno rolled 4 (tied, then a die: 4) · Wolf rolled 4 (tied, then a"
        " die: 1) · Orc rolled 3 · Ana rolled 2 (R3.1)",
        "  ┃ ▶ 1. Bruno [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
    )
    mixed = await play(tmp_path, MIXED_INITIATIVE_DICE)
    expect(
        mixed.reply("/encounter next"),
        "  ┃ Round 1 begins. (R3.3)",
        "  ┃ Side dice added to Move: npc 4, pc 2 (R3.3)",
        "  ┃ Turn order: Orc: Move 6 + 4 = 10 · Wolf: Move 4 + 4 = 8 · Ana: Move 5 + 2 = 7 ·"
        " Bruno: Move 4 + 2 = 6 (R3.3)",
    )


async def test_extra_maneuvers_of_altered_time_and_super_speed_r5_28_r5_29(
    tmp_path: Path,
) -> None:
    """R5.28, R5.29: one more maneuver per ATR level, one per 6 Basic Speed; any maneuver.

    Only a maneuver spent on attacking adds an attack: Evaluate + Attack is one attack (at
    12 + 1); two Attacks are 2 of 2. A super-speed Concentrate takes the whole turn (R5.10).
    """
    t = await play(tmp_path, EXTRA_MANEUVERS)
    expect(
        t.reply("/maneuver combatant:Zip maneuver:Evaluate target:Orc"),
        "  ┃     maneuver 1 of 2 this turn; each may be any maneuver, and one spent on"
        " attacking adds one attack (R5.29)",
    )
    expect(
        t.reply("/attack attacker:Zip target:Orc", 1), "  ┃     +1 Evaluate (R5.4)", "  ┃     = 13"
    )
    expect(
        t.reply("/attack attacker:Zip target:Orc", 2),
        "  ┃ Zip has no attacks left this turn (1 allowed, R4.4). The GM can allow one more with"
        " the extra-attack option.",
    )
    expect(
        t.reply("/maneuver combatant:Fast maneuver:Move"),
        "  ┃ Movement: up to 7 m",
        "  ┃ Notes: maneuver 1 of 2 this turn; each may be any maneuver, and one spent on"
        " attacking adds one attack (R5.28)",
    )
    expect(
        t.reply("/maneuver combatant:Fast maneuver:Concentrate"),
        "  ┃ Fast has taken all 2 maneuvers of this turn (R5.28); the next ones come on his"
        " next turn. To change one, /encounter undo first.",
    )
    expect(
        t.reply("/attack attacker:Zip target:Orc", 4),
        "  ┃ Multiple attacks: attack 2 of 2 · initiative step 11 (R5.29, R5.23)",
    )
    expect(
        t.reply("/maneuver combatant:Zip maneuver:Concentrate", 2),
        "  ┃ Notes: maneuver 2 of 2 this turn; each may be any maneuver, and one spent on"
        " attacking adds one attack (R5.29)",
    )
    assert refused(t.reply("/maneuver combatant:Zip maneuver:Evaluate target:Orc", 2))


async def test_a_gm_role_and_the_will_option_can_be_set_r5_10(tmp_path: Path) -> None:
    """R5.10: the Will-3 reading is a rule option; a member given the GM role may set it."""
    t = await play(tmp_path, GM_ROLE_AND_WILL_OPTION)
    expect(t.reply(":role alice GM"), "(Alice now has the role GM)")
    expect(
        t.reply("/settings rule option:concentrate_will enabled:true"),
        "  ┃ Concentrate keeps on Will-3 is now on.",
    )
    expect(
        t.reply("/settings show", 2),
        "  ┃ ✅ Concentrate keeps on Will-3: On — R5.10: a concentrating fighter who defends"
        " rolls Will-3 (Basic Set) instead of IQ-3 to keep concentrating.",
        "  ┃ ✅ Retreat as in the Basic Set: On — R6.9: Retreat gives +3 to Dodge but only +1"
        " to Block and Parry, instead of +3 to any defense.",
    )


async def test_replies_name_what_they_apply(tmp_path: Path) -> None:
    """The replies the issue listed: a surprise tie re-roll (R2.2), shock in a Feint (R5.9,
    R7.6), All-Out Attack (strong) (R5.8), the Basic Set Retreat button (R6.9) and the
    crippling duration's 1d6 (R7.17: HT 10 fails by 1, 1d6 = 6 months; by 3, permanent).
    """
    tie = await play(tmp_path, PARTIAL_SURPRISE_TIE)
    expect(
        tie.reply(
            "/encounter surprise kind:partial side:npc other-side:pc leader:Gob other-leader:Hero"
        ),
        "  ┃ npc: Dice 6, 1 (a tie, rolled again) → 6; no modifiers; total 6",
        "  ┃ pc: Dice 6, 1 (a tie, rolled again) → 5; no modifiers; total 5",
    )
    feint = await play(tmp_path, FEINT_UNDER_SHOCK)
    expect(
        feint.reply("/maneuver combatant:Ann maneuver:Feint target:Bob"),
        "  ┃ Notes: Feint on Bob: skill 14 -2 shock (R7.6) = 12 rolled 12 vs 12 rolled 8 → the"
        " Feint does not win; Bob defends normally (R5.9)",
    )
    strong = await play(tmp_path, STRONG_ALL_OUT_ATTACK)
    expect(
        strong.reply('/attack attacker:Bob target:Ann maneuver:"All-Out Attack: +2 damage"'),
        "  ┃     All-Out Attack (strong): +2 damage (R5.8)",
        "  [1 Dodge 8] [2 Parry 10 (Sword)] [3 Retreat (Dodge +3 · Parry +1)] [4 No defense]",
    )
    expect(
        strong.reply(":click Retreat"),
        "  [1 Dodge 11] [2 Parry 11 (Sword)] [3 ✓ Retreating (Dodge +3 · Parry +1)] [4 No defense]",
    )
    expect(strong.reply(":click No defense"), "  ┃ Basic damage: 1d+2 → 4 cr (2)")
    ended = await play(tmp_path, CRIPPLING_DURATION)
    expect(
        ended.reply("/encounter end"),
        "  ┃     A, Right leg: HT 10, rolled 11 (3, 3, 5): failure → 1d6 rolled 6: 6 months to"
        " recover.",
        "  ┃     A, Left leg: HT 10, rolled 13 (6, 4, 3): failure → permanent.",
    )
