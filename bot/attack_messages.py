"""A blow waiting for its defense shows the defenses its target has now.

The defense buttons live on the attack's message, with the numbers in its Defenses
field; a click rolls against the target as he is when it comes. Anything that
changes him while the blow waits (a knockdown that drops his weapon and lays him
prone, R7.8; a stun, R7.10; a grapple, R11; fatigue, R8.1; his maneuver, R4.4; an
undo) would leave those numbers lying. So the repository tells :class:`LiveDefenses`
of every committed change (:meth:`~bot.storage.live.LiveEncounters.watch`) with the
fighters it touched and the attacks still waiting in its channel; when a waiting
blow's target was touched and what its message would show (buttons and Defenses
field, :func:`~bot.render.attack.shown_defenses`) differs from what it shows, the
message is edited. A change that touches nobody under a blow, or that leaves his
numbers as they were, edits nothing; a channel with no blow waiting costs one test.

The edits never slow a command down: the watcher only notes the change and returns,
and a task per channel edits once the command has answered
(:func:`bot.deadline.current_answer`). Edits use the bot's own token (View Channel); a
message that is gone, or a channel the bot cannot view, is logged and changes nothing
else: the stored state is already right, and a late click is answered from it.

The buttons are written in the language of the message (read from its Defenses field
by the first edit's answer: no message history is read), whatever language the
command that changed the target spoke.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Final

import discord

from bot.deadline import DEFER_AFTER, GuardedResponse, current_answer
from bot.followers import ChangeFollower
from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.attack import (
    defense_view,
    defenses_locale,
    shown_defenses,
    with_fresh_defenses,
)
from bot.render.reference import cite_rules
from bot.storage.live import Committed
from bot.storage.records import PendingAttack
from rules.defense import DefenseOptions
from rules.defense_resolution import defense_options
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.options import RuleOptions

if TYPE_CHECKING:
    from bot.client import GurpsBot

log = logging.getLogger(__name__)

__all__ = ["LiveDefenses", "edit_attack_message", "options_against", "show_defenses"]

ANSWER_WAIT: Final = DEFER_AFTER + 1.0
"""How long a refresh waits for the command that caused it to answer."""

Shown = tuple[str, tuple[object, ...]]
"""What an attack's message shows: its language and :func:`shown_defenses` in it."""


def options_against(
    encounter: Encounter, row: PendingAttack, options: RuleOptions
) -> DefenseOptions | None:
    """The defenses ``row``'s target has in ``encounter`` (``None``: he is not in it)."""
    try:
        fighter = encounter.get(row.target_id)
    except RuleError:
        return None
    return defense_options(fighter.combatant, fighter.turn, row.payload, options)


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


async def show_defenses(
    bot: GurpsBot,
    row: PendingAttack,
    found: DefenseOptions,
    locale: str,
    *,
    content: str | None = None,
    drop_defense: bool = False,
) -> str | None:
    """Give a waiting attack's message buttons and Defenses numbers from ``found``.

    The first edit puts the buttons (labelled in ``locale``) and ``content``; its answer
    carries the message's embeds, which say the language it was written in. A second edit,
    only when something changed, rewrites the Defenses field, drops the defense an undo took
    back (``drop_defense``: its roll and the damage after it, the ``/rules`` footer back on
    what is left) and relabels the buttons in the message's language. Returns that language;
    ``None`` when the message could not be edited."""
    messages = bot.messages
    view = defense_view(row.attack_id, row.payload, found, messages, locale)
    edited = await edit_attack_message(bot, row, content=content, view=view)
    if edited is None or row.message_id is None:
        return None
    shown = list(edited.embeds)
    written = defenses_locale(shown, messages, locale) or locale
    kept = _before_defense(shown, row, messages) if drop_defense else None
    if kept:
        shown = kept
    renumbered = with_fresh_defenses(shown, found, messages, written)
    changes: dict[str, object] = {}
    if kept or renumbered:
        cite_rules(shown, messages, written)
        changes["embeds"] = shown
    if written != locale:
        changes["view"] = defense_view(row.attack_id, row.payload, found, messages, written)
    if not changes:
        return written
    message = bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    try:
        await message.edit(**changes)  # type: ignore[arg-type]
    except discord.HTTPException as error:
        log.warning("could not refresh the message of attack %s: %s", row.attack_id, error)
    return written


