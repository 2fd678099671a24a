"""UL110 severity by what the split does (issue 23): a value split inside a ``$( )`` whose
result is quoted is a split (warning); an error where the split words name the program;
no finding where a guard proves the value holds no blank and no glob character.  The
guard claims are proven in real bash and through the real UtcpClient: ``[ V -gt 0 ]``
(the test builtin) refuses a non-integer without evaluating it, ``[[ V -gt 0 ]]`` runs
the arithmetic (and the command substitution in an array subscript)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "rules" / "UL110"
HOSTILE = ["a[$(touch canary)]", "5 *", "*", "1 -delete", "$(touch canary)", "-1", "3 4"]


def _lint(path: Path) -> list:
    _code, out = lint_json("--no-cache", "--select", "UL110", str(path))
    return out["findings"]


def test_single_bracket_test_does_not_evaluate_arithmetic(tmp_path):
    v = "a[$(touch canary)]"
    r = subprocess.run(["bash", "-c", '[ "$V" -gt 0 ] 2>/dev/null', "x"], cwd=tmp_path, env={"V": v}, timeout=30)
    assert r.returncode == 2 and not (tmp_path / "canary").exists()
    subprocess.run(["bash", "-c", '[[ "$V" -gt 0 ]] 2>/dev/null', "x"], cwd=tmp_path, env={"V": v}, timeout=30)
    assert (tmp_path / "canary").exists()  # [[ -gt ]] evaluates: no guard, UL101's business


def test_guarded_values_are_not_reported():
    assert _lint(FIX / "good_split_guarded.json") == []


@pytest.mark.parametrize("value", HOSTILE)
def test_integer_test_guard_holds_through_the_real_client(tmp_path, value):
    tool = next(
        t
        for t in json.loads((FIX / "good_split_guarded.json").read_text())["tools"]
        if t["name"] == "find_days_integer_test"
    )
    (tmp_path / "x.log").write_text("")
    call(tool["tool_call_template"], {"days": value}, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.log"]


def test_split_inside_quoted_substitution_is_a_warning_code_position_an_error(tmp_path):
    sev = {f["tool"]: f["severity"] for f in _lint(FIX / "bad_split_in_quoted_substitution.json")}
    assert sev == {
        "du_realpath": "warning",
        "jq_file_in_substitution": "warning",
        "awk_count": "warning",
        "arith_test_is_no_guard": "warning",
        "program_from_value": "error",
    }
    # what the warning says happens: realpath gets two arguments, du one (two lines)
    tool = {"commands": [{"command": 'printf "<%s>" "$(printf "[%s]" UTCP_ARG_path_UTCP_END)"'}]}
    out = call(tool, {"path": "a b"}, tmp_path)
    assert "<[a][b]>" in str(out)
