"""Embeds for encounters and combatants: the tracker, turns, surprise, undo, the end summary.

Pure functions of rules outcomes and stored records plus a locale. The tracker
says whose turn it is first, then has one field per combatant in turn order, made
to be read at a glance (``HP ▰▰▰▱▱ 8/13 · FP ▰▰▰▰▰ 10/10 · kneeling · 💫 stunned ·
maneuver: Attack``: a bar next to the numbers, a marker before each condition, the
posture only when it is not standing), every one of them: past 25 fields it goes
on in more embeds, sent over as many messages as Discord needs; when the GM hides
NPC numbers, players see a state word instead. A fallen combatant (dead,
destroyed or unconscious) shows only what still matters: HP, the condition that
took him out, and his posture when he lies on the ground.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord

from bot.i18n import Messages
from bot.render.ammunition import add_rounds_field
from bot.render.close import hold_words
from bot.render.common import (
    MAX_FIELD_VALUE,
    MAX_FIELDS,
    MAX_TOTAL,
    ResultKind,
    add_field,
    colour,
    decimal,
    embed_length,
    line_embeds,
    new_embed,
    set_footer,
    signed,
    skill_label,
)
from bot.render.environment import brain_death_conditions, hazard_conditions
from bot.render.fatigue import fatigue_conditions
from bot.render.swarm import swarm_line
from bot.render.terrain import ground_words
from bot.render.views import StoredFight, UndoneChange
from rules.character import SheetTrait, trait_level
from rules.combatant import Armor, BodyPart, Combatant, HitLocation, Posture
from rules.defense_resolution import sheet_defenses
from rules.encounter import (
    CripplingAfterCombat,
    Encounter,
    EncounterCombatant,
    copy_number,
    health_word,
)
from rules.errors import RuleError
from rules.initiative import InitiativeSlot
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord
from rules.surprise import PartialSurpriseOutcome, TotalSurpriseOutcome
from rules.turn import TurnAdvance, TurnEvent, TurnEventKind, TurnState

CURRENT_MARK = "▶"
SEPARATOR = " · "
BAR_WIDTH = 5
BAR_FULL = "▰"
BAR_EMPTY = "▱"
MARKERS: dict[str, str] = {
    "destroyed": "💥",
    "dead": "💀",
    "unconscious": "😵",
    "mortally_wounded": "⚰️",
    "cardiac_arrest": "💔",
    "asleep": "💤",
    "collapsed": "🫠",
    "stunned": "💫",
    "mentally_stunned": "🌀",
    "knocked_down": "⤵️",
    "grappled": "🤼",
    "reeling": "🩸",
    "tired": "😓",
    "paralysed": "🧊",
    "shock": "⚡",
    "crippled": "🦴",
    "dropped": "🫳",
    "unready": "⏳",
    "next_round": "⏭️",
    "crushed_trachea": "🫁",
}
"""The marker before each condition in the tracker, one glance per condition."""


def bar(current: int, maximum: int, width: int = BAR_WIDTH) -> str:
    """``▰▰▰▱▱`` for 8 of 13: full only at the maximum, empty only at 0 or below."""
    if maximum <= 0 or current <= 0:
        filled = 0
    elif current >= maximum:
        filled = width
    else:
        filled = min(width - 1, max(1, (2 * current * width + maximum) // (2 * maximum)))
    return BAR_FULL * filled + BAR_EMPTY * (width - filled)


def _t(messages: Messages, locale: str, key: str, **params: object) -> str:
    return messages.text(key, locale, **params)


def _counted(key: str, count: int | None) -> str:
    """``<key>_one`` for a count of 1 ("1 round", "1 rodada"), else ``key`` (the plural)."""
    return f"{key}_one" if count == 1 else key


def mode_name(messages: Messages, locale: str, mode: str) -> str:
    return _t(messages, locale, f"encounter.mode.{mode}")


def _duration(encounter: Encounter, messages: Messages, locale: str) -> str:
    """How long a fight lasted: its rounds, one second each (R4.1), the round it ended in
    counted as R8.4 counts it; past the first round it also gives the seconds the tracker
    showed elapsed, one fewer, so the two agree."""
    sequence = encounter.sequence
    rounds = sequence.round
    seconds = sequence.elapsed_seconds + (1 if sequence.started else 0)
    key = (
        "encounter.ended.duration_counted"
        if rounds > 1
        else _counted("encounter.ended.duration", rounds)
    )
    return _t(
        messages, locale, key, rounds=rounds, seconds=seconds, elapsed=sequence.elapsed_seconds
    )


def _is_fallen(c: EncounterCombatant) -> bool:
    """Out of the fight (R4.2): dead, destroyed or unconscious."""
    return not c.combatant.is_conscious


def _condition(messages: Messages, locale: str, key: str, *, marked: bool, **params: object) -> str:
    """A condition's word (``encounter.condition.<key>``), after its marker when ``marked``."""
    text = _t(messages, locale, f"encounter.condition.{key}", **params)
    marker = MARKERS.get(key) if marked else None
    return f"{marker} {text}" if marker else text


