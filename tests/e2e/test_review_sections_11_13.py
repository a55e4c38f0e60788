"""Sections 11-13 of the rules catalog re-checked through the sandbox, one short fight per rule.

Close combat (R11), ranged and thrown attacks with the Size and Speed/Range table (R12, A.8),
and levels, water and attacks from above (R13.1-R13.6, R13.9). Each test plays a fight as it
would be typed in Discord, with seeded dice, and checks the bot's numbers against the catalog
(rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused, turns

BOW = "skill:14 damage:thr+1 imp accuracy:2 snap-shot:12 launcher:bow range:150/200"
AL_BOW = f"/combatant weapon add name:Al weapon:Bow {BOW}"
AR_BOW = f"/combatant weapon add name:Ar weapon:Bow {BOW}"
AL_XBOW = (
    "/combatant weapon add name:Al weapon:Xbow"
    " skill:14 damage:thr+4 imp accuracy:4 snap-shot:12 launcher:crossbow range:100/150"
)
AL_KNIFE = (
    "/combatant weapon add name:Al weapon:Knife"
    " skill:14 damage:thr imp reach:C thrown:true range:x0.8/x1.5"
)
HORSE_TRAMPLES = "/close-combat trample attacker:Horse target:Man"
LION_TRAMPLES = "/close-combat trample attacker:Lion target:Man"
AL_SHOOTS_ORC = "/shoot attacker:Al target:Orc weapon:"
GM_PLUS_5 = "modifier:5 extra-attack:true"
THROUGH_MAN = "/fire-area through attacker:Al target:Man basic-damage:15"


# Al's grapples, each in a turn of his own: Al, Kn, Orc, Big, then Al again (R4.3, R4.4).
GRAPPLE_MODIFIERS = Fight(
    3,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12
    /combatant add name:Kn st:12 dx:11 iq:9 ht:12
    /combatant add name:Big st:24 dx:10 iq:9 ht:12
    /combatant condition name:Kn posture:kneeling
    /encounter next
    /close-combat grapple attacker:Al target:Orc location:neck
    {turns(4)}
    /close-combat grapple attacker:Al target:Kn
    {turns(4)}
    /close-combat grapple attacker:Al target:Big location:arm
    {turns(4)}
    /close-combat grapple attacker:Al target:Orc location:eye
    /encounter status
""",
)

PIN_AND_BREAK_FREE = Fight(
    3,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(2)}
    /combatant condition name:Orc posture:prone
    /close-combat pin attacker:Al target:Orc weight:90 target-weight:72
    /encounter status
    /encounter next
    /close-combat break-free combatant:Orc
""",
)

TAKEDOWN_AND_HELPERS = Fight(
    4,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant skill add name:Al skill:Judo level:14
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11
    /combatant add name:Bo st:10 dx:10 iq:9 ht:11
    /combatant add name:Cy st:11 dx:10 iq:9 ht:11
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(4)}
    /close-combat takedown attacker:Al target:Orc using:judo
    /combatant condition name:Al posture:prone
    {turns(4)}
    /close-combat takedown attacker:Al target:Orc using:judo
    {turns(4)}
    /close-combat takedown attacker:Al target:Orc using:dx helper:Bo
    /combatant condition name:Al posture:standing
    /combatant condition name:Orc posture:prone
    {turns(4)}
    /close-combat pin attacker:Al target:Orc helper:Bo second-helper:Cy hands:1
""",
)

TAKEDOWN_AND_CHOKE = Fight(
    2,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(2)}
    /attack attacker:Al target:Orc damage:1d cr skill:12
    {turns(2)}
    /close-combat takedown attacker:Al target:Orc
    {turns(2)}
    /close-combat pin attacker:Al target:Orc weight:90 target-weight:72
    {turns(2)}
    /close-combat choke attacker:Al target:Orc
    /encounter next
    /close-combat break-free combatant:Orc
    /encounter status
""",
)

GRAB_THE_ARM = Fight(
    3,
    """
    /encounter start name:CC
    /combatant add name:Al st:13 dx:13 iq:10 ht:12
    /combatant add name:Kf st:10 dx:11 iq:9 ht:11
    /combatant weapon add name:Kf weapon:Knife skill:13 damage:thr imp knife:true reach:C
    /encounter next
    /close-combat grab-weapon attacker:Al target:Kf arm:true
    /encounter next
    /encounter next
    /close-combat wrest attacker:Al target:Kf
    /encounter status
""",
)

CLOSE_COMBAT_ATTACKS = Fight(
    1,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:14 iq:10 ht:12
    /combatant weapon add name:Al weapon:Dagger skill:13 damage:thr imp reach:C
    /combatant weapon add name:Al weapon:Punch skill:12 damage:thr-1 cr reach:C natural:true
    /combatant shield set name:Al skill:12 db:2 shield:Buckler
    /combatant add name:Ju st:11 dx:12 iq:9 ht:11
    /combatant weapon add name:Ju weapon:Sword skill:13 damage:sw+1 cut
    /combatant skill add name:Ju skill:Judo level:14
    /encounter next
    /close-combat enter attacker:Al target:Ju
    /maneuver combatant:Al maneuver:Feint target:Ju
    /maneuver combatant:Al maneuver:All-Out Defense all-out-defense:+2 Dodge
    /maneuver combatant:Al maneuver:Aim target:Ju
    /maneuver combatant:Al maneuver:Concentrate
    /maneuver combatant:Al maneuver:Wait trigger:x
    /attack attacker:Al target:Ju weapon:Dagger
    /encounter next
    /attack attacker:Ju target:Al weapon:Sword
    /encounter next
    /attack attacker:Al target:Ju weapon:Punch
    {turns(2)}
    /close-combat draw combatant:Al
""",
)

# The draw is round 1's Ready (R11.22); the punch waits for round 2, where the shield's DB
# comes off it (R11.26): skill 18 - 2 = 16, what the GM gave it in round 1 before.
ALL_OUT_IN_CLOSE_COMBAT = Fight(
    1,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:14 iq:10 ht:12
    /combatant weapon add name:Al weapon:Dagger skill:13 damage:thr imp reach:C
    /combatant weapon add name:Al weapon:Punch skill:12 damage:thr-1 cr reach:C natural:true
    /combatant shield set name:Al skill:12 db:2 shield:Buckler
    /combatant add name:Ju st:11 dx:12 iq:9 ht:11
    /combatant weapon add name:Ju weapon:Sword skill:13 damage:sw+1 cut
    /combatant skill add name:Ju skill:Judo level:14
    /encounter next
    /close-combat enter attacker:Al target:Ju
    /close-combat draw combatant:Al
    {turns(2)}
    /attack attacker:Al target:Ju weapon:Punch skill:18
    :click Retreat
    :click Parry
    /encounter next
    /attack attacker:Ju target:Al weapon:Sword maneuver:"All-Out Attack: +4 to hit"
    /settings rule option:all_out_in_close_combat enabled:true
    /attack attacker:Ju target:Al weapon:Sword maneuver:"All-Out Attack: +4 to hit"
""",
)

SHIELD_BASH = Fight(
    1,
    """
    /encounter start name:S
    /combatant add name:Al st:12 dx:13 iq:10 ht:12
    /combatant weapon add name:Al weapon:Sword skill:14 damage:sw+1 cut
    /combatant shield set name:Al skill:12 db:2 shield:Kite
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:40
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /attack attacker:Al target:Orc weapon:Kite
    /encounter next
    /attack attacker:Orc target:Al skill:20
    /encounter next
    /encounter next
    /attack attacker:Orc target:Al skill:20 extra-attack:true
""",
)

SLAMS = Fight(
    1,
    """
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant shield set name:Al skill:12 db:2 shield:Large large:true
    /combatant add name:Orc st:11 dx:11 iq:9 ht:11
    /combatant add name:Kn st:11 dx:11 iq:9 ht:11
    /encounter next
    /close-combat slam attacker:Al target:Orc moved:4 from:side
    /encounter status
""",
)

SLAM_REAR_REBOUND_AND_TACKLE = Fight(
    2,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:10 dx:12 iq:10 ht:12
    /combatant add name:Orc st:14 dx:11 iq:9 ht:11
    /combatant add name:Kn st:11 dx:11 iq:9 ht:11
    /encounter next
    /close-combat slam attacker:Al target:Kn moved:4 from:rear
    {turns(3)}
    /close-combat slam attacker:Al target:Orc moved:1
    {turns(3)}
    /close-combat slam attacker:Al target:Kn moved:5 tackle:true dodge:true
""",
)

SUPER_SLAM = Fight(
    2,
    """
    /encounter start name:CC
    /settings rule option:super_slam enabled:true
    /combatant add name:Hulk st:20 dx:12 iq:10 ht:12
    /combatant add name:Orc st:14 dx:11 iq:9 ht:11
    /encounter next
    /close-combat slam attacker:Hulk target:Orc moved:12
""",
)

