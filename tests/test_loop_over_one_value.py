"""UL120: `for NAME in VALUE` runs once, because the runtime quotes the value (issue 23).

Proven through the real client (utcp 1.2.0 ``UtcpClient`` + utcp-cli 1.1.5): the
bad fixture's loop gets one item holding the whole list; the explicit split the rule
advises gives one iteration per item, and a glob after the placeholder still expands.
"""

import json
from pathlib import Path

from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL120"


def _only(tmp_path: Path, fixture: str, tool: str) -> Path:
    doc = json.loads((FIX / fixture).read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    p = tmp_path / f"{fixture}-{tool}.json"
    p.write_text(json.dumps(doc))
    return p


def test_loop_over_a_placeholder_runs_once_and_the_split_form_iterates(tmp_path):
    bad = _only(tmp_path, "bad_loop_over_one_value.json", "host_report")
    # the fix the rule gives: split explicitly (kept out of fixtures/rules: `verify` proves
    # any split of a value, wanted or not, and tests/test_verify_agreement.py then asks for
    # a static finding)
    doc = json.loads(bad.read_text())
    doc["tools"][0]["tool_call_template"]["commands"] = [
        {
            "command": "read -r -a hs <<< UTCP_ARG_hosts_UTCP_END; "
            'for h in "${hs[@]}"; do printf \'host: %s\\n\' "${h:-}"; done'
        }
    ]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc))
    hosts = "web1 web2 db1"
    assert call_via_client(bad, "host_report", args={"hosts": hosts}).strip() == "host: web1 web2 db1"
    assert call_via_client(good, "host_report", args={"hosts": hosts}).strip().splitlines() == [
        "host: web1",
        "host: web2",
        "host: db1",
    ]
    # one item: the only input for which the bad loop does what it says
    assert call_via_client(bad, "host_report", args={"hosts": "web1"}).strip() == "host: web1"
    _code, out = lint_json("--select", "UL120", bad)
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [("UL120", "error")]
    _code, out = lint_json("--select", "UL120", good)
    assert out["findings"] == []


def test_glob_after_the_placeholder_still_iterates(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for n in ("a.log", "b.log"):
        (logs / n).write_text("x\n")
    m = _only(tmp_path, "good_loop_over_items.json", "count_logs")
    doc = json.loads(m.read_text())
    cmd = doc["tools"][0]["tool_call_template"]["commands"][0]["command"]
    doc["tools"][0]["tool_call_template"]["commands"][0]["command"] = cmd.replace("./", f"{tmp_path}/")
    m.write_text(json.dumps(doc))
    out = call_via_client(m, "count_logs", args={"dir": "logs"})
    assert sorted(out.strip().splitlines()) == [f"1 {logs}/a.log", f"1 {logs}/b.log"]
    _code, out = lint_json("--select", "UL120", m)
    assert out["findings"] == []


def test_severity_follows_what_the_input_says(tmp_path):
    """error when the input holds a list (array schema, "comma-separated", a plural name),
    a note for one item per call: the loop then works, it is only pointless."""

    def tool(name, prop, schema):
        return {
            "name": name,
            "description": "d",
            "inputs": {"type": "object", "properties": {prop: schema}, "required": [prop]},
            "tool_call_template": {
                "name": name,
                "call_template_type": "cli",
                "commands": [{"command": f'for x in UTCP_ARG_{prop}_UTCP_END; do wc -c -- "${{x:-}}"; done'}],
            },
        }

    doc = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            tool("one_file", "file", {"type": "string", "description": "a file to measure"}),
            tool("arr", "paths", {"type": "array", "items": {"type": "string"}}),
            tool("csv", "target", {"type": "string", "description": "comma-separated file names"}),
            tool("plural", "logFiles", {"type": "string"}),
            tool("status", "status", {"type": "string"}),
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(doc))
    _code, out = lint_json("--select", "UL120", p)
    got = {f["tool"]: f["severity"] for f in out["findings"]}
    assert got == {"one_file": "note", "arr": "error", "csv": "error", "plural": "error", "status": "note"}


def test_set_and_array_get_one_word_and_read_a_splits(tmp_path):
    """`set -- VALUE` and `NAME=(VALUE)` written to split a list: through the real client the
    value arrives as one word ($# is 1, one element); the explicit `read -r -a` split of the
    good fixture gives one element per item.  The CLI reports exactly the bad tools."""
    bad = _only(tmp_path, "bad_split_one_value.json", "count_files_set")
    doc = json.loads(bad.read_text())
    doc["tools"][0]["tool_call_template"]["commands"] = [{"command": 'set -- UTCP_ARG_files_UTCP_END\necho "$#"'}]
    bad.write_text(json.dumps(doc))
    assert call_via_client(bad, "count_files_set", args={"files": "a b c"}).strip() == "1"
    arr = _only(tmp_path, "bad_split_one_value.json", "remove_images")
    doc = json.loads(arr.read_text())
    doc["tools"][0]["tool_call_template"]["commands"] = [
        {"command": 'declare -a imgs=(UTCP_ARG_images_UTCP_END)\necho "${#imgs[@]}"'}
    ]
    arr.write_text(json.dumps(doc))
    assert call_via_client(arr, "remove_images", args={"images": "a b c"}).strip() == "1"
    good = _only(tmp_path, "good_split_explicitly.json", "count_files_read_a")
    doc = json.loads(good.read_text())
    doc["tools"][0]["tool_call_template"]["commands"] = [
        {"command": 'read -r -a files <<< UTCP_ARG_files_UTCP_END\necho "${#files[@]}"'}
    ]
    good.write_text(json.dumps(doc))
    assert call_via_client(good, "count_files_read_a", args={"files": "a b c"}).strip() == "3"
    _code, out = lint_json("--select", "UL120", FIX / "bad_split_one_value.json")
    assert sorted(f["tool"] for f in out["findings"]) == ["count_files_set", "pods_in_namespaces", "remove_images"]
    assert {f["severity"] for f in out["findings"]} == {"error"}
    _code, out = lint_json("--select", "UL120", FIX / "good_split_explicitly.json")
    assert out["findings"] == []
