"""A step passes tool arguments to a program but declares no subprocess (REQ-C-019).

## What it does
Reports a tool with steps where a placeholder reaches the argument list of a program
(looked at through `sudo`, `env`, `timeout` …) and the step object has no
`"subprocess"` declaration: one finding per tool, at the first such step, the other
steps as related locations.  It is a note by default (the runtime ignores the key, so
nothing breaks without it) and an error with `--require-declarations` (or
`require-declarations = true` in `[tool.utcp-lint]`), for projects that run their tools
through the bundled executor's `--strict` mode.  Data builtins (`echo`, `printf`, `cd`,
`test`, `read` …) run no subprocess and need no declaration.  Steps whose placeholders
are evaluated as code (`bash -c`, `eval`, `python -c` …) are left to the bash rules:
a declaration cannot make those safe (UL305).

## Why is this dangerous
The CLI Agent Spec (REQ-C-019) asks every command that runs a subprocess with
arguments derived from user input to declare `{binary, user_controlled_args,
hardcoded_args}`.  The declaration is the contract reviewers, `utcp-lint schema`
and the strict executor rely on: strict mode (REQ-F-044) rejects shell
metacharacters and option-looking values in exactly the declared user-controlled
arguments, and refuses placeholders that no declaration covers.  Without it the
tool's contract is unpublished and strict mode cannot run it.

## Example
```json
{"command": "grep -e UTCP_ARG_pattern_UTCP_END -- notes.txt"}
```

## Fix
Run `utcp-lint declare --write manual.json` to insert the inferred declaration, then
review it:

```json
{"command": "grep -e UTCP_ARG_pattern_UTCP_END -- notes.txt",
 "subprocess": {"binary": "grep", "user_controlled_args": ["pattern"],
                "hardcoded_args": ["-e", "--", "notes.txt"]}}
```
utcp-cli ignores the key, so the manual keeps loading.
"""

import json
from collections.abc import Iterator

from utcp_lint.core.findings import Finding, Related
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.docs import help_uri
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import report

RULE = Rule(
    id="UL300",
    name="missing-subprocess-declaration",
    severity="note",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("hygiene", "declarations"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    rep = report(tpl)
    if rep is None:
        return
    strict = bool(getattr(tpl.options, "require_declarations", False))
    missing = []
    for inf in rep.inferences:
        if not inf.needs_declaration or inf.index in rep.declared:
            continue
        if isinstance(getattr(inf.step, "raw", None), dict) and inf.step.raw.get("subprocess") is not None:
            continue  # declared in a template built in Python source (no JSON positions to check)
        refs = [r for e in inf.entries for r in e.argv_refs]
        first = min(refs, key=lambda r: r.template_start)
        missing.append((inf, first))
    if not missing:
        return
    inf, first = missing[0]
    progs = [e for e in inf.entries if e.argv_refs]
    what = ", ".join(f"'{e.binary}' ({', '.join(e.user_controlled_args)})" for e in progs)
    decl = json.dumps(inf.value(), ensure_ascii=False)
    steps = [m[0].step.index for m in missing]
    which = f"step {steps[0]}" if len(steps) == 1 else f"steps {', '.join(map(str, steps))}"
    add = (
        f'add "subprocess": {decl} to the step object'
        if len(decl) <= 240 and len(steps) == 1
        else 'add a "subprocess" key to each of these step objects'
    )
    msg = (
        f"{which} of this tool pass{'es' if len(steps) == 1 else ''} tool arguments to {what} without "
        f"a subprocess declaration (REQ-C-019): {add} ('utcp-lint declare --write' infers it). "
        f"utcp-cli ignores the key; the bundled executor's --strict mode (utcp-lint run --strict) "
        f"enforces it. See {help_uri(RULE.id)}"
    )
    related = []
    for other, ref in missing[1:]:
        s, e = other.step.ref.span(ref.template_start, ref.template_end)
        related.append(
            Related(
                f"step {other.step.index} passes tool arguments without a declaration",
                tpl.source.path,
                tpl.source.region(s, e),
                other.step.pointer,
            )
        )
    yield RULE.at_template(
        tpl,
        inf.index,
        first.template_start,
        first.template_end,
        msg,
        severity="error" if strict else None,
        related=related,
    )
