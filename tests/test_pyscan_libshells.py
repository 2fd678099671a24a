"""Library helpers that force or switch on a shell (issue 25, linter/pyscan/runnerlibs.py):
edk2toollib ``RunCmd(cmd, parameters)`` (``cmd + " " + parameters`` run with ``shell=True``) and
``RunPythonScript(pythonfile, params)``, oslo.concurrency ``processutils.execute(*cmd, shell=True)``
and ``ssh_execute(ssh, cmd)`` (paramiko ``exec_command``: the remote shell), ubelt ``cmd(command,
shell=True)``, asyncssh's connection ``run``/``create_process`` (the server runs the command with
the user's shell), tornado's ``process.Subprocess`` (``subprocess.Popen``'s constructor) and Airflow's
``BashOperator(bash_command=...)`` (``bash -c``) and ``SSHOperator(command=...)`` (the remote shell),
pysftp's ``Connection.execute`` (paramiko ``exec_command``), pypsrp's ``Client.execute_cmd``
(cmd.exe) / ``execute_ps`` (PowerShell), IPython's ``utils.process.getoutput``/``system`` (the
system shell), python-crontab's ``CronTab.new(command=...)`` (a crontab line cron runs with
``/bin/sh``), Prefect's ``ShellOperation(commands=[...])``/``shell_run_command(command=...)`` and
Dagster's ``execute_shell_command(shell_command)`` (a temporary script bash runs), subprocrunner's
``SubprocessRunner(command)`` (a string runs with ``shell=True`` when its ``run()`` starts it).

``fixtures/pyscan/libshells``: bad: every ``# FLAG`` line (values from parameters joined into the
command or its ``parameters``) and nothing else; good: constant lines, ``shlex.quote``-d values,
oslo's argv form (``execute("rm", "-rf", path)``: no shell), ubelt's list (quoted before the shell)
and its string without ``shell=True`` (split into an argv).  The canary test imports the fixture
modules with stand-ins of the libraries that do what their source does (the lines are quoted in
runnerlibs.py: ``Popen(cmd + " " + parameters, shell=True)``, ``Popen(cmd, shell=shell)``) and
proves with real ``/bin/sh`` that a payload in a flagged helper runs, and in the good one does not."""

import importlib
import subprocess
import sys
import types

import pytest
from conftest import FIXTURES, flagged_tree, lint_ul4

from utcp_lint.pyscan.runnerlibs import LIB_RUNNERS

TREE = FIXTURES / "pyscan" / "libshells"