def _condition_of(
    c: EncounterCombatant, messages: Messages, locale: str, key: str, *, marked: bool
) -> str:
    """A condition of ``c``; a cardiac arrest with the round he dies in unless helped (R8.2)."""
    text = _condition(messages, locale, key, marked=marked)
    dies = c.turn.cardiac_arrest_death_round
    if key == "cardiac_arrest" and dies is not None:
        text += " " + _t(messages, locale, "fatigue.cardiac_arrest_until", round=dies)
    return text


def _fallen_conditions(
    c: EncounterCombatant, messages: Messages, locale: str, *, marked: bool = False
) -> list[str]:
    """What matters once a combatant is down: how he fell, and what may still kill him
    (a mortal wound, a cardiac arrest, his brain dying without air)."""
    state = c.combatant.state
    if state.destroyed:
        keys = ["destroyed"]
    elif state.dead:
        keys = ["dead"]
    else:
        keys = ["unconscious"]
        if state.mortally_wounded:
            keys.append("mortally_wounded")
        if c.turn.cardiac_arrest:
            keys.append("cardiac_arrest")
    found = [_condition_of(c, messages, locale, key, marked=marked) for key in keys]
    if not (state.dead or state.destroyed):
        found.extend(brain_death_conditions(c.combatant, c.turn, messages, locale, marked=marked))
        found.extend(_windpipe(c, messages, locale, marked=marked))
    return found


def _windpipe(c: EncounterCombatant, messages: Messages, locale: str, *, marked: bool) -> list[str]:
    """R7.29: a crushed windpipe, rolled again every round (conscious or not) until it holds."""
    state = c.combatant.state
    if not state.crushed_trachea:
        return []
    return [
        _condition(
            messages,
            locale,
            "crushed_trachea",
            marked=marked,
            target=c.combatant.attributes.ht + state.trachea_penalty,
        )
    ]


def conditions(
    c: EncounterCombatant, messages: Messages, locale: str, *, marked: bool = False
) -> list[str]:
    """Translated condition words for one combatant (empty when fighting fit); ``marked``
    puts each one's marker (:data:`MARKERS`) before it.

    For a fallen combatant only the fall itself (and a mortal wound or cardiac
    arrest still running) counts: stun, shock or reeling no longer mean anything.
    """
    if _is_fallen(c):
        return _fallen_conditions(c, messages, locale, marked=marked)
    state = c.combatant.state
    turn = c.turn
    found: list[str] = []
    flags = (
        ("mortally_wounded", state.mortally_wounded),
        ("cardiac_arrest", turn.cardiac_arrest),
        ("asleep", turn.asleep),
        ("collapsed", turn.collapsed),
        ("stunned", state.stunned),
        ("mentally_stunned", state.mentally_stunned),
        ("knocked_down", state.knocked_down),
        ("grappled", turn.grappled),
        ("reeling", c.combatant.is_reeling and state.hp > 0),
        ("tired", c.combatant.is_tired),
    )
    found.extend(_condition_of(c, messages, locale, key, marked=marked) for key, on in flags if on)
    found.extend(fatigue_conditions(c.combatant, messages, locale, marked=marked))
    found.extend(
        hazard_conditions(
            c.combatant, messages, locale, marked=marked, footing=turn.water, turn=turn
        )
    )
    if turn.paralysed_through_round is not None:
        found.append(
            _condition(
                messages, locale, "paralysed", marked=marked, round=turn.paralysed_through_round
            )
        )
    found.extend(_windpipe(c, messages, locale, marked=marked))
    if state.shock_penalty:
        found.append(
            _condition(
                messages, locale, "shock", marked=marked, penalty=signed(state.shock_penalty)
            )
        )
    if state.crippled:
        parts = [
            _t(messages, locale, f"damage.part.{part.value}")
            for part in BodyPart
            if part in state.crippled
        ]
        found.append(
            _condition(
                messages,
                locale,
                "crippled",
                marked=marked,
                parts=", ".join(part[:1].lower() + part[1:] for part in parts),
            )
        )
    if state.dropped:
        found.append(
            _condition(
                messages,
                locale,
                "dropped",
                marked=marked,
                weapons=", ".join(sorted(state.dropped)),
            )
        )
    if turn.unready_weapons:
        found.append(
            _condition(
                messages,
                locale,
                "unready",
                marked=marked,
                weapons=", ".join(
                    f"{name} ({turns})" for name, turns in sorted(turn.unready_weapons.items())
                ),
            )
        )
    return found


def posture_name(messages: Messages, locale: str, posture: Posture) -> str:
    return _t(messages, locale, f"encounter.posture.{posture.value}")


def maneuver_name(turn: TurnState, messages: Messages, locale: str) -> str | None:
    """This turn's maneuver by its catalog name (``maneuver.name.*``), with its All-Out option."""
    if not turn.maneuver:
        return None
    key = f"maneuver.name.{turn.maneuver}"
    name = _t(messages, locale, key) if messages.has(key) else turn.maneuver.replace("_", " ")
    for option_key in (
        f"maneuver.all_out_attack.{turn.all_out_attack}" if turn.all_out_attack else None,
        f"maneuver.all_out_defense.{turn.all_out_defense}" if turn.all_out_defense else None,
    ):
        if option_key is not None and messages.has(option_key):
            name += f" ({_t(messages, locale, option_key)})"
    return name