TRAMPLE = Fight(
    1,
    f"""
    /encounter start name:CC
    /combatant add name:Horse st:25 dx:10 iq:4 ht:12 size-modifier:2
    /combatant add name:Lion st:18 dx:13 iq:4 ht:12 size-modifier:2
    /combatant add name:Man st:10 dx:10 iq:10 ht:10 hp:30
    {turns(2)}
    /close-combat trample attacker:Horse target:Man weight:500 target-weight:80 dodge:false
    {turns(3)}
    {HORSE_TRAMPLES} weight:500 target-weight:80 dodge:false hard-surface:true
    {turns(2)}
    {LION_TRAMPLES} weight:200 target-weight:80 hooves:false dodge:false
    {turns(1)}
    {HORSE_TRAMPLES} weight:4500 target-weight:80 dodge:false mode:pass
    {turns(3)}
    /close-combat trample attacker:Horse target:Man weight:950 target-weight:80 dodge:false
    {turns(3)}
    /close-combat trample attacker:Horse target:Man weight:150 target-weight:80 dodge:false
""",
)

TRAMPLE_LION_AND_DODGE = Fight(
    3,
    f"""
    /encounter start name:CC
    /combatant add name:Horse st:25 dx:10 iq:4 ht:12 size-modifier:2
    /combatant add name:Lion st:18 dx:13 iq:4 ht:12 size-modifier:2
    /combatant add name:Man st:10 dx:10 iq:10 ht:10 hp:30
    /encounter next
    {LION_TRAMPLES} weight:200 target-weight:80 hooves:false dodge:false
    /encounter next
    /close-combat trample attacker:Horse target:Man weight:500 target-weight:80
""",
)

HORN_SLOW = Fight(
    2,
    f"""
    /encounter start name:CC
    /combatant add name:Bull st:30 dx:10 iq:4 ht:13 size-modifier:2
    /combatant add name:Man st:10 dx:10 iq:10 ht:10 hp:40
    /encounter next
    /close-combat horn attacker:Bull target:Man moved:5 horn-mod:2 weight:600
    {turns(2)}
    /close-combat horn attacker:Bull target:Man moved:10 horn-mod:2 weight:600 sharp:true
    {turns(2)}
    /close-combat horn attacker:Bull target:Man moved:3 horn-mod:2 weight:600
""",
)

HORN_FAST = Fight(
    3,
    """
    /encounter start name:CC
    /combatant add name:Bull st:30 dx:12 iq:4 ht:13 size-modifier:2
    /combatant add name:Man st:10 dx:10 iq:10 ht:10 hp:40
    /encounter next
    /close-combat horn attacker:Bull target:Man moved:10 horn-mod:2 weight:600 sharp:true
""",
)

EVADE_AND_LEAVE = Fight(
    1,
    f"""
    /encounter start name:CC
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11
    /combatant add name:Kn st:12 dx:11 iq:9 ht:11
    /encounter next
    /maneuver combatant:Al maneuver:Move target:Orc evade:side
    /encounter undo
    /combatant condition name:Orc posture:kneeling
    /maneuver combatant:Al maneuver:Move target:Orc evade:rear
    /encounter undo
    /close-combat enter attacker:Al target:Kn
    /encounter next
    /close-combat grapple attacker:Kn target:Al
    {turns(2)}
    /close-combat leave combatant:Al foe:Kn
    /maneuver combatant:Al maneuver:Move target:Orc evade:front
""",
)

THROWN_OBJECTS = Fight(
    1,
    """
    /encounter start name:R
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Tr st:17 dx:11 iq:10 ht:12
    /combatant add name:Gi st:30 dx:11 iq:10 ht:12
    /combatant add name:Wk st:7 dx:11 iq:10 ht:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /encounter next
    /throw attacker:Al target:Orc object-kg:3 distance:5
    /throw attacker:Al target:Orc object-kg:3 distance:19
    /throw attacker:Tr target:Orc object-kg:30 distance:2 extra-attack:true
    /throw attacker:Gi target:Orc object-kg:20 distance:2 extra-attack:true
    /throw attacker:Gi target:Orc object-kg:120 distance:2 extra-attack:true
    /throw attacker:Gi target:Orc object-kg:200 distance:2 extra-attack:true
    /throw attacker:Gi target:Orc object-kg:1600 distance:2 extra-attack:true
    /throw attacker:Al target:Orc object-kg:157 distance:1 extra-attack:true
    /throw attacker:Wk target:Orc object-kg:60 distance:1 extra-attack:true
""",
)

RANGE_TABLE = Fight(
    1,
    f"""
    /encounter start name:R
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant skill add name:Al skill:Throwing level:13
    {AL_BOW}
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /combatant add name:Ogre st:20 dx:10 iq:8 ht:12 hp:80 size-modifier:1
    /encounter next
    /throw attacker:Al target:Orc object-kg:3 distance:21
    /shoot attacker:Al target:Orc weapon:Bow distance:2 extra-attack:true
    /shoot attacker:Al target:Orc weapon:Bow distance:3 extra-attack:true
    /shoot attacker:Al target:Orc weapon:Bow distance:11 speed:4 extra-attack:true
    /shoot attacker:Al target:Ogre weapon:Bow distance:101 modifier:4 extra-attack:true
    /shoot attacker:Al target:Ogre weapon:Bow distance:180 modifier:4 extra-attack:true
    /shoot attacker:Al target:Ogre weapon:Bow distance:201 extra-attack:true
""",
)

SHOT_MODIFIERS = Fight(
    1,
    f"""
    /encounter start name:R
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    {AL_BOW}
    {AL_XBOW}
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /encounter next
    /shoot attacker:Al target:Orc weapon:Xbow maneuver:"Pop-up attack (R12.7)"
    /shoot attacker:Al target:Orc weapon:Bow maneuver:"Pop-up attack (R12.7)" extra-attack:true
    {AL_SHOOTS_ORC}Xbow skill:22 maneuver:"Blind fire (R12.6)" extra-attack:true
    /shoot attacker:Al target:Orc weapon:Xbow moving:"running, crossbow" extra-attack:true
    /shoot attacker:Al target:Orc weapon:Bow moving:"walking, bow" extra-attack:true
    {AL_SHOOTS_ORC}Bow cover:"Head and shoulders exposed (-4)" through-hexes:2 {GM_PLUS_5}
    {AL_SHOOTS_ORC}Bow cover:"Prone behind minimal cover, head down (-7)" extra-attack:true
""",
)

OPPORTUNITY_AND_STRAY = Fight(
    1,
    f"""
    /encounter start name:R
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    {AL_BOW}
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /combatant add name:Gob st:8 dx:11 iq:9 ht:11 hp:80
    /combatant add name:Kn st:8 dx:11 iq:9 ht:11 hp:80
    /encounter next
    /fire-area opportunity attacker:Al target:Orc area:1 hex (-2) aim-turns:2
    /maneuver combatant:Al maneuver:Wait trigger:orc enters
    /encounter next
    /fire-area opportunity attacker:Al target:Orc area:5-6 hexes (-6)
    /encounter undo
    /fire-area opportunity attacker:Al target:Orc area:1 hex (-2) aim-turns:2
    /encounter undo
    /fire-area opportunity attacker:Al target:Orc area:A straight line (-5) identify:true
    /encounter undo
    /encounter undo
    /fire-area stray attacker:Al line:Gob,Kn,Orc skill:13
    /combatant condition name:Gob posture:kneeling
    /fire-area stray attacker:Al line:Gob,Kn,Orc skill:8
""",
)

OVERPENETRATION = Fight(
    1,
    f"""
    /encounter start name:R
    /combatant add name:Al st:12 dx:12 iq:10 ht:12
    /combatant add name:Man st:10 dx:11 iq:9 ht:11 hp:10
    /combatant armor set name:Man location:all dr:2
    /combatant add name:Bk st:8 dx:11 iq:9 ht:11 hp:30
    /combatant armor set name:Bk location:all dr:1
    /encounter next
    /fire-area through attacker:Al target:Man basic-damage:15 behind:Bk right-behind:true
    /fire-area through attacker:Al target:Man basic-damage:14 behind:Bk right-behind:true
    /fire-area through attacker:Al target:Man basic-damage:15 behind:Bk
    {THROUGH_MAN} kind:machine behind:Bk right-behind:true
    {THROUGH_MAN} kind:thin behind:Bk right-behind:true divisor:2
    /fire-area through attacker:Al target:Man basic-damage:15 divisor:2 behind:Bk right-behind:true
""",
)

