"""--format sarif: schema-valid SARIF 2.1.0 with every field GitHub code
scanning reads, exact code-point regions, fingerprints that survive
unrelated edits, related locations, fixes and file errors."""

import json
import subprocess
import sys

import jsonschema
import pytest
from conftest import FIXTURES, ROOT, SHARED, run_cli
from hypothesis import given, settings, strategies as st

from utcp_lint.core.findings import FileError, Finding, Fix, Region, Related, TextEdit
from utcp_lint.engine import RunResult
from utcp_lint.reporters import ReportContext, render
from utcp_lint.ruleset.rule import all_rules

SCHEMA_PATH = SHARED / "schemas" / "sarif-schema-2.1.0.json"


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(schema)


def sarif(*args, cwd=None):
    r = run_cli("--format", "sarif", "--no-config", *args, cwd=cwd)
    assert "Traceback" not in r.stderr, r.stderr
    return r, (json.loads(r.stdout) if r.stdout.strip() else None)


def validate(validator, log):
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def manual(tools):
    return {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}


def cli_tool(name, commands, props, required=None, description="A tool"):
    return {
        "name": name,
        "description": description,
        "inputs": {
            "type": "object",
            "properties": {p: {"type": "string"} for p in props},
            "required": list(props) if required is None else required,
        },
        "outputs": {"type": "string"},
        "tool_call_template": {
            "name": name,
            "call_template_type": "cli",
            "commands": [{"command": c} for c in commands],
        },
    }


# a manual whose findings are UL031 (undeclared placeholders): stable across
# rules added by others because we select the rule explicitly
VULN = manual(
    [
        cli_tool("count", ["wc -l -- UTCP_ARG_path_UTCP_END"], ["path"]),
        cli_tool("show", ["cat -- UTCP_ARG_file_UTCP_END"], ["path"]),
        cli_tool("grep", ["grep -e UTCP_ARG_pat_UTCP_END -- UTCP_ARG_where_UTCP_END"], ["pattern"]),
    ]
)


def write(tmp_path, name, data, indent=2):
    p = tmp_path / name
    p.write_text(json.dumps(data, indent=indent, ensure_ascii=False) + "\n", encoding="utf-8")
    return p


# ----------------------------------------------------------------------------
# schema and GitHub fields
# ----------------------------------------------------------------------------


def test_example_manual_validates_against_oasis_schema(validator):
    r, log = sarif(FIXTURES / "example" / "manual.json")
    assert r.returncode in (0, 1)
    validate(validator, log)
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")


def test_driver_and_rule_metadata_for_github(validator):
    r, log = sarif("--select", "UL031", FIXTURES / "example" / "manual.json")
    validate(validator, log)
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    from utcp_lint import __version__

    assert driver["name"] == "utcp-lint"
    assert driver["version"] == __version__
    assert driver["informationUri"].startswith("https://")
    rules = all_rules()
    assert [d["id"] for d in driver["rules"]] == sorted(rules)
    for d in driver["rules"]:
        rule = rules[d["id"]]
        assert d["name"] == rule.name
        assert d["shortDescription"]["text"] == rule.short_description
        assert d["fullDescription"]["text"]
        assert d["help"]["text"].startswith(f"{rule.id} {rule.name}")
        assert d["help"]["markdown"].startswith(f"# {rule.id}: {rule.name}")
        assert "## Fix" in d["help"]["markdown"] or "## Fix" not in rule.full_doc
        assert d["helpUri"].endswith(f"/docs/rules/{rule.id}.md")
        props = d["properties"]
        # issue 12: the category first; only security rules carry security-severity
        assert props["tags"][0] == rule.category in ("security", "correctness", "hygiene")
        for t in rule.tags:
            assert t in props["tags"]
        assert props["precision"] == rule.confidence
        if rule.category != "security":
            assert "security-severity" not in props
        else:
            assert isinstance(props["security-severity"], str)
            assert 0.1 <= float(props["security-severity"]) <= 10.0
            assert float(props["security-severity"]) == pytest.approx(min(10, max(0.1, rule.sec_severity)))
        assert d["defaultConfiguration"]["level"] == rule.severity
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["automationDetails"]["id"].startswith("utcp-lint/")
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file:///")
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")
    assert run["invocations"][0]["executionSuccessful"] is True


