"""Keeping an attack's message in step with its pending attack after a change, an undo or the
end of a fight.

The defense buttons live on the attack's message. When ``/encounter undo`` puts a
defense back, the attack waits again and its message gets fresh buttons (numbers
from the target's restored state); when the undo cancels the attack, or the
fight ends while it waits, the buttons come off with a line saying why. A change to
the target while the blow waits (his maneuver: an All-Out Defense, a posture) gives
the message fresh buttons and Defenses numbers too (R4.4: the maneuver governs his
defenses at once). Edits are
best effort: a message that is gone, or in a channel the bot cannot view, only
loses its note (logged as a warning); the stored state is already right and a
late click is answered from it.

A defense chosen with the buttons was added to the attack's message (its roll and the
damage after it); when an undo makes that attack wait again, those embeds go with it,
and the message reads as it did before the defense. The edit's answer carries the
message's embeds, so no message history is read.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.attack import defense_view, with_fresh_defenses
from bot.render.reference import cite_rules
from bot.storage.pending_attack import (
    CancelReason,
    PendingAttack,
    PendingAttackRepository,
    PendingStatus,
)
from rules.defense import DefenseOptions
from rules.defense_resolution import defense_options
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.options import RuleOptions

log = logging.getLogger(__name__)

__all__ = [
    "edit_attack_message",
    "ensure_awaiting",
    "refresh_attack_messages",
    "refresh_defenses_against",
]


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
    *,
    reopened: bool = True,
) -> None:
    """Edit each attack's message to match its stored state (buttons back, or off with a note).

    A waiting attack gets buttons and Defenses numbers from the target in ``encounter``.
    ``reopened`` (an undo): the message also says the defense was undone and loses the
    defense the undo took back; without it (a change to the target while the blow waits)
    only the numbers change."""
    repository = PendingAttackRepository(bot.database)
    messages = bot.messages
    for attack_id in attack_ids:
        row = await repository.get(attack_id)
        if row is None or row.message_id is None:
            continue
        target = row.payload.target_name
        view: discord.ui.View | None = None
        if row.awaiting and encounter is not None:
            try:
                fighter = encounter.get(row.target_id)
            except RuleError:
                continue
            found = defense_options(fighter.combatant, fighter.turn, row.payload, options)
            view = defense_view(attack_id, row.payload, found, messages, locale)
            content = (
                messages.text("defend.notice.reopened", locale, target=target) if reopened else None
            )
            edited = await edit_attack_message(bot, row, content=content, view=view)
            if edited is not None:
                await _fresh_embeds(
                    bot, row, edited, found, messages, locale, drop_defense=reopened
                )
            continue
        if row.cancel_reason is CancelReason.ENDED:
            content = messages.text("defend.notice.ended", locale, target=target)
        elif row.status is PendingStatus.CANCELLED:
            content = messages.text("defend.notice.undone", locale, target=target)
        else:
            continue
        await edit_attack_message(bot, row, content=content, view=view)


async def refresh_defenses_against(  # noqa: PLR0917 - the change's channel, fighters, fight
    bot: GurpsBot,
    channel_id: int,
    target_ids: Iterable[str],
    encounter: Encounter,
    options: RuleOptions,
    locale: str,
    *,
    besides: Iterable[int] = (),
) -> None:
    """After a change to ``target_ids`` (a maneuver, an undo), the blows in the channel still
    waiting for their defense get buttons and Defenses numbers from ``encounter`` (R4.4:
    his maneuver governs his defenses at once); ``besides`` are attacks already refreshed."""
    targets, done = set(target_ids), set(besides)
    waiting = await PendingAttackRepository(bot.database).open_in(channel_id)
    await refresh_attack_messages(
        bot,
        [r.attack_id for r in waiting if r.target_id in targets and r.attack_id not in done],
        encounter,
        options,
        locale,
        reopened=False,
    )


def _before_defense(
    embeds: list[discord.Embed], row: PendingAttack, messages: Messages
) -> list[discord.Embed] | None:
    """The embeds before the last defense added to the message (its roll, then the damage
    after it); ``None`` when the message shows no defense of this attack."""
    titles = {
        messages.text(
            "defend.title",
            code,
            target=row.payload.target_name,
            attacker=row.payload.attacker_name,
        )
        for code in SUPPORTED_LOCALES
    }
    found = [index for index, embed in enumerate(embeds) if embed.title in titles]
    return embeds[: found[-1]] if found else None


async def _fresh_embeds(  # noqa: PLR0917 - what the edit needs, each once
    bot: GurpsBot,
    row: PendingAttack,
    edited: discord.Message,
    found: DefenseOptions,
    messages: Messages,
    locale: str,
    *,
    drop_defense: bool,
) -> None:
    """The attack's message with the Defenses numbers ``found`` and, with ``drop_defense``,
    without the undone defense and its damage; its ``/rules`` footer back on what is left.
    Edited only when something changed."""
    shown = list(edited.embeds)
    kept = _before_defense(shown, row, messages) if drop_defense else None
    if kept:
        shown = kept
    renumbered = with_fresh_defenses(shown, found, messages, locale)
    if not (kept or renumbered) or row.message_id is None:
        return
    cite_rules(shown, messages, locale)
    message = bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    try:
        await message.edit(embeds=shown)
    except discord.HTTPException as error:
        log.warning("could not refresh the message of attack %s: %s", row.attack_id, error)


async def edit_attack_message(
    bot: GurpsBot, row: PendingAttack, *, content: str | None = None, view: discord.ui.View | None
) -> discord.Message | None:
    """Edit an attack's message with the bot's own token (the attack's interaction is long
    gone); a refusal is logged and changes nothing else.

    ``view=None`` takes the buttons off. This is the only place the bot needs a channel
    permission: View Channel (``BOT_PERMISSIONS``).
    """
    if row.message_id is None:
        return None
    message = bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    try:
        if content is None:
            return await message.edit(view=view)
        return await message.edit(content=content, view=view)
    except discord.HTTPException as error:
        log.warning(
            "could not update the message of attack %s in channel %s: %s",
            row.attack_id,
            row.channel_id,
            error,
        )
        return None
