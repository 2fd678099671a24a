"""A hostile checkout must not turn the linter against its user (issue 28).

Each test recreates an attack as the attacker commits it: symbolic links where
utcp-lint writes (cache tags, the action's SARIF file, the lock's temporary
file, the cache directory itself), a ``pyproject.toml`` that points writes
outside the checkout, ``--fix`` on a symbolic link, a hard link or another
user's file, and a configuration that silences every security rule.  The
canary outside the checkout must stay byte-identical; the refusal is one line,
exit 2 (or, for the cache, one warning line and a normal run).  Every write
goes through ``linter/core/safewrite.py``; a write killed before its rename leaves
the old file whole.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest
from conftest import FIXTURES, run_cli

from utcp_lint.core import safewrite
from utcp_lint.run.fixes import FileFix, write_file as write_fix

CANARY = "canary: must never change\n"
FIXABLE = FIXTURES / "example" / "manual.json"  # UL002 'inherit_env_var' has a safe fix
PLUGIN = "import os\n\n\ndef run(cmd):\n    os.system('ls ' + cmd)\n"


@pytest.fixture
def world(tmp_path):
    """(checkout, canary file outside it)."""
    repo = tmp_path / "checkout"
    repo.mkdir()
    shutil.copy(FIXABLE, repo / "manual.json")
    (repo / "plugin.py").write_text(PLUGIN)
    outside = tmp_path / "outside"
    outside.mkdir()
    canary = outside / "victim"
    canary.write_text(CANARY)
    return repo, canary


def _untouched(canary):
    assert canary.read_text() == CANARY
    assert sorted(os.listdir(canary.parent)) == [canary.name], os.listdir(canary.parent)


def _one_line(stderr: str, *words: str) -> str:
    lines = [x for x in stderr.splitlines() if all(w in x for w in words)]
    assert len(lines) == 1, stderr
    return lines[0]


# ---- the result caches -------------------------------------------------------


@pytest.mark.parametrize("name", [".gitignore", "CACHEDIR.TAG"])
@pytest.mark.parametrize("target", ["manual.json", "plugin.py"])
def test_committed_cache_tag_symlink_is_not_followed(world, name, target):
    repo, canary = world
    (repo / ".utcp-lint-cache").mkdir()
    os.symlink(canary, repo / ".utcp-lint-cache" / name)
    r = run_cli("--no-config", target, cwd=repo)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    line = _one_line(r.stderr, "result cache not written")
    assert line.startswith("utcp-lint: warning: ") and "symbolic link" in line
    _untouched(canary)
    assert os.path.islink(repo / ".utcp-lint-cache" / name)
    assert not [n for n in os.listdir(repo / ".utcp-lint-cache") if n.endswith(".json")]  # cache skipped


def test_committed_cache_directory_symlink_is_refused(world):
    repo, canary = world
    os.symlink(canary.parent, repo / ".utcp-lint-cache")
    for target in ("manual.json", "plugin.py"):
        r = run_cli("--no-config", target, cwd=repo)
        assert r.returncode == 1, r.stderr
        assert "checkout/.utcp-lint-cache is a symbolic link" in _one_line(r.stderr, "result cache not written")
        _untouched(canary)


def test_clean_checkout_caches_normally(world):
    repo, _canary = world
    r = run_cli("--no-config", "manual.json", "plugin.py", cwd=repo)
    assert r.returncode == 1 and "warning: result cache" not in r.stderr, r.stderr
    d = repo / ".utcp-lint-cache"
    names = sorted(os.listdir(d))
    assert ".gitignore" in names and "CACHEDIR.TAG" in names
    assert any(n.startswith("json-") for n in names) and any(n.startswith("pyscan-") for n in names)
    assert not [n for n in names if n.endswith(".tmp")]
    assert (os.stat(d / names[-1]).st_mode & 0o777) == 0o600


def test_cache_dir_option_is_honoured_for_json_documents(world, tmp_path):
    """Issue 29: --cache-dir was ignored for JSON documents."""
    repo, _canary = world
    elsewhere = tmp_path / "my-cache"
    r = run_cli("--no-config", "--cache-dir", elsewhere, "manual.json", "plugin.py", cwd=repo)
    assert r.returncode == 1, r.stderr
    assert not (repo / ".utcp-lint-cache").exists()
    names = os.listdir(elsewhere)
    assert any(n.startswith("json-") for n in names) and any(n.startswith("pyscan-") for n in names)
    again = run_cli("--no-config", "--cache-dir", elsewhere, "--format", "json", "manual.json", cwd=repo)
    fresh = run_cli("--no-config", "--no-cache", "--format", "json", "manual.json", cwd=repo)
    assert again.stdout == fresh.stdout


def test_config_cache_dir_inside_the_project_is_used(world):
    repo, _canary = world
    (repo / "pyproject.toml").write_text('[tool.utcp-lint]\ncache-dir = "build/lint-cache"\n')
    r = run_cli("manual.json", cwd=repo)
    assert r.returncode == 1, r.stderr
    assert any(n.startswith("json-") for n in os.listdir(repo / "build" / "lint-cache"))
    assert not (repo / ".utcp-lint-cache").exists()


# ---- a hostile pyproject.toml -------------------------------------------------


@pytest.mark.parametrize(
    "setting,command",
    [
        ('lock-file = "../outside/victim"', ("lock", ".")),
        ('lock-file = "../outside/victim"', ("--locked", "manual.json")),
        ('baseline = "../outside/victim"', ("manual.json",)),
        ('cache-dir = "../outside"', ("manual.json",)),
        ('cache-dir = "/tmp/utcp-lint-hostile-cache"', ("manual.json",)),
        ('lock-file = "/root/.bashrc"', ("lock", ".")),
        ('lock-file = "escape/victim"', ("lock", ".")),  # escape -> ../outside
        ('lock-file = ".git/hooks/post-checkout"', ("lock", ".")),
    ],
)
def test_config_paths_must_stay_inside_the_project(world, setting, command):
    repo, canary = world
    os.symlink(canary.parent, repo / "escape")
    (repo / "pyproject.toml").write_text(f"[tool.utcp-lint]\n{setting}\n")
    r = run_cli(*command, cwd=repo)
    assert r.returncode == 2, (r.stdout, r.stderr)
    key = setting.split(" ")[0]
    line = _one_line(r.stderr, "pyproject.toml", key)
    assert line.startswith("utcp-lint: error: ")
    assert "leaves the project" in line or "relative path inside" in line or "inside .git" in line, line
    assert len(r.stderr.splitlines()) == 1, r.stderr
    _untouched(canary)
    assert not os.path.exists("/tmp/utcp-lint-hostile-cache")


def test_lock_file_from_the_command_line_may_be_anywhere(world, tmp_path):
    repo, _canary = world
    target = tmp_path / "locks" / "my.lock"
    target.parent.mkdir()
    r = run_cli("lock", "--lock-file", target, ".", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert json.loads(target.read_text())["manuals"]


def test_committed_lock_temp_symlink_is_not_followed(world):
    repo, canary = world
    os.symlink(canary, repo / "utcp-lint.lock.tmp")
    r = run_cli("lock", ".", cwd=repo)
    assert r.returncode == 0, r.stderr
    _untouched(canary)
    assert json.loads((repo / "utcp-lint.lock").read_text())["manuals"]
    assert os.path.islink(repo / "utcp-lint.lock.tmp")


def test_committed_lock_symlink_is_refused(world):
    repo, canary = world
    os.symlink(canary, repo / "utcp-lint.lock")
    r = run_cli("lock", ".", cwd=repo)
    assert r.returncode == 2
    assert "utcp-lint.lock: it is a symbolic link" in _one_line(r.stderr, "cannot write")
    _untouched(canary)


# ---- reports and baselines -----------------------------------------------------


def test_committed_sarif_symlink_is_refused(world):
    repo, canary = world
    os.symlink(canary, repo / "utcp-lint.sarif")
    r = run_cli("--no-config", "--format", "sarif", "--output", "utcp-lint.sarif", "manual.json", cwd=repo)
    assert r.returncode == 2
    assert r.stderr.strip() == "utcp-lint: error: cannot write --output utcp-lint.sarif: it is a symbolic link"
    _untouched(canary)


def test_hard_linked_report_is_refused(world):
    repo, canary = world
    os.link(canary, repo / "report.json")
    r = run_cli("--no-config", "--format", "json", "-o", "report.json", "manual.json", cwd=repo)
    assert r.returncode == 2 and "hard-linked" in _one_line(r.stderr, "report.json")
    assert canary.read_text() == CANARY


def test_report_written_normally_replaces_the_old_one(world):
    repo, _canary = world
    (repo / "utcp-lint.sarif").write_text("stale")
    r = run_cli("--no-config", "--format", "sarif", "-o", "utcp-lint.sarif", "manual.json", cwd=repo)
    assert r.returncode == 1, r.stderr
    assert json.loads((repo / "utcp-lint.sarif").read_text())["runs"][0]["results"]


def test_write_baseline_to_a_symlink_is_refused(world):
    repo, canary = world
    os.symlink(canary, repo / ".utcp-lint-baseline.json")
    r = run_cli("--no-config", "--write-baseline", ".utcp-lint-baseline.json", "manual.json", cwd=repo)
    assert r.returncode == 2 and "symbolic link" in _one_line(r.stderr, "cannot write baseline")
    _untouched(canary)


# ---- --fix and declare --write ---------------------------------------------------


def _fix(repo, target="manual.json"):
    return run_cli("--no-config", "--no-cache", "--fix", target, cwd=repo)


def test_fix_through_a_symlink_is_refused(world):
    repo, canary = world
    outside_manual = canary.parent / "manual.json"
    shutil.copy(FIXABLE, outside_manual)
    os.unlink(repo / "manual.json")
    os.symlink(outside_manual, repo / "manual.json")
    r = _fix(repo)
    assert r.returncode == 2, r.stderr
    assert _one_line(r.stderr, "manual.json:", "not fixed").endswith("it is a symbolic link; not fixed")
    assert outside_manual.read_bytes() == FIXABLE.read_bytes()


def test_fix_of_a_hard_linked_file_is_refused(world):
    repo, canary = world
    other = canary.parent / "manual.json"
    os.link(repo / "manual.json", other)
    r = _fix(repo)
    assert r.returncode == 2, r.stderr
    assert "hard-linked (2 names)" in _one_line(r.stderr, "not fixed")
    assert other.read_bytes() == FIXABLE.read_bytes() and os.stat(other).st_nlink == 2


def test_fix_of_another_users_file_is_refused(world):
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root: only root can create a file owned by another user to fix")
    repo, _canary = world
    os.chown(repo / "manual.json", 65534, 65534)
    r = _fix(repo)
    assert r.returncode == 2, r.stderr
    assert "owned by another user (uid 65534)" in _one_line(r.stderr, "not fixed")
    assert (repo / "manual.json").read_bytes() == FIXABLE.read_bytes()


def test_fix_of_a_plain_file_still_works(world):
    repo, _canary = world
    r = _fix(repo)
    assert r.returncode in (0, 1), r.stderr
    assert (repo / "manual.json").read_bytes() != FIXABLE.read_bytes()
    assert sorted(n for n in os.listdir(repo) if n.startswith(".")) == []


def test_declare_write_through_a_symlink_is_refused(world):
    repo, canary = world
    outside_manual = canary.parent / "manual.json"
    shutil.copy(FIXABLE, outside_manual)
    os.unlink(repo / "manual.json")
    os.symlink(outside_manual, repo / "manual.json")
    r = run_cli("declare", "--write", "manual.json", cwd=repo)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "symbolic link" in r.stderr and outside_manual.read_bytes() == FIXABLE.read_bytes()


# ---- atomicity: a write killed before its rename leaves the old file whole -------


def test_interrupted_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    p = tmp_path / "manual.json"
    p.write_text("old content that is longer than the new one\n")

    def killed(*a, **k):
        raise KeyboardInterrupt  # the process dies after the temp is written, before the rename

    monkeypatch.setattr(safewrite.os, "rename", killed)
    with pytest.raises(KeyboardInterrupt):
        safewrite.write_file(str(p), "new\n")
    assert p.read_text() == "old content that is longer than the new one\n"
    assert os.listdir(tmp_path) == ["manual.json"]  # the temp file is removed too
    # the same through --fix's writer (an OSError there is a one-line problem)
    monkeypatch.setattr(safewrite.os, "rename", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space")))
    ff = FileFix(str(p), p.read_text(), "new\n")
    assert write_fix(ff) == "cannot write: No space"
    assert p.read_text() == "old content that is longer than the new one\n" and os.listdir(tmp_path) == ["manual.json"]


def test_new_files_are_private_and_existing_modes_kept(tmp_path):
    p = tmp_path / "out.txt"
    safewrite.write_file(str(p), "a")
    assert (os.stat(p).st_mode & 0o777) == 0o600
    os.chmod(p, 0o640)
    safewrite.write_file(str(p), b"b")
    assert (os.stat(p).st_mode & 0o777) == 0o640 and p.read_text() == "b"


def test_within_refuses_a_symlinked_directory_on_the_way(tmp_path):
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "link")
    with pytest.raises(safewrite.UnsafeWrite, match="link is a symbolic link"):
        safewrite.write_file(str(tmp_path / "link" / "sub" / "f"), "x", within=str(tmp_path), make_dirs=True)
    assert os.listdir(tmp_path / "real") == []
    safewrite.write_file(str(tmp_path / "a" / "b" / "f"), "x", within=str(tmp_path), make_dirs=True)
    assert (tmp_path / "a" / "b" / "f").read_text() == "x"


@pytest.mark.parametrize(
    "value,ok",
    [
        ("utcp-lint.lock", True),
        ("build/c", True),
        ("a/../b", True),
        ("../x", False),
        ("a/../../x", False),
        ("/etc/x", False),
        ("~/x", False),
        (".", False),
        (".git/hooks/pre-commit", False),
        ("sub/.GIT/config", False),
    ],
)
def test_inside_root(tmp_path, value, ok):
    assert (safewrite.inside_root(value, str(tmp_path)) is None) is ok


# ---- a configuration that silences the security rules ------------------------------


@pytest.mark.parametrize(
    "config,setting",
    [
        ('ignore = ["ALL"]', "ignore = ['ALL']"),
        ('select = ["UL001", "UL002"]', "select = ['UL001', 'UL002']"),
        ('ignore = ["UL0", "UL1", "UL2", "UL3", "UL4", "UL6"]', "ignore = "),
        ('[tool.utcp-lint.per-file-ignores]\n"*" = ["ALL"]', "per-file-ignores '*' = ['ALL']"),
        ('[tool.utcp-lint.per-file-ignores]\n"**" = ["UL"]', "per-file-ignores '**' = ['UL']"),
    ],
)
def test_config_silencing_every_security_rule_is_said(world, config, setting):
    repo, _canary = world
    (repo / "pyproject.toml").write_text(f"[tool.utcp-lint]\n{config}\n")
    r = run_cli("--no-cache", "manual.json", cwd=repo)
    line = _one_line(r.stderr, "turns off every security rule") if "select =" not in setting else ""
    if "select =" in setting:
        line = _one_line(r.stderr, "enables no security rule")
    assert line.startswith(f"utcp-lint: warning: {repo / 'pyproject.toml'}: [tool.utcp-lint] {setting}"), line
    assert r.returncode in (0, 1)  # the configuration is still honoured
    assert "UL101" not in r.stdout


@pytest.mark.parametrize(
    "config",
    [
        'ignore = ["UL300", "UL032"]',
        'select = ["UL"]',
        '[tool.utcp-lint.per-file-ignores]\n"tests/*.json" = ["ALL"]',
        '[tool.utcp-lint.per-file-ignores]\n"*" = ["UL300"]',
    ],
)
def test_ordinary_configs_get_no_warning(world, config):
    repo, _canary = world
    (repo / "pyproject.toml").write_text(f"[tool.utcp-lint]\n{config}\n")
    r = run_cli("--no-cache", "manual.json", cwd=repo)
    assert r.returncode == 1 and "warning" not in r.stderr, r.stderr


def test_command_line_select_overrides_config_and_gets_no_warning(world):
    repo, _canary = world
    (repo / "pyproject.toml").write_text('[tool.utcp-lint]\nselect = ["UL001"]\n')
    r = run_cli("--no-cache", "--select", "UL1", "manual.json", cwd=repo)
    assert r.returncode == 1 and "warning" not in r.stderr and "UL101" in r.stdout, r.stderr


def test_output_to_a_stream_the_user_names_still_works(world):
    """`-o /dev/stdout` (a symbolic link to /proc/self/fd/1) and `-o /dev/null` are
    the user's streams, not files a checkout can plant: written as streams."""
    repo, _canary = world
    r = run_cli("--no-config", "--no-cache", "--format", "sarif", "-o", "/dev/stdout", "manual.json", cwd=repo)
    assert r.returncode == 1 and json.loads(r.stdout)["runs"][0]["results"], r.stderr
    r = run_cli("--no-config", "--no-cache", "--format", "json", "-o", "/dev/null", "manual.json", cwd=repo)
    assert r.returncode == 1 and r.stdout == "" and r.stderr == "", r.stderr
    os.symlink("/dev/null", repo / "planted.sarif")  # the same device, planted in the checkout: refused
    r = run_cli("--no-config", "--no-cache", "--format", "sarif", "-o", "planted.sarif", "manual.json", cwd=repo)
    assert r.returncode == 2 and "planted.sarif: it is a symbolic link" in r.stderr
