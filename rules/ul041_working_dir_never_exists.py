r"""`working_dir` is a directory that cannot exist when the call starts: every call fails.

## What it does
Reports a CLI call template whose `working_dir` is the empty string, or is the very
directory one of its own steps creates (`mkdir -p /srv/build && …` with `"working_dir":
"/srv/build"`).

## Why is this dangerous
utcp-cli 1.1.5 hands `working_dir` unchanged to `asyncio.create_subprocess_exec(…,
cwd=working_dir)` (`_execute_shell_script`, called by `call_tool`): the child changes
into the directory *before* bash starts.  Where it does not exist, every call raises
`FileNotFoundError: [Errno 2] No such file or directory` and no command runs -- so a
step that creates the directory never gets to run, and the directory never appears; the
empty string is never a directory (`chdir("")` fails the same way).  Measured through
the real runtime (tests/test_working_dir_runtime.py).  The tool is advertised and never
works on a machine where the directory is not already there, which is exactly what the
step's `mkdir` says it expects.

A `working_dir` that merely does not exist on the machine where the linter runs is not
reported (the manual may be deployed where it exists); a step that creates a
*subdirectory* of `working_dir` (`mkdir -p /srv/app/logs`) is fine.

## Example
```json
{"call_template_type": "cli", "working_dir": "/tmp/build",
 "commands": [{"command": "mkdir -p /tmp/build && tar -xzf UTCP_ARG_archive_UTCP_END"}]}
```

## Fix
Leave `working_dir` out and change into the directory in the step, after creating it:
`mkdir -p /tmp/build && cd /tmp/build && tar -xzf UTCP_ARG_archive_UTCP_END` (or create
the directory when the tool is installed, and drop the `mkdir`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.working_dir import WorkdirKind, step_facts, value_facts

from ._bash import bash_analysis

RULE = Rule(
    id="UL041",
    name="working-dir-never-exists",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    node = tpl.node.get("working_dir") if tpl.node is not None and hasattr(tpl.node, "get") else None
    wd = tpl.working_dir
    if not isinstance(wd, str):
        return
    for fact in value_facts(wd):
        if fact.kind is WorkdirKind.EMPTY and node is not None:
            yield RULE.finding(
                tpl.source,
                node.start,
                node.end,
                "working_dir is the empty string: the runtime starts the process in it "
                "(cwd='') and every call fails with FileNotFoundError before any command runs; "
                "leave working_dir out or write an absolute directory",
                pointer=node.pointer,
                tool=tpl.tool,
            )
    a = bash_analysis(tpl)
    if a is None:
        return
    for fact in step_facts(a, wd):
        if fact.kind is not WorkdirKind.CREATED_BY_STEP or fact.step is None:
            continue
        s, e = a.to_template_span(fact.step, fact.start, fact.end)
        yield RULE.at_template(
            tpl,
            fact.step,
            s,
            e,
            f"step {tpl.steps[fact.step].index} creates {fact.path!r}, the template's working_dir: "
            f"the runtime starts the process in working_dir before the step runs, so where it does "
            f"not exist yet every call fails with FileNotFoundError and this mkdir never runs; "
            f"drop working_dir and `cd` into the directory after creating it",
            confidence="medium",
        )
