"""UL126: a boolean input compared with `true`/`false` (issue 23 item 3).

Proven through the real runtime (utcp 1.2.0 ``UtcpClient.call_tool`` with utcp-cli
1.1.5): the client passes a JSON ``true`` as the text ``True`` (Python ``str()``), so
the tools of the bad fixture behave the same for ``true`` and ``false`` -- the flag
does nothing -- while the good fixture's tools tell them apart.  Programs are argv
shims on PATH (kubectl, git, curl, docker, jq); ``find`` is the real one.
"""

import json
import stat
import sys
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL126"
BAD = FIX / "bad_boolean_compared_lowercase.json"
GOOD = FIX / "good_boolean_compared_as_sent.json"


def _tools(path: Path) -> list:
    return json.loads(path.read_text())["tools"]


@pytest.fixture
def shims(tmp_path, monkeypatch):
    d = tmp_path / "bin"
    d.mkdir()
    for prog in ("kubectl", "git", "curl", "docker", "jq"):
        p = d / prog
        p.write_text(f"#!{sys.executable}\nimport sys\nprint('{prog}', *sys.argv[1:])\n")
        p.chmod(p.stat().st_mode | stat.S_IXUSR)
    work = tmp_path / "work"
    (work / "sub").mkdir(parents=True)
    (work / "top.txt").write_text("x")
    (work / "sub" / "deep.txt").write_text("y")
    monkeypatch.setenv("PATH", f"{d}:/usr/bin:/bin")
    monkeypatch.chdir(work)
    return work


def _args(tool: dict, flag: bool) -> dict:
    out = {}
    for name, schema in tool["inputs"]["properties"].items():
        if schema.get("type") == "boolean":
            out[name] = flag
        elif "enum" in schema:
            out[name] = "true" if flag else "false"
        else:
            out[name] = "main"
    return out


def _ran(out: str) -> list:
    """What the tool ran (shim lines, find's names), bash's own error lines aside."""
    return [x for x in out.splitlines() if "bash:" not in x]


def _one(tmp_path: Path, src: Path, tool: dict) -> Path:
    p = tmp_path / f"{tool['name']}.json"
    doc = json.loads(src.read_text())
    doc["tools"] = [tool]
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.parametrize("tool", _tools(BAD), ids=lambda t: t["name"])
def test_boolean_compared_lowercase_ignores_the_flag(tmp_path, shims, tool):
    p = _one(tmp_path, BAD, tool)
    on = call_via_client(p, tool["name"], args=_args(tool, True))
    off = call_via_client(p, tool["name"], args=_args(tool, False))
    assert "bash:" not in on or tool["name"] == "docker_containers"  # `[ True -eq 1 ]`: an error
    assert _ran(on) == _ran(off), (on, off)  # true and false run the same branch: the flag does nothing
    _code, out = lint_json("--select", "UL126", p)
    assert [(f["rule"], f["severity"], f["tool"]) for f in out["findings"]] == [("UL126", "error", tool["name"])]


@pytest.mark.parametrize("tool", _tools(GOOD), ids=lambda t: t["name"])
def test_boolean_compared_as_sent_tells_the_values_apart(tmp_path, shims, tool):
    p = _one(tmp_path, GOOD, tool)
    on = call_via_client(p, tool["name"], args=_args(tool, True))
    off = call_via_client(p, tool["name"], args=_args(tool, False))
    assert _ran(on) != _ran(off), on
    _code, out = lint_json("--select", "UL126", p)
    assert out["findings"] == []


def test_client_passes_json_true_as_python_text(tmp_path):
    """The fact the rule rests on, measured: true/false/null arrive as True/False/None."""
    tool = {
        "name": "show",
        "description": "print the flag",
        "inputs": {"type": "object", "properties": {"b": {"type": "boolean"}, "z": {"type": "null"}}},
        "tool_call_template": {
            "call_template_type": "cli",
            "commands": [{"command": "printf '[%s][%s]' UTCP_ARG_b_UTCP_END UTCP_ARG_z_UTCP_END"}],
        },
    }
    p = tmp_path / "show.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    assert call_via_client(p, "show", args={"b": True, "z": None}).strip() == "[True][None]"
    assert call_via_client(p, "show", args={"b": False, "z": None}).strip() == "[False][None]"


def test_assignment_count_is_the_regex_count():
    """comparisons.assignment_count counts as the pattern it replaced (no pattern compiled
    per variable name): ``NAME=``/``NAME+=`` not led by a word character or ``$``, non-overlapping,
    on written shapes and on random texts over the names' characters (Unicode letters and
    digits are word characters too)."""
    import random
    import re

    from utcp_lint.template.bash.comparisons import assignment_count

    names = ["A", "AA", "DATA", "US_EAST", "x1", "é", "a[0]", "a=", "=", "+", "$", "_"]
    texts = [
        "",
        "DATA=1",
        "DATA+=1",
        "$DATA=1",
        "xDATA=1",
        "_DATA=1",
        "éDATA=1",
        "٣DATA=1",
        " DATA=1; DATA=2",
        "DATA==",
        "DATA+=+=",
        "AAA=",
        "A=A=A=",
        "a[0]=1 a[0]+=2",
        "==",
        "+=+=",
    ]
    rng = random.Random(11)
    alphabet = "ADT_ax1é٣[0]=+$ ;\n"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16))) for _ in range(4000)]
    for name in names:
        pattern = r"(?<![\w$])" + re.escape(name) + r"\+?="
        for t in texts:
            assert assignment_count(t, name) == len(re.findall(pattern, t)), (t, name)
