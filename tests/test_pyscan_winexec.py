"""UL404: command lines a Windows host runs for a remote caller over DCE/RPC (issue 25).

impacket's WMI ``Win32_Process.Create(CommandLine, ...)``, SCMR
``hRCreateServiceW``/``hRChangeServiceConfigW`` (the service's ``lpBinaryPathName``) and the
task scheduler's ``hSchRpcRegisterTask`` (the task XML's command and arguments) hand a command
line to the remote host, which starts it; the tools write ``cmd.exe /Q /c ...`` or
``%COMSPEC% /Q /c ...`` so the remote cmd.exe parses it (``linter/pyscan/winexec.py``, the
sources of each fact recorded there); pypsexec's ``Client.run_executable(executable, arguments)``
and pypsrp's ``PowerShell.add_script(script)`` are entries of ``runnerlibs.LIB_OBJECT_RUNNERS``.
No local shell is involved, so there is no canary: the
remote side is Windows' (Microsoft's protocol documents, cited in the module).
``fixtures/pyscan/winexec``: a wmiexec-style shell class, a WMI process object bound in the
function, the service and task paths and a CLI caller (bad); constant command lines, other WMI
classes' ``Create``, a dict's ``Create`` and a service's binary path read back and restored
(good).
"""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "winexec"


def test_bad_tree_reports_each_remote_command_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    sinks = [f for f in found if f["rule"] == "UL404"]
    assert len(sinks) == 8
    assert all(f["severity"] == "error" and "remote" in f["message"] for f in sinks)
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    for f in found:
        assert f["line"] > 0 and f["column"] > 0 and f["confidence"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_without_impacket_a_create_call_is_nothing(tmp_path):
    (tmp_path / "m.py").write_text(
        "import subprocess\n\ndef make(win32Process, name):\n    return win32Process.Create(name)\n"
    )
    code, found = lint_ul4(tmp_path)
    assert code == 0 and found == [], found
