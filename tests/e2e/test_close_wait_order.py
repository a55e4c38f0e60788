"""A Wait set off by a close-combat attack, through ``/close-combat … wait-order`` (R5.11).

Bruno (alice's) Waits; in the orc's turn he grapples him with ``wait-order``: the orc's axe
(reach 1) outreaches a grapple (reach C), so the axe strikes first and nothing of Bruno's is
rolled or spent. Asking again rolls nothing; after the orc's blow the grapple comes without
``wait-order``. A fighter who did not Wait is refused, privately, in English and Portuguese.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.grapple import HoldKind
from rules.maneuver import Maneuver
from rules.roller import ScriptedDice
from tests.e2e.test_close_combat import CC, CHANNEL, brawl, fields, gm, holds, say

WAIT = {"wait-order": True}


async def _bruno_waits_and_the_orc_comes(standin: StandIn) -> None:
    await gm(
        standin,
        "combatant weapon add",
        name="Orc",
        weapon="Axe",
        skill=12,
        damage="sw+2 cut",
        reach="1",
    )
    await say(standin, "gm", "encounter next")  # round 1: Bruno
    await standin.slash(
        "maneuver",
        {"combatant": "Bruno", "maneuver": "wait", "trigger": "the orc steps in"},
        user="alice",
        channel=CHANNEL,
    )
    await say(standin, "gm", "encounter next")  # the orc's turn


async def test_the_axe_strikes_before_a_waiting_grapple_r5_11(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await brawl(standin)
    await _bruno_waits_and_the_orc_comes(standin)
    set_off = await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc", **WAIT)
    assert not set_off.ephemeral
    shown = fields(set_off.embed)
    assert shown["Wait"] == "reach 0 against 1: Orc strikes first (R5.11)"
    assert shown["Outcome"] == (
        "Orc strikes first: nothing was rolled or spent. "
        "Resolve his action, then do this again without wait-order."
    )
    assert await holds(bot, standin) == []
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Bruno").turn
    assert (turn.maneuver, turn.attacks_used) == (Maneuver.wait, 0)
    # Asked again: the first result stands, nothing rolled (the dice are empty).
    again = await say(standin, "alice", f"{CC} slam", attacker="Bruno", target="Orc", **WAIT)
    assert fields(again.embed)["Wait"] == (
        "reach 0 against 1: Orc strikes first (R5.11)\n"
        "decided earlier this turn, nothing rolled again: the first result stands (R5.11)"
    )
    # After the orc's blow, the grapple: DX 12 + 3 = 15 rolls 10 against DX 11 rolling 12.
    dice.extend([3, 3, 4, 4, 4, 4])
    grabbed = await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    assert "Wait" not in fields(grabbed.embed)
    assert await holds(bot, standin) == [
        ("Bruno", "Orc", HoldKind.close),
        ("Bruno", "Orc", HoldKind.grapple),
    ]
    assert dice.remaining == 0


async def test_wait_order_without_a_wait_is_refused_r5_11(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await brawl(standin)
    await say(standin, "gm", "encounter next")  # round 1: Bruno, who did not Wait
    for locale, command in (("en", f"{CC} grapple"), ("pt-BR", f"{CC} grapple")):
        refused = await standin.slash(
            command,
            {"attacker": "Bruno", "target": "Orc", **WAIT},
            user="alice",
            channel=CHANNEL,
            locale=locale,
        )
        assert refused.ephemeral
        assert refused.embed["description"] == messages.text(
            "attack.not_waiting", locale, combatant="Bruno"
        )
    assert await holds(bot, standin) == []
    assert dice.remaining == 0
