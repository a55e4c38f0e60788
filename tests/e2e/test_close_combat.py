"""Close combat through the real client: a grapple, a takedown, a pin and the victim breaking
free (R11.2, R11.8, R11.9, R11.11), a choke (R11.10), a slam that knocks the loser down
(R11.13), attacks and defenses between fighters in close combat (R11.6, R11.12), the holds in
the tracker and undone with the fight."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Posture
from rules.grapple import HoldKind
from rules.roller import ScriptedDice

CHANNEL = "combat"
CC = "close-combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in message.interactive_components()]


async def say(standin: StandIn, user: str, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user=user, channel=CHANNEL)


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await say(standin, "gm", command, **options)
    assert not result.ephemeral, result.embeds
    return result


async def brawl(standin: StandIn) -> None:
    """Bruno (alice's: ST 13, DX 12, HT 12, a knife) against the GM's orc (ST 12, DX 11)."""
    await gm(standin, "encounter start", name="Tavern")
    await gm(standin, "combatant add", name="Bruno", st=13, dx=12, iq=10, ht=12, owner="alice")
    await gm(
        standin,
        "combatant weapon add",
        name="Bruno",
        weapon="Knife",
        skill=13,
        damage="thr imp",
        reach="C",
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)


async def holds(bot: GurpsBot, standin: StandIn) -> list[tuple[str, str, HoldKind]]:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    fight = record.encounter
    return [(fight.get(h.holder_id).name, fight.get(h.held_id).name, h.kind) for h in fight.holds]


async def test_grapple_takedown_pin_and_break_free_r11_2_r11_8_r11_9_r11_11(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await brawl(standin)
    # R11.2: DX 12 + 3 = 15 rolls 10 (3, 3, 4) against DX 11 rolls 12 (4, 4, 4).
    dice.extend([3, 3, 4, 4, 4, 4])
    grabbed = await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    shown = fields(grabbed.embed)
    assert grabbed.embed["title"] == "🤼 Bruno grapples Orc"
    assert shown["Contest"].splitlines() == [
        "Bruno: DX 12 · +3 grapple (R11.2) = **15**, rolled 10 (3, 3, 4): Success (+5)",
        "Orc: DX 11 = **11**, rolled 12 (4, 4, 4): Failure (-1)",
        "**Bruno** wins by 6.",
    ]
    assert await holds(bot, standin) == [
        ("Bruno", "Orc", HoldKind.close),
        ("Bruno", "Orc", HoldKind.grapple),
    ]
    tracker = await gm(standin, "encounter status")
    lines = {f["name"]: f["value"] for e in tracker.embeds for f in e.get("fields", [])}
    orc_line = next(v for k, v in lines.items() if "Orc" in k)
    assert "grappled" in orc_line
    assert "grappled by Bruno" in orc_line

    # R11.8: ST 13 rolls 9 against ST 12 rolls 13: the orc is on the ground.
    dice.extend([3, 3, 3, 4, 4, 5])
    down = await say(standin, "alice", f"{CC} takedown", attacker="Bruno", target="Orc")
    assert fields(down.embed)["Outcome"].startswith("Orc falls, into the hex Bruno chooses")

    # R11.9: ST 13 (no weights on the sheets) rolls 9 against 12 rolls 13: pinned, two hands.
    dice.extend([3, 3, 3, 4, 4, 5])
    pinned = await say(standin, "alice", f"{CC} pin", attacker="Bruno", target="Orc")
    assert pinned.embed["title"] == "🤼 Bruno pins Orc"
    assert await holds(bot, standin) == [
        ("Bruno", "Orc", HoldKind.close),
        ("Bruno", "Orc", HoldKind.pin),
    ]

    # R11.11: the orc's ST 12 against Bruno's 13 + 10 for the two-handed pin: 23.
    dice.extend([1, 1, 2, 6, 6, 6])
    free = await gm(standin, f"{CC} break-free", combatant="Orc")
    assert fields(free.embed)["Contest"].splitlines()[1] == (
        "Bruno: ST 13 · +10 pinning (R11.11) = **23**, rolled 18 (6, 6, 6): Critical failure! (+5)"
    )
    assert fields(free.embed)["Outcome"].startswith("Orc is free of Bruno")
    assert await holds(bot, standin) == [("Bruno", "Orc", HoldKind.close)]
    assert dice.remaining == 0

    # Undo brings the pin back.
    await gm(standin, "encounter undo")
    assert await holds(bot, standin) == [
        ("Bruno", "Orc", HoldKind.close),
        ("Bruno", "Orc", HoldKind.pin),
    ]


async def test_close_combat_attacks_and_defenses_r11_6_r11_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Bruno steps in: his knife is at -2 (R11.6), and the orc, with no unarmed skill, may
    only Dodge (R11.12); held by Bruno, he cannot Retreat either."""
    await brawl(standin)
    await say(standin, "alice", f"{CC} enter", attacker="Bruno", target="Orc")
    dice.extend([3, 3, 4])
    stab = await say(standin, "alice", "attack", attacker="Bruno", target="Orc", weapon="Knife")
    assert fields(stab.embeds[0])["Effective skill"] == (
        "Skill 13\n-2 weapon in close combat (R11.6)\n= **11**"
    )
    assert labels(stab.message) == ["Dodge 8", "Retreat (+3)", "No defense"]
    await gm(standin, "encounter undo")
    dice.extend([3, 3, 4, 4, 4, 4])
    await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    dice.extend([3, 3, 4])
    again = await say(standin, "alice", "attack", attacker="Bruno", target="Orc", weapon="Knife")
    assert labels(again.message) == ["Dodge 8", "No defense"]


async def test_a_choke_hurts_and_the_tracker_says_not_breathing_r11_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Bruno puts his knife away: both hands on the throat (R11.10). ST 13 rolls 7 (+6) against
    HT 11 rolling 12 (-1): 7 crushing at the neck, no neck multiplier; more than a third of
    his HP, so HT 11 - 3 rolls 6 and keeps the windpipe (R7.29); the knockdown roll HT 11
    rolls 10."""
    await brawl(standin)
    await gm(standin, "combatant weapon remove", name="Bruno", weapon="Knife")
    dice.extend([3, 3, 4, 4, 4, 4])
    await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    dice.extend([2, 2, 3, 4, 4, 4, 2, 2, 2, 3, 3, 4])
    choked = await say(standin, "alice", f"{CC} choke", attacker="Bruno", target="Orc")
    damage = fields(choked.embeds[1])
    assert damage["Injury"] == "**7**"
    assert damage["HP"] == "12 → **5** / 12"
    tracker = await gm(standin, "encounter status")
    text = " ".join(f["value"] for e in tracker.embeds for f in e.get("fields", []))
    assert "choking Orc" in text
    assert "not breathing" in text


async def test_a_slam_knocks_the_loser_down_r11_13(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Bruno runs 4 hexes into the orc: DX 12 rolls 10 against 11 rolling 12; ST 13 + 2 = 15
    rolls 9 against 12 rolling 13 (margin 7): the orc falls. ST 15 rolls 10 and the new
    contest 10 against 12 is won: thrown back 3 hexes; by more than 5, Bruno tramples him."""
    await brawl(standin)
    dice.extend([3, 3, 4, 4, 4, 4, 3, 3, 3, 4, 4, 5, 3, 3, 4, 3, 3, 4, 4, 4, 4])
    slammed = await say(standin, "alice", f"{CC} slam", attacker="Bruno", target="Orc", moved=4)
    shown = fields(slammed.embed)
    assert shown["ST contest"].splitlines()[0] == (
        "Bruno: ST 13 · +2 moved more than 1 hex (R11.14) = **15**, rolled 9 (3, 3, 3):"
        " Success (+6)"
    )
    assert shown["Result"].splitlines() == [
        "Bruno rolls ST 15 not to fall as well: 10 (3, 3, 4), Success",
        "New ST contest, 15 rolled 10 against 12 rolled 12: the winner throws him back (R11.13)",
        "On the ground: Orc.",
        "Orc is thrown back 3 hexes.",
        "Should he hit a wall or the ground at that speed: 1d collision damage (R11.17).",
    ]
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Orc").combatant.state.posture is Posture.PRONE
    assert dice.remaining == 0


async def test_a_stranger_cannot_grapple_with_someone_elses_fighter(
    standin: StandIn, bot: GurpsBot
) -> None:
    await brawl(standin)
    refused = await say(standin, "bob", f"{CC} grapple", attacker="Bruno", target="Orc")
    assert refused.ephemeral
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.holds == ()
    pt = await standin.slash(
        CC + " takedown",
        {"atacante": "Bruno", "alvo": "Orc"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert pt.ephemeral
    assert pt.embed["description"] == "Para isso é preciso segurar Orc primeiro (R11.8)."


async def test_a_warhorse_tramples_and_a_bull_gores_r11_19_r11_20(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A 500 kg warhorse (SM +2) on the fallen orc: DX 10 rolls 9, the orc's Dodge 8 rolls
    18; 1d+1 rolls 4 + 1 = 5 crushing. Bruno is too small to trample the orc. A 600 kg bull
    charging 10 hexes from the rear: the slam hits (ST 20 + 2 + 2 = 24 rolls 10 against 12
    rolling 18), then the horns 1d+3 roll 4 + 3 = 7, ×2 = 14; its HT 12 rolls 10. Bruno's
    major wound: HT 12 rolls 9, he stays up."""
    await brawl(standin)
    await gm(
        standin,
        "combatant add",
        name="Warhorse",
        st=20,
        dx=10,
        iq=4,
        ht=12,
        **{"size-modifier": 2},
    )
    dice.extend([3, 3, 3, 6, 6, 6, 4])
    trampled = await gm(
        standin,
        f"{CC} trample",
        attacker="Warhorse",
        target="Orc",
        weight=500,
        **{"target-weight": 80},
    )
    shown = fields(trampled.embeds[0])
    assert shown["To hit"].splitlines() == [
        "DX 10, rolled 9 (3, 3, 3): Success",
        "Orc tries to Dodge: 8, rolled 18 (6, 6, 6): Critical failure!",
    ]
    assert shown["Damage"].splitlines() == ["1d+1 for 500 kg, rolled 5: **5** crushing (R11.19)"]
    assert fields(trampled.embeds[1])["Injury"] == "**5**"
    too_small = await say(
        standin,
        "alice",
        f"{CC} trample",
        attacker="Bruno",
        target="Orc",
        weight=90,
        **{"target-weight": 80},
    )
    assert too_small.ephemeral
    await gm(standin, "combatant add", name="Bull", st=20, dx=10, iq=4, ht=12)
    dice.extend([3, 3, 4, 6, 6, 6, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 3, 3, 4, 3, 3, 3])
    gored = await gm(
        standin,
        f"{CC} horn",
        attacker="Bull",
        target="Bruno",
        moved=10,
        weight=600,
        **{"from": "rear", "horn-mod": 2},
    )
    lines = fields(gored.embeds[0])["Damage"].splitlines()
    assert lines == [
        "Horns 1d+3, rolled 7 ×2: **14** crushing (R11.20)",
        "Bull rolls HT 12: 10 (3, 3, 4), Success",
    ]
    assert fields(gored.embeds[1])["Injury"] == "**14**"
    assert dice.remaining == 0


async def test_a_shield_bash_drops_the_shields_db_r11_27(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The shieldman's shield (DB 1) makes his Dodge 10; once he bashes the orc with it
    (thrust crushing), the orc's blow finds Dodge 9 until his next turn (R11.27)."""
    await brawl(standin)
    await gm(standin, "combatant weapon add", name="Orc", weapon="Axe", skill=12, damage="sw cut")
    await gm(standin, "combatant add", name="Shieldman", st=12, dx=12, iq=10, ht=12)
    await gm(standin, "combatant shield set", name="Shieldman", skill=14, db=1)
    dice.extend([3, 3, 4])
    before = await gm(standin, "attack", attacker="Orc", target="Shieldman", weapon="Axe")
    assert labels(before.message)[0] == "Dodge 10"
    await gm(standin, "encounter undo")
    dice.extend([3, 3, 4])
    bash = await gm(standin, "attack", attacker="Shieldman", target="Orc", weapon="shield")
    assert fields(bash.embeds[0])["Weapon"] == "shield (thr cr)"
    dice.extend([3, 3, 4])
    after = await gm(standin, "attack", attacker="Orc", target="Shieldman", weapon="Axe")
    assert labels(after.message)[0] == "Dodge 9"


def hazard_lines(result: Any) -> list[str]:
    return [
        line
        for e in result.embeds
        if e.get("title") == "⏱️ A second passes"
        for line in (e.get("description") or "").splitlines()
    ]


async def orc_state(bot: GurpsBot, standin: StandIn) -> Any:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find("Orc").combatant.state


async def test_a_choke_stops_his_breath_with_the_rounds_until_let_go_r11_10_r9_1_r9_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Round 1 Bruno (Basic Speed 6, his knife put away: both hands on the throat, R11.10)
    grapples; round 2 he chokes (7 at the neck: HT 11 - 3 rolls 6 and keeps the windpipe,
    R7.29): the orc (HT 11) holds his breath 11 s, a second at each of his places; let go,
    he breathes and nothing more is counted. Undo brings the choke back."""
    await brawl(standin)
    await gm(standin, "combatant weapon remove", name="Bruno", weapon="Knife")
    await gm(standin, "encounter next")  # round 1: Bruno
    dice.extend([3, 3, 4, 4, 4, 4])
    await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    orc_turn = await gm(standin, "encounter next")  # the orc's place: he still breathes
    assert hazard_lines(orc_turn) == []
    await gm(standin, "encounter next")  # round 2: Bruno
    dice.extend([2, 2, 3, 4, 4, 4, 2, 2, 2, 3, 3, 4])
    await say(standin, "alice", f"{CC} choke", attacker="Bruno", target="Orc")
    assert (await orc_state(bot, standin)).breath_left == 11
    passed = await gm(standin, "encounter next")  # round 2: the orc's second
    assert hazard_lines(passed) == ["Orc holds his breath: 10 s left (R9.1)"]
    tracker = await gm(standin, "encounter status")
    text = " ".join(f["value"] for e in tracker.embeds for f in e.get("fields", []))
    assert "holding his breath: 10 s left" in text
    await say(standin, "alice", f"{CC} release", holder="Bruno", held="Orc")
    state = await orc_state(bot, standin)
    assert (state.breath_left, state.airless_seconds) == (None, 0)
    for _ in range(2):
        later = await gm(standin, "encounter next")
        assert hazard_lines(later) == []
    assert dice.remaining == 0
    for _ in range(3):
        await gm(standin, "encounter undo")
    assert (await orc_state(bot, standin)).breath_left == 10


async def test_drawing_a_weapon_already_in_hand_is_refused_privately_r11_22(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R11.22 (the Ready maneuver): in his turn Bruno's knife is already in his hand and
    ready, so there is nothing to draw: refused privately in the player's language before any
    roll, his Ready not spent. A draw of a weapon not in hand goes on: DX 12 rolls 10."""
    await brawl(standin)
    await gm(standin, "encounter next")  # Bruno (Basic Speed 6) acts first
    refused = await say(standin, "alice", f"{CC} draw", combatant="Bruno", weapon="Knife")
    assert refused.ephemeral
    assert refused.embed["description"] == (
        "Bruno's Knife is already in hand and ready: there is nothing to draw, and no Ready is "
        "spent (R11.22)."
    )
    pt = await standin.slash(
        CC + " draw",
        {"combatente": "Bruno", "arma": "Knife"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert pt.ephemeral
    assert pt.embed["description"] == (
        "A arma Knife de Bruno já está em mãos e pronta: não há o que sacar, e nenhuma manobra "
        "Preparar é gasta (R11.22)."
    )
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Bruno").turn.maneuver is None
    assert dice.remaining == 0
    dice.extend([3, 3, 4])
    drawn = await say(standin, "alice", f"{CC} draw", combatant="Bruno")
    assert not drawn.ephemeral
    assert fields(drawn.embed)["Roll"] == "DX 12 = **12**, rolled 10 (3, 3, 4): Success"
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Bruno").turn.maneuver == "ready"