def combatant_line(
    c: EncounterCombatant,
    messages: Messages,
    locale: str,
    *,
    show_numbers: bool,
    names: Mapping[str, str] | None = None,
) -> str:
    """``HP 9/12 · FP 10/10 · standing · stunned · maneuver: Attack`` (or a state word).

    The fallen show HP (and FP while still alive), how they fell and, only when
    they lie on the ground, their posture: no maneuver, shock or stun.
    """
    sheet = c.combatant
    if sheet.swarm is not None:
        # R14.1, R14.5: a swarm or a horde is one line with its size and state.
        return swarm_line(sheet.swarm, names or {}, messages, locale, show_numbers=show_numbers)
    state = sheet.state
    fallen = _is_fallen(c)
    parts: list[str] = []
    if show_numbers:
        parts.append(_t(messages, locale, "encounter.line.hp", hp=state.hp, max=sheet.max_hp))
        if not (state.dead or state.destroyed):
            parts.append(_t(messages, locale, "encounter.line.fp", fp=state.fp, max=sheet.max_fp))
    else:
        parts.append(_t(messages, locale, f"encounter.health.{health_word(sheet).value}"))
    if not fallen or state.is_lying:
        parts.append(posture_name(messages, locale, state.posture))
    if show_numbers:
        parts.extend(conditions(c, messages, locale))
    maneuver = None if fallen else maneuver_name(c.turn, messages, locale)
    if maneuver is not None:
        parts.append(_t(messages, locale, "encounter.line.maneuver", maneuver=maneuver))
    return SEPARATOR.join(parts)


def _tracker_rows(
    encounter: Encounter,
    ordered: Sequence[EncounterCombatant],
    messages: Messages,
    locale: str,
    *,
    gm_view: bool,
) -> list[tuple[str, str]]:
    """One ``(field name, line)`` per combatant in turn order. In a fight too big for one
    embed's 25 fields, copies of one NPC standing next to each other in the order with the
    very same line ("Goblin 3", "Goblin 4" … unhurt) share one row:
    ``3–5. Goblin ×3 (3–4, 7) [npc]``."""
    current_id = encounter.sequence.current
    grouping = len(ordered) > MAX_FIELDS
    names = {c.combatant_id: c.name for c in ordered}
    rows: list[tuple[str, str]] = []
    run: list[tuple[int, EncounterCombatant, str]] = []

    def flush() -> None:
        if len(run) == 1:
            index, c, line = run[0]
            rows.append((_field_name(c, index, c.combatant_id == current_id), line))
        elif run:
            first, c, line = run[0]
            numbers = _ranges([_copy(member)[1] for _, member, _ in run])
            name = f"{first}–{run[-1][0]}. {_copy(c)[0]} ×{len(run)} ({numbers}) [{c.side}]"
            rows.append((name, line))
        run.clear()

    for index, c in enumerate(ordered, start=1):
        line = tracker_line(
            c, messages, locale, show_numbers=_shows_numbers(c, encounter, gm_view), names=names
        )
        if encounter.joins_next_round(c.combatant_id):
            # R2.5: his place this round has passed; listed after it, acting from the next.
            joins = _condition(
                messages, locale, "next_round", marked=True, round=encounter.sequence.round + 1
            )
            line = SEPARATOR.join((line, joins)) if line else joins
        extra = [*hold_words(encounter, c, messages, locale), *ground_words(c, messages, locale)]
        if extra:
            # Who holds whom (R11.x) and where he stands (R13.x).
            line = SEPARATOR.join([line, *extra]) if line else SEPARATOR.join(extra)
        if run and not (grouping and _same_copy(run[-1][1], run[-1][2], c, line, current_id)):
            flush()
        run.append((index, c, line))
    flush()
    return rows


_ROW_PLACES = re.compile(rf"^(?:{re.escape(CURRENT_MARK)} )?(\d+)(?:–(\d+))?\. ")


def fighters_in(field_name: str) -> int:
    """How many combatants a tracker row stands for (a shared row ``3–5.`` for three)."""
    places = _ROW_PLACES.match(field_name)
    if places is None:
        return 0
    return int(places[2] or places[1]) - int(places[1]) + 1


def _ranges(numbers: list[int]) -> str:
    """``[3, 4, 5, 9]`` → ``"3–5, 9"``."""
    spans: list[list[int]] = []
    for number in sorted(numbers):
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)


def _copy(c: EncounterCombatant) -> tuple[str, int]:
    numbered = copy_number(c.name)
    assert numbered is not None
    return numbered


def _same_copy(
    before: EncounterCombatant, line: str, c: EncounterCombatant, c_line: str, current: str | None
) -> bool:
    """Whether ``c`` joins the row of ``before``: NPC copies of one name, same side, same line,
    neither of them the fighter whose turn it is."""
    if before.owner_id is not None or c.owner_id is not None or line != c_line:
        return False
    if current in (before.combatant_id, c.combatant_id) or before.side != c.side:
        return False
    mine, theirs = copy_number(before.name), copy_number(c.name)
    return mine is not None and theirs is not None and mine[0] == theirs[0]


