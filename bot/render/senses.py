"""Embeds for ``/sense``: the roll or contest with every modifier, and the GM's Danger Sense.

The public embed shows the sense (R16.1), each modifier with its rule, the effective
Perception, the roll (or both sides of the Quick Contest, R16.4, R16.6), whether
anything was noticed and the comprehension roll (R16.2). R16.3's Danger Sense roll
is never in it: :func:`render_danger_sense` is the GM's own, sent privately.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import ResultKind, add_field, new_embed, set_footer, signed
from bot.render.roll import margin_text, outcome_text, roll_text
from rules.checks import ContestWinner, SuccessRoll
from rules.options import RuleOptions
from rules.senses import SenseOutcome

SECRET_RULES = frozenset({"R16.3"})
"""Rules the public answer must not cite: it would tell the table a danger was there."""


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def _roll_value(roll: SuccessRoll, messages: Messages, locale: str) -> str:
    return _t(
        messages,
        locale,
        "senses.roll_value",
        roll=roll_text(roll),
        outcome=outcome_text(roll.outcome, messages, locale),
        margin=margin_text(roll, messages, locale),
    )


def _title(outcome: SenseOutcome, messages: Messages, locale: str, name: str | None) -> str:
    sense = _t(messages, locale, f"senses.sense.{outcome.request.sense.value}")
    if name is None:
        return _t(messages, locale, "senses.title", sense=sense)
    return _t(messages, locale, "senses.title_named", sense=sense, name=name)


def render_sense(
    outcome: SenseOutcome,
    messages: Messages,
    locale: str,
    *,
    name: str | None = None,
    label: str | None = None,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """The sense roll as the table sees it (no word of Danger Sense)."""
    del options  # the outcome already carries every roll; kept for the renderers' signature
    kind = ResultKind.SUCCESS if outcome.understood else ResultKind.FAILURE
    embed = new_embed(kind, title=label or _title(outcome, messages, locale, name))
    if label:
        embed.description = _title(outcome, messages, locale, name)
    request = outcome.request
    lines = [_t(messages, locale, "senses.base", value=request.perception)]
    lines += [
        _t(
            messages,
            locale,
            "senses.modifier_line",
            source=_t(messages, locale, f"senses.modifier.{m.key}"),
            value=signed(m.value),
            rule=m.rule_id,
        )
        for m in outcome.modifiers
    ]
    add_field(embed, _t(messages, locale, "senses.field.modifiers"), "\n".join(lines), inline=False)
    add_field(embed, _t(messages, locale, "senses.field.effective"), f"**{outcome.effective}**")
    if outcome.impossible is not None:
        add_field(
            embed,
            _t(messages, locale, "senses.field.roll"),
            _t(messages, locale, f"senses.impossible.{outcome.impossible.value}"),
            inline=False,
        )
    elif outcome.contest is not None:
        contest = outcome.contest
        add_field(
            embed,
            _t(messages, locale, "senses.field.roll"),
            _roll_value(contest.a, messages, locale),
            inline=False,
        )
        add_field(
            embed,
            _t(messages, locale, "senses.field.against", skill=contest.b.effective_skill),
            _roll_value(contest.b, messages, locale),
            inline=False,
        )
        key = {
            ContestWinner.A: "senses.contest.won",
            ContestWinner.B: "senses.contest.lost",
        }.get(contest.winner, "senses.contest.tie")
        add_field(
            embed,
            _t(messages, locale, "senses.field.contest"),
            _t(messages, locale, key, margin=contest.margin_of_victory),
            inline=False,
        )
    elif outcome.roll is not None:
        add_field(
            embed,
            _t(messages, locale, "senses.field.roll"),
            _roll_value(outcome.roll, messages, locale),
            inline=False,
        )
    add_field(
        embed,
        _t(messages, locale, "senses.field.result"),
        "**"
        + _t(messages, locale, "senses.noticed" if outcome.noticed else "senses.not_noticed")
        + "**",
        inline=False,
    )
    if outcome.comprehension is not None:
        comprehension = outcome.comprehension
        add_field(
            embed,
            _t(
                messages,
                locale,
                "senses.field.comprehension",
                skill=comprehension.effective_skill,
            ),
            _roll_value(comprehension, messages, locale)
            + "\n"
            + _t(
                messages,
                locale,
                "senses.understood" if comprehension.succeeded else "senses.not_understood",
            ),
            inline=False,
        )
    public = [rule for rule in outcome.rule_ids if rule not in SECRET_RULES]
    set_footer(embed, _t(messages, locale, "senses.rules", rules=", ".join(public)))
    return embed


def render_danger_sense(
    outcome: SenseOutcome, messages: Messages, locale: str, *, name: str | None = None
) -> discord.Embed:
    """R16.3, for the GM's eyes only: the secret Perception roll and what it means."""
    roll = outcome.danger_sense
    if roll is None:
        raise ValueError("no Danger Sense roll was made")
    embed = new_embed(
        ResultKind.SUCCESS if roll.succeeded else ResultKind.FAILURE,
        title=_t(
            messages,
            locale,
            "senses.danger.title_named" if name else "senses.danger.title",
            name=name or "",
        ),
    )
    add_field(
        embed,
        _t(messages, locale, "senses.danger.field", per=roll.effective_skill),
        _roll_value(roll, messages, locale),
        inline=False,
    )
    add_field(
        embed,
        _t(messages, locale, "senses.field.result"),
        _t(messages, locale, "senses.danger.felt" if roll.succeeded else "senses.danger.nothing"),
        inline=False,
    )
    set_footer(embed, _t(messages, locale, "senses.danger.footer"))
    return embed
