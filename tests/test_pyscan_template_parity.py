"""Templates written in Python get exactly the bash/PowerShell findings of the
same templates in JSON, at the same characters.

Every JSON manual among the UL1xx/UL2xx rule fixtures is rewritten as Python
in one of five shapes (a FastAPI discovery endpoint returning the manual
dict, ``UtcpManual.model_validate({...})``, ``UtcpManual(tools=[Tool(...,
tool_call_template=CliCallTemplate(commands=[CommandStep(...)]))])``,
``@utcp_tool(...)`` decorators, and commands written as f-strings with a
constant field).  ``pprint`` splits long strings into implicit concatenations
across lines and ``repr`` writes escapes, so the position mapping is
exercised too.  Both are linted with ``--select UL1,UL2``; the findings must
agree in rule, tool and severity, and the characters each Python finding spans
must decode to the characters the JSON finding spans.
"""

import ast
import collections
import json
import pprint

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from utcp_lint.cli.app import main

HEADER = (
    "from fastapi import FastAPI\n"
    "from utcp.data.tool import Tool\n"
    "from utcp.data.utcp_manual import UtcpManual\n"
    "from utcp.python_specific_tooling.tool_decorator import utcp_tool\n"
    "from utcp_cli.cli_call_template import CliCallTemplate, CommandStep\n\n"
    "app = FastAPI()\n\n"
)


