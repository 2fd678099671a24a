"""Issue 11: a value escaped for a sed ``s`` command before it is pasted into one.

``ef=$(printf %s "$v" | sed 's/[][\\/.^*]/\\\\&/g')`` escapes the delimiter and the
backslash, the usual idiom.  It is not proven sound for every script it is pasted
into (newlines, another delimiter, GNU extensions), so the UL105 finding stays but at
``low`` confidence; the unescaped template keeps ``high``.  Both labels are checked
through the real client with sed ``e``-flag payloads (GNU sed runs the pattern space).
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import lint_json
from test_variables import call_via_client

ESCAPED = (
    "from=UTCP_ARG_old_UTCP_END; to=UTCP_ARG_new_UTCP_END; "
    "ef=$(printf '%s' \"${from:-}\" | sed 's|[][\\|.^*]|\\\\&|g'); "
    "et=$(printf '%s' \"${to:-}\" | sed 's|[\\|&]|\\\\&|g'); "
    'sed "s|${ef:-}|${et:-}|" data.txt'
)
RAW = 'from=UTCP_ARG_old_UTCP_END; to=UTCP_ARG_new_UTCP_END; sed "s|${from:-}|${to:-}|" data.txt'
PAYLOADS = [".*|touch CANARY|e;#", "x|e;#", "x|touch CANARY|e;#", "\\|.*|touch CANARY|e;#"]


def _manual(tmp_path, name, cmd):
    tool = {
        "name": name,
        "description": "replace text in data.txt",
        "inputs": {
            "type": "object",
            "properties": {"old": {"type": "string"}, "new": {"type": "string"}},
            "required": ["old", "new"],
        },
        "tool_call_template": {"call_template_type": "cli", "name": name, "commands": [{"command": cmd}]},
    }
    m = tmp_path / f"{name}.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return m, tool


def _ul105(m):
    _code, out = lint_json("--select", "UL105", m)
    return sorted({f["confidence"] for f in out["findings"] if f["rule"] == "UL105"})


def test_escaped_value_lowers_confidence_raw_value_stays_high(tmp_path):
    m, _ = _manual(tmp_path, "sed_escaped", ESCAPED)
    assert _ul105(m) == ["low"]
    m, _ = _manual(tmp_path, "sed_raw", RAW)
    assert _ul105(m) == ["high"]


def _runs(tmp_path, name, cmd):
    m, tool = _manual(tmp_path, name, cmd)
    hits = []
    for old in PAYLOADS:
        for new in PAYLOADS + ["y"]:
            work = tmp_path / "work"
            if work.exists():
                shutil.rmtree(work)
            work.mkdir()
            (work / "data.txt").write_text("hello world\n")
            t = json.loads(json.dumps(tool))
            t["tool_call_template"]["working_dir"] = str(work)
            m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [t]}))
            try:
                call_via_client(m, name, args={"old": old, "new": new})
            except Exception:  # a failing sed still ran
                pass
            if (work / "CANARY").exists():
                hits.append((old, new))
    return hits


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("sed") is None, reason="bash/sed missing")
def test_labels_through_the_client(tmp_path):
    assert _runs(tmp_path, "sed_raw", RAW)  # unescaped: the e flag runs the canary
    assert _runs(tmp_path, "sed_escaped", ESCAPED) == []
