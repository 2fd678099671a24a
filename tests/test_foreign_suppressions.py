"""--ignore-foreign-suppressions: bandit's and ruff's comments hide nothing (an audit).

A team auditing code it did not write (a dependency, a plugin under review) cannot
trust the ``# nosec`` / ``# noqa: S602`` its authors added: bandit has
``--ignore-nosec`` and ruff ``--ignore-noqa`` for that.  utcp-lint's own comments
(``# utcp-lint: ignore[UL401] reason``, ``# noqa: UL401``) stay honoured: they name
this tool's checks and were written for it.  End to end through the CLI, the
configuration key, ``--show-settings`` and the result cache (a warm run must not
answer with the other setting's findings).
"""

import json

from conftest import run_cli

SOURCE = """\
import subprocess


def deploy(target):
    return subprocess.run(f"rsync -a build/ {target}", shell=True)  # nosec


def restart(service):
    return subprocess.run("systemctl restart " + service, shell=True)  # noqa: S602


def archive(path):
    return subprocess.run(f"tar czf out.tgz {path}", shell=True)  # nosec B602


def cleanup(path):
    return subprocess.run(f"rm -rf {path}", shell=True)  # utcp-lint: ignore[UL401] reviewed: path is a temp dir


def purge(path):
    return subprocess.run(f"rm -rf {path}/cache", shell=True)  # noqa: UL401
"""


def _lint(tmp_path, *args):
    r = run_cli("--format", "json", "--select", "UL4,UL9", *args, ".", cwd=tmp_path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, sorted((f["rule"], f["line"]) for f in json.loads(r.stdout)["findings"])


def test_default_honours_bandit_and_ruff_comments(tmp_path):
    (tmp_path / "tool.py").write_text(SOURCE)
    rc, found = _lint(tmp_path, "--no-config", "--no-cache")
    # the bare '# nosec' is kept visible by UL901 (a note): nothing else is reported
    assert found == [("UL901", 5)]
    assert rc == 0


def test_flag_reports_what_foreign_comments_hide(tmp_path):
    (tmp_path / "tool.py").write_text(SOURCE)
    rc, found = _lint(tmp_path, "--no-config", "--no-cache", "--ignore-foreign-suppressions")
    # nosec, noqa: S602 and nosec B602 hide nothing; utcp-lint's own two comments still hide
    assert found == [("UL401", 5), ("UL401", 9), ("UL401", 13)]
    assert rc == 1


def test_config_key_and_show_settings(tmp_path):
    (tmp_path / "tool.py").write_text(SOURCE)
    (tmp_path / "pyproject.toml").write_text("[tool.utcp-lint]\nignore-foreign-suppressions = true\n")
    rc, found = _lint(tmp_path, "--no-cache")
    assert found == [("UL401", 5), ("UL401", 9), ("UL401", 13)]
    assert rc == 1
    r = run_cli("--show-settings", ".", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert any(line.split() == ["ignore-foreign-suppressions", "=", "true"] for line in r.stdout.splitlines()), r.stdout


def test_config_key_must_be_a_bool(tmp_path):
    (tmp_path / "tool.py").write_text(SOURCE)
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nignore-foreign-suppressions = "yes"\n')
    r = run_cli("--no-cache", ".", cwd=tmp_path)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "ignore-foreign-suppressions must be true or false" in r.stderr


def test_cache_keeps_the_settings_apart(tmp_path):
    (tmp_path / "tool.py").write_text(SOURCE)
    cache = tmp_path.parent / (tmp_path.name + "-cache")
    args = ("--no-config", "--cache-dir", str(cache))
    first = _lint(tmp_path, *args)
    audit = _lint(tmp_path, *args, "--ignore-foreign-suppressions")
    # warm runs: each setting reads its own entry
    assert _lint(tmp_path, *args) == first == (0, [("UL901", 5)])
    assert _lint(tmp_path, *args, "--ignore-foreign-suppressions") == audit
    assert audit[0] == 1 and ("UL401", 9) in audit[1]


def test_click_path_takes_the_flag(tmp_path):
    # 'check' spelled out goes through click, not the fast path (linter/cli/fast.py)
    (tmp_path / "tool.py").write_text(SOURCE)
    r = run_cli(
        "check", "--format", "json", "--no-config", "--no-cache", "--ignore-foreign-suppressions", ".", cwd=tmp_path
    )
    assert r.returncode == 1, r.stderr
    assert {(f["rule"], f["line"]) for f in json.loads(r.stdout)["findings"] if f["rule"] == "UL401"} == {
        ("UL401", 5),
        ("UL401", 9),
        ("UL401", 13),
    }
