"""docker-py string commands (issue 25, linter/pyscan/containerargv.py ``SPLIT_COMMANDS``):
``Container.exec_run(cmd)``, ``APIClient.exec_create(container, cmd)`` and
``containers.run/create(image, command)`` split a string command with ``shlex.split``
(docker-py 7.2 ``utils.split_command``), so ``f"sh -c '{cmd}'"`` hands the container's shell a
script with the value in it: the hand-written quotes are split away.

``fixtures/pyscan/dockersplit``: bad: every ``# FLAG`` line and nothing else; good: a string
command that starts no shell (split into an argv), argv lists with a quoted value or a
positional parameter, a constant script.  The canary test splits the commands the flagged helpers
build as docker-py does and runs the argv (what the container's runtime does: execve, no other
shell) with a payload: the canary file is made; the good helper's argv does not make it."""

import shlex
import subprocess
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from utcp_lint.pyscan.containerargv import SPLIT_COMMANDS

TREE = FIXTURES / "pyscan" / "dockersplit"


def test_bad_tree_reports_every_split_shell_command_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error" and f["column"] > 0, f
        assert "shlex.split" in f["message"], f
    assert set(SPLIT_COMMANDS) == {"exec_run", "exec_create", "run", "create"}


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _Container:
    """Runs a command as docker-py and the runtime do: a string is ``shlex.split``, the argv
    executed directly."""

    def __init__(self, cwd):
        self.cwd = cwd

    def exec_run(self, cmd, workdir=None, **_kw):
        argv = shlex.split(cmd) if isinstance(cmd, str) else cmd
        p = subprocess.run(argv, cwd=self.cwd, capture_output=True)
        return p.returncode, p.stdout


def test_canary_split_script_runs_the_payload(tmp_path, monkeypatch):
    fake = type(sys)("docker")
    fake.APIClient = object
    monkeypatch.setitem(sys.modules, "docker", fake)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    import importlib

    for k in [k for k in sys.modules if k == "ciboxes" or k.startswith("ciboxes.")]:
        monkeypatch.delitem(sys.modules, k)
    bad = importlib.import_module("ciboxes.runner")
    canary = tmp_path / "canary"
    box = bad.Box.__new__(bad.Box)
    box.container = _Container(tmp_path)
    box.backup(f"x; touch {canary};")  # the site name lands inside bash -c's script
    assert canary.exists()
    canary.unlink()
    _Container(tmp_path).exec_run(["sh", "-c", 'cat "/srv/$1"', "sh", f"x; touch {canary}"])
    assert not canary.exists()
