"""``/fatigue`` through the real client (R8.1-R8.9): spending FP on a fighter of the fight
as one undoable change, the tracker and the defense buttons after it, and the numbers
alone without a fight."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import InteractionResult, StandIn
from bot.standin.live import LiveBot
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant, CombatantState
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels, orc_attacks, start_duel
from tests.e2e.test_environment import tracker_line


async def gm(standin: StandIn, command: str, **options: Any) -> InteractionResult:
    return await standin.slash(command, options, user="gm", channel=CHANNEL)


async def ana(bot: GurpsBot, standin: StandIn) -> CombatantState:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find("Ana").combatant.state


def description(result: InteractionResult) -> list[str]:
    return "\n".join(e.get("description", "") for e in result.embeds).splitlines()


async def test_at_zero_fp_spending_two_fp_costs_two_hp_and_undo_restores_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.2: Ana (FP 12, HP 11) at 0 FP spends 2 FP: FP -2 and HP 9, one undoable change."""
    await start_duel(standin, bot)
    await gm(standin, "combatant edit", name="Ana", fp=0)
    spent = await standin.slash(
        "fatigue spend", {"combatant": "Ana", "amount": 2}, user="alice", channel=CHANNEL
    )
    assert not spent.ephemeral
    assert spent.embed["title"] == "😮‍💨 Ana loses 2 FP"
    assert description(spent) == [
        "FP 0 → **-2** / 12",
        "HP 11 → **9** / 11",
        "At 0 FP or less each FP lost costs 1 HP too: 2 HP (R8.2).",
        "Below 1/3 of his FP: Move 3, Dodge 5, ST 6 (halved, rounding up; HP and damage "
        "unchanged) (R8.1).",
        "At 0 FP or less: a Will roll before each action (failure: he collapses; critical "
        "failure: HT or cardiac arrest), and each FP lost costs 1 HP too (R8.2).",
    ]
    state = await ana(bot, standin)
    assert (state.fp, state.hp) == (-2, 9)

    status = await gm(standin, "encounter status")
    line = {f["name"]: f["value"] for f in status.embed["fields"]}
    assert line[f"1. Ana [party] — <@{standin.user('alice').id}>"] == (
        "HP ▰▰▰▰▱ 9/11 · FP ▱▱▱▱▱ -2/12 · 😓 very tired · Move 3, Dodge 5, ST 6 · "
        "🥵 exhausted: Will before each action"
    )

    undone = await gm(standin, "encounter undo")
    assert undone.embeds[0]["title"] == "Undone: fatigue"
    state = await ana(bot, standin)
    assert (state.fp, state.hp) == (0, 11)
    assert dice.remaining == 0