TABLE_HEIGHT = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Al st:12 dx:12 iq:10 ht:12 hp:80
    /combatant weapon add name:Al weapon:Sword skill:14 damage:sw+1 cut
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /terrain set combatant:Orc preset:Table
    /encounter status
    /attack attacker:Al target:Orc location:skull
    /attack attacker:Al target:Orc location:leg extra-attack:true
    /encounter next
    /attack attacker:Orc target:Al location:leg
""",
)

HEIGHT_ROWS = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Al st:12 dx:12 iq:10 ht:12 hp:80
    /combatant weapon add name:Al weapon:Sword skill:14 damage:sw+1 cut
    /combatant weapon add name:Al weapon:Spear skill:14 damage:thr+2 imp reach:1,2
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /terrain set combatant:Orc preset:Counter
    /attack attacker:Orc target:Al location:skull skill:30 extra-attack:true
    /terrain set combatant:Orc height:1.5
    /attack attacker:Al target:Orc location:skull skill:30 extra-attack:true
    /attack attacker:Al target:Orc location:leg skill:30 extra-attack:true
    /terrain set combatant:Orc height:1.8
    /attack attacker:Orc target:Al location:arm skill:30 extra-attack:true
    /attack attacker:Al target:Orc skill:30 extra-attack:true
    /attack attacker:Al target:Orc location:foot skill:30 extra-attack:true
    /terrain set combatant:Orc height:2.5
    /attack attacker:Al target:Orc location:foot skill:30 extra-attack:true
    /attack attacker:Al target:Orc weapon:Spear location:foot skill:30 extra-attack:true
    /terrain set combatant:Orc height:0.3
    /attack attacker:Al target:Orc location:skull skill:30 extra-attack:true
    /terrain set combatant:Orc preset:Chair
    /attack attacker:Al target:Orc location:skull skill:30 extra-attack:true
""",
)

LONG_WEAPON_AND_WATER = f"""
    /encounter start name:T
    /combatant add name:Al st:12 dx:12 iq:10 ht:12 hp:80 encumbrance:1
    /combatant weapon add name:Al weapon:Sword skill:14 damage:2d+1 cut
    /combatant weapon add name:Al weapon:Spear skill:14 damage:thr+2 imp reach:1,2
    {AL_KNIFE}
    {AL_BOW}
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80
    /encounter next
    /terrain set combatant:Orc preset:Counter
    /attack attacker:Al target:Orc weapon:Spear location:skull skill:30
    /terrain set combatant:Orc height:0
    /terrain set combatant:Al water:{{water}}
    /terrain set combatant:Orc water:{{water}}
    /attack attacker:Al target:Orc weapon:Sword extra-attack:true
    :click No defense
    /attack attacker:Al target:Orc weapon:Spear extra-attack:true
    /attack attacker:Al target:Orc weapon:Knife extra-attack:true
    /throw attacker:Al target:Orc weapon:Knife distance:2 extra-attack:true
    /shoot attacker:Al target:Orc weapon:Bow distance:2 extra-attack:true
"""

UNDER_WATER = Fight(1, LONG_WEAPON_AND_WATER.format(water="Under water"))
IN_WATER = Fight(1, LONG_WEAPON_AND_WATER.format(water="In water above the knee"))

FROM_ABOVE = Fight(
    1,
    f"""
    /encounter start name:T
    /combatant add name:Al st:12 dx:12 iq:10 ht:12 hp:80
    /combatant weapon add name:Al weapon:Sword skill:14 damage:2d+1 cut
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 hp:80 per:12
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /terrain ambush combatant:Orc
    /terrain ambush combatant:Orc watching:true
    /attack attacker:Al target:Orc from:from above, noticed in time (R13.6)
    /attack attacker:Al target:Orc from:from above, unseen (R13.6) extra-attack:true
    /encounter next
    /combatant add name:Ar st:12 dx:12 iq:10 ht:12
    {AR_BOW}
    /terrain set combatant:Ar height:10
    /shoot attacker:Ar target:Orc weapon:Bow distance:20 extra-attack:true
    /terrain set combatant:Ar height:0
    /terrain set combatant:Orc height:10
    /shoot attacker:Ar target:Orc weapon:Bow distance:20 extra-attack:true
""",
)


async def test_grapple_bonus_posture_location_and_double_st_r11_2_r7_19(tmp_path: Path) -> None:
    """R11.2: DX+3 against a standing foe, +6 (replacing +3) against a kneeling one: DX 12 -> 15
    and 18. R7.19: the location penalty halved, rounded up: neck -3, arm -1, eye -5. A foe with
    twice the grappler's ST can still walk away. A tie in the quick contest wins nothing (A.7).
    """
    t = await play(tmp_path, GRAPPLE_MODIFIERS)
    expect(
        t.reply("/close-combat grapple attacker:Al target:Orc location:neck"),
        "  ┃ Contest: Al: DX 12 · +3 grapple (R11.2) · -3 hit location, halved (R7.19) = 12,"
        " rolled 11 (3, 4, 4): Success (+1)",
        "  ┃     Orc wins by 2.",
        "  ┃ Outcome: The grapple fails.",
    )
    expect(
        t.reply("/close-combat grapple attacker:Al target:Kn"),
        "  ┃ Contest: Al: DX 12 · +6 grapple, foe down (R11.2) = 18, rolled 10 (2, 2, 6):"
        " Success (+8)",
        "  ┃     Kn: DX 11 = 11, rolled 12 (3, 6, 3): Failure (-1)",
        "  ┃     Al wins by 9.",
    )
    expect(
        t.reply("/close-combat grapple attacker:Al target:Big location:arm"),
        "  ┃ Contest: Al: DX 12 · +3 grapple (R11.2) · -1 hit location, halved (R7.19) = 14,"
        " rolled 9 (4, 1, 4): Success (+5)",
        "  ┃     Big has twice Al's ST: he can still walk away (R11.2).",
    )
    expect(
        t.reply("/close-combat grapple attacker:Al target:Orc location:eye"),
        "  ┃ Contest: Al: DX 12 · +3 grapple (R11.2) · -5 hit location, halved (R7.19) = 10,"
        " rolled 11 (5, 1, 5): Failure (-1)",
    )
    expect(
        t.reply("/encounter status"),
        # The grapple was his turn's attack (R4.4).
        "  ┃ ▶ 1. Al [npc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 12/12 · maneuver: Attack · grapples Kn"
        " · grapples Big",
        "  ┃ 2. Kn [npc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 12/12 · kneeling · 🤼 grappled"
        " · grappled by Al",
        "  ┃ 3. Orc [npc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 12/12",
    )


async def test_pin_weight_bonus_and_break_free_against_two_hands_r11_9_r11_11(
    tmp_path: Path,
) -> None:
    """R11.9 example: 90 kg against 72 kg, 18 kg apart -> +3 (ST 12 rolls against 15).
    R11.11 example: ST 12 pinned by a two-handed hold from ST 12 -> 12 against 22.
    """
    t = await play(tmp_path, PIN_AND_BREAK_FREE)
    expect(
        t.reply("/close-combat pin attacker:Al target:Orc weight:90 target-weight:72"),
        "  ┃ Contest: Al: ST 12 · +3 heavier (R11.9) = 15, rolled 9 (1, 6, 2): Success (+6)",
        "  ┃     Orc: ST 12 = 12, rolled 11 (2, 6, 3): Success (+1)",
        "  ┃     Al wins by 5.",
        "  ┃ Outcome: Orc is pinned; Al keeps to the hex while the pin lasts (R11.9).",
    )
    expect(
        t.reply("/close-combat break-free combatant:Orc"),
        "  ┃ Contest: Orc: ST 12 = 12, rolled 13 (6, 3, 4): Failure (-1)",
        "  ┃     Al: ST 12 · +10 pinning (R11.11) = 22, rolled 11 (1, 4, 6): Success (+11)",
        "  ┃     Al wins by 12.",
        "  ┃ Outcome: Al keeps his hold.",
    )