def test_results_match_json_positions_exactly(tmp_path, validator):
    # non-ASCII before the placeholder on the same line: columns are code points
    data = manual([cli_tool("ünï", ["echo 'héllo 🎉' UTCP_ARG_missing_UTCP_END"], ["x"])])
    p = tmp_path / "m.json"
    # one line, so everything sits on line 1 after multi-byte characters
    p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r, log = sarif("--select", "UL031", p.name, cwd=tmp_path)
    assert r.returncode == 1
    validate(validator, log)
    rj = run_cli("--format", "json", "--no-config", "--select", "UL031", p.name, cwd=tmp_path)
    expected = json.loads(rj.stdout)["findings"]
    results = log["runs"][0]["results"]
    assert len(results) == len(expected) == 1
    text = p.read_text(encoding="utf-8")
    for res, exp in zip(results, expected):
        rules = log["runs"][0]["tool"]["driver"]["rules"]
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"] == exp["rule"]
        assert res["level"] == exp["severity"]
        assert res["message"]["text"].startswith(exp["message"])
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"] == {"uri": "m.json", "uriBaseId": "%SRCROOT%", "index": 0}
        reg = loc["region"]
        assert (reg["startLine"], reg["startColumn"], reg["endLine"], reg["endColumn"]) == (
            exp["line"],
            exp["column"],
            exp["end_line"],
            exp["end_column"],
        )
        line = text.split("\n")[reg["startLine"] - 1]
        # Python str indices are code points: the region selects the placeholder
        assert line[reg["startColumn"] - 1 : reg["endColumn"] - 1] == "UTCP_ARG_missing_UTCP_END"
        assert reg["snippet"]["text"] == "UTCP_ARG_missing_UTCP_END"
        assert res["properties"]["pointer"] == exp["pointer"]
        assert res["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == exp["pointer"]
        assert res["partialFingerprints"]["primaryLocationLineHash"]
    assert log["runs"][0]["artifacts"][0]["location"]["uri"] == "m.json"


def test_exit_code_follows_exit_zero_and_output_file(tmp_path, validator):
    p = write(tmp_path, "vuln.json", VULN)
    r, log = sarif("--select", "UL031", p.name, cwd=tmp_path)
    assert r.returncode == 1 and log["runs"][0]["results"]
    r2 = run_cli(
        "--format",
        "sarif",
        "--no-config",
        "--select",
        "UL031",
        "--exit-zero",
        "--output",
        "out.sarif",
        p.name,
        cwd=tmp_path,
    )
    assert r2.returncode == 0, r2.stderr
    assert r2.stdout == ""
    log2 = json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))
    validate(validator, log2)
    assert log2["runs"][0]["results"] == log["runs"][0]["results"]


def test_file_errors_become_tool_execution_notifications(tmp_path, validator):
    bad = tmp_path / "broken.json"
    bad.write_text('{"tools": [\n  {"name": "x",, }\n]}', encoding="utf-8")
    good = write(tmp_path, "vuln.json", VULN)
    r, log = sarif("--select", "UL031", bad.name, "missing.json", good.name, cwd=tmp_path)
    assert r.returncode == 2
    validate(validator, log)
    inv = log["runs"][0]["invocations"][0]
    assert inv["executionSuccessful"] is False
    notes = inv["toolExecutionNotifications"]
    by_uri = {n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: n for n in notes}
    assert set(by_uri) == {"broken.json", "missing.json"}
    assert all(n["level"] == "error" for n in notes)
    assert "invalid JSON" in by_uri["broken.json"]["message"]["text"]
    assert by_uri["broken.json"]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    # the good file's findings are still reported
    assert {res["ruleId"] for res in log["runs"][0]["results"]} == {"UL031"}


def test_uris_are_relative_percent_encoded_or_absolute(tmp_path, validator):
    sub = tmp_path / "dir with space" / "ü"
    sub.mkdir(parents=True)
    write(sub, "m#1.json", VULN)
    r, log = sarif("--select", "UL031", "dir with space", cwd=tmp_path)
    validate(validator, log)
    uris = {res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for res in log["runs"][0]["results"]}
    assert uris == {"dir%20with%20space/%C3%BC/m%231.json"}
    # a file outside the working directory gets an absolute file: URI, no base id
    other = tmp_path / "elsewhere"
    other.mkdir()
    r, log = sarif("--select", "UL031", str(sub / "m#1.json"), cwd=other)
    validate(validator, log)
    al = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert al["uri"].startswith("file:///") and "uriBaseId" not in al


