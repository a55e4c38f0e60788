"""rules.senses and rules.size_range: sense rolls (R16.1-R16.8) and the A.8 table.

Every table of section 16 is reproduced row by row, and every worked example is run
with scripted dice.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.character import SheetTrait, add_trait
from rules.checks import ContestWinner, Outcome
from rules.combatant import Combatant, Side
from rules.errors import RuleError
from rules.roller import ScriptedDice
from rules.senses import (
    HEARING_DISTANCES,
    Impossible,
    Sense,
    SenseRequest,
    Sound,
    hearing_distance_modifier,
    request_from_sheet,
    sense_modifiers,
    sense_roll,
)
from rules.size_range import ROWS, size_modifier_for_length, speed_range_modifier

# --------------------------------------------------------------------------- A.8


# (linear measurement in metres, Size Modifier, Speed/Range modifier), Appendix A.8.
SIZE_SPEED_RANGE = [
    (Fraction(1), -2, 0),
    (Fraction(3, 2), -1, 0),
    (Fraction(2), 0, 0),
    (Fraction(3), 1, -1),
    (Fraction(5), 2, -2),
    (Fraction(7), 3, -3),
    (Fraction(10), 4, -4),
    (Fraction(15), 5, -5),
    (Fraction(20), 6, -6),
    (Fraction(30), 7, -7),
    (Fraction(50), 8, -8),
    (Fraction(70), 9, -9),
    (Fraction(100), 10, -10),
    (Fraction(150), 11, -11),
    (Fraction(200), 12, -12),
    (Fraction(300), 13, -13),
    (Fraction(500), 14, -14),
    (Fraction(700), 15, -15),
    (Fraction(1000), 16, -16),
]


@pytest.mark.parametrize(("measure", "size", "speed_range"), SIZE_SPEED_RANGE)
def test_the_size_and_speed_range_table_row_by_row(
    measure: Fraction, size: int, speed_range: int
) -> None:
    """A.8, from 1 yd (read as 1 m) to 1,000 yd."""
    assert measure in ROWS
    assert size_modifier_for_length(measure) == size
    assert speed_range_modifier(measure) == speed_range


@pytest.mark.parametrize(
    ("distance", "expected"),
    [(Fraction(1, 2), 0), (4, -2), (6, -3), (12, -5), (51, -9), (1500, -17), (2000, -18)],
)
def test_a_distance_between_rows_takes_the_next_higher_row(
    distance: Fraction | int, expected: int
) -> None:
    """A.8: "a value between rows uses the next higher row"; 4 m → the 5 m row (R15.8)."""
    assert speed_range_modifier(distance) == expected


def test_a_length_below_one_metre_has_no_row_here() -> None:
    with pytest.raises(RuleError) as caught:
        size_modifier_for_length(Fraction(1, 2))
    assert caught.value.key == "size_range.bad_measure"


# --------------------------------------------------------------------------- R16.6 table


@pytest.mark.parametrize(
    ("sound", "distance"),
    [
        (Sound.RUSTLING_LEAVES, Fraction(1, 4)),
        (Sound.QUIET_CONVERSATION, Fraction(1, 2)),
        (Sound.NORMAL_CONVERSATION, Fraction(1)),
        (Sound.LIGHT_TRAFFIC, Fraction(2)),
        (Sound.LOUD_CONVERSATION, Fraction(4)),
        (Sound.NOISY_OFFICE, Fraction(8)),
        (Sound.NORMAL_TRAFFIC, Fraction(16)),
        (Sound.QUIET_ROCK_BAND, Fraction(32)),
        (Sound.HEAVY_TRAFFIC, Fraction(64)),
        (Sound.JET_TAKEOFF, Fraction(128)),
        (Sound.LOUD_ROCK_BAND, Fraction(256)),
        (Sound.METALLICA, Fraction(512)),
    ],
)
def test_the_hearing_table_row_by_row(sound: Sound, distance: Fraction) -> None:
    """R16.6: each sound is heard with no penalty at its distance."""
    assert HEARING_DISTANCES[sound] == distance
    assert hearing_distance_modifier(sound, distance) == 0


def test_the_hearing_table_has_every_row_once() -> None:
    assert list(HEARING_DISTANCES) == list(Sound)
    assert len(HEARING_DISTANCES) == 12


@pytest.mark.parametrize(
    ("distance", "expected"),
    [
        (Fraction(4), -2),  # the worked example: 2 steps farther
        (Fraction(1, 4), 2),  # the worked example: 2 steps closer
        (Fraction(2), -1),
        (Fraction(3), -2),  # a partial step farther counts whole
        (Fraction(1, 2), 1),
        (Fraction(1, 3), 1),  # a partial step closer does not count
        (Fraction(1024), -10),
    ],
)
def test_hearing_one_step_a_doubling(distance: Fraction, expected: int) -> None:
    """R16.6: +1 for each step closer, -1 for each step farther (normal conversation, 1)."""
    assert hearing_distance_modifier(Sound.NORMAL_CONVERSATION, distance) == expected


def test_a_sound_at_no_distance_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        hearing_distance_modifier(Sound.METALLICA, 0)
    assert caught.value.key == "senses.bad_distance"


# --------------------------------------------------------------------------- worked examples


def test_r16_1_per_acute_hearing_and_a_noisy_room() -> None:
    """R16.1: Per 12, Acute Hearing 2, noisy room -2 → Hearing 12."""
    request = SenseRequest(sense=Sense.HEARING, perception=12, acute=2, circumstances=-2)
    outcome = sense_roll(request, ScriptedDice([4, 4, 4]))
    assert outcome.effective == 12
    assert [(m.key, m.value) for m in outcome.modifiers] == [
        ("acute", 2),
        ("circumstances", -2),
    ]
    assert outcome.noticed
    assert outcome.rule_ids[0] == "R16.1"


@pytest.mark.parametrize("sense", [Sense.SCANNING, Sense.VIBRATION])
def test_r16_1_scanning_and_vibration_senses_locate_by_size_and_distance(sense: Sense) -> None:
    """R16.1: Per 12 + Acute 2, something SM +1 at 50 m (-8), the GM's -1: 6. Darkness is
    nothing to them; neither is Discriminatory anything."""
    request = SenseRequest(
        sense=sense,
        perception=12,
        acute=2,
        size_modifier=1,
        distance=Fraction(50),
        darkness=-5,
        discriminatory=True,
        circumstances=-1,
    )
    outcome = sense_roll(request, ScriptedDice([2, 2, 2]))
    assert [(m.key, m.value, m.rule_id) for m in outcome.modifiers] == [
        ("acute", 2, "R16.1"),
        ("size", 1, "R16.1"),
        ("distance", -8, "R16.1"),
        ("circumstances", -1, "R16.1"),
    ]
    assert (outcome.effective, outcome.noticed) == (6, True)


def test_r16_1_a_sheet_has_no_acute_scanning_level() -> None:
    sheet = Combatant.create(name="Probe", attributes={"per": 13}, acute_vision=3)
    request = request_from_sheet(sheet, Sense.SCANNING, distance=Fraction(10))
    assert (request.perception, request.acute) == (13, 0)


def test_r16_2_comprehension_after_a_notice() -> None:
    """R16.2: the owl hoot is heard; IQ 11 rolls 9 → he realises it is a scout's signal."""
    request = SenseRequest(sense=Sense.HEARING, perception=12, comprehension=11)
    outcome = sense_roll(request, ScriptedDice([3, 3, 3, 3, 3, 3]))
    assert outcome.noticed
    assert outcome.comprehension is not None
    assert outcome.comprehension.total == 9
    assert outcome.comprehension.effective_skill == 11
    assert outcome.understood
    assert "R16.2" in outcome.rule_ids


