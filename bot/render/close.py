"""Close combat as embeds: each contest with both scores itemised, what it changed, and the
holds the tracker shows (R11.x).

Pure functions from :mod:`rules.close_combat` outcomes and a locale to embeds and
lines; every word from the ``close.*`` catalog.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.attack import readying_line, render_damage, wait_line
from bot.render.common import ResultKind, add_field, new_embed, signed
from rules.checks import ContestWinner, SuccessRoll
from rules.close_combat import CloseAction, CloseOutcome
from rules.encounter import Encounter, EncounterCombatant
from rules.grapple import CloseContest, HoldKind, Score
from rules.ranged import shown
from rules.slam import HORN_RECOIL_MARGIN, KMH_PER_HEX, SlamOutcome
from rules.terrain import WATER_DAMAGE

__all__ = ["hold_words", "render_close"]

# The scores each contest compares (``close.stat.*``): the one acting, then his foe.
STATS: dict[str, tuple[str, str]] = {
    "grapple": ("dx", "dx"),
    "grab_weapon": ("dx", "dx"),
    "grab_arm": ("dx", "dx"),
    "wrest": ("st", "st"),
    "force_drop": ("st", "st"),
    "takedown_st": ("st", "st"),
    "takedown_dx": ("dx", "st"),
    "takedown_judo": ("judo", "st"),
    "pin": ("st", "st"),
    "choke": ("st", "ht"),
    "break_free": ("st", "st"),
    "slam_dx": ("dx", "dx"),
    "slam_st": ("st", "st"),
    "slam_knockback": ("st", "st"),
}


def _faces(roll: SuccessRoll) -> str:
    return ", ".join(str(face) for face in roll.faces)


def _itemised(stat: str, score: Score, messages: Messages, locale: str) -> str:
    """``DX 14 · -2 shield in close combat (R11.26)``: the score and each modifier's rule."""
    t = messages.text
    parts = [f"{t(f'close.stat.{stat}', locale)} {score.base}"]
    parts += [f"{signed(m.value)} {t(m.key, locale)} ({m.rule_id})" for m in score.modifiers]
    return " · ".join(parts)


def _score(
    name: str, stat: str, score: Score, roll: SuccessRoll, *, messages: Messages, locale: str
) -> str:
    """``Bruno: DX 12 · +3 grapple (R11.2) = **15**, rolled 10 (3, 3, 4): success by 5``."""
    t = messages.text
    return t(
        "close.score_line",
        locale,
        name=name,
        score=_itemised(stat, score, messages, locale),
        value=score.value,
        total=roll.total,
        faces=_faces(roll),
        outcome=t(f"roll.outcome.{roll.outcome.value}", locale),
        margin=signed(roll.margin),
    )


def _contest_value(
    contest: CloseContest, names: tuple[str, str], messages: Messages, locale: str
) -> str:
    stats = STATS.get(contest.action, ("st", "st"))
    rolled = contest.contest
    lines = [
        _score(names[0], stats[0], contest.attacker, rolled.a, messages=messages, locale=locale),
        _score(names[1], stats[1], contest.defender, rolled.b, messages=messages, locale=locale),
    ]
    if rolled.winner is ContestWinner.TIE:
        lines.append(messages.text("close.tie", locale))
    else:
        winner = names[0] if rolled.winner is ContestWinner.A else names[1]
        lines.append(
            messages.text("close.winner", locale, name=winner, margin=rolled.margin_of_victory)
        )
    return "\n".join(lines)


def _knockback_result(slam: SlamOutcome, messages: Messages, locale: str) -> str:
    """The second ST contest's result (R11.13): a throw only when the first contest's margin
    and the winner's speed give at least one hex, else why there is none."""
    second = slam.second_contest
    t = messages.text
    if second is None or not second.won:
        return t("close.knockback_lost", locale)
    if slam.knockback:
        return t("close.knockback_won", locale)
    margin = slam.strength.margin if slam.strength is not None else 0
    if margin // 2 == 0:
        return t("close.knockback_none_margin", locale, margin=margin)
    return t("close.knockback_none_speed", locale)


