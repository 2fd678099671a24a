"""Hand-written shell quoting that holds, and the partial escapers that do not (issue 25, pyA15).

End to end through the CLI on ``fixtures/pyscan/handquote``: a value whose every ``'`` is
replaced by ``'\\''`` / ``'"'"'`` (or dropped) inside hand-written ``'...'``, or whose
``\\``, ``"``, ``$`` and backquote are all escaped (backslash first) inside ``"..."``, is
quoted wherever the string is built (concatenation, ``%``, f-string, ``.format``, a
variable holding the escape); a partial escaper, an escape for the other kind of quotes,
an escape with no quotes around it and quoting only values with blanks stay findings.
Every claim is checked with real /bin/sh and a canary file.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "handquote"


def test_each_partial_escaper_is_reported_once():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs)
    assert got == sorted(marked_lines(TREE / "bad")), got
    for f in fs:
        assert f["rule"] in ("UL400", "UL401") and f["severity"] == "error", f
        assert "parameter 'path'" in f["message"], f
        assert f["line"] >= 1 and f["column"] >= 1 and f["confidence"]


def test_escaping_done_right_stays_quiet():
    _code, fs = project_findings(TREE / "good")
    assert fs == [], fs


def _module(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "tool" or m.startswith("tool.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("tool.files")


PAYLOADS = (
    "x'; touch C_sq; '",
    'x"; touch C_dq; "',
    "$(touch C_sub)",
    "`touch C_bq`",
    "\\$(touch C_bs)",
    "x;touch C_semi",
)


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_good_escapers_keep_every_payload_data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = _module(monkeypatch, TREE / "good")
    for name in ("sq_close_escape_reopen", "sq_double_quoted_quote", "sq_fstring", "sq_format", "dq_full_escape"):
        for p in PAYLOADS:
            getattr(files, name)(p)
    files.dq_full_escape_inline(PAYLOADS[2])
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_partial_escapers_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = _module(monkeypatch, TREE / "bad")
    files.dq_escape_quotes_only("$(touch C_1)")
    files.dq_escape_wrong_order("\\$(touch C_2)")
    files.sq_escape_in_double_quotes("$(touch C_3)")
    files.sq_escape_without_quotes("x;touch C_4")
    files.plain_hand_quotes("x'; touch C_5; '")
    files.quote_if_blank("x;touch${IFS}C_6")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_1", "C_2", "C_3", "C_4", "C_5", "C_6"], made
