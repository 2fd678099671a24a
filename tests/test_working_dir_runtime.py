"""Issue 23 (the runtime catalogue, docs/runtime_failures.md): the ``working_dir``
failures of UL041-UL043 proven through the REAL runtime (utcp-cli 1.1.5
``CliCommunicationProtocol.call_tool``), every tool of every bad and good fixture.

The fixtures write their directories under ``/tmp/utcp-lint-fixture`` (and
``/srv/checkout``); each test rewrites that prefix to its own ``tmp_path`` and runs the
template as written otherwise: every bad tool fails on a benign input, every good tool
does its work.  The linter's verdict on the same fixtures is asserted too (the rule
fires on each bad tool and stays quiet on each good one).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import tarfile
from pathlib import Path

import pytest
import utcp_cli  # noqa: F401  (registers the cli call template / protocol)
from conftest import FIXTURES
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

from utcp_lint.ruleset.rule import all_rules
from utcp_lint.run.linter import Linter

PREFIXES = ("/tmp/utcp-lint-fixture", "/srv/checkout")
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _tools(rel: str, root: Path) -> dict:
    """The fixture's tools by name, its directory prefixes rewritten to ``root``."""
    text = (FIXTURES / "rules" / rel).read_text()
    for p in PREFIXES:
        text = text.replace(p, str(root))
    return {t["name"]: t for t in json.loads(text)["tools"]}


def _call(tool: dict, args: dict, env: dict | None = None):
    tpl = dict(tool["tool_call_template"])
    tpl["env_vars"] = {**GIT_ENV, "HOME": str(Path(tpl.get("working_dir") or "/").anchor), **(env or {})}
    ct = CliCallTemplate.model_validate(tpl)
    return asyncio.run(CliCommunicationProtocol().call_tool(None, tool["name"], args, ct))


def _git_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **GIT_ENV}
    subprocess.run(["git", "init", "-q", str(path)], check=True, env=env)
    (path / "README").write_text("hello\n")
    subprocess.run(["git", "-C", str(path), "add", "README"], check=True, env=env)
    subprocess.run(["git", "-C", str(path), "commit", "-q", "-m", "first commit"], check=True, env=env)
    return path


def _archive(tmp: Path) -> Path:
    src = tmp / "payload.txt"
    src.write_text("hello\n")
    out = tmp / "release.tar.gz"
    with tarfile.open(out, "w:gz") as tf:
        tf.add(src, arcname="hello.txt")
    return out


def _fired(rule: str, rel: str) -> set:
    result = Linter([all_rules()[rule]], use_cache=False).lint_paths([str(FIXTURES / "rules" / rel)])
    return {f.tool for f in result.findings if f.rule == rule}


# ---- UL041: the directory cannot exist when the call starts ------------------------


def test_ul041_bad_every_call_fails(tmp_path: Path) -> None:
    root = tmp_path / "w"
    root.mkdir()
    tools = _tools("UL041/bad_working_dir_never_exists.json", root)
    arc = _archive(tmp_path)
    with pytest.raises(FileNotFoundError):
        _call(tools["unpack_release"], {"archive": str(arc)})
    assert not (root / "unpack").exists()  # the step's mkdir never ran
    origin = _git_repo(tmp_path / "origin")
    with pytest.raises(FileNotFoundError):
        _call(tools["clone_and_log"], {"url": str(origin)})
    assert not (root / "checkout").exists()
    with pytest.raises(FileNotFoundError):
        _call(tools["fetch_json"], {"url": "file:///dev/null"})
    assert _fired("UL041", "UL041/bad_working_dir_never_exists.json") == set(tools)


def test_ul041_good_works(tmp_path: Path) -> None:
    root = tmp_path / "w"
    (root / "app" / "logs").mkdir(parents=True)
    (root / "app" / "logs" / "a.log").write_text("x\n")
    tools = _tools("UL041/good_working_dir_created_then_entered.json", root)
    out = _call(tools["unpack_release"], {"archive": str(_archive(tmp_path))})
    assert "hello.txt" in out and (root / "unpack" / "hello.txt").read_text() == "hello\n"
    assert _call(tools["logs_subdir"], {"pattern": "*.log"}).endswith("a.log")
    assert _call(tools["label_json"], {"name": "web 1"}) == '"web 1"'  # jq -R: a JSON string
    assert _fired("UL041", "UL041/good_working_dir_created_then_entered.json") == set()


