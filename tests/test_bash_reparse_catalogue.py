"""The catalogue of places where bash reads text again (docs/design/bash-reparse.md),
proven against real bash.

Each entry is one construct of the bash reference manual that evaluates or re-parses
text, with a ``bad`` template (the value reaches that second reading) and, where the
construct has a safe form, a ``good`` template (the same construct used safely).  Every
template is rendered exactly as utcp-cli renders it and run under ``/bin/bash`` with the
canary payloads of tests/test_canary_bash.py:

* ``bad`` with a rule: some payload creates the file ``CANARY``, and utcp-lint reports
  the rule (at error severity) on it;
* ``good``: ``bash -n`` accepts it, no payload creates ``CANARY``, and the rule is quiet;
* ``bad`` without a rule (``rule=None``): the construct looks dangerous but is inert in
  a rendered UTCP script; no payload creates ``CANARY`` (the reason is in the table).

The table in docs/design/bash-reparse.md lists every id here, and nothing else.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, lint_json
from test_canary_bash import BASH, _canary_payloads

from utcp_lint.executor.render import render

X = "UTCP_ARG_x_UTCP_END"
DOC = ROOT / "docs" / "design" / "bash-reparse.md"


def _c(text: str) -> list:
    return [s.replace("X_", X) for s in text.split(" ||| ")]


# (id, bad steps, good steps or None, rule or None)
CATALOGUE = [
    # Shell Builtin Commands that run a string as commands
    ("eval", 'eval "echo X_"', 'echo "X_"', "UL102"),
    ("sh-c", 'sh -c "echo X_"', 'sh -c \'printf "%s\\n" "${1:-}"\' _ "X_"', "UL102"),
    ("bash-c-printf-name", '$(printf %s ev al) "echo X_"', '$(printf %s ec ho) "X_"', "UL102"),
    ("trap", 'trap "echo X_" EXIT', "trap 'echo done' EXIT; echo \"X_\"", "UL102"),
    ("mapfile-C", "printf 'a\\n' | mapfile -C \"X_\" -c 1 lines", "printf '%s\\n' \"X_\" | mapfile -t lines", "UL102"),
    ("declare-compound-string", 'declare -a "files=(X_)"', 'declare -a files=("X_"); ls -- "${files[@]}"', "UL102"),
    (
        "alias",
        'shopt -s expand_aliases\nalias greet="echo X_"\ngreet',
        "shopt -s expand_aliases\nalias ll='ls -l'\nll -- \"X_\"",
        "UL102",
    ),
    ("redirect-dup-word", 'echo hi >&"X_"', 'echo "X_" >&2', "UL102"),
    ("source-file", 'source "X_"', 'source ./lib.sh 2>/dev/null; echo "X_"', "UL102"),
    ("source-procsub", '. <(echo "X_")', 'cat <(echo "X_")', "UL102"),
    ("written-then-sourced", 'echo "name=X_" > app.env ||| . ./app.env', 'echo "X_" > out.txt; cat out.txt', "UL102"),
    (
        "written-then-run",
        "printf '%s\\n' \"X_\" > run.sh ||| bash run.sh",
        "printf '%s\\n' \"X_\" > notes.txt; wc -l notes.txt",
        "UL102",
    ),
    (
        "find-exec-sh-c",
        'find . -maxdepth 0 -exec sh -c "echo X_" \\;',
        'find . -maxdepth 0 -exec sh -c \'echo "${1:-}"\' _ "X_" \\;',
        "UL102",
    ),
    ("xargs-sh-c", 'echo a | xargs -I{} sh -c "echo X_ {}"', 'echo "X_" | xargs -0 printf "%s\\n"', "UL102"),
    # code on standard input
    ("shell-stdin", 'bash <<< "echo X_"', 'cat <<< "X_"', "UL106"),
    ("source-dev-stdin", 'source /dev/stdin <<< "echo X_"', 'cat /dev/stdin <<< "X_"', "UL106"),
    ("pipe-into-sh", 'echo "X_" | sh', 'echo "X_" | wc -c', "UL106"),
    # Shell Arithmetic
    ("arith-expansion", "echo $(( X_ + 1 ))", '[[ "X_" == +([0-9]) ]] || exit 1; echo $(( X_ + 1 ))', "UL101"),
    (
        "arith-command",
        "(( X_ > 1 )) && echo big",
        '[[ "X_" =~ ^[0-9]+$ ]] || exit 1; (( X_ > 1 )) && echo big',
        "UL101",
    ),
    ("cond-arith-op", "[[ X_ -eq 1 ]] && echo one", '[ "X_" -eq 1 ] 2>/dev/null && echo one', "UL101"),
    ("let", 'let "n = X_ + 1"', 'case "X_" in \'\'|*[!0-9]*) exit 1;; esac; let "n = X_ + 1"', "UL101"),
    ("declare-i", 'declare -i n="X_"', 'declare n="X_"', "UL101"),
    (
        "array-subscript",
        'a=(x y); echo "${a[X_]}"',
        '[[ "X_" == +([0-9]) ]] || exit 1; a=(x y); echo "${a[X_]}"',
        "UL101",
    ),
    ("substring-offset", 'echo "${PWD:X_:2}"', '[[ "X_" == +([0-9]) ]] || exit 1; echo "${PWD:X_:2}"', "UL101"),
    # variable names (a subscript in a name is arithmetic)
    ("printf-v", "printf -v \"X_\" '%s' 1", "printf -v out '%s' \"X_\"", "UL107"),
    ("test-v", "[[ -v X_ ]] && echo set", '[[ -n "X_" ]] && echo set', "UL107"),
    ("declare-name", 'declare "X_=1"', 'declare "greeting=X_"', "UL107"),
    ("read-name", 'read -r "X_" <<< 1', 'read -r line <<< "X_"', "UL107"),
    # Command Search and Execution: the value chooses what runs
    ("command-name", '"X_" --version', 'git --version; echo "X_"', "UL103"),
    ("command-wrapper", 'command "X_"', 'command -v git; echo "X_"', "UL103"),
    ("path-assignment", 'PATH="X_:/usr/bin:/bin" git status', 'PATH="/usr/bin:/bin" git log -- "X_"', "UL103"),
    ("pythonpath-assignment", "PYTHONPATH=\"X_\" python3 -c 'import json'", "python3 -c 'import json' \"X_\"", "UL103"),
    ("cd-then-run", 'cd "X_" && ./run.sh', 'cd -- "X_" && ls', "UL103"),
    ("hash-p", 'hash -p "X_" git; git --version', 'hash -r; git --version; echo "X_"', "UL103"),
    # other languages
    ("python-c", "python3 -c \"print('X_')\"", "python3 -c 'import sys; print(sys.argv[1])' \"X_\"", "UL105"),
    (
        "written-then-python",
        "echo \"print('X_')\" > s.py; python3 s.py",
        'echo "X_" > s.txt; python3 -c "print(1)"',
        "UL105",
    ),
    (
        "written-then-run-tempfile",
        'f=$(mktemp); printf "print(%s)\\n" "X_" > "${f:-}"; python3 -u "${f:-}"; rm -f "${f:-}"',
        'f=$(mktemp); printf "%s\\n" "X_" > "${f:-}"; python3 -c "import sys; print(len(open(sys.argv[1]).read()))" '
        '"${f:-}"; rm -f "${f:-}"',
        "UL105",
    ),
    (
        "written-then-run-pid-name",
        'printf \'print "%s";\\n\' "X_" > /tmp/job_$$.pl && perl -w /tmp/job_$$.pl; rm -f /tmp/job_$$.pl',
        "printf '%s\\n' \"X_\" > in_$$.txt && perl -ne 'print if /./' in_$$.txt; awk 'NF' in_$$.txt; rm -f in_$$.txt",
        "UL105",
    ),
    (
        "written-data-then-script-reads-it",
        "echo \"print('X_')\" > s.py ||| python3 s.py notes.txt",
        "printf 'import sys\\nprint(len(open(sys.argv[1]).read()))\\n' > show.py ||| "
        'echo "X_" > notes.txt; python3 show.py notes.txt',
        "UL105",
    ),
    # look dangerous, inert in a rendered script (rule None: no canary)
    ("test-builtin-gt", '[ "X_" -gt 1 ] 2>/dev/null; test X_ -gt 1 2>/dev/null; true', None, None),
    ("export-compound-string", 'export "EXTRA=(X_)"', None, None),
    ("declare-compound-no-a", 'declare "arr=(X_)"', None, None),
    ("read-a", 'read -r -a words <<< "X_"', None, None),
    ("complete-C", 'complete -C "X_" mytool', None, None),
    ("alias-same-line", 'shopt -s expand_aliases; alias greet="echo X_"; greet 2>/dev/null; true', None, None),
    ("alias-other-step", 'alias greet="echo X_" ||| greet 2>/dev/null; true', None, None),
    ("redirect-dup-fd", 'echo hi 2>&"X_"', None, None),
    ("printf-format", 'printf "X_"', None, None),
]
IDS = [c[0] for c in CATALOGUE]
RULED = [pytest.param(cid, bad, rule, id=cid) for cid, bad, _g, rule in CATALOGUE if rule]
GOOD = [pytest.param(cid, good, rule, id=cid) for cid, _b, good, rule in CATALOGUE if good]
INERT = [pytest.param(cid, bad, id=cid) for cid, bad, _g, rule in CATALOGUE if rule is None]


def test_ids_unique():
    assert len(IDS) == len(set(IDS))


@pytest.mark.parametrize("cid,bad,rule", RULED)
def test_bad_runs_the_payload(cid, bad, rule, tmp_path):
    assert _canary_payloads(_c(bad), ["x"], tmp_path, stop_at_first=True), f"{cid}: no payload produced CANARY"


@pytest.mark.parametrize("cid,good,rule", GOOD)
def test_good_never_runs_the_payload(cid, good, rule, tmp_path):
    r = render(_c(good), {"x": "x"})
    syntax = subprocess.run([BASH, "-n"], input=r.script, capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr
    assert _canary_payloads(_c(good), ["x"], tmp_path, stop_at_first=False) == [], cid


@pytest.mark.parametrize("cid,bad", INERT)
def test_out_of_scope_construct_is_inert(cid, bad, tmp_path):
    r = render(_c(bad), {"x": "x"})
    syntax = subprocess.run([BASH, "-n"], input=r.script, capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr
    assert _canary_payloads(_c(bad), ["x"], tmp_path, stop_at_first=False) == [], cid


def _manual(path: Path, which: str) -> Path:
    tools = []
    for cid, bad, good, _rule in CATALOGUE:
        steps = bad if which == "bad" else good
        if steps is None:
            continue
        tools.append(
            {
                "name": cid.replace("-", "_"),
                "description": f"catalogue tool {cid}",
                "inputs": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": s} for s in _c(steps)]},
            }
        )
    path.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    return path


def _by_tool(out) -> dict:
    got: dict = {}
    for f in out["findings"]:
        got.setdefault(f["tool"], set()).add((f["rule"], f["severity"]))
    return got


def test_every_bad_construct_is_reported_as_an_error(tmp_path):
    _code, out = lint_json("--select", "UL1", _manual(tmp_path / "bad.json", "bad"))
    assert not out["errors"], out["errors"]
    got = _by_tool(out)
    missed = [
        (cid, rule)
        for cid, _b, _g, rule in CATALOGUE
        if rule and (rule, "error") not in got.get(cid.replace("-", "_"), set())
    ]
    assert missed == [], missed
    # the inert constructs raise none of the code-execution rules
    loud = {
        cid: got.get(cid.replace("-", "_"))
        for cid, _b, _g, rule in CATALOGUE
        if rule is None
        and {r for r, _s in got.get(cid.replace("-", "_"), set())}
        & {"UL101", "UL102", "UL103", "UL105", "UL106", "UL107"}
    }
    assert loud == {}, loud


def test_every_good_construct_is_quiet_for_its_rule(tmp_path):
    _code, out = lint_json("--select", "UL1", _manual(tmp_path / "good.json", "good"))
    assert not out["errors"], out["errors"]
    got = _by_tool(out)
    noisy = [
        (cid, got[cid.replace("-", "_")])
        for cid, _b, good, rule in CATALOGUE
        if good and any(r == rule for r, _s in got.get(cid.replace("-", "_"), set()))
    ]
    assert noisy == [], noisy


def test_the_doc_table_lists_exactly_the_catalogue():
    rows = re.findall(r"^\| `([A-Za-z0-9-]+)` \|", DOC.read_text(), re.M)
    assert sorted(rows) == sorted(IDS), set(rows) ^ set(IDS)


def test_unquoted_positional_in_a_function_splits_the_value(tmp_path):
    """`f() { … $@; }; f VALUE`: bash splits the value (UL117); `"$@"` keeps it one word."""
    from test_canary_bash import _run

    bad, _r = _run([f"show() {{ printf '<%s>' $@; }}; show {X}"], ["x"], "a  b", tmp_path)
    good, _r = _run([f"show() {{ printf '<%s>' \"$@\"; }}; show {X}"], ["x"], "a  b", tmp_path)
    assert bad.stdout.strip() == "<a><b>", bad.stdout
    assert good.stdout.strip() == "<a  b>", good.stdout
    _code, out = lint_json("--select", "UL117", ROOT / "fixtures" / "rules" / "UL117" / "bad_unquoted_positional.json")
    assert {f["tool"] for f in out["findings"]} == {"unquoted_at_in_function", "unquoted_star_in_function"}


def test_xargs_splits_the_value_into_options(tmp_path):
    """`echo VALUE | xargs CMD`: xargs splits the value again (UL118); `-0` keeps it whole."""
    from test_canary_bash import _run

    show = 'sh -c \'printf "<%s>" "$@"\' _'
    bad, _r = _run([f"echo {X} | xargs {show}"], ["x"], "a -rf 'b c'", tmp_path)
    good, _r = _run([f"printf '%s\\0' {X} | xargs -0 {show}"], ["x"], "a -rf 'b c'", tmp_path)
    assert bad.stdout.strip() == "<a><-rf><b c>", bad.stdout
    assert good.stdout.strip() == "<a -rf 'b c'>", good.stdout
    fx = ROOT / "fixtures" / "rules" / "UL118"
    _code, out = lint_json("--select", "UL118", fx / "bad_xargs_split.json")
    assert len({f["tool"] for f in out["findings"]}) == 4
    _code, out = lint_json("--select", "UL118", fx / "good_xargs.json")
    assert out["findings"] == []


def test_cmd_output_of_the_value_reaches_an_option_position(tmp_path):
    """`printf '%s\\n' VALUE` then `cmd "${CMD_0_OUTPUT:-}"`: the runtime's output variable
    carries the value into the next step, where a leading '-' is an option (UL150)."""
    from realcli import call, read_record, recording_shim, shim_env

    shims = tmp_path / "bin"
    recording_shim(shims)
    record = tmp_path / "record.json"
    env = shim_env(shims, record)
    steps = [{"command": f"printf '%s\\n' {X}", "append_to_final_output": False}]
    call({"commands": steps + [{"command": 'probe "${CMD_0_OUTPUT:-}"'}]}, {"x": "-rf"}, tmp_path, env)
    assert read_record(record)["options"] == ["-r", "-f"]
    call({"commands": steps + [{"command": 'probe -- "${CMD_0_OUTPUT:-}"'}]}, {"x": "-rf"}, tmp_path, env)
    assert read_record(record)["operands"] == ["-rf"]
    fx = ROOT / "fixtures" / "rules" / "UL150"
    _code, out = lint_json("--select", "UL150", fx / "bad_cmd_output_flow.json")
    assert {(f["tool"], f["severity"]) for f in out["findings"]} == {
        ("cmd_output_into_rm", "error"),
        ("cmd_output_into_git_checkout", "warning"),  # git checkout: UL150 rates its options a warning
    }


# the shapes of the mechanisms above, at size n and 4n, their work counted in Python steps
# (see tests/test_bash_scaling.py)
RE_READ_SHAPES = {
    "writes-then-sources": lambda n: (
        "; ".join(f'echo "{X}" > f{i}.sh' for i in range(n)) + "; " + "; ".join(f". ./f{i}.sh" for i in range(n))
    ),
    "cd-then-relative": lambda n: "; ".join(f'cd "{X}" && ./r{i}.sh' for i in range(n)),
    "printers-into-tee": lambda n: " | ".join([f'echo "{X}"'] * n) + " | tee out.sh; bash out.sh",
    "variable-command-words": lambda n: "c=$(printf %s ev al); " + "; ".join([f'${{c:-}} "echo {X}"'] * n),
    "printers-into-xargs": lambda n: " | ".join([f'echo "{X}"'] * n) + " | xargs rm",
}


@pytest.mark.parametrize("shape", sorted(RE_READ_SHAPES))
def test_re_read_mechanisms_scale_linearly(shape):
    from test_bash_scaling import _manual, _steps

    from utcp_lint.engine import Linter
    from utcp_lint.ruleset.rule import all_rules

    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL1") and r.default_enabled])
    make = RE_READ_SHAPES[shape]
    _steps(_manual(make(50)), linter)
    t_small, f_small = _steps(_manual(make(300)), linter)
    t_large, f_large = _steps(_manual(make(1200)), linter)
    assert f_large >= f_small > 0
    ratio = t_large / t_small  # Python steps (conftest.python_steps): linear work grows 4x
    assert ratio < 6.0, f"{shape}: {t_small} -> {t_large} steps (x{ratio:.1f} for 4x the input)"
