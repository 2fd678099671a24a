"""Issue 23: the GCC drivers accept no ``--`` (``DASHDASH_NEVER`` in the program table):
``gcc -c -- m.c`` fails on every call ("unrecognized command-line option '--'"),
measured here through the real runtime (utcp-cli 1.1.5) with the installed compiler,
and UL125 reports it; ``./`` before the file name compiles and is not reported."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import lint_json
from realcli import call

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is missing")

P = "UTCP_ARG_src_UTCP_END"


def _lint(tmp_path, command) -> list:
    m = tmp_path / "m.json"
    tool = {
        "name": "t",
        "description": "Compile one C file.",
        "inputs": {"type": "object", "properties": {"src": {"type": "string"}}, "required": ["src"]},
        "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": command}]},
    }
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    _code, out = lint_json("--select", "UL125", m)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize("compiler", [c for c in ("gcc", "g++", "cc", "c++") if shutil.which(c)])
def test_dashdash_fails_every_call_and_is_reported(tmp_path, compiler):
    (tmp_path / "m.c").write_text("int main(void) { return 0; }\n")
    bad = f"{compiler} -c -- {P} -o m.o && echo BUILT"
    good = f"{compiler} -c ./{P} -o m.o && echo BUILT"
    out = str(call({"commands": [bad]}, {"src": "m.c"}, tmp_path))
    assert "unrecognized command-line option" in out and "BUILT" not in out
    assert _lint(tmp_path, bad) == [("UL125", "error")]
    out = str(call({"commands": [good]}, {"src": "m.c"}, tmp_path))
    assert "BUILT" in out
    assert _lint(tmp_path, good) == []
