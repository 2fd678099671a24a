"""Subprocess declarations (REQ-C-019): inference, the rules, ``declare --write``.

Round trip: ``declare --write`` on a copy, then (1) linting shows no declaration
finding, (2) the file differs from the original only by the inserted
``, "subprocess": …`` members, (3) the real utcp 1.2.0 loads it exactly as it
loaded the original, (4) the strict executor reads what was written.
"""

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, SHARED, lint_json, run_cli

from utcp_lint.document.jsonpos import parse
from utcp_lint.executor import strict
from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.declarations import infer_step, read_declared

P = "UTCP_ARG_{}_UTCP_END".format
DECL_RULES = "UL300,UL301,UL302,UL303,UL304,UL305,UL306"


class _Step:
    def __init__(self, command):
        self.command = command
        self.node = None


def infer(command):
    a = analyze_commands([command])
    return infer_step(a, 0, _Step(command))


# ---------------------------------------------------------------------------
# inference
# ---------------------------------------------------------------------------


def test_pipeline_gets_one_declaration_per_binary():
    inf = infer(f"cat f | grep -e {P('p')} -- -")
    assert inf.value() == [
        {"binary": "cat", "user_controlled_args": [], "hardcoded_args": ["f"]},
        {"binary": "grep", "user_controlled_args": ["p"], "hardcoded_args": ["-e", "--", "-"]},
    ]
    assert inf.needs_declaration and inf.declarable and not inf.sinks


def test_wrappers_are_looked_through():
    inf = infer(f"sudo -u root timeout 5 git -C /srv log --author={P('who')} -- {P('path')}")
    assert inf.value() == {
        "binary": "git",
        "user_controlled_args": ["who", "path"],
        "hardcoded_args": ["-C", "/srv", "log", "--"],
    }


def test_redirections_assignments_and_heredocs_belong_to_their_command():
    inf = infer(f"X={P('v')} sort -o {P('out')} < {P('inp')} <<< {P('h')}")
    (e,) = inf.entries
    assert e.binary == "sort" and e.user_controlled_args == ["v", "out", "inp", "h"]
    assert [r.name for r in e.argv_refs] == ["out"]


def test_shell_level_contexts_are_uncovered_not_declared():
    inf = infer(f"Y={P('y')}; [[ {P('t')} == x ]]; for i in {P('l')}; do :; done; echo ok; date")
    assert inf.uncovered == ["y", "t", "l"]
    # builtins without placeholders are not programs of their own
    assert inf.value() == {"binary": "date", "user_controlled_args": [], "hardcoded_args": []}
    assert not inf.declarable


def test_reevaluation_sinks_are_not_declarable():
    for cmd in (
        f'sh -c "grep {P("p")} ."',
        f'eval "echo {P("p")}"',
        f"{P('p')} --version",
        f"python3 -c \"print('{P('p')}')\"",
    ):
        inf = infer(cmd)
        assert inf.sinks and not inf.declarable and not inf.needs_declaration, cmd


def test_builtins_are_never_declared_and_strict_covers_them():
    """Issue 12: echo/printf/cd/test/read run no subprocess: never in a generated
    declaration, no UL300; strict mode treats what only they receive as covered
    (the metacharacter and option checks still apply)."""
    from utcp_lint.executor.strict import validate

    for cmd in (
        f"echo {P('msg')}",
        f"printf '%s\\n' {P('msg')}",
        f"cd {P('msg')}",
        f"test -n {P('msg')}",
        f"read -r x <<< {P('msg')}",
    ):
        inf = infer(cmd)
        assert all(e.binary not in ("echo", "printf", "cd", "test", "read") for e in inf.entries), cmd
        assert not inf.needs_declaration, cmd
        assert validate([{"command": cmd}], {"msg": "hello"}) == [], cmd
        assert validate([{"command": cmd}], {"msg": "a;rm -rf ~"}) != [], cmd  # still checked
    inf = infer(f"cd /srv && git log --author={P('who')}")
    assert inf.value() == {
        "binary": "git",
        "user_controlled_args": ["who"],
        "hardcoded_args": ["log", f"--author={P('who')}"],
    } or [e.binary for e in inf.entries] == ["git"]
    # a placeholder that also reaches a program still needs that program's declaration
    errs = validate([{"command": f"echo {P('p')} && grep -e {P('p')} -- f"}], {"p": "x"})
    assert any("not covered" in e.message for e in errs)


