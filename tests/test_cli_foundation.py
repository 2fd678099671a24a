"""End-to-end tests of the foundation: the command, exit codes, bad input,
document kinds, the JSON contract, configuration and rule selection."""

import json
import os
import textwrap

import pytest
from conftest import FIXTURES, lint_json, run_cli

EXAMPLE = FIXTURES / "example" / "manual.json"
GOOD = FIXTURES / "rules" / "UL031" / "good_declared.json"
BAD = FIXTURES / "rules" / "UL031" / "bad_missing.json"

CONTRACT_KEYS = {
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
}


def test_example_has_findings_and_exit_1():
    r = run_cli("--no-config", EXAMPLE)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    # default (concise): path:line:col: ID severity short message [tool NAME], one line each
    first = r.stdout.splitlines()[0]
    path, line, col, rest = first.split(":", 3)
    assert path.endswith("manual.json") and int(line) > 0 and int(col) > 0
    assert rest.split()[0].startswith("UL")
    assert "^" not in r.stdout
    # full: the whole message, then source and carets
    full = run_cli("--no-config", "--output-format", "full", EXAMPLE)
    assert full.returncode == 1 and "^" in full.stdout


def test_json_contract_exact_keys():
    code, out = lint_json(EXAMPLE)
    assert code == 1
    assert set(out) == {"version", "findings", "errors"} and out["version"] == 1
    assert out["findings"]
    for f in out["findings"]:
        assert set(f) == CONTRACT_KEYS
        assert f["severity"] in ("error", "warning", "note")
        assert f["confidence"] in ("high", "medium", "low")
        assert f["line"] >= 1 and f["column"] >= 1
        assert (f["end_line"], f["end_column"]) >= (f["line"], f["column"])
        assert f["pointer"].startswith("/tools/")
        assert f["tool"] in ("count_lines", "add_days", "search_repo")


def test_clean_file_exits_0():
    code, out = lint_json("--select", "UL031", GOOD)
    assert code == 0 and out["findings"] == [] and out["errors"] == []


def test_position_is_the_placeholder_inside_the_string():
    code, out = lint_json("--select", "UL031", BAD)
    (f,) = out["findings"]
    line = BAD.read_text().splitlines()[f["line"] - 1]
    assert line[f["column"] - 1 : f["end_column"] - 1] == "UTCP_ARG_file_UTCP_END"
    assert f["pointer"] == "/tools/0/tool_call_template/commands/0/command"


def test_escapes_and_astral_characters_before_placeholder(tmp_path):
    # \" \\ \n \u00e9 and a surrogate pair precede the placeholder on the same line
    cmd = r"echo \"a\\b\n\u00e9\ud83d\ude00 😀 UTCP_ARG_zz_UTCP_END"
    doc = textwrap.dedent("""\
        {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [{"name": "t", "description": "",
        "inputs": {"type": "object", "properties": {}}, "outputs": {},
        "tool_call_template": {"name": "t", "call_template_type": "cli", "commands": [{"command": "CMD"}]}}]}
        """).replace("CMD", cmd)
    p = tmp_path / "m.json"
    p.write_text(doc, encoding="utf-8")
    code, out = lint_json("--select", "UL031", p)
    (f,) = out["findings"]
    line = doc.splitlines()[f["line"] - 1]
    # columns are code points: slicing the Python str gives exactly the placeholder
    assert line[f["column"] - 1 : f["end_column"] - 1] == "UTCP_ARG_zz_UTCP_END"


