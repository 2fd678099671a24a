r"""A client variable in a command is pasted into the script as code.

## What it does
Reports `$NAME` / `${NAME}` in a CLI command that is not evidently a shell variable
(those are UL160): a UTCP client variable such as `$API_TOKEN` or `${REPO_DIR}`.

## Why is this dangerous
The UTCP client (utcp 1.2.0) substitutes `$NAME` and `${NAME}` in every string of a
call template before the CLI runtime builds its script.  The value of the client
variable `<manual>_NAME` (manual name with `_` doubled; looked up in the client
config's `variables`, its variable loaders, then the client's environment) replaces
the reference **as text**: bash then parses it as part of the script.  Unlike a
`UTCP_ARG_…` placeholder, which the runtime passes through an environment variable,
nothing quotes it.  A value holding `;`, `|`, `$( )`, a backquote or a quote runs
commands or breaks the command — whoever can set that variable (a config file, an
environment variable of the agent process, a secrets loader) can run code.  And when
no variable of that name is configured, every call fails with
`UtcpVariableNotFound`.

A `$` written right before a placeholder (`$UTCP_ARG_amount_UTCP_END`, also after a
backslash) is an error: the client reads it as a variable named after the placeholder,
which no configuration defines, and every call fails.

## Example
```json
{"command": "curl -H \"Authorization: Bearer $API_TOKEN\" https://api.example.com/v1/me"}
```

## Fix
Pass the value as data: let the client substitute it into `env_vars` (a value
there only becomes an environment variable) and let bash expand it, in a form the
client's pattern does not match:

```json
{"env_vars": {"API_TOKEN": "${API_TOKEN}"},
 "commands": [{"command": "curl -H \"Authorization: Bearer ${API_TOKEN:-}\" https://api.example.com/v1/me"}]}
```
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.var_findings import client_refs, namespace_hint

RULE = Rule(
    id="UL161",
    name="client-variable-pasted-raw",
    severity="warning",
    confidence="high",
    scope="template",
    needs="client_refs",
    tags=("security",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    for step, ref, ctx in client_refs(tpl):
        if ctx.meant(step, ref) is not None:
            continue
        written = tpl.steps[step].command[ref.start : ref.end]
        if ref.glued_to_placeholder:
            yield RULE.at_template(
                tpl,
                step,
                ref.start,
                ref.end,
                f"the $ before the placeholder makes {written} a client variable: the UTCP client "
                f"substitutes it before the runtime sees the placeholder, no configuration defines a "
                f"variable of that name, so every call fails with UtcpVariableNotFound; write the "
                f"placeholder without the $",
                severity="error",
            )
            continue
        key = namespace_hint(tpl, ref.name)
        where = ""
        literal = ctx.literal_at(step, ref)
        if literal:
            where = f" (it is {literal}, so bash would keep it literal, but the client substitutes it anyway)"
        if ctx.powershell and not ctx.bash:
            safe = "${env:" + ref.name + "}"
        else:
            safe = f'"${{{ref.name}:-}}"'
        yield RULE.at_template(
            tpl,
            step,
            ref.start,
            ref.end,
            f"{written} is substituted by the UTCP client before the shell runs{where}: the value of the "
            f"client variable '{key}' is pasted into the script as code (a value holding ; | $( ) "
            f"or a quote runs commands), and the call fails with UtcpVariableNotFound when it is "
            f'not configured; pass it as data instead: "env_vars": {{"{ref.name}": '
            f'"${{{ref.name}}}"}} and write {safe} in the command',
        )
