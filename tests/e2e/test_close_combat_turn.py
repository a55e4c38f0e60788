"""Close combat and blows keep the turn through the real client (R4.4, R5.11, R11.2,
R11.22): a grapple is the turn's attack, nobody grapples or strikes in his foe's turn but the
GM's extra-attack lets a blow through; a slam into a wall does collision damage (R11.17)."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.grapple import HoldKind
from rules.roller import ScriptedDice
from tests.e2e.test_close_combat import CC, CHANNEL, brawl, fields, holds, say


async def _refused(
    standin: StandIn, bot: GurpsBot, user: str, command: str, **options: object
) -> str:
    """The private refusal's text; the fight and its log are left as they were."""
    repository = EncounterRepository(bot.database)
    before = await repository.require_active(standin.channel(CHANNEL).id)
    events = await repository.events(before.id, limit=100)
    result = await say(standin, user, command, **options)
    assert result.ephemeral, result.embeds
    assert await repository.require_active(standin.channel(CHANNEL).id) == before
    assert await repository.events(before.id, limit=100) == events
    return str(result.embed["description"])


async def test_a_grapple_is_the_turns_attack_and_waits_for_the_turn_r4_4_r11_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await brawl(standin)
    await say(standin, "gm", "encounter next")  # round 1: Bruno (Basic Speed 6 against 5.5)
    # R4.4: the orc's first turn has not come; nothing is rolled.
    text = await _refused(standin, bot, "gm", f"{CC} grapple", attacker="Orc", target="Bruno")
    assert text == messages.text("close.before_first_turn", "en", combatant="Orc", current="Bruno")
    # R11.2: DX 12 + 3 = 15 rolls 10 against DX 11 rolling 12: held.
    dice.extend([3, 3, 4, 4, 4, 4])
    grabbed = await say(standin, "alice", f"{CC} grapple", attacker="Bruno", target="Orc")
    assert not grabbed.ephemeral
    assert await holds(bot, standin) == [
        ("Bruno", "Orc", HoldKind.close),
        ("Bruno", "Orc", HoldKind.grapple),
    ]
    # The grapple was his turn's one attack: no takedown and no knife after it.
    spent = {"combatant": "Bruno", "allowed": 1, "rules": "R4.4"}
    assert await _refused(
        standin, bot, "alice", f"{CC} takedown", attacker="Bruno", target="Orc"
    ) == messages.text("close.no_attacks_left", "en", **spent)
    assert await _refused(
        standin, bot, "alice", "attack", attacker="Bruno", target="Orc"
    ) == messages.text("attack.no_attacks_left", "en", **spent)
    await say(standin, "gm", "encounter next")  # the orc's turn
    # Breaking free (R11.11) is the orc's attack in his own turn: ST 12 rolls 14 against 13
    # rolling 10, still held. Bruno, in the orc's turn, does nothing close.
    dice.extend([4, 5, 5, 3, 3, 4])
    stuck = await say(standin, "gm", f"{CC} break-free", combatant="Orc")
    assert not stuck.ephemeral
    assert await _refused(
        standin, bot, "alice", f"{CC} takedown", attacker="Bruno", target="Orc"
    ) == messages.text("close.not_his_turn", "en", combatant="Bruno", current="Orc")
    assert dice.remaining == 0


async def test_a_blow_out_of_turn_needs_the_gms_extra_attack_r4_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await brawl(standin)
    await say(standin, "gm", "encounter next")  # round 1: Bruno
    dice.extend([6, 5, 5])  # the knife, 13: 16 misses
    assert not (await say(standin, "alice", "attack", attacker="Bruno", target="Orc")).ephemeral
    await say(standin, "gm", "encounter next")  # the orc's turn
    assert await _refused(
        standin, bot, "alice", "attack", attacker="Bruno", target="Orc"
    ) == messages.text("attack.not_his_turn", "en", combatant="Bruno", current="Orc")
    em_portugues = await standin.slash(
        "attack",
        {"attacker": "Bruno", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert em_portugues.ephemeral
    assert em_portugues.embed["description"] == messages.text(
        "attack.not_his_turn", "pt-BR", combatant="Bruno", current="Orc"
    )
    # Only the GM lets it through, and says so explicitly.
    player = await say(
        standin, "alice", "attack", attacker="Bruno", target="Orc", **{"extra-attack": True}
    )
    assert player.ephemeral
    assert player.embed["description"] == messages.text("attack.extra_gm_only", "en")
    dice.extend([6, 5, 5])
    allowed = await say(
        standin, "gm", "attack", attacker="Bruno", target="Orc", **{"extra-attack": True}
    )
    assert not allowed.ephemeral
    assert dice.remaining == 0


async def test_a_slam_into_a_wall_that_breaks_r11_13_r11_17(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R11.13: Bruno runs 4 hexes into the orc: DX 12 rolls 10 against 11 rolling 12; ST 13 + 2
    = 15 rolls 9 (+6) against 12 rolling 13 (-1); ST 15 rolls 10; the new contest 10 against
    12: the orc flies 3 hexes into a wall that breaks: 3 × 3.6 = 10.8 km/h, 1d (R11.17),
    rolled 5, the wall takes 5, the orc half: 2, and goes on at 1 hex a second."""
    await brawl(standin)
    await say(standin, "gm", "encounter next")  # round 1: Bruno
    dice.extend([3, 3, 4, 4, 4, 4, 2, 2, 5, 4, 4, 5, 3, 3, 4, 3, 3, 4, 4, 4, 4, 5])
    slammed = await say(
        standin,
        "alice",
        f"{CC} slam",
        attacker="Bruno",
        target="Orc",
        moved=4,
        **{"into-wall": True, "object-breaks": True},
    )
    assert not slammed.ephemeral, slammed.embeds
    result = fields(slammed.embeds[0])["Result"].splitlines()
    assert result[-2:] == [
        "Orc flies into it at 3 hex/s (10.8 km/h): 1d collision damage, rolled 5 (5);"
        " the object takes the same 5 (R11.17).",
        "It breaks: his damage and his speed are halved, 2 crushing to him, and he goes on at"
        " 1 hex/s (R11.17).",
    ]
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Orc").combatant.state.hp == 12 - 2
    assert dice.remaining == 0