@pytest.mark.parametrize(
    "content,needle",
    [
        (b'{"tools": [1, 2,, ]}', "invalid JSON"),
        (b"\x00\x01\x02garbage", "binary file"),
        (b"\xff\xfe{\x00}\x00", "UTF-16"),
        (b'{"tools": ["\xe9"]}', "not valid UTF-8"),
        (b"", "empty file"),
        (b"   \n", "empty file"),
        (b'{"hello": "world"}', "not a UTCP document"),
    ],
)
def test_bad_input_one_line_exit_2_and_good_file_still_linted(tmp_path, content, needle):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    r = run_cli("--no-config", "--format", "json", bad, BAD)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    out = json.loads(r.stdout)
    (err,) = out["errors"]
    assert needle in err["message"] and "\n" not in err["message"]
    assert err["path"].endswith("bad.json")
    # the good file named alongside is still reported
    assert any(f["rule"] == "UL031" for f in out["findings"])
    # text format: exactly one line for the error, on stderr (issue 12: file errors are not findings)
    r2 = run_cli("--no-config", bad)
    assert r2.returncode == 2
    assert sum(1 for ln in r2.stderr.splitlines() if "bad.json" in ln) == 1
    assert "bad.json" not in r2.stdout


def test_invalid_json_reports_syntax_position(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "tools": [\n    {"name": "x",}\n  ]\n}\n')
    r = run_cli("--no-config", bad)
    assert r.returncode == 2
    assert f"{bad}:3:18: invalid JSON" in r.stderr or "bad.json:3:18: invalid JSON" in r.stderr, r.stderr


def test_bom_is_accepted(tmp_path):
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + BAD.read_bytes())
    code, out = lint_json("--select", "UL031", p)
    assert code == 1 and out["errors"] == []
    (f,) = out["findings"]
    assert (f["line"], f["column"]) == (13, 44)  # BOM does not shift columns


def test_missing_path_and_empty_directory(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README.txt").write_text("no json here")
    r = run_cli("--no-config", "--format", "json", tmp_path / "nope.json", empty, BAD)
    assert r.returncode == 2
    out = json.loads(r.stdout)
    msgs = sorted(e["message"] for e in out["errors"])
    assert any("no such file" in m for m in msgs)
    # an empty directory is a warning (issue 12), an error only with --fail-on-empty
    assert not any("no UTCP JSON or Python files" in m for m in msgs)
    assert "warning: " in r.stderr and "no UTCP JSON or Python files" in r.stderr
    assert out["findings"]
    r = run_cli("--no-config", empty)
    assert r.returncode == 0 and "no UTCP JSON or Python files" in r.stderr, r.stderr
    r = run_cli("--no-config", "--fail-on-empty", empty)
    assert r.returncode == 2, r.stderr


def test_directory_walk_skips_non_utcp_json_with_note(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}')
    (tmp_path / "m.json").write_bytes(BAD.read_bytes())
    r = run_cli("--no-config", tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "package.json: skipped, not a UTCP document" in r.stderr
    assert "UL031" in r.stdout


def test_bare_path_means_check_and_subcommand_works():
    a = run_cli("--no-config", "--format", "json", BAD)
    b = run_cli("check", "--no-config", "--format", "json", BAD)
    assert a.returncode == b.returncode == 1
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_usage_errors_exit_2():
    r = run_cli("--select", "NOPE999", BAD)
    assert r.returncode == 2 and "unknown rule" in r.stderr
    r = run_cli("check")
    assert r.returncode == 2


def test_select_ignore_and_fail_on():
    code, out = lint_json("--select", "UL03", EXAMPLE, BAD)
    assert {"UL031", "UL032"} <= {f["rule"] for f in out["findings"]}
    code, out = lint_json("--select", "UL03", "--ignore", "UL032", EXAMPLE, BAD)
    assert out["findings"] and all(f["rule"].startswith("UL03") and f["rule"] != "UL032" for f in out["findings"])
    # only notes/warnings below the threshold -> exit 0
    code, out = lint_json("--select", "UL032", "--fail-on", "error", EXAMPLE)
    assert out["findings"] and code == 0
    code, out = lint_json("--select", "UL032", EXAMPLE)
    assert code == 1


def test_pyproject_config_found_upward(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        textwrap.dedent("""\
        [tool.utcp-lint]
        select = ["UL031", "UL032"]
        ignore = ["UL032"]
        [tool.utcp-lint.per-file-ignores]
        "sub/quiet.json" = ["UL031"]
        """)
    )
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "loud.json").write_bytes(BAD.read_bytes())
    (sub / "quiet.json").write_bytes(BAD.read_bytes())
    deeper = sub / "deeper"
    deeper.mkdir()
    r = run_cli("--format", "json", "../loud.json", "../quiet.json", cwd=deeper)
    out = json.loads(r.stdout)
    rules = {(os.path.basename(f["path"]), f["rule"]) for f in out["findings"]}
    # per-file-ignores patterns match the displayed path; from `deeper` it is ../quiet.json
    assert ("loud.json", "UL031") in rules
    assert not any(r == "UL032" for _, r in rules)
    # run from the project root, where the pattern matches
    r = run_cli("--format", "json", "sub/loud.json", "sub/quiet.json", cwd=tmp_path)
    out = json.loads(r.stdout)
    files = {os.path.basename(f["path"]) for f in out["findings"]}
    assert files == {"loud.json"}


def test_bad_config_is_a_usage_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nselct = ["UL031"]\n')
    (tmp_path / "m.json").write_bytes(BAD.read_bytes())
    r = run_cli("m.json", cwd=tmp_path)
    assert r.returncode == 2 and "unknown key" in r.stderr and "selct" in r.stderr


def test_kind_detection_and_forcing(tmp_path):
    tool_doc = tmp_path / "tool.json"
    tool_doc.write_text(
        json.dumps(
            {
                "name": "t",
                "inputs": {"type": "object", "properties": {}},
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [{"command": "echo UTCP_ARG_q_UTCP_END"}],
                },
            }
        )
    )
    code, out = lint_json("--select", "UL031", tool_doc)
    assert [f["rule"] for f in out["findings"]] == ["UL031"]
    assert out["findings"][0]["tool"] == "t"
    # a non-UTCP JSON named explicitly is an error, but --kind forces linting
    other = tmp_path / "other.json"
    other.write_text('{"commands": [{"command": "echo UTCP_ARG_x-y_UTCP_END"}], "call": 1}')
    code, out = lint_json("--select", "UL030", other)
    assert code == 2
    code, out = lint_json("--select", "UL030", "--kind", "template", other)
    assert code == 1 and out["findings"][0]["rule"] == "UL030"


