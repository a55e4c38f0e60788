"""Roll renderers: exact fields, colours and odds for scripted results."""

from __future__ import annotations

from fractions import Fraction

import discord
import pytest

from bot.i18n import Messages
from bot.render.common import (
    COLOURS,
    MAX_FIELD_VALUE,
    ResultKind,
    add_field,
    example_key_for,
    percent,
    within_limits,
)
from bot.render.roll import dice_odds, render_check, render_contest, render_dice_roll
from rules.checks import quick_contest, regular_contest, skill_check
from rules.dice import DiceExpression, roll
from rules.options import RuleOptions
from rules.roller import ScriptedDice

EXTENDED = RuleOptions(extended_criticals=True)


def fields(embed: discord.Embed) -> list[tuple[str | None, str | None]]:
    return [(field.name, field.value) for field in embed.fields]


# ------------------------------------------------------------------ /roll


def test_plain_3d(messages: Messages) -> None:
    embed = render_dice_roll(roll("3d", ScriptedDice([4, 3, 3])), messages, "en")
    assert embed.title == "🎲 3d"
    assert embed.colour == COLOURS[ResultKind.INFO]
    assert fields(embed) == [
        ("Total", "**10**"),
        ("Dice", "3d: 4, 3, 3"),
        ("Range", "3 to 18"),
        ("Average", "10.5"),
        ("Chance of 10 or more", "62.5%"),  # 135 of 216
    ]


def test_multiplied_roll_with_label_in_portuguese(messages: Messages) -> None:
    result = roll("2d+1x2", ScriptedDice([4, 3]))
    embed = render_dice_roll(result, messages, "pt-BR", label="Dano")
    assert embed.title == "🎲 Dano ((2d+1)×2)"
    assert fields(embed) == [
        ("Total", "**16**"),
        ("Dados", "2d: 4, 3 · +1 · ×2"),
        ("Intervalo", "de 6 a 26"),
        ("Média", "16"),
        ("Chance de 16 ou mais", "58,3%"),  # 2d >= 7: 21 of 36
    ]


def test_sum_with_subtracted_group_and_other_sides(messages: Messages) -> None:
    result = roll("1d+1d10-1d-2", ScriptedDice([5, 9, 2]))
    assert result.total == 10
    embed = render_dice_roll(result, messages, "en")
    assert fields(embed)[:3] == [
        ("Total", "**10**"),
        ("Dice", "1d: 5 · 1d10: 9 · -1d: 2 · -2"),
        ("Range", "-6 to 13"),
    ]


def test_huge_roll_skips_the_chance_but_keeps_range_and_average(messages: Messages) -> None:
    result = roll("100d1000", ScriptedDice([1] * 100))
    embed = render_dice_roll(result, messages, "en")
    names = [name for name, _ in fields(embed)]
    assert names == ["Total", "Dice", "Range", "Average"]
    assert fields(embed)[2:] == [("Range", "100 to 100000"), ("Average", "50050")]
    assert within_limits(embed)


def test_dice_odds_are_exact() -> None:
    odds = dice_odds(DiceExpression.parse("3d"), 10)
    assert (odds.low, odds.high, odds.mean) == (3, 18, Fraction(21, 2))
    assert odds.at_least_total == Fraction(135, 216)
    big = dice_odds(DiceExpression.parse("100d1000"), 100)
    assert big.at_least_total is None
    assert big.mean == Fraction(50050)


# ------------------------------------------------------------------ /check


def test_check_with_modifier_exact_success(messages: Messages) -> None:
    result = skill_check(12, ScriptedDice([4, 3, 3]), modifier=-2)
    embed = render_check(result, messages, "en", label="Broadsword")
    assert embed.title == "🎯 Broadsword"
    assert embed.colour == COLOURS[ResultKind.SUCCESS]
    assert fields(embed) == [
        ("Roll", "4 + 3 + 3 = **10**"),
        ("Effective skill", "12 -2 = **10**"),
        ("Result", "**Success**"),
        ("Margin", "Made it by 0"),
        ("Chance of success", "50.0% (critical success 1.9%, critical failure 1.9%)"),
    ]
    assert embed.footer.text == "Rules: A.1"


