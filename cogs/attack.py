"""``/attack``, ``/shoot``, ``/throw`` and ``/maneuver``: a turn, from its maneuver to the blow.

The GM or the attacker's player attacks; a hit the target may defend is stored
as a pending attack and the reply pings the target's owner with one button per
defense (their numbers already worked out). Critical hits and blows that
cannot be defended go straight to damage.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import Any, Final, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import EncounterAuthority
from bot.render.attack import (
    defense_view,
    prompt_text,
    render_attack,
    render_maneuver,
    weapon_choice,
)
from bot.render.encounter import render_events
from bot.render.ranged import render_stray, render_through
from bot.storage.encounter import EncounterChange, EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import (
    EXTRA_ATTACK_OPTION,
    LOCATION_CHOICES,
    SIDE_CHOICES,
    WAIT_ORDER_OPTION,
    catalog_choices,
    channel_of,
)
from rules import exchange
from rules.attack import Arc, AttackKind, EvadeEntry, Gait, Hand, RangedClass
from rules.attack_resolution import AttackOutcome
from rules.close_combat import in_any_close_combat
from rules.combatant import HitLocation, Posture, Side
from rules.maneuver import (
    ATTACK_MANEUVERS,
    AllOutAttackOption,
    AllOutDefenseOption,
    Maneuver,
)
from rules.maneuver_choice import ManeuverRequest
from rules.ranged import Cover, FireMode, OpportunityArea, RangedSituation, as_fraction
from rules.rapid_fire import MAX_SHOTS
from rules.strike import AttackRequest
from rules.swarm import ensure_not_swarm
from rules.terrain import CoverKind, cover_kind_of, overpenetration

OTHER_MANEUVER_CHOICES = catalog_choices(
    "maneuver.name", [m.value for m in Maneuver if m not in ATTACK_MANEUVERS]
)
ALL_OUT_DEFENSE_CHOICES = catalog_choices(
    "maneuver.all_out_defense", [o.value for o in AllOutDefenseOption]
)
EVADE_CHOICES = catalog_choices("maneuver.evade_entry", [e.value for e in EvadeEntry])
POSTURE_CHOICES = catalog_choices(
    "maneuver.posture",
    [p.value for p in Posture if p not in (Posture.LYING_FACE_UP, Posture.CRAWLING)],
)

# What each merged choice of ``/attack``, ``/shoot`` and ``/throw`` stands for. One option holds
# what used to take two (a maneuver and its All-Out Attack option, a rear arc and whether
# the target knows, a hand and whether both weapons strike this target, a gait and the
# launcher), so each subcommand keeps room under Discord's 25 options.
MANEUVERS: dict[str, tuple[Maneuver, AllOutAttackOption | None]] = {
    "attack": (Maneuver.attack, None),
    "move_and_attack": (Maneuver.move_and_attack, None),
    **{
        f"all_out_{option.value}": (Maneuver.all_out_attack, option)
        for option in (
            AllOutAttackOption.determined,
            AllOutAttackOption.strong,
            AllOutAttackOption.double,
            AllOutAttackOption.feint,
        )
    },
}
ARCS: dict[str, tuple[Arc, bool]] = {
    **{arc.value: (arc, False) for arc in Arc},
    "rear_aware": (Arc.rear, True),
}
HANDS: dict[str, tuple[Hand, bool]] = {
    **{hand.value: (hand, False) for hand in Hand},
    **{f"{hand.value}_both": (hand, True) for hand in Hand},
}
RANGED_GAITS: dict[str, tuple[Gait, RangedClass]] = {
    **{gait.value: (gait, RangedClass.other) for gait in Gait},
    **{
        f"{gait.value}_{launcher.value}": (gait, launcher)
        for launcher in (RangedClass.crossbow, RangedClass.bow)
        for gait in Gait
    },
}
THROWN_GAITS = {gait.value: (gait, RangedClass.other) for gait in Gait}

# At range the maneuver choice also says how the shot is made: a pop-up attack (R12.7) or
# blind fire (R12.6) is an Attack.
FIRE_MODES = {"pop_up": FireMode.pop_up, "blind": FireMode.blind}
MANEUVER_CHOICES = catalog_choices("attack.maneuver_choice", MANEUVERS)
AT_RANGE_MANEUVER_CHOICES = MANEUVER_CHOICES + catalog_choices("ranged.fire_mode", FIRE_MODES)
COVER_CHOICES = catalog_choices("ranged.cover", [cover.value for cover in Cover])
AREA_CHOICES = [
    app_commands.Choice(name=_(area.value, key=f"ranged.area.{area.name}"), value=area.value)
    for area in OpportunityArea
]
COVER_KIND_CHOICES = catalog_choices("ranged.cover_kind", [kind.value for kind in CoverKind])
# R13.6: from above (a tree, a window, a ledge), the target unaware of it or noticing in time.
FROM_ABOVE = {"above": False, "above_aware": True}
ARC_CHOICES = catalog_choices("attack.arc", ARCS) + catalog_choices("terrain.arc", FROM_ABOVE)
HAND_CHOICES = catalog_choices("attack.hand", HANDS)
RANGED_GAIT_CHOICES = catalog_choices("attack.gait", RANGED_GAITS)
THROWN_GAIT_CHOICES = catalog_choices("attack.gait", THROWN_GAITS)


def _option(key: str, english: str) -> tuple[_, _]:
    """An option's name and description, both from the ``attack.cmd`` catalog."""
    return (
        _(english, key=f"attack.cmd.{key}.name"),
        _(ATTACK_DESCRIPTIONS[key], key=f"attack.cmd.{key}.description"),
    )


