"""Ammunition through the real client (the Basic Set's B269; the rules summary is silent): a
pistol of Shots 2+1(2) spends a round a shot, refuses a burst it has no rounds for and a shot
when empty, is reloaded by two Ready maneuvers (only Dodge meanwhile, R5.5), shows its rounds
in ``/combatant show``, and ``/encounter undo`` puts the rounds back."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice

CHANNEL = "combat"
EXTRA: dict[str, object] = {"extra-attack": True}  # the GM lets a second shot through


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert not result.ephemeral, result.embeds
    return result


async def refused(standin: StandIn, command: str, **options: object) -> str:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert result.ephemeral
    return str(result.embeds[0]["description"])


async def pistol_fight(standin: StandIn) -> None:
    """The GM's gunner (Basic Speed 5.5, first) with a pistol of Shots 2+1(2), RoF 3, and
    Alice's soldier (Basic Speed 5.25); the first turn is the gunner's."""
    await gm(standin, "encounter start", name="Alley")
    await gm(standin, "combatant add", name="Gunner", st=10, dx=12, iq=10, ht=10)
    await gm(
        standin,
        "combatant weapon add",
        name="Gunner",
        weapon="Pistol",
        skill=14,
        damage="2d pi",
        rof="3",
        recoil="2",
        shots="2+1(2)",
    )
    await gm(standin, "combatant add", name="Soldier", st=10, dx=11, iq=10, ht=10, owner="alice")
    await gm(standin, "encounter next")


async def rounds_shown(standin: StandIn) -> str:
    shown = await standin.slash("combatant show", {"name": "Gunner"}, user="gm", channel=CHANNEL)
    return fields(shown.embeds[0])["Ammunition"]


async def test_rounds_are_spent_refused_when_short_and_reloaded_by_ready_b269(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """2 shots (16 misses skill 14) leave 1 of 3; a burst of 2 is refused, nothing rolled; the
    last round empties it; an empty pistol is refused. Two Readies reload it: 0 + 2 in the
    magazine (the chamber was empty) = 2 of 3; only Dodge while reloading (R5.5)."""
    await pistol_fight(standin)
    dice.extend([6, 5, 5])
    shot = await gm(standin, "shoot", attacker="Gunner", target="Soldier", weapon="Pistol", shots=2)
    assert fields(shot.embeds[0])["Ammunition"] == "Pistol: 2 fired, 1/3 left (B269)."
    assert await refused(
        standin,
        "shoot",
        attacker="Gunner",
        target="Soldier",
        weapon="Pistol",
        shots=2,
        **EXTRA,
    ) == messages.text("ammunition.not_enough_one", "en", weapon="Pistol", left=1, shots=2)
    assert dice.remaining == 0
    dice.extend([6, 5, 5])
    shot = await gm(standin, "shoot", attacker="Gunner", target="Soldier", weapon="Pistol", **EXTRA)
    assert fields(shot.embeds[0])["Ammunition"] == (
        "Pistol: 1 fired, now empty (0/3): reload it with Ready (B269)."
    )
    assert await refused(
        standin, "shoot", attacker="Gunner", target="Soldier", weapon="Pistol", **EXTRA
    ) == messages.text("ammunition.empty", "en", weapon="Pistol", seconds=2)
    assert await rounds_shown(standin) == "Pistol: 0/3"

    await gm(standin, "encounter next")  # the soldier's turn
    await gm(standin, "encounter next")  # the gunner's second turn
    first = await gm(standin, "maneuver", combatant="Gunner", maneuver="ready", reload=True)
    notes = fields(first.embeds[0])
    assert (
        "Reloading the Pistol: 1 of 2 s of Ready (B269); only Dodge until the next turn (R5.5)."
        in notes.values()
    )
    assert await rounds_shown(standin) == "Pistol: 0/3, reloading 1/2 s"
    await gm(standin, "encounter next")
    await gm(standin, "encounter next")
    second = await gm(standin, "maneuver", combatant="Gunner", maneuver="ready", reload=True)
    assert (
        "The Pistol is reloaded: 2/3 (B269); only Dodge until the next turn (R5.5)."
        in fields(second.embeds[0]).values()
    )
    assert await rounds_shown(standin) == "Pistol: 2/3"

    await gm(standin, "encounter undo")
    assert await rounds_shown(standin) == "Pistol: 0/3, reloading 1/2 s"


async def test_reload_outside_a_ready_is_refused_in_portuguese_b269(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await pistol_fight(standin)
    result = await standin.slash(
        "maneuver",
        {"combatant": "Gunner", "maneuver": "aim", "target": "Soldier", "reload": True},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert result.ephemeral
    assert result.embeds[0]["description"] == messages.text(
        "maneuver.reload_needs_ready", "pt-BR", maneuver="aim"
    )
