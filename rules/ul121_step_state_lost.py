r"""A step only changes the shell's state, which the runtime discards before the next step.

## What it does
Reports a bash step whose every command only changes shell state -- `cd DIR`, a
variable assignment or `export`, a function or an alias definition -- when a later step
of the same tool needs that state (runs after the `cd`, reads the variable, calls the
function; an exported variable is needed by every later step that runs a program, which
reads its environment: `export TZ=…` then `date`).  The same for a step that does work
first and ENDS with such a change, which nothing after it in the step uses (`mkdir -p
build && cd build`, `make && export OUT=dist`), when a later step needs it; a final `cd
..`, `cd -` or a `cd` after an earlier `cd` of the same step goes back on purpose, and a
later step that only prints text or changes to an absolute directory first does not
need the directory.

## Why is this dangerous
utcp-cli 1.1.5 runs each step as `CMD_i_OUTPUT=$( … 2>&1)`.  A command substitution runs
in a subshell (bash(1), *Command Substitution* and *Command Execution Environment*):
the directory it changes to, the variables, functions and aliases it defines end with
it.  The next step starts again in the template's working directory with none of them,
so it works on the wrong files or with empty values on every call: the tool cannot
work as written.

## Example
```json
{"commands": [{"command": "cd UTCP_ARG_project_UTCP_END"},
              {"command": "git log --oneline -5"}]}
```

## Fix
Do the state change and the work in the same step: `cd UTCP_ARG_project_UTCP_END && git
log --oneline -5` (or set `working_dir`); pass a value between steps through its output
(`$CMD_0_OUTPUT`, written `${CMD_0_OUTPUT:-}`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.step_state import lost_state

RULE = Rule(
    id="UL121",
    name="bash-step-state-lost",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness", "bash"),
)

_WHAT = {
    "directory": "changes the working directory",
    "variable": "sets {names}",
    "environment": "exports {names}",
    "function": "defines the function {names}",
    "alias": "defines the alias {names}",
}
_LOST = {
    "directory": "step {later} runs in the template's working directory again",
    "variable": "step {later} reads {names} unset",
    "environment": "the programs of step {later} run without {names} in their environment",
    "function": "step {later} calls {names}, which does not exist there",
    "alias": "step {later} uses {names}, which does not exist there",
}


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or len(tpl.steps) < 2:
        return
    for fact in lost_state([s.command for s in tpl.steps]):
        names = ", ".join(f"'{n}'" for n in fact.names)
        what = _WHAT[fact.kind].format(names=names)
        lost = _LOST[fact.kind].format(names=names, later=tpl.steps[fact.used_in].index)
        n = tpl.steps[fact.step].index
        lead = (
            f"step {n} ends with `{fact.text}`, which {what} for the steps after it (nothing after it in the step uses it)"
            if fact.trailing
            else f"step {n} only {what}"
        )
        yield RULE.at_template(
            tpl,
            fact.step,
            fact.start,
            fact.end,
            f"{lead}, inside the command substitution the runtime runs "
            f"each step in (CMD_{n}_OUTPUT=$( … )): the change ends with the step, so "
            f"{lost}; do it in the same step as the work that needs it (`… && …`)",
        )
