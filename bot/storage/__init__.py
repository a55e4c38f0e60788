"""Persistence: the one SQLite connection, its migrations and the repositories.

All SQL in the project lives in this package. Repositories take a
:class:`~bot.storage.database.Database` and expose typed methods; each state
change is one :meth:`~bot.storage.database.Database.transaction`.
"""

from bot.storage.database import Database, MigrationError

__all__ = ["Database", "MigrationError"]