async def test_takedown_scores_down_penalty_and_helpers_r11_8_r11_21(tmp_path: Path) -> None:
    """R11.8 example: Judo 14 against ST 12; on the ground 14 - 5 = 9. R11.21: a helper adds
    1/5 of his score, rounded down (DX 10 -> +2: 12 - 5 + 2 = 9); a pin by three adds
    floor(10/5) + floor(11/5) = +4 (ST 12 -> 16).
    """
    t = await play(tmp_path, TAKEDOWN_AND_HELPERS)
    expect(
        t.reply("/close-combat takedown attacker:Al target:Orc using:judo", 1),
        "  ┃ Contest: Al: Judo 14 = 14, rolled 11 (5, 2, 4): Success (+3)",
        "  ┃     Orc: ST 12 = 12, rolled 5 (2, 2, 1): Success (+7)",
        "  ┃ Outcome: Orc stays up.",
    )
    expect(
        t.reply("/close-combat takedown attacker:Al target:Orc using:judo", 2),
        "  ┃ Contest: Al: Judo 14 · -5 he is down (R11.8) = 9, rolled 13 (2, 6, 5): Failure (-4)",
    )
    expect(
        t.reply("/close-combat takedown attacker:Al target:Orc using:dx helper:Bo"),
        "  ┃ Contest: Al: DX 12 · -5 he is down (R11.8) · +2 helpers (R11.21) = 9,"
        " rolled 11 (2, 4, 5): Failure (-2)",
        "  ┃     Orc wins by 1.",
    )
    expect(
        t.reply("/close-combat pin attacker:Al target:Orc helper:Bo second-helper:Cy hands:1"),
        "  ┃ Contest: Al: ST 12 · +4 helpers (R11.21) = 16, rolled 13 (4, 5, 4): Success (+3)",
        "  ┃     Orc wins by 3.",
    )


async def test_takedown_choke_margin_and_break_free_r11_8_r11_10_r11_11(tmp_path: Path) -> None:
    """R11.8: a won takedown puts the foe on the ground. R11.12: no Retreat while grappled.
    R11.10: ST 12 rolls 6 (+6) against HT 11 rolling 13 (-2): the margin of victory, 8, is the
    damage, crushing at the neck with no neck multiplier; 8 is more than a third of 12 HP, so
    HT 11 - 4 = 7 against a crushed windpipe (R7.29); and he is not breathing. R11.11: ST
    against ST, a win frees him (both fail, by 1 and by 4: the smaller failure wins by 3).
    """
    t = await play(tmp_path, TAKEDOWN_AND_CHOKE)
    expect(
        t.reply("/attack attacker:Al target:Orc damage:1d cr skill:12"),
        "  ┃ Defenses: Dodge 8",
        "  ┃     Retreat not possible: no Retreat while grappled (R11.12)",
    )
    expect(
        t.reply("/close-combat takedown attacker:Al target:Orc"),
        "  ┃ Contest: Al: ST 12 = 12, rolled 9 (4, 4, 1): Success (+3)",
        "  ┃ Outcome: Orc falls, into the hex Al chooses (R11.8).",
    )
    expect(
        t.reply("/close-combat choke attacker:Al target:Orc"),
        "  ┃ Contest: Al: ST 12 = 12, rolled 6 (1, 3, 2): Success (+6)",
        "  ┃     Orc: HT 11 = 11, rolled 13 (3, 6, 4): Failure (-2)",
        "  ┃     Al wins by 8.",
        "  ┃     Orc is not breathing while the choke lasts.",
        "  ┃ Basic damage: 8 cr",
        "  ┃ Location: neck",
        "  ┃ Wounding: ×1",
        "  ┃ HP: 12 → 4 / 12",
        "  ┃     Crushed windpipe: HT 11 -4 = 7, rolled 7 (4, 2, 1): success (R7.29)",
    )
    expect(
        t.reply("/close-combat break-free combatant:Orc"),
        "  ┃ Contest: Orc: ST 12 = 12, rolled 13 (6, 5, 2): Failure (-1)",
        "  ┃     Al: ST 12 = 12, rolled 16 (6, 5, 5): Failure (-4)",
        "  ┃     Orc wins by 3.",
        "  ┃ Outcome: Orc is free of Al and may step one hex (R11.11).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 1. Al [npc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 12/12 · maneuver: Attack · in close combat"
        " with Orc",
        # Breaking free was his turn's attack (R11.11, R4.4).
        "  ┃ ▶ 2. Orc [npc]: HP ▰▰▱▱▱ 4/12 · FP ▰▰▰▰▰ 11/11 · prone · ⚡ shock -4 · maneuver:"
        " Attack · in close combat with Al",
    )


async def test_grab_the_knife_arm_then_force_the_drop_r11_5(tmp_path: Path) -> None:
    """R11.5: a won DX contest on the arm of a weapon that cannot be grabbed is a grapple; next
    turn a won ST contest (13 against 10) makes him drop the knife.
    """
    t = await play(tmp_path, GRAB_THE_ARM)
    expect(
        t.reply("/close-combat grab-weapon attacker:Al target:Kf arm:true"),
        "  ┃ Contest: Al: DX 13 = 13, rolled 9 (2, 4, 3): Success (+4)",
        "  ┃     Kf: DX 11 = 11, rolled 9 (4, 4, 1): Success (+2)",
        "  ┃ Outcome: Al holds Kf's weapon arm: a grapple; next turn a ST contest makes him drop"
        " the Knife (R11.5).",
    )
    expect(
        t.reply("/close-combat wrest attacker:Al target:Kf"),
        "  ┃ 🤼 Al forces Kf to drop the Knife",
        "  ┃ Contest: Al: ST 13 = 13, rolled 9 (1, 6, 2): Success (+4)",
        "  ┃     Kf: ST 10 = 10, rolled 11 (2, 6, 3): Failure (-1)",
        "  ┃ Outcome: The Knife falls to the ground: a Ready picks it up (R11.5, R5.5).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Kf [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 11/11 · 🤼 grappled · 🫳 dropped: Knife"
        " · Al holds his weapon arm",
    )


async def test_close_combat_weapons_defenses_and_maneuvers_r11_6_r11_12_r11_24_r11_26(
    tmp_path: Path,
) -> None:
    """R11.6: a weapon at -2 in close combat (dagger 13 -> 11, sword 13 -> 11), a fist (natural)
    without it. R11.12: only Dodge, and a bare-handed parry with Judo (3 + 14/2 = 10). R11.24:
    no Feint, All-Out Defense, Aim, Concentrate or Wait. R11.26: after the first round the
    shield's DB 2 comes off the attack (12 -> 10) and the DX roll to draw (R11.22: DX 14 -> 12).
    """
    t = await play(tmp_path, CLOSE_COMBAT_ATTACKS)
    for typed in (
        "/maneuver combatant:Al maneuver:Feint target:Ju",
        "/maneuver combatant:Al maneuver:All-Out Defense all-out-defense:+2 Dodge",
        "/maneuver combatant:Al maneuver:Aim target:Ju",
        "/maneuver combatant:Al maneuver:Concentrate",
        "/maneuver combatant:Al maneuver:Wait trigger:x",
    ):
        block = t.reply(typed)
        assert refused(block), typed
        expect(block, "  ┃ That maneuver is not possible in close combat (R11.24).")
    expect(
        t.reply("/attack attacker:Al target:Ju weapon:Dagger"),
        "  ┃ Effective skill: Skill 13",
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 11",
    )
    expect(
        t.reply("/attack attacker:Ju target:Al weapon:Sword"),
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 11",
        "  ┃ Defenses: Dodge 11 · base 9 · +2 shield DB (A.4)",
        "  ┃     Parry (Dagger): in close combat only Dodge (and bare-handed parries) (R11.12)",
        "  ┃     Block: in close combat only Dodge (and bare-handed parries) (R11.12)",
    )
    expect(
        t.reply("/attack attacker:Al target:Ju weapon:Punch"),
        "  ┃ Effective skill: Skill 12",
        "  ┃     -2 shield in close combat (R11.26)",
        "  ┃     = 10",
        "  ┃ Defenses: Dodge 8",
        "  ┃     Parry 10 (judo)",
        "  ┃     Parry (Sword): in close combat only Dodge (and bare-handed parries) (R11.12)",
    )
    expect(
        t.reply("/close-combat draw combatant:Al"),
        "  ┃ Roll: DX 14 · -2 shield in close combat (R11.26) = 12, rolled 10 (1, 6, 3): Success",
        "  ┃ Outcome: Drawn: a Ready readies it this turn (R11.22).",
    )


async def test_retreat_only_with_dodge_and_the_all_out_option_r11_12_r11_24_r11_25(
    tmp_path: Path,
) -> None:
    """R11.22: in the first round of close combat the draw rolls the full DX 14. R11.12: a
    Retreat only with a Dodge, not with the judo parry. R11.24: no All-Out Attack in close
    combat; R11.25's option allows it: 13 + 4 - 2 = 15.
    """
    t = await play(tmp_path, ALL_OUT_IN_CLOSE_COMBAT)
    expect(
        t.reply("/close-combat draw combatant:Al"),
        "  ┃ Roll: DX 14 = 14, rolled 12 (1, 6, 5): Success",
    )
    expect(
        t.reply(":click Parry"),
        "  ┃ That didn't work",
        "  ┃ Retreat is not possible with this defense.",
    )
    first, second = t.replies(
        '/attack attacker:Ju target:Al weapon:Sword maneuver:"All-Out Attack: +4 to hit"'
    )
    assert refused(first)
    expect(first, "  ┃ That maneuver is not possible in close combat (R11.24).")
    expect(
        second,
        "  ┃     +4 All-Out Attack (determined) (R5.8)",
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 15",
    )