def test_sarif_om_is_imported_only_for_sarif():
    code = (
        "import sys; from click.testing import CliRunner; from utcp_lint.cli.app import main; "
        "r = CliRunner().invoke(main, ['--format', '{fmt}', '--no-config', 'fixtures/example/manual.json']); "
        "print('sarif_om' in sys.modules, r.exit_code)"
    )
    for fmt, loaded in (("json", "False"), ("text", "False"), ("github", "False"), ("sarif", "True")):
        out = subprocess.run(
            [sys.executable, "-c", code.replace("{fmt}", fmt)], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert out.stdout.split()[0] == loaded, (fmt, out.stdout, out.stderr)


# ----------------------------------------------------------------------------
# fingerprints
# ----------------------------------------------------------------------------


def _fps(log):
    return sorted((r["ruleId"], r["partialFingerprints"]["primaryLocationLineHash"]) for r in log["runs"][0]["results"])


def test_fingerprints_survive_unrelated_edits(tmp_path):
    p = write(tmp_path, "m.json", VULN)
    _, before = sarif("--select", "UL031", p.name, cwd=tmp_path)
    fps = _fps(before)
    assert len(fps) == 3 and len(set(fps)) == 3
    # 1. reformat (indentation 4 and leading blank lines: every line/column moves)
    p.write_text("\n\n\n" + json.dumps(VULN, indent=4), encoding="utf-8")
    _, after = sarif("--select", "UL031", p.name, cwd=tmp_path)
    assert _fps(after) == fps
    lines_before = sorted(
        r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in before["runs"][0]["results"]
    )
    lines_after = sorted(
        r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after["runs"][0]["results"]
    )
    assert all(b != a for b, a in zip(lines_before, lines_after))  # the lines really moved
    # 2. a new clean tool inserted first and the tools reordered
    moved = manual([cli_tool("new", ["date"], []), VULN["tools"][2], VULN["tools"][1], VULN["tools"][0]])
    write(tmp_path, "m.json", moved)
    _, after = sarif("--select", "UL031", p.name, cwd=tmp_path)
    assert _fps(after) == fps
    # 3. whitespace inside the command is normalised away
    ws = json.loads(json.dumps(VULN))
    ws["tools"][1]["tool_call_template"]["commands"][0]["command"] = "cat  --   UTCP_ARG_file_UTCP_END"
    write(tmp_path, "m.json", ws)
    _, after = sarif("--select", "UL031", p.name, cwd=tmp_path)
    assert _fps(after) == fps


def test_fingerprint_changes_when_the_finding_changes(tmp_path):
    p = write(tmp_path, "m.json", VULN)
    _, before = sarif("--select", "UL031", p.name, cwd=tmp_path)
    changed = json.loads(json.dumps(VULN))
    changed["tools"][1]["tool_call_template"]["commands"][0]["command"] = "head -- UTCP_ARG_file_UTCP_END"
    write(tmp_path, "m.json", changed)
    _, after = sarif("--select", "UL031", p.name, cwd=tmp_path)
    b, a = set(_fps(before)), set(_fps(after))
    assert len(b - a) == 1 and len(a - b) == 1


def test_identical_findings_get_occurrence_indices(tmp_path):
    data = manual([cli_tool("t", ["cat UTCP_ARG_f_UTCP_END", "cat UTCP_ARG_f_UTCP_END"], ["x"])])
    p = write(tmp_path, "m.json", data)
    _, log = sarif("--select", "UL031", p.name, cwd=tmp_path)
    fps = [r["partialFingerprints"]["primaryLocationLineHash"] for r in log["runs"][0]["results"]]
    assert len(fps) == 2
    assert fps[0].split(":")[0] == fps[1].split(":")[0]
    assert sorted(f.split(":")[1] for f in fps) == ["1", "2"]


def test_two_findings_in_one_command_have_distinct_fingerprints(tmp_path):
    _, log = sarif("--select", "UL031", write(tmp_path, "m.json", VULN).name, cwd=tmp_path)
    grep = [r for r in log["runs"][0]["results"] if r["properties"].get("tool") == "grep"]
    assert len(grep) == 2
    hashes = {r["partialFingerprints"]["primaryLocationLineHash"].split(":")[0] for r in grep}
    assert len(hashes) == 2  # not told apart by occurrence order alone


# ----------------------------------------------------------------------------
# related locations and fixes (reporter unit level, synthetic findings)
# ----------------------------------------------------------------------------

DOC = """{"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [
  {"name": "t", "inputs": {"type": "object",
     "properties": {"path": {"type": "string"}}, "required": ["path"]},
   "tool_call_template": {"call_template_type": "cli",
     "commands": [{"command": "rm UTCP_ARG_path_UTCP_END"}]}}
]}
"""


def _finding(text, needle, **kw):
    from utcp_lint.core.findings import SourceFile

    s = text.index(needle)
    e = s + len(needle)
    reg = SourceFile("m.json", text).region(s, e)
    base = dict(
        rule="UL031",
        severity="warning",
        confidence="medium",
        path="m.json",
        line=reg.line,
        column=reg.column,
        end_line=reg.end_line,
        end_column=reg.end_column,
        pointer="/tools/0/tool_call_template/commands/0/command",
        tool="t",
        message="m [x]",
        name="placeholder-without-input",
        snippet="rm UTCP_ARG_path_UTCP_END",
        start=s,
        end=e,
    )
    base.update(kw)
    return Finding(**base)


def _render(result, root):
    ctx = ReportContext(rules=all_rules(), sources=result.sources, root=str(root))
    return json.loads(render("sarif", result, ctx))


def test_related_location_points_at_input_property(tmp_path, validator):
    res = RunResult(findings=[_finding(DOC, "UTCP_ARG_path_UTCP_END")], sources={"m.json": DOC}, files=1)
    log = _render(res, tmp_path)
    validate(validator, log)
    r = log["runs"][0]["results"][0]
    rel = r["relatedLocations"][0]
    reg = rel["physicalLocation"]["region"]
    line = DOC.split("\n")[reg["startLine"] - 1]
    assert line[reg["startColumn"] - 1 : reg["endColumn"] - 1] == '"path"'
    assert rel["logicalLocations"][0]["fullyQualifiedName"] == "/tools/0/inputs/properties/path"
    assert rel["id"] == 1
    # the message links to it and escapes its own brackets
    assert r["message"]["text"].startswith("m \\[x\\] (tool t). See [")
    assert r["message"]["text"].endswith("](1).")


def test_related_location_in_single_tool_document(tmp_path, validator):
    doc = """{"name": "t", "inputs": {"type": "object", "properties": {"path": {"type": "string"}}},
 "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "rm UTCP_ARG_path_UTCP_END"}]}}
"""
    f = _finding(doc, "UTCP_ARG_path_UTCP_END", pointer="/tool_call_template/commands/0/command")
    log = _render(RunResult(findings=[f], sources={"m.json": doc}, files=1), tmp_path)
    validate(validator, log)
    rel = log["runs"][0]["results"][0]["relatedLocations"][0]
    assert rel["logicalLocations"][0]["fullyQualifiedName"] == "/inputs/properties/path"
    assert rel["physicalLocation"]["region"]["startLine"] == 1


def test_explicit_related_locations_win(tmp_path, validator):
    rel = Related("the secret is set here", "m.json", Region(2, 3, 2, 9), "/tools/0/name")
    res = RunResult(findings=[_finding(DOC, "UTCP_ARG_path_UTCP_END", related=[rel])], sources={"m.json": DOC}, files=1)
    log = _render(res, tmp_path)
    validate(validator, log)
    rl = log["runs"][0]["results"][0]["relatedLocations"]
    assert len(rl) == 1 and rl[0]["message"]["text"] == "the secret is set here"
    assert rl[0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 3, "endLine": 2, "endColumn": 9}


def test_no_related_location_when_input_is_missing(tmp_path):
    doc = DOC.replace('"properties": {"path"', '"properties": {"other"')
    res = RunResult(findings=[_finding(doc, "UTCP_ARG_path_UTCP_END")], sources={"m.json": doc}, files=1)
    r = _render(res, tmp_path)["runs"][0]["results"][0]
    assert "relatedLocations" not in r
    assert r["message"]["text"] == "m [x] (tool t)"


def test_fix_is_emitted_as_sarif_fix(tmp_path, validator):
    s = DOC.index("UTCP_ARG_path_UTCP_END")
    fix = Fix("insert -- before the placeholder", [TextEdit(s, s, "-- ")])
    res = RunResult(findings=[_finding(DOC, "UTCP_ARG_path_UTCP_END", fix=fix)], sources={"m.json": DOC}, files=1)
    log = _render(res, tmp_path)
    validate(validator, log)
    fx = log["runs"][0]["results"][0]["fixes"][0]
    assert fx["description"]["text"] == "insert -- before the placeholder"
    ch = fx["artifactChanges"][0]
    assert ch["artifactLocation"]["uri"] == "m.json"
    rep = ch["replacements"][0]
    assert rep["insertedContent"]["text"] == "-- "
    reg = rep["deletedRegion"]
    assert reg["startLine"] == reg["endLine"] == 5
    assert reg["startColumn"] == reg["endColumn"]
    line = DOC.split("\n")[4]
    assert line[reg["startColumn"] - 1 :].startswith("UTCP_ARG_path_UTCP_END")


def test_internal_error_notification_names_the_rule(tmp_path, validator):
    res = RunResult(
        errors=[FileError("m.json", "internal error in rule UL031 (KeyError: 'x') at a.py:3; please report it")],
        sources={"m.json": DOC},
    )
    log = _render(res, tmp_path)
    validate(validator, log)
    n = log["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]
    assert n["associatedRule"]["id"] == "UL031"
    ids = [d["id"] for d in log["runs"][0]["tool"]["driver"]["rules"]]
    assert n["associatedRule"]["index"] == ids.index("UL031")


def test_unknown_rule_id_gets_a_descriptor(tmp_path, validator):
    res = RunResult(
        findings=[_finding(DOC, "UTCP_ARG_path_UTCP_END", rule="UL999", name="x-y")], sources={"m.json": DOC}, files=1
    )
    log = _render(res, tmp_path)
    validate(validator, log)
    r = log["runs"][0]["results"][0]
    assert log["runs"][0]["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == "UL999"


def test_real_world_corpus_is_schema_valid(validator, tmp_path):
    corpus = [d for d in (SHARED / "corpus" / "real-world", SHARED / "corpus" / "docs-extracted") if d.is_dir()]
    assert corpus, "shared corpus missing"
    for d in corpus:
        r = run_cli("--format", "sarif", "--no-config", "--output", tmp_path / "c.sarif", d)
        assert r.returncode in (0, 1, 2) and "Traceback" not in r.stderr, r.stderr
        log = json.loads((tmp_path / "c.sarif").read_text(encoding="utf-8"))
        validate(validator, log)
        assert log["runs"][0]["invocations"][0]["executionSuccessful"] is (r.returncode != 2)


@settings(max_examples=60, deadline=None)
@given(
    msg=st.text(max_size=80),
    tool=st.one_of(st.none(), st.text(max_size=20)),
    path=st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00/\\"), min_size=1, max_size=20
    ),
    with_fix=st.booleans(),
    with_error=st.booleans(),
)
def test_arbitrary_findings_stay_schema_valid(validator, msg, tool, path, with_fix, with_error):
    import tempfile

    text = DOC
    s = text.index("UTCP_ARG_path_UTCP_END")
    f = _finding(
        text,
        "UTCP_ARG_path_UTCP_END",
        message=msg,
        tool=tool,
        path=path,
        fix=Fix(msg, [TextEdit(s, s + 3, msg)]) if with_fix else None,
    )
    res = RunResult(
        findings=[f], sources={path: text}, files=1, errors=[FileError(path, msg, 1, 1)] if with_error else []
    )
    with tempfile.TemporaryDirectory() as root:
        log = _render(res, root)
    validate(validator, log)
    r = log["runs"][0]["results"][0]
    assert r["ruleId"] == "UL031"
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is (not with_error)
