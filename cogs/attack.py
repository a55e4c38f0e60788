"""``/attack`` and ``/maneuver``: a combatant's turn, from the choice of maneuver to the blow.

The GM or the attacker's player attacks; a hit the target may defend is stored
as a pending attack and the reply pings the target's owner with one button per
defense (their numbers already worked out). Critical hits and blows that
cannot be defended go straight to damage.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.attack import (
    defense_view,
    prompt_text,
    render_attack,
    render_maneuver,
    weapon_choice,
)
from bot.render.encounter import render_events
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import LOCATION_CHOICES, SIDE_CHOICES, catalog_choices, channel_of
from rules.attack import Arc, AttackKind, EvadeEntry, Gait, Hand, RangedClass
from rules.combat import AttackRequest, ManeuverRequest, resolve_attack, take_maneuver
from rules.combatant import HitLocation, Posture, Side
from rules.maneuver import (
    ATTACK_MANEUVERS,
    AllOutAttackOption,
    AllOutDefenseOption,
    Maneuver,
)
from rules.turn import settle_consciousness

ATTACK_MANEUVER_CHOICES = catalog_choices(
    "maneuver.name", [m.value for m in Maneuver if m in ATTACK_MANEUVERS]
)
OTHER_MANEUVER_CHOICES = catalog_choices(
    "maneuver.name", [m.value for m in Maneuver if m not in ATTACK_MANEUVERS]
)
ALL_OUT_ATTACK_CHOICES = catalog_choices(
    "maneuver.all_out_attack", [o.value for o in AllOutAttackOption]
)
ALL_OUT_DEFENSE_CHOICES = catalog_choices(
    "maneuver.all_out_defense", [o.value for o in AllOutDefenseOption]
)
ARC_CHOICES = catalog_choices("attack.arc", [a.value for a in Arc])
KIND_CHOICES = catalog_choices("attack.kind", [k.value for k in AttackKind])
HAND_CHOICES = catalog_choices("attack.hand", [h.value for h in Hand])
GAIT_CHOICES = catalog_choices("attack.gait", [g.value for g in Gait])
LAUNCHER_CHOICES = catalog_choices("attack.launcher", [r.value for r in RangedClass])
EVADE_CHOICES = catalog_choices("maneuver.evade_entry", [e.value for e in EvadeEntry])
POSTURE_CHOICES = catalog_choices(
    "maneuver.posture",
    [p.value for p in Posture if p not in (Posture.LYING_FACE_UP, Posture.CRAWLING)],
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
            "Attack: roll to hit, then the target's player chooses a defense",
            key="attack.cmd.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        attacker=_("attacker", key="attack.cmd.attacker.name"),
        target=_("target", key="attack.cmd.target.name"),
        weapon=_("weapon", key="attack.cmd.weapon.name"),
        skill=_("skill", key="attack.cmd.skill.name"),
        damage=_("damage", key="attack.cmd.damage.name"),
        location=_("location", key="attack.cmd.location.name"),
        maneuver=_("maneuver", key="attack.cmd.maneuver.name"),
        all_out=_("all-out", key="attack.cmd.all_out.name"),
        modifier=_("modifier", key="attack.cmd.modifier.name"),
        arc=_("from", key="attack.cmd.arc.name"),
        kind=_("kind", key="attack.cmd.kind.name"),
        wild_swing=_("wild-swing", key="attack.cmd.wild_swing.name"),
        hexes_crossed=_("through-hexes", key="attack.cmd.hexes_crossed.name"),
        dual=_("two-weapons", key="attack.cmd.dual.name"),
        both_at_target=_("both-at-target", key="attack.cmd.both_at_target.name"),
        side=_("side", key="attack.cmd.side.name"),
        chinks=_("chinks", key="attack.cmd.chinks.name"),
        aware=_("aware", key="attack.cmd.aware.name"),
        unseen=_("unseen", key="attack.cmd.unseen.name"),
        close_combat=_("close-combat", key="attack.cmd.close_combat.name"),
        darkness=_("darkness", key="attack.cmd.darkness.name"),
        master=_("master", key="attack.cmd.master.name"),
        moving=_("moving", key="attack.cmd.moving.name"),
        launcher=_("launcher", key="attack.cmd.launcher.name"),
        extra_attack=_("extra-attack", key="attack.cmd.extra_attack.name"),
        fast_draw=_("fast-draw", key="attack.cmd.fast_draw.name"),
        wait_order=_("wait-order", key="attack.cmd.wait_order.name"),
    )
    @app_commands.describe(
        attacker=_("Who attacks", key="attack.cmd.attacker.description"),
        target=_("Who is attacked", key="attack.cmd.target.description"),
        weapon=_("One of the attacker's weapons", key="attack.cmd.weapon.description"),
        skill=_("Skill, if not the weapon's", key="attack.cmd.skill.description"),
        damage=_("Damage, e.g. sw+2 cut or 1d+1 imp", key="attack.cmd.damage.description"),
        location=_("Hit location (R7.19)", key="attack.cmd.location.description"),
        maneuver=_(
            "Attack, Move and Attack, All-Out Attack", key="attack.cmd.maneuver.description"
        ),
        all_out=_("All-Out Attack option (R5.8)", key="attack.cmd.all_out.description"),
        modifier=_("Any other modifier", key="attack.cmd.modifier.description"),
        arc=_("Where the attacker stands for the target", key="attack.cmd.arc.description"),
        kind=_("Melee, thrown or missile", key="attack.cmd.kind.description"),
        wild_swing=_("A Wild Swing (R5.6)", key="attack.cmd.wild_swing.description"),
        hexes_crossed=_(
            "Enemy-occupied hexes the attack passes through (-4 each)",
            key="attack.cmd.hexes_crossed.description",
        ),
        dual=_("Which hand, attacking with two weapons (R5.7)", key="attack.cmd.dual.description"),
        both_at_target=_(
            "Both weapons strike this target (-1 to its defenses)",
            key="attack.cmd.both_at_target.description",
        ),
        side=_("Which arm, leg, hand, foot or eye", key="attack.cmd.side.description"),
        chinks=_("Aim at chinks in armor (R7.23)", key="attack.cmd.chinks.description"),
        aware=_(
            "The target knows about an attack from behind (R6.10)",
            key="attack.cmd.aware.description",
        ),
        unseen=_(
            "A ranged attack from outside the target's vision: no Dodge (R6.3)",
            key="attack.cmd.unseen.description",
        ),
        close_combat=_("In close combat (R11.12)", key="attack.cmd.close_combat.description"),
        darkness=_("Darkness penalty", key="attack.cmd.darkness.description"),
        master=_(
            "Trained by a Master or Weapon Master: chambara rules (R5.15-R5.27)",
            key="attack.cmd.master.description",
        ),
        moving=_("Firing while walking or running (R5.13)", key="attack.cmd.moving.description"),
        launcher=_(
            "Bow or crossbow: moving penalties x6 or x3 (R12.10)",
            key="attack.cmd.launcher.description",
        ),
        extra_attack=_(
            "GM: allow an attack beyond this turn's allowance",
            key="attack.cmd.extra_attack.description",
        ),
        fast_draw=_(
            "Fast-Draw skill: thrown weapons or a volley of arrows with multiple attacks",
            key="attack.cmd.fast_draw.description",
        ),
        wait_order=_(
            "Set off from a Wait: reach, then skill, say who strikes first (R5.11)",
            key="attack.cmd.wait_order.description",
        ),
    )
    @app_commands.choices(
        location=LOCATION_CHOICES,
        maneuver=ATTACK_MANEUVER_CHOICES,
        all_out=ALL_OUT_ATTACK_CHOICES,
        arc=ARC_CHOICES,
        kind=KIND_CHOICES,
        dual=HAND_CHOICES,
        side=SIDE_CHOICES,
        moving=GAIT_CHOICES,
        launcher=LAUNCHER_CHOICES,
    )
    @app_commands.autocomplete(attacker=combatant_autocomplete, target=combatant_autocomplete)
    async def attack(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        attacker: str,
        target: str,
        weapon: str | None = None,
        skill: app_commands.Range[int, 0, 40] | None = None,
        damage: app_commands.Range[str, 1, 60] | None = None,
        location: app_commands.Choice[str] | None = None,
        maneuver: app_commands.Choice[str] | None = None,
        all_out: app_commands.Choice[str] | None = None,
        modifier: app_commands.Range[int, -30, 30] = 0,
        arc: app_commands.Choice[str] | None = None,
        kind: app_commands.Choice[str] | None = None,
        wild_swing: bool = False,
        hexes_crossed: app_commands.Range[int, 0, 5] = 0,
        dual: app_commands.Choice[str] | None = None,
        both_at_target: bool = False,
        side: app_commands.Choice[str] | None = None,
        chinks: bool = False,
        aware: bool = False,
        unseen: bool = False,
        close_combat: bool = False,
        darkness: app_commands.Range[int, -10, 0] = 0,
        master: bool = False,
        moving: app_commands.Choice[str] | None = None,
        launcher: app_commands.Choice[str] | None = None,
        extra_attack: bool = False,
        fast_draw: app_commands.Range[int, 0, 30] | None = None,
        wait_order: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        chosen = Maneuver(maneuver.value) if maneuver else Maneuver.attack
        request = AttackRequest(
            weapon=weapon,
            skill=skill,
            damage=damage,
            location=HitLocation(location.value) if location else HitLocation.TORSO,
            side=Side(side.value) if side else Side.RIGHT,
            chinks_in_armor=chinks,
            maneuver=Maneuver.all_out_attack if all_out else chosen,
            all_out_option=AllOutAttackOption(all_out.value) if all_out else None,
            modifier=modifier,
            kind=AttackKind(kind.value) if kind else None,
            arc=Arc(arc.value) if arc else Arc.front,
            aware_of_rear=aware,
            unseen=unseen,
            wild_swing=wild_swing,
            darkness_penalty=darkness,
            hexes_crossed=hexes_crossed,
            dual_weapon=Hand(dual.value) if dual else None,
            dual_weapon_same_target=both_at_target,
            close_combat=close_combat,
            chambara=master,
            moving=Gait(moving.value) if moving else None,
            ranged_class=RangedClass(launcher.value) if launcher else RangedClass.other,
            beyond_allowance=extra_attack,
            fast_draw=fast_draw,
            wait_order=wait_order,
        )
        attack_id: int | None = None
        owner_id: int | None = None
        before: discord.Embed | None = None
        fainted = False
        async with self.encounters.change(channel, interaction.user.id, "attack") as change:
            fight = change.encounter
            striker = fight.find(attacker)
            victim = fight.find(target)
            authority.ensure_can_act_for(fight.gm_id, striker.owner_id, striker.name)
            if extra_attack and not authority.is_gm(fight.gm_id):
                raise UserFacingError("attack.extra_gm_only")
            striker, rolled = settle_consciousness(
                striker, request.maneuver.value, fight.sequence.round, self.bot.dice, options
            )
            if rolled:
                # R7.2: the HT roll at 0 HP that waited for this turn's maneuver.
                fight = fight.replace(striker)
                change.encounter = fight
                before = render_events(fight, rolled, self.bot.messages, locale)
            if rolled and not striker.combatant.is_conscious:
                change.detail = {"attacker": striker.name, "fainted": True}
                fainted = True
            else:
                outcome = resolve_attack(
                    striker,
                    victim,
                    request,
                    self.bot.dice,
                    options,
                    count_attacks=fight.sequence.started,
                )
                updated = [striker.model_copy(update={"turn": outcome.attacker_turn})]
                if outcome.damage is not None:
                    updated.append(victim.with_sheet(outcome.damage.injury.combatant))
                change.encounter = fight.replace(*updated)
                change.detail = {
                    "attacker": striker.name,
                    "target": victim.name,
                    "hit": outcome.attack is not None and outcome.attack.hit,
                    "effective_skill": outcome.effective.value,
                    "roll": outcome.attack.roll.total if outcome.attack is not None else None,
                    "injury": outcome.damage.injury.injury if outcome.damage is not None else 0,
                }
                if outcome.pending is not None:
                    owner_id = victim.owner_id
                    attack_id = await PendingAttackRepository.insert(
                        change,
                        guild_id=interaction.guild_id,
                        channel_id=channel,
                        owner_user_id=owner_id,
                        payload=outcome.pending,
                        created_at=interaction.created_at,
                    )
                    change.detail["attack_id"] = attack_id
        if fainted and before is not None:
            await interaction.response.send_message(embed=before)
            return
        embeds = render_attack(outcome, self.bot.messages, locale)
        if before is not None:
            embeds = [before, *embeds]
        if attack_id is None or outcome.pending is None or outcome.defenses is None:
            await interaction.response.send_message(embeds=embeds)
            return
        view = defense_view(attack_id, outcome.pending, outcome.defenses, self.bot.messages, locale)
        mentions = (
            discord.AllowedMentions(users=[discord.Object(id=owner_id)])
            if owner_id is not None
            else discord.AllowedMentions.none()
        )
        await interaction.response.send_message(
            content=prompt_text(outcome.target_name, owner_id, self.bot.messages, locale),
            embeds=embeds,
            view=view,
            allowed_mentions=mentions,
        )
        message = await interaction.original_response()
        await self.pending.set_message(attack_id, message.id)

    @attack.autocomplete("weapon")
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
            "Feint with which weapon, or which dropped one to Ready",
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
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        locale, options = context.locale, context.options
        before: discord.Embed | None = None
        fainted = False
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
            )
            fighter, rolled = settle_consciousness(
                fighter, maneuver.value, fight.sequence.round, self.bot.dice, options
            )
            if rolled:
                # R7.2: the HT roll at 0 HP that waited for this turn's maneuver.
                fight = fight.replace(fighter)
                change.encounter = fight
                before = render_events(fight, rolled, self.bot.messages, locale)
            if rolled and not fighter.combatant.is_conscious:
                change.detail = {"combatant": fighter.name, "fainted": True}
                fainted = True
            else:
                outcome = take_maneuver(fighter, other, request, self.bot.dice, options)
                change.encounter = fight.replace(
                    fighter.model_copy(update={"turn": outcome.turn}).with_sheet(outcome.combatant)
                )
                change.detail = {"combatant": fighter.name, "maneuver": maneuver.value}
                if trigger:
                    change.detail["trigger"] = trigger
        if fainted and before is not None:
            await interaction.response.send_message(embed=before)
            return
        embed = render_maneuver(
            fighter.name,
            outcome,
            self.bot.messages,
            locale,
            target_name=other.name if other is not None else None,
            trigger=trigger,
        )
        if before is not None:
            await interaction.response.send_message(embeds=[before, embed])
            return
        await interaction.response.send_message(embed=embed)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Attack(bot))
