"""``/swarm`` through the real client (R14.1-R14.8): a rat swarm on two fighters attacks
both at the end of its turn and is dispersed; a bat horde shrinks a hex at a time and acts
last; a rat horde breaks into swarms; an ordinary attack on a swarm is refused."""

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


def tracker_lines(embeds: list[dict[str, Any]]) -> dict[str, str]:
    """The tracker's fields by combatant name (``1. Rats [npc]`` → ``Rats``)."""
    found = {}
    for embed in embeds:
        for field in embed.get("fields", []):
            head = field["name"].removeprefix("▶ ")
            if ". " in head and " [" in head:
                found[head.split(". ", 1)[1].split(" [", 1)[0]] = field["value"]
    return found


async def start(standin: StandIn, bot: GurpsBot) -> EncounterRepository:
    """Alice (Basic Speed 6.25) and Bob (6), 20 HP each, played by alice and bob."""
    alice = Combatant.create(name="Alice", attributes={"dx": 13, "ht": 12, "hp": 20})
    bob = Combatant.create(name="Bob", attributes={"dx": 12, "ht": 12, "hp": 20})
    encounter = Encounter(
        name="Cellar",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="pc", combatant=alice, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(
                combatant_id="2", side="pc", combatant=bob, owner_id=standin.user("bob").id
            ),
        ),
        next_number=3,
    )
    repository = EncounterRepository(bot.database)
    await repository.start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )
    return repository


async def gm(standin: StandIn, command: str, **options: Any) -> Any:
    result = await standin.slash(command, options, channel=CHANNEL)
    assert not result.errors
    assert not result.ephemeral, result.embeds
    return result


