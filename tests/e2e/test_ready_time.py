"""How long a weapon takes to ready for a strong wielder, through ``/maneuver ready`` (R5.5).

Ana, ST 22, readies her great axe (min ST 12): ten points over the minimum, so the reply
says it needs no readying and strikes and parries every turn like a balanced weapon.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from tests.e2e.test_attack import CHANNEL, fields


async def test_a_strong_wielder_needs_no_readying(standin: StandIn, bot: GurpsBot) -> None:
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 22, "dx": 12, "ht": 12},
        weapons=[{"name": "great axe", "skill": 14, "damage": "sw+3 cut", "min_st": 12}],
    )
    orc = Combatant.create(name="Orc", attributes={"st": 13, "dx": 11, "ht": 11})
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=Encounter(
            name="Axe",
            gm_id=standin.user("gm").id,
            combatants=(
                EncounterCombatant(
                    combatant_id="1",
                    side="party",
                    combatant=ana,
                    owner_id=standin.user("alice").id,
                ),
                EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
            ),
            next_number=3,
        ),
    )
    ready = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "ready"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert not ready.ephemeral
    assert fields(ready.embed)["Observações"] == (
        "great axe: ST 22, ST mínima 12 → não precisa ser preparada: golpeia e apara todo turno"
        " como uma arma balanceada (R5.5)"
    )
