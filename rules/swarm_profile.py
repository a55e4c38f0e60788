"""What a swarm or a horde is: its numbers, the seed's examples, its size and speed
(catalog R14.1, R14.4-R14.6, R14.8).

Pure data and arithmetic, read by the sheet (:class:`~rules.combatant.Combatant` keeps a
:class:`Swarm` when it is one) and by :mod:`rules.swarm`, which runs its attacks and its
dispersal. A swarm fills one hex; a horde is a swarm over several hexes, with a Basic Size
below which it breaks up into swarms (R14.7).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.size_range import size_modifier_for_length

__all__ = [
    "HORDE_SIZES",
    "HORDE_SM",
    "SWARMS",
    "Locomotion",
    "Protection",
    "Swarm",
    "SwarmKind",
    "SwarmProfile",
    "SwarmVictim",
    "horde_move",
    "horde_size_modifier",
]

SWARM_SM_BONUS: Final = 2
"""R14.1, R14.5: a swarm or horde counts as 2 sizes bigger when targeted or spotted."""


class SwarmKind(StrEnum):
    """The seed's example swarms (R14.4), and one of the GM's own numbers."""

    BEES = "bees"
    RATS = "rats"
    BATS = "bats"
    BIRDS = "birds"
    VENOMOUS_INSECTS = "venomous_insects"
    FLYING_INSECTS = "flying_insects"
    PIRANHAS = "piranhas"
    SNAKES = "snakes"
    CUSTOM = "custom"


class Locomotion(StrEnum):
    """How it moves: a horde's size slows crawlers and swimmers more than fliers (R14.6)."""

    GROUND = "ground"
    FLYING = "flying"
    SWIMMING = "swimming"


class Protection(StrEnum):
    """What a victim wears against small creatures (R14.2)."""

    NONE = "none"
    CLOTHING = "clothing"
    """Ordinary clothing: up to 2 rounds."""
    LOW_TL_ARMOR = "low_tl_armor"
    """Low-TL armor: up to 5 rounds."""
    SEALED = "sealed"
    """A sealed suit (combat armor, a beekeeping suit): complete."""


PROTECTION_ROUNDS: Final[dict[Protection, int]] = {
    Protection.NONE: 0,
    Protection.CLOTHING: 2,
    Protection.LOW_TL_ARMOR: 5,
}
"""R14.2: how many rounds each protects against small creatures (sealed: for ever)."""


class SwarmProfile(BaseModel):
    """One kind of swarm (R14.4): SM (basic), Move, damage per round, whether armor gives
    its usual protection (``small``: it does not, R14.2's round limits apply instead), the
    damage that disperses it (a horde: per hex), and a poison the GM resolves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: SwarmKind
    size_modifier: int = 0
    move: int = Field(ge=0)
    locomotion: Locomotion = Locomotion.GROUND
    damage: str
    small: bool = False
    dispersed_by: int = Field(ge=1)
    poison: str | None = None
    """``III`` or ``IV``: Type III or IV Poison, Innate Attack (Chapter I), the GM's call."""
    gives_up_beyond: int | None = None
    """Bees give up once the victim is this many metres from the hive."""


SWARMS: Final[dict[SwarmKind, SwarmProfile]] = {
    profile.kind: profile
    for profile in (
        # R14.4 a: 1,000 common bees; "1 point" of damage (no type given: toxic, ×1).
        SwarmProfile(
            kind=SwarmKind.BEES,
            move=6,
            locomotion=Locomotion.FLYING,
            damage="1 tox",
            small=True,
            dispersed_by=12,
            gives_up_beyond=50,
        ),
        # b: 12 common rats.
        SwarmProfile(kind=SwarmKind.RATS, move=4, damage="1d cut", dispersed_by=6),
        # c: 12 carnivorous bats.
        SwarmProfile(
            kind=SwarmKind.BATS,
            move=8,
            locomotion=Locomotion.FLYING,
            damage="1d cut",
            dispersed_by=8,
        ),
        # d: 12 common birds.
        SwarmProfile(
            kind=SwarmKind.BIRDS,
            move=8,
            locomotion=Locomotion.FLYING,
            damage="1d-1 pi+",
            dispersed_by=6,
        ),
        # e: 500 venomous insects.
        SwarmProfile(
            kind=SwarmKind.VENOMOUS_INSECTS,
            move=2,
            damage="1d pi-",
            small=True,
            dispersed_by=10,
            poison="III",
        ),
        # f: 500 flying insects.
        SwarmProfile(
            kind=SwarmKind.FLYING_INSECTS,
            move=6,
            locomotion=Locomotion.FLYING,
            damage="1d pi-",
            small=True,
            dispersed_by=10,
        ),
        # g: 12 common piranhas.
        SwarmProfile(
            kind=SwarmKind.PIRANHAS,
            move=6,
            locomotion=Locomotion.SWIMMING,
            damage="2d cut",
            dispersed_by=8,
        ),
        # h: 12 venomous snakes.
        SwarmProfile(kind=SwarmKind.SNAKES, move=3, damage="1d+2 cut", dispersed_by=8, poison="IV"),
    )
}
"""R14.4's eight swarms."""