def test_r16_2_no_comprehension_without_a_notice() -> None:
    request = SenseRequest(sense=Sense.HEARING, perception=10, comprehension=11)
    outcome = sense_roll(request, ScriptedDice([6, 6, 1]))
    assert not outcome.noticed
    assert outcome.comprehension is None


def test_r16_3_a_failed_vision_roll_brings_the_secret_perception_roll() -> None:
    """R16.3: the Vision roll to spot the hidden archer fails; a secret Per 12 roll of 10
    succeeds: "you feel you're being watched"."""
    request = SenseRequest(
        sense=Sense.VISION, perception=12, circumstances=-4, dangerous=True, danger_sense=True
    )
    outcome = sense_roll(request, ScriptedDice([5, 5, 5, 4, 3, 3]))
    assert outcome.effective == 8
    assert not outcome.noticed
    assert outcome.danger_sense is not None
    assert outcome.danger_sense.total == 10
    assert outcome.danger_sense.effective_skill == 12
    assert outcome.danger_sense.succeeded
    assert "R16.3" in outcome.rule_ids


@pytest.mark.parametrize(
    ("dangerous", "danger_sense", "faces"),
    [(False, True, [6, 6, 4]), (True, False, [6, 6, 4]), (True, True, [1, 1, 2])],
)
def test_r16_3_only_on_a_failure_about_danger_with_danger_sense(
    dangerous: bool, danger_sense: bool, faces: list[int]
) -> None:
    request = SenseRequest(
        sense=Sense.VISION, perception=12, dangerous=dangerous, danger_sense=danger_sense
    )
    dice = ScriptedDice(faces)
    outcome = sense_roll(request, dice)
    assert outcome.danger_sense is None
    assert dice.remaining == 0