async def test_slam_from_the_side_knockback_and_trampling_r11_13_r11_14_r11_17(
    tmp_path: Path,
) -> None:
    """R11.13: from the side the target's DX is at -2 (11 -> 9). R11.14: +2 moved more than a
    hex, +2 large shield (ST 12 -> 16). Margin 8 - 2 = 6: the loser falls and flies
    floor(6/2) = 3 hexes (speed 4, no cap); won by more than 5 -> tramples. R11.17: 3 hexes a
    second = 10.8 km/h -> 1d.
    """
    t = await play(tmp_path, SLAMS)
    expect(
        t.reply("/close-combat slam attacker:Al target:Orc moved:4 from:side"),
        "  ┃ To hit: Al: DX 12 = 12, rolled 10 (5, 2, 3): Success (+2)",
        "  ┃     Orc: DX 11 · -2 down, or slammed from the side (R11.13) = 9, rolled 12 (3, 4,"
        " 5): Failure (-3)",
        "  ┃ ST contest: Al: ST 12 · +2 moved more than 1 hex (R11.14) · +2 medium or large shield"
        " (R11.14) = 16, rolled 8 (1, 1, 6): Success (+8)",
        "  ┃     Orc: ST 11 = 11, rolled 9 (3, 5, 1): Success (+2)",
        "  ┃     Al wins by 6.",
        "  ┃ Result: Al rolls ST 16 not to fall as well: 10 (3, 5, 2), Success",
        "  ┃     On the ground: Orc.",
        "  ┃     Orc is thrown back 3 hexes.",
        "  ┃     Should he hit a wall or the ground at that speed: 1d collision damage (R11.17).",
        "  ┃     Won by more than 5: Al tramples Orc and may keep moving (R11.13).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 3. Orc [npc]: HP ▰▰▰▰▰ 11/11 · FP ▰▰▰▰▰ 11/11 · prone",
    )


async def test_slam_rear_rebound_and_flying_tackle_r11_13_r11_18(tmp_path: Path) -> None:
    """R11.13: from the rear the slam hits without a roll (+2 rear, R11.14); margin 1 -> no
    knockback. A slammer who loses by 4 is thrown back floor(4/2) = 2 hexes (at most 2).
    R11.18: +2 to the tackler's ST, -2 to a target whose Dodge failed, the tackler falls
    either way.
    """
    t = await play(tmp_path, SLAM_REAR_REBOUND_AND_TACKLE)
    expect(
        t.reply("/close-combat slam attacker:Al target:Kn moved:4 from:rear"),
        "  ┃ To hit: From the rear: it hits without a roll (R11.13).",
        "  ┃ ST contest: Al: ST 10 · +2 moved more than 1 hex (R11.14) · +2 from the rear (R11.14)"
        " = 14, rolled 11 (5, 2, 4): Success (+3)",
        "  ┃     On the ground: Kn.",
    )
    expect(
        t.reply("/close-combat slam attacker:Al target:Orc moved:1"),
        "  ┃ ST contest: Al: ST 10 = 10, rolled 7 (4, 2, 1): Success (+3)",
        "  ┃     Orc: ST 14 = 14, rolled 7 (2, 1, 4): Success (+7)",
        "  ┃     Orc wins by 4.",
        "  ┃     On the ground: Al.",
        "  ┃     Al is thrown back 2 hexes.",
    )
    expect(
        t.reply("/close-combat slam attacker:Al target:Kn moved:5 tackle:true dodge:true"),
        "  ┃ Dodge: Kn tries to Dodge: 8, rolled 15 (3, 6, 6): Failure",
        "  ┃ ST contest: Al: ST 10 · +2 moved more than 1 hex (R11.14) · +2 flying tackle (R11.18)"
        " = 14, rolled 11 (1, 5, 5): Success (+3)",
        "  ┃     Kn: ST 11 · -2 failed Dodge (R11.18) = 9, rolled 10 (3, 4, 3): Failure (-1)",
        "  ┃ Result: On the ground: Al, Kn.",
        "  ┃ Outcome: The tackle hits; the tackler is on the ground either way (R11.18).",
    )


async def test_super_slam_speed_knockback_and_damage_r11_15_r11_16(tmp_path: Path) -> None:
    """R11.15: speed 12 read as a size -> +4 to DX (lower row). R11.16 example: ST 20 at speed
    12 (+2) -> 22; margin 6 -> the defender falls, flies 3 hexes and takes 3; the winner takes
    floor(1.5) = 1 and rolls against ST 22 to stay up.
    """
    t = await play(tmp_path, SUPER_SLAM)
    expect(
        t.reply("/close-combat slam attacker:Hulk target:Orc moved:12"),
        "  ┃ To hit: Hulk: DX 12 · +4 speed as size (R11.15) = 16, rolled 13 (6, 6, 1): Success"
        " (+3)",
        "  ┃ ST contest: Hulk: ST 20 · +2 speed (R11.16) = 22, rolled 11 (5, 2, 4): Success (+11)",
        "  ┃     Orc: ST 14 = 14, rolled 9 (4, 4, 1): Success (+5)",
        "  ┃     Hulk wins by 6.",
        "  ┃ Result: Hulk rolls ST 22 not to fall as well: 11 (3, 3, 5), Success",
        "  ┃     Orc is thrown back 3 hexes.",
        "  ┃ HP: 14 → 11 / 14",
        "  ┃ HP: 20 → 19 / 20",
    )


async def test_trample_table_hooves_surface_and_pass_r11_19(tmp_path: Path) -> None:
    """R11.19 examples: a 500 kg horse on cobbles -> 2 x (1d+1) (5 -> 10); a 4.5 t beast
    passing -> half of 2d+2 (10 -> 5); 907-999 kg -> 1d+1; a 200 kg lion without hooves
    counts as 50 kg -> nothing. Under twice the weight -> no trampling.
    """
    t = await play(tmp_path, TRAMPLE)
    expect(
        t.reply(
            "/close-combat trample attacker:Horse target:Man weight:500 target-weight:80"
            " dodge:false hard-surface:true"
        ),
        "  ┃ Damage: 1d+1 for 500 kg, rolled 5: 10 crushing (R11.19)",
        "  ┃ HP: 30 → 20 / 30",
    )
    expect(
        t.reply(
            "/close-combat trample attacker:Horse target:Man weight:4500 target-weight:80"
            " dodge:false mode:pass"
        ),
        "  ┃ Damage: 2d+2 for 4500 kg, rolled 10: 5 crushing (R11.19)",
    )
    expect(
        t.reply(
            "/close-combat trample attacker:Horse target:Man weight:950 target-weight:80"
            " dodge:false"
        ),
        "  ┃ Damage: 1d+1 for 950 kg, rolled 5: 5 crushing (R11.19)",
    )
    block = t.reply(
        "/close-combat trample attacker:Horse target:Man weight:150 target-weight:80 dodge:false"
    )
    assert refused(block)
    expect(
        block,
        "  ┃ Horse is not twice Man's weight and size (Size Modifier 2 more): no trampling"
        " (R11.19).",
    )
    t2 = await play(tmp_path, TRAMPLE_LION_AND_DODGE)
    expect(
        t2.reply(
            "/close-combat trample attacker:Lion target:Man weight:200 target-weight:80"
            " hooves:false dodge:false"
        ),
        "  ┃ Damage: 50 kg: too light to do any damage (R11.19).",
    )
    expect(
        t2.reply("/close-combat trample attacker:Horse target:Man weight:500 target-weight:80"),
        "  ┃     Man tries to Dodge: 8, rolled 9 (1, 6, 2): Failure",
        "  ┃ Damage: 1d+1 for 500 kg, rolled 3: 3 crushing (R11.19)",
    )


async def test_horn_damage_by_speed_and_the_bulls_ht_roll_r11_20(tmp_path: Path) -> None:
    """R11.20 example: a 600 kg bull (trample 1d+1) with big horns (+2) -> 1d+3; at 3 hexes
    half (9 -> 4) and HT 13 + 5 = 18; at 10 hexes x2 and impaling when sharp (4 -> 8).
    R11.17: 10 hexes a second = 36 km/h -> 4d.
    """
    t = await play(tmp_path, HORN_SLOW)
    expect(
        t.reply("/close-combat horn attacker:Bull target:Man moved:3 horn-mod:2 weight:600"),
        "  ┃ Damage: Horns 1d+3, rolled 9 ×1/2: 4 crushing (R11.20)",
        "  ┃     Bull rolls HT 18: 13 (5, 2, 6), Success",
        "  ┃     Man is thrown back 3 hexes.",
        "  ┃ HP: 40 → 36 / 40",
    )
    t2 = await play(tmp_path, HORN_FAST)
    expect(
        t2.reply(
            "/close-combat horn attacker:Bull target:Man moved:10 horn-mod:2 weight:600 sharp:true"
        ),
        "  ┃     Man is thrown back 10 hexes.",
        "  ┃     Should he hit a wall or the ground at that speed: 4d collision damage (R11.17).",
        "  ┃ Damage: Horns 1d+3, rolled 4 ×2: 8 impaling (R11.20)",
        "  ┃     Bull rolls HT 13: 11 (5, 4, 2), Success",
        "  ┃ Basic damage: 8 imp",
        "  ┃ Injury: 16",
    )


