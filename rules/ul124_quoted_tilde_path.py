r"""A `cd` directory or a redirection's file starts with a quoted `~`, which bash never expands.

## What it does
Reports `cd "~/app"`, `pushd '~/src'` and redirections such as `> "~/out.txt"` or
`< '~/in.csv'` in a bash step: a `~` inside quotes (or written `\~`).

## Why is this dangerous
Tilde expansion applies only to an unquoted `~` at the start of a word (bash(1), *Tilde
Expansion*).  Quoted, it is a plain character: the path names a directory literally
called `~` under the tool's working directory, which no machine has.  `cd` fails, a
redirection fails with `No such file or directory` and its command does not run (measured
through the real client), for every input.

## Example
```json
{"command": "cd \"~/projects/UTCP_ARG_name_UTCP_END\" && git status --short"}
```

## Fix
Leave the `~` outside the quotes and quote the rest: `cd ~/"projects/UTCP_ARG_name_UTCP_END"`
(or use `"${HOME:-}/projects/…"`, a form the UTCP client does not substitute).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL124",
    name="bash-quoted-tilde-path",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("quoted-tilde",))