def _slam_fields(
    embed: discord.Embed, outcome: CloseOutcome, messages: Messages, locale: str
) -> None:
    slam = outcome.slam
    if slam is None:
        return
    t = messages.text
    names = (outcome.attacker_name, outcome.target_name or "")
    if slam.dodge is not None:
        add_field(
            embed,
            t("close.field.dodge", locale),
            t(
                "close.dodge_line",
                locale,
                name=names[1],
                target=slam.dodge.effective_skill,
                total=slam.dodge.total,
                faces=_faces(slam.dodge),
                outcome=t(f"roll.outcome.{slam.dodge.outcome.value}", locale),
            ),
            inline=False,
        )
    if slam.to_hit is not None:
        add_field(
            embed,
            t("close.field.to_hit", locale),
            _contest_value(slam.to_hit, names, messages, locale),
            inline=False,
        )
    elif slam.hit and slam.dodge is None:
        add_field(embed, t("close.field.to_hit", locale), t("close.slam_rear", locale))
    if slam.strength is not None:
        add_field(
            embed,
            t("close.field.strength", locale),
            _contest_value(slam.strength, names, messages, locale),
            inline=False,
        )
    lines: list[str] = []
    if slam.winner_st_roll is not None:
        roll = slam.winner_st_roll
        lines.append(
            t(
                "close.winner_st_line",
                locale,
                name=names[0] if slam.attacker_wins else names[1],
                target=roll.effective_skill,
                total=roll.total,
                faces=_faces(roll),
                outcome=t(f"roll.outcome.{roll.outcome.value}", locale),
            )
        )
    if slam.second_contest is not None:
        second = slam.second_contest
        lines.append(
            t(
                "close.second_contest_line",
                locale,
                mine=second.attacker.value,
                roll=second.contest.a.total,
                theirs=second.defender.value,
                their_roll=second.contest.b.total,
                result=_knockback_result(slam, messages, locale),
            )
        )
    fallen = [
        name
        for name, fell in ((names[0], slam.attacker_falls), (names[1], slam.target_falls))
        if fell
    ]
    if fallen:
        lines.append(t("close.fall_line", locale, names=", ".join(fallen)))
    if slam.knockback:
        loser = names[1] if slam.attacker_wins else names[0]
        key = "close.knockback_line_one" if slam.knockback == 1 else "close.knockback_line"
        lines.append(t(key, locale, name=loser, hexes=slam.knockback))
    if outcome.collision and outcome.water is not None:
        # R13.4, R13.5: all damage in the water is reduced, a collision's too.
        factor = WATER_DAMAGE[outcome.water]
        lines.append(
            t(
                f"close.collision_line_{outcome.water.value}",
                locale,
                dice=outcome.collision,
                factor=f"{factor.numerator}/{factor.denominator}",
            )
        )
    elif outcome.collision:
        lines.append(t("close.collision_line", locale, dice=outcome.collision))
    if outcome.horns is None:
        lines += _impact_lines(outcome, messages, locale)
    if lines:
        add_field(embed, t("close.field.result", locale), "\n".join(lines), inline=False)


def _impact_lines(outcome: CloseOutcome, messages: Messages, locale: str) -> list[str]:
    """R11.17: the knockback ended against a wall or a heavy object: the collision's roll."""
    t = messages.text
    impact = outcome.impact
    lines: list[str] = []
    if impact is not None:
        lines.append(
            t(
                "close.impact_line",
                locale,
                name=outcome.impact_name or "",
                hexes=impact.speed,
                kmh=shown(impact.speed * KMH_PER_HEX),
                dice=impact.dice,
                rolled=impact.rolled,
                faces=", ".join(map(str, impact.faces)) or "—",
            )
        )
        if impact.object_breaks:
            lines.append(
                t(
                    "close.impact_breaks_line",
                    locale,
                    damage=impact.damage,
                    hexes=impact.speed_after,
                )
            )
        else:
            lines.append(t("close.impact_holds_line", locale, damage=impact.damage))
    return lines


def _roll_text(roll: SuccessRoll, messages: Messages, locale: str) -> dict[str, object]:
    return {
        "target": roll.effective_skill,
        "total": roll.total,
        "faces": _faces(roll),
        "outcome": messages.text(f"roll.outcome.{roll.outcome.value}", locale),
    }