def test_r16_3_also_after_a_failed_comprehension_roll() -> None:
    request = SenseRequest(
        sense=Sense.HEARING,
        perception=12,
        comprehension=9,
        dangerous=True,
        danger_sense=True,
    )
    outcome = sense_roll(request, ScriptedDice([2, 2, 2, 6, 6, 3, 2, 2, 2]))
    assert outcome.noticed
    assert outcome.comprehension is not None
    assert not outcome.comprehension.succeeded
    assert outcome.danger_sense is not None
    assert outcome.danger_sense.outcome is Outcome.SUCCESS


def test_r16_4_finding_the_hidden_dagger_is_a_quick_contest() -> None:
    """R16.4: Holdout 13 (roll 10, MoS 3) against Vision 12 (roll 8, MoS 4): found."""
    request = SenseRequest(sense=Sense.VISION, perception=12, against=13)
    outcome = sense_roll(request, ScriptedDice([3, 3, 2, 4, 3, 3]))
    assert outcome.contest is not None
    assert outcome.contest.a.margin == 4
    assert outcome.contest.b.margin == 3
    assert outcome.contest.winner is ContestWinner.A
    assert outcome.noticed
    assert "A.7" in outcome.rule_ids


@pytest.mark.parametrize(
    ("faces", "noticed"), [([3, 3, 3, 3, 3, 3], False), ([6, 6, 1, 3, 3, 3], False)]
)
def test_r16_6_a_tie_or_a_loss_leaves_the_thief_unheard(faces: list[int], noticed: bool) -> None:
    """R16.6: Per 12 against a sneaking thief's Stealth 13; a tie finds nothing."""
    request = SenseRequest(sense=Sense.HEARING, perception=12, against=12)
    outcome = sense_roll(request, ScriptedDice(faces))
    assert outcome.noticed is noticed


def test_r16_5_a_man_at_fifty_metres_in_dusk_cannot_be_seen() -> None:
    """R16.5: Per 11, a man (SM 0) at 50 m in dusk (-3): 11 - 8 - 3 = 0, no roll (A.1)."""
    request = SenseRequest(
        sense=Sense.VISION, perception=11, size_modifier=0, distance=Fraction(50), darkness=-3
    )
    dice = ScriptedDice([])
    outcome = sense_roll(request, dice)
    assert outcome.effective == 0
    assert outcome.impossible is Impossible.TOO_LOW
    assert outcome.roll is None
    assert not outcome.noticed


def test_r16_5_a_charging_horse_in_plain_sight() -> None:
    """R16.5: the horse (SM +1) at 50 m, obvious, in daylight: 11 + 10 + 1 - 8 = 14."""
    request = SenseRequest(
        sense=Sense.VISION,
        perception=11,
        size_modifier=1,
        distance=Fraction(50),
        plain_sight=True,
    )
    outcome = sense_roll(request, ScriptedDice([5, 5, 4]))
    assert outcome.effective == 14
    assert {m.key: m.value for m in outcome.modifiers} == {
        "size": 1,
        "distance": -8,
        "plain_sight": 10,
    }
    assert outcome.noticed


