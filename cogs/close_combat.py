"""``/close-combat``: stepping into a foe's hex, grapples, takedowns, pins, chokes, breaking
free, slams and drawing a weapon at grappling range (R11.1-R11.22).

Each subcommand is one action of one fighter, for the encounter GM or his owner
(breaking free: the one held; letting go: the one holding). The holds live in the
encounter, so the tracker shows them and ``/encounter undo`` takes them back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import EncounterAuthority
from bot.render.close import render_close
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import (
    EXTRA_ATTACK_OPTION,
    LOCATION_CHOICES,
    WAIT_ORDER_OPTION,
    catalog_choices,
    channel_of,
    send_embeds,
)
from rules.close_combat import (
    CloseAction,
    CloseOutcome,
    do_break_free,
    do_choke,
    do_draw,
    do_grab_weapon,
    do_grapple,
    do_horn,
    do_pin,
    do_release,
    do_slam,
    do_takedown,
    do_trample,
    do_wrest,
    enter,
    leave,
    waited,
)
from rules.combatant import HitLocation
from rules.encounter import Encounter
from rules.grapple import TakedownStat
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.slam import HornStrikes, SlamArc, TrampleMode

Action = Callable[[Encounter, DiceRoller, RuleOptions], tuple[Encounter, CloseOutcome]]
Name = app_commands.Range[str, 1, 80]
Hexes = app_commands.Range[int, 0, 100]
Weight = app_commands.Range[float, 1.0, 100000.0]

USING_CHOICES = catalog_choices("close.using", [stat.value for stat in TakedownStat])
ARC_CHOICES = catalog_choices("close.arc", [arc.value for arc in SlamArc])
STRIKES_CHOICES = catalog_choices("close.strikes", [what.value for what in HornStrikes])
MODE_CHOICES = catalog_choices("close.trample_mode", [mode.value for mode in TrampleMode])


def _o(key: str, english: str, description: str) -> tuple[_, _]:
    return (
        _(english, key=f"close.cmd.option.{key}.name"),
        _(description, key=f"close.cmd.option.{key}.description"),
    )


OPTIONS = {
    "attacker": _o("attacker", "attacker", "Who acts"),
    "target": _o("target", "target", "At whom"),
    "combatant": _o("combatant", "combatant", "Who acts"),
    "foe": _o("foe", "foe", "The foe in close combat with him"),
    "location": _o("location", "location", "Where he grabs: half the location's penalty (R7.19)"),
    "bite": _o("bite", "bite", "A grappling bite that has hit holds him without a roll (R11.3)"),
    "weapon": _o("weapon", "weapon", "Which weapon (default the first in hand)"),
    "arm": _o("arm", "arm", "A weapon that cannot be grabbed: grab the arm instead (R11.5)"),
    "using": _o("using", "using", "ST, DX or Judo (R11.8)"),
    "helper": _o("helper", "helper", "A second fighter helping: 1/5 of his score (R11.21)"),
    "second_helper": _o("second_helper", "second-helper", "A third fighter for a pin (R11.21)"),
    "hands": _o("hands", "hands", "Hands on the pin: +5 or +10 against breaking free (R11.11)"),
    "weight": _o("weight", "weight", "The attacker's weight in kg, if not on his sheet (R11.9)"),
    "target_weight": _o(
        "target_weight", "target-weight", "The target's weight in kg, if not on his sheet"
    ),
    "holder": _o("holder", "holder", "Who holds him (default the strongest holder)"),
    "held": _o("held", "held", "Whom he lets go"),
    "moved": _o("moved", "moved", "Hexes moved before the impact: his speed (R11.13, R11.14)"),
    "arc": _o("arc", "from", "Front, side or rear of the target (R11.13)"),
    "running": _o("running", "running", "He was already running last turn: +2 (R11.14)"),
    "target_moved": _o(
        "target_moved", "target-moved", "Hexes the target moved toward him: -2 (R11.14)"
    ),
    "target_running": _o(
        "target_running", "target-running", "The target was running last turn (R11.14)"
    ),
    "tackle": _o("tackle", "tackle", "A flying tackle: +1 Move, +2 ST, he falls anyway (R11.18)"),
    "dodge": _o("dodge", "dodge", "The target tries to Dodge the tackle (R11.18)"),
    "mode": _o("mode", "mode", "Stay a round in his hex, or pass over him: half damage (R11.19)"),
    "hard_surface": _o("hard_surface", "hard-surface", "On a hard surface: damage doubled"),
    "hooves": _o("hooves", "hooves", "Has hooves (default true); without, a quarter of the weight"),
    "trample_dodge": _o("trample_dodge", "dodge", "The victim tries to Dodge (default true)"),
    "horn_mod": _o("horn_mod", "horn-mod", "The horns: -3 to +3 on the trample damage (R11.20)"),
    "sharp": _o("sharp", "sharp", "Especially sharp horns: impaling (R11.20)"),
    "into_wall": _o(
        "into_wall",
        "into-wall",
        "The knockback ends on a wall or an object of 5x his weight: collision (R11.17)",
    ),
    "object_breaks": _o(
        "object_breaks",
        "object-breaks",
        "What he hits breaks: his collision damage and speed halved (R11.17)",
    ),
    "strikes": _o(
        "strikes",
        "strikes",
        "What the horns hit: the foe, horns of its size, a heavy object (R11.20)",
    ),
    "wait_order": WAIT_ORDER_OPTION,
    "extra_attack": EXTRA_ATTACK_OPTION,
}


def _names(*keys: str) -> dict[str, _]:
    return {key: OPTIONS[key][0] for key in keys}


def _descriptions(*keys: str) -> dict[str, _]:
    return {key: OPTIONS[key][1] for key in keys}


def _wait_on(wait_order: bool, target: str, action: CloseAction) -> tuple[str, CloseAction] | None:
    """The foe and the action of a Wait he set off, when ``wait-order`` asks who strikes
    first (R5.11)."""
    return (target, action) if wait_order else None


def _sub(key: str, english: str, description: str) -> dict[str, Any]:
    """``name`` and ``description`` for ``close.command(**…)`` (keywords of several types)."""
    return {
        "name": _(english, key=f"close.cmd.{key}.name"),
        "description": _(description, key=f"close.cmd.{key}.description"),
    }


PAIR = ("attacker", "target")
WAIT = "wait_order"
"""A Wait set off: who strikes first (R5.11), on every close-combat attack, as on /attack."""
EXTRA = "extra_attack"
"""The GM's escape hatch, last on every action that takes the turn (R4.4), as on /attack."""
COLLISION = ("into_wall", "object_breaks")
SLAM_OPTIONS = (
    *PAIR,
    "moved",
    "arc",
    "running",
    "target_moved",
    "target_running",
    "tackle",
    "dodge",
    *COLLISION,
    WAIT,
    EXTRA,
)
HORN_OPTIONS = (
    *PAIR,
    "moved",
    "arc",
    "horn_mod",
    "sharp",
    "hooves",
    "weight",
    "strikes",
    *COLLISION,
    WAIT,
    EXTRA,
)


