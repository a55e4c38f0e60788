"""The sheets and fight openings the rule-fix review tests share (test_review_fixes*.py).

Ivy is a JSON sheet as ``/character export`` writes it: one sword with two uses (``item``),
an unbalanced axe that is also thrown (two uses of one axe), a punch and a kick (natural
attacks, each its own weapon) and one skill of a 60-character name with a 60-character
specialization.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LORE = "Hidden Lore of the Drowned Archives Beneath the Salt Marshes"
CIPHERS = "Tidal Gate Ciphers of the Seventh Sunken Library of Oldports"
LORE_IN_FULL = f"{LORE} ({CIPHERS})"


def _weapon(name: str, damage: str, **fields: Any) -> dict[str, Any]:
    weapon: dict[str, Any] = {
        "name": name,
        "skill": 14,
        "damage": damage,
        "reach": "1",
        "parry_modifier": 0,
        "can_parry": True,
        "fencing": False,
        "flail": False,
        "knife": False,
        "two_handed": False,
        "unbalanced": False,
        "thrown": False,
        "accuracy": 0,
        "snap_shot": None,
        "min_st": 0,
        "knockback_bullet": False,
        "weight_kg": 1.0,
        "range": "",
        "rate_of_fire": "",
        "shots": "",
        "bulk": None,
        "recoil": "",
        "launcher": None,
        "natural": False,
        "item": None,
    }
    weapon.update(fields)
    return weapon


def ivy_sheet(folder: Path) -> Path:
    """Write Ivy's JSON sheet in ``folder`` and return its path."""
    sheet = {
        "name": "Ivy",
        "attributes": {
            "st": 12,
            "dx": 12,
            "iq": 10,
            "ht": 11,
            "hp": 12,
            "fp": 11,
            "will": 10,
            "per": 10,
            "basic_speed": 5.75,
            "basic_move": 5,
        },
        "traits": [],
        "hard_to_kill": 0,
        "altered_time_rate": 0,
        "acute_vision": 0,
        "acute_hearing": 0,
        "acute_taste_smell": 0,
        "male_humanoid": False,
        "rise_class": "humanoid",
        "skills": [{"name": LORE, "specialization": CIPHERS, "level": 12, "attribute": "iq"}],
        "dr": {"uniform": {"rigid": 0, "flexible": 0, "against": {}}, "overrides": {}},
        "weapons": [
            _weapon("Sword (Swung)", "sw+1 cut", item="Sword"),
            _weapon("Sword (Thrust)", "thr+2 imp", item="Sword"),
            _weapon("Axe (Swung)", "sw+2 cut", skill=12, unbalanced=True, min_st=11, item="Axe"),
            _weapon(
                "Axe (Thrown)",
                "sw+2 cut",
                skill=12,
                thrown=True,
                can_parry=False,
                reach="C",
                range="x1/x1.5",
                min_st=11,
                item="Axe",
            ),
            _weapon("Punch", "thr-1 cr", skill=12, reach="C", natural=True),
            _weapon("Kick", "thr cr", skill=10, reach="C,1", can_parry=False, natural=True),
        ],
        "shield": None,
        "dodge_override": None,
        "size_modifier": 0,
        "encumbrance_level": 0,
        "swarm": None,
        "weight_kg": None,
    }
    path = folder / "ivy.json"
    path.write_text(json.dumps(sheet, indent=2), encoding="utf-8")
    return path


SPEAR_AND_AXE = """
    /encounter start name:Turns
    /combatant add name:Alice st:11 dx:13 iq:10 ht:11 owner:alice
    /combatant weapon add name:Alice weapon:Spear skill:14 damage:thr+2 imp reach:1,2
    /combatant add name:Orc st:13 dx:11 iq:9 ht:12
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
"""
"""Alice (Basic Speed 6) acts before the orc (5.75): round 1 starts in her turn (R4.3)."""
