"""A throwaway PostgreSQL server for the tests and benchmarks: the system's binaries, a
cluster in a temporary folder, listening on 127.0.0.1 only, deleted when stopped.

``find_binaries()`` looks on ``PATH`` and in ``/usr/lib/postgresql/<version>/bin``
(Debian and Ubuntu put ``initdb`` and ``pg_ctl`` there). PostgreSQL refuses to run
as root: under root the cluster belongs to the ``postgres`` user if there is one
(else a system user ``gurps-pg`` made for it) and its commands run through
``runuser``. Durability is switched off (``fsync=off``): nothing here must survive
a power cut, and it keeps the suite fast.

``TEST_POSTGRESQL_URL`` (a superuser's ``postgresql://`` URL) uses a server you
run yourself instead.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

CLUSTER_USER = "gurps-pg"
SETTINGS = (
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=200 -c shared_buffers=32MB"
)


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries on this machine: the PostgreSQL tests cannot run here."""


def find_binaries() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest version when several)."""
    on_path = shutil.which("pg_ctl")
    if on_path is not None and shutil.which("initdb") is not None:
        return Path(on_path).parent
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if not found:
        raise PostgresUnavailable(
            "PostgreSQL is not installed (no initdb or pg_ctl on PATH nor in "
            "/usr/lib/postgresql/*/bin): install it (e.g. apt install postgresql) to run "
            "the PostgreSQL half of the storage and end-to-end tests"
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cluster_user() -> str | None:
    """Who runs the server: ``None`` for this user, else a user that is not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", CLUSTER_USER):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", CLUSTER_USER],
        check=True,
        capture_output=True,
    )
    return CLUSTER_USER


class PostgresServer:
    """One running cluster (:meth:`start`), or a server named by ``TEST_POSTGRESQL_URL``."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.port = 0
        self.admin_url = os.environ.get("TEST_POSTGRESQL_URL", "")
        self._user: str | None = None
        self._bin: Path | None = None

    def _command(self, *args: str) -> list[str]:
        assert self._bin is not None
        command = [str(self._bin / args[0]), *args[1:]]
        return command if self._user is None else ["runuser", "-u", self._user, "--", *command]

    def start(self) -> None:
        """Start the cluster (a few seconds); :class:`PostgresUnavailable` without binaries."""
        if self.admin_url:
            return
        self._bin = find_binaries()
        self._user = _cluster_user()
        self.folder = Path(tempfile.mkdtemp(prefix="gurps-pg-"))
        if self._user is not None:
            shutil.chown(self.folder, user=self._user)
        data = self.folder / "data"
        log = self.folder / "server.log"
        init = self._command(
            "initdb",
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self._run(init, log)
        for attempt in range(3):
            self.port = _free_port()
            options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} {SETTINGS}"
            start = self._command("pg_ctl", "-D", str(data), "-l", str(log), "-o", options)
            try:
                self._run([*start, "-w", "start"], log, last=attempt == 2)
                break
            except subprocess.CalledProcessError:  # another process took the port
                continue
        self.admin_url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, command: list[str], log: Path, *, last: bool = True) -> None:
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=120)
        except subprocess.CalledProcessError as failed:
            if not last:
                raise
            output = (failed.stdout or b"") + (failed.stderr or b"")
            server_log = log.read_text(errors="replace") if log.exists() else ""
            self.stop()
            raise RuntimeError(
                f"PostgreSQL did not start: {' '.join(command)}\n"
                f"{output.decode(errors='replace')}\n{server_log}"
            ) from failed

    def stop(self) -> None:
        """Stop the cluster (at once) and delete its folder."""
        if self.folder is None:
            return
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            subprocess.run(
                self._command("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop"),
                capture_output=True,
                check=False,
                timeout=60,
            )
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def url(self, database: str) -> str:
        """The URL of ``database`` on this server."""
        return self.admin_url.rsplit("/", 1)[0] + "/" + database

    async def create_database(self, prefix: str = "gurps") -> str:
        """A new, empty place for the bot's tables; its URL.

        A schema of its own, named by ``search_path`` in the URL (a query parameter
        asyncpg passes on as a server setting): as empty as a new database, and made
        in a millisecond where ``CREATE DATABASE`` takes a quarter of a second.
        """
        name = f"{prefix}_{secrets.token_hex(6)}"
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(f"CREATE SCHEMA {name}")
        finally:
            await connection.close()
        return f"{self.admin_url}?search_path={name}"