ATTACK_DESCRIPTIONS = {
    "attacker": "Who attacks",
    "target": "Who is attacked",
    "weapon": "One of the attacker's weapons",
    "maneuver": "Attack (default), Move and Attack, or an All-Out Attack option (R5.8)",
    "location": "Hit location (R7.19)",
    "side": "Which arm, leg, hand, foot or eye",
    "skill": "Skill, if not the weapon's",
    "damage": "Damage, e.g. sw+2 cut or 1d+1 imp",
    "modifier": "Any other modifier",
    "arc": "Where the attacker stands: front, a side, or behind (target aware or not, R6.10)",
    "chinks": "Aim at chinks in armor (R7.23)",
    "darkness": "Darkness penalty",
    "wild_swing": "A Wild Swing (R5.6)",
    "hexes_crossed": "Enemy-occupied hexes the attack passes through (-4 each)",
    "dual": "Two weapons (R5.7): this blow's hand; 'both' if both strike this target",
    "close_combat": "In close combat (R11.12)",
    "master": "Trained by a Master or Weapon Master: chambara rules (R5.15-R5.27)",
    "unseen": "From outside the target's vision: no Dodge (R6.3)",
    "moving": "Firing while walking or running; bows x6, crossbows x3 (R5.13, R12.10)",
    "fast_draw": "Fast-Draw skill: thrown weapons or a volley of arrows with multiple attacks",
}
# Option name (Python parameter) -> (catalog key, English name).
_COMMON = {
    "attacker": ("attacker", "attacker"),
    "target": ("target", "target"),
    "weapon": ("weapon", "weapon"),
    "maneuver": ("maneuver", "maneuver"),
    "location": ("location", "location"),
    "side": ("side", "side"),
    "skill": ("skill", "skill"),
    "damage": ("damage", "damage"),
    "modifier": ("modifier", "modifier"),
    "arc": ("arc", "from"),
    "chinks": ("chinks", "chinks"),
    "darkness": ("darkness", "darkness"),
    "hexes_crossed": ("hexes_crossed", "through-hexes"),
    "dual": ("dual", "two-weapons"),
    "master": ("master", "master"),
}
_MELEE_ONLY = {
    "wild_swing": ("wild_swing", "wild-swing"),
    "close_combat": ("close_combat", "close-combat"),
}
_AT_RANGE_ONLY = {
    "unseen": ("unseen", "unseen"),
    "moving": ("moving", "moving"),
    "fast_draw": ("fast_draw", "fast-draw"),
}
RANGED_DESCRIPTIONS = {
    "distance": "Metres to the target: the range penalty (A.8), 1/2D and Max",
    "speed": "The target's speed in metres a second, added to the distance (A.8)",
    "cover": "What the target's cover leaves exposed (R12.15)",
    "object_kg": "Throw an object by its weight in kg: the throwing tables (R12.1-R12.5)",
}
_RANGED_NAMES = {
    "distance": "distance",
    "speed": "speed",
    "cover": "cover",
    "object_kg": "object-kg",
}


def _ranged_option(key: str) -> tuple[_, _]:
    """A ranged option's name and description, from the ``ranged.cmd`` catalog."""
    return (
        _(_RANGED_NAMES[key], key=f"ranged.cmd.{key}.name"),
        _(RANGED_DESCRIPTIONS[key], key=f"ranged.cmd.{key}.description"),
    )


