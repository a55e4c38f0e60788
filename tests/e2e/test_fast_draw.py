"""Thrown weapons and volleys with multiple attacks through ``/attack fast-draw`` (R5.26,
R5.22).

With the cinematic multiple attacks on, Ana's knife 16 gives her 3 attacks a turn (R5.14).
Each knife is drawn with Fast-Draw 13 at -3 (10): a failed draw spends the attack and throws
nothing; without the skill a throw is refused in her language; a good draw throws.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields


async def start_knife_fight(standin: StandIn, bot: GurpsBot) -> None:
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "knife", "skill": 16, "damage": "thr imp", "thrown": True}],
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 11, "ht": 11},
        weapons=[{"name": "axe", "skill": 13, "damage": "sw+2 cut"}],
    )
    encounter = Encounter(
        name="Knives",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="party", combatant=ana, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
        ),
        next_number=3,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )


async def test_each_knife_is_drawn_at_minus_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await standin.slash(
        "settings rule", option="cinematic_multiple_attacks", enabled=True, user="gm"
    )
    await start_knife_fight(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    throw = {"attacker": "Ana", "target": "Orc"}

    dice.extend([6, 6, 6])  # Fast-Draw 13 - 3 = 10 rolls 18
    fumbled = await standin.slash(
        "throw", {**throw, "fast-draw": 13}, user="alice", channel=CHANNEL
    )
    assert not fumbled.ephemeral
    shown = fields(fumbled.embed)
    assert shown["Fast-Draw"] == (
        "Fast-Draw 13 -3 = 10, rolled 18: not drawn, this attack is spent (R5.26)"
    )
    assert shown["Multiple attacks"] == "attack 1 of 3 · initiative step 6.25 (R5.14, R5.23)"
    assert "Roll" not in shown

    refused = await standin.slash("throw", throw, user="alice", channel=CHANNEL, locale="pt-BR")
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "attack.thrown_needs_fast_draw", "pt-BR", combatant="Ana"
    )

    dice.extend([3, 3, 4, 6, 6, 6])  # drawn on a 10; the throw rolls 18 and misses
    thrown = await standin.slash("throw", {**throw, "fast-draw": 13}, user="alice", channel=CHANNEL)
    shown = fields(thrown.embed)
    assert shown["Fast-Draw"] == "Fast-Draw 13 -3 = 10, rolled 10: drawn (R5.26)"
    assert shown["Multiple attacks"].startswith("attack 2 of 3")
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ana").turn.attacks_used == 2
    assert dice.remaining == 0
