"""Options after inline code (issue 23, A2), through the real runtime (tests/realcli.py).

Measured: node (v20) and perl keep reading options after ``-e CODE`` until the first
operand, so ``node -e CODE VALUE`` with ``VALUE = --eval=…`` runs the value as code (the
later ``--eval`` replaces the first) and ``perl -e CODE VALUE`` with ``VALUE = -MMODULE;CODE``
runs CODE (``use MODULE;CODE`` is compiled first, perlrun(1) -M); ``--`` before the value, python's ``-c`` (it ends option
parsing, python(1)) and a script operand (``node FILE VALUE``) hand it to the program's
argv.  UL150 is right to call the first two an error."""

import json
import shutil
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL150"

PAYLOADS = {
    "node_basename_argv": ("p", '--eval=require("fs").writeFileSync("CANARY","x")'),
    "perl_upper_argv": ("word", '-Mstrict;open(F,">CANARY")'),
    "node_argv_after_dashdash": ("p", '--eval=require("fs").writeFileSync("CANARY","x")'),
    "python_c_argv": ("user", "-cimport pathlib; pathlib.Path('CANARY').touch()"),
}


def _tpl(name: str, tool: str) -> dict:
    doc = json.loads((FIX / name).read_text())
    return next(t["tool_call_template"] for t in doc["tools"] if t["name"] == tool)


@pytest.mark.skipif(shutil.which("node") is None or shutil.which("perl") is None, reason="node/perl missing")
@pytest.mark.parametrize(
    ("fixture", "tool", "runs"),
    [
        ("bad_interpreter_argv_after_code.json", "node_basename_argv", True),
        ("bad_interpreter_argv_after_code.json", "perl_upper_argv", True),
        ("good_interpreter_argv_after_code.json", "node_argv_after_dashdash", False),
        ("good_interpreter_argv_after_code.json", "python_c_argv", False),
    ],
)
def test_value_after_inline_code(fixture: str, tool: str, runs: bool, tmp_path: Path) -> None:
    arg, payload = PAYLOADS[tool]
    call(_tpl(fixture, tool), {arg: payload}, tmp_path)
    assert (tmp_path / "CANARY").exists() is runs


def test_cli() -> None:
    code, out = lint_json("--select", "UL150", FIX / "bad_interpreter_argv_after_code.json")
    assert code == 1
    assert sorted((f["tool"], f["severity"]) for f in out["findings"]) == [
        ("node_basename_argv", "error"),
        ("perl_upper_argv", "error"),
    ]
    code, out = lint_json("--select", "UL150", FIX / "good_interpreter_argv_after_code.json")
    assert code == 0 and out["findings"] == []
