"""Issue 25 (pyA18): configuration-management tasks whose command a tool runs through a
shell (linter/pyscan/cmtasks.py): Ansible's shell/raw/win_shell modules named in a call
with ``module_args``, salt's ``cmd.run``/``cmd.shell`` sent as a job by a master client, pyinfra's
``server.shell(commands=[...])`` (runnerlibs.py, mode ``"items"``), in the Python API's ``dict(module=..., args=...)``, or as the key of
a task mapping (a fully qualified name alone, the short name only beside task keywords).

``fixtures/pyscan/cmtasks``: bad and good trees.  The canary test plays the part of
Ansible's shell module as its documentation describes it (the command handed to
``/bin/sh -c`` on the target) with a real sh."""

import ast
import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from linter.pyscan.cmtasks import SHELL_MODULES, task_commands
from linter.pyscan.prefilter import is_candidate

TREE = FIXTURES / "pyscan" / "cmtasks"


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["rule"] == "UL404" for f in found)
    by_line = {f["line"]: f for f in found if f["path"].endswith("remote.py")}
    assert "Ansible raw task" in by_line[25]["message"]
    assert "ansible.builtin.shell" in by_line[40]["message"]
    assert by_line[45]["severity"] == "error" and by_line[54]["severity"] == "warning"  # a value not known
    salt = {f["line"]: f["message"] for f in found if f["path"].endswith("salty.py")}
    assert "salt cmd.run job" in salt[8] and "salt cmd.shell job" in salt[13]
    pyinfra = {f["line"]: f["message"] for f in found if f["path"].endswith("tasks.py")}
    assert all("pyinfra.operations.server.shell" in m and "remote shell" in m for m in pyinfra.values())


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def _found(src):
    tree = ast.parse(src)
    calls = [(n, None) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    dicts = [(n, None) for n in ast.walk(tree) if isinstance(n, ast.Dict)]
    return [(m, ast.unparse(c)) for _a, _s, m, c in task_commands(calls, dicts)]


def test_shapes():
    assert _found("f(module='ansible.builtin.raw', module_args=c)") == [("ansible.builtin.raw", "c")]
    assert _found("f(module='copy', module_args=c)") == []
    assert _found("{'win_shell': c, 'register': 'r'}") == [("win_shell", "c")]
    # a short name beside a key that is no task keyword: no task
    assert _found("{'shell': c, 'uid': 1, 'name': n}") == []
    assert _found("{'name': 'x', 'shell': login_shell}") == []
    # an argument mapping: its free form; a list is no command line
    assert _found("dict(module='shell', args=dict(cmd=c, chdir='/'))") == [("shell", "c")]
    assert _found("{'ansible.builtin.shell': [a, b]}") == []
    assert "ansible.builtin.command" not in SHELL_MODULES and "command" not in SHELL_MODULES
    assert is_candidate("r = run_ansible('shell', module_args=cmd)")
    assert _found("client.cmd(t, 'cmd.run', [c])") == [("cmd.run", "c")]
    assert _found("client.cmd(t, 'cmd.run', args)") == []  # a list not known: no first item
    assert _found("client.cmd(t, 'grains.item', [c])") == []


def test_canary_shell_module_runs_the_command(tmp_path, monkeypatch):
    """The module's documented behaviour, played with a real sh: the argument the bad tree
    builds for a service name ``x; touch CANARY`` creates the canary."""
    canary = tmp_path / "CANARY"
    for name in ("ansible_runner", "yaml"):  # the fixture's imports; not called here
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    sys.path.insert(0, str(TREE / "bad"))
    try:
        from fleet.remote import restart_task

        task = restart_task(f"x; touch {canary}", True)
    finally:
        sys.path.remove(str(TREE / "bad"))
        sys.modules.pop("fleet.remote", None)
        sys.modules.pop("fleet", None)
    subprocess.run(["/bin/sh", "-c", task["shell"]], capture_output=True)
    assert canary.exists()
