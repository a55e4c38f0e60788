"""Per-guild rule options.

The seed (the Portuguese combat summary) is the default reading everywhere.
Where the seed is unclear, or where it and the GURPS 4e Basic Set differ, the
alternative reading is a switch here. A guild's GM flips them with
``/settings``; the bot stores them and hands a :class:`RuleOptions` to every
rules function that needs one.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class RuleOptions(BaseModel):
    """Rule switches; the defaults are the seed's (or the catalog's recommended) reading."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    extended_criticals: bool = Field(
        default=False,
        description="R5.31: 7 is a critical success at effective skill 20+, 8 at 25+, 9 at 30+, "
        "10 at 35+ (the seed's optional rule).",
    )
    retreat_basic_set: bool = Field(
        default=False,
        description="R6.9: Retreat gives +3 to Dodge but only +1 to Block and Parry (Basic Set) "
        "instead of the seed's +3 to any active defense.",
    )
    crippling_at_threshold: bool = Field(
        default=False,
        description="R7.16: a limb is crippled by injury equal to or above the threshold (the "
        "seed's paragraph) instead of strictly above it (its table and the Basic Set).",
    )
    zero_minimum_damage: bool = Field(
        default=False,
        description="G7: a damage roll may come out at 0 for every type, instead of the Basic Set "
        "minimum of 1 for any type but crushing.",
    )
    groin_knockdown_any_type: bool = Field(
        default=False,
        description="R7.8: the -5 knockdown penalty for a male humanoid's groin applies to any "
        "major wound, not only crushing ones (R7.28).",
    )
    injury_tolerance_no_knockdown_modifiers: bool = Field(
        default=False,
        description="R7.9: Injury Tolerance drops every knockdown modifier, pain thresholds "
        "included, instead of only the hit-location penalties.",
    )
    chambara_literal_attacks: bool = Field(
        default=False,
        description="R5.15: a master's chambara extra attacks replace the skill-based ones "
        "literally, instead of taking the better of the two.",
    )
    cinematic_multiple_attacks: bool = Field(
        default=False,
        description="R5.14: one extra Attack and Parry per 8 levels of combat skill (the seed's "
        "cinematic rule); off, the Basic Set's repeated parries at a cumulative -4 apply.",
    )
    grab_penalty_round_down: bool = Field(
        default=False,
        description="R7.19: halving a hit-location penalty to grab rounds its size down "
        "(-5 -> -2) instead of up (-5 -> -3).",
    )
    mortal_wounds: bool = Field(
        default=False,
        description="R7.3: a death check failed by only 1 or 2 leaves the victim mortally "
        "wounded instead of dead (Basic Set; not in the seed).",
    )
    diffuse_injury_cap: bool = Field(
        default=True,
        description="R14.3: Injury Tolerance (Diffuse) caps injury at 1 per impaling or piercing "
        "hit and 2 per other hit, except large-area attacks (Basic Set).",
    )
    pain_threshold_shock: bool = Field(
        default=False,
        description="R7.6: High Pain Threshold ignores shock and Low Pain Threshold doubles it "
        "(to at most -8), as in the Basic Set; off, shock ignores pain thresholds.",
    )
    animal_dodge_basic_set: bool = Field(
        default=False,
        description="R6.1: an animal dodges like anyone, Basic Speed + 3 less encumbrance "
        "(Basic Set), instead of the seed's half its Move or DX, whichever is better.",
    )
    concentrate_will: bool = Field(
        default=False,
        description="R5.10: a concentrating fighter who defends rolls Will-3 (Basic Set) to keep "
        "concentrating, instead of the seed's IQ-3.",
    )
    super_slam: bool = Field(
        default=False,
        description="R11.15: slams count both fighters' speed: the DX contest adds it as a "
        "size, the ST contest +1 per 5 hexes, and the loser flies and is hurt (R11.16).",
    )
    all_out_in_close_combat: bool = Field(
        default=False,
        description="R11.25: All-Out Attack and All-Out Defense are allowed in close combat "
        "(a flurry of blows, or covering up).",
    )
    choke_torso: bool = Field(
        default=False,
        description="R11.10: a choke's margin is crushing damage to the torso instead of the "
        "catalog's neck (either way with no neck multiplier).",
    )