def test_check_failure(messages: Messages) -> None:
    embed = render_check(skill_check(11, ScriptedDice([6, 5, 3])), messages, "en")
    assert embed.title == "🎯 Success roll"
    assert embed.colour == COLOURS[ResultKind.FAILURE]
    assert fields(embed)[:4] == [
        ("Roll", "6 + 5 + 3 = **14**"),
        ("Effective skill", "**11**"),
        ("Result", "**Failure**"),
        ("Margin", "Missed by 3"),
    ]


def test_check_critical_failure_on_17_at_skill_15(messages: Messages) -> None:
    embed = render_check(skill_check(15, ScriptedDice([6, 6, 5])), messages, "en")
    assert embed.colour == COLOURS[ResultKind.CRITICAL_FAILURE]
    assert fields(embed)[2:4] == [("Result", "**Critical failure!**"), ("Margin", "Missed by 2")]


def test_check_extended_critical_in_portuguese(messages: Messages) -> None:
    result = skill_check(27, ScriptedDice([2, 3, 3]), EXTENDED)
    embed = render_check(result, messages, "pt-BR", options=EXTENDED)
    assert embed.title == "🎯 Teste de sucesso"
    assert embed.colour == COLOURS[ResultKind.CRITICAL_SUCCESS]
    assert fields(embed) == [
        ("Rolagem", "2 + 3 + 3 = **8**"),
        ("NH efetivo", "**27**"),
        ("Resultado", "**Sucesso decisivo!**"),
        ("Margem", "Passou por 19"),
        # success 212/216, critical success on 3-8: 56/216, critical failure on 18: 1/216
        ("Chance de sucesso", "98,1% (sucesso decisivo 25,9%, falha crítica 0,5%)"),
    ]
    assert embed.footer.text == "Regras: A.1, R5.31"


def test_check_without_extended_option_is_a_plain_success(messages: Messages) -> None:
    result = skill_check(27, ScriptedDice([2, 3, 3]))
    embed = render_check(result, messages, "en")
    assert fields(embed)[2] == ("Result", "**Success**")
    assert fields(embed)[4] == (
        "Chance of success",
        "98.1% (critical success 9.3%, critical failure 0.5%)",  # 3-6: 20/216
    )


# ------------------------------------------------------------------ /contest


def test_quick_contest_names_and_winner(messages: Messages) -> None:
    contest = quick_contest(14, 12, ScriptedDice([3, 4, 5, 2, 3, 4]))
    embed = render_contest(contest, messages, "en", name_a="Ana")
    assert embed.title == "⚔️ Quick contest: Ana vs Side B"
    assert embed.colour == COLOURS[ResultKind.SUCCESS]
    assert fields(embed) == [
        ("Ana (skill 14)", "3 + 4 + 5 = **12** · Success · Made it by 2\nChance of success: 90.7%"),
        (
            "Side B (skill 12)",
            "2 + 3 + 4 = **9** · Success · Made it by 3\nChance of success: 74.1%",
        ),
        ("Result", "**Side B** wins by 1."),
    ]
    assert embed.footer.text == "Rules: A.7"


def test_quick_contest_shows_the_exact_chance_of_each_result(messages: Messages) -> None:
    # 14 vs 12: A wins 9905/15552, tie 217/2592, B wins 4345/15552 (rules.checks)
    contest = quick_contest(14, 12, ScriptedDice([3, 4, 5, 2, 3, 4]))
    english = render_contest(contest, messages, "en", name_a="Ana")
    assert english.description == "Odds: Ana wins 63.7% · tie 8.4% · Side B wins 27.9%"
    portuguese = render_contest(contest, messages, "pt-BR", name_a="Ana", name_b="Bruno")
    assert portuguese.description == "Chances: Ana vence 63,7% · empate 8,4% · Bruno vence 27,9%"