# ---------------------------------------------------------------------------
# writing: minimal edits in the file's own style
# ---------------------------------------------------------------------------

MIN = (
    '{"manual_version":"1.0.0","utcp_version":"1.0.2","tools":[{"name":"t","description":"d",'
    '"inputs":{"type":"object","properties":{"p":{"type":"string"}},"required":["p"]},'
    '"tool_call_template":{"name":"t","call_template_type":"cli","commands":[{"command":'
    '"cat f | grep -e UTCP_ARG_p_UTCP_END -- -"}]}}]}'
)
TABS_CRLF = (
    '{\r\n\t"manual_version": "1.0.0",\r\n\t"utcp_version": "1.0.2",\r\n\t"tools": [{\r\n'
    '\t\t"name": "t", "description": "caf\\u00e9",\r\n'
    '\t\t"inputs": {"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]},\r\n'
    '\t\t"tool_call_template": {\r\n\t\t\t"name": "t", "call_template_type": "cli",\r\n'
    '\t\t\t"commands": [\r\n\t\t\t\t{\r\n'
    '\t\t\t\t\t"command": "wc -l -- UTCP_ARG_p_UTCP_END",\r\n'
    '\t\t\t\t\t"append_to_final_output": true\r\n\t\t\t\t}\r\n\t\t\t]\r\n\t\t}\r\n\t}]\r\n}\r\n'
)


def write_and_read(tmp_path, text, name="m.json"):
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    r = run_cli("declare", "--write", p)
    assert r.returncode == 0, r.stderr
    return p.read_bytes().decode("utf-8")


def test_write_minified_stays_minified(tmp_path):
    new = write_and_read(tmp_path, MIN)
    ins = (
        ',"subprocess":[{"binary":"cat","user_controlled_args":[],"hardcoded_args":["f"]},'
        '{"binary":"grep","user_controlled_args":["p"],"hardcoded_args":["-e","--","-"]}]'
    )
    at = MIN.index('-- -"') + len('-- -"')
    assert new == MIN[:at] + ins + MIN[at:]


def test_write_keeps_tabs_crlf_and_escapes(tmp_path):
    new = write_and_read(tmp_path, TABS_CRLF)
    ins = ',\r\n\t\t\t\t\t"subprocess": {"binary": "wc", "user_controlled_args": ["p"], "hardcoded_args": ["-l", "--"]}'
    at = TABS_CRLF.index('"append_to_final_output": true') + len('"append_to_final_output": true')
    assert new == TABS_CRLF[:at] + ins + TABS_CRLF[at:]
    assert "caf\\u00e9" in new  # escapes are left as written


def test_write_list_in_multiline_step_with_four_spaces(tmp_path):
    doc = json.loads(MIN)
    text = json.dumps(doc, indent=4)
    new = write_and_read(tmp_path, text)
    ind = " " * 24  # members of the step object (six levels of four spaces)
    ins = (
        ",\n"
        + ind
        + '"subprocess": [\n'
        + ind
        + '    {"binary": "cat", "user_controlled_args": [], "hardcoded_args": ["f"]},\n'
        + ind
        + '    {"binary": "grep", "user_controlled_args": ["p"], "hardcoded_args": ["-e", "--", "-"]}\n'
        + ind
        + "]"
    )
    at = text.index('-- -"') + len('-- -"')
    assert new == text[:at] + ins + text[at:]


