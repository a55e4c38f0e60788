"""Sections 2-7 of the rules catalog re-checked through the sandbox, one short fight per rule.

Each test plays a fight as it would be typed in Discord, with seeded dice, and checks the
bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
The issue-10 items have their own fights in ``test_review_issue10.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.render.encounter import bar
from tests.e2e.review_play import Fight, expect, play, refused

PARTIAL_SURPRISE = Fight(
    1,
    """
    /encounter start name:Ambush
    /combatant add name:Al st:10 dx:14 iq:12 ht:14 side:pc combat-reflexes:true
    /combatant add name:Gob st:10 dx:10 iq:3 ht:10 side:npc
    /combatant add name:Kay st:10 dx:10 iq:10 ht:10 side:npc
    /encounter surprise kind:partial side:pc other-side:npc leader:Al other-leader:Kay tactics:20
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

REALISTIC_AND_UNAWARE_NEWCOMERS = Fight(
    1,
    """
    /encounter start name:Real initiative:Realistic
    /combatant add name:Ana st:10 dx:13 iq:10 ht:12 move:6
    /combatant add name:Orc st:10 dx:12 iq:10 ht:12 move:6
    /combatant add name:Wolf st:10 dx:12 iq:10 ht:12 move:10
    /encounter next
    /combatant add name:Guard st:10 dx:10 iq:10 ht:10 move:5
    /combatant add name:Scout st:10 dx:10 iq:10 ht:10 move:8
    /encounter status
""",
)

BASIC_SPEED_ORDER = Fight(
    1,
    """
    /encounter start name:Std
    /combatant add name:Knight st:10 dx:12 iq:10 ht:11
    /combatant add name:Rogue st:10 dx:13 iq:10 ht:11
    /combatant add name:Orc st:10 dx:11 iq:10 ht:12
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

GETTING_UP_AND_EVALUATE = Fight(
    1,
    """
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /combatant weapon add name:Ann weapon:Short skill:14 damage:thr imp
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:60
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:60
    /encounter next
    /combatant condition name:Ann posture:prone
    /maneuver combatant:Ann maneuver:Change Posture posture:standing
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Change Posture posture:standing
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /encounter next
    /attack attacker:Ann target:Cid
""",
)

EVALUATE_WILD_SWING_TWO_WEAPONS = Fight(
    1,
    """
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /combatant weapon add name:Ann weapon:Short skill:14 damage:thr imp
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:60
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Evaluate target:Bob
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob wild-swing:true
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob through-hexes:1 darkness:-7 wild-swing:true
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob through-hexes:2
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob two-weapons:main weapon:Sword
    /attack attacker:Ann target:Bob two-weapons:off weapon:Short
""",
)

ALL_OUT_ATTACK = Fight(
    1,
    """
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:10 ht:14 hp:40
    /combatant weapon add name:Ann weapon:Sword skill:12 damage:sw cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:60
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /attack attacker:Ann target:Bob maneuver:"All-Out Attack: +4 to hit"
    /encounter next
    /attack attacker:Bob target:Ann
    /encounter next
    /attack attacker:Ann target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Ann target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Ann target:Bob maneuver:"All-Out Attack: two attacks"
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob maneuver:"All-Out Attack: feint and attack"
    /encounter next
    /encounter next
    /attack attacker:Ann target:Bob maneuver:"Move and Attack"
""",
)

FEINT_DEFENSE_CONCENTRATE = Fight(
    3,
    """
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:13 ht:14 will:9 hp:40
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /character create name:Shieldy st:10 dx:10 iq:10 ht:10
    /character shield set character:Shieldy skill:12 db:2
    /character weapon add character:Shieldy weapon:Mace skill:12 damage:sw cr
    /combatant add character:Shieldy name:Bob
    /encounter next
    /maneuver combatant:Ann maneuver:Feint target:Bob
    /encounter next
    /maneuver combatant:Bob maneuver:All-Out Defense all-out-defense:+1 Block
    /encounter next
    /attack attacker:Ann target:Bob
    /encounter next
    /maneuver combatant:Bob maneuver:All-Out Defense all-out-defense:+2 Dodge
    /encounter next
    /maneuver combatant:Ann maneuver:Concentrate
    /encounter next
    /attack attacker:Bob target:Ann
    :click Dodge
""",
)

AIM_CAP_AND_WILL_CONCENTRATION = Fight(
    3,
    """
    /settings rule option:concentrate_will enabled:true
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:13 ht:14 will:9 basic-speed:12
    /combatant weapon add name:Ann weapon:Bow skill:13 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:60
    /combatant weapon add name:Bob weapon:Mace skill:12 damage:sw cr
    /encounter next
    /maneuver combatant:Ann maneuver:Concentrate
    /maneuver combatant:Ann maneuver:Move
    /encounter next
    /attack attacker:Bob target:Ann
    :click Dodge
    /encounter next
    /maneuver combatant:Ann maneuver:Aim target:Bob braced:true
    /maneuver combatant:Ann maneuver:Aim target:Bob braced:true
    /encounter next
    /encounter next
    /maneuver combatant:Ann maneuver:Aim target:Bob braced:true
    /maneuver combatant:Ann maneuver:Aim target:Bob braced:true
    /encounter next
    /encounter next
    /shoot attacker:Ann target:Bob
    /shoot attacker:Ann target:Bob moving:"running, bow"
""",
)

FIRING_WHILE_MOVING = Fight(
    3,
    """
    /encounter start name:M
    /combatant add name:Ann st:10 dx:14 iq:13 ht:14
    /combatant weapon add name:Ann weapon:Bow skill:20 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant weapon add name:Ann weapon:Gun skill:20 damage:2d pi accuracy:1 snap-shot:10
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:60
    /encounter next
    /shoot attacker:Ann target:Bob moving:"running, bow" weapon:Bow
    /encounter next
    /encounter next
    /shoot attacker:Ann target:Bob moving:"walking, bow" weapon:Bow
    /encounter next
    /encounter next
    /shoot attacker:Ann target:Bob moving:"running, crossbow" weapon:Bow
    /encounter next
    /encounter next
    /shoot attacker:Ann target:Bob moving:running weapon:Gun
    /encounter next
    /encounter next
    /shoot attacker:Ann target:Bob moving:walking weapon:Gun unseen:true
""",
)

CHAMBARA = Fight(
    3,
    """
    /encounter start name:M
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 combat-reflexes:true hp:50
    /combatant weapon add name:Mas weapon:Katana skill:18 damage:sw+1 cut
    /combatant weapon add name:Mas weapon:Wakizashi skill:18 damage:sw cut
    /combatant trait add name:Mas trait:Trained by a Master or Weapon Master (chambara)
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /encounter next
    /attack attacker:Mas target:Bob wild-swing:true
    /attack attacker:Mas target:Bob two-weapons:main weapon:Katana
    /attack attacker:Mas target:Bob two-weapons:off weapon:Wakizashi
    /attack attacker:Mas target:Bob two-weapons:off weapon:Wakizashi
    /attack attacker:Mas target:Bob two-weapons:off weapon:Wakizashi
    /encounter next
    /attack attacker:Bob target:Mas from:rear
""",
)

CINEMATIC_PARRIES = Fight(
    3,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Cid st:10 dx:14 iq:10 ht:14 hp:80
    /combatant weapon add name:Cid weapon:Mace skill:14 damage:sw cr
    /combatant add name:Mas st:10 dx:13 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Katana skill:24 damage:sw+1 cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /encounter next
    /maneuver combatant:Cid maneuver:All-Out Defense all-out-defense:double defense
    /encounter next
    /attack attacker:Mas target:Bob
    :click Parry
    /attack attacker:Mas target:Bob
    :click Parry
    /attack attacker:Mas target:Bob
    /attack attacker:Mas target:Cid
    :click Parry
    /attack attacker:Mas target:Cid extra-attack:true
    :click Parry
    /attack attacker:Mas target:Cid extra-attack:true
    :click Parry
    /attack attacker:Mas target:Cid extra-attack:true
    :click Parry
    /attack attacker:Mas target:Cid extra-attack:true
""",
)

ALL_OUT_ATTACK_SERIES = Fight(
    3,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Katana skill:24 damage:sw+1 cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /encounter next
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"
    /encounter next
    /encounter next
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: +4 to hit"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: +4 to hit"
""",
)

SPARE_ATTACK_FEINT = Fight(
    3,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Katana skill:16 damage:sw+1 cut
    /combatant weapon add name:Mas weapon:Axe skill:16 damage:sw+2 cut parry:0U
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /encounter next
    /maneuver combatant:Mas maneuver:Feint target:Bob spare-attack:true weapon:Katana
    /attack attacker:Mas target:Bob weapon:Katana
    :click Parry
    /attack attacker:Mas target:Bob weapon:Axe
    /maneuver combatant:Mas maneuver:Ready weapon:Axe spare-attack:true
    /encounter status
""",
)

SPARE_ATTACK_READY = Fight(
    3,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Axe skill:16 damage:sw+2 cut parry:0U
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /encounter next
    /attack attacker:Mas target:Bob weapon:Axe
    /maneuver combatant:Mas maneuver:Ready weapon:Axe spare-attack:true
    /attack attacker:Mas target:Bob weapon:Axe
    /encounter status
    /encounter next
    /attack attacker:Bob target:Mas
""",
)

VOLLEY_AND_THROWN = Fight(
    0,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Arch st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Arch weapon:Bow skill:13 damage:1d+2 imp accuracy:2 snap-shot:15
    /combatant weapon add name:Arch weapon:Knife skill:16 damage:thr imp thrown:true knife:true
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /encounter next
    /shoot attacker:Arch target:Bob weapon:Bow fast-draw:14
    /shoot attacker:Arch target:Bob weapon:Bow fast-draw:14
    /shoot attacker:Arch target:Bob weapon:Bow fast-draw:14
    /encounter next
    /encounter next
    /throw attacker:Arch target:Bob weapon:Knife fast-draw:13
    /throw attacker:Arch target:Bob weapon:Knife fast-draw:13
""",
)

STEPS_AND_EVADE = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:M15 st:10 dx:15 iq:10 ht:14 move:15
    /combatant add name:Slow st:10 dx:14 iq:10 ht:14 move:3
    /combatant add name:M9 st:10 dx:13 iq:10 ht:14 move:9
    /combatant add name:Mas st:10 dx:12 iq:10 ht:14 move:7
    /combatant trait add name:Mas trait:Trained by a Master or Weapon Master (chambara)
    /combatant skill add name:Mas skill:Jumping level:15
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10
    /combatant add name:Eve st:10 dx:12 iq:10 ht:10
    /encounter next
    /maneuver combatant:M15 maneuver:Evaluate target:Bob
    /encounter next
    /maneuver combatant:Slow maneuver:Aim target:Bob
    /encounter next
    /maneuver combatant:M9 maneuver:All-Out Defense all-out-defense:+2 Dodge
    /encounter next
    /maneuver combatant:Mas maneuver:Move target:Bob evade:from the rear
    /encounter next
    /maneuver combatant:Eve maneuver:Move target:Bob evade:from the side
