"""The body a blow lands on: hit locations, the side of a pair, the parts that can be crippled.

Its own module so that the damage tables and the combatant sheet can both use it
without importing each other.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["BodyPart", "HitLocation", "Side"]


class HitLocation(StrEnum):
    """The seed's hit locations (R7.19). Chinks in armor is a flag, not a location (R7.23)."""

    TORSO = "torso"
    VITALS = "vitals"
    SKULL = "skull"
    EYE = "eye"
    FACE = "face"
    NECK = "neck"
    GROIN = "groin"
    ARM = "arm"
    LEG = "leg"
    HAND = "hand"
    FOOT = "foot"


class Side(StrEnum):
    """Which of a pair (arms, legs, hands, feet, eyes) was hit."""

    RIGHT = "right"
    LEFT = "left"


class BodyPart(StrEnum):
    """A part that can be crippled or blinded on its own (R7.16)."""

    RIGHT_ARM = "right_arm"
    LEFT_ARM = "left_arm"
    RIGHT_LEG = "right_leg"
    LEFT_LEG = "left_leg"
    RIGHT_HAND = "right_hand"
    LEFT_HAND = "left_hand"
    RIGHT_FOOT = "right_foot"
    LEFT_FOOT = "left_foot"
    RIGHT_EYE = "right_eye"
    LEFT_EYE = "left_eye"
