"""Issue 23 (split): one value becoming several arguments or runs, and three shapes that
are safe although they look like sinks, proven through the REAL runtime (utcp 1.2.0
``call_tool`` with utcp-cli 1.1.5) with a stub program that logs each run's argv, and
checked against what the linter reports for the same template.

Shapes are this project's own (tests of set A's labels live in /work/blind only).
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from conftest import lint_json
from realcli import call


def P(name: str) -> str:
    return f"UTCP_ARG_{name}_UTCP_END"


def logger(tmp_path: Path) -> tuple[dict, Path]:
    """A program ``logargv`` appending one JSON line per run (its argv) to $RECORD."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    p = bindir / "logargv"
    p.write_text(
        f"#!{sys.executable}\n"
        "import json, os, sys\n"
        "with open(os.environ['RECORD'], 'a') as f:\n"
        "    f.write(json.dumps(sys.argv[1:]) + '\\n')\n"
    )
    p.chmod(p.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    record = tmp_path / "runs.jsonl"
    return {"PATH": f"{bindir}:/usr/bin:/bin", "RECORD": str(record)}, record


def runs(record: Path) -> list:
    if not record.exists():
        return []
    out = [json.loads(line) for line in record.read_text().splitlines()]
    record.unlink()
    return out


def lint(tmp_path: Path, steps: list, rules: str) -> list:
    m = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
                "tool_call_template": {
                    "name": "t",
                    "call_template_type": "cli",
                    "commands": [s if isinstance(s, dict) else {"command": s} for s in steps],
                },
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m, indent=1))
    _code, out = lint_json("--select", rules, p)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


HIDDEN = {"type": "cli", "append_to_final_output": False}