async def test_tired_dodge_is_halved_on_the_defense_buttons(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.1: at 3 of 12 FP Ana's Dodge 9 is 5 and her tracker line says so."""
    await start_duel(standin, bot)
    await standin.slash(
        "fatigue spend", {"combatant": "Ana", "amount": 9}, user="gm", channel=CHANNEL
    )
    status = await gm(standin, "encounter status")
    assert "😓 very tired · Move 3, Dodge 5, ST 6" in status.embed["fields"][0]["value"]
    dice.extend([3, 4, 4])  # the orc hits
    attack = await orc_attacks(standin)
    assert labels(attack.message)[0] == "Dodge 5"


async def test_fainting_at_minus_fp_and_recovering(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.3: at -12 FP Ana faints; 13 FP later she comes to."""
    await start_duel(standin, bot)
    await gm(standin, "combatant edit", name="Ana", fp=-10)
    spent = await gm(standin, "fatigue spend", combatant="Ana", amount=4)
    lines = description(spent)
    assert lines[:4] == [
        "FP -10 → **-12** / 12",
        "HP 11 → **7** / 11",
        "At 0 FP or less each FP lost costs 1 HP too: 2 HP (R8.2).",
        "At -FP further FP come off HP instead: 2 HP (R8.3).",
    ]
    assert "Ana faints: unconscious until his FP is positive again (R8.3)." in lines
    state = await ana(bot, standin)
    assert (state.fp, state.hp, state.unconscious) == (-12, 7, True)
    back = await gm(standin, "fatigue recover", combatant="Ana", amount=13)
    assert "Ana's FP is positive again: he comes to (R8.3)." in description(back)
    state = await ana(bot, standin)
    assert (state.fp, state.unconscious) == (1, False)


async def test_a_player_cannot_spend_anothers_fp(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    refused = await standin.slash(
        "fatigue spend", {"combatant": "Ana", "amount": 2}, user="bob", channel=CHANNEL
    )
    assert refused.ephemeral
    assert (await ana(bot, standin)).fp == 12


async def test_standalone_numbers_in_portuguese(standin: StandIn, bot: GurpsBot) -> None:
    """No fight: FP 1 of 10 and HP 10 losing 3 → FP -2, HP 8 (R8.2)."""
    answer = await standin.slash(
        "fatigue spend",
        {"amount": 3, "fp": 1, "max-fp": 10, "hp": 10},
        user="alice",
        channel="general",
        locale="pt-BR",
    )
    assert answer.embed["title"] == "😮‍💨 O personagem perde 3 PF"
    assert description(answer)[:3] == [
        "PF 1 → **-2** / 10",
        "PV 10 → **8** / 10",
        "Com 0 PF ou menos, cada PF perdido custa também 1 PV: 2 PV (R8.2).",
    ]


async def test_standalone_without_numbers_is_refused(standin: StandIn, bot: GurpsBot) -> None:
    refused = await standin.slash("fatigue spend", amount=2, user="alice", channel="general")
    assert refused.ephemeral
    assert "max-fp" in refused.embed["description"]


async def test_sprinting_shows_every_roll_and_charges_the_fighter(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.6: 60 s of sprinting for Ana (HT 12): 4 rolls vs 12, two fail → 2 FP, undoable."""
    await start_duel(standin, bot)
    dice.extend([3, 3, 3, 6, 6, 1, 4, 4, 4, 6, 6, 3])
    result = await gm(
        standin, "fatigue exertion", activity="sprinting", seconds=60, combatant="Ana"
    )
    lines = description(result)
    assert lines[:6] == [
        "Sprinting for 60 s: a roll every 15 s, 4 in all; each failure costs 1 FP (R8.6).",
        "Roll 1: HT 12 = 12, rolled 9 (3, 3, 3): success (R8.6)",
        "Roll 2: HT 12 = 12, rolled 13 (6, 6, 1): failure (R8.6)",
        "Roll 3: HT 12 = 12, rolled 12 (4, 4, 4): success (R8.6)",
        "Roll 4: HT 12 = 12, rolled 15 (6, 6, 3): failure (R8.6)",
        "FP lost: **2**.",
    ]
    assert "FP 12 → **10** / 12" in lines
    assert (await ana(bot, standin)).fp == 10
    await gm(standin, "encounter undo")
    assert (await ana(bot, standin)).fp == 12


async def start_armoured_duel(standin: StandIn, bot: GurpsBot) -> None:
    """Ana (alice's, FP 12, Medium encumbrance) against the GM's orc (FP 11)."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
        encumbrance_level=2,
    )
    orc = Combatant.create(name="Orc", attributes={"st": 13, "dx": 11, "ht": 11})
    encounter = Encounter(
        name="Hot day",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="party", combatant=ana, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
        ),
        next_number=3,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )


async def test_a_fifteen_second_fight_in_plate_on_a_hot_day_charges_its_fp_at_the_end(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.4's worked example: 15 s, Medium encumbrance, hot, plate, attacked: 3 + 1 + 2 = 6
    FP for Ana; the orc, who defended, unencumbered and without plate: 1 + 1 = 2."""
    await start_armoured_duel(standin, bot)
    await gm(standin, "encounter next")  # round 1: Ana (Basic Speed 6.25) first
    dice.extend([3, 3, 3])  # Ana hits (9 vs 13)
    attack = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    dice.extend([1, 1, 1])  # the orc dodges critically
    await standin.click(attack.message, 1, user="gm")
    for _ in range(29):  # to round 15, the orc's turn
        await gm(standin, "encounter next")
    ended = await gm(standin, "encounter end", hot=True, plate="Ana")
    summary = ended.embed
    assert summary["description"] == (
        "Lasted 15 rounds: 15 s, the round it ended in counted (14 s had elapsed before it) (R4.1)."
    )
    fatigue = {f["name"]: f["value"] for f in summary["fields"]}["Combat fatigue (R8.4)"]
    assert fatigue.splitlines() == [
        "Ana: **6 FP** = 3 (encumbrance 2) + 1 (hot weather) + 2 (plate or overcoat) (R8.4).",
        "Orc: **2 FP** = 1 (encumbrance 0) + 1 (hot weather) (R8.4).",
        "The fight's GM applies it with the button below.",
    ]
    assert labels(ended.message) == ["Apply combat fatigue"]

    refused = await standin.click(ended.message, "Apply combat fatigue", user="alice")
    assert refused.ephemeral
    applied = await standin.click(ended.message, "Apply combat fatigue", user="gm")
    assert not applied.ephemeral
    after = standin.message(ended.message.id)
    fields = {f["name"]: f["value"] for f in after.embeds[0]["fields"]}
    assert fields["Combat fatigue (R8.4)"].splitlines() == [
        "Ana: -6 FP, FP 12 → **6**",
        "Orc: -2 FP, FP 11 → **9**",
    ]
    assert labels(after) == ["Undo combat fatigue"]
    repository = EncounterRepository(bot.database)
    [record] = await repository.history(standin.channel(CHANNEL).id)
    assert [c.combatant.state.fp for c in record.encounter.combatants] == [6, 9]

    await standin.click(after, "Undo combat fatigue", user="gm")
    undone = standin.message(ended.message.id)
    assert labels(undone) == ["Apply combat fatigue"]
    [record] = await repository.history(standin.channel(CHANNEL).id)
    assert [c.combatant.state.fp for c in record.encounter.combatants] == [12, 11]
    assert dice.remaining == 0


async def test_a_short_fight_offers_nothing(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.4: ten seconds or less costs nothing, so the summary has no button."""
    await start_armoured_duel(standin, bot)
    await gm(standin, "encounter next")
    ended = await gm(standin, "encounter end", hot=True, plate="Ana")
    assert "Combat fatigue (R8.4)" not in [f["name"] for f in ended.embed.get("fields", [])]
    assert labels(ended.message) == []


async def test_the_combat_fatigue_button_works_after_a_restart(
    standin: StandIn, live_bot: LiveBot, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The offer is kept on the ended fight and the button is persistent (R8.4)."""
    await start_armoured_duel(standin, bot)
    await gm(standin, "encounter next")
    dice.extend([3, 3, 3])
    attack = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    dice.extend([1])  # sw+1 cut: 1d+2 → 3 cut, ×1.5 → 4 injury
    took = await standin.click(attack.message, "No defense", user="gm")
    assert took.errors == []
    for _ in range(21):  # to round 11
        await gm(standin, "encounter next")
    ended = await gm(standin, "encounter end")
    again = await live_bot.restart()
    await standin.click(ended.message, "Apply combat fatigue", user="gm")
    after = standin.message(ended.message.id)
    fields = {f["name"]: f["value"] for f in after.embeds[0]["fields"]}
    assert fields["Combat fatigue (R8.4)"] == "Ana: -3 FP, FP 12 → **9**"
    [record] = await EncounterRepository(again.database).history(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ana").combatant.state.fp == 9
    # The orc took the blow without defending: he neither attacked nor defended.
    assert record.encounter.find("Orc").combatant.state.hp == 13 - 4
    assert dice.remaining == 0


async def test_a_cardiac_arrest_shows_when_death_comes(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.2: Ana at 0 FP rolls Will 10 before acting: 18, a critical failure; HT 12 rolls 13,
    her heart stops: FP -12, and she dies in 12/3 = 4 minutes, in round 1 + 240, unless
    helped. The tracker says so."""
    await start_duel(standin, bot)
    await gm(standin, "combatant edit", name="Ana", fp=0)
    dice.extend([6, 6, 6, 6, 5, 2])
    turn = await gm(standin, "encounter next")
    text = "\n".join(e.get("description") or "" for e in turn.embeds)
    assert (
        "His heart stops: he dies in 4 min 0 s (HT/3 minutes), in round 241, unless he is "
        "helped (R8.2)." in text
    )
    assert "cardiac arrest (dies in round 241 unless helped)" in tracker_line(turn, "Ana")
    assert (await ana(bot, standin)).fp == -12
    assert dice.remaining == 0


async def test_a_tired_fighter_is_knocked_back_by_his_halved_st(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.1, R7.14: Ana at 3 FP of 12 has ST 6 for everything but HP and damage: 5 crushing
    (DR 1: 4 injury) knocks her back 5 // 4 = 1 m; DX 13 rolls 9 and she keeps her feet."""
    await start_duel(standin, bot)
    await gm(standin, "combatant edit", name="Ana", fp=3)
    dice.extend([3, 3, 3])
    hit = await gm(standin, "damage", target="Ana", amount="5", type="cr")
    breakdown = fields(hit.embeds[0])
    assert breakdown["Injury"] == "**4**"
    assert "Knocked back 1 m (R7.14)" in breakdown["Consequences"]
    assert dice.remaining == 0


async def stop_anas_heart(standin: StandIn, bot: GurpsBot, dice: ScriptedDice) -> None:
    """Ana (HT 1, Will 10, at 0 FP, first in the order) rolls Will before acting: 18, a
    critical failure; HT 1 rolls 18: her heart stops in round 1, and she dies in 1/3 of a
    minute = 20 s, in round 21, unless helped (R8.2)."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 1, "iq": 10, "basic_speed": 7},
        state={"fp": 0},
    )
    orc = Combatant.create(name="Orc", attributes={"st": 13, "dx": 11, "ht": 11})
    encounter = Encounter(
        name="Last breath",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="party", combatant=ana, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
        ),
        next_number=3,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )
    dice.extend([6, 6, 6, 6, 6, 6])
    first = await gm(standin, "encounter next")
    assert "cardiac arrest (dies in round 21 unless helped)" in tracker_line(first, "Ana")


async def test_a_cardiac_arrest_kills_when_its_round_comes(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.2: nobody helps Ana: alive through round 20, dead at her place in round 21, counted
    at -1 x HP (-11 for HP 11). Undo brings round 20 back."""
    await stop_anas_heart(standin, bot, dice)
    for _ in range(19):
        await gm(standin, "encounter next")
    assert not (await ana(bot, standin)).dead
    last = await gm(standin, "encounter next")
    text = "\n".join(e.get("description") or "" for e in last.embeds)
    assert "Ana dies. (R8.2)" in text
    state = await ana(bot, standin)
    assert (state.dead, state.hp) == (True, -11)
    await gm(standin, "encounter undo")
    assert not (await ana(bot, standin)).dead
    assert dice.remaining == 0


async def test_helping_a_stopped_heart_in_time_saves_him(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.2: a First Aid 12 roll of 13 does not help; then 9 does: Ana lives on at
    min(0, 11) = 0 HP, unconscious at -FP (R8.3), and round 21 passes without her death."""
    await stop_anas_heart(standin, bot, dice)
    dice.extend([6, 6, 1])
    failed = await gm(standin, "fatigue heart", combatant="Ana", skill=12)
    lines = description(failed)
    assert lines[0] == "Helper: First Aid 12 = 12, rolled 13 (6, 6, 1): failure (R8.2)"
    assert "Ana's heart is still stopped" in lines[1]
    dice.extend([3, 3, 3])
    helped = await gm(standin, "fatigue heart", combatant="Ana", skill=12)
    assert failed.embeds[0]["title"] == "💓 Helping Ana's heart"
    assert description(helped)[1:] == [
        "Ana's heart beats again: he survives, at 0 HP or less (HP 11 → **0**) (R8.2).",
        "Ana stays unconscious until his FP are positive again (R8.3).",
    ]
    for _ in range(21):
        await gm(standin, "encounter next")
    state = await ana(bot, standin)
    assert (state.dead, state.hp, state.unconscious) == (False, 0, True)
    again = await gm(standin, "fatigue heart", combatant="Ana")
    assert again.ephemeral
    assert "Ana's heart has not stopped" in again.embeds[0]["description"]
    assert dice.remaining == 0


async def test_rest_does_not_restore_fp_lost_to_missed_sleep_until_he_sleeps(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.9: Ana (FP 12) awake 24 h loses 3 FP (12 → 9), kept apart; 4 more from a spell
    (5). Resting for 12 gets her back to 9 only: 3 held back. After a good night's sleep the
    3 come back (12). Undo brings the block back."""
    await start_duel(standin, bot)
    await gm(standin, "fatigue sleep", awake=24, combatant="Ana")
    await gm(standin, "fatigue spend", amount=4, combatant="Ana")
    assert (await ana(bot, standin)).fp_withheld == {"sleep": 3}
    rested = await gm(standin, "fatigue recover", amount=12, combatant="Ana")
    lines = description(rested)
    assert lines[0] == "FP 5 → **9** / 12"
    assert (
        "3 FP stay lost to missed sleep (back after a good night's sleep, R8.9): rest alone "
        "does not bring them back." in lines
    )
    assert rested.embeds[0]["title"] == "🫁 Ana recovers 4 FP"
    slept = await gm(standin, "fatigue recover", amount=3, combatant="Ana", after="sleep")
    lines = description(slept)
    assert lines[0] == "FP 9 → **12** / 12"
    assert "After a good night's sleep, the FP lost to it can come back." in lines
    state = await ana(bot, standin)
    assert (state.fp, state.fp_withheld) == (12, {})
    await gm(standin, "encounter undo")
    state = await ana(bot, standin)
    assert (state.fp, state.fp_withheld) == (9, {"sleep": 3})
    assert dice.remaining == 0


async def test_fp_held_back_by_hunger_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R8.7: Ana misses 2 meals (12 → 10); resting for 2 brings nothing back: 2 PF held."""
    await start_duel(standin, bot)
    await gm(standin, "fatigue meals", missed=2, combatant="Ana")
    rested = await standin.slash(
        "fatigue recover",
        {"amount": 2, "combatant": "Ana"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert description(rested)[0] == "PF 10 → **10** / 12"
    assert (
        "2 PF continuam perdidos por fome (voltam após um dia inteiro de descanso e comida, "
        "R8.7): só descansar não os traz de volta." in description(rested)
    )
    assert dice.remaining == 0