""",
)

OPTIONS_CRITICALS_AND_ATTACKS = Fight(
    3,
    """
    /settings rule option:extended_criticals enabled:true
    /check skill:27
    /check skill:20
    /check skill:19
    /check skill:35
    /encounter start name:D
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Katana skill:16 damage:sw+1 cut
    /combatant trait add name:Mas trait:Trained by a Master or Weapon Master (chambara)
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter next
    /attack attacker:Mas target:Bob
    /settings rule option:chambara_literal_attacks enabled:true
    /attack attacker:Mas target:Bob
""",
)

DEFENSE_ARCS = Fight(
    3,
    """
    /encounter start name:M
    /combatant add name:Bob st:10 dx:14 iq:10 ht:14 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:14 damage:sw cr
    /character create name:Tank st:10 dx:10 iq:10 ht:10 hp:80
    /character shield set character:Tank skill:12 db:2
    /character weapon add character:Tank weapon:Sword skill:14 damage:sw cut
    /character weapon add character:Tank weapon:Knife skill:14 damage:thr imp
    /character weapon add character:Tank weapon:Staff skill:14 damage:sw cr two-handed:true
    /combatant add character:Tank
    /encounter next
    /attack attacker:Bob target:Tank from:left side
    /attack attacker:Bob target:Tank from:right side extra-attack:true
    /attack attacker:Bob target:Tank from:rear, the target knows extra-attack:true
    /attack attacker:Bob target:Tank from:rear extra-attack:true
""",
)

SPECIAL_PARRIES = Fight(
    3,
    """
    /encounter start name:M
    /combatant add name:Bob st:10 dx:14 iq:10 ht:14 hp:80
    /combatant weapon add name:Bob weapon:Flail skill:14 damage:sw+1 cr flail:true
    /combatant weapon add name:Bob weapon:Dagger skill:14 damage:thr imp knife:true thrown:true
    /combatant weapon add name:Bob weapon:Javelin skill:14 damage:thr+1 imp thrown:true
    /combatant weapon add name:Bob weapon:Bow skill:14 damage:1d imp accuracy:2 snap-shot:10
    /character create name:Tank st:10 dx:10 iq:10 ht:10 hp:80
    /character shield set character:Tank skill:12 db:3 large:true
    /character weapon add character:Tank weapon:Sword skill:14 damage:sw cut
    /character weapon add character:Tank weapon:Knife skill:14 damage:thr imp knife:true parry:-1
    /character skill add character:Tank skill:Acrobatics level:13
    /combatant add character:Tank
    /encounter next
    /attack attacker:Bob target:Tank weapon:Flail
    /throw attacker:Bob target:Tank weapon:Dagger extra-attack:true
    /throw attacker:Bob target:Tank weapon:Javelin extra-attack:true from:left side
    /shoot attacker:Bob target:Tank weapon:Bow extra-attack:true from:left side
    /defend target:Tank defense:Dodge acrobatic:true
""",
)

RETREAT_BASIC_SET_AND_PARRY_FOR_OTHERS = Fight(
    3,
    """
    /settings rule option:retreat_basic_set enabled:true
    /encounter start name:M
    /combatant add name:Bob st:10 dx:14 iq:10 ht:14 hp:80
    /combatant weapon add name:Bob weapon:Mace skill:18 damage:sw cr
    /combatant add name:Fen st:10 dx:10 iq:10 ht:10 hp:80
    /combatant weapon add name:Fen weapon:Rapier skill:14 damage:thr+1 imp parry:0F
    /combatant weapon add name:Fen weapon:Sword skill:14 damage:sw cut
    /character create name:Shieldy st:10 dx:10 iq:10 ht:10 hp:80
    /character shield set character:Shieldy skill:12 db:2
    /character weapon add character:Shieldy weapon:Mace skill:12 damage:sw cr
    /combatant add character:Shieldy name:Pal
    /encounter next
    /attack attacker:Bob target:Fen
    :click Retreat
    /attack attacker:Bob target:Pal extra-attack:true
    :click Retreat
    /defend target:Pal defense:Parry defender:Fen
    /attack attacker:Bob target:Fen extra-attack:true
""",
)

DEFENSE_LIMITS = Fight(
    3,
    """
    /encounter start name:Z
    /combatant add name:B st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:B weapon:Bow skill:12 damage:1d imp accuracy:2
    /combatant weapon add name:B weapon:Sword skill:12 damage:sw cut
    /combatant skill add name:B skill:Acrobatics level:14
    /combatant add name:D st:10 dx:13 iq:10 ht:14 hp:50
    /combatant weapon add name:D weapon:Sword skill:12 damage:sw cut
    /combatant add name:A st:10 dx:12 iq:10 ht:14 hp:50
    /combatant weapon add name:A weapon:Mace skill:20 damage:sw cr
    /combatant add name:K st:10 dx:10 iq:10 ht:10 hp:50
    /combatant weapon add name:K weapon:Sword skill:12 damage:sw cut
    /encounter next
    /maneuver combatant:B maneuver:Ready missile:true weapon:Bow
    /encounter next
    /maneuver combatant:D maneuver:All-Out Defense all-out-defense:double defense
    /encounter next
    /combatant condition name:K posture:kneeling
    /attack attacker:A target:B
    /defend target:B defense:Dodge retreat:true acrobatic:true
    /attack attacker:A target:B extra-attack:true
    /defend target:B defense:Dodge acrobatic:true
    /attack attacker:A target:K extra-attack:true
    /attack attacker:A target:D extra-attack:true
    :click Parry
    /attack attacker:A target:D extra-attack:true
    :click Parry
    /attack attacker:A target:D extra-attack:true
""",
)

GENERAL_INJURY = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Reel st:15 dx:10 iq:10 ht:10 hp:15
    /combatant add name:Low st:12 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Doom st:11 dx:10 iq:10 ht:11 hp:11
    /combatant add name:Big25 st:10 dx:10 iq:10 ht:10 hp:25
    /combatant add name:Big30 st:10 dx:10 iq:10 ht:10 hp:30
    /encounter next
    /damage target:Reel amount:11 type:cr
    /combatant show name:Reel
    /damage target:Low amount:25 type:cr
    /damage target:Doom amount:16 type:cr
    /damage target:Doom amount:18 type:cr
    /damage target:Big25 amount:7 type:cr
    /damage target:Big30 amount:14 type:cr
    /encounter status
""",
)

ZERO_HP_AFTER_DEFENDING = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Low st:12 dx:14 iq:10 ht:11 hp:12
    /combatant weapon add name:Low weapon:Sword skill:12 damage:sw cut
    /combatant add name:Orc st:12 dx:10 iq:10 ht:11 hp:12
    /combatant weapon add name:Orc weapon:Club skill:16 damage:sw cr
    /encounter next
    /combatant edit name:Low hp:-13
    /encounter next
    /attack attacker:Orc target:Low
    :click Dodge
    /encounter next
    /maneuver combatant:Low maneuver:Do Nothing
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Do Nothing
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Move
""",
)

ZERO_HP_DOING_NOTHING = Fight(
    4,
    """
    /encounter start name:D
    /combatant add name:Low st:12 dx:14 iq:10 ht:11 hp:12
    /combatant weapon add name:Low weapon:Sword skill:12 damage:sw cut
    /combatant add name:Orc st:12 dx:10 iq:10 ht:11 hp:12
    /combatant weapon add name:Orc weapon:Club skill:16 damage:sw cr
    /encounter next
    /combatant edit name:Low hp:-13
    /encounter next
    /attack attacker:Orc target:Low
    /encounter next
    /maneuver combatant:Low maneuver:Do Nothing
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Do Nothing
    /encounter next
    /encounter next
    /maneuver combatant:Low maneuver:Move
""",
)

DEATH_AND_DESTRUCTION = Fight(
    3,
    """
    /settings rule option:mortal_wounds enabled:true
    /encounter start name:D
    /combatant add name:A st:11 dx:10 iq:10 ht:11 hp:11
    /combatant add name:B st:11 dx:10 iq:10 ht:11 hp:11
    /combatant add name:C st:11 dx:10 iq:10 ht:11 hp:11
    /combatant add name:E st:11 dx:10 iq:10 ht:11 hp:11
    /encounter next
    /damage target:A amount:66 type:cr
    /damage target:B amount:121 type:cr
    /damage target:C amount:121 type:cr can-destroy:false
    /damage target:E amount:12 type:cr
    /encounter status
""",
)

MORTAL_WOUND = Fight(
    1,
    """
    /settings rule option:mortal_wounds enabled:true
    /encounter start name:D
    /combatant add name:E st:30 dx:10 iq:10 ht:11 hp:11
    /combatant add name:F st:30 dx:10 iq:10 ht:11 hp:11
    /encounter next
    /damage target:E amount:23 type:cut
    /encounter status
    /encounter next
    /encounter next
    /encounter next
""",
)

KNOCKDOWN = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Face st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Hpt st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Hpt trait:High Pain Threshold
    /combatant add name:Lpt st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Lpt trait:Low Pain Threshold
    /combatant add name:Minor st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Vit st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Sku st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Eye st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Nov st:30 dx:10 iq:10 ht:12 hp:12
    /combatant trait add name:Nov trait:Injury Tolerance (No Vitals)
    /combatant trait add name:Nov trait:Low Pain Threshold
    /combatant add name:Man st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Man trait:Male humanoid (groin, R7.28)
    /combatant add name:Man2 st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Man2 trait:Male humanoid (groin, R7.28)
    /encounter next
    /damage target:Face amount:7 type:cr location:face
    /damage target:Hpt amount:7 type:cr location:face
    /damage target:Lpt amount:7 type:cr location:face
    /damage target:Minor amount:1 type:cr location:face
    /damage target:Vit amount:3 type:imp location:vitals
    /damage target:Sku amount:2 type:cr location:skull
    /damage target:Eye amount:2 type:imp location:eye
    /damage target:Nov amount:7 type:cr location:groin
    /damage target:Man amount:3 type:cr location:groin
    /damage target:Man2 amount:5 type:cr location:groin
    /combatant add name:Man3 st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Man3 trait:Male humanoid (groin, R7.28)
    /damage target:Man3 amount:7 type:cr location:groin
""",
)

HIT_LOCATIONS = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Golem st:30 dx:10 iq:10 ht:12 hp:12
    /combatant trait add name:Golem trait:Injury Tolerance (No Brain)
    /combatant add name:Golem2 st:30 dx:10 iq:10 ht:12 hp:12
    /combatant trait add name:Golem2 trait:Injury Tolerance (No Brain)
    /combatant add name:Acid st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Acid2 st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Neck st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Neck2 st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Beam st:30 dx:10 iq:10 ht:11 hp:30
    /combatant add name:Plate st:30 dx:10 iq:10 ht:11 hp:12
    /combatant armor set name:Plate location:all dr:6
    /combatant add name:Helm st:30 dx:10 iq:10 ht:11 hp:30
    /combatant armor set name:Helm location:skull dr:2
    /combatant add name:Leg st:30 dx:10 iq:10 ht:11 hp:10
    /combatant add name:Hand st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Tor st:30 dx:10 iq:10 ht:11 hp:30
    /encounter next
    /damage target:Golem amount:9 type:cr location:skull
    /damage target:Golem2 amount:3 type:cr location:skull
    /damage target:Acid amount:8 type:cor location:face
    /damage target:Acid2 amount:10 type:cor location:face
    /damage target:Neck amount:5 type:cr location:neck
    /damage target:Neck2 amount:7 type:cut location:neck
    /damage target:Beam amount:5 type:burn location:vitals tight-beam:true
    /damage target:Plate amount:6 type:imp chinks:true
    /damage target:Helm amount:9 type:cr location:skull
    /damage target:Leg amount:9 type:imp location:leg
    /damage target:Hand amount:6 type:cut location:hand
    /damage target:Tor amount:8 type:cut
    /encounter next
    /encounter status
