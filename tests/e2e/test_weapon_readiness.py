"""Weapons out of hand, through the commands (R5.5, R5.25, R7.8).

The orc's axe is unbalanced (Parry ``0U``, min ST 12): after a blow it is not ready, so it
neither parries nor strikes again until a Ready; a strong orc (ST 17) needs no Ready but
still cannot parry in the turn it struck. Ana's sword, dropped when she was knocked down,
takes two Readies to pick up and ready.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels


async def axe_duel(
    standin: StandIn,
    bot: GurpsBot,
    *,
    orc_st: int = 12,
    axe_skill: int = 12,
    ana_state: dict[str, Any] | None = None,
) -> None:
    """Ana (Dodge 9, sword Parry 9) against an orc with an unbalanced axe (Dodge 8, Parry 9
    at skill 12). Ana is faster (Basic Speed 6.25 against 5.5): she acts first."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
        dr={"uniform": 1},
        state=ana_state,
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": orc_st, "dx": 11, "ht": 11},
        weapons=[
            {
                "name": "axe",
                "skill": axe_skill,
                "damage": "sw+2 cut",
                "unbalanced": True,
                "min_st": 12,
            }
        ],
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=Encounter(
            name="Axe",
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


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user="gm", channel=CHANNEL)


async def alice(standin: StandIn, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user="alice", channel=CHANNEL)


async def test_the_axe_neither_parries_nor_strikes_again_until_readied_r5_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await axe_duel(standin, bot)
    await gm(standin, "encounter next")  # round 1: Ana
    await gm(standin, "encounter next")  # the orc
    dice.extend([5, 5, 5])  # 15 misses the orc's 12
    swing = await gm(standin, "attack", attacker="Orc", target="Ana")
    assert fields(swing.embed)["Readiness"] == (
        "The axe is out of hand after the blow: 1 turn(s) of Ready before it strikes or "
        "parries again (R5.5)."
    )
    again = await gm(standin, "attack", attacker="Orc", target="Ana", **{"extra-attack": True})
    assert again.ephemeral
    assert again.embed["description"] == messages.text(
        "attack.weapon_unready", "en", combatant="Orc", weapon="axe", turns=1
    )
    tracker = await gm(standin, "encounter status")
    assert "not ready (turns of Ready): axe (1)" in fields(tracker.embed)["▶ 2. Orc [npc]"]

    await gm(standin, "encounter next")  # round 2: Ana
    dice.extend([3, 4, 4])  # Ana's 11 hits her 13
    blow = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert labels(blow.message) == ["Dodge 8", "Retreat (+3)", "No defense"]
    assert (
        "Parry (axe): not ready: it needs a Ready first (R5.5)" in (fields(blow.embed)["Defenses"])
    )
    dice.extend([2, 2, 3])  # the orc dodges on 7
    await standin.click(blow.message, "Dodge 8", user="gm")

    await gm(standin, "encounter next")  # the orc: a Ready
    ready = await gm(standin, "maneuver", combatant="Orc", maneuver="ready")
    assert fields(ready.embed)["Notes"] == "axe is ready again (R5.5)"
    await gm(standin, "encounter next")  # round 3: Ana hits, and the axe parries at 9
    dice.extend([3, 4, 4])
    parried = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert labels(parried.message) == ["Dodge 8", "Parry 9 (axe)", "Retreat (+3)", "No defense"]
    assert dice.remaining == 0