def test_rules_and_rule_commands():
    r = run_cli("rules")
    assert r.returncode == 0 and "UL031" in r.stdout
    r = run_cli("rule", "UL031")
    assert r.returncode == 0 and "## Why is this dangerous" in r.stdout
    r = run_cli("rule", "UL000")
    assert r.returncode == 2


def test_internal_error_in_a_rule_is_contained(tmp_path):
    from utcp_lint.engine import Linter
    from utcp_lint.ruleset.rule import Rule, all_rules

    boom = Rule(id="UL999", name="boom", severity="error", confidence="high", scope="template", doc="x")

    @boom.check
    def _check(tpl):
        raise RuntimeError("kaboom")

    linter = Linter([boom, all_rules()["UL031"]])
    res = linter.lint_paths([str(BAD)])
    assert any("internal error in rule UL999" in e.message and "kaboom" in e.message for e in res.errors)
    assert any(f.rule == "UL031" for f in res.findings)  # other rules still ran


def test_config_format_baseline_and_cache_keys(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        textwrap.dedent("""\
        [tool.utcp-lint]
        select = ["UL031"]
        format = "json"
        baseline = "known.json"
        cache = false
        """)
    )
    (tmp_path / "m.json").write_bytes(BAD.read_bytes())
    # format from config
    r = run_cli("m.json", cwd=tmp_path)
    assert r.returncode == 1 and json.loads(r.stdout)["findings"]
    # baseline from config (relative to pyproject.toml) once it exists
    r = run_cli("--write-baseline", "known.json", "m.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("m.json", cwd=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["findings"] == []
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\ncache = "yes"\n')
    r = run_cli("m.json", cwd=tmp_path)
    assert r.returncode == 2 and "cache must be true or false" in r.stderr
