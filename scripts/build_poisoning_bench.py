"""Build bench/data/benign_tools.jsonl from pinned public MCP server repositories.

    python scripts/build_poisoning_bench.py MIRROR_DIR

MIRROR_DIR holds bare clones named ``owner+name/repo`` (as the project's ``fetch``
tool lays them out; ``git clone --bare https://github.com/OWNER/NAME`` at the pinned
commit works the same).  Every tool becomes one record: ``{"source", "commit", "path",
"name", "description", "params": {name: description}}``.  Sources, commits and
licences: bench/README.md "Poisoning bench".

* awslabs/mcp (Apache-2.0): Python servers; a tool is a function decorated with
  ``@mcp.tool``/``@app.tool``/``@server.tool`` (any ``*.tool``); its description is the
  docstring (or the decorator's ``description=``), its parameters the ``Field(description=)``
  of its arguments.
* github/github-mcp-server (MIT): ``pkg/github/__toolsnaps__/*.snap``, the JSON tool
  definitions the server's tests pin.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

PINS = {
    "awslabs/mcp": "100b55b6d92f731bc8d23486ce9efd5bbf90c606",
    "github/github-mcp-server": "64a49f34d076b6f5917dae1424521d43c7bcae84",
}
# TypeScript / Go servers: tool name and description read from the source by the patterns below.
SOURCE_PINS = {
    "stripe/agent-toolkit": "57599ddf4e666528da7cc1abbfc1a96ea02610f7",
    "mongodb-js/mongodb-mcp-server": "36a405e33817577f0c5a34d6d9479c0285fac5e4",
    "microsoft/playwright-mcp": "7e0457a7cbf88823bf0146d12c46ae12c6818247",
    "modelcontextprotocol/servers": "76d64c822f5125032f89eb71dbdb94e42b434821",
    "grafana/mcp-grafana": "c6e492b39f493f7e5856eb4ab419bc918b083716",
    "containers/kubernetes-mcp-server": "55749981693f71c9f9a573bfab229eccd4f124ea",
    "cloudflare/mcp-server-cloudflare": "70ff690553722f731849ede6ba9ce98958395a23",
}
_LIT = r"(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)"
_LITS = r"(?P<d>" + _LIT + r"(?:\s*\+\s*" + _LIT + r")*)"
_NAME = r"[\"'`](?P<n>[a-z][\w-]{2,60})[\"'`]"
_SRC_PATTERNS = [
    re.compile(r"\bNewTool\(\s*" + _NAME + r"[\s\S]{0,300}?WithDescription\(\s*" + _LITS),
    re.compile(r"\bMustTool\(\s*" + _NAME + r"\s*,\s*" + _LITS),
    re.compile(r"\.(?:tool|registerTool)\(\s*" + _NAME + r"\s*,\s*(?:\{[^{}]{0,200}?description\s*:\s*)?" + _LITS),
    re.compile(r"\bname\s*[:=]\s*" + _NAME + r"\s*[,;]?[^{}]{0,300}?\bdescription\s*[:=]\s*" + _LITS),
]


def _unquote(lits: str) -> str:
    parts = re.findall(_LIT, lits)
    out = []
    for p in parts:
        body = p[1:-1]
        body = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)
        out.append(body)
    return "".join(out)


def _source_tools(text: str):
    seen = set()
    for rx in _SRC_PATTERNS:
        for m in rx.finditer(text):
            desc = _unquote(m.group("d")).strip()
            if len(desc) < 12 or m.group("n") in seen:
                continue
            seen.add(m.group("n"))
            yield m.group("n"), desc


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def _const_str(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return None
    return None


def _field_description(default: ast.AST | None) -> str | None:
    if isinstance(default, ast.Call):
        for kw in default.keywords:
            if kw.arg == "description":
                return _const_str(kw.value)
    return None


def _registered(tree: ast.AST) -> dict[str, str | None]:
    """Functions registered as ``x.tool(...)(function)``: their name -> the ``name=`` given."""
    out: dict[str, str | None] = {}
    for c in ast.walk(tree):
        if (
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Call)
            and isinstance(c.func.func, ast.Attribute)
            and c.func.func.attr == "tool"
            and c.args
        ):
            a = c.args[0]
            fname = a.id if isinstance(a, ast.Name) else a.attr if isinstance(a, ast.Attribute) else None
            given = None
            for kw in c.func.keywords:
                if kw.arg == "name":
                    given = _const_str(kw.value)
            if given is None and c.func.args:
                given = _const_str(c.func.args[0])
            if fname:
                out[fname] = given
    return out


def _python_tools(src: str):
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return
    registered = _registered(tree)
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        dec_desc, name, is_tool = None, fn.name, False
        for d in fn.decorator_list:
            call = d if isinstance(d, ast.Call) else None
            target = call.func if call else d
            if isinstance(target, ast.Attribute) and target.attr == "tool":
                is_tool = True
                for kw in call.keywords if call else ():
                    if kw.arg == "description":
                        dec_desc = _const_str(kw.value)
                    elif kw.arg == "name" and _const_str(kw.value):
                        name = _const_str(kw.value) or name
        if fn.name in registered:
            is_tool, name = True, registered[fn.name] or fn.name
        if not is_tool:
            continue
        desc = dec_desc or ast.get_docstring(fn) or ""
        params = {}
        args = fn.args.args + fn.args.kwonlyargs
        defaults = (
            [None] * (len(fn.args.args) - len(fn.args.defaults)) + list(fn.args.defaults) + list(fn.args.kw_defaults)
        )
        for a, dflt in zip(args, defaults):
            if a.arg in ("self", "ctx"):
                continue
            pd = _field_description(dflt)
            if pd is None and isinstance(a.annotation, ast.Subscript):  # Annotated[str, Field(description=...)]
                sl = a.annotation.slice
                if isinstance(sl, ast.Tuple):
                    for e in sl.elts[1:]:
                        pd = pd or _field_description(e)
            params[a.arg] = pd or ""
        if desc.strip():
            yield name, desc, params


def build(mirror: Path) -> list[dict]:
    out: list[dict] = []
    repo = mirror / "awslabs+mcp" / "repo"
    commit = PINS["awslabs/mcp"]
    for path in _git(repo, "ls-tree", "-r", "--name-only", commit).splitlines():
        if not path.endswith(".py") or "/tests/" in path or path.startswith("tests/") or "/samples/" in path:
            continue
        src = _git(repo, "show", f"{commit}:{path}")
        if ".tool" not in src:
            continue
        for name, desc, params in _python_tools(src):
            out.append(
                {
                    "source": "awslabs/mcp",
                    "commit": commit,
                    "path": path,
                    "name": name,
                    "description": desc,
                    "params": params,
                }
            )
    repo = mirror / "github+github-mcp-server" / "repo"
    commit = PINS["github/github-mcp-server"]
    for path in _git(repo, "ls-tree", "-r", "--name-only", commit).splitlines():
        if "__toolsnaps__" not in path or not path.endswith(".snap"):
            continue
        d = json.loads(_git(repo, "show", f"{commit}:{path}"))
        props = (d.get("inputSchema") or {}).get("properties") or {}
        desc = d.get("description") or ""
        title = (d.get("annotations") or {}).get("title")
        out.append(
            {
                "source": "github/github-mcp-server",
                "commit": commit,
                "path": path,
                "name": d.get("name"),
                "description": desc,
                "title": title,
                "params": {k: (v.get("description") or "") for k, v in props.items() if isinstance(v, dict)},
            }
        )
    for src, commit in SOURCE_PINS.items():
        repo = mirror / src.replace("/", "+") / "repo"
        if commit.startswith("@"):
            commit = _git(repo, "rev-parse", "HEAD").strip()
        for path in _git(repo, "ls-tree", "-r", "--name-only", commit).splitlines():
            if not path.endswith((".ts", ".go", ".py")) or re.search(r"test|spec|mock|example", path, re.I):
                continue
            text = _git(repo, "show", f"{commit}:{path}")
            for name, desc in _source_tools(text):
                out.append(
                    {"source": src, "commit": commit, "path": path, "name": name, "description": desc, "params": {}}
                )
    # one record per (source, name, description): re-exports of the same tool count once
    seen, uniq = set(), []
    for r in out:
        key = (r["source"], r["name"], r["description"])
        if key not in seen:
            seen.add(key)
            uniq.append(r)
    return uniq


def main() -> None:
    mirror = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror")
    recs = build(mirror)
    dest = Path(__file__).resolve().parent.parent / "bench" / "data" / "benign_tools.jsonl"
    with dest.open("w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    by: dict[str, int] = {}
    for r in recs:
        by[r["source"]] = by.get(r["source"], 0) + 1
    print(f"{len(recs)} benign tools -> {dest}: {by}")


if __name__ == "__main__":
    main()
