"""A counted weapon's rounds in the attack, maneuver and ``/combatant show`` replies (B269).

Pure: outcomes and a locale in, lines or a field out; every word from the
``ammunition.*`` catalog.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import add_field
from rules.ammunition import Reload, ReloadLost, parse_shots, rounds_left
from rules.attack_resolution import AttackOutcome
from rules.encounter import EncounterCombatant
from rules.errors import RuleError

__all__ = ["add_ammunition_field", "add_reload_lost_field", "add_rounds_field", "reload_line"]


def add_ammunition_field(
    embed: discord.Embed, outcome: AttackOutcome, messages: Messages, locale: str
) -> None:
    """The rounds this attack fired from a counted weapon, and those left in it."""
    spent = outcome.ammunition
    if spent is None:
        return
    key = "ammunition.spent_empty" if spent.left == 0 else "ammunition.spent"
    if spent.spent == 1:
        key += "_one"  # "1 disparo", not "1 disparos"
    add_field(
        embed,
        messages.text("ammunition.field", locale),
        messages.text(
            key,
            locale,
            weapon=spent.weapon,
            spent=spent.spent,
            left=spent.left,
            capacity=spent.capacity,
            rule=spent.rule_id,
        ),
    )


def reload_line(reload: Reload, messages: Messages, locale: str) -> str:
    """A Ready spent reloading: the seconds so far, or what went in."""
    if reload.loaded:
        key = "ammunition.loaded_round" if reload.individually else "ammunition.loaded"
    else:
        key = "ammunition.reloading"
    return messages.text(
        key,
        locale,
        weapon=reload.weapon,
        done=reload.seconds_done,
        needed=reload.seconds_needed,
        loaded=reload.loaded,
        left=reload.left,
        capacity=reload.capacity,
        rule=reload.rule_id,
    )


def add_rounds_field(
    embed: discord.Embed, c: EncounterCombatant, messages: Messages, locale: str
) -> None:
    """``/combatant show``: each counted weapon's rounds, and a reload under way."""
    lines: list[str] = []
    turn = c.turn
    for weapon in c.combatant.weapons:
        try:
            shots = parse_shots(weapon.shots)
        except RuleError:
            continue  # a Shots text that cannot be read (an old sheet): not counted
        left = rounds_left(weapon, turn.rounds_left) if shots is not None else None
        if shots is None or left is None:
            continue
        done = turn.reload_progress.get(weapon.name, 0)
        lines.append(
            messages.text(
                "ammunition.show_reloading" if done else "ammunition.show_line",
                locale,
                weapon=weapon.name,
                left=left,
                capacity=shots.capacity,
                done=done,
                needed=shots.reload_seconds or 0,
            )
        )
    if lines:
        add_field(embed, messages.text("ammunition.field", locale), "\n".join(lines), inline=False)


def add_reload_lost_field(
    embed: discord.Embed, lost: tuple[ReloadLost, ...], messages: Messages, locale: str
) -> None:
    """A Dodge while reloading: each weapon's loading of that turn taken back (R5.5)."""
    if not lost:
        return
    lines = [
        messages.text(
            "ammunition.reload_lost",
            locale,
            weapon=one.weapon,
            done=one.seconds_done,
            needed=one.seconds_needed,
            left=one.left,
            capacity=one.capacity,
            rule=one.rule_id,
        )
        for one in lost
    ]
    add_field(embed, messages.text("ammunition.field", locale), "\n".join(lines), inline=False)
