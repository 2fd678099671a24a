"""The labels ``bench/bench_program_truth.py`` measured against the real programs
(``fixtures/program_truth/sample.json``) against today's static verdicts: every shape a
canary payload proved is reported (UL150 error/warning, UL151, UL102, UL103, UL105), and
every shape with an end-of-options word before the value that no payload proved stays
quiet.  Re-measure with the bench when the table changes."""

from __future__ import annotations

import json

from conftest import FIXTURES, lint_json

SAMPLE = json.loads((FIXTURES / "program_truth" / "sample.json").read_text())["shapes"]
REPORTED = {"UL151", "UL102", "UL103", "UL105"}


def _verdicts(tmp_path) -> dict:
    tools = [
        {
            "name": f"t{k}",
            "description": "d",
            "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
            "outputs": {"type": "string"},
            "tool_call_template": {
                "name": f"t{k}",
                "call_template_type": "cli",
                "commands": [{"command": s["command"]}],
            },
        }
        for k, s in enumerate(SAMPLE)
    ]
    f = tmp_path / "shapes.json"
    f.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    _code, out = lint_json("--no-cache", f)
    says: dict = {}
    for x in out["findings"]:
        if x["rule"] in REPORTED or (x["rule"] == "UL150" and x["severity"] in ("error", "warning")):
            says[int(x["tool"][1:])] = True
    return says


def test_static_verdicts_agree_with_the_measured_labels(tmp_path):
    says = _verdicts(tmp_path)
    assert sum(1 for s in SAMPLE if s["proof"]) >= 20
    missed = [s["command"] for k, s in enumerate(SAMPLE) if s["proof"] and not says.get(k)]
    assert missed == []
    protected = [
        s["command"]
        for k, s in enumerate(SAMPLE)
        if not s["proof"] and (" -- " in s["command"] or "--end-of-options" in s["command"]) and says.get(k)
    ]
    assert protected == []
    # the old-style tar key's argument is a file name: neither proven nor reported
    (k,) = [k for k, s in enumerate(SAMPLE) if s["command"].startswith("tar cf ")]
    assert SAMPLE[k]["proof"] is None and not says.get(k)