""",
)

CRUSHED_WINDPIPE = Fight(
    0,
    """
    /encounter start name:D
    /combatant add name:Neck st:30 dx:10 iq:10 ht:9 hp:12 combat-reflexes:true
    /combatant add name:Orc st:30 dx:9 iq:10 ht:9 hp:12 combat-reflexes:true
    /encounter next
    /damage target:Neck amount:4 type:cr location:neck
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

KNOCKBACK_TRAUMA_AREA = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:KB st:12 dx:10 iq:10 ht:11 hp:40
    /combatant add name:Cut st:12 dx:10 iq:10 ht:11 hp:40
    /combatant armor set name:Cut location:all dr:30
    /combatant add name:Bul st:12 dx:10 iq:10 ht:8 hp:40
    /combatant add name:Flex st:12 dx:10 iq:10 ht:11 hp:40
    /combatant armor set name:Flex location:all dr:15 flexible:true
    /combatant add name:Flex2 st:12 dx:10 iq:10 ht:11 hp:40
    /combatant armor set name:Flex2 location:all dr:15 flexible:true
    /combatant add name:Drag st:12 dx:10 iq:10 ht:11 hp:40
    /combatant armor set name:Drag location:all dr:6
    /combatant armor set name:Drag location:arm dr:0
    /combatant add name:Judo st:12 dx:10 iq:10 ht:11 hp:40
    /combatant skill add name:Judo skill:Judo level:14
    /encounter next
    /damage target:KB amount:23 type:cr
    /damage target:Cut amount:20 type:cut
    /damage target:Bul amount:20 type:pi bullet:true knockback-ht:true
    /damage target:Flex amount:14 type:cr
    /damage target:Flex2 amount:14 type:cut
    /damage target:Drag amount:10 type:burn large-area:true
    /damage target:Judo amount:30 type:cr
""",
)

FOOTING_AND_ACROBATIC_RISE = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Judo st:12 dx:10 iq:10 ht:11 hp:40
    /combatant skill add name:Judo skill:Judo level:14
    /combatant skill add name:Judo skill:Acrobatics level:12
    /combatant add name:Acro st:12 dx:8 iq:10 ht:11 hp:40
    /combatant skill add name:Acro skill:Acrobatics level:16
    /combatant add name:Tumbler st:12 dx:8 iq:10 ht:11 hp:40
    /combatant skill add name:Tumbler skill:Acrobatics level:16
    /encounter next
    /damage target:Judo amount:20 type:cr
    /damage target:Acro amount:20 type:cr
    /combatant condition name:Tumbler posture:prone
    /encounter next
    /encounter next
    /maneuver combatant:Tumbler maneuver:Change Posture posture:standing acrobatics:true
""",
)

OPTIONS_INJURY = Fight(
    3,
    """
    /settings rule option:crippling_at_threshold enabled:true
    /settings rule option:groin_knockdown_any_type enabled:true
    /settings rule option:injury_tolerance_no_knockdown_modifiers enabled:true
    /settings rule option:pain_threshold_shock enabled:true
    /encounter start name:D
    /combatant add name:Arm st:30 dx:10 iq:10 ht:11 hp:10
    /combatant add name:Hand st:30 dx:10 iq:10 ht:11 hp:12
    /combatant add name:Man st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Man trait:Male humanoid (groin, R7.28)
    /combatant add name:Golem st:30 dx:10 iq:10 ht:12 hp:12
    /combatant trait add name:Golem trait:Injury Tolerance (No Brain)
    /combatant trait add name:Golem trait:Low Pain Threshold
    /combatant add name:Hpt st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Hpt trait:High Pain Threshold
    /combatant add name:Lpt st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Lpt trait:Low Pain Threshold
    /combatant add name:Lpt2 st:30 dx:10 iq:10 ht:11 hp:12
    /combatant trait add name:Lpt2 trait:Low Pain Threshold
    /combatant add name:Eye st:30 dx:10 iq:10 ht:11 hp:10
    /encounter next
    /damage target:Arm amount:5 type:cr location:arm
    /damage target:Hand amount:4 type:cr location:hand
    /damage target:Man amount:5 type:cut location:groin
    /damage target:Golem amount:9 type:cr location:skull
    /damage target:Hpt amount:3 type:cr
    /damage target:Lpt amount:3 type:cr
    /damage target:Lpt2 amount:5 type:cr
    /damage target:Eye amount:1 type:imp location:eye
""",
)

OPTIONS_MINIMUM_AND_DIFFUSE = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:A st:3 dx:10 iq:10 ht:11 hp:10
    /combatant weapon add name:A weapon:Pin skill:30 damage:thr-1 imp
    /combatant weapon add name:A weapon:Club skill:30 damage:thr-1 cr
    /combatant add name:Dif st:10 dx:10 iq:10 ht:11 hp:20
    /combatant trait add name:Dif trait:Injury Tolerance (Diffuse)
    /encounter next
    /encounter next
    /attack attacker:A target:Dif weapon:Pin
    :click No defense
    /attack attacker:A target:Dif weapon:Club extra-attack:true
    :click No defense
    /damage target:Dif amount:10 type:imp
    /damage target:Dif amount:10 type:cr
    /damage target:Dif amount:10 type:cr large-area:true
    /settings rule option:zero_minimum_damage enabled:true
    /settings rule option:diffuse_injury_cap enabled:false
    /attack attacker:A target:Dif weapon:Pin extra-attack:true
    :click No defense
    /damage target:Dif amount:10 type:imp
""",
)

MISS_BY_ONE = Fight(
    21,
    """
    /encounter start name:Z
    /combatant add name:A st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:A weapon:Sword skill:14 damage:sw cut
    /combatant add name:B st:10 dx:10 iq:10 ht:10 hp:50
    /combatant trait add name:B trait:Male humanoid (groin, R7.28)
    /encounter next
    /attack attacker:A target:B location:neck
    :click No defense
    /attack attacker:A target:B location:groin extra-attack:true modifier:1
    :click No defense
""",
)

LOCATIONS_BY_DAMAGE_TYPE = Fight(
    3,
    """
    /encounter start name:Z
    /combatant add name:A st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:A weapon:Sword skill:14 damage:sw cut
    /combatant weapon add name:A weapon:Spear skill:14 damage:thr+2 imp
    /combatant add name:B st:10 dx:10 iq:10 ht:10 hp:50
    /encounter next
    /attack attacker:A target:B location:vitals weapon:Sword
    /attack attacker:A target:B location:eye weapon:Sword
    /attack attacker:A target:B location:neck weapon:Sword