def _trample_fields(
    embed: discord.Embed, outcome: CloseOutcome, messages: Messages, locale: str
) -> None:
    """R11.19's DX roll and Dodge (to hit), then its damage; R11.20's horns and the HT roll."""
    t = messages.text
    lines: list[str] = []
    trampled = outcome.trample
    if trampled is not None:
        to_hit = [
            t("close.trample_dx_line", locale, **_roll_text(trampled.dx_roll, messages, locale))
        ]
        if trampled.dodge is not None:
            to_hit.append(
                t(
                    "close.dodge_line",
                    locale,
                    name=outcome.target_name or "",
                    **_roll_text(trampled.dodge, messages, locale),
                )
            )
        add_field(embed, t("close.field.to_hit", locale), "\n".join(to_hit), inline=False)
        if trampled.hit and trampled.dice is None:
            lines.append(
                t("close.trample_no_damage_line", locale, kg=shown(trampled.effective_weight))
            )
        elif trampled.hit:
            lines.append(
                t(
                    "close.trample_damage_line",
                    locale,
                    dice=trampled.dice or "—",
                    kg=shown(trampled.effective_weight),
                    rolled=trampled.rolled,
                    damage=trampled.damage,
                )
            )
    gored = outcome.horns
    if gored is not None:
        lines.append(
            t(
                "close.horn_damage_line",
                locale,
                dice=gored.dice or "—",
                rolled=gored.rolled,
                factor=str(gored.factor),
                damage=gored.damage,
                type=t("close.horn_imp" if gored.sharp else "close.horn_cr", locale),
            )
        )
        lines.append(
            t(
                "close.horn_ht_line",
                locale,
                name=outcome.attacker_name,
                **_roll_text(gored.ht_roll, messages, locale),
            )
        )
        if gored.stunned:
            lines.append(t("close.horn_stunned", locale, name=outcome.attacker_name))
    recoil = outcome.recoil
    if recoil is not None:
        what = t(f"close.strikes_what.{recoil.strikes.value}", locale)
        if recoil.dice is None and not recoil.damage and recoil.lost_by < HORN_RECOIL_MARGIN:
            lines.append(t("close.recoil_none_line", locale, name=outcome.attacker_name, what=what))
        else:
            lines.append(
                t(
                    "close.recoil_line",
                    locale,
                    name=outcome.attacker_name,
                    what=what,
                    lost_by=recoil.lost_by,
                    dice=recoil.dice or "—",
                    rolled=recoil.rolled,
                    damage=recoil.damage,
                )
            )
    if lines:
        add_field(embed, t("close.field.damage", locale), "\n".join(lines), inline=False)


