"""The largest replies in real use stay within Discord's limits and leave nothing out.

A full encounter (100 combatants, R4.3's tie-breaks rolled for each group of equal
fighters) shows every combatant in ``/encounter status``, in its live tracker (one
message, edited) and, where the bot cannot keep a tracker, in ``/encounter next``,
copies with the very same line sharing a row;
a master's four chambara attacks in one turn (R5.15) each fit their message; the
longest injury breakdown ``/damage`` gives, in Portuguese, fits its embed. The
stand-in refuses anything over a limit, so ``rejections == []`` is the check that
Discord would take every one of these messages.
"""

from __future__ import annotations

import random
import re
from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import InteractionResult, Message, StandIn
from bot.standin.state import EMBED_LINKS
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import MAX_COMBATANTS, MAX_COPIES, Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_damage import start as start_damage_target

CHANNEL = "combat"
GROUPS = ("Goblin", "Hobgoblin Spearman", "Orc Archer", "Kobold Slinger", "Wolf")


def tracker_fields(messages: list[Message]) -> list[tuple[str, str]]:
    """Every combatant row of a tracker, over all the embeds of all its messages."""
    found: list[tuple[str, str]] = []
    for message in messages:
        for embed in message.embeds:
            found.extend(
                (f["name"], f["value"])
                for f in embed.get("fields", [])
                if re.match(r"(▶ )?\d+(–\d+)?\. ", f["name"])
            )
    return found


def numbers(fields: list[tuple[str, str]]) -> list[int]:
    """The places in the order the rows stand for, a shared row standing for its span."""
    found: list[int] = []
    for name, _ in fields:
        span = re.match(r"(?:▶ )?(\d+)(?:–(\d+))?\. ", name)
        assert span is not None
        found.extend(range(int(span[1]), int(span[2] or span[1]) + 1))
    return found


def by_name(fields: list[tuple[str, str]]) -> dict[str, str]:
    """Each row's line by ``Name [side]``, whatever its place in the order."""
    return {re.sub(r"^(▶ )?\d+(–\d+)?\. ", "", name): value for name, value in fields}


def total_characters(message: Message) -> int:
    keys = ("title", "description")
    return sum(
        sum(len(e.get(k) or "") for k in keys)
        + len((e.get("footer") or {}).get("text") or "")
        + sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
        for e in message.embeds
    )


async def gm(
    standin: StandIn, command: str, locale: str = "en-US", **options: object
) -> InteractionResult:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL, locale=locale)
    assert result.errors == []
    assert not result.ephemeral, result.embeds
    return result


async def a_full_encounter(
    standin: StandIn,
    groups: tuple[str, ...] = GROUPS,
    *,
    distinct: bool = False,
    locale: str = "en-US",
) -> InteractionResult:
    """Three heroes and groups of monsters up to the most an encounter holds, some of them
    hurt, stunned and fallen (the tracker's longest lines). With ``distinct`` every monster
    is hurt a little differently from the next, so no two share a tracker row.

    Returns the start's answer (the live tracker, where the bot can keep one).
    """
    started = await gm(
        standin, "encounter start", name="The siege of the old watermill", locale=locale
    )
    heroes = (("Ana", "alice", 14, 13), ("Bruno", "bob", 13, 12), ("Carla", "carol", 12, 12))
    for name, owner, dx, ht in heroes:
        await gm(
            standin,
            "combatant add",
            name=name,
            st=10,
            dx=dx,
            iq=10,
            ht=ht,
            owner=owner,
            side="party",
        )
    left = MAX_COMBATANTS - len(heroes)
    sizes: dict[str, int] = {}
    for place, group in enumerate(groups):
        count = left if place == len(groups) - 1 else min(MAX_COPIES, left)
        left -= count
        sizes[group] = count
        await gm(
            standin, "combatant add", name=group, st=11, dx=12 - place, iq=9, ht=11, count=count
        )
    hurt_ones = range(1, 19, 3)
    for number in hurt_ones:
        hurt = f"{groups[1]} {number}"
        await gm(standin, "combatant edit", name=hurt, hp=-4, fp=2)
        await gm(standin, "combatant condition", name=hurt, condition="stunned")
        await gm(
            standin, "combatant condition", name=hurt, condition="knocked_down", posture="prone"
        )
    await gm(standin, "combatant condition", name=f"{groups[2]} 7", condition="dead")
    if distinct:
        for group in groups:
            for number in range(2, sizes[group] + 1, 2):
                if group == groups[1] and number in hurt_ones:
                    continue
                await gm(standin, "combatant edit", name=f"{group} {number}", hp=10)
    return started


