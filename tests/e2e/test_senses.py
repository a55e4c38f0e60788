"""``/sense`` through the real client: sense rolls by numbers and from a sheet (R16.1-R16.8),
the Quick Contest against a hider, and R16.3's Danger Sense roll, which only the GM sees."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def start(standin: StandIn, bot: GurpsBot) -> None:
    """Alice (alice's, Per 12, Danger Sense, Acute Hearing 2) and a goblin of the GM's."""
    alice = Combatant.create(
        name="Alice",
        attributes={"iq": 11, "per": 12},
        traits=["danger_sense"],
        acute_hearing=2,
    )
    goblin = Combatant.create(name="Goblin", attributes={"iq": 9})
    encounter = Encounter(
        name="Ambush",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="pc", combatant=alice, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(combatant_id="2", side="npc", combatant=goblin),
        ),
        next_number=3,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )


async def test_a_vision_roll_by_numbers_shows_every_modifier(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R16.5: the charging horse, SM +1 at 50 m in plain sight: 11 + 1 - 8 + 10 = 14."""
    dice.extend([5, 5, 4])
    result = await standin.slash(
        "sense vision", per=11, size=1, distance=50, **{"plain-sight": True}, user="carol"
    )
    text = bot.messages.text
    assert not result.ephemeral
    shown = fields(result.embed)
    assert shown[text("senses.field.effective", "en")] == "**14**"
    modifiers = shown[text("senses.field.modifiers", "en")]
    assert "Distance -8 (R16.5)" in modifiers
    assert "In plain sight +10 (R16.5)" in modifiers
    assert shown[text("senses.field.result", "en")] == f"**{text('senses.noticed', 'en')}**"
    assert dice.remaining == 0


async def test_hearing_from_the_sheet_in_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R16.6, R16.7: Alice's Per 12 + Acute Hearing 2, a normal conversation 4 m off (-2)."""
    await start(standin, bot)
    dice.extend([4, 4, 4])
    result = await standin.slash(
        "sense hearing",
        combatant="Alice",
        sound="normal_conversation",
        distance=4,
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    text = bot.messages.text
    shown = fields(result.embed)
    assert result.embed["title"] == text(
        "senses.title_named", "pt-BR", sense=text("senses.sense.hearing", "pt-BR"), name="Alice"
    )
    assert shown[text("senses.field.effective", "pt-BR")] == "**12**"
    assert "Distância até o som -2 (R16.6)" in shown[text("senses.field.modifiers", "pt-BR")]


async def test_a_quick_contest_against_stealth(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R16.6: Per 12 against a sneaking thief's Stealth 13; the thief wins by 2."""
    dice.extend([4, 4, 4, 3, 3, 2])
    result = await standin.slash("sense hearing", per=12, against=13)
    text = bot.messages.text
    shown = fields(result.embed)
    assert shown[text("senses.field.contest", "en")] == text("senses.contest.lost", "en", margin=5)
    assert shown[text("senses.field.result", "en")] == f"**{text('senses.not_noticed', 'en')}**"


async def test_danger_sense_is_rolled_secretly_for_the_gm_only(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R16.3: Alice's Vision roll to spot the hidden archer fails; the secret Per 12 roll
    (10) reaches the GM alone, and the table's answer says nothing of it."""
    await start(standin, bot)
    dice.extend([6, 5, 5, 4, 3, 3])
    result = await standin.slash(
        "sense vision", combatant="Alice", modifier=-4, dangerous=True, channel=CHANNEL
    )
    text = bot.messages.text
    public = result.message
    assert not public.ephemeral
    assert "R16.3" not in str(public.embeds)
    assert text("senses.danger.title_named", "en", name="Alice") not in str(public.embeds)
    assert fields(result.embed)[text("senses.field.result", "en")] == (
        f"**{text('senses.not_noticed', 'en')}**"
    )
    [secret] = result.followups
    assert secret.ephemeral
    assert secret.visible_to == standin.user("gm").id
    embed = secret.embeds[0]
    assert embed["title"] == text("senses.danger.title_named", "en", name="Alice")
    assert fields(embed)[text("senses.field.result", "en")] == text("senses.danger.felt", "en")
    assert dice.remaining == 0
    alice = standin.user("alice").id
    seen_by_alice = [
        m for m in standin.messages(CHANNEL) if not m.ephemeral or m.visible_to == alice
    ]
    assert all(
        text("senses.danger.title_named", "en", name="Alice") not in str(m.embeds)
        for m in seen_by_alice
    )


async def test_only_the_gm_may_ask_for_danger_sense(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start(standin, bot)
    result = await standin.slash(
        "sense vision", combatant="Alice", dangerous=True, user="alice", channel=CHANNEL
    )
    assert result.ephemeral
    assert result.embed["description"].startswith(
        bot.messages.text("senses.error.dangerous_gm_only", "en")
    )
    assert dice.remaining == 0


async def test_a_player_rolls_only_for_his_own_fighter(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await start(standin, bot)
    result = await standin.slash("sense smell", combatant="Goblin", user="alice", channel=CHANNEL)
    assert result.ephemeral
    assert bot.messages.text("encounter.error.not_owner", "en", name="Goblin") in str(result.embed)


async def test_without_a_sheet_perception_is_needed(standin: StandIn, bot: GurpsBot) -> None:
    result = await standin.slash("sense smell", taste=True)
    assert result.ephemeral
    assert bot.messages.text("senses.error.per_needed", "en") in str(result.embed)


async def test_a_vibration_sense_roll_from_the_sheet(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R16.1: Alice's Per 12, Acute 1 given, the goblin (SM 0) 20 m off (-6): 7; 3d = 9
    fails. In Portuguese."""
    await start(standin, bot)
    dice.extend([3, 3, 3])
    result = await standin.slash(
        "sense special",
        kind="vibration",
        combatant="Alice",
        acute=1,
        distance=20,
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    text = bot.messages.text
    assert not result.errors
    assert result.embed["title"] == text(
        "senses.title_named", "pt-BR", sense="Sentido de Vibração", name="Alice"
    )
    shown = fields(result.embed)
    assert shown[text("senses.field.effective", "pt-BR")] == "**7**"
    assert "(R16.1)" in shown[text("senses.field.modifiers", "pt-BR")]
    assert dice.remaining == 0
