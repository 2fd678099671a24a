r"""The script the runtime builds from the steps is not valid bash.

## What it does
Parses the exact script utcp-cli runs (all steps joined, each wrapped in
`CMD_i_OUTPUT=$( … 2>&1)`) and reports the first syntax error of each step:
unbalanced quotes or parentheses, a heredoc without terminator, a heredoc end
line carrying extra text, stray `)` that closes the wrapper early, and so on.
Known gaps of the parser (constructs bash accepts) are not reported.  Also the
syntax errors bash reports but the parser accepts: the regular expression of
`[[ V =~ RE ]]` ends at an unquoted `;`, `&`, `<`, `>` or blank outside parentheses
(`^[,;|:]$` is "syntax error in conditional expression: unexpected token `;'",
measured with bash 5; `^(a;b)$`, `^[,\;|:]$` and `'[;]'` parse).

## Why is this dangerous
A syntax error anywhere makes bash reject the whole script before running
anything: every call of the tool fails. An unbalanced `)` can also close the
runtime's command substitution early and run the rest of the step outside the
output capture.

## Example
```json
{"command": "echo \"unterminated UTCP_ARG_x_UTCP_END"}
```

## Fix
Fix the quoting/parentheses of the step (in a `=~` regex, backslash-escape
`\;` `\&` `\<` `\>` and blanks, or write them inside parentheses); run the rendered script through
`bash -n` (`utcp-lint` shows the step and column).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL115",
    name="bash-rendered-script-syntax-error",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("parse-error", "heredoc-unterminated", "heredoc-terminator-text"))