_AREA_DESCRIPTIONS = {
    "area": ("area", "The watched area: 1 hex, 2, 3-4, 5-6, 7-10, 11+ or a line (R12.13)"),
    "identify": ("identify", "Tell friend from foe first: -2 more (R12.13)"),
    "aim_turns": ("aim-turns", "Watching one hex: turns he aimed at it (R12.13)"),
    "line": ("line", "Who stands in the line of fire, nearest first, separated by commas"),
    "stray_skill": ("skill", "The missed shot's effective skill"),
    "basic_damage": ("basic-damage", "The shot's basic damage"),
    "kind": ("kind", "The first target: flesh, machine, homogeneous, or a thin wall or door"),
    "layers": ("layers", "Layers of protection crossed (default 2 with armor, else 1)"),
    "divisor": ("divisor", "The attack's armor divisor"),
    "behind": ("behind", "Who stands behind the first target"),
    "right_behind": ("right-behind", "Right behind him: hit without a roll (R13.9)"),
}


def _area_option(key: str) -> tuple[_, _]:
    english, description = _AREA_DESCRIPTIONS[key]
    return (
        _(english, key=f"ranged.cmd.{key}.name"),
        _(description, key=f"ranged.cmd.{key}.description"),
    )


MELEE_OPTIONS = {
    **{name: _option(*spec) for name, spec in {**_COMMON, **_MELEE_ONLY}.items()},
    "wait_order": WAIT_ORDER_OPTION,
    "extra_attack": EXTRA_ATTACK_OPTION,
}
SHOTS_OPTION = (
    _("shots", key="rapid_fire.cmd.shots.name"),
    _(
        "Shots fired, at most the weapon's RoF: rapid fire (B373)",
        key="rapid_fire.cmd.shots.description",
    ),
)
AT_RANGE_OPTIONS = {
    **{name: _option(*spec) for name, spec in {**_COMMON, **_AT_RANGE_ONLY}.items()},
    "extra_attack": EXTRA_ATTACK_OPTION,
    **{name: _ranged_option(name) for name in ("distance", "speed", "cover")},
}
THROW_OPTIONS = {**AT_RANGE_OPTIONS, "object_kg": _ranged_option("object_kg")}
MELEE_NAMES = {name: pair[0] for name, pair in MELEE_OPTIONS.items()}
MELEE_DESCRIPTIONS = {name: pair[1] for name, pair in MELEE_OPTIONS.items()}
AT_RANGE_NAMES = {name: pair[0] for name, pair in AT_RANGE_OPTIONS.items()}
AT_RANGE_DESCRIPTIONS = {name: pair[1] for name, pair in AT_RANGE_OPTIONS.items()}
THROW_NAMES = {name: pair[0] for name, pair in THROW_OPTIONS.items()}
THROW_DESCRIPTIONS = {name: pair[1] for name, pair in THROW_OPTIONS.items()}
_OPPORTUNITY = {
    **{
        name: AT_RANGE_OPTIONS[name]
        for name in (
            "attacker",
            "target",
            "weapon",
            "skill",
            "damage",
            "location",
            "side",
            "modifier",
            "distance",
            "speed",
            "cover",
        )
    },
    **{name: _area_option(name) for name in ("area", "identify", "aim_turns")},
}
OPPORTUNITY_NAMES = {name: pair[0] for name, pair in _OPPORTUNITY.items()}
OPPORTUNITY_DESCRIPTIONS = {name: pair[1] for name, pair in _OPPORTUNITY.items()}
_STRAY = {
    **{
        name: AT_RANGE_OPTIONS[name]
        for name in ("attacker", "weapon", "damage", "location", "side")
    },
    "line": _area_option("line"),
    "skill": _area_option("stray_skill"),
}
STRAY_NAMES = {name: pair[0] for name, pair in _STRAY.items()}
STRAY_DESCRIPTIONS = {name: pair[1] for name, pair in _STRAY.items()}
_THROUGH = {
    **{name: AT_RANGE_OPTIONS[name] for name in ("attacker", "target", "location")},
    **{
        name: _area_option(name)
        for name in ("basic_damage", "kind", "layers", "divisor", "behind", "right_behind")
    },
}
THROUGH_NAMES = {name: pair[0] for name, pair in _THROUGH.items()}
THROUGH_DESCRIPTIONS = {name: pair[1] for name, pair in _THROUGH.items()}
COMMON_CHOICES = {
    "location": LOCATION_CHOICES,
    "side": SIDE_CHOICES,
    "maneuver": MANEUVER_CHOICES,
    "arc": ARC_CHOICES,
    "dual": HAND_CHOICES,
}
AT_RANGE_CHOICES = {**COMMON_CHOICES, "maneuver": AT_RANGE_MANEUVER_CHOICES, "cover": COVER_CHOICES}

Skill = app_commands.Range[int, 0, 40]
DamageText = app_commands.Range[str, 1, 60]
Modifier = app_commands.Range[int, -30, 30]
Darkness = app_commands.Range[int, -10, 0]
HexesCrossed = app_commands.Range[int, 0, 5]
FastDraw = app_commands.Range[int, 0, 30]
Distance = app_commands.Range[float, 0.0, 100000.0]
Speed = app_commands.Range[int, 0, 10000]
ObjectKg = app_commands.Range[float, 0.01, 100000.0]
Shots = app_commands.Range[int, 1, MAX_SHOTS]
Chosen = app_commands.Choice[str] | None
_Callback = TypeVar("_Callback", bound=Callable[..., Coroutine[Any, Any, None]])