async def test_evade_modifiers_and_no_leaving_a_grapple_r11_23_r11_1(tmp_path: Path) -> None:
    """R11.23 example: DX 12 past a standing foe entering from his side: 12 - 5 + 2 = 9; past
    a kneeling one from his rear: 12 - 2 + 5 = 15. R11.1/R11.2: a grappled fighter cannot step
    out nor Evade.
    """
    t = await play(tmp_path, EVADE_AND_LEAVE)
    expect(
        t.reply("/maneuver combatant:Al maneuver:Move target:Orc evade:side"),
        "  ┃ Notes: Evade past Orc: DX 12 -5 +2 = 9 rolled 10 vs DX 11 rolled 12 → stopped in"
        " the hex (R11.23)",
    )
    expect(
        t.reply("/maneuver combatant:Al maneuver:Move target:Orc evade:rear"),
        "  ┃ Notes: Evade past Orc: DX 12 -2 +5 = 15 rolled 8 vs DX 11 rolled 9 → gets past"
        " (R11.23)",
    )
    block = t.reply("/close-combat leave combatant:Al foe:Kn")
    assert refused(block)
    expect(block, "  ┃ Kn holds Al: break free first (R11.2).")
    block = t.reply("/maneuver combatant:Al maneuver:Move target:Orc evade:front")
    assert refused(block)
    expect(block, "  ┃ Al is grappled and cannot Evade (R11.23).")


async def test_thrown_objects_damage_distance_and_limits_r12_1_to_r12_5(tmp_path: Path) -> None:
    """R12.1: DX 12 without Throwing -> 9; ST 12 throws at most 13 x 12 = 156 kg, ST 30 at most
    1,500 kg. R12.2: ST 12, 3 kg -> 1D-2; ST 17, 30 kg -> 2D-2; ST 7, 60 kg -> nothing. R12.3:
    1.5 x 12 = 18 m; 0.2 x 17 = 3.4 m. R12.4 examples (ST 30): 20 kg -> 3d+3, 120 kg -> 3d-1,
    200 kg -> 3d-3. R12.5: 20/30 -> row 0.5 -> 24 m; 120/30 = 4 -> 4.5 m; 200/30 -> row 5 -> 3 m.
    A.8: 5 m -> -2.
    """
    t = await play(tmp_path, THROWN_OBJECTS)
    expect(
        t.reply("/throw attacker:Al target:Orc object-kg:3 distance:5"),
        "  ┃ Weapon: Thrown object, 3 kg (1d-2 cr)",
        "  ┃ Effective skill: Skill 9",
        "  ┃     -2 distance and speed (A.8)",
        "  ┃     = 7",
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 18 m;"
        " at most 156 kg (R12.1, R12.2, R12.3).",
    )
    block = t.reply("/throw attacker:Al target:Orc object-kg:3 distance:19")
    assert refused(block)
    expect(block, "  ┃ 19 m is beyond the weapon's Max range of 18 m.")
    expect(
        t.reply("/throw attacker:Tr target:Orc object-kg:30 distance:2 extra-attack:true"),
        "  ┃ Range: A 30 kg object thrown with ST 17: damage 2d-2 (crushing), it flies up to 3.4 m;"
        " at most 221 kg (R12.1, R12.2, R12.3).",
    )
    expect(
        t.reply("/throw attacker:Gi target:Orc object-kg:20 distance:2 extra-attack:true"),
        "  ┃ Range: A 20 kg object thrown with ST 30: damage 3d+3 (crushing), it flies up to 24 m;"
        " at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        t.reply("/throw attacker:Gi target:Orc object-kg:120 distance:2 extra-attack:true"),
        "  ┃ Range: A 120 kg object thrown with ST 30: damage 3d-1 (crushing), it flies up to"
        " 4.5 m;"
        " at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        t.reply("/throw attacker:Gi target:Orc object-kg:200 distance:2 extra-attack:true"),
        "  ┃ Range: A 200 kg object thrown with ST 30: damage 3d-3 (crushing), it flies up to 3 m;"
        " at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    for typed, line in (
        (
            "/throw attacker:Gi target:Orc object-kg:1600 distance:2 extra-attack:true",
            "  ┃ ST 30 throws at most 1500 kg; 1600 kg is too heavy (R12.1).",
        ),
        (
            "/throw attacker:Al target:Orc object-kg:157 distance:1 extra-attack:true",
            "  ┃ ST 12 throws at most 156 kg; 157 kg is too heavy (R12.1).",
        ),
        (
            "/throw attacker:Wk target:Orc object-kg:60 distance:1 extra-attack:true",
            "  ┃ ST 7 throwing 60 kg does no damage (R12.2): nothing to roll.",
        ),
    ):
        block = t.reply(typed)
        assert refused(block), typed
        expect(block, line)


async def test_range_table_size_half_damage_and_max_a8_r12_3(tmp_path: Path) -> None:
    """R12.3 example: ST 12, Throwing 12-13 (+2), 3 kg -> 1.5 x 14 = 21 m; skill max(13, 9).
    A.8: 2 m -> 0, 3 m -> -1, 11 m + 4 m/s = 15 -> -5, between rows the larger penalty
    (21 -> -7, 101 -> -11, 180 -> -12); an ogre's SM +1. R5.3: -4 when the effective skill is
    below the Snap Shot number 12. From 1/2D (150 m) damage halves; past Max (200 m) refused.
    The long shots take +4 from the GM, or their effective skill would be below 3 (A.1).
    """
    t = await play(tmp_path, RANGE_TABLE)
    expect(
        t.reply("/throw attacker:Al target:Orc object-kg:3 distance:21"),
        "  ┃ Effective skill: Skill 13",
        "  ┃     -7 distance and speed (A.8)",
        "  ┃     = 6",
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 21 m;"
        " at most 156 kg (R12.1, R12.2, R12.3).",
    )
    expect(
        t.reply("/shoot attacker:Al target:Orc weapon:Bow distance:2 extra-attack:true"),
        "  ┃ Effective skill: Skill 14",
        "  ┃     = 14",
        "  ┃     Retreat not possible: no Retreat against ranged attacks (R6.9)",
    )
    expect(
        t.reply("/shoot attacker:Al target:Orc weapon:Bow distance:3 extra-attack:true"),
        "  ┃     -1 distance and speed (A.8)",
        "  ┃     = 13",
    )
    expect(
        t.reply("/shoot attacker:Al target:Orc weapon:Bow distance:11 speed:4 extra-attack:true"),
        "  ┃     -5 distance and speed (A.8)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 5",
    )
    expect(
        t.reply(
            "/shoot attacker:Al target:Ogre weapon:Bow distance:101 modifier:4 extra-attack:true"
        ),
        "  ┃     -11 distance and speed (A.8)",
        "  ┃     +1 target's Size Modifier (A.8)",
        "  ┃     +4 other (GM)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 4",
    )
    expect(
        t.reply(
            "/shoot attacker:Al target:Ogre weapon:Bow distance:180 modifier:4 extra-attack:true"
        ),
        "  ┃     -12 distance and speed (A.8)",
        "  ┃     = 3",
        "  ┃ Range: At the weapon's 1/2D or beyond: the damage is halved.",
    )
    block = t.reply("/shoot attacker:Al target:Ogre weapon:Bow distance:201 extra-attack:true")
    assert refused(block)
    expect(block, "  ┃ 201 m is beyond the weapon's Max range of 200 m.")


