"""Issue 23: ``git format-patch -o DIR`` writes the patch files into DIR (program table
``PATH_WRITES["git format-patch"]``, git-format-patch(1)); a value after ``patches/``
with ``../`` writes them elsewhere.  Proven through the real runtime (utcp-cli 1.1.5)
with the installed git, and reported (UL170 / UL104)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import lint_json
from realcli import call

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is missing")

P = "UTCP_ARG_v_UTCP_END"


def _repo(tmp_path):
    repo = tmp_path / "work" / "repo"
    repo.mkdir(parents=True)
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x"}
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "a.txt").write_text("a\n")
    subprocess.run(["git", "-C", str(repo), "add", "a.txt"], check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-qm", "one"], check=True, env={**env, "PATH": "/usr/bin:/bin"})
    return tmp_path / "work"


def _rules(tmp_path, command) -> list:
    m = tmp_path / "m.json"
    tool = {
        "name": "t",
        "description": "Export the last commit as a patch.",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": command}]},
    }
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    _code, out = lint_json("--select", "UL104,UL170", m)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize(
    "command, rule",
    [
        (f'git -C repo format-patch -1 -o "patches/{P}" HEAD', "UL170"),
        (f"git -C repo format-patch --output-directory {P} -1", "UL104"),
    ],
)
def test_format_patch_output_directory_escapes_and_is_reported(tmp_path, command, rule):
    work = _repo(tmp_path)
    out = call({"commands": [command]}, {"v": "../../escaped"}, work)
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.patch"))
    assert written and all("patches" not in w for w in written), (written, out)
    assert (rule, "warning") in _rules(tmp_path, command)


def test_fixed_output_directory_is_not_reported(tmp_path):
    command = f'git -C repo format-patch -1 -o patches/ "{P}"'
    assert _rules(tmp_path, command) == []