def test_write_is_idempotent_and_replaces_a_mismatch(tmp_path):
    p = tmp_path / "m.json"
    p.write_text(MIN)
    assert run_cli("declare", "--write", p).returncode == 0
    once = p.read_text()
    r = run_cli("declare", "--write", p)
    assert r.returncode == 0 and "nothing to write" in r.stderr
    assert p.read_text() == once
    stale = once.replace('"hardcoded_args":["-e","--","-"]', '"hardcoded_args":["-e"]')
    p.write_text(stale)
    code, out = lint_json("--select", "UL304", p)
    assert [f["rule"] for f in out["findings"]] == ["UL304"]
    r = run_cli("declare", "--write", p)
    assert r.returncode == 0 and "replaced declaration" in r.stderr
    assert p.read_text() == once


def test_declare_json_statuses(tmp_path):
    src = FIXTURES / "example" / "manual.json"
    r = run_cli("declare", src)
    assert r.returncode == 0, r.stderr
    got = {(d["tool"], d["step"]): d["status"] for d in json.loads(r.stdout)["declarations"]}
    # add_days step 0 is `echo $(( days * 86400 ))`: only the echo builtin receives the value (issue 12)
    assert got == {
        ("count_lines", 0): "missing",
        ("add_days", 0): "not-needed",
        ("add_days", 1): "missing",
        ("search_repo", 0): "unsafe",
    }


def test_require_declarations_makes_missing_an_error(tmp_path):
    src = FIXTURES / "rules" / "UL300" / "bad_undeclared.json"
    _c, out = lint_json("--select", "UL300", src)
    assert {f["severity"] for f in out["findings"]} == {"note"}  # issue 12: a note by default
    _c, out = lint_json("--select", "UL300", "--require-declarations", src)
    assert {f["severity"] for f in out["findings"]} == {"error"} and len(out["findings"]) == 3
    (tmp_path / "pyproject.toml").write_text("[tool.utcp-lint]\nrequire-declarations = true\n")
    shutil.copy(src, tmp_path / "m.json")
    r = run_cli("--format", "json", "--select", "UL300", "m.json", cwd=tmp_path)
    assert {f["severity"] for f in json.loads(r.stdout)["findings"]} == {"error"}


# ---------------------------------------------------------------------------
# round trip
# ---------------------------------------------------------------------------


def _real_validity(data) -> list:
    """What utcp 1.2.0 (+ plugins) says about the document: a list of booleans."""
    import utcp_cli  # noqa: F401
    from utcp.data.call_template import CallTemplateSerializer
    from utcp.data.utcp_manual import UtcpManualSerializer

    from utcp_lint.ruleset.context import detect_kind

    def ok(fn, value):
        try:
            fn(value)
            return True
        except Exception:
            return False

    kind = detect_kind(data)
    if kind in ("manual", "legacy") and isinstance(data, dict) and "tools" in data:
        return [ok(UtcpManualSerializer().validate_dict, data)]
    if kind == "template":
        return [ok(CallTemplateSerializer().validate_dict, data)]
    if kind == "template-list":
        return [ok(CallTemplateSerializer().validate_dict, x) for x in data]
    if kind == "config":
        return [ok(CallTemplateSerializer().validate_dict, x) for x in data.get("manual_call_templates", [])]
    return []


def _strip_declarations(new_text: str, old_text: str) -> str:
    """Remove every `subprocess` member the original did not have (from the end of
    the member before it)."""
    old_root = parse(old_text)
    root = parse(new_text)
    cuts = []
    stack = [root]
    while stack:
        n = stack.pop()
        if n.kind == "object":
            keys = [k for k, _kn, _vn in n.children]
            if "subprocess" in keys and "command" in keys:
                from utcp_lint.document.jsonpos import resolve_pointer

                was = resolve_pointer(old_root, n.pointer)
                if was is None or was.get("subprocess") is None:
                    i = keys.index("subprocess")
                    assert i == len(keys) - 1, "the declaration must be the step's last member"
                    cuts.append((n.children[i - 1][2].end, n.children[i][2].end))
            stack.extend(v for _k, _kn, v in n.children)
        elif n.kind == "array":
            stack.extend(n.children)
    out = new_text
    for s, e in sorted(cuts, reverse=True):
        out = out[:s] + out[e:]
    return out


