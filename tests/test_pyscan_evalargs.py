"""A constant shell script that evaluates its arguments (issue 25): ``bash -c 'eval "$1"'
name value`` parses the value as shell code although the script is constant, so UL403
reports it with the argument's evidence; the recommended form (a constant script that
reads ``$1`` as data, ``"$@"`` run as an argv) stays quiet.  Through the CLI on
``fixtures/pyscan/evalargs``, and proven with real sh."""

import shutil
import subprocess

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "evalargs"


def _lint(tree):
    import json

    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", ".", cwd=tree)
    assert "Traceback" not in r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_scripts_that_evaluate_their_arguments_are_errors():
    code, found = _lint(TREE / "bad")
    assert code == 1
    bad = TREE / "bad"
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in found)
    assert all("evaluates its arguments as code" in f["message"] for f in found)
    assert any("parameter 'command'" in f["message"] for f in found)


def test_scripts_that_read_their_arguments_as_data_are_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_real_sh_evaluates_the_argument_and_not_the_data_form(tmp_path):
    canary = tmp_path / "canary"
    payload = f"x; touch {canary}"
    subprocess.run(["sh", "-c", 'eval "$1"', "runner", payload], capture_output=True, cwd=tmp_path)
    assert canary.exists()
    canary.unlink()
    subprocess.run(["sh", "-c", 'printf "%s" "$1" >/dev/null', "runner", payload], cwd=tmp_path)
    subprocess.run(["sh", "-c", 'exec "$@"', "sh", "true", payload], cwd=tmp_path)
    assert not canary.exists()