async def test_a_strong_orc_strikes_every_turn_but_cannot_parry_after_it_r5_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R5.5: ST 17, 5 over the axe's minimum, takes its turn of readying off; being
    unbalanced, it still cannot parry in the turn it struck (10 over would balance it)."""
    await axe_duel(standin, bot, orc_st=17)
    dice.extend([5, 5, 5])
    swing = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(swing.embed)["Preparo"] == (
        "A arma axe é desbalanceada: não apara até o próximo turno de Orc (R5.5)."
    )
    dice.extend([3, 4, 4])
    blow = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert labels(blow.message) == ["Dodge 8", "Retreat (+3)", "No defense"]
    assert (
        "Parry (axe): an unbalanced weapon cannot parry in the turn it struck (R5.5)"
        in (fields(blow.embed)["Defenses"])
    )


async def test_an_axe_does_not_strike_three_times_a_turn_r5_5_r5_25(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Cinematic multiple attacks give axe 16 three attacks (R5.14); after the first the axe
    is out of hand, so the second is refused. A spare attack readies it (R5.25: one attack and
    one parry), and the third blow goes in."""
    await gm(standin, "settings rule", option="cinematic_multiple_attacks", enabled=True)
    await axe_duel(standin, bot, axe_skill=16)
    await gm(standin, "encounter next")  # round 1: Ana
    await gm(standin, "encounter next")  # the orc
    dice.extend([6, 6, 5])  # 17 misses
    first = await gm(standin, "attack", attacker="Orc", target="Ana")
    assert fields(first.embed)["Multiple attacks"].startswith("attack 1 of 3")
    second = await gm(standin, "attack", attacker="Orc", target="Ana")
    assert second.ephemeral
    assert second.embed["description"] == messages.text(
        "attack.weapon_unready", "en", combatant="Orc", weapon="axe", turns=1
    )
    spare = await gm(
        standin, "maneuver", combatant="Orc", maneuver="ready", **{"spare-attack": True}
    )
    assert fields(spare.embed)["Notes"] == (
        "axe is ready again (R5.5)\n"
        "Spent from this turn (R5.25): attacks 1, parries 1 → attacks left 1, parries left 2"
    )
    dice.extend([6, 6, 5])
    third = await gm(standin, "attack", attacker="Orc", target="Ana")
    assert fields(third.embed)["Multiple attacks"].startswith("attack 3 of 3")
    assert dice.remaining == 0


async def test_a_dropped_sword_takes_two_readies_from_the_ground_r7_8_r5_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Knocked down, Ana dropped her sword (R7.8): the orc's blow finds no Parry, and the
    prompt says why. Picking it up takes two turns (R5.5): the first Ready lifts it, and it
    is still not ready; the second readies it, and she strikes on the turn after."""
    await axe_duel(standin, bot, ana_state={"dropped": ["sword"]})
    dice.extend([3, 4, 4])
    swing = await gm(standin, "attack", attacker="Orc", target="Ana")
    assert labels(swing.message) == ["Dodge 9", "Retreat (+3)", "No defense"]
    assert (
        "Parry (sword): dropped when knocked down, it lies on the ground (R7.8)"
        in (fields(swing.embed)["Defenses"])
    )
    dice.extend([2, 2, 3])
    await standin.click(swing.message, "Dodge 9", user="alice")

    await gm(standin, "encounter next")  # round 1: Ana
    lifted = await alice(standin, "maneuver", combatant="Ana", maneuver="ready")
    assert fields(lifted.embed)["Notes"] == (
        "sword picked up from the ground: 1 more turn of Ready to have it ready "
        "(R5.5: two turns in all)"
    )
    await gm(standin, "encounter next")  # the orc
    await gm(standin, "encounter next")  # round 2: Ana
    early = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert early.ephemeral
    assert early.embed["description"] == messages.text(
        "attack.weapon_unready", "en", combatant="Ana", weapon="sword", turns=1
    )
    readied = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "ready"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(readied.embed)["Observações"] == "sword está preparada de novo (R5.5)"
    await gm(standin, "encounter next")  # the orc
    await gm(standin, "encounter next")  # round 3: Ana strikes
    dice.extend([5, 5, 5])
    blow = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert not blow.ephemeral
    assert fields(blow.embed)["Attack roll"] == "Rolled **15** (5, 5, 5): miss (by 2)"
    assert dice.remaining == 0