def _situation(
    maneuver: Chosen, distance: float | None, speed: int, cover: Chosen
) -> RangedSituation:
    """Where the target is and how the shot is made (A.8, R12.6, R12.7, R12.15)."""
    return RangedSituation(
        distance=as_fraction(distance) if distance is not None else None,
        speed=speed,
        cover=Cover(cover.value) if cover else None,
        mode=FIRE_MODES.get(maneuver.value, FireMode.normal) if maneuver else FireMode.normal,
    )


async def _attack_options(  # noqa: PLR0917 - a declaration: never called
    attacker: str,
    target: str,
    weapon: str | None = None,
    maneuver: Chosen = None,
    location: Chosen = None,
    side: Chosen = None,
    skill: Skill | None = None,
    damage: DamageText | None = None,
    modifier: Modifier = 0,
    arc: Chosen = None,
    chinks: bool = False,
    darkness: Darkness = 0,
    wild_swing: bool = False,
    unseen: bool = False,
    hexes_crossed: HexesCrossed = 0,
    moving: Chosen = None,
    dual: Chosen = None,
    close_combat: bool = False,
    master: bool = False,
    fast_draw: FastDraw | None = None,
    wait_order: bool = False,
    extra_attack: bool = False,
    distance: Distance | None = None,
    speed: Speed = 0,
    cover: Chosen = None,
    shots: Shots = 1,
    object_kg: ObjectKg | None = None,
) -> None:
    """Every option of ``/attack``, ``/shoot`` and ``/throw``, declared once: its type, its
    default and its place. Each command takes the ones it names, in this order
    (:func:`_options`)."""


_ATTACK_OPTIONS: Final = inspect.signature(_attack_options).parameters


def _options(names: Iterable[str]) -> Callable[[_Callback], _Callback]:
    """Give a command's callback (``self, interaction, **options``) the parameters of
    :func:`_attack_options` it names: discord.py reads a command's options from its
    callback's signature, and calls it with them by name."""
    wanted = set(names)

    def decorate(callback: _Callback) -> _Callback:
        own = list(inspect.signature(callback).parameters.values())[:2]  # self, interaction
        shared = [p for name, p in _ATTACK_OPTIONS.items() if name in wanted]
        callback.__signature__ = inspect.Signature([*own, *shared])  # type: ignore[attr-defined]
        return callback

    return decorate


def _request(
    kind: AttackKind,
    options: Mapping[str, Any],
    gaits: Mapping[str, tuple[Gait, RangedClass]] | None = None,
) -> AttackRequest:
    """The attack as typed, whichever command: the merged choices taken apart."""
    maneuver: Chosen = options.get("maneuver")
    arc: Chosen = options.get("arc")
    dual: Chosen = options.get("dual")
    location: Chosen = options.get("location")
    side: Chosen = options.get("side")
    moving: Chosen = options.get("moving")
    object_kg: float | None = options.get("object_kg")
    chosen, all_out = (
        MANEUVERS.get(maneuver.value, (Maneuver.attack, None))
        if maneuver
        else (Maneuver.attack, None)
    )
    where, aware = ARCS.get(arc.value, (Arc.front, False)) if arc else (Arc.front, False)
    above = arc is not None and arc.value in FROM_ABOVE
    hand, both = HANDS[dual.value] if dual else (None, False)
    gait, launcher = (
        gaits[moving.value] if moving is not None and gaits else (None, RangedClass.other)
    )
    at_range = kind is not AttackKind.melee
    return AttackRequest(
        kind=kind,
        weapon=options.get("weapon"),
        skill=options.get("skill"),
        damage=options.get("damage"),
        location=HitLocation(location.value) if location else HitLocation.TORSO,
        side=Side(side.value) if side else Side.RIGHT,
        chinks_in_armor=options.get("chinks", False),
        maneuver=chosen,
        all_out_option=all_out,
        modifier=options.get("modifier", 0),
        arc=where,
        aware_of_rear=aware,
        unseen=options.get("unseen", False),
        wild_swing=options.get("wild_swing", False),
        darkness_penalty=options.get("darkness", 0),
        hexes_crossed=options.get("hexes_crossed", 0),
        dual_weapon=hand,
        dual_weapon_same_target=both,
        close_combat=options.get("close_combat", False),
        chambara=options.get("master", False),
        moving=gait,
        ranged_class=launcher,
        beyond_allowance=options.get("extra_attack", False),
        fast_draw=options.get("fast_draw"),
        wait_order=options.get("wait_order", False),
        situation=(
            _situation(
                maneuver, options.get("distance"), options.get("speed", 0), options.get("cover")
            )
            if at_range
            else None
        ),
        thrown_kg=as_fraction(object_kg) if object_kg is not None else None,
        from_above=above,
        aware_of_above=above and FROM_ABOVE[arc.value if arc else ""],
        shots=options.get("shots", 1),
    )


