"""The rules reference behind ``/rules``: every cited id has an entry, and entries are sound.

Any rule id the bot can show (in code, in a catalog, in the README) must be readable
with ``/rules``: a new citation without an entry in ``bot/reference/rules.toml``
fails here. The footer naming ``/rules`` is written once per message, and only
when it fits.
"""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.reference import RULE_ID, RulesReferenceError, cited_ids, load, reference
from bot.render.reference import CITE_MARK, cite_rules, render_rule, render_rule_choices
from rules.options import RuleOptions

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "rules")
REFERENCE_FILE = ROOT / "bot" / "reference" / "rules.toml"


def cited_in_the_project() -> dict[str, list[str]]:
    """Every rule id the code, the catalogs and the README cite, with where."""
    files = [ROOT / "README.md"]
    for folder in SOURCES:
        files.extend(p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".toml"})
    found: dict[str, list[str]] = {}
    for path in files:
        if path == REFERENCE_FILE:
            continue
        for rule_id in cited_ids(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_rule_id_the_bot_cites_has_an_entry() -> None:
    cited = cited_in_the_project()
    assert {"R6.9", "R7.6", "A.2", "G7"} <= set(cited)
    missing = {rule_id: where for rule_id, where in cited.items() if rule_id not in reference()}
    assert missing == {}


def test_the_grep_the_issue_asks_for_finds_nothing_the_reference_misses() -> None:
    """The plain ``R\\d+\\.\\d+`` and ``A\\.\\d+`` patterns over the sources, as a second net
    under :data:`RULE_ID`."""
    plain = re.compile(r"\b(R\d+\.\d+|A\.\d+)\b")
    found: set[str] = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".toml"} and path != REFERENCE_FILE:
                found.update(plain.findall(path.read_text(encoding="utf-8")))
    assert sorted(rule_id for rule_id in found if rule_id not in reference()) == []


def test_every_entry_has_both_languages_and_pages_like_the_basic_sets() -> None:
    entries = reference().entries
    assert len(entries) >= 100
    for entry in entries.values():
        assert RULE_ID.fullmatch(entry.id)
        for locale in SUPPORTED_LOCALES:
            text = entry.text(locale)
            assert text.name, entry.id
            assert text.text, entry.id
            assert len(text.text) <= 600, f"{entry.id} {locale}: keep it short"
        en, pt = entry.text("en"), entry.text("pt-BR")
        assert en.text != pt.text, f"{entry.id}: the Portuguese is the English"
        assert len(en.table) == len(pt.table), entry.id
        assert all(re.fullmatch(r"B\d{1,3}", page) for page in entry.pages), entry.id


def test_every_rule_option_is_named_by_the_rules_it_changes() -> None:
    """An option's description starts with the rule it changes (``R6.9: ...``): that
    rule's entry names the option, and every option named exists."""
    for name, field in RuleOptions.model_fields.items():
        first = str(field.description).split(":", 1)[0]
        entry = reference().get(first)
        assert entry is not None, name
        assert name in entry.options, f"{first} should name the option {name}"


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("R6.9", ["R6.9"]),
        ("r6.9", ["R6.9"]),
        ("retreat", ["R6.9"]),
        ("recuo", ["R6.9"]),
        ("Retreat", ["R6.9"]),
        ("prostracao", ["R7.8", "R7.9"]),  # accents are optional
        ("shock", ["R7.6"]),
        ("choque", ["R7.6"]),
        ("vitals", ["R7.24"]),
        ("órgãos vitais", ["R7.24"]),
        ("R12", [f"R12.{n}" for n in range(1, 16)]),
        ("zzz", []),
    ],
)
def test_lookup_by_id_or_by_name_in_either_language(typed: str, found: list[str]) -> None:
    assert [entry.id for entry in reference().lookup(typed)] == found


def test_search_lists_names_before_search_words() -> None:
    """Autocomplete: "retreat" names R6.9 and appears among R11.12's words, in that order."""
    assert [entry.id for entry in reference().search("retreat")] == ["R6.9", "R11.12"]
    assert len(reference().search("")) == 25


