"""Shell flags decided by the caller, quoting helpers, and typed dispatch (issue 25, fresh6).

End to end through the CLI on ``fixtures/pyscan/flagpaths``:

* a ``CmdItem(cmd, shell=False)`` keeping both in ``self`` and running
  ``Popen(argv, shell=self.shell)``: the constructor's callers decide (the call that
  passes a maybe-true flag with a parameter is reported, the sink itself is not);
* ``if shell: create_subprocess_shell(...)`` with ``shell`` a keyword defaulting to
  False: the branch is a shell only for the callers passing ``shell=True``;
* ``" ".join(map(self._quote, cmd))`` where ``_quote`` returns a constant or
  ``shlex.quote(word)``: every word is quoted, the join is safe for ``sh -c``;
* ``run_local(template, *args)`` that ``%``-formats its arguments shell-quoted: a
  caller's template that puts one inside hand-written quotes or as ``sh -c``'s code
  undoes the quoting (the word-placed ones stay quiet);
* ``Host(backend: BaseBackend).run`` where ``BaseBackend.run`` raises
  NotImplementedError: the subclasses' ``run`` is what runs, and a classmethod's
  ``cls._host`` annotated in an ``if TYPE_CHECKING:`` block of the class reaches it;
  ``check_output(template, *args)`` forwards its ``*args`` whose first item is the
  command (the ``%s`` arguments are quoted by the backend: not reported).

Every ``# FLAG`` line gets exactly one finding; the good tree has no error or warning.
The flagged flows are real: the fixture's own code, called with a payload, writes a
canary through /bin/sh.
"""

import asyncio
import importlib
import json
import os
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings, run_cli

TREE = FIXTURES / "pyscan" / "flagpaths"


def test_each_flagged_line_is_reported_once():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs)
    assert got == sorted(marked_lines(TREE / "bad")), got
    by_line = {(f["path"], f["line"]): f for f in fs}
    item = by_line[("ops/cli.py", 21)]
    assert item["rule"] == "UL411" and "CmdItem()" in item["message"] and "ops/item.py:15" in item["message"]
    ex = by_line[("ops/cli.py", 29)]
    assert "shell=True passed to execute()" in ex["message"] and "ops/executor.py:8" in ex["message"], ex
    assert "ops/backend/base.py:19" in by_line[("ops/cli.py", 30)]["message"]
    # ``shell=self.is_shell`` of a command a method gets from ``self.cmd``: the constructor's callers
    cmd = by_line[("ops/cli.py", 35)]
    assert "Command()" in cmd["message"] and "ops/command.py:22" in cmd["message"], cmd
    assert by_line[("ops/modules.py", 27)]["rule"] == "UL411"
    assert "run_expect()" in by_line[("ops/modules.py", 39)]["message"]  # *args forwarded to the 2nd parameter
    # %s arguments the runner shell-quotes: reported where the template undoes the quoting
    assert "the code of the template's sh -c" in by_line[("ops/backend/docker.py", 12)]["message"]
    assert "inside quotes" in by_line[("ops/backend/docker.py", 16)]["message"]
    assert ("ops/backend/docker.py", 20) not in by_line
    # the pass-through sinks are not findings of their own
    assert not [f for f in fs if f["path"] in ("ops/item.py", "ops/executor.py", "ops/command.py")]
    for f in fs:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning")


def test_good_tree_has_no_shell_finding():
    code, fs = project_findings(TREE / "good")
    # the quoted join is at most the hygiene note of a quoted shell=True command: the opt-in UL412's
    assert fs == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    seen = set()
    for seed in ("0", "2", "7"):
        r = run_cli(
            "--format", "json", "--no-config", "--no-cache", "--select", "UL4", "--project-root", ".", ".",
            cwd=TREE / "bad", env=dict(os.environ, PYTHONHASHSEED=seed),
        )  # fmt: skip
        fs = json.loads(r.stdout)["findings"]
        seen.add(tuple(sorted((f["path"], f["line"], f["rule"], f["severity"], f["message"]) for f in fs)))
    assert len(seen) == 1


def _fresh_import(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "ops" or m.startswith("ops.")]:
        monkeypatch.delitem(sys.modules, m)


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _fresh_import(monkeypatch, TREE / "bad")
    cli = importlib.import_module("ops.cli")
    cli.Node().script(["true", "touch C_script"]).wait()
    asyncio.run(importlib.import_module("ops.executor").Executor().execute(["true; touch C_exec"], shell=True))
    cli.main(["--task", "true", "--check", "true; touch C_host"])
    cli.create_command({"run": "true; touch C_step", "shell": True}).run()
    modules = importlib.import_module("ops.modules")
    host = importlib.import_module("ops.host").Host(importlib.import_module("ops.backend.local").LocalBackend())
    iface = type("Iface", (modules.Interface,), {"_host": host})("lo; touch C_ping;", family="inet; touch C_family;")
    iface.addresses()
    iface.is_reachable()
    # the docker backend's two templates, with sh in place of ``docker exec NAME``
    backend = importlib.import_module("ops.backend.local").LocalBackend()
    backend.run_local("/bin/sh -c %s", backend.quote("touch %s", "C_code"))
    backend.run_local("test -e '%s'", "x; touch C_quotes")  # '%s' around 'x; touch C_quotes': unquoted
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_code", "C_exec", "C_family", "C_host", "C_ping", "C_quotes", "C_script", "C_step"], made


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_quiet_flows_do_not_run_the_payload(tmp_path, monkeypatch):
    """The values the good tree (and the bad tree's unflagged lines) hand over stay data."""
    monkeypatch.chdir(tmp_path)
    _fresh_import(monkeypatch, TREE / "good")
    node = importlib.import_module("ops.node").ExecuteNode()
    r = node.run(["echo", "x; touch C_node", node.PIPE, "cat"], cwd=str(tmp_path))
    assert r.stdout.strip() == "x; touch C_node"
    with pytest.raises(FileNotFoundError):  # no shell: the whole value is the program's name
        asyncio.run(importlib.import_module("ops.executor").Executor().execute(["true; touch C_exec"]))
    with pytest.raises(FileNotFoundError):
        importlib.import_module("ops.item").CmdItem(["true; touch C_item"]).create()
    out = importlib.import_module("ops.cli").show(str(tmp_path / "x; touch C_show"))
    assert out[0].returncode != 0 and "C_show" in out[0].stderr
    _fresh_import(monkeypatch, TREE / "bad")
    modules = importlib.import_module("ops.modules")
    host = importlib.import_module("ops.host").Host(importlib.import_module("ops.backend.local").LocalBackend())
    iface = type("Iface", (modules.Interface,), {"_host": host})("lo; touch C_speed")
    iface.speed()
    iface.has_address("x; touch C_addr")
    iface.is_up()
    backend = importlib.import_module("ops.backend.local").LocalBackend()
    assert backend.run_local("test -f %s", "x; touch C_word").returncode != 0
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