async def test_pop_up_blind_moving_hexes_and_cover_r12_6_r12_7_r12_10_r12_11_r12_15(
    tmp_path: Path,
) -> None:
    """R12.7 example: crossbow 14 -> 14 - 4 - 2 = 8; never with a bow. R12.6 example: skill 22
    -> 12, no roll above 9 succeeds. R12.10: running with a crossbow -6, walking with a bow -6.
    R12.11 example: two in the way -> -8. R12.15: head and shoulders -4; prone behind minimal
    cover, head down -7.
    """
    t = await play(tmp_path, SHOT_MODIFIERS)
    expect(
        t.reply('/shoot attacker:Al target:Orc weapon:Xbow maneuver:"Pop-up attack (R12.7)"'),
        "  ┃     -2 pop-up attack (R12.7)",
        "  ┃     -4 unaimed shot (R12.7)",
        "  ┃     = 8",
    )
    block = t.reply(
        '/shoot attacker:Al target:Orc weapon:Bow maneuver:"Pop-up attack (R12.7)"'
        " extra-attack:true"
    )
    assert refused(block)
    expect(block, "  ┃ A bow cannot make a pop-up attack (R12.7).")
    expect(
        t.reply(
            '/shoot attacker:Al target:Orc weapon:Xbow skill:22 maneuver:"Blind fire (R12.6)"'
            " extra-attack:true"
        ),
        "  ┃     -10 blind fire (R12.6)",
        "  ┃     capped at 9 (R12.6)",
        "  ┃     = 9",
    )
    expect(
        t.reply(
            '/shoot attacker:Al target:Orc weapon:Xbow moving:"running, crossbow" extra-attack:true'
        ),
        "  ┃     -6 firing while moving (R5.13)",
    )
    expect(
        t.reply('/shoot attacker:Al target:Orc weapon:Bow moving:"walking, bow" extra-attack:true'),
        "  ┃     -6 firing while moving (R5.13)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 4",
    )
    expect(
        t.reply(
            '/shoot attacker:Al target:Orc weapon:Bow cover:"Head and shoulders exposed (-4)"'
            " through-hexes:2 modifier:5 extra-attack:true"
        ),
        "  ┃     -8 through occupied hexes (R12.11)",
        "  ┃     -4 cover: head and shoulders exposed (R12.15)",
        "  ┃     +5 other (GM)",
        "  ┃     = 3",
    )
    expect(
        t.reply(
            '/shoot attacker:Al target:Orc weapon:Bow cover:"Prone behind minimal cover, head'
            ' down (-7)"'
            " extra-attack:true"
        ),
        "  ┃     -7 prone behind minimal cover, head down (R12.15)",
    )


async def test_opportunity_fire_and_the_wrong_target_r12_13_r12_12(tmp_path: Path) -> None:
    """R12.13 examples: bow 14 watching 5 hexes -> 14 - 6 - 4 = 4; one hex after 2 turns of
    Aim with Acc 2 -> 14 - 2 + 2 + 1 = 15; a line -5, identifying -2 more after a Vision roll
    (Per 10 rolls 10: he tells). Wait comes first.
    R12.12: each bystander rolled against min(skill, 9), nearest first, until one is hit; a
    kneeling one is passed over.
    """
    t = await play(tmp_path, OPPORTUNITY_AND_STRAY)
    block = t.reply("/fire-area opportunity attacker:Al target:Orc area:1 hex (-2) aim-turns:2", 1)
    assert refused(block)
    expect(
        block,
        "  ┃ Al must take the Wait maneuver first to fire at whoever enters the area (R12.13).",
    )
    expect(
        t.reply("/fire-area opportunity attacker:Al target:Orc area:5-6 hexes (-6)"),
        "  ┃     -6 opportunity fire, 5-6 hexes (R12.13)",
        "  ┃     -4 unaimed shot (R12.13)",
        "  ┃     = 4",
    )
    expect(
        t.reply("/fire-area opportunity attacker:Al target:Orc area:1 hex (-2) aim-turns:2", 2),
        "  ┃     +3 Aim (R5.3)",
        "  ┃     -2 opportunity fire, 1 hex (R12.13)",
        "  ┃     = 15",
    )
    expect(
        t.reply(
            "/fire-area opportunity attacker:Al target:Orc area:A straight line (-5) identify:true"
        ),
        "  ┃     -5 opportunity fire, a straight line (R12.13)",
        "  ┃     -2 telling friend from foe first (R12.13)",
        "  ┃     -4 unaimed shot (R12.13)",
        "  ┃     = 3",
        "  ┃ Friend or foe: Vision 10: 1 + 6 + 3 = 10, Success: Al tells friend from foe: it is"
        " Orc, and he shoots at -2 (R12.13)",
    )
    expect(
        t.reply("/fire-area stray attacker:Al line:Gob,Kn,Orc skill:13"),
        "  ┃ Gob: 9, rolled 13 (5, 2, 6): missed.",
        "  ┃ Kn: 9, rolled 8 (6, 1, 1): hit (R12.12).",
        "  ┃     capped at 9 (R12.12)",
        "  ┃     = 9",
    )
    expect(
        t.reply("/fire-area stray attacker:Al line:Gob,Kn,Orc skill:8"),
        "  ┃ Gob: kneeling or lying, the shot passes over him (R12.12).",
        "  ┃ Kn: 8, rolled 13 (4, 6, 3): missed.",
        "  ┃ Orc: 8, rolled 6 (2, 3, 1): hit (R12.12).",
    )


async def test_overpenetration_cover_dr_r13_9(tmp_path: Path) -> None:
    """R13.9 example: armor DR 2 (x2 layers) + HP 10 = 14; 15 basic goes through, 14 does not
    (strictly greater); the man behind (DR 1) resists with 1 + 14 = 15. A machine: 4 + 10/2 = 9.
    A thin plate: its DR alone, 2, halved by a (2) divisor -> 1. The divisor divides only the DR
    part: 4/2 + 10 = 12.
    """
    t = await play(tmp_path, OVERPENETRATION)
    expect(
        t.reply(
            "/fire-area through attacker:Al target:Man basic-damage:15 behind:Bk right-behind:true"
        ),
        "  ┃ Man's Cover DR is 14; the shot's basic damage is 15 (R13.9).",
        "  ┃ It goes through.",
        "  ┃ Bk, right behind, is hit: his DR against it is 15.",
    )
    expect(
        t.reply(
            "/fire-area through attacker:Al target:Man basic-damage:14 behind:Bk right-behind:true"
        ),
        "  ┃ Man's Cover DR is 14; the shot's basic damage is 14 (R13.9).",
        "  ┃ It stops there.",
    )
    expect(
        t.reply("/fire-area through attacker:Al target:Man basic-damage:15 behind:Bk"),
        "  ┃ Bk may be hit as the wrong target (R12.12): his DR against it would be 15.",
    )
    expect(
        t.reply(
            "/fire-area through attacker:Al target:Man basic-damage:15 kind:machine behind:Bk"
            " right-behind:true"
        ),
        "  ┃ Man's Cover DR is 9; the shot's basic damage is 15 (R13.9).",
        "  ┃ Bk, right behind, is hit: his DR against it is 10.",
    )
    expect(
        t.reply(
            "/fire-area through attacker:Al target:Man basic-damage:15 kind:thin behind:Bk"
            " right-behind:true divisor:2"
        ),
        "  ┃ Man's Cover DR is 1; the shot's basic damage is 15 (R13.9).",
    )
    expect(
        t.reply(
            "/fire-area through attacker:Al target:Man basic-damage:15 divisor:2 behind:Bk"
            " right-behind:true"
        ),
        "  ┃ Man's Cover DR is 12; the shot's basic damage is 15 (R13.9).",
        "  ┃ Bk, right behind, is hit: his DR against it is 13.",
    )


async def test_fighting_up_on_a_table_r13_2_r13_3(tmp_path: Path) -> None:
    """R13.3: a table is 1 m. R13.2 example: the lower attacker has head -2, legs +2; the
    defender on the table has head +1, legs -2 and defends at +1.
    """
    t = await play(tmp_path, TABLE_HEIGHT)
    expect(t.reply("/terrain set combatant:Orc preset:Table"), "  ┃ Standing 1 m up.")
    expect(
        t.reply("/encounter status"), "  ┃ 2. Orc [npc]: HP ▰▰▰▰▰ 80/80 · FP ▰▰▰▰▰ 11/11 · 1 m up"
    )
    expect(
        t.reply("/attack attacker:Al target:Orc location:skull"),
        "  ┃     -7 hit location (R7.19)",
        "  ┃     -2 head from below (R13.2)",
        "  ┃     = 5",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc location:leg extra-attack:true"),
        "  ┃     -2 hit location (R7.19)",
        "  ┃     +2 legs from below (R13.2)",
        "  ┃     = 14",
        "  ┃ Defenses: Dodge 9 · base 8 · +1 higher or lower ground (R13.2)",
        "  ┃     Parry 10 (Axe) · base 9 · +1 higher or lower ground (R13.2)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Al location:leg"),
        "  ┃     -2 legs from above (R13.2)",
        "  ┃     = 8",
    )


