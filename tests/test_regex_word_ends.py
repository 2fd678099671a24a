"""UL115: bash ends the regex word of ``[[ V =~ RE ]]`` at an unquoted ``;``, ``&``,
``<``, ``>`` or blank outside parentheses (issue 23, blind set I).

tree-sitter-bash reads ``^[,;|:]$`` as one regex; bash 5 says "syntax error in
conditional expression: unexpected token `;'" and runs nothing.  Each regex below is
checked against real bash (its diagnostic on stderr decides), and the fixtures through
the real runtime (tests/realcli.py)."""

import json
import subprocess
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call
from utcp_lint.template.bash.analysis import analyze_commands

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL115"
BAD = FIX / "bad_regex_word_ends.json"
GOOD = FIX / "good_regex_word_ends.json"

REGEXES = [
    r"^[,;|:]$",
    r"^[,|:]$",
    r"^(a|b)$",
    r"a|b",
    r"^[a&b]$",
    r"^[<>]$",
    r"^[ ]$",
    r"^(a;b)$",
    r"^(a b)$",
    r"^[a-z]+;",
    r"a\;b",
    r"^[\;]$",
    r"[;]",
    r"^[[:space:]]$",
    r"^a\ b$",
    r"a<b",
    r"a&&b",
    r'"a;b"',
    r"'[;]'",
    r'[$";"]',
    r"^v?[0-9]+\.[0-9]+$",
    r"^(https?|ftp)://[^ ]+$",
    r"^([a-z]+)(;[a-z]+)*$",
    r"^[^;]+$",
    r"^[^ ]+$",
    r"^[^<>]+$",
    r"(^|,)x(,|$)",
    r"^[|]$",
    r"^[#;]",
    r"^[[:alnum:]_-]+=[^;]*$",
    r"^[a-z]{2,3}$",
]


@pytest.mark.parametrize("regex", REGEXES)
def test_agrees_with_bash(regex: str) -> None:
    p = subprocess.run(["bash", "-n", "-c", f"[[ $x =~ {regex} ]] && echo y"], capture_output=True, text=True)
    bash_rejects = p.returncode != 0 or "syntax error" in p.stderr
    a = analyze_commands([{"command": f"[[ UTCP_ARG_x_UTCP_END =~ {regex} ]] && echo y"}])
    lint_rejects = any(b.kind == "parse-error" for b in a.breakages)
    assert lint_rejects == bash_rejects, (regex, p.stderr)


def _tools(path: Path) -> dict:
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


def test_bad_tools_never_run(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "items.csv").write_text("a,b\nc,d\n")
    for name, t in _tools(BAD).items():
        args = {
            k: {"sep": ",", "file": "data/items.csv", "url": "https://x.invalid/", "key": "core.x"}[k]
            for k in t["inputs"]["properties"]
        }
        out = str(call(t["tool_call_template"], args, tmp_path))
        assert "syntax error in conditional expression" in out, (name, out)


def test_good_tools_run(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "items.csv").write_text("a,b\nc,d\n")
    t = _tools(GOOD)
    for name in ("column_table_ok", "column_table_escaped", "awk_sep_group"):
        out = str(call(t[name]["tool_call_template"], {"sep": ",", "file": "data/items.csv"}, tmp_path))
        assert "syntax error" not in out and "b" in out and "unsupported" not in out, (name, out)


def test_cli() -> None:
    code, out = lint_json("--select", "UL115", GOOD)
    assert code == 0 and out["findings"] == []
    code, out = lint_json("--select", "UL115", BAD)
    assert code == 1
    assert {f["tool"] for f in out["findings"]} == set(_tools(BAD))
    assert all(f["severity"] == "error" for f in out["findings"])