def _declared_steps(data) -> list:
    steps = []
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if "command" in x and "subprocess" in x:
                steps.append(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return steps


def round_trip(src: Path, tmp_path: Path, transform=None) -> dict:
    text = src.read_bytes().decode("utf-8")
    if transform:
        text = transform(text)
    p = tmp_path / src.name
    p.write_bytes(text.encode("utf-8"))
    before_valid = _real_validity(json.loads(text))
    r = run_cli("declare", "--write", p)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    new = p.read_bytes().decode("utf-8")
    # (1) no declaration findings
    _c, out = lint_json("--select", DECL_RULES, p)
    assert out["errors"] == [] and out["findings"] == [], out
    # (2) only insertions
    assert _strip_declarations(new, text) == text
    # (3) the real runtime's verdict is unchanged
    data = json.loads(new)
    assert _real_validity(data) == before_valid
    # (4) the strict executor reads every written declaration and covers the placeholders
    for step in _declared_steps(data):
        decls = strict.declarations(step)
        assert decls and all(set(d) == {"binary", "user_controlled_args", "hardcoded_args"} for d in decls)
        names = {n for n, *_ in strict._runtime_placeholders(step["command"])}
        args = {n: "value" for n in names}
        assert [e for e in strict.validate([step], args) if "not covered" in e.message] == []
    return {"written": len(_declared_steps(data)), "valid": before_valid}


def _corpus_cli_documents():
    out = []
    for d in ("real-world", "docs-extracted"):
        for f in sorted((SHARED / "corpus" / d).glob("*.json")) if (SHARED / "corpus" / d).exists() else []:
            if '"cli"' in f.read_text(encoding="utf-8", errors="replace"):
                out.append(pytest.param(f, id=f.name[:70]))
    return out


def test_round_trip_example_manual(tmp_path):
    res = round_trip(FIXTURES / "example" / "manual.json", tmp_path)
    assert res == {"written": 2, "valid": [True]}  # the `echo $(( ... ))` step needs none (issue 12)


@pytest.mark.parametrize("src", _corpus_cli_documents())
def test_round_trip_corpus(src, tmp_path):
    round_trip(src, tmp_path)


def test_round_trip_linux_utcp_made_valid(tmp_path):
    """The generated linux-utcp manual fails validation only for its two extra
    top-level keys (UL003); without them it is a valid CLI manual with placeholders."""
    src = SHARED / "corpus" / "real-world" / "mairin_linux-utcp__GENERATED_manuals_linux-utcp.json"
    if not src.exists():
        pytest.skip("shared corpus not present")

    def strip_keys(text):
        d = json.loads(text)
        d.pop("name", None)
        d.pop("description", None)
        return json.dumps(d, indent=2)

    res = round_trip(src, tmp_path, strip_keys)
    assert res == {"written": 3, "valid": [True]}


def test_every_validating_corpus_manual_is_covered():
    """The round trip above includes every corpus CLI manual that the real runtime accepts."""
    valid = [
        p.values[0].name
        for p in _corpus_cli_documents()
        if _real_validity(json.loads(p.values[0].read_text())) == [True]
        and "tools" in json.loads(p.values[0].read_text())
    ]
    assert valid, "expected at least one valid CLI manual in the corpus"


def test_declared_manual_loads_and_runs_in_the_real_client(tmp_path):
    import asyncio

    from utcp.utcp_client import UtcpClient

    (tmp_path / "notes.txt").write_text("one UTCP\ntwo\nthree UTCP\n")
    m = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "find_lines",
                "description": "grep the notes",
                "inputs": {"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]},
                "tool_call_template": {
                    "name": "find_lines",
                    "call_template_type": "cli",
                    "working_dir": str(tmp_path),
                    "commands": [{"command": f"cat notes.txt | grep -c -e {P('p')} -- -"}],
                },
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m, indent=2))
    assert run_cli("declare", "--write", p).returncode == 0
    written = json.loads(p.read_text())["tools"][0]["tool_call_template"]["commands"][0]
    assert [d["binary"] for d in written["subprocess"]] == ["cat", "grep"]

    async def go():
        client = await UtcpClient.create(
            root_dir=str(tmp_path),
            config={
                "manual_call_templates": [
                    {
                        "name": "notes",
                        "call_template_type": "file",
                        "file_path": str(p),
                        "allowed_communication_protocols": ["cli"],
                    }
                ]
            },
        )
        try:
            tools = await client.search_tools("", limit=10)
            return [t.name for t in tools], await client.call_tool("notes.find_lines", {"p": "UTCP"})
        finally:
            await client.close()

    names, result = asyncio.run(go())
    assert names == ["notes.find_lines"]
    assert str(result) == "2"


