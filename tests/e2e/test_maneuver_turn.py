"""A player chooses his fighter's maneuver in that fighter's own turn (R4.4) and it governs
his defenses until his next turn (R4.5): not in a foe's turn to defend better against the
blow just rolled at him. A Wait an enemy sets off turns into an attack, a Feint or a Ready
only (R5.11). The GM sets any fighter's maneuver out of turn, one a turn as anyone's."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels, orc_attacks, start_duel

NOT_HIS_TURN_EN = (
    "It is Orc's turn, not Ana's: a fighter chooses his maneuver in his own turn, one a turn,"
    " and it governs his defenses until his next turn (R4.4, R4.5); only a Wait an enemy sets"
    " off acts sooner (R5.11). Go on with /encounter next until it is Ana's turn; the GM can"
    " set it for him now only if he chose none in his last turn (else /encounter undo first)."
)
NOT_HIS_TURN_PT = (
    "A vez é de Orc, não de Ana: cada combatente escolhe a manobra no próprio turno, uma por"
    " turno, e ela vale para as defesas dele até o próximo turno (R4.4, R4.5); só um Aguardar"
    " que um inimigo dispara age antes (R5.11). Avance com /encontro proximo até chegar a vez"
    " de Ana; o Mestre só pode defini-la por ele agora se ele não escolheu nenhuma no último"
    " turno (senão, use antes /encontro desfazer)."
)
NOT_FROM_WAIT_EN = (
    "It is Orc's turn, not Ana's: the Wait Ana chose may become an attack, a Feint or a Ready"
    " when an enemy sets it off (R5.11), not another maneuver; the others are chosen in his"
    " own turn (R4.4, R4.5). The GM can set another maneuver for him now."
)
NOT_FROM_WAIT_PT = (
    "A vez é de Orc, não de Ana: o Aguardar que Ana escolheu pode virar um ataque, uma Finta"
    " ou um Preparar quando um inimigo o dispara (R5.11), não outra manobra; as demais se"
    " escolhem no próprio turno (R4.4, R4.5). O Mestre pode definir outra manobra por ele"
    " agora."
)
ALL_OUT_DEFENSE = {"combatant": "Ana", "maneuver": "all_out_defense"}


async def _maneuver(standin: StandIn, user: str, locale: str = "en", **options: object) -> Any:
    return await standin.slash("maneuver", options, user=user, channel=CHANNEL, locale=locale)


async def _refused(
    standin: StandIn, bot: GurpsBot, user: str, locale: str = "en", **options: object
) -> str:
    """The private refusal's text; the fight and its log are left as they were."""
    repository = EncounterRepository(bot.database)
    before = await repository.require_active(standin.channel(CHANNEL).id)
    events = await repository.events(before.id, limit=100)
    result = await _maneuver(standin, user, locale, **options)
    assert result.ephemeral, result.embeds
    assert await repository.require_active(standin.channel(CHANNEL).id) == before
    assert await repository.events(before.id, limit=100) == events
    return str(result.embed["description"])


async def _ana_turn(bot: GurpsBot, standin: StandIn) -> tuple[str | None, str | None]:
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    turn = record.encounter.find("Ana").turn
    return turn.maneuver, turn.all_out_defense