def tracker_line(
    c: EncounterCombatant,
    messages: Messages,
    locale: str,
    *,
    show_numbers: bool,
    names: Mapping[str, str] | None = None,
) -> str:
    """The tracker's glanceable line: ``HP ▰▰▰▱▱ 8/13 · FP ▰▰▰▰▰ 12/12 · kneeling ·
    💫 stunned · maneuver: Attack``.

    Like :func:`combatant_line` (the same parts for the fallen and for hidden NPCs),
    with a bar before the numbers, a marker before each condition, and no posture
    while standing. A swarm or a horde is its own line (R14.1, R14.5).
    """
    sheet = c.combatant
    if sheet.swarm is not None:
        return swarm_line(sheet.swarm, names or {}, messages, locale, show_numbers=show_numbers)
    state = sheet.state
    fallen = _is_fallen(c)
    parts: list[str] = []
    if show_numbers:
        parts.append(
            _t(
                messages,
                locale,
                "tracker.line.hp",
                bar=bar(state.hp, sheet.max_hp),
                hp=state.hp,
                max=sheet.max_hp,
            )
        )
        if not (state.dead or state.destroyed):
            parts.append(
                _t(
                    messages,
                    locale,
                    "tracker.line.fp",
                    bar=bar(state.fp, sheet.max_fp),
                    fp=state.fp,
                    max=sheet.max_fp,
                )
            )
    else:
        parts.append(_t(messages, locale, f"encounter.health.{health_word(sheet).value}"))
    if (not fallen or state.is_lying) and state.posture is not Posture.STANDING:
        parts.append(posture_name(messages, locale, state.posture))
    if show_numbers:
        parts.extend(conditions(c, messages, locale, marked=True))
    maneuver = None if fallen else maneuver_name(c.turn, messages, locale)
    if maneuver is not None:
        parts.append(_t(messages, locale, "encounter.line.maneuver", maneuver=maneuver))
    return SEPARATOR.join(parts)


def _field_name(c: EncounterCombatant, index: int, current: bool) -> str:
    mark = f"{CURRENT_MARK} " if current else ""
    owner = f" — <@{c.owner_id}>" if c.owner_id is not None else ""
    return f"{mark}{index}. {c.name} [{c.side}]{owner}"


def _shows_numbers(c: EncounterCombatant, encounter: Encounter, gm_view: bool) -> bool:
    return gm_view or not encounter.hide_npc_stats or c.owner_id is not None


def _where(encounter: Encounter, messages: Messages, locale: str) -> str:
    """Whose turn it is first (the one thing everyone looks for), then the round."""
    sequence = encounter.sequence
    if not sequence.started:
        count = len(encounter.combatants)
        key = "encounter.status.not_started_one" if count == 1 else "encounter.status.not_started"
        return _t(messages, locale, key, count=count)
    text = _t(
        messages,
        locale,
        "encounter.status.round",
        round=sequence.round,
        seconds=sequence.elapsed_seconds,
    )
    current = encounter.current
    if current is not None:
        turn = _t(messages, locale, "encounter.status.turn", name=f"**{current.name}**")
        text = f"{CURRENT_MARK} {turn}\n{text}"
    elif sequence.vacated:
        # The fighter whose turn it was left during it (a swarm dispersed, R14.3, R14.7):
        # nobody else's turn is running; name who comes next.
        following = sequence.up_next
        turn = (
            _t(
                messages,
                locale,
                "encounter.status.vacated",
                name=f"**{encounter.get(following).name}**",
            )
            if following is not None
            else _t(messages, locale, "encounter.status.vacated_round_end")
        )
        text = f"{CURRENT_MARK} {turn}\n{text}"
    return text


def render_tracker(
    encounter: Encounter, messages: Messages, locale: str, *, gm_view: bool = False
) -> list[discord.Embed]:
    """The tracker: round, elapsed seconds, whose turn, and a field per combatant in order
    (in a big fight, NPC copies next to each other with the very same line share one).

    Nobody is left out: when the fields pass 25 (or the 6000 characters an embed
    holds) they go on in another embed, without a title. Send the embeds with
    :func:`~bot.render.common.pack_messages`, which spreads a full encounter over
    follow-up messages when one message cannot hold it. The footer, on the last
    embed, names the initiative mode.
    """
    footer = _t(
        messages,
        locale,
        "encounter.status.footer",
        mode=mode_name(messages, locale, encounter.mode),
    )
    embeds = [
        new_embed(
            ResultKind.INFO,
            title=_t(messages, locale, "encounter.status.title", name=encounter.name),
            description=_where(encounter, messages, locale),
        )
    ]
    ordered = encounter.ordered()
    if not ordered:
        add_field(embeds[0], "\u200b", _t(messages, locale, "encounter.status.empty"), inline=False)
    for name, line in _tracker_rows(encounter, ordered, messages, locale, gm_view=gm_view):
        last = embeds[-1]
        room = MAX_TOTAL - len(footer) - embed_length(last)
        if len(last.fields) == MAX_FIELDS or len(name) + len(line) > room:
            last = discord.Embed(colour=colour(ResultKind.INFO))
            embeds.append(last)
        add_field(last, name, line, inline=False)
    set_footer(embeds[-1], footer)
    return embeds


