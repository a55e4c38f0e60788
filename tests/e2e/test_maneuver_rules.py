"""Section 5 through the real client: Aim broken by injury or a defense (R5.3), the Wait's
contest standing (R5.11), extra maneuvers of Altered Time Rate and super-speed (R5.28,
R5.29) and Concentrate's Will-3 option (R5.10)."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import start_duel

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def say(standin: StandIn, user: str, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user=user, channel=CHANNEL)


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await say(standin, "gm", command, **options)
    assert not result.ephemeral, result.embeds
    return result


async def archer_and_orc(standin: StandIn) -> None:
    """The archer (alice's: DX 12, HT 10, Will 10; bow 13, Acc 2, Snap Shot 15) acts first:
    Basic Speed 5.5 like the orc's, and DX 12 to his 11 (R4.3)."""
    await gm(standin, "encounter start", name="Tower")
    await gm(standin, "combatant add", name="Archer", st=10, dx=12, iq=10, ht=10, owner="alice")
    await gm(
        standin,
        "combatant weapon add",
        name="Archer",
        weapon="Bow",
        skill=13,
        damage="1d+1 imp",
        accuracy=2,
        **{"snap-shot": 15},
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(standin, "encounter next")
    aiming = await say(
        standin, "alice", "maneuver", combatant="Archer", maneuver="aim", target="Orc"
    )
    assert fields(aiming.embed)["Notes"] == "Aiming at Orc: turn 1 (R5.3)"
    await gm(standin, "encounter next")  # the orc's turn


async def test_an_injured_archer_rolls_will_and_loses_his_aim_r5_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The orc's critical hit (3) does 1d = 3 crushing to the aiming archer: 3 injury. Will 10
    rolls 18: the Aim is gone, so his next shot takes the -4 below Snap Shot instead of +2."""
    await archer_and_orc(standin)
    dice.extend([1, 1, 1, 3, 6, 6, 6])
    blow = await gm(standin, "attack", attacker="Orc", target="Archer", skill=12, damage="1d cr")
    consequences = fields(blow.embeds[-1])["Consequences"].splitlines()
    assert consequences[-1] == (
        "Will 10 to keep aiming, rolled 18 (6, 6, 6): Aim lost, the next shot gets no Aim bonus"
        " (R5.3)"
    )
    await gm(standin, "encounter next")  # the archer again, shock -3 from the blow
    dice.extend([6, 6, 6])
    shot = await say(standin, "alice", "shoot", attacker="Archer", target="Orc", weapon="Bow")
    skill = fields(shot.embeds[0])["Effective skill"]
    assert "Aim" not in skill
    assert "-4 unaimed shot (R5.3)" in skill
    assert dice.remaining == 0


async def test_an_archer_who_keeps_his_aim_shoots_with_it_r5_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The same blow, but Will 10 rolls 10: the Aim holds and the shot gets its +2 (Acc)."""
    await archer_and_orc(standin)
    dice.extend([1, 1, 1, 3, 3, 3, 4])
    blow = await gm(standin, "attack", attacker="Orc", target="Archer", skill=12, damage="1d cr")
    assert fields(blow.embeds[-1])["Consequences"].splitlines()[-1] == (
        "Will 10 to keep aiming, rolled 10 (3, 3, 4): Aim kept (R5.3)"
    )
    await gm(standin, "encounter next")
    dice.extend([6, 6, 6])
    shot = await say(standin, "alice", "shoot", attacker="Archer", target="Orc", weapon="Bow")
    assert "+2 Aim (R5.3)" in fields(shot.embeds[0])["Effective skill"]


async def test_defending_says_the_aim_is_lost_r5_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await archer_and_orc(standin)
    dice.extend([3, 4, 4])
    blow = await gm(standin, "attack", attacker="Orc", target="Archer", skill=12, damage="1d cr")
    dice.extend([2, 2, 2])  # Dodge 8 rolls 6
    await standin.click(blow.message, "Dodge 8", user="alice")
    defense = standin.message(blow.message.id).embeds[1]
    assert fields(defense)["Aim"] == messages.text("defend.aim_lost", "en", name="Archer")
    await gm(standin, "encounter next")
    dice.extend([6, 6, 6])
    shot = await say(standin, "alice", "shoot", attacker="Archer", target="Orc", weapon="Bow")
    assert "Aim" not in fields(shot.embeds[0])["Effective skill"]


async def test_the_wait_contest_is_not_rolled_again_r5_11(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Ana waits; the orc steps in. Equal reach: 13 rolls 12, 13 rolls 9, the orc is first.
    Asking again rolls nothing (no dice queued) and says the first result stands; undo takes
    the decision back, and a new ask rolls again."""
    await start_duel(standin, bot)
    await gm(standin, "encounter next")  # Ana
    await say(standin, "alice", "maneuver", combatant="Ana", maneuver="wait", trigger="he comes")
    await gm(standin, "encounter next")  # the orc
    dice.extend([4, 4, 4, 3, 3, 3])
    first = await say(
        standin, "alice", "attack", attacker="Ana", target="Orc", **{"wait-order": True}
    )
    contest = "equal reach 1: skill contest 13 rolled 12 vs 13 rolled 9 → Orc strikes first (R5.11)"
    assert fields(first.embed)["Wait"] == contest
    again = await say(
        standin, "alice", "attack", attacker="Ana", target="Orc", **{"wait-order": True}
    )
    assert fields(again.embed)["Wait"] == (
        f"{contest}\n{messages.text('attack.wait_earlier', 'en')}"
    )
    assert dice.remaining == 0
    await gm(standin, "encounter undo")  # the decision, still in the orc's turn
    dice.extend([3, 3, 3, 5, 5, 5, 6, 6, 6])  # 9 vs 15: Ana first now, and her blow misses
    anew = await say(
        standin, "alice", "attack", attacker="Ana", target="Orc", **{"wait-order": True}
    )
    assert fields(anew.embed)["Wait"] == (
        "equal reach 1: skill contest 13 rolled 9 vs 13 rolled 15 → Ana strikes first (R5.11)"
    )
    assert dice.remaining == 0


async def test_altered_time_rate_gives_a_second_maneuver_of_any_kind_r5_28(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    given = await gm(standin, "combatant trait add", name="Ana", trait="altered_time_rate")
    assert fields(given.embed)["Altered Time Rate"] == "1"
    await gm(standin, "encounter next")  # Ana
    moved = await say(standin, "alice", "maneuver", combatant="Ana", maneuver="move")
    assert fields(moved.embed)["Notes"] == (
        "maneuver 1 of 2 this turn; each may be any maneuver, and one spent on attacking adds"
        " one attack (R5.28)"
    )
    second = await say(
        standin, "alice", "maneuver", combatant="Ana", maneuver="evaluate", target="Orc"
    )
    assert not second.ephemeral
    assert "maneuver 2 of 2 this turn" in fields(second.embed)["Notes"]
    third = await say(standin, "alice", "maneuver", combatant="Ana", maneuver="do_nothing")
    assert third.ephemeral
    assert third.embed["description"].startswith(
        messages.text("maneuver.no_maneuvers_left", "en", combatant="Ana", allowed=2, rules="R5.28")
    )
    assert dice.remaining == 0


async def test_altered_time_rate_on_a_saved_character_r5_28(
    standin: StandIn, bot: GurpsBot
) -> None:
    await say(standin, "alice", "character create", name="Swift", st=10, dx=12, iq=10, ht=10)
    added = await say(
        standin,
        "alice",
        "character trait add",
        character="Swift",
        trait="altered_time_rate",
        level=2,
    )
    assert not added.ephemeral
    assert fields(added.embed)["Altered Time Rate"] == "2"


async def test_a_super_fast_fighters_third_attack_is_refused_citing_r5_29(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Basic Speed 12: two maneuvers a turn (R5.29), both spent on attacking: two attacks."""
    await gm(standin, "encounter start", name="Blur")
    await gm(
        standin, "combatant add", name="Flash", st=10, dx=14, iq=10, ht=10, **{"basic-speed": 12}
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(standin, "encounter next")
    for number in (1, 2):
        dice.extend([6, 6, 6])
        blow = await gm(standin, "attack", attacker="Flash", target="Orc", skill=14, damage="1d cr")
        assert fields(blow.embed)["Multiple attacks"].startswith(f"attack {number} of 2")
        assert fields(blow.embed)["Multiple attacks"].endswith("(R5.29, R5.23)")
    third = await say(
        standin, "gm", "attack", attacker="Flash", target="Orc", skill=14, damage="1d cr"
    )
    assert third.ephemeral
    assert "R5.29" in third.embed["description"]
    assert "R5.28" not in third.embed["description"]


async def test_concentrate_on_will_minus_three_as_a_server_option_r5_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """IQ 13, Will 14, concentrating: the Dodge succeeds, then the roll to keep concentrating.
    With concentrate_will on it is Will 14 - 3 = 11, and an 11 keeps it (IQ-3 = 10 would not)."""
    switched = await say(standin, "gm", "settings rule", option="concentrate_will", enabled=True)
    assert switched.ephemeral
    await gm(standin, "encounter start", name="Tower")
    await gm(
        standin, "combatant add", name="Mage", st=10, dx=10, iq=13, ht=10, will=14, owner="alice"
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(standin, "encounter next")  # the orc: Basic Speed 5.5 to the mage's 5
    await gm(standin, "encounter next")  # the mage
    await say(standin, "alice", "maneuver", combatant="Mage", maneuver="concentrate")
    await gm(standin, "encounter next")  # the orc, round 2
    dice.extend([3, 4, 4])
    blow = await gm(standin, "attack", attacker="Orc", target="Mage", skill=12, damage="1d cr")
    dice.extend([2, 2, 2, 5, 5, 1])  # Dodge 8 rolls 6; Will-3 = 11 rolls 11
    await standin.click(blow.message, "Dodge 8", user="alice")
    defense = standin.message(blow.message.id).embeds[1]
    assert fields(defense)["Concentration"] == (
        "Will-3 = 11, rolled 11 (5, 5, 1): concentration kept (R5.10)"
    )
    assert dice.remaining == 0
