"""CLI options for CI and pre-commit: --skip-non-utcp (named files treated
like files found in a directory)."""

import json

from conftest import run_cli

VULN = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.2",
    "tools": [
        {
            "name": "t",
            "description": "d",
            "inputs": {"type": "object", "properties": {}},
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "cat UTCP_ARG_f_UTCP_END"}]},
        }
    ],
}


def test_skip_non_utcp_skips_foreign_json(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}', encoding="utf-8")
    (tmp_path / "m.json").write_text(json.dumps(VULN), encoding="utf-8")
    r = run_cli("--no-config", "package.json", cwd=tmp_path)
    assert r.returncode == 2 and "not a UTCP document" in r.stdout + r.stderr
    r = run_cli("--no-config", "--skip-non-utcp", "package.json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "package.json: skipped, not a UTCP document" in r.stderr
    r = run_cli("--no-config", "--skip-non-utcp", "--quiet", "package.json", cwd=tmp_path)
    assert r.returncode == 0 and "skipped" not in r.stderr
    # UTCP files named beside it are still linted
    r = run_cli(
        "--no-config",
        "--format",
        "json",
        "--select",
        "UL031",
        "--skip-non-utcp",
        "package.json",
        "m.json",
        cwd=tmp_path,
    )
    assert r.returncode == 1
    assert [f["path"] for f in json.loads(r.stdout)["findings"]] == ["m.json"]


def test_skip_non_utcp_still_fails_on_broken_json(tmp_path):
    (tmp_path / "broken.json").write_text('{"tools": [', encoding="utf-8")
    r = run_cli("--no-config", "--skip-non-utcp", "broken.json", cwd=tmp_path)
    assert r.returncode == 2 and "invalid JSON" in r.stdout + r.stderr


def test_skip_non_utcp_applies_exclude_to_named_files(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nexclude = ["vendor/*"]\n', encoding="utf-8")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "m.json").write_text(json.dumps(VULN), encoding="utf-8")
    r = run_cli("--select", "UL031", "vendor/m.json", cwd=tmp_path)
    assert r.returncode == 1  # a named file is linted even when excluded...
    r = run_cli("--select", "UL031", "--skip-non-utcp", "vendor/m.json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout  # ...unless it is treated like a found one
