"""Who may use what: every command and every defense button, for the GM, the combatant's
owner, another player and a member of another guild (README, "Who may use a command").

- The GM (``gm``: the server's owner, with the GM role) started every fight: allowed
  everything.
- The owner (``alice``) plays Hero and owns the saved sheet: allowed what an owner may
  do for them (attack, maneuver, defend, end Hero's turn, change or read the sheet) and
  what anyone may do.
- Another player (``bob``, who plays Bandit): only what anyone may do.
- A member of another guild (``dana``, owner and so GM of *her* guild, not a member of
  this one): Discord lets her type only in her guild, where none of this guild's fights
  or sheets exist; her own guild's settings and dice are hers. She cannot even see this
  guild's buttons.

Each actor acts in a scene of his own (a fight in its own channel, a sheet of its own)
so an allowed change never spoils the next actor's case. A refusal is ephemeral, in the
reader's language (the player and the outsider use Portuguese), says why, and changes
nothing: every running fight with its event log, pending attacks and history, every
saved sheet, the guild's settings and every message anyone sees are the same after it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import CommandInputError, StandIn, World
from bot.standin.commands import leaf_paths
from bot.standin.driver import InteractionResult
from bot.standin.state import Message, Upload
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository
from bot.views.defense import CHOICE_PATTERN
from rules.character import export_sheet
from rules.combatant import Combatant

from .invariants import (
    QueuedDice,
    assert_answered_cleanly,
    assert_no_mass_mention,
    assert_standin_content,
    embeds_of,
    is_error_embed,
    reply_locale,
)

# The order they act in: every refusal is checked before any allowed change.
ACTORS = ("outsider", "player", "owner", "gm")
USERS = {"gm": "gm", "owner": "alice", "player": "bob", "outsider": "dana"}
LOCALES = {"gm": "en-US", "owner": "en-US", "player": "pt-BR", "outsider": "pt-BR"}
OTHER_GUILD_CHANNEL = "other-hall"
SCENES = ("shared", "owner", "gm")


@dataclass(frozen=True)
class Place:
    """Where an actor acts and the names he uses there."""

    fight: str
    quiet: str
    sheet: str
    owner: int


Options = Callable[[Place], dict[str, Any]]
Refusal = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Row:
    """One command: its options, who of the guild may use it, how the others are refused,
    and what the member of another guild gets in her own guild (``None``: it works)."""

    command: str
    options: Options
    allowed: frozenset[str]
    refusal: Callable[[Place], Refusal] | None = None
    outsider: Callable[[Place], Refusal] | None = None
    needs: str = "fight"

    @property
    def id(self) -> str:
        return self.command


ANYONE = frozenset({"gm", "owner", "player"})
OWNER_OR_GM = frozenset({"gm", "owner"})
GM = frozenset({"gm"})


def enc_gm(p: Place) -> Refusal:
    return ("encounter.error.not_gm", {})


def not_hero_owner(p: Place) -> Refusal:
    return ("encounter.error.not_owner", {"name": "Hero"})


def not_sheet_owner(p: Place) -> Refusal:
    return ("character.error.not_yours", {"name": p.sheet})


def give(p: Place) -> Refusal:
    return ("character.error.owner_gm_only", {})


def server_gm(p: Place) -> Refusal:
    return ("core.error.not_gm", {})


def no_fight(p: Place) -> Refusal:
    return ("encounter.error.none_active", {})


def no_sheet(p: Place) -> Refusal:
    return ("character.error.not_found", {"name": p.sheet})


def not_your_defense(p: Place) -> Refusal:
    return ("defend.error.not_yours", {"target": "Hero"})


def imported(p: Place) -> Upload:
    sheet = Combatant.create(name=f"Imported {p.sheet}", attributes={"st": 12, "dx": 11})
    return Upload("sheet.json", export_sheet(sheet).encode())


ROWS = [
    # Dice: anyone, anywhere.
    Row("roll", lambda p: {"dice": "3d"}, ANYONE, needs="none"),
    Row("check", lambda p: {"skill": 12}, ANYONE, needs="none"),
    Row("contest", lambda p: {"skill_a": 12, "skill_b": 10}, ANYONE, needs="none"),
    # The rules reference and the help: anyone, anywhere.
    Row("rules", lambda p: {"rule": "R6.9"}, ANYONE, needs="none"),
    Row("help", lambda p: {"command": "attack"}, ANYONE, needs="none"),
    # Sense rolls: anyone by numbers; from a fighter's sheet, his owner or the GM (R16.1).
    Row("sense vision", lambda p: {"per": 12, "distance": 50}, ANYONE, needs="none"),
    Row(
        "sense hearing",
        lambda p: {"combatant": "Hero", "sound": "normal_conversation", "distance": 4},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row("sense smell", lambda p: {"per": 11, "taste": True}, ANYONE, needs="none"),
    Row("sense special", lambda p: {"per": 11, "kind": "vibration"}, ANYONE, needs="none"),
    # Server settings: server GMs; the outsider is the GM of her own guild.
    Row("settings show", lambda p: {}, GM, server_gm, needs="none"),
    Row("settings gm-role", lambda p: {}, GM, server_gm, needs="none"),
    Row("settings language", lambda p: {"value": "pt-BR"}, GM, server_gm, needs="none"),
    Row(
        "settings rule",
        lambda p: {"option": "mortal_wounds", "enabled": True},
        GM,
        server_gm,
        needs="none",
    ),
    # Saved characters: their owner or a server GM; anyone makes his own.
    Row(
        "character create",
        lambda p: {
            "name": f"New {p.sheet}",
            "st": 10,
            "dx": 10,
            "iq": 10,
            "ht": 10,
            "owner": p.owner,
        },
        OWNER_OR_GM,
        give,
        needs="sheet",
    ),
    Row(
        "character import",
        lambda p: {"file": imported(p), "owner": p.owner},
        OWNER_OR_GM,
        give,
        needs="sheet",
    ),
    Row("character list", lambda p: {}, ANYONE, needs="sheet"),
    Row(
        "character show",
        lambda p: {"name": p.sheet},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character export",
        lambda p: {"name": p.sheet},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character delete",
        lambda p: {"name": p.sheet},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character rename",
        lambda p: {"name": p.sheet, "new-name": f"Renamed {p.sheet}"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character weapon add",
        lambda p: {"character": p.sheet, "weapon": "dagger", "skill": 12, "damage": "thr-1 imp"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character weapon remove",
        lambda p: {"character": p.sheet, "weapon": "sword"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character shield set",
        lambda p: {"character": p.sheet, "skill": 12, "db": 2},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character shield remove",
        lambda p: {"character": p.sheet},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character armor set",
        lambda p: {"character": p.sheet, "location": "torso", "dr": 3},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character trait add",
        lambda p: {"character": p.sheet, "trait": "high_pain_threshold"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character trait remove",
        lambda p: {"character": p.sheet, "trait": "combat_reflexes"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character skill add",
        lambda p: {"character": p.sheet, "skill": "Acrobatics", "level": 12},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    Row(
        "character skill remove",
        lambda p: {"character": p.sheet, "skill": "Stealth"},
        OWNER_OR_GM,
        not_sheet_owner,
        no_sheet,
        needs="sheet",
    ),
    # Encounters: anyone starts one (and runs it) and reads it; its GM runs it.
    Row("encounter start", lambda p: {"name": "Second fight"}, ANYONE),
    Row("encounter status", lambda p: {}, ANYONE, None, no_fight),
    Row("encounter history", lambda p: {}, ANYONE),
    Row(
        "encounter next",
        lambda p: {},
        OWNER_OR_GM,
        lambda p: ("encounter.error.not_your_turn", {}),
        no_fight,
    ),
    Row("encounter end", lambda p: {}, GM, enc_gm, no_fight),
    Row("encounter undo", lambda p: {}, GM, enc_gm, no_fight),
    Row("encounter surprise", lambda p: {"kind": "total", "side": "npc"}, GM, enc_gm, no_fight),
    Row("encounter reorder", lambda p: {"order": "Orc, Hero, Bandit"}, GM, enc_gm, no_fight),
    # Combatants: the encounter's GM changes them; anyone reads them.
    Row(
        "combatant add",
        lambda p: {"name": "Goblin", "st": 9, "dx": 12, "iq": 9, "ht": 10},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("combatant list", lambda p: {}, ANYONE, None, no_fight),
    Row("combatant show", lambda p: {"name": "Hero"}, ANYONE, None, no_fight),
    Row("combatant remove", lambda p: {"name": "Orc"}, GM, enc_gm, no_fight),
    Row("combatant edit", lambda p: {"name": "Hero", "hp": 5}, GM, enc_gm, no_fight),
    Row(
        "combatant condition",
        lambda p: {"name": "Hero", "condition": "stunned"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant weapon add",
        lambda p: {"name": "Hero", "weapon": "dagger", "skill": 12, "damage": "thr-1 imp"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant weapon remove",
        lambda p: {"name": "Hero", "weapon": "sword"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant trait add",
        lambda p: {"name": "Hero", "trait": "high_pain_threshold"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant trait remove",
        lambda p: {"name": "Hero", "trait": "combat_reflexes"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant armor set",
        lambda p: {"name": "Hero", "location": "torso", "dr": 2},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant shield set",
        lambda p: {"name": "Hero", "skill": 12, "db": 2},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("combatant shield remove", lambda p: {"name": "Hero"}, GM, enc_gm, no_fight),
    Row(
        "combatant skill add",
        lambda p: {"name": "Hero", "skill": "Acrobatics", "level": 12},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "combatant skill remove",
        lambda p: {"name": "Hero", "skill": "Stealth"},
        GM,
        enc_gm,
        no_fight,
    ),
    # Acting in the fight: the combatant's owner or the encounter's GM.
    Row(
        "attack",
        lambda p: {"attacker": "Hero", "target": "Orc"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "shoot",
        lambda p: {"attacker": "Hero", "target": "Orc", "skill": 12, "damage": "1d+1 imp"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "throw",
        lambda p: {"attacker": "Hero", "target": "Orc", "skill": 12, "damage": "thr imp"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "maneuver",
        lambda p: {"combatant": "Hero", "maneuver": "do_nothing"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "defend",
        lambda p: {"target": "Hero", "defense": "dodge"},
        OWNER_OR_GM,
        not_your_defense,
        no_fight,
    ),
    Row("damage", lambda p: {"target": "Hero", "amount": 3, "type": "cr"}, GM, enc_gm, no_fight),
    # Explosions: the encounter's GM sets them off; anyone throws at a spot (R15.14).
    Row(
        "explosion blast",
        lambda p: {"damage": "3d cr ex [2d]", "targets": "Hero 2m, Orc 4m"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("explosion detonate", lambda p: {}, GM, enc_gm, no_fight, needs="blast"),
    Row("explosion throw", lambda p: {"skill": 12, "distance": 10}, ANYONE, needs="none"),
    # Swarms and hordes: the encounter's GM (R14).
    Row("swarm add", lambda p: {"kind": "bats", "hexes": 15}, GM, enc_gm, no_fight),
    Row(
        "swarm engage",
        lambda p: {"swarm": "Rats", "victim": "Bandit", "protection": "clothing"},
        GM,
        enc_gm,
        no_fight,
        needs="swarm",
    ),
    Row(
        "swarm release",
        lambda p: {"swarm": "Rats", "victim": "Hero"},
        GM,
        enc_gm,
        no_fight,
        needs="swarm",
    ),
    Row(
        "swarm hit",
        lambda p: {"swarm": "Rats", "amount": 3, "stomp": True},
        GM,
        enc_gm,
        no_fight,
        needs="swarm",
    ),
    # Fatigue: the owner spends and recovers his FP; the encounter's GM charges the rest.
    Row(
        "fatigue spend",
        lambda p: {"combatant": "Hero", "amount": 2},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "fatigue recover",
        lambda p: {"combatant": "Hero", "amount": 1},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "fatigue heart",
        lambda p: {"combatant": "Hero"},
        GM,
        enc_gm,
        no_fight,
        needs="heart",
    ),
    Row(
        "fatigue combat",
        lambda p: {"combatant": "Hero", "seconds": 20, "fought": True},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("fatigue hike", lambda p: {"combatant": "Hero", "hours": 2}, GM, enc_gm, no_fight),
    Row(
        "fatigue exertion",
        lambda p: {"combatant": "Hero", "activity": "running", "minutes": 2},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("fatigue meals", lambda p: {"combatant": "Hero", "missed": 1}, GM, enc_gm, no_fight),
    Row(
        "fatigue water",
        lambda p: {"combatant": "Hero", "litres": 1.5, "hours": 16},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("fatigue sleep", lambda p: {"combatant": "Hero", "awake": 20}, GM, enc_gm, no_fight),
    # Environment: the encounter's GM.
    Row("environment fall", lambda p: {"combatant": "Hero", "height": 3}, GM, enc_gm, no_fight),
    Row(
        "environment falling-object",
        lambda p: {"combatant": "Hero", "kg": 5, "metres": 10},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment fire",
        lambda p: {"combatant": "Hero", "exposure": "partial"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment catch-fire", lambda p: {"combatant": "Hero", "damage": 4}, GM, enc_gm, no_fight
    ),
    # Putting out his own fire is the burning fighter's (or the GM's) to try.
    Row(
        "environment extinguish",
        lambda p: {"combatant": "Hero"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
        needs="burning",
    ),
    Row(
        "environment ignite",
        lambda p: {"material": "flammable", "flame": "1d-1"},
        ANYONE,
        needs="none",
    ),
    Row(
        "environment heat",
        lambda p: {"combatant": "Hero", "temperature": 40, "minutes": 60},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment intense-heat",
        lambda p: {"combatant": "Hero", "seconds": 5},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment sunburn",
        lambda p: {"combatant": "Hero", "skin": "light"},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment cold",
        lambda p: {"combatant": "Hero", "temperature": -10, "minutes": 60},
        GM,
        enc_gm,
        no_fight,
    ),
    Row(
        "environment icy-water", lambda p: {"combatant": "Hero", "minutes": 2}, GM, enc_gm, no_fight
    ),
    # Breath and water: the encounter's GM.
    Row("breath hold", lambda p: {"combatant": "Hero"}, GM, enc_gm, no_fight),
    Row("breath air", lambda p: {"combatant": "Hero"}, GM, enc_gm, no_fight, needs="holding"),
    Row(
        "breath drown",
        lambda p: {"combatant": "Hero", "minutes": 1, "swimming": 12},
        GM,
        enc_gm,
        no_fight,
    ),
    Row("breath shed", lambda p: {"combatant": "Hero"}, GM, enc_gm, no_fight, needs="swimming"),
    Row(
        "breath rescue",
        lambda p: {"rescuer": "Hero", "victim": "Bandit", "swimming": 12},
        GM,
        enc_gm,
        no_fight,
    ),
    # Close combat: the acting fighter's owner or the encounter's GM ("held": Hero and the orc
    # hold each other, Hero holds the orc's axe, the orc is down, Hero stands by the bandit).
    *(
        Row(
            f"close-combat {sub}",
            options,
            OWNER_OR_GM,
            not_hero_owner,
            no_fight,
            needs="fight" if sub == "enter" else "held",
        )
        for sub, options in (
            ("enter", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("leave", lambda p: {"combatant": "Hero", "foe": "Bandit"}),
            ("grapple", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("grab-weapon", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("wrest", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("takedown", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("pin", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("choke", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("break-free", lambda p: {"combatant": "Hero"}),
            ("release", lambda p: {"holder": "Hero", "held": "Orc"}),
            ("slam", lambda p: {"attacker": "Hero", "target": "Orc"}),
            ("draw", lambda p: {"combatant": "Hero"}),
        )
    ),
    *(
        Row(
            f"close-combat {sub}",
            options,
            OWNER_OR_GM,
            lambda p: ("encounter.error.not_owner", {"name": "Horse"}),
            no_fight,
            needs="horse",
        )
        for sub, options in (
            (
                "trample",
                lambda p: {
                    "attacker": "Horse",
                    "target": "Orc",
                    "weight": 500,
                    "target-weight": 80,
                },
            ),
            ("horn", lambda p: {"attacker": "Horse", "target": "Orc", "weight": 600}),
        )
    ),
    # Ranged situations and the ground: the shooter's (or the fighter's) owner or the GM.
    Row(
        "fire-area opportunity",
        lambda p: {"attacker": "Hero", "target": "Orc", "skill": 12, "damage": "1d imp"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
        needs="waiting",
    ),
    Row(
        "fire-area stray",
        lambda p: {"attacker": "Hero", "line": "Orc, Bandit", "skill": 12, "damage": "1d imp"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "fire-area through",
        lambda p: {"attacker": "Hero", "target": "Orc", "basic-damage": 15},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row(
        "terrain set",
        lambda p: {"combatant": "Hero", "preset": "table", "water": "in_water"},
        OWNER_OR_GM,
        not_hero_owner,
        no_fight,
    ),
    Row("terrain ambush", lambda p: {"combatant": "Hero"}, OWNER_OR_GM, not_hero_owner, no_fight),
]
BUTTONS = ["dodge", "parry-0", "block", "retreat", "none"]


# ----------------------------------------------------------------------------- the world


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    """The default world, a channel pair per scene, and dana's own guild."""
    world = World.default()
    for scene in SCENES:
        world.add_channel(f"fight-{scene}")
        world.add_channel(f"quiet-{scene}")
    world.add_guild("Other Table", "dana", channel=OTHER_GUILD_CHANNEL)
    async with StandIn(world) as running_standin:
        yield running_standin
    assert_standin_content(running_standin)


