"""Embeds for ``/roll``, ``/check`` and ``/contest``.

Each renderer takes the frozen result from :mod:`rules.dice` / :mod:`rules.checks`,
the catalog and a locale, and explains the result from what it carries: every
face, the total, the outcome, the margin and the exact odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import discord

from bot.i18n import Messages
from bot.render.common import (
    ELLIPSIS,
    MAX_FIELD_VALUE,
    ResultKind,
    add_field,
    new_embed,
    percent,
    quantity,
    set_footer,
    signed,
    skill_name,
)
from rules.character import split_skill
from rules.checks import (
    ContestWinner,
    Outcome,
    QuickContest,
    RegularContest,
    SkillCheck,
    SuccessRoll,
    quick_contest_odds,
    success_odds,
)
from rules.dice import DiceExpression, DiceResult, distribution
from rules.options import RuleOptions
from rules.records import Modifier
from rules.sheet_rolls import CheckKind, CheckNote, CheckTarget, SheetCheck, SheetLevel

OUTCOME_KINDS: Final[dict[Outcome, ResultKind]] = {
    Outcome.CRITICAL_SUCCESS: ResultKind.CRITICAL_SUCCESS,
    Outcome.SUCCESS: ResultKind.SUCCESS,
    Outcome.FAILURE: ResultKind.FAILURE,
    Outcome.CRITICAL_FAILURE: ResultKind.CRITICAL_FAILURE,
}

# Exact odds need a convolution whose cost grows with (number of totals × dice);
# past this budget (e.g. 100d1000) the odds line is left out rather than stall the bot.
ODDS_BUDGET: Final = 250_000


@dataclass(frozen=True, slots=True)
class DiceOdds:
    """What to say about an expression's spread, and the chance of the total rolled."""

    low: int
    high: int
    mean: Fraction
    at_least_total: Fraction | None


def dice_odds(expression: DiceExpression, total: int) -> DiceOdds:
    """Range and mean always; the chance of ``total`` or more when it is cheap to compute."""
    low, high = expression.min_total, expression.max_total
    span = (high - low) // expression.multiplier + 1
    chance: Fraction | None = None
    mean: Fraction
    if span * max(1, expression.dice_count) <= ODDS_BUDGET:
        spread = distribution(expression)
        chance = spread.probability_at_least(total)
        mean = spread.mean
    else:
        mean = _mean(expression)
    return DiceOdds(low, high, mean, chance)


def _mean(expression: DiceExpression) -> Fraction:
    subtotal = Fraction(expression.modifier)
    for group in expression.groups:
        per_group = Fraction(group.count * (group.sides + 1), 2)
        subtotal += -per_group if group.negative else per_group
    return subtotal * expression.multiplier


def faces_text(result: DiceResult, messages: Messages, locale: str) -> str:
    """``3d: 4, 2, 6 · -1d: 3 · +2 · ×2`` — every face, group by group."""
    parts: list[str] = []
    for group, faces in result.groups():
        sign = "-" if group.negative else ""
        parts.append(f"{sign}{group.text}: {', '.join(map(str, faces))}")
    if result.modifier or not parts:
        parts.append(signed(result.modifier) if parts else str(result.modifier))
    if result.multiplier != 1:
        parts.append(messages.text("roll.dice.multiplier", locale, multiplier=result.multiplier))
    return " · ".join(parts)


def render_dice_roll(
    result: DiceResult, messages: Messages, locale: str, *, label: str | None = None
) -> discord.Embed:
    """``/roll``: the faces, the total, the range, the average and the chance of the total."""
    title = (
        messages.text("roll.dice.title_label", locale, label=label, expression=result.text)
        if label
        else messages.text("roll.dice.title", locale, expression=result.text)
    )
    embed = new_embed(ResultKind.INFO, title=title)
    odds = dice_odds(result.expression, result.total)
    add_field(embed, messages.text("roll.dice.total", locale), f"**{result.total}**")
    add_field(embed, messages.text("roll.dice.faces", locale), faces_text(result, messages, locale))
    add_field(
        embed,
        messages.text("roll.dice.range", locale),
        messages.text("roll.dice.range_value", locale, low=odds.low, high=odds.high),
    )
    add_field(embed, messages.text("roll.dice.average", locale), quantity(odds.mean, locale))
    if odds.at_least_total is not None:
        add_field(
            embed,
            messages.text("roll.dice.chance", locale, total=result.total),
            percent(odds.at_least_total, locale),
        )
    return embed


