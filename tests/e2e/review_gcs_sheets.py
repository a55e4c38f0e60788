"""The GCS sheets and sandbox scripts the GCS review tests share (sources in test_review_gcs.py)."""

from __future__ import annotations

from pathlib import Path

GCS = Path(__file__).resolve().parents[1] / "fixtures" / "gcs"
WARRIOR = GCS / "ivo.gcs"
CAT = GCS / "marsh_cat.gcs"
BOAR_V1 = GCS / "old_boar_v1.gcs"
ALICE = GCS / "alice.gcs"


def savanna(*, basic_set_dodge: bool = False) -> str:
    """pt-BR: Ivo swings his broadsword at the cat, which dodges; then two /teste rolls.
    ``basic_set_dodge``: the guild reads R6.1 as the Basic Set (``animal_dodge_basic_set``)."""
    option = "/settings rule option:animal_dodge_basic_set enabled:true" if basic_set_dodge else ""
    return f"""
    {option}
    /character import file:{WARRIOR}
    /character import file:{CAT}
    /encontro iniciar name:Savana
    /combatente adicionar character:Ivo Brandt
    /combatente adicionar character:Marsh Cat
    /encontro proximo
    /atacar attacker:Ivo Brandt target:Marsh Cat weapon:Broadsword (Swung)
    :click Esquiva
    /teste skill:Running character:Marsh Cat
    /teste skill:Per character:Ivo Brandt
    """
