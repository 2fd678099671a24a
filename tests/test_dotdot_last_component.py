"""UL170: a check that keeps '/' out still lets the value '..' through (issue 23 item 1).

``tar -C releases/V``, ``cp f shared/V``, ``unzip -d sites/V`` write INTO the directory
the path names; with V = ``..`` that is the parent of the directory the template chose
(path_resolution(7)).  Proven through the real runtime (``UtcpClient.call_tool``): the
bad fixture's tools put their file outside the directory for ``..``; the good fixture's
checks (``.|..`` rejected, a regex whose first byte is not '.', ``*..*`` rejected) keep
it inside or refuse, and the linter agrees end to end.
"""

import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL170"
BAD = FIX / "bad_dotdot_after_slash_guard.json"
GOOD = FIX / "good_dotdot_rejected.json"
# tool -> (the directory it writes into, the file name it writes)
WHERE = {"releases": "payload.txt", "shared": "report.pdf", "sites": "index.html"}


def _workspace(root: Path) -> None:
    for d in WHERE:
        (root / d).mkdir(parents=True)
    (root / "out").mkdir()
    (root / "out" / "report.pdf").write_text("pdf")
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        data = b"x"
        info = tarfile.TarInfo("payload.txt")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    (root / "bundle.tgz").write_bytes(buf.getvalue())
    with zipfile.ZipFile(root / "site.zip", "w") as z:
        z.writestr("index.html", "<p>")


def _one(tmp_path: Path, src: Path, tool: dict) -> tuple:
    ws = tmp_path / "ws" / "inner"
    ws.mkdir(parents=True)
    _workspace(ws)
    tool = json.loads(json.dumps(tool))
    tool["tool_call_template"]["working_dir"] = str(ws)
    p = tmp_path / f"{tool['name']}.json"
    doc = json.loads(src.read_text())
    doc["tools"] = [tool]
    p.write_text(json.dumps(doc))
    return p, ws


def _tools(path: Path) -> list:
    return json.loads(path.read_text())["tools"]


def _escaped(ws: Path) -> list:
    """Files the tool wrote beside the directories (in the workspace root) or above it."""
    before = {"out", "bundle.tgz", "site.zip", *WHERE}
    return sorted({p.name for p in ws.iterdir()} - before) + sorted(p.name for p in ws.parent.iterdir() if p != ws)


@pytest.mark.parametrize("tool", _tools(BAD), ids=lambda t: t["name"])
def test_dotdot_climbs_out(tmp_path, tool):
    p, ws = _one(tmp_path, BAD, tool)
    (name,) = tool["inputs"]["properties"]
    call_via_client(p, tool["name"], args={name: ".."})
    assert _escaped(ws), "the value '..' wrote nothing outside the directory"
    _code, out = lint_json("--select", "UL170", p)
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [("UL170", "warning")]


@pytest.mark.parametrize("tool", [t for t in _tools(GOOD) if t["name"] != "git_archive_named"], ids=lambda t: t["name"])
def test_dotdot_rejected_stays_inside(tmp_path, tool):
    p, ws = _one(tmp_path, GOOD, tool)
    for name in tool["inputs"]["properties"]:
        for v in ("..", ".", "../x", "ok1"):
            call_via_client(p, tool["name"], args={name: v})
    assert _escaped(ws) == []
    _code, out = lint_json("--select", "UL170", p)
    assert out["findings"] == []