def render_started(encounter: Encounter, messages: Messages, locale: str) -> discord.Embed:
    return new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "encounter.started.title", name=encounter.name),
        description=_t(
            messages,
            locale,
            "encounter.started.description",
            mode=mode_name(messages, locale, encounter.mode),
            gm=f"<@{encounter.gm_id}>",
        ),
    )


def _roll_text(roll: RollRecord, messages: Messages, locale: str) -> dict[str, object]:
    return {
        "roll": f"{roll.total} ({', '.join(str(f) for f in roll.faces)})",
        "target": roll.target,
        "result": _t(messages, locale, f"encounter.outcome.{roll.outcome.value}"),
    }


def _name(encounter: Encounter, combatant_id: str) -> str:
    try:
        return encounter.get(combatant_id).name
    except RuleError:
        return combatant_id


def _die_faces(faces: Sequence[int]) -> str:
    return ", ".join(str(face) for face in faces)


def initiative_lines(
    slots: Sequence[InitiativeSlot], encounter: Encounter, messages: Messages, locale: str
) -> list[str]:
    """The dice behind an order rolled with dice: each die of the Simple mode (R3.1) or the
    side dice added to Move in the Mixed mode (R3.3), and any die that broke a tie there,
    re-rolls included. The other modes order by the sheets (R3.2, R4.3): the die that
    breaks a rare tie there stays on the order, unlisted, so a large fight's reply stays
    short."""
    if not slots:
        return []
    rule = slots[0].rule_id
    lines: list[str] = []
    side_dice = {s.side: s.side_die for s in slots if s.side_die is not None}
    if side_dice:
        dice = ", ".join(f"{side} {die}" for side, die in side_dice.items())
        lines.append(_t(messages, locale, "encounter.order.side_dice", dice=dice, rule=rule))
    if slots[0].die is None and not side_dice:
        return lines
    entries: list[str] = []
    for slot in slots:
        name = _name(encounter, slot.combatant_id)
        if slot.die is not None:
            entry = _t(messages, locale, "encounter.order.die", name=name, die=slot.die)
        else:
            total, die = int(slot.key[0]), slot.side_die or 0
            entry = _t(
                messages,
                locale,
                "encounter.order.move_and_die",
                name=name,
                move=total - die,
                die=die,
                total=total,
            )
        if slot.tie_rolls:
            tie = _t(messages, locale, "encounter.order.tie", dice=_die_faces(slot.tie_rolls))
            entry = f"{entry} {tie}"
        entries.append(entry)
    lines.append(
        _t(messages, locale, "encounter.order.line", entries=" · ".join(entries), rule=rule)
    )
    return lines


def event_line(
    event: TurnEvent, encounter: Encounter, messages: Messages, locale: str
) -> str | None:
    """One line for a turn event, or ``None`` for events the turn title already says; an
    order rolled or extended adds the dice behind it."""
    if event.kind is TurnEventKind.TURN_STARTED:
        return None
    params: dict[str, object] = {"round": event.round}
    if event.combatant_id is not None:
        try:
            params["name"] = encounter.get(event.combatant_id).name
        except LookupError:
            params["name"] = event.combatant_id
    if event.reason is not None:
        params["reason"] = _t(messages, locale, f"encounter.skip.{event.reason.value}")
    if event.roll is not None:
        params.update(_roll_text(event.roll, messages, locale))
    text = _t(messages, locale, f"encounter.event.{event.kind.value}", **params)
    lines = [f"{text} ({event.rule_id})"]
    if event.kind is TurnEventKind.CARDIAC_ARREST and event.roll and not event.roll.succeeded:
        lines.extend(_heart_stopped(event, encounter, messages, locale))
    return "\n".join([*lines, *initiative_lines(event.slots, encounter, messages, locale)])


def _heart_stopped(
    event: TurnEvent, encounter: Encounter, messages: Messages, locale: str
) -> list[str]:
    """R8.2: how long he has, HT/3 minutes, and the round he dies in unless helped."""
    try:
        dies = encounter.get(event.combatant_id or "").turn.cardiac_arrest_death_round
    except RuleError:
        return []
    if dies is None:
        return []
    minutes, seconds = divmod(dies - event.round, 60)
    return [
        _t(
            messages,
            locale,
            "fatigue.cardiac_arrest_time",
            minutes=minutes,
            seconds=seconds,
            round=dies,
        )
    ]


def render_events(
    encounter: Encounter, events: Sequence[TurnEvent], messages: Messages, locale: str
) -> discord.Embed:
    """Turn events that happened inside a command, one line each (R7.2's roll on choosing)."""
    lines = [
        line
        for line in (event_line(e, encounter, messages, locale) for e in events)
        if line is not None
    ]
    return new_embed(ResultKind.INFO, description="\n".join(lines) or None)


