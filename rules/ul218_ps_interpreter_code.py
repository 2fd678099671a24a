r"""Argument inside inline code for another interpreter (`python -c`, `node -e`, `wsl`...).

## What it does
Reports a placeholder in the code argument of an interpreter started from a
PowerShell template: `python -c`, `node -e`/`-p`, `bash -c`/`sh -c`,
`ruby -e`, `perl -e`, `php -r`, and anything after `wsl` (which runs its
command line through the Linux default shell).

## Why is this dangerous
PowerShell hands the expanded value to the interpreter, which parses it as
source code. A value such as `'); import os; os.system('calc'); ('` runs
arbitrary code. For `wsl` the value is parsed by bash, so `;`, `$( )` and
backquotes in it run commands.

## Example
```json
{"command": "python -c \"print(len('UTCP_ARG_text_UTCP_END'))\""}
```

## Fix
Keep the code constant and pass the value as a separate argument:
`python -c "import sys; print(len(sys.argv[1]))" "UTCP_ARG_text_UTCP_END"`;
for `wsl`, use `wsl --exec program "UTCP_ARG_x_UTCP_END"`. No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL218",
    name="ps-interpreter-code",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("security", "injection", "powershell"),
    security_severity=9.0,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "interpreter",
        lambda o, h: (
            f"placeholder '{o.name}' is part of the code run by '{h.detail}': the "
            f"interpreter parses the value as source code (code injection)"
        ),
    )
