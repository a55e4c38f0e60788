"""Dice parse+roll throughput: rules.dice against the d20 package.

Run from the project root::

    .venv/bin/python benchmarks/bench_dice.py [--count 100000] [--repeat 3]

Every contender rolls the same GURPS-style expressions (d20 gets each one
translated into its own syntax: ``3d`` → ``3d6``, ``6dx2`` → ``(6d6)*2``) the
same number of times, in one process; the best of ``--repeat`` interleaved
passes is kept so a busy machine disturbs both sides alike. Both libraries
cache parsed expressions, so the "warm" rows measure what a bot does all day
(the same few expressions, again and again); the "cold" rows give every call a
text never seen before, so every call parses.

Rows:

* ``rules.dice, RandomDice(seed)`` — our engine with the shipped roller on a
  seeded Mersenne Twister, the same generator d20 uses (the headline figure).
* ``rules.dice, RandomDice()`` — the shipped production default: the same
  generator seeded from OS entropy.
* ``rules.dice, no RNG (engine)`` — a roller that always shows 1: the cost of
  our parse cache, bookkeeping and result alone (d20 still pays for its RNG).
* ``d20.roll`` — the reference.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import d20

from rules.dice import MAX_DICE, max_total, min_total, parse, roll
from rules.roller import RandomDice

# (GURPS text for rules.dice, the same roll in d20 syntax). Mostly what a combat
# bot rolls: 3d success rolls, 1d-4d damage with adds, a few odd ones.
EXPRESSIONS: tuple[tuple[str, str], ...] = (
    ("3d", "3d6"),
    ("3d", "3d6"),
    ("3d", "3d6"),
    ("1d", "1d6"),
    ("2d+1", "2d6+1"),
    ("1d-3", "1d6-3"),
    ("1d+2", "1d6+2"),
    ("3d-1", "3d6-1"),
    ("4d-1", "4d6-1"),
    ("5d+2", "5d6+2"),
    ("6dx2", "(6d6)*2"),
    ("2d10", "2d10"),
    ("1d+1d6+2", "1d6+1d6+2"),
    ("8d", "8d6"),
)


class ConstantDice:
    """Not a real roller: always shows 1, to time the engine without any RNG."""

    def roll_die(self, sides: int) -> int:
        return 1


def _timed(body: Callable[[], None]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        body()
        return time.perf_counter() - start
    finally:
        gc.enable()


def _ours(texts: list[str], roller: object) -> Callable[[], None]:
    def body() -> None:
        for text in texts:
            roll(text, roller)  # type: ignore[arg-type]

    return body


def _theirs(texts: list[str]) -> Callable[[], None]:
    d20_roll = d20.roll

    def body() -> None:
        for text in texts:
            d20_roll(text)

    return body


def _cold(pairs: list[tuple[str, str]], count: int, offset: int) -> tuple[list[str], list[str]]:
    """``count`` texts never seen before: each expression plus a distinct constant."""
    ours: list[str] = []
    theirs: list[str] = []
    for index, (gurps, d20_text) in enumerate(itertools.islice(itertools.cycle(pairs), count)):
        add = 1000 + offset + index  # distinct, so neither parse cache ever hits
        if "x" in gurps:  # keep the multiplier last: (6d+k)x2 / (6d6+k)*2
            ours.append(f"({gurps.split('x')[0]}+{add})x2")
            theirs.append(f"({d20_text.split(')')[0].lstrip('(')}+{add})*2")
        else:
            ours.append(f"{gurps}+{add}")
            theirs.append(f"{d20_text}+{add}")
    return ours, theirs


def _check_translations() -> None:
    """The two sides roll the same thing: d20's totals stay within our [min, max]."""
    for gurps, d20_text in EXPRESSIONS:
        low, high = min_total(gurps), max_total(gurps)
        for _ in range(200):
            total = d20.roll(d20_text).total
            assert low <= total <= high, (gurps, d20_text, total)
        assert parse(gurps).dice_count <= MAX_DICE


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="rolls per contender")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved passes (best kept)")
    args = parser.parse_args(argv)

    _check_translations()
    warm_ours = [g for g, _ in itertools.islice(itertools.cycle(EXPRESSIONS), args.count)]
    warm_theirs = [d for _, d in itertools.islice(itertools.cycle(EXPRESSIONS), args.count)]

    contenders: dict[str, Callable[[], None]] = {
        "rules.dice, RandomDice(seed)   warm": _ours(warm_ours, RandomDice(seed=1)),
        "rules.dice, RandomDice()       warm": _ours(warm_ours, RandomDice()),
        "rules.dice, no RNG (engine)    warm": _ours(warm_ours, ConstantDice()),
        "d20.roll                       warm": _theirs(warm_theirs),
    }
    cold_count = max(1, args.count // 10)
    best: dict[str, float] = {}
    for pass_index in range(args.repeat):
        for name, body in contenders.items():
            elapsed = _timed(body)
            best[name] = min(best.get(name, elapsed), elapsed)
        # fresh never-seen texts on every pass, so nothing is ever cached
        cold_ours, cold_theirs = _cold(
            list(EXPRESSIONS), cold_count, offset=pass_index * cold_count
        )
        for name, body in (
            ("rules.dice, RandomDice(seed)   cold", _ours(cold_ours, RandomDice(seed=1))),
            ("d20.roll                       cold", _theirs(cold_theirs)),
        ):
            elapsed = _timed(body)
            best[name] = min(best.get(name, elapsed), elapsed)
    print(
        f"Python {sys.version.split()[0]}, d20 {metadata.version('d20')}; "
        f"{len({g for g, _ in EXPRESSIONS})} expressions; warm: {args.count:,} rolls each, "
        f"cold: {cold_count:,}; best of {args.repeat}"
    )
    print(f"{'contender':38} {'ops/s':>12} {'µs/op':>8} {'vs d20':>8}")
    for temperature, count in (("warm", args.count), ("cold", cold_count)):
        reference = best[f"{'d20.roll':31}{temperature}"] / count
        for name, elapsed in best.items():
            if not name.endswith(temperature):
                continue
            per_op = elapsed / count
            print(f"{name:38} {1 / per_op:12,.0f} {per_op * 1e6:8.2f} {reference / per_op:7.1f}×")


if __name__ == "__main__":
    main()
