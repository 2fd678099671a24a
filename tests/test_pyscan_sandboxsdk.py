"""Sandbox SDKs' command sub-objects (issue 25, linter/pyscan/duckcmd.py ``SANDBOX_ACCESSORS``).

``fixtures/pyscan/sandboxsdk``: agent tools that hand a command line to an E2B sandbox's
``sandbox.commands.run`` (e2b 2.63 ``Commands.run`` starts ``/bin/bash -l -c cmd``) or a Daytona
sandbox's ``sandbox.process.exec`` (daytona-sdk 0.226 ``Process.exec``: "Execute a shell command
in the Sandbox"), through an untyped sandbox (a factory's result, a parameter, ``self.sandbox``)
or one the SDK made (``Sandbox.create()``).  bad: every ``# FLAG`` line and nothing else; good:
constant commands, ``shlex.quote``/``shlex.join``-ed values, a CLI's ``self.commands.run(name)``
registry and a process manager's ``app.process.exec(job)`` (owners that are no sandbox).  The
flagged tool runs a payload through real ``bash -l -c`` (what e2b's sandbox does with the string)
and a canary file proves the injection; the good tree's quoted helper does not."""

import os
import subprocess
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "sandboxsdk"


def test_bad_tree_reports_every_sandbox_command_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error", f
        assert f["confidence"] == "medium" and f["column"] > 0, f
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert "sandbox.commands.run()" in by[("e2b_exec.py", 23)]["message"]
    assert "'command'" in by[("e2b_exec.py", 23)]["message"]
    assert "self.sandbox.process.exec()" in by[("daytona_tools.py", 13)]["message"]
    assert "box.commands.run()" in by[("e2b_typed.py", 17)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _BashSandbox:
    """A stand-in for e2b's sandbox: ``commands.run(cmd)`` runs ``/bin/bash -l -c cmd`` as e2b's
    ``Commands._start`` does (here locally)."""

    def __init__(self, cwd):
        self.commands = self
        self.cwd = cwd

    def run(self, cmd, **kw):
        p = subprocess.run(["/bin/bash", "-l", "-c", cmd], cwd=self.cwd, capture_output=True, text=True)
        return type("R", (), {"exit_code": p.returncode, "stdout": p.stdout})()

    def kill(self):
        pass


def _module(tree, name):
    sys.path.insert(0, str(tree))
    try:
        import importlib

        for k in [k for k in sys.modules if k == "agenttools" or k.startswith("agenttools.")]:
            del sys.modules[k]
        return importlib.import_module(f"agenttools.{name}")
    finally:
        sys.path.pop(0)


def test_canary_flagged_tool_runs_payload_quoted_one_does_not(tmp_path):
    canary = tmp_path / "canary"
    payload = f"echo hi; touch {canary}"
    bad = _module(TREE / "bad", "e2b_exec")
    tool = bad.E2BExecTool(lambda: _BashSandbox(tmp_path))
    assert tool._run(payload)["exit_code"] == 0
    assert canary.exists()
    canary.unlink()
    good = _module(TREE / "good", "e2b_exec")
    (tmp_path / "f").write_text("x")
    good.E2BSetup(_BashSandbox(tmp_path)).show(f"f; touch {canary}")
    assert not canary.exists()
