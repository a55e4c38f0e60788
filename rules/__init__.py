"""Pure GURPS 4th Edition combat rules.

Nothing in this package performs I/O, talks to Discord or touches the global
``random`` module: every function that rolls takes a :class:`rules.dice.DiceRoller`.
Results are frozen data objects carrying every roll and modifier, so callers
(the renderer, the tests) can explain an outcome without recomputing it.
"""
