"""--write-baseline / --baseline: keyed by rule, file, stable pointer and
normalised content -- not by line -- with counts per key."""

import json

import pytest
from conftest import run_cli

from utcp_lint.core.findings import Finding
from utcp_lint.engine import RunResult
from utcp_lint.run.baseline import BaselineError, apply_baseline, finding_key, read_baseline, stable_pointer


def manual(tools):
    return {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}


def tool(name, commands, props=("x",)):
    return {
        "name": name,
        "description": "d",
        "inputs": {"type": "object", "properties": {p: {"type": "string"} for p in props}, "required": list(props)},
        "tool_call_template": {
            "name": name,
            "call_template_type": "cli",
            "commands": [{"command": c} for c in commands],
        },
    }


A = tool("a", ["cat -- UTCP_ARG_one_UTCP_END"])
B = tool("b", ["ls -- UTCP_ARG_two_UTCP_END"])
C = tool("c", ["wc -l -- UTCP_ARG_x_UTCP_END"])  # clean


def put(tmp_path, data, name="m.json", text=None):
    (tmp_path / name).write_text(text if text is not None else json.dumps(data, indent=2) + "\n", encoding="utf-8")


def lint(tmp_path, *args):
    r = run_cli("--format", "json", "--no-config", "--select", "UL031", *args, cwd=tmp_path)
    assert "Traceback" not in r.stderr, r.stderr
    return r, (json.loads(r.stdout) if r.stdout.strip() else None)