async def test_height_rows_and_a_long_weapon_r13_1_r13_2(tmp_path: Path) -> None:
    """R13.2: up to 30 cm nothing; a chair (50 cm) head -2 from below, no defense change; 1.2 m
    the lower defends at -2; 1.5 m the lower cannot reach the head, the higher defends at +3;
    1.8 m the higher reaches only the head, the lower only legs and feet; above 2 m no melee
    with a hand weapon. R13.1: a 2 m spear takes 1 m off 2.5 m -> the 1.6 m row.
    """
    t = await play(tmp_path, HEIGHT_ROWS)
    expect(
        t.reply("/attack attacker:Orc target:Al location:skull skill:30 extra-attack:true"),
        "  ┃     +1 head from above (R13.2)",
        "  ┃ Defenses: Dodge 7 · base 9 · -2 higher or lower ground (R13.2)",
    )
    unreachable = "  ┃ That location cannot be reached 1.5 m from there (R13.2)."
    block = t.reply("/attack attacker:Al target:Orc location:skull skill:30 extra-attack:true", 1)
    assert refused(block)
    expect(block, unreachable)
    expect(
        t.reply("/attack attacker:Al target:Orc location:leg skill:30 extra-attack:true"),
        "  ┃     +2 legs from below (R13.2)",
        "  ┃ Defenses: Dodge 11 · base 8 · +3 higher or lower ground (R13.2)",
    )
    for typed in (
        "/attack attacker:Orc target:Al location:arm skill:30 extra-attack:true",
        "/attack attacker:Al target:Orc skill:30 extra-attack:true",
    ):
        block = t.reply(typed)
        assert refused(block), typed
        expect(block, "  ┃ That location cannot be reached 1.8 m from there (R13.2).")
    expect(
        t.reply("/attack attacker:Al target:Orc location:foot skill:30 extra-attack:true", 1),
        "  ┃     -4 hit location (R7.19)",
        "  ┃     +2 legs from below (R13.2)",
        "  ┃     = 28",
    )
    block = t.reply("/attack attacker:Al target:Orc location:foot skill:30 extra-attack:true", 2)
    assert refused(block)
    expect(block, "  ┃ 2.5 m apart: no melee with hand weapons (R13.2).")
    expect(
        t.reply(
            "/attack attacker:Al target:Orc weapon:Spear location:foot skill:30 extra-attack:true"
        ),
        "  ┃     +2 legs from below (R13.2)",
        "  ┃ Defenses: Dodge 11 · base 8 · +3 higher or lower ground (R13.2)",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc location:skull skill:30 extra-attack:true", 2),
        "  ┃     -7 hit location (R7.19)",
        "  ┃     = 23",
        "  ┃ Defenses: Dodge 8",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc location:skull skill:30 extra-attack:true", 3),
        "  ┃     -2 head from below (R13.2)",
        "  ┃     = 21",
        "  ┃ Defenses: Dodge 8",
    )


async def test_under_water_penalties_damage_and_missiles_r13_4_r13_1(tmp_path: Path) -> None:
    """R13.1 example: a 2 m spear up to a 1.2 m counter -> 0.2 m, ignored. R13.4 example:
    broadsword (reach 1) 14 with encumbrance 1 -> 14 - 4 - 1 = 9; reach 2 -> -8; reach C -2;
    damage halved (2d+1 rolled 10 -> 5, cut x1.5 -> 7); a thrown knife's Max 18 m / 10 = 1.8 m;
    bows useless.
    """
    t = await play(tmp_path, UNDER_WATER)
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Spear location:skull skill:30"),
        "  ┃     -7 hit location (R7.19)",
        "  ┃     = 23",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Sword extra-attack:true"),
        "  ┃     -4 water, by reach (R13.4)",
        "  ┃     -1 water, encumbrance (R13.4)",
        "  ┃     = 9",
    )
    expect(t.reply(":click No defense"), "  ┃ HP: 80 → 73 / 80")
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Spear extra-attack:true"),
        "  ┃     -8 water, by reach (R13.4)",
        "  ┃     = 5",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Knife extra-attack:true"),
        "  ┃     -2 water, by reach (R13.4)",
        "  ┃     = 11",
    )
    block = t.reply("/throw attacker:Al target:Orc weapon:Knife distance:2 extra-attack:true")
    assert refused(block)
    expect(
        block,
        "  ┃ 2 m is beyond the weapon's Max range of 1.8 m: under water a thrown weapon's 1/2D "
        "and Max are divided by 10 (R13.4).",
    )
    block = t.reply("/shoot attacker:Al target:Orc weapon:Bow distance:2 extra-attack:true")
    assert refused(block)
    expect(block, "  ┃ Bows and crossbows are useless under water (R13.4).")


async def test_in_water_halved_penalties_and_two_thirds_damage_r13_5(tmp_path: Path) -> None:
    """R13.5 example: reach-1 sword 14 -> 14 - 2 = 12 (encumbrance 1 halved toward zero -> 0);
    reach 2 -> -4, reach C -> -1; damage x2/3 rounded down (10 -> 6, cut -> 9). Thrown ranges
    and bows are unaffected above the knee.
    """
    t = await play(tmp_path, IN_WATER)
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Sword extra-attack:true"),
        "  ┃     -2 water, by reach (R13.5)",
        "  ┃     = 12",
    )
    expect(
        t.reply(":click No defense"),
        "  ┃ Basic damage: 2d+1 → 6 cut (4, 5) (rolled 10, ×2/3 in the water, R13.4, R13.5)",
        "  ┃ Injury: 9",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Spear extra-attack:true"),
        "  ┃     -4 water, by reach (R13.5)",
        "  ┃     = 10",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Knife extra-attack:true"),
        "  ┃     -1 water, by reach (R13.5)",
        "  ┃     = 13",
    )
    assert not refused(
        t.reply("/throw attacker:Al target:Orc weapon:Knife distance:2 extra-attack:true")
    )
    assert not refused(
        t.reply("/shoot attacker:Al target:Orc weapon:Bow distance:2 extra-attack:true")
    )


async def test_attack_from_above_and_shooting_down_or_up_r13_6_r12_8_r12_9(tmp_path: Path) -> None:
    """R13.6 example: Per 12 -> Vision 10, watching 14; noticed in time, defenses -2 (Dodge 8
    -> 6); unseen, no defense. R12.8 example: 20 m away, 10 m below -> 15 m (-5). R12.9
    example: 10 m above -> 30 m (-7).
    """
    t = await play(tmp_path, FROM_ABOVE)
    expect(
        t.reply("/terrain ambush combatant:Orc"),
        "  ┃ Roll: Vision: Per 12 -2 = 10, rolled 12 (1, 6, 5): Failure (R13.6)",
    )
    expect(
        t.reply("/terrain ambush combatant:Orc watching:true"),
        "  ┃ Roll: Vision: Per 12 +2 = 14, rolled 8 (2, 3, 3): Success (R13.6)",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc from:from above, noticed in time (R13.6)"),
        "  ┃ Defenses: Dodge 6 · base 8 · -2 attack from above (R13.6)",
        "  ┃     Parry 7 (Axe) · base 9 · -2 attack from above (R13.6)",
    )
    expect(
        t.reply("/attack attacker:Al target:Orc from:from above, unseen (R13.6) extra-attack:true"),
        "  ┃ Defenses: No defense is possible: unaware of the attack from above (R13.6).",
        "  ┃ HP: 80 → 70 / 80",
    )
    first, second = t.replies(
        "/shoot attacker:Ar target:Orc weapon:Bow distance:20 extra-attack:true"
    )
    expect(
        first,
        "  ┃     -5 distance and speed (R12.8)",
        "  ┃ Range: Read on the table as 15 m (R12.8).",
    )
    expect(
        second,
        "  ┃     -7 distance and speed (R12.9)",
        "  ┃ Range: Read on the table as 30 m (R12.9).",
    )


async def test_shield_bash_drops_the_db_until_the_next_turn_r11_27(tmp_path: Path) -> None:
    """R11.27 example: a bash with a DB 2 shield (Shield skill 12, thrust crushing, parried at
    -2, R6.7); until his next turn his Dodge, Parry and Block lose the +2 (9, 10, 9), and get
    it back afterwards (11, 12, 11).
    """
    t = await play(tmp_path, SHIELD_BASH)
    expect(
        t.reply("/attack attacker:Al target:Orc weapon:Kite"),
        "  ┃ Effective skill: Skill 12",
        "  ┃     Parry 7 (Axe) · base 9 · -2 parrying a shield (R6.7)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Al skill:20"),
        "  ┃ Defenses: Dodge 9",
        "  ┃     Parry 10 (Sword)",
        "  ┃     Block 9",
    )
    expect(
        t.reply("/attack attacker:Orc target:Al skill:20 extra-attack:true"),
        "  ┃ Defenses: Dodge 11 · base 9 · +2 shield DB (A.4)",
        "  ┃     Parry 12 (Sword) · base 10 · +2 shield DB (A.4)",
        "  ┃     Block 11 · base 9 · +2 shield DB (A.4)",
    )
