r"""A placeholder inside a brace sequence (`{1..N}`): bash never expands it.

## What it does
Reports a brace sequence expression outside quotes, `{x..y}` or `{x..y..step}`, whose
endpoint or step is a placeholder: `seq`-like ranges written with a tool argument.

## Why is this dangerous
bash expands braces before parameters (bash(1), *EXPANSION*).  utcp-cli turns the
placeholder into a quoted reference to an environment variable, so at the time of brace
expansion the braces hold `1.."$UTCP_ARG_n"`, which is not a sequence: the word is left
as written and the command receives the literal text `{1..5}` for every value.  The
tool cannot work.

## Example
```json
{"command": "for i in {1..UTCP_ARG_count_UTCP_END}; do echo \"node-$i\"; done"}
```

## Fix
Let a program count, after the value has been expanded: `seq 1 UTCP_ARG_count_UTCP_END`,
or an arithmetic loop `for ((i = 1; i <= UTCP_ARG_count_UTCP_END; i++))` (with a
digits-only check first: arithmetic evaluates expressions, see UL101).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.brace_seq import brace_sequences

RULE = Rule(
    id="UL122",
    name="bash-brace-sequence-never-expands",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells:
        return
    for k, step in enumerate(tpl.steps):
        for b in brace_sequences(step.command):
            yield RULE.at_template(
                tpl,
                k,
                b.start,
                b.end,
                f"`{b.text}` is a brace sequence with the placeholder '{b.name}' in it: bash expands "
                f"braces before it expands the runtime's variable, so the word stays the literal "
                f"text for every value and the tool cannot work; count with `seq` or an "
                f"arithmetic loop instead",
            )
