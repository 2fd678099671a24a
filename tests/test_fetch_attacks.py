"""Issue 28 (part B): ``--fetch`` and the configuration's dotenv files turned against the user.

Each test recreates an attack as an attacker would stage it: a server on
127.0.0.1 (the only network these tests use) that records what it receives or
trickles its headers, hostnames that only look like loopback, and dotenv paths
that are a FIFO, ``/dev/stdin``, a symbolic link or huge.
"""

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import run_cli
from test_follow import POISONED, Server, body, check, write_config

from utcp_lint.supplychain.follow import FetchError, FetchRefused, check_url, fetch


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "UTCP_LINT_WEAK_SANDBOX"}
    env.update(extra)
    return env


# ---------------------------------------------------------------------------
# environment and dotenv values never leave in a URL without --fetch-auth
# ---------------------------------------------------------------------------


def test_environment_value_in_url_is_not_sent_without_fetch_auth(tmp_path, server):
    server.routes["/utcp"] = body(data=json.dumps(POISONED).encode())
    write_config(
        tmp_path,
        [{"name": "remote", "call_template_type": "http", "url": server.url("/utcp") + "?k=${SECRET}"}],
    )
    env = _env(remote_SECRET="env-SECRET-42")
    r = run_cli("--format", "text", "--no-config", "--fetch", "utcp_config.json", cwd=tmp_path, env=env)
    assert "Traceback" not in r.stderr
    assert server.requests == []  # no request at all: the value never left
    assert "not fetched without --fetch-auth" in r.stderr
    assert "env-SECRET-42" not in r.stdout + r.stderr
    # the user's explicit consent sends it
    r = run_cli("--format", "text", "--no-config", "--fetch", "--fetch-auth", "utcp_config.json", cwd=tmp_path, env=env)
    assert [p for p, _ in server.requests] == ["/utcp?k=env-SECRET-42"]


def test_dotenv_value_in_url_is_not_sent_without_fetch_auth(tmp_path, server):
    server.routes["/x/utcp"] = body(data=json.dumps(POISONED).encode())
    (tmp_path / "vars.env").write_text("remote_PATHPART=x\n")
    write_config(
        tmp_path,
        [{"name": "remote", "call_template_type": "http", "url": server.url("/$PATHPART/utcp")}],
        load_variables_from=[{"variable_loader_type": "dotenv", "env_file_path": "vars.env"}],
    )
    r = check(tmp_path, "--fetch", "utcp_config.json", fmt="text")
    assert server.requests == [] and "not fetched without --fetch-auth" in r.stderr
    r = check(tmp_path, "--fetch", "--fetch-auth", "utcp_config.json", fmt="text")
    assert [p for p, _ in server.requests] == ["/x/utcp"]


def test_config_own_variables_in_url_are_fetched(tmp_path, server):
    """A value written in the configuration itself is no secret of the user's: fetched."""
    server.routes["/v2/utcp"] = body(data=json.dumps(POISONED).encode())
    write_config(
        tmp_path,
        [{"name": "remote", "call_template_type": "http", "url": server.url("/${VER}/utcp")}],
        variables={"remote_VER": "v2"},
    )
    r = check(tmp_path, "--fetch", "--select", "UL620", "utcp_config.json", fmt="text")
    assert [p for p, _ in server.requests] == ["/v2/utcp"] and r.returncode == 1


# ---------------------------------------------------------------------------
# one deadline over connect, headers and body
# ---------------------------------------------------------------------------


class Trickler:
    """A raw server on 127.0.0.1 that sends its status line and headers one byte at a time."""

    def __init__(self, interval=0.2, total=60.0, data=b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"a" * 10000):
        self.data = data
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.port = self.sock.getsockname()[1]
        self.interval, self.total = interval, total
        self.stop = threading.Event()
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while not self.stop.is_set():
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self.trickle, args=(c,), daemon=True).start()

    def trickle(self, c):
        data = self.data
        end = time.monotonic() + self.total
        try:
            c.recv(65536)
            for ch in data:
                if self.stop.is_set() or time.monotonic() > end:
                    break
                c.sendall(bytes([ch]))
                time.sleep(self.interval)
        except OSError:
            pass
        finally:
            c.close()

    def close(self):
        self.stop.set()
        self.sock.close()


def test_slow_headers_are_bounded_by_the_total_deadline():
    t = Trickler()
    try:
        t0 = time.monotonic()
        with pytest.raises(FetchError, match="timed out after 1 s"):
            fetch(f"http://127.0.0.1:{t.port}/utcp", timeout=1.0)
        took = time.monotonic() - t0
    finally:
        t.close()
    # each byte arrives well within any per-operation timeout; only the total bounds it
    assert took < 3.0, took


def test_slow_headers_cli_one_line_within_the_deadline(tmp_path):
    t = Trickler()
    try:
        write_config(tmp_path, [{"name": "r", "call_template_type": "http", "url": f"http://127.0.0.1:{t.port}/u"}])
        t0 = time.monotonic()
        r = check(tmp_path, "--fetch", "--fetch-timeout", "1", "utcp_config.json", fmt="text")
        took = time.monotonic() - t0
    finally:
        t.close()
    assert r.returncode == 2 and "timed out after 1 s" in r.all
    assert took < 30, took  # interpreter start-up on a loaded machine included; unbounded before (minutes)


