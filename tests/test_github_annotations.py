"""--format github: workflow-command annotations with correct escaping."""

import json
import re

from conftest import run_cli
from hypothesis import given, settings, strategies as st

from utcp_lint.core.findings import FileError, Finding
from utcp_lint.engine import RunResult
from utcp_lint.reporters import ReportContext, render
from utcp_lint.reporters.github_report import command, escape_data, escape_property

LINE = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")


def unescape(s: str) -> str:
    """What the Actions runner does to a value (its documented decoding)."""
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def parse(line: str):
    """Parse one workflow command the way the runner does: the properties end
    at the first '::', properties are split at ','. Returns (level, props, msg)."""
    m = LINE.match(line)
    assert m, line
    props = {}
    if m.group(2):
        for part in m.group(2).split(","):
            k, _, v = part.partition("=")
            props[k] = unescape(v)
    return m.group(1), props, unescape(m.group(3))


def test_escaping_rules():
    assert escape_data("100% sure\r\nnext") == "100%25 sure%0D%0Anext"
    assert escape_property("a:b,c%d\n") == "a%3Ab%2Cc%25d%0A"
    assert escape_data("a::b,c") == "a::b,c"  # ':' and ',' are fine in the message


@settings(max_examples=300, deadline=None)
@given(path=st.text(min_size=1, max_size=30), msg=st.text(max_size=60), line=st.integers(1, 10**6))
def test_round_trip_through_runner_decoding(path, msg, line):
    out = command("warning", msg, file=path, line=line, title="UL031")
    assert "\n" not in out and "\r" not in out
    level, props, got = parse(out)
    assert level == "warning"
    assert props == {"file": path, "line": str(line), "title": "UL031"}
    assert got == msg


def _finding(**kw):
    base = dict(
        rule="UL031",
        severity="error",
        confidence="high",
        path="a,b:c%.json",
        line=3,
        column=5,
        end_line=3,
        end_column=12,
        pointer="/tools/0",
        tool="t",
        message="bad\nthing: 50%",
    )
    base.update(kw)
    return Finding(**base)


def test_render_levels_positions_and_errors():
    res = RunResult(
        findings=[
            _finding(),
            _finding(severity="warning", rule="UL032"),
            _finding(severity="note", rule="UL033", tool=None),
        ],
        errors=[
            FileError("x.json", "invalid JSON: Expecting value", 2, 7),
            FileError("gone.json", "no such file or directory"),
        ],
        files=2,
    )
    lines = render("github", res, ReportContext(rules={})).splitlines()
    parsed = [parse(x) for x in lines if x.startswith("::")]
    assert [p[0] for p in parsed] == ["error", "warning", "notice", "error", "error"]
    level, props, msg = parsed[0]
    assert props == {
        "file": "a,b:c%.json",
        "line": "3",
        "col": "5",
        "endLine": "3",
        "endColumn": "12",
        "title": "UL031",
    }
    assert msg == "bad\nthing: 50% [tool t]"
    assert parsed[2][2] == "bad\nthing: 50%"
    assert parsed[3][1] == {"file": "x.json", "line": "2", "col": "7", "title": "utcp-lint input error"}
    assert parsed[4][1] == {"file": "gone.json", "title": "utcp-lint input error"}
    assert lines[-1] == "utcp-lint: 3 findings, 2 file errors in 2 files"


def test_cli_github_format_matches_json_positions(tmp_path):
    data = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {}},
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [{"command": "cat UTCP_ARG_f_UTCP_END"}],
                },
            }
        ],
    }
    (tmp_path / "m.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    r = run_cli("--format", "github", "--no-config", "--select", "UL031", "m.json", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    rj = run_cli("--format", "json", "--no-config", "--select", "UL031", "m.json", cwd=tmp_path)
    exp = json.loads(rj.stdout)["findings"]
    got = [parse(x) for x in r.stdout.splitlines() if x.startswith("::")]
    assert len(got) == len(exp) == 1
    level, props, msg = got[0]
    f = exp[0]
    assert level == "error"
    assert props == {
        "file": "m.json",
        "line": str(f["line"]),
        "col": str(f["column"]),
        "endLine": str(f["end_line"]),
        "endColumn": str(f["end_column"]),
        "title": "UL031",
    }
    assert msg.startswith(f["message"])
    r0 = run_cli("--format", "github", "--no-config", "--select", "UL031", "--exit-zero", "m.json", cwd=tmp_path)
    assert r0.returncode == 0 and r0.stdout == r.stdout


def test_cli_github_format_reports_input_errors(tmp_path):
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    r = run_cli("--format", "github", "--no-config", "bad.json", cwd=tmp_path)
    assert r.returncode == 2
    got = [parse(x) for x in r.stdout.splitlines() if x.startswith("::")]
    assert got and got[0][0] == "error" and got[0][1]["file"] == "bad.json"
    assert "invalid JSON" in got[0][2]
