"""A hit's fire through the real client: an incendiary weapon's extra burning point (R10.2),
clothes set alight by the hit with no GM command (R10.5, R10.8), burning every second at
the victim's place until put out, and the DX penalty on his attacks and defenses."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels, start_duel
from tests.e2e.test_environment import gm, state_of, tracker_line


async def test_an_incendiary_blow_sets_the_orcs_clothes_alight_and_undo_puts_it_out(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.2, R10.5: Ana's fire bolt (1d burn, incendiary) hits the orc (no DR): 3 burning,
    then 1 more; 4 burning in one attack sets part of his clothes alight. At his place in
    the order he burns (1d-4), and undo takes it all back."""
    await start_duel(standin, bot)
    dice.extend([3, 3, 3])  # 9 against 13: hit
    attack = await standin.slash(
        "attack",
        {"attacker": "Ana", "target": "Orc", "damage": "1d burn inc"},
        user="alice",
        channel=CHANNEL,
    )
    dice.extend([3])  # 1d burn: 3
    await standin.click(attack.message, "No defense", user="gm")
    damage = standin.message(attack.message.id).embeds[-1]
    breakdown = fields(damage)
    assert breakdown["Basic damage"] == "1d → **3** burn (3)"
    assert breakdown["HP"] == "13 → **10** / 13"
    effects = breakdown["Consequences"].splitlines()
    assert "Incendiary: +1 burning at the same spot, DR 0, injury 1, HP 10 → 9 (R10.2)." in effects
    assert (
        "Orc catches fire: part of his clothing: 1d-4 a second, DX -2, until put out (R10.5)."
        in effects
    )
    orc = await state_of(bot, standin, "Orc")
    assert (orc.hp, orc.on_fire) == (9, "partial")

    await gm(standin, "encounter next")  # Ana's place: the orc does not burn
    dice.extend([6])  # the orc's place: 1d-4 = 2 burning, no DR
    turn = await gm(standin, "encounter next")
    burning = next(e for e in turn.embeds if e.get("title") == "⏱️ A second passes")
    assert burning["description"] == "Orc burns: 1d-4 rolled 2 (6), injury 2, HP 9 → **7** (R10.5)"
    assert "on fire: part of his clothing" in tracker_line(turn, "Orc")
    assert dice.remaining == 0

    for _ in range(3):  # the two turns, then the blow
        await gm(standin, "encounter undo")
    orc = await state_of(bot, standin, "Orc")
    assert (orc.hp, orc.on_fire) == (13, None)


async def test_clothes_under_armor_do_not_catch_from_damage(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.8: ``/damage`` of 4 burning on Ana (DR 1 everywhere: 3 injury, HP 11 → 8) would
    set ordinary clothes alight, but hers are under armor; the incendiary point is stopped
    by the DR."""
    await start_duel(standin, bot)
    result = await gm(standin, "damage", target="Ana", amount="4", type="burn", incendiary=True)
    effects = fields(result.embeds[0])["Consequences"].splitlines()
    assert effects[-2:] == [
        "Incendiary: +1 burning at the same spot, DR 1, injury 0, HP 8 → 8 (R10.2).",
        "Ana's clothes are under armor there: they do not catch fire (R10.8).",
    ]
    state = await state_of(bot, standin)
    assert (state.hp, state.on_fire) == (8, None)


async def test_her_burning_clothes_lower_her_attack_and_her_defense_buttons(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R10.5, A.4: part of Ana's clothes on fire, DX 13 → 11: her sword attacks at 11; her
    Dodge (Basic Speed 5.75) and her Parry (sword 11) are each 1 lower, 8 on the buttons."""
    await start_duel(standin, bot)
    await gm(standin, "environment catch-fire", combatant="Ana", damage=4)
    dice.extend([6, 6, 6])  # 18 against 11: a miss
    attack = await standin.slash(
        "attack", {"attacker": "Ana", "target": "Orc"}, user="alice", channel=CHANNEL
    )
    assert fields(attack.embeds[0])["Effective skill"] == (
        "Skill 13\n-2 part of his clothing on fire (R10.5)\n= **11**"
    )
    dice.extend([3, 4, 4])  # the orc: 11 against 13, a hit
    struck = await standin.slash(
        "attack", {"attacker": "Orc", "target": "Ana"}, user="gm", channel=CHANNEL
    )
    assert labels(struck.message)[:2] == ["Dodge 8", "Parry 8 (sword)"]
    defenses = fields(struck.embeds[0])["Defenses"]
    assert "-1 part of his clothing on fire (R10.5)" in defenses