HORDE_SIZES: Final[dict[SwarmKind, int]] = {
    SwarmKind.BATS: 15,
    SwarmKind.RATS: 5,
    SwarmKind.BIRDS: 15,
    SwarmKind.VENOMOUS_INSECTS: 5,
    SwarmKind.FLYING_INSECTS: 15,
    SwarmKind.PIRANHAS: 5,
    SwarmKind.SNAKES: 5,
}
"""R14.8's seven hordes, by Basic Size in hexes (there is no bee horde). Their Move, damage
and "dispersed by" (per hex) are the swarms'."""

HORDE_SM: Final[dict[SwarmKind, int]] = {
    SwarmKind.BATS: 7,
    SwarmKind.RATS: 4,
    SwarmKind.BIRDS: 7,
    SwarmKind.VENOMOUS_INSECTS: 4,
    SwarmKind.FLYING_INSECTS: 7,
    SwarmKind.PIRANHAS: 4,
    SwarmKind.SNAKES: 4,
}
"""R14.8's SM column, the +2 included: what :func:`horde_size_modifier` gives at Basic Size."""


def horde_size_modifier(hexes: int) -> int:
    """R14.5: the SM for the horde's size (its hexes read as its diameter, next row up) + 2."""
    return size_modifier_for_length(hexes) + SWARM_SM_BONUS


def horde_move(move: int, hexes: int, locomotion: Locomotion) -> int:
    """R14.6: -1 Move per 10 hexes crawling (swimmers too, the catalog's reading) or per 30
    flying, never below 1."""
    per = 30 if locomotion is Locomotion.FLYING else 10
    return max(1, move - hexes // per)


class SwarmVictim(BaseModel):
    """Someone in the swarm's hex (a horde's area): what he wears, and how many rounds it has
    attacked him (R14.2's protection lasts so many rounds)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str
    protection: Protection = Protection.NONE
    rounds: int = Field(default=0, ge=0)


class Swarm(BaseModel):
    """A swarm (one hex) or a horde (``basic_size`` set, ``hexes`` of them), its damage so
    far and whom it is on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    profile: SwarmProfile
    hexes: int = Field(default=1, ge=1)
    basic_size: int | None = Field(default=None, ge=1)
    damage_taken: int = Field(default=0, ge=0)
    """A swarm: toward its dispersal. A horde: toward its next hex (the remainder, R14.7)."""
    victims: tuple[SwarmVictim, ...] = ()

    @property
    def is_horde(self) -> bool:
        return self.basic_size is not None

    @property
    def size_modifier(self) -> int:
        """Effective SM: basic + 2 for a swarm (R14.1), the size's + 2 for a horde (R14.5)."""
        if self.is_horde:
            return horde_size_modifier(self.hexes)
        return self.profile.size_modifier + SWARM_SM_BONUS

    @property
    def move(self) -> int:
        """A swarm's Move, or a horde's, slowed by its size (R14.6)."""
        if self.is_horde:
            return horde_move(self.profile.move, self.hexes, self.profile.locomotion)
        return self.profile.move

    def victim(self, combatant_id: str) -> SwarmVictim | None:
        return next((v for v in self.victims if v.combatant_id == combatant_id), None)