def test_ids_are_ordered_by_number() -> None:
    ids = list(reference().entries)
    assert ids.index("R5.9") < ids.index("R5.10") < ids.index("R6.1") < ids.index("A.1")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('["R1.1"]\npages = ["B1"]\n["R1.1".en]\nname = "x"\ntext = "y"\n', "pt-BR"),
        (
            '["R1.1"]\npages = ["p. 12"]\n["R1.1".en]\nname="x"\ntext="y"\n'
            '["R1.1"."pt-BR"]\nname="x"\ntext="z"\n',
            "pages",
        ),
        (
            '["R1.1"]\noptions = ["nope"]\n["R1.1".en]\nname="x"\ntext="y"\n'
            '["R1.1"."pt-BR"]\nname="x"\ntext="z"\n',
            "unknown rule options",
        ),
        (
            '["R1.1"]\n["R1.1".en]\nname="x"\ntext="y"\ntable=["a | b", "c"]\n'
            '["R1.1"."pt-BR"]\nname="x"\ntext="z"\n',
            "rows differ",
        ),
        ('["X1"]\n', "not a rule id"),
    ],
)
def test_a_malformed_reference_is_refused_with_the_entry_named(text: str, problem: str) -> None:
    with pytest.raises(RulesReferenceError, match=problem):
        load(text)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("Shock -4 on the next turn (R7.6)", ["R7.6"]),
        ("Rules: A.1, R5.31", ["A.1", "R5.31"]),
        ("R7.19–R7.29 and G7; R7.6 again (R7.6)", ["R7.19", "R7.29", "G7", "R7.6"]),
        ("B376, v2.7.1, R2D2, TR7 and R7.61x", []),
    ],
)
def test_cited_ids(text: str, ids: list[str]) -> None:
    assert cited_ids(text) == ids


# --------------------------------------------------------------------------- rendering


def test_a_rule_in_english_with_its_table_pages_and_option(messages: Messages) -> None:
    entry = reference().get("R6.9")
    assert entry is not None
    embed = render_rule(entry, messages, "en", RuleOptions(retreat_basic_set=True))
    assert embed.title == "R6.9 · Retreat"
    assert embed.description is not None
    assert embed.description.startswith("Once a turn, stepping back a hex")
    assert "```\nDefense  Default  Basic Set option\n" in embed.description
    assert "Parry    +3       +1" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Basic Set"] == "B377"
    option = messages.text("settings.option.retreat_basic_set.name", "en")
    assert fields[f"Server option: {option}"].startswith("On here. R6.9:")


def test_a_rule_in_portuguese_without_a_basic_set_page(messages: Messages) -> None:
    entry = reference().get("R3.2")
    assert entry is not None
    embed = render_rule(entry, messages, "pt-BR")
    assert embed.title == "R3.2 · Iniciativa: realista"
    assert {f.name: f.value for f in embed.fields} == {
        "Módulo Básico": messages.text("reference.no_page", "pt-BR")
    }


def test_several_matches_are_listed(messages: Messages) -> None:
    embed = render_rule_choices(reference().lookup("prostração"), "prostração", messages, "pt-BR")
    assert (
        embed.description
        == "`R7.8` Prostração e atordoamento\n`R7.9` Prostração e Tolerância a Ferimentos"
    )


def _footer(embed: discord.Embed) -> str:
    return embed.footer.text or ""


def test_the_footer_names_rules_once_for_the_whole_message(messages: Messages) -> None:
    first = discord.Embed(title="Attack", description="Skill 13 -4 shock (R7.6)")
    second = discord.Embed(description="Retreat (R6.9)")
    second.set_footer(text="Initiative: Basic Speed and DX (R4.3)")
    cite_rules([first, second], messages, "en")
    assert first.footer.text is None
    assert _footer(second) == (
        "Initiative: Basic Speed and DX (R4.3)\n📖 Look up: /rules R7.6, R6.9, R4.3"
    )
    # Edited again (a defense added under the attack): one line, rewritten.
    third = discord.Embed(description="Knocked down (R7.8)")
    cite_rules([first, second, third], messages, "pt-BR")
    assert _footer(second) == "Initiative: Basic Speed and DX (R4.3)"
    assert _footer(third) == "📖 Consulte: /regras R7.6, R6.9, R4.3, R7.8"


def test_no_ids_no_footer_and_nothing_past_the_limit(messages: Messages) -> None:
    plain = discord.Embed(description="Rolled 10")
    cite_rules([plain], messages, "en")
    assert plain.footer.text is None
    full = discord.Embed(description="x" * 4090 + " R7.6")
    for _ in range(3):
        full.add_field(name="y", value="z" * 630)
    cite_rules([full], messages, "en")
    assert full.footer.text is None
    assert len(full) <= 6000


def test_a_rules_answer_sends_the_reader_on_but_not_back_to_itself(messages: Messages) -> None:
    """R5.2 mentions R7.12 (getting up): its answer names /rules R7.12, not R5.2."""
    entry = reference().get("R5.2")
    assert entry is not None
    embed = render_rule(entry, messages, "en")
    cite_rules([embed], messages, "en")
    assert _footer(embed).split("\n")[-1] == "📖 Look up: /rules R7.12"
    alone = reference().get("R6.2")
    assert alone is not None
    embed = render_rule(alone, messages, "en")
    cite_rules([embed], messages, "en")
    assert CITE_MARK not in _footer(embed)
