"""The Discord side of the GURPS combat bot: client, storage, translations and rendering.

Start it with ``python -m bot`` (or the ``gurps-bot`` script); see ``bot.__main__``.
"""
