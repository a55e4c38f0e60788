"""Encounter embeds: the tracker's lines, hidden numbers, embed limits, turn events, the summary."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.common import (
    MAX_TOTAL,
    ResultKind,
    line_embeds,
    pack_messages,
    within_limits,
)
from bot.render.encounter import (
    MARKERS,
    bar,
    fighters_in,
    render_ended,
    render_partial_surprise,
    render_sheet,
    render_tracker,
    render_turn,
    render_undone,
)
from bot.storage.encounter import EncounterEvent, EncounterRecord, UndoResult
from rules.combatant import Combatant, Posture, Trait
from rules.encounter import (
    MAX_COMBATANTS,
    Condition,
    Encounter,
    EncounterCombatant,
    add_combatants,
    advance_turn,
    set_condition,
)
from rules.maneuver import AllOutAttackOption, AllOutDefenseOption, Maneuver
from rules.roller import ScriptedDice
from rules.surprise import SideProfile, partial_surprise, total_surprise


def fight(count: int = 2, *, hide: bool = False) -> Encounter:
    sheets = [
        Combatant.create(name=f"Orc {i}", attributes={"st": 12, "basic_speed": 30.0 - i / 4})
        for i in range(1, count + 1)
    ]
    encounter, _ = add_combatants(
        Encounter(name="Ford", gm_id=1, hide_npc_stats=hide),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def one_tracker(
    encounter: Encounter, messages: Messages, locale: str, *, gm_view: bool = False
) -> discord.Embed:
    """A small fight's tracker: one embed."""
    (embed,) = render_tracker(encounter, messages, locale, gm_view=gm_view)
    return embed


def values(embed: object) -> list[tuple[str, str]]:
    assert hasattr(embed, "fields")
    return [(f.name or "", f.value or "") for f in embed.fields]


def test_tracker_lines_and_current_mark(messages: Messages) -> None:
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    hurt = encounter.find("Orc 2")
    hurt = hurt.with_sheet(hurt.combatant.with_state(hp=3, shock_penalty=-3, stunned=True))
    encounter = encounter.replace(hurt)
    embed = one_tracker(encounter, messages, "en")
    assert embed.title == "Ford"
    # Whose turn it is comes first; a bar next to HP and FP, a marker before each condition.
    assert embed.description == "▶ **Orc 1**'s turn\nRound 1 · 0 s elapsed"
    assert values(embed) == [
        ("▶ 1. Orc 1 [npc]", "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10"),
        (
            "2. Orc 2 [npc]",
            "HP ▰▱▱▱▱ 3/12 · FP ▰▰▰▰▰ 10/10 · 💫 stunned · 🩸 reeling · ⚡ shock -3",
        ),
    ]
    pt = one_tracker(encounter, messages, "pt-BR")
    assert pt.description == "▶ Vez de **Orc 1**\nRodada 1 · 0 s decorridos"
    assert values(pt)[1][1] == (
        "PV ▰▱▱▱▱ 3/12 · PF ▰▰▰▰▰ 10/10 · 💫 atordoado · 🩸 cambaleando · ⚡ choque -3"
    )


def test_hidden_npc_numbers_unless_the_gm_looks(messages: Messages) -> None:
    encounter = fight(hide=True)
    hurt = encounter.find("Orc 1")
    encounter = encounter.replace(hurt.with_sheet(hurt.combatant.with_state(hp=8)))
    public = one_tracker(encounter, messages, "en")
    assert [v for _, v in values(public)] == ["wounded", "unhurt"]
    gm = one_tracker(encounter, messages, "en", gm_view=True)
    assert values(gm)[0][1] == "HP ▰▰▰▱▱ 8/12 · FP ▰▰▰▰▰ 10/10"


