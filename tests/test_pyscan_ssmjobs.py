"""SSM Run Command jobs (issue 25, linter/pyscan/cmtasks.py ``SSM_SHELL_DOCUMENTS``): boto3's
``send_command(DocumentName="AWS-RunShellScript", Parameters={"commands": [...]})`` has the
instance's ``sh`` run the commands (AWS-RunPowerShellScript: PowerShell).

``fixtures/pyscan/ssmjobs``: bad: every ``# FLAG`` line (a job whose commands hold a parameter,
one finding per job) and nothing else; good: constant commands, a ``shlex.quote``-d value, a
document that runs no shell (AWS-RunPatchBaseline).  The canary test does what the document's
aws:runShellScript step does (the commands written into a script, run by ``sh``) with the
commands the flagged helper sends, and proves a payload runs; the quoted helper's does not."""

import importlib
import os
import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines

from utcp_lint.pyscan.cmtasks import SSM_SHELL_DOCUMENTS

TREE = FIXTURES / "pyscan" / "ssmjobs"


def test_bad_tree_reports_every_shell_job_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    where = [(os.path.relpath(FIXTURES.parent / f["path"], bad), f["line"]) for f in found]
    assert len(where) == len(set(where))  # one finding per job
    assert set(where) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error" and f["column"] > 0, f
        assert "SSM AWS-Run" in f["message"], f
    assert set(SSM_SHELL_DOCUMENTS) == {"AWS-RunShellScript", "AWS-RunPowerShellScript"}


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _Instance:
    """The instance side of AWS-RunShellScript: the commands become a script ``sh`` runs."""

    def __init__(self, cwd):
        self.cwd = cwd

    def send_command(self, InstanceIds, DocumentName, Parameters):
        assert DocumentName == "AWS-RunShellScript"
        script = self.cwd / "_script.sh"
        script.write_text("\n".join(Parameters["commands"]) + "\n")
        subprocess.run(["/bin/sh", str(script)], cwd=self.cwd, capture_output=True)
        return {"Command": {"CommandId": "c-1"}}


def _module(monkeypatch, tree):
    monkeypatch.setitem(sys.modules, "boto3", types.ModuleType("boto3"))
    monkeypatch.syspath_prepend(str(tree))
    for k in [k for k in sys.modules if k == "fleetops" or k.startswith("fleetops.")]:
        monkeypatch.delitem(sys.modules, k)
    return importlib.import_module("fleetops.deploy")


def test_canary_job_commands_run_in_sh(tmp_path, monkeypatch):
    canary = tmp_path / "canary"
    inst = _Instance(tmp_path)
    bad = _module(monkeypatch, TREE / "bad")
    bad.run_on(inst, ["i-1"], f"echo hi; touch {canary}")
    assert canary.exists()
    canary.unlink()
    good = _module(monkeypatch, TREE / "good")
    good.checkout(inst, "i-1", f"main; touch {canary}")
    assert not canary.exists()
