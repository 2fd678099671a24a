r"""A step needs an environment variable the runtime never passes to it: every call fails.

## What it does
Reports a bash step that requires a variable from its process environment -- a
`${NAME:?message}` (or `${NAME?…}`) reference, or a program told to read `NAME` by name
(`openssl … -pass env:NAME`, `-passin env:NAME`, `-passout env:NAME`) -- when `NAME` is in
neither `env_vars` nor the inherited names (`inherit_env_vars`, or when it is absent the
runtime's default allowlist `PATH HOME LANG LC_ALL LC_CTYPE USER LOGNAME SHELL TZ
TERM`), bash does not set it itself, and no other command of the script mentions it (an
assignment, `export`, `read`, a loop would).

## Why is this dangerous
utcp-cli 1.1.5 builds the subprocess environment from scratch
(`_prepare_environment`): the inherited host names, then `env_vars`, then its own
`__UTCP_ARG_*` values; nothing else of the host reaches the step.  A variable exported in
the shell that starts the agent is therefore unset in the tool: `${NAME:?…}` makes bash
abandon the command with `NAME: message`, and `openssl` answers `No environment variable
NAME` / `Error getting password` -- on every call, whatever the input (measured through
the real runtime, tests/test_process_env_runtime.py).  (A plain `$NAME` is substituted
by the UTCP client before the shell runs: UL160/UL161.)

## Example
```json
{"call_template_type": "cli",
 "commands": [{"command": "openssl enc -aes-256-cbc -pbkdf2 -pass env:BACKUP_PASSPHRASE -in UTCP_ARG_file_UTCP_END -out backup.enc"}]}
```

## Fix
Pass the variable explicitly: `"env_vars": {"BACKUP_PASSPHRASE": "${BACKUP_PASSPHRASE}"}`
(the client fills it from its variables), or name it in `inherit_env_vars` together with
the defaults you still need (`["PATH", "HOME", "BACKUP_PASSPHRASE"]`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.process_env import EnvKind, missing_from_environment, process_env_names

from ._bash import bash_analysis

RULE = Rule(
    id="UL044",
    name="bash-variable-not-in-process-env",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    names = process_env_names(tpl.inherit_env_vars, tpl.env_vars)
    if names is None:
        return
    where = "inherit_env_vars" if tpl.inherit_env_vars is not None else "the runtime's default inherited names"
    for fact in missing_from_environment(a, names):
        s, e = a.to_template_span(fact.step, fact.start, fact.end)
        if fact.kind is EnvKind.REQUIRED_UNSET:
            head = f"${{{fact.name}:?…}} needs {fact.name!r} from the process environment"
            tail = f"bash abandons the command with '{fact.name}: …' on every call"
        else:
            head = f"{fact.program} reads the environment variable {fact.name!r}"
            tail = f"it fails with 'No environment variable {fact.name}' on every call"
        yield RULE.at_template(
            tpl,
            fact.step,
            s,
            e,
            f"{head}, but the runtime passes only env_vars and {where}, and neither holds it: "
            f'{tail}; add "{fact.name}": "${{{fact.name}}}" to env_vars',
        )
