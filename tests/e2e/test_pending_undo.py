"""Undo and the end of a fight keep the defense buttons honest (issues 4 and 5).

Undoing a defense puts HP back and makes the attack wait again: its message gets
the buttons back and a second choice resolves. Undoing the attack cancels it,
and ending the fight cancels every attack still waiting; a late click is told why.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import InteractionResult, StandIn
from bot.standin.state import Message
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import CancelReason, PendingAttackRepository, PendingStatus
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, labels, orc_attacks, start_duel

BUTTONS = ["Dodge 9", "Parry 9 (sword)", "Retreat (+3)", "No defense"]


async def ana_hp_after_end(bot: GurpsBot, standin: StandIn) -> int:
    (last, *_) = await EncounterRepository(bot.database).history(standin.channel(CHANNEL).id)
    assert last.status == "ended"
    return last.encounter.find("Ana").combatant.state.hp


async def stale_click(
    standin: StandIn,
    message: Message,
    shown: list[dict[str, Any]],
    label: str,
    *,
    user: str,
    locale: str | None = None,
) -> InteractionResult:
    """A click from a client that still shows the buttons the bot has since taken off."""
    current = message.components
    message.components = shown
    try:
        return await standin.click(message, label, user=user, locale=locale)
    finally:
        message.components = current


async def test_undo_of_a_failed_parry_restores_hp_and_the_buttons(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    pending = PendingAttackRepository(bot.database)
    dice.extend([3, 4, 4])  # 11 vs 13: hit
    attack = await orc_attacks(standin)
    (row,) = await pending.open_in(standin.channel(CHANNEL).id)

    # Parry 9 fails on 14; 2d+1 = 4 + 3 + 1 = 8 cut, DR 1 → 7 × 1.5 = 10; HT 12 rolls 9.
    dice.extend([5, 5, 4, 4, 3, 3, 3, 3])
    await standin.click(attack.message, "Parry 9 (sword)", user="alice")
    assert await ana_hp(bot, standin) == 1
    assert labels(standin.message(attack.message.id)) == []
    assert await pending.open_in(standin.channel(CHANNEL).id) == []

    undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    assert undone.embeds[0]["title"] == messages.text(
        "encounter.undo.title", "en", what=messages.text("encounter.kind.defend", "en")
    )
    assert await ana_hp(bot, standin) == 11
    waiting = await pending.get(row.attack_id)
    assert waiting is not None
    assert (waiting.status, waiting.resolved_at) == (PendingStatus.AWAITING, None)
    assert waiting.payload == row.payload
    reopened = standin.message(attack.message.id)
    assert reopened.content == messages.text("defend.notice.reopened", "en", target="Ana")
    assert labels(reopened) == BUTTONS  # her Parry is unspent again: still 9

    # The buttons work again: a Dodge (8 vs 9) this time, and nothing is hurt.
    dice.extend([2, 3, 3])
    again = await standin.click(reopened, "Dodge 9", user="alice")
    assert not again.ephemeral
    defense = standin.message(attack.message.id).embeds[-1]
    assert fields(defense)["Defense roll"] == "Rolled **8** (2, 3, 3): defended (by 1)"
    assert await ana_hp(bot, standin) == 11
    closed = await pending.get(row.attack_id)
    assert closed is not None
    assert closed.status is PendingStatus.RESOLVED
    assert dice.remaining == 0


async def test_undo_of_a_typed_defense_reopens_the_attack(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """``/defend`` takes the buttons off the attack; undoing it puts them back."""
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    dice.extend([6, 6, 5, 1, 1])  # Dodge 9 fails on 17; 2d+1 = 3 cut, DR 1 → 2 × 1.5 = 3
    await standin.slash(
        "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
    )
    assert await ana_hp(bot, standin) == 8
    assert labels(standin.message(attack.message.id)) == []
    await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    assert await ana_hp(bot, standin) == 11
    assert labels(standin.message(attack.message.id)) == BUTTONS
    dice.extend([4, 4, 4])  # the typed command finds the attack waiting again: 12 vs Parry 9
    dice.extend([1, 1])  # fails; 2d+1 = 3 cut, DR 1 → 2 × 1.5 = 3
    typed = await standin.slash(
        "defend", {"target": "Ana", "defense": "parry-0"}, user="alice", channel=CHANNEL
    )
    assert not typed.ephemeral
    assert await ana_hp(bot, standin) == 8
    assert dice.remaining == 0


async def test_undo_of_the_attack_cancels_its_pending_defense(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    pending = PendingAttackRepository(bot.database)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    shown = list(attack.message.components)
    (row,) = await pending.open_in(standin.channel(CHANNEL).id)

    await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    cancelled = await pending.get(row.attack_id)
    assert cancelled is not None
    assert (cancelled.status, cancelled.cancel_reason) == (
        PendingStatus.CANCELLED,
        CancelReason.UNDONE,
    )
    message = standin.message(attack.message.id)
    assert message.content == messages.text("defend.notice.undone", "en")
    assert labels(message) == []

    late = await stale_click(standin, message, shown, "Dodge 9", user="alice")
    assert late.ephemeral
    assert late.embed["description"] == messages.text("defend.error.undone", "en")
    assert await ana_hp(bot, standin) == 11
    nothing = await standin.slash(
        "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
    )
    assert nothing.embed["description"] == messages.text(
        "defend.error.no_pending", "en", target="Ana"
    )
    assert dice.remaining == 0


async def test_ending_the_fight_cancels_open_attacks(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    pending = PendingAttackRepository(bot.database)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    shown = list(attack.message.components)

    ended = await standin.slash("encounter end", user="gm", channel=CHANNEL)
    assert not ended.ephemeral
    assert await pending.open_in(standin.channel(CHANNEL).id) == []
    message = standin.message(attack.message.id)
    assert message.content == messages.text("defend.notice.ended", "en", target="Ana")
    assert labels(message) == []

    late = await stale_click(standin, message, shown, "Parry 9 (sword)", user="alice")
    assert late.ephemeral
    assert late.embed["description"] == messages.text("defend.error.ended", "en")
    late_gm = await stale_click(standin, message, shown, "Dodge 9", user="gm", locale="pt-BR")
    assert late_gm.ephemeral
    assert late_gm.embed["description"] == messages.text("defend.error.ended", "pt-BR")
    assert await ana_hp_after_end(bot, standin) == 11
    assert dice.remaining == 0