HURT_EN = (
    "HP ▱▱▱▱▱ -4/11 · FP ▰▱▱▱▱ 2/11 · prone · 💫 stunned · ⤵️ knocked down · 😓 very tired"
    " · Move 2, Dodge 2, ST 6"
)
HURT_PT = (
    "PV ▱▱▱▱▱ -4/11 · PF ▰▱▱▱▱ 2/11 · deitado de bruços · 💫 atordoado · ⤵️ caído · 😓 muito cansado"
    " · Deslocamento 2, Esquiva 2, ST 6"
)
LONG_NAMES = (
    "Goblin saqueador das colinas do norte, batedor da vanguarda do cerco",
    "Guerreiro hobgoblin da guarda de honra do velho moinho de água do vale",
    "Arqueiro orc da companhia do rio escuro, atirador das muralhas do sul",
    "Kobold fundibulário das minas de sal, vigia das trilhas da montanha",
    "Lobo cinzento da alcateia da floresta velha, caçador das noites de inverno",
)


async def test_a_full_encounters_tracker_shows_every_combatant(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """A hundred fighters: unhurt copies next to each other share a row, the rest have
    their own, and every place in the order is accounted for."""
    started = await a_full_encounter(standin)
    status = await gm(standin, "encounter status")
    shown = tracker_fields(status.messages)
    assert numbers(shown) == list(range(1, MAX_COMBATANTS + 1))
    assert shown[0] == (
        f"1. Ana [party] — <@{standin.user('alice').id}>",
        "HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 13/13",
    )
    rows = by_name(shown)
    assert rows[f"{GROUPS[0]} ×20 (1–20) [npc]"] == "HP ▰▰▰▰▰ 11/11 · FP ▰▰▰▰▰ 11/11"
    assert rows[f"{GROUPS[1]} 4 [npc]"] == HURT_EN
    assert rows[f"{GROUPS[1]} ×2 (5–6) [npc]"] == "HP ▰▰▰▰▰ 11/11 · FP ▰▰▰▰▰ 11/11"
    assert len(shown) < 40

    # Round 1: R4.3 rolls 1d for each group of equal fighters, re-rolled while tied.
    dice.extend(random.Random(4).choices(range(1, 7), k=600))
    first = await gm(standin, "encounter next")
    (turn,) = first.message.embeds  # the live tracker shows everyone
    assert turn["title"] == "Round 1: Ana's turn"
    assert first.followups == []
    await bot.trackers.settled()
    live = standin.message(started.message.id)
    shown = tracker_fields([live])
    assert numbers(shown) == list(range(1, MAX_COMBATANTS + 1))
    assert shown[0][0] == f"▶ 1. Ana [party] — <@{standin.user('alice').id}>"
    assert total_characters(live) <= 6000
    assert standin.server.rejections == []


async def test_a_tracker_too_long_for_one_message_goes_on_in_follow_ups(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """The longest names, in Portuguese, no two neighbours alike: the GM's private look
    takes several messages, the follow-ups as private as the first; the live tracker
    holds whom one message can and says how many more there are."""
    assert all(len(f"{name} 20") <= 80 for name in LONG_NAMES)  # the longest name allowed
    started = await a_full_encounter(standin, LONG_NAMES, distinct=True, locale="pt-BR")
    private = await standin.slash(
        "encounter status", user="gm", channel=CHANNEL, locale="pt-BR", private=True
    )
    assert len(private.messages) > 1
    assert all(m.ephemeral for m in private.messages)
    shown = tracker_fields(private.messages)
    assert len(shown) == MAX_COMBATANTS
    assert numbers(shown) == list(range(1, MAX_COMBATANTS + 1))
    assert by_name(shown)[f"{LONG_NAMES[1]} 4 [npc]"] == HURT_PT
    assert private.followups[-1].embeds[-1]["footer"]["text"] == "\n".join(
        (
            messages.text(
                "encounter.status.footer",
                "pt-BR",
                mode=messages.text("encounter.mode.standard_4e", "pt-BR"),
            ),
            "📖 " + messages.text("reference.cite", "pt-BR", ids="R4.3"),
        )
    )

    # The live tracker holds whom one message can, and says how many more there are.
    dice.extend(random.Random(4).choices(range(1, 7), k=600))
    first = await gm(standin, "encounter next", locale="pt-BR")
    assert len(first.messages) == 1
    await bot.trackers.settled()
    live = standin.message(started.message.id)
    shown = tracker_fields([live])
    places = numbers(shown)
    hidden = MAX_COMBATANTS - len(places)
    assert hidden > 0
    assert places == list(range(1, len(places) + 1))
    assert live.embeds[-1]["footer"]["text"] == " · ".join(
        (
            messages.text(
                "encounter.status.footer",
                "pt-BR",
                mode=messages.text("encounter.mode.standard_4e", "pt-BR"),
            ),
            messages.text("tracker.more", "pt-BR", count=hidden),
        )
    ) + "\n📖 " + messages.text("reference.cite", "pt-BR", ids="R4.3")
    for message in [*private.messages, live]:
        assert total_characters(message) <= 6000
    assert len(live.embeds) <= 10
    assert standin.server.rejections == []


async def test_without_a_live_tracker_the_turn_shows_everyone_over_follow_ups(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Where the bot may not send embeds with its own token (no Embed Links) it keeps no
    tracker, and ``/encounter next`` shows the whole of it over several messages, the rest
    follow-ups."""
    standin.world.overwrite(CHANNEL, role="GURPS Combat", deny=EMBED_LINKS)
    started = await a_full_encounter(standin, LONG_NAMES, distinct=True, locale="pt-BR")
    (note,) = started.followups
    assert note.ephemeral
    assert note.content == messages.text("tracker.note.not_kept", "pt-BR")
    dice.extend(random.Random(4).choices(range(1, 7), k=600))
    first = await gm(standin, "encounter next", locale="pt-BR")
    assert len(first.messages) > 1
    assert not any(m.ephemeral for m in first.messages)
    assert first.message.content == f"<@{standin.user('alice').id}>"
    assert all(m.content == "" for m in first.followups)
    shown = tracker_fields(first.messages)
    assert numbers(shown) == list(range(1, MAX_COMBATANTS + 1))
    assert by_name(shown)[f"{LONG_NAMES[1]} 4 [npc]"] == HURT_PT
    for message in first.messages:
        assert total_characters(message) <= 6000
    await bot.trackers.settled()
    assert bot.trackers.edits == 0
    assert standin.server.rejections == []


async def start_master_duel(standin: StandIn, bot: GurpsBot) -> None:
    """Ana, Trained by a Master with Broadsword 21, against a big orc."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 14, "ht": 12},
        weapons=[{"name": "broadsword", "skill": 21, "damage": "sw+1 cut"}],
        traits=["trained_by_a_master"],
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 11, "ht": 12, "hp": 15},
        weapons=[{"name": "axe", "skill": 12, "damage": "sw+2 cut"}],
        dr={"uniform": 1},
    )
    encounter = Encounter(
        name="Duel on the bridge",
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


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def test_a_masters_four_attacks_each_fit_their_message(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Broadsword 21 under Chambara: 1 + (21 - 12) // 3 = 4 attacks this turn (R5.15).

    Each blow carries its modifiers, the orc's defense (with Retreat once) and the
    damage with every consequence; each message holds the attack, the defense and
    the damage, well within Discord's limits. A fifth attack is refused.
    """
    await start_master_duel(standin, bot)
    await gm(standin, "encounter next")  # round 1: Ana (Basic Speed 6.5) before the orc
    blows: list[tuple[dict[str, object], list[int], list[int]]] = [
        # 9 hits; Dodge 8 fails on 15; 1d+2 = 6 cut, DR 1 → 5 × 1.5 = 7: HP 15 → 8.
        ({"location": "torso"}, [3, 3, 3], [5, 5, 5, 4]),
        # Neck from the left in the dark: 21 -2 -4 -5 = 10; Retreat lifts Dodge 6 to 9,
        # 15 fails; 6 cut, DR 1 → 5 × 2 = 10, a major wound: HT 12 rolls 10 (R7.7, R7.8).
        (
            {"location": "neck", "darkness": -2, "from": "left", "through-hexes": 1},
            [3, 3, 3],
            [5, 5, 5, 4, 3, 4, 3],
        ),
        # The left arm through the chinks: 21 -10 -2 = 9; Dodge 4 (below 1/3 HP) fails.
        (
            {"location": "arm", "side": "left", "modifier": -2, "chinks": True},
            [3, 3, 3],
            [5, 5, 5, 4],
        ),
        # The right leg from behind: 8 cut, DR 1 → 7 × 1.5 = 10, 2 lost past crippling:
        # 8 injury, a crippled leg, a major wound; at -17 a death check rolls 11 (R7.3),
        # then knockdown 10.
        (
            {"location": "leg", "side": "right", "from": "rear_aware", "darkness": -3},
            [3, 3, 3],
            [5, 5, 5, 6, 4, 3, 4, 3, 4, 3],
        ),
    ]
    replies: list[Message] = []
    for number, (options, to_hit, defense_and_damage) in enumerate(blows, start=1):
        dice.extend(to_hit)
        attack = await standin.slash(
            "attack", {"attacker": "Ana", "target": "Orc", **options}, user="alice", channel=CHANNEL
        )
        assert fields(attack.embeds[0])["Multiple attacks"].startswith(f"attack {number} of 4 ")
        if number == 2:
            await standin.click(attack.message, "Retreat (+3)", user="gm")
        dice.extend(defense_and_damage)
        await standin.click(attack.message, "Dodge", user="gm")
        replies.append(standin.message(attack.message.id))
    assert [len(m.embeds) for m in replies] == [3, 3, 3, 3]
    assert [fields(m.embeds[2])["HP"] for m in replies] == [
        "15 → **8** / 15",
        "8 → **-2** / 15",
        "-2 → **-9** / 15",
        "-9 → **-17** / 15",
    ]
    assert fields(replies[3].embeds[2])["Consequences"].splitlines() == [
        "2 injury beyond the crippling threshold is lost (R7.16)",
        "Shock -4 on the next turn (R7.6)",
        "Major wound (R7.7)",
        "Right leg crippled (R7.16)",
        "Knockdown: HT 12 = 12, rolled 10 (3, 4, 3): success (R7.8)",
        "Stays on his feet.",
        "Death check: HT 12 = 12, rolled 11 (4, 3, 4): success (R7.3)",
    ]
    assert all(total_characters(m) <= 6000 for m in replies)

    fifth = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert fifth.ephemeral
    assert fifth.embed["description"] == messages.text(
        "attack.no_attacks_left", "en", combatant="Ana", allowed=4, rules="R5.15"
    )
    assert dice.remaining == 0
    assert standin.server.rejections == []


KNIGHT: dict[str, Any] = {
    "name": "Cavaleiro da Ordem do Dragão",
    "attributes": {"st": 12, "ht": 11, "hp": 14},
    "dr": {
        "uniform": {"rigid": 2, "flexible": 4},
        "overrides": {"leg": {"rigid": 1, "flexible": 3}},
    },
}


async def test_the_longest_injury_breakdown_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """30 crushing to a mailed leg (DR 4): a crippled leg and the excess lost (R7.16),
    shock (R7.6), a major wound and knockdown (R7.7, R7.8), knockback and a fall
    (R7.14), every line in Portuguese, in one embed Discord takes."""
    await start_damage_target(standin, bot, KNIGHT)
    dice.extend([4, 3, 4, 3, 4, 3])  # knockdown: HT 11 rolls 11; balance: DX 10 -2 rolls 10
    result = await standin.slash(
        "damage",
        {"target": KNIGHT["name"], "amount": 30, "type": "cr", "location": "leg", "side": "left"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert not result.ephemeral
    assert result.embed["title"] == "🩸 Cavaleiro da Ordem do Dragão sofre dano"
    assert fields(result.embed) == {
        "Dano básico": "**30** cont",
        "Ponto de impacto": "perna",
        "RD": "4",
        "Dano penetrante": "26",
        "Multiplicador": "×1",
        "Dano real": "**8**",
        "PV": "14 → **6** / 14",
        "Consequências": "\n".join(
            [
                "18 de dano além do limite de incapacitação se perde (R7.16)",
                "Choque -4 no próximo turno (R7.6)",
                "Ferimento grave (R7.7)",
                "Parte incapacitada: Perna esquerda (R7.16)",
                "Prostração: HT 11 = 11, tirou 11 (4, 3, 4): sucesso (R7.8)",
                "Continua de pé.",
                "Projetado 3 m (R7.14)",
                "Manter o equilíbrio: DX 10 -2 = 8, tirou 10 (3, 4, 3): fracasso (R7.14)",
                "Cai no chão (R7.14)",
            ]
        ),
    }
    assert total_characters(result.message) <= 6000
    # A cutting blow halves the mail (armor divisor 2) and wounds ×1,5 (R7.20).
    dice.extend([4, 3, 4])  # knockdown: HT 11 rolls 11
    arm = await standin.slash(
        "damage",
        {
            "target": KNIGHT["name"],
            "amount": 24,
            "type": "cut",
            "location": "arm",
            "armor-divisor": "2",
        },
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    shown = fields(arm.embed)
    assert (shown["RD"], shown["Multiplicador"]) == ("3 (6 ÷ 2)", "×1,5")
    assert "Parte incapacitada: Braço direito (R7.16)" in shown["Consequências"]
    assert dice.remaining == 0
    assert standin.server.rejections == []