def test_bad_tree_reports_every_library_shell_and_nothing_else():
    bad = TREE / "bad"
    found, by = flagged_tree(bad)
    for f in found:
        assert f["severity"] == "error" and f["column"] > 0, f
        # tornado's Subprocess is subprocess.Popen's constructor (UL401); the libraries' runners UL404
        assert f["rule"] == ("UL401" if "tornado" in f["message"] else "UL404"), f
    assert "remote shell" in by[("remote.py", 9)]["message"]  # asyncssh: the server's shell
    assert "pypsrp.client.Client.execute_cmd" in by[("hosts.py", 16)]["message"]
    assert "remote" not in by[("pipelines.py", 9)]["message"]  # Prefect's bash runs here, not remotely
    # the parameters string is part of the command line: its values are named
    assert "'api_key'" in by[("publish.py", 12)]["message"]
    assert "'new_name'" in by[("publish.py", 16)]["message"]
    assert "ssh_execute" in by[("host.py", 15)]["message"]
    # subprocrunner: the wrapper's parameter and the f-string, imported both ways
    assert "subprocrunner.SubprocessRunner" in by[("shaping.py", 8)]["message"]
    assert "'device'" in by[("shaping.py", 14)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


def test_table_records_a_source_for_every_new_entry():
    for name in (
        "edk2toollib.utility_functions.RunCmd",
        "oslo_concurrency.processutils.execute",
        "oslo_concurrency.processutils.ssh_execute",
        "ubelt.cmd",
        "subprocrunner.SubprocessRunner",
    ):
        spec = LIB_RUNNERS[name]
        assert spec.source and name.split(".")[0].replace("_", "") in spec.source.replace(".", "").replace("-", "")


def _stand_ins(monkeypatch, cwd):
    """Modules that do what the libraries' source does with the command (see the module doc)."""

    def run_cmd(cmd, parameters, workingdir=None, outstream=None, **_kw):  # edk2toollib 0.23
        cmd = cmd.strip("\"'")
        if " " in cmd:
            cmd = '"' + cmd + '"'
        if parameters is not None:
            cmd += " " + parameters.strip()
        return subprocess.run(cmd, shell=True, cwd=workingdir or cwd, capture_output=True).returncode

    def execute(*cmd, shell=False, **_kw):  # oslo.concurrency 7.6
        p = subprocess.run(cmd, shell=shell, cwd=cwd, capture_output=True, text=True)
        return p.stdout, p.stderr

    def ub_cmd(command, shell=False, **_kw):  # ubelt 1.4 (POSIX)
        import shlex

        args = command if shell else shlex.split(command)
        return subprocess.run(args, shell=shell, cwd=cwd, capture_output=True)

    edk2 = types.ModuleType("edk2toollib")
    uf = types.ModuleType("edk2toollib.utility_functions")
    uf.RunCmd = run_cmd
    uf.RunPythonScript = lambda f, p, **k: run_cmd(sys.executable, f + " " + p, **k)
    oslo = types.ModuleType("oslo_concurrency")
    pu = types.ModuleType("oslo_concurrency.processutils")
    pu.execute = execute
    oslo.processutils = pu
    ub = types.ModuleType("ubelt")
    ub.cmd = ub_cmd

    class SubprocessRunner:  # subprocrunner 2.0: a list or tuple is an argv, anything else a shell's
        def __init__(self, command, **_kw):
            self.command, self.shell = command, not isinstance(command, (list, tuple))
            self.returncode = None

        def run(self):
            self.returncode = subprocess.run(self.command, shell=self.shell, cwd=cwd, capture_output=True).returncode
            return self.returncode

    spr = types.ModuleType("subprocrunner")
    spr.SubprocessRunner = SubprocessRunner
    for name, mod in {
        "edk2toollib": edk2,
        "edk2toollib.utility_functions": uf,
        "oslo_concurrency": oslo,
        "oslo_concurrency.processutils": pu,
        "ubelt": ub,
        "subprocrunner": spr,
    }.items():
        monkeypatch.setitem(sys.modules, name, mod)


def _module(monkeypatch, tree, name):
    monkeypatch.syspath_prepend(str(tree))
    for k in [k for k in sys.modules if k == "fwbuild" or k.startswith("fwbuild.")]:
        monkeypatch.delitem(sys.modules, k)
    return importlib.import_module(f"fwbuild.{name}")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX /bin/sh")
def test_canary_payload_runs_in_flagged_helpers_only(tmp_path, monkeypatch):
    _stand_ins(monkeypatch, tmp_path)
    canary = tmp_path / "canary"
    bad = _module(monkeypatch, TREE / "bad", "publish")
    bad.rename_remote(str(tmp_path), "origin", f"x; touch {canary}")
    assert canary.exists()
    canary.unlink()
    host = _module(monkeypatch, TREE / "bad", "host")
    host.find_port(f"/nonexistent; touch {canary}; echo ", "w")
    assert canary.exists()
    canary.unlink()
    shaping = _module(monkeypatch, TREE / "bad", "shaping")
    shaping.delete_qdisc(f"lo; touch {canary};")
    assert canary.exists()
    canary.unlink()
    good = _module(monkeypatch, TREE / "good", "host")
    good.find_port(f"/nonexistent; touch {canary}; echo ", "w")
    good.link(f"a; touch {canary}", str(tmp_path / "b"))
    good_shaping = _module(monkeypatch, TREE / "good", "shaping")
    try:
        good_shaping.delete_qdisc(f"lo; touch {canary};")
    except OSError:
        pass  # no tc here: the argv's program is missing, and no shell ever ran
    assert not canary.exists()
