"""Keeping an attack's message in step with its pending attack after an undo or the end of
a fight.

The defense buttons live on the attack's message. When ``/encounter undo`` puts a
defense back, the attack waits again and its message gets fresh buttons (numbers
from the target's restored state); when the undo cancels the attack, or the
fight ends while it waits, the buttons come off with a line saying why. Edits are
best effort: a message that is gone, or in a channel the bot cannot view, only
loses its note (logged as a warning); the stored state is already right and a
late click is answered from it. A change to the target of a blow that still waits
(a knockdown, a stun, his maneuver) refreshes its message by itself
(:class:`bot.attack_messages.LiveDefenses`).

A defense chosen with the buttons was added to the attack's message (its roll and the
damage after it); when an undo makes that attack wait again, those embeds go with it,
and the message reads as it did before the defense. The edit's answer carries the
message's embeds, so no message history is read.
"""

from __future__ import annotations

from bot.attack_messages import edit_attack_message, options_against, show_defenses
from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.storage.pending_attack import (
    CancelReason,
    PendingAttack,
    PendingAttackRepository,
    PendingStatus,
)
from rules.encounter import Encounter
from rules.options import RuleOptions

__all__ = ["edit_attack_message", "ensure_awaiting", "refresh_attack_messages"]


def ensure_awaiting(row: PendingAttack | None) -> PendingAttack:
    """The row if it still waits for a defense; otherwise a refusal saying why."""
    if row is None:
        raise UserFacingError("defend.error.gone")
    if row.status is PendingStatus.CANCELLED:
        if row.cancel_reason is CancelReason.ENDED:
            raise UserFacingError("defend.error.ended")
        raise UserFacingError("defend.error.undone")
    if not row.awaiting:
        raise UserFacingError("defend.error.gone")
    return row


async def refresh_attack_messages(
    bot: GurpsBot,
    attack_ids: tuple[int, ...] | list[int],
    encounter: Encounter | None,
    options: RuleOptions,
    locale: str,
) -> None:
    """Edit each attack's message to match its stored state after an undo or the fight's end.

    A waiting attack (its defense undone) gets buttons and Defenses numbers from the target
    in ``encounter``, a note that the defense was undone, and loses that defense's embeds;
    a cancelled one loses its buttons with a note saying why."""
    repository = PendingAttackRepository(bot.database)
    messages = bot.messages
    for attack_id in attack_ids:
        row = await repository.get(attack_id)
        if row is None or row.message_id is None:
            continue
        target = row.payload.target_name
        if row.awaiting and encounter is not None:
            found = options_against(encounter, row, options)
            if found is None:
                continue
            content = messages.text("defend.notice.reopened", locale, target=target)
            await show_defenses(bot, row, found, locale, content=content, drop_defense=True)
            continue
        if row.cancel_reason is CancelReason.ENDED:
            content = messages.text("defend.notice.ended", locale, target=target)
        elif row.status is PendingStatus.CANCELLED:
            content = messages.text("defend.notice.undone", locale, target=target)
        else:
            continue
        await edit_attack_message(bot, row, content=content, view=None)