async def test_no_all_out_defense_in_the_foes_turn_after_his_blow_r4_4_r4_5(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana's turn passes without a maneuver; in the orc's turn his axe hits her (11 vs 13).
    Her player's All-Out Defense then is refused in English and Portuguese, nothing changes,
    and the blow still offers her the one defense of a fighter without it."""
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # Ana (Speed 6.25)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc (6)
    dice.extend([3, 4, 4])
    blow = await orc_attacks(standin)
    assert labels(blow.message) == ["Dodge 9", "Parry 9 (sword)", "Retreat (+3)", "No defense"]
    assert await _refused(standin, bot, "alice", **ALL_OUT_DEFENSE) == NOT_HIS_TURN_EN
    assert await _refused(standin, bot, "alice", "pt-BR", **ALL_OUT_DEFENSE) == NOT_HIS_TURN_PT
    assert await _ana_turn(bot, standin) == (None, None)
    # R5.12 would have offered a second defense after a failed parry: none now.
    dice.extend([6, 6, 4, 1, 1])  # the parry fails on 16; 2d+1 = 3 cut, DR 1: 2 × 1.5 = 3
    await standin.click(blow.message, "Parry 9 (sword)", user="alice")
    assert labels(standin.message(blow.message.id)) == []
    assert dice.remaining == 0


async def test_the_player_chooses_in_his_turn_and_the_gm_at_any_time_r4_4(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """In the orc's turn the GM still sets Ana's All-Out Defense (a correction); in her own
    turn her player chooses it himself."""
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # Ana
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    by_gm = await _maneuver(standin, "gm", **ALL_OUT_DEFENSE)
    assert not by_gm.ephemeral
    assert fields(by_gm.embed)["Defenses until next turn"] == (
        "two different defenses per attack (R5.12)"
    )
    assert await _ana_turn(bot, standin) == ("all_out_defense", "double_defense")
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # round 2: Ana
    assert await _ana_turn(bot, standin) == (None, None)
    own = await _maneuver(standin, "alice", **ALL_OUT_DEFENSE)
    assert not own.ephemeral
    assert await _ana_turn(bot, standin) == ("all_out_defense", "double_defense")
    assert dice.remaining == 0


async def test_a_wait_set_off_becomes_a_feint_not_an_all_out_defense_r5_11(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ana Waits in her turn; in the orc's turn her Wait may turn into a Feint (R5.11), not
    into an All-Out Defense against his blow."""
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # Ana
    waiting = await _maneuver(standin, "alice", combatant="Ana", maneuver="wait")
    assert not waiting.ephemeral
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    assert await _refused(standin, bot, "alice", **ALL_OUT_DEFENSE) == NOT_FROM_WAIT_EN
    assert await _refused(standin, bot, "alice", "pt-BR", **ALL_OUT_DEFENSE) == NOT_FROM_WAIT_PT
    assert await _ana_turn(bot, standin) == ("wait", None)
    # R5.9: the Feint's Quick Contest, Ana's 9 against the orc's 18.
    dice.extend([3, 3, 3, 6, 6, 6])
    feint = await _maneuver(standin, "alice", combatant="Ana", maneuver="feint", target="Orc")
    assert not feint.ephemeral
    assert await _ana_turn(bot, standin) == ("feint", None)
    # The Wait is spent: nothing more out of turn.
    assert await _refused(standin, bot, "alice", **ALL_OUT_DEFENSE) == NOT_HIS_TURN_EN
    assert dice.remaining == 0


async def test_a_waiting_blow_shows_the_defenses_the_gms_maneuver_gives_r4_4_r5_12(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R4.4: the maneuver governs Ana's defenses at once. The orc's blow (11 vs 13) waits for
    her defense, its message written in Portuguese; the GM gives her All-Out Defense, +2 Dodge
    (B366): the message's buttons and its Defenses field (both kept in the language it was
    written in, whatever the GM's) now read Dodge 11, with no "defense undone" note. Undoing
    the maneuver puts Dodge 9 back, and the Dodge rolled is the one shown."""
    await start_duel(standin, bot)
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # Ana
    await standin.slash("encounter next", user="gm", channel=CHANNEL)  # the orc
    dice.extend([3, 4, 4])
    blow = await standin.slash(
        "attack", {"attacker": "Orc", "target": "Ana"}, user="gm", channel=CHANNEL, locale="pt-BR"
    )
    content = blow.message.content
    assert fields(blow.message.embeds[0])["Defesas"] == "**Esquiva 9**\n**Aparar 9 (sword)**"
    dodge = {
        "combatant": "Ana",
        "maneuver": "all_out_defense",
        "all-out-defense": "increased_dodge",
    }
    assert labels(blow.message) == ["Esquiva 9", "Aparar 9 (sword)", "Recuo (+3)", "Sem defesa"]
    assert not (await _maneuver(standin, "gm", **dodge)).ephemeral
    await bot.defenses.settled()
    shown = standin.message(blow.message.id)
    assert labels(shown) == ["Esquiva 11", "Aparar 9 (sword)", "Recuo (+3)", "Sem defesa"]
    assert fields(shown.embeds[0])["Defesas"] == (
        "**Esquiva 11** · base 9 · +2 Defesa Total (B366)\n**Aparar 9 (sword)**"
    )
    assert shown.content == content
    await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    await bot.defenses.settled()
    undone = standin.message(blow.message.id)
    assert labels(undone) == ["Esquiva 9", "Aparar 9 (sword)", "Recuo (+3)", "Sem defesa"]
    assert fields(undone.embeds[0])["Defesas"] == "**Esquiva 9**\n**Aparar 9 (sword)**"
    assert undone.content == content
    dice.extend([3, 3, 3])  # 9 against Dodge 9: dodged
    await standin.click(blow.message, "Esquiva 9", user="alice")
    assert labels(standin.message(blow.message.id)) == []
    assert dice.remaining == 0