def render_turn(
    encounter: Encounter,
    result: TurnAdvance[EncounterCombatant],
    messages: Messages,
    locale: str,
) -> list[discord.Embed]:
    """What happened between the two turns, and whose turn it is now.

    One line per event, every one of them: with many fallen fighters skipped, the
    lines go on in more embeds rather than being cut.
    """
    current = encounter.current
    title = (
        _t(
            messages,
            locale,
            "encounter.turn.title",
            round=encounter.sequence.round,
            name=current.name,
        )
        if current is not None
        else _t(messages, locale, "encounter.status.title", name=encounter.name)
    )
    lines = [
        line
        for line in (event_line(e, encounter, messages, locale) for e in result.events)
        if line is not None
    ]
    if current is not None and (
        current.combatant.state.stunned or current.combatant.state.mentally_stunned
    ):
        hint = "stunned_hint" if current.combatant.state.stunned else "stunned_hint_mental"
        lines.append(_t(messages, locale, f"encounter.turn.{hint}", name=current.name))
    return line_embeds(ResultKind.INFO, title, lines)


def render_ended(
    encounter: Encounter,
    messages: Messages,
    locale: str,
    crippled: Sequence[CripplingAfterCombat] = (),
) -> discord.Embed:
    """The end-of-fight summary: duration, who fell, and the R7.17 roll per crippled part."""
    embed = new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "encounter.ended.title", name=encounter.name),
        description=_duration(encounter, messages, locale),
    )
    fallen = encounter.fallen()
    value = (
        "\n".join(f"{c.name}: {', '.join(conditions(c, messages, locale))}" for c in fallen)
        if fallen
        else _t(messages, locale, "encounter.ended.nobody")
    )
    add_field(embed, _t(messages, locale, "encounter.ended.fallen"), value, inline=False)
    lines = [
        _t(
            messages,
            locale,
            "encounter.ended.crippled_line",
            name=fighter.name,
            part=_t(messages, locale, f"damage.part.{recovery.part.value}"),
            lasts=_t(
                messages,
                locale,
                _counted(f"encounter.ended.lasts.{recovery.duration.value}", recovery.months),
                months=recovery.months,
            ),
            **_roll_text(recovery.roll, messages, locale),
        )
        for fighter in crippled
        for recovery in fighter.recoveries
    ]
    if lines:
        add_field(
            embed, _t(messages, locale, "encounter.ended.crippled"), "\n".join(lines), inline=False
        )
    return embed


def render_undone(result: UndoneChange, messages: Messages, locale: str) -> discord.Embed:
    event = result.undone
    what = (
        _t(messages, locale, f"encounter.kind.{event.kind}")
        if messages.has(f"encounter.kind.{event.kind}")
        else event.kind
    )
    # A feature may name the very command undone (``environment.undone.catch_fire``);
    # else what was done, when the kind has several actions: "close combat (grapple)".
    named = f"{event.kind}.undone.{event.detail.get('undo')}"
    action_key = f"encounter.kind_action.{event.kind}.{event.detail.get('action')}"
    if messages.has(named):
        who = event.detail.get("name") or event.detail.get("target") or ""
        what = _t(messages, locale, named, name=who)
    elif messages.has(action_key):
        what = _t(
            messages,
            locale,
            "encounter.undo.what_action",
            what=what,
            action=_t(messages, locale, action_key),
        )
    embed = new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "encounter.undo.title", what=what),
        description=_t(
            messages,
            locale,
            _counted("encounter.undo.description", len(event.before.get("combatants", {}))),
            actor=f"<@{event.actor_id}>",
            count=len(event.before.get("combatants", {})),
        ),
    )
    names = sorted(
        {
            str(row["name"])
            for snapshot in (event.before, event.after)
            for row in snapshot.get("combatants", {}).values()
            if row is not None
        }
    )
    if names:
        add_field(
            embed, _t(messages, locale, "encounter.undo.affected"), ", ".join(names), inline=False
        )
    return embed


def _modifier_text(mods: Sequence[Modifier], messages: Messages, locale: str) -> str:
    if not mods:
        return _t(messages, locale, "encounter.surprise.no_modifiers")
    return ", ".join(f"{_t(messages, locale, m.key)} {signed(m.value)}" for m in mods)


def render_total_surprise(
    outcome: TotalSurpriseOutcome, messages: Messages, locale: str
) -> discord.Embed:
    return new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "encounter.surprise.total.title"),
        description=_t(
            messages,
            locale,
            _counted("encounter.surprise.total.description", outcome.paralysis_rounds),
            side=outcome.side,
            rounds=outcome.paralysis_rounds,
            through=outcome.paralysed_through_round,
        )
        + f" ({outcome.rule_id})",
    )


def _surprise_dice(dice: Sequence[int], messages: Messages, locale: str) -> str:
    """A side's initiative die, and the tied ones rolled again before it (R2.2)."""
    if len(dice) == 1:
        return str(dice[0])
    return _t(
        messages,
        locale,
        "encounter.surprise.partial.rerolled",
        tied=_die_faces(dice[:-1]),
        last=dice[-1],
    )


