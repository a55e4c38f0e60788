"""Persistence: the database (SQLite or PostgreSQL), its migrations and the repositories.

All SQL in the project lives in this package, and everything that differs between
the two backends in :mod:`bot.storage.dialect`, the migrations folders and the
backends themselves (:mod:`bot.storage.sqlite`, :mod:`bot.storage.postgres`).
Repositories take a :class:`~bot.storage.database.Database` and expose typed
methods; each state change is one transaction.
"""

from bot.storage.database import Database, MigrationError

__all__ = ["Database", "MigrationError"]
