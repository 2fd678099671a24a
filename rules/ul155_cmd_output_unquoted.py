r"""An earlier step's output is used unquoted: bash splits and globs it.

## What it does
Reports `$CMD_<i>_OUTPUT` (or `${CMD_<i>_OUTPUT:-}`) written outside double quotes
where bash word-splits and pathname-expands it: a command argument, a `for` list, an
array element or a redirection target.

## Why is this dangerous
utcp-cli stores each step's output in `CMD_<i>_OUTPUT` and later steps read it as a
shell variable.  Unquoted, the output is split on spaces, tabs and newlines into
several arguments, and every piece holding `*`, `?` or `[` is replaced by the
matching file names.  Output often carries data the tool's caller chose (an earlier
step echoed an argument, read a file or a web page): a piece starting with `-`
becomes an option of the next program, `*` lists the working directory, and a
file name with spaces turns into two arguments.

## Example
```json
{"commands": [{"command": "ls -1 UTCP_ARG_dir_UTCP_END", "append_to_final_output": false},
              {"command": "wc -l ${CMD_0_OUTPUT:-}"}]}
```

## Fix
Quote it: `"${CMD_0_OUTPUT:-}"` (one argument).  To iterate over lines, read them
explicitly: `printf '%s\n' "${CMD_0_OUTPUT:-}" | while IFS= read -r line; do …; done`.
(Write `${CMD_0_OUTPUT:-}` rather than `$CMD_0_OUTPUT`: see UL160.)
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash import COMMAND_NAME

RULE = Rule(
    id="UL155",
    name="cmd-output-unquoted",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
)

_WHERE = {
    "argv": "a command argument",
    "for-list": "a for list",
    "array": "an array element",
    "redirect": "a redirection target",
}


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps:
        return
    for r in tpl.bash.cmd_outputs:
        if not r.splits or r.sinks_of(COMMAND_NAME) or r.cmd_output >= r.step:
            # the command word is UL156's; a not-yet-set output is UL157's
            continue
        yield RULE.at_template(
            tpl,
            r.step,
            r.template_start,
            r.template_end,
            f"${r.name} is unquoted in {_WHERE.get(r.context, 'a word')}: bash splits the earlier "
            f"output on whitespace into several words and expands *, ? and [ in each as file names "
            f"(a piece starting with '-' becomes an option); quote it: \"${{{r.name}:-}}\"",
        )