class CloseCombat(commands.Cog):
    """Close combat between the fighters of a channel's encounter."""

    close = app_commands.Group(
        name=_("close-combat", key="close.cmd.name"),
        description=_(
            "Close combat: grapple, takedown, pin, choke, break free, slam (R11)",
            key="close.cmd.description",
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    async def _act(
        self,
        interaction: discord.Interaction[GurpsBot],
        actor: str,
        action: Action,
        *,
        extra_attack: bool = False,
        wait_on: tuple[str, CloseAction] | None = None,
    ) -> None:
        """Authorize the actor's owner (or the GM; ``extra_attack`` the GM's alone, as on
        /attack), run the action on the encounter, save it as one undoable change and answer
        with its rolls. ``wait_on``: the foe and the action of a Wait he set off, who
        strikes first deciding whether the action happens (R5.11)."""
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        async with self.encounters.change(channel, interaction.user.id, "close_combat") as change:
            fight = change.encounter
            who = fight.find(actor)
            authority.ensure_can_act_for(fight.gm_id, who.owner_id, who.name)
            authority.ensure_may_grant_extra_attack(fight.gm_id, extra_attack)
            if wait_on is None:
                change.encounter, outcome = action(fight, self.bot.dice, context.options)
            else:
                foe, kind = wait_on
                change.encounter, outcome = waited(
                    fight,
                    actor,
                    foe,
                    lambda f, dice: action(f, dice, context.options),
                    action=kind,
                    roller=self.bot.dice,
                    options=context.options,
                    extra_attack=extra_attack,
                )
            change.detail = outcome.detail()
        await send_embeds(interaction, render_close(outcome, self.bot.messages, context.locale))

    @close.command(**_sub("enter", "enter", "Step into the foe's hex: close combat (R11.1)"))
    @app_commands.rename(**_names(*PAIR, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, EXTRA))
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def enter_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: enter(f, attacker, target, extra_attack=extra_attack),
            extra_attack=extra_attack,
        )

    @close.command(
        **_sub("leave", "leave", "Step out of the foe's hex, unless he holds you (R11.1)")
    )
    @app_commands.rename(**_names("combatant", "foe", EXTRA))
    @app_commands.describe(**_descriptions("combatant", "foe", EXTRA))
    @app_commands.autocomplete(combatant=combatant_autocomplete, foe=combatant_autocomplete)
    async def leave_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: Name,
        foe: Name,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            combatant,
            lambda f, dice, options: leave(f, combatant, foe, extra_attack=extra_attack),
            extra_attack=extra_attack,
        )

    @close.command(**_sub("grapple", "grapple", "Grapple: DX+3 against DX (R11.2, R11.3)"))
    @app_commands.rename(**_names(*PAIR, "location", "bite", WAIT, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, "location", "bite", WAIT, EXTRA))
    @app_commands.choices(location=LOCATION_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def grapple_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        location: app_commands.Choice[str] | None = None,
        bite: bool = False,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        where = HitLocation(location.value) if location else HitLocation.TORSO
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_grapple(
                f,
                attacker,
                target,
                location=where,
                bite=bite,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=(target, CloseAction.bite if bite else CloseAction.grapple)
            if wait_order
            else None,
        )

    @close.command(
        **_sub("grab_weapon", "grab-weapon", "Grab the foe's weapon, or its arm (R11.4, R11.5)")
    )
    @app_commands.rename(**_names(*PAIR, "weapon", "arm", WAIT, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, "weapon", "arm", WAIT, EXTRA))
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def grab_weapon_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        weapon: Name | None = None,
        arm: bool = False,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_grab_weapon(
                f,
                attacker,
                target,
                weapon=weapon,
                arm=arm,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=(target, CloseAction.grab_arm if arm else CloseAction.grab_weapon)
            if wait_order
            else None,
        )

    @close.command(
        **_sub(
            "wrest", "wrest", "Wrest the grabbed weapon away, or force it dropped (R11.4, R11.5)"
        )
    )
    @app_commands.rename(**_names(*PAIR, WAIT, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, WAIT, EXTRA))
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def wrest_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_wrest(
                f, attacker, target, roller=dice, options=options, extra_attack=extra_attack
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.wrest),
        )

    @close.command(**_sub("takedown", "takedown", "Take a grappled foe down (R11.8, R11.21)"))
    @app_commands.rename(**_names(*PAIR, "using", "helper", WAIT, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, "using", "helper", WAIT, EXTRA))
    @app_commands.choices(using=USING_CHOICES)
    @app_commands.autocomplete(
        attacker=combatant_autocomplete,
        target=combatant_autocomplete,
        helper=combatant_autocomplete,
    )
    async def takedown_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        using: app_commands.Choice[str] | None = None,
        helper: Name | None = None,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        stat = TakedownStat(using.value) if using else TakedownStat.st
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_takedown(
                f,
                attacker,
                target,
                stat=stat,
                helper=helper,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.takedown),
        )

    @close.command(**_sub("pin", "pin", "Pin a grappled foe on the ground (R11.9, R11.21)"))
    @app_commands.rename(
        **_names(*PAIR, "hands", "helper", "second_helper", "weight", "target_weight", WAIT, EXTRA)
    )
    @app_commands.describe(
        **_descriptions(
            *PAIR, "hands", "helper", "second_helper", "weight", "target_weight", WAIT, EXTRA
        )
    )
    @app_commands.autocomplete(
        attacker=combatant_autocomplete,
        target=combatant_autocomplete,
        helper=combatant_autocomplete,
        second_helper=combatant_autocomplete,
    )
    async def pin_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        hands: app_commands.Range[int, 1, 2] = 2,
        helper: Name | None = None,
        second_helper: Name | None = None,
        weight: Weight | None = None,
        target_weight: Weight | None = None,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        helpers = tuple(h for h in (helper, second_helper) if h)
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_pin(
                f,
                attacker,
                target,
                hands=hands,
                helpers=helpers,
                weight=weight,
                target_weight=target_weight,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.pin),
        )

    @close.command(**_sub("choke", "choke", "Choke a grappled foe: ST against HT (R11.10)"))
    @app_commands.rename(**_names(*PAIR, WAIT, EXTRA))
    @app_commands.describe(**_descriptions(*PAIR, WAIT, EXTRA))
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def choke_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_choke(
                f, attacker, target, roller=dice, options=options, extra_attack=extra_attack
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.choke),
        )

    @close.command(**_sub("break_free", "break-free", "Break free: ST against ST (R11.11)"))
    @app_commands.rename(**_names("combatant", "holder", EXTRA))
    @app_commands.describe(**_descriptions("combatant", "holder", EXTRA))
    @app_commands.autocomplete(combatant=combatant_autocomplete, holder=combatant_autocomplete)
    async def break_free_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: Name,
        holder: Name | None = None,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            combatant,
            lambda f, dice, options: do_break_free(
                f, combatant, holder, roller=dice, options=options, extra_attack=extra_attack
            ),
            extra_attack=extra_attack,
        )

    @close.command(**_sub("release", "release", "Let go of a foe you hold"))
    @app_commands.rename(**_names("holder", "held"))
    @app_commands.describe(**_descriptions("holder", "held"))
    @app_commands.autocomplete(holder=combatant_autocomplete, held=combatant_autocomplete)
    async def release_cmd(
        self, interaction: discord.Interaction[GurpsBot], holder: Name, held: Name
    ) -> None:
        await self._act(interaction, holder, lambda f, dice, options: do_release(f, holder, held))

    @close.command(**_sub("slam", "slam", "Slam or flying tackle: DX, then ST (R11.13-R11.18)"))
    @app_commands.rename(**_names(*SLAM_OPTIONS))
    @app_commands.describe(**_descriptions(*SLAM_OPTIONS))
    @app_commands.choices(arc=ARC_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def slam_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        moved: Hexes = 0,
        arc: app_commands.Choice[str] | None = None,
        running: bool = False,
        target_moved: Hexes = 0,
        target_running: bool = False,
        tackle: bool = False,
        dodge: bool = False,
        into_wall: bool = False,
        object_breaks: bool = False,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        where = SlamArc(arc.value) if arc else SlamArc.front
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_slam(
                f,
                attacker,
                target,
                arc=where,
                moved=moved,
                running=running,
                target_moved=target_moved,
                target_running=target_running,
                tackle=tackle,
                target_dodges=dodge,
                into_wall=into_wall,
                object_breaks=object_breaks,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=(target, CloseAction.tackle if tackle else CloseAction.slam)
            if wait_order
            else None,
        )

    @close.command(
        **_sub("trample", "trample", "Trample a smaller foe: DX, then damage by weight (R11.19)")
    )
    @app_commands.rename(
        **_names(*PAIR, "mode", "hard_surface", "hooves", "weight", "target_weight", WAIT, EXTRA),
        dodge=OPTIONS["trample_dodge"][0],
    )
    @app_commands.describe(
        **_descriptions(
            *PAIR, "mode", "hard_surface", "hooves", "weight", "target_weight", WAIT, EXTRA
        ),
        dodge=OPTIONS["trample_dodge"][1],
    )
    @app_commands.choices(mode=MODE_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def trample_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        mode: app_commands.Choice[str] | None = None,
        hard_surface: bool = False,
        hooves: bool = True,
        dodge: bool = True,
        weight: Weight | None = None,
        target_weight: Weight | None = None,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        chosen = TrampleMode(mode.value) if mode else TrampleMode.stay
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_trample(
                f,
                attacker,
                target,
                mode=chosen,
                hard_surface=hard_surface,
                hooves=hooves,
                target_dodges=dodge,
                weight=weight,
                target_weight=target_weight,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.trample),
        )

    @close.command(**_sub("horn", "horn", "Horn attack: a slam with the horns' damage (R11.20)"))
    @app_commands.rename(**_names(*HORN_OPTIONS))
    @app_commands.describe(**_descriptions(*HORN_OPTIONS))
    @app_commands.choices(arc=ARC_CHOICES, strikes=STRIKES_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def horn_cmd(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: Name,
        target: Name,
        moved: Hexes = 0,
        arc: app_commands.Choice[str] | None = None,
        horn_mod: app_commands.Range[int, -3, 3] = 0,
        sharp: bool = False,
        hooves: bool = True,
        weight: Weight | None = None,
        strikes: app_commands.Choice[str] | None = None,
        into_wall: bool = False,
        object_breaks: bool = False,
        wait_order: bool = False,
        extra_attack: bool = False,
    ) -> None:
        where = SlamArc(arc.value) if arc else SlamArc.front
        hit = HornStrikes(strikes.value) if strikes else HornStrikes.foe
        await self._act(
            interaction,
            attacker,
            lambda f, dice, options: do_horn(
                f,
                attacker,
                target,
                arc=where,
                moved=moved,
                horn_modifier=horn_mod,
                sharp=sharp,
                hooves=hooves,
                weight=weight,
                strikes=hit,
                into_wall=into_wall,
                object_breaks=object_breaks,
                roller=dice,
                options=options,
                extra_attack=extra_attack,
            ),
            extra_attack=extra_attack,
            wait_on=_wait_on(wait_order, target, CloseAction.horn),
        )

    @close.command(**_sub("draw", "draw", "Draw a weapon in close combat: DX first (R11.22)"))
    @app_commands.rename(**_names("combatant", "weapon", EXTRA))
    @app_commands.describe(**_descriptions("combatant", "weapon", EXTRA))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def draw_cmd(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: Name,
        weapon: Name | None = None,
        extra_attack: bool = False,
    ) -> None:
        await self._act(
            interaction,
            combatant,
            lambda f, dice, options: do_draw(
                f, combatant, weapon, roller=dice, options=options, extra_attack=extra_attack
            ),
            extra_attack=extra_attack,
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(CloseCombat(bot))
