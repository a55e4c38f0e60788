"""``/damage``: the GM applies damage directly ("he takes 10 cutting to the neck").

``amount`` is a number or dice (``2d+1``), rolled here and shown in the breakdown;
the type may be typed with it (``2d+1 cut``) or chosen in ``type``. The hit goes
through the same injury pipeline as an attack's (section 7) and is one undoable
encounter change, with the same breakdown.
"""

from __future__ import annotations

from fractions import Fraction

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import EncounterAuthority
from bot.render.attack import render_damage
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import LOCATION_CHOICES, SIDE_CHOICES, channel_of
from rules import exchange
from rules.combatant import HitLocation, Side
from rules.damage import DamageSpec, DamageType, parse_direct_damage

TYPE_CHOICES = [
    app_commands.Choice(
        name=_(kind.abbreviation, key=f"damage.type.{kind.value}"), value=kind.value
    )
    for kind in DamageType
]
DIVISORS = ("0.2", "0.5", "2", "3", "5", "10")
DIVISOR_CHOICES = [app_commands.Choice(name=f"({value})", value=value) for value in DIVISORS]


class Damage(commands.Cog):
    """Direct damage, for everything that is not an attack roll."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    @app_commands.command(
        name=_("damage", key="damage.cmd.name"),
        description=_(
            "Apply damage to a combatant through the injury rules (GM)",
            key="damage.cmd.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        target=_("target", key="damage.cmd.target.name"),
        amount=_("amount", key="damage.cmd.amount.name"),
        damage_type=_("type", key="damage.cmd.type.name"),
        location=_("location", key="damage.cmd.location.name"),
        armor_divisor=_("armor-divisor", key="damage.cmd.armor_divisor.name"),
        side=_("side", key="damage.cmd.side.name"),
        chinks=_("chinks", key="damage.cmd.chinks.name"),
        ignore_armor=_("ignore-armor", key="damage.cmd.ignore_armor.name"),
        large_area=_("large-area", key="damage.cmd.large_area.name"),
        exposed=_("exposed", key="damage.cmd.exposed.name"),
        tight_beam=_("tight-beam", key="damage.cmd.tight_beam.name"),
        half_damage=_("half-damage", key="damage.cmd.half_damage.name"),
        bullet=_("bullet", key="damage.cmd.bullet.name"),
        knockback_ht=_("knockback-ht", key="damage.cmd.knockback_ht.name"),
        can_destroy=_("can-destroy", key="damage.cmd.can_destroy.name"),
        incendiary=_("incendiary", key="fire.cmd.incendiary.name"),
    )
    @app_commands.describe(
        target=_("Who takes the damage", key="damage.cmd.target.description"),
        amount=_(
            "Basic damage before DR: a number or dice, the type may follow (12, 2d+1, 2d+1 cut)",
            key="damage.cmd.amount.description",
        ),
        damage_type=_(
            "Damage type (unless typed with the amount)", key="damage.cmd.type.description"
        ),
        location=_("Hit location (default torso)", key="damage.cmd.location.description"),
        armor_divisor=_("Armor divisor", key="damage.cmd.armor_divisor.description"),
        side=_("Which arm, leg, hand, foot or eye", key="damage.cmd.side.description"),
        chinks=_("Through chinks in armor (R7.23)", key="damage.cmd.chinks.description"),
        ignore_armor=_(
            "Open helmet (face) or bare groin: the armor does not count (R7.27, R7.28)",
            key="damage.cmd.ignore_armor.description",
        ),
        large_area=_(
            "Explosion, fire, breath: DR is the torso's averaged with the weakest exposed part "
            "(R7.18)",
            key="damage.cmd.large_area.description",
        ),
        exposed=_(
            "Large-area: the least-protected exposed part, if not every part is (R7.18)",
            key="damage.cmd.exposed.description",
        ),
        tight_beam=_(
            "Tight-beam burning: can reach the vitals and eyes (R7.24, R7.26)",
            key="damage.cmd.tight_beam.description",
        ),
        half_damage=_(
            "Beyond the weapon's 1/2D range: damage halved",
            key="damage.cmd.half_damage.description",
        ),
        bullet=_("A bullet: it knocks back (R7.14)", key="damage.cmd.bullet.description"),
        knockback_ht=_(
            "Knockback from HT: the target has no ST or is not resisting (R7.14)",
            key="damage.cmd.knockback_ht.description",
        ),
        can_destroy=_(
            "The source can destroy the body at -10xHP (R7.5; default true)",
            key="damage.cmd.can_destroy.description",
        ),
        incendiary=_(
            "Incendiary: 1 more burning damage, which may set the clothes alight (R10.2)",
            key="fire.cmd.incendiary.description",
        ),
    )
    @app_commands.choices(
        damage_type=TYPE_CHOICES,
        location=LOCATION_CHOICES,
        exposed=LOCATION_CHOICES,
        armor_divisor=DIVISOR_CHOICES,
        side=SIDE_CHOICES,
    )
    @app_commands.autocomplete(target=combatant_autocomplete)
    async def damage(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        target: str,
        amount: app_commands.Range[str, 1, 100],
        damage_type: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        armor_divisor: app_commands.Choice[str] | None = None,
        side: app_commands.Choice[str] | None = None,
        chinks: bool = False,
        ignore_armor: bool = False,
        large_area: bool = False,
        exposed: app_commands.Choice[str] | None = None,
        tight_beam: bool = False,
        half_damage: bool = False,
        bullet: bool = False,
        knockback_ht: bool = False,
        can_destroy: bool = True,
        incendiary: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        given = parse_direct_damage(amount, DamageType(damage_type.value) if damage_type else None)
        if armor_divisor is not None:
            divisor = Fraction(armor_divisor.value)
        else:
            divisor = given.armor_divisor or Fraction(1)
        spec = DamageSpec(
            basic_damage=0,
            damage_type=given.damage_type,
            armor_divisor=divisor,
            location=HitLocation(location.value) if location else HitLocation.TORSO,
            side=Side(side.value) if side else Side.RIGHT,
            chinks_in_armor=chinks,
            armor_ignored=ignore_armor,
            large_area=large_area or exposed is not None,
            exposed=(HitLocation(exposed.value),) if exposed else (),
            tight_beam=tight_beam,
            half_damage_range=half_damage,
            knockback_bullet=bullet,
            knockback_uses_ht=knockback_ht,
            can_destroy=can_destroy,
        )
        async with self.encounters.change(channel, interaction.user.id, "damage") as change:
            fight = change.encounter
            authority.ensure_gm(fight.gm_id)
            victim = fight.find(target)
            taken = exchange.direct_damage(
                fight,
                victim.combatant_id,
                given,
                spec,
                roller=self.bot.dice,
                options=options,
                incendiary=incendiary,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail()
        injury, aim, rolled, fire = taken.injury, taken.aim, taken.rolled, taken.fire
        embed = render_damage(
            injury,
            victim.name,
            self.bot.messages,
            locale,
            aim=aim,
            rolled=(str(given.expression), rolled.dice) if given.rolls else None,
            fire=fire,
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Damage(bot))
