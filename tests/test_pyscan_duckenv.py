"""Issue 25: method calls on objects of no statically known class, in duck-typed code.

``fixtures/pyscan/duckenv``: an agent framework whose environments implement a
``typing.Protocol`` without naming it (``self.env.execute(action)`` with ``env: Environment``:
:mod:`utcp_lint.pyscan.protocols`), and helpers whose receiver is an unannotated parameter or
a factory's result named for the classes' role (``env.execute(...)`` reaching
``*Environment.execute``: :mod:`utcp_lint.pyscan.rolename`).  bad: every ``# FLAG`` line
and nothing else (a DB cursor's ``execute`` and a receiver named ``runner`` stay quiet);
good: argv-only environments, and a shell method reached only by its own sink (``# OWN``),
not through a socket's ``send``."""

import ast
import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

from utcp_lint.pyscan.protocols import conforms, is_protocol, protocol_keys
from utcp_lint.pyscan.rolename import receiver_role, role_calls, role_matches, role_word

TREE = FIXTURES / "pyscan" / "duckenv"


def _lint(path, seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def _where(tree, found):
    return where_found(tree, found)


def test_bad_tree_reports_every_dispatch_and_nothing_else():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert _where(bad, found) == marked_lines(bad)
    by_line = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    agent = by_line[("agent.py", 14)]
    assert agent["rule"] == "UL411" and agent["severity"] == "error" and agent["column"] > 0
    assert "local.py" in agent["message"] and "'message'" in agent["message"]
    assert "'src'" in by_line[("tools.py", 7)]["message"]
    assert _lint(bad, "1")[1] == found  # the same on another hash seed


def test_good_tree_only_the_own_sink():
    good = TREE / "good"
    code, found = _lint(good)
    assert _where(good, found) == marked_lines(good, "# OWN")
    assert [f["rule"] for f in found] == ["UL401"]


def test_unannotated_receiver_named_for_no_role_is_not_resolved(tmp_path):
    # without the Protocol annotation and under a name that says no role (``self.model_b``) the
    # agent's call has no callee; the other findings stay
    tree = tmp_path / "t"
    shutil.copytree(TREE / "bad", tree)
    agent = tree / "agentkit" / "agent.py"
    agent.write_text(agent.read_text().replace("env: Environment", "env").replace("self.env", "self.model_b"))
    _code, found = _lint(tree)
    got = _where(tree, found)
    assert ("agentkit/agent.py", 14) not in got
    assert ("agentkit/tools.py", 7) in got and ("agentkit/tools.py", 13) in got


def test_protocol_and_role_helpers():
    tree = ast.parse("class P(Protocol): pass\nclass Q(typing.Protocol[T]): pass\nclass R(Base): pass\n")
    assert [is_protocol(n) for n in tree.body] == [True, True, False]

    class U:
        module = "pkg.base"
        text = "from typing import Protocol\n\nclass Env(Protocol):\n    def run(self): ...\nclass X(Base):\n    pass\n"

    assert protocol_keys([U()]) == ["pkg.base.Env"]
    assert conforms({"execute", "serialize", "extra"}, {"execute", "serialize"})
    assert not conforms({"execute"}, {"execute", "serialize"})
    assert role_word("LocalEnvironment") == "environment" and role_word("SSHBackend") == "backend"
    assert receiver_role(ast.parse("self._backend", mode="eval").body) == "backend"
    assert receiver_role(ast.parse("self", mode="eval").body) is None
    assert role_matches("env", "environment") and role_matches("backend", "backend")
    assert not role_matches("cursor", "environment") and not role_matches("en", "environment")
    methods = {"execute": [("environment", "m.LocalEnvironment.execute")]}
    assert role_calls("out = env.execute(a)", methods)
    assert not role_calls("cursor.execute(q)", methods)


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs sh")
def test_the_agent_runs_the_models_text_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "agentkit" or m.startswith("agentkit.")]:
        monkeypatch.delitem(sys.modules, name)
    try:
        from agentkit.agent import Agent
        from agentkit.tools import archive_workspace, start_environment

        env = start_environment(
            {"environment": {"environment_class": "local"}, "startup_command": "true; touch CANARY_STARTUP"}
        )
        Agent(None, env).execute_actions({"actions": [{"command": "echo hi; touch CANARY_AGENT"}]})
        archive_workspace(env, src="/nonexistent; touch CANARY_SRC;")
    finally:
        for name in [m for m in sys.modules if m == "agentkit" or m.startswith("agentkit.")]:
            del sys.modules[name]
    assert (tmp_path / "CANARY_STARTUP").exists()
    assert (tmp_path / "CANARY_AGENT").exists()
    assert (tmp_path / "CANARY_SRC").exists()
    listing = subprocess.run(["ls"], capture_output=True, text=True).stdout.split()
    assert sorted(listing) == ["CANARY_AGENT", "CANARY_SRC", "CANARY_STARTUP"]
