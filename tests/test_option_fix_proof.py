"""UL150's ``--`` fixes proven by running them (issue 23 item 4).

``fixtures/rules/UL150/bad_fix_proof.json`` holds realistic shapes (tar with dashed and
old-style keys, ar, grep, sort, head, cp, rm, wc).  The CLI's ``--fix`` rewrites a copy;
then every tool is rendered before and after the fix exactly as utcp-cli renders it and
run by real bash in two identical directories with a benign value: exit status, output
and the files left behind must be the same (a fix that changes what the tool does is not
a fix).  Where an option payload can prove the injection (a file ``CANARY`` the program
creates), it does before the fix and does not after."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES, run_cli

from utcp_lint.executor.render import compose_env, render

BASH = "/bin/bash"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
SRC = FIXTURES / "rules" / "UL150" / "bad_fix_proof.json"
BENIGN = {
    "member": "src/a.txt",
    "path": "src",
    "obj": "a.o",
    "pattern": "hello",
    "file": "src/a.txt",
    "src": "src/a.txt",
}
PAYLOADS = {
    "tar_extract_member": "--to-command=touch CANARY",
    "tar_oldstyle_extract": "--to-command=touch CANARY",
    "sort_file": "--output=CANARY",
    "openssl_digest": "-out=CANARY",  # openssl: one dash, `-name=value` (OpenSSL 3)
    "openssl_base64": "-out=CANARY",
}


def _prepare(d: Path) -> None:
    (d / "src").mkdir(parents=True)
    (d / "src" / "a.txt").write_text("hello\nworld\nzz\n")
    (d / "backup").mkdir()
    (d / "a.o").write_text("obj\n")
    subprocess.run(["tar", "czf", "archive.tgz", "src"], cwd=d, check=True)
    (d / "src" / "a.txt").write_text("changed\n")  # extraction restores it


def _size(p: Path) -> object:
    if p.suffix == ".tgz":  # the compressed size follows the members' mtimes: compare the members
        return subprocess.run(["tar", "tzf", p], capture_output=True, text=True).stdout
    return p.stat().st_size if p.is_file() else -1


def _state(d: Path) -> list:
    return sorted((str(p.relative_to(d)), _size(p)) for p in d.rglob("*") if p.name != "archive.tgz")


def _run(command: str, names: list, value: str, d: Path):
    r = render([{"command": command}], {n: value for n in names})
    env = {**compose_env(None, None, os.environ), **r.env, "PATH": SYSTEM_PATH}
    p = subprocess.run(
        [BASH, "-c", r.script], cwd=d, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=30
    )
    return p.returncode, p.stdout, _state(d)


@pytest.fixture(scope="module")
def fixed(tmp_path_factory) -> dict:
    """tool name -> (command before, command after, input names)."""
    tmp = tmp_path_factory.mktemp("fix")
    copy = tmp / SRC.name
    shutil.copy(SRC, copy)
    r = run_cli("--no-config", "--no-cache", "--select", "UL150", "--fix", copy)
    assert "Traceback" not in r.stderr, r.stderr
    before = json.loads(SRC.read_text())["tools"]
    after = {t["name"]: t for t in json.loads(copy.read_text())["tools"]}
    out = {}
    for t in before:
        names = list(t["inputs"]["properties"])
        out[t["name"]] = (
            t["tool_call_template"]["commands"][0]["command"],
            after[t["name"]]["tool_call_template"]["commands"][0]["command"],
            names,
        )
    return out


def _tools() -> list:
    return [t["name"] for t in json.loads(SRC.read_text())["tools"]]


@pytest.mark.parametrize("tool", _tools())
def test_fix_is_offered_and_keeps_what_the_tool_does(fixed, tool, tmp_path):
    cmd_before, cmd_after, names = fixed[tool]
    assert cmd_after != cmd_before and " -- " in cmd_after
    assert not cmd_after.startswith(("tar -- ", "ar -- "))  # keys stay first
    value = BENIGN[names[0]]
    a, b = tmp_path / "before", tmp_path / "after"
    _prepare(a)
    _prepare(b)
    got_before = _run(cmd_before, names, value, a)
    got_after = _run(cmd_after, names, value, b)
    assert got_before[0] == 0, got_before  # the benign call works at all
    assert got_after == got_before


@pytest.mark.parametrize("tool", sorted(PAYLOADS))
def test_fix_stops_the_injected_option(fixed, tool, tmp_path):
    cmd_before, cmd_after, names = fixed[tool]
    a, b = tmp_path / "before", tmp_path / "after"
    _prepare(a)
    _prepare(b)
    _run(cmd_before, names, PAYLOADS[tool], a)
    _run(cmd_after, names, PAYLOADS[tool], b)
    assert (a / "CANARY").exists()  # the finding is real
    assert not (b / "CANARY").exists()  # and the fix ends it
