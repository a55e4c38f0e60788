"""Attack, defend and damage through the real client against the stand-in (issue 5).

The GM attacks with the orc; Ana's player answers with the defense buttons. Scripted
dice make every number exact: to-hit, the defense roll, the damage and the knockdown roll.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository, PendingStatus
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in message.interactive_components()]


async def start_duel(
    standin: StandIn, bot: GurpsBot, *, orc_skill: int = 13, ana_traits: tuple[str, ...] = ()
) -> None:
    """Ana (alice's: Dodge 9, Parry 9 with her sword, HP 11, DR 1) against the GM's orc.

    Ana: Basic Speed (13 + 12) / 4 = 6.25 → Dodge 9; sword skill 13 → Parry 3 + 6 = 9.
    Orc: ST 13 swings 2d-1, the axe adds 2 → 2d+1 cut.
    """
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
        dr={"uniform": 1},
        traits=list(ana_traits),
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 11, "ht": 11},
        weapons=[{"name": "axe", "skill": orc_skill, "damage": "sw+2 cut"}],
    )
    encounter = Encounter(
        name="Duel",
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


async def ana_hp(bot: GurpsBot, standin: StandIn) -> int:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    return record.encounter.find("Ana").combatant.state.hp


async def orc_attacks(standin: StandIn, kind: str = "attack", **options: object) -> Any:
    return await standin.slash(
        kind,
        {"attacker": "Orc", "target": "Ana", **options},
        user="gm",
        channel=CHANNEL,
    )


async def test_failed_parry_applies_exact_injury(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    alice = standin.user("alice")
    dice.extend([3, 4, 4])  # 11 vs 13: hit by 2
    attack = await orc_attacks(standin)
    assert attack.response.content == messages.text(
        "attack.prompt", "en", mention=f"<@{alice.id}>", target="Ana"
    )
    shown = fields(attack.embeds[0])
    assert shown["Effective skill"] == "Skill 13\n= **13**"
    assert shown["Attack roll"] == "Rolled **11** (3, 4, 4): hit (by 2)"
    assert labels(attack.message) == ["Dodge 9", "Parry 9 (sword)", "Retreat (+3)", "No defense"]

    # Parry 9 fails on 14; 2d+1 rolls 4 + 3 + 1 = 8 cut, DR 1 → 7 × 1.5 = 10 injury.
    # 10 > 11/2 is a major wound: HT 12 rolls 9 and Ana stays up (R7.7, R7.8).
    dice.extend([5, 5, 4, 4, 3, 3, 3, 3])
    clicked = await standin.click(attack.message, "Parry 9 (sword)", user="alice")
    assert not clicked.ephemeral
    after = standin.message(attack.message.id)
    _, defense, damage = after.embeds
    assert defense["title"] == "🛡️ Ana defends against Orc"
    assert fields(defense)["Defense roll"] == "Rolled **14** (5, 5, 4): failed (by 5)"
    breakdown = fields(damage)
    assert breakdown["Basic damage"] == "2d+1 → **8** cut (4, 3)"
    assert (breakdown["DR"], breakdown["Penetrating"], breakdown["Wounding"]) == ("1", "7", "×1.5")
    assert breakdown["Injury"] == "**10**"
    assert breakdown["HP"] == "11 → **1** / 11"
    assert "Shock -4 on the next turn (R7.6)" in breakdown["Consequences"]
    assert "Major wound (R7.7)" in breakdown["Consequences"]
    assert "Knockdown: HT 12 = 12, rolled 9 (3, 3, 3): success (R7.8)" in breakdown["Consequences"]
    assert labels(after) == []
    assert dice.remaining == 0
    assert await ana_hp(bot, standin) == 1


async def test_a_strangers_click_is_refused_and_changes_nothing(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    repository = EncounterRepository(bot.database)
    before = await repository.require_active(standin.channel(CHANNEL).id)
    events = await repository.events(before.id, limit=100)

    refused = await standin.click(attack.message, "Dodge 9", user="bob")
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "defend.error.not_yours", "en", target="Ana"
    )
    assert "fields" not in refused.embed  # no /defend example for a button press
    assert await repository.require_active(standin.channel(CHANNEL).id) == before
    assert await repository.events(before.id, limit=100) == events
    assert labels(standin.message(attack.message.id)) == labels(attack.message)
    pending = await PendingAttackRepository(bot.database).open_in(standin.channel(CHANNEL).id)
    assert [p.status for p in pending] == [PendingStatus.AWAITING]

    # The GM may answer for an absent player: a successful Dodge (8 vs 9).
    dice.extend([2, 3, 3])
    await standin.click(attack.message, "Dodge 9", user="gm")
    defense = standin.message(attack.message.id).embeds[1]
    assert fields(defense)["Defense roll"] == "Rolled **8** (2, 3, 3): defended (by 1)"
    assert dice.remaining == 0
    assert await ana_hp(bot, standin) == 11


async def test_critical_hit_offers_no_defense(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    # 3 is a critical hit: no defense (A.1). 2d+1 = 2 + 1 + 1 = 4 cut, DR 1 → 3 × 1.5 = 4.
    dice.extend([1, 1, 1, 2, 1])
    attack = await orc_attacks(standin)
    assert attack.response.content == ""
    attack_embed, damage = attack.embeds
    assert fields(attack_embed)["Attack roll"] == (
        "Rolled **3** (1, 1, 1): **critical hit**: no defense is possible"
    )
    assert labels(attack.message) == []
    assert fields(damage)["HP"] == "11 → **7** / 11"
    assert dice.remaining == 0
    assert await ana_hp(bot, standin) == 7
    assert await PendingAttackRepository(bot.database).open_in(standin.channel(CHANNEL).id) == []


async def test_retreat_adds_three(standin: StandIn, bot: GurpsBot, dice: ScriptedDice) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    await standin.click(attack.message, "Retreat (+3)", user="alice")
    toggled = standin.message(attack.message.id)
    assert labels(toggled) == ["Dodge 12", "Parry 12 (sword)", "✓ Retreating (+3)", "No defense"]
    # 12 would fail Dodge 9; with Retreat it succeeds exactly (R6.9).
    dice.extend([4, 4, 4])
    await standin.click(toggled, "Dodge 12", user="alice")
    defense = standin.message(attack.message.id).embeds[1]
    shown = fields(defense)
    assert shown["Dodge"] == "base 9\n+3 Retreat (R6.9)\n= **12**"
    assert shown["Defense roll"] == "Rolled **12** (4, 4, 4): defended (by 0)"
    assert dice.remaining == 0
    assert await ana_hp(bot, standin) == 11


async def test_restart_between_attack_and_click_still_resolves(
    standin: StandIn, live_bot: LiveBot, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    restarted = await live_bot.restart()
    assert restarted is not bot
    # No defense: 2d+1 = 6 + 5 + 1 = 12 cut, DR 1 → 11 × 1.5 = 16; HP 11 → -5.
    # Major wound knockdown HT 12 (roll 10, success); at -5 HP no death check yet (R7.3).
    dice.extend([6, 5, 4, 3, 3])
    await standin.click(attack.message, "No defense", user="alice")
    after = standin.message(attack.message.id)
    damage = after.embeds[-1]
    assert fields(damage)["HP"] == "11 → **-5** / 11"
    assert await ana_hp(restarted, standin) == -5
    assert dice.remaining == 0


async def test_undo_of_an_attack_restores_hp(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    dice.extend([1, 1, 1, 2, 1])
    await orc_attacks(standin)
    assert await ana_hp(bot, standin) == 7
    undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    assert not undone.ephemeral
    assert await ana_hp(bot, standin) == 11


async def test_defend_command_for_players_who_type(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    choices = await standin.autocomplete(
        "defend", {"target": "Ana"}, focused="defense", user="alice", channel=CHANNEL
    )
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Dodge 9", "dodge"),
        ("Parry 9 (sword)", "parry-0"),
        ("No defense", "none"),
    ]
    dice.extend([4, 4, 4])
    result = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "dodge", "retreat": True},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(result.embeds[0])["Defense roll"] == "Rolled **12** (4, 4, 4): defended (by 0)"
    nothing = await standin.slash(
        "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
    )
    assert nothing.ephemeral


async def test_a_typed_defense_label_works_and_a_wrong_one_lists_the_choices(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Discord sends an autocomplete option as typed: "Esquiva" (not picked from the list)
    used to be refused with "Esquiva is not a defense: choose Esquiva, ..."."""
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    await orc_attacks(standin)
    wrong = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "Bloqueio"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert wrong.ephemeral
    assert wrong.embed["description"] == messages.text(
        "defend.error.unknown_choice",
        "pt-BR",
        choice="Bloqueio",
        choices="Esquiva 9, Aparar 9 (sword), Sem defesa",
    )
    dice.extend([3, 3, 3])
    typed = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "Esquiva"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(typed.embeds[0])["Teste de defesa"] == "Tirou **9** (3, 3, 3): defendeu (por 0)"
    assert dice.remaining == 0


async def test_maneuver_all_out_attack_then_no_defense(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana's All-Out Attack leaves her no defense (R5.8): the orc's hit goes straight to damage."""
    await start_duel(standin, bot)
    dice.extend([5, 5, 5])  # Ana: sword 13 + 4 = 17, rolls 15: hit by 2
    ana_attack = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc", "maneuver": "all_out_determined"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(ana_attack.embeds[0])["Effective skill"] == (
        "Skill 13\n+4 All-Out Attack (determined) (R5.8)\n= **17**"
    )
    dice.extend([2, 3, 3])  # the orc (Dodge 8) dodges on 8
    dodged = await standin.click(ana_attack.message, "Dodge 8", user="gm")
    assert not dodged.ephemeral
    dice.extend([3, 4, 4, 1, 1])  # the orc hits Ana; 2d+1 = 3 cut, DR 1 → 2 × 1.5 = 3
    attack = await orc_attacks(standin)
    shown = fields(attack.embeds[0])
    assert shown["Defenses"] == (
        "No defense is possible: an All-Out Attack leaves no active defense until the next "
        "turn (R5.8)."
    )
    assert labels(attack.message) == []
    assert dice.remaining == 0
    assert await ana_hp(bot, standin) == 8


async def test_evaluate_builds_the_attack_bonus_r5_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    for turn in (1, 2):
        shown = await standin.slash(
            "maneuver",
            {"combatant": "Orc", "maneuver": "evaluate", "target": "Ana"},
            user="gm",
            channel=CHANNEL,
        )
        assert fields(shown.embed)["Notes"] == f"Evaluating Ana: +{turn} (R5.4)"
    dice.extend([6, 6, 3])  # 15 vs 13 + 2 = 15: hit by 0
    attack = await orc_attacks(standin)
    assert fields(attack.embeds[0])["Effective skill"] == "Skill 13\n+2 Evaluate (R5.4)\n= **15**"
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    orc = record.encounter.find("Orc")
    assert (orc.turn.maneuver, orc.turn.evaluate_turns) == ("attack", 0)


async def test_all_out_defense_offers_a_second_defense_r5_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    chosen = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "all_out_defense"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(chosen.embed)["Defenses until next turn"] == (
        "two different defenses per attack (R5.12)"
    )
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    dice.extend([6, 6, 4])  # the parry fails on 16
    await standin.click(attack.message, "Parry 9 (sword)", user="alice")
    second = standin.message(attack.message.id)
    assert labels(second) == ["Dodge 9", "Retreat (+3)", "No defense"]
    assert await ana_hp(bot, standin) == 11
    dice.extend([3, 3, 3])  # and the Dodge succeeds
    await standin.click(second, "Dodge 9", user="alice")
    done = standin.message(attack.message.id)
    assert labels(done) == []
    assert len(done.embeds) == 3  # the attack, the failed parry, the successful dodge
    assert fields(done.embeds[-1])["Defense roll"] == "Rolled **9** (3, 3, 3): defended (by 0)"
    assert await ana_hp(bot, standin) == 11
    assert dice.remaining == 0


async def test_change_posture_and_its_defense_penalty(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Kneeling costs -2 to defend (B551) and forbids Retreat (R6.9)."""
    await start_duel(standin, bot)
    shown = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "change_posture", "posture": "kneeling"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(shown.embed)["Posture"] == "standing → kneeling (R5.2); turns still needed: 0"
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    assert labels(attack.message) == ["Dodge 7", "Parry 7 (sword)", "No defense"]


async def test_getting_up_takes_two_change_postures_r7_12_r5_2(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R5.2 worked example / R7.12: lying → crouching, then a second Change Posture to stand;
    Ana has no Acrobatics, so asking for it rolls nothing."""
    await start_duel(standin, bot)
    posture = {"combatant": "Ana", "maneuver": "change_posture"}
    await standin.slash("maneuver", {**posture, "posture": "prone"}, user="alice", channel=CHANNEL)
    first = await standin.slash(
        "maneuver",
        {**posture, "posture": "standing", "acrobatics": True},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(first.embed)["Posture"] == (
        "lying down → crouching (R7.12); turns still needed: 1"
    )
    second = await standin.slash(
        "maneuver", {**posture, "posture": "standing"}, user="alice", channel=CHANNEL
    )
    assert fields(second.embed)["Posture"] == "crouching → standing (R7.12); turns still needed: 0"
    assert dice.remaining == 0


async def test_acrobatics_gets_a_fallen_warrior_up_in_one_turn_r7_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R7.12: Acrobatics 12, rolled 10 → standing in one turn; the roll is shown."""
    warrior = Combatant.create(
        name="Warrior", skills={"acrobatics": 12}, state={"posture": "prone"}
    )
    encounter = Encounter(
        name="Tumble",
        gm_id=standin.user("gm").id,
        combatants=(EncounterCombatant(combatant_id="1", side="npc", combatant=warrior),),
        next_number=2,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )
    dice.extend([3, 3, 4])
    shown = await standin.slash(
        "maneuver",
        {
            "combatant": "Warrior",
            "maneuver": "change_posture",
            "posture": "standing",
            "acrobatics": True,
        },
        user="gm",
        channel=CHANNEL,
    )
    assert fields(shown.embed)["Posture"] == "lying down → standing (R7.12); turns still needed: 0"
    assert fields(shown.embed)["Notes"] == (
        "Get up: Acrobatics 12 = 12, rolled 10 (3, 3, 4): success (R7.12)"
    )


async def test_someone_elses_combatant_cannot_attack(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await start_duel(standin, bot)
    refused = await standin.slash(
        "attack", {"attacker": "Orc", "target": "Ana"}, user="alice", channel=CHANNEL
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "encounter.error.not_owner", "en", name="Orc"
    )


async def test_attack_in_portuguese(standin: StandIn, bot: GurpsBot, dice: ScriptedDice) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana", "location": "arm"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert attack.embeds[0]["title"] == "⚔️ Orc ataca Ana"
    assert fields(attack.embeds[0])["NH efetivo"] == (
        "NH 13\n-2 ponto de impacto (R7.19)\n= **11**"
    )
    assert labels(attack.message) == ["Esquiva 9", "Aparar 9 (sword)", "Recuo (+3)", "Sem defesa"]


async def test_a_companion_parries_for_ana_r6_8(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Bram (carol's) parries the orc's blow for Ana: Parry 10 - 4 = 6, then -4 to his own."""
    await start_duel(standin, bot)
    bram = Combatant.create(
        name="Bram",
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "spear", "skill": 14, "damage": "thr+2 imp"}],
    )
    repository = EncounterRepository(bot.database)
    async with repository.change(standin.channel(CHANNEL).id, standin.user("gm").id, "add") as c:
        c.encounter = c.encounter.model_copy(
            update={
                "combatants": (
                    *c.encounter.combatants,
                    EncounterCombatant(
                        combatant_id="3",
                        side="party",
                        combatant=bram,
                        owner_id=standin.user("carol").id,
                    ),
                ),
                "next_number": 4,
            }
        )
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    choices = await standin.autocomplete(
        "defend",
        {"target": "Ana", "defender": "Bram"},
        focused="defense",
        user="carol",
        channel=CHANNEL,
    )
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Parry 6 (spear)", "parry-0"),
        ("No defense", "none"),
    ]
    dice.extend([2, 2, 2])
    result = await standin.slash(
        "defend",
        {"target": "Ana", "defense": "parry-0", "defender": "Bram"},
        user="carol",
        channel=CHANNEL,
    )
    assert not result.ephemeral
    assert result.embeds[0]["description"].startswith("Bram parries for him")
    assert fields(result.embeds[0])["Defense roll"] == "Rolled **6** (2, 2, 2): defended (by 0)"
    assert labels(standin.message(attack.message.id)) == []
    record = await repository.require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Bram").turn.defending_for_others_penalty == -4
    assert await ana_hp(bot, standin) == 11


async def test_a_masters_wild_swing_is_not_capped_r5_16(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot, orc_skill=18)
    dice.extend([6, 6, 6])
    plain = await orc_attacks(standin, **{"wild-swing": True})
    assert fields(plain.embeds[0])["Effective skill"] == (
        "Skill 18\n-5 Wild Swing (R5.6)\ncapped at 9 (R5.6)\n= **9**"
    )
    dice.extend([6, 6, 6])
    master = await orc_attacks(standin, **{"wild-swing": True, "master": True})
    assert fields(master.embeds[0])["Effective skill"] == "Skill 18\n-5 Wild Swing (R5.6)\n= **13**"
    # Skill 18 gives a master 3 attacks (R5.15); this is his second, a step lower (R5.23).
    assert fields(master.embeds[0])["Multiple attacks"] == (
        "attack 2 of 3 · initiative step 4.5 (R5.15, R5.23)"
    )
    assert "Multiple attacks" not in fields(plain.embeds[0])


async def test_weapon_autocomplete_lists_the_attackers_weapons(
    standin: StandIn, bot: GurpsBot
) -> None:
    await start_duel(standin, bot)
    choices = await standin.autocomplete(
        "attack",
        {"attacker": "Orc", "weapon": ""},
        focused="weapon",
        user="gm",
        channel=CHANNEL,
    )
    assert [(c["name"], c["value"]) for c in choices] == [
        ("axe · skill 13 · sw+2 cut · reach 1 · parry 9", "axe")
    ]


async def test_wait_shows_its_trigger_r5_11(standin: StandIn, bot: GurpsBot) -> None:
    await start_duel(standin, bot)
    shown = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "wait", "trigger": "the orc steps in"},
        user="alice",
        channel=CHANNEL,
    )
    assert fields(shown.embed)["Notes"] == "Waiting for: the orc steps in (R5.11)"
    assert fields(shown.embed)["Movement"] == "step 1 m"
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ana").turn.maneuver == "wait"


async def test_an_unseen_missile_cannot_be_dodged_r6_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R6.3: a ranged attack from outside her field of vision; a missile cannot be parried
    either (B376), so the blow lands at once: 2d+1 = 1 + 1 + 1 = 3 cut, DR 1 -> 2 x 1.5 = 3.
    The orc's only weapon is a sword, which /shoot refuses: the shot is typed by its skill
    and damage."""
    await start_duel(standin, bot)
    dice.extend([3, 4, 4, 1, 1])
    attack = await orc_attacks(standin, kind="shoot", unseen=True, skill=13, damage="2d+1 cut")
    assert labels(attack.message) == []
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ana").combatant.state.hp == 11 - 3
    assert dice.remaining == 0


async def test_a_feint_and_an_attack_in_one_turn_are_refused_r4_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """A Feint is the turn's maneuver; its attack comes on the next turn (R4.4, R5.9)."""
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)
    dice.extend([3, 3, 3, 5, 5, 5])  # Ana 13 by 4 against the orc's axe 13 failing: -4
    await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
    )
    refused = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "maneuver.already_chosen", "pt-BR", combatant="Ana"
    )
    assert fields(refused.embed) == {
        "Tente, por exemplo": "`/encontro desfazer`, depois a manobra desejada"
    }
    assert dice.remaining == 0


async def test_a_feint_that_does_not_win_says_so_r5_9(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Both make it by 3: the Feint does not win, and the reply says so rather than "-0"."""
    await start_duel(standin, bot)
    dice.extend([3, 3, 4, 3, 3, 4])
    shown = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "feint", "target": "Orc"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert fields(shown.embed)["Observações"] == (
        "Finta em Orc: NH 13 tirou 10 contra 13 que tirou 10 → a Finta não vence; "
        "Orc defende normalmente (R5.9)"
    )


async def test_an_all_out_feint_that_does_not_win_says_so_r5_8(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 3, 4, 3, 3, 4, 3, 4, 4])  # a tied Feint (10 and 10), then 11 to hit
    attack = await orc_attacks(standin, maneuver="all_out_feint")
    assert fields(attack.embeds[0])["Feint"] == (
        "skill 13 rolled 10 vs 13 rolled 10: the Feint does not win, no penalty (R5.8, R5.9)"
    )


async def test_a_defense_without_modifiers_shows_its_number_once(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin, location="arm")
    assert fields(attack.embeds[0])["Defenses"] == "**Dodge 9**\n**Parry 9 (sword)**"
