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


def test_environment_name_passed_as_option_value_works_when_configured(tmp_path, monkeypatch):
    """`aws … --region $AWS_DEFAULT_REGION`: a name programs read from the environment,
    passed explicitly as the whole argument of the program's option, is a value the
    manual's users configure (UL161 warning), not evidently the environment's (UL160
    error): configured as ``<manual>_AWS_DEFAULT_REGION`` the tool works; unconfigured
    the call fails with UtcpVariableNotFound naming it (what UL161 tells the reviewer)."""
    stubs = tmp_path / "bin"
    stubs.mkdir()
    aws = stubs / "aws"
    aws.write_text('#!/bin/sh\nprintf "argv:%s\\n" "$@"\n')
    aws.chmod(0o755)
    monkeypatch.setenv("PATH", f"{stubs}:/usr/bin:/bin")
    p = _one_tool(tmp_path / "m", FIX / "good_option_value_configured.json", "bucket_list_option")
    key = f"{MANUAL.replace('_', '__')}_AWS_DEFAULT_REGION"
    out = call_via_client(p, "bucket_list_option", variables={key: "eu-west-1"}, args={"bucket": "reports"})
    assert "argv:--region" in out and "argv:eu-west-1" in out and "argv:s3://reports/" in out
    with pytest.raises(UtcpVariableNotFound, match=key):
        call_via_client(p, "bucket_list_option", args={"bucket": "reports"})
    assert _severities(p) == [("UL161", "warning")]
    # the same name in the environment's sense (not an option's argument) stays an error
    bad = _one_tool(tmp_path / "b", FIX / "bad_environment_variables.json", "bucket_list")
    assert ("UL160", "error") in _severities(bad)
