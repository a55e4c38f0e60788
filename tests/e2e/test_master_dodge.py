"""A master's doubled Dodge through ``/defend master-dodge`` (R5.18).

Ana (DX 13, Dodge 9, Trained by a Master) rolls DX first; on a success her Dodge is 18 against this
blow, and she has spent one attack and one parry of her turn.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, orc_attacks, start_duel


async def test_master_dodge_doubles_and_costs_an_attack_and_a_parry(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot, ana_traits=("trained_by_a_master",))
    dice.extend([3, 4, 4])  # the orc hits
    await orc_attacks(standin)
    dice.extend([3, 4, 4, 5, 5, 5])  # DX 13: 11 succeeds → Dodge 18; 15 dodges
    result = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    shown = fields(result.embeds[0])
    assert shown["Master's Dodge"] == (
        "DX/Jumping/Acrobatics 13, rolled 11 (3, 4, 4): Dodge doubled; "
        "one attack and one parry spent (R5.18)"
    )
    assert shown["Dodge"] == "base 9\n+9 doubled (master) (R5.18)\n= **18**"
    assert shown["Defense roll"] == "Rolled **15** (5, 5, 5): defended (by 3)"
    assert await ana_hp(bot, standin) == 11
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Ana").turn
    assert (turn.parries_used, turn.attacks_used, turn.dodges_used) == (1, 1, 1)
    assert dice.remaining == 0


async def test_master_dodge_is_refused_with_a_parry_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    refused = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "parry-0", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert messages.text("defend.master_dodge_only", "pt-BR") in refused.embed["description"]
    assert dice.remaining == 0


async def test_master_dodge_is_refused_to_one_who_is_no_master(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    refused = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    assert (
        messages.text("defend.master_dodge_not_master", "en", combatant="Ana")
        in refused.embed["description"]
    )
    assert await ana_hp(bot, standin) == 11
    assert dice.remaining == 0


async def test_master_dodge_is_refused_once_the_attack_is_spent_r5_18(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Sword 13 gives the master one attack (R5.15). She made it on her turn: when the orc's
    blow comes, no attack is left to pay for a doubled Dodge, and nothing is rolled."""
    await start_duel(standin, bot, ana_traits=("trained_by_a_master",))
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    dice.extend([5, 5, 5])
    await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    refused = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "defend.master_dodge_no_attack", "en", combatant="Ana", allowed=1
    )
    assert dice.remaining == 0


async def test_a_doubled_dodge_before_her_turn_costs_that_turns_attack_r5_18(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The orc (DX 14) acts before Ana this round. Her katana 15 gives two attacks (R5.15);
    doubling her Dodge against his blow spends one parry now and one attack of her turn still
    to come, which then has one attack left."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "katana", "skill": 15, "damage": "sw+1 cut"}],
        traits=["trained_by_a_master"],
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 14, "ht": 11},
        weapons=[{"name": "axe", "skill": 13, "damage": "sw+2 cut"}],
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=Encounter(
            name="Masters",
            gm_id=standin.user("gm").id,
            combatants=(
                EncounterCombatant(
                    combatant_id="1",
                    side="party",
                    combatant=ana,
                    owner_id=standin.user("alice").id,
                ),
                EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
            ),
            next_number=3,
        ),
    )
    started = await standin.slash("encounter next", user="gm", channel=CHANNEL)
    assert started.embeds[0]["title"] == "Round 1: Orc's turn"
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    dice.extend([3, 4, 4, 5, 5, 5])  # DX 13: 11 → Dodge 18; 15 dodges
    dodged = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "master-dodge": True},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(dodged.embeds[0])["Master's Dodge"] == (
        "DX/Jumping/Acrobatics 13, rolled 11 (3, 4, 4): Dodge doubled; one parry spent, and "
        "one attack of the turn still to come this round (R5.18)"
    )
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # Ana's turn
    dice.extend([5, 5, 5])
    blow = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert fields(blow.embed)["Multiple attacks"].startswith("attack 2 of 2")
    spent = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert spent.ephemeral
    assert dice.remaining == 0