class LiveDefenses(ChangeFollower):
    """Keeps every waiting blow's message in step with its target's defenses."""

    def __init__(self, bot: GurpsBot) -> None:
        super().__init__(bot)
        self._due: dict[int, list[Committed]] = {}
        self._shown: dict[int, dict[int, Shown]] = {}
        """By channel, what each waiting attack's message was last edited to show."""

    # ----------------------------------------------------------------- changes

    def changed(self, change: Committed) -> None:
        """A change committed: when it touched the target of a blow waiting in its channel,
        look at that blow's message once the command answered (returns at once)."""
        channel_id = change.record.channel_id
        known = self._shown.get(channel_id)
        if known:
            # An attack the change wrote (defended, undone, put back) is shown by its writer.
            waiting = {row.attack_id for row in change.waiting}
            for attack_id in [key for key in known if key not in waiting]:
                del known[attack_id]
        if (
            not change.waiting
            or self.closing
            or not any(row.target_id in change.touched for row in change.waiting)
        ):
            return
        self._due.setdefault(channel_id, []).append(change)
        answer = current_answer()
        self._run(channel_id, lambda: self._work(channel_id, answer))

    async def _work(self, channel_id: int, answer: GuardedResponse | None) -> None:
        if answer is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(answer.answered(), ANSWER_WAIT)
        while channel_id in self._due:
            for change in self._due.pop(channel_id):
                try:
                    await self._refresh(change)
                except Exception:
                    log.exception("could not refresh the defenses in channel %s", channel_id)

    async def _refresh(self, change: Committed) -> None:
        """Edit the messages of the waiting blows on fighters ``change`` touched whose
        defenses now read otherwise, and remember what each shows. A blow a later change
        wrote (its payload is no longer the one waiting) is left to that change's writer."""
        record = change.record
        live = self.encounters.live.get(record.channel_id)
        if live is None:
            return  # the fight ended: its end took the buttons off
        stored = await self.bot.settings_for(record.guild_id)
        options = stored.rule_options if stored is not None else RuleOptions()
        default = self.bot.settings.default_locale
        if stored is not None and stored.locale is not None:
            default = stored.locale
        known = self._shown.setdefault(record.channel_id, {})
        for row in change.waiting:
            current = live.awaiting.get(row.attack_id)
            if current is None or current.payload is not row.payload:
                known.pop(row.attack_id, None)
            elif row.target_id in change.touched and current.message_id is not None:
                found = options_against(record.encounter, row, options)
                if found is not None:
                    await self._show(current, found, change.before, options, default)

    async def _show(
        self,
        row: PendingAttack,
        found: DefenseOptions,
        before: Encounter | None,
        options: RuleOptions,
        default: str,
    ) -> None:
        """Edit ``row``'s message to show ``found`` unless it shows that already: what it
        was last edited to show, else the defenses the target had ``before`` the change."""
        messages = self.bot.messages
        known = self._shown.setdefault(row.channel_id, {})
        was = known.get(row.attack_id)
        locale = default if was is None else was[0]
        now = shown_defenses(row.payload, found, messages, locale)
        if was is not None:
            old: tuple[object, ...] | None = was[1]
        else:
            had = None if before is None else options_against(before, row, options)
            old = None if had is None else shown_defenses(row.payload, had, messages, locale)
        if old == now:
            known[row.attack_id] = (locale, now)
            return
        written = await show_defenses(self.bot, row, found, locale)
        self.edits += 1
        live = self.encounters.live.get(row.channel_id)
        still = None if live is None else live.awaiting.get(row.attack_id)
        if written is None or still is None or still.payload is not row.payload:
            known.pop(row.attack_id, None)  # not shown, or rewritten while it was edited
            return
        if written != locale:
            now = shown_defenses(row.payload, found, messages, written)
        known[row.attack_id] = (written, now)
