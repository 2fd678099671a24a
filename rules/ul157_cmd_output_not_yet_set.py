"""`$CMD_<i>_OUTPUT` refers to its own or a later step: it is always empty.

## What it does
Reports `$CMD_<i>_OUTPUT` in step *j* when *i* ≥ *j*, or when there is no step *i*.

## Why is this dangerous
utcp-cli runs the steps in order as `CMD_0_OUTPUT=$(step 0)`, `CMD_1_OUTPUT=$(step 1)`
…  In step *j*, `CMD_j_OUTPUT` is assigned only after the step has finished and
later ones not at all, so the reference expands to nothing (the runtime's environment
allowlist does not carry such a variable in).  The command silently runs with an
empty argument or none: `rm -rf "/data/${CMD_2_OUTPUT:-}"` in step 1 removes
`/data/`.

## Example
```json
{"commands": [{"command": "echo ${CMD_0_OUTPUT:-}"}]}
```

## Fix
Refer to an earlier step (`$CMD_0_OUTPUT` from step 1 on), or reorder the steps.
Step numbers start at 0.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL157",
    name="cmd-output-not-yet-set",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps:
        return
    total = len(tpl.steps)
    for r in tpl.bash.cmd_outputs:
        if not r.expands or r.cmd_output < r.step:
            continue
        n = r.cmd_output
        if n >= total:
            why = f"there is no step {n} (this template has {total} step{'s' if total != 1 else ''}, numbered from 0)"
        elif n == r.step:
            why = f"this is step {n} itself: CMD_{n}_OUTPUT is assigned only after it finishes"
        else:
            why = f"step {n} runs after this one (step {r.step})"
        yield RULE.at_template(tpl, r.step, r.template_start, r.template_end, f"${r.name} is always empty here: {why}")
