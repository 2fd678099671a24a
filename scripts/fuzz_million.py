#!/usr/bin/env python3
"""Run a million-plus fuzz cases against utcp-lint's in-process entry points.

Outside pytest on purpose (it takes minutes).  Usage::

    python scripts/fuzz_million.py                 # 1,000,000 fast cases + 3,000 full-pipeline
    python scripts/fuzz_million.py --cases 200000 --pipeline 500 --jobs 2 --seed 7

Targets (each case is generated from a seeded ``random.Random``, so every
failure is reproducible from its (target, seed, index)):

* ``json``      -- jsonpos.parse on random and mutated JSON, differential
                   against json.loads (same acceptance, same value, error
                   offsets inside the text);
* ``render``    -- executor.render.substitute for bash and PowerShell: every
                   character other than the placeholders survives, references
                   name the right variable;
* ``ps_lexer``  -- the PowerShell tokenizer never raises;
* ``ts_bash``   -- tree-sitter-bash parses the rendered script (a crash of the
                   C extension kills the worker and is reported as such);
* ``placeholders`` -- malformed/lazy placeholder detection never raises;
* ``pipeline``  -- Linter.lint_json_text on a generated manual with every
                   rule and shell mode: no exception, no internal error, every
                   finding inside the file.

A worker that dies (segfault) is detected; the batch is replayed case by
case in a fresh process to name the crashing input.  Failures are written to
``--out`` (default: ./fuzz-failures/) as JSON.  Exit 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

HERE = os.path.dirname(os.path.abspath(__file__))

NASTY = [
    '"',
    "'",
    "\\",
    "`",
    "$",
    "\x00",
    "\x1b",
    "\n",
    "\r",
    "\t",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\U0001d11e",
    "é",
    "\u2028",
    "~",
    "/",
    "{",
    "}",
    "[",
    "]",
    "#",
    ";",
    "|",
    "&",
    "<",
    ">",
    "(",
    ")",
    "%",
    "-",
    " ",
]
BASH = [
    "echo ",
    "cat ",
    " -- ",
    "-",
    "--",
    '"',
    "'",
    "\\",
    "\\'",
    '\\"',
    "$(",
    ")",
    "`",
    "${",
    "}",
    "$((",
    "))",
    "[[ ",
    " -eq ",
    " ]]",
    "eval ",
    "bash -c ",
    "python3 -c ",
    "awk '{print $1}' ",
    "sed -e ",
    "ssh h ",
    "xargs ",
    "#",
    " # it's ",
    "<<EOF\n",
    "<<'EOF'\n",
    "<<-EOF\n",
    "\nEOF\n",
    "$'",
    "\\n",
    ";",
    " | ",
    " && ",
    " > ",
    " 2>&1",
    "&",
    "\n",
    " ",
    "$CMD_0_OUTPUT",
    "${CMD_1_OUTPUT}",
    "$@",
    "*",
    "?",
    "!",
    "((",
    "{a,b}",
    "case x in a) ;; esac",
    "function f { ",
    "(",
    "<(",
    ">(",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_y_UTCP_END",
    "UTCP_ARG_",
    "_UTCP_END",
    "UTCP_ARG_a_UTCP_END_UTCP_END",
]
PS = [
    "Get-ChildItem ",
    "Write-Output ",
    "iex ",
    "& ",
    "cmd /c ",
    "$env:",
    "${env:PATH}",
    "$(",
    "@(",
    "@{",
    "''",
    '""',
    "`",
    "`n",
    '`"',
    "`$",
    '@"\n',
    '\n"@',
    "@'\n",
    "\n'@",
    "<#",
    "#>",
    "--%",
    " -Path ",
    "[scriptblock]::Create(",
    "\u2018",
    "\u2019",
    "\u201c",
    "\u201d",
    "Start-Process ",
]
PIECES = BASH + PS + NASTY
JSON_PIECES = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    '"',
    '"a"',
    '"\\u"',
    '"\\ud800"',
    '"\\ud83d\\ude00"',
    '"\\\\"',
    "1",
    "-0",
    "1e999",
    "0.5",
    "00",
    "true",
    "fals",
    "null",
    " ",
    "\n",
    "NaN",
    '"\\x"',
    '"\n"',
]


def command(rnd: random.Random) -> str:
    n = rnd.randint(0, 20)
    out = []
    for _ in range(n):
        if rnd.random() < 0.9:
            out.append(rnd.choice(PIECES))
        else:
            out.append(
                chr(
                    rnd.choice(
                        [
                            rnd.randint(0, 0x7F),
                            rnd.randint(0x80, 0x2FFF),
                            rnd.randint(0xD800, 0xDFFF),
                            rnd.randint(0x10000, 0x10FFFF),
                        ]
                    )
                )
            )
    return "".join(out)


def json_value(rnd: random.Random, depth: int = 0):
    r = rnd.random()
    if depth > 4 or r < 0.45:
        return rnd.choice(
            [None, True, False, rnd.randint(-(10**6), 10**6), rnd.random() * 1e6, command(rnd), rnd.choice(NASTY), ""]
        )
    if r < 0.7:
        return [json_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    return {
        rnd.choice(["command", "tools", "a/b", "~", command(rnd)[:6], "x"]): json_value(rnd, depth + 1)
        for _ in range(rnd.randint(0, 4))
    }


def json_text(rnd: random.Random) -> str:
    style = rnd.random()
    if style < 0.15:
        return "".join(rnd.choice(JSON_PIECES) for _ in range(rnd.randint(0, 15)))
    text = json.dumps(json_value(rnd), ensure_ascii=rnd.random() < 0.5, indent=rnd.choice([None, None, 1, 2, "\t"]))
    if style < 0.55:  # mutate
        for _ in range(rnd.randint(1, 3)):
            if not text:
                break
            i = rnd.randrange(len(text) + 1)
            op = rnd.random()
            if op < 0.4:
                text = text[:i] + rnd.choice(JSON_PIECES + NASTY) + text[i:]
            elif op < 0.7:
                text = text[:i] + text[i + rnd.randint(1, 4) :]
            else:
                text = text[:i] + rnd.choice(NASTY) + text[i + 1 :]
    return text


def manual(rnd: random.Random) -> tuple[str, str]:
    tools = []
    for t in range(rnd.randint(1, 3)):
        names = rnd.sample(["x", "y", "a", "long_name", "é"], rnd.randint(0, 3))
        tpl = {"call_template_type": "cli", "commands": [{"command": command(rnd)} for _ in range(rnd.randint(1, 3))]}
        if rnd.random() < 0.3:
            tpl["env_vars"] = {"API_KEY": rnd.choice(["sk-live-123456789012345678901234", "${KEY}", "x"])}
        if rnd.random() < 0.2:
            tpl["inherit_env_vars"] = rnd.choice([[], ["PATH"], None])
        tools.append(
            {
                "name": rnd.choice([f"t{t}", "dup", "\ud800", "a\u202eb"]),
                "description": "d",
                "inputs": {
                    "type": "object",
                    "properties": {n: {"type": rnd.choice(["string", "integer"])} for n in names},
                    "required": names[:1],
                },
                "outputs": {"type": "string"},
                "tags": [],
                "tool_call_template": tpl,
            }
        )
    doc = {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}
    text = json.dumps(doc, ensure_ascii=rnd.random() < 0.5, indent=rnd.choice([None, 2]))
    return text, rnd.choice(["auto", "bash", "powershell", "both"])


# ----------------------------------------------------------------------------
# targets: run one case, raise AssertionError (or anything) on a violation
# ----------------------------------------------------------------------------


def t_json(rnd):
    from utcp_lint.document.jsonpos import JSONPosError, parse, to_python

    text = json_text(rnd)
    try:
        expected, ok = json.loads(text), True
    except (ValueError, RecursionError):
        expected, ok = None, False
    try:
        root = parse(text)
    except JSONPosError as e:
        assert 0 <= e.offset <= len(text), ("offset", e.offset)
        assert not ok or "NaN" in text or "Infinity" in text, ("rejected valid JSON", e.message)
        return text
    assert ok, "accepted invalid JSON"
    assert to_python(root) == expected, "value differs from json.loads"
    return text


def t_render(rnd):
    from utcp_lint.executor.render import SingleQuotePlaceholderError, substitute

    cmd = command(rnd)
    shell = rnd.choice(["bash", "powershell"])
    args = {"x": command(rnd)[:5]} if rnd.random() < 0.5 else {}
    try:
        sub = substitute(cmd, args, shell=shell)
    except SingleQuotePlaceholderError as e:
        assert shell == "powershell" and cmd[e.start : e.end].startswith("UTCP_ARG_")
        return cmd
    rebuilt, last = [], 0
    for name, t0, t1, o0, o1, var, _st in sub.placeholders:
        assert cmd[t0:t1] == f"UTCP_ARG_{name}_UTCP_END"
        assert var in sub.text[o0:o1]
        rebuilt += [sub.text[last:o0], cmd[t0:t1]]
        last = o1
    rebuilt.append(sub.text[last:])
    assert "".join(rebuilt) == cmd, "substitution changed other characters"
    return cmd


def t_ps_lexer(rnd):
    from utcp_lint.template.ps_lexer import tokenize

    text = command(rnd)
    tokenize(text)
    return text


_TS = None


def t_ts_bash(rnd):
    global _TS
    if _TS is None:
        import tree_sitter_bash
        from tree_sitter import Language, Parser

        _TS = Parser(Language(tree_sitter_bash.language()))
    from utcp_lint.executor.render import render

    cmds = [{"command": command(rnd)} for _ in range(rnd.randint(1, 3))]
    script = render(cmds, {}, shell="bash").script
    # what the product hands tree-sitter (bash.py sanitises lone surrogates and
    # the astral code points tree-sitter-bash 0.25 crashes on)
    from utcp_lint.template.bash.tree import ts_safe

    data = ts_safe(script).encode("utf-8")
    tree = _TS.parse(data)
    assert tree.root_node.end_byte <= len(data)
    return script


def t_placeholders(rnd):
    from utcp_lint.document import placeholders as ph

    text = command(rnd)
    list(ph.malformed(text))
    list(ph.lazy_mismatches(text))
    return text


_LINTER = {}


def t_pipeline(rnd):
    from utcp_lint.document.jsonpos import LineIndex
    from utcp_lint.engine import Linter, RunResult
    from utcp_lint.ruleset.context import LintOptions

    text, shell = manual(rnd)
    linter = _LINTER.get(shell)
    if linter is None:
        linter = _LINTER[shell] = Linter(options=LintOptions(shell=shell))
    result = RunResult()
    linter.lint_json_text(text, "fuzz.json", True, result)
    for e in result.errors:
        assert "internal error" not in e.message, e.message
    li = LineIndex(text)
    n = len(li.starts)
    for f in result.findings:
        assert 1 <= f.line <= f.end_line <= n, ("line", f.rule, f.line, f.end_line)
        assert (f.line, f.column) <= (f.end_line, f.end_column), ("span", f.rule)
        if f.start or f.end:
            assert 0 <= f.start <= f.end <= len(text)
            assert li.position(f.start) == (f.line, f.column), ("start", f.rule)
    return text


TARGETS = {
    "json": t_json,
    "render": t_render,
    "ps_lexer": t_ps_lexer,
    "ts_bash": t_ts_bash,
    "placeholders": t_placeholders,
    "pipeline": t_pipeline,
}


def run_batch(target: str, seed: int, count: int, start: int = 0, trace_path: str | None = None) -> dict:
    """Run cases ``start..count-1``; case i uses Random("target:seed:i"), so it
    can be replayed alone."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    fn = TARGETS[target]
    failures = []
    t0 = time.perf_counter()
    for i in range(start, count):
        rnd = random.Random(f"{target}:{seed}:{i}")
        if trace_path:
            with open(trace_path, "w") as fh:
                fh.write(str(i))
        try:
            fn(rnd)
        except Exception as e:  # a violation
            if len(failures) < 20:
                failures.append(
                    {
                        "target": target,
                        "seed": seed,
                        "index": i,
                        "error": f"{type(e).__name__}: {e}"[:500],
                        "input": _input_of(target, seed, i)[:5000],
                        "traceback": traceback.format_exc()[-2000:],
                    }
                )
    return {
        "target": target,
        "seed": seed,
        "count": count - start,
        "failures": failures,
        "seconds": time.perf_counter() - t0,
    }


