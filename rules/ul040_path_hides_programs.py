r"""`env_vars` replaces `PATH` with directories that do not hold the programs the steps run.

## What it does
Reports a CLI call template whose `env_vars` sets `PATH` to a list of directories none
of which is a system program directory (`/usr/bin`, `/bin`, `/usr/local/bin`, the
`sbin` ones), without `$PATH`, when a step runs a program by its bare name (`python3`,
`jq`, `date`) that is not a shell builtin, not a function the template defines, and not
named by any directory of that `PATH` (`/opt/python3.12/bin` may hold `python3`).

## Why is this dangerous
utcp-cli 1.1.5 builds the subprocess environment from the inherited variables and then
applies `env_vars` on top (`_prepare_environment`: `env.update(provider.env_vars)`), so
`"PATH": "/opt/acme/bin"` *replaces* the search path.  It still starts `/bin/bash` (an
absolute path), but bash then looks every program up in `/opt/acme/bin` only: `python3:
command not found` on every call (measured through the real client).  The value cannot
be written `"/opt/acme/bin:$PATH"` either: the client substitutes `$PATH` as a client
variable first (UL160).

Certainty: a system program (an interpreter, coreutils, `jq`, `git`) lives in the
system directories; a vendor directory holds it only when the vendor ships its own copy,
and then its path usually names the program (which the rule accepts).  So the finding
is an error at medium confidence: the tool works only on a machine where that directory
happens to carry its own copy of the program.

## Example
```json
{"call_template_type": "cli", "env_vars": {"PATH": "/opt/acme/bin"},
 "commands": [{"command": "python3 -m json.tool UTCP_ARG_file_UTCP_END"}]}
```

## Fix
List the system directories after your own (`"PATH": "/opt/acme/bin:/usr/local/bin:/usr/bin:/bin"`),
or leave `PATH` alone and call your program by its absolute path (`/opt/acme/bin/acme`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.refs import JsonStringRef
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.path_lookup import programs_not_found

RULE = Rule(
    id="UL040",
    name="path-hides-programs",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    node = tpl.node
    if node is None or not hasattr(node, "get"):
        return
    ev = node.get("env_vars")
    if ev is None or ev.kind != "object":
        return
    path = next((v for k, v in ev.items() if k == "PATH"), None)
    if path is None or path.kind != "string" or not isinstance(path.value, str):
        return
    missing = programs_not_found(path.value, tpl.bash)
    if not missing:
        return
    sref = JsonStringRef(path)
    s, e = sref.span(0, len(path.value))
    names = ", ".join(f"'{n}'" for n in missing)
    yield RULE.finding(
        tpl.source,
        s,
        e,
        f"env_vars replaces PATH with {path.value!r}, which holds no system program directory: bash "
        f"looks {names} up there only and, unless that directory ships its own copy, every call "
        f"fails with 'command not found'; add the system directories "
        f"('{path.value}:/usr/local/bin:/usr/bin:/bin') or call your own program by its absolute path",
        pointer=path.pointer,
        tool=tpl.tool,
    )
