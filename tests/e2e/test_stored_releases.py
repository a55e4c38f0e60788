"""Databases written by earlier releases still work: the fight reads back as it was, its waiting
attack resolves, and undo walks back what the old release logged (``bot/storage/documents.py``).
The ``[postgresql]`` run first moves the old file to PostgreSQL (``migrate-db``) and plays on there.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.storage.character import CharacterRepository
from bot.storage.database import Database
from bot.storage.encounter import EncounterRepository
from bot.storage.transfer import copy_database
from rules.roller import ScriptedDice

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "storage"
CHANNEL = "combat"
OLD_IDS = {
    "release-9016b34.sql": {
        "guild": 1577338009471156230,
        "combat": 1577338009471156234,
        "gm": 1577338009471156226,
        "alice": 1577338009471156227,
    },
    "release-a04425a.sql": {
        "guild": 1577340905617096710,
        "combat": 1577340905617096714,
        "gm": 1577340905617096706,
        "alice": 1577340905617096707,
    },
}
SKILLS = {
    # Sheets format 1 kept skills as {"acrobatics": 14}; they read back as named skills.
    "release-9016b34.sql": ({}, {}),
    "release-a04425a.sql": (
        {"acrobatics": 14, "judo": 13},
        {"acrobatics": 14, "judo": 13, "karate": 12},
    ),
}


def load_release(name: str, standin: StandIn, path: Path) -> None:
    """The old database in ``path``, its ids moved to this stand-in's world."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    new_ids = {
        "guild": standin.guild.id,
        "combat": standin.channel(CHANNEL).id,
        "gm": standin.user("gm").id,
        "alice": standin.user("alice").id,
    }
    for key, old in OLD_IDS[name].items():
        text = text.replace(str(old), str(new_ids[key]))
    with sqlite3.connect(path) as conn:
        conn.executescript(text)


def test_every_fixture_has_its_ids() -> None:
    assert sorted(p.name for p in FIXTURES.glob("release-*.sql")) == sorted(OLD_IDS)


@pytest.mark.parametrize("name", sorted(OLD_IDS))
async def test_a_fight_from_an_earlier_release_goes_on(
    name: str, standin: StandIn, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    path = tmp_path / "old.sqlite3"
    load_release(name, standin, path)
    target: Path | str = path
    if backend == "postgresql":
        target = await request.getfixturevalue("postgres_server").create_database()
        async with Database.open(path) as source, Database.open(target) as copy:
            await copy_database(source, copy)
    dice = ScriptedDice([])
    live = LiveBot(standin, target, dice)
    try:
        bot = await live.start()
        record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
        fight = record.encounter
        assert [c.name for c in fight.combatants] == ["Ana", "Orc", "Brienne"]
        assert fight.find("Orc").combatant.state.hp == 12 - 4  # 3 cutting x1.5 to the torso
        assert "Axe" in [w.name for w in fight.find("Ana").combatant.weapons]
        assert fight.find("Brienne").combatant.weapons[0].name == "Longsword"
        saved_skills, fighting_skills = SKILLS[name]
        fighter = fight.find("Brienne").combatant
        assert {key: fighter.skill(key) for key in fighting_skills} == fighting_skills
        assert len(fighter.skills) == len(fighting_skills)
        saved = await CharacterRepository(bot.database).require(standin.guild.id, "Brienne")
        assert {key: saved.sheet.skill(key) for key in saved_skills} == saved_skills
        assert len(saved.sheet.skills) == len(saved_skills)

        # The attack the old release left waiting: Dodge 9 fails on 5+5+4 = 14; the club's
        # sw+1 cr from ST 12 is 1d+3: a 3 makes 6 crushing, DR 2 leaves 4 injury.
        dice.extend([5, 5, 4, 3])
        defended = await standin.slash(
            "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
        )
        assert not defended.ephemeral, defended.embed
        assert dice.remaining == 0
        record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
        assert record.encounter.find("Ana").combatant.state.hp == 12 - 4

        # Undo walks back the new defense, then the old release's damage to the Orc.
        for _ in range(2):
            undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
            assert not undone.ephemeral, undone.embed
        record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
        assert record.encounter.find("Ana").combatant.state.hp == 12
        assert record.encounter.find("Orc").combatant.state.hp == 12
        assert dice.remaining == 0

        shown = await standin.slash(
            "character show", {"name": "Brienne"}, user="gm", channel=CHANNEL
        )
        assert "Longsword" in json.dumps(shown.embeds)
    finally:
        await live.stop()
