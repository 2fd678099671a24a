"""UL114 is hygiene (a note): with the terminator on the step's last line the tool still works.

Through the real runtime (utcp-cli 1.1.5 runs /bin/bash): bash ends the here-document at the
end of the command substitution, so the output is the one the author meant for every value."""

import json
from pathlib import Path

from conftest import lint_json

from tests.realcli import call

TOOL = {
    "commands": [
        {
            "command": 'python3 - "UTCP_ARG_user_UTCP_END" <<\'EOF\'\nimport json, sys\nprint(json.dumps({"user": sys.argv[1]}))\nEOF'
        }
    ]
}


def test_works_and_is_a_note(tmp_path: Path) -> None:
    for user in ("ann", "Bo Lee", "-x"):
        out = call(TOOL, {"user": user}, tmp_path)
        assert out == {"user": user} or json.loads(str(out)) == {"user": user}
    doc = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "user_json",
                "description": "d",
                "inputs": {"type": "object", "properties": {"user": {"type": "string"}}, "required": ["user"]},
                "outputs": {"type": "object"},
                "tool_call_template": {"call_template_type": "cli", "name": "m", **TOOL},
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(doc))
    code, out = lint_json("--select", "UL114", p)
    assert code == 0
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [("UL114", "note")]
