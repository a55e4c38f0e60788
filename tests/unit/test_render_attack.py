"""Attack and maneuver replies: the lines a GURPS player reads (R7.12, R7.14, R7.28, R7.29)."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import Messages
from bot.render.attack import render_attack, render_maneuver
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant, HitLocation, Posture
from rules.encounter import EncounterCombatant
from rules.maneuver import Maneuver
from rules.maneuver_choice import ManeuverRequest, take_maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest

KNIGHT = EncounterCombatant(
    combatant_id="1",
    side="a",
    combatant=Combatant.create(
        name="Knight",
        attributes={"st": 13, "dx": 12, "ht": 12},
        weapons=[{"name": "broadsword", "skill": 14, "damage": "sw+1 cut"}],
    ),
)
ORC = EncounterCombatant(
    combatant_id="2",
    side="b",
    combatant=Combatant.create(name="Orc", attributes={"st": 12, "dx": 11, "ht": 11}),
)


def _field(embed: discord.Embed, name: str) -> str:
    return next(str(f.value) for f in embed.fields if f.name == name)


@pytest.mark.parametrize(
    ("locale", "name", "line"),
    [
        (
            "en",
            "Attack roll",
            "Rolled **10** (4, 3, 3): missed by exactly 1: the blow lands on the torso instead"
            " (R7.28, R7.29)",
        ),
        (
            "pt-BR",
            "Teste de ataque",
            "Tirou **10** (4, 3, 3): errou por apenas 1; em vez disso, o golpe atinge: tronco"
            " (R7.28, R7.29)",
        ),
    ],
)
def test_a_neck_blow_missing_by_one_says_it_missed_and_where_it_lands_r7_29(
    messages: Messages, locale: str, name: str, line: str
) -> None:
    """R7.29: the neck at -5 takes broadsword 14 to 9; a 10 misses by exactly 1 and the blow
    lands on the torso. The roll line says so instead of "hit (by 1)"."""
    outcome = resolve_attack(
        KNIGHT,
        ORC,
        AttackRequest(location=HitLocation.NECK),
        ScriptedDice([4, 3, 3]),
        RuleOptions(),
    )
    assert (outcome.effective.value, outcome.miss_by_one) == (9, True)
    embed = render_attack(outcome, messages, locale)[0]
    assert _field(embed, name) == line


@pytest.mark.parametrize(
    ("locale", "name", "line"),
    [
        ("en", "Notes", "Get up: Acrobatics 12 -4 = 8, rolled 9 (3, 3, 3): failure (R7.12)"),
        (
            "pt-BR",
            "Observações",
            "Levantar: Acrobacia 12 -4 = 8, tirou 9 (3, 3, 3): fracasso (R7.12)",
        ),
    ],
)
def test_a_skill_rolled_is_named_in_the_readers_language_r7_12(
    messages: Messages, locale: str, name: str, line: str
) -> None:
    """R7.12 with R7.6: a prone fighter with Acrobatics 12 and shock -4 rolls against 8 to
    stand in one turn. The roll names the skill as a word of the reader's language, not as
    an attribute's capitals (ACROBATICS)."""
    acrobat = EncounterCombatant(
        combatant_id="3",
        side="a",
        combatant=Combatant.create(
            name="Acro", attributes={"dx": 12, "ht": 12}, skills={"acrobatics": 12}
        ).with_state(posture=Posture.PRONE, shock_penalty=-4, shock_injury=4),
    )
    outcome = take_maneuver(
        acrobat,
        None,
        ManeuverRequest(
            maneuver=Maneuver.change_posture, posture=Posture.STANDING, acrobatics=True
        ),
        ScriptedDice([3, 3, 3]),
        RuleOptions(),
    )
    embed = render_maneuver("Acro", outcome, messages, locale)
    assert _field(embed, name) == line