def render_close(outcome: CloseOutcome, messages: Messages, locale: str) -> list[discord.Embed]:
    """The action's embed, and the damage it did (a choke, a super-slam) after it."""
    t = messages.text
    kind = ResultKind.SUCCESS if outcome.done else ResultKind.FAILURE
    if outcome.yielded or outcome.action in (
        CloseAction.enter,
        CloseAction.leave,
        CloseAction.release,
    ):
        kind = ResultKind.INFO
    embed = new_embed(
        kind,
        title=t(
            f"close.title.{outcome.action.value}",
            locale,
            attacker=outcome.attacker_name,
            target=outcome.target_name or "",
            weapon=outcome.weapon or "",
        ),
    )
    names = (outcome.attacker_name, outcome.target_name or "")
    if outcome.wait_order is not None:
        add_field(
            embed,
            t("attack.field.wait", locale),
            wait_line(outcome.wait_order, *names, messages, locale),
            inline=False,
        )
    if outcome.yielded:
        # R5.11: the foe's longer weapon goes first; nothing was rolled or spent.
        add_field(
            embed,
            t("close.field.outcome", locale),
            t("close.wait_yields", locale, target=names[1]),
            inline=False,
        )
        return [embed]
    if outcome.contest is not None:
        add_field(
            embed,
            t("close.field.contest", locale),
            _contest_value(outcome.contest, names, messages, locale),
            inline=False,
        )
    if outcome.draw is not None:
        draw = outcome.draw
        dx = draw.dx or Score(base=draw.dx_roll.effective_skill)
        lines = [
            t(
                "close.draw_dx_line",
                locale,
                score=_itemised("dx", dx, messages, locale),
                target=draw.dx_roll.effective_skill,
                total=draw.dx_roll.total,
                faces=_faces(draw.dx_roll),
                outcome=t(f"roll.outcome.{draw.dx_roll.outcome.value}", locale),
            )
        ]
        if draw.fast_draw is not None:
            lines.append(
                t(
                    "close.draw_fast_line",
                    locale,
                    target=draw.fast_draw.effective_skill,
                    total=draw.fast_draw.total,
                    faces=_faces(draw.fast_draw),
                    outcome=t(f"roll.outcome.{draw.fast_draw.outcome.value}", locale),
                )
            )
        add_field(embed, t("close.field.roll", locale), "\n".join(lines), inline=False)
    _slam_fields(embed, outcome, messages, locale)
    _trample_fields(embed, outcome, messages, locale)
    if outcome.horns is not None and outcome.impact is not None:
        # R11.20 then R11.17: the loser hits the wall once the horns have struck.
        impact = "\n".join(_impact_lines(outcome, messages, locale))
        add_field(embed, t("close.field.collision", locale), impact, inline=False)
    result_key = f"close.result.{outcome.action.value}.{'done' if outcome.done else 'failed'}"
    if outcome.draw is not None and outcome.draw.dropped:
        result_key = "close.result.draw.dropped"
    elif outcome.draw is not None and outcome.draw.instant:
        result_key = "close.result.draw.instant"
    if outcome.breath_goes_on:
        result_key = "close.result.choke.goes_on"
    elif outcome.still_without_air:
        result_key = "close.result.choke.failed_no_air"
    lines = [
        t(
            result_key,
            locale,
            attacker=outcome.attacker_name,
            target=outcome.target_name or "",
            weapon=outcome.weapon or "",
        )
        if outcome.readying is None
        # R5.5, R7.8: the draw was the Ready that picked it up or brought it back to hand.
        else readying_line(outcome.readying, messages, locale)
    ]
    lines += [t("close.released_line", locale, name=name) for name in outcome.released]
    lines += [
        t(note, locale, attacker=outcome.attacker_name, target=outcome.target_name or "")
        for note in outcome.notes
    ]
    rules = ", ".join(outcome.rule_ids)
    if rules:
        lines.append(f"({rules})")
    add_field(embed, t("close.field.outcome", locale), "\n".join(lines), inline=False)
    embeds = [embed]
    if outcome.damage is not None and outcome.target_name is not None:
        embeds.append(render_damage(outcome.damage, outcome.target_name, messages, locale))
    if outcome.attacker_damage is not None:
        embeds.append(
            render_damage(outcome.attacker_damage, outcome.attacker_name, messages, locale)
        )
    if outcome.recoil_damage is not None:
        embeds.append(render_damage(outcome.recoil_damage, outcome.attacker_name, messages, locale))
    # The collision comes last, as it is applied (R11.17 after R11.20's horns).
    if outcome.impact_damage is not None and outcome.impact_name is not None:
        embeds.append(render_damage(outcome.impact_damage, outcome.impact_name, messages, locale))
    return embeds


def hold_words(
    encounter: Encounter, c: EncounterCombatant, messages: Messages, locale: str
) -> list[str]:
    """What the tracker says of his close combat: whom he holds, who holds him (R11.x)."""
    words: list[str] = []
    mine = c.combatant_id
    for hold in encounter.holds:
        if mine not in (hold.holder_id, hold.held_id):
            continue
        other_id = hold.held_id if hold.holder_id == mine else hold.holder_id
        other = encounter.get(other_id).name
        if hold.kind is HoldKind.close:
            pair = {mine, other_id}
            if not any(
                h.kind is not HoldKind.close and {h.holder_id, h.held_id} == pair
                for h in encounter.holds
            ):
                words.append(messages.text("close.tracker.close", locale, name=other))
            continue
        side = "holds" if hold.holder_id == mine else "held"
        key = f"close.tracker.{side}_{hold.kind.value}"
        if hold.arm:
            key = f"close.tracker.{side}_arm"
        hands = messages.text(f"close.tracker.hands_{hold.hands}", locale)
        words.append(messages.text(key, locale, name=other, weapon=hold.weapon or "", hands=hands))
        if hold.choking:
            words.append(
                messages.text(
                    "close.tracker.choking" if side == "holds" else "close.tracker.not_breathing",
                    locale,
                    name=other,
                )
            )
    return words
