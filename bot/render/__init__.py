"""Pure renderers: an outcome, the message catalog and a locale in, an Embed (or View) out.

One module per feature; :mod:`bot.render.common` holds the colours and the
helpers that keep every embed inside Discord's limits.
"""
