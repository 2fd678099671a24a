"""A plain ``utcp-lint [check] PATH... [OPTIONS]`` runs without importing click
(linter/cli/fast.py, issue 25: click's import was a quarter of a small tree's CPU).
The fast path must give check() exactly what click gives it, fall back to click for
every other command line, and write the same bytes with the same exit code."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from utcp_lint.cli import fast
from utcp_lint.cli.app import main

PLAIN = [
    ["x.py"],
    ["check", "x.py", "y"],
    ["x.py", "--no-config", "--no-cache", "--format", "json", "--select", "UL4"],
    ["--select=UL401,UL402", "--select", "UL403", "x.py", "--ignore", "UL404", "--extend-select=UL0"],
    ["x.py", "--output-format=sarif", "--format", "concise", "-q", "-s", "--exit-zero", "--statistics"],
    ["x.py", "--fail-on", "note", "--min-severity=warning", "--min-confidence", "high", "--no-color"],
    ["x.py", "--skip-non-utcp", "--fail-on-empty", "--show-fixes", "--cache-dir", "cachedir"],
    ["", "x.py"],
    ["x.py", "--jobs", "1", "--no-cache"],
    ["x.py", "-j", "0", "--jobs=02"],
]
CLICK_ONLY = [
    [],
    ["--help"],
    ["x.py", "--help"],
    ["-V"],
    ["rules"],
    ["lock", "x.py"],
    ["check"],
    ["-"],
    ["x.py", "-"],
    ["x.py", "--"],
    ["x.py", "-qs"],
    ["x.py", "--select"],
    ["x.py", "--format", "bogus"],
    ["x.py", "--color"],
    ["x.py", "--fix"],
    ["x.py", "--config", "pyproject.toml"],
    ["x.py", "--no-config=1"],
    ["x.py", "-j1"],
    ["x.py", "-j=1"],
    ["x.py", "--jobs", "-1"],
    ["x.py", "--jobs=+1"],
    ["x.py", "--jobs"],
    ["x.py", "--sel", "UL4"],
]


def _click_params(argv: list[str]) -> dict:
    """The keyword arguments click gives the check command for ``argv``."""
    args = argv[1:] if argv and argv[0] == "check" else argv
    ctx = main.commands["check"].make_context("check", list(args))
    return dict(ctx.params)


@pytest.mark.parametrize("argv", PLAIN, ids=lambda a: " ".join(a) or "empty")
def test_plain_lines_parse_as_click_parses_them(argv, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    got = fast.parse(argv)
    assert got is not None
    assert got == _click_params(argv)
    assert {k: type(v) for k, v in got.items()} == {k: type(v) for k, v in _click_params(argv).items()}


def test_defaults_are_click_defaults() -> None:
    """Every option of check: a new one click knows and the table does not fails here."""
    assert fast.DEFAULTS == {**_click_params(["x.py"]), "paths": ()}


@pytest.mark.parametrize("argv", CLICK_ONLY, ids=lambda a: " ".join(a) or "empty")
def test_other_lines_are_left_to_click(argv, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert fast.parse(argv) is None


def test_paths_and_cache_dir_click_would_refuse_are_left_to_click(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x = 1\n")
    assert fast.parse(["x.py", "--cache-dir", "afile"]) is None  # click: "is a file"
    assert fast.parse(["afile", "--cache-dir", "absent"]) is not None
    monkeypatch.setenv("_UTCP_LINT_COMPLETE", "bash_complete")
    assert fast.parse(["afile"]) is None  # shell completion: click's


def _run(argv: list[str], cwd, through_click: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["UTCP_LINT_NO_REPLAY"] = "1"
    env.pop("UTCP_LINT_DEBUG", None)
    if through_click:
        cmd = [
            sys.executable,
            "-c",
            "import sys; from utcp_lint.cli.app import main; sys.argv[0] = 'utcp-lint'; main()",
        ]
    else:
        cmd = [sys.executable, "-X", "importtime", "-m", "utcp_lint"]
    return subprocess.run(cmd + argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


END_TO_END = [
    ["--no-config", "--no-cache", "--format", "json", "--select", "UL4", "."],
    ["check", "--no-config", "--no-cache", "plugin.py", "missing.py"],
    ["--no-config", "--no-cache", "--select", "ZZZ9", "plugin.py"],  # a usage error, printed by click.echo
    ["--no-config", "--no-cache", "-q", "--format", "concise", "--fail-on", "error", "plugin.py"],
    ["--no-config", "--no-cache", "--format=sarif", "--exit-zero", "clean.py"],
    ["--no-config", "--no-cache", "--statistics", "plugin.py", "clean.py"],
    ["--no-config", "--no-cache", "--format", "json", "empty_dir"],
    ["--no-config", "--no-cache", "--format", "json", "--jobs", "1", "plugin.py", "clean.py"],
    ["--no-config", "--no-cache", "-j", "2", "plugin.py", "clean.py"],
]


@pytest.mark.parametrize("argv", END_TO_END, ids=lambda a: " ".join(a))
def test_same_output_and_exit_code_as_click_and_no_click_import(argv, tmp_path) -> None:
    (tmp_path / "plugin.py").write_text(
        "import subprocess, sys\nsubprocess.run(sys.argv[1], shell=True)\n", encoding="utf-8"
    )
    (tmp_path / "clean.py").write_text("print('hello')\n", encoding="utf-8")
    (tmp_path / "empty_dir").mkdir()
    quick = _run(argv, tmp_path, through_click=False)
    slow = _run(argv, tmp_path, through_click=True)
    assert (quick.returncode, quick.stdout) == (slow.returncode, slow.stdout)
    messages = [ln for ln in quick.stderr.splitlines() if not ln.startswith("import time:")]
    assert messages == slow.stderr.splitlines()
    imported = {ln.rsplit("|", 1)[-1].strip() for ln in quick.stderr.splitlines() if ln.startswith("import time:")}
    if "json" in argv:  # a streamed JSON report: click is imported only to print a message
        assert ("click" in imported) == bool(messages)