class Attack(commands.Cog):
    """Attacks and the other maneuvers of a turn."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)
        self.pending = PendingAttackRepository(bot.database)

    @app_commands.command(
        name=_("attack", key="attack.cmd.name"),
        description=_(
            "A melee blow: roll to hit, then the target's player chooses a defense",
            key="attack.cmd.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(**MELEE_NAMES)
    @app_commands.describe(**MELEE_DESCRIPTIONS)
    @app_commands.choices(**COMMON_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    @_options(MELEE_NAMES)
    async def attack(
        self, interaction: discord.Interaction[GurpsBot], *_: Any, **options: Any
    ) -> None:
        await self._strike(interaction, _request(AttackKind.melee, options), **options)

    @app_commands.command(
        name=_("shoot", key="attack.cmd.shoot.name"),
        description=_(
            "Shoot a missile weapon (bow, crossbow, gun): roll to hit, then the target defends",
            key="attack.cmd.shoot.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(**AT_RANGE_NAMES, shots=SHOTS_OPTION[0])
    @app_commands.describe(**AT_RANGE_DESCRIPTIONS, shots=SHOTS_OPTION[1])
    @app_commands.choices(**AT_RANGE_CHOICES, moving=RANGED_GAIT_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    @_options(AT_RANGE_NAMES.keys() | {"shots"})
    async def shoot(
        self, interaction: discord.Interaction[GurpsBot], *_: Any, **options: Any
    ) -> None:
        request = _request(AttackKind.missile, options, RANGED_GAITS)
        await self._strike(interaction, request, **options)

    @app_commands.command(
        name=_("throw", key="attack.cmd.throw.name"),
        description=_(
            "Throw a weapon: roll to hit, then the target's player chooses a defense",
            key="attack.cmd.throw.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(**THROW_NAMES)
    @app_commands.describe(**THROW_DESCRIPTIONS)
    @app_commands.choices(**AT_RANGE_CHOICES, moving=THROWN_GAIT_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    @_options(THROW_NAMES)
    async def throw(
        self, interaction: discord.Interaction[GurpsBot], *_: Any, **options: Any
    ) -> None:
        request = _request(AttackKind.thrown, options, THROWN_GAITS)
        await self._strike(interaction, request, **options)

    async def _strike(
        self,
        interaction: discord.Interaction[GurpsBot],
        request: AttackRequest,
        *,
        attacker: str,
        target: str,
        **_: object,
    ) -> None:
        """Roll the attack one of the three commands described, store it and answer."""
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        attack_id: int | None = None
        owner_id: int | None = None
        async with self.encounters.change(channel, interaction.user.id, "attack") as change:
            fight = change.encounter
            striker = fight.find(attacker)
            victim = fight.find(target)
            ensure_not_swarm(striker)  # R14.2: a swarm attacks by itself, at the end of its turn
            ensure_not_swarm(victim)  # R14.3: /swarm hit
            authority.ensure_can_act_for(fight.gm_id, striker.owner_id, striker.name)
            authority.ensure_may_grant_extra_attack(fight.gm_id, request.beyond_allowance)
            taken = exchange.attack(
                fight,
                striker.combatant_id,
                victim.combatant_id,
                request,
                roller=self.bot.dice,
                options=options,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail()
            outcome = taken.outcome
            if outcome is not None and outcome.pending is not None:
                owner_id = victim.owner_id
                attack_id = await self._store(change, interaction, outcome, owner_id)
        before = (
            render_events(taken.encounter, taken.consciousness, self.bot.messages, locale)
            if taken.consciousness
            else None
        )
        if outcome is None:  # R7.2: he fainted before he could attack
            assert before is not None
            await interaction.response.send_message(embed=before)
            return
        embeds = render_attack(outcome, self.bot.messages, locale)
        if before is not None:
            embeds = [before, *embeds]
        await self._answer(
            interaction, outcome, embeds, attack_id=attack_id, owner_id=owner_id, locale=locale
        )

    @staticmethod
    async def _store(
        change: EncounterChange,
        interaction: discord.Interaction[GurpsBot],
        outcome: AttackOutcome,
        owner_id: int | None,
    ) -> int:
        """Keep the hit waiting for its defense, in the same change as the attack."""
        assert outcome.pending is not None
        attack_id = await PendingAttackRepository.insert(
            change,
            guild_id=interaction.guild_id,
            channel_id=channel_of(interaction),
            owner_user_id=owner_id,
            payload=outcome.pending,
            created_at=interaction.created_at,
        )
        change.detail["attack_id"] = attack_id
        return attack_id

    async def _answer(
        self,
        interaction: discord.Interaction[GurpsBot],
        outcome: AttackOutcome,
        embeds: list[discord.Embed],
        *,
        attack_id: int | None,
        owner_id: int | None,
        locale: str,
    ) -> None:
        """The attack's reply: with the defense buttons (pinging the target's owner) when a
        hit waits for a defense."""
        if attack_id is None or outcome.pending is None or outcome.defenses is None:
            await interaction.response.send_message(embeds=embeds)
            return
        view = defense_view(attack_id, outcome.pending, outcome.defenses, self.bot.messages, locale)
        mentions = (
            discord.AllowedMentions(users=[discord.Object(id=owner_id)])
            if owner_id is not None
            else discord.AllowedMentions.none()
        )
        sent = await interaction.response.send_message(
            content=prompt_text(outcome.target_name, owner_id, self.bot.messages, locale),
            embeds=embeds,
            view=view,
            allowed_mentions=mentions,
        )
        # ``None`` when the answer completed a deferral (bot.deadline): ask for the message.
        message_id = (
            sent.message_id if sent is not None else (await interaction.original_response()).id
        )
        if message_id is not None:
            await self.pending.set_message(attack_id, message_id)

    fire_area = app_commands.Group(
        name=_("fire-area", key="ranged.cmd.fire_area.name"),
        description=_(
            "Opportunity fire, the wrong target, overpenetration (R12.12, R12.13, R13.9)",
            key="ranged.cmd.fire_area.description",
        ),
        guild_only=True,
    )

    @fire_area.command(
        name=_("opportunity", key="ranged.cmd.opportunity.name"),
        description=_(
            "From a Wait, shoot the first foe entering the watched area (R12.13)",
            key="ranged.cmd.opportunity.description",
        ),
    )
    @app_commands.rename(**OPPORTUNITY_NAMES)
    @app_commands.describe(**OPPORTUNITY_DESCRIPTIONS)
    @app_commands.choices(
        location=LOCATION_CHOICES, side=SIDE_CHOICES, cover=COVER_CHOICES, area=AREA_CHOICES
    )
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def opportunity(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: str,
        target: str,
        area: Chosen = None,
        identify: bool = False,
        aim_turns: app_commands.Range[int, 0, 4] = 0,
        weapon: str | None = None,
        skill: Skill | None = None,
        damage: DamageText | None = None,
        location: Chosen = None,
        side: Chosen = None,
        modifier: Modifier = 0,
        distance: Distance | None = None,
        speed: Speed = 0,
        cover: Chosen = None,
    ) -> None:
        situation = _situation(None, distance, speed, cover).model_copy(
            update={
                "mode": FireMode.opportunity,
                "area": OpportunityArea(area.value) if area else OpportunityArea.one,
                "identify": identify,
                "aim_turns": aim_turns,
            }
        )
        request = AttackRequest(
            weapon=weapon,
            skill=skill,
            damage=damage,
            location=HitLocation(location.value) if location else HitLocation.TORSO,
            side=Side(side.value) if side else Side.RIGHT,
            modifier=modifier,
            situation=situation,
        )
        await self._strike(interaction, request, attacker=attacker, target=target)

    @fire_area.command(
        name=_("stray", key="ranged.cmd.stray.name"),
        description=_(
            "A missed shot flies on: who else in the line of fire is hit (R12.12)",
            key="ranged.cmd.stray.description",
        ),
    )
    @app_commands.rename(**STRAY_NAMES)
    @app_commands.describe(**STRAY_DESCRIPTIONS)
    @app_commands.choices(location=LOCATION_CHOICES, side=SIDE_CHOICES)
    @app_commands.autocomplete(attacker=combatant_autocomplete)
    async def stray(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: str,
        line: app_commands.Range[str, 1, 300],
        skill: Skill,
        weapon: str | None = None,
        damage: DamageText | None = None,
        location: Chosen = None,
        side: Chosen = None,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale = context.locale
        request = AttackRequest(
            weapon=weapon,
            damage=damage,
            skill=skill if weapon is None else None,
            location=HitLocation(location.value) if location else HitLocation.TORSO,
            side=Side(side.value) if side else Side.RIGHT,
        )
        attack_id: int | None = None
        owner_id: int | None = None
        async with self.encounters.change(channel, interaction.user.id, "attack") as change:
            fight = change.encounter
            shooter = fight.find(attacker)
            authority.ensure_can_act_for(fight.gm_id, shooter.owner_id, shooter.name)
            bystanders = [fight.find(name) for name in line.split(",") if name.strip()]
            taken = exchange.stray(
                fight,
                shooter.combatant_id,
                [bystander.combatant_id for bystander in bystanders],
                request,
                skill=skill,
                roller=self.bot.dice,
                options=context.options,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail()
            shots, hit = taken.shots, taken.hit
            if hit is not None and hit.pending is not None:
                owner_id = fight.get(hit.target_id).owner_id
                attack_id = await self._store(change, interaction, hit, owner_id)
        embeds = [render_stray(shooter.name, shots, self.bot.messages, locale)]
        if hit is None:
            await interaction.response.send_message(embeds=embeds)
            return
        embeds += render_attack(hit, self.bot.messages, locale)
        await self._answer(
            interaction, hit, embeds, attack_id=attack_id, owner_id=owner_id, locale=locale
        )

    @fire_area.command(
        name=_("through", key="ranged.cmd.through.name"),
        description=_(
            "Does the shot go through its target, and how hard it hits the next (R13.9)",
            key="ranged.cmd.through.description",
        ),
    )
    @app_commands.rename(**THROUGH_NAMES)
    @app_commands.describe(**THROUGH_DESCRIPTIONS)
    @app_commands.choices(location=LOCATION_CHOICES, kind=COVER_KIND_CHOICES)
    @app_commands.autocomplete(
        attacker=combatant_autocomplete,
        target=combatant_autocomplete,
        behind=combatant_autocomplete,
    )
    async def through(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: str,
        target: str,
        basic_damage: app_commands.Range[int, 0, 1000],
        location: Chosen = None,
        kind: Chosen = None,
        layers: app_commands.Range[int, 1, 10] | None = None,
        divisor: app_commands.Range[float, 0.1, 100.0] = 1.0,
        behind: str | None = None,
        right_behind: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        record = await self.encounters.require_active(channel)
        fight = record.encounter
        shooter = fight.find(attacker)
        authority.ensure_can_act_for(fight.gm_id, shooter.owner_id, shooter.name)
        first = fight.find(target).combatant
        second = fight.find(behind).combatant if behind else None
        where = HitLocation(location.value) if location else HitLocation.TORSO
        dr = first.dr.at(where).dr
        result = overpenetration(
            basic_damage,
            dr,
            first.max_hp,
            CoverKind(kind.value) if kind else cover_kind_of(first),
            layers=layers if layers is not None else (2 if dr else 1),
            divisor=as_fraction(divisor),
            next_dr=second.dr.at(where).dr if second is not None else None,
            directly_behind=right_behind,
        )
        await interaction.response.send_message(
            embed=render_through(
                result,
                first.name,
                second.name if second is not None else None,
                self.bot.messages,
                locale,
            )
        )

    @attack.autocomplete("weapon")
    @shoot.autocomplete("weapon")
    @throw.autocomplete("weapon")
    async def weapon_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The attacker's weapons: name, skill, damage, reach and parry."""
        attacker = getattr(interaction.namespace, "attacker", None)
        if interaction.channel_id is None or not attacker:
            return []
        record = await self.encounters.active(interaction.channel_id)
        if record is None:
            return []
        try:
            fighter = record.encounter.find(str(attacker))
        except Exception:
            return []
        sheet = fighter.combatant
        wanted = current.casefold()
        shown = [weapon for weapon in sheet.weapons if wanted in weapon.name.casefold()]
        if not shown:
            return []
        locale = await self.bot.locale_for(interaction)
        return [
            weapon_choice(weapon, sheet.parry(weapon), self.bot.messages, locale)
            for weapon in shown[:25]
        ]

    @app_commands.command(
        name=_("maneuver", key="maneuver.cmd.name"),
        description=_(
            "Choose this turn's maneuver when it is not an attack",
            key="maneuver.cmd.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        combatant=_("combatant", key="maneuver.cmd.combatant.name"),
        maneuver=_("maneuver", key="maneuver.cmd.maneuver.name"),
        target=_("target", key="maneuver.cmd.target.name"),
        braced=_("braced", key="maneuver.cmd.braced.name"),
        all_out_defense=_("all-out-defense", key="maneuver.cmd.all_out_defense.name"),
        posture=_("posture", key="maneuver.cmd.posture.name"),
        missile=_("missile", key="maneuver.cmd.missile.name"),
        weapon=_("weapon", key="maneuver.cmd.weapon.name"),
        trigger=_("trigger", key="maneuver.cmd.trigger.name"),
        acrobatics=_("acrobatics", key="maneuver.cmd.acrobatics.name"),
        spare_attack=_("spare-attack", key="maneuver.cmd.spare_attack.name"),
        ready_turns=_("ready-turns", key="maneuver.cmd.ready_turns.name"),
        evade=_("evade", key="maneuver.cmd.evade.name"),
        reload=_("reload", key="maneuver.cmd.reload.name"),
    )
    @app_commands.describe(
        combatant=_("Whose turn it is", key="maneuver.cmd.combatant.description"),
        maneuver=_("The maneuver", key="maneuver.cmd.maneuver.description"),
        target=_("Aim, Evaluate or Feint at whom", key="maneuver.cmd.target.description"),
        braced=_("Aiming with a brace (+1, R5.3)", key="maneuver.cmd.braced.description"),
        all_out_defense=_(
            "All-Out Defense variant", key="maneuver.cmd.all_out_defense.description"
        ),
        posture=_("Change Posture: the posture wanted", key="maneuver.cmd.posture.description"),
        missile=_(
            "Readying a missile weapon (only Dodge until next turn, R5.5)",
            key="maneuver.cmd.missile.description",
        ),
        weapon=_(
            "Feint with which weapon, or which one to Ready (dropped or out of hand)",
            key="maneuver.cmd.weapon.description",
        ),
        trigger=_("Wait: what sets it off (R5.11)", key="maneuver.cmd.trigger.description"),
        acrobatics=_(
            "Getting up: try Acrobatics to stand in one turn (R7.12)",
            key="maneuver.cmd.acrobatics.description",
        ),
        spare_attack=_(
            "Feint or Ready with this turn's multiple attacks (R5.21, R5.25)",
            key="maneuver.cmd.spare_attack.description",
        ),
        ready_turns=_(
            "Ready: turns of readying the weapon needs, before ST (R5.5, R5.25)",
            key="maneuver.cmd.ready_turns.description",
        ),
        evade=_(
            "Evade past the target, entering his hex from this side (R11.23, R5.19)",
            key="maneuver.cmd.evade.description",
        ),
        reload=_(
            "Ready: one second of reloading the weapon (its Shots, B269); only Dodge (R5.5)",
            key="maneuver.cmd.reload.description",
        ),
    )
    @app_commands.choices(
        maneuver=OTHER_MANEUVER_CHOICES,
        all_out_defense=ALL_OUT_DEFENSE_CHOICES,
        posture=POSTURE_CHOICES,
        evade=EVADE_CHOICES,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete, target=combatant_autocomplete)
    async def maneuver(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        maneuver: app_commands.Choice[str],
        target: str | None = None,
        braced: bool = False,
        all_out_defense: app_commands.Choice[str] | None = None,
        posture: app_commands.Choice[str] | None = None,
        missile: bool = False,
        weapon: str | None = None,
        trigger: app_commands.Range[str, 1, 200] | None = None,
        acrobatics: bool = False,
        spare_attack: bool = False,
        ready_turns: app_commands.Range[int, 1, 5] = 1,
        evade: app_commands.Choice[str] | None = None,
        reload: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        async with self.encounters.change(channel, interaction.user.id, "maneuver") as change:
            fight = change.encounter
            fighter = fight.find(combatant)
            authority.ensure_can_act_for(fight.gm_id, fighter.owner_id, fighter.name)
            other = fight.find(target) if target else None
            request = ManeuverRequest(
                maneuver=Maneuver(maneuver.value),
                target_id=other.combatant_id if other is not None else None,
                braced=braced,
                all_out_defense=(
                    AllOutDefenseOption(all_out_defense.value) if all_out_defense else None
                ),
                posture=Posture(posture.value) if posture else None,
                readying_missile=missile,
                weapon=weapon,
                acrobatics=acrobatics,
                spare_attack=spare_attack,
                ready_turns=ready_turns,
                evade=EvadeEntry(evade.value) if evade else None,
                reload=reload,
                close_combat=in_any_close_combat(fight, fighter.combatant_id),
                by_gm=authority.is_gm(fight.gm_id),
            )
            taken = exchange.maneuver(
                fight,
                fighter.combatant_id,
                other.combatant_id if other is not None else None,
                request,
                roller=self.bot.dice,
                options=options,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail()
            if trigger and not taken.fainted:
                change.detail["trigger"] = trigger
        before = (
            render_events(taken.encounter, taken.consciousness, self.bot.messages, locale)
            if taken.consciousness
            else None
        )
        if taken.outcome is None:  # R7.2: he fainted before he could act
            assert before is not None
            await interaction.response.send_message(embed=before)
        else:
            embed = render_maneuver(
                fighter.name,
                taken.outcome,
                self.bot.messages,
                locale,
                target_name=other.name if other is not None else None,
                trigger=trigger,
            )
            embeds = [embed] if before is None else [before, embed]
            await interaction.response.send_message(embeds=embeds)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Attack(bot))