# (bad steps, good steps, rule, value, runs of the bad, runs of the good)
SPLITS = [
    pytest.param(
        [f"logargv $(printf 'tag:%s' {P('v')})"],
        [f"logargv tag:{P('v')}"],
        "UL117",
        "v1 --force x",
        [["tag:v1", "--force", "x"]],
        [["tag:v1 --force x"]],
        id="unquoted-substitution",
    ),
    pytest.param(
        [f"logargv $(printf '%s' {P('v')} | tr -d ';&|')"],
        [f"logargv $(printf '%s' {P('v')} | tr -cd 'a-z0-9_-')"],
        "UL117",
        "web1 --all;",
        [["web1", "--all"]],
        [["web1--all"]],
        id="substitution-through-a-deny-filter",
    ),
    pytest.param(
        [f"logargv $(printf '%s\\n' {P('v')} | sed 's/,/ /g' | sort -u)"],
        [f"logargv \"$(printf '%s\\n' {P('v')} | sed 's/,/ /g' | sort -u)\""],
        "UL117",
        "b,-a",
        [["b", "-a"]],
        [["b -a"]],
        id="substitution-through-sed-and-sort",
    ),
    pytest.param(
        [f'read -ra parts <<< {P("v")}; logargv "${{parts[@]}}"'],
        [f'read -r part <<< {P("v")}; logargv "${{part:-}}"'],
        "UL117",
        "a -b c",
        [["a", "-b", "c"]],
        [["a -b c"]],
        id="read-a-array",
    ),
    # the ${x:-} family reads like $x (the client-proof spelling of a shell variable)
    pytest.param(
        [f"user=$(echo {P('v')} | tr -d '\\r'); logargv -x uid=${{user:-}} cn"],
        [f"user=$(echo {P('v')} | tr -d '\\r'); logargv -x \"uid=${{user:-}}\" cn"],
        "UL117",
        "a -b",
        [["-x", "uid=a", "-b", "cn"]],
        [["-x", "uid=a -b", "cn"]],
        id="default-expansion-after-a-keeping-pipeline",
    ),
    pytest.param(
        [f"n=$(printf '%s\\n' {P('v')} | sed 's/^ *//' | head -n1); logargv log ${{n%.x}} -1"],
        [f"n=$(printf '%s\\n' {P('v')} | sed 's/^ *//' | head -n1); logargv log \"${{n%.x}}\" -1"],
        "UL117",
        " a -b",
        [["log", "a", "-b", "-1"]],
        [["log", "a -b", "-1"]],
        id="suffix-strip-after-sed-and-head",
    ),
    pytest.param(
        [f'opts="-n {P("v")}"; logargv get pods ${{opts:-}} -o wide'],
        [f'ns={P("v")}; logargv get pods -n "${{ns:-}}" -o wide'],
        "UL117",
        "prod --all",
        [["get", "pods", "-n", "prod", "--all", "-o", "wide"]],
        [["get", "pods", "-n", "prod --all", "-o", "wide"]],
        id="options-string-with-the-value",
    ),
    pytest.param(
        [f"n={P('v')}; logargv ${{n,,}}"],
        [f'n={P("v")}; logargv "${{n,,}}"'],
        "UL117",
        "A -B",
        [["a", "-b"]],
        [["a -b"]],
        id="case-mapped-expansion",
    ),
    pytest.param(
        [f'readarray -t reqs <<< {P("v")}; logargv install --user "${{reqs[@]}}"'],
        [f'read -r req <<< {P("v")}; logargv install --user "${{req:-}}"'],
        "UL117",
        "requests\n--index-url=http://x",
        [["install", "--user", "requests", "--index-url=http://x"]],
        [["install", "--user", "requests"]],
        id="readarray-lines",
    ),
    pytest.param(
        [f"mapfile -t reqs < <(printf '%s\\n' {P('v')}); logargv install \"${{reqs[@]}}\""],
        [f"mapfile -d '' -t reqs < <(printf '%s\\0' {P('v')}); logargv install \"${{reqs[@]}}\""],
        "UL117",
        "a\n-b",
        [["install", "a", "-b"]],
        [["install", "a\n-b"]],
        id="mapfile-procsub-lines",
    ),
    pytest.param(
        [f"echo {P('v')} | tr -d '\\r' | xargs logargv delete pod -n prod"],
        [f"printf '%s\\0' {P('v')} | tr -d '\\r' | xargs -0 logargv delete pod -n prod --"],
        "UL118",
        "web-1 --all",
        [["delete", "pod", "-n", "prod", "web-1", "--all"]],
        [["delete", "pod", "-n", "prod", "--", "web-1 --all"]],
        id="xargs-after-tr",
    ),
    pytest.param(
        [f"printf '%s\\n' {P('v')} | sed 's/^ *//' | head -n1 | xargs logargv rm"],
        [f"printf '%s' {P('v')} | tr -cd 'a-z0-9-' | xargs logargv rm"],
        "UL118",
        " a -f",
        [["rm", "a", "-f"]],
        [["rm", "a-f"]],
        id="xargs-after-sed-and-head",
    ),
    pytest.param(
        [f"set -- {P('v')}; logargv -ld -- $@"],
        [f'set -- {P("v")}; logargv -ld -- "$@"'],
        "UL117",
        "a -b c",
        [["-ld", "--", "a", "-b", "c"]],
        [["-ld", "--", "a -b c"]],
        id="set-positional-unquoted",
    ),
    pytest.param(
        [f"sh -c 'logargv ${{1:-}}' sh {P('v')}"],
        [f"sh -c 'logargv \"${{1:-}}\"' sh {P('v')}"],
        "UL117",
        "a -b c",
        [["a", "-b", "c"]],
        [["a -b c"]],
        id="sh-c-positional",
    ),
    pytest.param(
        [f"printf '%s\\n' {P('v')} | xargs -I{{}} logargv --name {{}}"],
        [f"printf '%s\\0' {P('v')} | xargs -0 -I{{}} logargv --name {{}}"],
        "UL118",
        "web\n--all",
        [["--name", "web"], ["--name", "--all"]],
        [["--name", "web\n--all"]],
        id="xargs-I-lines",
    ),
    pytest.param(
        [
            {"command": f"printf '%s\\n' {P('v')}", "append_to_final_output": False},
            "printf '%s\\n' \"${CMD_0_OUTPUT:-}\" | xargs logargv",
        ],
        [
            {"command": f"printf '%s' {P('v')}", "append_to_final_output": False},
            "printf '%s\\0' \"${CMD_0_OUTPUT:-}\" | xargs -0 logargv --",
        ],
        "UL118",
        "a -b c",
        [["a", "-b", "c"]],
        [["--", "a -b c"]],
        id="step-output-to-xargs",
    ),
]


