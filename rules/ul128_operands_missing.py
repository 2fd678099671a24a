r"""A command gives its program fewer operands than it requires: it fails on every call.

## What it does
Reports a command whose program, in the mode the command selects, requires more operands
than the command can give it for any input: `tar -czf out.tgz -C DIR` (create mode needs
at least one member: "Cowardly refusing to create an empty archive"), `cp FILE` or
`mv FILE` ("missing destination file operand"), `diff FILE`, `comm FILE`, `chmod MODE`,
`scp FILE`.  The facts come from one table (`linter/template/programs.py`,
`OPERAND_NEEDS`): the fewest operands each program needs, per mode, and the options with
which it takes its inputs elsewhere (`tar -T LIST`, `cp -t DIR`, `zip -@`, `grep -e`);
each fact is from the program's manual and was run here (the source is in the message).

Operands are counted through the option grammar the other option rules use: option
arguments are not operands (`-C DIR`, `-f ARCHIVE`); each quoted word is one operand,
a placeholder's value counted as the one word it always becomes.  A word that may become
several words or none (an unquoted expansion, a glob, `"$@"`, `"${files[@]}"`, brace
expansion) makes the count unknown and nothing is reported; so do `xargs`/`parallel`
in front of the program (they append operands), `sudo`/`doas` (`sudo -l CMD` only
lists), a shell function of the same name, and `--help`/`--version`.  A value that is itself an option is not counted as an option
(injected options are UL150's).

## Why is this dangerous
The program prints a usage error and does nothing, for every input: the tool cannot work
as written.  Severity: **error**.  rsync is not in the table: with one operand it lists
the source (rsync(1)), which is a working call.

## Example
```json
{"command": "tar -czf backups/site.tgz -C UTCP_ARG_dir_UTCP_END && ls backups"}
```
`-C DIR` only changes directory: nothing is named to archive, tar refuses on every call.

## Fix
Name what the program works on: `tar -czf backups/site.tgz -C UTCP_ARG_dir_UTCP_END .`,
`cp UTCP_ARG_src_UTCP_END /backup/`, or give the inputs through the option meant for it
(`tar -T LIST`, `cp -t DIR FILE`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL128",
    name="bash-operands-missing",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("operands-missing",))
