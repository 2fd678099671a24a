"""UL160: a lower-case (shell-style) name the template never sets, substituted by the client.

Measured on blind sets A-L and ../shared/corpus (issue 23, item 2): every such name
(set K errors_by_day `$day`, exif_summary `${h}`; set L s3_upload `$report`) made the
call fail with UtcpVariableNotFound; no safe tool had one.  Upper-case names stay UL161
warnings: configured, they work (several safe tools of the sets rely on it).
Proven here through the real client (utcp 1.2.0 ``UtcpClient.call_tool``).
"""

import json
import subprocess
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import MANUAL, call_via_client
from utcp.exceptions import UtcpVariableNotFound

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL160"


def _one_tool(tmp_path: Path, fixture: Path, tool: str) -> Path:
    doc = json.loads(fixture.read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    tmp_path.mkdir(parents=True, exist_ok=True)
    p = tmp_path / f"{tool}.json"
    p.write_text(json.dumps(doc))
    return p


def _severities(path: Path) -> list:
    _code, out = lint_json("--select", "UL160,UL161", path)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize(
    ("tool", "name"), [("upload_bundle", "bundle"), ("repo_log", "repo"), ("gzip_report", "report_file")]
)
def test_lower_case_name_fails_every_call(tmp_path, tool, name):
    p = _one_tool(tmp_path, FIX / "bad_lowercase_never_set.json", tool)
    for value in ("3", "web01", "out.gz"):
        with pytest.raises(UtcpVariableNotFound, match=f"{MANUAL.replace('_', '__')}_{name}"):
            call_via_client(p, tool, args={"host": value, "count": value, "out": value})
    assert _severities(p) == [("UL160", "error")]


def test_upper_case_name_works_when_configured(tmp_path):
    repo = tmp_path / "repo"
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}
    env.update(PATH="/usr/bin:/bin", HOME=str(tmp_path))
    repo.mkdir()
    for argv in (["init", "-q"], ["commit", "-q", "--allow-empty", "-m", "first commit"]):
        subprocess.run(["git", *argv], cwd=repo, check=True, env=env)
    p = _one_tool(tmp_path / "m", FIX / "good_uppercase_configured.json", "repo_log_configured")
    out = call_via_client(
        p, "repo_log_configured", variables={f"{MANUAL.replace('_', '__')}_REPO_DIR": str(repo)}, args={"count": "1"}
    )
    assert "first commit" in out
    assert _severities(p) == [("UL161", "warning")]
