"""Issue 11: values that move through the shell, guards, programs whose options run code.

A held-out set (``fixtures/valueflow/``: written after the engine's own fixtures,
in the shapes real CLI manuals use) with every label confirmed through the real
client: each tool is called with ``UtcpClient.call_tool`` (utcp 1.2.0 +
utcp-cli 1.1.5, real bash) with canary payloads.  An unsafe tool is proven when
one payload creates ``CANARY`` in its working directory; a safe tool never
creates it with any payload.  Statically, every unsafe tool is reported at
``error`` by the rule its name starts with, and no safe tool gets an error or a
warning from a bash rule (UL1xx).
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import FIXTURES, lint_json
from test_variables import call_via_client

DIR = FIXTURES / "valueflow"
BAD = DIR / "bad_valueflow.json"
GOOD = DIR / "good_valueflow.json"
# *_blind.json: written after the engine and linted once before any change to it (first
# run: 9 of 10 unsafe reported at error, no error/warning on the 6 safe ones; the miss,
# `$(( nums[0] + 1 ))` after readarray, was fixed afterwards)
BAD_FILES = sorted(DIR.glob("bad_*.json"))
GOOD_FILES = sorted(DIR.glob("good_*.json"))

PAYLOADS = [
    "a[$(touch CANARY)]",  # arithmetic / variable-name subscript
    "a[$(touch CANARY)]+1",  # the same, passing an unanchored "contains a digit" check
    "0+a[$(touch CANARY)]",  # the same, passing a "starts with a digit" check
    "$(touch CANARY)",  # shell code
    "touch CANARY",  # a whole command line (eval, sh -c)
    '--eval=require("fs").writeFileSync("CANARY","")',  # node option after -e
    '-e;system("touch CANARY")',  # perl option after -e
    '-e}BEGIN{system("touch CANARY")}{',  # perl option after -ne (no input line needed)
    "x;touch${IFS}CANARY",  # shell code that survives word splitting (no blank)
    "-oProxyCommand=touch CANARY",  # ssh option (runs locally, no server needed)
    "__import__('os').system('touch CANARY')",  # python eval of stdin
]


def _tools(path):
    return json.loads(path.read_text())["tools"]


def _all(files):
    return [t for f in files for t in _tools(f)]


def _findings(path):
    _code, out = lint_json("--select", "UL1", path)
    assert not out["errors"], out["errors"]
    return out["findings"]


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda p: p.name)
def test_every_unsafe_template_is_an_error_of_the_expected_rule(path):
    found = {}
    for f in _findings(path):
        found.setdefault(f["tool"], []).append(f)
    missed = []
    for t in _tools(path):
        rule = "UL" + t["name"][2:5]
        fs = [f for f in found.get(t["name"], []) if f["rule"] == rule and f["severity"] == "error"]
        if not fs:
            missed.append(t["name"])
            continue
        # the finding points at a placeholder of the command
        cmd = t["tool_call_template"]["commands"][0]["command"]
        assert "UTCP_ARG_" in cmd
    assert missed == [], missed


def test_value_flow_findings_name_the_chain_and_point_at_each_hop():
    fs = {f["tool"]: f for f in _findings(BAD) if f["rule"] in ("UL101", "UL102")}
    assert "value → read n → arithmetic expansion $(( ))" in fs["ul101_read_herestring"]["message"]
    assert "value → mapfile cmds → for c in … → bash -c code string" in fs["ul102_mapfile_for"]["message"]
    assert "value → | read line → eval" in fs["ul102_pipe_while_read"]["message"]


def test_unclear_guard_keeps_the_finding_at_lower_confidence():
    fs = [f for f in _findings(BAD) if f["tool"] == "ul101_unclear_guard" and f["rule"] == "UL101"]
    assert [(f["severity"], f["confidence"]) for f in fs] == [("error", "medium")]


@pytest.mark.parametrize("path", GOOD_FILES, ids=lambda p: p.name)
def test_no_error_or_warning_on_a_safe_template(path):
    bad = [(f["tool"], f["rule"], f["severity"]) for f in _findings(path) if f["severity"] in ("error", "warning")]
    assert bad == []


def _call(tmp_path, tool, payload):
    tool = json.loads(json.dumps(tool))
    work = tmp_path / "work"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir()
    tool["tool_call_template"]["working_dir"] = str(work)
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    args = {k: payload for k in tool["inputs"]["properties"]}
    try:
        call_via_client(m, tool["name"], args=args)
    except Exception:  # a failing tool call (exit status) still ran the script
        pass
    # (`${v,,}` lower-cases the payload: the canary is then called `canary`)
    return (work / "CANARY").exists() or (work / "canary").exists()


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is missing")


@needs_bash
@pytest.mark.parametrize("tool", _all(BAD_FILES), ids=lambda t: t["name"])
def test_unsafe_template_runs_the_canary_through_the_client(tmp_path, tool):
    if tool["name"].startswith("ul150_node") and shutil.which("node") is None:
        pytest.skip("node is not installed")
    assert any(_call(tmp_path, tool, p) for p in PAYLOADS), tool["name"]


@needs_bash
@pytest.mark.parametrize("tool", _all(GOOD_FILES), ids=lambda t: t["name"])
def test_safe_template_never_runs_the_canary_through_the_client(tmp_path, tool):
    hits = [p for p in PAYLOADS if _call(tmp_path, tool, p)]
    assert hits == [], (tool["name"], hits)


def test_sarif_related_locations_point_at_each_hop(tmp_path):
    tool = next(t for t in _tools(BAD) if t["name"] == "ul101_read_herestring")
    m = tmp_path / "m.json"
    text = json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]})
    m.write_text(text)
    _code, out = lint_json("--select", "UL101", "--format", "sarif", m)
    (res,) = out["runs"][0]["results"]
    rel = res["relatedLocations"]
    assert [r["message"]["text"] for r in rel] == [
        "step 1 of the value flow: read n",
        "step 2 of the value flow: arithmetic expansion $(( ))",
    ]
    # the second hop is the `n` inside $(( n * 2 )): line 1, its exact column in the JSON text
    col = text.index("n * 2") + 1
    assert rel[1]["physicalLocation"]["region"]["startColumn"] == col