""",
)


async def test_partial_surprise_modifiers_and_recovery_r2_2_r2_3(tmp_path: Path) -> None:
    """R2.2, R2.3: each side rolls a die plus its modifiers, ties rolled again; the loser is
    mentally stunned.

    Side pc: leader with Combat Reflexes +2, smarter leader (IQ 12 over 10) +1, tactics 20
    +2: 1 + 5 = 6 ties npc's 6 + 0, so both roll again: 5 + 5 = 10 against 2. The stunned
    roll IQ at the end of each turn with +1 a turn after the first: Gob's IQ 3 against 3,
    4, 5, 6; Kay's 10 rolls 8 at once.
    """
    t = await play(tmp_path, PARTIAL_SURPRISE)
    expect(
        t.reply(
            "/encounter surprise kind:partial side:pc other-side:npc leader:Al"
            " other-leader:Kay tactics:20"
        ),
        "  ┃ Side pc wins the initiative; everyone on side npc is mentally stunned. (R2.2)",
        "  ┃ pc: Dice 1 (a tie, rolled again) → 5; leader with Combat Reflexes +2, more"
        " intelligent leader +1, tactical skill 20+ +2; total 10",
        "  ┃ npc: Dice 6 (a tie, rolled again) → 2; no modifiers; total 2",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Kay rolls IQ to shake off mental stun: 8 (1, 1, 6) vs 10, success. (R2.2)",
    )
    for nth, roll, target in (
        (4, "9 (3, 5, 1)", 3),
        (7, "10 (3, 5, 2)", 4),
        (10, "13 (6, 6, 1)", 5),
        (13, "11 (1, 4, 6)", 6),
    ):
        expect(
            t.reply("/encounter next", nth),
            f"  ┃ Gob rolls IQ to shake off mental stun: {roll} vs {target}, failure. (R2.2)",
        )


async def test_realistic_order_and_unaware_newcomers_r3_2_r2_5(tmp_path: Path) -> None:
    """R3.2: Move first, then Basic Speed: Wolf (Move 10), Ana (6, 6.25), Orc (6, 6.00).

    R2.5: unaware newcomers roll in at once: Scout (Move 8) after the Wolf, the Guard
    (Move 5) after every Move above 5.
    """
    t = await play(tmp_path, REALISTIC_AND_UNAWARE_NEWCOMERS)
    expect(
        t.reply("/encounter next"),
        "  ┃ Round 1 begins. (R3.2)",
        "  ┃ ▶ 1. Wolf [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 2. Ana [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 3. Orc [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
    )
    expect(
        t.reply("/combatant add name:Guard st:10 dx:10 iq:10 ht:10 move:5"),
        "  ┃ Guard rolls initiative and joins the turn order (R2.5).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Wolf [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 2. Scout [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
        "  ┃ 3. Ana [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 4. Orc [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 5. Guard [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
    )


async def test_basic_speed_then_dx_and_one_second_rounds_r4_3_r4_1(tmp_path: Path) -> None:
    """R4.3 example: Rogue (6.00), Knight (5.75, DX 12), Orc (5.75, DX 11); R4.1: 1 s a round."""
    t = await play(tmp_path, BASIC_SPEED_ORDER)
    expect(
        t.reply("/encounter next", 1),
        "  ┃ ▶ 1. Rogue [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 11/11",
        "  ┃ 2. Knight [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 11/11",
        "  ┃ 3. Orc [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ Round 1 · 0 s elapsed",
    )
    expect(
        t.reply("/encounter next", 4),
        "  ┃ Round 2: Rogue's turn",
        "  ┃ Round 2 begins. (R4.1)",
        "  ┃ Round 2 · 1 s elapsed",
    )


async def test_getting_up_takes_two_turns_and_evaluate_binds_r5_2_r5_4(tmp_path: Path) -> None:
    """R5.2, R7.12: lying down to standing is two Change Postures (crouch, then stand).

    R5.4: Evaluate on Bob (+1, then +2) does not help an attack on Cid: skill 14 stays 14.
    """
    t = await play(tmp_path, GETTING_UP_AND_EVALUATE)
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Change Posture posture:standing", 1),
        "  ┃ Posture: lying down → crouching (R7.12); turns still needed: 1",
    )
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Change Posture posture:standing", 2),
        "  ┃ Posture: crouching → standing (R7.12); turns still needed: 0",
    )
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Evaluate target:Bob", 2),
        "  ┃ Notes: Evaluating Bob: +2 (R5.4)",
    )
    expect(
        t.reply("/attack attacker:Ann target:Cid"),
        "  ┃ Effective skill: Skill 14",
        "  ┃     = 14",
    )


async def test_evaluate_wild_swing_hexes_and_two_weapons_r5_4_r5_6_r5_7(tmp_path: Path) -> None:
    """R5.4: Evaluate +1 a turn, at most +3. R5.6: Wild Swing -5 (or darkness if worse),
    at most 9; -4 per enemy hex crossed. R5.7: two weapons, -4 main and -8 off hand.

    14 + 3 - 5 = 12, capped at 9. Darkness -7 replaces the -5: 14 - 7 - 4 = 3. Two hexes:
    14 - 8 = 6. Two weapons: 14 - 4 = 10 and 14 - 8 = 6 (catalog example).
    """
    t = await play(tmp_path, EVALUATE_WILD_SWING_TWO_WEAPONS)
    for nth, bonus in ((1, 1), (2, 2), (3, 3), (4, 3)):
        expect(
            t.reply("/maneuver combatant:Ann maneuver:Evaluate target:Bob", nth),
            f"  ┃ Notes: Evaluating Bob: +{bonus} (R5.4)",
        )
    assert t.reply("/attack attacker:Ann target:Bob wild-swing:true")[5:10] == [
        "  ┃     +3 Evaluate (R5.4)",
        "  ┃     -5 Wild Swing (R5.6)",
        "  ┃     capped at 9 (R5.6)",
        "  ┃     = 9",
        "  ┃ Attack roll: Rolled 12 (1, 6, 5): miss (by 3)",
    ]
    expect(
        t.reply("/attack attacker:Ann target:Bob through-hexes:1 darkness:-7 wild-swing:true"),
        "  ┃     -7 Wild Swing (R5.6)",
        "  ┃     -4 through occupied hexes (R5.6)",
        "  ┃     = 3",
    )
    expect(
        t.reply("/attack attacker:Ann target:Bob through-hexes:2"),
        "  ┃     -8 through occupied hexes (R5.6)",
        "  ┃     = 6",
    )
    expect(
        t.reply("/attack attacker:Ann target:Bob two-weapons:main weapon:Sword"),
        "  ┃     -4 two weapons (R5.7)",
        "  ┃     = 10",
        "  ┃ Multiple attacks: attack 1 of 2 · initiative step 7 (R5.7, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Ann target:Bob two-weapons:off weapon:Short"),
        "  ┃     -4 two weapons (R5.7)",
        "  ┃     -4 off hand (R5.7)",
        "  ┃     = 6",
    )


async def test_all_out_attack_options_and_no_defense_r5_8_r4_4(tmp_path: Path) -> None:
    """R5.8: +4 to hit (12 -> 16), two attacks, feint and attack; no defense until the next
    turn (R4.4, R4.5). R5.13: a melee blow with a Move is a Wild Swing (12 - 5 = 7).

    Shock (R7.6): HP 40, 4 injury: -1 per 4 HP (40/10) -> -1. Feint: 12 rolls 9 (by 3)
    against 12 rolling 14: -3 to Bob's defenses (Dodge 8 -> 5, Parry 9 -> 6).
    """
    t = await play(tmp_path, ALL_OUT_ATTACK)
    expect(
        t.reply('/attack attacker:Ann target:Bob maneuver:"All-Out Attack: +4 to hit"'),
        "  ┃     +4 All-Out Attack (determined) (R5.8)",
        "  ┃     = 16",
    )
    expect(
        t.reply("/attack attacker:Bob target:Ann"),
        "  ┃ Defenses: No defense is possible: an All-Out Attack leaves no active defense until"
        " the next turn (R5.8).",
        "  ┃ HP: 40 → 36 / 40",
        "  ┃ Consequences: Shock -1 on the next turn (R7.6)",
    )
    double = '/attack attacker:Ann target:Bob maneuver:"All-Out Attack: two attacks"'
    expect(
        t.reply(double, 1),
        "  ┃     -1 shock (R7.6)",
        "  ┃     = 11",
        "  ┃ Multiple attacks: attack 1 of 2 · initiative step 7 (R5.8, R5.23)",
    )
    expect(
        t.reply(double, 2), "  ┃ Multiple attacks: attack 2 of 2 · initiative step 6 (R5.8, R5.23)"
    )
    assert refused(t.reply(double, 3))
    expect(
        t.reply('/attack attacker:Ann target:Bob maneuver:"All-Out Attack: feint and attack"'),
        "  ┃ Feint: skill 12 rolled 9 vs 12 rolled 14: -3 to the defense (R5.8, R5.9)",
        "  ┃ Defenses: Dodge 5 · base 8 · -3 Feint (R5.9)",
        "  ┃     Parry 6 (Mace) · base 9 · -3 Feint (R5.9)",
    )
    expect(
        t.reply('/attack attacker:Ann target:Bob maneuver:"Move and Attack"'),
        "  ┃     -5 Wild Swing (R5.6)",
        "  ┃     = 7",
    )


async def test_feint_all_out_defense_and_concentration_r5_9_r5_12_r5_10(tmp_path: Path) -> None:
    """R5.9: 14 rolls 9 (by 5), 12 rolls 9 (by 3): Bob defends at -2 on the next attack.

    R5.12 +1 Block, with the shield's DB 2 (A.4): Dodge 8 + 2 - 2 = 8, Parry 9 + 2 - 2 = 9,
    Block 3 + 12/2 + 2 - 2 + 1 = 10. R5.10 example: IQ 13 concentrating defends and rolls
    IQ-3 = 10; 11 fails.
    """
    t = await play(tmp_path, FEINT_DEFENSE_CONCENTRATE)
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Feint target:Bob"),
        "  ┃ Notes: Feint on Bob: skill 14 rolled 9 vs 12 rolled 9 → Bob defends at -2 (R5.9)",
    )
    expect(
        t.reply("/attack attacker:Ann target:Bob"),
        "  ┃ Defenses: Dodge 8 · base 8 · +2 shield DB (A.4) · -2 Feint (R5.9)",
        "  ┃     Parry 9 (Mace) · base 9 · +2 shield DB (A.4) · -2 Feint (R5.9)",
        "  ┃     Block 10 · base 9 · +2 shield DB (A.4) · -2 Feint (R5.9) · +1 All-Out Defense"
        " (B366)",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Concentration: IQ-3 = 10, rolled 11 (1, 4, 6): concentration lost (R5.10)",
    )


async def test_aim_builds_to_its_cap_and_will_concentration_r5_3_r5_10_r5_29(
    tmp_path: Path,
) -> None:
    """R5.3: Acc 2, then +1 a turn up to +3, +1 braced: 13 + 6 = 19. R5.29: Basic Speed 12
    gives two maneuvers a turn; Concentrate takes both (R5.10). With the Will option, a
    concentrating defender rolls Will 9 - 3 = 6. Dodge 12 + 3 = 15 (A.4).
    """
    t = await play(tmp_path, AIM_CAP_AND_WILL_CONCENTRATION)
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Concentrate"),
        "  ┃ Notes: maneuver 2 of 2 this turn; each may be any maneuver, and one spent on"
        " attacking adds one attack (R5.29)",
    )
    assert refused(t.reply("/maneuver combatant:Ann maneuver:Move"))
    expect(
        t.reply(":click Dodge"),
        "  ┃ Dodge: base 15",
        "  ┃ Concentration: Will-3 = 6, rolled 9 (1, 6, 2): concentration lost (R5.10)",
    )
    expect(
        t.reply("/maneuver combatant:Ann maneuver:Aim target:Bob braced:true", 4),
        "  ┃ Notes: Aiming at Bob: turn 4 (R5.3)",
    )
    expect(
        t.reply("/shoot attacker:Ann target:Bob"),
        "  ┃     +6 Aim (R5.3)",
        "  ┃     = 19",
        "  ┃ Multiple attacks: attack 1 of 2 · initiative step 12 (R5.29, R5.23)",
        "  ┃     Parry (Mace): missiles cannot be parried (B376)",
    )
    expect(
        t.reply('/shoot attacker:Ann target:Bob moving:"running, bow"'),
        "  ┃ Ann shoots more than one arrow a turn only as a volley: give the fast-draw skill"
        " (R5.22).",
    )


async def test_firing_while_moving_and_unseen_shots_r5_13_r6_3(tmp_path: Path) -> None:
    """R5.13 table: bow running -12, walking -6; crossbow running -6; other weapons -2/-1.

    Bow skill 20 below Snap Shot 15 after the penalty also takes -4 (R5.3): 20 - 12 - 4 = 4,
    20 - 6 - 4 = 10; a gun 20 - 2 = 18 stays above its 10. R6.3: an unseen shot cannot be
    dodged: 2d rolls 5 pi, 5 injury.
    """
    t = await play(tmp_path, FIRING_WHILE_MOVING)
    expect(
        t.reply('/shoot attacker:Ann target:Bob moving:"running, bow" weapon:Bow'),
        "  ┃     -12 firing while moving (R5.13)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 4",
    )
    expect(
        t.reply('/shoot attacker:Ann target:Bob moving:"walking, bow" weapon:Bow'),
        "  ┃     -6 firing while moving (R5.13)",
        "  ┃     = 10",
    )
    expect(
        t.reply('/shoot attacker:Ann target:Bob moving:"running, crossbow" weapon:Bow'),
        "  ┃     -6 firing while moving (R5.13)",
    )
    expect(
        t.reply("/shoot attacker:Ann target:Bob moving:running weapon:Gun"),
        "  ┃     -2 firing while moving (R5.13)",
        "  ┃     = 18",
    )
    expect(
        t.reply("/shoot attacker:Ann target:Bob moving:walking weapon:Gun unseen:true"),
        "  ┃     -1 firing while moving (R5.13)",
        "  ┃ Defenses: Dodge: an unseen ranged attack cannot be dodged (R6.3)",
        "  ┃ HP: 60 → 55 / 60",
    )


async def test_chambara_attacks_wild_swing_two_weapons_and_rear_r5_15_r5_16_r5_27_r5_17(
    tmp_path: Path,
) -> None:
    """R5.15: skill 18 gives (18 - 12) // 3 = 2 extra attacks (3). R5.16: a master's Wild
    Swing is not capped: 18 - 5 = 13. R5.27: two weapons add one attack (4), one at -4 and
    none at R5.7's penalties. R5.17: with Combat Reflexes a rear attack is a side one:
    Dodge 7 + 3 + 1 = 11, -2 = 9.
    """
    t = await play(tmp_path, CHAMBARA)
    expect(
        t.reply("/attack attacker:Mas target:Bob wild-swing:true"),
        "  ┃     -5 Wild Swing (R5.6)",
        "  ┃     = 13",
        "  ┃ Multiple attacks: attack 1 of 3 · initiative step 7 (R5.15, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob two-weapons:main weapon:Katana"),
        "  ┃     = 18",
        "  ┃ Multiple attacks: attack 2 of 4 · initiative step 6 (R5.15, R5.27, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob two-weapons:off weapon:Wakizashi", 2),
        "  ┃     -4 extra two-weapon attack (R5.27)",
        "  ┃     = 14",
        "  ┃ Multiple attacks: attack 4 of 4 · initiative step 4 (R5.15, R5.27, R5.23)",
    )
    assert refused(t.reply("/attack attacker:Mas target:Bob two-weapons:off weapon:Wakizashi", 3))
    expect(
        t.reply("/attack attacker:Bob target:Mas from:rear"),
        "  ┃ Defenses: Dodge 9 · base 11 · -2 side attack (R5.17)",
    )


async def test_cinematic_parries_and_all_out_defense_doubles_them_r5_14_r5_24(
    tmp_path: Path,
) -> None:
    """R5.14 (option on): skill 24 // 8 = 3 extra: 4 attacks; skill 14: 2 parries, the third
    refused. R5.24: under All-Out Defense those 2 parries become 4, the fifth refused.
    """
    t = await play(tmp_path, CINEMATIC_PARRIES)
    expect(
        t.reply("/attack attacker:Mas target:Bob", 1),
        "  ┃ Multiple attacks: attack 1 of 4 · initiative step 6.75 (R5.14, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob", 3),
        "  ┃     Parry (Mace): no parries left this turn (R5.14)",
    )
    expect(
        t.reply(":click Parry", 6),
        "  ┃ Defense roll: Rolled 4 (1, 1, 2): critical success: defended",
    )
    expect(
        t.reply("/attack attacker:Mas target:Cid extra-attack:true", 4),
        "  ┃     Parry (Mace): no parries left this turn (R5.24)",
    )


async def test_all_out_attack_with_multiple_attacks_r5_20(tmp_path: Path) -> None:
    """R5.20: 4 attacks under All-Out Attack (extra) become 4 + 4 // 2 = 6, the seventh
    refused; or +4 to hit on the series: 24 + 4 = 28.
    """
    t = await play(tmp_path, ALL_OUT_ATTACK_SERIES)
    double = '/attack attacker:Mas target:Bob maneuver:"All-Out Attack: two attacks"'
    expect(
        t.reply(double, 6),
        "  ┃ Multiple attacks: attack 6 of 6 · initiative step 2 (R5.14, R5.20, R5.23)",
    )
    answer = t.reply(double, 7)
    assert refused(answer)
    expect(
        answer,
        "  ┃ Mas has no attacks left this turn (6 allowed, R5.14, R5.20). The GM can allow one"
        " more with the extra-attack option.",
    )
    for nth in (1, 2):
        expect(
            t.reply('/attack attacker:Mas target:Bob maneuver:"All-Out Attack: +4 to hit"', nth),
            "  ┃     +4 All-Out Attack (determined) (R5.8)",
            "  ┃     = 28",
        )


async def test_feint_with_a_spare_attack_keeps_the_parry_r5_21(tmp_path: Path) -> None:
    """R5.21: 3 attacks and 3 parries; a Feint spends an attack, not a parry: 2 and 3 left.

    16 rolls 9 (by 7), Bob's 14 rolls 9 (by 5): -2 on the next attack only (Dodge 6, Parry
    8), not on the third. R5.25: with no attack left, readying the axe is refused.
    """
    t = await play(tmp_path, SPARE_ATTACK_FEINT)
    expect(
        t.reply(
            "/maneuver combatant:Mas maneuver:Feint target:Bob spare-attack:true weapon:Katana"
        ),
        "  ┃ Notes: Feint on Bob: skill 16 rolled 9 vs 14 rolled 9 → Bob defends at -2 (R5.9)",
        "  ┃     Spent from this turn (R5.21): attacks 1, parries 0 → attacks left 2, parries"
        " left 3",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob weapon:Katana"),
        "  ┃ Multiple attacks: attack 2 of 3 · initiative step 6 (R5.14, R5.23)",
        "  ┃ Defenses: Dodge 6 · base 8 · -2 Feint (R5.9)",
        "  ┃     Parry 8 (Mace) · base 10 · -2 Feint (R5.9)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob weapon:Axe"),
        "  ┃ Defenses: Dodge 8",
        "  ┃     Parry 10 (Mace)",
    )
    expect(
        t.reply("/maneuver combatant:Mas maneuver:Ready weapon:Axe spare-attack:true"),
        "  ┃ Readying the weapon costs one attack per ready turn: needs 1, 0 left this turn"
        " (R5.25).",
    )


async def test_readying_with_a_spare_attack_r5_25(tmp_path: Path) -> None:
    """R5.25 example: an axe needing 1 ready turn; attack, ready for one attack and one parry
    (1 attack and 2 parries left), attack again; out of hand, it cannot parry (R5.5).
    """
    t = await play(tmp_path, SPARE_ATTACK_READY)
    expect(
        t.reply("/maneuver combatant:Mas maneuver:Ready weapon:Axe spare-attack:true"),
        "  ┃ Notes: Axe is ready again (R5.5)",
        "  ┃     Spent from this turn (R5.25): attacks 1, parries 1 → attacks left 1, parries"
        " left 2",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob weapon:Axe", 2),
        "  ┃ Multiple attacks: attack 3 of 3 · initiative step 5 (R5.14, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Bob target:Mas"),
        "  ┃     Parry (Axe): not ready: it needs a Ready first (R5.5)",
    )


async def test_volleys_and_thrown_weapons_need_fast_draw_r5_22_r5_26(tmp_path: Path) -> None:
    """R5.22 example: Fast-Draw 14, -3 a draw after the first (14, 11); Bow 13 below Snap
    Shot 15: each arrow at 13 - 4 = 9, none aimed. R5.26: each thrown knife first draws at
    Fast-Draw 13 - 3 = 10; a failed draw spends the attack.
    """
    t = await play(tmp_path, VOLLEY_AND_THROWN)
    volley = "/shoot attacker:Arch target:Bob weapon:Bow fast-draw:14"
    expect(
        t.reply(volley, 1),
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 9",
        "  ┃ Fast-Draw: Fast-Draw 14 +0 = 14, rolled 14: drawn (R5.22)",
    )
    expect(t.reply(volley, 2), "  ┃ Fast-Draw: Fast-Draw 14 -3 = 11, rolled 10: drawn (R5.22)")
    assert refused(t.reply(volley, 3))
    thrown = "/throw attacker:Arch target:Bob weapon:Knife fast-draw:13"
    expect(
        t.reply(thrown, 1),
        "  ┃ Fast-Draw: Fast-Draw 13 -3 = 10, rolled 11: not drawn, this attack is spent (R5.26)",
        "  ┃ Multiple attacks: attack 1 of 3 · initiative step 7 (R5.14, R5.23)",
    )
    expect(
        t.reply(thrown, 2), "  ┃ Multiple attacks: attack 2 of 3 · initiative step 6 (R5.14, R5.23)"
    )


async def test_steps_grow_with_move_and_a_master_evades_r5_30_r5_19_r11_23(
    tmp_path: Path,
) -> None:
    """R5.30: step max(1, Move // 5): Move 15 -> 3, 9 -> 1; R5.3: Aim moves min(2, Move // 2):
    Move 3 -> 1. R5.19: a master's Jumping 15 rolls 9: +5 to Evade; from the rear +5 and
    past a standing foe -5 (R11.23): 12 - 5 + 5 + 5 = 17. From the side: 12 - 5 + 2 = 9,
    rolls 11 (by -2) against DX 10 rolling 13 (by -3): gets past.
    """
    t = await play(tmp_path, STEPS_AND_EVADE)
    expect(
        t.reply("/maneuver combatant:M15 maneuver:Evaluate target:Bob"), "  ┃ Movement: step 3 m"
    )
    expect(t.reply("/maneuver combatant:Slow maneuver:Aim target:Bob"), "  ┃ Movement: step 1 m")
    expect(
        t.reply("/maneuver combatant:M9 maneuver:All-Out Defense all-out-defense:+2 Dodge"),
        "  ┃ Movement: step 1 m",
    )
    expect(
        t.reply("/maneuver combatant:Mas maneuver:Move target:Bob evade:from the rear"),
        "  ┃ Notes: Master's DX/Jumping/Acrobatics 15, rolled 9: +5 to Evade (R5.19)",
        "  ┃     Evade past Bob: DX 12 -5 +5 +5 = 17 rolled 9 vs DX 10 rolled 9 → gets past"
        " (R11.23)",
    )
    expect(
        t.reply("/maneuver combatant:Eve maneuver:Move target:Bob evade:from the side"),
        "  ┃ Movement: up to 5 m",
        "  ┃ Notes: Evade past Bob: DX 12 -5 +2 = 9 rolled 11 vs DX 10 rolled 13 → gets past"
        " (R11.23)",
    )


async def test_expanded_criticals_and_chambara_options_r5_31_r5_14_r5_15(tmp_path: Path) -> None:
    """R5.31 option: critical on 8 or less at 27 (56/216 = 25.9%), 7 at 20 (16.2%), 6 at 19
    (9.3%), 10 at 35 (50.0%). R5.15: a master with 16 takes the better of (a) 16 // 8 = 2
    and (b.1) (16 - 12) // 3 = 1: 3 attacks; with the literal option only (b.1): 2.
    """
    t = await play(tmp_path, OPTIONS_CRITICALS_AND_ATTACKS)
    for skill, chance in ((27, "25.9%"), (20, "16.2%"), (19, "9.3%"), (35, "50.0%")):
        expect(
            t.reply(f"/check skill:{skill}"),
            f"  ┃ Chance of success: 98.1% (critical success {chance}, critical failure 0.5%)",
        )
    expect(
        t.reply("/attack attacker:Mas target:Bob", 1),
        "  ┃ Multiple attacks: attack 1 of 3 · initiative step 7 (R5.14, R5.15, R5.23)",
    )
    expect(
        t.reply("/attack attacker:Mas target:Bob", 2),
        "  ┃ Multiple attacks: attack 2 of 2 · initiative step 6 (R5.14, R5.15, R5.23)",
    )


async def test_defense_arcs_r6_2_r6_5_r6_6_r6_10(tmp_path: Path) -> None:
    """R6.2: -2 to Dodge from a side; R6.5: Block only from the front or shield (left) side,
    at -2; R6.6: a weapon parries from its own side at -2, a two-handed one from both; the
    shield's DB 2 counts from the front and its side (A.4). R6.10: unaware of a rear attack,
    no defense; aware, it is a side attack (Dodge 8 - 2 = 6, the staff 10 - 2 = 8).
    """
    t = await play(tmp_path, DEFENSE_ARCS)
    expect(
        t.reply("/attack attacker:Bob target:Tank from:left side"),
        "  ┃ Defenses: Dodge 8 · base 8 · -2 side attack (R6.2) · +2 shield DB (A.4)",
        "  ┃     Parry 10 (Knife) · base 10 · -2 side attack (R6.6) · +2 shield DB (A.4)",
        "  ┃     Parry 10 (Staff) · base 10 · -2 side attack (R6.6) · +2 shield DB (A.4)",
        "  ┃     Block 9 · base 9 · -2 side attack (R6.5) · +2 shield DB (A.4)",
        "  ┃     Parry (Sword): the attack comes from the wrong side (R6.6)",
    )
    expect(
        t.reply("/attack attacker:Bob target:Tank from:right side extra-attack:true"),
        "  ┃ Defenses: Dodge 6 · base 8 · -2 side attack (R6.2)",
        "  ┃     Parry 8 (Sword) · base 10 · -2 side attack (R6.6)",
        "  ┃     Parry 8 (Staff) · base 10 · -2 side attack (R6.6)",
        "  ┃     Parry (Knife): the attack comes from the wrong side (R6.6)",
        "  ┃     Block: the attack comes from the wrong side (R6.5)",
    )
    expect(
        t.reply("/attack attacker:Bob target:Tank from:rear, the target knows extra-attack:true"),
        "  ┃ Defenses: Dodge 6 · base 8 · -2 side attack (R6.10)",
        "  ┃     Parry 8 (Staff) · base 10 · -2 side attack (R6.10)",
    )
    expect(
        t.reply("/attack attacker:Bob target:Tank from:rear extra-attack:true"),
        "  ┃ Defenses: No defense is possible: an attack from the rear cannot be defended by"
        " someone unaware of it (R6.10).",
    )


async def test_special_parries_and_the_acrobatic_dodge_r6_7_r6_5_r6_4(tmp_path: Path) -> None:
    """R6.7: flail -4, large shield -1 (Parry 10 - 5 + DB 3 = 8); a thrown knife -2 instead
    of -1; a thrown javelin -1. R6.5: a missile from the side cannot be blocked; a thrown
    weapon from the shield side can, at -2 (9 - 2 + 3 = 10). R6.4: Acrobatics 13 rolls 13:
    Dodge +1 (8 + 3 + 1 = 12).
    """
    t = await play(tmp_path, SPECIAL_PARRIES)
    expect(
        t.reply("/attack attacker:Bob target:Tank weapon:Flail"),
        "  ┃ Defenses: Dodge 11 · base 8 · +3 shield DB (A.4)",
        "  ┃     Parry 8 (Sword) · base 10 · -4 flail (R6.7) · -1 carrying a large shield (R6.7)"
        " · +3 shield DB (A.4)",
        "  ┃     Parry 7 (Knife) · base 9 · -4 flail (R6.7) · -1 carrying a large shield (R6.7)"
        " · +3 shield DB (A.4)",
    )
    expect(
        t.reply("/throw attacker:Bob target:Tank weapon:Dagger extra-attack:true"),
        "  ┃     Parry 10 (Sword) · base 10 · -2 small thrown weapon (R6.7) · -1 carrying a large"
        " shield (R6.7) · +3 shield DB (A.4)",
        "  ┃     Retreat not possible: no Retreat against ranged attacks (R6.9)",
    )
    expect(
        t.reply("/throw attacker:Bob target:Tank weapon:Javelin extra-attack:true from:left side"),
        "  ┃     Parry 8 (Knife) · base 9 · -2 side attack (R6.6) · -1 thrown weapon (R6.7) · -1"
        " carrying a large shield (R6.7) · +3 shield DB (A.4)",
        "  ┃     Block 10 · base 9 · -2 side attack (R6.5) · +3 shield DB (A.4)",
    )
    expect(
        t.reply("/shoot attacker:Bob target:Tank weapon:Bow extra-attack:true from:left side"),
        "  ┃     Parry (Sword): missiles cannot be parried (B376)",
        "  ┃     Block: a missile from the side cannot be blocked (R6.5)",
        "  [1 Dodge 9] [2 No defense]",
    )
    expect(
        t.reply("/defend target:Tank defense:Dodge acrobatic:true"),
        "  ┃     +1 acrobatic Dodge (R6.4)",
        "  ┃     = 12",
        "  ┃ Acrobatic Dodge: Acrobatics 13, rolled 13 (6, 3, 4): +1 to Dodge (R6.4)",
    )


async def test_basic_set_retreat_and_parrying_for_others_r6_9_r6_8(tmp_path: Path) -> None:
    """R6.9 option: Retreat +3 to Dodge and to a fencing parry, +1 to other parries and
    blocks: Dodge 8 -> 11, rapier 10 -> 13, sword 10 -> 11; Pal (DB 2): 10 -> 13, 11 -> 12.
    R6.8: Fen parries for Pal at 10 - 4 + Pal's DB 2 = 8, then his own defenses are at -4
    (Dodge 4; the rapier 10 - 2 repeated fencing parry - 4 = 4).
    """
    t = await play(tmp_path, RETREAT_BASIC_SET_AND_PARRY_FOR_OTHERS)
    expect(
        t.reply(":click Retreat", 1),
        "  [1 Dodge 11] [2 Parry 13 (Rapier)] [3 Parry 11 (Sword)] [4 ✓ Retreating (Dodge/Parry"
        " +3 · Parry +1)] [5 No defense]",
    )
    expect(
        t.reply(":click Retreat", 2),
        "  [1 Dodge 13] [2 Parry 12 (Mace)] [3 Block 12] [4 ✓ Retreating (Dodge +3 · Parry/Block"
        " +1)] [5 No defense]",
    )
    defended = t.replies("/defend target:Pal defense:Parry defender:Fen")[0]
    expect(
        defended,
        "  ┃ Fen parries for him: -4 now and -4 to his own defenses until his next turn (R6.8).",
        "  ┃ Parry (Rapier): base 10",
        "  ┃     -4 parrying for someone else (R6.8)",
        "  ┃     +2 ally's shield DB (R6.8)",
        "  ┃     = 8",
    )
    expect(
        t.reply("/attack attacker:Bob target:Fen extra-attack:true"),
        "  ┃ Defenses: Dodge 4 · base 8 · -4 parried for someone else (R6.8)",
        "  ┃     Parry 4 (Rapier) · base 10 · -2 repeated parry (A.4) · -4 parried for someone"
        " else (R6.8)",
    )


async def test_defense_limits_r6_9_r6_4_r5_5_r5_12(tmp_path: Path) -> None:
    """R5.5: readying a missile weapon, only Dodge. R6.9: Retreat once a turn, never
    kneeling; R6.4: one acrobatic Dodge a turn (Dodge 10 + 1 + 3 = 14). R5.12: All-Out
    Defense allows 2 parries a round (the second at -4, A.4), then none.
    """
    t = await play(tmp_path, DEFENSE_LIMITS)
    expect(
        t.reply("/maneuver combatant:B maneuver:Ready missile:true weapon:Bow"),
        "  ┃ Defenses until next turn: Dodge only (R5.5)",
    )
    expect(
        t.reply("/defend target:B defense:Dodge retreat:true acrobatic:true"),
        "  ┃     +1 acrobatic Dodge (R6.4)",
        "  ┃     +3 Retreat (R6.9)",
        "  ┃     = 14",
    )
    expect(
        t.reply("/attack attacker:A target:B extra-attack:true"),
        "  ┃     Parry (Sword): readying a missile weapon allows only Dodge (R5.5)",
        "  ┃     Retreat not possible: Retreat was already used this turn (R6.9)",
    )
    expect(
        t.reply("/defend target:B defense:Dodge acrobatic:true"),
        "  ┃ B already tried an acrobatic Dodge this turn: one a turn (R6.4).",
    )
    expect(
        t.reply("/attack attacker:A target:K extra-attack:true"),
        "  ┃ Defenses: Dodge 6 · base 8 · -2 posture (B551)",
        "  ┃     Retreat not possible: no Retreat while sitting or kneeling (R6.9)",
    )
    expect(
        t.reply("/attack attacker:A target:D extra-attack:true", 2),
        "  ┃     Parry 5 (Sword) · base 9 · -4 repeated parry (A.4)",
    )
    expect(
        t.reply("/attack attacker:A target:D extra-attack:true", 3),
        "  ┃     Parry (Sword): no parries left this turn (R5.12)",
    )


async def test_reeling_death_checks_shock_and_knockback_r7_1_r7_3_r7_6_r7_14(
    tmp_path: Path,
) -> None:
    """R7.1 example: HP 15 at 4: Move 5 -> 3, Dodge 8 -> 4. R7.3 example: HP 11 at -5 takes
    18 to -23: two death checks (-11, -22). R7.6: HP 25, 7 injury: -2; HP 30, 14: -4.
    R7.14: 25 crushing on ST 12: 25 // 10 = 2 m; 16 on ST 11: 1 m, DX 10 to keep footing.
    """
    t = await play(tmp_path, GENERAL_INJURY)
    expect(
        t.reply("/combatant show name:Reel"),
        "  ┃ HP 4/15 · FP 10/10 · prone · stunned · knocked down · reeling · shock -4",
        "  ┃ Defenses: Dodge 4 · Parry — · Block —",
        "  ┃ Speed, Move and protection: Basic Speed 5 · Move 3 · DR 0 · SM +0 · encumbrance 0",
    )
    expect(
        t.reply("/damage target:Low amount:25 type:cr"),
        "  ┃     Death check: HT 11 = 11, rolled 13 (6, 3, 4): failure (R7.3)",
        "  ┃     Knocked back 2 m (R7.14)",
        "  ┃     Dead (R7.3, R7.4)",
    )
    expect(
        t.reply("/damage target:Doom amount:16 type:cr"),
        "  ┃     Knocked back 1 m (R7.14)",
        "  ┃     Keep footing: DX 10 = 10, rolled 14 (4, 5, 5): failure (R7.14)",
    )
    expect(
        t.reply("/damage target:Doom amount:18 type:cr"),
        "  ┃ HP: -5 → -23 / 11",
        "  ┃     Death check: HT 11 = 11, rolled 10 (1, 5, 4): success (R7.3)",
        "  ┃     Death check: HT 11 = 11, rolled 9 (2, 1, 6): success (R7.3)",
    )
    expect(
        t.reply("/damage target:Big25 amount:7 type:cr"),
        "  ┃ Consequences: Shock -2 on the next turn (R7.6)",
    )
    expect(
        t.reply("/damage target:Big30 amount:14 type:cr"),
        "  ┃ Consequences: Shock -4 on the next turn (R7.6)",
    )


async def test_consciousness_at_zero_hp_r7_2(tmp_path: Path) -> None:
    """R7.2 example: HP 12 at -16: HT 11 - 16 // 12 = 10. Having defended, he rolls at the
    start of his turn (15: unconscious, then skipped, R4.2); not having defended, Do Nothing
    spares the roll and any other maneuver rolls it (12: unconscious).
    """
    defended = await play(tmp_path, ZERO_HP_AFTER_DEFENDING)
    expect(
        defended.reply("/encounter next", 3),
        "  ┃ Low rolls HT to stay conscious: 15 (6, 3, 6) vs 10, failure. (R7.2)",
        "  ┃ Low falls unconscious. (R7.2)",
    )
    expect(defended.reply("/encounter next", 5), "  ┃ Low is skipped: unconscious. (R4.2)")
    quiet = await play(tmp_path, ZERO_HP_DOING_NOTHING)
    expect(quiet.reply("/maneuver combatant:Low maneuver:Do Nothing", 1), "  ┃ 🧭 Low: Do Nothing")
    assert not any("stay conscious" in line for line in quiet.reply("/encounter next", 3))
    expect(
        quiet.reply("/maneuver combatant:Low maneuver:Move"),
        "  ┃ Low rolls HT to stay conscious: 12 (5, 5, 2) vs 10, failure. (R7.2)",
    )


async def test_death_at_five_times_hp_and_destruction_at_ten_r7_4_r7_5(tmp_path: Path) -> None:
    """R7.4: HP 11 dies at -55 without a roll; R7.5: destroyed at -110 if the source can."""
    t = await play(tmp_path, DEATH_AND_DESTRUCTION)
    answer = t.reply("/damage target:A amount:66 type:cr")
    expect(answer, "  ┃ HP: 11 → -55 / 11", "  ┃     Dead (R7.3, R7.4)")
    assert not any("Death check" in line for line in answer)
    expect(t.reply("/damage target:B amount:121 type:cr"), "  ┃     Body destroyed (R7.5)")
    expect(
        t.reply("/damage target:C amount:121 type:cr can-destroy:false"),
        "  ┃     Dead (R7.3, R7.4)",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. B [npc]: HP ▱▱▱▱▱ -110/11 · 💥 destroyed",
        "  ┃ 3. C [npc]: HP ▱▱▱▱▱ -110/11 · 💀 dead",
        "  ┃ 4. A [npc]: HP ▱▱▱▱▱ -55/11 · 💀 dead",
    )


async def test_mortal_wound_option_r7_3(tmp_path: Path) -> None:
    """R7.3 with the mortal-wounds option: a death check failed by 1 or 2 (HT 11 rolls 12)
    leaves him mortally wounded. 23 cut x1.5 = 34: 11 -> -23 crosses -11 and -22.
    """
    t = await play(tmp_path, MORTAL_WOUND)
    expect(
        t.reply("/damage target:E amount:23 type:cut"),
        "  ┃ Injury: 34",
        "  ┃     Death check: HT 11 = 11, rolled 10 (5, 2, 3): success (R7.3)",
        "  ┃     Death check: HT 11 = 11, rolled 12 (3, 4, 5): failure (R7.3)",
        "  ┃     Mortally wounded (R7.3)",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. E [npc]: HP ▱▱▱▱▱ -23/11 · FP ▰▰▰▰▰ 11/11 · ⚰️ mortally wounded · ⚡ shock -4",
    )


async def test_knockdown_modifiers_and_knockout_r7_7_r7_8_r7_13_r7_28(tmp_path: Path) -> None:
    """R7.8 example: HT 11, a major wound to the face: 6; High Pain Threshold 9; Low -4: 2;
    a 1-point face hit (shock -1): 11. Vitals 3 imp x3 = 9 (R7.24), major: 6. Eye 2 imp x4 = 8
    (R7.26), blinded, -10: 1. R7.13: failing by 5 or more, or a critical failure, knocks out.
    R7.9: No Vitals with Low Pain Threshold, major groin wound: 12 - 4 = 8. R7.28: crushing
    to a male humanoid's groin doubles shock (3 -> -6, 5 -> -8 at most); major: -5.
    """
    t = await play(tmp_path, KNOCKDOWN)
    expect(
        t.reply("/damage target:Face amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 14 (4, 5, 5): failure (R7.8)",
        "  ┃     Knocked out (R7.13).",
    )
    expect(
        t.reply("/damage target:Hpt amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 11 -5 +3 = 9, rolled 10 (1, 5, 4): failure (R7.8)",
        "  ┃     Knocked down and stunned (R7.8).",
    )
    expect(
        t.reply("/damage target:Lpt amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 11 -5 -4 = 2, rolled 9 (2, 1, 6): failure (R7.8)",
        "  ┃     Knocked out (R7.13).",
    )
    expect(
        t.reply("/damage target:Minor amount:1 type:cr location:face"),
        "  ┃ Consequences: Shock -1 on the next turn (R7.6)",
        "  ┃     Knockdown: HT 11 = 11, rolled 14 (3, 5, 6): failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Vit amount:3 type:imp location:vitals"),
        "  ┃ Wounding: ×3",
        "  ┃ Injury: 9",
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 14 (5, 6, 3): failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Eye amount:2 type:imp location:eye"),
        "  ┃ Injury: 8",
        "  ┃     Right eye blinded (R7.26)",
        "  ┃     Knockdown: HT 11 -10 = 1, rolled 14 (5, 3, 6): critical failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Nov amount:7 type:cr location:groin"),
        "  ┃     Knockdown: HT 12 -4 = 8, rolled 8 (6, 1, 1): success (R7.8)",
    )
    expect(
        t.reply("/damage target:Man amount:3 type:cr location:groin"),
        "  ┃ Consequences: Shock -6 on the next turn (R7.6)",
    )
    expect(
        t.reply("/damage target:Man2 amount:5 type:cr location:groin"),
        "  ┃ Consequences: Shock -8 on the next turn (R7.6)",
    )
    expect(
        t.reply("/damage target:Man3 amount:7 type:cr location:groin"),
        "  ┃ Consequences: Shock -8 on the next turn (R7.6)",
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 11 (2, 6, 3): failure (R7.8)",
        "  ┃     Knocked out (R7.13).",
    )


async def test_hit_locations_r7_9_r7_20_to_r7_29(tmp_path: Path) -> None:
    """The catalog's location examples. R7.9: No Brain, 9 cr to the skull (DR 2) is 7 x1,
    major, HT 12 unmodified; a minor skull hit, no roll. R7.27: acid 8 x1.5 = 12, one eye;
    over HP 12 (15), both. R7.29: 5 cr x1.5 = 7 (more than 12/3): HT 11 - 3; 7 cut x2 = 14
    (over 12): HT 11 - 7 against decapitation. R7.24: tight beam x2. R7.23: chinks halve DR
    6 to 3: 6 imp -> 3 x2 = 6. R7.25: 9 cr, helmet 2 + skull 2: 5 x4 = 20, -10. R7.21: 9
    imp to a leg of HP 10 is x1, capped at 6. R7.22: 6 cut to a hand of HP 12: 9, capped
    at 5. R7.20: 8 cut x1.5 = 12.
    """
    t = await play(tmp_path, HIT_LOCATIONS)
    expect(
        t.reply("/damage target:Golem amount:9 type:cr location:skull"),
        "  ┃ DR: 2",
        "  ┃ Penetrating: 7",
        "  ┃ Injury: 7",
        "  ┃     Knockdown: HT 12 = 12, rolled 11 (5, 4, 2): success (R7.8)",
    )
    minor = t.reply("/damage target:Golem2 amount:3 type:cr location:skull")
    expect(minor, "  ┃ Injury: 1")
    assert not any("Knockdown" in line for line in minor)
    expect(
        t.reply("/damage target:Acid amount:8 type:cor location:face"),
        "  ┃ Wounding: ×1.5",
        "  ┃ Injury: 12",
        "  ┃     Right eye blinded (R7.26)",
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 10 (1, 6, 3): failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Acid2 amount:10 type:cor location:face"),
        "  ┃     Right eye blinded (R7.26)",
        "  ┃     Left eye blinded (R7.26)",
    )
    expect(
        t.reply("/damage target:Neck amount:5 type:cr location:neck"),
        "  ┃ Injury: 7",
        "  ┃     Crushed windpipe: HT 11 -3 = 8, rolled 14 (6, 3, 5): failure (R7.29)",
    )
    expect(
        t.reply("/damage target:Neck2 amount:7 type:cut location:neck"),
        "  ┃ Wounding: ×2",
        "  ┃ Injury: 14",
        "  ┃     Decapitation: HT 11 -7 = 4, rolled 4 (1, 1, 2): critical success (R7.29)",
    )
    expect(
        t.reply("/damage target:Beam amount:5 type:burn location:vitals tight-beam:true"),
        "  ┃ Wounding: ×2",
        "  ┃ Injury: 10",
        "  ┃ Consequences: Shock -3 on the next turn (R7.6)",
        "  ┃     Knockdown: HT 11 = 11, rolled 9 (2, 4, 3): success (R7.8)",
    )
    expect(
        t.reply("/damage target:Plate amount:6 type:imp chinks:true"),
        "  ┃ DR: 3",
        "  ┃ Penetrating: 3",
        "  ┃ Injury: 6",
    )
    expect(
        t.reply("/damage target:Helm amount:9 type:cr location:skull"),
        "  ┃ DR: 4",
        "  ┃ Wounding: ×4",
        "  ┃ Injury: 20",
        "  ┃     Knockdown: HT 11 -10 = 1, rolled 11 (3, 4, 4): critical failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Leg amount:9 type:imp location:leg"),
        "  ┃ Wounding: ×1",
        "  ┃ Injury: 6",
        "  ┃ Consequences: 3 injury beyond the crippling threshold is lost (R7.16)",
        "  ┃     Right leg crippled (R7.16)",
    )
    expect(
        t.reply("/damage target:Hand amount:6 type:cut location:hand"),
        "  ┃ Injury: 5",
        "  ┃ Consequences: 4 injury beyond the crippling threshold is lost (R7.16)",
        "  ┃     Right hand crippled (R7.16)",
    )
    expect(t.reply("/damage target:Tor amount:8 type:cut"), "  ┃ Wounding: ×1.5", "  ┃ Injury: 12")


async def test_a_crushed_windpipe_bleeds_every_round_r7_29(tmp_path: Path) -> None:
    """R7.29: 4 cr x1.5 = 6 (more than 12/3): HT 9 - 3 = 6, failed: 1 more HP, and the roll
    comes back every round until it succeeds (12 -> 5 -> 4 -> 3 -> 2).
    """
    t = await play(tmp_path, CRUSHED_WINDPIPE)
    expect(
        t.reply("/damage target:Neck amount:4 type:cr location:neck"),
        "  ┃ HP: 12 → 5 / 12",
        "  ┃     Crushed windpipe: HT 9 -3 = 6, rolled 14 (6, 5, 3): failure (R7.29)",
    )
    for nth, roll, hp in ((3, "9 (2, 4, 3)", 4), (5, "10 (5, 2, 3)", 3), (7, "14 (4, 6, 4)", 2)):
        answer = t.reply("/encounter next", nth)
        expect(
            answer,
            f"  ┃ Neck rolls HT against his crushed windpipe: {roll} vs 6, failure. (R7.29)",
            "  ┃ Neck loses 1 HP more to his crushed windpipe. (R7.29)",
        )
        assert any(f"Neck [npc]: HP {bar(hp, 12)} {hp}/12" in line for line in answer)


async def test_knockback_blunt_trauma_and_large_area_r7_14_r7_15_r7_18(tmp_path: Path) -> None:
    """R7.14 example: 23 cr on ST 12: 2 m, DX - 1; a cut stopped by DR 30 still knocks back
    (20 // 10 = 2 m); a bullet against HT 8: 20 // 6 = 3 m. R7.15 example: 14 cr on flexible
    DR 15: 2 injury; 14 cut: 1. R7.18 example: torso DR 6, an arm DR 0: (6 + 0) / 2 = 3.
    """
    t = await play(tmp_path, KNOCKBACK_TRAUMA_AREA)
    expect(
        t.reply("/damage target:KB amount:23 type:cr"),
        "  ┃     Knocked back 2 m (R7.14)",
        "  ┃     Keep footing: DX 10 -1 = 9, rolled 13 (6, 3, 4): failure (R7.14)",
        "  ┃     Falls down (R7.14)",
    )
    expect(
        t.reply("/damage target:Cut amount:20 type:cut"),
        "  ┃ Penetrating: 0",
        "  ┃ Consequences: Knocked back 2 m (R7.14)",
    )
    expect(
        t.reply("/damage target:Bul amount:20 type:pi bullet:true knockback-ht:true"),
        "  ┃     Knocked back 3 m (R7.14)",
        "  ┃     Keep footing: DX 10 -2 = 8, rolled 14 (4, 5, 5): failure (R7.14)",
    )
    expect(
        t.reply("/damage target:Flex amount:14 type:cr"),
        "  ┃ Injury: 2",
        "  ┃ Consequences: Blunt trauma: 2 (R7.15)",
    )
    expect(
        t.reply("/damage target:Flex2 amount:14 type:cut"),
        "  ┃ Injury: 1",
        "  ┃ Consequences: Blunt trauma: 1 (R7.15)",
    )
    expect(
        t.reply("/damage target:Drag amount:10 type:burn large-area:true"),
        "  ┃ DR: 3",
        "  ┃ Penetrating: 7",
        "  ┃ Injury: 7",
    )


async def test_keeping_footing_and_an_acrobatic_rise_r7_14_r7_12(tmp_path: Path) -> None:
    """R7.14: the best of DX, Acrobatics and Judo keeps the footing, -1 per metre past the
    first: Judo 14 - 1 = 13, Acrobatics 16 - 1 = 15. R7.12: an Acrobatics roll (16) stands
    up in one turn.
    """
    t = await play(tmp_path, FOOTING_AND_ACROBATIC_RISE)
    expect(
        t.reply("/damage target:Judo amount:20 type:cr"),
        "  ┃     Knocked back 2 m (R7.14)",
        "  ┃     Keep footing: Judo 14 -1 = 13, rolled 11 (3, 4, 4): success (R7.14)",
    )
    expect(
        t.reply("/damage target:Acro amount:20 type:cr"),
        "  ┃     Keep footing: Acrobatics 16 -1 = 15, rolled 8 (1, 1, 6): success (R7.14)",
    )
    expect(
        t.reply(
            "/maneuver combatant:Tumbler maneuver:Change Posture posture:standing acrobatics:true"
        ),
        "  ┃ Posture: lying down → standing (R7.12); turns still needed: 0",
        "  ┃ Notes: Get up: Acrobatics 16 = 16, rolled 10 (2, 2, 6): success (R7.12)",
    )


async def test_injury_rule_options_r7_16_r7_8_r7_9_r7_6(tmp_path: Path) -> None:
    """Options: crippling at the threshold (HP 10 arm at 5; HP 12 hand at 4); groin -5 for
    a cutting major wound; Injury Tolerance drops Low Pain Threshold too (HT 12); pain
    thresholds change shock (High: none; Low: 3 -> -6, 5 -> -8, and 7 -> -8).
    """
    t = await play(tmp_path, OPTIONS_INJURY)
    expect(
        t.reply("/damage target:Arm amount:5 type:cr location:arm"),
        "  ┃     Right arm crippled (R7.16)",
    )
    expect(
        t.reply("/damage target:Hand amount:4 type:cr location:hand"),
        "  ┃     Right hand crippled (R7.16)",
    )
    expect(
        t.reply("/damage target:Man amount:5 type:cut location:groin"),
        "  ┃ Injury: 7",
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 11 (5, 1, 5): failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Golem amount:9 type:cr location:skull"),
        "  ┃ Consequences: Shock -8 on the next turn (R7.6)",
        "  ┃     Knockdown: HT 12 = 12, rolled 7 (4, 2, 1): success (R7.8)",
    )
    hpt = t.reply("/damage target:Hpt amount:3 type:cr")
    expect(hpt, "  ┃ Injury: 3")
    assert not any("Shock" in line for line in hpt)
    expect(
        t.reply("/damage target:Lpt amount:3 type:cr"),
        "  ┃ Consequences: Shock -6 on the next turn (R7.6)",
    )
    expect(
        t.reply("/damage target:Lpt2 amount:5 type:cr"),
        "  ┃ Consequences: Shock -8 on the next turn (R7.6)",
    )


async def test_minimum_damage_and_diffuse_options_g7_a2(tmp_path: Path) -> None:
    """A.2: 1d-6 imp rolling 1 is at least 1 (the Diffuse cap keeps it 1); crushing may be 0.
    The Diffuse cap: 10 imp -> 1, 10 cr -> 2, large-area 10 uncapped. With zero damage
    allowed (G7) 1d-6 rolling 4 is 0; without the cap 10 imp x2 = 20 (Diffuse changes no
    wounding modifier, unlike Homogeneous: B380, R14.3).
    """
    t = await play(tmp_path, OPTIONS_MINIMUM_AND_DIFFUSE)
    expect(
        t.reply(":click No defense", 1),
        "  ┃ Basic damage: 1d-6 → 1 imp (1)",
        "  ┃ Injury: 1",
        "  ┃ Consequences: Minimum damage: 1 (A.2)",
    )
    expect(t.reply(":click No defense", 2), "  ┃ Basic damage: 1d-6 → 0 cr (2)", "  ┃ Injury: 0")
    expect(t.reply("/damage target:Dif amount:10 type:imp", 1), "  ┃ Injury: 1")
    expect(t.reply("/damage target:Dif amount:10 type:cr"), "  ┃ Injury: 2")
    expect(t.reply("/damage target:Dif amount:10 type:cr large-area:true"), "  ┃ Injury: 10")
    expect(t.reply(":click No defense", 3), "  ┃ Basic damage: 1d-6 → 0 imp (4)", "  ┃ Injury: 0")
    expect(
        t.reply("/damage target:Dif amount:10 type:imp", 2), "  ┃ Wounding: ×2", "  ┃ Injury: 20"
    )


async def test_a_neck_blow_missing_by_one_lands_on_the_torso_r7_29_r7_19(tmp_path: Path) -> None:
    """R7.19, R7.29: the neck at -5 (14 -> 9); a roll of 10 misses by exactly 1 and hits the
    torso; the groin at -3 (R7.28). R7.24, R7.26: a cutting blow cannot aim at the vitals or
    an eye.
    """
    t = await play(tmp_path, MISS_BY_ONE)
    expect(
        t.reply("/attack attacker:A target:B location:neck"),
        "  ┃ Location: torso",
        "  ┃     -5 hit location (R7.19)",
        "  ┃     = 9",
        "  ┃ Attack roll: Rolled 10 (1, 5, 4): missed by exactly 1: the blow lands on the torso"
        " instead (R7.28, R7.29)",
    )
    expect(t.reply(":click No defense", 1), "  ┃ Location: torso", "  ┃ Injury: 4")
    expect(
        t.reply("/attack attacker:A target:B location:groin extra-attack:true modifier:1"),
        "  ┃ Location: groin",
        "  ┃     -3 hit location (R7.19)",
        "  ┃     = 12",
    )
    refusals = await play(tmp_path, LOCATIONS_BY_DAMAGE_TYPE)
    expect(
        refusals.reply("/attack attacker:A target:B location:vitals weapon:Sword"),
        "  ┃ A cut attack cannot reach the vitals: only impaling, piercing or tight-beam burning"
        " attacks can.",
    )
    expect(
        refusals.reply("/attack attacker:A target:B location:eye weapon:Sword"),
        "  ┃ A cut attack cannot reach the eye: only impaling, piercing or tight-beam burning"
        " attacks can.",
    )


ANIMAL_SHEET = {
    "attributes": {"st": 10, "dx": 14, "iq": 4, "ht": 12, "hp": 10, "fp": 12, "will": 4, "per": 4},
    "traits": [],
    "hard_to_kill": 0,
    "altered_time_rate": 0,
    "male_humanoid": False,
    "skills": {},
    "dr": {"uniform": {"rigid": 0, "flexible": 0}, "overrides": {}},
    "weapons": [],
    "shield": None,
    "dodge_override": None,
    "size_modifier": 0,
    "encumbrance_level": 0,
}


async def test_animals_dodge_and_rise_by_their_kind_r6_1_r7_12(tmp_path: Path) -> None:
    """R6.1 examples: wolf Move 10, DX 14: 14 // 2 = 7; horse Move 16, DX 9: 16 // 2 = 8.
    R7.12: a quadruped carnivore stands in one turn, a herbivore in three.
    """
    for name, st, dx, ht, move, speed, kind in (
        ("Wolf", 10, 14, 12, 10, 6.5, "quadruped_carnivore"),
        ("Horse", 20, 9, 11, 16, 5.0, "herbivore"),
    ):
        sheet = json.loads(json.dumps(ANIMAL_SHEET))
        sheet["name"] = name
        sheet["rise_class"] = kind
        sheet["attributes"].update(
            st=st, dx=dx, ht=ht, hp=st, fp=ht, basic_speed=speed, basic_move=move
        )
        (tmp_path / f"{name}.json").write_text(json.dumps(sheet), encoding="utf-8")
    fight = Fight(
        3,
        f"""
        /character import file:{tmp_path / "Wolf.json"}
        /character import file:{tmp_path / "Horse.json"}
        /encounter start name:Z
        /combatant add character:Wolf
        /combatant add character:Horse
        /encounter next
        /combatant condition name:Horse posture:prone
        /combatant condition name:Wolf posture:prone
        /maneuver combatant:Wolf maneuver:Change Posture posture:standing
        /encounter next
        /maneuver combatant:Horse maneuver:Change Posture posture:standing
        /encounter next
        /encounter next
        /maneuver combatant:Horse maneuver:Change Posture posture:standing
        /encounter next
        /encounter next
        /maneuver combatant:Horse maneuver:Change Posture posture:standing
        """,
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply(f"/character import file:{tmp_path / 'Wolf.json'}"),
        "  ┃ Defenses: Dodge 7 · Parry — · Block —",
    )
    expect(
        t.reply(f"/character import file:{tmp_path / 'Horse.json'}"),
        "  ┃ Defenses: Dodge 8 · Parry — · Block —",
    )
    expect(
        t.reply("/maneuver combatant:Wolf maneuver:Change Posture posture:standing"),
        "  ┃ Posture: lying down → standing (R7.12); turns still needed: 0",
    )
    horse = "/maneuver combatant:Horse maneuver:Change Posture posture:standing"
    expect(t.reply(horse, 1), "  ┃ Posture: lying down → lying down (R7.12); turns still needed: 2")
    expect(t.reply(horse, 2), "  ┃ Posture: lying down → lying down (R7.12); turns still needed: 1")
    expect(t.reply(horse, 3), "  ┃ Posture: lying down → standing (R7.12); turns still needed: 0")