@pytest.fixture
def dice() -> QueuedDice:
    return QueuedDice(seed=7)


@dataclass
class Stage:
    standin: StandIn
    bot: GurpsBot
    dice: QueuedDice
    messages: Messages
    attack_messages: dict[str, int] = field(default_factory=dict)

    def place(self, scene: str) -> Place:
        return Place(
            f"fight-{scene}",
            f"quiet-{scene}",
            f"Hero Sheet {scene}",
            self.standin.user("alice").id,
        )

    def outsider_place(self) -> Place:
        dana = self.standin.user("dana").id
        shared = self.place("shared")
        return Place(OTHER_GUILD_CHANNEL, OTHER_GUILD_CHANNEL, shared.sheet, dana)

    async def gm(self, command: str, channel: str | None = None, **options: Any) -> None:
        result = await self.standin.slash(command, options, user="gm", channel=channel)
        assert_answered_cleanly(result, self.messages, "en-US")
        assert not any(is_error_embed(e, self.messages) for e in embeds_of(result)), result

    async def build(self, scene: str, needs: str) -> None:
        """Alice's sheet (sword, shield, Combat Reflexes), or a fight in the scene's channel:
        Hero (alice's, with a sword and Combat Reflexes), Orc (the GM's), Bandit (bob's),
        an orc's hit waiting for Hero's defense, and Hero's turn."""
        place = self.place(scene)
        alice, bob = self.standin.user("alice").id, self.standin.user("bob").id
        if needs == "sheet":
            await self.gm(
                "character create", name=place.sheet, st=11, dx=12, iq=10, ht=11, owner=alice
            )
            await self.gm(
                "character weapon add",
                character=place.sheet,
                weapon="sword",
                skill=13,
                damage="sw+1 cut",
            )
            await self.gm("character shield set", character=place.sheet, skill=12, db=1)
            await self.gm("character trait add", character=place.sheet, trait="combat_reflexes")
            await self.gm("character skill add", character=place.sheet, skill="Stealth", level=12)
            return
        if needs not in (
            "fight",
            "blast",
            "swarm",
            "burning",
            "holding",
            "swimming",
            "held",
            "waiting",
            "horse",
            "heart",
        ):
            return
        channel = place.fight
        await self.gm("encounter start", channel, name=f"Fight {scene}")
        await self.gm(
            "combatant add",
            channel,
            name="Hero",
            st=11,
            dx=13,
            iq=10,
            ht=12,
            parry=10,
            block=9,
            owner=alice,
        )
        await self.gm("combatant trait add", channel, name="Hero", trait="combat_reflexes")
        await self.gm("combatant skill add", channel, name="Hero", skill="Stealth", level=12)
        await self.gm(
            "combatant weapon add",
            channel,
            name="Hero",
            weapon="sword",
            skill=13,
            damage="sw+1 cut",
        )
        await self.gm("combatant add", channel, name="Orc", st=13, dx=11, iq=9, ht=12)
        await self.gm(
            "combatant weapon add", channel, name="Orc", weapon="axe", skill=12, damage="sw+2 cut"
        )
        await self.gm(
            "combatant add", channel, name="Bandit", st=10, dx=12, iq=10, ht=10, owner=bob
        )
        self.dice.queued.extend([3, 3, 4])  # 10 against 12: a hit that waits for a defense
        attack = await self.standin.slash(
            "attack", attacker="Orc", target="Hero", user="gm", channel=channel
        )
        assert attack.message.interactive_components(), "the hit offers defense buttons"
        self.attack_messages[scene] = attack.message.id
        await self.gm("encounter next", channel)  # Basic Speed 6.25 against 5.75: Hero's turn
        if needs == "blast":  # a grenade waiting for the Dives for Cover (R15.3)
            await self.gm("explosion blast", channel, damage="3d cr ex", targets="Hero 2m, Orc 3m")
        if needs == "swarm":  # rats on Hero (R14.1)
            await self.gm("swarm add", channel, kind="rats")
            await self.gm("swarm engage", channel, swarm="Rats", victim="Hero")
        if needs == "burning":  # all his clothes alight (R10.6)
            await self.gm("environment catch-fire", channel, combatant="Hero", damage=12)
        if needs == "holding":  # holding his breath (R9.1)
            await self.gm("breath hold", channel, combatant="Hero")
        if needs == "heart":  # Hero's heart stopped (R8.2): at 0 FP, Will 18 then HT 18
            await self.gm("combatant edit", channel, name="Hero", fp=0)
            await self.gm("encounter next", channel)
            await self.gm("encounter next", channel)
            self.dice.queued.extend([6, 6, 6, 6, 6, 6])
            await self.gm("encounter next", channel)
        if needs == "swimming":  # a Swimming success in deep water, so he may shed (R9.4)
            await self.gm("breath drown", channel, combatant="Hero", swimming=12)
            await self.gm("encounter next", channel)
            await self.gm("encounter next", channel)
            self.dice.queued.extend([3, 3, 4])  # 10 against 12 at his place in round 2
            await self.gm("encounter next", channel)
        if needs == "held":
            await self.hold(channel)
        if needs == "horse":
            await self.gm(
                "combatant add",
                channel,
                name="Horse",
                st=20,
                dx=10,
                iq=4,
                ht=12,
                owner=alice,
                **{"size-modifier": 2},
            )
            # The horse joins the order next round (R2.5); his trample or horn is his own
            # turn's attack (R4.4).
            fights = EncounterRepository(self.bot.database)
            for _ in range(6):
                record = await fights.require_active(self.standin.channel(channel).id)
                current = record.encounter.current
                if current is not None and current.name == "Horse":
                    break
                await self.gm("encounter next", channel)
            else:
                raise AssertionError("the horse's turn never came")
        if needs == "waiting":
            await self.gm("maneuver", channel, combatant="Hero", maneuver="wait")
            # The orc's turn: a Wait is set off out of Hero's own turn (R4.4, R5.11).
            await self.gm("encounter next", channel)

    async def hold(self, channel: str) -> None:
        """Hero and the orc in each other's grip (a bite at the neck, R11.3), Hero's hand on
        the orc's axe (his shield and the quick sheet's weapon put away, the sword left: a grab
        needs a free hand, R11.2; a round later, so
        he may wrest it, R11.4), the orc on the ground, Hero in close combat with the bandit
        too, and Hero's turn again."""
        cc = "close-combat"
        await self.gm("combatant shield remove", channel, name="Hero")
        await self.gm("combatant weapon remove", channel, name="Hero", weapon="weapon")
        await self.gm(
            f"{cc} grapple", channel, attacker="Hero", target="Orc", bite=True, location="neck"
        )
        self.dice.queued.extend([3, 3, 4, 6, 6, 6])  # DX 13 rolls 10, DX 11 rolls 18
        await self.gm(f"{cc} grab-weapon", channel, attacker="Hero", target="Orc")
        await self.gm("encounter next", channel)  # the orc's turn: his bite holds Hero
        await self.gm(f"{cc} grapple", channel, attacker="Orc", target="Hero", bite=True)
        for _ in range(2):  # the bandit's, and Hero's turn of round 2 (R4.4)
            await self.gm("encounter next", channel)
        await self.gm("combatant condition", channel, name="Orc", posture="prone")
        await self.gm(f"{cc} enter", channel, attacker="Hero", target="Bandit")

    async def snapshot(self) -> dict[str, Any]:
        """Everything of this guild a refusal must leave alone."""
        # The live tracker's edit of an earlier, allowed command may still be on its way:
        # let it land first, so only what the refused command did can differ.
        await self.bot.trackers.settled()
        database = self.bot.database
        fights = EncounterRepository(database)
        pending = PendingAttackRepository(database)
        guild = self.standin.guild
        state: dict[str, Any] = {}
        for channel in guild.channels.values():
            record = await fights.active(channel.id)
            state[f"{channel.name} fight"] = record.model_dump() if record else None
            if record is not None:
                events = await fights.events(record.id, limit=1_000_000)
                state[f"{channel.name} events"] = [e.model_dump() for e in events]
            attacks = await pending.open_in(channel.id)
            state[f"{channel.name} pending"] = [a.model_dump() for a in attacks]
            history = await fights.history(channel.id, limit=1_000)
            state[f"{channel.name} history"] = [r.model_dump() for r in history]
        sheets = await CharacterRepository(database).in_guild(guild.id, limit=1_000)
        state["sheets"] = [s.model_dump() for s in sheets]
        state["settings"] = (await self.bot.guild_settings.get(guild.id)).model_dump()
        state["messages"] = [
            (m.id, m.content, m.embeds, m.components, m.deleted)
            for channel in guild.channels.values()
            for m in self.standin.world.channel_messages(channel.id).values()
            if not m.ephemeral
        ]
        return state

    def assert_refused(self, result: InteractionResult, actor: str, refusal: Refusal) -> None:
        locale = LOCALES[actor]
        assert_answered_cleanly(result, self.messages, locale)
        key, params = refusal
        assert result.ephemeral, f"{actor}: a refusal must be private"
        [embed] = result.response.embeds
        assert is_error_embed(embed, self.messages), f"{actor} was not refused: {embed!r}"
        expected = self.messages.text(key, reply_locale(locale), **params)
        assert embed["description"] == expected, f"{actor}: {embed['description']!r}"

    def assert_allowed(self, result: InteractionResult, actor: str) -> None:
        assert_answered_cleanly(result, self.messages, LOCALES[actor])
        refusals = [e for e in embeds_of(result) if is_error_embed(e, self.messages)]
        assert refusals == [], f"{actor} was refused: {refusals!r}"


