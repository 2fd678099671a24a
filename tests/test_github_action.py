"""action.yml: a composite action that installs utcp-lint and writes SARIF.

The lint step's script is executed for real under bash with the environment
GitHub would give it (inputs as env vars, GITHUB_OUTPUT file)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import ROOT

ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
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


def step(step_id):
    return next(s for s in ACTION["runs"]["steps"] if s.get("id") == step_id)


def test_action_shape():
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "args", "sarif-file", "version"} <= set(ACTION["inputs"])
    assert ACTION["inputs"]["sarif-file"]["default"].endswith(".sarif")
    assert set(ACTION["outputs"]) >= {"sarif-file", "exit-code"}
    setup = ACTION["runs"]["steps"][0]  # issue 12: the action brings its own Python >= 3.11
    assert setup["uses"].startswith("actions/setup-python@") and setup["id"] == "python"
    assert tuple(int(x) for x in ACTION["inputs"]["python-version"]["default"].split(".")) >= (3, 11)
    assert step("install")["env"]["UTCP_LINT_PYTHON"] == "${{ steps.python.outputs.python-path }}"
    for s in ACTION["runs"]["steps"][1:]:
        assert s["shell"] == "bash"
        # no ${{ }} expression inside a script: inputs reach it only as env vars
        # (template injection is what zizmor flags in workflows)
        assert "${{" not in s["run"], s["name"]
    install = step("install")
    assert "utcp-lint==$UTCP_LINT_VERSION" in install["run"]
    assert install["env"]["UTCP_LINT_VERSION"] == "${{ inputs.version }}"
    assert install["env"]["UTCP_LINT_ACTION_PATH"] == "${{ github.action_path }}"
    lint = step("lint")
    assert re.search(r"utcp-lint check --format sarif --output \"\$UTCP_LINT_SARIF\"", lint["run"])
    assert lint["env"] == {
        "UTCP_LINT_PATHS": "${{ inputs.paths }}",
        "UTCP_LINT_ARGS": "${{ inputs.args }}",
        "UTCP_LINT_SARIF": "${{ inputs.sarif-file }}",
        "UTCP_LINT_FAIL": "${{ inputs.fail-on-findings }}",
    }


def run_lint_step(tmp_path, paths, args="", sarif="out/utcp-lint.sarif", fail="false"):
    (tmp_path / "out").mkdir(exist_ok=True)
    gh_out = tmp_path / "github_output"
    gh_out.write_text("")
    env = dict(
        os.environ,
        UTCP_LINT_PATHS=paths,
        UTCP_LINT_ARGS=args,
        UTCP_LINT_SARIF=sarif,
        UTCP_LINT_FAIL=fail,
        GITHUB_OUTPUT=str(gh_out),
        PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    )
    r = subprocess.run(
        ["bash", "-e", "-c", step("lint")["run"]], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    outputs = dict(line.split("=", 1) for line in gh_out.read_text().splitlines() if "=" in line)
    return r, outputs


def test_lint_step_writes_sarif_and_outputs(tmp_path):
    (tmp_path / "manuals").mkdir()
    (tmp_path / "manuals" / "m 1.json").write_text(json.dumps(VULN), encoding="utf-8")
    (tmp_path / "clean.json").write_text(
        json.dumps({"manual_version": "1", "utcp_version": "1.0.2", "tools": []}), encoding="utf-8"
    )
    r, out = run_lint_step(tmp_path, "manuals\nclean.json", args="--select UL031 --no-config")
    assert r.returncode == 0, r.stdout + r.stderr  # findings alone do not fail the step
    assert out == {"sarif-file": "out/utcp-lint.sarif", "exit-code": "1"}
    log = json.loads((tmp_path / "out" / "utcp-lint.sarif").read_text(encoding="utf-8"))
    res = log["runs"][0]["results"]
    assert [x["ruleId"] for x in res] == ["UL031"]
    assert res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "manuals/m%201.json"
    assert "manuals/m%201.json:1:" in r.stdout and "UL031 error" in r.stdout  # log summary


def test_lint_step_fail_on_findings(tmp_path):
    (tmp_path / "m.json").write_text(json.dumps(VULN), encoding="utf-8")
    r, out = run_lint_step(tmp_path, "m.json", args="--select UL031 --no-config", fail="true")
    assert r.returncode == 1 and out["exit-code"] == "1"
    assert (tmp_path / "out" / "utcp-lint.sarif").exists()


def test_lint_step_expands_globs_and_names_files_in_error_annotations(tmp_path):
    (tmp_path / "manuals" / "deep").mkdir(parents=True)
    (tmp_path / "manuals" / "deep" / "m.json").write_text(json.dumps(VULN), encoding="utf-8")
    (tmp_path / "manuals" / "broken.json").write_text('{"tools": [', encoding="utf-8")
    r, out = run_lint_step(tmp_path, "manuals/**/m.json", args="--no-config --select UL031")
    assert out["exit-code"] == "1", r.stdout + r.stderr  # the pattern found the nested manual
    assert "manuals/deep/m.json:" in r.stdout
    r, out = run_lint_step(tmp_path, "manuals/*.json nothing-*.json", args="--no-config")
    assert r.returncode == 2 and out["exit-code"] == "2"
    errs = [ln for ln in r.stdout.splitlines() if ln.startswith("::error")]
    # every input-error annotation names its file (property and message)
    named = [ln for ln in errs if "title=utcp-lint input error" in ln]
    assert {ln.split("::")[2].split(":")[0] for ln in named} == {"manuals/broken.json", "nothing-*.json"}
    assert all("file=" in ln for ln in named)
    log = json.loads((tmp_path / "out" / "utcp-lint.sarif").read_text(encoding="utf-8"))
    notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    uris = {n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes}
    assert uris == {"manuals/broken.json", "nothing-%2A.json"}


def test_lint_step_args_cannot_inject_commands(tmp_path):
    (tmp_path / "m.json").write_text(json.dumps(VULN), encoding="utf-8")
    canary = tmp_path / "pwned"
    r, out = run_lint_step(tmp_path, "m.json", args=f"--no-config $(touch {canary}) ;touch {canary}")
    assert not canary.exists()
    assert out["exit-code"] == "2"  # the words reach utcp-lint as (bad) arguments
