"""The pre-commit hook, run for real with `pre-commit try-repo`.

try-repo clones the hook repository at a commit and pip-installs it into its
own virtualenv (PyPI is reachable for the build dependencies), so this test
snapshots the current working tree -- committed or not -- into a temporary git
repository and points try-repo at that commit.  PRE_COMMIT_HOME is a temporary
directory shared by the checks of this module, so the hook environment is
built once."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}

VULN = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.2",
    "tools": [
        {
            "name": "show_file",
            "description": "Print a file",
            "inputs": {
                "type": "object",
                "properties": {"path": {"type": "string", "description": "File"}},
                "required": ["path"],
            },
            "outputs": {"type": "string"},
            "tool_call_template": {
                "name": "show_file",
                "call_template_type": "cli",
                "commands": [{"command": "cat -- UTCP_ARG_file_UTCP_END"}],
            },
        }
    ],
}

CLEAN = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.2",
    "tools": [
        {
            "name": "count_lines",
            "description": "Count the lines of a file in the workspace",
            "inputs": {
                "type": "object",
                "properties": {"path": {"type": "string", "description": "File to count"}},
                "required": ["path"],
            },
            "outputs": {"type": "string"},
            "tool_call_template": {
                "name": "count_lines",
                "call_template_type": "cli",
                "commands": [
                    {
                        "command": "wc -l -- UTCP_ARG_path_UTCP_END",
                        "subprocess": {
                            "binary": "wc",
                            "user_controlled_args": ["path"],
                            "hardcoded_args": ["-l", "--"],
                        },
                    }
                ],
            },
        }
    ],
}


def git(*args, cwd):
    env = dict(os.environ, **GIT_ENV)
    r = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_manifest():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "utcp-lint"
    assert hook["language"] == "python"
    assert hook["entry"].split()[0] == "utcp-lint"
    assert "--skip-non-utcp" in hook["entry"].split()
    assert hook["require_serial"] is True
    assert set(hook["types_or"]) == {"json", "python"}
    from pre_commit.clientlib import load_manifest

    assert load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))[0]["id"] == "utcp-lint"


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory):
    """The working tree (tracked + untracked, not ignored) committed to a temp repo."""
    src = tmp_path_factory.mktemp("hook-repo")
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\0")
    for rel in filter(None, files):
        p = ROOT / rel
        if p.is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, src / rel)
    assert (src / ".pre-commit-hooks.yaml").exists() and (src / "pyproject.toml").exists()
    git("init", "-q", cwd=src)
    git("add", "-A", cwd=src)
    git("commit", "-q", "-m", "snapshot", cwd=src)
    return src, git("rev-parse", "HEAD", cwd=src).strip()


@pytest.fixture(scope="module")
def pc_home(tmp_path_factory):
    return tmp_path_factory.mktemp("pre-commit-home")


def try_repo(hook_repo, pc_home, work, *files):
    src, ref = hook_repo
    env = dict(os.environ, PRE_COMMIT_HOME=str(pc_home), PRE_COMMIT_COLOR="never", **GIT_ENV)
    env.pop("UTCP_LINT_DEBUG", None)
    r = subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(src), "utcp-lint", "--ref", ref, "--files", *files],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    return r


@pytest.fixture
def work(tmp_path):
    git("init", "-q", cwd=tmp_path)
    (tmp_path / "manuals").mkdir()
    (tmp_path / "manuals" / "vuln.json").write_text(json.dumps(VULN, indent=2), encoding="utf-8")
    (tmp_path / "manuals" / "clean.json").write_text(json.dumps(CLEAN, indent=2), encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "demo", "version": "1.0.0"}\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("# demo\n", encoding="utf-8")
    git("add", "-A", cwd=tmp_path)
    return tmp_path


def test_fixture_manuals_are_what_they_claim(work):
    """Diagnoses a changed rule set before the slow hook test: the clean manual
    must pass every default rule, the vulnerable one must fail."""
    from conftest import run_cli

    r = run_cli("--no-config", "manuals/clean.json", cwd=work)
    assert r.returncode == 0, "CLEAN is no longer clean under the current rules:\n" + r.stdout
    r = run_cli("--no-config", "manuals/vuln.json", cwd=work)
    assert r.returncode == 1 and "UL031" in r.stdout, r.stdout


def test_precommit_try_repo_fails_on_vulnerable_and_passes_clean(hook_repo, pc_home, work):
    bad = try_repo(hook_repo, pc_home, work, "manuals/vuln.json", "package.json", "README.md")
    out = bad.stdout + bad.stderr
    assert bad.returncode == 1, out
    assert "utcp-lint" in out and "Failed" in out
    assert "manuals/vuln.json:" in out and "UL031" in out
    assert "package.json" not in out.split("Failed", 1)[1]  # not an error, just skipped

    good = try_repo(hook_repo, pc_home, work, "manuals/clean.json", "package.json", "README.md")
    out = good.stdout + good.stderr
    assert good.returncode == 0, out
    assert "Passed" in out


def test_hook_entry_skips_non_utcp_json_whatever_its_syntax(tmp_path):
    """Issue 12: the hook's own entry, with the files pre-commit would pass: commented
    JSON (tsconfig.json, .vscode/settings.json), JSON5-ish and empty files that are not
    UTCP documents are skipped; a malformed file that is meant to be UTCP (content
    sniffing: UTCP-only keys or the placeholder marker) still fails."""
    from conftest import run_cli

    hook = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))[0]
    entry = hook["entry"].split()[1:]  # after "utcp-lint"
    (tmp_path / ".vscode").mkdir()
    (tmp_path / "tsconfig.json").write_text('{\n  // compiler\n  "compilerOptions": {"strict": true,},\n}\n')
    (tmp_path / ".vscode" / "settings.json").write_text('{"editor.tabSize": 2, /* c */ }\n')
    (tmp_path / "data.json5").write_text("{unquoted: 'single', trailing: [1, 2,],}\n")
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "clean.json").write_text(json.dumps(CLEAN, indent=2))
    non_utcp = ["tsconfig.json", ".vscode/settings.json", "data.json5", "empty.json"]
    r = run_cli(*entry, "--no-config", *non_utcp, "clean.json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    # a broken UTCP manual (trailing comma, comments) is still an error naming it
    (tmp_path / "broken.json").write_text('{\n  // my tools\n  "utcp_version": "1.0.1",\n  "tools": [],\n}\n')
    r = run_cli(*entry, "--no-config", *non_utcp, "broken.json", cwd=tmp_path)
    assert r.returncode == 2 and "broken.json:2:3: invalid JSON" in r.stderr, r.stderr
    (tmp_path / "broken.json").write_text('[{"name": "t", "command": "cat UTCP_ARG_f_UTCP_END",}]')
    r = run_cli(*entry, "--no-config", "broken.json", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    # walking a directory applies the same rule
    r = run_cli("--no-config", ".", cwd=tmp_path)
    assert r.returncode == 2 and "broken.json" in r.stderr and "tsconfig" not in r.stderr.split("note:")[0]
    (tmp_path / "broken.json").unlink()
    r = run_cli("--no-config", ".", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    # named without --skip-non-utcp, a file is always linted: its syntax error is reported
    r = run_cli("--no-config", "tsconfig.json", cwd=tmp_path)
    assert r.returncode == 2