@pytest.fixture
async def stage(
    standin: StandIn, bot: GurpsBot, dice: QueuedDice, messages: Messages
) -> AsyncIterator[Stage]:
    other = next(g for g in standin.world.guilds.values() if g.id != standin.guild.id)
    await bot.sync_commands(other.id)
    yield Stage(standin, bot, dice, messages)
    assert_no_mass_mention(standin)


def scene_of(actor: str, row_allowed: frozenset[str]) -> str:
    """Allowed actors change things, each in his own scene; refusals share one."""
    return actor if actor in row_allowed and actor in SCENES else "shared"


# ----------------------------------------------------------------------------- the matrix


async def test_the_matrix_covers_every_command(standin: StandIn, bot: GurpsBot) -> None:
    listed = sorted(row.command for row in ROWS)
    assert listed == sorted(p.qualified_name for p in leaf_paths(standin.commands()))


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
async def test_command(stage: Stage, row: Row) -> None:
    standin = stage.standin
    scenes = {scene_of(actor, row.allowed) for actor in ("player", "owner", "gm")}
    for scene in sorted(scenes):
        await stage.build(scene, row.needs)
    await stage.bot.trackers.settled()  # no tracker edit of the setup lands in a snapshot

    for actor in ACTORS:
        user, locale = USERS[actor], LOCALES[actor]
        if actor == "outsider":
            place = stage.outsider_place()
        else:
            place = stage.place(scene_of(actor, row.allowed))
        channel = place.quiet if row.command == "encounter start" else place.fight
        before = await stage.snapshot()
        result = await standin.slash(
            row.command, row.options(place), user=user, channel=channel, locale=locale
        )
        if actor == "outsider":
            # Whatever she may do in her own guild, this guild is untouched.
            assert await stage.snapshot() == before, "another guild's member changed this one"
            if row.outsider is None:
                stage.assert_allowed(result, actor)
            else:
                stage.assert_refused(result, actor, row.outsider(place))
        elif actor in row.allowed:
            stage.assert_allowed(result, actor)
        else:
            assert row.refusal is not None, f"{row.command}: no refusal for {actor}"
            stage.assert_refused(result, actor, row.refusal(place))
            assert await stage.snapshot() == before, f"{actor}'s refusal changed something"