def render_partial_surprise(
    outcome: PartialSurpriseOutcome, messages: Messages, locale: str
) -> discord.Embed:
    embed = new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, "encounter.surprise.partial.title"),
        description=_t(
            messages,
            locale,
            "encounter.surprise.partial.description",
            winner=outcome.winner,
            loser=outcome.loser,
        )
        + f" ({outcome.rule_id})",
    )
    for roll in outcome.rolls:
        add_field(
            embed,
            roll.side,
            _t(
                messages,
                locale,
                "encounter.surprise.partial.roll",
                dice=_surprise_dice(roll.dice, messages, locale),
                modifiers=_modifier_text(roll.modifiers, messages, locale),
                total=roll.total,
            ),
            inline=False,
        )
    return embed


# --------------------------------------------------------------------------- combatants


def render_added(
    encounter: Encounter,
    added: Sequence[EncounterCombatant],
    messages: Messages,
    locale: str,
    *,
    aware: bool,
) -> discord.Embed:
    names = ", ".join(c.name for c in added)
    key = "combatant.added.description"
    dice: list[str] = []
    order = encounter.sequence.order
    if encounter.sequence.started:
        key = "combatant.added.aware" if aware else "combatant.added.unaware"
        if not aware and order is not None:
            # R2.5: the unaware roll into the order at once; show what they rolled.
            placed = set(order.combatant_ids)
            slots = [order.slot(c.combatant_id) for c in added if c.combatant_id in placed]
            dice = initiative_lines(slots, encounter, messages, locale)
            later = [c.name for c in added if encounter.joins_next_round(c.combatant_id)]
            if later:
                # Their place this round has already passed (R2.5, R4.3).
                dice.append(
                    _t(
                        messages,
                        locale,
                        _counted("combatant.added.next_round", len(later)),
                        names=", ".join(later),
                        round=encounter.sequence.round + 1,
                    )
                )
    return new_embed(
        ResultKind.INFO,
        title=_t(messages, locale, _counted("combatant.added.title", len(added)), count=len(added)),
        description="\n".join(
            [_t(messages, locale, _counted(key, len(added)), names=names), *dice]
        ),
    )


def render_removed(name: str, messages: Messages, locale: str) -> discord.Embed:
    return new_embed(
        ResultKind.INFO, title=_t(messages, locale, "combatant.removed.title", name=name)
    )


def render_changed(c: EncounterCombatant, messages: Messages, locale: str) -> discord.Embed:
    """After ``/combatant edit`` or ``condition``: the combatant's new line."""
    embed = new_embed(
        ResultKind.INFO, title=_t(messages, locale, "combatant.changed.title", name=c.name)
    )
    add_field(
        embed,
        _field_name(c, 1, False).split(". ", 1)[1],
        combatant_line(c, messages, locale, show_numbers=True),
        inline=False,
    )
    return embed


def render_sheet(
    c: EncounterCombatant,
    encounter: Encounter,
    messages: Messages,
    locale: str,
    *,
    gm_view: bool,
    options: RuleOptions | None = None,
) -> discord.Embed:
    """``/combatant show``: the sheet's numbers (or only a state word for a hidden NPC)."""
    show = _shows_numbers(c, encounter, gm_view)
    embed = new_embed(
        ResultKind.INFO,
        title=f"{c.name} [{c.side}]",
        description=combatant_line(
            c,
            messages,
            locale,
            show_numbers=show,
            names={other.combatant_id: other.name for other in encounter.combatants},
        ),
    )
    if not show or c.combatant.swarm is not None:
        return embed
    add_sheet_fields(embed, c.combatant, messages, locale, options)
    if c.combatant.dr.overrides:
        add_armor_field(embed, c.combatant, messages, locale)
    add_rounds_field(embed, c, messages, locale)
    return embed


ACUTE_TRAITS = (SheetTrait.ACUTE_VISION, SheetTrait.ACUTE_HEARING, SheetTrait.ACUTE_TASTE_SMELL)
"""Listed with the traits, with their level (R16.5, R16.7, R16.8)."""
SKILL_FIELDS = 3
"""A sheet lists its skills over at most this many fields; a longer list says how many more."""


def armor_text(armor: Armor, messages: Messages, locale: str) -> str:
    """``3``, ``4 flexible`` or ``2 + 4 flexible`` (R7.15's two layers)."""
    if armor.flexible and armor.rigid:
        return _t(
            messages, locale, "character.armor.both", rigid=armor.rigid, flexible=armor.flexible
        )
    if armor.flexible:
        return _t(messages, locale, "character.armor.flexible", dr=armor.flexible)
    return str(armor.rigid)