def test_declared_example_runs_strict(tmp_path):
    """The bundled executor in strict mode reads the written declarations."""
    p = tmp_path / "manual.json"
    shutil.copy(FIXTURES / "example" / "manual.json", p)
    assert run_cli("declare", "--write", p).returncode == 0
    (tmp_path / "f.txt").write_text("a\nb\n")
    ok = run_cli("run", "--strict", p, "count_lines", "--args", json.dumps({"path": "f.txt"}), cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.split()[0] == "2"
    bad = run_cli("run", "--strict", p, "count_lines", "--args", json.dumps({"path": "f.txt; id"}), cwd=tmp_path)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["error"]["code"] == "ARG_ERROR"


def test_read_declared_positions():
    text = MIN.replace('-- -"}', '-- -","subprocess":{"binary":"grep","user_controlled_args":["p","q"]}}')
    root = parse(text)
    step_node = root.get("tools").children[0].get("tool_call_template").get("commands").children[0]
    st = _Step("x")
    st.node = step_node
    d = read_declared(st)
    (e,) = d.entries
    assert e.binary == "grep" and [n for n, _ in e.users] == ["p", "q"] and e.hard is None
    assert text[e.users[1][1].start : e.users[1][1].end] == '"q"'


def test_discovery_templates_need_no_declaration(tmp_path):
    """A manual's own CLI call template runs with no tool arguments (its placeholders
    become MISSING_ARG_<name>): no declaration and no option-injection finding."""
    p = tmp_path / "config.json"
    p.write_text(
        json.dumps(
            {
                "manual_call_templates": [
                    {"name": "disc", "call_template_type": "cli", "commands": [{"command": f"rm {P('x')}"}]}
                ]
            }
        )
    )
    _c, out = lint_json("--select", "UL150,UL300", p)
    assert out == {"version": 1, "findings": [], "errors": []}
    r = run_cli("declare", p)
    assert json.loads(r.stdout)["declarations"] == []


def test_shell_function_call_is_not_a_subprocess_binary():
    # `count` is a function of the template: its body's programs are the subprocesses, and
    # what the call receives reaches no program directly (strict mode: uncovered)
    inf = infer(f"count() {{ wc -l; }}; count {P('x')}")
    assert [e.binary for e in inf.entries] == ["wc"] and inf.uncovered == ["x"]
    assert not inf.declarable
    # behind a wrapper the same name is a program on PATH (sudo cannot run a function)
    inf = infer(f"count() {{ wc -l; }}; sudo count {P('x')}")
    assert [e.binary for e in inf.entries] == ["wc", "count"]
    # the builtins the inference skips are the program table's
    from utcp_lint.template import declarations, programs

    assert declarations.BUILTINS is programs.SHELL_BUILTINS and "printf" in programs.SHELL_BUILTINS


def test_function_call_fixture_gets_no_declaration_for_the_function_name():
    # before the table was read here, UL300 suggested {"binary": "show"} for a shell function
    _, out = lint_json(str(FIXTURES / "valueflow" / "good_valueflow.json"))
    findings = out["findings"]
    assert not [f for f in findings if f["rule"] == "UL300" and "'show'" in f["message"]]
    assert [f for f in findings if f["tool"] == "shell_function_args" and f["severity"] in ("error", "warning")] == []