@pytest.mark.parametrize(
    ("request_data", "source", "value"),
    [
        ({"acute": 3}, "acute", 3),  # Acute Vision: +level
        ({"hyperspectral": True}, "hyperspectral", 3),  # Hyperspectral Vision: +3
        ({"darkness": -1}, "darkness", -1),  # partial darkness -1 ...
        ({"darkness": -9}, "darkness", -9),  # ... to -9
        ({"plain_sight": True}, "plain_sight", 10),  # something in plain sight: +10
        ({"size_modifier": -2}, "size", -2),  # target size (A.8)
        ({"distance": Fraction(10)}, "distance", -4),  # target distance (A.8)
    ],
)
def test_r16_5_the_vision_modifier_table(
    request_data: dict[str, object], source: str, value: int
) -> None:
    request = SenseRequest.model_validate({"sense": "vision", "perception": 10, **request_data})
    assert [(m.key, m.value, m.rule_id) for m in sense_modifiers(request)] == [
        (source, value, "R16.5")
    ]


def test_r16_5_total_darkness_is_impossible() -> None:
    request = SenseRequest(sense=Sense.VISION, perception=16, darkness=-10)
    outcome = sense_roll(request, ScriptedDice([]))
    assert outcome.impossible is Impossible.TOTAL_DARKNESS
    assert not outcome.noticed
    assert "R16.5" in outcome.rule_ids


def test_darkness_past_total_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        sense_modifiers(SenseRequest(sense=Sense.VISION, perception=10, darkness=-11))
    assert caught.value.key == "senses.bad_darkness"


@pytest.mark.parametrize(
    ("request_data", "rows"),
    [
        ({"acute": 2}, [("acute", 2, "R16.7")]),  # Acute Hearing: +level
        ({"discriminatory": True}, [("discriminatory", 4, "R16.7")]),  # +4
        ({"hard_of_hearing": True}, [("hard_of_hearing", -4, "R16.7")]),  # -4
        ({"circumstances": -3}, [("circumstances", -3, "R16.7")]),  # GM
    ],
)
def test_r16_7_the_hearing_modifier_table(
    request_data: dict[str, object], rows: list[tuple[str, int, str]]
) -> None:
    request = SenseRequest.model_validate({"sense": "hearing", "perception": 10, **request_data})
    assert [(m.key, m.value, m.rule_id) for m in sense_modifiers(request)] == rows


def test_r16_7_discriminatory_and_hard_of_hearing_cancel_out() -> None:
    """R16.7: Per 10, Discriminatory Hearing, Hard of Hearing → 10 before distance."""
    request = SenseRequest(
        sense=Sense.HEARING, perception=10, discriminatory=True, hard_of_hearing=True
    )
    assert sense_roll(request, ScriptedDice([3, 3, 3])).effective == 10


def test_r16_6_the_distance_to_a_sound_is_a_modifier() -> None:
    request = SenseRequest(
        sense=Sense.HEARING,
        perception=12,
        sound=Sound.NORMAL_CONVERSATION,
        distance=Fraction(4),
    )
    outcome = sense_roll(request, ScriptedDice([3, 3, 3]))
    assert [(m.key, m.value, m.rule_id) for m in outcome.modifiers] == [
        ("sound_distance", -2, "R16.6")
    ]
    assert outcome.effective == 10


def test_a_sound_needs_its_distance() -> None:
    with pytest.raises(RuleError) as caught:
        sense_modifiers(SenseRequest(sense=Sense.HEARING, perception=10, sound=Sound.METALLICA))
    assert caught.value.key == "senses.sound_needs_distance"


def test_r16_8_poisoned_wine() -> None:
    """R16.8: Per 11 with Discriminatory Taste, masking spices -3: 11 + 4 - 3 = 12."""
    taster = add_trait(
        Combatant.create(name="Taster", attributes={"iq": 11}), SheetTrait.DISCRIMINATORY_TASTE
    )
    request = request_from_sheet(taster, Sense.TASTE, circumstances=-3)
    assert request_from_sheet(taster, Sense.SMELL).discriminatory is False
    outcome = sense_roll(request, ScriptedDice([4, 4, 4]))
    assert outcome.effective == 12
    assert [(m.key, m.value, m.rule_id) for m in outcome.modifiers] == [
        ("discriminatory", 4, "R16.8"),
        ("circumstances", -3, "R16.8"),
    ]