def write_bl(tmp_path, *paths, bl="baseline.json"):
    r = run_cli("--no-config", "--select", "UL031", "--write-baseline", bl, *paths, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return r


def test_round_trip_hides_everything(tmp_path):
    put(tmp_path, manual([A, B, C]))
    r = write_bl(tmp_path, "m.json")
    assert "wrote 2 finding(s)" in r.stderr
    doc = json.loads((tmp_path / "baseline.json").read_text())
    assert doc["version"] == 1 and doc["tool"] == "utcp-lint"
    assert {(e["rule"], e["path"], e["count"]) for e in doc["findings"]} == {("UL031", "m.json", 1)}
    assert all("line" not in e for e in doc["findings"])
    r, out = lint(tmp_path, "--baseline", "baseline.json", "m.json")
    assert r.returncode == 0 and out["findings"] == []
    # text mode says how many were hidden
    rt = run_cli("--no-config", "--select", "UL031", "--baseline", "baseline.json", "m.json", cwd=tmp_path)
    assert rt.returncode == 0 and "2 known finding(s) hidden" in rt.stderr


def test_moving_and_reformatting_does_not_resurrect(tmp_path):
    put(tmp_path, manual([A, B, C]))
    write_bl(tmp_path, "m.json")
    # new tool first, order reversed, steps prepended, different indentation
    A2 = json.loads(json.dumps(A))
    A2["tool_call_template"]["commands"].insert(0, {"command": "true"})
    put(tmp_path, None, text="\n\n" + json.dumps(manual([C, B, A2]), indent=4))
    r, out = lint(tmp_path, "--baseline", "baseline.json", "m.json")
    assert r.returncode == 0, out
    # and without the baseline both are still there (the edits kept them)
    r, out = lint(tmp_path, "m.json")
    assert len(out["findings"]) == 2


def test_new_identical_finding_still_shows(tmp_path):
    put(tmp_path, manual([A, B]))
    write_bl(tmp_path, "m.json")
    A2 = json.loads(json.dumps(A))
    A2["tool_call_template"]["commands"].append({"command": "cat -- UTCP_ARG_one_UTCP_END"})
    put(tmp_path, manual([A2, B]))
    r, out = lint(tmp_path, "--baseline", "baseline.json", "m.json")
    assert r.returncode == 1
    assert len(out["findings"]) == 1 and out["findings"][0]["tool"] == "a"


def test_changed_command_and_new_finding_show(tmp_path):
    put(tmp_path, manual([A, B]))
    write_bl(tmp_path, "m.json")
    B2 = tool("b", ["ls -la -- UTCP_ARG_two_UTCP_END"])  # command changed
    D = tool("d", ["rm UTCP_ARG_three_UTCP_END"])  # new
    put(tmp_path, manual([A, B2, D]))
    r, out = lint(tmp_path, "--baseline", "baseline.json", "m.json")
    assert r.returncode == 1
    assert sorted(f["tool"] for f in out["findings"]) == ["b", "d"]


def test_fixed_findings_are_reported_as_gone(tmp_path):
    put(tmp_path, manual([A, B]))
    write_bl(tmp_path, "m.json")
    put(tmp_path, manual([A, C]))
    rt = run_cli("--no-config", "--select", "UL031", "--baseline", "baseline.json", "m.json", cwd=tmp_path)
    assert rt.returncode == 0
    assert "1 known finding(s) hidden; 1 recorded finding(s) no longer occur" in rt.stderr


def test_paths_are_relative_to_the_baseline_file(tmp_path):
    proj = tmp_path / "proj"
    (proj / "manuals").mkdir(parents=True)
    put(proj / "manuals", manual([A]))
    write_bl(proj, "manuals/m.json", bl="baseline.json")
    doc = json.loads((proj / "baseline.json").read_text())
    assert doc["findings"][0]["path"] == "manuals/m.json"
    # run from inside manuals/: display paths differ, the baseline still applies
    r, out = lint(proj / "manuals", "--baseline", "../baseline.json", "m.json")
    assert r.returncode == 0 and out["findings"] == []
    # the same file name in another directory is a different file
    (proj / "other").mkdir()
    put(proj / "other", manual([A]))
    r, out = lint(proj, "--baseline", "baseline.json", "manuals/m.json", "other/m.json")
    assert [f["path"] for f in out["findings"]] == ["other/m.json"]


def test_baseline_with_sarif_output(tmp_path):
    put(tmp_path, manual([A, B]))
    write_bl(tmp_path, "m.json")
    put(tmp_path, manual([A, B, tool("d", ["rm UTCP_ARG_z_UTCP_END"])]))
    r = run_cli(
        "--format", "sarif", "--no-config", "--select", "UL031", "--baseline", "baseline.json", "m.json", cwd=tmp_path
    )
    assert r.returncode == 1
    res = json.loads(r.stdout)["runs"][0]["results"]
    assert [x["properties"]["tool"] for x in res] == ["d"]


@pytest.mark.parametrize(
    "content,msg",
    [
        ("not json", "not valid JSON"),
        ('{"version": 1, "findings": []}', "not a utcp-lint baseline"),
        ('{"version": 99, "tool": "utcp-lint", "findings": []}', "version 99"),
        ('{"version": 1, "tool": "utcp-lint", "findings": [{"rule": "UL031"}]}', "entry 0 lacks"),
        (
            '{"version": 1, "tool": "utcp-lint", "findings": [{"rule": "UL031", "path": "m", "pointer": "",'
            ' "hash": "x", "count": 0}]}',
            "malformed",
        ),
    ],
)
def test_bad_baselines_exit_2(tmp_path, content, msg):
    put(tmp_path, manual([A]))
    (tmp_path / "bl.json").write_text(content, encoding="utf-8")
    r = run_cli("--no-config", "--baseline", "bl.json", "m.json", cwd=tmp_path)
    assert r.returncode == 2
    assert msg in r.stderr and "Traceback" not in r.stderr


def test_missing_baseline_exits_2_with_hint(tmp_path):
    put(tmp_path, manual([A]))
    r = run_cli("--no-config", "--baseline", "nope.json", "m.json", cwd=tmp_path)
    assert r.returncode == 2 and "--write-baseline nope.json" in r.stderr


def test_unwritable_baseline_exits_2(tmp_path):
    put(tmp_path, manual([A]))
    r = run_cli("--no-config", "--write-baseline", "no/such/dir/bl.json", "m.json", cwd=tmp_path)
    assert r.returncode == 2 and "cannot write baseline" in r.stderr and "Traceback" not in r.stderr


# ----------------------------------------------------------------------------
# unit level: the key
# ----------------------------------------------------------------------------


def _f(**kw):
    base = dict(
        rule="UL100",
        severity="error",
        confidence="high",
        path="m.json",
        line=1,
        column=1,
        end_line=1,
        end_column=2,
        pointer="/tools/3/tool_call_template/commands/2/command",
        tool="deploy",
        message="m",
        snippet="echo  UTCP_ARG_a_UTCP_END",
        start=0,
        end=0,
    )
    base.update(kw)
    return Finding(**base)


def test_stable_pointer_uses_tool_name_and_drops_step_index():
    assert stable_pointer(_f()) == "/tools/@deploy/tool_call_template/commands/*/command"
    assert stable_pointer(_f(tool="a/b~c", pointer="/tools/0/name")) == "/tools/@a~1b~0c/name"
    assert stable_pointer(_f(tool=None, pointer="/tools/0/name")) == "/tools/0/name"
    assert (
        stable_pointer(_f(pointer="/manual_call_templates/1/commands/0/command", tool=None))
        == "/manual_call_templates/1/commands/*/command"
    )


def test_key_ignores_lines_and_whitespace_but_not_content():
    k = finding_key(_f(), None)
    assert finding_key(_f(line=40, column=9, end_line=40, end_column=19), None) == k
    assert finding_key(_f(snippet="echo UTCP_ARG_a_UTCP_END"), None) == k
    assert finding_key(_f(pointer="/tools/0/tool_call_template/commands/0/command"), None) == k
    assert finding_key(_f(snippet="printf UTCP_ARG_a_UTCP_END"), None) != k
    assert finding_key(_f(rule="UL101"), None) != k
    assert finding_key(_f(tool="other"), None) != k


def test_counts_per_key(tmp_path):
    fs = [_f(), _f(), _f()]
    res = RunResult(findings=fs[:2])
    from utcp_lint.run.baseline import write_baseline

    bl = str(tmp_path / "b.json")
    assert write_baseline(bl, res) == 2
    counts = read_baseline(bl)
    assert list(counts.values()) == [2]
    assert len(apply_baseline(bl, RunResult(findings=fs))) == 1
    assert apply_baseline(bl, RunResult(findings=fs[:1])) == []
    with pytest.raises(BaselineError):
        read_baseline(str(tmp_path / "missing.json"))
