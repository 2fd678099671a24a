"""Cross-module shell flows through typed objects and library drop-ins (issue 25).

End to end through the CLI on ``fixtures/pyscan/crossmod_typed``: a runner
reached as ``self.platform.run_command(...)`` where ``platform`` is a
``@cached_property`` annotated with its class, ``context.env.run(...)`` where
``context`` is a parameter annotated with a dataclass whose field is annotated,
``self.env`` assigned from an annotated ``__init__`` parameter, a ``shell`` flag
set by ``kwargs.setdefault("shell", True)`` before ``f(cmd, **kwargs)``, a process
module held in an attribute (``self.modules.subprocess.run``) and gevent's
drop-in ``gevent.subprocess.Popen``.  Every ``# FLAG`` line gets exactly one
UL411 (and the test module ``test_app.py`` none: tests pass test data and mocks); the good tree (argv lists, ``shell=False`` set the same way, quoted
values, a class-level constant program name) stays quiet; the flagged flows
are real (a canary written through the fixture's own code).
"""

import importlib
import json
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TYPED = FIXTURES / "pyscan" / "crossmod_typed"


def _lint(tree):
    return project_findings(tree)


def test_typed_and_drop_in_flows_are_reported_once_at_the_feeding_call():
    code, fs = _lint(TYPED / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TYPED / "bad")), got
    by_line = {(f["path"], f["line"]): f for f in fs if f["rule"] == "UL411"}
    env = by_line[("svc/env.py", 15)]
    assert "shell=True passed to run_command()" in env["message"], env
    assert "svc/platform.py:29" in env["message"]  # the lazily loaded subprocess.run
    assert env["severity"] == "error"
    assert "'extra' (unquoted)" in by_line[("svc/app.py", 16)]["message"]
    assert "'target' (unquoted)" in by_line[("svc/app.py", 24)]["message"]
    assert "'target' (unquoted)" in by_line[("svc/app.py", 33)]["message"]  # env = self.get_env() -> Environment
    assert "'path' (unquoted)" in by_line[("svc/app.py", 36)]["message"]  # Environment().run_shell_command
    assert "svc/local.py:7" in by_line[("svc/connectors.py", 7)]["message"]
    # the gevent runner itself: Popen(command, shell=True) of its parameter, as subprocess's
    local = [f for f in fs if f["path"] == "svc/local.py"]
    assert [(f["rule"], f["line"]) for f in local] == [("UL401", 7)], local
    assert "gevent.subprocess.Popen (drop-in for subprocess.Popen)" in local[0]["message"]


def test_good_tree_is_quiet():
    code, fs = _lint(TYPED / "good")
    assert (code, fs) == (0, [])


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_typed_flows_really_run_the_payload(tmp_path, monkeypatch):
    """The fixture's own objects, called with a payload, write the canary: the
    typed chain (property -> lazily loaded subprocess, shell set in **kwargs) is a shell."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TYPED / "bad"))
    for m in [m for m in sys.modules if m == "svc" or m.startswith("svc.")]:
        monkeypatch.delitem(sys.modules, m)
    app = importlib.import_module("svc.app")
    env = importlib.import_module("svc.env").Environment()
    app.run_commands(app.ExecutionContext(env, ["true"]), "x; touch C_context")
    app.App(env).test("x; touch C_self_env")
    env.run_shell_command("true; touch C_env")
    app.Deployer().deploy("x; touch C_deploy")
    task = app.Task(env)
    task.command = "touch C_task"
    task.execute()
    importlib.import_module("svc.worker").RemoteCommand("touch C_worker", str(tmp_path)).start().wait()
    app.Deployer().clean(str(tmp_path / "absent") + "; touch C_clean")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_clean", "C_context", "C_deploy", "C_env", "C_self_env", "C_task", "C_worker"], made


@pytest.mark.skipif(shutil.which("ssh-agent") is None, reason="needs ssh-agent")
def test_ssh_agent_runs_its_operand_as_a_command(tmp_path):
    """The wrapper fact behind fixtures/rules/UL403/bad_spawnprocess.py ``with_agent``:
    ``ssh-agent -t 60 sh -c CODE`` runs CODE (ssh-agent(1): "ssh-agent [options] command")."""
    import subprocess

    canary = tmp_path / "C_agent"
    r = subprocess.run(
        ["ssh-agent", "-t", "60", "sh", "-c", f"touch {canary}"], capture_output=True, timeout=30, check=False
    )
    assert canary.exists(), (r.returncode, r.stderr)


def test_findings_do_not_depend_on_the_hash_seed():
    """The runner's command is raw on one path (``return command``) and split on the
    other: its summary keeps the worst mode whatever order the set of modes iterates in
    (it used to follow the hash seed: the caller's finding came and went between runs)."""
    import os

    from conftest import run_cli

    seen = set()
    for seed in ("1", "3", "5", "6"):
        r = run_cli(
            "--format", "json", "--no-config", "--no-cache", "--select", "UL411", "--project-root", ".", ".",
            cwd=TYPED / "bad", env=dict(os.environ, PYTHONHASHSEED=seed),
        )  # fmt: skip
        fs = json.loads(r.stdout)["findings"]
        seen.add(tuple(sorted((f["path"], f["line"], f["severity"]) for f in fs)))
    assert len(seen) == 1, seen
    assert ("svc/env.py", 15, "error") in next(iter(seen))