def _manuals():
    out = []
    for f in sorted(FIXTURES.glob("rules/UL[12]*/*.json")):
        doc = json.loads(f.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and isinstance(doc.get("tools"), list):
            out.append((f, doc))
    return out


def _fmt(v, indent):
    return pprint.pformat(v, width=100).replace("\n", "\n" + " " * indent)


def _fstr(cmd: str) -> str:
    """``f"{_P}rest"`` where ``_P`` is a module constant holding the first character."""
    body = repr(cmd[1:])
    return "f" + body[0] + "{_P" + str(ord(cmd[0])) + "}" + body[1:].replace("{", "{{").replace("}", "}}")


def _cli(tpl, fstrings, consts):
    steps = []
    for c in tpl.get("commands", []):
        if not isinstance(c, dict) or not isinstance(c.get("command"), str) or not c["command"]:
            return None
        cmd = c["command"]
        if fstrings:
            consts.add(cmd[0])
            src = _fstr(cmd)
        else:
            src = _fmt(cmd, 40)
        extra = "".join(f", {k}={v!r}" for k, v in c.items() if k != "command")
        steps.append(f"CommandStep(command={src}{extra})")
    kws = "".join(f", {k}={_fmt(v, 24)}" for k, v in tpl.items() if k not in ("commands", "call_template_type"))
    return "CliCallTemplate(commands=[\n        " + ",\n        ".join(steps) + "]" + kws + ")"


def to_python(doc: dict, shape: int) -> str:
    if shape == 0:
        return HEADER + '@app.get("/utcp")\ndef discovery():\n    return ' + _fmt(doc, 11) + "\n"
    if shape == 1:
        return HEADER + "MANUAL = UtcpManual.model_validate(" + _fmt(doc, 35) + ")\n"
    consts: set = set()
    tools = []
    for i, t in enumerate(doc["tools"]):
        tpl = t.get("tool_call_template")
        src = (
            _cli(tpl, shape == 4, consts) if isinstance(tpl, dict) and tpl.get("call_template_type") == "cli" else None
        )
        src = src or _fmt(tpl, 8)
        kws = "".join(f"{k}={_fmt(v, 8)}, " for k, v in t.items() if k in ("name", "description", "inputs"))
        if shape == 3:
            tools.append(f"@utcp_tool({kws}tool_call_template={src})\ndef tool_{i}():\n    return None\n")
        else:
            tools.append(f"Tool({kws}\n     tool_call_template={src})")
    pre = "".join(f"_P{ord(c)} = {c!r}\n" for c in sorted(consts))
    if shape == 3:
        return HEADER + "\n\n".join(tools)
    return (
        HEADER
        + pre
        + "MANUAL = UtcpManual(utcp_version='1.0.2', manual_version='1.0.0', tools=[\n"
        + ",\n".join(tools)
        + "])\n"
    )


def _lint(paths):
    r = CliRunner().invoke(
        main, ["check", "--no-config", "--no-cache", "--format", "json", "--select", "UL1,UL2", *map(str, paths)]
    )
    assert "Traceback" not in r.output
    return json.loads(r.stdout)


def _slice(text, f):
    lines = text.splitlines(keepends=True)
    start = sum(len(x) for x in lines[: f["line"] - 1]) + f["column"] - 1
    end = sum(len(x) for x in lines[: f["end_line"] - 1]) + f["end_column"] - 1
    return text[start:end]


def _decode_json(s):
    try:
        return json.loads('"' + s + '"')
    except ValueError:
        return None


def _decode_py(s, fstring=False):
    for prefix in ("f",) if fstring else ("",):
        for q in ("'", '"'):
            try:
                node = ast.parse("(" + prefix + q + s + q + ")", mode="eval").body
            except SyntaxError:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                return node.value
            if isinstance(node, ast.JoinedStr) and all(isinstance(v, ast.Constant) for v in node.values):
                return "".join(v.value for v in node.values)
    return None


@pytest.fixture(scope="module")
def parity(tmp_path_factory):
    d = tmp_path_factory.mktemp("parity")
    pairs = []
    for i, (f, doc) in enumerate(_manuals()):
        py = d / f"{f.parent.name}_{f.stem}_{i % 5}.py"
        py.write_text(to_python(doc, i % 5), encoding="utf-8")
        ast.parse(py.read_text(encoding="utf-8"))
        pairs.append((f, py))
    js = _lint([f for f, _ in pairs])
    ps = _lint([p for _, p in pairs])
    assert not js["errors"] if "errors" in js else True
    return pairs, js["findings"], ps["findings"]


def test_enough_manuals_in_every_shape(parity):
    pairs, jf, pf = parity
    assert len(pairs) >= 60
    assert len(jf) >= 200 and len(pf) >= 200


def test_same_rules_tools_and_severities(parity):
    pairs, jf, pf = parity
    by_json = collections.defaultdict(collections.Counter)
    by_py = collections.defaultdict(collections.Counter)
    for f in jf:
        by_json[f["path"]][(f["rule"], f["tool"], f["severity"])] += 1
    for f in pf:
        by_py[f["path"]][(f["rule"], f["tool"], f["severity"])] += 1
    bad = []
    for j, p in pairs:
        a = by_json[str(j)] or by_json[_rel(j)]
        b = by_py[str(p)]
        if a != b:
            bad.append((j.name, p.name, dict(a - b), dict(b - a)))
    assert not bad, bad


def _rel(p):
    import os

    return os.path.relpath(p)


def test_python_findings_span_the_same_characters(parity):
    pairs, jf, pf = parity
    texts = {}
    json_spans = collections.defaultdict(set)
    for f in jf:
        t = texts.setdefault(f["path"], open(f["path"], encoding="utf-8").read())
        json_spans[(f["path"], f["rule"], f["tool"])].add(_decode_json(_slice(t, f)))
    jpath = {str(p): str(j) for j, p in pairs}
    jpath.update({str(p): _rel(j) for j, p in pairs if _rel(j) in {f["path"] for f in jf}})
    decoded = mismatched = 0
    wrong = []
    for f in pf:
        t = texts.setdefault(f["path"], open(f["path"], encoding="utf-8").read())
        s = _decode_py(_slice(t, f), fstring=f["path"].endswith("_4.py"))
        if s is None:
            continue
        decoded += 1
        if s not in json_spans[(jpath[f["path"]], f["rule"], f["tool"])]:
            mismatched += 1
            wrong.append((f["path"], f["rule"], f["line"], s))
    assert not wrong, wrong[:10]
    # the check is not vacuous: nearly every Python finding's characters decode
    assert decoded >= 0.8 * len(pf), (decoded, len(pf))
