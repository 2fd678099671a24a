"""Operands and option arguments that are a small language of their own (issue 23, session 36
item 1): a socat address (``TYPE:params,option,…`` and the dual address ``A!!B``), qemu's
``-netdev``/``-drive`` property lists, ``mount -o`` and ffmpeg filtergraphs.  The facts live in
``linter/data/option_grammar_docs.json`` (``values``: ``item``, ``whole``, ``runs``); the
code-running ones are proven here with the real socat through the real UtcpClient."""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

UL166 = FIXTURES / "rules" / "UL166"
needs_socat = pytest.mark.skipif(shutil.which("socat") is None, reason="socat is missing")


def _tools(path) -> dict:
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


def test_address_lists_are_reported_at_their_severity():
    _code, out = lint_json("--select", "UL166", UL166 / "bad_address_lists.json")
    got = sorted((f["tool"], f["severity"]) for f in out["findings"])
    assert got == [
        ("ffmpeg_scale_video", "warning"),
        ("mount_usb_owner", "warning"),
        ("nmap_tls_cert", "warning"),
        ("qemu_boot_disk", "warning"),
        ("qemu_forward_ssh", "error"),
        ("qemu_img_create", "warning"),
        ("socat_connect_host", "error"),
        ("socat_listen_port", "error"),
        ("socat_whole_address", "error"),
        ("sshfs_mount_share", "error"),
    ]
    msgs = {f["tool"]: f["message"] for f in out["findings"]}
    assert "'!!SYSTEM:CMD' there runs a command" in msgs["socat_listen_port"]
    assert "chooses the item itself: 'SYSTEM:CMD' runs a command" in msgs["socat_whole_address"]
    assert "splits on ',' or ';'" in msgs["ffmpeg_scale_video"]


def test_guarded_values_and_inert_places_are_quiet():
    _code, out = lint_json("--select", "UL166,UL151,UL150", UL166 / "good_address_lists.json")
    assert out["findings"] == []


@needs_socat
def test_socat_address_chosen_by_the_value_runs_a_command(tmp_path):
    """``socat -T 5 - VALUE``: the value is the whole address, ``SYSTEM:CMD`` runs CMD."""
    bad = _tools(UL166 / "bad_address_lists.json")
    call(bad["socat_whole_address"]["tool_call_template"], {"target": "SYSTEM:touch CANARY"}, tmp_path)
    assert (tmp_path / "CANARY").exists()


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _listen_and_connect(template: dict, value: str, port: int, cwd) -> object:
    res: dict = {}
    th = threading.Thread(target=lambda: res.setdefault("out", call(template, {"port": value}, cwd)), daemon=True)
    th.start()
    for _ in range(100):
        if not th.is_alive():
            break
        try:
            c = socket.create_connection(("127.0.0.1", port), timeout=1)
        except OSError:
            time.sleep(0.1)
            continue
        c.sendall(b"x\n")
        time.sleep(0.3)
        c.close()
        break
    th.join(30)
    assert not th.is_alive()
    return res.get("out")


@needs_socat
def test_socat_listen_port_value_adds_a_second_address_that_runs(tmp_path):
    """``socat TCP-LISTEN:VALUE,fork,reuseaddr TCP:…``: after ``!!`` the value starts a
    second address; the trailing backslash escapes the template's ``,`` so its options
    become part of the command, and the first connection runs it (socat 1.7.4.4)."""
    bad = _tools(UL166 / "bad_address_lists.json")
    port = _free_port()
    _listen_and_connect(
        bad["socat_listen_port"]["tool_call_template"], f"{port}!!SYSTEM:touch CANARY\\", port, tmp_path
    )
    assert any(p.name.startswith("CANARY") for p in tmp_path.iterdir()), sorted(tmp_path.iterdir())


@needs_socat
def test_socat_checked_port_refuses_the_payload(tmp_path):
    good = _tools(UL166 / "good_address_lists.json")
    for name in ("socat_listen_port_checked", "socat_listen_port_regex"):
        port = _free_port()
        call(good[name]["tool_call_template"], {"port": f"{port}!!SYSTEM:touch CANARY\\"}, tmp_path)
        assert not any(p.name.startswith("CANARY") for p in tmp_path.iterdir())