def roll_text(roll: SuccessRoll) -> str:
    """``4 + 3 + 2 = **9**``."""
    return " + ".join(map(str, roll.faces)) + f" = **{roll.total}**"


def margin_text(roll: SuccessRoll, messages: Messages, locale: str) -> str:
    key = "roll.margin.made" if roll.margin >= 0 else "roll.margin.missed"
    return messages.text(key, locale, margin=abs(roll.margin))


def outcome_text(outcome: Outcome, messages: Messages, locale: str) -> str:
    return messages.text(f"roll.outcome.{outcome.value}", locale)


def render_check(
    check: SkillCheck,
    messages: Messages,
    locale: str,
    *,
    label: str | None = None,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """``/check``: the three dice, the effective skill, the outcome, the margin and the odds."""
    roll = check.roll
    title = (
        messages.text("roll.check.title_label", locale, label=label)
        if label
        else messages.text("roll.check.title", locale)
    )
    embed = new_embed(OUTCOME_KINDS[roll.outcome], title=title)
    add_field(embed, messages.text("roll.check.roll", locale), roll_text(roll))
    effective = (
        messages.text(
            "roll.check.effective_with_modifier",
            locale,
            skill=check.skill,
            modifier=signed(check.modifier),
            effective=roll.effective_skill,
        )
        if check.modifier
        else f"**{roll.effective_skill}**"
    )
    add_field(embed, messages.text("roll.check.effective_skill", locale), effective)
    add_field(
        embed,
        messages.text("roll.check.result", locale),
        f"**{outcome_text(roll.outcome, messages, locale)}**",
    )
    add_field(
        embed, messages.text("roll.check.margin", locale), margin_text(roll, messages, locale)
    )
    odds = success_odds(roll.effective_skill, options or RuleOptions())
    add_field(
        embed,
        messages.text("roll.check.chance", locale),
        messages.text(
            "roll.check.chance_value",
            locale,
            success=percent(odds.any_success, locale),
            critical_success=percent(odds.critical_success, locale),
            critical_failure=percent(odds.critical_failure, locale),
        ),
        inline=False,
    )
    set_footer(embed, messages.text("roll.check.rules", locale, rules=", ".join(roll.rule_ids)))
    return embed


def contest_names(
    messages: Messages, locale: str, name_a: str | None, name_b: str | None
) -> tuple[str, str]:
    """The names shown for the two sides (localized defaults when none was given)."""
    return (
        name_a or messages.text("roll.contest.default_a", locale),
        name_b or messages.text("roll.contest.default_b", locale),
    )


def render_contest(
    contest: QuickContest | RegularContest,
    messages: Messages,
    locale: str,
    *,
    name_a: str | None = None,
    name_b: str | None = None,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """``/contest``: each side's roll, outcome, margin and odds, then who won.

    A quick contest also gives the exact chance of each result before the dice.
    """
    shown_a, shown_b = contest_names(messages, locale, name_a, name_b)
    rules = options or RuleOptions()
    if isinstance(contest, QuickContest):
        return _render_quick(
            contest, messages, locale=locale, name_a=shown_a, name_b=shown_b, options=rules
        )
    return _render_regular(
        contest, messages, locale=locale, name_a=shown_a, name_b=shown_b, options=rules
    )


def _contest_kind(winner: ContestWinner) -> ResultKind:
    if winner in (ContestWinner.A, ContestWinner.B):
        return ResultKind.SUCCESS
    return ResultKind.INFO


def _side_field(
    embed: discord.Embed,
    roll: SuccessRoll,
    *,
    name: str,
    messages: Messages,
    locale: str,
    options: RuleOptions,
) -> None:
    chance = percent(success_odds(roll.effective_skill, options).any_success, locale)
    value = (
        messages.text(
            "roll.contest.side_value",
            locale,
            roll=roll_text(roll),
            outcome=outcome_text(roll.outcome, messages, locale),
            margin=margin_text(roll, messages, locale),
        )
        + "\n"
        + messages.text("roll.contest.side_odds", locale, chance=chance)
    )
    add_field(
        embed,
        messages.text("roll.contest.side", locale, name=name, skill=roll.effective_skill),
        value,
    )


def _contest_embed(
    title_key: str,
    winner: ContestWinner,
    a: SuccessRoll,
    b: SuccessRoll,
    messages: Messages,
    *,
    locale: str,
    name_a: str,
    name_b: str,
    options: RuleOptions,
) -> discord.Embed:
    """The title and both sides' latest rolls, coloured by whether someone won."""
    embed = new_embed(
        _contest_kind(winner),
        title=messages.text(title_key, locale, name_a=name_a, name_b=name_b),
    )
    _side_field(embed, a, name=name_a, messages=messages, locale=locale, options=options)
    _side_field(embed, b, name=name_b, messages=messages, locale=locale, options=options)
    return embed


def _add_result(
    embed: discord.Embed, result: str, rule_ids: tuple[str, ...], messages: Messages, locale: str
) -> discord.Embed:
    """Who won, and the rules that applied in the footer."""
    add_field(embed, messages.text("roll.contest.result", locale), result, inline=False)
    set_footer(embed, messages.text("roll.check.rules", locale, rules=", ".join(rule_ids)))
    return embed


def _render_quick(
    contest: QuickContest,
    messages: Messages,
    *,
    locale: str,
    name_a: str,
    name_b: str,
    options: RuleOptions,
) -> discord.Embed:
    embed = _contest_embed(
        "roll.contest.title_quick",
        contest.winner,
        contest.a,
        contest.b,
        messages,
        locale=locale,
        name_a=name_a,
        name_b=name_b,
        options=options,
    )
    odds = quick_contest_odds(
        contest.a.effective_skill, contest.b.effective_skill, options, resisted=contest.resisted
    )
    embed.description = messages.text(
        "roll.contest.odds",
        locale,
        name_a=name_a,
        a_wins=percent(odds.a_wins, locale),
        tie=percent(odds.tie, locale),
        name_b=name_b,
        b_wins=percent(odds.b_wins, locale),
    )
    if contest.winner is ContestWinner.TIE:
        result = messages.text("roll.contest.tie", locale)
    else:
        winner = name_a if contest.winner is ContestWinner.A else name_b
        result = messages.text(
            "roll.contest.won", locale, name=winner, margin=contest.margin_of_victory
        )
    return _add_result(embed, result, contest.rule_ids, messages, locale)


def _last_lines(lines: list[str]) -> str:
    """As many of the latest lines as fit in a field, an ellipsis standing for the rest."""
    kept = list(lines)
    text = "\n".join(kept)
    while len(text) > MAX_FIELD_VALUE and len(kept) > 1:
        kept.pop(0)
        text = ELLIPSIS + "\n" + "\n".join(kept)
    return text


def _render_regular(
    contest: RegularContest,
    messages: Messages,
    *,
    locale: str,
    name_a: str,
    name_b: str,
    options: RuleOptions,
) -> discord.Embed:
    last = contest.rounds[-1]
    embed = _contest_embed(
        "roll.contest.title_regular",
        contest.winner,
        last.a,
        last.b,
        messages,
        locale=locale,
        name_a=name_a,
        name_b=name_b,
        options=options,
    )
    if contest.adjusted:
        embed.description = messages.text(
            "roll.contest.adjusted",
            locale,
            effective_a=contest.effective_a,
            effective_b=contest.effective_b,
        )
    lines = [
        messages.text(
            "roll.contest.round_line",
            locale,
            number=number,
            name_a=name_a,
            roll_a=round_.a.total,
            outcome_a=outcome_text(round_.a.outcome, messages, locale),
            name_b=name_b,
            roll_b=round_.b.total,
            outcome_b=outcome_text(round_.b.outcome, messages, locale),
        )
        for number, round_ in enumerate(contest.rounds, start=1)
    ]
    add_field(embed, messages.text("roll.contest.rounds", locale), _last_lines(lines), inline=False)
    if contest.winner is ContestWinner.UNDECIDED:
        result = messages.text("roll.contest.undecided", locale, rounds=len(contest.rounds))
    else:
        winner = name_a if contest.winner is ContestWinner.A else name_b
        key = (
            "roll.contest.won_regular_one"
            if len(contest.rounds) == 1
            else "roll.contest.won_regular"
        )
        result = messages.text(key, locale, name=winner, rounds=len(contest.rounds))
    return _add_result(embed, result, contest.rule_ids, messages, locale)


# --------------------------------------------------------------------------- rolls by name


def target_label(target: CheckTarget, messages: Messages, locale: str) -> str:
    """``DX``, ``Vontade``, ``Visão``, ``Fast-Draw (Sword)`` in the reader's language."""
    if target.kind is CheckKind.ATTRIBUTE:
        return messages.text(f"gear.attribute.{target.key}", locale)
    if target.kind is CheckKind.SENSE:
        return messages.text(f"senses.sense.{target.key}", locale)
    name, specialization = split_skill(target.key)
    shown = skill_name(name, messages, locale)
    return f"{shown} ({specialization})" if specialization else shown


def _modifier_name(modifier: Modifier, messages: Messages, locale: str) -> str:
    if modifier.key.startswith("sense_"):
        return messages.text(f"senses.modifier.{modifier.key.removeprefix('sense_')}", locale)
    if "." in modifier.key:
        # Another feature's modifier under its whole catalog key (``fire.modifier.full``).
        return messages.text(modifier.key, locale)
    return messages.text(f"sheetcheck.modifier.{modifier.key}", locale)


def level_lines(level: SheetLevel, messages: Messages, locale: str, *, extra: int = 0) -> list[str]:
    """``Stealth 14`` / ``-2 shock (R7.6)`` / ``+1 other`` / ``= **13**``."""
    lines = [f"{target_label(level.target, messages, locale)} {level.target.level}"]
    lines.extend(
        f"{signed(m.value)} {_modifier_name(m, messages, locale)} ({m.rule_id})"
        for m in level.modifiers
    )
    if extra:
        lines.append(f"{signed(extra)} {messages.text('sheetcheck.modifier.other', locale)}")
    lines.append(f"= **{level.value + extra}**")
    return lines


def _add_notes(
    embed: discord.Embed, notes: Sequence[CheckNote], messages: Messages, locale: str
) -> None:
    if notes:
        add_field(
            embed,
            messages.text("sheetcheck.notes", locale),
            "\n".join(messages.text(f"sheetcheck.note.{note.value}", locale) for note in notes),
            inline=False,
        )


def render_sheet_check(
    result: SheetCheck,
    messages: Messages,
    locale: str,
    *,
    label: str | None = None,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """``/check character: skill:``: as :func:`render_check`, titled with who rolls what,
    the level broken down into the condition's modifiers, and the conditions that matter."""
    title = label or messages.text(
        "sheetcheck.title",
        locale,
        character=result.character,
        target=target_label(result.level.target, messages, locale),
    )
    embed = render_check(result.check, messages, locale, label=title, options=options)
    breakdown = "\n".join(level_lines(result.level, messages, locale, extra=result.modifier))
    embed.set_field_at(
        1, name=messages.text("roll.check.effective_skill", locale), value=breakdown, inline=True
    )
    _add_notes(embed, result.level.notes, messages, locale)
    return embed


def render_sheet_contest(
    contest: QuickContest | RegularContest,
    messages: Messages,
    locale: str,
    *,
    sides: Sequence[tuple[str, SheetLevel | None]],
    options: RuleOptions | None = None,
) -> discord.Embed:
    """``/contest`` with characters: :func:`render_contest`, with each character side's level
    broken down and the conditions that matter."""
    (name_a, _), (name_b, _) = sides
    embed = render_contest(contest, messages, locale, name_a=name_a, name_b=name_b, options=options)
    for name, level in sides:
        if level is None or not (level.modifiers or level.notes):
            continue
        lines = level_lines(level, messages, locale)
        lines.extend(messages.text(f"sheetcheck.note.{note.value}", locale) for note in level.notes)
        add_field(embed, name, "\n".join(lines), inline=False)
    return embed
