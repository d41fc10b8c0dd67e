"""The local Neo4j 5.26 server for machines without a Docker engine (docs/deploy.md).

``deploy/neo4j-local/`` is a small Maven project that embeds the real Neo4j Community server
(org.neo4j.test:neo4j-harness) plus Neo4j Browser. This module builds it once (Maven caches what it
downloads in ``~/.m2``), starts it as a detached ``java`` process, records its PID, waits until Bolt
answers and stops it again — idempotently, and never leaving a JVM behind: a stop waits for the JVM
to exit and kills it if it will not.

This is process management for the CLI, ``make`` and the test fixture, so it is deliberately
synchronous; the memory API itself is async only.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urlparse

from a4s_memory.config import Settings
from a4s_memory.errors import LocalNeo4jError

__all__ = ["LocalNeo4j", "LocalNeo4jStatus", "project_dir"]

logger = logging.getLogger(__name__)

_MAIN_CLASS: Final = "dev.a4s.neo4jlocal.LocalNeo4j"
# The module flags Neo4j 5's own launcher passes on Java 17 (see its neo4j.conf defaults).
_JVM_FLAGS: Final = (
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-XX:+UseG1GC",
    "-XX:+ExitOnOutOfMemoryError",
    "-Dfile.encoding=UTF-8",
)
_STOP_GRACE_S: Final = 60.0


def project_dir() -> Path:
    """The Maven project; ``A4S_NEO4J_PROJECT`` overrides it for non-editable installs."""
    override = os.environ.get("A4S_NEO4J_PROJECT")
    if override:
        return Path(override).resolve()
    return Path(__file__).resolve().parents[1] / "deploy" / "neo4j-local"


@dataclass(frozen=True, slots=True)
class LocalNeo4jStatus:
    running: bool
    pid: int | None
    bolt_uri: str
    http_uri: str
    user: str
    home: Path

    def describe(self) -> str:
        state = f"running (pid {self.pid})" if self.running else "stopped"
        return (
            f"local Neo4j: {state}\n"
            f"  bolt: {self.bolt_uri}\n"
            f"  http: {self.http_uri} (Neo4j Browser at {self.http_uri}browser/)\n"
            f"  user: {self.user}\n"
            f"  data: {self.home / 'data'}"
        )


class LocalNeo4j:
    """Build, start, stop and inspect the local server described by ``settings``."""

    def __init__(self, settings: Settings, *, project: Path | None = None) -> None:
        self._settings = settings
        self._project = project or project_dir()
        self._home = settings.neo4j_dir.resolve()
        uri = urlparse(settings.neo4j_uri)
        self._bolt_port = uri.port or 7687
        self._http_port = settings.neo4j_http_port

    # -- paths --------------------------------------------------------------------------------
    @property
    def home(self) -> Path:
        return self._home

    @property
    def log_file(self) -> Path:
        return self._home / "neo4j.log"

    @property
    def _pid_file(self) -> Path:
        return self._home / "neo4j.pid"

    @property
    def _ready_file(self) -> Path:
        return self._home / "ready.json"

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self._bolt_port}"

    @property
    def http_uri(self) -> str:
        return f"http://127.0.0.1:{self._http_port}/"

    # -- queries ------------------------------------------------------------------------------
    def status(self) -> LocalNeo4jStatus:
        pid = self._live_pid()
        return LocalNeo4jStatus(
            running=pid is not None and _port_open(self._bolt_port),
            pid=pid,
            bolt_uri=self.bolt_uri,
            http_uri=self.http_uri,
            user=self._settings.neo4j_user,
            home=self._home,
        )

    # -- build --------------------------------------------------------------------------------
    def build(self) -> Path:
        """Compile the launcher and resolve Neo4j's classpath (skipped when up to date)."""
        target = self._project / "target"
        classpath = target / "classpath.txt"
        # A stamp written after each successful build: Maven leaves classpath.txt untouched when
        # its content is unchanged, so that file's mtime cannot tell whether the build is current.
        stamp = target / ".a4s-built"
        sources = [self._project / "pom.xml", *sorted((self._project / "src").rglob("*.java"))]
        if classpath.exists() and (target / "classes").exists() and stamp.exists():
            built = stamp.stat().st_mtime
            if all(src.stat().st_mtime <= built for src in sources):
                return classpath
        mvn = shutil.which("mvn")
        if mvn is None:
            raise LocalNeo4jError(
                "Maven (mvn) is not on PATH; it builds the local Neo4j",
                suggestion="install Maven and Java 17 (apt-get install maven openjdk-17-jdk-headless)",
            )
        logger.info("building the local Neo4j (the first build downloads Neo4j from Maven Central)")
        print("Building the local Neo4j with Maven (first run downloads ~150 MB)...", flush=True)
        proc = subprocess.run(  # noqa: S603 - fixed argv, no shell
            [mvn, "-B", "-q", "-f", str(self._project / "pom.xml"), "package"],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0 or not classpath.exists():
            tail = (proc.stdout + proc.stderr)[-3000:]
            raise LocalNeo4jError(
                f"the Maven build of the local Neo4j failed (exit {proc.returncode}):\n{tail}",
                suggestion="check that Maven Central is reachable and Java 17 is installed",
            )
        stamp.touch()
        return classpath

    # -- start/stop ---------------------------------------------------------------------------
    def start(self) -> LocalNeo4jStatus:
        """Start the server unless it already runs; return once Bolt answers."""
        current = self.status()
        if current.running:
            return current
        if current.pid is not None:
            # Our JVM is alive but Bolt does not answer yet: it is starting, or it hangs.
            return self._wait_until_ready(current.pid)
        self._clear_run_files()
        if _port_open(self._bolt_port):
            raise LocalNeo4jError(
                f"port {self._bolt_port} is already in use by a process this launcher did not start",
                suggestion="stop that server, or point NEO4J_URI at it instead of starting a local one",
            )
        classpath = self.build()
        self._home.mkdir(parents=True, exist_ok=True)
        java = shutil.which("java")
        if java is None:
            raise LocalNeo4jError("java is not on PATH", suggestion="install Java 17")
        argv = [
            java,
            f"-Xms{self._settings.neo4j_heap}",
            f"-Xmx{self._settings.neo4j_heap}",
            *_JVM_FLAGS,
            "-cp",
            f"{classpath.parent / 'classes'}{os.pathsep}{classpath.read_text().strip()}",
            _MAIN_CLASS,
        ]
        env = {
            **os.environ,
            "A4S_NEO4J_HOME": str(self._home),
            "NEO4J_PASSWORD": self._settings.neo4j_password.get_secret_value(),
            "A4S_NEO4J_BOLT_PORT": str(self._bolt_port),
            "A4S_NEO4J_HTTP_PORT": str(self._http_port),
            "A4S_NEO4J_PAGECACHE": self._settings.neo4j_pagecache,
        }
        with self.log_file.open("ab") as log:
            proc = subprocess.Popen(  # noqa: S603 - fixed argv, no shell
                argv,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=self._home,
                start_new_session=True,  # survives the CLI; Ctrl-C in a terminal does not reach it
            )
        self._pid_file.write_text(f"{proc.pid}\n")
        logger.info("local Neo4j starting, pid %d, log %s", proc.pid, self.log_file)
        try:
            return self._wait_until_ready(proc.pid, proc)
        except BaseException:
            # Whatever went wrong (time-out, Ctrl-C), never leave a half-started JVM behind.
            _terminate(proc)
            self._clear_run_files()
            raise

    def stop(self) -> bool:
        """Stop the server if it runs; True when a JVM was stopped. Always leaves no JVM behind."""
        pid = self._live_pid()
        if pid is None:
            self._clear_run_files()
            return False
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        if not _wait_for_exit(pid, _STOP_GRACE_S):
            logger.warning(
                "local Neo4j pid %d ignored SIGTERM for %.0fs; killing it", pid, _STOP_GRACE_S
            )
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            _wait_for_exit(pid, 10.0)
        self._clear_run_files()
        return True

    # -- internals ----------------------------------------------------------------------------
    def _wait_until_ready(
        self, pid: int, proc: subprocess.Popen[bytes] | None = None
    ) -> LocalNeo4jStatus:
        deadline = time.monotonic() + self._settings.neo4j_start_timeout_s
        while time.monotonic() < deadline:
            # With our own child, poll() is exact; /proc/<pid>/cmdline still shows Python until exec.
            alive = proc.poll() is None if proc is not None else _is_our_jvm(pid)
            if not alive:
                self._clear_run_files()
                raise LocalNeo4jError(
                    f"the local Neo4j exited during start-up; last log lines:\n{self._log_tail()}",
                    suggestion=f"read {self.log_file}",
                )
            if self._ready_file.exists() and _port_open(self._bolt_port):
                return self.status()
            time.sleep(0.5)
        if proc is None:
            self.stop()
        raise LocalNeo4jError(
            f"the local Neo4j did not answer on Bolt within {self._settings.neo4j_start_timeout_s:.0f}s; "
            f"it was stopped. Last log lines:\n{self._log_tail()}",
            suggestion="raise A4S_NEO4J_START_TIMEOUT on a slow machine",
        )

    def _live_pid(self) -> int | None:
        try:
            pid = int(self._pid_file.read_text().strip())
        except (OSError, ValueError):
            return None
        return pid if _is_our_jvm(pid) else None

    def _clear_run_files(self) -> None:
        for path in (self._pid_file, self._ready_file):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _log_tail(self, lines: int = 25) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def ready_info(self) -> dict[str, object]:
        """What the server wrote when it came up (URIs and PID), for diagnostics."""
        try:
            data: dict[str, object] = json.loads(self._ready_file.read_text())
        except (OSError, ValueError):
            return {}
        return data


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _is_our_jvm(pid: int) -> bool:
    """True when ``pid`` is alive and is this launcher's JVM (a recycled PID must never be killed)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return _MAIN_CLASS.encode() in cmdline


def _terminate(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=_STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def _wait_for_exit(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not _is_our_jvm(pid):
            # Reap it if it was our child (same process), so it does not linger as a zombie.
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)
            return True
        time.sleep(0.25)
    return False