@pytest.mark.parametrize("choice", BUTTONS)
async def test_defense_button(stage: Stage, choice: str) -> None:
    """Only Hero's player and the GM may answer the orc's hit; the outsider cannot see it."""
    standin = stage.standin
    for scene in ("shared", "owner", "gm"):
        await stage.build(scene, "fight")
    await stage.bot.trackers.settled()

    for actor in ACTORS:
        scene = scene_of(actor, OWNER_OR_GM)
        message = standin.message(stage.attack_messages[scene])
        [button] = [
            item
            for item in message.interactive_components()
            if str(item["custom_id"]).endswith(f":{choice}")
        ]
        before = await stage.snapshot()
        if actor == "outsider":
            with pytest.raises(CommandInputError, match="not a member"):
                await standin.click(message, button["custom_id"], user=USERS[actor])
            continue
        result = await standin.click(
            message, button["custom_id"], user=USERS[actor], locale=LOCALES[actor]
        )
        if actor in OWNER_OR_GM:
            stage.assert_allowed(result, actor)
            assert standin.message(message.id).history, "the answer edits the attack's message"
        else:
            stage.assert_refused(result, actor, not_your_defense(stage.place(scene)))
            assert await stage.snapshot() == before, f"{actor}'s press changed something"


def test_every_defense_is_in_the_matrix() -> None:
    assert set(CHOICE_PATTERN.replace("-[0-9]{1,2}", "-0").split("|")) == set(BUTTONS)