@pytest.mark.parametrize("bad, good, rule, value, bad_runs, good_runs", SPLITS)
def test_split_proven_and_reported(tmp_path, bad, good, rule, value, bad_runs, good_runs):
    env, record = logger(tmp_path)
    call({"commands": bad}, {"v": value}, tmp_path, env)
    assert runs(record) == bad_runs
    assert (rule, "warning") in lint(tmp_path, bad, rule)
    call({"commands": good}, {"v": value}, tmp_path, env)
    assert runs(record) == good_runs
    assert lint(tmp_path, good, rule) == []


def test_printf_q_into_a_sourced_file_stays_literal(tmp_path):
    """%q in an unquoted format: the sourced file gives the value back, runs nothing;
    the same %q inside double quotes of the written code runs a newline-led $(…)."""
    env, record = logger(tmp_path)
    canary = tmp_path / "canary"
    value = f"x\n$(touch {canary})`touch {canary}`;touch {canary} 'q\""
    good = [f"printf 'export NOTE=%q\\n' {P('v')} > note.env && . ./note.env && logargv \"${{NOTE:-}}\""]
    call({"commands": good}, {"v": value}, tmp_path, env)
    assert not canary.exists()
    assert runs(record) == [[value]]
    assert lint(tmp_path, good, "UL102") == []
    bad = [f"printf 'export NOTE=\"%q\"\\n' {P('v')} > note.env && . ./note.env"]
    call({"commands": bad}, {"v": f"x\n$(touch {canary})"}, tmp_path, env)
    assert canary.exists()
    assert lint(tmp_path, bad, "UL102") == [("UL102", "error")]


@pytest.mark.parametrize("prefix", ["env", "env -i", "env -u LANG", "env --", "env -i --"])
def test_env_assignment_operand_is_never_the_command(tmp_path, prefix):
    env, record = logger(tmp_path)
    canary = tmp_path / "canary"
    steps = [f'{prefix} "PATH={env["PATH"]}" "RECORD={env["RECORD"]}" "MODE={P("v")}" logargv ok']
    for value in (f"x; touch {canary}", "touch", "-S touch canary", "A=B logargv"):
        call({"commands": steps}, {"v": value}, tmp_path, env)
        assert runs(record) == [["ok"]]
        assert not canary.exists()
    assert lint(tmp_path, steps, "UL103") == []
    bad = [f"{prefix} {P('v')} ok"]
    assert lint(tmp_path, bad, "UL103") == [("UL103", "error")]


def test_case_deny_branch_guards_the_later_branch(tmp_path):
    canary = tmp_path / "canary"
    (tmp_path / "data.txt").write_text("l1\nl2\nl3\n")
    guarded = [f"case {P('v')} in ''|*[!0-9]*) echo 'not a number' ;; *) awk \"NR == {P('v')}\" data.txt ;; esac"]
    payload = f'1 {{ system("touch {canary}") }} 1'
    out = call({"commands": guarded}, {"v": payload}, tmp_path)
    assert not canary.exists() and "not a number" in out
    assert call({"commands": guarded}, {"v": "2"}, tmp_path).strip() == "l2"
    assert lint(tmp_path, guarded, "UL105") == []
    fallthrough = [guarded[0].replace("echo 'not a number' ;;", "echo 'not a number' ;&")]
    call({"commands": fallthrough}, {"v": payload}, tmp_path)
    assert canary.exists()
    assert lint(tmp_path, fallthrough, "UL105") == [("UL105", "error")]
