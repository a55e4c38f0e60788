"""``/explosion`` through the real client (R15.1-R15.15): a grenade among three fighters,
Dive for Cover offered to the players as buttons, the blast applied in one undoable change
with every target's dice, DR and injury, and a throw at a spot that scatters."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import start_duel

CHANNEL = "combat"
GRENADE = "3d cr ex [2d]"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in message.interactive_components()]


async def start(standin: StandIn, bot: GurpsBot) -> EncounterRepository:
    """Alice (alice's) and Bob (bob's), 20 HP each and Dodge 9, and an orc of the GM's."""
    sheets = [
        Combatant.create(name="Alice", attributes={"dx": 12, "ht": 12, "hp": 20}),
        Combatant.create(name="Bob", attributes={"dx": 12, "ht": 12, "hp": 20}),
        Combatant.create(name="Orc", attributes={"hp": 20}, dr={"uniform": 1}),
    ]
    owners = [standin.user("alice").id, standin.user("bob").id, None]
    encounter = Encounter(
        name="Grenade",
        gm_id=standin.user("gm").id,
        combatants=tuple(
            EncounterCombatant(
                combatant_id=str(i),
                side="npc" if owner is None else "pc",
                combatant=s,
                owner_id=owner,
            )
            for i, (s, owner) in enumerate(zip(sheets, owners, strict=True), start=1)
        ),
        next_number=4,
    )
    repository = EncounterRepository(bot.database)
    await repository.start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )
    return repository


async def hp(repository: EncounterRepository, standin: StandIn) -> list[int]:
    record = await repository.require_active(standin.channel(CHANNEL).id)
    return [c.combatant.state.hp for c in record.encounter.combatants]