async def test_a_defense_button_forged_in_another_guild_reaches_nothing(stage: Stage) -> None:
    """Discord shows a button only on its message, so dana cannot press Hero's. Were a
    client to send its custom id from her own guild anyway (where she is the GM and runs
    a fight of her own), this guild's fight must stay as it is."""
    standin = stage.standin
    await stage.build("shared", "fight")
    dana = standin.user("dana")
    hall = standin.channel(OTHER_GUILD_CHANNEL)
    for command, options in [
        ("encounter start", {"name": "Dana's fight"}),
        ("combatant add", {"name": "Rat", "st": 5, "dx": 12, "iq": 3, "ht": 10}),
        ("combatant add", {"name": "Cat", "st": 6, "dx": 13, "iq": 4, "ht": 11}),
    ]:
        result = await standin.slash(command, options, user=dana, channel=hall)
        stage.assert_allowed(result, "outsider")
    genuine = standin.message(stage.attack_messages["shared"])
    forged = standin.world.add_message(
        Message(
            id=standin.world.snowflakes.next(),
            channel_id=hall.id,
            guild_id=standin.world.guild_of_channel(hall.id).id,
            author=standin.world.bot_user,
            created_at=standin.world.clock(),
            content="Hero is hit! Choose a defense below.",
            components=genuine.components,
            allowed_mentions={"parse": []},
        )
    )
    before = await stage.snapshot()
    for choice in ("retreat", "dodge"):
        result = await standin.click(
            forged, f"{genuine_prefix(genuine)}:{choice}", user=dana, locale="pt-BR"
        )
        stage.assert_refused(result, "outsider", ("defend.error.gone", {}))
    assert await stage.snapshot() == before


def genuine_prefix(message: Message) -> str:
    custom_id = str(message.interactive_components()[0]["custom_id"])
    return custom_id.rsplit(":", 1)[0]
