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
    # issue 27: the job's Python, PATH and environment stay as they were
    assert setup["with"]["update-environment"] is False
    assert tuple(int(x) for x in ACTION["inputs"]["python-version"]["default"].split(".")) >= (3, 11)
    assert step("install")["env"]["UTCP_LINT_PYTHON"] == "${{ steps.python.outputs.python-path }}"
    for s in ACTION["runs"]["steps"]:
        if "uses" in s:  # third-party actions pinned by commit, the release named in a comment
            assert re.fullmatch(r"[\w-]+/[\w-]+@[0-9a-f]{40}", s["uses"]), s["uses"]
            continue
        assert s["shell"] == "bash"
        assert "GITHUB_PATH" not in s["run"] and "GITHUB_ENV" not in s["run"], s["name"]
        # no ${{ }} expression inside a script: inputs reach it only as env vars
        # (template injection is what zizmor flags in workflows)
        assert "${{" not in s["run"], s["name"]
    install = step("install")
    assert "utcp-lint==$UTCP_LINT_VERSION" in install["run"]
    assert "--upgrade pip" not in install["run"]  # no unpinned download on every run
    assert install["if"] == "steps.cache.outputs.cache-hit != 'true'"  # a cached venv is reused
    assert step("cache")["with"]["path"] == "${{ runner.temp }}/utcp-lint-venv"
    assert install["env"]["UTCP_LINT_VERSION"] == "${{ inputs.version }}"
    assert install["env"]["UTCP_LINT_ACTION_PATH"] == "${{ github.action_path }}"
    lint = step("lint")
    # called by path from its own virtualenv (nothing on the job's PATH)
    assert re.search(r"\"\$venv/bin/utcp-lint\" check --format sarif --output \"\$UTCP_LINT_SARIF\"", lint["run"])
    assert lint["env"] == {
        "UTCP_LINT_PATHS": "${{ inputs.paths }}",
        "UTCP_LINT_ARGS": "${{ inputs.args }}",
        "UTCP_LINT_SARIF": "${{ inputs.sarif-file }}",
        "UTCP_LINT_FAIL": "${{ inputs.fail-on-findings }}",
        "UTCP_LINT_ANNOTATIONS": "${{ inputs.annotations }}",
        "UTCP_LINT_ANNOTATE_NOTES": "${{ inputs.annotate-notes }}",
    }


def _runner_temp(tmp_path: Path) -> Path:
    """$RUNNER_TEMP with the action's virtualenv in it (here: this interpreter's)."""
    rt = tmp_path / "runner_temp"
    venv_bin = rt / "utcp-lint-venv" / "bin"
    if not venv_bin.exists():
        venv_bin.mkdir(parents=True)
        (venv_bin / "python").symlink_to(sys.executable)
        exe = Path(sys.executable).parent / "utcp-lint"
        if exe.exists():
            (venv_bin / "utcp-lint").symlink_to(exe)
        else:
            (venv_bin / "utcp-lint").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m utcp_lint "$@"\n')
            (venv_bin / "utcp-lint").chmod(0o755)
    return rt


def run_lint_step(
    tmp_path, paths, args="", sarif="out/utcp-lint.sarif", fail="false", annotations="true", notes="false"
):
    (tmp_path / "out").mkdir(exist_ok=True)
    gh_out = tmp_path / "github_output"
    gh_out.write_text("")
    env = dict(
        os.environ,
        UTCP_LINT_PATHS=paths,
        UTCP_LINT_ARGS=args,
        UTCP_LINT_SARIF=sarif,
        UTCP_LINT_FAIL=fail,
        UTCP_LINT_ANNOTATIONS=annotations,
        UTCP_LINT_ANNOTATE_NOTES=notes,
        GITHUB_OUTPUT=str(gh_out),
        RUNNER_TEMP=str(_runner_temp(tmp_path)),
        # the job's PATH: no utcp-lint on it (the step calls its own by path)
        PATH="/usr/bin:/bin",
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
    assert "manuals/m 1.json:1:" in r.stdout and "UL031 error" in r.stdout  # log summary, the path as on disk


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


def test_annotations_for_repositories_without_code_scanning(tmp_path):
    manual = dict(VULN)
    (tmp_path / "m.json").write_text(json.dumps(manual), encoding="utf-8")
    r, out = run_lint_step(tmp_path, "m.json", args="--no-config --select UL031,UL300")
    ann = [ln for ln in r.stdout.splitlines() if ln.startswith(("::error ", "::warning ", "::notice "))]
    errors = [ln for ln in ann if ln.startswith("::error ") and "title=UL031" in ln]
    assert len(errors) == 1 and "file=m.json,line=" in errors[0], r.stdout
    # notes (UL300 is a note) only on request
    assert not [ln for ln in ann if ln.startswith("::notice ")]
    r, _ = run_lint_step(tmp_path, "m.json", args="--no-config --select UL031,UL300", notes="true")
    assert [ln for ln in r.stdout.splitlines() if ln.startswith("::notice ") and "title=UL300" in ln]
    r, _ = run_lint_step(tmp_path, "m.json", args="--no-config --select UL031,UL300", annotations="false")
    assert not [ln for ln in r.stdout.splitlines() if ln.startswith(("::error file=m.json", "::warning ", "::notice "))]
    assert "m.json:1:" in r.stdout  # the log summary stays


def test_action_is_clean_under_zizmor_offline():
    import shutil

    exe = shutil.which("zizmor") or str(Path(sys.executable).parent / "zizmor")
    r = subprocess.run(
        [exe, "--offline", "--no-progress", str(ROOT / "action.yml")], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "No findings" in r.stdout + r.stderr


def _doc_workflows() -> list[str]:
    """The complete workflows (``jobs:``) and job step lists shown in docs/ci.md."""
    doc = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    return [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "uses:" in b or "run:" in b]


def test_documented_workflows_are_clean_under_zizmor_offline(tmp_path):
    import shutil

    exe = shutil.which("zizmor") or str(Path(sys.executable).parent / "zizmor")
    wf_dir = tmp_path / ".github" / "workflows"
    wf_dir.mkdir(parents=True)
    blocks = [b for b in _doc_workflows() if "repos:" not in b]  # not the pre-commit config
    assert len(blocks) >= 2
    for i, block in enumerate(blocks):
        text = block.replace("<commit SHA>", "0123456789abcdef0123456789abcdef01234567")
        if "jobs:" not in text:  # a list of steps: put it in a minimal job, as a reader would
            steps = "\n".join(
                "      " + ln[6:] if ln.startswith("      ") else "      " + ln for ln in text.splitlines()
            )
            text = (
                "name: doc\non: [pull_request]\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-latest\n"
                "    permissions:\n      contents: read\n    steps:\n" + steps + "\n"
            )
        yaml.safe_load(text)
        (wf_dir / f"doc{i}.yml").write_text(text, encoding="utf-8")
    r = subprocess.run([exe, "--offline", "--no-progress", str(wf_dir)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_documented_inputs_table_matches_action_yml():
    doc = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    table = re.search(r"Action inputs:\n\n\| input .*?\n\n", doc, re.S)
    assert table is not None
    rows = re.findall(r"^\| `([\w-]+)` \| `?(\"?[^|`]*?\"?)`? \|", table.group(0), re.M)
    assert {name for name, _ in rows} == set(ACTION["inputs"])
    for name, default in rows:
        assert default.strip('"') == str(ACTION["inputs"][name]["default"]), name