def add_armor_field(
    embed: discord.Embed, sheet: Combatant, messages: Messages, locale: str
) -> None:
    """DR everywhere and where it differs, in the hit-location table's order (R7.19): the
    torso and what its armor covers, the vitals (R7.24), as the damage rules read them."""
    order = list(HitLocation)
    lines = [
        _t(
            messages,
            locale,
            "character.show.armor_everywhere",
            dr=armor_text(sheet.dr.uniform, messages, locale),
        )
    ]
    lines.extend(
        _t(
            messages,
            locale,
            "character.show.armor_at",
            location=_t(messages, locale, f"character.location.{location.value}"),
            dr=armor_text(armor, messages, locale),
        )
        for location, armor in sorted(
            sheet.dr.overrides.items(), key=lambda item: order.index(item[0])
        )
    )
    add_field(embed, _t(messages, locale, "character.show.armor"), "\n".join(lines), inline=False)


def add_sheet_fields(
    embed: discord.Embed,
    sheet: Combatant,
    messages: Messages,
    locale: str,
    options: RuleOptions | None = None,
) -> None:
    """Attributes, defenses, Speed/Move/DR and traits: the numbers of any sheet (an animal's
    Dodge as the guild's ``options`` read R6.1)."""
    a = sheet.attributes
    add_field(
        embed,
        _t(messages, locale, "combatant.show.attributes"),
        _t(
            messages,
            locale,
            "encounter.line.attributes",
            st=a.st,
            dx=a.dx,
            iq=a.iq,
            ht=a.ht,
            hp=a.hp,
            fp=a.fp,
            will=a.will,
            per=a.per,
        ),
        inline=False,
    )
    # The condition's numbers, as the defense buttons offer them (R10.5-R10.7).
    defenses = sheet_defenses(sheet, options)
    parry = [f"{name} {value}" for name, value in defenses.parries]
    block = defenses.block
    add_field(
        embed,
        _t(messages, locale, "combatant.show.defenses"),
        _t(
            messages,
            locale,
            "combatant.show.defense_line",
            dodge=defenses.dodge,
            parry=", ".join(parry) or "—",
            block=block if block is not None else "—",
        ),
        inline=False,
    )
    add_field(
        embed,
        _t(messages, locale, "combatant.show.movement"),
        _t(
            messages,
            locale,
            "combatant.show.movement_line",
            speed=decimal(a.basic_speed, locale),
            move=sheet.move,
            dr=sheet.dr.uniform.dr,
            sm=signed(sheet.size_modifier),
            encumbrance=sheet.encumbrance_level,
        ),
        inline=False,
    )
    traits = sorted(_t(messages, locale, f"character.trait.{t.value}") for t in sheet.traits)
    traits.extend(
        _t(
            messages,
            locale,
            "combatant.show.skill",
            skill=_t(messages, locale, f"character.trait.{trait.value}"),
            level=level,
        )
        for trait in ACUTE_TRAITS
        if (level := trait_level(sheet, trait))
    )
    if sheet.male_humanoid:
        traits.append(_t(messages, locale, "character.trait.male_humanoid"))
    if traits:
        add_field(
            embed, _t(messages, locale, "combatant.show.traits"), ", ".join(traits), inline=False
        )
    _add_skill_fields(embed, sheet, messages, locale)


def _add_skill_fields(
    embed: discord.Embed, sheet: Combatant, messages: Messages, locale: str
) -> None:
    """The skills by name, over as many fields as they need (at most :data:`SKILL_FIELDS`)."""
    entries = sorted(
        _t(
            messages,
            locale,
            "combatant.show.skill",
            skill=skill_label(skill, messages, locale),
            level=skill.level,
        )
        for skill in sheet.skills
    )
    title = _t(messages, locale, "combatant.show.skills")
    for number in range(SKILL_FIELDS):
        if not entries:
            return
        text, shown = _leading_entries(entries, MAX_FIELD_VALUE - 40)
        entries = entries[shown:]
        if entries and number == SKILL_FIELDS - 1:
            text += " " + _t(messages, locale, "combatant.show.more_skills", count=len(entries))
        add_field(embed, title if number == 0 else "\u200b", text, inline=False)


def _leading_entries(entries: Sequence[str], budget: int) -> tuple[str, int]:
    """As many of the first ``entries`` as fit in ``budget`` characters, comma-separated."""
    kept: list[str] = []
    used = 0
    for entry in entries:
        used += len(entry) + 2
        if kept and used > budget:
            break
        kept.append(entry)
    return ", ".join(kept), len(kept)


def render_history(
    records: Sequence[StoredFight], messages: Messages, locale: str
) -> discord.Embed:
    """``/encounter history``: this channel's fights, newest first, ended ones included."""
    embed = new_embed(ResultKind.INFO, title=_t(messages, locale, "encounter.history.title"))
    if not records:
        embed.description = _t(messages, locale, "encounter.history.empty")
        return embed
    for record in records:
        fight = record.encounter
        add_field(
            embed,
            f"{fight.name} — {_t(messages, locale, f'encounter.history.status.{record.status}')}",
            _t(
                messages,
                locale,
                "encounter.history.line",
                started=record.created_at[:16].replace("T", " "),
                rounds=fight.sequence.round,
                combatants=len(fight.combatants),
                fallen=len(fight.fallen()),
            ),
            inline=False,
        )
    return embed