def _input_of(target: str, seed: int, i: int) -> str:
    rnd = random.Random(f"{target}:{seed}:{i}")
    gen = {"json": json_text, "pipeline": lambda r: manual(r)[0]}.get(target, command)
    return gen(rnd)


def find_crash(target: str, seed: int, count: int, start: int = 0):
    """Replay a batch that killed its worker, in a child, case by case.

    Returns (failure or None, index of the crashing case or None)."""
    import subprocess
    import tempfile

    fd, trace = tempfile.mkstemp(prefix="utcp-fuzz-trace-")
    os.close(fd)
    code = (
        f"import sys; sys.path.insert(0, {HERE!r}); import fuzz_million as f; "
        f"f.run_batch({target!r}, {seed}, {count}, {start}, {trace!r})"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    try:
        idx = int(open(trace).read())
    except (OSError, ValueError):
        idx = None
    os.unlink(trace)
    if r.returncode == 0:  # did not reproduce alone (state-dependent crash)
        return {
            "target": target,
            "seed": seed,
            "index": -1,
            "error": "worker died; batch passes alone",
            "input": "",
            "stderr": r.stderr[-2000:],
        }, None
    return {
        "target": target,
        "seed": seed,
        "index": idx,
        "error": f"worker died (exit {r.returncode})",
        "input": _input_of(target, seed, idx)[:5000] if idx is not None else "",
        "stderr": r.stderr[-2000:],
    }, idx


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1_000_000, help="fast-target cases (default 1,000,000)")
    ap.add_argument("--pipeline", type=int, default=3_000, help="full-pipeline cases (default 3,000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=5_000)
    ap.add_argument("--out", default="fuzz-failures")
    args = ap.parse_args(argv)

    # share of the fast cases per target (by cost: the cheap ones get more)
    shares = {"json": 0.40, "render": 0.25, "placeholders": 0.15, "ps_lexer": 0.12, "ts_bash": 0.08}
    plan = []
    for target, share in shares.items():
        n = int(args.cases * share)
        if target == "json":
            n = args.cases - sum(int(args.cases * s) for t, s in shares.items() if t != "json")
        for b, start in enumerate(range(0, n, args.batch)):
            plan.append((target, args.seed * 100_000 + b, min(args.batch, n - start)))
    for b, start in enumerate(range(0, args.pipeline, 200)):
        plan.append(("pipeline", args.seed * 100_000 + b, min(200, args.pipeline - start)))

    t0 = time.perf_counter()
    done: dict = {}
    seconds: dict = {}
    failures: list = []
    pending = list(plan)
    while pending:
        try:
            with ProcessPoolExecutor(max_workers=args.jobs) as ex:
                futs = {ex.submit(run_batch, *job): job for job in pending}
                for fut in futs:
                    res = fut.result()
                    job = futs[fut]
                    pending.remove(job)
                    done[res["target"]] = done.get(res["target"], 0) + res["count"]
                    seconds[res["target"]] = seconds.get(res["target"], 0.0) + res["seconds"]
                    failures += res["failures"]
        except BrokenProcessPool:
            # some worker died: replay the unfinished batches one by one, name
            # the crashing case, and resume each batch after it
            for job in list(pending):
                pending.remove(job)
                while job is not None:
                    res = run_batch_isolated(job)
                    if res is not None:
                        done[job[0]] = done.get(job[0], 0) + res["count"]
                        seconds[job[0]] = seconds.get(job[0], 0.0) + res["seconds"]
                        failures += res["failures"]
                        job = None
                        continue
                    failure, idx = find_crash(*job)
                    failures.append(failure)
                    if idx is None:
                        job = None
                    else:
                        target, seed, count, start = (tuple(job) + (0,))[:4]
                        done[target] = done.get(target, 0) + (idx - start + 1)
                        job = (target, seed, count, idx + 1) if idx + 1 < count else None
    wall = time.perf_counter() - t0
    total = sum(done.values())
    print(f"machine: nproc={os.cpu_count()} python={sys.version.split()[0]} jobs={args.jobs}")
    for target in list(shares) + ["pipeline"]:
        n = done.get(target, 0)
        s = seconds.get(target, 0.0)
        print(f"  {target:13} {n:>9,} cases  {s:8.1f} cpu-s  {n / s if s else 0:>9,.0f} cases/cpu-s")
    print(f"TOTAL {total:,} cases in {wall:.1f} s wall ({total / wall:,.0f} cases/s), {len(failures)} failure(s)")
    if failures:
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, f"failures-seed{args.seed}.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(failures, fh, indent=1, ensure_ascii=True)
        for f in failures[:10]:
            print(f"FAIL {f['target']} seed={f['seed']} index={f['index']}: {f['error']}")
            print(f"     input: {f['input'][:200]!r}")
        print(f"all failures: {path}")
        return 1
    return 0


def run_batch_isolated(job):
    """Run one batch in a single-worker pool; None if the worker died."""
    try:
        with ProcessPoolExecutor(max_workers=1) as ex:
            return ex.submit(run_batch, *job).result()
    except BrokenProcessPool:
        return None


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    sys.exit(main())
