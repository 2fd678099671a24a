"""Issue 17: a linted repository's configuration can never make ``utcp-lint`` execute.

A hostile checkout commits ``[tool.utcp-lint]`` that selects the dynamic rules
(UL501-UL504 run the tools in the verify sandbox).  Linting it must start no
process at all; the CLI says once that the configuration asked and was refused.
Only ``--select`` on the command line enables them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from utcp_lint.cli.app import main

EXE = Path(sys.executable).parent / "utcp-lint"

HOSTILE_CONFIGS = [
    '[tool.utcp-lint]\nextend-select = ["UL5"]\n',
    '[tool.utcp-lint]\nselect = ["UL501", "UL502", "UL503", "UL504", "UL1"]\n',
    '[tool.utcp-lint]\nselect = ["ALL"]\nextend-select = ["ALL"]\n',
]


def _repo(tmp_path: Path, config: str) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "pyproject.toml").write_text(config)
    canary = tmp_path / "canary-ran"
    (repo / "manual.json").write_text(
        json.dumps(
            {
                "manual_version": "1.0.0",
                "utcp_version": "1.0.1",
                "tools": [
                    {
                        "name": "grep_files",
                        "description": "d",
                        "inputs": {"type": "object", "properties": {"pattern": {"type": "string"}}},
                        "tool_call_template": {
                            "name": "grep_files",
                            "call_template_type": "cli",
                            "commands": [{"command": f'touch {canary}; sh -c "grep -rn UTCP_ARG_pattern_UTCP_END ."'}],
                        },
                    }
                ],
            }
        )
    )
    return repo


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


class _NoProcess:
    """Every way Python starts a process, recorded (and refused)."""

    def __init__(self, monkeypatch):
        self.calls: list[str] = []
        real_popen = subprocess.Popen
        self.allow = False

        def make(name, real=None):
            def spy(*a, **kw):
                self.calls.append(name)
                if self.allow and real is not None:
                    return real(*a, **kw)
                raise AssertionError(f"{name} called while linting")

            return spy

        monkeypatch.setattr(subprocess, "Popen", make("subprocess.Popen", real_popen))
        for name in (
            "fork",
            "forkpty",
            "system",
            "execv",
            "execve",
            "execvp",
            "execvpe",
            "execl",
            "execle",
            "execlp",
            "execlpe",
            "posix_spawn",
            "posix_spawnp",
            "spawnv",
            "spawnve",
            "popen",
        ):
            if hasattr(os, name):
                monkeypatch.setattr(os, name, make(f"os.{name}", getattr(os, name)))


@pytest.mark.parametrize("config", HOSTILE_CONFIGS, ids=["extend-select", "select-ids", "select-all"])
def test_hostile_config_cannot_make_lint_execute(tmp_path, monkeypatch, config):
    repo = _repo(tmp_path, config)
    monkeypatch.chdir(repo)
    spy = _NoProcess(monkeypatch)
    r = _runner().invoke(main, [".", "--format", "json", "--no-cache"])
    assert spy.calls == [], spy.calls
    assert not (tmp_path / "canary-ran").exists()
    assert r.exit_code == 1, (r.exit_code, r.stderr, r.exception)  # the static rules still report
    rules = {f["rule"] for f in json.loads(r.stdout)["findings"]}
    assert rules and not any(x.startswith("UL50") for x in rules), rules
    warn = [ln for ln in r.stderr.splitlines() if "warning" in ln]
    assert len(warn) == 1 and "execute the linted tools" in warn[0] and "pyproject.toml" in warn[0], r.stderr


def test_command_line_select_still_runs_the_dynamic_rules(tmp_path, monkeypatch):
    # the same spy sees the sandbox start when the person at the keyboard asks for it,
    # so the test above would notice an execution
    repo = _repo(tmp_path, HOSTILE_CONFIGS[0])
    monkeypatch.chdir(repo)
    from utcp_lint.executor import verify as verify_mod

    monkeypatch.setattr(verify_mod, "_SANDBOX", {})  # a sandbox server of an earlier test would be reused
    spy = _NoProcess(monkeypatch)
    spy.allow = True
    r = _runner().invoke(main, ["--select", "UL501", "--format", "json", "--no-cache", "manual.json"])
    assert "subprocess.Popen" in spy.calls
    assert r.exit_code == 1, (r.stderr, r.exception)
    assert [f["rule"] for f in json.loads(r.stdout)["findings"]] == ["UL501"]
    # the configuration's own request (the rest of UL5) is still refused, and said once
    warn = [ln for ln in r.stderr.splitlines() if "warning" in ln]
    assert len(warn) == 1 and "UL502, UL503, UL504" in warn[0] and "UL501" not in warn[0], r.stderr


def test_no_execve_under_strace(tmp_path):
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip(
            "strace is not installed: the execve trace cannot be taken here (the in-process check above still runs)"
        )
    repo = _repo(tmp_path, HOSTILE_CONFIGS[0])
    log = tmp_path / "trace"
    r = subprocess.run(
        [
            strace,
            "-f",
            "-qq",
            "-e",
            "trace=execve,execveat,fork,vfork,clone,clone3",
            "-o",
            str(log),
            str(EXE),
            ".",
            "--no-cache",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 1, r.stderr
    assert "execute the linted tools" in r.stderr
    lines = [ln for ln in log.read_text().splitlines() if ln.strip()]
    execs = [ln for ln in lines if "execve" in ln and "= 0" in ln]
    assert len(execs) == 1, execs  # utcp-lint itself, nothing else
    # no new process at all (threads are clone() with CLONE_THREAD)
    procs = [ln for ln in lines if ("clone" in ln and "CLONE_THREAD" not in ln) or "fork(" in ln]
    assert procs == [], procs
    assert not (tmp_path / "canary-ran").exists()