def test_a_full_encounter_shows_everyone_within_discords_limits(messages: Messages) -> None:
    """A hundred orcs, every third one hurt: too many for one embed's 25 fields, so the
    unhurt ones standing next to each other in the order share a row; everyone is shown."""
    encounter = fight(MAX_COMBATANTS)
    for c in encounter.ordered()[2::3]:
        encounter = encounter.replace(c.with_sheet(c.combatant.with_state(hp=5)))
    embeds = render_tracker(encounter, messages, "en", gm_view=True)
    assert all(within_limits(embed) for embed in embeds)
    shown = [row for embed in embeds for row in values(embed)]
    assert shown[:4] == [
        ("1–2. Orc ×2 (1–2) [npc]", "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10"),
        ("3. Orc 3 [npc]", "HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 10/10"),
        ("4–5. Orc ×2 (4–5) [npc]", "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10"),
        ("6. Orc 6 [npc]", "HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 10/10"),
    ]
    assert shown[-1] == ("100. Orc 100 [npc]", "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10")
    assert sum(fighters_in(name) for name, _ in shown) == MAX_COMBATANTS
    assert len(shown) == 67  # 33 hurt rows, 33 pairs, and the last orc
    assert embeds[0].title == "Ford"
    assert embeds[-1].footer.text == "Initiative: Basic Speed and DX (R4.3)"
    assert [len(message) for message in pack_messages(embeds)] == [3]  # one message


def test_a_small_fight_keeps_one_row_a_fighter(messages: Messages) -> None:
    """Up to 25 fighters every one has his own row, copies or not."""
    embed = one_tracker(fight(25), messages, "en", gm_view=True)
    assert [name for name, _ in values(embed)] == [f"{i}. Orc {i} [npc]" for i in range(1, 26)]