# ---- UL042: relative working_dir, resolved against the client's directory ----------


def test_ul042_bad_depends_on_client_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tools = _tools("UL042/bad_working_dir_relative.json", tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    with pytest.raises(FileNotFoundError):
        _call(tools["repo_log"], {"path": "README"})
    with pytest.raises(FileNotFoundError):
        _call(tools["count_rows"], {"file": "rows.csv"})
    # the same templates work only when the client happens to run beside the directories
    home = tmp_path / "home"
    _git_repo(home / "repo")
    (home / "data" / "exports").mkdir(parents=True)
    (home / "data" / "exports" / "rows.csv").write_text("a\nb\nc\n")
    monkeypatch.chdir(home)
    assert "first commit" in _call(tools["repo_log"], {"path": "README"})
    assert _call(tools["count_rows"], {"file": "rows.csv"}) == "3"
    assert _fired("UL042", "UL042/bad_working_dir_relative.json") == set(tools)


def test_ul042_good_works_from_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _git_repo(tmp_path / "repo")
    tools = _tools("UL042/good_working_dir_absolute.json", tmp_path)
    (tmp_path / "client").mkdir()
    (tmp_path / "client" / "pkg.json").write_text('{"name": "demo"}')
    monkeypatch.chdir(tmp_path / "client")
    assert "first commit" in _call(tools["repo_log"], {"path": "README"})
    assert _call(tools["read_name"], {"file": "pkg.json"}) == "demo"
    assert _call(tools["node_version"], {}).startswith("v")
    assert _fired("UL042", "UL042/good_working_dir_absolute.json") == set()


# ---- UL043: a step cds into its own working_dir by a relative name -----------------


def test_ul043_bad_cd_fails_every_call(tmp_path: Path) -> None:
    root = tmp_path / "w"
    _git_repo(root / "ws" / "repo")
    (root / "ws" / "charts" / "web").mkdir(parents=True)
    (root / "ws" / "app").mkdir(parents=True)
    tools = _tools("UL043/bad_cd_into_working_dir.json", root)
    out = _call(tools["tag_release"], {"tag": "v1.0.0"})
    assert "cd: repo: No such file or directory" in out and "tagged" not in out
    tags = subprocess.run(["git", "-C", str(root / "ws" / "repo"), "tag"], capture_output=True, text=True, check=True)
    assert tags.stdout == ""
    assert "cd: charts/web: No such file or directory" in _call(tools["chart_lint"], {"tag": "1.2"})
    assert "pushd: app/: No such file or directory" in _call(tools["run_tests"], {"expr": "smoke"})
    assert _fired("UL043", "UL043/bad_cd_into_working_dir.json") == set(tools)


def test_ul043_good_works(tmp_path: Path) -> None:
    root = tmp_path / "w"
    repo = _git_repo(root / "ws" / "repo")
    tools = _tools("UL043/good_cd_below_working_dir.json", root)
    assert _call(tools["tag_release"], {"tag": "v1.0.0"}) == "tagged"
    assert "first commit" in _call(tools["sub_log"], {"path": "README"})
    assert _call(tools["absolute_cd"], {}) == ""  # clean tree, no error
    assert _call(tools["guarded_cd"], {}) == ""
    origin = _git_repo(tmp_path / "origin")
    assert "first commit" in _call(tools["clone_then_enter"], {"url": str(origin)})
    assert (repo / "repo" / "README").exists()
    web = root / "ws" / "web" / "packages" / "web"
    web.mkdir(parents=True)
    (web / "package.json").write_text(
        json.dumps({"name": "web", "version": "1.0.0", "scripts": {"hi": "echo hi-from-npm"}})
    )
    assert "hi-from-npm" in _call(tools["npm_sub"], {"script": "hi"}, env={"HOME": str(tmp_path)})
    assert _fired("UL043", "UL043/good_cd_below_working_dir.json") == set()
