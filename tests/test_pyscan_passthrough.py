"""Pure pass-through wrappers of subprocess (issue 25, pyP2: linter/pyscan/passthrough.py).

End to end through the CLI on ``fixtures/pyscan/passthrough``: wrappers whose command and
shell flag are both the caller's (``run(*args, **kwargs)``, ``cmd = [expanduser(s) for s
in cmd]; Popen(cmd, **kwargs)``, a static method) are not reported at their own call (the review criteria: "a pure pass-through ...
whose shell flag is decided by the caller is FALSE and the risk is attributed to the calling
site"); the bad tree's callers that pass ``shell=True`` with a command built from a value,
and a wrapper that forces ``shell=True``, are.
"""

from conftest import FIXTURES, lint_json, marked_lines

TREE = FIXTURES / "pyscan" / "passthrough"


def _findings(tree, *paths):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", *paths, cwd=tree)
    assert not out["errors"], out["errors"]
    for f in out["findings"]:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning", "note"), f
    return out["findings"]


def test_good_tree_is_quiet():
    assert _findings(TREE / "good", ".") == []


def test_the_wrappers_alone_are_quiet():
    # no caller in sight: the wrapper's own call is still not a finding
    assert _findings(TREE / "good", "tool/proc.py") == []


def test_bad_tree_reports_the_callers_and_the_forcing_wrapper():
    got = sorted((f["path"], f["line"]) for f in _findings(TREE / "bad", "."))
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert ("tool/proc2.py", 7) in got