def test_a_tracker_that_fills_an_embed_goes_on_in_the_next(messages: Messages) -> None:
    """Long names fill an embed's 6000 characters before its 25 fields; nothing is cut,
    and what one message cannot hold goes to the next. (Every fighter hurt differently
    from his neighbours, so no two share a row.)"""
    sheets = [
        Combatant.create(name=f"{'Guerreiro hobgoblin da guarda ' * 2}{i}", attributes={"st": 12})
        for i in range(1, MAX_COMBATANTS + 1)
    ]
    encounter, _ = add_combatants(
        Encounter(name="Ford", gm_id=1),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    for number, c in enumerate(encounter.ordered()):
        encounter = encounter.replace(c.with_sheet(c.combatant.with_state(hp=number % 2 + 1)))
    embeds = render_tracker(encounter, messages, "pt-BR", gm_view=True)
    assert all(within_limits(embed) for embed in embeds)
    shown = [name for embed in embeds for name, _ in values(embed)]
    assert len(shown) == MAX_COMBATANTS
    assert all(len(name) < 100 and not name.endswith("…") for name in shown)
    packed = pack_messages(embeds)
    assert len(packed) > 1
    assert all(sum(len(embed) for embed in message) <= MAX_TOTAL for message in packed)
    assert [embed for message in packed for embed in message] == embeds


def test_pack_messages_keeps_the_order_within_ten_embeds_and_6000_characters() -> None:
    def sized(n: int) -> discord.Embed:
        return discord.Embed(description="d" * n)

    embeds = [sized(2500), sized(2500), sized(1001), *[sized(10) for _ in range(12)]]
    packed = pack_messages(embeds)
    assert [[len(e) for e in message] for message in packed] == [
        [2500, 2500],
        [1001, *[10] * 9],
        [10, 10, 10],
    ]
    assert pack_messages([]) == []


def test_turn_embed_lists_rolls_with_rule_ids(messages: Messages) -> None:
    # Stunned before his turn, Orc 1 rolls HT as it ends (R7.10).
    encounter = fight()
    stunned = set_condition(encounter.find("Orc 1"), Condition.STUNNED, True)
    encounter, _ = advance_turn(encounter.replace(stunned), ScriptedDice([]))
    encounter, result = advance_turn(encounter, ScriptedDice([6, 5, 4]))
    (embed,) = render_turn(encounter, result, messages, "en")
    assert embed.title == "Round 1: Orc 2's turn"
    assert embed.description == (
        "Orc 1 rolls HT to recover from stun: 15 (6, 5, 4) vs 10, failure. (R7.10)"
    )


def test_every_fallen_fighter_skipped_has_its_line_r4_2(messages: Messages) -> None:
    """A full fight where all but two lie dead: the turn passes over 98 of them (R4.2),
    one line each, over as many embeds as their text needs, none cut."""
    name = "Guerreiro hobgoblin da guarda de honra do velho moinho de água do vale"
    sheets = [
        Combatant.create(name=f"{name} {i}", attributes={"st": 12, "basic_speed": 30.0 - i / 4})
        for i in range(1, MAX_COMBATANTS + 1)
    ]
    encounter, _ = add_combatants(
        Encounter(name="Ford", gm_id=1),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    encounter, _ = advance_turn(encounter, ScriptedDice([]))  # round 1: the first one
    for c in encounter.ordered()[1:-1]:
        encounter = encounter.replace(set_condition(c, Condition.DEAD, True))
    encounter, result = advance_turn(encounter, ScriptedDice([]))
    embeds = render_turn(encounter, result, messages, "pt-BR")
    assert len(embeds) == 3
    assert embeds[0].title == f"Rodada 1: vez de {name} {MAX_COMBATANTS}"
    lines = [line for embed in embeds for line in (embed.description or "").splitlines()]
    assert len(lines) == MAX_COMBATANTS - 2
    assert lines[0] == f"{name} 2 perde a vez: morto. (R4.2)"
    assert lines[-1] == f"{name} {MAX_COMBATANTS - 1} perde a vez: morto. (R4.2)"
    assert all(within_limits(embed) for embed in embeds)
    assert [len(message) for message in pack_messages(embeds)] == [1, 2]


def test_line_embeds_split_between_lines_and_keep_the_title() -> None:
    lines = ["a" * 2000, "b" * 2000, "c" * 95, "d" * 10]
    embeds = line_embeds(ResultKind.INFO, "T", lines)
    assert [e.title for e in embeds] == ["T", None]
    # 2000 + 1 + 2000 + 1 + 95 = 4097 characters would pass 4096: "c" starts the next.
    assert [e.description for e in embeds] == ["\n".join(lines[:2]), "\n".join(lines[2:])]
    fits = line_embeds(ResultKind.INFO, None, ["a" * 2000, "b" * 2000, "c" * 94])
    assert [len(e.description or "") for e in fits] == [4096]
    assert line_embeds(ResultKind.INFO, "T", [])[0].description is None


def test_end_summary_names_the_fallen(messages: Messages) -> None:
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    down = set_condition(encounter.find("Orc 2"), Condition.DEAD, True)
    embed = render_ended(encounter.replace(down), messages, "en")
    assert embed.title == "Encounter over: Ford"
    assert embed.description == "Lasted 1 round (1 s)."
    assert values(embed) == [("Fallen", "Orc 2: dead")]


def test_end_summary_agrees_with_the_tracker_seconds(messages: Messages) -> None:
    """R4.1: a round is a second, counted once it is over. In round 11 the tracker shows
    10 s elapsed; ending the fight then counts that round too: 11 s, more than R8.4's 10."""
    encounter, _ = advance_turn(fight(), ScriptedDice([]))
    eleventh = encounter.model_copy(
        update={"sequence": encounter.sequence.model_copy(update={"round": 11})}
    )
    assert one_tracker(eleventh, messages, "en").description == (
        "▶ **Orc 1**'s turn\nRound 11 · 10 s elapsed"
    )
    assert render_ended(eleventh, messages, "en").description == (
        "Lasted 11 rounds: 11 s, the round it ended in counted (10 s had elapsed before it) (R4.1)."
    )
    assert render_ended(eleventh, messages, "pt-BR").description == (
        "Durou 11 rodadas: 11 s, contando a rodada em que terminou (10 s tinham decorrido antes "
        "dela) (R4.1)."
    )


@pytest.mark.parametrize(
    ("locale", "rounds", "text"),
    [
        ("en", 1, "Side orcs is paralysed for 1 round (through round 2)"),
        ("en", 3, "Side orcs is paralysed for 3 rounds (through round 4)"),
        ("pt-BR", 1, "O lado orcs fica paralisado por 1 rodada (até a rodada 2)"),
        ("pt-BR", 3, "O lado orcs fica paralisado por 3 rodadas (até a rodada 4)"),
    ],
)
def test_total_surprise_counts_its_rounds(
    messages: Messages, locale: str, rounds: int, text: str
) -> None:
    from bot.render.encounter import render_total_surprise

    embed = render_total_surprise(
        total_surprise("orcs", 2, ScriptedDice([rounds])), messages, locale
    )
    assert embed.description is not None
    assert embed.description.startswith(text)


def test_partial_surprise_embed(messages: Messages) -> None:
    outcome = partial_surprise(
        SideProfile(side="party", leader_iq=12, leader_combat_reflexes=True),
        SideProfile(side="orcs"),
        ScriptedDice([2, 6]),
    )
    embed = render_partial_surprise(outcome, messages, "en")
    assert values(embed) == [
        ("party", "Dice 2; leader with Combat Reflexes +2, more intelligent leader +1; total 5"),
        ("orcs", "Dice 6; no leader -2; total 4"),
    ]


def test_partial_surprise_tie_is_labelled_as_a_re_roll_r2_2(messages: Messages) -> None:
    """Both sides total 4 on the first dice (1 + 3, 6 - 2): a tie, rolled again (R2.2's
    reading); the re-roll decides, and the reply says which dice were the re-roll."""
    outcome = partial_surprise(
        SideProfile(side="party", leader_iq=12, leader_combat_reflexes=True),
        SideProfile(side="orcs"),
        ScriptedDice([1, 6, 4, 2]),
    )
    assert (outcome.winner, outcome.loser) == ("party", "orcs")
    assert values(render_partial_surprise(outcome, messages, "en")) == [
        (
            "party",
            "Dice 1 (a tie, rolled again) → 4; leader with Combat Reflexes +2, more intelligent"
            " leader +1; total 7",
        ),
        ("orcs", "Dice 6 (a tie, rolled again) → 2; no leader -2; total 0"),
    ]
    pt = values(render_partial_surprise(outcome, messages, "pt-BR"))
    assert pt[1] == ("orcs", "Dados 6 (empate, rolado de novo) → 2; sem líder -2; total 0")


# --------------------------------------------------------------------------- the fallen


def hurt(encounter: Encounter, name: str, **state: object) -> Encounter:
    """``encounter`` with ``name``'s state fields changed (and this turn's maneuver kept)."""
    found = encounter.find(name)
    return encounter.replace(found.with_sheet(found.combatant.with_state(**state)))


def acting(encounter: Encounter, name: str, maneuver: str, **turn: object) -> Encounter:
    found = encounter.find(name)
    updated = found.turn.model_copy(update={"maneuver": maneuver, **turn})
    return encounter.replace(found.model_copy(update={"turn": updated}))


def line_of(embed: object, name: str) -> str:
    return next(value for field, value in values(embed) if f" {name} [" in field)


def test_the_dead_show_hp_and_death_only(messages: Messages) -> None:
    encounter = acting(fight(), "Orc 2", "attack")
    encounter = hurt(
        encounter, "Orc 2", hp=-7, dead=True, stunned=True, shock_penalty=-4, knocked_down=True
    )
    assert line_of(one_tracker(encounter, messages, "en"), "Orc 2") == "HP ▱▱▱▱▱ -7/12 · 💀 dead"
    assert line_of(one_tracker(encounter, messages, "pt-BR"), "Orc 2") == (
        "PV ▱▱▱▱▱ -7/12 · 💀 morto"
    )


def test_the_destroyed_and_the_dead_lying_down(messages: Messages) -> None:
    encounter = hurt(fight(), "Orc 1", hp=-70, dead=True, destroyed=True)
    encounter = hurt(encounter, "Orc 2", hp=-13, dead=True, posture=Posture.PRONE)
    embed = one_tracker(encounter, messages, "en")
    assert line_of(embed, "Orc 1") == "HP ▱▱▱▱▱ -70/12 · 💥 destroyed"
    assert line_of(embed, "Orc 2") == "HP ▱▱▱▱▱ -13/12 · prone · 💀 dead"
    pt = one_tracker(encounter, messages, "pt-BR")
    assert line_of(pt, "Orc 1") == "PV ▱▱▱▱▱ -70/12 · 💥 destruído"
    assert line_of(pt, "Orc 2") == "PV ▱▱▱▱▱ -13/12 · deitado de bruços · 💀 morto"


def test_the_unconscious_keep_fp_and_what_may_still_kill_them(messages: Messages) -> None:
    encounter = acting(fight(), "Orc 1", "all_out_defense", all_out_defense="increased_dodge")
    encounter = hurt(
        encounter,
        "Orc 1",
        hp=-3,
        unconscious=True,
        mortally_wounded=True,
        posture=Posture.LYING_FACE_UP,
        stunned=True,
        shock_penalty=-2,
    )
    encounter = hurt(encounter, "Orc 2", unconscious=True)  # set by hand: still standing
    embed = one_tracker(encounter, messages, "en")
    assert line_of(embed, "Orc 1") == (
        "HP ▱▱▱▱▱ -3/12 · FP ▰▰▰▰▰ 10/10 · lying face up · 😵 unconscious · ⚰️ mortally wounded"
    )
    assert line_of(embed, "Orc 2") == "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10 · 😵 unconscious"
    pt = one_tracker(encounter, messages, "pt-BR")
    assert line_of(pt, "Orc 1") == (
        "PV ▱▱▱▱▱ -3/12 · PF ▰▰▰▰▰ 10/10 · deitado de costas · 😵 inconsciente · "
        "⚰️ mortalmente ferido"
    )


def test_hidden_npcs_fallen_show_a_state_word_and_a_lying_posture(messages: Messages) -> None:
    encounter = hurt(fight(hide=True), "Orc 1", hp=-13, dead=True, shock_penalty=-4)
    encounter = hurt(encounter, "Orc 2", hp=-1, unconscious=True, posture=Posture.PRONE)
    assert [v for _, v in values(one_tracker(encounter, messages, "en"))] == [
        "dead",
        "unconscious · prone",
    ]
    assert [v for _, v in values(one_tracker(encounter, messages, "pt-BR"))] == [
        "morto",
        "inconsciente · deitado de bruços",
    ]


def test_end_summary_lists_only_how_each_fell(messages: Messages) -> None:
    encounter = hurt(fight(), "Orc 1", hp=-13, dead=True, shock_penalty=-4, stunned=True)
    encounter = hurt(encounter, "Orc 2", hp=-2, unconscious=True, shock_penalty=-2)
    assert values(render_ended(encounter, messages, "en")) == [
        ("Fallen", "Orc 1: dead\nOrc 2: unconscious")
    ]
    assert values(render_ended(encounter, messages, "pt-BR")) == [
        ("Caídos", "Orc 1: morto\nOrc 2: inconsciente")
    ]


# --------------------------------------------------------------------------- maneuvers


def test_maneuver_is_shown_by_its_catalog_name(messages: Messages) -> None:
    encounter = acting(fight(), "Orc 1", "move_and_attack")
    encounter = acting(encounter, "Orc 2", "all_out_attack", all_out_attack="determined")
    embed = one_tracker(encounter, messages, "en")
    assert values(embed) == [
        ("1. Orc 1 [npc]", "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10 · maneuver: Move and Attack"),
        (
            "2. Orc 2 [npc]",
            "HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 10/10 · maneuver: All-Out Attack (+4 to hit)",
        ),
    ]
    pt = one_tracker(encounter, messages, "pt-BR")
    assert values(pt) == [
        ("1. Orc 1 [npc]", "PV ▰▰▰▰▰ 12/12 · PF ▰▰▰▰▰ 10/10 · manobra: Deslocamento e Ataque"),
        (
            "2. Orc 2 [npc]",
            "PV ▰▰▰▰▰ 12/12 · PF ▰▰▰▰▰ 10/10 · manobra: Ataque Total (+4 no acerto)",
        ),
    ]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
@pytest.mark.parametrize("maneuver", list(Maneuver))
def test_every_maneuver_and_option_has_a_name(
    messages: Messages, locale: str, maneuver: Maneuver
) -> None:
    encounter = acting(fight(), "Orc 1", maneuver.value)
    line = line_of(one_tracker(encounter, messages, locale), "Orc 1")
    name = messages.text(f"maneuver.name.{maneuver.value}", locale)
    assert line.endswith(messages.text("encounter.line.maneuver", locale, maneuver=name))
    assert maneuver.value not in line


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_all_out_option_has_a_name(messages: Messages, locale: str) -> None:
    for option in AllOutAttackOption:
        encounter = acting(fight(), "Orc 1", "all_out_attack", all_out_attack=option.value)
        suffix = f"({messages.text(f'maneuver.all_out_attack.{option.value}', locale)})"
        assert line_of(one_tracker(encounter, messages, locale), "Orc 1").endswith(suffix)
    for choice in AllOutDefenseOption:
        encounter = acting(fight(), "Orc 1", "all_out_defense", all_out_defense=choice.value)
        suffix = f"({messages.text(f'maneuver.all_out_defense.{choice.value}', locale)})"
        assert line_of(one_tracker(encounter, messages, locale), "Orc 1").endswith(suffix)


# --------------------------------------------------------------------------- the sheet and undo


def test_sheet_words_are_translated(messages: Messages) -> None:
    sheet = Combatant.create(
        name="Ghoul",
        attributes={"st": 12, "dx": 11, "iq": 9, "ht": 12, "basic_speed": 5.75},
        traits=frozenset({Trait.IT_UNLIVING, Trait.COMBAT_REFLEXES}),
    )
    ghoul = EncounterCombatant(combatant_id="1", side="npc", combatant=sheet)
    encounter = Encounter(name="Crypt", gm_id=1, combatants=(ghoul,))
    pt = dict(values(render_sheet(ghoul, encounter, messages, "pt-BR", gm_view=True)))
    assert pt["Atributos"] == "ST 12 · DX 11 · IQ 9 · HT 12\nPV 12 · PF 12 · Vontade 9 · Per 9"
    assert pt["Velocidade, Deslocamento e proteção"].startswith("Velocidade Básica 5,75 ·")
    assert pt["Características"] == "Reflexos em Combate, Tolerância a Ferimentos (Não Vivo)"
    en = dict(values(render_sheet(ghoul, encounter, messages, "en", gm_view=True)))
    assert en["Attributes"] == "ST 12 · DX 11 · IQ 9 · HT 12\nHP 12 · FP 12 · Will 9 · Per 9"
    assert en["Speed, Move and protection"].startswith("Basic Speed 5.75 ·")
    assert en["Traits"] == "Combat Reflexes, Injury Tolerance (Unliving)"


@pytest.mark.parametrize(
    ("kind", "english", "portuguese"),
    [
        ("weapon", "weapon change", "mudança de arma"),
        ("armor", "armor change", "mudança de armadura"),
    ],
)
def test_undo_names_gear_changes(
    messages: Messages, kind: str, english: str, portuguese: str
) -> None:
    encounter = fight()
    event = EncounterEvent(
        id=3,
        encounter_id=1,
        kind=kind,
        actor_id=1,
        created_at="2026-01-01T00:00:00",
        before={"combatants": {"1": {"name": "Orc 1"}}},
        after={"combatants": {"1": {"name": "Orc 1"}}},
        detail={},
        undoes=None,
        undone_by=4,
    )
    record = EncounterRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        status="active",
        created_at="2026-01-01T00:00:00",
        ended_at=None,
        encounter=encounter,
    )
    result = UndoResult(undone=event, record=record)
    assert render_undone(result, messages, "en").title == f"Undone: {english}"
    assert render_undone(result, messages, "pt-BR").title == f"Desfeito: {portuguese}"


@pytest.mark.parametrize(("locale", "word"), [("en", "grappled"), ("pt-BR", "agarrado")])
def test_a_grappled_combatant_says_so_r11_12(messages: Messages, locale: str, word: str) -> None:
    from bot.render.encounter import conditions

    orc = fight().find("Orc 1")
    assert conditions(set_condition(orc, Condition.GRAPPLED, True), messages, locale) == [word]
    assert (
        set_condition(set_condition(orc, Condition.GRAPPLED, True), Condition.GRAPPLED, False).turn
        == orc.turn
    )


@pytest.mark.parametrize(
    ("locale", "count", "started", "expected"),
    [
        ("en", 1, False, ("1 combatant added", "Orc 1 joined the roster; ")),
        ("en", 2, True, ("2 combatants added", "Orc 1, Orc 2 roll initiative and join the ")),
        ("en", 1, True, ("1 combatant added", "Orc 1 rolls initiative and joins the ")),
        ("pt-BR", 1, False, ("1 combatente adicionado", "Orc 1 entrou no grupo; ")),
        ("pt-BR", 2, False, ("2 combatentes adicionados", "Orc 1, Orc 2 entraram no grupo; ")),
        (
            "pt-BR",
            2,
            True,
            ("2 combatentes adicionados", "Orc 1, Orc 2 rolam iniciativa e entram "),
        ),
    ],
)
def test_added_combatants_agree_in_number(
    messages: Messages, locale: str, count: int, started: bool, expected: tuple[str, str]
) -> None:
    title, description = expected
    from bot.render.encounter import render_added

    encounter = fight(count)
    if started:
        encounter, _ = advance_turn(encounter, ScriptedDice([]))
    embed = render_added(encounter, encounter.combatants, messages, locale, aware=False)
    assert embed.title == title
    assert embed.description is not None
    assert embed.description.startswith(description)


def test_the_crippling_months_show_their_die_r7_17(messages: Messages) -> None:
    """R7.17's worked example: HT 11 rolls 12 (failure by 1), then 1d6 = 4: 4 months. The 1d6
    is shown with the months it gave."""
    from rules.combatant import BodyPart
    from rules.encounter import crippling_after_combat
    from rules.options import RuleOptions

    encounter = fight()
    orc = encounter.find("Orc 1").combatant
    crippled = orc.with_state(crippled=frozenset({BodyPart.LEFT_ARM}))
    sheet = Combatant.create(
        **{**crippled.model_dump(), "attributes": {**crippled.attributes.model_dump(), "ht": 11}}
    )
    encounter = encounter.replace(encounter.find("Orc 1").with_sheet(sheet))
    rolls = crippling_after_combat(encounter, ScriptedDice([4, 4, 4, 4]), RuleOptions())
    embed = render_ended(encounter, messages, "en", rolls)
    assert dict(values(embed))["Crippled parts (R7.17)"] == (
        "Orc 1, Left arm: HT 11, rolled 12 (4, 4, 4): failure → 1d6 rolled 4: 4 months to recover."
    )


@pytest.mark.parametrize(
    ("state", "line"),
    [
        ({"stunned": True}, "Orc 1 is stunned: only Do Nothing this turn."),
        ({"mentally_stunned": True}, "Orc 1 is mentally stunned: only Do Nothing this turn."),
    ],
)
def test_the_turn_says_which_stun_allows_only_do_nothing_r7_10_r7_11(
    messages: Messages, state: dict[str, bool], line: str
) -> None:
    encounter = hurt(fight(), "Orc 1", **state)
    encounter, result = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Orc 1"
    description = render_turn(encounter, result, messages, "en")[-1].description or ""
    assert description.splitlines()[-1] == line


# --------------------------------------------------------------------------- glanceable


@pytest.mark.parametrize(
    ("current", "maximum", "shown"),
    [
        (13, 13, "▰▰▰▰▰"),
        (12, 13, "▰▰▰▰▱"),  # anything below the maximum shows a gap
        (8, 13, "▰▰▰▱▱"),
        (6, 12, "▰▰▰▱▱"),  # half: 2.5 rounds up
        (1, 100, "▰▱▱▱▱"),  # anything above 0 shows a mark
        (0, 10, "▱▱▱▱▱"),
        (-7, 12, "▱▱▱▱▱"),
        (30, 20, "▰▰▰▰▰"),
    ],
)
def test_the_bar_is_full_only_at_the_maximum_and_empty_only_at_zero(
    current: int, maximum: int, shown: str
) -> None:
    assert bar(current, maximum) == shown


@pytest.mark.parametrize(
    ("locale", "word"),
    [
        ("en", "crushed windpipe: HT 7 every round"),
        ("pt-BR", "traqueia esmagada: HT 7 a cada rodada"),
    ],
)
def test_a_crushed_windpipe_is_listed_conscious_or_not_r7_29(
    messages: Messages, locale: str, word: str
) -> None:
    """R7.29: a crushed windpipe repeats its HT roll (HT 10 - 3 = 7) every round until it
    succeeds, conscious or not: the tracker lists it among the conditions either way."""
    from bot.render.encounter import conditions

    orc = fight().find("Orc 1")
    choking = orc.with_sheet(orc.combatant.with_state(crushed_trachea=True, trachea_penalty=-3))
    assert conditions(choking, messages, locale) == [word]
    out = choking.with_sheet(choking.combatant.with_state(unconscious=True))
    assert conditions(out, messages, locale)[1:] == [word]
    dead = choking.with_sheet(choking.combatant.with_state(dead=True))
    assert word not in conditions(dead, messages, locale)


def test_every_condition_has_a_marker(messages: Messages) -> None:
    """Each ``encounter.condition.*`` word the tracker shows has its marker."""
    prefix = "encounter.condition."
    keys = {key.removeprefix(prefix) for key in messages.keys("en") if key.startswith(prefix)}
    assert keys <= set(MARKERS)
    assert len(set(MARKERS.values())) == len(MARKERS)