@pytest.mark.parametrize(
    ("request_data", "rows"),
    [
        ({"acute": 1}, [("acute", 1, "R16.8")]),  # Acute Taste & Smell: +level
        ({"discriminatory": True}, [("discriminatory", 4, "R16.8")]),  # Discriminatory Smell
        ({"circumstances": 2}, [("circumstances", 2, "R16.8")]),  # strength of the smell
    ],
)
def test_r16_8_the_smell_modifier_table(
    request_data: dict[str, object], rows: list[tuple[str, int, str]]
) -> None:
    request = SenseRequest.model_validate({"sense": "smell", "perception": 10, **request_data})
    assert [(m.key, m.value, m.rule_id) for m in sense_modifiers(request)] == rows


def test_the_sheet_gives_per_the_acute_sense_and_the_traits() -> None:
    sheet = Combatant.create(name="Scout", attributes={"iq": 10, "per": 13})
    for trait, level in (
        (SheetTrait.ACUTE_VISION, 2),
        (SheetTrait.ACUTE_HEARING, 3),
        (SheetTrait.ACUTE_TASTE_SMELL, 1),
        (SheetTrait.HYPERSPECTRAL_VISION, None),
        (SheetTrait.HARD_OF_HEARING, None),
        (SheetTrait.DANGER_SENSE, None),
    ):
        sheet = add_trait(sheet, trait, level)
    vision = request_from_sheet(sheet, Sense.VISION)
    assert (vision.perception, vision.acute, vision.hyperspectral) == (13, 2, True)
    assert vision.danger_sense
    hearing = request_from_sheet(sheet, Sense.HEARING)
    assert (hearing.acute, hearing.hard_of_hearing, hearing.hyperspectral) == (3, True, False)
    assert request_from_sheet(sheet, Sense.SMELL).acute == 1
    assert request_from_sheet(sheet, Sense.VISION, perception=15, acute=0).perception == 15


def _with_state(sheet: Combatant, **state: object) -> Combatant:
    return sheet.with_state(sheet.state.model_copy(update=state))


@pytest.mark.parametrize(
    ("state", "sense", "unable", "rule"),
    [
        ({"blinded_eyes": frozenset(Side)}, Sense.VISION, Impossible.BLIND, "R7.16"),
        ({"unconscious": True}, Sense.VISION, Impossible.UNCONSCIOUS, "R16.1"),
        ({"unconscious": True}, Sense.HEARING, Impossible.UNCONSCIOUS, "R16.1"),
        ({"dead": True}, Sense.SMELL, Impossible.DEAD, "R16.1"),
        ({"dead": True, "unconscious": True}, Sense.VISION, Impossible.DEAD, "R16.1"),
    ],
)
def test_r16_1_no_roll_for_one_who_cannot_sense(
    state: dict[str, object], sense: Sense, unable: Impossible, rule: str
) -> None:
    """R16.1 with R7.16: a dead or unconscious fighter notices nothing, and one blind in both
    eyes has no Vision roll: no dice, not even the secret Danger Sense roll (R16.3)."""
    sheet = _with_state(Combatant.create(name="Bob", attributes={"per": 12}), **state)
    request = request_from_sheet(sheet, sense, dangerous=True, danger_sense=True)
    assert request.unable is unable
    outcome = sense_roll(request, ScriptedDice([]))
    assert (outcome.impossible, outcome.roll, outcome.noticed) == (unable, None, False)
    assert outcome.danger_sense is None
    assert rule in outcome.rule_ids


def test_r16_1_one_eye_still_sees_and_a_blind_man_still_hears() -> None:
    one_eye = _with_state(
        Combatant.create(name="Bob", attributes={"per": 12}), blinded_eyes=frozenset({Side.RIGHT})
    )
    assert request_from_sheet(one_eye, Sense.VISION).unable is None
    blind = _with_state(one_eye, blinded_eyes=frozenset(Side))
    outcome = sense_roll(request_from_sheet(blind, Sense.HEARING), ScriptedDice([3, 3, 3]))
    assert (outcome.impossible, outcome.noticed) == (None, True)


def test_r16_6_a_hearing_distance_without_a_sound_is_refused() -> None:
    """R16.6: the distance counts in steps from a sound's own distance; alone it means
    nothing, so it is refused rather than left out without a word."""
    with pytest.raises(RuleError) as caught:
        sense_roll(
            SenseRequest(sense=Sense.HEARING, perception=12, distance=Fraction(8)), ScriptedDice([])
        )
    assert caught.value.key == "senses.distance_needs_sound"
