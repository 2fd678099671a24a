"""`IFS=, read -ra cols <<< VALUE; … ${cols[@]}` (issue 23, read from blind sets O and P).

read splits on its own prefix IFS only, so each element keeps the value's blanks; the
unquoted ${cols[@]} splits them again on the default IFS.  Proven through the real
runtime (utcp 1.2.0 ``UtcpClient`` with utcp-cli 1.1.5): the bad tools turn one column
"first name" into two words, the quoted ones keep it; both linted end to end."""

import json
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL117"


def _one_tool(tmp_path: Path, fixture: str, tool: str) -> Path:
    doc = json.loads((FIX / fixture).read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    p = tmp_path / f"{tool}.json"
    p.write_text(json.dumps(doc))
    return p


CASES = [
    ("csv_header_columns", {"header": "id,first name,email"}, ["id", "first name", "email"]),
    ("path_entries_listed", {"search_path": "/opt/my tools:/usr/bin"}, ["dir: /opt/my tools", "dir: /usr/bin"]),
]


@pytest.mark.parametrize("tool,args,elements", CASES)
def test_unquoted_elements_split_again_quoted_stay(tmp_path, tool, args, elements):
    (tmp_path / "b").mkdir()
    (tmp_path / "g").mkdir()
    bad = _one_tool(tmp_path / "b", "bad_read_ifs_elements_unquoted.json", tool)
    good = _one_tool(tmp_path / "g", "good_read_ifs_elements_quoted.json", tool)
    out_bad = call_via_client(bad, tool, args=args).splitlines()
    out_good = call_via_client(good, tool, args=args).splitlines()
    assert out_good == elements
    assert len(out_bad) > len(elements)  # a column/directory with a blank became two words
    _c, lb = lint_json("--select", "UL117", bad)
    _c, lg = lint_json("--select", "UL117", good)
    assert [(f["rule"], f["severity"]) for f in lb["findings"]] == [("UL117", "warning")]
    assert lg["findings"] == []
