"""The run record (linter/cli/replay.py, issue 25): a check whose inputs did not
change answers with the recorded output before click is imported, and any
change of an input -- a file's content (even same size with its mtime put
back), a new file in a walked directory, a configuration file above the
working directory, the environment -- runs the check again.

Each run is the real console entry in a subprocess; "replayed" is proven by
the imports (``-X importtime``: click is never imported) and the output
compared byte for byte with the run that recorded it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from utcp_lint.cli.replay import OFF_ENV, RACY_SECONDS, cache_dir_of

SCRIPT = Path(sys.executable).parent / "utcp-lint"
ENTRY = [str(SCRIPT)] if SCRIPT.exists() else ["-m", "utcp_lint"]
# the cache directory exists before the first run: creating it in the tree (the default,
# .utcp-lint-cache) changes the tree's mtime, and the first record is written by the second run
ARGS = ["--select", "UL4", "--no-config", "--cache-dir", "../cache", "--format", "json", "."]
BAD = "import subprocess\nimport sys\n\nsubprocess.run(sys.argv[1], shell=True)\n"
CLEAN = (
    "import subprocess\n\nsubprocess.run(['git', 'status'])\n# a clean call, long enough for the same-size edit below\n"
)


def _run(tree: Path, env: dict, *args: str, merged: bool = False) -> tuple[subprocess.CompletedProcess, bool]:
    """(the run, whether it linted rather than replayed); ``merged``: stderr into the same pipe as stdout."""
    r = subprocess.run(
        [sys.executable, "-X", "importtime", *ENTRY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merged else subprocess.PIPE,
        cwd=tree,
        env=env,
        timeout=300,
    )
    if merged:  # importtime's lines are written by the interpreter, around ours
        r.stderr = r.stdout
        r.stdout = b"".join(ln for ln in r.stdout.splitlines(keepends=True) if not ln.startswith(b"import time:"))
    err = r.stderr.decode("utf-8", "replace")
    mods = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", err, re.M)
    # linted (not replayed): the check's work module was imported (click itself no longer is
    # on a plain JSON check, linter/cli/fast.py)
    return r, "utcp_lint.cli.check_run" in mods


def _stderr(r: subprocess.CompletedProcess) -> bytes:
    return b"".join(ln for ln in r.stderr.splitlines(keepends=True) if not ln.startswith(b"import time:"))


@pytest.fixture
def tree(tmp_path: Path):
    t = tmp_path / "proj"
    (t / "pkg" / "sub").mkdir(parents=True)
    (t / "pkg" / "a.py").write_text(BAD)
    (t / "pkg" / "sub" / "b.py").write_text(CLEAN)
    (t / "empty").mkdir()  # a named directory with nothing to lint: a warning on stderr, exit unchanged
    env = {k: v for k, v in os.environ.items() if k != OFF_ENV}
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")  # this test's own local secret
    (tmp_path / "cache").mkdir()
    # every input older than the racy window, else no record is written
    time.sleep(RACY_SECONDS + 0.2)
    return t, env


def _recorded(t: Path, env: dict) -> subprocess.CompletedProcess:
    first, clicked = _run(t, env, *ARGS)
    assert clicked and first.returncode == 1, first.stderr[-2000:]
    again, clicked = _run(t, env, *ARGS)
    assert not clicked, "an unchanged tree was linted again instead of replayed"
    assert again.returncode == first.returncode
    assert again.stdout == first.stdout and _stderr(again) == _stderr(first)
    assert b'"rule": "UL401"' in first.stdout or b'"UL40' in first.stdout
    return first


def _fresh(t: Path, env: dict) -> subprocess.CompletedProcess:
    r, _ = _run(t, env, "--select", "UL4", "--no-config", "--no-cache", "--format", "json", ".")
    return r


def test_unchanged_tree_replays_without_click(tree):
    t, env = tree
    first = _recorded(t, env)
    assert first.stdout == _fresh(t, env).stdout
    assert len(list((t.parent / "cache").glob("run-*.json"))) == 1


def test_default_cache_directory_replays_from_the_third_run(tree):
    t, env = tree
    args = [a for a in ARGS if a not in ("--cache-dir", "../cache")]
    first, clicked = _run(t, env, *args)  # creates .utcp-lint-cache: the tree changed just now
    assert clicked
    time.sleep(RACY_SECONDS + 0.2)
    second, clicked = _run(t, env, *args)  # records
    assert clicked and second.stdout == first.stdout
    third, clicked = _run(t, env, *args)
    assert not clicked and third.stdout == first.stdout and third.returncode == first.returncode == 1


def test_same_size_edit_with_mtime_put_back_is_linted_again(tree):
    t, env = tree
    first = _recorded(t, env)
    clean = t / "pkg" / "sub" / "b.py"
    st = clean.stat()
    # the same size, a shell call, the mtime restored: only the change time tells
    text = "import subprocess\n\nsubprocess.run(input(), shell=True)\n"
    text = text + "#" * (st.st_size - len(text) - 1) + "\n"
    assert len(text) == st.st_size
    clean.write_text(text)
    os.utime(clean, ns=(st.st_atime_ns, st.st_mtime_ns))
    r, clicked = _run(t, env, *ARGS)
    assert clicked
    assert r.stdout != first.stdout and r.stdout == _fresh(t, env).stdout
    assert b"sub/b.py" in r.stdout


def test_new_file_in_a_walked_directory_is_linted(tree):
    t, env = tree
    first = _recorded(t, env)
    (t / "pkg" / "sub" / "c.py").write_text(BAD)
    r, clicked = _run(t, env, *ARGS)
    assert clicked and b"sub/c.py" in r.stdout and r.stdout != first.stdout


def test_configuration_created_above_is_read(tree):
    t, env = tree
    _recorded(t, env)
    args = [a for a in ARGS if a != "--no-config"]  # the configuration is read in this run
    first, _ = _run(t, env, *args)
    again, _ = _run(t, env, *args)
    replay, clicked = _run(t, env, *args)
    assert not clicked and replay.stdout == again.stdout == first.stdout and first.returncode == 1
    # a configuration file in the working directory ignores the rule: the record must not answer
    (t / "pyproject.toml").write_text('[tool.utcp-lint]\nignore = ["UL4"]\n')
    r, clicked = _run(t, env, *args)
    assert clicked and r.returncode == 0 and b"UL40" not in r.stdout


def test_another_environment_or_the_switch_runs_the_check(tree):
    t, env = tree
    first = _recorded(t, env)
    r, clicked = _run(t, dict(env, UTCP_LINT_SOME_SETTING="1"), *ARGS)
    assert clicked and r.stdout == first.stdout
    r, clicked = _run(t, dict(env, **{OFF_ENV: "1"}), *ARGS)
    assert clicked and r.stdout == first.stdout


def test_a_just_written_tree_is_not_recorded(tmp_path):
    t = tmp_path / "proj"
    t.mkdir()
    (t / "a.py").write_text(BAD)
    # "just written" without depending on how fast the runs start on a loaded machine:
    # its mtime an hour ahead is always within the racy window of the run's start
    ahead = time.time_ns() + 3600 * 10**9
    os.utime(t / "a.py", ns=(ahead, ahead))
    env = {k: v for k, v in os.environ.items() if k != OFF_ENV}
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    (tmp_path / "cache").mkdir()
    first, clicked = _run(t, env, *ARGS)
    assert clicked
    again, clicked = _run(t, env, *ARGS)
    assert clicked and again.stdout == first.stdout  # racy inputs: linted (from the result cache), not replayed
    assert not list((tmp_path / "cache").glob("run-*.json"))


def test_which_argument_lists_may_replay(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    default = str(tmp_path / ".utcp-lint-cache")
    assert cache_dir_of(["."]) == default
    assert cache_dir_of(["check", "--select", "UL4", "--format=json", "src"]) == default
    assert cache_dir_of(["--cache-dir", "c", "-q", "x.py"]) == str(tmp_path / "c")
    assert cache_dir_of(["--", "-weird.py"]) == default
    # no path, stdin, side effects, other inputs, other commands, unknown options
    for argv in (
        [],
        ["--select", "UL4"],
        ["-"],
        ["--", "-"],
        ["--fix", "."],
        ["--diff", "."],
        ["--output", "r.json", "."],
        ["--baseline", "b.json", "."],
        ["--config", "p.toml", "."],
        ["--no-cache", "."],
        ["--locked", "."],
        ["--color", "."],
        ["-qs", "."],
        ["--quiet=1", "."],
        ["rules"],
        ["verify", "m.json"],
        ["--version"],
        ["--select"],
    ):
        assert cache_dir_of(argv) is None, argv


def test_a_run_the_time_budget_cut_short_is_not_recorded(tree):
    t, env = tree
    env = dict(env, UTCP_LINT_TIME_BUDGET="0")
    first, clicked = _run(t, env, *ARGS)
    assert clicked and b'"UL011"' in first.stdout
    again, clicked = _run(t, env, *ARGS)
    assert clicked, "a partial result was replayed"
    assert not list((t.parent / "cache").glob("run-*.json"))


def test_stdout_and_stderr_into_one_file_keep_their_order(tree):
    """The JSON report on stdout (buffered by the interpreter: a pipe) and a
    warning on stderr, both into one pipe: the replay writes the bytes in the
    order the descriptor received them in the recorded run, not in the order
    the program wrote them."""
    t, env = tree
    env = {k: v for k, v in env.items() if k != "PYTHONUNBUFFERED"}  # stdout buffered, as usual in a pipe
    args = ["--select", "UL4", "--no-config", "--cache-dir", "../cache", "--format", "json", "pkg", "empty"]
    first, clicked = _run(t, env, *args, merged=True)
    assert clicked and first.returncode == 1 and b"warning: empty" in first.stdout and b"a.py" in first.stdout
    again, clicked = _run(t, env, *args, merged=True)
    assert not clicked and again.stdout == first.stdout
    # the JSON report is streamed into the buffer and flushed at exit, after the warning went out
    assert first.stdout.index(b"warning: empty") < first.stdout.index(b'"findings"')
    off, clicked = _run(t, dict(env, **{OFF_ENV: "1"}), *args, merged=True)
    assert clicked and off.stdout == first.stdout


def test_a_record_committed_to_a_hostile_repository_is_never_replayed(tree, tmp_path):
    """A run record names its file with this user's local secret: an attacker's
    record ("this tree: no findings", committed with the repository's cache
    directory) answers only the attacker's own runs."""
    import json

    t, env = tree
    attacker = dict(env, XDG_CACHE_HOME=str(tmp_path / "attacker-home"))
    victim = dict(env, XDG_CACHE_HOME=str(tmp_path / "victim-home"))
    first, _ = _run(t, attacker, *ARGS)
    (record,) = (t.parent / "cache").glob("run-*.json")
    data = json.loads(record.read_text())
    data["output"] = [[0, '{"version": 1, "findings": [], "errors": []}\n']]
    data["code"] = 0
    record.write_text(json.dumps(data))
    mine, clicked = _run(t, attacker, *ARGS)
    assert not clicked and mine.returncode == 0 and b'"findings": []' in mine.stdout  # the attacker's own record
    theirs, clicked = _run(t, victim, *ARGS)
    assert clicked and theirs.returncode == 1 and theirs.stdout == first.stdout
