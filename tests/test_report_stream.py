"""The streamed JSON report and its fast encoder are byte-identical to
``json.dumps(doc, indent=2, ensure_ascii=False)`` (plus the surrogate escape
every format applies)."""

from __future__ import annotations

import io
import json
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.core.findings import FileError, Finding
from utcp_lint.engine import RunResult
from utcp_lint.reporters import ReportContext, render, write_report
from utcp_lint.reporters.jsonenc import dumps_indent2

JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.text()),
    lambda c: st.one_of(st.lists(c, max_size=4), st.dictionaries(st.text(max_size=5), c, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(JSON, st.integers(0, 3))
def test_encoder_matches_json_dumps(value, level):
    want = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * level)
    assert dumps_indent2(value, level) == want


def _reference(result) -> str:
    doc = {
        "version": 1,
        "findings": [f.to_json() for f in result.findings],
        "errors": [e.to_json() for e in result.errors],
    }
    for e, out in zip(result.errors, doc["errors"]):
        if e.line is not None:
            out["message"] = f"{e.message} (line {e.line}, column {e.column})"
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)


def _finding(i, msg, tool):
    return Finding(
        rule=f"UL{100 + i}",
        severity="error",
        confidence="high",
        path=f"dir/f\u00e9{i}.json",
        line=i + 1,
        column=2,
        end_line=i + 1,
        end_column=9,
        pointer=f"/tools/{i}/x~1y",
        tool=tool,
        message=msg,
    )


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.tuples(st.text(), st.one_of(st.none(), st.text(max_size=6))), max_size=6),
    st.lists(st.tuples(st.text(max_size=8), st.one_of(st.none(), st.integers(1, 9))), max_size=3),
)
def test_streamed_report_is_byte_identical(findings, errors):
    result = RunResult()
    result.findings = [_finding(i, m, t) for i, (m, t) in enumerate(findings)]
    result.errors = [FileError(f"p{i}\ud800.json", m, ln, ln) for i, (m, ln) in enumerate(errors)]
    ctx = ReportContext(rules={})
    want = _reference(result)
    assert render("json", result, ctx) == want
    out = io.StringIO()
    write_report("json", result, ctx, out)
    assert out.getvalue() == want


def test_large_report_streams_in_chunks():
    result = RunResult()
    result.findings = [_finding(i, "m" * 50, "t") for i in range(3000)]

    class Counting(io.StringIO):
        writes = 0

        def write(self, s):
            Counting.writes += 1
            return super().write(s)

    out = Counting()
    write_report("json", result, ReportContext(rules={}), out)
    assert out.getvalue() == _reference(result)
    assert Counting.writes > 5  # written as it is produced, not as one string


def test_findings_outside_the_direct_writer_are_encoded_as_json_does():
    """The report writes plain findings straight from their fields; a batch holding one
    that is not (a subclass, a bool where an int belongs) goes through the general
    encoder, and the bytes are json.dumps's either way."""

    class Tagged(Finding):
        __slots__ = ()

    plain = [_finding(i, f'm\u00e9ssage {i} "q" \\ \n', None if i % 2 else "t\u200b") for i in range(4)]
    odd = _finding(9, "odd", "t")
    odd.line = True  # json writes true
    sub = Tagged(
        **{
            k: getattr(odd, k)
            for k in (
                "rule",
                "severity",
                "confidence",
                "path",
                "line",
                "column",
                "end_line",
                "end_column",
                "pointer",
                "tool",
                "message",
            )
        }
    )
    for findings in (plain, [*plain, odd], [sub, *plain]):
        result = RunResult()
        result.findings = findings
        text = render("json", result, ReportContext(rules={}))
        assert text == _reference(result)
        assert json.loads(text)["findings"][0]["rule"] == findings[0].rule
    assert '"line": true' in render("json", RunResult(findings=[odd]), ReportContext(rules={}))
