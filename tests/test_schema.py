"""``utcp-lint schema``: per-tool contracts, validated against the published JSON Schema,
with exit codes that match what ``utcp-lint run --strict`` really does."""

import json
import shutil
from importlib import resources

import jsonschema
import pytest
from conftest import FIXTURES, SHARED, run_cli

P = "UTCP_ARG_{}_UTCP_END".format


def output_schema():
    text = resources.files("utcp_lint").joinpath("data/schema_output.schema.json").read_text()
    s = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(s)
    return s


def schema_of(path, *extra, cwd=None):
    r = run_cli("schema", path, *extra, cwd=cwd)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    jsonschema.validate(data, output_schema(), cls=jsonschema.Draft202012Validator)
    return data


def _documents():
    out = [pytest.param(FIXTURES / "example" / "manual.json", id="example")]
    for d in sorted((FIXTURES / "rules").glob("UL30*")):
        for f in sorted(d.glob("*.json")):
            out.append(pytest.param(f, id=f"{d.name}/{f.name}"))
    for d in ("real-world", "docs-extracted"):
        base = SHARED / "corpus" / d
        for f in sorted(base.glob("*.json")) if base.exists() else []:
            if '"cli"' in f.read_text(encoding="utf-8", errors="replace"):
                out.append(pytest.param(f, id=f.name[:70]))
    return out


@pytest.mark.parametrize("path", _documents())
def test_output_validates_against_the_json_schema(path):
    data = schema_of(path)
    assert data["schema_version"] == 1


def test_example_contract():
    data = schema_of(FIXTURES / "example" / "manual.json")
    by = {t["name"]: t for t in data["tools"]}
    assert list(by) == ["count_lines", "add_days", "search_repo"]
    cl = by["count_lines"]
    assert cl["description"] == "Count the lines of a file in the workspace"
    assert cl["parameters"] == {"path": {"type": "string", "required": True, "description": "File to count"}}
    assert cl["subprocess"] == [
        {
            "step": 0,
            "binary": "wc",
            "user_controlled_args": ["path"],
            "hardcoded_args": ["-l", "--"],
            "source": "inferred",
            "verified": True,
        }
    ]
    assert by["add_days"]["parameters"]["fmt"]["required"] is False
    # the sh -c step is evaluated as code: no subprocess entry, a note instead
    assert by["search_repo"]["subprocess"] == []
    assert any("sh -c" in n for n in by["search_repo"]["notes"])


def test_declared_entries_are_published_and_verified(tmp_path):
    p = tmp_path / "m.json"
    shutil.copy(FIXTURES / "example" / "manual.json", p)
    assert run_cli("declare", "--write", p).returncode == 0
    data = schema_of(p)
    sub = data["tools"][0]["subprocess"]
    assert sub == [
        {
            "step": 0,
            "binary": "wc",
            "user_controlled_args": ["path"],
            "hardcoded_args": ["-l", "--"],
            "source": "declared",
            "verified": True,
        }
    ]
    # a stale declaration is still what is published, but marked unverified
    stale = FIXTURES / "rules" / "UL304" / "bad_hardcoded.json"
    entries = schema_of(stale)["tools"][0]["subprocess"]
    assert entries[0]["source"] == "declared" and entries[0]["verified"] is False
    assert entries[0]["hardcoded_args"] == ["-e", "--", "."]


def test_pipeline_has_one_entry_per_binary():
    data = schema_of(FIXTURES / "rules" / "UL300" / "good_declared.json", "--tool", "grep_stdin")
    (tool,) = data["tools"]
    assert [(e["binary"], e["user_controlled_args"]) for e in tool["subprocess"]] == [("cat", []), ("grep", ["p"])]


def test_parameters_carry_type_required_default_enum_description(tmp_path):
    m = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {
                    "type": "object",
                    "required": ["mode"],
                    "properties": {
                        "mode": {"type": "string", "enum": ["fast", "slow"], "description": "how"},
                        "n": {"type": ["integer", "null"], "default": 3},
                        "extra": {"pattern": "^x"},
                    },
                },
                "tool_call_template": {
                    "name": "t",
                    "call_template_type": "cli",
                    "commands": [{"command": f"run --mode={P('mode')} -n {P('n')}"}],
                },
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m))
    params = schema_of(p)["tools"][0]["parameters"]
    assert params == {
        "mode": {"type": "string", "required": True, "enum": ["fast", "slow"], "description": "how"},
        "n": {"type": ["integer", "null"], "required": False, "default": 3},
        "extra": {"required": False},
    }


def test_unknown_tool_is_an_input_error():
    r = run_cli("schema", FIXTURES / "example" / "manual.json", "--tool", "nope")
    assert r.returncode == 2 and "no CLI tool named 'nope'" in r.stderr


def test_exit_codes_match_the_strict_executor(tmp_path):
    p = tmp_path / "m.json"
    shutil.copy(FIXTURES / "example" / "manual.json", p)
    assert run_cli("declare", "--write", p).returncode == 0
    codes = schema_of(p)["tools"][0]["exit_codes"]
    assert set(codes) == {"0", "2"}
    assert codes["0"]["name"] == "SUCCESS"
    assert codes["2"] == {**codes["2"], "name": "ARG_ERROR", "retryable": False, "side_effects": "none"}
    (tmp_path / "f.txt").write_text("x\n")
    ok = run_cli("run", "--strict", p, "count_lines", "--args", json.dumps({"path": "f.txt"}), cwd=tmp_path)
    assert ok.returncode == int("0"), ok.stderr
    bad = run_cli("run", "--strict", p, "count_lines", "--args", json.dumps({"path": "-n`id`"}), cwd=tmp_path)
    assert bad.returncode == 2
    err = json.loads(bad.stdout)["error"]
    assert err["code"] == codes["2"]["name"] and err["retryable"] is codes["2"]["retryable"]