# ---------------------------------------------------------------------------
# loopback is 127.0.0.0/8, ::1 and "localhost", nothing that merely looks like it
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://127.attacker.example/utcp",
        "http://evil.localhost/utcp",
        "http://127.0.0.1.nip.io/utcp",
        "http://localhost.attacker.example/utcp",
        "http://0.0.0.0/utcp",
        "http://[::ffff:8.8.8.8]/utcp",
    ],
)
def test_lookalike_loopback_hosts_are_refused_over_http(url, monkeypatch):
    def no_socket(*a, **k):
        raise AssertionError("a socket was opened")

    monkeypatch.setattr(socket, "getaddrinfo", no_socket)
    monkeypatch.setattr(socket, "create_connection", no_socket)
    with pytest.raises(FetchRefused, match="non-loopback"):
        check_url(url)
    with pytest.raises(FetchRefused):
        fetch(url, timeout=1.0)


@pytest.mark.parametrize(
    "url",
    ["http://localhost/u", "http://LOCALHOST:8080/u", "http://127.0.0.1/u", "http://127.1.2.3/u", "http://[::1]/u"],
)
def test_real_loopback_is_allowed_over_http(url):
    check_url(url)  # raises if refused


def test_lookalike_host_cli_note(tmp_path):
    write_config(tmp_path, [{"name": "r", "call_template_type": "http", "url": "http://127.attacker.example/m"}])
    r = check(tmp_path, "--fetch", "utcp_config.json", fmt="text")
    assert "non-loopback host '127.attacker.example'" in r.stderr


# ---------------------------------------------------------------------------
# dotenv files: regular, bounded, never a hang
# ---------------------------------------------------------------------------


def _lint_with_dotenv(tmp_path, env_file_path):
    (tmp_path / "m.json").write_text(json.dumps(POISONED))
    write_config(
        tmp_path,
        [{"name": "m", "call_template_type": "file", "file_path": "m.json"}],
        load_variables_from=[{"variable_loader_type": "dotenv", "env_file_path": env_file_path}],
    )
    exe = Path(sys.executable).parent / "utcp-lint"
    # the guard: a hang fails the test (TimeoutExpired) instead of hanging the suite
    return subprocess.run(
        [str(exe), "--format", "text", "--no-config", "utcp_config.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.PIPE,  # /dev/stdin: a pipe nobody ever writes to or closes
    )


def test_fifo_dotenv_does_not_hang_a_plain_lint(tmp_path):
    os.mkfifo(tmp_path / "vars.env")
    r = _lint_with_dotenv(tmp_path, "vars.env")
    assert "Traceback" not in r.stderr
    assert r.returncode == 2
    lines = [ln for ln in (r.stdout + r.stderr).splitlines() if "vars.env" in ln]
    assert len(lines) == 1 and "not a regular file" in lines[0] and "utcp_config.json:" in lines[0]
    assert "m.json" in r.stdout  # the rest was still linted


def test_dev_stdin_dotenv_does_not_hang(tmp_path):
    r = _lint_with_dotenv(tmp_path, "/dev/stdin")
    assert r.returncode == 2 and "'/dev/stdin' is a symbolic link" in r.stdout + r.stderr


def test_device_symlink_and_huge_dotenv_are_refused(tmp_path):
    r = _lint_with_dotenv(tmp_path, "/dev/zero")
    assert r.returncode == 2 and "not a regular file" in r.stdout + r.stderr
    (tmp_path / "real.env").write_text("A=1\n")
    (tmp_path / "link.env").symlink_to(tmp_path / "real.env")
    r = _lint_with_dotenv(tmp_path, "link.env")
    assert r.returncode == 2 and "is a symbolic link" in r.stdout + r.stderr
    with open(tmp_path / "big.env", "wb") as f:
        f.truncate(2 << 20)
    r = _lint_with_dotenv(tmp_path, "big.env")
    assert r.returncode == 2 and "larger than 1048576 bytes" in r.stdout + r.stderr


def test_regular_dotenv_still_read(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "p.json").write_text(json.dumps(POISONED))
    (tmp_path / "vars.env").write_text("# comment\nexport m_DIR='sub'\n")
    write_config(
        tmp_path,
        [{"name": "m", "call_template_type": "file", "file_path": "$DIR/p.json"}],
        load_variables_from=[{"variable_loader_type": "dotenv", "env_file_path": "vars.env"}],
    )
    r = check(tmp_path, "--select", "UL620", "utcp_config.json", fmt="text")
    assert r.returncode == 1 and "sub/p.json" in r.stdout


def test_slow_name_resolution_is_under_the_same_deadline(monkeypatch):
    """A resolver that hangs (a hostile or dead DNS server) is abandoned at the deadline."""

    def slow_resolver(*a, **k):
        time.sleep(5)
        raise OSError("never answers in time")

    monkeypatch.setattr(socket, "getaddrinfo", slow_resolver)
    t0 = time.monotonic()
    with pytest.raises(FetchError, match="timed out after 0.5 s"):
        fetch("https://manuals.example/utcp.json", timeout=0.5)
    assert time.monotonic() - t0 < 2.5


def test_tls_handshake_that_trickles_is_under_the_same_deadline():
    """An https:// server that answers the ClientHello with a TLS record header announcing
    16 KiB and then sends them one byte at a time."""
    t = Trickler(interval=0.2, data=b"\x16\x03\x03\x40\x00" + b"\x02" * 16384)
    try:
        t0 = time.monotonic()
        with pytest.raises(FetchError, match="timed out after 1 s"):
            fetch(f"https://localhost:{t.port}/utcp", timeout=1.0)
        took = time.monotonic() - t0
    finally:
        t.close()
    assert took < 3.0, took
