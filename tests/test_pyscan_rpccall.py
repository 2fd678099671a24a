"""Issue 25: a function handed to a call that runs it elsewhere with the other arguments,
across modules: an RPC context's ``call``/``call_async``/``call_no_reply`` (mitogen's
``Context.call(fn, *args, **kwargs)``) and an executor's ``submit`` naming a function of
another module.  The file is no longer skipped because it never writes ``name(`` (the text
prefilter of the project pass), and the call is an edge to the function it names.
``fixtures/pyscan/rpccall``: target module + controller module, bad and good, end to end
through the CLI; the bad calls proven with real sh through a context that runs the function
as mitogen's does (in the target, here this process)."""

import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "rpccall"


_lint = lint_ul4


def test_bad_tree_reports_each_deferred_call():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    callers = [f for f in found if f["path"].endswith("conn.py")]
    assert {f["rule"] for f in callers} == {"UL411"} and all(f["severity"] == "error" for f in callers)
    assert all("target.py:7" in f["message"] for f in callers)
    assert _lint(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert (code, found) == (0, [])


class _Context:
    """Runs the function with the arguments, as a mitogen context does in the target."""

    def call(self, fn, *args, **kwargs):
        return fn(*args, **kwargs)

    call_async = call


class _Router:
    def context(self):
        return _Context()


def test_the_deferred_calls_run_the_value_as_shell_code(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    monkeypatch.chdir(tmp_path)
    for name in ("agent", "agent.target", "agent.conn"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    try:
        _run_bad(tmp_path)
    finally:
        for name in ("agent", "agent.target", "agent.conn"):
            sys.modules.pop(name, None)


def _run_bad(tmp_path):
    import agent.conn

    conn = agent.conn.Connection(_Router())
    canaries = [tmp_path / f"canary{i}" for i in range(3)]
    conn.exec_command(f"true; touch {canaries[0]}", cwd=str(tmp_path))
    conn.exec_async(f"true; touch {canaries[1]}")
    [f.result() for f in agent.conn.run_all([f"true; touch {canaries[2]}"])]
    assert all(c.exists() for c in canaries)
