"""How many attacks a turn allows, through ``/attack`` (R5.7, R5.8, R5.14, R5.20).

Once the turn sequence runs, a second ``/attack`` in Ana's turn is refused in
the player's language and changes nothing; the GM can let one more through with
``extra-attack``, and her next turn counts afresh.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import InteractionResult, StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, start_duel


async def ana_attacks(
    standin: StandIn, user: str = "alice", **options: object
) -> InteractionResult:
    return await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc", **options}, user=user, channel=CHANNEL
    )


async def test_a_second_attack_in_the_turn_is_refused(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    repository = EncounterRepository(bot.database)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    dice.extend([5, 5, 5])  # sword 13: 15 misses
    first = await ana_attacks(standin)
    assert not first.ephemeral
    before = await repository.require_active(standin.channel(CHANNEL).id)
    events = await repository.events(before.id, limit=100)

    again = await ana_attacks(standin)
    assert again.ephemeral
    assert again.embed["description"] == messages.text(
        "attack.no_attacks_left", "en", combatant="Ana", allowed=1, rules="R4.4"
    )
    em_portugues = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert em_portugues.embed["description"] == messages.text(
        "attack.no_attacks_left", "pt-BR", combatant="Ana", allowed=1, rules="R4.4"
    )
    assert await repository.require_active(standin.channel(CHANNEL).id) == before
    assert await repository.events(before.id, limit=100) == events

    # Only the GM may go past the allowance.
    players_try = await ana_attacks(standin, **{"extra-attack": True})
    assert players_try.embed["description"] == messages.text("attack.extra_gm_only", "en")
    dice.extend([5, 5, 5])
    allowed = await ana_attacks(standin, user="gm", **{"extra-attack": True})
    assert not allowed.ephemeral
    assert fields(allowed.embeds[0])["Multiple attacks"] == (
        "attack 2, past the 1 this turn allows · initiative step 5.25"
    )
    assert dice.remaining == 0


async def test_her_next_turn_counts_afresh(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 1: Ana
    dice.extend([5, 5, 5])
    await ana_attacks(standin)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 2: Ana
    dice.extend([5, 5, 5])
    second_turn = await ana_attacks(standin)
    assert not second_turn.ephemeral
    assert "Multiple attacks" not in fields(second_turn.embeds[0])
    assert dice.remaining == 0
