r"""A literal `--` sits where the program refuses it (`zip -r -- out.zip src`): every call fails.

## What it does
Reports a `--` written before the operands a program requires in front of it, for the
programs whose table entry says so (`Options.dashdash_after`; zip: the archive name), and a
`--name=VALUE` word for a program whose long options never take `=VALUE`
(`Options.long_equals`; curl: `curl --output=page.html URL` exits 2 with `option
--output=page.html: is unknown`, measured with curl 7.88, and writes nothing), and an option
form of the BSD/macOS program that the runtime's GNU program (Linux) refuses or reads
otherwise (`programs.BSD_ONLY_FORMS`): `sed -i '' 's/…/' F` (GNU sed takes -i's suffix only
attached, so `''` is the script and the real script a file name: "can't read s/…/"),
`stat -f %z F` (GNU -f is --file-system: "cannot read file system information for '%z'"),
`date -v+1d`, `date -j -f …`, `base64 -D` ("invalid option"; measured, coreutils 9.1, GNU sed 4.9).

## Why is this dangerous
zip 3.0 accepts `--` only after the archive name: `zip -q -r -- out.zip src` exits 16
with `zip error: Invalid command arguments (can't use -- before archive name)`
(measured), so the tool fails for every input.  Writing `--` to protect a placeholder
is right for most programs; for these it breaks the command.

## Example
```json
{"command": "zip -q -r -- UTCP_ARG_archive_UTCP_END src README.md"}
```

## Fix
Put `--` after the archive (`zip -q -r out.zip -- UTCP_ARG_file_UTCP_END`), and keep a
placeholder that is the archive name from reading as an option with `./`:
`zip -q -r ./UTCP_ARG_archive_UTCP_END src`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL125",
    name="bash-dashdash-refused",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("dashdash-refused",))
