"""A function's parameter reaches shell code through calls inside the module.

## What it does
Follows each shell sink's command back through the functions and methods of
the same module: when a function passes (part of) its own parameter to a
helper that ends in a shell sink, the finding is reported at that call in the
outermost function, naming the parameter and how it arrives: raw, quoted with
`shlex.quote` but then put inside quotes (bypassable), or quoted and then
substituted into a template whose quoting is only known at run time. Return
values of helpers are followed with the call's arguments bound (f-strings,
`re.sub` callbacks, list `append`s, tuple returns), so a value that only goes
into an environment dict does not count. Values that are quoted correctly
are not reported.

## Why is this dangerous
This is how utcp-cli 1.1.1 was injectable (GHSA-33p6-5jxp-p3x4): `call_tool`
put raw `tool_args` values into a script that a helper ran with `bash -c`.
Each function looks harmless alone; the flow across them is the bug.

## Example
```python
import subprocess

def _run(script):
    return subprocess.run(["/bin/bash", "-c", script])

def call_tool(tool_args):
    return _run("echo " + tool_args["msg"])
```

## Fix
Do not build shell source from values: pass them as argv elements, or as
environment variables that a constant script reads (`"$V"`), as utcp-cli
1.1.5 does.
"""

from collections.abc import Iterator
from typing import Any

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL408",
    name="argument-reaches-shell",
    severity="error",
    confidence="medium",
    scope="python",
    tags=("security", "python", "shell", "dataflow"),
    security_severity=8.8,
)

_HOW = {
    "raw": "unquoted",
    "quoted-in-quotes": "shlex.quote-d but inside quotes (bypassable)",
    "quoted-template": "shlex.quote-d, then substituted into a template at a quoting position known only "
    "at run time (bypassable inside double quotes, GHSA-33p6-5jxp-p3x4)",
}


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    from utcp_lint.core.findings import Related

    groups: dict[tuple[int, int], dict[str, Any]] = {}  # one finding per call site in the entry function
    for flow in ctx.flows:
        bad = {n: m for n, m in flow.params.items() if m in _HOW}
        if not bad:
            continue
        call = flow.calls[0][0]
        s, e = ctx.model.pos.span(call.func)
        g = groups.setdefault((s, e), {"flow": flow, "params": {}, "sinks": []})
        for n, m in bad.items():
            old = g["params"].get(n)
            g["params"][n] = m if old is None or _RANK[m] > _RANK[old] else old
        if flow.sink not in g["sinks"]:
            g["sinks"].append(flow.sink)
    for (s, e), g in sorted(groups.items(), key=lambda kv: kv[0]):
        flow, bad, sinks = g["flow"], g["params"], g["sinks"]
        worst = "raw" if any(m in ("raw", "quoted-in-quotes") for m in bad.values()) else "quoted-template"
        # a path forwarded to code that runs the file's content (an exec-file sink, itself a
        # warning: whoever chooses the file runs it) is no worse than that sink
        files_only = all(k.kind is SinkKind.EXEC_FILE for k in sinks)
        desc = ", ".join(f"'{n}' ({_HOW[m]})" for n, m in sorted(bad.items()))
        chain = " -> ".join([flow.entry.name + "()"] + [c[2].name + "()" for c in flow.calls])
        regions = [ctx.source.region(k.start, k.end) for k in sinks]
        related = [
            Related(f"{k.label or k.callee} runs the code here", ctx.source.path, r) for k, r in zip(sinks, regions)
        ]
        first = sinks[0]
        where = f"line {regions[0].line}" if len(sinks) == 1 else "lines " + ", ".join(str(r.line) for r in regions)
        if files_only:
            names = ", ".join(f"'{n}'" for n in sorted(bad))
            text = (
                f"{flow.entry.name}() passes parameter{'s' if len(bad) > 1 else ''} {names} into the path of "
                f"the file whose code is run by {first.label or first.callee} at {where} (call chain {chain}): "
                f"whoever chooses that file runs code. Run only files the program ships."
            )
        else:
            text = (
                f"{flow.entry.name}() passes parameter{'s' if len(bad) > 1 else ''} {desc} into the code run by "
                f"{first.label or first.callee} at {where} (call chain {chain}). Pass values as argv "
                f"elements or environment variables, never as shell source."
            )
        yield RULE.finding(
            ctx.source,
            s,
            e,
            text,
            severity="error" if worst == "raw" and not files_only else "warning",
            confidence="medium",
            related=related,
        )


_RANK = {"quoted-template": 0, "raw": 1, "quoted-in-quotes": 2}