def test_quick_contest_tie_in_portuguese(messages: Messages) -> None:
    contest = quick_contest(12, 12, ScriptedDice([3, 3, 4, 4, 3, 3]))
    embed = render_contest(contest, messages, "pt-BR", name_a="Ana", name_b="Bruno")
    assert embed.title == "⚔️ Disputa Rápida: Ana contra Bruno"
    assert embed.colour == COLOURS[ResultKind.INFO]
    assert fields(embed)[2] == ("Resultado", "**Empate**: ninguém vence.")


def test_regular_contest_with_extreme_skills(messages: Messages) -> None:
    contest = regular_contest(18, 16, ScriptedDice([3, 4, 5, 2, 3, 4, 6, 6, 6, 1, 1, 2]))
    embed = render_contest(contest, messages, "en", name_a="Ana", name_b="Bruno")
    assert embed.title == "⚔️ Regular contest: Ana vs Bruno"
    assert embed.description == (
        "Both skills were extreme, so the contest rolls against 14 and 12 (same difference)."
    )
    assert fields(embed)[2:] == [
        (
            "Rounds",
            "1. Ana 12 (Success) · Bruno 9 (Success)\n"
            "2. Ana 18 (Critical failure!) · Bruno 4 (Critical success!)",
        ),
        ("Result", "**Bruno** wins after 2 rounds."),
    ]


def test_undecided_regular_contest_stays_within_limits(messages: Messages) -> None:
    contest = regular_contest(10, 10, ScriptedDice([3, 3, 4] * 40))
    embed = render_contest(contest, messages, "en", name_a="A" * 50, name_b="B" * 50)
    assert fields(embed)[-1] == ("Result", "No winner after 20 rounds.")
    rounds = fields(embed)[-2][1]
    assert rounds is not None
    assert len(rounds) <= MAX_FIELD_VALUE
    assert rounds.startswith("…\n")
    assert rounds.endswith("20. " + "A" * 50 + " 10 (Success) · " + "B" * 50 + " 10 (Success)")
    assert within_limits(embed)


# ------------------------------------------------------------------ common helpers


@pytest.mark.parametrize(
    ("probability", "locale", "shown"),
    [
        (Fraction(1, 2), "en", "50.0%"),
        (Fraction(1, 216), "pt-BR", "0,5%"),
        (Fraction(1, 10**6), "en", "<0.1%"),
        (Fraction(10**6 - 1, 10**6), "en", ">99.9%"),
        (Fraction(0), "en", "0.0%"),
        (Fraction(1), "en", "100.0%"),
    ],
)
def test_percent(probability: Fraction, locale: str, shown: str) -> None:
    assert percent(probability, locale) == shown


def test_add_field_respects_discord_limits() -> None:
    embed = discord.Embed(title="t")
    assert add_field(embed, "n" * 300, "v" * 2000)
    assert embed.fields[0].name is not None
    assert len(embed.fields[0].name) == 256
    assert embed.fields[0].value == "v" * 1023 + "…"
    for _ in range(30):
        add_field(embed, "x", "y" * 10)
    assert len(embed.fields) == 25
    assert within_limits(embed)


def test_add_field_stops_at_6000_characters() -> None:
    embed = discord.Embed(title="t")
    while add_field(embed, "n", "v" * 1000):
        pass
    assert len(embed) <= 6000
    assert len(embed.fields) == 5


def test_dice_errors_show_the_dice_example(messages: Messages) -> None:
    assert example_key_for(messages, "dice.too_many_dice") == "dice.example"
    assert example_key_for(messages, "core.error.not_gm") is None


def test_regular_contest_won_in_one_round_in_portuguese(messages: Messages) -> None:
    contest = regular_contest(12, 12, ScriptedDice([3, 3, 4, 6, 6, 5]))
    embed = render_contest(contest, messages, "pt-BR", name_a="Ana", name_b="Bruno")
    assert fields(embed)[-1] == ("Resultado", "**Ana** vence depois de 1 rodada.")