async def test_a_rat_swarm_bites_both_fighters_then_is_dispersed(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R14.1-R14.4: rats (SM +2, Move 4, 1d cut, dispersed by 6) on Alice and Bob. At the end
    of the swarm's turn both are bitten, no roll on either side: 3 cut → 4 and 2 cut → 3.
    Then a sword's 7 cut counts only 2 (diffuse), and a 4-point area attack the other 4:
    6 of 6, dispersed."""
    repository = await start(standin, bot)
    text = bot.messages.text
    added = await gm(standin, "swarm add", kind="rats")
    line = tracker_lines(added.embeds)["Rats"]
    assert line == "swarm of Rats · SM +2 · Move 4 (on the ground) · dispersal 0/6"
    await gm(standin, "swarm engage", swarm="Rats", victim="Alice")
    engaged = await gm(standin, "swarm engage", swarm="Rats", victim="Bob")
    assert tracker_lines(engaged.embeds)["Rats"].endswith("on Alice, Bob")

    await gm(standin, "encounter next")  # round 1: Alice (6.25), Bob (6), the rats (4)
    await gm(standin, "encounter next")
    rats_turn = await gm(standin, "encounter next")
    assert "Rats" in str(rats_turn.embeds)
    dice.extend([3, 2])
    bitten = await gm(standin, "encounter next")
    assert dice.remaining == 0
    attack = bitten.embeds[0]
    assert attack["title"] == text(
        "swarm.attack.title", "en", emoji="🐀", name="Rats", damage="1d cut"
    )
    shown = fields(attack)
    assert "3 cut (3) · DR 0 · penetrating 3 × 1.5 = **4**" in shown["Alice (round 1)"]
    assert "20 → **16** / 20" in shown["Alice (round 1)"]
    assert "2 cut (2) · DR 0 · penetrating 2 × 1.5 = **3**" in shown["Bob (round 1)"]
    record = await repository.require_active(standin.channel(CHANNEL).id)
    assert [c.combatant.state.hp for c in record.encounter.combatants[:2]] == [16, 17]

    sword = await gm(standin, "swarm hit", swarm="Rats", amount=7, type="cut")
    hit = fields(sword.embeds[0])
    assert hit["Damage"] == "7 cut → 10, only 2 counts: diffuse (R14.3)"
    assert hit["Result"] == "**Toward dispersal: 2/6**"
    blast = await gm(standin, "swarm hit", swarm="Rats", amount=4, area=True)
    assert fields(blast.embeds[0])["Result"] == f"**{text('swarm.hit.dispersed', 'en')}**"
    assert "Rats" not in tracker_lines(blast.embeds[1:])
    record = await repository.require_active(standin.channel(CHANNEL).id)
    assert [c.name for c in record.encounter.combatants] == ["Alice", "Bob"]

    # The dispersal is one change like any other.
    await gm(standin, "encounter undo")
    record = await repository.require_active(standin.channel(CHANNEL).id)
    assert [c.name for c in record.encounter.combatants] == ["Alice", "Bob", "Rats"]


async def test_a_bat_horde_shrinks_by_a_hex_and_acts_last(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R14.5-R14.8: 20 hexes of bats (Basic Size 15): SM +8, Move 8; 8 damage (one hex's
    worth) → 19 hexes. It acts after everyone, though its Speed 8 beats theirs."""
    await start(standin, bot)
    added = await gm(standin, "swarm add", kind="bats", hexes=20)
    assert tracker_lines(added.embeds)["Bats"] == (
        "horde of Bats: 20 hexes (Basic Size 15) · SM +8 · Move 8 (flying) · next hex 0/8"
    )
    first = await gm(standin, "encounter next")
    assert list(tracker_lines(first.embeds)) == ["Alice", "Bob", "Bats"]
    hit = await gm(standin, "swarm hit", swarm="Bats", amount=8, area=True)
    shown = fields(hit.embeds[0])
    assert shown["Hexes"] == "20 → **19**"
    assert shown["Result"] == "**Next hex: 0/8 (R14.7)**"
    assert tracker_lines(hit.embeds[1:])["Bats"].startswith("horde of Bats: 19 hexes")
    more = await gm(standin, "swarm hit", swarm="Bats", amount=20, area=True)
    assert fields(more.embeds[0])["Hexes"] == "19 → **17**"
    assert "next hex 4/8" in tracker_lines(more.embeds[1:])["Bats"]


async def test_a_rat_horde_below_its_basic_size_becomes_swarms(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R14.7: 5 hexes (Basic Size 5) take 8 → 4 hexes: four rat swarms, in Portuguese."""
    await start(standin, bot)
    await gm(standin, "swarm add", kind="rats", hexes=5)
    split = await standin.slash(
        "swarm hit",
        {"swarm": "Rats", "amount": 8, "area": True},
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert not split.ephemeral
    result = fields(split.embeds[0])["Resultado"]
    assert "Rats 1, Rats 2, Rats 3, Rats 4" in result
    lines = tracker_lines(split.embeds[1:])
    assert [name for name in lines if name.startswith("Rats")] == [
        "Rats 1",
        "Rats 2",
        "Rats 3",
        "Rats 4",
    ]
    assert lines["Rats 1"].startswith("enxame de Ratos · MT +2")


async def test_an_ordinary_attack_on_a_swarm_is_refused(standin: StandIn, bot: GurpsBot) -> None:
    await start(standin, bot)
    await gm(standin, "swarm add", kind="bees")
    for command, options in (
        ("attack", {"attacker": "Alice", "target": "Bees", "skill": 12, "damage": "sw cut"}),
        ("damage", {"target": "Bees", "amount": 3, "type": "burn"}),
    ):
        refused = await standin.slash(command, options, channel=CHANNEL)
        assert refused.ephemeral
        assert bot.messages.text("swarm.is_a_swarm", "en", name="Bees") in str(refused.embed)


async def test_a_custom_swarm_needs_its_numbers(standin: StandIn, bot: GurpsBot) -> None:
    await start(standin, bot)
    refused = await standin.slash("swarm add", {"kind": "custom"}, channel=CHANNEL)
    assert refused.ephemeral
    assert bot.messages.text("swarm.custom_needs", "en") in str(refused.embed)
    added = await gm(
        standin,
        "swarm add",
        kind="custom",
        name="Wasps",
        damage="1d-1 pi-",
        **{"dispersed-by": 5, "move": 7, "movement": "flying", "small": True},
    )
    assert tracker_lines(added.embeds)["Wasps"] == (
        "swarm · SM +2 · Move 7 (flying) · dispersal 0/5"
    )


async def test_a_grenade_among_the_rats(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R14.3 with R15.1: a 3d grenade rolled 12, the rats 1 m off take 12/3 = 4 as an area
    attack, uncapped, and its +1 burning (R10.2): 5; Bob, 20 m off, is out of it. No Dive
    for Cover for a swarm."""
    await start(standin, bot)
    await gm(standin, "swarm add", kind="rats")
    dice.extend([4, 4, 4])
    blast = await gm(
        standin, "explosion blast", damage="3d cr ex", targets="Rats 1m, Bob 20m", dive=False
    )
    assert dice.remaining == 0
    hit = blast.embeds[-1]
    assert hit["title"] == bot.messages.text("swarm.hit.title", "en", name="Rats")
    assert fields(hit)["Damage"] == "4 cr → 4\nIncendiary: +1 burning (R15.1, R10.2)"
    assert fields(hit)["Result"] == "**Toward dispersal: 5/6**"


async def test_bees_follow_their_victim_until_50_metres_from_the_hive(
    standin: StandIn, bot: GurpsBot
) -> None:
    """R14.4 a: Alice runs; at 40 m from the hive the bees still follow (refused, nothing
    changed), at 60 m they give up."""
    repository = await start(standin, bot)
    await gm(standin, "swarm add", kind="bees")
    await gm(standin, "swarm engage", swarm="Bees", victim="Alice")
    refused = await standin.slash(
        "swarm release",
        {"swarm": "Bees", "victim": "Alice", "from-hive": 40},
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert refused.ephemeral
    assert bot.messages.text(
        "swarm.still_follows", "pt-BR", swarm="Bees", name="Alice", metres=40, limit=50
    ) in str(refused.embed)
    record = await repository.require_active(standin.channel(CHANNEL).id)
    bees = record.encounter.find("Bees").combatant.swarm
    assert bees is not None
    assert len(bees.victims) == 1
    await gm(standin, "swarm release", swarm="Bees", victim="Alice", **{"from-hive": 60})
    record = await repository.require_active(standin.channel(CHANNEL).id)
    bees = record.encounter.find("Bees").combatant.swarm
    assert bees is not None
    assert bees.victims == ()


async def test_engage_and_release_log_the_fight_names_whatever_was_typed(
    standin: StandIn, bot: GurpsBot
) -> None:
    """R14.1, R14.4: the GM types ``bees`` and ``alice``; the log keeps "Bees" and "Alice",
    as the fight spells them, and the release says how far from the hive she ran."""
    repository = await start(standin, bot)
    await gm(standin, "swarm add", kind="bees")
    fight_id = (await repository.require_active(standin.channel(CHANNEL).id)).id
    await gm(standin, "swarm engage", swarm="bees", victim="alice")
    assert (await repository.events(fight_id))[-1].detail == {"swarm": "Bees", "engaged": "Alice"}
    freed = await gm(standin, "swarm release", swarm="bees", victim="alice", **{"from-hive": 60})
    assert (await repository.events(fight_id))[-1].detail == {
        "swarm": "Bees",
        "released": "Alice",
    }
    gave_up = bot.messages.text("swarm.hive.gave_up", "en", name="Alice", metres=60, limit=50)
    assert gave_up in str(freed.embeds[0])