async def test_a_grenade_among_three_fighters_with_dive_for_cover(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """3d cr ex [2d] at Alice 1 m, Bob 3 m and the orc 8 m. The players are offered Dive for
    Cover; Alice dives and fails, Bob waits; the GM sets it off. 3d = 12: Alice 12/3 = 4 and
    +1 burning, then one fragment (15 vs 15; torso, 2d = 3 → 4 cut); Bob 12/9 = 1 and +1,
    fragments at 14 miss; the orc is past the blast's 6 m, fragments at 11 hit once (torso,
    2d = 5 → 5 - DR 1 = 4 × 1.5 = 6)."""
    repository = await start(standin, bot)
    text = bot.messages.text
    announced = await standin.slash(
        "explosion blast",
        {"damage": GRENADE, "targets": "Alice 1m, Bob 3m, Orc 8m"},
        channel=CHANNEL,
    )
    message = announced.message
    assert message.embeds[0]["title"] == text("explosion.plan.title", "en", damage=GRENADE)
    assert labels(message) == [
        text("explosion.button.dive", "en", name="Alice"),
        text("explosion.button.dive", "en", name="Bob"),
        text("explosion.button.dive", "en", name="Orc"),
        text("explosion.button.detonate", "en"),
    ]
    alice, bob = standin.user("alice").id, standin.user("bob").id
    assert f"<@{alice}>" in message.content
    assert f"<@{bob}>" in message.content
    assert await hp(repository, standin) == [20, 20, 20]

    # Bob may not dive for Alice; nothing changes.
    refused = await standin.click(
        message, text("explosion.button.dive", "en", name="Alice"), user="bob"
    )
    assert refused.ephemeral
    dice.extend([6, 6, 6])
    dove = await standin.click(
        message, text("explosion.button.dive", "en", name="Alice"), user="alice"
    )
    assert not dove.errors
    assert text("explosion.button.dive", "en", name="Alice") not in labels(dove.message)
    assert "Dodge 9, rolled 18" in str(dove.message.embeds)

    # Only the GM sets it off.
    refused = await standin.click(message, text("explosion.button.detonate", "en"), user="alice")
    assert refused.ephemeral
    dice.extend(
        [
            *(4, 4, 4),  # the blast: 12
            *(5, 5, 5, 4, 3, 3, 1, 2),  # Alice: 15 vs 15, one fragment: torso, 2d = 3
            *(6, 6, 6),  # Bob: 18, no fragment
            *(4, 3, 3, 3, 3, 4, 2, 3),  # the orc: 10 vs 11, one fragment: torso, 2d = 5
        ]
    )
    blast = await standin.click(message, text("explosion.button.detonate", "en"), user="gm")
    assert not blast.errors
    assert dice.remaining == 0
    assert labels(blast.message) == []
    embeds = [embed for followup in blast.followups for embed in followup.embeds]
    summary, a, b, c = embeds
    assert summary["title"] == text("explosion.title", "en", damage=GRENADE)
    assert "3d → **12** (4, 4, 4)" in str(summary)
    assert [e["title"] for e in (a, b, c)] == ["Alice", "Bob", "Orc"]
    damage_a = fields(a)[text("explosion.field.hits", "en")]
    assert "Blast: 4 cr · DR 0 · penetrating 4 × 1 = **4**" in damage_a
    assert "Incendiary (R10.2): 1 burn · DR 0 · penetrating 1 × 1 = **1**" in damage_a
    assert (
        "Fragment 1 (torso, 3d 4, 3, 3; damage 1, 2): 3 cut · DR 0 · penetrating 3 × 1.5 = **4**"
    ) in damage_a
    assert "Shock -4 on the next turn (R7.6)" in damage_a
    assert fields(a)[text("damage.field.injury", "en")] == "**9**"
    assert "failed" in fields(a)[text("explosion.field.dive", "en")]
    assert "**0** fragment(s)" in fields(b)[text("explosion.field.fragments", "en")]
    damage_c = fields(c)[text("explosion.field.hits", "en")]
    assert "5 cut · DR 1 · penetrating 4 × 1.5 = **6**" in damage_c
    assert await hp(repository, standin) == [11, 18, 14]

    # One change: one undo puts all three back.
    undone = await standin.slash("encounter undo", channel=CHANNEL)
    assert not undone.ephemeral
    assert await hp(repository, standin) == [20, 20, 20]


async def test_without_waiting_it_goes_off_in_the_one_command(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """``dive:false``: the same grenade, and the reply is the blast itself (pt-BR)."""
    repository = await start(standin, bot)
    dice.extend([4, 4, 4, 5, 5, 5, 4, 3, 3, 1, 2, 6, 6, 6, 4, 3, 3, 3, 3, 4, 2, 3])
    result = await standin.slash(
        "explosion blast",
        {"damage": GRENADE, "targets": "Alice 1m, Bob 3m, Orc 8m", "dive": False},
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert not result.errors
    assert dice.remaining == 0
    assert labels(result.message) == []
    assert result.embeds[0]["title"] == bot.messages.text(
        "explosion.title", "pt-BR", damage=GRENADE
    )
    assert await hp(repository, standin) == [11, 18, 14]


async def test_a_shelter_in_reach_saves_whoever_dives(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R15.3: Bob dives behind the wall and makes it: nothing reaches him."""
    repository = await start(standin, bot)
    text = bot.messages.text
    announced = await standin.slash(
        "explosion blast",
        {"damage": "3d cr ex", "targets": "Bob:2", "shelter": True},
        channel=CHANNEL,
    )
    dice.extend([2, 2, 2])
    await standin.click(
        announced.message, text("explosion.button.dive", "en", name="Bob"), user="bob"
    )
    dice.extend([6, 6, 6])
    detonated = await standin.slash("explosion detonate", channel=CHANNEL)
    assert not detonated.errors
    assert text("explosion.target.sheltered", "en") in str(detonated.embeds)
    assert await hp(repository, standin) == [20, 20, 20]
    late = await standin.click(announced.message, text("explosion.button.detonate", "en"))
    assert late.ephemeral


async def test_players_cannot_set_off_explosions(standin: StandIn, bot: GurpsBot) -> None:
    await start(standin, bot)
    result = await standin.slash(
        "explosion blast", {"damage": GRENADE, "targets": "Bob:3"}, user="alice", channel=CHANNEL
    )
    assert result.ephemeral
    assert bot.messages.text("encounter.error.not_gm", "en") in str(result.embed)


async def test_a_target_list_that_cannot_be_read_is_refused(
    standin: StandIn, bot: GurpsBot
) -> None:
    await start(standin, bot)
    result = await standin.slash(
        "explosion blast", {"damage": GRENADE, "targets": "Alice at one metre"}, channel=CHANNEL
    )
    assert result.ephemeral
    assert "`Alice 1m, Orc 1 3m`" in str(result.embed)


async def test_a_grenade_thrown_at_a_spot_scatters(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R15.14: skill 7 + 4 = 11; a 15 misses by 4: 4 m off (half of 10 is 5), 1d = 3: 120°
    to the right (R15.15)."""
    dice.extend([6, 5, 4, 3])
    result = await standin.slash("explosion throw", skill=7, distance=10)
    text = bot.messages.text
    shown = fields(result.embed)
    assert "= **11**" in shown[text("explosion.throw.skill", "en")]
    assert shown[text("explosion.throw.landed", "en")] == text(
        "explosion.throw.scattered",
        "en",
        metres=4,
        face=3,
        direction=text("explosion.direction.3", "en"),
    )


async def test_a_hot_fragment_burns_by_itself_every_ten_rounds(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R15.13: a grenade with hot fragments hits Ana (DR 1) directly; its blast, burn and
    fragment all stop at her DR, but the fragment lodges. Each round is a second (R4.1): at
    her place in round 10 it burns for 1d(0.2) against DR 5, a 6 does 1, and undo puts the
    burn back."""
    await start_duel(standin, bot)
    repository = EncounterRepository(bot.database)
    text = bot.messages.text
    # 1d = 1 (1 cr, DR 1: 0); incendiary 1 (0); fragment: torso (4, 3, 3), 1d = 1 cut (0).
    dice.extend([1, 4, 3, 3, 1])
    blast = await standin.slash(
        "explosion blast",
        {"damage": "1d cr ex [1d]", "direct": "Ana", "hot": True},
        channel=CHANNEL,
    )
    assert not blast.errors
    assert text("explosion.target.hot", "en") in str(blast.embeds[1])

    async def ana() -> Any:
        record = await repository.require_active(standin.channel(CHANNEL).id)
        return record.encounter.find("Ana").combatant.state

    assert ((await ana()).hp, (await ana()).hot_fragment_ticks) == (11, 6)
    title = text("explosion.hot_tick.title", "en")
    for _ in range(18):  # Ana's places in rounds 1-9, and the orc's in rounds 1-9
        turn = await standin.slash("encounter next", channel=CHANNEL)
        assert all(e.get("title") != title for e in turn.embeds)
    assert ((await ana()).hp, (await ana()).hot_fragment_seconds) == (11, 9)
    dice.extend([6])
    tenth = await standin.slash("encounter next", channel=CHANNEL)
    burned = next(e for e in tenth.embeds if e.get("title") == title)
    assert burned["description"] == (
        "Ana (round 10): 1d(0.2) rolled 6 burning · DR 5 (×5) · injury **1**, "
        "HP 11 → **10**; 5 burn(s) to come\n  Shock -1 on the next turn (R7.6)"
    )
    assert dice.remaining == 0
    state = await ana()
    assert (state.hp, state.hot_fragment_ticks, state.hot_fragment_seconds) == (10, 5, 0)

    await standin.slash("encounter undo", channel=CHANNEL)
    state = await ana()
    assert (state.hp, state.hot_fragment_ticks, state.hot_fragment_seconds) == (11, 6, 9)


async def test_a_fragment_striking_the_orc_s_cover_is_stopped_by_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R15.8: the orc (DR 1) is 8 m off behind a DR 5 wall: the blast's 6 m do not reach him,
    fragments at 15 - 4 = 11 roll 10, one fragment, torso, 2d = 5 cut: it strikes the wall
    first, DR 1 + 5 = 6, nothing gets through. Bob, 3 m off in the open: 12/9 = 1 and +1
    burning; fragments at 14 roll 18."""
    repository = await start(standin, bot)
    text = bot.messages.text
    planned = await standin.slash(
        "explosion blast",
        {
            "damage": GRENADE,
            "targets": "Bob 3m, Orc 8m",
            "behind-cover": "Orc",
            "cover-dr": 5,
        },
        channel=CHANNEL,
    )
    assert "**Orc**: 8 m away · behind cover: Wholly behind it, DR 5" in str(planned.embeds)
    dice.extend([4, 4, 4, 6, 6, 6, 4, 3, 3, 3, 3, 4, 2, 3])
    blast = await standin.slash("explosion detonate", channel=CHANNEL)
    assert not blast.errors
    assert dice.remaining == 0
    orc = blast.embeds[-1]
    assert orc["title"] == "Orc"
    assert fields(orc)["Behind cover"] == (
        "Wholly behind it, DR 5: a fragment landing on what it hides strikes it first (R15.8)."
    )
    assert (
        "Fragment 1 (torso, 3d 3, 3, 4; damage 2, 3) struck the cover first: 5 cut · DR 6 · "
        "penetrating 0 × 1.5 = **0**"
    ) in fields(orc)[text("explosion.field.hits", "en")]
    assert await hp(repository, standin) == [20, 18, 20]


async def test_cover_for_someone_not_around_it_is_refused(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    repository = await start(standin, bot)
    refused = await standin.slash(
        "explosion blast",
        {"damage": GRENADE, "targets": "Bob 3m", "behind-cover": "Alice", "cover-dr": 5},
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert bot.messages.text("explosion.cover_not_nearby", "pt-BR", name="Alice") in str(
        refused.embed
    )
    record = await repository.require_active(standin.channel(CHANNEL).id)
    assert record.encounter.pending_explosion is None
    assert dice.remaining == 0
